/// The standard ligatures of one face, flattened per first glyph in the order GSUB would try them.
///
/// For each first glyph, its candidates are those of every 'liga' lookup in lookup-index order, each lookup's
/// subtables in order, each LigatureSet's ligatures in order; the first candidate whose remaining components follow in
/// the text wins ("LigatureSubst": "the Ligature tables are ordered by preference").
struct LigatureTable: Sendable {
    /// CSR index: the candidates of first glyph `g` are `candidateStart[g] ..< candidateStart[g + 1]`.
    let candidateStart: [Int32]
    /// Per candidate: the ligature glyph.
    let ligatureGlyphs: [UInt32]
    /// CSR index of each candidate's components after the first: `components[componentStart[c] ..< componentStart[c + 1]]`.
    let componentStart: [Int32]
    let components: [UInt32]

    static let empty = LigatureTable(candidateStart: [], ligatureGlyphs: [], componentStart: [0], components: [])

    var isEmpty: Bool { ligatureGlyphs.isEmpty }

    /// Builds the flat table from candidates collected in preference order.
    init(candidates: [UInt32: [(components: [UInt32], glyph: UInt32)]]) {
        guard let maxFirst = candidates.keys.max() else {
            self = .empty
            return
        }
        var candidateStart = [Int32](repeating: 0, count: Int(maxFirst) + 2)
        var ligatureGlyphs: [UInt32] = [], componentStart: [Int32] = [0], components: [UInt32] = []
        for first in 0...maxFirst {
            candidateStart[Int(first)] = Int32(ligatureGlyphs.count)
            for candidate in candidates[first] ?? [] {
                ligatureGlyphs.append(candidate.glyph)
                components.append(contentsOf: candidate.components)
                componentStart.append(Int32(components.count))
            }
        }
        candidateStart[Int(maxFirst) + 1] = Int32(ligatureGlyphs.count)
        self.init(
            candidateStart: candidateStart, ligatureGlyphs: ligatureGlyphs, componentStart: componentStart,
            components: components)
    }

    private init(candidateStart: [Int32], ligatureGlyphs: [UInt32], componentStart: [Int32], components: [UInt32]) {
        self.candidateStart = candidateStart
        self.ligatureGlyphs = ligatureGlyphs
        self.componentStart = componentStart
        self.components = components
    }

    /// Whether some candidate for first glyph `first` could match where `second` follows it: its first remaining
    /// component is `second`, or it has no remaining component. When this is false for every neighbouring pair of a
    /// run, `match` finds nothing anywhere in it (the Latin-1 segment path relies on that to skip the search).
    func mayStart(_ first: UInt32, _ second: UInt32) -> Bool {
        guard first &+ 1 < UInt32(candidateStart.count) else { return false }
        for candidate in Int(candidateStart[Int(first)])..<Int(candidateStart[Int(first) + 1]) {
            let low = Int(componentStart[candidate]), high = Int(componentStart[candidate + 1])
            if high == low || components[low] == second { return true }
        }
        return false
    }

    /// Whether some ligature starts with glyph `first` (whatever follows it): when it is false, no ligature starts
    /// there, and `mayStart` is false for every second glyph.
    func mayStartAny(_ first: UInt32) -> Bool {
        guard first &+ 1 < UInt32(candidateStart.count) else { return false }
        return candidateStart[Int(first)] < candidateStart[Int(first) + 1]
    }

    /// The first candidate that matches the glyphs from `start` on: glyphs replaced (≥ 2) and the ligature glyph.
    func match(_ glyphs: UnsafeBufferPointer<UInt32>, at start: Int) -> (count: Int, glyph: UInt32)? {
        guard start >= 0, start < glyphs.count else { return nil }
        let first = glyphs[start]
        guard first &+ 1 < UInt32(candidateStart.count) else { return nil }
        let available = glyphs.count - start - 1
        for candidate in Int(candidateStart[Int(first)])..<Int(candidateStart[Int(first) + 1]) {
            let low = Int(componentStart[candidate]), high = Int(componentStart[candidate + 1])
            guard high - low <= available else { continue }
            var matches = true
            for index in low..<high where components[index] != glyphs[start + 1 + index - low] {
                matches = false
                break
            }
            if matches { return (high - low + 1, ligatureGlyphs[candidate]) }
        }
        return nil
    }
}
