import Testing

@testable import Measure

/// Spot checks of the generated script table against values read by hand from the UCD 15.0 files (Scripts.txt,
/// ScriptExtensions.txt, DerivedBidiClass.txt, LineBreak.txt, UnicodeData.txt, BidiBrackets.txt); the line each
/// fact comes from is quoted next to it.
@Suite("Script table")
struct ScriptTableTests {
    private func properties(_ scalar: UInt32) -> ScriptProperties {
        ScriptTable.shared.properties(of: scalar)
    }

    private func extensionCodes(_ scalar: UInt32) -> [String] {
        properties(scalar).extensions.map(\.iso15924)
    }

    @Test("Script values: raw order, ISO 15924 codes and HarfBuzz tags")
    func scriptValues() {
        // PropertyValueAliases.txt has 165 `sc ;` lines.
        #expect(Script.count == 165)
        #expect(Script.common.rawValue == 0 && Script.inherited.rawValue == 1 && Script.unknown.rawValue == 2)
        #expect(Script.common.iso15924 == "Zyyy")
        #expect(Script.inherited.iso15924 == "Zinh")
        #expect(Script.unknown.iso15924 == "Zzzz")
        #expect(Script.arabic.iso15924 == "Arab")
        #expect(Script.han.iso15924 == "Hani")
        #expect(Script.oldItalic.iso15924 == "Ital")  // sc ; Ital ; Old_Italic
        #expect(Script.nko.iso15924 == "Nkoo")  // sc ; Nkoo ; Nko
        // HB_SCRIPT_ARABIC is HB_TAG('A','r','a','b').
        #expect(Script.arabic.tag == 0x4172_6162)
        #expect(Script.latin.tag == 0x4C61_746E)
        #expect(Script.common.tag == 0x5A79_7979)
        #expect(Script(iso15924: "Arab") == .arabic)
        #expect(Script(iso15924: "arab") == .arabic)
        #expect(Script(iso15924: "HANI") == .han)
        #expect(Script(iso15924: "Hrkt") == .katakanaOrHiragana)
        #expect(Script(iso15924: "Qaaa") == nil)  // private use range, not a UCD value
        #expect(Script(iso15924: "Latin") == nil)
        #expect(Script(iso15924: "Lat") == nil)
        #expect(Script(iso15924: "") == nil)
        #expect(!Script.common.isReal && !Script.inherited.isReal && !Script.unknown.isReal && Script.adlam.isReal)
    }

    @Test("every Script value's code finds it again")
    func codesRoundTrip() {
        for raw in 0..<Script.count {
            let script = Script(rawValue: UInt8(raw))
            #expect(Script(iso15924: script.iso15924) == script)
        }
    }

    @Test("Script and Script_Extensions of scalars ScriptExtensions.txt lists")
    func extensions() {
        // Scripts.txt "0640 ; Common", ScriptExtensions.txt "0640 ; Adlm Arab Mand Mani Ougr Phlp Rohg Sogd Syrc".
        #expect(properties(0x0640).script == .common)
        #expect(extensionCodes(0x0640) == ["Adlm", "Arab", "Mand", "Mani", "Ougr", "Phlp", "Rohg", "Sogd", "Syrc"])
        #expect(properties(0x0640).extensionsContain(.arabic) && properties(0x0640).extensionsContain(.syriac))
        #expect(!properties(0x0640).extensionsContain(.latin))
        // "0964..0965 ; Common"; "0964 ; Beng Deva Dogr Gong Gonm Gran Gujr Guru Knda Mahj Mlym Nand Orya Sind Sinh
        // Sylo Takr Taml Telu Tirh".
        #expect(properties(0x0964).script == .common)
        #expect(properties(0x0964).extensionsContain(.bengali) && properties(0x0964).extensionsContain(.devanagari))
        #expect(properties(0x0964).extensions.count == 20)
        #expect(properties(0x0964).firstExtension == .bengali)
        // "0660..0669 ; Arabic"; "0660..0669 ; Arab Thaa Yezi".
        #expect(properties(0x0660).script == .arabic)
        #expect(extensionCodes(0x0660) == ["Arab", "Thaa", "Yezi"])
        // "1040..1049 ; Myanmar"; "1040..1049 ; Cakm Mymr Tale".
        #expect(properties(0x1040).script == .myanmar)
        #expect(extensionCodes(0x1040) == ["Cakm", "Mymr", "Tale"])
        // "30FC ; Common"; "30FC ; Hira Kana".
        #expect(extensionCodes(0x30FC) == ["Hira", "Kana"])
        // "0951 ; Inherited"; "0951 ; Beng Deva Gran Gujr Guru Knda Latn Mlym Orya Shrd Taml Telu Tirh".
        #expect(properties(0x0951).script == .inherited)
        #expect(properties(0x0951).extensionsContain(.latin) && !properties(0x0951).extensionsContain(.thai))
    }

    @Test("a scalar ScriptExtensions.txt does not list has its Script as its only extension")
    func defaultExtensions() {
        #expect(properties(0x0041).script == .latin)  // "0041..005A ; Latin"
        #expect(extensionCodes(0x0041) == ["Latn"])
        #expect(properties(0x0041).firstExtension == .latin)
        #expect(properties(0x0627).script == .arabic)  // "0620..063F ; Arabic"
        #expect(extensionCodes(0x0627) == ["Arab"])
        #expect(properties(0x0020).script == .common)  // "0020 ; Common"
        #expect(extensionCodes(0x0020) == ["Zyyy"])
        #expect(properties(0x0301).script == .inherited)  // "0300..036F ; Inherited"
        #expect(extensionCodes(0x0301) == ["Zinh"])
        #expect(properties(0x05D0).script == .hebrew)  // "05D0..05EA ; Hebrew"
        #expect(properties(0x0915).script == .devanagari)  // "0904..0939 ; Devanagari"
        #expect(properties(0x0E01).script == .thai)  // "0E01..0E30 ; Thai"
        #expect(properties(0x4E00).script == .han)  // "4E00..9FFF ; Han"
        #expect(properties(0x3042).script == .hiragana)  // "3041..3096 ; Hiragana"
        #expect(properties(0x30A2).script == .katakana)  // "30A1..30FA ; Katakana"
        #expect(properties(0xAC00).script == .hangul)  // "AC00..D7A3 ; Hangul"
    }

    @Test("unassigned scalars and values beyond U+10FFFF are Unknown")
    func unknown() {
        #expect(properties(0x0378).script == .unknown)  // not in Scripts.txt: "@missing: 0000..10FFFF; Unknown"
        #expect(extensionCodes(0x0378) == ["Zzzz"])
        #expect(properties(0x10FFFF).script == .unknown)
        #expect(properties(0x110000).script == .unknown)
        #expect(properties(0xFFFF_FFFF).script == .unknown)
    }

    @Test("isMark, needsBidi, isSouthEastAsian")
    func flags() {
        #expect(properties(0x0301).isMark)  // UnicodeData.txt "0301;COMBINING ACUTE ACCENT;Mn"
        #expect(properties(0x0903).isMark)  // "0903;DEVANAGARI SIGN VISARGA;Mc"
        #expect(properties(0x20DD).isMark)  // "20DD;COMBINING ENCLOSING CIRCLE;Me"
        #expect(!properties(0x0041).isMark && !properties(0x0E01).isMark)
        #expect(properties(0x0E31).isMark)  // "0E31;THAI CHARACTER MAI HAN-AKAT;Mn"

        #expect(properties(0x05D0).needsBidi)  // DerivedBidiClass.txt "05D0..05EA ; R"
        #expect(properties(0x0627).needsBidi)  // "0620..063F ; AL"
        #expect(properties(0x0660).needsBidi)  // "0660..0669 ; AN"
        #expect(properties(0x202B).needsBidi)  // "202B ; RLE"
        #expect(properties(0x2067).needsBidi)  // "2067 ; RLI"
        #expect(properties(0x2069).needsBidi)  // "2069 ; PDI"
        #expect(properties(0x0640).needsBidi)  // "0640 ; AL"
        #expect(properties(0x05FF).needsBidi)  // unassigned, "@missing: 0590..05FF; Right_To_Left"
        #expect(!properties(0x0041).needsBidi)  // L
        #expect(!properties(0x0030).needsBidi)  // "0030..0039 ; EN"
        #expect(!properties(0x0020).needsBidi)  // WS
        #expect(properties(0x200F).needsBidi)  // RIGHT-TO-LEFT MARK "200F ; R"
        #expect(!properties(0x200E).needsBidi)  // LEFT-TO-RIGHT MARK "200E ; L"
        #expect(!properties(0x0964).needsBidi)  // "0964..0965 ; L"

        #expect(properties(0x0E01).isSouthEastAsian)  // LineBreak.txt "0E01..0E30;SA"
        #expect(properties(0x0E31).isSouthEastAsian)  // "0E31;SA" (LB1 makes it CM; the flag keeps SA)
        #expect(properties(0x1780).isSouthEastAsian)  // Khmer "1780..17B3;SA"
        #expect(properties(0x1000).isSouthEastAsian)  // Myanmar "1000..102A;SA"
        #expect(!properties(0x0041).isSouthEastAsian && !properties(0x0915).isSouthEastAsian)
    }

    @Test("needsShaping: complex scripts, marks, bidi, SA and conjoining jamo")
    func needsShaping() {
        #expect(!properties(0x0041).needsShaping)  // Latin
        #expect(!properties(0x0020).needsShaping)  // Common
        #expect(!properties(0x03B1).needsShaping)  // Greek alpha
        #expect(!properties(0x0416).needsShaping)  // Cyrillic Zhe
        #expect(!properties(0x4E00).needsShaping)  // Han
        #expect(!properties(0x3042).needsShaping)  // Hiragana
        #expect(!properties(0xAC00).needsShaping)  // Hangul syllable
        #expect(!properties(0x0964).needsShaping)  // danda: Common, L, Po, BA
        #expect(!properties(0x0378).needsShaping)  // Unknown
        #expect(properties(0x0915).needsShaping)  // Devanagari
        #expect(properties(0x0627).needsShaping)  // Arabic
        #expect(properties(0x05D0).needsShaping)  // Hebrew (and R)
        #expect(properties(0x0E01).needsShaping)  // Thai
        #expect(properties(0x12A0).needsShaping)  // Ethiopic: not in the conservative simple list
        #expect(properties(0x0301).needsShaping)  // Inherited, but a mark
        #expect(properties(0x0660).needsShaping)  // AN
        #expect(properties(0x202B).needsShaping)  // RLE: Common, but bidi
        #expect(properties(0x1100).needsShaping)  // HANGUL CHOSEONG KIYEOK, GCB L
        #expect(properties(0x1161).needsShaping)  // HANGUL JUNGSEONG A, GCB V
        #expect(properties(0x11A8).needsShaping)  // HANGUL JONGSEONG KIYEOK, GCB T
    }

    @Test("paired brackets pair, canonical equivalents too")
    func brackets() {
        // BidiBrackets.txt "0028; 0029; o", "0029; 0028; c", "005B; 005D; o".
        #expect(properties(0x0028).isOpeningBracket && !properties(0x0028).isClosingBracket)
        #expect(properties(0x0029).isClosingBracket && !properties(0x0029).isOpeningBracket)
        #expect(properties(0x0028).bracketPair == properties(0x0029).bracketPair)
        #expect(properties(0x0028).bracketPair != properties(0x005B).bracketPair)
        // "2329; 232A; o" and "3008; 3009; o"; UnicodeData.txt "2329;…;3008;" (canonical singleton).
        #expect(properties(0x2329).bracketPair == properties(0x3008).bracketPair)
        #expect(properties(0x232A).bracketPair == properties(0x3009).bracketPair)
        #expect(properties(0x2329).bracketPair == properties(0x3009).bracketPair)
        // "298D; 2990; o": the tick brackets pair across, not with their neighbours.
        #expect(properties(0x298D).bracketPair == properties(0x2990).bracketPair)
        #expect(properties(0x298D).bracketPair != properties(0x298E).bracketPair)
        // Quotation marks are not paired brackets.
        #expect(!properties(0x00AB).isOpeningBracket && !properties(0x00BB).isClosingBracket)
        #expect(!properties(0x0041).isOpeningBracket && !properties(0x0041).isClosingBracket)
        for scalar: UInt32 in [0x0028, 0x0029, 0x2329, 0xFF63] {
            #expect(Int(properties(scalar).bracketPair) < ScriptProperties.bracketPairCount)
        }
    }

    @Test("ScriptSet operations")
    func scriptSet() {
        let indic = ScriptSet([.bengali, .devanagari, .tamil])
        #expect(indic.count == 3)
        #expect(indic.first == .bengali)
        #expect(indic.containsRealScript)
        #expect(!ScriptSet([.common, .inherited, .unknown]).containsRealScript)
        #expect(indic.intersection(ScriptSet([.devanagari, .latin])) == ScriptSet(.devanagari))
        #expect(indic.intersection(ScriptSet(.latin)).isEmpty)
        #expect(ScriptSet.all.intersection(indic) == indic)
        #expect(ScriptSet.empty.first == nil)
        let last = Script(rawValue: UInt8(Script.count - 1))
        #expect(ScriptSet([last, .common]).map(\.rawValue) == [0, last.rawValue])
    }
}
