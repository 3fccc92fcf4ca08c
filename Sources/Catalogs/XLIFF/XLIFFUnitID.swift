/// What an Xcode-exported `<trans-unit id>` says about where its text belongs.
///
/// How Xcode names trans-units, as found in real Xcode output (docs/semantics/catalog-formats.md §C4 [OBS C6] plus the sources below):
/// - `.strings`: the id is the key itself; control characters in keys are written as `&#9;` `&#10;` `&#13;`.
/// - `.stringsdict`: the id is a path through the property list, `/KEY:dict/NSStringLocalizedFormatKey:dict/:string`
///   for the format and `/KEY:dict/VAR:dict/one:dict/:string` for a form. Keys may contain `/` and `:`
///   (`/[Generic/Count/Threads]:dict/…`), so the path is split from its end. Xcode leaves the format unit out when
///   the format is nothing but `%#@VAR@` (mozilla/moz-l10n `python/tests/formats/data/xcode.xliff`, Xcode 15.2;
///   transifex/transifex-swift-cli `Tests/TXCliTests/XLIFFParserTests.swift`).
/// - `.xcstrings` (Xcode 15 and later): the key, then **one** `|==|`, then a dotted path:
///   `KEY|==|plural.one`, `KEY|==|device.ipad`; a device variation holding plural ones is
///   `KEY|==|device.iphone.plural.one` (not a second `|==|`); substitutions are a unit `KEY` whose text holds
///   `%1$#@NAME@` plus one unit per form, `KEY|==|substitutions.NAME.plural.one`, and a substitution name
///   containing `.` is wrapped in `@`: `KEY|==|substitutions.@DOT.NAME@.plural.one`. Device leaves reference
///   substitutions kept at the root (`k|==|device.iphone` + `k|==|substitutions.COUNT.plural.one`); there is no
///   device-to-substitution path. Keys may contain `|==|` themselves: the split is at the last one
///   (`varied|==|key|==|plural.one` is key `varied|==|key`), and a suffix that is not a variation path is part of
///   the key (`literal|==|text` is a plain key).
///   Sources: byte-for-byte Xcode 27.0 (27A266a) exports in github.com/Murzav/xcstrings-mcp,
///   `tests/fixtures/apple_xcode27/positive/catalog-matrix/exported.xliff` and that folder's README; Xcode 26.1.1
///   substitution units in mozilla/moz-l10n `python/tests/formats/test_xliff1.py` and
///   `python/tests/formats/data/xcstrings.xliff`.
enum XLIFFUnitID: Sendable, Hashable {
    /// A plain key (a `.strings` key, or a String Catalog key without variations — also the text of a key whose
    /// substitutions are separate units).
    case plain(key: String)
    /// A String Catalog variation leaf: `path` is `["device.iphone", "plural.one"]`, outermost first.
    case variation(key: String, path: [String])
    /// One form of a String Catalog substitution: `KEY|==|substitutions.NAME.plural.CATEGORY`.
    case substitution(key: String, name: String, category: String)
    /// A stringsdict format: `/KEY:dict/NSStringLocalizedFormatKey:dict/:string`.
    case stringsDictFormat(key: String)
    /// A stringsdict variable's entry: `/KEY:dict/VAR:dict/ENTRY:dict/:string` (a form, or a spec-type key).
    case stringsDictEntry(key: String, variable: String, entry: String)
    /// Another string directly in a stringsdict rule: `/KEY:dict/NAME:dict/:string` with NAME not the format key.
    case stringsDictOther(key: String, name: String)

    static let separator: [UInt8] = Array("|==|".utf8)
    private static let dictStep: [UInt8] = Array(":dict/".utf8)
    private static let stringLeaf: [UInt8] = Array(":dict/:string".utf8)
    static let devices: Set<String> = [
        "iphone", "ipod", "ipad", "applewatch", "appletv", "applevision", "mac", "other",
    ]

    /// Classifies an id (already entity-decoded).
    init(_ id: String) {
        let bytes = Array(id.utf8)
        if let stringsDict = Self.stringsDictPath(bytes) {
            self = stringsDict
        } else if let split = Self.lastRange(of: Self.separator, in: bytes[...]) {
            let key = String(decoding: bytes[..<split.lowerBound], as: UTF8.self)
            let suffix = bytes[split.upperBound...]
            if let substitution = Self.substitution(suffix) {
                self = .substitution(key: key, name: substitution.name, category: substitution.category)
            } else if let path = Self.variationPath(suffix) {
                self = .variation(key: key, path: path)
            } else {
                self = .plain(key: id)
            }
        } else {
            self = .plain(key: id)
        }
    }

    /// The key the unit belongs to.
    var key: String {
        switch self {
        case .plain(let key), .variation(let key, _), .substitution(let key, _, _), .stringsDictFormat(let key),
            .stringsDictEntry(let key, _, _), .stringsDictOther(let key, _):
            key
        }
    }

    /// `/KEY:dict/…:dict/:string`, split from the end.
    private static func stringsDictPath(_ bytes: [UInt8]) -> XLIFFUnitID? {
        guard bytes.first == UInt8(ascii: "/"), bytes.count > 1 + stringLeaf.count,
            bytes.suffix(stringLeaf.count).elementsEqual(stringLeaf)
        else { return nil }
        let body = bytes[1..<(bytes.count - stringLeaf.count)]
        guard let last = lastRange(of: dictStep, in: body) else { return nil }
        let name = String(decoding: body[last.upperBound...], as: UTF8.self)
        let rest = body[..<last.lowerBound]
        if name == StringsDictKeys.formatKey {
            return .stringsDictFormat(key: String(decoding: rest, as: UTF8.self))
        }
        guard let previous = lastRange(of: dictStep, in: rest) else {
            return .stringsDictOther(key: String(decoding: rest, as: UTF8.self), name: name)
        }
        return .stringsDictEntry(
            key: String(decoding: rest[..<previous.lowerBound], as: UTF8.self),
            variable: String(decoding: rest[previous.upperBound...], as: UTF8.self), entry: name)
    }

    /// `substitutions.NAME.plural.CATEGORY` or `substitutions.@NA.ME@.plural.CATEGORY`.
    private static func substitution(_ suffix: ArraySlice<UInt8>) -> (name: String, category: String)? {
        let prefix = Array("substitutions.".utf8)
        guard suffix.starts(with: prefix) else { return nil }
        let rest = suffix.dropFirst(prefix.count)
        let name: ArraySlice<UInt8>
        let remainder: ArraySlice<UInt8>
        if rest.first == UInt8(ascii: "@") {
            guard let close = rest.dropFirst().firstIndex(of: UInt8(ascii: "@")) else { return nil }
            name = rest[(rest.startIndex + 1)..<close]
            remainder = rest[(close + 1)...]
        } else {
            guard let dot = rest.firstIndex(of: UInt8(ascii: ".")) else { return nil }
            name = rest[..<dot]
            remainder = rest[dot...]
        }
        let pluralStep = Array(".plural.".utf8)
        guard !name.isEmpty, remainder.starts(with: pluralStep) else { return nil }
        let category = String(decoding: remainder.dropFirst(pluralStep.count), as: UTF8.self)
        guard StringsDictKeys.pluralCategories.contains(category) else { return nil }
        return (String(decoding: name, as: UTF8.self), category)
    }

    /// `plural.one`, `device.ipad`, `device.iphone.plural.one` → their components; nil for anything else.
    private static func variationPath(_ suffix: ArraySlice<UInt8>) -> [String]? {
        let parts = suffix.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false)
            .map { String(decoding: $0, as: UTF8.self) }
        guard !parts.isEmpty, parts.count % 2 == 0 else { return nil }
        var path: [String] = []
        var index = 0
        while index < parts.count {
            let (axis, value) = (parts[index], parts[index + 1])
            switch axis {
            case "plural" where StringsDictKeys.pluralCategories.contains(value): break
            case "device" where devices.contains(value): break
            default: return nil
            }
            path.append("\(axis).\(value)")
            index += 2
        }
        return path
    }

    /// The range of the last occurrence of `pattern` in `bytes`.
    static func lastRange(of pattern: [UInt8], in bytes: ArraySlice<UInt8>) -> Range<Int>? {
        guard bytes.count >= pattern.count else { return nil }
        var start = bytes.endIndex - pattern.count
        while start >= bytes.startIndex {
            if bytes[start..<start + pattern.count].elementsEqual(pattern) {
                return start..<start + pattern.count
            }
            start -= 1
        }
        return nil
    }
}
