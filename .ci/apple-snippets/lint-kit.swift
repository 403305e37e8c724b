// Context of LayerLintKit snippets (docs/importers.md): code of a tool that embeds the linter.
import LayerLintKit
// IMPORTS

func lintKitSnippet() {
// SNIPPET
}
