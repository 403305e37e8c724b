import Foundation
import LayerDecode
import LayerImport
import LayerModel
import Testing

/// Broken and hostile dumps (docs/reliability.md): each ends in one precise error, at the
/// line and column of the fault, saying what was expected; or, where the input is fine,
/// reads as data and nothing else.
@Suite("Hostile and broken input")
struct HostileInputTests {
    /// `line:column: message` of the error `bytes` give, or "ok" with the snapshot count.
    private func outcome(_ bytes: [UInt8], _ syntax: DumpSyntax) -> String {
        let d = DumpReader().read(bytes, syntax: syntax)
        guard let e = d.error else { return "ok, \(d.snapshots.count) snapshot(s)" }
        return "\(e.location.line):\(e.location.column): \(e.message)"
    }

    private func outcome(_ text: String, _ syntax: DumpSyntax = .yaml) -> String { outcome(Array(text.utf8), syntax) }

    @Test("invalid UTF-8 is an error at the first bad byte, in YAML and JSON")
    func invalidUTF8() {
        let yaml = Array("layerlint: 1\nroot:\n  name: \"".utf8) + [0xFF, 0xFE] + Array("\"\n".utf8)
        #expect(outcome(yaml, .yaml) == "3:10: invalid leading UTF-8 octet (byte 0xFF); a dump is UTF-8 text without control characters")
        let json = Array("{\"layerlint\": 1,\n \"root\": {\"name\": \"é".utf8) + [0xC3] + Array("\"}}".utf8)
        #expect(outcome(json, .json) == "2:21: invalid UTF-8")
        // A truncated sequence at the very end, and a stray continuation byte.
        #expect(outcome(Array("layerlint: 1\nroot: {}\n# ".utf8) + [0xE2, 0x82], .yaml).hasPrefix("3:3: incomplete UTF-8 octet sequence"))
        #expect(outcome(Array("\u{FEFF}root:\n  name: a".utf8) + [0x80], .yaml).hasPrefix("2:10: invalid leading UTF-8 octet (byte 0x80)"))
    }

    @Test("read from a file, an encoding error is placed by reading the file again")
    func invalidUTF8InAFile() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("hostile-\(UUID().uuidString).yml")
        let bytes = Array("layerlint: 1\r\nroot:\r\n  name: \"é".utf8) + [0xC3, 0x28] + Array("\"\n".utf8)
        try Data(bytes).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        let e = try #require(DumpReader().read(contentsOf: url.path, syntax: .yaml).error)
        #expect("\(e.location.line):\(e.location.column): \(e.message)"
                == "3:12: invalid trailing UTF-8 octet (byte 0x28); a dump is UTF-8 text without control characters")
    }

    @Test("control characters and NUL bytes: a binary file is an error at its first such byte")
    func controlCharacters() {
        #expect(outcome([0x50, 0x4B, 0x03, 0x04], .yaml) == "1:3: control characters are not allowed (byte 0x03); a dump is UTF-8 text without control characters")
        #expect(outcome(Array("root:\n  name: a".utf8) + [0x00], .yaml).hasPrefix("2:10: control characters are not allowed (byte 0x00)"))
        #expect(outcome(Array("{\"root\": {\"name\": \"a".utf8) + [0x00] + Array("\"}}".utf8), .json).hasPrefix("1:21: "))
    }

    @Test("a byte order mark is skipped, and positions after it stay right")
    func byteOrderMark() {
        #expect(outcome("\u{FEFF}layerlint: 1\nroot:\n  name: a\n") == "ok, 1 snapshot(s)")
        #expect(outcome("\u{FEFF}{\"layerlint\": 1, \"root\": {}}", .json) == "ok, 1 snapshot(s)")
        #expect(outcome("\u{FEFF}root: {opacity: 2}\n") == "1:17: `opacity` must be from 0 to 1, found 2")
        #expect(outcome("\u{FEFF}{\"root\": {\"opacity\": 2}}", .json) == "1:22: `opacity` must be from 0 to 1, found 2")
    }

    @Test("a truncated file is an error at its end, never a partial tree")
    func truncated() {
        #expect(outcome("layerlint: 1\nroot:\n  sublayers:\n    - name: b\n      frame: [0, 0")
                == "6:1: while parsing a flow sequence, did not find expected ',' or ']'")
        #expect(outcome("{\"layerlint\": 1, \"root\": {\"sublayers\": [{\"name\": ", .json)
                == "1:50: unexpected end of file, expected a value")
        #expect(outcome("{\"layerlint\": 1, \"root\": {\"name\": \"abc", .json).hasPrefix("1:35: "))
        #expect(outcome("layerlint: 1\nroot:\n  name: \"abc") == "3:13: while scanning a quoted scalar, found unexpected end of stream")
    }

    @Test("an empty file, or one of whitespace and comments, holds no dump")
    func empty() {
        let none = "1:1: the file holds no dump; expected a mapping with a `root` layer"
        #expect(outcome("") == none)
        #expect(outcome("\n\n# only a comment\n") == none)
        #expect(outcome("", .json) == "1:1: unexpected end of file, expected a value")
        #expect(outcome("  \n ", .json) == "2:2: unexpected end of file, expected a value")
        #expect(outcome("---\n...\n") == "2:1: a dump must be a mapping with a `root` layer, found null")
    }

    @Test("a document that is a list or a scalar is an error at its start")
    func notAMapping() {
        #expect(outcome("- a\n- b\n") == "1:1: a dump must be a mapping with a `root` layer, found a list")
        #expect(outcome("42\n") == "1:1: a dump must be a mapping with a `root` layer, found a single value (text or a number)")
        #expect(outcome("[1]", .json) == "1:1: a dump must be a mapping with a `root` layer, found a list")
        #expect(outcome("\n \"x\"", .json) == "2:2: a dump must be a mapping with a `root` layer, found a single value (text or a number)")
        #expect(outcome("null", .json) == "1:1: a dump must be a mapping with a `root` layer, found null")
    }

    /// A file that is not a dump (here the start of a private key, named `.yml` or `.json`)
    /// gets an error that says what was expected and quotes none of it; in a dump, only the
    /// offending token is quoted, cut to `ErrorExcerpt.maximumBytes` bytes.
    @Test("errors never quote a file that is not a dump, and quote at most 32 bytes of a token")
    func errorsQuoteLittle() {
        let key = "-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQAAAAAAAAABAAABlwAAAAdzc2gtcn\n"
        let secret = "b3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQ"
        for (text, syntax) in [(key, DumpSyntax.yaml), (key, .json), ("b3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQ", .json),
                               ("\u{FEFF} password123456789012345678901234567890", .json), ("\"\(secret)\"", .json),
                               ("secret: \(secret)\n", .yaml), (secret + "\n", .yaml)] {
            let result = outcome(text, syntax)
            #expect(!result.contains("BEGIN") && !result.contains("b3Bl") && !result.contains("password") && !result.contains("secret"),
                    "\(result)")
        }
        #expect(outcome(key, .yaml) == "1:1: a dump must be a mapping with a `root` layer, found a single value (text or a number)")
        #expect(outcome(key, .json) == "1:1: the file does not start with a JSON value; expected `{` opening a dump")
        #expect(outcome("\n  \(secret)", .json) == "2:3: the file does not start with a JSON value; expected `{` opening a dump")
        // Inside a dump the token is quoted, shortened at a character boundary.
        let long = String(repeating: "x", count: 31) + "éééé"
        #expect(outcome("root:\n  opacity: \(long)\n") == "2:12: `opacity` must be a number from 0 to 1, found '\(String(repeating: "x", count: 31))…'")
        #expect(outcome("{\"root\": {\"opacity\": \(String(repeating: "a", count: 50))}}", .json)
                == "1:22: invalid value '\(String(repeating: "a", count: 32))…', strings must be in double quotes")
        #expect(outcome("root:\n  contentsGravity: \(String(repeating: "y", count: 40))\n").hasSuffix("found '\(String(repeating: "y", count: 32))…'"))
        let keyName = String(repeating: "k", count: 40)
        #expect(outcome("root: {}\n\(keyName): 1\n\(keyName): 2\n") == "3:1: duplicate key '\(String(repeating: "k", count: 32))…'")
        #expect(ErrorExcerpt.of(String(repeating: "é", count: 20)) == String(repeating: "é", count: 16) + "…")
        #expect(ErrorExcerpt.of("short") == "short")
    }

    @Test("duplicate keys, in a layer and in the header, at the second one")
    func duplicateKeys() {
        #expect(outcome("root:\n  name: a\n  opacity: 1\n  name: b\n") == "4:3: duplicate key 'name' in this layer")
        #expect(outcome("{\"root\": {}, \"root\": {}}", .json) == "1:14: duplicate key 'root'")
        #expect(outcome("root: {}\nmyNote: 1\nmyNote: 2\n") == "3:1: duplicate key 'myNote'")
    }

    @Test("NaN, infinities and numbers beyond a Double are errors at the value")
    func nonFiniteNumbers() {
        #expect(outcome("root:\n  opacity: .nan\n") == "2:12: `opacity` must be a finite number")
        #expect(outcome("root:\n  cornerRadius: -.inf\n") == "2:17: `cornerRadius` must be a finite number")
        #expect(outcome("root:\n  frame: [0, 0, .Inf, 1]\n") == "2:17: `frame` must be a finite number")
        #expect(outcome("root:\n  shadowRadius: 1e400\n") == "2:17: `shadowRadius` must be a finite number")
        #expect(outcome("{\"root\": {\"borderWidth\": -1e309}}", .json) == "1:26: `borderWidth` must be a finite number")
        #expect(outcome("{\"root\": {\"opacity\": NaN}}", .json).hasPrefix("1:22: "))
        #expect(outcome("{\"root\": {\"opacity\": Infinity}}", .json).hasPrefix("1:22: "))
        // Tiny numbers round to zero: finite, so they are read.
        #expect(outcome("root:\n  cornerRadius: 1e-400\n") == "ok, 1 snapshot(s)")
    }

    @Test("negative sizes in frame and bounds, and negative lengths")
    func negativeSizes() {
        #expect(outcome("root:\n  frame: [0, 0, 10, -0.5]\n") == "2:10: `frame` has a negative size (10 × -0.5); sizes must be ≥ 0")
        #expect(outcome("root:\n  bounds: [0, 0, -3, 1]\n") == "2:11: `bounds` has a negative size (-3 × 1); sizes must be ≥ 0")
        #expect(outcome("root:\n  contents: {width: -1}\n") == "2:21: `contents.width` must be ≥ 0, found -1")
        #expect(outcome("root:\n  cornerRadius: -4\n") == "2:17: `cornerRadius` must be ≥ 0, found -4")
    }

    @Test("a billion laughs fails at its first alias, without expanding anything")
    func billionLaughs() {
        var text = "layerlint: 1\na: &a [\"lol\", \"lol\", \"lol\", \"lol\", \"lol\", \"lol\", \"lol\", \"lol\", \"lol\"]\n"
        var previous = "a"
        for name in ["b", "c", "d", "e", "f", "g", "h", "i"] {
            text += "\(name): &\(name) [" + Array(repeating: "*\(previous)", count: 9).joined(separator: ", ") + "]\n"
            previous = name
        }
        text += "root: {}\n"
        let clock = ContinuousClock()
        var result = ""
        let elapsed = clock.measure { result = outcome(text) }
        #expect(result == "3:8: YAML aliases (*name) are not supported in dumps: a layer appears once in a tree, and aliases can expand without bound")
        #expect(elapsed < .seconds(1))
    }

    @Test("a layer that contains itself, and a mask that is also a sublayer, are aliases: errors")
    func recursiveAliases() {
        let alias = "YAML aliases (*name) are not supported in dumps: a layer appears once in a tree, and aliases can expand without bound"
        #expect(outcome("layerlint: 1\nroot: &r\n  name: a\n  sublayers: [*r]\n") == "4:15: \(alias)")
        #expect(outcome("layerlint: 1\nroot: &r\n  mask: *r\n") == "3:9: \(alias)")
        #expect(outcome("layerlint: 1\nroot:\n  mask: &m {name: m}\n  sublayers:\n    - *m\n") == "5:7: \(alias)")
        // An anchor alone changes nothing.
        #expect(outcome("layerlint: 1\nroot: &r\n  mask: &m {name: m}\n") == "ok, 1 snapshot(s)")
    }

    @Test("a mask with its own mask reads as written: a chain of masks")
    func maskOfAMask() throws {
        let d = DumpReader().read("layerlint: 1\nroot:\n  mask:\n    name: outer\n    mask:\n      name: inner\n", syntax: .yaml)
        let layers = try #require(d.snapshots.first?.layers)
        #expect(layers.count == 3)
        #expect(layers[0].mask == 1 && layers[1].mask == 2)
        #expect(layers[1].role == .mask && layers[2].role == .mask && layers[2].parent == 1)
    }

    @Test("very long lines: positions stay exact a megabyte into a line", arguments: [DumpSyntax.yaml, .json])
    func longLines(syntax: DumpSyntax) {
        let name = String(repeating: "x", count: 1_000_000)
        // An extra key's value: a name that long is refused (`limits.nameBytes`).
        let text = syntax == .json ? "{\"root\": {\"note\": \"\(name)\", \"opacity\": 2}}" : "root: {note: \(name), opacity: 2}"
        let column = syntax == .json ? 1_000_034 : 1_000_025
        #expect(outcome(text, syntax) == "1:\(column): `opacity` must be from 0 to 1, found 2")
    }
}
