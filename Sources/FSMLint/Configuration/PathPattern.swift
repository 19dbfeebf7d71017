/// A glob over slash-separated paths relative to a configuration file's directory, as used by
/// `overrides[].paths` and `exclude`.
///
/// `*` matches any run of characters within one path segment, `?` one character, and a
/// segment `**` any number of segments, including none. A pattern also matches every path
/// inside a directory it matches, so `legacy`, `legacy/` and `legacy/**` all cover
/// `legacy/old/door.json`.
public struct PathPattern: Hashable, Sendable, CustomStringConvertible {
    /// The pattern as written.
    public let pattern: String
    private let segments: [String]

    /// A pattern; a leading `./` is ignored.
    public init(_ pattern: String) {
        self.pattern = pattern
        var segments = pattern.split(separator: "/", omittingEmptySubsequences: true).map(String.init)
        while segments.first == "." { segments.removeFirst() }
        self.segments = segments
    }

    public var description: String { pattern }

    /// Whether `path`, relative to the configuration's directory, or a directory containing
    /// it matches.
    ///
    /// - Complexity: O(pattern segments × path segments) segment comparisons: `**` is matched
    ///   with a table, not by backtracking.
    public func matches(_ path: String) -> Bool {
        let parts = path.split(separator: "/", omittingEmptySubsequences: true).map(String.init)
        guard !segments.isEmpty else { return false }
        // matched[p][s]: pattern segments p... match a prefix of path segments s...
        let columns = parts.count + 1
        var matched = [Bool](repeating: false, count: (segments.count + 1) * columns)
        for s in 0...parts.count { matched[segments.count * columns + s] = true }
        for p in stride(from: segments.count - 1, through: 0, by: -1) {
            for s in stride(from: parts.count, through: 0, by: -1) {
                let result: Bool
                if segments[p] == "**" {
                    result = matched[(p + 1) * columns + s] || (s < parts.count && matched[p * columns + s + 1])
                } else {
                    result =
                        s < parts.count && Self.segment(segments[p], matches: parts[s])
                        && matched[(p + 1) * columns + s + 1]
                }
                matched[p * columns + s] = result
            }
        }
        return matched[0]
    }

    /// `*` and `?` within one segment.
    private static func segment(_ pattern: String, matches name: String) -> Bool {
        let pattern = Array(pattern.unicodeScalars)
        let name = Array(name.unicodeScalars)
        // matched[j]: the pattern so far matches name[..<j].
        var matched = [Bool](repeating: false, count: name.count + 1)
        matched[0] = true
        for symbol in pattern {
            var next = [Bool](repeating: false, count: name.count + 1)
            switch symbol {
            case "*":
                var any = false
                for j in 0...name.count {
                    any = any || matched[j]
                    next[j] = any
                }
            case "?":
                for j in 0..<name.count where matched[j] { next[j + 1] = true }
            default:
                for j in 0..<name.count where matched[j] && name[j] == symbol { next[j + 1] = true }
            }
            matched = next
        }
        return matched[name.count]
    }
}
