import Testing

@testable import TextCoding

/// Escaping for HTML and SVG, on hostile strings.
@Suite struct MarkupTextTests {
    @Test func markupCharactersAreEscaped() {
        #expect(
            MarkupText.escaped("<script>alert('x')</script> & \"q\"")
                == "&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt; &amp; &quot;q&quot;")
        #expect(MarkupText.escaped("]]><!--") == "]]&gt;&lt;!--")
    }

    @Test func charactersXMLForbidsBecomeTheReplacementCharacter() {
        // Swift string literals refuse noncharacters such as U+FFFE; catalogs can still hold them.
        var hostile = "a\u{0}b\u{1}\u{8}\u{B}\u{C}\u{1F}\u{7F}\u{85}\u{9F}"
        for value: UInt32 in [0xFDD0, 0xFDEF, 0xFFFE, 0xFFFF, 0x1FFFE, 0x10FFFF] {
            hostile.unicodeScalars.append(Unicode.Scalar(value)!)
        }
        hostile += "z"
        #expect(MarkupText.escaped(hostile) == "a\u{FFFD}b" + String(repeating: "\u{FFFD}", count: 14) + "z")
    }

    @Test func allowedCharactersPassThrough() {
        let text = "tab\tline\n ü 漢字 مرحبا 👍🏽 \u{A0}\u{FDCF}\u{FDF0}\u{FFFD}\u{10000}"
        #expect(MarkupText.escaped(text) == text)
    }

    /// HTML and XML parsers turn a raw CR into LF (newline normalization), so an `<option value>` holding a locale
    /// with a CR no longer matched that locale in the page's data: a character reference keeps it a CR.
    @Test func aCarriageReturnIsAReference() {
        #expect(MarkupText.escaped("de\rX") == "de&#13;X")
        #expect(MarkupText.escaped("a\r\nb") == "a&#13;\nb")
    }

    /// `sanitized` replaces what XML forbids and escapes nothing (the report's data block escapes for JSON).
    @Test func sanitizedTextKeepsMarkupAndReplacesForbiddenCharacters() {
        #expect(MarkupText.sanitized("<b>\u{1}&\u{7F}") == "<b>\u{FFFD}&\u{FFFD}")
        #expect(MarkupText.sanitized("ü 漢字 👍🏽") == "ü 漢字 👍🏽")
    }
}
