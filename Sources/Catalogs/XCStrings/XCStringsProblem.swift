/// Why one part of a String Catalog cannot be used (a string unit, a variation, a substitution), and where.
///
/// It loses only the entries that depend on that part, so it becomes a `SkippedEntry` with this reason, never a
/// thrown `CatalogError`.
struct XCStringsProblem: Error, Sendable, Hashable {
    let reason: SkippedEntry.Reason
    let position: SourcePosition

    /// A part that is there but cannot be read (wrong JSON type, unknown variation, undefined substitution…).
    static func malformed(_ message: String, at position: SourcePosition) -> XCStringsProblem {
        XCStringsProblem(reason: .malformed(message), position: position)
    }

    /// A part that is there but has no text (no `stringUnit`, or one without a `value`).
    static func noValue(_ message: String, at position: SourcePosition) -> XCStringsProblem {
        XCStringsProblem(reason: .noValue(message), position: position)
    }
}
