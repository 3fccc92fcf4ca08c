import Testing

@testable import Measure

/// The script itemizer on mixed-script text. Expected runs are written out by hand from the UCD values of each
/// scalar (quoted where they matter) and the rules in `ScriptItemizer`'s documentation.
@Suite("Script itemizer")
struct ScriptItemizerTests {
    /// The ISO 15924 code resolved for each scalar of `text`; also checks nothing is written past the end.
    private func itemize(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) -> [String] {
        let scalars = text.unicodeScalars.map(\.value)
        var scripts = [Script](repeating: .unknown, count: scalars.count + 1)  // the last one is a sentinel
        scalars.withUnsafeBufferPointer { buffer in
            scripts.withUnsafeMutableBufferPointer { ScriptItemizer.resolve(buffer, into: $0.baseAddress!) }
        }
        #expect(scripts.last == .unknown, "wrote past the end", sourceLocation: sourceLocation)
        return scripts.dropLast().map(\.iso15924)
    }

    /// `count` copies of each code, in order.
    private func runs(_ parts: (String, Int)...) -> [String] {
        parts.flatMap { Array(repeating: $0.0, count: $0.1) }
    }

    /// The runs of `codes` as "code×length", to keep failure messages of long texts short.
    private func summary(_ codes: [String]) -> [String] {
        var result: [(code: String, count: Int)] = []
        for code in codes {
            if result.last?.code == code { result[result.count - 1].count += 1 } else { result.append((code, 1)) }
        }
        return result.map { "\($0.code)×\($0.count)" }
    }

    @Test("a space between two scripts joins the run before it")
    func spaceJoinsPreviousRun() {
        #expect(itemize("abc אבג") == runs(("Latn", 4), ("Hebr", 3)))
    }

    @Test("Arabic, then Latin with digits and brackets")
    func arabicThenLatin() {
        // تنزيل is 5 letters; the space after it stays Arabic; "(2 MB)" follows PDF, so it is Latin.
        #expect(itemize("تنزيل PDF (2 MB)") == runs(("Arab", 6), ("Latn", 10)))
    }

    /// Each paragraph is itemized on its own, as Pango and TextKit itemize one paragraph at a time: after LF, CR,
    /// CR LF or U+2029, leading punctuation takes the next letter's script, not the previous paragraph's (so "-v"
    /// stays one Latin run, kerned), a paragraph of digits alone is Common, and no bracket closes across
    /// paragraphs. U+2028, VT and FF end lines inside a paragraph, not paragraphs.
    @Test("each paragraph is itemized on its own")
    func paragraphsAreItemizedAlone() {
        #expect(itemize("ב\n-v") == runs(("Hebr", 2), ("Latn", 2)))
        #expect(itemize("ב\r\n-v") == runs(("Hebr", 3), ("Latn", 2)))
        #expect(itemize("ב\r-v") == runs(("Hebr", 2), ("Latn", 2)))
        #expect(itemize("ב\u{2029}-v") == runs(("Hebr", 2), ("Latn", 2)))
        #expect(itemize("مرحبا\n-T") == runs(("Arab", 6), ("Latn", 2)))
        // Digits alone in a paragraph: no real script in it, so Common (in one text they joined the Hebrew run).
        #expect(itemize("שלום\n123") == runs(("Hebr", 5), ("Zyyy", 3)))
        // A bracket opened in one paragraph is not closed in the next: ")" is ordinary Common there, and leads.
        #expect(itemize("(א\n)b") == runs(("Hebr", 3), ("Latn", 2)))
        // Lines inside a paragraph: the hyphen still joins the Hebrew run, as within a line.
        #expect(itemize("ב\u{2028}-v") == runs(("Hebr", 3), ("Latn", 1)))
        #expect(itemize("ב\u{0B}-v") == runs(("Hebr", 3), ("Latn", 1)))
        // An empty paragraph between two: the separators are Common with nothing real before them in theirs.
        #expect(itemize("a\n\nב") == runs(("Latn", 2), ("Zyyy", 1), ("Hebr", 1)))
    }

    @Test("brackets around Hebrew at the start are Hebrew")
    func leadingBracketTakesFollowingScript() {
        #expect(itemize("(שלום) abc") == runs(("Hebr", 7), ("Latn", 3)))
    }

    @Test("a closing bracket takes the script of its opening bracket's run")
    func closingBracketMatchesOpening() {
        // Without pairing, ")" would join the Hebrew run before it.
        #expect(itemize("abc (אבג) def") == runs(("Latn", 5), ("Hebr", 3), ("Latn", 5)))
        #expect(itemize("abc [אבג] def") == runs(("Latn", 5), ("Hebr", 3), ("Latn", 5)))
        // A closing bracket of another kind does not close "(": it is ordinary Common and joins Hebrew, and so
        // does the space after it.
        #expect(itemize("abc (אבג] def") == runs(("Latn", 5), ("Hebr", 5), ("Latn", 3)))
        // U+2329 and U+3009 are a pair through U+2329's canonical decomposition to U+3008. U+3009 alone would
        // start a CJK run ("3009 ; Bopo Hang Hani Hira Kana Yiii" excludes Hebr); paired, it is Latin.
        #expect(itemize("abc \u{2329}אבג\u{3009}") == runs(("Latn", 5), ("Hebr", 3), ("Latn", 1)))
    }

    @Test("Devanagari digits are Devanagari")
    func devanagariDigits() {
        // Scripts.txt "0966..096F ; Devanagari", ScriptExtensions.txt "0966..096F ; Deva Dogr Kthi Mahj".
        #expect(itemize("१२३") == runs(("Deva", 3)))
        // Myanmar digits: "1040..1049 ; Myanmar", extensions "Cakm Mymr Tale": the Script wins over the first one.
        #expect(itemize("၁၂") == runs(("Mymr", 2)))
    }

    @Test("leading punctuation takes the script that follows")
    func leadingPunctuation() {
        #expect(itemize("¡Hola!") == runs(("Latn", 6)))
        #expect(itemize("«Привет»") == runs(("Cyrl", 8)))
        #expect(itemize("...123 שלום") == runs(("Hebr", 11)))
        // A leading mark too.
        #expect(itemize("\u{0301}a") == runs(("Latn", 2)))
        // "「" (extensions Bopo Hang Hani Hira Kana Yiii) does not split off before Latin at the start.
        #expect(itemize("「abc」") == runs(("Latn", 5)))
    }

    @Test("text with no real script is all Common")
    func onlyCommon() {
        #expect(itemize("123 456") == runs(("Zyyy", 7)))
        #expect(itemize(" ") == ["Zyyy"])
        #expect(itemize("(1)") == runs(("Zyyy", 3)))
        // Even scalars whose extensions name real scripts, when nothing decides between them.
        #expect(itemize("।") == ["Zyyy"])
        #expect(itemize("、") == ["Zyyy"])
        // Unassigned (Unknown) scalars too.
        #expect(itemize("\u{0378}") == ["Zyyy"])
        #expect(itemize("") == [])
    }

    @Test("a combining mark stays with its base")
    func combiningMark() {
        #expect(itemize("e\u{0301}") == runs(("Latn", 2)))
        #expect(itemize("ab\u{0301}\u{0302} c") == runs(("Latn", 6)))
        // U+0951 (Inherited, extensions without Thai) after Thai still joins Thai.
        #expect(itemize("ก\u{0951}") == runs(("Thai", 2)))
    }

    @Test("danda: stays in Bengali, starts its first extension after Latin")
    func danda() {
        // বাংলা is 5 scalars; "0964 ; Beng Deva Dogr …" contains Beng.
        #expect(itemize("বাংলা।") == runs(("Beng", 6)))
        #expect(itemize("नमस्ते।") == runs(("Deva", 7)))
        // After Latin, Latn is not in its extensions: a run of its first extension, Beng.
        #expect(itemize("abc।") == runs(("Latn", 3), ("Beng", 1)))
        // … unless a script of its extensions follows and decides.
        #expect(itemize("abc। क") == runs(("Latn", 3), ("Deva", 3)))
        #expect(itemize("।क") == runs(("Deva", 2)))
    }

    @Test("Script_Extensions keep shared scalars in the run")
    func extensionsJoin() {
        // "0640 ; Adlm Arab Mand Mani Ougr Phlp Rohg Sogd Syrc": tatweel stays Arabic.
        #expect(itemize("عـرب") == runs(("Arab", 4)))
        // "060C ; Arab Nkoo Rohg Syrc Thaa Yezi": the Arabic comma after Latin starts an Arabic run.
        #expect(itemize("a\u{060C}") == runs(("Latn", 1), ("Arab", 1)))
        // "30FC ; Hira Kana" and "3001 ; Bopo Hang Hani Hira Kana Yiii".
        #expect(itemize("カー、") == runs(("Kana", 3)))
        #expect(itemize("漢字「かな」") == runs(("Hani", 3), ("Hira", 2), ("Hani", 1)))
        #expect(itemize("「かな」") == runs(("Hira", 4)))
    }

    @Test("unassigned scalars behave like Common")
    func unknownJoins() {
        #expect(itemize("a\u{0378}b") == runs(("Latn", 3)))
        #expect(itemize("א\u{0378}a") == runs(("Hebr", 2), ("Latn", 1)))
    }

    @Test("10,000 levels of nested brackets do not trap")
    func deepNesting() {
        let depth = 10_000
        let open = String(repeating: "(", count: depth)
        let close = String(repeating: ")", count: depth)
        #expect(summary(itemize(open + "a" + close)) == ["Latn×20001"])
        #expect(summary(itemize(open + "א" + close + " abc")) == ["Hebr×20002", "Latn×3"])
        // Past the stack's 64 entries the outermost brackets are forgotten: the 64 innermost ")" still pair with
        // their Latin "(" and return to Latin, the rest are plain Common and join the run.
        let latinOutside = "a" + String(repeating: "(", count: 100) + "א" + String(repeating: ")", count: 100)
        #expect(summary(itemize(latinOutside)) == ["Latn×101", "Hebr×1", "Latn×100"])
        // Nested brackets around changing scripts, deeper than the stack: still no trap, and the innermost pair.
        let mixed = String(repeating: "a(א[", count: 5_000) + String(repeating: "])", count: 5_000)
        let scripts = itemize(mixed)
        #expect(scripts.count == 30_000)
        #expect(scripts.last == "Latn" && scripts[19_999] == "Hebr" && scripts[20_000] == "Hebr")
    }

    @Test("many short runs")
    func alternatingRuns() {
        let text = String(repeating: "aא", count: 500)
        #expect(itemize(text) == Array(repeating: ["Latn", "Hebr"], count: 500).flatMap { $0 })
    }
}
