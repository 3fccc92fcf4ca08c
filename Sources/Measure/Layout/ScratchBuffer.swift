/// A growable buffer of trivial values owned by one `MeasureSession`: per-string work reuses it, so measuring a string
/// allocates only when a string is longer than every string before it. The session reads and writes it through
/// `base`, taken once per string (see `MeasureSession.Workspace`).
struct ScratchBuffer<Element: BitwiseCopyable>: ~Copyable {
    private(set) var base: UnsafeMutablePointer<Element>
    private(set) var capacity: Int

    init(capacity: Int) {
        self.capacity = max(capacity, 16)
        base = .allocate(capacity: self.capacity)
    }

    deinit {
        base.deallocate()
    }

    /// Makes room for `count` elements; the contents are not kept.
    mutating func reserve(_ count: Int) {
        guard count > capacity else { return }
        base.deallocate()
        capacity = max(count, capacity * 2)
        base = .allocate(capacity: capacity)
    }
}
