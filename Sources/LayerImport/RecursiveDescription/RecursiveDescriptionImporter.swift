import LayerDecode
import LayerModel

/// Imports the text of UIKit's `-[UIView recursiveDescription]`, raw from the debugger
/// (`<UIView: 0x7f…; frame = …; layer = <CALayer: 0x…>>`) or with the addresses stripped,
/// as snapshot-testing libraries store it (`<UIView; frame = …; layer = <CALayer>>`).
///
/// One file is one snapshot. Each line is one view, whose layer becomes one layer of the
/// tree; a line indented one more `   | ` than the line above it is its first subview.
/// docs/importers.md says what each field becomes and what stays unknown.
///
/// One pass over the lines, each line scanned once: linear in the file's size, and
/// nothing recurses on the depth of the hierarchy or of a nested value.
public struct RecursiveDescriptionImporter: Sendable {
    /// Files are read whole; a description of a real screen is a few hundred kilobytes.
    public static let largestFile = 64 << 20

    public init() {}

    /// What to say about AppKit's `_subtreeDescription`, which carries no layer properties
    /// LayerLint could judge (no corner radius, shadow or mask; frames in flipped and
    /// unflipped spaces alike), so it is not imported.
    static let appKitAdvice = "this is AppKit's `_subtreeDescription` text, which LayerLint does not read: it names views and frames but no layer properties; "
        + "export the window's layers with LayerTreeExport (`LayerTreeExport.yaml(of: window.contentView!.layer!)`, docs/exporting.md) "
        + "or Xcode's view hierarchy (Debug View Hierarchy, then File > Export View Hierarchy)"

    public func read(_ bytes: UnsafeRawBufferPointer) -> DecodedDump {
        do throws(DecodeError) {
            return DecodedDump(snapshots: [try tree(DescriptionText(bytes: bytes))])
        } catch {
            return DecodedDump(error: error)
        }
    }

    private func tree(_ text: DescriptionText) throws(DecodeError) -> LayerTree {
        var lines = DescriptionLineScanner(text)
        let parser = DescriptionFieldParser(text: text)
        var builder = LayerTreeBuilder()
        var description = ViewDescription()
        // The root's own indentation: UIKit writes none, but a pasted subtree keeps its own.
        var rootDepth = 0
        while let line = lines.next() {
            if line.isBlank { continue }
            if builder.layerCount == 0 {
                rootDepth = line.depth
                if DumpDetection.looksLikeAppKitSubtreeDescription(text.slice(line.contentStart..<line.end)) {
                    throw text.error(Self.appKitAdvice, at: line.contentStart, on: line)
                }
            }
            let depth = line.depth - rootDepth
            if builder.layerCount > 0, depth <= 0 {
                throw text.error("expected a subview, indented deeper than the root on line \(builder[0].location.line): a description holds one view hierarchy",
                                 at: line.contentStart, on: line)
            }
            while builder.depth > depth { builder.close() }
            guard builder.depth == depth else {
                throw text.error("line \(line.number) is indented \(depth) levels below the root, but the line before it only \(builder.depth - 1): a subview is one level deeper than its superview",
                                 at: line.contentStart, on: line)
            }
            try parser.parse(line, into: &description)
            let mapping = DescriptionLayerMapping(text: text, line: line)
            let layer = try mapping.layer(from: description, builder: &builder)
            builder.open(layer)
        }
        guard builder.layerCount > 0 else {
            throw DecodeError(message: "the file holds no view description; expected a line such as `<UIView; frame = (0 0; 390 844); layer = <CALayer>>`",
                              location: SourceLocation(line: 1, column: 1))
        }
        return builder.finish()
    }
}
