#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import ArgumentParser
import LayerLintKit
import LayerMCP

/// `layerlint-mcp`: LayerLint's tools for coding assistants, over MCP on standard input
/// and output. An executable of its own, not a `layerlint` subcommand: the SDK's module
/// imports URLSession, which Foundation linked statically (as `layerlint` is on Linux, so
/// that its one file runs anywhere) cannot provide without libcurl.
@main
struct LayerLintMCP: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "layerlint-mcp",
        abstract: "Serve LayerLint's tools (lint, explain, diff, rules) to a coding assistant over MCP on standard input and output.",
        discussion: """
        The server reads only files under the roots; a relative path in a tool call is \
        relative to the first root. The configuration is the first .layerlint.yml from the \
        first root upward, as `layerlint lint` finds it from its working directory. Standard \
        output carries protocol messages only; logs go to standard error. docs/mcp.md has the \
        client configuration for Claude Code, Cursor and VS Code.

        Exit status: 0 when the client closed the connection; 2 when a root or the \
        configuration cannot be read.

        Examples:
          layerlint-mcp --root .
          layerlint-mcp --root Snapshots --root Tests/__Snapshots__
        """,
        version: LayerLintVersion.current)

    @Option(name: .customLong("root"), help: ArgumentHelp(
        "A folder whose files the tools may read (repeatable; default: the working directory).", valueName: "dir"))
    var roots: [String] = []

    func run() throws {
        let workspace: Workspace
        do {
            workspace = try Workspace.discover(roots: Roots(roots))
        } catch let error as PathRefusal {
            Self.fail("layerlint-mcp: error: \(error.message)")
        } catch {
            // A configuration error reads `path:line:column: error: …` already.
            Self.fail("\(error)")
        }
        terminate(LayerLintServer.serveBlocking(workspace, version: LayerLintVersion.current))
    }

    /// Names the error on standard error (escaped as every LayerLint message is) and
    /// exits with 2, as `layerlint` does when it cannot run.
    private static func fail(_ message: String) -> Never {
        var text = TerminalText.diagnostic(message) + "\n"
        text.withUTF8 { _ = write(2, $0.baseAddress!, $0.count) }
        terminate(2)
    }
}

/// The C library's `exit`, which `ParsableCommand`'s own `exit(withError:)` hides by name.
private func terminate(_ status: Int32) -> Never {
    #if canImport(Glibc)
    Glibc.exit(status)
    #elseif canImport(Darwin)
    Darwin.exit(status)
    #endif
}
