import Testing

@testable import Measure

/// Inputs the line-breaker fuzz target found (`Fuzz/Regressions/linebreaker/`) where fitting a prepared text gave
/// another size than measuring it: both at a width narrower than any cluster (0.5 pt), shaped with HarfBuzz.
@Suite struct PreparedTextFuzzRegressionTests {
    func session(options: MeasureOptions, pointSize: Double) throws -> MeasureSession {
        TextMeasurer(
            cascade: try FontCascade([try Font(path: TestFonts.dejaVuSans)]), pointSize: pointSize,
            options: options, segmentCacheBytes: 1 << 16
        ).makeSession()
    }

    @Test func aKernedPairSplitByAnEmergencyBreakFitsLikeItMeasures() throws {
        var options = MeasureOptions(
            maxWidth: 0.5, usesLineFragmentOrigin: true, usesFontLeading: false,
            lineBreakMode: .byWordWrapping, countsTrailingLineBreak: true, tabInterval: 1000,
            language: "th", shaper: .harfBuzz)
        options.lineBreaking = LineBreakOptions(
            resolvesCJToNonstarter: true, hangulWordPriority: false,
            keepsGraphemeClusters: true)
        let session = try session(options: options, pointSize: 17)
        let text = "Ae"
        let measured = session.measure(text)
        let fitted = session.prepare(text).fit(maxWidth: 0.5)
        #expect(fitted == measured)
        // Each letter on a line of its own, not kerned against the other: DejaVu Sans "A" is 1401 units wide
        // (hb-shape --font-size=2048: "A" gives A=0+1401; "Ae" gives A=0+1365, kerned).
        #expect(measured.lineCount == 2)
        #expect(measured.width == 1401.0 * 17 / 2048)
        #expect(session.prepare(text).layout(maxWidth: 0.5) == session.layout(text))
    }

    @Test func replacementCharactersAfterANulFitLikeTheyMeasure() throws {
        var options = MeasureOptions(
            maxWidth: 0.5, usesLineFragmentOrigin: true, usesFontLeading: false,
            lineBreakMode: .byWordWrapping, countsTrailingLineBreak: false, tabInterval: 28,
            language: nil, shaper: .harfBuzz)
        options.lineBreaking = LineBreakOptions(
            resolvesCJToNonstarter: true, hangulWordPriority: false,
            keepsGraphemeClusters: true)
        let session = try session(options: options, pointSize: 14)
        let text = String(decoding: [0x00, 0x9f, 0x9a] as [UInt8], as: UTF8.self)
        let measured = session.measure(text)
        let fitted = session.prepare(text).fit(maxWidth: 0.5)
        #expect(fitted == measured)
        // The NUL has no ink: it cannot hold a line alone, so it shares the first line with the first U+FFFD
        // (hb-shape: uniFFFD=0+2100 units), and the second U+FFFD takes the second line.
        #expect(measured.lineCount == 2)
        #expect(measured.width == 2100.0 * 14 / 2048)
        #expect(session.layout(text).lines.map(\.utf8Range) == [0..<4, 4..<7])
    }

    @Test func shapedWordsWiderThanTheLineFitLikeTheyMeasureAtEveryWidth() throws {
        // Arabic, Devanagari and Thai words that narrow widths break inside: each line part is shaped on its own.
        let fonts = [
            "/usr/share/fonts/truetype/noto/NotoSansArabic-Regular.ttf",
            "/usr/share/fonts/truetype/noto/NotoSansDevanagari-Regular.ttf",
            "/usr/share/fonts/truetype/noto/NotoSansThai-Regular.ttf", TestFonts.dejaVuSans,
        ]
        let cascade = try FontCascade(fonts.map { path throws(FontError) in try Font(path: path) })
        let texts = [
            "\u{627}\u{644}\u{625}\u{639}\u{62F}\u{627}\u{62F}\u{627}\u{62A} \u{641}\u{634}\u{644}",
            "\u{928}\u{92E}\u{938}\u{94D}\u{924}\u{947} \u{926}\u{941}\u{928}\u{93F}\u{92F}\u{93E}",
            "\u{E01}\u{E32}\u{E23}\u{E15}\u{E31}\u{E49}\u{E07}\u{E04}\u{E48}\u{E32}", "Ae AVAVAV",
        ]
        for shaper in [ShaperChoice.automatic, .harfBuzz] {
            let measurer = TextMeasurer(cascade: cascade, pointSize: 17, options: MeasureOptions(shaper: shaper))
            let session = measurer.makeSession()
            for text in texts {
                let prepared = session.prepare(text)
                for width in [0.5, 8, 15, 23, 31, 47, 64, 0] {
                    #expect(
                        prepared.fit(maxWidth: width) == session.measure(text, maxWidth: width),
                        "\(shaper) \(width): \(text)")
                }
            }
        }
    }
}
