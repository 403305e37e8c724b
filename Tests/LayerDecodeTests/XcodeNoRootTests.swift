import Foundation
import LayerDecode
import LayerImport
import LayerLintKit
import Testing

/// A bundle whose layers leave no root (masks that name each other) is an error, never a
/// file that passes with nothing linted.
@Suite("Xcode view hierarchy: no root layer")
struct XcodeNoRootTests {
    @Test("two layers that are each other's mask")
    func maskCycle() throws {
        let folder = try ViewHierarchyBundle.temporaryFolder()
        var b = ViewHierarchyBundle()
        b.layers = [
            ViewHierarchyBundle.layer("0x1", frame: (0, 0, 10, 10), ["mask": ViewHierarchyBundle.objectInfo("CALayer", "0x2")]),
            ViewHierarchyBundle.layer("0x2", frame: (0, 0, 10, 10), ["mask": ViewHierarchyBundle.objectInfo("CALayer", "0x1")]),
        ]
        let path = try b.write(in: folder)
        let dump = DumpReader().read(contentsOf: path, syntax: .xcodeViewHierarchy)
        #expect(dump.snapshots.isEmpty)
        #expect(dump.error?.message == "the bundle holds no root layer: each of its 2 layers is a mask or a sublayer of another (a cycle), so nothing can be linted")
        let report = Linter().lint(contentsOf: path, syntax: .xcodeViewHierarchy)
        #expect(report.error != nil)
        #expect(report.snapshots.isEmpty)
    }
}
