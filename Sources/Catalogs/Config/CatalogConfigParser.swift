import Foundation

/// Reads a catalog config file (`CatalogConfig`'s JSON), checking every field, and reports a problem with the file's
/// path, the line and column of the offending value, and what was expected.
public enum CatalogConfigParser {
    /// The members a config's top level and a rule may have; anything else is reported (a misspelt `maxLine` would
    /// otherwise be silently ignored).
    static let topLevelNames: Set<String> = [
        "sourceLocale", "width", "maxLines", "size", "textStyle", "contentSize",
        "attributes", "placeholders", "fonts", "rules", "platform",
        "samples",
    ]
    static let ruleNames: Set<String> = [
        "keys", "locales", "files", "width", "maxLines", "size", "textStyle",
        "contentSize", "attributes", "variants", "states", "exclude", "skip",
        "placeholders", "samples", "level",
    ]
    /// The SARIF levels a rule may give its overflows.
    static let levels: Set<String> = ["error", "warning", "note"]
    static let placeholderKinds: Set<String> = ["object", "integer", "float", "hex", "character", "boolean"]

    /// Reads and checks the config at `path`.
    public static func load(path: String) throws(CatalogError) -> CatalogConfig {
        // Only a regular file of a sane size: a config path may name a FIFO or a device as easily as a file.
        try parse(try CatalogFileReader.read(path, what: "config file"), file: path)
    }

    /// Parses config JSON.
    public static func parse(_ bytes: [UInt8], file: String) throws(CatalogError) -> CatalogConfig {
        let root = try JSONReader.parse(bytes, file: file)
        func fail(_ node: JSONNode, _ message: String) -> CatalogError {
            CatalogError(file: file, position: node.position, message: message)
        }
        // A name given twice in one object is a mistake in a file people write (a rule's second "keys" replaced its
        // first, `{"width": 100, "width": 5}` measured at 5, without a word), as an unknown name is.
        if let (first, again) = root.firstRepeatedName {
            throw CatalogError(
                file: file, position: again.keyPosition,
                message: "\(CatalogExcerpt.quoted(again.key)) is given more than once in one object (first at line "
                    + "\(first.keyPosition.line), column \(first.keyPosition.column)); a config names each setting once"
            )
        }
        guard case .object(let object) = root.value else { throw fail(root, "the config must be a JSON object") }
        var config = CatalogConfig()
        for member in object.members where !topLevelNames.contains(member.key) {
            throw CatalogError(
                file: file, position: member.keyPosition,
                message: "unknown setting \(CatalogExcerpt.quoted(member.key)) "
                    + "(known: \(topLevelNames.sorted().joined(separator: ", ")))")
        }
        if let node = object["sourceLocale"] { config.sourceLocale = try string(node, "sourceLocale", fail) }
        config.defaults = try settings(object, fail)
        if let node = object["placeholders"] { config.placeholders = try placeholders(node, file: file, fail) }
        if let node = object["platform"] {
            let name = try string(node, "platform", fail)
            guard let platform = CatalogPlatform(name: name) else {
                throw fail(node, "unknown platform \(CatalogExcerpt.quoted(name)) (ios, android)")
            }
            config.platform = platform
        }
        if let node = object["samples"] {
            guard case .object(let map) = node.value else {
                throw fail(node, "\"samples\" must be an object of key glob → array of values by position")
            }
            for member in map.members {
                config.samples.append(
                    KeySamples(
                        keys: GlobPattern(member.key),
                        values: try positionalSamples(member.value, "samples", fail)))
            }
        }
        if let node = object["fonts"] {
            guard case .object(let locales) = node.value else {
                throw fail(node, "\"fonts\" must be an object of locale → list of fonts")
            }
            for member in locales.members {
                guard case .array(let list) = member.value.value, !list.isEmpty else {
                    throw fail(member.value, "fonts for \(CatalogExcerpt.quoted(member.key)) must be a non-empty array")
                }
                config.fonts[member.key] = try list.map { item throws(CatalogError) in try font(item, fail) }
            }
        }
        if let node = object["rules"] {
            guard case .array(let rules) = node.value else { throw fail(node, "\"rules\" must be an array") }
            for ruleNode in rules {
                guard case .object(let rule) = ruleNode.value else { throw fail(ruleNode, "a rule must be an object") }
                for member in rule.members where !ruleNames.contains(member.key) {
                    throw CatalogError(
                        file: file, position: member.keyPosition,
                        message: "unknown rule setting "
                            + "\(CatalogExcerpt.quoted(member.key)) (known: \(ruleNames.sorted().joined(separator: ", ")))"
                    )
                }
                guard let keysNode = rule["keys"] else { throw fail(ruleNode, "a rule needs \"keys\" (a glob)") }
                var locales: [String]? = nil
                if let node = rule["locales"] {
                    guard case .array(let list) = node.value else { throw fail(node, "\"locales\" must be an array") }
                    locales = try list.map { item throws(CatalogError) in try string(item, "locales", fail) }
                }
                let files = try rule["files"].map { node throws(CatalogError) in
                    GlobPattern(try string(node, "files", fail))
                }
                var parsed = CatalogRule(
                    keys: GlobPattern(try string(keysNode, "keys", fail)),
                    locales: locales, files: files, settings: try settings(rule, fail))
                try ruleMatching(rule, into: &parsed, file: file, fail)
                config.rules.append(parsed)
            }
        }
        return config
    }

    /// A rule's matching and sample fields: `variants`, `states`, `exclude`, `skip`, `placeholders`, `samples`,
    /// `level`.
    private static func ruleMatching(
        _ rule: JSONObject, into parsed: inout CatalogRule, file: String,
        _ fail: (JSONNode, String) -> CatalogError
    ) throws(CatalogError) {
        func strings(_ name: String) throws(CatalogError) -> [String]? {
            guard let node = rule[name] else { return nil }
            // One string is a list of one: "variants": "device.ipad*" reads as it is meant.
            if case .string(let one) = node.value { return [one] }
            guard case .array(let list) = node.value else {
                throw fail(node, "\"\(name)\" must be a string or an array of strings")
            }
            return try list.map { item throws(CatalogError) in try string(item, name, fail) }
        }
        parsed.variants = try strings("variants")?.map(GlobPattern.init)
        parsed.states = try strings("states")
        parsed.exclude = try strings("exclude")?.map(GlobPattern.init) ?? []
        if let node = rule["skip"] {
            guard case .bool(let skip) = node.value else { throw fail(node, "\"skip\" must be true or false") }
            parsed.skip = skip
        }
        if let node = rule["placeholders"] { parsed.placeholders = try placeholders(node, file: file, fail) }
        if let node = rule["samples"] { parsed.samples = try positionalSamples(node, "samples", fail) }
        if let node = rule["level"] {
            let level = try string(node, "level", fail)
            guard levels.contains(level) else {
                throw fail(node, "\"level\" must be error, warning or note, not \(CatalogExcerpt.quoted(level))")
            }
            parsed.level = level
        }
    }

    /// `"placeholders"`: kind → sample (a string, or an object of locale → string with an optional `default`).
    private static func placeholders(_ node: JSONNode, file: String, _ fail: (JSONNode, String) -> CatalogError)
        throws(CatalogError) -> [String: LocalizedSample]
    {
        guard case .object(let samples) = node.value else { throw fail(node, "\"placeholders\" must be an object") }
        var result: [String: LocalizedSample] = [:]
        for member in samples.members {
            guard placeholderKinds.contains(member.key) else {
                throw CatalogError(
                    file: file, position: member.keyPosition,
                    message: "unknown placeholder kind "
                        + "\(CatalogExcerpt.quoted(member.key)) "
                        + "(known: \(placeholderKinds.sorted().joined(separator: ", ")))")
            }
            result[member.key] = try localizedSample(member.value, "placeholders.\(member.key)", fail)
        }
        return result
    }

    /// An array of samples by position (`null` keeps a position's usual sample).
    private static func positionalSamples(
        _ node: JSONNode, _ name: String,
        _ fail: (JSONNode, String) -> CatalogError
    )
        throws(CatalogError) -> [LocalizedSample?]
    {
        guard case .array(let list) = node.value else {
            throw fail(node, "\"\(name)\" values must be arrays of samples by position (first = %1$@)")
        }
        return try list.map { item throws(CatalogError) -> LocalizedSample? in
            if case .null = item.value { return nil }
            return try localizedSample(item, name, fail)
        }
    }

    /// A sample: a string, or `{"default": "…", "ar": "…"}` (locale patterns as elsewhere in the config).
    private static func localizedSample(_ node: JSONNode, _ name: String, _ fail: (JSONNode, String) -> CatalogError)
        throws(CatalogError) -> LocalizedSample
    {
        if case .string(let text) = node.value { return LocalizedSample(text) }
        guard case .object(let locales) = node.value, !locales.members.isEmpty else {
            throw fail(
                node,
                "a sample in \"\(name)\" must be a string or an object of locale → string "
                    + "(\"default\" for the other locales)")
        }
        var sample = LocalizedSample(nil)
        for member in locales.members {
            let value = try string(member.value, "\(name).\(member.key)", fail)
            if member.key == "default" { sample.value = value } else { sample.byLocale[member.key] = value }
        }
        return sample
    }

    /// `file:line:column` of an error's place (`file` alone without a position).
    private static func place(_ error: CatalogError) -> String {
        error.position.map { "\(error.file):\($0.line):\($0.column)" } ?? error.file
    }

    /// The constraint fields of a config level (top level or rule), checked.
    private static func settings(_ object: JSONObject, _ fail: (JSONNode, String) -> CatalogError)
        throws(CatalogError) -> ConstraintSettings
    {
        var settings = ConstraintSettings()
        if let node = object["width"] {
            guard let width = node.value.doubleValue, width > 0 else {
                throw fail(node, "\"width\" must be a positive number of points")
            }
            settings.width = width
            settings.places.width = place(fail(node, ""))
        }
        if let node = object["maxLines"] {
            guard let lines = node.value.integerValue, lines >= 0 else {
                throw fail(node, "\"maxLines\" must be a whole number, 0 (unlimited) or more")
            }
            settings.maxLines = lines
        }
        if let node = object["size"] {
            guard let size = node.value.doubleValue, size > 0 else {
                throw fail(node, "\"size\" must be a positive number of points")
            }
            settings.size = size
            settings.places.size = place(fail(node, ""))
        }
        if let node = object["textStyle"] {
            let name = try string(node, "textStyle", fail)
            guard TextStyle(name: name) != nil else {
                throw fail(
                    node,
                    "unknown text style \(CatalogExcerpt.quoted(name)) (largeTitle, title1, title2, "
                        + "title3, headline, body, callout, subheadline, footnote, caption1, caption2)")
            }
            if settings.size != nil { throw fail(node, "give \"size\" or \"textStyle\", not both") }
            settings.textStyle = name
        }
        if let node = object["contentSize"] {
            let name = try string(node, "contentSize", fail)
            guard ContentSizeCategory(name: name) != nil || CatalogPlatform.androidScale(named: name) != nil else {
                throw fail(
                    node,
                    "unknown content size \(CatalogExcerpt.quoted(name)) (xS S M L xL xxL xxxL AX1…AX5, "
                        + "or on Android a font scale: 0.85 1.0 1.15 1.3 1.5 1.8 2.0)")
            }
            settings.contentSize = name
        }
        if let node = object["attributes"] {
            guard case .object = node.value else {
                throw fail(
                    node,
                    "\"attributes\" must be an object of attribute names (lineSpacing, kern, "
                        + "numberOfLines, …), as measure text --attributes takes")
            }
            settings.attributes = JSONText.serialized(node.value)
            // numberOfLines is this level's line allowance (the lint measures the whole text and compares), so it
            // takes part in the levels' precedence like "maxLines"; both at one level must agree.
            if case .object(let attributes) = node.value, let lines = attributes["numberOfLines"] {
                guard let count = lines.value.integerValue, count >= 0 else {
                    throw fail(lines, "\"numberOfLines\" must be a whole number, 0 (unlimited) or more")
                }
                if let maxLines = settings.maxLines, maxLines != count {
                    throw fail(lines, "\"numberOfLines\" (\(count)) and \"maxLines\" (\(maxLines)) disagree")
                }
                settings.maxLines = count
            }
        }
        return settings
    }

    private static func string(_ node: JSONNode, _ name: String, _ fail: (JSONNode, String) -> CatalogError)
        throws(CatalogError) -> String
    {
        guard case .string(let text) = node.value else {
            throw fail(node, "\"\(name)\" must be a string, not \(node.value.kindDescription)")
        }
        return text
    }

    /// A font: a family name or path (`FontReference.init(_:)`), or `{"path", "faceIndex"}` / `{"family", "style"}`.
    private static func font(_ node: JSONNode, _ fail: (JSONNode, String) -> CatalogError) throws(CatalogError)
        -> FontReference
    {
        switch node.value {
        case .string(let text):
            return FontReference(text)
        case .object(let object):
            if let path = object["path"] {
                let faceIndex = object["faceIndex"]?.value.integerValue ?? 0
                guard faceIndex >= 0 else { throw fail(node, "\"faceIndex\" must be 0 or more") }
                return .file(path: try string(path, "path", fail), faceIndex: faceIndex)
            }
            if let family = object["family"] {
                let style = try object["style"].map { style throws(CatalogError) in try string(style, "style", fail) }
                return .family(try string(family, "family", fail), style: style)
            }
            throw fail(node, "a font object needs \"path\" (and \"faceIndex\") or \"family\" (and \"style\")")
        default:
            throw fail(node, "a font must be a family name, a path, or an object, not \(node.value.kindDescription)")
        }
    }
}
