/// Decodes the base64 literals of the generated Unicode tables (`UnicodeTables.generated.swift`,
/// `ScriptTables.generated.swift`): standard base64 (`A–Z a–z 0–9 + /`, optional `=` padding), length checked.
///
/// Hand-written because the module does not import Foundation; each table runs it once per array at first use. A
/// bad byte or length is a generator bug, so it traps.
enum GeneratedTableBase64 {
    /// The `count` bytes `text` encodes; `table` names the table in the trap message.
    static func decode(_ text: StaticString, table: String, count: Int) -> [UInt8] {
        text.withUTF8Buffer { encoded in
            var bytes: [UInt8] = []
            bytes.reserveCapacity(count)
            var accumulator: UInt32 = 0
            var pendingBits = 0
            for character in encoded {
                let sextet: UInt8
                switch character {
                case UInt8(ascii: "A")...UInt8(ascii: "Z"): sextet = character - UInt8(ascii: "A")
                case UInt8(ascii: "a")...UInt8(ascii: "z"): sextet = character - UInt8(ascii: "a") + 26
                case UInt8(ascii: "0")...UInt8(ascii: "9"): sextet = character - UInt8(ascii: "0") + 52
                case UInt8(ascii: "+"): sextet = 62
                case UInt8(ascii: "/"): sextet = 63
                case UInt8(ascii: "="): continue
                default: preconditionFailure("invalid base64 byte \(character) in the generated \(table)")
                }
                accumulator = accumulator << 6 | UInt32(sextet)
                pendingBits += 6
                if pendingBits >= 8 {
                    pendingBits -= 8
                    bytes.append(UInt8(truncatingIfNeeded: accumulator >> UInt32(pendingBits)))
                }
            }
            precondition(bytes.count == count, "generated \(table) decodes to \(bytes.count) bytes, not \(count)")
            return bytes
        }
    }
}
