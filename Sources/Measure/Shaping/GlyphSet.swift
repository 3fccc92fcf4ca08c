/// A set of glyph ids of one font, as a bit array: which glyphs make the fast path's answer differ from HarfBuzz's
/// (see `ShapingTriggers`). Membership is one shift and one load.
struct GlyphSet: Sendable, Hashable {
    private var words: [UInt64]

    /// An empty set for a font of `glyphCount` glyphs.
    init(glyphCount: Int) {
        words = [UInt64](repeating: 0, count: (max(glyphCount, 1) + 63) / 64)
    }

    /// Adds `glyph`; glyphs past the font's count are ignored (no font maps to them).
    mutating func insert(_ glyph: UInt32) {
        let word = Int(glyph >> 6)
        guard word < words.count else { return }
        words[word] |= 1 << UInt64(glyph & 63)
    }

    /// Adds every glyph of the font.
    mutating func insertAll() {
        for index in words.indices { words[index] = ~0 }
    }

    /// Whether `glyph` is in the set.
    @inline(__always)
    func contains(_ glyph: UInt32) -> Bool {
        let word = Int(glyph >> 6)
        return word < words.count && words[word] & (1 << UInt64(glyph & 63)) != 0
    }

    /// The set's bits copied into memory the caller owns and deallocates: for a reader that asks `contains` on every
    /// thread, which must not retain `words` (a set shared by sessions would have the cores trade its count).
    func copiedWords() -> UnsafeMutableBufferPointer<UInt64> {
        let copy = UnsafeMutableBufferPointer<UInt64>.allocate(capacity: words.count)
        _ = copy.initialize(from: words)
        return copy
    }

    /// `contains` over bits from `copiedWords()`.
    @inline(__always)
    static func contains(_ glyph: UInt32, inWords words: UnsafeMutableBufferPointer<UInt64>) -> Bool {
        let word = Int(glyph >> 6)
        return word < words.count && words[word] & (1 << UInt64(glyph & 63)) != 0
    }

    /// How many glyphs the set holds.
    var count: Int { words.reduce(0) { $0 + $1.nonzeroBitCount } }
}
