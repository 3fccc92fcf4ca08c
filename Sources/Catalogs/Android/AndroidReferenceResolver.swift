/// Resolves `@string/NAME` references, each name once, in layers of definitions: the file's own, then (when the file
/// is read from its folder) its folder's other files and the folders its locale falls back to.
///
/// A string whose value is `@string/b` shows b's text; b may itself be a reference, and so on, each name taken from
/// the first layer that defines it. Following every chain from its start costs the square of its length when many
/// strings lead into one long chain (20,000 links: 200 million steps), so each name's resolution is remembered: a
/// chain is walked once, and every name on it gets its answer. A chain that comes back to a name already on it is a
/// cycle (aapt2 cannot give such a string a value); every name on it, and every name leading into it, resolves to
/// the cycle, which is reported with the names. The layers are looked through, never merged: a folder's definitions,
/// shared by every file that falls back to it, are not copied for each.
///
/// ```swift
/// let file = AndroidStringDefinitions(texts: ["c": "Done"], links: ["a": "b", "b": "c"])
/// var resolver = AndroidReferenceResolver(layers: [file])
/// resolver.resolve("a")   // .text("Done"); b is now known too
/// ```
///
/// - Complexity: O(number of names × layers) for all resolutions together.
struct AndroidReferenceResolver {
    /// What a name resolves to.
    enum Resolution: Sendable, Hashable {
        case text(String)
        /// The chain ends at a name the file does not define (that name).
        case undefined(String)
        /// The chain runs into a cycle: the names on it, the first again at the end (`a → b → a`).
        case cycle([String])
    }

    /// The definitions, most specific first.
    let layers: [AndroidStringDefinitions]
    private var resolved: [String: Resolution] = [:]

    init(layers: [AndroidStringDefinitions]) {
        self.layers = layers
    }

    /// What `name` resolves to, following links, each name's definition from the first layer that has one.
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
            let definition = layers.lazy.compactMap { $0.definition(of: current) }.first
            if case .text(let text) = definition {
                result = .text(text)
                break
            }
            if let start = onPath[current] {
                result = .cycle(Array(path[start...]) + [current])
                break
            }
            guard case .link(let next) = definition else {
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
