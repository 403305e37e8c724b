/// `--reporter svg`: the first snapshot's drawing alone, for a Markdown comment or a doc
/// page. Offscreen layers are yellow (darker for more passes), the rest wireframes;
/// the html report has every snapshot, the findings and the after-fixes view.
public struct SVGReporter: Reporter {
    public init() {}

    public func render(_ report: LintReport, into out: inout ByteText) {
        out.append("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n")
        let drawing = report.files.lazy.flatMap(\.snapshots).compactMap(\.drawing).first
        if let drawing {
            out.append(DrawingSVG(drawing: drawing).element(standalone: true))
        } else {
            out.append(Self.placeholder("no snapshot to draw"))
        }
        out.append(byte: 0x0A)
    }

    /// A diff has no layer trees to draw: the svg says so rather than being empty.
    public func render(_ diff: DiffReport, into out: inout ByteText) {
        out.append("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n")
        out.append(Self.placeholder("layerlint diff draws no snapshot; use --reporter html"))
        out.append(byte: 0x0A)
    }

    static func placeholder(_ text: String) -> String {
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"320\" height=\"40\"><text x=\"8\" y=\"24\" font-family=\"sans-serif\" font-size=\"14\">"
            + XMLText.content(text) + "</text></svg>"
    }
}
