import Dispatch
import Foundation
import Locking
import Testing

@testable import Measure

/// The glyphs that send simple-script text to HarfBuzz (`ShapingTriggers`): what the fonts' lookups need, and no
/// more, so that the fast path still carries ordinary Latin and CJK text.
struct ShapingTriggersTests {
    func triggered(
        _ text: String, font: Font, language: String? = nil, kerns: Bool = true,
        ligates: Bool = true
    ) -> [String] {
        let set = font.shapingTriggers(language: language, kerns: kerns, ligates: ligates)
        return text.unicodeScalars.filter { scalar in
            let entry = font.glyphAdvance(for: scalar.value)
            return entry.isMapped && set.contains(entry.glyph)
        }.map { String($0) }
    }

    /// DejaVu Sans: `ccmp` turns i and j dotless before a mark above (its coverage of marks is what triggers),
    /// `mark`/`mkmk` move marks (their mark coverage triggers), `kern` and `liga` are the fast path's own.
    @Test func dejaVuSansLettersDigitsAndPunctuationStayOnTheFastPath() throws {
        let font = try Font(path: TestFonts.dejaVuSans)
        let ascii = String((0x20...0x7E).map { Character(Unicode.Scalar($0)!) })
        #expect(triggered(ascii, font: font) == [])
        #expect(triggered(ascii, font: font, kerns: false, ligates: false) == [])
        #expect(triggered("äöüßéèçñøåæœ€–—“”‘’…", font: font, language: "de") == [])
        // A combining acute accent is moved by `mark` and makes `ccmp` drop the dot of i.
        #expect(triggered("\u{0301}", font: font) == ["\u{0301}"])
    }

    /// Noto Sans CJK SC: ideographs and kana take no lookup the fast path leaves out.
    @Test func notoSansCJKIdeographsStayOnTheFastPath() throws {
        let font = try Font(path: TestFonts.notoSansCJK, faceIndex: 2)
        #expect(
            triggered(
                "的一是不了人我在有他这中大来上国个到说们为子和你地出道也时年得就那要下以生会自着去之过家学对可她里后小么心多天而能好都然没日于起还发成事只作当想看文无开手十用主行方又如前所本见经头面公同三已老从动两长知民样现分将外但身些与高意进把法此实回二理美点月明其种声全工己话儿者向情部正名定女问力机给等几很业最间新什打便位因重被走电四第门相次东政海口使教西再平真听世气信北少关并内加化由却代军产入先山五太水万市眼体别处总才场师书比住员九笑性通目华报立马命张活难神数件安表原车白应路期叫死常提感金何更反合放做系计或司利受光王果亲界及今京务制解各任至清物台象记边共风战干接它许八特觉望直服毛林题建南度统色字请交爱让认算论百吃义科怎元社术结六功指思非流每青管夫连远资队跟带花快条院变联言权往展该领传近留红治决周保达办运武半候七必城父强步完革深区即求品士转量空甚众技轻程告江语英基派满式李息写呢识极令黄德收脸钱党倒未持取设始版双历越史商千片容研像找友孩站广改议形委早房音火际则首单跑",
                font: font, language: "zh-Hans") == [])
        #expect(triggered("ひらがなカタカナ", font: font, language: "zh-Hans") == [])
        let letters = " ABCXYZabcxyz.,:;!?()[]-/@"
        #expect(triggered(letters + "，。、；：？！“”‘’（）《》【】·", font: font, language: "zh-Hans") == [])
        #expect(triggered(letters + "，。、；：？！“”‘’（）《》【】·", font: font) == [])
        // Real substitutions the fast path does not make: `locl` for Simplified Chinese gives the ASCII quotes and
        // the em dash other forms; under Latin's default language system it gives the digits other forms.
        #expect(triggered("\"'—", font: font, language: "zh-Hans") == ["\"", "'", "—"])
        #expect(triggered("0123456789", font: font).count == 10)
    }

    /// Eight threads asking one fresh font for the same triggers at once: one computes them while the others wait,
    /// and every thread gets that set. (Before, each thread that found none computed its own.)
    @Test func threadsAskingAtOnceComputeTheSetOnce() throws {
        let font = try Font(path: TestFonts.notoSansCJK, faceIndex: 2)
        // A language no other test asks for, so that the process knows no set of this file for it yet.
        let language = "x-triggers-once"
        let sets = Locked<[GlyphSet]>([])
        // Eight threads of their own, let go together once all have started: on one processor too, each asks
        // while the first computes.
        let ready = DispatchGroup()
        let done = DispatchGroup()
        let start = DispatchSemaphore(value: 0)
        for _ in 0..<8 {
            ready.enter()
            done.enter()
            Thread {
                ready.leave()
                start.wait()
                let set = font.shapingTriggers(language: language, kerns: true, ligates: true)
                sets.withLock { $0.append(set) }
                done.leave()
            }.start()
        }
        ready.wait()
        for _ in 0..<8 { start.signal() }
        done.wait()
        #expect(font.triggerComputations == 1)
        let all = sets.withLock { $0 }
        #expect(all.count == 8)
        #expect(Set(all).count == 1)
        // The set itself: Latin's default language system gives the digits other forms (`locl`), as for no language.
        let digits = (0x30...0x39).map { font.glyphAdvance(for: UInt32($0)).glyph }
        #expect(digits.allSatisfy { all[0].contains($0) })
        #expect(all[0] == font.shapingTriggers(language: nil, kerns: true, ligates: true))
    }
}
