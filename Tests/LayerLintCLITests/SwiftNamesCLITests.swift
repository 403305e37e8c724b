import Foundation
import XCTest

/// A SwiftUI-hosted screen as UIKit describes it: every class a mangled Swift name. No
/// report a person reads shows them mangled, and a re-recording (new `$7fff…` addresses in
/// private names) changes no layer path or fingerprint.
final class SwiftNamesCLITests: XCTestCase {
    static func screen(address: String) -> String {
        """
        <_TtGC7SwiftUI14_UIHostingViewV5MyApp11ContentView_; frame = (0 0; 390 844); layer = <SwiftUI.UIHostingViewDebugLayer>>
           | <_TtC7SwiftUIP13\(address)22PlatformGroupContainer; frame = (0 0; 390 844); anchorPoint = (0, 0); layer = <CALayer>>
           |    | <_TtGC7SwiftUI16PlatformViewHostGVS_P10$1b38b3a1c32PlatformViewRepresentableAdaptorV5MyApp8BlurView__; frame = (0 700; 390 144); layer = <CALayer>>
           |    |    | <UIVisualEffectView; frame = (0 0; 390 144); layer = <CALayer>> effect=<UIBlurEffect> style=UIBlurEffectStyleSystemMaterial
           |    |    |    | <_UIVisualEffectBackdropView; frame = (0 0; 390 144); layer = <UICABackdropLayer>>
           |    | <_TtCC5MyApp4Feed4Cell; frame = (0 0; 390 100); layer = <CALayer>>
        """
    }

    func testNoReportShowsAMangledName() throws {
        let folder = try temporaryFolder(["screen.txt": Self.screen(address: "$7fff5695d728")])
        for format in ["text", "json", "sarif", "junit", "github", "checkstyle", "rdjsonl", "markdown", "html"] {
            let (status, out, err) = try run(["lint", "--reporter", format, "screen.txt"], in: folder)
            XCTAssertEqual(status, 0, "\(format): \(err)")
            XCTAssertTrue(out.contains("UIVisualEffectView"), format)
            // JSON keeps the raw names, beside the readable ones, under their own keys only.
            let shown = format == "json" ? out.replacingOccurrences(of: #""mangled(View|Layer)Class": "[^"]*""#, with: "", options: .regularExpression) : out
            XCTAssertFalse(shown.contains("_Tt"), "\(format) shows a mangled name")
            XCTAssertFalse(shown.contains("$7fff"), "\(format) shows a private name's address")
        }
        let (_, text, _) = try run(["lint", "screen.txt"], in: folder)
        XCTAssertTrue(text.contains("layer: SwiftUI._UIHostingView<ContentView>/SwiftUI.PlatformGroupContainer/SwiftUI.PlatformViewHost<PlatformViewRepresentableAdaptor<BlurView>>/UIVisualEffectView"), text)
        XCTAssertTrue(text.contains("backdrop blur (.systemMaterial)"), text)
    }

    func testReRecordingKeepsPathsAndFingerprints() throws {
        let a = try temporaryFolder(["screen.txt": Self.screen(address: "$7fff5695d728")])
        let b = try temporaryFolder(["screen.txt": Self.screen(address: "$7ff81c2e0a40")])
        for format in ["json", "sarif"] {
            let (_, first, _) = try run(["lint", "--reporter", format, "screen.txt"], in: a)
            let (_, second, _) = try run(["lint", "--reporter", format, "screen.txt"], in: b)
            // The folders differ (SARIF names the working directory); nothing else may.
            XCTAssertEqual(first.replacingOccurrences(of: a.path, with: b.path), second, format)
        }
        let (_, diff, _) = try run(["diff", a.appendingPathComponent("screen.txt").path, b.appendingPathComponent("screen.txt").path])
        XCTAssertTrue(diff.hasPrefix("0 findings added, 0 removed;"), diff)
    }
}
