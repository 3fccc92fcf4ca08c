import TextCoding

/// A baseline file (`measure catalog --write-baseline FILE`, `--baseline FILE`): the overflows a project has accepted
/// for now, so CI fails only on new ones — as Android Lint's and SwiftLint's baselines do.
///
/// The format (JSON, UTF-8, one overflow per line, sorted by `BaselineEntry.<` so diffs stay small):
/// ```json
/// {
///   "version": 1,
///   "tool": "TextSize measure catalog",
///   "overflows": [
///     {"file": "App/de.lproj/Localizable.strings", "table": null, "locale": "de", "key": "button.refund", "variant": "", "contentSize": "L", "textDigest": "fnv1a64:5b2e1d0c3f4a6b7e"}
///   ]
/// }
/// ```
/// `file` is relative to the repository root (`--repo-root`, else the working directory), never with a line number,
/// so moving lines changes nothing; `textDigest` is the catalog text's hash (see `BaselineEntry`), so a changed
/// translation is new again. Reading checks every field and reports a problem with the file's path, line and column.
public struct CatalogBaseline: Sendable, Hashable {
    /// The format version this code writes and reads.
    public static let version = 1

    /// What the file's `"tool"` says: the writer, so that another tool's JSON is not read as this one's.
    static let tool = "TextSize measure catalog"
    /// The names a baseline object has.
    static let topLevelNames = ["version", "tool", "overflows"]
    /// The names an overflow record has.
    static let recordNames = ["file", "table", "locale", "key", "variant", "contentSize", "textDigest"]

    /// The accepted overflows, sorted, each once.
    public var entries: [BaselineEntry]

    /// A baseline of `entries`, sorted, duplicates removed.
    public init(entries: [BaselineEntry]) {
        self.entries = Array(Set(entries)).sorted()
    }

    /// The baseline of every overflow in `report`.
    public init(overflowsIn report: CatalogReport, root: String, workingDirectory: String) {
        self.init(
            entries: report.entries.filter(\.overflows).map {
                BaselineEntry($0, root: root, workingDirectory: workingDirectory)
            })
    }

    /// The file's text, ending in a newline.
    public func rendered() -> String {
        var out = "{\n  \"version\": \(Self.version),\n  \"tool\": \"\(Self.tool)\",\n  \"overflows\": "
        CatalogJSONReport.appendArray(entries, to: &out) { entry, out in
            out += "{\"file\": "
            JSONString.append(entry.file, to: &out)
            out += ", \"table\": "
            CatalogJSONReport.appendOptional(entry.table, to: &out)
            for (name, value) in [
                ("locale", entry.locale), ("key", entry.key), ("variant", entry.variant),
                ("contentSize", entry.contentSize), ("textDigest", entry.textDigest),
            ] {
                out += ", \"\(name)\": "
                JSONString.append(value, to: &out)
            }
            out += "}"
        }
        return out + "\n}\n"
    }

    /// Reads the baseline file at `path`.
    /// - Throws: `CatalogError` with the file's path, and the line and column of the offending value.
    public static func load(path: String) throws(CatalogError) -> CatalogBaseline {
        try parse(try CatalogFileReader.read(path, what: "baseline file"), file: path)
    }

    /// Parses baseline JSON.
    public static func parse(_ bytes: [UInt8], file: String) throws(CatalogError) -> CatalogBaseline {
        let root = try JSONReader.parse(bytes, file: file)
        func fail(_ node: JSONNode, _ message: String) -> CatalogError {
            CatalogError(file: file, position: node.position, message: "baseline: " + message)
        }
        guard case .object(let object) = root.value else { throw fail(root, "the file must be a JSON object") }
        // A name twice in one record is a merge gone wrong or a hand edit: which value was meant is not for the
        // reader to guess (the last won, and a record's file or digest could silently change).
        if let (first, again) = root.firstRepeatedName {
            throw CatalogError(
                file: file, position: again.keyPosition,
                message:
                    "baseline: \(CatalogExcerpt.quoted(again.key)) is given more than once in one object (first at line "
                    + "\(first.keyPosition.line), column \(first.keyPosition.column))")
        }
        for member in object.members where !Self.topLevelNames.contains(member.key) {
            throw CatalogError(
                file: file, position: member.keyPosition,
                message: "baseline: unknown field \(CatalogExcerpt.quoted(member.key)) (a baseline has "
                    + Self.topLevelNames.joined(separator: ", ") + ")")
        }
        if let toolNode = object["tool"] {
            guard case .string(let tool) = toolNode.value, tool == Self.tool else {
                throw fail(
                    toolNode,
                    "\"tool\" must be \"\(Self.tool)\" (this file was not written by measure catalog "
                        + "--write-baseline), not "
                        + (toolNode.value.stringValue.map { CatalogExcerpt.quoted($0) }
                            ?? toolNode.value.kindDescription))
            }
        }
        guard let versionNode = object["version"] else {
            throw fail(root, "no \"version\" (this is not a baseline written by measure catalog --write-baseline)")
        }
        guard versionNode.value.integerValue == version else {
            throw fail(
                versionNode,
                "\"version\" must be \(version) (the version this measure reads), not "
                    + versionNode.value.kindDescription)
        }
        guard let list = object["overflows"], case .array(let items) = list.value else {
            throw fail(root, "\"overflows\" must be an array")
        }
        var entries: [BaselineEntry] = []
        entries.reserveCapacity(items.count)
        for item in items {
            guard case .object(let record) = item.value else { throw fail(item, "an overflow must be an object") }
            for member in record.members where !Self.recordNames.contains(member.key) {
                throw CatalogError(
                    file: file, position: member.keyPosition,
                    message: "baseline: unknown field \(CatalogExcerpt.quoted(member.key)) in an overflow (it has "
                        + Self.recordNames.joined(separator: ", ") + ")")
            }
            func field(_ name: String) throws(CatalogError) -> String {
                guard let node = record[name] else { throw fail(item, "an overflow needs \"\(name)\"") }
                guard case .string(let text) = node.value else {
                    throw fail(node, "\"\(name)\" must be a string, not \(node.value.kindDescription)")
                }
                return text
            }
            var table: String? = nil
            if let node = record["table"] {
                switch node.value {
                case .null: break
                case .string(let text): table = text
                default: throw fail(node, "\"table\" must be a string or null")
                }
            }
            let file = try field("file"), locale = try field("locale"), key = try field("key")
            let variant = try field("variant"), contentSize = try field("contentSize")
            let digest = try field("textDigest")
            guard digest.hasPrefix("fnv1a64:"), digest.utf8.count == 24,
                digest.utf8.dropFirst(8).allSatisfy({ (0x30...0x39).contains($0) || (0x61...0x66).contains($0) })
            else {
                throw fail(record["textDigest"]!, "\"textDigest\" must be fnv1a64: and 16 lowercase hex digits")
            }
            entries.append(
                BaselineEntry(
                    file: file, table: table, locale: locale, key: key, variant: variant,
                    contentSize: contentSize, textDigest: digest))
        }
        return CatalogBaseline(entries: entries)
    }
}
