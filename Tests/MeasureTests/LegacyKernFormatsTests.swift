import Foundation
import Testing

@testable import Measure

/// The legacy 'kern' table's other forms, as HarfBuzz applies them ("kern — Kerning" in the OpenType spec, "The 'kern'
/// table" in Apple's TrueType Reference Manual): Apple's version 1.0 header, and the class-based formats 2 and 3. A font
/// with such a table and no GPOS was measured unkerned by the fast path while HarfBuzz kerned it (15,787 pt against
/// 15,547 below).
///
/// The tables are built here, byte by byte, for the repository's legacy-kern subset of DejaVu Serif (`TestFonts
/// .legacyKernSubset`: glyphs space 1, T 2, W 3, a 4, e 5, f 6, i 7, v 8, é 10 of 14; 2048 units per em), and every
/// answer is checked against a hand computation and against HarfBuzz (`ShaperChoice.harfBuzz`) on the same font.
@Suite struct LegacyKernFormatsTests {
    static func be16(_ value: Int) -> [UInt8] { [UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)] }
    static func be32(_ value: Int) -> [UInt8] { be16(value >> 16) + be16(value & 0xFFFF) }

    /// The subset's pairs T a −120, W a −80, a v −20, v e +10, and one more, T v −30.
    static let pairs = [(2, 4, -120), (3, 4, -80), (4, 8, -20), (8, 5, 10), (2, 8, -30)]

    /// An OpenType (version 0) table of `subtables`, each a format and coverage byte and its body after the header.
    static func openTypeTable(_ subtables: [(format: Int, coverage: Int, body: [UInt8])]) -> [UInt8] {
        be16(0) + be16(subtables.count)
            + subtables.flatMap {
                be16(0) + be16(6 + $0.body.count) + [UInt8($0.format), UInt8($0.coverage)] + $0.body
            }
    }

    /// An Apple (version 1.0) table of `subtables`.
    static func appleTable(_ subtables: [(format: Int, coverage: Int, body: [UInt8])]) -> [UInt8] {
        be32(0x0001_0000) + be32(subtables.count)
            + subtables.flatMap {
                be32(8 + $0.body.count) + [UInt8($0.coverage), UInt8($0.format)] + be16(0) + $0.body
            }
    }

    /// A format 0 body: the pairs, sorted, after a count and three search fields.
    static func formatZero(_ pairs: [(Int, Int, Int)]) -> [UInt8] {
        be16(pairs.count) + be16(0) + be16(0) + be16(0)
            + pairs.sorted { ($0.0, $0.1) < ($1.0, $1.1) }.flatMap { be16($0.0) + be16($0.1) + be16($0.2 & 0xFFFF) }
    }

    /// A format 2 body after a header of `headerSize` bytes: rows T, W, a, v (left glyphs 2, 3, 4 and 8; the glyphs
    /// between are listed with the value 0) and columns other, a, v, e (right glyphs 4, 5, 8). Left values are row
    /// offsets from the subtable's start (the array's offset plus the row times its width), right values column
    /// offsets, as the spec lays them out.
    static func formatTwo(headerSize: Int, matrix: [[Int]]? = nil) -> [UInt8] {
        let rowWidth = 8
        let left = headerSize + 8
        let right = left + 4 + 2 * 7  // left glyphs 2…8
        let array = right + 4 + 2 * 5  // right glyphs 4…8
        let rows = [2: 0, 3: 1, 4: 2, 8: 3], columns = [4: 1, 8: 2, 5: 3]
        var body = be16(rowWidth) + be16(left) + be16(right) + be16(array)
        body += be16(2) + be16(7) + (2...8).flatMap { be16(rows[$0].map { array + $0 * rowWidth } ?? 0) }
        body += be16(4) + be16(5) + (4...8).flatMap { be16((columns[$0] ?? 0) * 2) }
        let values = matrix ?? [[0, -120, -30, 0], [0, -80, 0, 0], [0, 0, -20, 0], [0, 0, 0, 10]]
        return body + values.joined().flatMap { be16($0 & 0xFFFF) }
    }

    /// An Apple format 3 body: 14 glyphs; left classes T 1, W 2, a 3, v 4; right classes a 1, v 2, e 3; values 0,
    /// −120, −30, −80, −20, +10 and the index of each pair of classes.
    static func formatThree() -> [UInt8] {
        let leftClasses: [UInt8] = [0, 0, 1, 2, 3, 0, 0, 0, 4, 0, 0, 0, 0, 0]
        let rightClasses: [UInt8] = [0, 0, 0, 0, 1, 3, 0, 0, 2, 0, 0, 0, 0, 0]
        let indices: [UInt8] = [0, 0, 0, 0, 0, 1, 2, 0, 0, 3, 0, 0, 0, 0, 4, 0, 0, 0, 0, 5]
        return be16(14) + [6, 5, 4, 0] + [0, -120, -30, -80, -20, 10].flatMap { be16($0 & 0xFFFF) } + leftClasses
            + rightClasses + indices
    }

    /// The subset with its 'kern' table replaced by `table` (appended, the directory pointed at it).
    static func font(kern table: [UInt8], name: String) throws -> Font {
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: TestFonts.legacyKernSubset)))
        return try Font(data: Data(CharacterMapTests.replacingTable("kern", in: bytes, with: table)), name: name)
    }

    static let forms: [(name: String, table: [UInt8])] = [
        ("OpenType format 2", openTypeTable([(2, 0x01, formatTwo(headerSize: 6))])),
        ("Apple format 0", appleTable([(0, 0x00, formatZero(pairs))])),
        ("Apple format 2", appleTable([(2, 0x00, formatTwo(headerSize: 8))])),
        ("Apple format 3", appleTable([(3, 0x00, formatThree())])),
        // Two subtables add: the pairs split between a format 0 and a format 3 one, the latter's own pairs zeroed.
        (
            "Apple formats 0 and 2",
            appleTable([
                (0, 0x00, formatZero([(2, 4, -100), (8, 5, 4)])),
                (
                    2, 0x00,
                    formatTwo(
                        headerSize: 8, matrix: [[0, -20, -30, 0], [0, -80, 0, 0], [0, 0, -20, 0], [0, 0, 0, 6]])
                ),
            ])
        ),
    ]

    /// "Ta Wa av ve Tv" at 2048 pt, where a unit is a point: T 1366, a 1221, space 651, W 2105, v 1157, e 1212 (the
    /// font's hmtx) sum to 15,787; the pairs take 120 + 80 + 20 + 30 and give back 10: 15,547. HarfBuzz says the same.
    @Test(arguments: forms.map(\.name))
    func eachFormKernsAsHarfBuzzDoes(_ name: String) throws {
        let table = try #require(Self.forms.first { $0.name == name }).table
        let font = try Self.font(kern: table, name: name)
        #expect(font.openTypeFeatures.kernsByLegacyTable)
        for (left, right, value) in Self.pairs {
            #expect(font.openTypeFeatures.kerning(UInt32(left), UInt32(right)) == Int32(value), "\(left) \(right)")
        }
        // Glyphs a class table does not list (space 1, é 10) and pairs of listed glyphs with no value.
        #expect(font.openTypeFeatures.kerning(1, 4) == 0 && font.openTypeFeatures.kerning(2, 10) == 0)
        #expect(font.openTypeFeatures.kerning(4, 2) == 0 && font.openTypeFeatures.kerning(8, 8) == 0)
        let text = "Ta Wa av ve Tv"
        let advances: [Double] = [1366, 1221, 651, 2105, 1221, 651, 1221, 1157, 651, 1157, 1212, 651, 1366, 1157]
        let unkerned = advances.reduce(0, +)
        #expect(unkerned == 15_787)
        for shaper in [ShaperChoice.automatic, .harfBuzz] {
            let measurer = TextMeasurer(
                cascade: try FontCascade([font]), pointSize: 2048, options: MeasureOptions(shaper: shaper))
            #expect(measurer.measure(text).width == unkerned - 240, "\(name), \(shaper)")
            // Wrapped at 3,300 pt: a word a line ("Ta", "Wa", "av", "ve", "Tv"), the widest W a, 2105 + 1221 − 80.
            let wrapped = TextMeasurer(
                cascade: try FontCascade([font]), pointSize: 2048,
                options: MeasureOptions(maxWidth: 3_300, shaper: shaper))
            #expect(wrapped.measure(text).lineCount == 5)
            #expect(wrapped.measure(text).width == 3_246)
        }
    }

    static func features(_ table: [UInt8], glyphs: Int = 14) -> OpenTypeFeatures {
        OpenTypeFeatures { tag in
            switch tag {
            case UInt32(tag: "kern"): return table
            case UInt32(tag: "maxp"): return be32(0x0000_5000) + be16(glyphs)
            default: return nil
            }
        }
    }

    /// Which subtables count is HarfBuzz's rule: in OpenType's coverage, horizontal (bit 0) and not cross-stream (bit
    /// 2), the minimum and override bits not looked at; in Apple's, none of vertical, cross-stream and variation.
    @Test func coverageAsHarfBuzzReadsIt() {
        let body = Self.formatZero([(2, 4, -120)])
        for (coverage, kerns) in [(0x01, true), (0x03, true), (0x09, true), (0x00, false), (0x05, false)] {
            let font = Self.features(Self.openTypeTable([(0, coverage, body)]))
            #expect((font.kerning(2, 4) == -120) == kerns, "OpenType coverage \(coverage)")
        }
        for (coverage, kerns) in [(0x00, true), (0x1F, true), (0x80, false), (0x40, false), (0x20, false)] {
            let font = Self.features(Self.appleTable([(0, coverage, body)]))
            #expect((font.kerning(2, 4) == -120) == kerns, "Apple coverage \(coverage)")
        }
    }

    /// Apple's format 1 (a state machine) is not read: said so, and the font's text is left to HarfBuzz, whatever the
    /// subtable's coverage (HarfBuzz's sanitizer checks it even where it does not apply it, and drops the table when
    /// it fails). An OpenType format 3 is no format HarfBuzz applies there, and a version other than 0 and 1.0 is no
    /// kerning: neither needs shaping.
    @Test func formatsNotReadAreSaidAndPassedOver() {
        for coverage in [0x00, 0x80, 0x40, 0x20] {
            let apple = Self.features(
                Self.appleTable([
                    (1, coverage, [UInt8](repeating: 0, count: 10)), (0, 0x00, Self.formatZero([(2, 4, -7)])),
                ]))
            #expect(apple.kerningNeedsShaping, "coverage \(coverage)")
            #expect(apple.diagnostics.contains { $0.contains("format 1 (contextual kerning by a state machine)") })
        }
        let openType = Self.features(
            Self.openTypeTable([(3, 0x01, Self.formatThree()), (0, 0x01, Self.formatZero([(2, 4, -7)]))]))
        #expect(openType.kerning(2, 4) == -7 && openType.kerning(3, 4) == 0 && !openType.kerningNeedsShaping)
        let other = Self.features(Self.be16(2) + Self.be16(0) + Self.be32(1))
        #expect(!other.hasKerning && !other.kerningNeedsShaping)
        #expect(other.diagnostics.contains { $0.contains("version 2 is neither OpenType's (0) nor Apple's (1.0)") })
    }

    /// Tables the pair table cannot hold as HarfBuzz applies them leave the font's text to HarfBuzz, measured on the
    /// subset font with both shapers: an Apple format 1 subtable that is vertical (a review's: the fast path kerned T a
    /// −400 and W a −300 where HarfBuzz, refusing the table, kerned nothing — 12,067 pt against 12,767), and format 0
    /// pairs out of order or given twice (HarfBuzz searches them: it finds one of the two T a pairs).
    @Test func tablesOnlyHarfBuzzAppliesAsItDoesAreShaped() throws {
        let pairs = Self.formatZero([(2, 4, -400), (3, 4, -300)])
        let tables: [(String, [UInt8])] = [
            ("format 1, vertical", Self.appleTable([(1, 0x80, [UInt8](repeating: 0, count: 10)), (0, 0x00, pairs)])),
            (
                "pairs out of order",
                Self.openTypeTable([
                    (
                        0, 0x01,
                        Self.be16(3) + Self.be16(0) + Self.be16(0) + Self.be16(0)
                            + [(8, 5, 10), (2, 4, -400), (3, 4, -300)].flatMap {
                                Self.be16($0.0) + Self.be16($0.1) + Self.be16($0.2 & 0xFFFF)
                            }
                    )
                ])
            ),
            (
                "a pair given twice",
                Self.openTypeTable([
                    (
                        0, 0x01,
                        Self.be16(3) + Self.be16(0) + Self.be16(0) + Self.be16(0)
                            + [(2, 4, -400), (2, 4, -100), (3, 4, -300)].flatMap {
                                Self.be16($0.0) + Self.be16($0.1) + Self.be16($0.2 & 0xFFFF)
                            }
                    )
                ])
            ),
        ]
        for (name, table) in tables {
            let font = try Self.font(kern: table, name: name)
            #expect(font.openTypeFeatures.kerningNeedsShaping, "\(name)")
            let widths = try [ShaperChoice.automatic, .harfBuzz].map { shaper in
                TextMeasurer(cascade: try FontCascade([font]), pointSize: 2048, options: MeasureOptions(shaper: shaper))
                    .measure("Ta Wa Tv av").width
            }
            #expect(widths[0] == widths[1], "\(name): \(widths)")
        }
    }

    /// Format 2's arithmetic, as HarfBuzz's: the value is the 16-bit number at the subtable's start plus the left
    /// and right values, rounded down to a whole value from the array's start; a sum before the array is 0, and so
    /// is a value past what the subtable may read (its length, unless it is the last).
    @Test func formatTwoReadsAsHarfBuzzComputes() {
        // Header 6, fields 8; left table at 14 (glyph 2, values below), right at 20 (glyphs 4, 5), array at 28.
        func table(left: Int, right: (Int, Int), array: [Int], following: [UInt8]? = nil) -> [UInt8] {
            var body = Self.be16(4) + Self.be16(14) + Self.be16(20) + Self.be16(28)
            body += Self.be16(2) + Self.be16(1) + Self.be16(left)
            body += Self.be16(4) + Self.be16(2) + Self.be16(right.0) + Self.be16(right.1)
            body += array.flatMap { Self.be16($0 & 0xFFFF) }
            guard let following else { return Self.openTypeTable([(2, 0x01, body)]) }
            return Self.openTypeTable([(2, 0x01, body), (0, 0x01, following)])
        }
        // Row at 28 (value 28), columns 0 and 2: 28 + 2 → the second value. An odd sum, 28 + 3, rounds down to it.
        let plain = Self.features(table(left: 28, right: (2, 3), array: [-5, -9]))
        #expect(plain.kerning(2, 4) == -9 && plain.kerning(2, 5) == -9)
        // A left value of 20 and a right one of 2 sum to 22, before the array at 28: 0.
        #expect(Self.features(table(left: 20, right: (2, 0), array: [-5, -9])).kerning(2, 4) == 0)
        // A sum past the array: the last subtable reads on to the table's end (here the next two bytes, -3)…
        let past = table(left: 28, right: (4, 0), array: [-5, -9, -3])
        #expect(Self.features(past).kerning(2, 4) == -3)
        // …one before the last only within its length: its own 4 bytes of array end at 32, so 28 + 4 reads nothing.
        let notLast = table(left: 28, right: (4, 0), array: [-5, -9], following: Self.formatZero([(7, 7, 1)]))
        #expect(Self.features(notLast).kerning(2, 4) == 0 && Self.features(notLast).kerning(7, 7) == 1)
    }

    /// Glyphs a class table does not list have the number 0; where the row of 0 kerns (an array placed before the
    /// class tables, so that 0 plus a right value reaches it), it kerns every such glyph of the font as HarfBuzz does —
    /// the font's 'maxp' count of them.
    @Test func theRowOfZeroKernsUnlistedGlyphs() {
        // Header 6, fields 8; array at 14 (two values), left table at 18 (glyph 3: 14), right at 24 (glyph 5: 16).
        var body = Self.be16(2) + Self.be16(18) + Self.be16(24) + Self.be16(14)
        body += Self.be16(-40 & 0xFFFF) + Self.be16(-6 & 0xFFFF)
        body += Self.be16(3) + Self.be16(1) + Self.be16(14)
        body += Self.be16(5) + Self.be16(1) + Self.be16(16)
        let font = Self.features(Self.openTypeTable([(2, 0x01, body)]), glyphs: 300)
        // Glyph 3 (14) with glyph 5 (16): 30 → (30 − 14) / 2 = 8 values on, past the table: 0.
        #expect(font.kerning(3, 5) == 0)
        // Any other glyph (0) with glyph 5 (16): 16 → the second value, −6; glyph 3 with an unlisted one (14 + 0):
        // the first, −40.
        #expect(font.kerning(0, 5) == -6 && font.kerning(299, 5) == -6 && font.kerning(7, 5) == -6)
        #expect(font.kerning(3, 9) == -40 && font.kerning(3, 200) == -40)
        // Past the font's glyphs nothing is listed.
        #expect(font.kerning(300, 5) == 0)
    }

    /// Format 3: a class past its count, or an index past the values, is 0; glyphs from its glyph count on are class
    /// 0, whose row kerns them too.
    @Test func formatThreeOutOfRange() {
        // 4 glyphs; 2 values (0, −50); 2 left and 2 right classes. Left: glyph 1 class 1, glyph 2 class 5 (past the
        // count); right: glyph 1 class 1. Indices: (0,0) 0, (0,1) 1, (1,0) 0, (1,1) 9 (past the values).
        let body =
            Self.be16(4) + [2, 2, 2, 0] + Self.be16(0) + Self.be16(-50 & 0xFFFF) + [0, 1, 5, 0] + [0, 1, 0, 0]
            + [0, 1, 0, 9]
        let font = Self.features(Self.appleTable([(3, 0x00, body)]), glyphs: 20)
        #expect(font.kerning(0, 1) == -50 && font.kerning(3, 1) == -50 && font.kerning(10, 1) == -50)
        #expect(font.kerning(1, 1) == 0 && font.kerning(2, 1) == 0 && font.kerning(0, 0) == 0)
    }

    /// A table is used whole or not at all: a subtable whose length runs past the table's end (HarfBuzz checks every
    /// subtable's length against the table, the last one's too), or class tables that reach past it.
    @Test func aSubtablePastTheTableDropsIt() {
        var table = Self.openTypeTable([(0, 0x01, Self.formatZero([(2, 4, -7)]))])
        table[7] += 2  // the only subtable's length, 2 bytes longer than what follows it
        let font = Self.features(table)
        #expect(font.kerning(2, 4) == 0)
        #expect(font.diagnostics.contains { $0.contains("runs past the table's end") })
        var cut = Self.appleTable([(2, 0x00, Self.formatTwo(headerSize: 8))])
        cut.removeLast(40)
        cut[11] -= 40  // the subtable's length, cut as its bytes are: the array and the right class table are gone
        #expect(!Self.features(cut).hasKerning)
    }

    /// Class tables of many distinct values make a matrix of their product: 20,000 left by 20,000 right values would
    /// be 400 million cells from 160 KB. The table's budget stops it; HarfBuzz may still apply it, so the font's text
    /// is left to HarfBuzz.
    @Test func aHugeClassMatrixIsOverTheBudget() {
        let count = 20_000
        let left = 16, right = left + 4 + 2 * count  // offsets from the subtable's start: its header is 8 bytes
        var body = Self.be16(2) + Self.be16(left) + Self.be16(right) + Self.be16(0)
        body += Self.be16(0) + Self.be16(count) + (0..<count).flatMap { Self.be16(2 * $0 + 1) }
        body += Self.be16(0) + Self.be16(count) + (0..<count).flatMap { Self.be16(2 * $0 + 1) }
        let font = Self.features(Self.appleTable([(2, 0x00, body)]), glyphs: 30_000)
        #expect(!font.hasKerning && font.kerningNeedsShaping)
        #expect(font.diagnostics.contains { $0.contains("kern table left to HarfBuzz") && $0.contains("read") })
    }

    /// A right class table of 65,535 distinct values makes 65,536 classes with 0, one more than a class definition
    /// numbers (a review's 131 KB font trapped converting the count, with --plain too): left to HarfBuzz.
    @Test func moreRightClassesThanAClassDefinitionHolds() {
        let count = 65_535
        let right = 16 + 6  // after the fields, a left table of one glyph
        var body = Self.be16(2) + Self.be16(16) + Self.be16(right) + Self.be16(0)
        body += Self.be16(2) + Self.be16(1) + Self.be16(0)
        body += Self.be16(0) + Self.be16(count) + (0..<count).flatMap { Self.be16($0 + 1) }
        let font = Self.features(Self.appleTable([(2, 0x00, body)]), glyphs: 65_535)
        #expect(font.kerningNeedsShaping)
        #expect(font.diagnostics.contains { $0.contains("65536 right classes") })
    }

    /// Subtables whose row of 0 kerns give every glyph of the font a row: 4,000 such subtables of 18 bytes over a font
    /// of 6,253 glyphs (a review's: 20.9 s and 1.36 GB) stop at the budget, which counts the rows, and are left to
    /// HarfBuzz.
    @Test func rowsOfZeroForEveryGlyphCountAgainstTheBudget() {
        // Format 2 of 18 bytes, its array at 0 and both class tables one empty table at 14: every glyph has the number
        // 0, whose pair reads the subtable's own first field, its (unused) version, written here as 3.
        let subtable =
            Self.be16(3) + Self.be16(18) + [2, 0x01] + Self.be16(2) + Self.be16(14) + Self.be16(14)
            + Self.be16(0) + Self.be16(0) + Self.be16(0)
        func table(_ count: Int) -> [UInt8] { Self.be16(0) + Self.be16(count) + (0..<count).flatMap { _ in subtable } }
        let font = Self.features(table(4_000), glyphs: 6_253)
        #expect(font.kerningNeedsShaping)
        // One of them is read: its row of 0 kerns every pair of the font's glyphs by 3.
        let few = Self.features(table(1), glyphs: 6_253)
        #expect(few.kerning(7, 900) == 3 && few.kerning(6_000, 1) == 3 && !few.kerningNeedsShaping)
    }
}
