/// How many entries were skipped for one reason (the reason's full description, `not translatable`,
/// `malformed: …`, `no value: …`).
public struct CatalogSkippedReasonCount: Sendable, Hashable {
    /// The reason's full description.
    public var reason: String
    /// How many entries were skipped for it.
    public var count: Int

    /// A count; each parameter sets the property of the same name.
    public init(reason: String, count: Int) {
        self.reason = reason
        self.count = count
    }
}
