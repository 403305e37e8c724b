import DumpGenerator

/// What a row of the many-findings matrix measures, which decides what it is compared with.
enum MatrixRole: Equatable {
    /// `lint FILE` with the default text report to /dev/null: the base of its table.
    case lint
    /// `lint FILE --reporter markdown:PATH`: a lint whose only report is the short
    /// markdown summary, the base the reporters' "beyond their bytes" figures are
    /// measured from (issue 29): lint's own work without a report of every finding.
    case markdownOnly
    /// The physical references: libyaml's event scan (both syntaxes), the bare read of
    /// the bytes (JSON), and jq's one-pattern query (JSON).
    case libyamlScan
    case byteScan
    case jq
    /// `lint FILE --reporter NAME:PATH`, one reporter alone, written to a file.
    case reporter(String)
    /// The eight reporters of the targets at once (`MatrixBench.allAtOnce`), each to its own file.
    case allReporters
    /// `layerlint-bench writefloor`: the bytes of a reporter's report (nil: of all eight),
    /// written as layerlint writes a report, without formatting any.
    case writeFloor(String?)
    /// `convert` to the other syntax.
    case convert
    /// `diff OLD NEW` of two dumps of the same size and syntax.
    case diff
    /// The markdown-only lint writing a baseline of every finding (`--write-baseline`),
    /// and reading one that knows every finding (`--baseline`), as CI runs it once a
    /// large app's findings are accepted.
    case writeBaseline
    case readBaseline

    var isReference: Bool {
        self == .libyamlScan || self == .byteScan || self == .jq
    }
}

struct MatrixRow {
    var role: MatrixRole
    /// The command as the table shows it: layerlint's subcommand and options, the file
    /// names left out (they are the table's).
    var label: String
    var best: Best?
}

/// The many-findings measurements of one shape and syntax at one size, all from the same rounds.
struct MatrixTable {
    var shape: DumpShape
    var syntax: DumpSyntax
    var layers: Int
    var fileBytes: Int
    var rows: [MatrixRow] = []
    /// Shadows without a path as the generator counted them, and as jq did (JSON only).
    var expectedShadows: Int
    var jqCount: Int?

    func best(_ role: MatrixRole) -> Best? {
        rows.first { $0.role == role }?.best
    }

    var lint: Best? { best(.lint) }
    var markdownOnly: Best? { best(.markdownOnly) }

    /// What each reporter alone adds to lint's time, in percent (nil when either failed);
    /// markdown's is the markdown-only row.
    var reporterCosts: [(name: String, percent: Double)] {
        rows.compactMap { row in
            let name: String
            switch row.role {
            case .reporter(let reporter): name = reporter
            case .markdownOnly: name = "markdown"
            default: return nil
            }
            guard let value = ratio(row.best, lint) else { return nil }
            return (name, (value - 1) * 100)
        }
    }

    /// Writing a reporter's bytes alone, in percent of lint's time (nil when not measured).
    func writeFloorPercent(_ name: String?) -> Double? {
        ratio(best(.writeFloor(name)), lint).map { $0 * 100 }
    }

    /// What a report adds beyond the time to write its bytes, as a share of the
    /// markdown-only lint (issue 29): (t(row) − t(markdown-only) − t(its write floor)) ÷
    /// t(markdown-only). `name` nil: the eight reporters at once and their floor. Nil when
    /// a run is missing or failed.
    func beyondBytes(_ name: String?) -> Double? {
        let row = name.map { best(.reporter($0)) } ?? best(.allReporters)
        guard let row, let base = markdownOnly, let floor = best(.writeFloor(name)),
              row.failure == nil, base.failure == nil, floor.failure == nil, base.seconds > 0 else { return nil }
        return (row.seconds - base.seconds - floor.seconds) / base.seconds
    }
}
