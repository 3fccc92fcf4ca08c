/// Turns byte offsets into 1-based line/column positions, walking forward from the last position it computed.
///
/// Readers ask for positions in increasing order (each event starts after the previous one), so the tracker only
/// ever walks each byte once: O(n) over a whole file, eight bytes at a time between line ends.
/// Asking for an earlier offset (only error paths do) restarts the walk from the beginning. Columns count Unicode
/// scalars (UTF-8 lead bytes); LF, CR LF and a lone CR each end a line, as XML's line-end normalization treats them.
struct XMLPositionTracker: Sendable {
    private var offset = 0
    private var line = 1
    private var column = 1

    /// The position of the byte at `target` (or of the end of the input when `target == bytes.count`).
    mutating func position(at target: Int, in bytes: [UInt8]) -> SourcePosition {
        let target = min(max(target, 0), bytes.count)
        if target < offset {
            offset = 0
            line = 1
            column = 1
        }
        var index = offset
        var line = self.line
        var column = self.column
        bytes.withUnsafeBufferPointer { buffer in
            while index < target {
                if index + 8 <= target {
                    let word = UnsafeRawPointer(buffer.baseAddress! + index).loadUnaligned(as: UInt64.self)
                    if !XMLByte.word(word, contains: XMLByte.lineFeed)
                        && !XMLByte.word(word, contains: XMLByte.carriageReturn)
                    {
                        // Eight bytes without a line end: every byte but a continuation byte (10xxxxxx) starts a
                        // scalar. `word & ~(word << 1)` has bit 7 of a byte set exactly when the byte is 10xxxxxx.
                        let continuations = (word & ~(word << 1) & 0x8080_8080_8080_8080).nonzeroBitCount
                        column += 8 - continuations
                        index += 8
                        continue
                    }
                }
                let byte = buffer[index]
                if byte == XMLByte.lineFeed {
                    line += 1
                    column = 1
                } else if byte == XMLByte.carriageReturn {
                    // CR LF counts once (at the LF); a lone CR is a line end of its own.
                    if index + 1 >= buffer.count || buffer[index + 1] != XMLByte.lineFeed {
                        line += 1
                        column = 1
                    }
                } else if byte & 0xC0 != 0x80 {
                    column += 1
                }
                index += 1
            }
        }
        offset = target
        self.line = line
        self.column = column
        return SourcePosition(line: line, column: column)
    }

    /// The position of `offset` in `bytes`, computed from the start (for one-off error messages).
    static func position(of offset: Int, in bytes: [UInt8]) -> SourcePosition {
        var tracker = XMLPositionTracker()
        return tracker.position(at: offset, in: bytes)
    }
}
