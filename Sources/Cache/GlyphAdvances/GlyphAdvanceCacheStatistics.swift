/// A snapshot of a `GlyphAdvanceCache`'s size.
public struct GlyphAdvanceCacheStatistics: Sendable, Hashable {
    /// Pages of 256 scalars allocated so far.
    public var pages: Int
    /// Scalars looked up so far; each was one miss, so this is also the miss count.
    public var entries: Int
    /// Memory the cache holds: the page directory plus the allocated pages.
    public var bytes: Int

    /// Statistics with the given counts; each parameter sets the property of the same name.
    public init(pages: Int, entries: Int, bytes: Int) {
        self.pages = pages
        self.entries = entries
        self.bytes = bytes
    }
}
