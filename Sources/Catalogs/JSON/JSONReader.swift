/// A strict RFC 8259 JSON reader over UTF-8 bytes that keeps, for every value, the line and column where it starts.
///
/// Foundation's `JSONSerialization` and `JSONDecoder` forget where values came from and reorder object members, but
/// catalog reports must point at the line of each entry and list `.xcstrings` keys in Xcode's own order. So this
/// reader builds `JSONNode`s (value + `SourcePosition`) and `JSONObject`s whose members stay in file order (a name
/// given twice: the last value wins, in the slot of the first).
///
/// Strict means the input must be exactly RFC 8259 JSON; each of these throws a `CatalogError` at the offending
/// line and column, saying what was expected and what was found: trailing commas, unquoted or single-quoted names,
/// comments, unterminated strings, unknown escapes, `\u` escapes that leave a surrogate unpaired, raw control
/// characters (U+0000–U+001F) inside strings, bytes that are not UTF-8, numbers outside the JSON grammar (`01`, `.5`,
/// `+1`, `NaN`), nesting deeper than `maximumDepth`, and anything but whitespace after the top-level value. A UTF-8
/// byte-order mark at the very start is skipped (RFC 8259 §8.1 lets readers ignore it).
///
/// Lines end at LF, CR LF or a lone CR; columns count Unicode scalars from 1, like `SourcePosition` says.
///
///     let root = try JSONReader.parse(Array(#"{"a": [1, "b"]}"#.utf8), file: "x.json")
///     // root.value is .object; root.position is 1:1; the member "a" has keyPosition 1:2, its value 1:7.
///
/// Performance notes: one forward pass over an `UnsafeBufferPointer` with no backtracking. Strings without escapes
/// (nearly all of them) become a `String` straight from their bytes; strings with escapes copy their unescaped runs in
/// bulk into one scratch buffer that the reader reuses. Columns are counted incrementally from the last position asked
/// for on the line, so even a one-line (minified) file costs linear time. Objects find duplicate names by a linear
/// scan while small and through a hash table once they have 16 members.
package struct JSONReader {
    /// The deepest nesting of arrays and objects accepted: the top-level container is depth 1.
    package static let maximumDepth = 512

    /// Reads one JSON document.
    ///
    /// - Parameters:
    ///   - bytes: The file's bytes (UTF-8, optionally with a byte-order mark).
    ///   - file: The path to name in errors.
    /// - Returns: The top-level value with its position.
    /// - Throws: `CatalogError` at the first place where the bytes are not JSON.
    /// - Complexity: O(n) in the number of bytes.
    package static func parse(_ bytes: [UInt8], file: String) throws(CatalogError) -> JSONNode {
        try bytes.withUnsafeBufferPointer { (buffer) throws(CatalogError) -> JSONNode in
            var reader = JSONReader(bytes: buffer, file: file)
            return try reader.readDocument()
        }
    }

    /// `parse(_:file:)`, but a `\u` escape that leaves a surrogate unpaired does not fail the document: it reads as
    /// U+FFFD, and `loneSurrogates` gets, for each string holding one, its position (the opening quote: a string
    /// node's `position`, a member's `keyPosition`) and why (the first such escape's message and place). For catalog
    /// formats that skip such an entry and keep the rest of the file (`.xcstrings`, ARB), as `.strings` does.
    package static func parse(
        _ bytes: [UInt8], file: String, loneSurrogates: inout [SourcePosition: CatalogError]
    ) throws(CatalogError) -> JSONNode {
        try bytes.withUnsafeBufferPointer { (buffer) throws(CatalogError) -> JSONNode in
            var reader = JSONReader(bytes: buffer, file: file)
            reader.loneSurrogates = [:]
            let root = try reader.readDocument()
            loneSurrogates = reader.loneSurrogates ?? [:]
            return root
        }
    }

    /// Throws the first (by position) of `loneSurrogates` (from `parse(_:file:loneSurrogates:)`) that is not at one
    /// of `allowed`: the strings where a format skips the entry holding one; anywhere else the file is refused.
    package static func refuseLoneSurrogates(
        _ loneSurrogates: [SourcePosition: CatalogError], outside allowed: Set<SourcePosition>, file: String
    ) throws(CatalogError) {
        guard let first = loneSurrogates.keys.filter({ !allowed.contains($0) }).min(), let error = loneSurrogates[first]
        else { return }
        throw error
    }

    /// `parse(_:file:)` over bytes the caller keeps alive for the call: a line of a larger buffer (`measure stream`'s
    /// jobs), read where it lies instead of copied into an array first.
    package static func parse(_ bytes: UnsafeBufferPointer<UInt8>, file: String) throws(CatalogError) -> JSONNode {
        var reader = JSONReader(bytes: bytes, file: file)
        return try reader.readDocument()
    }

    /// The input; valid only during `parse`'s closure, which owns the only `JSONReader`.
    let bytes: UnsafeBufferPointer<UInt8>
    let file: String
    /// The next byte to read.
    var offset = 0
    /// The 1-based line of `offset`, and the offset where that line starts.
    var line = 1
    var lineStart = 0
    /// The last offset whose column was computed on the current line, and that column (for incremental counting).
    var markOffset = 0
    var markColumn = 1
    /// How many arrays and objects are open.
    var depth = 0
    /// Where strings with escapes are assembled; reused so that escaped strings do not allocate a buffer each.
    var scratch: [UInt8] = []
    /// Nil: a lone surrogate escape throws. Otherwise it reads as U+FFFD and is noted here by its string's position
    /// (`parse(_:file:loneSurrogates:)`).
    var loneSurrogates: [SourcePosition: CatalogError]?
    /// The position of the string being read (its opening quote), for `loneSurrogates`.
    var stringStart = SourcePosition(line: 1, column: 1)

    private init(bytes: UnsafeBufferPointer<UInt8>, file: String) {
        self.bytes = bytes
        self.file = file
    }

    /// Reads the top-level value and checks that only whitespace follows it.
    private mutating func readDocument() throws(CatalogError) -> JSONNode {
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF {
            offset = 3
            lineStart = 3
            markOffset = 3
        }
        let root = try readValue()
        skipWhitespace()
        if offset < bytes.count {
            throw failure("expected the end of the input after the top-level value", found: offset)
        }
        return root
    }

    private static let valueExpected = "expected a value (an object, array, string, number, true, false or null)"

    /// Reads any value after optional whitespace.
    mutating func readValue() throws(CatalogError) -> JSONNode {
        skipWhitespace()
        guard offset < bytes.count else { throw failure(Self.valueExpected, found: offset) }
        let start = position(at: offset)
        let value: JSONValue
        switch bytes[offset] {
        case UInt8(ascii: "{"): value = .object(try readObject(openedAt: start))
        case UInt8(ascii: "["): value = .array(try readArray(openedAt: start))
        case UInt8(ascii: "\""): value = .string(try readString(openedAt: start))
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): value = try readNumber()
        case UInt8(ascii: "t") where matches("true"):
            offset += 4
            value = .bool(true)
        case UInt8(ascii: "f") where matches("false"):
            offset += 5
            value = .bool(false)
        case UInt8(ascii: "n") where matches("null"):
            offset += 4
            value = .null
        default:
            throw failure(Self.valueExpected, found: offset)
        }
        return JSONNode(value, at: start)
    }

    /// Whether the bytes at `offset` spell `literal`.
    private func matches(_ literal: StaticString) -> Bool {
        let count = literal.utf8CodeUnitCount
        guard bytes.count - offset >= count else { return false }
        let expected = literal.utf8Start
        for index in 0..<count where bytes[offset + index] != expected[index] {
            return false
        }
        return true
    }

    /// Skips JSON whitespace (space, tab, LF, CR), counting lines.
    mutating func skipWhitespace() {
        while offset < bytes.count {
            switch bytes[offset] {
            case 0x20, 0x09:
                offset += 1
            case 0x0A:
                offset += 1
                startLine()
            case 0x0D:
                offset += 1
                if offset < bytes.count, bytes[offset] == 0x0A { offset += 1 }
                startLine()
            default:
                return
            }
        }
    }

    /// Records that a new line starts at `offset`.
    private mutating func startLine() {
        line += 1
        lineStart = offset
        markOffset = offset
        markColumn = 1
    }

    /// The line and column of `target`, which must be on the current line (JSON strings cannot hold raw line
    /// breaks, so every value and every error is on the line the whitespace skipper last started).
    ///
    /// - Complexity: amortized O(1) per byte of the line when positions are asked for in increasing order.
    mutating func position(at target: Int) -> SourcePosition {
        if target < markOffset {
            markOffset = lineStart
            markColumn = 1
        }
        var column = markColumn
        var index = markOffset
        while index < target {
            if bytes[index] & 0xC0 != 0x80 { column += 1 }
            index += 1
        }
        markOffset = target
        markColumn = column
        return SourcePosition(line: line, column: column)
    }

    /// An error at `target` saying what was expected there and what was found.
    mutating func failure(_ expected: String, found target: Int) -> CatalogError {
        failure("\(expected), found \(describe(target))", at: target)
    }

    /// An error with a complete message at `target`.
    mutating func failure(_ message: String, at target: Int) -> CatalogError {
        CatalogError(file: file, position: position(at: min(target, bytes.count)), message: message)
    }

    /// What is at `target`, for error messages: `'x'`, `'é' (U+00E9)`, a word (`'True'`), a control character, a
    /// byte that is not UTF-8, or the end of the input.
    func describe(_ target: Int) -> String {
        guard target < bytes.count else { return "the end of the input" }
        let byte = bytes[target]
        switch byte {
        case 0x00..<0x20, 0x7F:
            return "control character U+\(Self.hex(UInt32(byte)))"
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"):
            var end = target
            while end < bytes.count, end - target < 16, Self.isWordByte(bytes[end]) { end += 1 }
            return "'\(String(decoding: UnsafeBufferPointer(rebasing: bytes[target..<end]), as: UTF8.self))'"
        case 0x20..<0x7F:
            return "'\(Character(Unicode.Scalar(byte)))'"
        default:
            var parser = Unicode.UTF8.ForwardParser()
            var iterator = UnsafeBufferPointer(rebasing: bytes[target..<min(target + 4, bytes.count)]).makeIterator()
            if case .valid(let encoded) = parser.parseScalar(from: &iterator) {
                let scalar = Unicode.UTF8.decode(encoded)
                return "'\(CatalogExcerpt.of(String(scalar)))' (U+\(Self.hex(scalar.value)))"
            }
            return "the byte 0x\(String(byte, radix: 16, uppercase: true)), which is not UTF-8"
        }
    }

    private static func isWordByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"):
            true
        default: false
        }
    }

    /// `value` in upper-case hex with at least four digits (`000A`, `1F600`).
    static func hex(_ value: UInt32) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }
}
