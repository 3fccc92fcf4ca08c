import Foundation
import FoundationXML
import Testing

@testable import Catalogs

/// `WorkflowCommandGuard` in each spelling. GitHub's runner takes a line whose first characters after white space are
/// `::` for a command, and `##[` anywhere for its older syntax; the expected strings are written out by hand.
@Suite struct WorkflowCommandGuardTests {
    @Test func plainTextGetsAZeroWidthSpace() {
        let zwsp = "\u{200B}"
        #expect(WorkflowCommandGuard.guarded("a :: b\n  ::x\n", spelling: .text) == "a :: b\n  \(zwsp)::x\n")
        #expect(WorkflowCommandGuard.guarded("::x", spelling: .text) == "\(zwsp)::x")
        #expect(WorkflowCommandGuard.guarded("x ##[error] y ##[", spelling: .text) == "x ##\(zwsp)[error] y ##\(zwsp)[")
        // Every line end a log reader knows, and every white space it trims (NBSP, ideographic space, U+2000–200A).
        for end in ["\n", "\r", "\r\n", "\u{85}", "\u{2028}", "\u{2029}"] {
            #expect(WorkflowCommandGuard.guarded("a\(end)::e", spelling: .text) == "a\(end)\(zwsp)::e", "\(end)")
        }
        for space in [" ", "\t", "\u{A0}", "\u{1680}", "\u{2000}", "\u{200A}", "\u{202F}", "\u{205F}", "\u{3000}"] {
            #expect(WorkflowCommandGuard.guarded("\(space)::e", spelling: .text) == "\(space)\(zwsp)::e", "\(space)")
        }
        // Not white space: U+200B itself, U+2010 (a hyphen, beside the spaces' bytes), a letter.
        for lead in ["\u{200B}", "\u{2010}", "a"] {
            #expect(WorkflowCommandGuard.guarded("\(lead)::e", spelling: .text) == "\(lead)::e")
        }
        // A lone `:`, `#[`, `##` at the very end: nothing to break up.
        for text in [":", "::", "#[", "##", "a:\n:b", ""] where text != "::" {
            #expect(WorkflowCommandGuard.guarded(text, spelling: .text) == text)
        }
    }

    /// JSON and SARIF keep their data: the `[` of `##[` is written `\u005B`, which reads back as `[`.
    @Test func jsonKeepsItsData() throws {
        // JSON may leave NEL, LS and PS raw in a string, which a log reader takes for line ends: `::` after one is
        // written `\u003A:` (a fresh-eyes review found U+200B inserted into the data there).
        let object = [
            "text": "##[error]Forged ##[x", "key": "a::b", "ls": "a\u{2028}::warning::F", "nel": "b\u{85} ::c",
        ]
        let data = try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])
        let json = String(decoding: data, as: UTF8.self)
        let guarded = WorkflowCommandGuard.guarded(json, spelling: .json)
        #expect(!guarded.contains("##["))
        #expect(guarded.contains(#"##\u005B"#))
        #expect(WorkflowCommandGuard.guarded("\"a\u{2028}::w\"", spelling: .json) == "\"a\u{2028}\\u003A:w\"")
        let back = try JSONSerialization.jsonObject(with: Data(guarded.utf8)) as? [String: String]
        #expect(back == object)
    }

    /// JUnit keeps its data: `##&#91;` and a line's first `:` as `&#58;`, which an XML reader reads back.
    @Test func xmlKeepsItsData() throws {
        let xml = "<r a=\"##[x\">line\n  ::error::x ##[y</r>"
        let guarded = WorkflowCommandGuard.guarded(xml, spelling: .xml)
        #expect(guarded == "<r a=\"##&#91;x\">line\n  &#58;:error::x ##&#91;y</r>")
        let document = try XMLDocument(xmlString: guarded)
        #expect(document.rootElement()?.stringValue == "line\n  ::error::x ##[y")
        #expect(document.rootElement()?.attribute(forName: "a")?.stringValue == "##[x")
    }

    /// Text with nothing to break up comes back as it was, multi-byte text included.
    @Test func textWithoutCommandsIsUnchanged() {
        let text = "日本語 :: テスト\n  a::b\n\u{3000}x::\n#[ ## [ ::"
        #expect(WorkflowCommandGuard.guarded(text, spelling: .text) == text)
        #expect(WorkflowCommandGuard.guarded(text, spelling: .json) == text)
    }

    /// The scan skips eight bytes at a time: texts of every length and mix, the stop bytes at every position of a
    /// word, give what a plain scalar-by-scalar reading of the rule (written here) gives.
    @Test func matchesTheRuleReadScalarByScalar() {
        let alphabet: [String] = [
            "a", "#", "##[", "[", ":", "::", " ", "\u{3000}", "\u{A0}", "\n", "\r", "\r\n", "\u{85}", "\u{2028}", "é",
            "日",
            "\u{2010}", "\u{C2}",
        ]
        var seed: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next(_ bound: Int) -> Int {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((seed >> 33) % UInt64(bound))
        }
        for _ in 0..<2_000 {
            let text = (0..<next(40)).map { _ in alphabet[next(alphabet.count)] }.joined()
            #expect(
                WorkflowCommandGuard.guarded(text, spelling: .text) == Self.reference(text),
                "\(Array(text.unicodeScalars))")
        }
    }

    /// The rule, scalar by scalar: `##[` gets U+200B before its `[`; after a line end (LF, CR, NEL, LS, PS) or at the
    /// start, white space (Unicode's, line ends excepted) then `::` gets U+200B before the `::`.
    static func reference(_ text: String) -> String {
        let scalars = Array(text.unicodeScalars)
        let lineEnds: Set<UInt32> = [0x0A, 0x0D, 0x85, 0x2028, 0x2029]
        var out = String.UnicodeScalarView()
        var index = 0
        var lineStart = true
        while index < scalars.count {
            if lineStart {
                lineStart = false
                var probe = index
                while probe < scalars.count, scalars[probe].properties.isWhitespace,
                    !lineEnds.contains(scalars[probe].value)
                {
                    probe += 1
                }
                if probe + 1 < scalars.count, scalars[probe] == ":", scalars[probe + 1] == ":" {
                    out.append(contentsOf: scalars[index..<probe])
                    out.append("\u{200B}")
                    index = probe
                }
            }
            if index + 2 < scalars.count, scalars[index] == "#", scalars[index + 1] == "#", scalars[index + 2] == "[" {
                out.append(contentsOf: ["#", "#", "\u{200B}", "["])
                index += 3
                continue
            }
            out.append(scalars[index])
            if lineEnds.contains(scalars[index].value) { lineStart = true }
            index += 1
        }
        return String(out)
    }
}
