#if SnapshotTesting
// Compiled only with the package trait `SnapshotTesting`: without it this module is empty
// and swift-snapshot-testing is neither resolved nor built.
import LayerTreeExport
import SnapshotTesting

extension Snapshotting where Value: ExportableLayer, Format == String {
    /// The layer's tree as a LayerLint dump (YAML), stored as a `.yml` reference file that
    /// `layerlint lint` and `layerlint diff` read; differences are shown line by line.
    /// `CALayer` on Apple platforms, `FakeLayer` anywhere.
    public static var layerDump: Snapshotting { layerDump(screen: nil) }

    /// As `layerDump`, with `screen` as the dump's label in reports.
    public static func layerDump(screen: String?) -> Snapshotting {
        var strategy = SimplySnapshotting<String>.lines.pullback { (layer: Value) in LayerTreeExport.yaml(of: layer, screen: screen) }
        strategy.pathExtension = "yml"
        return strategy
    }
}

#if canImport(UIKit)
import UIKit

extension Snapshotting where Value == UIView, Format == String {
    /// The view's layer tree as a LayerLint dump: `assertSnapshot(of: cell, as: .layerDump)`.
    /// Lay the view out first (its size, then `layoutIfNeeded()`), as for an image snapshot.
    public static var layerDump: Snapshotting { layerDump(screen: nil) }

    public static func layerDump(screen: String?) -> Snapshotting {
        var strategy = SimplySnapshotting<String>.lines.pullback { (view: UIView) in
            // swift-snapshot-testing calls this on the main thread, where the test runs.
            MainActor.assumeIsolated { LayerTreeExport.yaml(of: view.layer, screen: screen) }
        }
        strategy.pathExtension = "yml"
        return strategy
    }
}
#endif
#endif
