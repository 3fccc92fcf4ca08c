/// Namespace for Unicode property lookups by scalar value.
///
/// It reaches the table unretained (`UnicodePropertyTable.sharedUnretained`), so code that every thread runs per string
/// does not have the cores trade the table's reference count back and forth. Called in a loop it costs no more than
/// the table fetched once before it (callgrind: `startsWithNumber` over the CJK corpus took fewer instructions this
/// way than with `UnicodePropertyTable.shared` fetched once).
enum UnicodeProperties {
    /// The packed properties of `scalar`.
    ///
    /// Values above U+10FFFF (not valid scalars, possible in a raw `UInt32` buffer) get the properties of
    /// U+10FFFF, an unassigned noncharacter.
    @inline(__always) static func properties(of scalar: UInt32) -> ScalarProperties {
        UnicodePropertyTable.sharedUnretained._withUnsafeGuaranteedRef { $0.properties(of: scalar) }
    }
}
