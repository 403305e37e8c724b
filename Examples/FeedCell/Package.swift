// swift-tools-version:6.1
import PackageDescription

// The adoption story of LayerLint's README, as a package: a feed cell that costs offscreen
// passes, the same cell fixed, and tests that export both as dumps and snapshot them.
// iOS only (UIKit); run it with `xcodebuild test` on an iOS Simulator (README.md here).
let package = Package(
    name: "FeedCellExample",
    platforms: [.iOS(.v16)],
    dependencies: [
        .package(name: "LayerLint", path: "../..", traits: ["SnapshotTesting"]),
        .package(url: "https://github.com/pointfreeco/swift-snapshot-testing", from: "1.19.7"),
    ],
    targets: [
        .target(name: "FeedUI"),
        .testTarget(
            name: "FeedUITests",
            dependencies: [
                "FeedUI",
                .product(name: "LayerTreeExport", package: "LayerLint"),
                .product(name: "LayerLintSnapshotTesting", package: "LayerLint"),
                .product(name: "SnapshotTesting", package: "swift-snapshot-testing"),
            ],
            exclude: ["Dumps"]
        ),
    ],
    swiftLanguageModes: [.v6]
)
