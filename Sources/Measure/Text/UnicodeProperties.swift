/// Namespace for Unicode property lookups by scalar value.
///
/// Callers that look up many scalars in a loop should fetch `UnicodePropertyTable.shared` once and call its
/// `properties(of:)` directly, which saves the lazy-initialisation check of the shared table on every call.
enum UnicodeProperties {
    /// The packed properties of `scalar`.
    ///
    /// Values above U+10FFFF (not valid scalars, possible in a raw `UInt32` buffer) get the properties of
    /// U+10FFFF, an unassigned noncharacter.
    @inline(__always) static func properties(of scalar: UInt32) -> ScalarProperties {
        UnicodePropertyTable.shared.properties(of: scalar)
    }
}
