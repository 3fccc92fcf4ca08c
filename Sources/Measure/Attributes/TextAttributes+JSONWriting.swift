import Foundation

extension TextAttributes {
    /// These attributes as the JSON object `init(jsonObject:)` reads: every value that differs from
    /// `TextAttributes()`'s under its `jsonNames` name (the paragraph's names at the top level, `kern` and `tracking`
    /// whenever set, 0 included), runs as `{"location", "length", "font", "size"}`. Plain attributes give an empty
    /// object. Read back (`init(jsonObject:)`), it gives attributes equal to these when they are valid
    /// (`rangeProblem` is nil) and `unwritableProblem` is nil, with the tab stops ascending (reading sorts them).
    public var jsonObject: [String: Any] {
        var object: [String: Any] = [:]
        let plain = TextAttributes()
        let style = paragraph, plainStyle = plain.paragraph
        // -0 is written as nothing, as 0 is: the two are equal (and hash alike), so nothing is lost.
        for (name, path) in Self.numberFields where self[keyPath: path] != plain[keyPath: path] {
            object[name] = self[keyPath: path]
        }
        if !style.tabStops.isEmpty { object["tabStops"] = style.tabStops }
        if style.alignment != plainStyle.alignment { object["alignment"] = style.alignment }
        if style.lineBreakMode != plainStyle.lineBreakMode { object["lineBreakMode"] = style.lineBreakMode.rawValue }
        if let kern { object["kern"] = kern }
        if let tracking { object["tracking"] = tracking }
        if numberOfLines != plain.numberOfLines { object["numberOfLines"] = numberOfLines }
        if truncatesLastVisibleLine { object["truncatesLastVisibleLine"] = true }
        if usesDeviceMetrics { object["usesDeviceMetrics"] = true }
        if !runs.isEmpty {
            object["runs"] = runs.map { run -> [String: Any] in
                var item: [String: Any] = ["location": run.location, "length": run.length]
                if let font = run.font { item["font"] = font }
                if let size = run.pointSize { item["size"] = size }
                return item
            }
        }
        if mode != plain.mode { object["mode"] = mode.rawValue }
        if lineSpacingAfterLastLine { object["lineSpacingAfterLastLine"] = true }
        if countsOuterParagraphSpacing { object["countsOuterParagraphSpacing"] = true }
        return object
    }

    /// `jsonObject` as JSON text with its names sorted, each number in the shortest text that reads back as the same
    /// double: what `measure text --attributes`, a catalog config's `attributes` and a stream job's `attributes`
    /// take, and `init(json:)` reads back equal (see `jsonObject`); `{}` for plain attributes. Throws what
    /// `unwritableProblem` says when reading could not give these attributes back (a value out of range but
    /// written is refused in words when read, as `rangeProblem` says).
    public func json() throws(TextAttributesError) -> String {
        if let problem = unwritableProblem { throw TextAttributesError(problem) }
        guard let data = try? JSONSerialization.data(withJSONObject: jsonObject, options: [.sortedKeys]) else {
            throw TextAttributesError("the attributes could not be written as JSON")
        }
        return String(decoding: data, as: UTF8.self)
    }

    /// Why these attributes cannot be written so that they read back, in words, or nil: a number JSON has no text
    /// for (infinite or NaN), or a value `init(jsonObject:)` refuses though `rangeProblem` lets it pass — a
    /// `minimumLineHeight` above the `maximumLineHeight`, an alignment that is not one of its five names, a run's
    /// location, length or font of 2,147,483,647 or more.
    public var unwritableProblem: String? {
        if let name = firstNonFiniteName { return "\(name) is not a finite number, which JSON cannot hold" }
        if let problem = lineHeightOrderProblem { return problem + ", which reading refuses" }
        if !Self.alignmentNames.contains(paragraph.alignment) {
            return "alignment \(Self.excerpt(paragraph.alignment)) is not one of "
                + Self.alignmentNames.joined(separator: ", ")
        }
        let largest = Self.largestRunNumber
        if runs.contains(where: { $0.location >= largest || $0.length >= largest || ($0.font ?? 0) >= largest }) {
            return "a run's location, length or font is \(largest) or more, which reading refuses"
        }
        return nil
    }

    /// The number attributes `jsonObject` writes under their names when they differ from `TextAttributes()`'s (and
    /// `firstNonFiniteName` checks): the paragraph's lengths and multiple, `maxHeight` and `scale`.
    static var numberFields: [(name: String, path: KeyPath<TextAttributes, Double>)] {
        [
            ("lineSpacing", \.paragraph.lineSpacing), ("paragraphSpacing", \.paragraph.paragraphSpacing),
            ("paragraphSpacingBefore", \.paragraph.paragraphSpacingBefore),
            ("lineHeightMultiple", \.paragraph.lineHeightMultiple),
            ("minimumLineHeight", \.paragraph.minimumLineHeight),
            ("maximumLineHeight", \.paragraph.maximumLineHeight),
            ("firstLineHeadIndent", \.paragraph.firstLineHeadIndent), ("headIndent", \.paragraph.headIndent),
            ("tailIndent", \.paragraph.tailIndent), ("defaultTabInterval", \.paragraph.defaultTabInterval),
            ("maxHeight", \.maxHeight), ("scale", \.scale),
        ]
    }

    /// The name of the first number of these attributes that is infinite or NaN, or nil when all are finite.
    var firstNonFiniteName: String? {
        let numbers: [(String, Double)] =
            Self.numberFields.map { ($0.name, self[keyPath: $0.path]) }
            + [("kern", kern ?? 0), ("tracking", tracking ?? 0)] + paragraph.tabStops.map { ("a tab stop", $0) }
            + runs.compactMap { $0.pointSize.map { ("a run's size", $0) } }
        return numbers.first { !$0.1.isFinite }?.0
    }
}
