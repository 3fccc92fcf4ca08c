/// How many entries were skipped for one reason (the reason's full description, `not translatable`,
/// `malformed: …`, `no value: …`).
public struct CatalogSkippedReasonCount: Sendable, Hashable {
    public var reason: String
    public var count: Int

    public init(reason: String, count: Int) {
        self.reason = reason
        self.count = count
    }
}
