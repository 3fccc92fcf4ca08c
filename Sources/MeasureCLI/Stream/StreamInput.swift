import ArgumentParsing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `measure stream`'s input, read as it arrives and handed out as groups of complete lines.
///
/// A group is every complete line that is available now: `nextGroup()` blocks only while it has no complete line,
/// then keeps reading only while more bytes are ready without waiting (`poll` with a zero timeout) and the group is
/// under `groupBytes`. So a coprocess that writes one job and waits gets its answer at once, and a fast producer
/// (a file, a pipe kept full) fills groups big enough to keep every core busy.
///
/// Memory stays bounded on an endless input: a group holds at most `groupBytes` plus one line, and a line longer than
/// `maximumLineBytes` is not kept — its bytes are dropped as they arrive, until its line feed, and it is handed out
/// as an over-long line (`StreamInputLine.range` nil) for an error in its place.
final class StreamInput {
    /// Bytes read at a time.
    static let chunkBytes = 1 << 16
    /// A group stops growing once it holds this many bytes (it may hold one more line that was being read).
    let groupBytes: Int
    /// The longest line kept, line feed excluded.
    let maximumLineBytes: Int

    private let descriptor: Int32
    private let ownsDescriptor: Bool
    /// The file read, for errors; nil for standard input (or another open descriptor).
    private let path: String?
    /// Bytes of the lines found so far and of the unfinished line after them.
    private var pending: [UInt8] = []
    /// Lines found in `pending`, in order.
    private var lines: [StreamInputLine] = []
    /// Where the unfinished line starts in `pending`.
    private var partialStart = 0
    /// Whether the unfinished line grew past `maximumLineBytes` and is being dropped.
    private var skippingLine = false
    /// Lines counted so far (the last one's number).
    private var lineCount = 0
    private var atEnd = false
    private var chunk = [UInt8](repeating: 0, count: StreamInput.chunkBytes)

    /// Input from an open descriptor (standard input: 0), which the input does not close.
    init(descriptor: Int32, groupBytes: Int = 1 << 20, maximumLineBytes: Int) {
        self.descriptor = descriptor
        ownsDescriptor = false
        path = nil
        self.groupBytes = groupBytes
        self.maximumLineBytes = maximumLineBytes
    }

    /// Input from the file (or FIFO) at `path`.
    /// - Throws: `StreamInputError` when it cannot be opened.
    init(path: String, groupBytes: Int = 1 << 20, maximumLineBytes: Int) throws(StreamInputError) {
        let opened = open(path, O_RDONLY | O_CLOEXEC)
        guard opened >= 0 else { throw StreamInputError(path: path, code: errno) }
        descriptor = opened
        ownsDescriptor = true
        self.path = path
        self.groupBytes = groupBytes
        self.maximumLineBytes = maximumLineBytes
    }

    deinit {
        if ownsDescriptor { close(descriptor) }
    }

    /// The next group of lines, or nil at the end of the input. The last line needs no line feed.
    /// - Throws: `StreamInputError` when reading fails.
    func nextGroup() throws(StreamInputError) -> StreamGroup? {
        while true {
            if !lines.isEmpty && (pending.count >= groupBytes || atEnd || !isReadable()) { return cutGroup() }
            if atEnd {
                guard partialStart < pending.count || skippingLine else { return nil }
                lineCount += 1
                lines.append(
                    StreamInputLine(number: lineCount, range: skippingLine ? nil : partialStart..<pending.count))
                partialStart = pending.count
                skippingLine = false
                return cutGroup()
            }
            try readChunk()
        }
    }

    /// Hands out the complete lines and keeps the unfinished one.
    private func cutGroup() -> StreamGroup {
        let rest = Array(pending[partialStart...])
        pending.removeSubrange(partialStart...)
        let group = StreamGroup(bytes: pending, lines: lines)
        pending = rest
        partialStart = 0
        lines.removeAll(keepingCapacity: true)
        return group
    }

    /// Whether bytes (or the end) can be read now without waiting.
    private func isReadable() -> Bool {
        var entry = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        while true {
            let ready = poll(&entry, 1, 0)
            if ready < 0 && errno == EINTR { continue }
            return ready > 0
        }
    }

    /// Reads what is there (waiting for it when nothing is) and splits it into lines.
    private func readChunk() throws(StreamInputError) {
        let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
        if count < 0 {
            switch errno {
            case EINTR: return
            case EAGAIN:
                // A non-blocking descriptor (the parent's choice): wait for it to become readable.
                var entry = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
                _ = poll(&entry, 1, -1)
                return
            default: throw StreamInputError(path: path, code: errno)
            }
        }
        if count == 0 {
            atEnd = true
            return
        }
        chunk.withUnsafeBufferPointer { absorb(UnsafeBufferPointer(rebasing: $0[..<count])) }
    }

    /// Adds `bytes` to the pending lines, dropping what an over-long line has beyond its start.
    private func absorb(_ bytes: UnsafeBufferPointer<UInt8>) {
        var index = 0
        while index < bytes.count {
            var end = index
            while end < bytes.count && bytes[end] != 0x0A { end += 1 }
            if !skippingLine {
                pending.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[index..<end]))
                if pending.count - partialStart > maximumLineBytes {
                    pending.removeSubrange(partialStart...)
                    skippingLine = true
                }
            }
            guard end < bytes.count else { return }
            lineCount += 1
            lines.append(StreamInputLine(number: lineCount, range: skippingLine ? nil : partialStart..<pending.count))
            partialStart = pending.count
            skippingLine = false
            index = end + 1
        }
    }
}

/// Complete lines of the input: their bytes, one after another without line feeds, and where each lies.
struct StreamGroup {
    var bytes: [UInt8]
    var lines: [StreamInputLine]
}

/// One input line: its 1-based number and its bytes' range in the group, nil for a line longer than the input keeps.
struct StreamInputLine: Sendable, Hashable {
    var number: Int
    var range: Range<Int>?
}

/// Reading `measure stream`'s or `measure batch`'s input failed; said in the system's words.
struct StreamInputError: Error, CustomStringConvertible {
    var path: String?
    var code: Int32

    var description: String {
        let reason = String(cString: strerror(code))
        guard let path else { return "cannot read standard input: \(reason)" }
        return "cannot read \(PrintableText.path(path)): \(reason)"
    }
}
