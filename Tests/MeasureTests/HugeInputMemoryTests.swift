import Foundation
import TestSupport
import Testing

@testable import Measure

/// Huge strings are measured exactly, in per-cluster memory bounded by the session's window rather than by the
/// string: a word of millions of scalars is measured and broken window by window, a line of millions of words
/// segment by segment (the reliability goal of `measure batch` on 100 MB lines).
@Suite struct HugeInputMemoryTests {
    /// DejaVu Sans advances in font units for the lowercase letters (fontTools:
    /// `TTFont(path)['hmtx'][TTFont(path).getBestCmap()[ord(c)]][0]`), written out here, not read by our code.
    static let letterUnits: [Character: Int] = [
        "a": 1255, "b": 1300, "c": 1126, "d": 1300, "e": 1260, "f": 721, "g": 1300, "h": 1298, "i": 569,
        "j": 569, "k": 1186, "l": 569, "m": 1995, "n": 1298, "o": 1253, "p": 1300, "q": 1300, "r": 842,
        "s": 1067, "t": 803, "u": 1298, "v": 1212, "w": 1675, "x": 1212, "y": 1212, "z": 1075,
    ]
    static let spaceUnits = 651

    /// At 14 pt a DejaVu Sans unit is 14/2048 pt, a dyadic fraction: every sum below is exact in `Double`, so the
    /// expected sizes can be computed in whole font units and compared with `==`.
    static let size = 14.0
    static let width = 200.0

    /// A line of every string of `DejaVu.ascender + DejaVu.descender` units.
    static var lineHeight: Double {
        (TestFonts.DejaVu.ascender + TestFonts.DejaVu.descender) * size / TestFonts.DejaVu.unitsPerEm
    }

    /// The widest whole number of font units that fits in `width` points.
    static var widthUnits: Int { Int((width * TestFonts.DejaVu.unitsPerEm / size).rounded(.down)) }

    @Test func aFourMegabyteWordIsMeasuredExactlyInBoundedScratch() throws {
        let count = 4_000_000
        let word = String(repeating: "a", count: count)
        // By hand: 23 "a" fit on a line (23 × 1255 = 28,865 units ≤ 29,257 < 24 × 1255); DejaVu Sans has no "aa"
        // kerning pair and no ligature starting with "a" (fontTools: GPOS 'kern' and GSUB 'liga').
        let perLine = Self.widthUnits / Int(TestFonts.DejaVu.a)
        #expect(perLine == 23)
        let lines = (count + perLine - 1) / perLine
        let expected = TextSize(
            width: Double(perLine) * TestFonts.DejaVu.a * Self.size / TestFonts.DejaVu.unitsPerEm,
            height: Double(lines) * Self.lineHeight, lineCount: lines)
        for features in [false, true] {
            var options = MeasureOptions(maxWidth: Self.width)
            options.usesFontFeatures = features
            let session = try TestFonts.measurer(
                [(TestFonts.dejaVuSans, 0)], size: Self.size, options: options,
                features: features
            ).makeSession()
            #expect(session.measure(word) == expected, "features: \(features)")
            #expect(session.windowedSegments == 1, "the word is measured window by window")
            #expect(
                session.clusterCapacity <= 2 * ClusterScratch.defaultWindow,
                "cluster scratch \(session.clusterCapacity) for a word of \(count) scalars")
            // Unconstrained: one line of every advance.
            #expect(
                session.measure(word, maxWidth: 0)
                    == TextSize(
                        width: Double(count) * TestFonts.DejaVu.a * Self.size / TestFonts.DejaVu.unitsPerEm,
                        height: Self.lineHeight, lineCount: 1))
        }
    }

    @Test func aFourMegabyteLineOfDistinctWordsIsMeasuredExactlyInBoundedScratch() throws {
        // Words of 3 to 12 random lowercase letters, one space between them: nearly all distinct.
        var generator = SplitMix64(seed: 2024)
        var words: [String] = []
        var bytes = 0
        while bytes < 4_000_000 {
            let length = 3 + Int(generator.next() % 10)
            let word = String((0..<length).map { _ in Character(UnicodeScalar(97 + UInt8(generator.next() % 26))) })
            words.append(word)
            bytes += length + 1
        }
        let text = words.joined(separator: " ")
        // By hand, in font units: greedy filling, a word joins the line when it fits up to its last letter (the
        // space after it hangs past the edge and is not counted); no word is wider than a line.
        let limit = Self.widthUnits
        var lines = 1
        var widest = 0
        var lineWidth = 0
        var pen = 0
        var lineHasContent = false
        for word in words {
            let units = word.reduce(0) { $0 + Self.letterUnits[$1]! }
            if lineHasContent && pen + units > limit {
                widest = max(widest, lineWidth)
                lines += 1
                pen = 0
            }
            lineWidth = pen + units
            pen += units + Self.spaceUnits
            lineHasContent = true
        }
        widest = max(widest, lineWidth)
        let expected = TextSize(
            width: Double(widest) * Self.size / TestFonts.DejaVu.unitsPerEm,
            height: Double(lines) * Self.lineHeight, lineCount: lines)
        // Plain advances (kerning between letters would leave the hand computation).
        let session = try TestFonts.dejaVu(size: Self.size, width: Self.width).makeSession()
        #expect(session.measure(text) == expected)
        #expect(session.windowedSegments == 0)
        #expect(
            session.clusterCapacity <= 2 * ClusterScratch.defaultWindow,
            "cluster scratch \(session.clusterCapacity) for a string of \(text.utf8.count) bytes")
    }

    /// Strings with segments far longer than a 64-slot window: every window edge falls inside a word, between kerned
    /// pairs, inside ligatures ("ffi"), next to clusters of several scalars, tabs, hard breaks and missing glyphs.
    static func longSegmentStrings() -> [String] {
        var strings = [
            String(repeating: "a", count: 1000),
            String(repeating: "f", count: 301) + "i",
            String(repeating: "ffi", count: 150),
            String(repeating: "fl", count: 99) + "f",
            String(repeating: "AVAWAT", count: 80),
            String(repeating: "To", count: 200) + " Vo " + String(repeating: "Ty", count: 70),
            String(repeating: "a", count: 200) + "\t" + String(repeating: "b", count: 200) + "\tc",
            "x\t" + String(repeating: "yV", count: 150),
            String(repeating: "word", count: 60) + "\n" + String(repeating: "line", count: 90) + "\r\n"
                + String(repeating: "e", count: 70),
            String(repeating: "e\u{301}", count: 120),  // marks: shaped, so measured whole
            String(repeating: "\u{E000}x", count: 100),  // private use: no font maps it
            String(repeating: "ab\u{00A0}", count: 100),  // no break at a no-break space
            String(repeating: "👨‍👩‍👧x", count: 40),
            String(repeating: "abcαβγ", count: 40),  // two scripts in one segment: shaped
            String(repeating: "वर्ष", count: 60),
            String(repeating: "Datenschutzgrundverordnung", count: 12) + " ok "
                + String(repeating: "Ä", count: 90),
            String(repeating: "1234567890", count: 30) + "." + String(repeating: "5", count: 80),
            String(repeating: "i\u{200D}", count: 200),  // default-ignorable joiners: clusters of two
        ]
        // Real text with its spaces taken out, so that every line is one or a few long segments.
        for (index, text) in BatchTests.mixedStrings(count: 60).enumerated() {
            strings.append(String(repeating: text.filter { $0 != " " }, count: 2 + index % 5))
        }
        return strings
    }

    @Test func windowedMeasuringGivesWhatMeasuringWholeGives() throws {
        for features in [true, false] {
            for width in [0.0, 37, 200] {
                var options = MeasureOptions(maxWidth: width)
                options.usesFontFeatures = features
                let measurer = TextMeasurer(cascade: try FontCascade.loadDefault(), pointSize: 17, options: options)
                let whole = measurer.makeSession()
                let windowed = measurer.makeSession()
                // DejaVu Sans's and the Noto fonts' longest standard ligature has 5 components (fontTools, GSUB
                // 'liga'), so a reach of 8 sees every ligature whole.
                windowed.useClusterWindow(64, ligatureReach: 8)
                for text in Self.longSegmentStrings() {
                    #expect(windowed.layout(text) == whole.layout(text), "\(features) \(width): \(text)")
                    #expect(windowed.measure(text) == whole.measure(text), "\(features) \(width): \(text)")
                }
                #expect(windowed.windowedSegments >= 30, "the windowed path ran: \(windowed.windowedSegments)")
                #expect(whole.windowedSegments == 0)
            }
        }
    }

    @Test(.enabled(if: ReferenceData.isAvailable, "../shared/reference is not beside this checkout"))
    func windowedMeasuringOfTheReferenceCorporaGivesWhatMeasuringWholeGives() throws {
        for corpus in ["en", "de", "hi", "th", "ar"] {
            let lines = try ReferenceData.corpus(corpus).prefix(300)
            // Ten lines a string, spaces taken out: long segments in every script.
            var strings: [String] = []
            var chunk: [UInt8] = []
            for (index, line) in lines.enumerated() {
                chunk += line.filter { $0 != 0x20 }
                if index % 10 == 9 {
                    strings.append(String(decoding: chunk, as: UTF8.self))
                    chunk = []
                }
            }
            let measurer = TextMeasurer(
                cascade: try FontCascade.loadDefault(), pointSize: 17,
                options: MeasureOptions(maxWidth: 200))
            let whole = measurer.makeSession()
            let windowed = measurer.makeSession()
            windowed.useClusterWindow(64, ligatureReach: 8)
            for text in strings {
                #expect(windowed.measure(text) == whole.measure(text), "\(corpus): \(text)")
            }
            // Latin text takes the windowed path; text that must be shaped is measured whole in grown slots.
            if corpus == "en" || corpus == "de" {
                #expect(windowed.windowedSegments > 0, "\(corpus): the windowed path ran")
            } else {
                #expect(windowed.windowedSegments == 0, "\(corpus): shaped segments are measured whole")
            }
        }
    }
}
