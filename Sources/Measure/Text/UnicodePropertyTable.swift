/// The multi-stage Unicode property table, decoded once from the base64 literals in
/// `UnicodeTables.generated.swift`.
///
/// Lookup is three array reads: `stage1[scalar >> 7]` selects one of the distinct 128-scalar blocks,
/// `stage2[block << 7 | scalar & 0x7F]` selects one of the distinct property values, and `values[index]` is the
/// `ScalarProperties`. Sharing identical blocks keeps the encoded table near 36 KB instead of 2 MB for a flat
/// array. ASCII, the bulk of most text, skips the first two reads through a 128-entry table (measured: about 20%
/// faster `LineBreaker.analyze` on English text).
///
/// The table is a `static let` of a final class with immutable arrays, so Swift initialises it exactly once, thread
/// safely, on first use, and afterwards every lookup is plain indexing with no lock.
final class UnicodePropertyTable: Sendable {
    /// The process-wide table, decoded on first access.
    static let shared = UnicodePropertyTable()
    /// `shared`, unretained: it lives as long as the process, so code that every thread runs per string can reach it
    /// without retaining it (a count all the cores would trade).
    static let sharedUnretained = Unmanaged.passUnretained(shared)

    /// Block number per 128 code points.
    let stage1: [UInt8]
    /// Value indices, 128 per distinct block.
    let stage2: [UInt8]
    /// The distinct property values.
    let values: [ScalarProperties]
    /// The properties of U+0000 to U+007F, copied out of the stages.
    let ascii: [ScalarProperties]

    private init() {
        let stage1 = GeneratedTableBase64.decode(Self.stage1Base64, table: "Unicode table", count: Self.stage1Count)
        let stage2 = GeneratedTableBase64.decode(Self.stage2Base64, table: "Unicode table", count: Self.stage2Count)
        let valueBytes = GeneratedTableBase64.decode(
            Self.valuesBase64, table: "Unicode table",
            count: Self.valuesCount * 2)
        let values = (0..<Self.valuesCount).map { index in
            ScalarProperties(raw: UInt16(valueBytes[2 * index]) | UInt16(valueBytes[2 * index + 1]) << 8)
        }
        self.stage1 = stage1
        self.stage2 = stage2
        self.values = values
        ascii = (0..<128).map { values[Int(stage2[Int(stage1[0]) << Self.stage1Shift | $0])] }
    }

    /// The properties of `scalar`; values above U+10FFFF are looked up as U+10FFFF.
    @inline(__always) func properties(of scalar: UInt32) -> ScalarProperties {
        if scalar < 0x80 { return ascii[Int(scalar)] }
        let codePoint = min(scalar, 0x10FFFF)
        let block = Int(stage1[Int(codePoint >> Self.stage1Shift)])
        let index = Int(stage2[block << Self.stage1Shift | Int(codePoint & (1 << Self.stage1Shift - 1))])
        return values[index]
    }
}
