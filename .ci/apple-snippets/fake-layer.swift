// Context of the FakeLayer example in docs/exporting.md: a Swift Testing test body.
import LayerLintTesting
import Testing
import LayerTreeExport
// IMPORTS

func fakeLayerSnippet() {
// SNIPPET
}
