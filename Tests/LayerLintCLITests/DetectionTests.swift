import Foundation
import XCTest

/// Inputs are recognised by name and content; `--input-format` overrides.
final class DetectionTests: XCTestCase {
    private let description = """
        <UIView: 0x7f8b1c40a2d0; frame = (0 0; 390 100); layer = <CALayer: 0x600000e2c0a0>>
           | <UIView: 0x7f8b1c40a3e0; frame = (16 8; 358 84); clipsToBounds = YES; layer = <CALayer: 0x600000e2c0c0>>
           |    | <UILabel: 0x7f8b1c40a4f0; frame = (0 0; 358 20); text = 'Hi'; layer = <_UILabelLayer: 0x600000e2c0e0>>

        """

    func testFolderPicksDumpsByNameAndContent() throws {
        let dir = try temporaryFolder([
            "Snapshots/cell.txt": description,
            "Snapshots/README.txt": "These are the app's snapshot dumps.\n",
            "Snapshots/card.yml": "root: {frame: [0, 0, 10, 10]}\n",
            "Snapshots/notes.md": "# notes\n",
        ])
        let r = try run(["lint", "Snapshots", "--fail-on", "never"], in: dir)
        XCTAssertEqual(r.status, 0, r.out + r.err)
        XCTAssertTrue(r.out.contains("2 files"), "README.txt and notes.md are not dumps:\n\(r.out)")
        XCTAssertTrue(r.out.contains("2 snapshots, 4 layers"), "cell.txt is read as a recursiveDescription of 3 views:\n\(r.out)")
        XCTAssertTrue(r.out.contains("(at least: the dumps do not carry"), r.out)
    }

    /// A description saved with a UTF-8 byte-order mark is found in a folder, read from a
    /// named file and from standard input, like one without.
    func testByteOrderMarkedDescription() throws {
        let marked = "\u{FEFF}" + description
        let dir = try temporaryFolder(["Snapshots/cell.txt": marked, "cell.log": marked])
        // A description gives unneeded-clip nothing it can prove, so the proof of reading
        // is the layer count, and that no error names the mark.
        for args in [["lint", "Snapshots"], ["lint", "cell.log"]] {
            let r = try run(args + ["--fail-on", "info"], in: dir)
            XCTAssertEqual(r.status, 0, r.out + r.err)
            XCTAssertTrue(r.out.contains("1 file, 1 snapshot, 3 layers"), r.out)
        }
        let piped = try run(["lint", "-", "--fail-on", "info"], stdin: marked)
        XCTAssertEqual(piped.status, 0, piped.out + piped.err)
        XCTAssertTrue(piped.out.contains("1 file, 1 snapshot, 3 layers"), piped.out)
    }

    func testStandardInputAndForcedFormat() throws {
        let sniffed = try run(["lint", "-", "--fail-on", "info", "--reporter", "json"], stdin: description)
        XCTAssertEqual(sniffed.status, 0, sniffed.out + sniffed.err)
        XCTAssertTrue(sniffed.out.contains("\"path\": \"<stdin>\""), sniffed.out)
        XCTAssertTrue(sniffed.out.contains("\"layers\": 3"), "read as a recursiveDescription of 3 views:\n\(sniffed.out)")

        let dir = try temporaryFolder(["dump.log": description, "card.data": "{\"root\": {\"frame\": [0, 0, 10, 10]}}"])
        XCTAssertEqual(try run(["lint", "dump.log", "card.data"], in: dir).status, 0, "named files are read by content")
        let forced = try run(["lint", "card.data", "--input-format", "recursive-description"], in: dir)
        XCTAssertEqual(forced.status, 2)
        XCTAssertTrue(forced.out.contains("card.data:1:1: error:"), forced.out)
        let unknown = try run(["lint", "card.data", "--input-format", "plist"], in: dir)
        XCTAssertEqual(unknown.status, 2)
        XCTAssertTrue(unknown.err.contains("the formats are auto, yaml, json, recursive-description"), unknown.err)
    }
}
