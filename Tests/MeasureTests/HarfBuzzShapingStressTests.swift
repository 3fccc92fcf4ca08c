import Dispatch
import Synchronization
import Testing

@testable import Measure

/// `HarfBuzzFace` is `@unchecked Sendable` on HarfBuzz's word that an immutable face and font may shape from many
/// threads at once. This shapes the same strings through one `Font` (so one HarfBuzz face) from many sessions in
/// parallel, each with its own buffer, and checks every result against the same strings shaped on one thread.
struct HarfBuzzShapingStressTests {
    static let strings = [
        "تنزيل الملفات الجديدة", "مرحبا بكم في التطبيق", "फ़ाइल खोलने में विफल", "सेटिंग्स सहेजें",
        "กรุณาลองใหม่อีกครั้ง", "שלום עולם", "Download تنزيل PDF (2 MB)", "ffi fl Wave AVA",
    ]

    @Test func oneFaceShapesTheSameFromManyThreads() throws {
        let noto = "/usr/share/fonts/truetype/noto/"
        let paths = [
            TestFonts.dejaVuSans, noto + "NotoSansArabic-Regular.ttf", noto + "NotoSansDevanagari-Regular.ttf",
            noto + "NotoSansThai-Regular.ttf", noto + "NotoSansHebrew-Regular.ttf",
        ]
        var fonts: [Font] = []
        for path in paths { fonts.append(try Font(path: path)) }
        let cascade = try FontCascade(fonts, scriptFonts: ["Arab": 1, "Deva": 2, "Thai": 3, "Hebr": 4])
        let measurer = TextMeasurer(
            cascade: cascade, pointSize: 17,
            options: MeasureOptions(maxWidth: 120, shaper: .harfBuzz), segmentCacheBytes: 0)
        let expected = Self.strings.map { measurer.measure($0) }
        let mismatches = Atomic<Int>(0)
        // Sessions made on each thread, no segment cache: every string is shaped again, 200 times per thread.
        DispatchQueue.concurrentPerform(iterations: 16) { _ in
            let session = measurer.makeSession()
            for _ in 0..<200 {
                for (index, text) in Self.strings.enumerated() where session.measure(text) != expected[index] {
                    mismatches.wrappingAdd(1, ordering: .relaxed)
                }
            }
        }
        #expect(mismatches.load(ordering: .relaxed) == 0)
        #expect(expected.allSatisfy { $0.missingGlyphs == 0 && $0.width > 0 })
    }
}
