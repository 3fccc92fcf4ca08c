import Catalogs

/// The source language's widths, by catalog group, key, variant and content size, so each translation can be shown
/// beside its source (its growth).
///
/// Plural categories differ between languages (Polish has `few` and `many`, English only `one` and `other`), so a
/// variant the source lacks falls back component by component to the source's `other` category, then to the key's
/// first source variant.
struct SourceWidthIndex {
    /// The key compares code points (`ExactText`): `café` and `cafe\u{301}` are two keys with two sources.
    private struct Key: Hashable {
        var group: String
        var key: ExactText
        var contentSize: String?
    }

    private var widths: [Key: [(variant: String, width: Double)]] = [:]

    mutating func add(group: String, key: String, variant: String, contentSize: String?, width: Double) {
        widths[Key(group: group, key: ExactText(key), contentSize: contentSize), default: []].append((variant, width))
    }

    func width(group: String, key: String, variant: String, contentSize: String?) -> Double? {
        guard let candidates = widths[Key(group: group, key: ExactText(key), contentSize: contentSize)] else {
            return nil
        }
        if let exact = candidates.first(where: { $0.variant == variant }) { return exact.width }
        // Each component whose category the source lacks becomes `other` (`a.few/b.few` → `a.other/b.other`), so
        // several plural variables fall back one by one.
        var components = variant.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        for index in components.indices {
            let prefix = components[...index].joined(separator: "/")
            let known = candidates.contains { $0.variant == prefix || $0.variant.hasPrefix(prefix + "/") }
            if !known, let dot = components[index].lastIndex(of: ".") {
                components[index] = components[index][..<dot] + ".other"
            }
        }
        let fallback = components.joined(separator: "/")
        if let match = candidates.first(where: { $0.variant == fallback }) { return match.width }
        return candidates.first?.width
    }
}
