import Foundation

/// Reads a catalog config file (`CatalogConfig`'s JSON), checking every field, and reports a problem with the file's
/// path, the line and column of the offending value, and what was expected.
public enum CatalogConfigParser {
    /// The members a config's top level and a rule may have; anything else is reported (a misspelt `maxLine` would
    /// otherwise be silently ignored).
    static let topLevelNames: Set<String> = ["sourceLocale", "width", "maxLines", "size", "textStyle", "contentSize",
                                             "attributes", "placeholders", "fonts", "rules"]
    static let ruleNames: Set<String> = ["keys", "locales", "files", "width", "maxLines", "size", "textStyle",
                                         "contentSize", "attributes"]
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
        guard case .object(let object) = root.value else { throw fail(root, "the config must be a JSON object") }
        var config = CatalogConfig()
        for member in object.members where !topLevelNames.contains(member.key) {
            throw CatalogError(file: file, position: member.keyPosition,
                message: "unknown setting \(CatalogExcerpt.quoted(member.key)) "
                    + "(known: \(topLevelNames.sorted().joined(separator: ", ")))")
        }
        if let node = object["sourceLocale"] { config.sourceLocale = try string(node, "sourceLocale", fail) }
        config.defaults = try settings(object, fail)
        if let node = object["placeholders"] {
            guard case .object(let samples) = node.value else { throw fail(node, "\"placeholders\" must be an object") }
            for member in samples.members {
                guard placeholderKinds.contains(member.key) else {
                    throw CatalogError(file: file, position: member.keyPosition, message: "unknown placeholder kind "
                        + "\(CatalogExcerpt.quoted(member.key)) "
                        + "(known: \(placeholderKinds.sorted().joined(separator: ", ")))")
                }
                config.placeholders[member.key] = try string(member.value, "placeholders.\(member.key)", fail)
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
                    throw CatalogError(file: file, position: member.keyPosition, message: "unknown rule setting "
                        + "\(CatalogExcerpt.quoted(member.key)) (known: \(ruleNames.sorted().joined(separator: ", ")))")
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
                config.rules.append(CatalogRule(keys: GlobPattern(try string(keysNode, "keys", fail)),
                                                locales: locales, files: files, settings: try settings(rule, fail)))
            }
        }
        return config
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
        }
        if let node = object["textStyle"] {
            let name = try string(node, "textStyle", fail)
            guard TextStyle(name: name) != nil else {
                throw fail(node, "unknown text style \(CatalogExcerpt.quoted(name)) (largeTitle, title1, title2, "
                    + "title3, headline, body, callout, subheadline, footnote, caption1, caption2)")
            }
            if settings.size != nil { throw fail(node, "give \"size\" or \"textStyle\", not both") }
            settings.textStyle = name
        }
        if let node = object["contentSize"] {
            let name = try string(node, "contentSize", fail)
            guard ContentSizeCategory(name: name) != nil else {
                throw fail(node, "unknown content size \(CatalogExcerpt.quoted(name)) (xS S M L xL xxL xxxL AX1…AX5)")
            }
            settings.contentSize = name
        }
        if let node = object["attributes"] {
            guard case .object = node.value else {
                throw fail(node, "\"attributes\" must be an object of attribute names (lineSpacing, kern, "
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
