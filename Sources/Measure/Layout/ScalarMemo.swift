/// A session's memo of single-scalar clusters outside Latin-1: for each scalar measured so far, its cluster kind,
/// its width in points and its cascade font. The first time a scalar is met it costs a property lookup, a walk
/// down the cascade and a glyph-cache lookup per font tried (two for every ideograph when Latin comes first); from
/// then on, two loads. Latin-1 has its own table in `LayoutEngine`, filled when a session starts.
///
/// Pages of 256 scalars are allocated on first use and kept for the session's life, so memory is bounded by the
/// pages touched: 6 KiB each (34 KiB of page directory besides), at most 26 MiB for every code point there is.
/// Owned by one `SessionState`; its pages are reached through `Workspace.memo` without reference counting.
struct ScalarMemo: ~Copyable {
    /// One memoised scalar.
    struct Entry {
        var width: Double
        /// The glyph in `font` (kept for kerning and ligatures).
        var glyph: UInt32
        var font: UInt8
        var kind: UInt8
        /// `ClusterNotes` bits the scalar contributes (needs shaping, no font maps it).
        var notes: UInt8
        var isKnown: Bool
    }

    static let pageCount = 0x11_0000 >> 8
    /// The page directory: `pageCount` entries, each nil or a page of 256 entries.
    let directory: UnsafeMutablePointer<UnsafeMutablePointer<Entry>?>
    /// Pages allocated so far.
    var pages: Int { (0..<Self.pageCount).reduce(0) { $0 + (directory[$1] == nil ? 0 : 1) } }

    init() {
        directory = .allocate(capacity: Self.pageCount)
        directory.initialize(repeating: nil, count: Self.pageCount)
    }

    deinit {
        for index in 0..<Self.pageCount {
            directory[index]?.deallocate()
        }
        directory.deallocate()
    }

    /// Allocates the page for `scalar`, all entries unknown, and returns it.
    static func makePage(in directory: UnsafeMutablePointer<UnsafeMutablePointer<Entry>?>, for scalar: UInt32)
        -> UnsafeMutablePointer<Entry>
    {
        let page = UnsafeMutablePointer<Entry>.allocate(capacity: 256)
        page.initialize(repeating: Entry(width: 0, glyph: 0, font: 0, kind: 0, notes: 0, isKnown: false), count: 256)
        directory[Int(scalar >> 8)] = page
        return page
    }
}
