/// The multi-stage table of per-scalar script data (`ScriptProperties`), decoded once from the base64 literals in
/// `ScriptTables.generated.swift`.
///
/// It has the layout of `UnicodePropertyTable`: `stage1[scalar >> 7]` selects one of the distinct 128-scalar blocks,
/// `stage2[block << 7 | scalar & 0x7F]` one of the distinct packed values, and `values[index]` is the decoded
/// `ScriptProperties`. It is a separate table because its values do not fit the other's 16 bits and its distinct
/// values need two-byte `stage2` entries, which would double the other table for properties the line breaker
/// never reads. Encoded it is about 74 KB (UCD 15.0: 256 blocks, 480 values, 218 Script_Extensions sets).
///
/// As with `UnicodePropertyTable`, the table is a `static let` of a final class with immutable arrays: Swift
/// initialises it once, thread safely, on first use, and afterwards a lookup is plain indexing with no lock. ASCII
/// skips the first two reads.
final class ScriptTable: Sendable {
    /// The process-wide table, decoded on first access.
    static let shared = ScriptTable()
    /// `shared`, unretained: it lives as long as the process, so code that every thread runs per string can reach it
    /// without retaining it (a count all the cores would trade).
    static let sharedUnretained = Unmanaged.passUnretained(shared)

    /// Block number per 128 code points.
    let stage1: [UInt16]
    /// Value indices, 128 per distinct block.
    let stage2: [UInt16]
    /// The distinct values.
    let values: [ScriptProperties]
    /// The distinct Script_Extensions sets, which the packed `extensions` field indexes.
    let extensionSets: [ScriptSet]
    /// The properties of U+0000 to U+007F, copied out of the stages.
    let ascii: [ScriptProperties]

    private init() {
        func decode(_ text: StaticString, _ count: Int) -> [UInt8] {
            GeneratedTableBase64.decode(text, table: "script table", count: count)
        }
        let setBytes = decode(Self.extensionSetsBase64, Self.extensionSetsByteCount)
        var extensionSets: [ScriptSet] = []
        var position = 0
        while position < setBytes.count {
            let count = Int(setBytes[position])
            precondition(position + count < setBytes.count, "truncated Script_Extensions set in the generated table")
            extensionSets.append(ScriptSet(setBytes[position + 1...position + count].map { Script(rawValue: $0) }))
            position += count + 1
        }
        precondition(extensionSets.count == Self.extensionSetsCount, "generated table has the wrong number of sets")
        let stage1 = Self.littleEndian(
            decode(Self.stage1Base64, Self.stage1Count * Self.stage1EntryBytes),
            width: Self.stage1EntryBytes)
        let stage2 = Self.littleEndian(
            decode(Self.stage2Base64, Self.stage2Count * Self.stage2EntryBytes),
            width: Self.stage2EntryBytes)
        let values = Self.littleEndian(decode(Self.valuesBase64, Self.valuesCount * 4), width: 4)
            .map { ScriptProperties(raw: $0, extensionSets: extensionSets) }
        self.stage1 = stage1.map { UInt16(truncatingIfNeeded: $0) }
        self.stage2 = stage2.map { UInt16(truncatingIfNeeded: $0) }
        self.values = values
        self.extensionSets = extensionSets
        ascii = (0..<128).map { values[Int(stage2[Int(stage1[0]) << Self.stage1Shift | $0])] }
    }

    /// `shared.properties(of:)` without retaining `shared`: for code that runs per string or per scalar on every
    /// thread, where retaining the one table would have the cores trade its reference count (and the cache line
    /// that holds it and the arrays' addresses) back and forth.
    @inline(__always) static func properties(of scalar: UInt32) -> ScriptProperties {
        sharedUnretained._withUnsafeGuaranteedRef { $0.properties(of: scalar) }
    }

    /// The script properties of `scalar`; values above U+10FFFF are looked up as U+10FFFF (Unknown).
    @inline(__always) func properties(of scalar: UInt32) -> ScriptProperties {
        if scalar < 0x80 { return ascii[Int(scalar)] }
        return values[valueIndex(of: scalar)]
    }

    /// The index in `values` of the properties of `scalar` (values above U+10FFFF: U+10FFFF's). Two scalars with the
    /// same index have the same properties, which lets `ScriptItemizer` skip scalars whose properties it has just
    /// seen change nothing.
    @inline(__always) func valueIndex(of scalar: UInt32) -> Int {
        let codePoint = min(scalar, 0x10FFFF)
        let block = Int(stage1[Int(codePoint >> Self.stage1Shift)])
        return Int(stage2[block << Self.stage1Shift | Int(codePoint & (1 << Self.stage1Shift - 1))])
    }

    /// Little-endian unsigned integers of `width` bytes each.
    private static func littleEndian(_ bytes: [UInt8], width: Int) -> [UInt32] {
        stride(from: 0, to: bytes.count, by: width).map { start in
            (0..<width).reduce(0) { $0 | UInt32(bytes[start + $1]) << (8 * $1) }
        }
    }
}
