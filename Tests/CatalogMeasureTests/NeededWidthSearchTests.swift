import Measure
import Testing

@testable import CatalogMeasure

/// The budget's width search against brute force: for each text, the least width on a 0.02 pt grid at which the
/// public measuring API (`MeasureSession.measure(_:maxWidth:)`, the text measured afresh at every grid width, no
/// prepared text) gives no more lines than allowed and no word is broken — for space-separated text, no narrower
/// than its widest word measured alone; CJK breaks between ideographs. The search's width must lie within one grid
/// step below that, fit when measured the same way, and stop fitting 1e-5 pt below (by lines or, for a word wider
/// than the allowance, by width) — on Latin, CJK and two complex scripts.
@Suite("Needed width search")
struct NeededWidthSearchTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        var font: String
        var faceIndex = 0
        var text: String
        var lines: Int
        /// Words separated by spaces (every script here but CJK).
        var spaced = true
        var testDescription: String { "\(name), \(lines) lines" }
    }

    static let dejaVu = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"
    static let cjk = "/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc"
    static let arabic = "/usr/share/fonts/truetype/noto/NotoSansArabic-Regular.ttf"
    static let devanagari = "/usr/share/fonts/truetype/noto/NotoSansDevanagari-Regular.ttf"

    static let cases: [Case] = [
        Case(name: "Latin", font: dejaVu, text: "Einstellungen für Benachrichtigungen verwalten", lines: 1),
        Case(name: "Latin", font: dejaVu, text: "Einstellungen für Benachrichtigungen verwalten", lines: 2),
        Case(
            name: "Latin", font: dejaVu, text: "Set up your account to start syncing your photos and videos",
            lines: 3),
        // Two lines would hold it broken in half; the budget keeps the word whole.
        Case(name: "Latin long word", font: dejaVu, text: "Rückerstattung", lines: 2),
        Case(
            name: "CJK", font: cjk, text: "通知の設定を管理します。今すぐ確認してください。", lines: 2,
            spaced: false),
        Case(
            name: "CJK", font: cjk, text: "通知の設定を管理します。今すぐ確認してください。", lines: 3,
            spaced: false),
        Case(name: "Arabic", font: arabic, text: "إدارة إعدادات الإشعارات على هذا الجهاز", lines: 2),
        Case(name: "Devanagari", font: devanagari, text: "सूचना सेटिंग्स को यहाँ प्रबंधित करें", lines: 2),
    ]

    static func session(_ font: String, faceIndex: Int = 0) throws -> MeasureSession {
        let cascade = try FontCascade(loading: [FontSource(path: font, faceIndex: faceIndex)])
        return TextMeasurer(cascade: cascade, pointSize: 17).makeSession()
    }

    @Test("agrees with a brute-force grid", arguments: cases)
    func bruteForce(_ example: Case) throws {
        let searched = try Self.session(example.font, faceIndex: example.faceIndex)
        let needed = try #require(
            CatalogRun.neededWidth(
                of: example.text, allowedLines: example.lines,
                session: searched))
        // Independent: a fresh session measuring the text again at every grid width.
        let brute = try Self.session(example.font, faceIndex: example.faceIndex)
        let natural = brute.measure(example.text, maxWidth: 0).width
        let widestWord =
            example.spaced
            ? example.text.split(separator: " ").map { brute.measure(String($0), maxWidth: 0).width }.max()! : 0
        let step = 0.02
        var grid = step
        while (grid < widestWord || brute.measure(example.text, maxWidth: grid).lineCount > example.lines)
            && grid <= natural + step
        {
            grid += step
        }
        #expect(grid <= natural + step)
        #expect(needed > grid - step - 1e-6 && needed <= grid + 1e-6, "needed \(needed), grid \(grid)")
        #expect(brute.measure(example.text, maxWidth: needed).lineCount <= example.lines)
        #expect(
            needed - 1e-5 < widestWord
                || brute.measure(example.text, maxWidth: needed - 1e-5).lineCount > example.lines)
    }

    @Test("unlimited lines: the widest word, each word measured alone")
    func unlimitedIsTheWidestWord() throws {
        let text = "Set up your account to start synchronizing your photos"
        let session = try Self.session(Self.dejaVu)
        let needed = try #require(CatalogRun.neededWidth(of: text, allowedLines: Int.max, session: session))
        let words = text.split(separator: " ").map { session.measure(String($0), maxWidth: 0).width }
        #expect(needed == words.max())
    }

    @Test("hard line breaks beyond the allowance never fit; an empty text needs nothing")
    func edges() throws {
        let session = try Self.session(Self.dejaVu)
        #expect(CatalogRun.neededWidth(of: "one\ntwo", allowedLines: 1, session: session) == nil)
        #expect(CatalogRun.neededWidth(of: "", allowedLines: 1, session: session) == 0)
        // A one-line allowance needs the natural width, exactly: "Refund" is 7208 font units (hb-shape) at 17 pt.
        #expect(CatalogRun.neededWidth(of: "Refund", allowedLines: 1, session: session) == 7208.0 * 17 / 2048)
    }
}
