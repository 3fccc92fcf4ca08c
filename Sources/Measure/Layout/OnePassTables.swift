import Foundation

/// A session's tables for the one-pass fit of strings beyond Latin-1 (`LineFitter.fitOnePass`): the `ScalarEntry`
/// of every scalar beyond Latin-1 its text has met (the engine holds Latin-1's), and the line-break automaton those
/// entries' break symbols index.
///
/// Entries live in pages of 64 (`scalar >> 6` picks the page: the bits a three-byte UTF-8 sequence's first two bytes
/// carry, so the run loop finds a page without assembling the scalar), handed out zeroed on first use from blocks of
/// several (an entry whose flags are 0 is not made yet) and kept for the session's life: 2 KiB a page, as many pages
/// as the text touches (a few hundred for Chinese, Japanese and Korean together; at most 17,408 pages and the rest of
/// the last block, about 34 MiB, for text that touches every 64 code points there are, as the scalar memo's pages are
/// bounded). Owned by one `SessionState`, whose lock is the only way in, and made the first time one of its strings is
/// not Latin-1 alone. It also owns the session's `KerningMemo`.
final class OnePassTables {
    /// The number of entries a page holds, and its log2 (a scalar's page is `scalar >> pageShift`). The run loop
    /// (`LineFitter.placeRun`) finds a three-byte sequence's page from its bytes, which holds only for 6: its first
    /// byte's four bits and its second byte's six are `scalar >> 6` (`OnePassTablesTests` checks
    /// `page(ofThreeBytes:)` against it).
    static let pageSize = 64
    static let pageShift: UInt32 = 6
    static let pageCount = 0x11_0000 >> pageShift
    /// The page directory: `pageCount` entries, each nil or a page of `pageSize` entries.
    let directory: UnsafeMutablePointer<UnsafeMutablePointer<LayoutEngine.ScalarEntry>?>
    /// The break symbols' automaton, for the engine's line-breaking options.
    let automaton: LineBreakAutomaton
    /// The memo of pairs kerned by lookup in the session's fonts, over memory these tables own.
    let kerningMemo: KerningMemo
    /// The one block that holds the memo's slots, then the directory (so a session allocates no more often than
    /// before the memo came).
    private let block: UnsafeMutableRawPointer

    init(options: LineBreakOptions) {
        let memoBytes = KerningMemo.slotCount * MemoryLayout<KerningMemo.Slot>.stride
        let bytes = memoBytes + Self.pageCount * MemoryLayout<UnsafeMutablePointer<LayoutEngine.ScalarEntry>?>.stride
        // Zeroed: an empty memo slot has key 0, and a nil page pointer is 0.
        guard let memory = calloc(bytes, 1) else { fatalError("out of memory for one-pass tables") }
        block = memory
        kerningMemo = KerningMemo(slots: memory.bindMemory(to: KerningMemo.Slot.self, capacity: KerningMemo.slotCount))
        directory = (memory + memoBytes).bindMemory(
            to: UnsafeMutablePointer<LayoutEngine.ScalarEntry>?.self, capacity: Self.pageCount)
        automaton = LineBreakAutomaton(options: options)
    }

    /// The last of the blocks ("slabs") pages are carved from, zeroed by `calloc`: 4 pages, then 8, 16, and 32 at a
    /// time, so that a session whose text touches one page allocates once, as one page of 256 entries did, and one
    /// that touches hundreds (485 for the bench's CJK corpus) about twenty times, not once a page. Each block starts
    /// with the address of the one made before it (nil for the first), in a slot the size of one entry, so that the
    /// blocks are found again to free without an array, which would be one allocation more.
    private var lastSlab: UnsafeMutableRawPointer?
    /// How many blocks were made.
    private var slabCount = 0
    /// The next page of the last block not yet handed out, and how many are left there.
    private var nextPage: UnsafeMutablePointer<LayoutEngine.ScalarEntry>?
    private var pagesLeft = 0

    deinit {
        var slab = lastSlab
        while let current = slab {
            slab = current.load(as: UnsafeMutableRawPointer?.self)
            free(current)
        }
        free(block)
    }

    /// The page of the scalar a well-formed three-byte UTF-8 sequence spells, from `word`, its bytes in a
    /// little-endian load (first byte lowest): the first byte's low four bits and the second byte's low six, which
    /// are `scalar >> pageShift` — the scalar itself is never assembled (`LineFitter.placeRun`).
    @inline(__always)
    static func page(ofThreeBytes word: UInt32) -> Int {
        Int((word & 0x0F) << 6 | (word >> 8) & 0x3F)
    }

    /// The place in its page of the scalar a three-byte sequence spells (`page(ofThreeBytes:)`): the third byte's low
    /// six bits, `scalar & (pageSize - 1)`.
    @inline(__always)
    static func place(ofThreeBytes word: UInt32) -> Int {
        Int((word >> 16) & 0x3F)
    }

    /// The entry slot of `scalar` (≥ 256, ≤ U+10FFFF, not a surrogate), its page handed out (zeroed, from a block)
    /// if it was not yet. No page is ever made for the surrogates: the run loop (`LineFitter.placeRun`) decodes
    /// three-byte sequences itself and counts on finding none there.
    @inline(__always)
    func slot(of scalar: UInt32) -> UnsafeMutablePointer<LayoutEngine.ScalarEntry> {
        assert(scalar >= 0x100 && scalar <= 0x10_FFFF && scalar & 0x1F_F800 != 0xD800, "a scalar beyond Latin-1")
        let page = directory[Int(scalar >> Self.pageShift)] ?? makePage(for: scalar)
        return page + Int(scalar & UInt32(Self.pageSize - 1))
    }

    @inline(never)
    private func makePage(for scalar: UInt32) -> UnsafeMutablePointer<LayoutEngine.ScalarEntry> {
        // Checked in release builds too, once a page: a surrogate's page would let the run loop take an ill-formed
        // sequence for a scalar. Only a bug can get here with one; every decoder gives U+FFFD for them.
        precondition(scalar <= 0x10_FFFF && scalar & 0x1F_F800 != 0xD800, "a page for a scalar, not a surrogate")
        if pagesLeft == 0 {
            let pages = 4 << min(slabCount, 3)
            let size = MemoryLayout<LayoutEngine.ScalarEntry>.stride
            guard let memory = calloc(1 + pages * Self.pageSize, size) else {
                fatalError("out of memory for one-pass entry pages")
            }
            memory.storeBytes(of: lastSlab, as: UnsafeMutableRawPointer?.self)
            lastSlab = memory
            slabCount += 1
            nextPage = (memory + size).bindMemory(to: LayoutEngine.ScalarEntry.self, capacity: pages * Self.pageSize)
            pagesLeft = pages
        }
        let page = nextPage.unsafelyUnwrapped
        nextPage = page + Self.pageSize
        pagesLeft -= 1
        directory[Int(scalar >> Self.pageShift)] = page
        return page
    }
}
