import LayerLintKit

/// Text a hostile pull request can put in a dump's names, classes, keys and screens: a
/// line that the GitHub runner would read as commands, terminal sequences, a mention and
/// an issue reference, markup that closes XML and HTML, table and code-span syntax, and
/// every kind of disguising scalar.
let hostileText = "x\n::error file=x::pwned\r\n  ::add-mask::secret\u{1B}[2J\u{1B}]0;t\u{7} @team #123 </testcase>]]><b>|`|\u{0}\u{1}\u{7F}\u{85}\u{9B}\u{2028}\u{2029}\u{202E}txt.exe"

/// The pieces of `hostileText` that no human-facing output may carry raw.
let hostileRawPieces = ["\u{1B}", "\u{0}", "\u{1}", "\u{7}", "\u{7F}", "\u{85}", "\u{9B}", "\u{2028}", "\u{2029}", "\u{202E}", "\r"]

/// `s` as a YAML double-quoted scalar, every scalar outside printable ASCII escaped.
func yamlQuoted(_ s: String) -> String {
    var out = "\""
    for scalar in s.unicodeScalars {
        switch scalar {
        case "\"": out += "\\\""
        case "\\": out += "\\\\"
        case " "..."~": out.unicodeScalars.append(scalar)
        default:
            let hex = String(scalar.value, radix: 16)
            out += scalar.value <= 0xFFFF ? "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                : "\\U" + String(repeating: "0", count: 8 - hex.count) + hex
        }
    }
    return out + "\""
}

/// A dump whose screen, layer name and class name are `text`, with a misspelt key that
/// `text` follows: both layers are reported (blurred shadows without a shadowPath).
func hostileDump(_ text: String = hostileText) -> String {
    """
    layerlint: 1
    screen: \(yamlQuoted(text))
    root:
      name: \(yamlQuoted(text))
      frame: [0, 0, 200, 200]
      sublayers:
        - name: \(yamlQuoted(text))
          frame: [10, 10, 100, 60]
          backgroundColor: "#FFFFFF"
          cornerRadius: 8
          shadowOpacity: 0.2
          shadowRadius: 6
          sublayers:
            - class: \(yamlQuoted("CA" + text))
              frame: [0, 0, 10, 10]
              backgroundColor: "#FFFFFF"
              shadowOpacity: 0.2
              shadowRadius: 2
              \(yamlQuoted("shadowRadiu\u{1B}")): \(yamlQuoted(text))

    """
}

/// The hostile dump linted, and a file that could not be read whose error quotes it.
func hostileReport(_ text: String = hostileText) -> LintReport {
    let file = Linter().lint(text: hostileDump(text), path: "dumps/hostile.yml", syntax: .yaml)
    let broken = Linter().lint(text: "layerlint: 1\nroot:\n  frame: \(yamlQuoted(text))\n", path: "dumps/broken.yml", syntax: .yaml)
    return LintReport(files: [file, broken])
}

/// A diff with the hostile findings added in one file and removed in another, a snapshot
/// whose screen is hostile, and an unreadable old file.
func hostileDiff(_ text: String = hostileText) -> DiffReport {
    let file = Linter().lint(text: hostileDump(text), path: "dumps/hostile.yml", syntax: .yaml)
    let findings = file.snapshots.flatMap(\.findings)
    let broken = hostileReport(text).files[1].error
    return DiffReport(files: [
        FileDiff(path: "hostile.yml", oldPath: "old/hostile.yml", newPath: "new/hostile.yml", added: findings, removed: findings,
                 snapshots: [SnapshotChange(screen: text, passesBefore: 1, passesAfter: 9, line: 2)],
                 oldError: broken),
    ])
}
