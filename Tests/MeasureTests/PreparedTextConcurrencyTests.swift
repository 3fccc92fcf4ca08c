import Dispatch
import Locking
import Testing

@testable import Measure

/// Prepared texts fitted on several threads at once. Every text a session prepared shares its engine, which a fit
/// reads without retaining it (`LineFitter.engine`): the text's storage keeps it alive, here after the session and
/// measurer that made the texts are gone.
@Suite struct PreparedTextConcurrencyTests {
    @Test func textsFitOnFourThreadsAtOnceAsOnOne() throws {
        // Mixed scripts, and words HarfBuzz shapes that are wider than the narrow widths alone (Arabic, Devanagari,
        // Thai), whose fits each take a session of their own (`PreparedText.fitBySession`).
        let strings =
            BatchTests.mixedStrings(count: 300) + [
                "مرحبابكمفيالتطبيقالجديد", "स्वागतहैआपकानयेऐपमें", "ยินดีต้อนรับสู่แอปพลิเคชันใหม่",
                "الإعدادات المتقدمة للإشعارات", "सूचनाओं की उन्नत सेटिंग्स",
            ]
        // Made in a scope of their own: the measurer and the session that prepared the texts are released here.
        let prepared: [PreparedText] = try {
            let measurer = TextMeasurer(
                cascade: try FontCascade.loadDefault(), pointSize: 17, options: MeasureOptions(maxWidth: 0))
            let session = measurer.makeSession()
            return strings.map { session.prepare($0) }
        }()
        let widths: [Double] = [20, 120, 320]
        // The one-thread answers, checked against a fresh measurer's for a few texts so that they are not just the
        // fit agreeing with itself.
        let expected = widths.map { width in prepared.map { $0.fit(maxWidth: width) } }
        let reference = TextMeasurer(
            cascade: try FontCascade.loadDefault(), pointSize: 17, options: MeasureOptions(maxWidth: 120)
        ).makeSession()
        for index in stride(from: 0, to: strings.count, by: 37) {
            #expect(expected[1][index] == reference.measure(strings[index]), "\(strings[index])")
        }
        let narrow = TextMeasurer(
            cascade: try FontCascade.loadDefault(), pointSize: 17, options: MeasureOptions(maxWidth: 20)
        ).makeSession()
        for index in strings.count - 5..<strings.count {
            #expect(expected[0][index] == narrow.measure(strings[index]), "\(strings[index])")
        }
        let mismatches = Locked(0)
        DispatchQueue.concurrentPerform(iterations: 4) { worker in
            for round in 0..<4 {
                for (row, width) in widths.enumerated() {
                    // Each thread walks the texts from its own starting point, so that threads fit the same text at
                    // the same moment now and then.
                    for step in prepared.indices {
                        let index = (step + worker * 75 + round) % prepared.count
                        if prepared[index].fit(maxWidth: width) != expected[row][index] {
                            mismatches.withLock { $0 += 1 }
                        }
                    }
                }
            }
        }
        #expect(mismatches.withLock { $0 } == 0)
        // Lines too, which a fit records into an array of its own.
        #expect(prepared[7].layout(maxWidth: 20).size == expected[0][7])
    }
}
