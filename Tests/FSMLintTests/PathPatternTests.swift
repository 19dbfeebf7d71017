import FSMLint
import Testing

@Suite struct PathPatternTests {
    @Test(arguments: [
        ("legacy/**", "legacy/door.json", true),
        ("legacy/**", "legacy/old/door.json", true),
        ("legacy", "legacy/old/door.json", true),
        ("legacy/", "legacy/door.json", true),
        ("./legacy/*.json", "legacy/door.json", true),
        ("legacy/*.json", "legacy/old/door.json", false),
        ("legacy/**", "legacyish/door.json", false),
        ("legacy/**", "new/legacy/door.json", false),
        ("**/legacy/**", "new/legacy/door.json", true),
        ("**/*.yaml", "a/b/c.yaml", true),
        ("**/*.yaml", "c.yaml", true),
        ("**/*.yaml", "c.json", false),
        ("*.json", "door.json", true),
        ("*.json", "sub/door.json", false),
        ("d??r.json", "door.json", true),
        ("d?r.json", "door.json", false),
        ("a/**/b/**/c", "a/x/b/y/z/c", true),
        ("a/**/b/**/c", "a/c", false),
        ("*", "anything/at/all", true),
    ])
    func matches(pattern: String, path: String, expected: Bool) {
        #expect(PathPattern(pattern).matches(path) == expected, "\(pattern) ~ \(path)")
    }

    @Test func manyStarsStayFast() {
        let pattern = PathPattern(String(repeating: "**/", count: 30) + "x")
        let path = Array(repeating: "d", count: 200).joined(separator: "/") + "/y"
        #expect(!pattern.matches(path))
        #expect(PathPattern(String(repeating: "*", count: 40) + "b").matches(String(repeating: "a", count: 500)) == false)
    }
}
