import Foundation

/// The replies and metadata of an exported `.viewhierarchy` bundle, inflated and parsed.
/// Unreadable replies are skipped with a warning: the others may still hold the layers.
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

    static let repliesFolder = "RequestResponses"
    static let replyPrefix = "Response_"
    static let metadataFile = "metadata"

    /// Reads the bundle at `path`; throws when it is not a bundle at all.
    init(path: String) throws(DecodeError) {
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
            if entry.hasPrefix(Self.replyPrefix), let n = Int(entry.dropFirst(Self.replyPrefix.count)), n >= 0 {
                numbered.append((n, entry))
            } else {
                others.append(entry)
            }
        }
        numbered.sort { $0.0 < $1.0 }
        if !others.isEmpty {
            warnings.append("\(Self.repliesFolder): files that are not replies were ignored: \(others.sorted().joined(separator: ", "))")
        }
        guard !numbered.isEmpty else {
            throw Self.error("\(Self.repliesFolder): the folder holds no `\(Self.replyPrefix)N` replies")
        }
        if let first = numbered.first?.0, let last = numbered.last?.0, last - first + 1 != numbered.count {
            let present = Set(numbered.map(\.0))
            let missing = (first...last).filter { !present.contains($0) }
            let shown = missing.prefix(5).map { "\(Self.replyPrefix)\($0)" }.joined(separator: ", ")
            warnings.append("\(Self.repliesFolder): replies are missing: \(shown)\(missing.count > 5 ? ", …" : ""); what they held is not read")
        }
        for (_, entry) in numbered {
            let name = "\(Self.repliesFolder)/\(entry)"
            replyNames.append(name)
            do throws(DecodeError) {
                let bytes = try Self.read((folder as NSString).appendingPathComponent(entry), name: name)
                replies.append(Reply(name: name, object: try Self.parseReply(bytes, name: name)))
            } catch {
                warnings.append("\(error.message); the reply is skipped")
            }
        }
        readMetadata(at: (path as NSString).appendingPathComponent(Self.metadataFile))
    }

    private static func error(_ message: String) -> DecodeError {
        DecodeError(message: message, location: .unknown)
    }

    /// The reply's JSON bytes: inflated when gzip-compressed (as Xcode writes them), as they
    /// are when the file already is JSON.
    private static func read(_ path: String, name: String) throws(DecodeError) -> [UInt8] {
        guard let data = FileManager.default.contents(atPath: path) else { throw error("\(name): cannot read the file") }
        let bytes = [UInt8](data)
        let firstText = bytes.first { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }
        if firstText == UInt8(ascii: "{") || firstText == UInt8(ascii: "[") { return bytes }
        do throws(InflateFailure) {
            return try GzipInflater.inflate(bytes)
        } catch {
            let what = GzipInflater.looksGzipped(bytes) ? "" : " (it is neither gzip-compressed nor JSON)"
            throw Self.error("\(name): cannot inflate it: \(error.reason)\(what)")
        }
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
