/// How far a catalog run is, for a progress line: entries measured (or answered from the database) out of all.
public struct CatalogProgress: Sendable, Hashable {
    public var done: Int
    public var total: Int

    public init(done: Int, total: Int) {
        self.done = done
        self.total = total
    }
}
