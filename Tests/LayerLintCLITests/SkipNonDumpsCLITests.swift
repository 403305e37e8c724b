import Foundation
import XCTest

/// `--skip-non-dumps`: a pre-commit hook names every staged file its glob matches, and a
/// swift-snapshot-testing `__Snapshots__` folder also holds `.txt` files that are no dump.
/// With the flag a named file is judged as a folder walk judges it; without, it is read.
final class SkipNonDumpsCLITests: XCTestCase {
    private let card = """
        layerlint: 1
        screen: Card
        root:
          frame: [0, 0, 390, 200]
          sublayers:
            - name: card
              frame: [16, 16, 358, 168]
              backgroundColor: "#FFFFFF"
              cornerRadius: 12
              shadowOpacity: 0.2
              shadowRadius: 8

        """
    private let clean = "layerlint: 1\nscreen: Clean\nroot: {frame: [0, 0, 10, 10]}\n"
    // What swift-snapshot-testing's `.dump` strategy writes: Swift's dump(), not a view description.
    private let dumpText = "▿ Card\n  - title: \"Hello\"\n  ▿ frame: (16.0, 16.0, 358.0, 168.0)\n"

    func testANamedTextFileThatIsNoDumpIsAnErrorWithoutTheFlag() throws {
        let dir = try temporaryFolder(["__Snapshots__/CardTests/testCard.1.txt": dumpText])
        let r = try run(["lint", "__Snapshots__/CardTests/testCard.1.txt"], in: dir)
        XCTAssertEqual(r.status, 2, "a named file is read whatever it holds:\n\(r.out)\(r.err)")
    }

    func testSkippedNonDumpsPassAndDumpsBesideThemAreLinted() throws {
        let dir = try temporaryFolder([
            "__Snapshots__/CardTests/testCard.1.txt": dumpText,
            "__Snapshots__/CardTests/testLog.1.txt": "2024-05-01 12:00:00 build started\n",
            "Dumps/card.layers.yml": card,
            "Dumps/clean.layers.yml": clean,
        ])
        let onlyText = try run(["lint", "--skip-non-dumps", "__Snapshots__/CardTests/testCard.1.txt",
                                "__Snapshots__/CardTests/testLog.1.txt"], in: dir)
        XCTAssertEqual(onlyText.status, 0, "nothing to lint is no failure for a hook:\n\(onlyText.out)\(onlyText.err)")
        XCTAssertTrue(onlyText.err.contains("skipped 2 named files"), onlyText.err)
        XCTAssertTrue(onlyText.err.contains("testCard.1.txt (not a dump)"), onlyText.err)

        let mixed = try run(["lint", "--skip-non-dumps", "__Snapshots__/CardTests/testCard.1.txt", "Dumps/card.layers.yml"], in: dir)
        XCTAssertEqual(mixed.status, 1, mixed.out + mixed.err)
        XCTAssertTrue(mixed.out.contains("card.layers.yml:") && mixed.out.contains("shadow-without-path"), mixed.out)
        XCTAssertTrue(mixed.out.contains("1 file"), "the skipped text is not counted:\n\(mixed.out)")

        let passing = try run(["lint", "--skip-non-dumps", "__Snapshots__/CardTests/testLog.1.txt", "Dumps/clean.layers.yml"], in: dir)
        XCTAssertEqual(passing.status, 0, passing.out + passing.err)
    }

    /// A broken dump is still a dump: the flag skips what is not one, never what fails to parse.
    func testABrokenDumpIsStillAnError() throws {
        let dir = try temporaryFolder(["broken.layers.yml": "layerlint: 1\nroot: [\n"])
        let r = try run(["lint", "--skip-non-dumps", "broken.layers.yml"], in: dir)
        XCTAssertEqual(r.status, 2, r.out + r.err)
        XCTAssertTrue(r.out.contains("broken.layers.yml:"), r.out)
    }

    /// The configuration's exclude applies to named files too, as to a folder's.
    func testExcludedNamedFilesAreSkipped() throws {
        let dir = try temporaryFolder([
            ".layerlint.yml": "exclude: [\"Legacy/**\"]\n",
            "Legacy/old.layers.yml": card,
        ])
        let r = try run(["lint", "--skip-non-dumps", "Legacy/old.layers.yml"], in: dir)
        XCTAssertEqual(r.status, 0, r.out + r.err)
        XCTAssertTrue(r.err.contains("left out by include or exclude"), r.err)
        let without = try run(["lint", "Legacy/old.layers.yml"], in: dir)
        XCTAssertEqual(without.status, 1, "without the flag a named file is always linted:\n\(without.out)")
    }
}
