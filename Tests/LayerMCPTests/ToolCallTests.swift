import Foundation
import MCP
import Testing
@testable import LayerMCP
import LayerLintKit

/// The tools called in process, as the server calls them.
@Suite struct ToolCallTests {
    let workspace: Workspace

    init() throws {
        let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path
        workspace = try Workspace(roots: Roots([repository]), configurationPath: nil)
    }

    @Test func theToolsAreExactlyFour() {
        #expect(LayerLintServer.tools.map(\.name) == ["lint", "explain", "diff", "rules"])
    }

    @Test func lintCapsAndCountsWhatItLeavesOut() throws {
        let all = LayerLintServer.call("lint", ["paths": ["fixtures"], "maxFindings": 500], in: workspace)
        let capped = LayerLintServer.call("lint", ["paths": ["fixtures"], "maxFindings": 1], in: workspace)
        let total = try #require(all.structuredContent?.objectValue?["total"]?.intValue)
        let s = try #require(capped.structuredContent?.objectValue)
        #expect(total > 1)
        #expect(s["listed"]?.intValue == 1 && s["leftOut"]?.intValue == total - 1 && s["total"]?.intValue == total)
        // Most severe first, then the costliest.
        let first = try #require(s["findings"]?.arrayValue?.first?.objectValue)
        let most = all.structuredContent?.objectValue?["findings"]?.arrayValue?.compactMap { $0.objectValue?["passes"]?.intValue }.max()
        #expect(first["severity"]?.stringValue == "error" || first["passes"]?.intValue == most)
    }

    @Test func untrustedTextIsEscaped() throws {
        let dump = "screen: S\nroot:\n  frame: [0, 0, 10, 10]\n  sublayers:\n    - name: \"evil\\e[31m\\u202E\"\n      frame: [0, 0, 5, 5]\n      shadowOpacity: 0.5\n      shadowRadius: 3\n      backgroundColor: \"#FFFFFF\"\n"
        let result = LayerLintServer.call("lint", ["dump": .string(dump)], in: workspace)
        let path = try #require(result.structuredContent?.objectValue?["findings"]?.arrayValue?.first?.objectValue?["layerPath"]?.stringValue)
        #expect(!path.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x202E }, "\(path)")
        #expect(path.contains("\\u{1B}"))
    }

    @Test func anUnknownRuleNamesTheNearest() {
        let result = LayerLintServer.call("explain", ["rule": "unneded-clip"], in: workspace)
        #expect(result.isError == true)
        guard case .text(let text, _, _)? = result.content.first else { Issue.record("no text"); return }
        #expect(text.contains("'unneeded-clip'"))
    }

    @Test func anUnknownToolIsAToolError() {
        #expect(LayerLintServer.call("format", [:], in: workspace).isError == true)
    }
}
