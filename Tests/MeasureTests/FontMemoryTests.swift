import Cache
import Dispatch
import Foundation
import Synchronization
import Testing

@testable import Measure

/// Fonts loaded from memory (`Font(data:name:faceIndex:)`): the same face as from the file, through FreeType's and
/// HarfBuzz's memory readers, keyed by their bytes' digest; errors name the font by the name given.
@Suite struct FontMemoryTests {
    static let arabic = "/usr/share/fonts/truetype/noto/NotoSansArabic-Regular.ttf"

    static func bytes(_ path: String) throws -> Data {
        try Data(contentsOf: URL(fileURLWithPath: path))
    }

    @Test func aMemoryFontMeasuresAsHarfBuzzDoes() throws {
        let font = try Font(data: Self.bytes(TestFonts.dejaVuSans), name: "DejaVuSans.ttf (bundled)")
        #expect(font.isFromMemory && font.fileStamp == nil)
        #expect(font.familyName == "DejaVu Sans" && font.metrics.unitsPerEm == 2048)
        let measurer = TextMeasurer(cascade: try FontCascade([font]), pointSize: 17)
        // hb-shape DejaVuSans.ttf "Hello" (HarfBuzz 6.0, default features, kerning on): advances sum to 5191 units.
        #expect(abs(measurer.measure("Hello").width - 5191 * 17 / 2048) < 0.001)
    }

    @Test func aShapedScriptFromMemoryEqualsTheFile() throws {
        let memory = try Font(data: Self.bytes(Self.arabic), name: "arabic")
        let file = try Font(path: Self.arabic)
        // hb-shape NotoSansArabic-Regular.ttf "فشل في الفتح": 5745 units of 1000 (joined forms, lam-alef).
        let text = "فشل في الفتح"
        for font in [memory, file] {
            let measurer = TextMeasurer(cascade: try FontCascade([font]), pointSize: 17)
            #expect(abs(measurer.measure(text).width - 5745 * 17 / 1000) < 0.001, "\(font)")
        }
        let wrapped = { (font: Font) in
            try TextMeasurer(cascade: FontCascade([font]), pointSize: 17, options: MeasureOptions(maxWidth: 60))
                .measure(text + " " + text)
        }
        #expect(try wrapped(memory) == wrapped(file))
    }

    @Test func oneFaceOfACollectionFromMemory() throws {
        let data = try Self.bytes(TestFonts.notoSansCJK)
        let japanese = try Font(data: data, name: "cjk", faceIndex: 0)
        let korean = try Font(data: data, name: "cjk", faceIndex: 1)
        #expect(japanese.familyName == "Noto Sans CJK JP")
        #expect(korean.familyName == "Noto Sans CJK KR")
        #expect(japanese.dataDigest == korean.dataDigest)
    }

    @Test func theDigestIsTheBytesDigest() throws {
        let font = try Font(data: Self.bytes(TestFonts.dejaVuSans))
        // coreutils: sha256sum /usr/share/fonts/truetype/dejavu/DejaVuSans.ttf (fonts-dejavu-core 2.37-6).
        #expect(font.dataDigest?.hexString == "abdc775b21b1bc470d50c97e790d276f2054b7504e56e5bd3e64f48d68582322")
        #expect(try Font(path: TestFonts.dejaVuSans).dataDigest == nil)
    }

    @Test func badBytesAreTypedErrorsNamedAsGiven() throws {
        #expect(throws: FontError.notAFont(path: "empty")) { try Font(data: Data(), name: "empty") }
        #expect(throws: FontError.notAFont(path: "noise")) {
            try Font(data: Data((0..<4096).map { UInt8(truncatingIfNeeded: $0 &* 131 &+ 7) }), name: "noise")
        }
        let dejaVu = try Self.bytes(TestFonts.dejaVuSans)
        #expect(throws: FontError.faceIndexOutOfRange(path: "dv", faceIndex: 3, faceCount: 1)) {
            try Font(data: dejaVu, name: "dv", faceIndex: 3)
        }
        #expect(throws: FontError.faceIndexOutOfRange(path: "dv", faceIndex: 0x1_0000, faceCount: 1)) {
            try Font(data: dejaVu, name: "dv", faceIndex: 0x1_0000)
        }
        // A font cut short: FreeType reads the header, then the tables are missing.
        #expect(throws: FontError.self) { try Font(data: dejaVu.prefix(64), name: "cut") }
    }

    /// `FontMemory` is `@unchecked Sendable` on the promise that its bytes are only read after `init`: one memory font
    /// measured and shaped from many threads at once gives every time what one thread gives.
    @Test func oneMemoryFontFromManyThreads() throws {
        let latin = try Font(data: Self.bytes(TestFonts.dejaVuSans), name: "latin")
        let arabic = try Font(data: Self.bytes(Self.arabic), name: "arabic")
        let cascade = try FontCascade([latin, arabic], scriptFonts: ["Arab": 1])
        let measurer = TextMeasurer(
            cascade: cascade, pointSize: 17,
            options: MeasureOptions(maxWidth: 90, shaper: .harfBuzz), segmentCacheBytes: 0)
        let strings = ["تنزيل الملفات الجديدة", "Download تنزيل PDF (2 MB)", "office ffi Wave", "مرحبا بكم"]
        let expected = strings.map { measurer.measure($0) }
        let mismatches = Atomic<Int>(0)
        DispatchQueue.concurrentPerform(iterations: 8) { _ in
            let session = measurer.makeSession()
            for _ in 0..<100 {
                for (index, text) in strings.enumerated() where session.measure(text) != expected[index] {
                    mismatches.wrappingAdd(1, ordering: .relaxed)
                }
            }
        }
        #expect(mismatches.load(ordering: .relaxed) == 0)
        #expect(expected.allSatisfy { $0.missingGlyphs == 0 && $0.lineCount >= 1 })
    }
}
