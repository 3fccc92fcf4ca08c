/// How far a catalog run is, for a progress line: entries measured (or answered from the database) out of all.
public struct CatalogProgress: Sendable, Hashable {
    /// Texts measured or answered from the database so far.
    public var done: Int
    /// All texts the run measures: one per entry and content size (and per XLIFF source text), in this shard.
    public var total: Int

    /// Progress of `done` texts out of `total`.
    public init(done: Int, total: Int) {
        self.done = done
        self.total = total
    }
}
