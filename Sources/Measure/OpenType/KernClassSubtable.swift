/// A class-based 'kern' subtable (formats 2 and 3) as `KerningTableBuilder` holds a GPOS PairPos format 2 one: the
/// right glyphs' classes as a class definition and a row of values per left class.
///
/// Both formats give each glyph a left and a right number (a class, or format 2's offsets) from a table over a span
/// of glyphs — every other glyph has the number 0 — and a pair's value is a function of the two numbers. The distinct
/// right numbers become the classes (0 stays 0, as in a ClassDef), the distinct left numbers the rows; glyphs of the
/// left span get their row, and where the row of 0 kerns anything, so do the font's other glyphs.
struct KernClassSubtable {
    let position: Int
    let classDef: OpenTypeClassDef
    let classCount: UInt16
    let matrix: [Int32]
    let left: (first: Int, rows: [Int])

    init(
        left: (first: Int, values: [Int]), right: (first: Int, values: [Int]), work: inout Int, budget: Int,
        position: Int, value: (Int, Int) -> Int32
    ) throws(LegacyKernTable.BeyondReading) {
        var rightNumbers = [0]
        var rightClass: [Int: Int] = [0: 0]
        let classes = right.values.map { number in
            if let known = rightClass[number] { return UInt16(known) }
            rightClass[number] = rightNumbers.count
            rightNumbers.append(number)
            return UInt16(rightNumbers.count - 1)
        }
        var leftNumbers = [0]
        var leftRow: [Int: Int] = [0: 0]
        let rows = left.values.map { number in
            if let known = leftRow[number] { return known }
            leftRow[number] = leftNumbers.count
            leftNumbers.append(number)
            return leftNumbers.count - 1
        }
        // A class definition holds classes 0 to 65,535.
        guard rightNumbers.count <= 0x1_0000 - 1 else {
            throw LegacyKernTable.BeyondReading(description: "\(rightNumbers.count) right classes, more than 65,535")
        }
        try LegacyKernTable.charge(leftNumbers.count * rightNumbers.count, to: &work, budget: budget)
        var matrix: [Int32] = []
        matrix.reserveCapacity(leftNumbers.count * rightNumbers.count)
        for leftNumber in leftNumbers {
            for rightNumber in rightNumbers { matrix.append(value(leftNumber, rightNumber)) }
        }
        self.position = position
        classDef = OpenTypeClassDef(firstGlyph: UInt32(right.first), classes: classes)
        classCount = UInt16(rightNumbers.count)
        self.matrix = matrix
        self.left = (left.first, rows)
        let columns = rightNumbers.count
        rowKerns = (0..<leftNumbers.count).map { row in
            matrix[row * columns..<(row + 1) * columns].contains { $0 != 0 }
        }
    }

    /// Whether each row has a value other than 0; row 0 is the left number 0's, every glyph outside the left span.
    private let rowKerns: [Bool]

    /// The glyphs outside the left span that the row of 0 kerns: those of the font's `glyphCount`.
    private func zeroRowGlyphs(glyphCount: Int) -> Int {
        guard rowKerns[0] else { return 0 }
        let span = max(0, min(left.first + left.rows.count, glyphCount) - min(left.first, glyphCount))
        return min(glyphCount, 65_536) - span
    }

    /// At most how many left glyphs `add` gives a row (the span's whether or not their row kerns): what the budget
    /// charges for the builder's work.
    func rowCount(glyphCount: Int) -> Int {
        left.rows.count + zeroRowGlyphs(glyphCount: glyphCount)
    }

    /// Adds the subtable to `builder`'s current lookup: each left glyph whose row kerns, and where the row of 0 kerns,
    /// every glyph of the font's `glyphCount` outside the left span too.
    func add(to builder: inout KerningTableBuilder, glyphCount: Int) {
        let table = builder.addClassTable(at: position, classDef2: classDef, class2Count: classCount, matrix: matrix)
        for (index, row) in left.rows.enumerated() where rowKerns[row] {
            builder.addClassRow(left: UInt32(left.first + index), table: table, class1: row)
        }
        guard rowKerns[0] else { return }
        let span = left.first..<left.first + left.rows.count
        for glyph in 0..<min(glyphCount, 65_536) where !span.contains(glyph) {
            builder.addClassRow(left: UInt32(glyph), table: table, class1: 0)
        }
    }
}
