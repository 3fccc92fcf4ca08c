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
        func put(_ name: String, _ value: Double, unless plainValue: Double) {
            if value != plainValue { object[name] = value }
        }
        put("lineSpacing", style.lineSpacing, unless: plainStyle.lineSpacing)
        put("paragraphSpacing", style.paragraphSpacing, unless: plainStyle.paragraphSpacing)
        put("paragraphSpacingBefore", style.paragraphSpacingBefore, unless: plainStyle.paragraphSpacingBefore)
        put("lineHeightMultiple", style.lineHeightMultiple, unless: plainStyle.lineHeightMultiple)
        put("minimumLineHeight", style.minimumLineHeight, unless: plainStyle.minimumLineHeight)
        put("maximumLineHeight", style.maximumLineHeight, unless: plainStyle.maximumLineHeight)
        put("firstLineHeadIndent", style.firstLineHeadIndent, unless: plainStyle.firstLineHeadIndent)
        put("headIndent", style.headIndent, unless: plainStyle.headIndent)
        put("tailIndent", style.tailIndent, unless: plainStyle.tailIndent)
        put("defaultTabInterval", style.defaultTabInterval, unless: plainStyle.defaultTabInterval)
        if !style.tabStops.isEmpty { object["tabStops"] = style.tabStops }
        if style.alignment != plainStyle.alignment { object["alignment"] = style.alignment }
        if style.lineBreakMode != plainStyle.lineBreakMode { object["lineBreakMode"] = style.lineBreakMode.rawValue }
        if let kern { object["kern"] = kern }
        if let tracking { object["tracking"] = tracking }
        if numberOfLines != plain.numberOfLines { object["numberOfLines"] = numberOfLines }
        if truncatesLastVisibleLine { object["truncatesLastVisibleLine"] = true }
        put("maxHeight", maxHeight, unless: plain.maxHeight)
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
        put("scale", scale, unless: plain.scale)
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
        let style = paragraph
        if style.minimumLineHeight > 0, style.maximumLineHeight > 0, style.minimumLineHeight > style.maximumLineHeight {
            return "minimumLineHeight (\(style.minimumLineHeight)) is above maximumLineHeight "
                + "(\(style.maximumLineHeight)), which reading refuses"
        }
        if !Self.alignmentNames.contains(style.alignment) {
            return "alignment \(Self.excerpt(style.alignment)) is not one of "
                + Self.alignmentNames.joined(separator: ", ")
        }
        let largest = Int(Int32.max)
        if runs.contains(where: { $0.location >= largest || $0.length >= largest || ($0.font ?? 0) >= largest }) {
            return "a run's location, length or font is \(largest) or more, which reading refuses"
        }
        return nil
    }

    /// The name of the first number of these attributes that is infinite or NaN, or nil when all are finite.
    var firstNonFiniteName: String? {
        let style = paragraph
        let numbers: [(String, Double)] =
            [
                ("lineSpacing", style.lineSpacing), ("paragraphSpacing", style.paragraphSpacing),
                ("paragraphSpacingBefore", style.paragraphSpacingBefore),
                ("lineHeightMultiple", style.lineHeightMultiple), ("minimumLineHeight", style.minimumLineHeight),
                ("maximumLineHeight", style.maximumLineHeight), ("firstLineHeadIndent", style.firstLineHeadIndent),
                ("headIndent", style.headIndent), ("tailIndent", style.tailIndent),
                ("defaultTabInterval", style.defaultTabInterval), ("kern", kern ?? 0), ("tracking", tracking ?? 0),
                ("maxHeight", maxHeight), ("scale", scale),
            ] + style.tabStops.map { ("a tab stop", $0) }
            + runs.compactMap { $0.pointSize.map { ("a run's size", $0) } }
        return numbers.first { !$0.1.isFinite }?.0
    }
}
