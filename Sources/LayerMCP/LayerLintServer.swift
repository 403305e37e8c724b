import Dispatch
import Foundation
import LayerLintKit
import Logging
import MCP

/// `layerlint-mcp`: LayerLint's tools for a coding assistant, over MCP on standard input
/// and output (docs/mcp.md). Standard output carries protocol messages only; every log
/// line goes to standard error.
public enum LayerLintServer {
    /// The longest message read, in bytes: room for the largest inline dump (16 MiB) even
    /// when JSON escaping has doubled it, with the rest of the call around it.
    public static let maximumMessageBytes = 48 << 20

    public static let tools = [LintTool.tool, ExplainTool.tool, DiffTool.tool, RulesTool.tool]

    /// Serves until the client closes standard input.
    public static func serve(_ workspace: Workspace, version: String) async throws {
        let logger = Logger(label: "layerlint.mcp") { StreamLogHandler.standardError(label: $0) }
        let server = Server(
            name: "layerlint", version: version,
            instructions: "LayerLint finds the layers of a Core Animation layer-tree dump that force offscreen render passes and says how to fix them. Call `lint` on a dump (a path under the roots, or the text), `explain` on a finding's rule, `diff` to compare before and after a change.",
            capabilities: .init(tools: .init(listChanged: false)))
        await server.withMethodHandler(ListTools.self) { _ in ListTools.Result(tools: tools) }
        await server.withMethodHandler(CallTool.self) { params in
            call(params.name, params.arguments ?? [:], in: workspace)
        }
        let transport = LineTransport(maximumBytes: maximumMessageBytes, logger: logger)
        try await server.start(transport: transport)
        logger.info("layerlint-mcp serving; roots: \(workspace.roots.folders.joined(separator: ", "))")
        await server.waitUntilCompleted()
    }

    /// Runs `serve` from synchronous code (the command line's `run`) and waits for it.
    public static func serveBlocking(_ workspace: Workspace, version: String) -> Int32 {
        let done = DispatchSemaphore(value: 0)
        let status = Status()
        Task.detached {
            do { try await serve(workspace, version: version) } catch {
                FileHandle.standardError.write(Data((TerminalText.diagnostic("layerlint-mcp: error: the MCP server stopped: \(error)") + "\n").utf8))
                status.failed()
            }
            done.signal()
        }
        done.wait()
        return status.code
    }

    /// One tool call; a failure becomes a tool result with `isError`, so that the model
    /// sees why and the server goes on.
    static func call(_ name: String, _ arguments: [String: Value], in workspace: Workspace) -> CallTool.Result {
        do throws(ToolFailure) {
            switch name {
            case "lint": return try LintTool.call(arguments, in: workspace)
            case "explain": return try ExplainTool.call(arguments)
            case "diff": return try DiffTool.call(arguments, in: workspace)
            case "rules": return try RulesTool.call(arguments, in: workspace)
            default: throw ToolFailure("no tool \(Roots.quoted(name)); the tools are lint, explain, diff and rules")
            }
        } catch {
            return CallTool.Result(content: [.text(text: error.message, annotations: nil, _meta: nil)], isError: true)
        }
    }
}

/// The exit status a detached task hands back to the thread that waits for it.
private final class Status: @unchecked Sendable {
    // Written once by the task before it signals, read after the wait: the semaphore orders them.
    private(set) var code: Int32 = 0
    func failed() { code = 2 }
}
