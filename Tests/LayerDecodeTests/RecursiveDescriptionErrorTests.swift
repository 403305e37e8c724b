import LayerDecode
import LayerImport
import LayerGeometry
import LayerModel
import XCTest

/// Bad input gives one error with its line, column and what was expected; deep input
/// neither recurses nor slows down.
final class RecursiveDescriptionErrorTests: XCTestCase {
    private typealias S = RecursiveDescriptionSupport

    private func error(_ text: String, file: StaticString = #filePath, line: UInt = #line) throws -> (String, Int, Int) {
        let dump = S.read(text)
        XCTAssertTrue(dump.snapshots.isEmpty, file: file, line: line)
        let e = try XCTUnwrap(dump.error, "no error", file: file, line: line)
        return (e.message, Int(e.location.line), Int(e.location.column))
    }

    private let root = "<UIView; frame = (0 0; 390 844); layer = <CALayer>>"

    func testEmptyFiles() throws {
        for text in ["", "\n", "   \n\t\n", "\r\n"] {
            let (message, line, column) = try error(text)
            XCTAssertEqual(message, "the file holds no view description; expected a line such as `<UIView; frame = (0 0; 390 844); layer = <CALayer>>`")
            XCTAssertEqual([line, column], [1, 1])
        }
    }

    func testLineThatIsNotAViewDescription() throws {
        var (message, line, column) = try error("(lldb) po view\n" + root)
        XCTAssertEqual(message, "expected `<` starting a view description such as `<UIView; frame = (0 0; 390 844); layer = <CALayer>>`, found `(`")
        XCTAssertEqual([line, column], [1, 1])

        (message, line, column) = try error(root + "\n   | UIView; frame = (0 0; 1 1)>\n")
        XCTAssertEqual(message, "expected `<` starting a view description such as `<UIView; frame = (0 0; 390 844); layer = <CALayer>>`, found `U`")
        XCTAssertEqual([line, column], [2, 6])

        (message, line, column) = try error(root + "\n   | \n")
        XCTAssertTrue(message.hasSuffix("found the end of the line"), message)
        XCTAssertEqual([line, column], [2, 6])

        (message, line, column) = try error(root + "\n   | ⌘<UIView>")
        XCTAssertTrue(message.hasSuffix("found `⌘`"), message)
        XCTAssertEqual([line, column], [2, 6])

        (message, line, column) = try error("<; frame = (0 0; 1 1)>")
        XCTAssertEqual(message, "expected a class name after `<`")
        XCTAssertEqual([line, column], [1, 2])
    }

    /// Text after `>` is UIKit's annotation on a view description (one with a frame); on
    /// anything else (a view controller's `_printHierarchy` line, a log line) it is an
    /// error at the line's `<`, never a quiet import of what the line happens to begin with.
    func testTextAfterSomethingOtherThanAViewIsAnError() throws {
        var (message, line, column) = try error(root + "\n   | <App.ViewController>, state: appearing, view: <UIView>\n")
        XCTAssertEqual(message, "expected a view description, `<Class; frame = (x y; w h); …>` or `<LayerClass> (layer)`: the description ending at column 25 has no `frame = (…)` field and is followed by other text, so this line is not one UIKit's recursiveDescription writes")
        XCTAssertEqual([line, column], [2, 6])

        (message, line, column) = try error(root + "\n   | <A; layer = <CALayer>> [hidden]\n")
        XCTAssertTrue(message.hasPrefix("expected a view description"), message)
        XCTAssertEqual([line, column], [2, 6])

        // What UIKit itself writes after `>` reads, a layer a line.
        XCTAssertEqual(try S.tree(root + "\n   | <_UILabelContentLayer> (layer)\n   | <A; layer = <CALayer>>  \r\n").count, 3)
    }

    /// A bad value is quoted, but never more than `ErrorExcerpt.maximumBytes` of it.
    func testBadValuesAreQuotedShort() throws {
        let value = "(0 0; " + String(repeating: "9", count: 100) + ")"
        let (message, _, _) = try error("<UIView; frame = \(value); layer = <CALayer>>")
        XCTAssertEqual(message, "expected a frame `(x y; width height)` of four numbers, found `\(value.prefix(32))…`")
    }

    /// AppKit's `_subtreeDescription` is recognised and named, with what to export instead,
    /// whether it came through a `.txt` in a folder, a named file or standard input.
    func testAppKitSubtreeDescriptionIsNamed() throws {
        let appKit = "[   A      ] h=--- v=--- NSView 0x600000c2c000 f=(0,0,480,270) b=(-) => <_NSViewBackingLayer: 0x60000262c000>\n"
            + "  [   A  O  ] h=-&- v=-&- NSButton 0x600000c2c100 \"OK\" f=(20,20,80,32) b=(-)\n"
        XCTAssertTrue(DumpDetection.looksLikeAppKitSubtreeDescription(Array(appKit.utf8)))
        XCTAssertEqual(DumpDetection.syntax(ofContent: Array(appKit.utf8)), .recursiveDescription)
        let (message, line, column) = try error(appKit)
        XCTAssertTrue(message.hasPrefix("this is AppKit's `_subtreeDescription` text, which LayerLint does not read"), message)
        XCTAssertTrue(message.contains("LayerTreeExport") && message.contains("Export View Hierarchy"), message)
        XCTAssertEqual([line, column], [1, 1])
        // JSON that starts with a list of lists is still JSON.
        XCTAssertFalse(DumpDetection.looksLikeAppKitSubtreeDescription(Array("[[1, 2], {\"h=\": 1}]".utf8)))
        XCTAssertEqual(DumpDetection.syntax(ofContent: Array("[ {\"root\": {}} ]".utf8)), .json)
    }

    func testIndentationJumpsAndSecondRoots() throws {
        var (message, line, column) = try error(root + "\n   | <A; layer = <CALayer>>\n   |    |    | <B; layer = <CALayer>>\n")
        XCTAssertEqual(message, "line 3 is indented 3 levels below the root, but the line before it only 1: a subview is one level deeper than its superview")
        XCTAssertEqual([line, column], [3, 16])

        (message, line, column) = try error(root + "\n   | <A; layer = <CALayer>>\n<B; layer = <CALayer>>")
        XCTAssertEqual(message, "expected a subview, indented deeper than the root on line 1: a description holds one view hierarchy")
        XCTAssertEqual([line, column], [3, 1])

        // A pasted subtree keeps its indentation; only lines shallower than its first fail.
        XCTAssertEqual(try S.tree("   |    | " + root + "\n   |    |    | <A; layer = <CALayer>>").count, 2)
        (message, line, column) = try error("   |    | " + root + "\n   | <A; layer = <CALayer>>")
        XCTAssertEqual([line, column], [2, 6])
    }

    func testUnclosedDescriptionsBracketsAndQuotes() throws {
        var (message, line, column) = try error(root + "\n   | <UIView; frame = (0 0; 1 1); layer = <CALayer>")
        XCTAssertEqual(message, "expected `>` closing the view description that starts at column 6")
        XCTAssertEqual([line, column], [2, 52])

        (message, line, column) = try error("<UIView; frame = (0 0; 1 1>")
        XCTAssertEqual(message, "the `(` at column 18 is not closed: expected `)` before the end of the line")
        XCTAssertEqual([line, column], [1, 28])

        (message, line, column) = try error("<UIView; animations = { opacity=<CABasicAnimation>; ; layer = <CALayer>>")
        XCTAssertEqual(message, "the `{` at column 23 is not closed: expected `}` before the end of the line")
        XCTAssertEqual([line, column], [1, 73])

        (message, line, column) = try error("<UILabel; text = 'Hello; layer = <_UILabelLayer>>")
        XCTAssertEqual(message, "the text quoted at column 18 is not closed: expected `'` before the end of the line")
        XCTAssertEqual([line, column], [1, 50])

        // Columns count characters, not bytes.
        (message, line, column) = try error("<UILabel; text = 'ünïcödé'; frame = (0 0; 1 1>")
        XCTAssertEqual([line, column], [1, 47])
    }

    func testValuesThatCannotBeRead() throws {
        let cases: [(String, String, Int)] = [
            ("frame = (0 0; wide 10)", "expected a frame `(x y; width height)` of four numbers, found `(0 0; wide 10)`", 23),
            ("frame = (0 0; 10)", "expected a frame `(x y; width height)` of four numbers, found `(0 0; 10)`", 23),
            ("frame = (nan nan; 0 0)", "expected a frame `(x y; width height)` of four numbers, found `(nan nan; 0 0)`", 23),
            ("frame = (0 0; -5 10)", "a frame's width and height must not be negative, found `(0 0; -5 10)`", 23),
            ("transform = [1, 0, 0, 1]", "expected a transform `[a, b, c, d, tx, ty]` of six numbers, found `[1, 0, 0, 1]`", 27),
            ("alpha = 1.5", "expected `alpha` as a number from 0 to 1, found `1.5`", 23),
            ("alpha = ", "expected `alpha` as a number from 0 to 1, found ``", 22),
            ("hidden = maybe", "expected `hidden` to be YES or NO, found `maybe`", 24),
            ("clipsToBounds = 1", "expected `clipsToBounds` to be YES or NO, found `1`", 31),
            ("layer = CALayer", "expected `layer = <ClassName…>`, found `CALayer`", 23),
            ("contentOffset: {0}", "expected `contentOffset` as a point `{x, y}` of two numbers, found `{0}`", 30),
        ]
        // Columns point at the value: `   | <UIView; ` is 14 characters.
        for (field, expected, expectedColumn) in cases {
            let (message, line, column) = try error(root + "\n   | <UIView; " + field + ">")
            XCTAssertEqual(message, expected, field)
            XCTAssertEqual([line, column], [2, expectedColumn], field)
        }
    }

    func testToleratedVariations() throws {
        // Unknown fields, fields of no `key = value` shape, stray closers, extra spaces,
        // spaces after the description, tabs in the indentation.
        let text = root + "\n\t|\t<UIView ;  frame =  (1 2 ; 3 4) ;; weird ; ) ; layer = <CALayer> ; futureField = {a; b} >  \n"
        let tree = try S.tree(text)
        XCTAssertEqual(tree.count, 2)
        XCTAssertEqual(tree.layers[1].bounds.size, Size(width: 3, height: 4))
        XCTAssertEqual(tree.layers[1].position, Point(x: 2.5, y: 4))
        // A view without `layer = ` keeps CALayer; `(null)` is no colour.
        let bare = try S.tree("<UIView; backgroundColor = (null)>")
        XCTAssertEqual(bare.className(of: 0), "CALayer")
        XCTAssertNil(bare.layers[0].backgroundColor)
        XCTAssertFalse(bare.layers[0].unknown.contains(.backgroundColor))
        // Unreadable colours are some background of unknown value, never an error.
        for colour in ["UIExtendedSRGBColorSpace 1 0 0", "<UIDynamicProviderColor: 0x6000; provider = <__NSMallocBlock__: 0x6001>>",
                       "UIPatternColor", "kCGColorSpaceModelCMYK 0 0 0 1 1"] {
            let layer = try S.tree("<UIView; backgroundColor = \(colour); layer = <CALayer>>").layers[0]
            XCTAssertEqual(layer.backgroundColor?.isOpaque, true, colour)
            XCTAssertTrue(layer.unknown.contains(.backgroundColor), colour)
        }
    }

    func testDegenerateRotationTakesSquareBounds() throws {
        // 45°: the bounding box cannot tell width from height, so both are taken equal.
        let tree = try S.tree("<UIView; frame = (0 0; 70.7107 70.7107); transform = [0.707107, 0.707107, -0.707107, 0.707107, 0, 0]; layer = <CALayer>>")
        XCTAssertEqual(tree.layers[0].bounds.width, 50, accuracy: 1e-3)
        XCTAssertEqual(tree.layers[0].bounds.height, 50, accuracy: 1e-3)
        XCTAssertEqual(tree.layers[0].frame.width, 70.7107, accuracy: 1e-3)
    }

    /// Deep input: a description's size grows with the square of its depth (every line
    /// repeats its ancestors' `   | `), so 20,000 levels would be a 1 GB file. 3,000 levels
    /// (22 MB) is deeper than any recursive reader survives with a small stack, and a value
    /// nested 200,000 brackets deep checks the field parser the same way.
    func testDeepDescriptionsDoNotRecurse() throws {
        let depth = 3_000
        var bytes: [UInt8] = []
        bytes.reserveCapacity(5 * depth * (depth + 1) / 2 + 50 * (depth + 1))
        let prefix = Array("   | ".utf8)
        let line = Array("<UIView; frame = (0 0; 10 10); layer = <CALayer>>\n".utf8)
        for d in 0...depth {
            for _ in 0..<d { bytes.append(contentsOf: prefix) }
            bytes.append(contentsOf: line)
        }
        let dump = DumpReader().read(bytes, syntax: .recursiveDescription)
        XCTAssertNil(dump.error)
        let tree = try XCTUnwrap(dump.snapshots.first)
        XCTAssertEqual(tree.count, depth + 1)
        XCTAssertEqual(S.maxDepth(tree), depth)
        XCTAssertEqual(tree.layers[depth].location, SourceLocation(line: depth + 1, column: 5 * depth + 1))

        let nesting = 200_000
        let deepValue = "<UIView; animations = " + String(repeating: "{", count: nesting) + String(repeating: "}", count: nesting)
            + "; hidden = YES; layer = <CALayer>>"
        XCTAssertTrue(try S.tree(deepValue).layers[0].isHidden)
        let (message, _, column) = try error("<UIView; animations = " + String(repeating: "<", count: nesting))
        XCTAssertEqual(message, "the `<` at column 23 is not closed: expected `>` before the end of the line")
        XCTAssertEqual(column, 23 + nesting)
    }
}
