import TextCoding

/// Turns byte offsets into UTF-8 text into 1-based line/column `SourcePosition`s, cheaply when asked for many
/// offsets in increasing order (the order a parser meets its entries in).
///
/// Lines end at LF, at CR and at CRLF (counted once: the CR is the last column of its line and the LF ends it), the
/// breaks text editors and compilers count. U+2028/U+2029 and NEL do not start a new line, as in Apple's own parser
/// messages and in most editors. The column counts Unicode scalars from the line's start, so it does not depend on
/// the file's encoding: a UTF-16 file transcoded to UTF-8 gets the same positions as the original.
///
/// Every parser shares it (`.strings`, the XML reader, JSON), so a position means the same in every format. Between
/// line ends it walks eight bytes at a time.
///
/// The tracker keeps a cursor (offset, line, column). A request at or after the cursor scans only the bytes between
/// the two, so a whole file's worth of increasing requests costs one pass over it. A request before the cursor starts
/// again from the beginning of the text (correct, but O(n)); keep those for rare events such as errors.
///
/// ```swift
/// var tracker = SourcePositionTracker()
/// let first = tracker.position(at: 12, in: bytes)   // scans bytes 0..<12
/// let next = tracker.position(at: 40, in: bytes)    // scans bytes 12..<40 only
/// ```
struct SourcePositionTracker: Sendable {
    private var offset = 0
    private var line = 1
    private var column = 1

    init() {}

    /// The position of the byte at `target` (clamped to `0...bytes.count`; `bytes.count` is the end of the text).
    ///
    /// `target` should be the first byte of a scalar; for a continuation byte the result is the column of the scalar
    /// after it.
    /// - Complexity: O(target − previous target) when called with increasing targets, O(target) otherwise.
    mutating func position(at target: Int, in bytes: UnsafeBufferPointer<UInt8>) -> SourcePosition {
        let target = min(max(target, 0), bytes.count)
        if target < offset {
            offset = 0
            line = 1
            column = 1
        }
        var index = offset
        var line = self.line
        var column = self.column
        while index < target {
            if index + 8 <= target {
                let word = UnsafeRawPointer(bytes.baseAddress! + index).loadUnaligned(as: UInt64.self)
                if !ByteWord.word(word, contains: 0x0A) && !ByteWord.word(word, contains: 0x0D) {
                    // Eight bytes without a line end: every byte but a continuation byte (10xxxxxx) starts a
                    // scalar. `word & ~(word << 1)` has bit 7 of a byte set exactly when the byte is 10xxxxxx.
                    column += 8 - (word & ~(word << 1) & 0x8080_8080_8080_8080).nonzeroBitCount
                    index += 8
                    continue
                }
            }
            let byte = bytes[index]
            if byte == 0x0A {
                line += 1
                column = 1
            } else if byte == 0x0D {
                // CR LF is one break: the LF ends the line, so the CR is only a column here.
                if index + 1 < bytes.count && bytes[index + 1] == 0x0A {
                    column += 1
                } else {
                    line += 1
                    column = 1
                }
            } else if byte & 0xC0 != 0x80 {
                // Every byte but a UTF-8 continuation byte starts a scalar.
                column += 1
            }
            index += 1
        }
        self.offset = target
        self.line = line
        self.column = column
        return SourcePosition(line: line, column: column)
    }

    /// The position of the byte at `target` in `bytes`; see `position(at:in:)` for the buffer version.
    mutating func position(at target: Int, in bytes: [UInt8]) -> SourcePosition {
        bytes.withUnsafeBufferPointer { position(at: target, in: $0) }
    }

    /// The position of one offset, for a one-off question (an error message).
    /// - Complexity: O(offset).
    static func position(of offset: Int, in bytes: UnsafeBufferPointer<UInt8>) -> SourcePosition {
        var tracker = SourcePositionTracker()
        return tracker.position(at: offset, in: bytes)
    }

    /// The position of one offset in an array of bytes, for a one-off question.
    /// - Complexity: O(offset).
    static func position(of offset: Int, in bytes: [UInt8]) -> SourcePosition {
        bytes.withUnsafeBufferPointer { position(of: offset, in: $0) }
    }
}
