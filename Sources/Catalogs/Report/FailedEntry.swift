/// An entry that parsed but could not be measured (no font in its cascade could be loaded, say), with why.
public struct FailedEntry: Sendable, Hashable {
    public var entry: CatalogEntry
    public var message: String

    public init(entry: CatalogEntry, message: String) {
        self.entry = entry
        self.message = message
    }
}
