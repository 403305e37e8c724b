@testable import LayerConfig
import Testing

@Suite("Glob")
struct GlobTests {
    func path(_ p: String) throws -> Glob { try Glob(p, kind: .path) }

    @Test("* and ? stay within a path segment")
    func starWithinSegment() throws {
        #expect(try path("*.yml").matches("feed.yml"))
        #expect(try !path("*.yml").matches("Snapshots/feed.yml"))
        #expect(try path("Snapshots/*.yml").matches("Snapshots/feed.yml"))
        #expect(try path("feed-?.yml").matches("feed-2.yml"))
        #expect(try !path("feed-?.yml").matches("feed-22.yml"))
        #expect(try !path("a?b").matches("a/b"))
        #expect(try path("a*").matches("a"))
    }

    @Test("** as a segment matches any number of segments, none included")
    func globstar() throws {
        let g = try path("Snapshots/**/*.yml")
        #expect(g.matches("Snapshots/feed.yml"))
        #expect(g.matches("Snapshots/a/b/c/feed.yml"))
        #expect(!g.matches("Other/feed.yml"))
        #expect(!g.matches("Snapshots/feed.json"))
        let legacy = try path("**/Legacy/**")
        #expect(legacy.matches("Legacy/x.yml"))
        #expect(legacy.matches("a/b/Legacy/c/x.yml"))
        #expect(!legacy.matches("a/NotLegacy/x.yml"))
        #expect(!legacy.matches("a/Legacy"))
        #expect(try path("**").matches("a/b/c"))
        #expect(try path("**").matches("../outside/x.yml"))
    }

    @Test("sets, ranges, negation and escapes")
    func sets() throws {
        #expect(try path("feed-[0-9].yml").matches("feed-7.yml"))
        #expect(try !path("feed-[0-9].yml").matches("feed-x.yml"))
        #expect(try path("[!a]*").matches("bcd"))
        #expect(try !path("[^a]*").matches("abc"))
        #expect(try path("[]x]").matches("]"))
        #expect(try path("a[-]b").matches("a-b"))
        #expect(try !path("a[/]b").matches("a/b"), "a set never matches the separator")
        #expect(try path(#"cell/UIImageView\[0]"#).matches("cell/UIImageView[0]"))
        #expect(try !path("cell/UIImageView[0]").matches("cell/UIImageView[0]"), "unescaped, [0] is a set")
        #expect(try path(#"\*"#).matches("*"))
        #expect(try !path(#"\*"#).matches("x"))
    }

    @Test("a name pattern has no segments")
    func namePatterns() throws {
        let g = try Glob("*Cell", kind: .name)
        #expect(g.matches("FeedCell"))
        #expect(g.matches("Feed/Cell"))
        #expect(!g.matches("FeedCellView"))
        #expect(try Glob("UI**View", kind: .name).matches("UIImageView"))
    }

    @Test("invalid patterns say what is wrong and where", arguments: [
        ("", "empty", 0),
        ("a/[bc", "no ']' closes", 2),
        ("a/b**", "whole path segment", 3),
        ("***", "'***'", 0),
        (#"ab\"#, "escapes nothing", 2),
        ("[z-a]", "runs backwards", 1),
    ])
    func invalid(_ pattern: String, _ words: String, _ offset: Int) {
        #expect {
            _ = try Glob(pattern, kind: .path)
        } throws: { error in
            guard let e = error as? Glob.SyntaxError else { return false }
            return e.message.contains(words) && e.offset == offset
        }
    }

    @Test("many stars stay fast")
    func noExponentialBacktracking() throws {
        let g = try Glob(String(repeating: "*a", count: 30) + "b", kind: .name)
        #expect(!g.matches(String(repeating: "a", count: 200)))
    }
}
