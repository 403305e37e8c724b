import Foundation
import LayerImport
import XCTest

/// `MangledTypeName` against the toolchain's own `swift-demangle`, on every mangled class
/// name of the real dumps and on names written to reach each part of the grammar.
final class MangledTypeNameTests: XCTestCase {
    /// Names that reach the parts of the grammar the real dumps may not: nesting in a
    /// struct and an enum, private names (a file hash and a `$…` address), tuples with and
    /// without labels, optionals, arrays, dictionaries, metatypes, `Any`, substitutions
    /// past ten, and the standard types.
    static let written = [
        "_TtC5MyApp4Cell",
        "_TtCC5MyApp4Feed4Cell",
        "_TtCOCV7SwiftUI11DisplayList11ViewUpdater8Platform13CGDrawingView",
        "_TtC5MyAppP33_0123456789ABCDEF0123456789ABCDEF7Private",
        "_TtGC7SwiftUI14_UIHostingViewV5MyApp11ContentView_",
        "_TtGC7SwiftUI19UIHostingControllerGVS_15ModifiedContentV5MyApp4CardVS2_P13$7fff5695d7289CardStyle__",
        "_TtGC5MyApp3BoxTSiSS__",
        "_TtGC5MyApp3BoxT1xSd1ySf__",
        "_TtGC5MyApp3BoxGSqSS__",
        "_TtGC5MyApp3BoxGSaSb__",
        "_TtGC5MyApp3BoxGVs10DictionarySSSi__",
        "_TtGC5MyApp3BoxGSQSS__",
        "_TtGC5MyApp3BoxGSqGSaSi___",
        "_TtGC5MyApp3BoxMSi_",
        "_TtGC5MyApp3BoxVs4Int8_",
        "_TtGC5MyApp3BoxMVS_4Cell_",
        "_TtGC5MyApp3BoxP__",
        "_TtGC5MyApp3BoxCSo6UIView_",
        "_TtGC5MyApp3BoxV1A1aV1B1bV1C1cV1D1dV1E1eV1F1fV1G1gS10_S12__",
    ]

    static let repository = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// Every `_Tt…` class name in the real dumps (bundled, and `../shared/real-dumps` when
    /// it is there), from the view and layer classes of each line.
    static func realNames() throws -> Set<String> {
        var names = Set<String>()
        let roots = [repository.appendingPathComponent("Tests/RealDumps"),
                     repository.deletingLastPathComponent().appendingPathComponent("shared/real-dumps")]
        let pattern = try NSRegularExpression(pattern: #"<(_Tt[A-Za-z0-9_$]+)"#)
        for root in roots {
            guard let walk = FileManager.default.enumerator(atPath: root.path) else { continue }
            for case let path as String in walk where path.hasSuffix(".txt") && !path.hasSuffix("SOURCE.txt") {
                let text = try String(contentsOfFile: root.appendingPathComponent(path).path, encoding: .utf8)
                for m in pattern.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
                    names.insert((text as NSString).substring(with: m.range(at: 1)))
                }
            }
        }
        return names
    }

    /// What `swift-demangle` prints for each name, one line each; nil when the toolchain's
    /// tool is not beside `swift` on the PATH.
    static func toolchainDemangle(_ names: [String]) throws -> [String]? {
        let path = (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":")
            .map { "\($0)/swift-demangle" }.first { FileManager.default.isExecutableFile(atPath: $0) }
        guard let path else { return nil }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        let input = Pipe(), output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        input.fileHandleForWriting.write(Data((names.joined(separator: "\n") + "\n").utf8))
        try input.fileHandleForWriting.close()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
    }

    func testEveryNameReadsAsTheToolchainDemanglesIt() throws {
        let real = try Self.realNames()
        XCTAssertGreaterThanOrEqual(real.count, 8, "the real dumps hold mangled names")
        let names = Self.written + real.sorted()
        guard let expected = try Self.toolchainDemangle(names) else {
            throw XCTSkip("swift-demangle is not on the PATH")
        }
        XCTAssertEqual(expected.count, names.count)
        for (name, want) in zip(names, expected) {
            guard let type = MangledTypeName(name) else { XCTFail("\(name): not read (swift-demangle: \(want))"); continue }
            XCTAssertEqual(type.fullyQualified, want, name)
        }
    }

    func testReadableNamesKeepTheOutermostModuleOnlyAndNoDiscriminator() {
        let cases = [
            "_TtC5MyApp4Cell": "MyApp.Cell",
            "_TtCC5Adyen12SubmitButton14BackgroundView": "Adyen.SubmitButton.BackgroundView",
            "_TtGC7SwiftUI14_UIHostingViewV5MyApp11ContentView_": "SwiftUI._UIHostingView<ContentView>",
            "_TtC7SwiftUIP33_A34643117F00277B93DEBAB70EC0697122_UIShapeHitTestingView": "SwiftUI._UIShapeHitTestingView",
            "_TtGC7SwiftUI19UIHostingControllerGVS_15ModifiedContentV5MyApp4CardVS2_P13$7fff5695d7289CardStyle__":
                "SwiftUI.UIHostingController<ModifiedContent<Card, CardStyle>>",
            "_TtGC5MyApp3BoxGSqSS__": "MyApp.Box<String?>",
            "_TtGC5MyApp3BoxGVs10DictionarySSSi__": "MyApp.Box<[String: Int]>",
            "_TtGC5MyApp3BoxCSo6UIView_": "MyApp.Box<UIView>",
        ]
        for (name, readable) in cases { XCTAssertEqual(MangledTypeName(name)?.readable, readable, name) }
    }

    /// A re-recorded SwiftUI screen has new `$7fff…` addresses in its private names: the
    /// readable name must not change with them.
    func testAddressDiscriminatorsDoNotReachTheReadableName() {
        let a = MangledTypeName("_TtC7SwiftUIP13$7fff5695d72814CGDrawingLayer")?.readable
        let b = MangledTypeName("_TtC7SwiftUIP13$7ff8a1c03b1014CGDrawingLayer")?.readable
        XCTAssertEqual(a, "SwiftUI.CGDrawingLayer")
        XCTAssertEqual(a, b)
    }

    func testNamesOutsideTheSubsetAreNotRead() {
        for name in ["UIView", "_Tt", "_TtC", "_TtC5MyApp", "_TtC5MyApp4Cel", "_TtC5MyApp4CellX", "_TtGC5MyApp3Box_",
                     "_TtFSiSi", "_TtGC5MyApp3BoxS9_", "_TtC05MyApp4Cell", "_TtC5MyAppX4Cell",
                     "_Tt" + String(repeating: "G", count: 500) + "C5MyApp4Cell"] {
            XCTAssertNil(MangledTypeName(name), name)
        }
    }
}
