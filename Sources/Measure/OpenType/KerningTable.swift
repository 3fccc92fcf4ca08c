/// Every kerning pair of one face, flattened for a fast `adjustment(left, right)`.
///
/// Built by `KerningTableBuilder` from GPOS PairPos lookups or the legacy 'kern' table. Each left glyph owns a few
/// *components*, one per lookup that covers it (pure pair lists of different lookups are merged by summing, since
/// lookups add): a sorted run of (right glyph, value) pairs, then optionally a PairPos format 2 class row consulted
/// when the right glyph is not in the run. The answer is the sum over the left glyph's components. Everything lives in
/// flat arrays indexed by glyph id, so a call is an index, usually one short binary search, and no hashing or
/// allocation.
struct KerningTable: Sendable {
    /// One lookup's (or several merged pair-only lookups') answer for one left glyph.
    struct Component: Sendable {
        /// `pairRights`/`pairValues` indices of this component's pairs, sorted by right glyph.
        var pairStart: Int32
        var pairEnd: Int32
        /// Index into `classTables` of the PairPos format 2 subtable that answers unlisted right glyphs, or -1.
        var classTable: Int32
        /// Start in `matrix` of the left glyph's Class1Record row (xAdvance of value1 per class 2).
        var rowStart: Int32
    }

    /// A PairPos format 2 subtable's ClassDef2 and class 2 count; its matrix rows live in `matrix`.
    struct ClassTable: Sendable {
        var classDef2: OpenTypeClassDef
        var class2Count: UInt16
    }

    /// CSR index: the components of left glyph `g` are `components[componentStart[g] ..< componentStart[g + 1]]`.
    let componentStart: [Int32]
    let components: [Component]
    let pairRights: [UInt32]
    let pairValues: [Int32]
    let classTables: [ClassTable]
    let matrix: [Int32]
    /// One bit per glyph id below 65,536: set when the glyph can be the right side of a non-zero adjustment. Most
    /// glyphs of a CJK font (every ideograph) never are, so their pairs are answered without a search.
    let mayKernAsRight: [UInt64]

    init(
        componentStart: [Int32], components: [Component], pairRights: [UInt32], pairValues: [Int32],
        classTables: [ClassTable], matrix: [Int32]
    ) {
        self.componentStart = componentStart
        self.components = components
        self.pairRights = pairRights
        self.pairValues = pairValues
        self.classTables = classTables
        self.matrix = matrix
        var mask = [UInt64](repeating: 0, count: 1024)
        func mark(_ glyph: UInt32) {
            if glyph < 65_536 { mask[Int(glyph >> 6)] |= 1 << UInt64(glyph & 63) }
        }
        for (right, value) in zip(pairRights, pairValues) where value != 0 { mark(right) }
        // Class-based subtables: the second classes that some row uses with a non-zero value…
        var liveClasses = classTables.map { [Bool](repeating: false, count: Int($0.class2Count)) }
        for component in components where component.classTable >= 0 {
            let table = Int(component.classTable)
            for class2 in 0..<Int(classTables[table].class2Count)
            where matrix[Int(component.rowStart) + class2] != 0 {
                liveClasses[table][class2] = true
            }
        }
        // …and every glyph in one of them (class 0 holds every glyph the ClassDef does not list).
        for (table, live) in zip(classTables, liveClasses) where live.contains(true) {
            for glyph in UInt32(0)..<65_536 {
                let class2 = Int(table.classDef2.classOf(glyph))
                if class2 < live.count && live[class2] { mark(glyph) }
            }
        }
        mayKernAsRight = mask
    }

    static let empty = KerningTable(
        componentStart: [], components: [], pairRights: [], pairValues: [],
        classTables: [], matrix: [])

    var isEmpty: Bool { components.isEmpty }

    /// Whether `glyph` may be the right glyph of a non-zero adjustment: when false, `adjustment(_:glyph)` is 0
    /// whatever the left glyph (glyphs from 65,536 on are not in the bit set, so they may).
    @inline(__always)
    func kernsAsRight(_ glyph: UInt32) -> Bool {
        glyph >= 65_536 || mayKernAsRight[Int(glyph >> 6)] & (1 << UInt64(glyph & 63)) != 0
    }

    /// Whether `glyph` may be the left glyph of an adjustment: whether any component is listed for it. When false,
    /// `adjustment(glyph, _)` is 0 whatever the right glyph (`searchAdjustment` has nothing to sum). Most glyphs of
    /// a CJK font: Noto Sans CJK SC lists 496 left glyphs in its 'kern' lookup, kana and punctuation, no ideograph.
    @inline(__always)
    func kernsAsLeft(_ glyph: UInt32) -> Bool {
        Int(glyph) + 1 < componentStart.count && componentStart[Int(glyph)] < componentStart[Int(glyph) + 1]
    }

    /// The horizontal advance adjustment in font units between `left` and `right`.
    @inline(__always)
    func adjustment(_ left: UInt32, _ right: UInt32) -> Int32 {
        if right < 65_536 && mayKernAsRight[Int(right >> 6)] & (1 << UInt64(right & 63)) == 0 { return 0 }
        return searchAdjustment(left, right)
    }

    /// `adjustment(left, rights[i])` for every `i`, into `results[i]` (`rights` ascending, repeats allowed, as many
    /// as `results`): the left glyph's components and their class tables fetched once for the row, and each pair run
    /// walked once beside `rights`, where `adjustment` fetches them and searches the run for every pair. The same
    /// sums — the same run entry (the first at or after the right glyph), the same class row when the run lacks it,
    /// the same right glyphs answered 0 by their bit. A font's Latin-1 pair matrix (`Font.latin1Kerning`, 190 × 190
    /// pairs) is built so: for DejaVu Sans, whose kerning is two class-based subtables, the whole matrix took 2.18 M
    /// instructions with a lookup per pair and takes 0.78 M (callgrind).
    func adjustments(
        _ left: UInt32, rights: UnsafeBufferPointer<UInt32>, into results: UnsafeMutableBufferPointer<Int32>
    ) {
        precondition(rights.count == results.count, "one result per right glyph")
        assert(zip(rights, rights.dropFirst()).allSatisfy { $0 <= $1 }, "right glyphs ascend")
        for index in results.indices { results[index] = 0 }
        guard Int(left) + 1 < componentStart.count else { return }
        let first = Int(componentStart[Int(left)]), end = Int(componentStart[Int(left) + 1])
        for componentIndex in first..<end {
            let component = components[componentIndex]
            let classTable = component.classTable >= 0 ? classTables[Int(component.classTable)] : nil
            let pairEnd = Int(component.pairEnd)
            var cursor = Int(component.pairStart)
            for index in rights.indices {
                let right = rights[index]
                // `adjustment`'s first test: a right glyph whose bit is clear is 0 whatever the components say.
                guard kernsAsRight(right) else { continue }
                // The rights ascend, so each one's first run entry at or after it lies at or after the last one's.
                while cursor < pairEnd && pairRights[cursor] < right { cursor += 1 }
                if cursor < pairEnd && pairRights[cursor] == right {
                    results[index] &+= pairValues[cursor]
                } else if let classTable {
                    let class2 = classTable.classDef2.classOf(right)
                    if class2 < classTable.class2Count {
                        results[index] &+= matrix[Int(component.rowStart) + Int(class2)]
                    }
                }
            }
        }
    }

    /// `adjustment` without the right glyph's bit: the left glyph's components searched.
    @inline(__always)
    func searchAdjustment(_ left: UInt32, _ right: UInt32) -> Int32 {
        // In `Int`: `left + 1` in 32 bits wraps for glyph 0xFFFF_FFFF, which then passed for a glyph with components.
        guard Int(left) + 1 < componentStart.count else { return 0 }
        let first = Int(componentStart[Int(left)]), end = Int(componentStart[Int(left) + 1])
        var total: Int32 = 0
        var index = first
        while index < end {
            let component = components[index]
            index += 1
            var low = Int(component.pairStart), high = Int(component.pairEnd)
            while low < high {
                let middle = (low + high) >> 1
                if pairRights[middle] < right { low = middle + 1 } else { high = middle }
            }
            if low < Int(component.pairEnd), pairRights[low] == right {
                total &+= pairValues[low]
            } else if component.classTable >= 0 {
                let table = classTables[Int(component.classTable)]
                let class2 = table.classDef2.classOf(right)
                if class2 < table.class2Count { total &+= matrix[Int(component.rowStart) + Int(class2)] }
            }
        }
        return total
    }
}
