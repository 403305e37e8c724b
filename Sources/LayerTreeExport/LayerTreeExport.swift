/// Writes layer-tree snapshots as LayerLint dumps, format version 1 (docs/dump-format.md),
/// exactly and stably: the same snapshot always gives the same bytes.
///
/// - Only keys whose values differ from `CALayer`'s defaults are written (and, in the
///   header, `scale` and `refreshRate` only when not 3 and 60); `layerlint: 1` comes first.
/// - Numbers are the shortest decimals that read back as the same `Double`; whole numbers
///   have no `.0`; -0 is written 0, and NaN or infinity (which no dump can spell) 0.
/// - Colours are always `"#RRGGBBAA"`, quoted; text is quoted when YAML needs it.
/// - A YAML file is a stream of documents separated by `---`; a JSON file holds exactly
///   one snapshot, so `json` takes one.
public enum LayerTreeExport {
    /// One snapshot as a YAML document.
    public static func yaml(_ snapshot: LayerSnapshot) -> String {
        yaml([snapshot])
    }

    /// Several snapshots as one YAML stream, in order (a screen before and after a change).
    public static func yaml(_ snapshots: [LayerSnapshot]) -> String {
        var out: [UInt8] = []
        for (k, snapshot) in snapshots.enumerated() {
            if k > 0 { out.append(contentsOf: "---\n".utf8) }
            let fields = header(snapshot, syntax: .yaml)
            for f in fields { out.append(contentsOf: (f.key + ": " + f.value + "\n").utf8) }
            YAMLBlockLayerWriter().write(root: snapshot.root, into: &out)
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// One snapshot as a JSON object, pretty-printed with 2 spaces.
    public static func json(_ snapshot: LayerSnapshot) -> String {
        var out: [UInt8] = Array("{".utf8)
        for f in header(snapshot, syntax: .json) { out.append(contentsOf: ("\n  " + f.key + ": " + f.value + ",").utf8) }
        out.append(contentsOf: "\n  \"root\": ".utf8)
        NestedLayerWriter(syntax: .json, layout: .pretty).write(snapshot.root, level: 1, into: &out)
        out.append(contentsOf: "\n}\n".utf8)
        return String(decoding: out, as: UTF8.self)
    }

    /// The document's keys before `root`.
    private static func header(_ s: LayerSnapshot, syntax: DumpTextSyntax) -> [(key: String, value: String)] {
        let fields = LayerFields(ExportedLayer(), syntax: syntax)
        var out = [(fields.key("layerlint"), "1")]
        if s.scale != 3 { out.append((fields.key("scale"), fields.number(s.scale))) }
        if s.refreshRate != 60 { out.append((fields.key("refreshRate"), fields.number(s.refreshRate))) }
        if let screen = s.screen { out.append((fields.key("screen"), fields.string(screen))) }
        if !s.unknown.isEmpty { out.append((fields.key("unknown"), fields.words(s.unknown))) }
        if let links = s.displayLinks { out.append((fields.key("displayLinks"), fields.list(links.map(fields.displayLink)))) }
        if let info = s.info { out.append((fields.key("info"), fields.info(info))) }
        return out
    }
}
