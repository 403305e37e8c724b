// swift-tools-version:6.1
import PackageDescription

// The folder list is the pipeline, one way through:
// YAML/JSON bytes → LayerDecode (other tools' formats: LayerImport) → LayerModel (+ LayerGeometry) → LayerFacts → LayerRules
// → LayerEstimate (passes and composed fixes) → LayerReport. LayerConfig reads `.layerlint.yml`.
// LayerLintKit ties the stages together for embedders; `layerlint` is the command line on top of it.
let package = Package(
    name: "LayerLint",
    // iOS and tvOS 16 are macOS 13's standard library: the engine relies on it where it
    // does without Foundation (LayerFacts and LayerReport call `String.contains(_:)` with a
    // string, from _StringProcessing, iOS 16). LayerTreeExport's own guards are checked down
    // to iOS 13 (docs/apple.md).
    platforms: [.macOS(.v13), .iOS(.v16), .tvOS(.v16)],
    products: [
        .library(name: "LayerLintKit", targets: ["LayerLintKit"]),
        // For apps and their tests: writes a CALayer tree as a v1 dump. No dependencies, so
        // it builds for iOS without libyaml or any other LayerLint module.
        .library(name: "LayerTreeExport", targets: ["LayerTreeExport"]),
        // For test targets: `assertNoOffscreenPasses(of:budget:ignoring:)` (XCTest) and
        // `expectNoOffscreenPasses` (Swift Testing). Links LayerLintKit, so libyaml.
        .library(name: "LayerLintTesting", targets: ["LayerLintTesting"]),
        // `Snapshotting<…, String>.layerDump` for swift-snapshot-testing. Empty unless the
        // package trait `SnapshotTesting` is enabled (docs/exporting.md).
        .library(name: "LayerLintSnapshotTesting", targets: ["LayerLintSnapshotTesting"]),
        .executable(name: "layerlint", targets: ["layerlint"]),
        // `swift package layerlint`: lints the dumps of the package that depends on LayerLint.
        .plugin(name: "LayerLintCommand", targets: ["LayerLintCommand"]),
    ],
    // swift-snapshot-testing brings swift-syntax (a large checkout) to resolve: it is resolved
    // and built only for a consumer (or `swift build --traits SnapshotTesting`) that asks.
    traits: [
        .trait(name: "SnapshotTesting", description: "Builds LayerLintSnapshotTesting on swift-snapshot-testing."),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/pointfreeco/swift-snapshot-testing", from: "1.19.7"),
        // `layerlint-mcp` (docs/mcp.md). Only its MCP library is built (with swift-log and
        // swift-system); the SDK's swift-nio is for its own conformance server and is
        // resolved, never compiled.
        .package(url: "https://github.com/modelcontextprotocol/swift-sdk", from: "0.12.1"),
    ],
    targets: [
        .systemLibrary(
            name: "CYAML",
            pkgConfig: "yaml-0.1",
            providers: [.apt(["libyaml-dev"]), .brew(["libyaml"])]
        ),
        .target(name: "YAML", dependencies: ["CYAML"]),
        // zlib: Xcode's view hierarchy bundles hold gzip-compressed debugger replies.
        .systemLibrary(name: "CZlib", providers: [.apt(["zlib1g-dev"]), .brew(["zlib"])]),
        .target(name: "LayerGeometry"),
        .target(name: "LayerTreeExport"),
        .target(name: "LayerModel", dependencies: ["LayerGeometry"]),
        // A SIGBUS handler, in C because it runs inside a signal: a dump truncated while it
        // is mapped becomes an error for that file (docs/reliability.md).
        .target(name: "CMappedFileGuard"),
        // LayerLint's own format (v1 YAML and JSON) …
        .target(name: "LayerDecode", dependencies: ["LayerModel", "YAML", "CMappedFileGuard"]),
        // … and the formats of other tools (UIKit's recursiveDescription, Xcode's exported
        // view hierarchy), imported into the same model; its DumpReader picks between them.
        .target(name: "LayerImport", dependencies: ["LayerDecode", "LayerModel", "CZlib"]),
        .target(name: "LayerFacts", dependencies: ["LayerModel"]),
        .target(
            name: "LayerRules",
            dependencies: ["LayerFacts", "YAML"],
            plugins: ["EmbedRuleCatalog"]
        ),
        .target(name: "LayerEstimate", dependencies: ["LayerRules"]),
        // Linux's sync_file_range, which Swift's Glibc module leaves out: a report file's
        // bytes start for the disk as they are written, not all at its final fsync.
        .target(name: "CFileWriteBack"),
        // zlib also measures a SARIF report gzip-compressed, as GitHub counts its upload limit.
        .target(name: "LayerReport", dependencies: ["LayerEstimate", "CZlib", "CFileWriteBack"]),
        // `.layerlint.yml`: rule settings, cost table, file patterns, suppressions, budgets.
        .target(name: "LayerConfig", dependencies: ["YAML", "LayerRules", "LayerFacts", "LayerDecode", "LayerImport"]),
        .target(
            name: "LayerLintKit",
            dependencies: ["LayerDecode", "LayerImport", "LayerReport", "LayerConfig", "YAML", "LayerTreeExport"]
        ),
        // glibc's malloc tuning, which Swift's Glibc module leaves out: the command sets it
        // once at start (docs/performance.md, "Large blocks go back to the system").
        .target(name: "CHeapPolicy"),
        // The MCP server (docs/mcp.md), in a module of its own so that the SDK stays out of
        // LayerLintKit and of what links it (the fuzz targets, LayerLintTesting).
        .target(
            name: "LayerMCP",
            dependencies: ["LayerLintKit", .product(name: "MCP", package: "swift-sdk")]
        ),
        // `layerlint-mcp`, an executable of its own: the SDK's module imports URLSession, which
        // a statically linked Foundation cannot have without libcurl, so `layerlint` (static on
        // Linux, docs/ci.md) does not link it. No product, as for layerlint-bench: Mint builds
        // and runs every executable product, and LayerLint's is `layerlint` alone.
        .executableTarget(
            name: "layerlint-mcp",
            dependencies: ["LayerMCP", .product(name: "ArgumentParser", package: "swift-argument-parser")]
        ),
        .executableTarget(
            name: "layerlint",
            dependencies: [
                "LayerLintKit",
                "CHeapPolicy",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // Build-time tool: turns rules/*.yml into Swift string literals so an installed
        // binary carries its catalog and never looks for files beside itself.
        .executableTarget(name: "RuleCatalogEmbedder"),
        // Benchmarks (docs/performance.md): a seeded generator of realistic dumps, and the
        // command that measures LayerLint against a bare libyaml scan and jq.
        .target(name: "DumpGenerator"),
        .executableTarget(
            name: "layerlint-bench",
            dependencies: [
                "DumpGenerator",
                "CYAML",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .plugin(
            name: "EmbedRuleCatalog",
            capability: .buildTool(),
            dependencies: ["RuleCatalogEmbedder"]
        ),
        // Reads the package only, so it declares no permission: writing a report inside the
        // package is the user's explicit `--allow-writing-to-package-directory` (README).
        .plugin(
            name: "LayerLintCommand",
            capability: .command(
                intent: .custom(verb: "layerlint", description: "Lint the package's layer-tree dumps with LayerLint"),
                permissions: []
            ),
            dependencies: ["layerlint"]
        ),
        .testTarget(name: "LayerGeometryTests", dependencies: ["LayerGeometry"]),
        // Also LayerLintKit: the Xcode bundle tests lint a generated bundle end to end; the
        // generator and the exporter write the YAML the subset reader is compared on.
        .testTarget(
            name: "LayerDecodeTests",
            dependencies: ["LayerDecode", "LayerImport", "CZlib", "LayerLintKit", "YAML", "DumpGenerator", "LayerTreeExport"],
            exclude: ["RecursiveDescriptionFixtures"]
        ),
        // LayerLintKit: what the walker writes is linted again, with the findings it should give.
        .testTarget(name: "LayerTreeExportTests", dependencies: ["LayerTreeExport", "LayerLintKit"]),
        .target(name: "LayerLintTesting", dependencies: ["LayerLintKit", "LayerTreeExport"]),
        .testTarget(name: "LayerLintTestingTests", dependencies: ["LayerLintTesting"]),
        .target(
            name: "LayerLintSnapshotTesting",
            dependencies: [
                "LayerTreeExport",
                .product(name: "SnapshotTesting", package: "swift-snapshot-testing", condition: .when(traits: ["SnapshotTesting"])),
            ]
        ),
        .testTarget(
            name: "LayerLintSnapshotTestingTests",
            dependencies: [
                "LayerLintSnapshotTesting",
                .product(name: "SnapshotTesting", package: "swift-snapshot-testing", condition: .when(traits: ["SnapshotTesting"])),
            ]
        ),
        .testTarget(name: "LayerConfigTests", dependencies: ["LayerConfig"]),
        .testTarget(
            name: "LayerLintKitTests",
            dependencies: ["LayerLintKit", "YAML"],
            exclude: ["FixtureExpectations"]
        ),
        .testTarget(name: "LayerLintCLITests", dependencies: ["layerlint"]),
        .testTarget(name: "LayerMCPTests", dependencies: ["LayerMCP"]),
        // Every report format, parsed back with Foundation's JSON and XML parsers.
        .testTarget(name: "LayerReportTests", dependencies: ["LayerLintKit", "CZlib"]),
        .testTarget(name: "DumpGeneratorTests", dependencies: ["DumpGenerator", "CYAML"]),
    ],
    swiftLanguageModes: [.v6]
)
