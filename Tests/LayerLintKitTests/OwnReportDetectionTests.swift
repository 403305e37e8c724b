import LayerLintKit
import Testing

@Suite("LayerLint's own reports, told from dumps by their first bytes")
struct OwnReportDetectionTests {
    @Test("every report a folder walk could meet, and no dump", arguments: [
        ("{\"version\": 1, \"kind\": \"lint\", \"files\": []}", "a LayerLint JSON report"),
        ("{\n  \"version\" : 1,\n  \"kind\" : \"diff\"\n}", "a LayerLint JSON report"),
        ("{\"$schema\":\"https://json.schemastore.org/sarif-2.1.0.json\",\"version\":\"2.1.0\",\"runs\":[]}", "a SARIF log"),
        ("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites name=\"LayerLint\" tests=\"1\">", "a LayerLint JUnit report"),
        ("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<checkstyle version=\"4.3\">\n", "a Checkstyle report"),
        ("# LayerLint baseline: findings known when it was written.\nversion: 1\nfindings: []\n", "a LayerLint baseline"),
        ("version: 1\nfindings:\n  - file: \"a.yml\"\n", "a LayerLint baseline"),
        ("{\"message\":\"x\",\"location\":{\"path\":\"a.yml\"},\"severity\":\"ERROR\",\"source\":{\"name\":\"layerlint\",\"url\":\"u\"}}\n", "a LayerLint reviewdog report"),
    ])
    func reports(text: String, kind: String) {
        #expect(OwnReportDetection.kind(ofContent: Array(text.utf8)) == kind)
    }

    @Test("dumps are not reports", arguments: [
        "layerlint: 1\nroot:\n  name: card\n",
        "{\"layerlint\": 1, \"root\": {\"name\": \"kind\"}}",
        "{\"root\": {}, \"version\": 1, \"kind\": \"lint\"}",
        "root: {}\nversion: 1\nfindings: []\n",
        "<UIView: 0x7f; frame = (0 0; 10 10); layer = <CALayer: 0x6>>",
    ])
    func dumps(text: String) {
        #expect(OwnReportDetection.kind(ofContent: Array(text.utf8)) == nil)
    }
}
