// swift-tools-version:6.1
import PackageDescription

// LayerLint's plugins without LayerLint's sources: the command plugin runs the prebuilt
// `layerlint` of the release's artifact bundle, so a consumer compiles nothing of LayerLint
// (no libyaml needed either). The release workflow publishes this folder as its own
// repository, because SwiftPM depends on packages by repository, and rewrites the binary
// target below to `.binaryTarget(url:checksum:)` of that release (docs/plugins.md).
// In this repository the target points at a bundle built by `make artifactbundle`.
let package = Package(
    name: "LayerLintPlugins",
    products: [
        .plugin(name: "LayerLintBinaryCommand", targets: ["LayerLintBinaryCommand"]),
        .plugin(name: "LayerLintBuildTool", targets: ["LayerLintBuildTool"]),
    ],
    targets: [
        // Rewritten to .binaryTarget(url:checksum:) by scripts/publish-plugins.sh, line for line.
        .binaryTarget(name: "LayerLintBinary", path: "layerlint.artifactbundle.zip"),
        // The same plugin source as LayerLint's own `swift package layerlint` (a link to
        // ../Plugins/LayerLintCommand here, copied when published): only the tool differs.
        .plugin(
            name: "LayerLintBinaryCommand",
            capability: .command(
                intent: .custom(verb: "layerlint", description: "Lint the package's layer-tree dumps with LayerLint's prebuilt binary"),
                permissions: []
            ),
            dependencies: ["LayerLintBinary"],
            path: "Plugins/LayerLintCommand"
        ),
        // Lints the dumps in a target's folder on each build; an error fails the build.
        .plugin(name: "LayerLintBuildTool", capability: .buildTool(), dependencies: ["LayerLintBinary"]),
    ]
)
