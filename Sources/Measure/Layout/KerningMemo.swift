/// A session's memo of the pair kerning the one-pass fit looks up in its fonts (`LayoutEngine.kerning`): the last two
/// pairs that hashed to each pair of its `slotCount` slots, with their kerning in points. (Two ways: with one slot a
/// hash, a warm pass over the bench's CJK corpus missed about 25,800 times, pairs driving each other out; two ways in
/// the same memory cost a warm CJK repetition 0.4 % fewer instructions, callgrind.)
///
/// Chinese and Japanese text asks the same few thousand pairs again and again (kana after kana, a comma after an
/// ideograph) — about 100,000 lookups in a pass over the bench's CJK corpus, each a search of the font's pair and
/// class tables — so a slot that remembers the answer saves most of them. The answer is the lookup's own value,
/// kept as it came, so nothing measured changes.
///
/// A view of memory `OnePassTables` owns (allocated zeroed with the tables, freed with them): used by one thread at a
/// time, behind the session's lock, like the tables. Keys carry the font, so one session's engine — a session has
/// one — is all it ever sees.
struct KerningMemo {
    /// A remembered pair: `key` (0: empty) and the kerning `LayoutEngine.kerning` gave it.
    struct Slot {
        var key: UInt64
        var kern: Double
    }

    /// 4,096 slots of 16 bytes: 64 KiB a session.
    static let slotCount = 4096
    let slots: UnsafeMutablePointer<Slot>

    /// The kerning in points between `left` and `right` in the engine's font `font`, as `engine.kerning` gives it.
    @inline(__always)
    func kerning(_ left: UInt32, _ right: UInt32, font: UInt8, engine: LayoutEngine) -> Double {
        // OpenType glyph ids are 16 bits; anything wider is looked up every time.
        guard left | right < 0x1_0000 else { return engine.kerning(left, right, font: Int(font)) }
        let key = 1 << 63 | UInt64(font) << 32 | UInt64(left) << 16 | UInt64(right)
        // Fibonacci hashing: the product's top 11 bits pick one of 2,048 pairs of slots.
        let slot = slots + 2 &* Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) >> 53)
        if slot.pointee.key == key { return slot.pointee.kern }
        if slot[1].key == key { return slot[1].kern }
        return remember(left, right, font: font, key: key, in: slot, engine: engine)
    }

    /// Looks the pair up in its font and keeps it in the first of the pair of slots at `slot`, what was there moving
    /// to the second.
    @inline(never)
    private func remember(
        _ left: UInt32, _ right: UInt32, font: UInt8, key: UInt64, in slot: UnsafeMutablePointer<Slot>,
        engine: LayoutEngine
    ) -> Double {
        let kern = engine.kerning(left, right, font: Int(font))
        slot[1] = slot.pointee
        slot.pointee = Slot(key: key, kern: kern)
        return kern
    }
}
