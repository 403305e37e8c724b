import Foundation
@testable import LayerDecode
@testable import LayerImport
import Testing

/// Bundles built to exhaust the importer (docs/reliability.md, "Xcode bundles"): each is
/// one precise error naming the reply, raised before the work or the memory it asks for.
@Suite("Xcode view hierarchy: limits")
struct XcodeBundleLimitTests {
    let folder: String
    init() throws { folder = try ViewHierarchyBundle.temporaryFolder() }

    func read(_ path: String, _ limits: XcodeImportLimits = .default) -> DecodedDump {
        XcodeViewHierarchyImporter(limits: limits).read(bundleAt: path)
    }

    /// The small good bundle, with `files` added to its replies folder by name.
    func bundle(_ files: [String: [UInt8]]) throws -> String {
        let path = try XcodeBundleProblemTests.small().write(in: folder)
        for (name, bytes) in files {
            try Data(bytes).write(to: URL(fileURLWithPath: path + "/RequestResponses/" + name))
        }
        return path
    }

    static let emptyReply = Array("{\"topLevelGroups\": {}}".utf8)

    @Test("reply numbers near Int.max, or past it, are an error naming the file (they trapped on overflow)")
    func replyNumbersTooLarge() throws {
        for number in ["9223372036854775807", "99999999999999999999999", "100000"] {
            let path = try bundle(["Response_\(number)": ViewHierarchyBundle.gzip(Self.emptyReply)])
            let dump = read(path)
            #expect(dump.snapshots.isEmpty)
            #expect(dump.error?.message == "RequestResponses/Response_\(number): reply numbers go up to 99999; the view debugger numbers its replies from 0, so this is not one of its exports")
            try FileManager.default.removeItem(atPath: path)
        }
    }

    @Test("a gap of billions between two replies is an error, not a list of the missing numbers (which took gigabytes)")
    func hugeGap() throws {
        let path = try bundle(["Response_4000000000": ViewHierarchyBundle.gzip(Self.emptyReply)])
        #expect(read(path).error?.message.hasPrefix("RequestResponses/Response_4000000000: reply numbers go up to 99999") == true)
    }

    @Test("a wide gap within the limit names the first five missing replies and reads the rest")
    func wideGap() throws {
        let path = try bundle(["Response_99999": ViewHierarchyBundle.gzip(Self.emptyReply)])
        let dump = read(path)
        #expect(dump.snapshots.first?.layers.count == 2)
        #expect(dump.warnings.map(\.message).contains(
            "RequestResponses: replies are missing: Response_2, Response_3, Response_4, Response_5, Response_6, …; what they held is not read"))
    }

    @Test("a reply inflating past 64 MiB stops there, with an error naming it")
    func replyInflatesTooFar() throws {
        let limit = XcodeImportLimits.default.replyBytes
        let bomb = ViewHierarchyBundle.gzip([UInt8](repeating: UInt8(ascii: " "), count: limit + 1))
        #expect(bomb.count < 1 << 20, "a bomb: under a megabyte on disk")
        let dump = read(try bundle(["Response_2": bomb]))
        #expect(dump.snapshots.isEmpty)
        #expect(dump.error?.message == "RequestResponses/Response_2: it inflates to more than 67108864 bytes, the most one reply may hold")
    }

    /// Inflated bytes of the small bundle's own reply, `Response_1`.
    static func firstReplyBytes() throws -> Int {
        try JSONSerialization.data(withJSONObject: XcodeBundleProblemTests.small().reply(), options: [.sortedKeys]).count
    }

    @Test("replies inflating past the bundle's total are an error at the reply that crosses it")
    func bundleInflatesTooFar() throws {
        let first = try Self.firstReplyBytes()
        let padded = Self.emptyReply + [UInt8](repeating: UInt8(ascii: " "), count: 50_000)
        let limits = XcodeImportLimits(replyBytes: 60_000, bundleBytes: first + 2 * padded.count)
        let path = try bundle(["Response_2": ViewHierarchyBundle.gzip(padded), "Response_3": ViewHierarchyBundle.gzip(padded),
                               "Response_4": ViewHierarchyBundle.gzip(padded)])
        let dump = read(path, limits)
        #expect(dump.error?.message == "RequestResponses/Response_4: the replies inflate to more than \(limits.bundleBytes) bytes together, the most a bundle may hold")
        // With room for them, the same bundle reads.
        #expect(read(path, XcodeImportLimits(replyBytes: 60_000, bundleBytes: first + 3 * padded.count)).error == nil)
    }

    @Test("a reply file larger than a reply may be is refused before it is read, compressed or not")
    func replyFileTooLarge() throws {
        let limits = XcodeImportLimits(replyBytes: try Self.firstReplyBytes())
        let big = Self.emptyReply + [UInt8](repeating: UInt8(ascii: " "), count: limits.replyBytes)
        let dump = read(try bundle(["Response_2": big]), limits)
        #expect(dump.error?.message == "RequestResponses/Response_2: the file is \(big.count) bytes, more than the \(limits.replyBytes) a reply may hold")
    }

    @Test("a reply of 7 million empty objects is refused by counting before Foundation builds any (it built 1 GB)")
    func tooManyValues() throws {
        let count = 7_000_000
        var json = Array("{\"topLevelGroups\": {\"g\": {\"debugHierarchyObjects\": [".utf8)
        json.reserveCapacity(json.count + 3 * count + 8)
        for _ in 0..<count { json += [UInt8(ascii: "{"), UInt8(ascii: "}"), UInt8(ascii: ",")] }
        json.removeLast()
        json += Array("]}}}".utf8)
        let dump = read(try bundle(["Response_2": ViewHierarchyBundle.gzip(json)]))
        #expect(dump.snapshots.isEmpty)
        #expect(dump.error?.message == "RequestResponses/Response_2: the replies hold more than 4000000 JSON values together, the most a bundle may hold; none of this reply's were built")
    }

    @Test("values are counted over the whole bundle: keys, strings, numbers and containers")
    func valuesCounted() throws {
        #expect(JSONValueCount.count(Array(#"{"a": [1, -2.5e3, true, null, "x,]}"], "b\"": {}}"#.utf8), stoppingAfter: .max) == 10)
        #expect(JSONValueCount.count(Array("[[[[".utf8), stoppingAfter: 2) == 3)
        let small = XcodeBundleProblemTests.small().reply()
        let values = JSONValueCount.count([UInt8](try JSONSerialization.data(withJSONObject: small)), stoppingAfter: .max)
        #expect(read(try XcodeBundleProblemTests.small().write(in: folder), XcodeImportLimits(jsonValues: values)).error == nil)
        let dump = read(try XcodeBundleProblemTests.small().write(in: folder), XcodeImportLimits(jsonValues: values - 1))
        #expect(dump.error?.message.hasPrefix("RequestResponses/Response_1: the replies hold more than \(values - 1) JSON values together") == true)
    }

    @Test("a metadata list past 1 MiB is ignored with a warning, unread")
    func largeMetadata() throws {
        let path = try XcodeBundleProblemTests.small().write(in: folder)
        try Data(count: 2 << 20).write(to: URL(fileURLWithPath: path + "/metadata"))
        let dump = read(path)
        #expect(dump.error == nil)
        #expect(dump.warnings.map(\.message).contains("metadata: the property list is 2097152 bytes, more than the 1048576 it may have; ignored"))
    }
}
