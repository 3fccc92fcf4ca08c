/// Collects kerning from lookups in order and resolves their precedence into a `KerningTable`.
///
/// GPOS "Lookup Table" semantics: within one lookup the first subtable that covers the left glyph and has an entry for
/// the pair decides, and a PairPos format 2 subtable has an entry for every right glyph once it covers the left one
/// (unlisted right glyphs are class 0), so it closes the lookup for that left glyph. Across lookups the adjustments
/// add. Call `beginLookup()` before each lookup's subtables (each legacy 'kern' subtable is its own "lookup", since
/// their values add too).
struct KerningTableBuilder {
    private struct Pending {
        var lookup: Int
        var pairs: [UInt32: Int32] = [:]
        var classTable: Int32 = -1
        var rowStart: Int32 = 0
        /// A format 2 subtable answered: later subtables of this lookup never see this left glyph.
        var closed = false
    }

    private var pending: [UInt32: [Pending]] = [:]
    private var lookup = -1
    private var classTables: [KerningTable.ClassTable] = []
    private var matrix: [Int32] = []

    mutating func beginLookup() {
        lookup += 1
    }

    /// This lookup's entry for `left`, made if missing; nil if an earlier subtable of the lookup closed it.
    ///
    /// The list is changed where the dictionary holds it: a copy taken out and written back made every call copy the
    /// entry's pairs, so a font adding to one left glyph many times (a hostile 'kern' table's overlapping subtables)
    /// took quadratic time.
    private mutating func withEntry(_ left: UInt32, _ body: (inout Pending) -> Void) {
        let lookup = self.lookup
        func update(_ list: inout [Pending]) {
            if list.last?.lookup != lookup { list.append(Pending(lookup: lookup)) }
            if !list[list.count - 1].closed { body(&list[list.count - 1]) }
        }
        update(&pending[left, default: []])
    }

    /// A PairPos format 1 (or 'kern' format 0) subtable's pairs for `left`; pairs an earlier subtable of the same
    /// lookup already answered keep their first value.
    mutating func addPairs(left: UInt32, _ pairs: [(right: UInt32, value: Int32)]) {
        withEntry(left) { entry in
            for pair in pairs where entry.pairs[pair.right] == nil { entry.pairs[pair.right] = pair.value }
        }
    }

    /// Registers a PairPos format 2 subtable found at table position `at`: its ClassDef2 and its class1Count ×
    /// class2Count xAdvance matrix. Returns the handle `addClassRow` takes. A subtable that several lookups share is
    /// stored once (so a hostile font cannot multiply one big matrix by referring to it many times).
    mutating func addClassTable(
        at position: Int, classDef2: OpenTypeClassDef, class2Count: UInt16,
        matrix rows: [Int32]
    ) -> Int {
        if let known = classTableAt[position] { return known }
        classTableAt[position] = classTables.count
        classTables.append(KerningTable.ClassTable(classDef2: classDef2, class2Count: class2Count))
        matrixStarts.append(Int32(matrix.count))
        matrix.append(contentsOf: rows)
        return classTables.count - 1
    }

    private var matrixStarts: [Int32] = []
    private var classTableAt: [Int: Int] = [:]

    /// `left` is covered by format 2 subtable `table` with class 1 `class1`: every right glyph not already paired in
    /// this lookup gets the class row's value, and the lookup is closed for `left`.
    mutating func addClassRow(left: UInt32, table: Int, class1: Int) {
        let start = matrixStarts[table] + Int32(class1 * Int(classTables[table].class2Count))
        withEntry(left) { entry in
            entry.classTable = Int32(table)
            entry.rowStart = start
            entry.closed = true
        }
    }

    /// The flattened table. Pair-only components of one left glyph are summed into one; zero pairs that shadow nothing
    /// are dropped.
    func build() -> KerningTable {
        guard let maxLeft = pending.keys.max() else { return .empty }
        var componentStart = [Int32](repeating: 0, count: Int(maxLeft) + 2)
        var components: [KerningTable.Component] = []
        var pairRights: [UInt32] = [], pairValues: [Int32] = []
        for left in 0...maxLeft {
            componentStart[Int(left)] = Int32(components.count)
            guard let list = pending[left] else { continue }
            var summed: [UInt32: Int32] = [:]
            for entry in list where entry.classTable < 0 {
                for (right, value) in entry.pairs { summed[right, default: 0] &+= value }
            }
            summed = summed.filter { $0.value != 0 }
            func append(_ pairs: [UInt32: Int32], classTable: Int32, rowStart: Int32) {
                let start = Int32(pairRights.count)
                for (right, value) in pairs.sorted(by: { $0.key < $1.key }) {
                    pairRights.append(right)
                    pairValues.append(value)
                }
                components.append(
                    KerningTable.Component(
                        pairStart: start, pairEnd: Int32(pairRights.count),
                        classTable: classTable, rowStart: rowStart))
            }
            if !summed.isEmpty { append(summed, classTable: -1, rowStart: 0) }
            // A class component keeps its zero pairs: they shadow the class row.
            for entry in list where entry.classTable >= 0 {
                append(entry.pairs, classTable: entry.classTable, rowStart: entry.rowStart)
            }
        }
        componentStart[Int(maxLeft) + 1] = Int32(components.count)
        guard !components.isEmpty else { return .empty }
        return KerningTable(
            componentStart: componentStart, components: components, pairRights: pairRights,
            pairValues: pairValues, classTables: classTables, matrix: matrix)
    }
}
