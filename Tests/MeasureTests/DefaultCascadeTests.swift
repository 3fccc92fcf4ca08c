import Foundation
import Testing

@testable import Measure

/// The default cascade as fontconfig finds it on a machine with the Makefile's font packages (fonts-dejavu-core,
/// fonts-noto-cjk, fonts-noto-core, fonts-noto-color-emoji). Expected files are what `fc-match -f '%{file} %{index}'`
/// printed for each family (fontconfig 2.14.1, Debian bookworm); script codes are PropertyValueAliases-15.0.0.txt's.
@Suite struct DefaultCascadeTests {
    static let cjk = "/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc"
    static let noto = "/usr/share/fonts/truetype/noto/"
    static let packagesInstalled = [
        "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf", cjk, noto + "NotoSansArabic-Regular.ttf",
        noto + "NotoColorEmoji.ttf",
    ].allSatisfy { FileManager.default.fileExists(atPath: $0) }

    /// The plan for `language`, or nil (and a note) when the font packages are not installed.
    func plan(_ language: String?) throws -> DefaultCascade? {
        guard Self.packagesInstalled else {
            print("skipped: install fonts-dejavu-core fonts-noto-cjk fonts-noto-core fonts-noto-color-emoji")
            return nil
        }
        return try DefaultCascade.plan(language: language)
    }

    @Test(
        arguments: [
            (nil, 2), ("", 2), ("de", 2), ("en-US", 2), ("zh", 2), ("zh-Hans", 2), ("zh-CN", 2), ("zh-SG", 2),
            ("zh-Hant", 3), ("zh-TW", 3), ("zh_Hant_TW", 3), ("zh-Hant-HK", 4), ("zh-HK", 4), ("zh-MO", 4),
            ("zh-Hans-HK", 2), ("yue", 4), ("yue-Hans", 2), ("ja", 0), ("ja-JP-u-ca-japanese", 0), ("ko", 1),
            ("ko-KR", 1), ("ar", 2), ("JA", 0),
        ] as [(String?, Int)])
    func theCJKFaceFollowsTheLanguage(language: String?, face: Int) throws {
        guard let plan = try plan(language) else { return }
        #expect(plan.members[1].source == FontSource(path: Self.cjk, faceIndex: face))
        let names = ["JP", "KR", "SC", "TC", "HK"]
        #expect(plan.members[1].family == "Noto Sans CJK " + names[face])
        #expect(plan.members[1].scripts.contains("Hani"))
    }

    @Test func dejaVuSansComesFirstAndColourEmojiLast() throws {
        guard let plan = try plan(nil) else { return }
        #expect(
            plan.members.first
                == .init(
                    source: FontSource(path: "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"),
                    family: "DejaVu Sans", scripts: ["Latn", "Grek", "Cyrl", "Armn", "Geor"]))
        #expect(
            plan.members.last
                == .init(
                    source: FontSource(path: Self.noto + "NotoColorEmoji.ttf"),
                    family: "Noto Color Emoji", scripts: ["Zsye"]))
    }

    @Test func eachScriptHasItsNotoFont() throws {
        guard let plan = try plan(nil) else { return }
        let expected: [(family: String, file: String, script: String)] = [
            ("Noto Sans Arabic", "NotoSansArabic-Regular.ttf", "Arab"),
            ("Noto Sans Devanagari", "NotoSansDevanagari-Regular.ttf", "Deva"),
            ("Noto Sans Thai", "NotoSansThai-Regular.ttf", "Thai"),
            ("Noto Serif Tibetan", "NotoSerifTibetan-Regular.ttf", "Tibt"),
            ("Noto Sans Canadian Aboriginal", "NotoSansCanadianAboriginal-Regular.ttf", "Cans"),
            ("Noto Sans NKo", "NotoSansNKo-Regular.ttf", "Nkoo"),
            ("Noto Sans Old Turkic", "NotoSansOldTurkic-Regular.ttf", "Orkh"),
            ("Noto Serif Hmong Nyiakeng", "NotoSerifNyiakengPuachueHmong-Regular.ttf", "Hmnp"),
            ("Noto Sans Symbols2", "NotoSansSymbols2-Regular.ttf", "Zsym"),
            ("Noto Sans Math", "NotoSansMath-Regular.ttf", "Zmth"),
        ]
        let scriptFonts = plan.scriptFonts
        for (family, file, script) in expected {
            let index = try #require(plan.members.firstIndex { $0.family == family }, "\(family) is a member")
            #expect(plan.members[index].source == FontSource(path: Self.noto + file))
            #expect(plan.members[index].scripts.contains(script))
            if script != "Zsym" { #expect(scriptFonts[script] == index, "\(script) → \(family)") }
        }
        #expect(scriptFonts["Zsym"] == plan.members.firstIndex { $0.family == "Noto Sans Symbols" })
        #expect(scriptFonts["Latn"] == 0 && scriptFonts["Hani"] == 1)
        // Armenian and Georgian are DejaVu Sans's, as on the fast path; their Noto fonts are fallbacks.
        #expect(scriptFonts["Armn"] == 0 && scriptFonts["Geor"] == 0)
        #expect(plan.members.contains { $0.family == "Noto Sans Georgian" })
    }

    @Test func livingScriptsComeFirstThenSymbolsThenTheRestSorted() throws {
        guard let plan = try plan(nil) else { return }
        let families = plan.members.map(\.family)
        #expect(
            Array(families[2..<8]) == [
                "Noto Sans Arabic", "Noto Sans Hebrew", "Noto Sans Devanagari",
                "Noto Sans Bengali", "Noto Sans Tamil", "Noto Sans Telugu",
            ])
        let symbols = try #require(families.firstIndex(of: "Noto Sans Symbols"))
        #expect(symbols > families.firstIndex(of: "Noto Sans Yi")!)
        #expect(symbols < families.firstIndex(of: "Noto Sans Avestan")!)
        let historic = Array(families[(symbols + 4)..<(families.count - 1)])
        #expect(historic == historic.sorted())
        #expect(historic.contains("Noto Sans Egyptian Hieroglyphs") && historic.contains("Noto Serif Tangut"))
    }

    @Test func variantsAndDuplicatesAreLeftOut() throws {
        guard let plan = try plan(nil) else { return }
        #expect(Set(plan.sources).count == plan.members.count)
        #expect(Set(plan.members.map(\.family)).count == plan.members.count)
        for family in plan.members.map(\.family) {
            for variant in [
                " UI", "Display", "Mono", "Unjoined", "Looped", "Slanted", "Tifinagh APT", "Kufi",
                "Naskh",
            ] {
                #expect(!family.contains(variant), "\(family)")
            }
        }
        // A script with a Sans font does not also get its Serif one.
        #expect(!plan.members.contains { $0.family == "Noto Serif Armenian" || $0.family == "Noto Serif Thai" })
        #expect(plan.members.count <= FontCascade.maximumCount)
    }

    @Test func everyMemberIsAnInstalledRegularFace() throws {
        guard let plan = try plan(nil) else { return }
        for member in plan.members {
            #expect(FileManager.default.fileExists(atPath: member.source.path), "\(member.source.path)")
            #expect(!member.source.path.contains("Bold"), "\(member.family): \(member.source.path)")
        }
        #expect(plan.missing.isEmpty, "missing on this machine: \(plan.missing)")
    }

    @Test func withoutTheRequiredFontsThePlanSaysWhatToInstall() {
        let dejaVu = FontconfigLocator.Face(
            path: "/x/DejaVuSans.ttf", faceIndex: 0, families: ["DejaVu Sans"],
            styles: ["Book"])
        #expect(throws: FontError.requiredFontMissing(family: "DejaVu Sans", package: "fonts-dejavu-core")) {
            try DefaultCascade.plan(language: nil, locator: FontconfigLocator(faces: []))
        }
        #expect(throws: FontError.requiredFontMissing(family: "Noto Sans CJK JP", package: "fonts-noto-cjk")) {
            try DefaultCascade.plan(language: "ja", locator: FontconfigLocator(faces: [dejaVu]))
        }
        let cjk = FontconfigLocator.Face(
            path: "/x/CJK.ttc", faceIndex: 2, families: ["Noto Sans CJK SC"],
            styles: ["Regular"])
        let arabicUI = FontconfigLocator.Face(
            path: "/x/ArabicUI.ttf", faceIndex: 0,
            families: ["Noto Sans Arabic UI"], styles: ["Regular"])
        let plan = try? DefaultCascade.plan(language: nil, locator: FontconfigLocator(faces: [dejaVu, cjk, arabicUI]))
        #expect(plan?.members.map(\.family) == ["DejaVu Sans", "Noto Sans CJK SC"])
        #expect(plan?.missing.first == "Noto Sans Arabic")
        #expect(plan?.missing.contains("Noto Serif Tibetan") == true)
        #expect(plan?.missing.last == "Noto Color Emoji")
    }

    @Test func scriptNamesAreUnicodesLongNames() {
        #expect(DefaultCascade.scripts(forScriptName: "Arabic") == ["Arab"])
        #expect(DefaultCascade.scripts(forScriptName: "Canadian Aboriginal") == ["Cans"])
        #expect(DefaultCascade.scripts(forScriptName: "NKo") == ["Nkoo"])
        #expect(DefaultCascade.scripts(forScriptName: "Old Turkic") == ["Orkh"])
        #expect(DefaultCascade.scripts(forScriptName: "PhagsPa") == ["Phag"])
        #expect(DefaultCascade.scripts(forScriptName: "Miao") == ["Plrd"])
        #expect(DefaultCascade.scripts(forScriptName: "Khudawadi") == ["Sind"])
        #expect(DefaultCascade.scripts(forScriptName: "Meroitic") == ["Mero", "Merc"])
        #expect(DefaultCascade.scripts(forScriptName: "Adlam Unjoined") == nil)
        #expect(DefaultCascade.scripts(forScriptName: "Display") == nil)
        #expect(DefaultCascade.scripts(forScriptName: "") == nil)
    }

    /// A line's height comes from the vertical metrics of the fonts on it. The default cascade has more distinct
    /// metrics than a line's 64 font bits; those that share the last bit must be the rare ones, not its last font —
    /// Noto Color Emoji, which everyday text reaches: a line of emoji is as high in the default cascade as in a
    /// cascade of DejaVu Sans and the emoji font alone (there 19.96 pt at 17 pt: the strike's rounded ascent and
    /// descent; fontTools reads the font's hhea as 1900 / −500 of 2048 units, 19.92 pt), not 41.5 pt.
    @Test func aLineOfEmojiIsAsHighAsTheEmojiFont() throws {
        guard Self.packagesInstalled else { return }
        let cascade = try FontCascade.loadDefault()
        let emoji = try #require(cascade.fonts.last)
        let pair = try FontCascade([cascade.fonts[0], emoji])
        for text in ["😀", "👍🏽🇫🇷", "A😀", "😀\n😀", "#️⃣ ok"] {
            let inDefault = TextMeasurer(cascade: cascade, pointSize: 17).measure(text)
            let inPair = TextMeasurer(cascade: pair, pointSize: 17).measure(text)
            #expect(inDefault.height == inPair.height, "\(text)")
            #expect(inDefault.width == inPair.width, "\(text)")
        }
        let one = TextMeasurer(cascade: cascade, pointSize: 17).measure("😀").height
        #expect(abs(one - 1900.0 / 2048 * 17 - 500.0 / 2048 * 17) < 0.1)
        // The bits: the primary's first, the last font's own; only fonts whose metrics a bit already has share one.
        let engine = LayoutEngine(measurer: TextMeasurer(cascade: cascade, pointSize: 17))
        let lastBit = try #require(engine.fontBits.last)
        #expect(lastBit != 1 << 63)
        let emojiMetrics = emoji.metrics.scaled(to: 17)
        #expect(engine.bitMetrics[lastBit.trailingZeroBitCount] == emojiMetrics)
        #expect(engine.fontBits[0] == 1)
    }

    @Test func loadsTheWholeCascadeQuickly() throws {
        guard Self.packagesInstalled else { return }
        let plan = try DefaultCascade.plan(language: "ja")
        let start = ContinuousClock.now
        let cascade = try FontCascade.loadDefault(language: "ja")
        let elapsed = ContinuousClock.now - start
        print("loaded the default cascade (\(cascade.fonts.count) faces) in \(elapsed)")
        #expect(cascade.fonts.count == plan.members.count)
        #expect(cascade.fonts[1].familyName == "Noto Sans CJK JP")
        #expect(cascade.fonts[try #require(cascade.scriptFonts["Arab"])].familyName == "Noto Sans Arabic")
        #expect(cascade.fonts.last?.isBitmapOnly == true)
        #expect(FontCascade.defaultSources == (try DefaultCascade.plan(language: nil)).sources)
        #expect(elapsed < .seconds(2))
    }
}
