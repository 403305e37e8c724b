/// LayerLint's version, the one `layerlint --version` and `layerlint-mcp --version` print
/// and the MCP server names itself with: one place, so the two executables never differ.
/// scripts/pre-commit-hook.sh (the release it downloads) and .ci/check-repository-url.py
/// read the literal below from this file.
public enum LayerLintVersion {
    public static let current = "0.1.0"
}
