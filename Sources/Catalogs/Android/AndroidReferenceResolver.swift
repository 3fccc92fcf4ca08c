/// Resolves `@string/NAME` references within one Android resource file, each name once.
///
/// A string whose value is `@string/b` shows b's text; b may itself be a reference, and so on. Following every
/// chain from its start costs the square of its length when many strings lead into one long chain (20,000 links:
/// 200 million steps), so each name's resolution is remembered: a chain is walked once, and every name on it gets
/// its answer. A chain that comes back to a name already on it is a cycle (aapt2 cannot give such a string a value);
/// every name on it, and every name leading into it, resolves to the cycle, which is reported with the names.
///
/// ```swift
/// var resolver = AndroidReferenceResolver(texts: ["c": "Done"], links: ["a": "b", "b": "c"])
/// resolver.resolve("a")   // .text("Done"); b is now known too
/// ```
///
/// - Complexity: O(number of names) for all resolutions together.
struct AndroidReferenceResolver {
    /// What a name resolves to.
    enum Resolution: Sendable, Hashable {
        case text(String)
        /// The chain ends at a name the file does not define (that name).
        case undefined(String)
        /// The chain runs into a cycle: the names on it, the first again at the end (`a → b → a`).
        case cycle([String])
    }

    /// The text of each string that is not a reference.
    let texts: [String: String]
    /// The name each reference string points to.
    let links: [String: String]
    private var resolved: [String: Resolution] = [:]

    init(texts: [String: String], links: [String: String]) {
        self.texts = texts
        self.links = links
    }

    /// What `name` resolves to, following links (a name with text is its text, whether or not it is also a link,
    /// as in the file's own lookup).
    mutating func resolve(_ name: String) -> Resolution {
        var path: [String] = []
        var onPath: [String: Int] = [:]
        var current = name
        let result: Resolution
        while true {
            if let known = resolved[current] {
                result = known
                break
            }
            if let text = texts[current] {
                result = .text(text)
                break
            }
            if let start = onPath[current] {
                result = .cycle(Array(path[start...]) + [current])
                break
            }
            guard let next = links[current] else {
                result = .undefined(current)
                break
            }
            onPath[current] = path.count
            path.append(current)
            current = next
        }
        for step in path { resolved[step] = result }
        return result
    }

    /// `@string/a → @string/b → @string/a`, shortened in the middle when the cycle is long, names cut short.
    static func describe(cycle names: [String]) -> String {
        let shown = names.map { "@string/" + CatalogExcerpt.of($0) }
        guard shown.count > 6 else { return shown.joined(separator: " → ") }
        return (shown.prefix(3) + ["… (\(names.count - 1) names)"] + shown.suffix(2)).joined(separator: " → ")
    }
}
