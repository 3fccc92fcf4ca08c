/// An entry that parsed but could not be measured (no font in its cascade could be loaded, say), with why.
public struct FailedEntry: Sendable, Hashable {
    /// The entry as parsed.
    public var entry: CatalogEntry
    /// Why it could not be measured, in words.
    public var message: String

    /// The failure of `entry`, saying `message`.
    public init(entry: CatalogEntry, message: String) {
        self.entry = entry
        self.message = message
    }
}
