import Foundation
internal import TextCoding

extension TextAttributes {
    /// The names `init(jsonObject:)` reads: `NSParagraphStyle` and `NSAttributedString.Key` names, UILabel's and
    /// `NSStringDrawingOptions`' line limits, and the sizing mode. A nested `paragraphStyle` object may hold the
    /// paragraph names, as in an attributes dictionary.
    public static let jsonNames: [String] =
        paragraphNames + [
            "kern", "tracking", "numberOfLines", "truncatesLastVisibleLine", "maxHeight", "usesDeviceMetrics", "runs",
            "mode", "scale", "lineSpacingAfterLastLine", "countsOuterParagraphSpacing", "paragraphStyle",
        ]

    /// The `NSParagraphStyle` names among `jsonNames`: the only ones a nested `paragraphStyle` object may hold, as an
    /// `NSParagraphStyle` has no kern, line limit or runs.
    public static let paragraphNames: [String] = [
        "lineSpacing", "paragraphSpacing", "paragraphSpacingBefore", "lineHeightMultiple", "minimumLineHeight",
        "maximumLineHeight", "firstLineHeadIndent", "headIndent", "tailIndent", "tabStops", "defaultTabInterval",
        "alignment", "lineBreakMode",
    ]

    /// A minimum line height above the maximum (both set), in words, or nil: `init(jsonObject:)` refuses it, so
    /// `json()` does not write it.
    var lineHeightOrderProblem: String? {
        let style = paragraph
        guard style.minimumLineHeight > 0, style.maximumLineHeight > 0,
            style.minimumLineHeight > style.maximumLineHeight
        else { return nil }
        return "minimumLineHeight (\(style.minimumLineHeight)) is above maximumLineHeight (\(style.maximumLineHeight))"
    }

    /// The bound a run's location, length and font stay below as JSON reads them (whole numbers of 32 bits).
    static let largestRunNumber = Int(Int32.max)

    /// `NSTextAlignment`'s names, which `alignment` takes.
    static let alignmentNames = ["natural", "left", "center", "right", "justified"]

    /// Names of attributes this measurer does not reproduce yet; refused with a clear message rather than ignored.
    static let unsupportedNames: [String: String] = [
        "font": "a font is not an attribute: give the fonts as the cascade (--font on the command line, repeated for "
            + "each font a run uses; a FontCascade in Swift) and runs as "
            + "{\"runs\": [{\"location\": 0, \"length\": 5, \"font\": 1, \"size\": 20}]}",
        "baselineOffset": "baselineOffset is not measured yet",
        "hyphenationFactor": "hyphenation is not done yet",
    ]

    /// Attributes from JSON text: an object such as `{"lineSpacing": 4, "numberOfLines": 2, "kern": 1.5}`.
    public init(json: String) throws(TextAttributesError) {
        let parsed: Any
        let bytes = Array(json.utf8)
        do {
            parsed = try JSONSerialization.jsonObject(with: Data(bytes), options: [.fragmentsAllowed])
        } catch {
            throw TextAttributesError(
                "attributes are not valid JSON: \((error as NSError).userInfo["NSDebugDescription"] ?? error)")
        }
        guard let object = parsed as? [String: Any] else {
            throw TextAttributesError("attributes must be a JSON object, such as {\"lineSpacing\": 4}")
        }
        // Foundation keeps one of two members of a name without a word ({"lineSpacing": 4, "lineSpacing": 40});
        // which one was meant is the writer's mistake to mend, as a catalog config's reader says.
        if let name = JSONRepeatedName.first(in: bytes) {
            throw TextAttributesError(
                "\(Self.excerpt(name)) is given more than once in one object: give each name once")
        }
        try self.init(jsonObject: object)
    }

    /// Attributes from a parsed JSON object (`JSONSerialization`'s dictionaries).
    public init(jsonObject object: [String: Any]) throws(TextAttributesError) {
        self.init()
        var object = object
        if let nested = object.removeValue(forKey: "paragraphStyle") {
            guard let style = nested as? [String: Any] else {
                throw TextAttributesError("\"paragraphStyle\" must be an object of NSParagraphStyle names")
            }
            for name in style.keys.sorted() {
                guard Self.paragraphNames.contains(name) else {
                    throw TextAttributesError(
                        "\"paragraphStyle\" holds NSParagraphStyle names only ("
                            + Self.paragraphNames.joined(separator: ", ") + "); "
                            + "\(Self.excerpt(name)) "
                            + (Self.jsonNames.contains(name) ? "goes beside it, at the top level" : "is unknown"))
                }
                // Both places at once leave the reader to guess which was meant (NSAttributedString has one style).
                guard object[name] == nil else {
                    throw TextAttributesError(
                        "\(Self.excerpt(name)) is given both at the top level and in \"paragraphStyle\": give it once")
                }
                object[name] = style[name]
            }
        }
        for name in object.keys.sorted() {
            let value = object[name]!
            if let reason = Self.unsupportedNames[name] { throw TextAttributesError("\"\(name)\": \(reason)") }
            try set(name, value)
        }
        if let problem = rangeProblem { throw TextAttributesError("attribute out of range: \(problem)") }
        if let problem = lineHeightOrderProblem { throw TextAttributesError(problem) }
    }

    private mutating func set(_ name: String, _ value: Any) throws(TextAttributesError) {
        func number(min: Double = -.greatestFiniteMagnitude) throws(TextAttributesError) -> Double {
            guard let number = value as? NSNumber, !Self.isJSONBoolean(value), Self.double(number).isFinite,
                Self.double(number) >= min
            else {
                throw TextAttributesError("\"\(name)\" must be a number" + (min == 0 ? " ≥ 0" : min > 0 ? " > 0" : ""))
            }
            return Self.double(number)
        }
        func flag() throws(TextAttributesError) -> Bool {
            guard Self.isJSONBoolean(value), let flag = value as? Bool else {
                throw TextAttributesError("\"\(name)\" must be true or false")
            }
            return flag
        }
        switch name {
        case "lineSpacing": paragraph.lineSpacing = try number()
        case "paragraphSpacing": paragraph.paragraphSpacing = try number()
        case "paragraphSpacingBefore": paragraph.paragraphSpacingBefore = try number()
        case "lineHeightMultiple": paragraph.lineHeightMultiple = try number(min: 0)
        case "minimumLineHeight": paragraph.minimumLineHeight = try number(min: 0)
        case "maximumLineHeight": paragraph.maximumLineHeight = try number(min: 0)
        case "firstLineHeadIndent": paragraph.firstLineHeadIndent = try number()
        case "headIndent": paragraph.headIndent = try number()
        case "tailIndent": paragraph.tailIndent = try number()
        case "defaultTabInterval": paragraph.defaultTabInterval = try number(min: 0)
        case "tabStops":
            // Numbers, or NSTextTab-like objects {"location": 28}.
            guard let list = value as? [Any] else { throw TextAttributesError("\"tabStops\" must be an array") }
            var stops: [Double] = []
            for item in list {
                if let tab = item as? [String: Any], tab.keys.contains(where: { $0 != "location" }) {
                    throw TextAttributesError(
                        "a tab stop is a number or {\"location\": N}; tab alignments are not "
                            + "measured yet (a stop is a left tab)")
                }
                let location = (item as? [String: Any])?["location"] ?? item
                guard let number = location as? NSNumber, !Self.isJSONBoolean(location), Self.double(number) >= 0,
                    Self.double(number).isFinite
                else {
                    throw TextAttributesError("\"tabStops\" holds locations ≥ 0 (numbers or {\"location\": N})")
                }
                stops.append(Self.double(number))
            }
            paragraph.tabStops = stops.sorted()
        case "alignment":
            guard let text = value as? String, Self.alignmentNames.contains(text) else {
                throw TextAttributesError(
                    "\"alignment\" must be one of \(Self.alignmentNames.joined(separator: ", "))")
            }
            paragraph.alignment = text
        case "lineBreakMode":
            let short: [String: ParagraphLineBreakMode] = [
                "word": .byWordWrapping, "char": .byCharWrapping, "clip": .byClipping, "head": .byTruncatingHead,
                "tail": .byTruncatingTail, "middle": .byTruncatingMiddle,
            ]
            guard let text = value as? String,
                let mode = ParagraphLineBreakMode(rawValue: text) ?? short[text]
            else {
                throw TextAttributesError(
                    "\"lineBreakMode\" must be one of "
                        + ParagraphLineBreakMode.allCases.map(\.rawValue).joined(separator: ", ")
                        + " (or word, char, clip, head, tail, middle)")
            }
            paragraph.lineBreakMode = mode
        case "kern": kern = try number()
        case "tracking": tracking = try number()
        case "numberOfLines":
            let lines = try number(min: 0)
            guard lines == lines.rounded(), lines < Double(Int32.max) else {
                throw TextAttributesError("\"numberOfLines\" must be a whole number ≥ 0 (0 = unlimited)")
            }
            numberOfLines = Int(lines)
        case "truncatesLastVisibleLine": truncatesLastVisibleLine = try flag()
        case "maxHeight": maxHeight = try number(min: 0)
        case "usesDeviceMetrics": usesDeviceMetrics = try flag()
        case "runs":
            guard let list = value as? [Any] else { throw TextAttributesError("\"runs\" must be an array") }
            runs = try list.map { item throws(TextAttributesError) in try Self.run(item) }
        case "mode":
            guard let text = value as? String, let parsed = MeasureMode(rawValue: text) else {
                throw TextAttributesError(
                    "\"mode\" must be one of "
                        + MeasureMode.allCases.map(\.rawValue).joined(separator: ", "))
            }
            mode = parsed
        case "scale":
            let value = try number(min: 0)
            guard TextAttributes.scales.contains(value) else {
                throw TextAttributesError("\"scale\" must be a number in 0.5…10, as 1, 2 or 3")
            }
            scale = value
        case "lineSpacingAfterLastLine": lineSpacingAfterLastLine = try flag()
        case "countsOuterParagraphSpacing": countsOuterParagraphSpacing = try flag()
        default:
            throw TextAttributesError(
                "unknown attribute \(Self.excerpt(name)) (known: "
                    + Self.jsonNames.joined(separator: ", ") + ")")
        }
    }

    /// A name from the input in double quotes, cut to 40 Unicode scalars with "…": an unknown name a megabyte long
    /// makes an error of a line, not of a megabyte.
    static func excerpt(_ name: String) -> String {
        ScalarExcerpt.quoted(name, limit: 40)
    }

    /// Whether a `JSONSerialization` value is `true`/`false` rather than a number: Foundation bridges both to
    /// `NSNumber` (and `1 as? Bool` succeeds), but booleans keep their own class, `__NSCFBoolean`.
    static func isJSONBoolean(_ value: Any) -> Bool {
        let type = String(describing: Swift.type(of: value))
        return type == "Bool" || type.contains("Boolean")
    }

    /// The double a JSON number denotes: the nearest to its decimal text. `JSONSerialization` keeps a number it
    /// cannot hold exactly in a `Double` or an integer (`0.30000000000000004`, 17 significant digits) as an
    /// `NSDecimalNumber`, whose `doubleValue` is not the nearest double (0.3000000000000001 there; `kern` and sizes
    /// written by `json`, which prints each double's shortest exact text, would not read back equal): its decimal text
    /// is parsed instead.
    static func double(_ number: NSNumber) -> Double {
        guard number is NSDecimalNumber else { return number.doubleValue }
        return Double(number.description) ?? number.doubleValue
    }

    /// One run: `{"location": N, "length": N, "font": cascade index, "size": points}` (UTF-16 offsets, as NSRange).
    static func run(_ item: Any) throws(TextAttributesError) -> TextRun {
        guard let object = item as? [String: Any] else {
            throw TextAttributesError("a run must be an object {\"location\", \"length\", \"font\", \"size\"}")
        }
        for name in object.keys where !["location", "length", "font", "size"].contains(name) {
            throw TextAttributesError("unknown run attribute \(excerpt(name)) (location, length, font, size)")
        }
        func whole(_ name: String) throws(TextAttributesError) -> Int? {
            guard let value = object[name] else { return nil }
            guard let number = value as? NSNumber, !isJSONBoolean(value), number.doubleValue >= 0,
                number.doubleValue == number.doubleValue.rounded(), number.doubleValue < Double(largestRunNumber)
            else {
                throw TextAttributesError(
                    "a run's \"\(name)\" must be a whole number from 0 to \(largestRunNumber - 1)"
                        + (name == "font" ? " (an index into the cascade)" : " (UTF-16 offsets, as NSRange)"))
            }
            return number.intValue
        }
        guard let location = try whole("location"), let length = try whole("length") else {
            throw TextAttributesError("a run needs \"location\" and \"length\" (UTF-16 offsets, as NSRange)")
        }
        var size: Double? = nil
        if let value = object["size"] {
            guard let number = value as? NSNumber, !isJSONBoolean(value), double(number) > 0,
                double(number).isFinite
            else {
                throw TextAttributesError("a run's \"size\" must be a positive number of points")
            }
            size = double(number)
        }
        return TextRun(location: location, length: length, font: try whole("font"), pointSize: size)
    }
}
