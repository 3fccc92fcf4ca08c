import Catalogs

/// The source language's widths, by catalog group, key, variant and content size, so each translation can be shown
/// beside its source (its growth).
///
/// Plural categories differ between languages (Polish has `few` and `many`, English only `one` and `other`), so a
/// variant the source lacks falls back to the source's variant with the same prefix ending in `other`, then to the
/// key's first source variant.
struct SourceWidthIndex {
    private struct Key: Hashable {
        var group: String
        var key: String
        var contentSize: String?
    }

    private var widths: [Key: [(variant: String, width: Double)]] = [:]

    mutating func add(group: String, key: String, variant: String, contentSize: String?, width: Double) {
        widths[Key(group: group, key: key, contentSize: contentSize), default: []].append((variant, width))
    }

    func width(group: String, key: String, variant: String, contentSize: String?) -> Double? {
        guard let candidates = widths[Key(group: group, key: key, contentSize: contentSize)] else { return nil }
        if let exact = candidates.first(where: { $0.variant == variant }) { return exact.width }
        if let dot = variant.lastIndex(of: ".") {
            let other = variant[..<dot] + ".other"
            if let fallback = candidates.first(where: { $0.variant == other }) { return fallback.width }
        }
        return candidates.first?.width
    }
}
