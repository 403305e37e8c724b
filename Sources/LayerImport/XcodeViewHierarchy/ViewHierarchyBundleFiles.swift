import LayerDecode
import Foundation

/// The replies and metadata of an exported `.viewhierarchy` bundle, inflated and parsed.
/// Unreadable replies are skipped with a warning: the others may still hold the layers.
/// A bundle past one of its `XcodeImportLimits` is an error as a whole, raised before the
/// reply at fault is inflated further or parsed: skipping it could change the layers.
struct ViewHierarchyBundleFiles {
    struct Reply {
        /// Its path inside the bundle, `RequestResponses/Response_N`: how messages name it.
        var name: String
        var object: [String: Any]
    }

    var replies: [Reply] = []
    var metadata: [String: Any]?
    /// The reply files found, readable or not, in order.
    var replyNames: [String] = []
    var warnings: [String] = []
    /// Inflated bytes and JSON values read so far, against the bundle's limits.
    private(set) var inflatedBytes = 0
    private(set) var jsonValues = 0
    let limits: XcodeImportLimits

    static let repliesFolder = "RequestResponses"
    static let replyPrefix = "Response_"
    static let metadataFile = "metadata"

    /// Reads the bundle at `path`; throws when it is not a bundle at all.
    init(path: String, limits: XcodeImportLimits = .default) throws(DecodeError) {
        self.limits = limits
        let fm = FileManager.default
        var isFolder: ObjCBool = false
        guard fm.fileExists(atPath: path, isDirectory: &isFolder) else {
            throw Self.error("cannot read the bundle: there is no such folder")
        }
        guard isFolder.boolValue else {
            throw Self.error("cannot read the bundle: it is a file; an Xcode view hierarchy export is a `.viewhierarchy` folder")
        }
        let folder = (path as NSString).appendingPathComponent(Self.repliesFolder)
        guard let entries = try? fm.contentsOfDirectory(atPath: folder) else {
            throw Self.error("\(Self.repliesFolder): the bundle has no such folder, so no view debugger replies")
        }
        var numbered: [(Int, String)] = []
        var others: [String] = []
        for entry in entries where !entry.hasPrefix(".") {
            switch Self.replyNumber(entry, largest: limits.replyNumber) {
            case .number(let n): numbered.append((n, entry))
            case .tooLarge:
                throw Self.error("\(Self.repliesFolder)/\(Self.shortened(entry)): reply numbers go up to \(limits.replyNumber); "
                                 + "the view debugger numbers its replies from 0, so this is not one of its exports")
            case nil: others.append(entry)
            }
        }
        // Leading zeros can give one number many names: no more replies than numbers.
        if numbered.count > limits.replyNumber + 1 {
            throw Self.error("\(Self.repliesFolder): the folder holds \(numbered.count) replies, more than the \(limits.replyNumber + 1) a bundle may have")
        }
        numbered.sort { $0.0 < $1.0 }
        if !others.isEmpty {
            warnings.append("\(Self.repliesFolder): files that are not replies were ignored: \(others.sorted().joined(separator: ", "))")
        }
        guard !numbered.isEmpty else {
            throw Self.error("\(Self.repliesFolder): the folder holds no `\(Self.replyPrefix)N` replies")
        }
        // The gaps between the numbers present, the first five named; never the whole range.
        var missing: [Int] = []
        var missingCount = 0
        for (previous, next) in zip(numbered.map(\.0), numbered.map(\.0).dropFirst()) where next > previous + 1 {
            missingCount += next - previous - 1
            for n in previous + 1..<min(next, previous + 6) where missing.count < 5 { missing.append(n) }
        }
        if missingCount > 0 {
            let shown = missing.map { "\(Self.replyPrefix)\($0)" }.joined(separator: ", ")
            warnings.append("\(Self.repliesFolder): replies are missing: \(shown)\(missingCount > 5 ? ", …" : ""); what they held is not read")
        }
        for (_, entry) in numbered {
            let name = "\(Self.repliesFolder)/\(entry)"
            replyNames.append(name)
            do throws(ReplyFailure) {
                let bytes = try read((folder as NSString).appendingPathComponent(entry), name: name)
                try count(bytes, name: name)
                do throws(DecodeError) {
                    replies.append(Reply(name: name, object: try Self.parseReply(bytes, name: name)))
                } catch {
                    throw .skipped(error)
                }
            } catch {
                switch error {
                case .skipped(let e): warnings.append("\(e.message); the reply is skipped")
                case .overLimit(let e): throw e
                }
            }
        }
        readMetadata(at: (path as NSString).appendingPathComponent(Self.metadataFile))
    }

    private static func error(_ message: String) -> DecodeError {
        DecodeError(message: message, location: .unknown)
    }

    /// Why a reply was not read: skipped with a warning, or past a limit of the bundle.
    private enum ReplyFailure: Error {
        case skipped(DecodeError)
        case overLimit(DecodeError)
    }

    private enum ReplyNumber: Equatable {
        case number(Int)
        case tooLarge
    }

    /// `Response_N` with N in decimal digits; digits past `largest` are `tooLarge`, without
    /// ever converting them (`Response_9223372036854775808` does not fit an Int).
    private static func replyNumber(_ entry: String, largest: Int) -> ReplyNumber? {
        guard entry.hasPrefix(replyPrefix) else { return nil }
        let digits = entry.utf8.dropFirst(replyPrefix.utf8.count)
        guard !digits.isEmpty, digits.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) else { return nil }
        var n = 0
        for d in digits {
            n = n * 10 + Int(d - UInt8(ascii: "0"))
            if n > largest { return .tooLarge }
        }
        return .number(n)
    }

    /// A file name as a message shows it: at most 40 characters.
    private static func shortened(_ name: String) -> String {
        name.count > 40 ? name.prefix(40) + "…" : name
    }

    /// The reply's JSON bytes: inflated when gzip-compressed (as Xcode writes them), as they
    /// are when the file already is JSON. The file's size is checked before it is read, and
    /// inflating stops at what the reply and the bundle may still hold.
    private mutating func read(_ path: String, name: String) throws(ReplyFailure) -> [UInt8] {
        let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? nil
        if let size, size > limits.replyBytes {
            throw .overLimit(Self.error("\(name): the file is \(size) bytes, more than the \(limits.replyBytes) a reply may hold"))
        }
        guard let data = FileManager.default.contents(atPath: path) else { throw .skipped(Self.error("\(name): cannot read the file")) }
        let bytes = [UInt8](data)
        let firstText = bytes.first { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }
        var inflated = bytes
        if firstText != UInt8(ascii: "{") && firstText != UInt8(ascii: "[") {
            let left = limits.bundleBytes - inflatedBytes
            do throws(InflateFailure) {
                inflated = try GzipInflater.inflate(bytes, limit: min(limits.replyBytes, left))
            } catch {
                if error.isOverLimit { throw .overLimit(overBytes(name, perReply: left >= limits.replyBytes)) }
                let what = GzipInflater.looksGzipped(bytes) ? "" : " (it is neither gzip-compressed nor JSON)"
                throw .skipped(Self.error("\(name): cannot inflate it: \(error.reason)\(what)"))
            }
        }
        inflatedBytes += inflated.count
        if inflatedBytes > limits.bundleBytes { throw .overLimit(overBytes(name, perReply: false)) }
        return inflated
    }

    private func overBytes(_ name: String, perReply: Bool) -> DecodeError {
        perReply
            ? Self.error("\(name): it inflates to more than \(limits.replyBytes) bytes, the most one reply may hold")
            : Self.error("\(name): the replies inflate to more than \(limits.bundleBytes) bytes together, the most a bundle may hold")
    }

    /// Counts the reply's JSON values before Foundation builds any, against what the
    /// bundle may still hold.
    private mutating func count(_ bytes: [UInt8], name: String) throws(ReplyFailure) {
        let left = limits.jsonValues - jsonValues
        let n = JSONValueCount.count(bytes, stoppingAfter: left)
        guard n <= left else {
            throw .overLimit(Self.error("\(name): the replies hold more than \(limits.jsonValues) JSON values together, "
                                        + "the most a bundle may hold; none of this reply's were built"))
        }
        jsonValues += n
    }

    /// The reply object. Xcode's reply may sit one or two levels down in a wrapper; the
    /// first mapping holding `topLevelGroups` is taken.
    static func parseReply(_ bytes: [UInt8], name: String) throws(DecodeError) -> [String: Any] {
        let parsed: Any
        do {
            parsed = try JSONSerialization.jsonObject(with: Data(bytes))
        } catch {
            throw Self.error("\(name): not JSON\(position(of: error, in: bytes)): \(describe(error))")
        }
        guard let root = parsed as? [String: Any] else {
            throw Self.error("\(name): the reply is \(DebuggerObjectIndex.kind(of: parsed)), expected a JSON object with `topLevelGroups`")
        }
        var level: [[String: Any]] = [root]
        for _ in 0..<3 {
            if let found = level.first(where: { $0["topLevelGroups"] != nil }) { return found }
            level = level.flatMap { $0.values.compactMap { $0 as? [String: Any] } }
        }
        return root
    }

    /// Foundation's parser says "around character N" (0-based); as line and column.
    private static func position(of error: Error, in bytes: [UInt8]) -> String {
        let text = describe(error)
        guard let range = text.range(of: "character "),
              let offset = Int(text[range.upperBound...].prefix { $0.isNumber }) else { return "" }
        var line = 1, column = 1
        for b in bytes.prefix(offset) {
            if b == 0x0A { line += 1; column = 1 } else if b & 0xC0 != 0x80 { column += 1 }
        }
        return " at line \(line), column \(column)"
    }

    private static func describe(_ error: Error) -> String {
        let ns = error as NSError
        return (ns.userInfo["NSDebugDescription"] as? String) ?? ns.localizedDescription
    }

    /// The metadata property list: read for the screen scale when it names one; a missing
    /// or unreadable one is only a warning, the replies hold the layers.
    private mutating func readMetadata(at path: String) {
        let name = Self.metadataFile
        if let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? nil, size > limits.metadataBytes {
            warnings.append("\(name): the property list is \(size) bytes, more than the \(limits.metadataBytes) it may have; ignored")
            return
        }
        guard let data = FileManager.default.contents(atPath: path) else {
            warnings.append("\(name): the bundle has no metadata property list")
            return
        }
        guard let plist = try? PropertyListSerialization.propertyList(from: data, options: [], format: nil) else {
            warnings.append("\(name): not a property list; ignored")
            return
        }
        guard let map = plist as? [String: Any] else {
            warnings.append("\(name): the property list is \(DebuggerObjectIndex.kind(of: plist)), expected a dictionary; ignored")
            return
        }
        metadata = map
    }
}
