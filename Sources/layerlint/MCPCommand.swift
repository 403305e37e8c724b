import ArgumentParser
import Foundation
import LayerLintKit
import LayerMCP

struct MCP: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "mcp",
        abstract: "Serve LayerLint's tools (lint, explain, diff, rules) to a coding assistant over MCP on standard input and output.",
        discussion: HelpReference.discussion("""
        The server reads only files under the roots; a relative path in a tool call is \
        relative to the first root. The configuration is the first .layerlint.yml from the \
        first root upward, as `layerlint lint` finds it from its working directory. Standard \
        output carries protocol messages only; logs go to standard error. docs/mcp.md has the \
        client configuration for Claude Code, Cursor and VS Code.

        Exit status: 0 when the client closed the connection; 2 when a root or the \
        configuration cannot be read.
        """, examples: [
            "layerlint mcp --root .",
            "layerlint mcp --root Snapshots --root Tests/__Snapshots__",
        ]))

    @Option(name: .customLong("root"), help: ArgumentHelp(
        "A folder whose files the tools may read (repeatable; default: the working directory).", valueName: "dir"))
    var roots: [String] = []

    func run() throws {
        let workspace: Workspace
        do {
            workspace = try Workspace.discover(roots: Roots(roots))
        } catch let error as PathRefusal {
            StandardError.write("layerlint: error: \(error.message)\n")
            StandardOutput.finish(status: ExitStatus.couldNotRun)
        } catch {
            StandardError.write("\(error)\n")
            StandardOutput.finish(status: ExitStatus.couldNotRun)
        }
        let status = LayerLintServer.serveBlocking(workspace, version: LayerLint.configuration.version)
        StandardOutput.finish(status: status)
    }
}
