/// Text as a hash key that compares Unicode code points, not canonical equivalence as Swift's `String` does.
///
/// Why: catalogs are looked up code unit by code unit — a `.strings` table, an `.xcstrings` file, an Android resource
/// name — so `café` written with U+00E9 and `café` written `e` + U+0301 are two keys with two translations. Keyed by
/// `String`, the second replaced the first as a "duplicate" and one translation was never measured.
package struct ExactText: Hashable, Sendable {
    package let text: String

    package init(_ text: String) {
        self.text = text
    }

    package static func == (lhs: ExactText, rhs: ExactText) -> Bool {
        lhs.text.utf8.elementsEqual(rhs.text.utf8)
    }

    package func hash(into hasher: inout Hasher) {
        var text = text
        text.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
        hasher.combine(text.utf8.count)
    }
}
