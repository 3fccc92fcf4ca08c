import Foundation
import Testing

@testable import Measure

/// Batches: input order, and the same sizes from any number of threads sharing cold glyph caches.
@Suite struct BatchTests {
    /// Strings in several scripts, each made distinct, so that threads fill the caches of all three fonts at once.
    static func mixedStrings(count: Int) -> [String] {
        let samples = [
            "hello world hello world hello world", "Einstellungen für Benachrichtigungen", "设置下载将在几秒钟后开始",
            "ダウンロードは数秒後に開始されます。", "다운로드가 몇 초 후에 시작됩니다.", "Great job! 🎉 👍🏽 done",
            "Datenschutzgrundverordnungskonformitätsprüfung", "line one\nline two\r\nline three", "",
            "Ελληνικά και русский текст", "tab\tseparated\tcolumns",
        ]
        // Scalars spread over many pages of every font's cache, so that concurrent misses really happen.
        return (0..<count).map { index in
            let extra =
                String(UnicodeScalar(0x4E00 + (index * 37) % 20000)!)
                + String(UnicodeScalar(0xAC00 + (index * 53) % 11000)!)
                + String(UnicodeScalar(0x0400 + index % 200)!)
            return "\(index)· \(samples[index % samples.count]) \(extra)"
        }
    }

    func freshMeasurer(width: Double) throws -> TextMeasurer {
        // A fresh cascade: new fonts with empty glyph caches.
        TextMeasurer(cascade: try FontCascade.loadDefault(), pointSize: 17, options: MeasureOptions(maxWidth: width))
    }

    @Test func manyThreadsThroughOneColdCacheGiveTheOneThreadResults() throws {
        let strings = Self.mixedStrings(count: 6000)
        let reference = try freshMeasurer(width: 200).measureBatch(strings, threads: 1)
        for threads in [2, 8] {
            let parallel = try freshMeasurer(width: 200).measureBatch(strings, threads: threads)
            #expect(parallel == reference, "threads: \(threads)")
        }
    }

    @Test func batchResultsAreInInputOrderAndEqualSingleMeasurements() throws {
        let measurer = try freshMeasurer(width: 120)
        let strings = Self.mixedStrings(count: 700)
        let batch = measurer.measureBatch(strings, threads: 4)
        let session = measurer.makeSession()
        #expect(batch == strings.map { session.measure($0) })
        #expect(batch.count == 700)
    }

    @Test func utf8BatchEqualsStringBatch() throws {
        let measurer = try freshMeasurer(width: 200)
        let strings = Self.mixedStrings(count: 300)
        let bytes = strings.map { ArraySlice(Array($0.utf8)) }
        #expect(measurer.measureBatch(utf8: bytes, threads: 3) == measurer.measureBatch(strings, threads: 1))
    }

    /// `measure(utf8:at:)` lends a line of one shared input block in place (the bench's passes measure through it):
    /// the same size as the line copied out and measured, for every line — ill-formed ones, empty ones, lines that
    /// end in the middle of a sequence — from a plain measurer and from one with attributes (which measures the
    /// decoded string instead).
    @Test func linesLentInPlaceMeasureAsCopiedOnes() throws {
        var block: [UInt8] = []
        for string in Self.mixedStrings(count: 200) { block += Array(string.utf8) + [0x0A] }
        block += [0x6C, 0xE4, 0xB8, 0x0A, 0x0A, 0xC0, 0xAF, 0xED, 0xA0, 0x80, 0x0A, 0xF0, 0x9F, 0x98]
        let lines = EscapedLines.lines(in: block)
        #expect(lines.count == block.filter { $0 == 0x0A }.count + 1)
        var attributes = TextAttributes()
        attributes.paragraph.lineSpacing = 3
        let measurers = [
            try freshMeasurer(width: 150),
            try TestFonts.dejaVu(size: 17, width: 150, options: MeasureOptions(attributes: attributes)),
        ]
        for measurer in measurers {
            let lent = measurer.makeSession()
            let copied = measurer.makeSession()
            for index in lines.indices {
                #expect(lent.measure(utf8: lines, at: index) == copied.measure(utf8: lines[index]), "line \(index)")
            }
        }
    }

    @Test func invalidUTF8IsMeasuredAsReplacementCharacters() throws {
        let measurer = try TestFonts.dejaVu(size: 2048)
        let invalid = measurer.makeSession().measure(utf8: [0x6C, 0xFF, 0x6C])
        let replaced = measurer.measure("l\u{FFFD}l")
        #expect(invalid == replaced)
        // Each maximal ill-formed subpart is one U+FFFD, as the standard library's decoder (an independent
        // implementation) replaces it: a truncated sequence, an overlong encoding, an encoded surrogate, a truncated
        // four-byte sequence, a byte that never starts one, and a code point above U+10FFFF.
        let cases: [[UInt8]] = [
            [0x6C, 0xE4, 0xB8], [0xC0, 0xAF], [0xED, 0xA0, 0x80], [0xF0, 0x9F, 0x98, 0x6C],
            [0x6C, 0xFF, 0x80], [0xF4, 0x90, 0x80, 0x80], [0xE0, 0x80, 0x6C],
        ]
        for bytes in cases {
            let expected = measurer.measure(String(decoding: bytes, as: UTF8.self))
            #expect(measurer.makeSession().measure(utf8: bytes[...]) == expected, "\(bytes)")
        }
    }

    @Test func escapedLines() {
        #expect(EscapedLines.unescape(Array("plain".utf8)[...]) == nil)
        #expect(EscapedLines.unescape(Array(#"a\nb\tc\\d\x"#.utf8)[...]) == Array("a\nb\tc\\d\\x".utf8))
        let lines = EscapedLines.lines(in: Array("one\r\ntwo\\nlines\n\nlast".utf8))
        #expect(lines.map { String(decoding: $0, as: UTF8.self) } == ["one", "two\nlines", "", "last"])
        #expect(EscapedLines.lines(in: Array("a\n".utf8)).count == 1)
        // Line feeds and backslashes at every position of the eight-byte words the scan skips through: each line
        // comes back as splitting the text at "\n" gives it, a backslash before "b" kept and the escape "\\n" turned
        // into a line break (by hand).
        for length in 0..<20 {
            for offset in 0..<9 {
                let first = String(repeating: "x", count: offset)
                let second = String(repeating: "é", count: length) + (length % 3 == 0 ? #"a\b"# : "")
                let text = first + "\n" + second + "\n" + String(repeating: "ไ", count: length % 5) + #"\n"#
                let lines = EscapedLines.lines(in: Array(text.utf8)).map { String(decoding: $0, as: UTF8.self) }
                let expected = [
                    first, second,
                    String(repeating: "ไ", count: length % 5) + "\n",
                ]
                #expect(lines == expected, "\(length) \(offset)")
            }
        }
    }
}
