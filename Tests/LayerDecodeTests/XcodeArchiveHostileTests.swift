import Foundation
import LayerGeometry
@testable import LayerDecode
@testable import LayerImport
import LayerModel
import Testing

/// A hostile or broken `encodedPresentationLayer` ends in a precise warning (the layers keep
/// what the replies say), never a crash, a hang or unbounded memory.
@Suite("Xcode view hierarchy: hostile encodedPresentationLayer")
struct XcodeArchiveHostileTests {
    let folder: String
    init() throws { folder = try ViewHierarchyBundle.temporaryFolder() }

    static func small() -> ViewHierarchyBundle {
        var b = ViewHierarchyBundle()
        b.layers = [ViewHierarchyBundle.layer("0x1", frame: (0, 0, 100, 100), children: [
            ViewHierarchyBundle.layer("0x2", frame: (10, 10, 20, 20), ["shadowOpacity": ViewHierarchyBundle.number(0.5)]),
        ])]
        return b
    }

    /// Reads the small bundle with `archive` (bytes, or text as it is) as 0x1's archive.
    func read(_ archive: Data, limits: XcodeImportLimits = .default, fetchStatus: Int = 4) throws -> DecodedDump {
        try read(text: archive.base64EncodedString(), limits: limits, fetchStatus: fetchStatus)
    }

    func read(text: String, limits: XcodeImportLimits = .default, fetchStatus: Int = 4) throws -> DecodedDump {
        let reply = try ViewHierarchyBundle.encodedLayersReply(layerID: "0x1", base64: text, fetchStatus: fetchStatus)
        let path = try Self.small().write(in: folder, extraReplies: [reply])
        return XcodeViewHierarchyImporter(limits: limits).read(bundleAt: path)
    }

    /// The one warning about the archive; the layers are still read.
    func warning(_ dump: DecodedDump) throws -> String {
        #expect(dump.error == nil)
        #expect(dump.snapshots.first?.layers.count == 2)
        let about = dump.warnings.map(\.message).filter { $0.contains("the `encodedPresentationLayer`") || $0.contains("`encodedPresentationLayer` archive") }
        #expect(about.count == 1, "\(dump.warnings.map(\.message))")
        return try #require(about.first)
    }

    static let prefix = "RequestResponses/Response_1: the `encodedPresentationLayer` of CALayer 0x1"
    static let oneMismatch = "1 layer has a different number of sublayers in the archive and in the replies; matched in order"

    /// `$objects` written by hand: 1 the root dictionary, 4 the root layer.
    static func handmade(rootLayerKeys: [(String, PlistValue)], extra: [PlistValue] = [], top: PlistValue = .uid(1)) -> PlistValue {
        var objects: [PlistValue] = [
            .string("$null"),
            .dict([("$class", .uid(7)), ("NS.keys", .array([.uid(2), .uid(3)])), ("NS.objects", .array([.uid(4), .uid(8)]))]),
            .string("rootLayer"), .string("geometryFlipped"),
            .dict([("$class", .uid(6))] + rootLayerKeys),
            .dict([("$classes", .array([.string("NSArray"), .string("NSObject")])), ("$classname", .string("NSArray"))]),
            .dict([("$classes", .array([.string("CALayer"), .string("NSObject")])), ("$classname", .string("CALayer"))]),
            .dict([("$classes", .array([.string("NSDictionary"), .string("NSObject")])), ("$classname", .string("NSDictionary"))]),
            .bool(true),
        ]
        objects += extra
        return .dict([("$archiver", .string("NSKeyedArchiver")), ("$version", .int(100_000)), ("$objects", .array(objects)),
                      ("$top", .dict([("root", top)]))])
    }

    @Test("a UID past $objects is cut with a warning", arguments: [true, false])
    func outOfRange(binary: Bool) throws {
        let plist = Self.handmade(rootLayerKeys: [("sublayers", .uid(9)), ("mask", .uid(99_999))],
                                  extra: [.dict([("$class", .uid(5)), ("NS.objects", .array([.uid(123_456), .uid(4_000_000_000)]))])])
        let dump = try read(binary ? plist.binary() : plist.xml())
        #expect(try warning(dump) == "\(Self.prefix): 3 references are outside `$objects` or not a UID; \(Self.oneMismatch); the rest of the archive is read")
        // The mask names nothing: unknown, never "no mask".
        #expect(dump.snapshots.first?.layers[0].unknown.contains(.mask) == false)  // the replies say: no mask
        #expect(dump.warnings.map(\.message).contains(
            "RequestResponses/Response_1: `encodedPresentationLayer.mask` is unknown on 1 layer (CALayer 0x1): its value is in a form LayerLint cannot read"))
    }

    @Test("a layer that lists itself or its ancestor as a sublayer: the cycle is cut", arguments: [true, false])
    func cycle(binary: Bool) throws {
        let plist = Self.handmade(rootLayerKeys: [("sublayers", .uid(9))], extra: [
            .dict([("$class", .uid(5)), ("NS.objects", .array([.uid(10)]))]),
            .dict([("$class", .uid(6)), ("sublayers", .uid(11)), ("mask", .uid(4))]),
            .dict([("$class", .uid(5)), ("NS.objects", .array([.uid(4), .uid(10)]))]),
        ])
        let w = try warning(try read(binary ? plist.binary() : plist.xml()))
        #expect(w == "\(Self.prefix): 3 references to a layer already read (a cycle or a layer listed twice) cut; \(Self.oneMismatch); the rest of the archive is read")
    }

    @Test("$top that names nothing, or no keyed archive at all")
    func noRoot() throws {
        let cases: [(PlistValue, String)] = [
            (Self.handmade(rootLayerKeys: [], top: .uid(500)), "`$top` does not refer to an archived object"),
            (Self.handmade(rootLayerKeys: [], top: .string("x")), "`$top` does not refer to an archived object"),
            (.dict([("$objects", .array([]))]), "the property list has no `$archiver`: it is not a keyed archive"),
            (.dict([("$archiver", .string("NSArchiver"))]), "`$archiver` is `NSArchiver`, not NSKeyedArchiver"),
            (.array([.string("x")]), "the property list is not a dictionary"),
        ]
        for (plist, reason) in cases {
            let w = try warning(try read(plist.xml()))
            #expect(w == "\(Self.prefix) cannot be read: \(reason); its layers keep what the replies say")
        }
        let w = try warning(try read(text: "%%%% not base64 %%%%"))
        #expect(w == "\(Self.prefix) cannot be read: its value is neither base64 nor property list text; its layers keep what the replies say")
        let garbage = try warning(try read(Data("{ unterminated = ".utf8)))
        #expect(garbage == "\(Self.prefix) cannot be read: not a property list (binary or XML); its layers keep what the replies say")
        let number = try warning(try read(Data("<?xml version=\"1.0\"?><plist><integer>1</integer></plist>".utf8)))
        #expect(number.hasSuffix("cannot be read: the property list is not a dictionary; its layers keep what the replies say"))
    }

    @Test("sublayers nested deeper than the limit are not read; a chain of 5,000 does not overflow the stack")
    func deep() throws {
        // Layer k (object 9 + 2k) lists layer k+1 through the array object 10 + 2k.
        var extra: [PlistValue] = []
        let n = 5_000
        for k in 0..<n {
            extra.append(.dict([("$class", .uid(6))] + (k + 1 < n ? [("sublayers", .uid(10 + 2 * k))] : [])))
            extra.append(.dict([("$class", .uid(5)), ("NS.objects", .array([.uid(11 + 2 * k)]))]))
        }
        let plist = Self.handmade(rootLayerKeys: [("sublayers", .uid(9 + 2 * n))], extra: extra + [
            .dict([("$class", .uid(5)), ("NS.objects", .array([.uid(9)]))]),
        ])
        var limits = XcodeImportLimits.default
        limits.archiveDepth = 10
        #expect(try warning(try read(plist.binary(), limits: limits))
            == "\(Self.prefix): 1 layer nested deeper than 10 levels not read; \(Self.oneMismatch); the rest of the archive is read")
        let full = try read(plist.binary())
        #expect(try warning(full) == "\(Self.prefix): 1 layer nested deeper than 1000 levels not read; \(Self.oneMismatch); the rest of the archive is read")
    }

    @Test("an archive past its byte, object or layer limit is refused before it is built")
    func tooLarge() throws {
        var f = LayerArchiveFixture()
        let root = LayerArchiveFixture.Node(sublayers: (0..<30).map { _ in LayerArchiveFixture.Node(keys: [("cornerRadius", .real(4))]) })
        let plist = f.archive(root: root)
        let data = plist.binary()
        var limits = XcodeImportLimits.default
        limits.archiveBytes = 500
        #expect(try warning(try read(data, limits: limits))
            == "\(Self.prefix) cannot be read: the archive is about \(data.base64EncodedString().utf8.count / 4 * 3) bytes, more than the 500 one may hold; its layers keep what the replies say")
        limits = .default
        limits.archiveValues = 50
        #expect(try warning(try read(data, limits: limits))
            == "\(Self.prefix) cannot be read: the binary property list holds \(f.objects.count + 36 + 2 * 30 + 2) values, more than the 50 allowed; its layers keep what the replies say"
            || (try warning(try read(data, limits: limits))).contains("more than the 50 allowed"))
        limits = .default
        limits.archiveObjects = 20
        #expect(try warning(try read(plist.xml(), limits: limits))
            == "\(Self.prefix) cannot be read: the archive holds \(f.objects.count) objects, more than the 20 one may hold; its layers keep what the replies say")
        limits = .default
        limits.archiveLayers = 10
        #expect(try warning(try read(data, limits: limits))
            == "\(Self.prefix) cannot be read: the archive holds more than 10 layers; its layers keep what the replies say")
    }

    /// A binary list of `levels` arrays, each naming the next one twice: 2^levels values
    /// once expanded, in a few hundred bytes.
    static func doublingArrays(levels: Int, selfReference: Bool = false) -> Data {
        var bytes = Array("bplist00".utf8)
        var offsets: [Int] = []
        for i in 0..<levels {
            offsets.append(bytes.count)
            let next = selfReference && i == levels - 1 ? 0 : i + 1
            bytes += [0xA2, UInt8(next), UInt8(next)]
        }
        offsets.append(bytes.count)
        bytes += [0x51, UInt8(ascii: "x")]
        let table = bytes.count
        bytes += offsets.map { UInt8($0) }
        bytes += [0, 0, 0, 0, 0, 0, 1, 1] + PlistValue.be(offsets.count, 8) + PlistValue.be(0, 8) + PlistValue.be(table, 8)
        return Data(bytes)
    }

    @Test("a binary list naming one array twice at each of 30 levels is refused at once (Foundation never returned)")
    func doubling() throws {
        #expect(try warning(try read(Self.doublingArrays(levels: 30)))
            == "\(Self.prefix) cannot be read: the binary property list expands to more than 4000000 values (it names the same collections many times); its layers keep what the replies say")
        #expect(try warning(try read(Self.doublingArrays(levels: 5, selfReference: true)))
            == "\(Self.prefix) cannot be read: the binary property list holds a collection that contains itself; its layers keep what the replies say")
    }

    @Test("XML nested past 32 levels is refused before the parser recurses into it")
    func xmlNesting() throws {
        let text = "<?xml version=\"1.0\"?><plist>" + String(repeating: "<array>", count: 100_000) + String(repeating: "</array>", count: 100_000) + "</plist>"
        #expect(try warning(try read(Data(text.utf8)))
            == "\(Self.prefix) cannot be read: the property list nests more than 32 levels deep; its layers keep what the replies say")
    }

    @Test("XML with more elements than an archive may hold values is refused before it is parsed")
    func xmlValues() throws {
        let text = "<?xml version=\"1.0\"?><plist><array>" + String(repeating: "<true/>", count: 2_000) + "</array></plist>"
        var limits = XcodeImportLimits.default
        limits.archiveValues = 1_000
        #expect(try warning(try read(Data(text.utf8), limits: limits))
            == "\(Self.prefix) cannot be read: the property list holds more than 1000 values; its layers keep what the replies say")
    }

    @Test("OpenStep text, which Foundation would parse recursively, is no archive")
    func openStep() throws {
        let text = String(repeating: "(", count: 100_000) + String(repeating: ")", count: 100_000)
        #expect(try warning(try read(Data(text.utf8)))
            == "\(Self.prefix) cannot be read: not a property list (binary or XML); its layers keep what the replies say")
    }

    @Test("truncated or corrupted binary archives end in a reason, never a crash")
    func corrupted() throws {
        var f = LayerArchiveFixture()
        let outline = PathBuilder.roundedRect(Rect(x: 0, y: 0, width: 40, height: 40), radius: 8, curve: .continuous)
        let node = LayerArchiveFixture.Node(keys: [("shadowPath", f.path(outline)), ("bounds", f.rect(0, 0, 40, 40))],
                                            sublayers: [LayerArchiveFixture.Node()])
        let good = [UInt8](f.archive(root: node).binary())
        var outcomes = 0
        for cut in stride(from: 0, to: good.count, by: 7) {
            let data = Data(good.prefix(cut))
            #expect(throws: KeyedArchive.Failure.self) { try KeyedArchive(data: data, maxBytes: 1 << 20, maxObjects: 1_000, maxValues: 10_000) }
            outcomes += 1
        }
        for position in stride(from: 8, to: good.count, by: 11) {
            for byte: UInt8 in [0x00, 0xFF, 0xAF, 0xDF, 0x80] {
                var bytes = good
                bytes[position] = byte
                if let archive = try? KeyedArchive(data: Data(bytes), maxBytes: 1 << 20, maxObjects: 1_000, maxValues: 10_000),
                   let tree = try? ArchivedLayerTree(archive: archive, maxDepth: 100, maxLayers: 100) {
                    for layer in tree.layers.values { _ = PresentationLayer(layer, archive: archive, maxPathElements: 100) }
                }
                outcomes += 1
            }
        }
        #expect(outcomes > 50)
    }

    @Test("a path past the element limit, or archived in a form not read, leaves shadowPath unknown with a note")
    func unreadablePath() throws {
        var f = LayerArchiveFixture()
        var long = Path(elements: [.moveTo(Point(x: 0, y: 0))])
        for k in 1...50 { long.elements.append(.lineTo(Point(x: Double(k), y: 0))) }
        // A UIBezierPath whose element data says 5 points for a line, and one cut short.
        let badCount = f.add(.data(Data([1, 0, 0, 0, 5, 0, 0, 0] + [UInt8](repeating: 0, count: 40))))
        let cut = f.add(.data(Data([3, 0, 0, 0, 3, 0, 0, 0, 0, 0])))
        let bezierClass = f.classRef("UIBezierPath")
        let node = LayerArchiveFixture.Node(keys: [("shadowPath", f.path(long))], sublayers: [
            LayerArchiveFixture.Node(keys: [("shadowPath", f.string("a UIBezierPath"))]),
            LayerArchiveFixture.Node(keys: [("shadowPath", f.add(.dict([("$class", bezierClass), ("UIBezierPathCGPathDataKey", badCount)])))]),
            LayerArchiveFixture.Node(keys: [("shadowPath", f.add(.dict([("$class", bezierClass), ("UIBezierPathCGPathDataKey", cut)])))]),
        ])
        var limits = XcodeImportLimits.default
        limits.pathElements = 20
        let dump = try read(f.archive(root: node).binary(), limits: limits)
        let tree = try #require(dump.snapshots.first)
        #expect(tree.layers.allSatisfy { $0.unknown.contains(.shadowPath) })
        // The debugger lists one sublayer, the archive three: the first two are matched.
        #expect(dump.warnings.map(\.message) == [
            "\(Self.prefix): \(Self.oneMismatch); the rest of the archive is read",
            "RequestResponses/Response_1: `encodedPresentationLayer.shadowPath` is unknown on 2 layers (the first: CALayer 0x1): its value is in a form LayerLint cannot read",
        ])
        // All four, read directly: each path is unreadable, none is taken as "no path".
        var copy = f
        let archive = try KeyedArchive(data: copy.archive(root: node).xml(), maxBytes: 1 << 20, maxObjects: 1_000, maxValues: 10_000)
        let layers = try ArchivedLayerTree(archive: archive, maxDepth: 10, maxLayers: 10).layers.values
        #expect(layers.count == 4)
        #expect(layers.allSatisfy { PresentationLayer($0, archive: archive, maxPathElements: 20).unreadable == ["shadowPath"] })
    }

    @Test("an archive whose fetch failed, or whose layers' classes differ, is named once")
    func failedOrMismatched() throws {
        let failed = try read(Data(), fetchStatus: 0)
        #expect(try warning(failed)
            == "RequestResponses/Response_1: the debugger could not fetch 1 `encodedPresentationLayer` archive; their layers keep what the replies say")
        var f = LayerArchiveFixture()
        let plist = f.archive(root: LayerArchiveFixture.Node(sublayers: [LayerArchiveFixture.Node(className: "CAShapeLayer")]))
        let dump = try read(plist.binary())
        #expect(try warning(dump)
            == "\(Self.prefix): layers whose class differs are not matched (CALayer 0x2 is archived as CAShapeLayer); the rest of the archive is read")
        let tree = try #require(dump.snapshots.first)
        #expect(!tree.layers[0].unknown.contains(.shadowPath))
        #expect(tree.layers[1].unknown.contains(.shadowPath))
    }
}
