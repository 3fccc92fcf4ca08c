/// Namespace for Unicode property lookups by scalar value.
///
/// It reaches the table unretained (`UnicodePropertyTable.sharedUnretained`), so code that every thread runs per string
/// does not have the cores trade the table's reference count back and forth. Callers that look up many scalars in a
/// loop may take `sharedUnretained._withUnsafeGuaranteedRef` once around it instead, which also saves the
/// lazy-initialisation check on every call.
enum UnicodeProperties {
    /// The packed properties of `scalar`.
    ///
    /// Values above U+10FFFF (not valid scalars, possible in a raw `UInt32` buffer) get the properties of
    /// U+10FFFF, an unassigned noncharacter.
    @inline(__always) static func properties(of scalar: UInt32) -> ScalarProperties {
        UnicodePropertyTable.sharedUnretained._withUnsafeGuaranteedRef { $0.properties(of: scalar) }
    }
}
