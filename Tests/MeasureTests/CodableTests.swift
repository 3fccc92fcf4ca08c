import Foundation
import Testing

@testable import Measure

/// The value types in `Codable` formats: attributes in the JSON form `--attributes` takes (expected texts written by
/// hand below), options as property names over their defaults, sizes and frames as their properties; what reads back
/// is equal, and measures the same.
@Suite struct CodableTests {
    /// Attributes with every value away from its default (tab stops ascending, the alignment a known name).
    static var everyAttribute: TextAttributes {
        var attributes = TextAttributes()
        attributes.paragraph.lineSpacing = 4.25
        attributes.paragraph.paragraphSpacing = 6
        attributes.paragraph.paragraphSpacingBefore = 2
        attributes.paragraph.lineHeightMultiple = 1.2
        attributes.paragraph.minimumLineHeight = 10
        attributes.paragraph.maximumLineHeight = 40
        attributes.paragraph.firstLineHeadIndent = 12
        attributes.paragraph.headIndent = 3
        attributes.paragraph.tailIndent = -8
        attributes.paragraph.tabStops = [20, 56.5]
        attributes.paragraph.defaultTabInterval = 36
        attributes.paragraph.alignment = "center"
        attributes.paragraph.lineBreakMode = .byTruncatingMiddle
        attributes.kern = 0.30000000000000004
        attributes.tracking = -0.5
        attributes.numberOfLines = 3
        attributes.truncatesLastVisibleLine = true
        attributes.maxHeight = 120
        attributes.usesDeviceMetrics = true
        attributes.runs = [TextRun(location: 0, length: 5, font: 0, pointSize: 20), TextRun(location: 6, length: 2)]
        attributes.mode = .label
        attributes.scale = 3
        attributes.lineSpacingAfterLastLine = true
        attributes.countsOuterParagraphSpacing = true
        return attributes
    }

    @Test("attributes written as JSON text, by hand: the values that differ from the defaults, names sorted")
    func attributesJSONText() throws {
        var attributes = TextAttributes()
        #expect(try attributes.json() == "{}")
        attributes.paragraph.lineSpacing = 4
        attributes.numberOfLines = 2
        attributes.kern = 0  // set, though 0: it turns pair kerning off
        attributes.paragraph.lineBreakMode = .byTruncatingTail
        #expect(
            try attributes.json()
                == #"{"kern":0,"lineBreakMode":"byTruncatingTail","lineSpacing":4,"numberOfLines":2}"#)
        attributes = TextAttributes()
        attributes.runs = [TextRun(location: 1, length: 2, pointSize: 9.5)]
        attributes.mode = .textView
        #expect(try attributes.json() == #"{"mode":"textView","runs":[{"length":2,"location":1,"size":9.5}]}"#)
    }

    @Test("every attribute: json() and init(json:), JSONEncoder and JSONDecoder, a property list, each read back equal")
    func attributesRoundTrip() throws {
        let attributes = Self.everyAttribute
        #expect(attributes.isValid)
        #expect(Set(attributes.jsonObject.keys) == Set(TextAttributes.jsonNames).subtracting(["paragraphStyle"]))
        #expect(try TextAttributes(json: attributes.json()) == attributes)
        let encoded = try JSONEncoder().encode(attributes)
        #expect(try JSONDecoder().decode(TextAttributes.self, from: encoded) == attributes)
        let listed = try PropertyListEncoder().encode(["attributes": attributes])
        #expect(
            try PropertyListDecoder().decode([String: TextAttributes].self, from: listed)["attributes"] == attributes)
        #expect(try JSONDecoder().decode(TextAttributes.self, from: Data("{}".utf8)) == TextAttributes())
    }

    @Test("a number of 17 significant digits reads as the nearest double, not through NSDecimalNumber's doubleValue")
    func longNumbersReadExactly() throws {
        // JSONSerialization holds these as NSDecimalNumber, whose doubleValue gave 0.3000000000000001 and
        // 0.10000000000000005; the literals below are Swift's own reading of the same decimal text.
        #expect(try TextAttributes(json: #"{"kern": 0.30000000000000004}"#).kern == 0.30000000000000004)
        #expect(try TextAttributes(json: #"{"kern": -0.30000000000000004}"#).kern == -0.30000000000000004)
        #expect(
            try TextAttributes(json: #"{"tracking": 0.1000000000000000055511151231257827}"#).tracking == 0.1)
        #expect(
            try TextAttributes(json: #"{"tabStops": [28.000000000000004]}"#).paragraph.tabStops == [28.000000000000004])
        #expect(
            try TextAttributes(json: #"{"runs": [{"location": 0, "length": 1, "size": 12.300000000000001}]}"#)
                .runs.first?.pointSize == 12.300000000000001)
    }

    @Test("decoding attributes says what TextAttributes(json:) says, and refuses what it refuses")
    func attributesDecodingErrors() throws {
        func failure(_ json: String) -> String? {
            do {
                _ = try JSONDecoder().decode(TextAttributes.self, from: Data(json.utf8))
                return nil
            } catch DecodingError.dataCorrupted(let context) {
                #expect(context.underlyingError is TextAttributesError)
                return context.debugDescription
            } catch DecodingError.typeMismatch(_, let context) {
                return context.debugDescription
            } catch {
                return "\(error)"
            }
        }
        #expect(failure(#"{"lineSpasing": 4}"#)?.hasPrefix("unknown attribute \"lineSpasing\"") == true)
        #expect(failure(#"{"numberOfLines": true}"#) == #""numberOfLines" must be a number ≥ 0"#)
        #expect(failure(#"{"numberOfLines": 1.5}"#) == #""numberOfLines" must be a whole number ≥ 0 (0 = unlimited)"#)
        #expect(failure(#"{"kern": 5000}"#) == "attribute out of range: kern 5000.0 is outside ±1000")
        #expect(failure(#"{"font": 1}"#)?.hasPrefix(#""font": a font is not an attribute"#) == true)
        #expect(failure("[1, 2]") == "attributes must be an object, such as {\"lineSpacing\": 4}")
        // The nested paragraph style and the short line-break names read as on the command line.
        let nested = try JSONDecoder().decode(
            TextAttributes.self, from: Data(#"{"paragraphStyle": {"lineSpacing": 2}, "lineBreakMode": "tail"}"#.utf8))
        #expect(nested.paragraph.lineSpacing == 2 && nested.paragraph.lineBreakMode == .byTruncatingTail)
    }

    @Test("a NaN or infinite attribute cannot be written, and says which")
    func nonFiniteAttributes() {
        var attributes = TextAttributes()
        attributes.paragraph.headIndent = .nan
        #expect(throws: TextAttributesError("headIndent is not a finite number, which JSON cannot hold")) {
            try attributes.json()
        }
        attributes = TextAttributes()
        attributes.runs = [TextRun(location: 0, length: 1, pointSize: .infinity)]
        #expect(throws: EncodingError.self) { try JSONEncoder().encode(attributes) }
    }

    @Test("attributes reading would refuse or give back otherwise are not written, and say why")
    func unwritableAttributes() throws {
        var lines = TextAttributes()
        (lines.paragraph.minimumLineHeight, lines.paragraph.maximumLineHeight) = (30, 20)
        #expect(lines.isValid)  // a measurer takes them: the maximum applies last
        #expect(
            throws: TextAttributesError(
                "minimumLineHeight (30.0) is above maximumLineHeight (20.0), which reading refuses")
        ) { try lines.json() }
        #expect(throws: EncodingError.self) { try JSONEncoder().encode(MeasureOptions(attributes: lines)) }
        var alignment = TextAttributes()
        alignment.paragraph.alignment = "middle"
        #expect(
            throws: TextAttributesError(
                #"alignment "middle" is not one of natural, left, center, right, justified"#)
        ) { try alignment.json() }
        var run = TextAttributes()
        run.runs = [TextRun(location: 3_000_000_000, length: 1)]
        #expect(run.isValid)
        #expect(
            throws: TextAttributesError("a run's location, length or font is 2147483647 or more, which reading refuses")
        ) { try run.json() }
        run.runs = [TextRun(location: 2_147_483_646, length: 1)]
        #expect(try TextAttributes(json: run.json()) == run)
    }

    @Test("a tab interval below a thousandth of a point is refused (5e-324 measured a tabbed line as NaN)")
    func tinyTabIntervals() throws {
        #expect(
            throws: TextAttributesError(
                "attribute out of range: defaultTabInterval 5e-324 is below 0.001 pt (0 keeps the measurer's)")
        ) { try TextAttributes(json: #"{"defaultTabInterval": 5e-324}"#) }
        #expect(try TextAttributes(json: #"{"defaultTabInterval": 0.001}"#).isValid)
        #expect(
            MeasureOptions(tabInterval: .leastNonzeroMagnitude).rangeProblem
                == "tabInterval must be 0.001 to 10000 points; got 5e-324")
        // At the smallest interval a tab still advances to the next thousandth: "a", a tab, "b" in DejaVu Sans at 17 pt
        // (a 1255, b 1300 units of 2048) is a finite sum.
        let attributes = try TextAttributes(json: #"{"defaultTabInterval": 0.001}"#)
        let size = try TestFonts.dejaVu(size: 17, options: MeasureOptions(attributes: attributes)).measure("a\tb")
        #expect(size.width.isFinite && size.width >= (1255 + 1300) * 17 / 2048.0)
    }

    @Test("options whose width or tab interval JSON has no number for are not written")
    func unwritableOptions() {
        for width in [Double.nan, -.infinity] {
            #expect(throws: EncodingError.self) { try JSONEncoder().encode(MeasureOptions(maxWidth: width)) }
        }
        #expect(throws: EncodingError.self) { try JSONEncoder().encode(MeasureOptions(tabInterval: .infinity)) }
    }

    @Test("options: names left out keep their defaults; unknown names and options out of range are refused")
    func optionsDecoding() throws {
        let decoder = JSONDecoder()
        #expect(
            try decoder.decode(MeasureOptions.self, from: Data(#"{"maxWidth": 200}"#.utf8))
                == MeasureOptions(maxWidth: 200))
        #expect(try decoder.decode(MeasureOptions.self, from: Data("{}".utf8)) == MeasureOptions())
        let some = try decoder.decode(
            MeasureOptions.self,
            from: Data(
                #"{"lineBreakMode": "byCharWrapping", "shaper": "harfbuzz", "language": "ja", "lineBreaking": {"hangulWordPriority": true}, "attributes": {"numberOfLines": 2}}"#
                    .utf8))
        var expected = MeasureOptions(lineBreakMode: .byCharWrapping, language: "ja", shaper: .harfBuzz)
        expected.lineBreaking.hangulWordPriority = true
        expected.attributes.numberOfLines = 2
        #expect(some == expected)
        func refused(_ json: String) -> String? {
            do {
                _ = try decoder.decode(MeasureOptions.self, from: Data(json.utf8))
                return nil
            } catch DecodingError.dataCorrupted(let context) {
                return context.debugDescription
            } catch {
                return "\(error)"
            }
        }
        #expect(
            refused(#"{"maxwidth": 200}"#)?.hasPrefix(#"unknown MeasureOptions name "maxwidth" (known: maxWidth,"#)
                == true)
        #expect(
            refused(#"{"lineBreaking": {"strict": true}}"#)?.hasPrefix(#"unknown LineBreakOptions name "strict""#)
                == true)
        #expect(refused(#"{"tabInterval": 0}"#) == "tabInterval must be 0.001 to 10000 points; got 0.0")
        #expect(refused(#"{"language": "not a tag!"}"#) == #"language "not a tag!" is not a BCP 47 tag"#)
        #expect(refused(#"{"shaper": "coretext"}"#) != nil)
    }

    @Test("options round-trip, an unconstrained width written as 0, and what they measure is the same")
    func optionsRoundTrip() throws {
        var options = MeasureOptions(
            maxWidth: 150.5, usesFontLeading: true, lineBreakMode: .byCharWrapping, countsTrailingLineBreak: true,
            tabInterval: 40, usesFontFeatures: false, attributes: Self.everyAttribute, language: "de")
        options.attributes.runs = []
        let data = try JSONEncoder().encode(options)
        #expect(try JSONDecoder().decode(MeasureOptions.self, from: data) == options)
        var unconstrained = MeasureOptions()
        unconstrained.maxWidth = .infinity
        let written = try JSONEncoder().encode(unconstrained)
        let object = try JSONSerialization.jsonObject(with: written) as? [String: Any]
        #expect((object?["maxWidth"] as? NSNumber)?.doubleValue == 0)
        let back = try JSONDecoder().decode(MeasureOptions.self, from: written)
        let text = "Einstellungen für Benachrichtigungen\nund mehr"
        #expect(
            try TestFonts.measurer([(TestFonts.dejaVuSans, 0)], size: 17, options: back).measure(text)
                == TestFonts.measurer([(TestFonts.dejaVuSans, 0)], size: 17, options: unconstrained).measure(text))
        let wrapped = MeasureOptions(maxWidth: 120, attributes: try TextAttributes(json: #"{"lineSpacing": 3}"#))
        let reread = try JSONDecoder().decode(MeasureOptions.self, from: JSONEncoder().encode(wrapped))
        #expect(
            try TestFonts.measurer([(TestFonts.dejaVuSans, 0)], size: 17, options: reread).measure(text)
                == TestFonts.measurer([(TestFonts.dejaVuSans, 0)], size: 17, options: wrapped).measure(text))
    }

    @Test("sizes, lines and button frames as their properties (JSON written by hand)")
    func resultsDecode() throws {
        let size = try JSONDecoder().decode(
            TextSize.self,
            from: Data(#"{"width": 196.3896, "height": 32.5938, "lineCount": 2, "missingGlyphs": 0}"#.utf8))
        #expect(size == TextSize(width: 196.3896, height: 32.5938, lineCount: 2))
        let cut = TextSize(width: 10, height: 20, lineCount: 1, truncatedLine: 1, missingGlyphs: 3)
        #expect(try JSONDecoder().decode(TextSize.self, from: JSONEncoder().encode(cut)) == cut)
        let fragment = try JSONDecoder().decode(
            LineFragment.self,
            from: Data(#"{"utf8Range": [0, 6], "width": 30, "ascent": 15.78, "descent": 4.01, "height": 19.79}"#.utf8))
        #expect(fragment == LineFragment(utf8Range: 0..<6, width: 30, ascent: 15.78, descent: 4.01, height: 19.79))
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(
                LineFragment.self,
                from: Data(#"{"utf8Range": [6, 0], "width": 0, "ascent": 0, "descent": 0, "height": 0}"#.utf8))
        }
        let frames = ButtonFrames(
            image: Rect(x: 1, y: 2, width: 3, height: 4), title: nil, titleTruncated: false, imageSqueezed: true)
        #expect(try JSONDecoder().decode(ButtonFrames.self, from: JSONEncoder().encode(frames)) == frames)
        #expect(
            try JSONDecoder().decode([ContentHorizontalAlignment].self, from: Data(#"["leading", "fill"]"#.utf8)) == [
                .leading, .fill,
            ])
        let layout = try TestFonts.dejaVu(size: 17, width: 100).layout("hello world hello")
        #expect(try JSONDecoder().decode(TextLayout.self, from: JSONEncoder().encode(layout)) == layout)
    }
}
