/// LayerLint's version, the one `layerlint --version` and `layerlint-mcp --version` print
/// and the MCP server names itself with: one place, so the two executables never differ.
public enum LayerLintVersion {
    public static let current = "0.1.0"
}
