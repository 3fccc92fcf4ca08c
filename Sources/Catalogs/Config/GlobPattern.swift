/// A shell-style wildcard pattern over keys and paths: `*` any run of characters (including none), `?` one
/// character, `[abc]`/`[a-z]`/`[!abc]` one character of (or not of) a set; everything else matches itself.
///
/// Matching works on Unicode scalars and backtracks only to the last `*`, so it is linear for the patterns config
/// files hold.
public struct GlobPattern: Sendable, Hashable, CustomStringConvertible {
    public let description: String
    private let scalars: [Unicode.Scalar]

    /// The pattern `pattern` (never fails: a `[` without its `]` matches itself).
    public init(_ pattern: String) {
        description = pattern
        scalars = Array(pattern.unicodeScalars)
    }

    /// Whether `text` matches the whole pattern.
    public func matches(_ text: String) -> Bool {
        let text = Array(text.unicodeScalars)
        var p = 0, t = 0
        var star: Int? = nil, starText = 0
        while t < text.count {
            if p < scalars.count, scalars[p] == "*" {
                star = p
                starText = t
                p += 1
            } else if p < scalars.count, let next = matchOne(at: p, text[t]) {
                p = next
                t += 1
            } else if let star {
                p = star + 1
                starText += 1
                t = starText
            } else {
                return false
            }
        }
        while p < scalars.count, scalars[p] == "*" { p += 1 }
        return p == scalars.count
    }

    /// If the pattern element at `p` (not `*`) matches `scalar`, the index after that element.
    private func matchOne(at p: Int, _ scalar: Unicode.Scalar) -> Int? {
        switch scalars[p] {
        case "?":
            return p + 1
        case "[":
            var i = p + 1
            let negated = i < scalars.count && (scalars[i] == "!" || scalars[i] == "^")
            if negated { i += 1 }
            var matched = false
            var first = true
            while i < scalars.count, scalars[i] != "]" || first {
                first = false
                if i + 2 < scalars.count, scalars[i + 1] == "-", scalars[i + 2] != "]" {
                    if scalars[i].value <= scalar.value && scalar.value <= scalars[i + 2].value { matched = true }
                    i += 3
                } else {
                    if scalars[i] == scalar { matched = true }
                    i += 1
                }
            }
            // An unclosed `[` is an ordinary character.
            guard i < scalars.count else { return scalars[p] == scalar ? p + 1 : nil }
            return matched != negated ? i + 1 : nil
        default:
            return scalars[p] == scalar ? p + 1 : nil
        }
    }
}
