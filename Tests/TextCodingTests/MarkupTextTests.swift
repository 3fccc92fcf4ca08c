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
        let text = "tab\tline\ncr\r ü 漢字 مرحبا 👍🏽 \u{A0}\u{FDCF}\u{FDF0}\u{FFFD}\u{10000}"
        #expect(MarkupText.escaped(text) == text)
    }

    /// `sanitized` replaces what XML forbids and escapes nothing (the report's data block escapes for JSON).
    @Test func sanitizedTextKeepsMarkupAndReplacesForbiddenCharacters() {
        #expect(MarkupText.sanitized("<b>\u{1}&\u{7F}") == "<b>\u{FFFD}&\u{FFFD}")
        #expect(MarkupText.sanitized("ü 漢字 👍🏽") == "ü 漢字 👍🏽")
    }
}
