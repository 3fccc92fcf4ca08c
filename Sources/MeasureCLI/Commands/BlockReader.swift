import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `measure batch`'s input, read block by block with `read(2)` into memory that is kept from one block to the next.
///
/// `FileHandle.read(upToCount:)` hands out a fresh `Data` for every block, which was then copied into the pending
/// bytes: two megabytes of fresh memory per megabyte read, each page of it mapped by the kernel on first touch (on a
/// 7 MB input, 4,300 of the process's 6,000 page faults and a third of its time). Here the block is read into one
/// scratch buffer made once and appended to the caller's buffer, whose storage the caller keeps.
struct BlockReader {
    /// The input, held so that its descriptor stays open for as long as the reader reads it (a `FileHandle` made from
    /// a path closes its descriptor when it goes away, which may be right after its last use).
    private let handle: FileHandle
    /// The file's path for messages; nil for standard input.
    private let path: String?
    private var scratch: [UInt8]

    /// A reader of the open `handle` (which it does not close), `blockBytes` at a time.
    init(handle: FileHandle, path: String?, blockBytes: Int) {
        self.handle = handle
        self.path = path
        scratch = [UInt8](repeating: 0, count: blockBytes)
    }

    /// Reads the next block — a full one unless the input ends first — and appends it to `buffer`; returns how many
    /// bytes that was, 0 at the end of the input.
    /// - Throws: `StreamInputError` when the system cannot read the input.
    mutating func appendBlock(to buffer: inout [UInt8]) throws(StreamInputError) -> Int {
        var filled = 0
        let descriptor = handle.fileDescriptor
        while filled < scratch.count {
            let count = scratch.withUnsafeMutableBytes { bytes in
                read(descriptor, bytes.baseAddress! + filled, bytes.count - filled)
            }
            if count < 0 {
                if errno == EINTR { continue }
                throw StreamInputError(path: path, code: errno)
            }
            if count == 0 { break }
            filled += count
        }
        scratch.withUnsafeBufferPointer { buffer.append(contentsOf: $0[..<filled]) }
        return filled
    }
}
