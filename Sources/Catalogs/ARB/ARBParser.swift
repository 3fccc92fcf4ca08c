/// Reads Flutter Application Resource Bundles (`.arb`): one JSON object a file, one locale a file, values in ICU
/// MessageFormat.
///
/// ```json
/// {
///   "@@locale": "en",
///   "itemCount": "{count, plural, =0{No items} =1{1 item} other{{count} items}}",
///   "@itemCount": {"description": "…", "placeholders": {"count": {"type": "int"}}}
/// }
/// ```
///
/// - Members whose name starts with `@` are metadata, not entries: `@@locale` (and other `@@…` globals, which are
///   passed over) and `@key` descriptions (`ARBMetadata`).
/// - The locale is `@@locale` when the file has one (`pt_BR` → `pt-BR`), else the one the file's name gives
///   (`ARBFileLocale`, which discovery passes in), else empty (the run's default).
/// - Every other member is a message (`MessageFormatReader`), its apostrophes read as the project's `l10n.yaml`
///   says (`FlutterL10nOptions`: by default text, as `gen-l10n` reads them; quotes with `use-escaping: true`);
///   every combination of its plural, selectordinal and select cases becomes an entry with the variant
///   `count.one`, `count.=0`, `gender.female/count.other` (`MessageFormatExpander`, bounded before it expands). A
///   message without cases is one entry, variant empty.
/// - Placeholders are filled from the key's metadata — the template's (`ARBTemplate`), else the file's own — by
///   `ARBPlaceholderResolver`: examples and dates are written into the text, strings and numbers become `%@`, `%d`,
///   `%f` for the measuring side, and literal `%` is written `%%`. So an ARB entry's `text` is in the same printf
///   form as every other catalog's, and the project's samples, placeholder counts and pseudo-locales treat ARB
///   placeholders like any other (resolving all of it here instead would lose that; teaching the placeholder
///   expander ICU would need each key's metadata on the measuring side, where entries carry none).
///
/// A value that is not a string, a message that is not MessageFormat (the reason says what and at which offset of
/// the message; the position is the value's) and a message past the expansion limits are skipped, and the rest of
/// the file is read. A name given twice: the later value is read and the earlier skipped. Only a file that is not
/// JSON, whose top level is not an object, or whose `@@locale` is not a string, throws. An empty file (white
/// space only) is an empty bundle, as Flutter reads it.
enum ARBParser {
    /// Parses one `.arb` file.
    ///
    /// - Parameters:
    ///   - bytes: The file (UTF-8 JSON).
    ///   - file: The path, copied into every entry and error.
    ///   - locale: The locale from the file's name, used when the file has no `@@locale`.
    ///   - template: The template's metadata (nil when this file is the template or there is none).
    /// - Throws: `CatalogError` when the bytes are not JSON or not an ARB object.
    ///   - apostrophes: How apostrophes are read: the project's `use-escaping` (`FlutterL10nOptions`).
    ///   - relaxSyntax: The project's `relax-syntax`: a brace is syntax only around a declared placeholder.
    static func parse(
        _ bytes: [UInt8], file: String, locale: String, template: ARBMetadata?,
        apostrophes: MessageFormatReader.ApostropheMode = .literal, relaxSyntax: Bool = false
    ) throws(CatalogError) -> CatalogDocument {
        guard bytes.contains(where: { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }) else {
            return CatalogDocument(format: .arb)
        }
        // A lone surrogate escape skips its message, not the file (Dart's jsonDecode, which gen-l10n reads ARB files
        // with, accepts one).
        var loneSurrogates: [SourcePosition: CatalogError] = [:]
        let root = try JSONReader.parse(bytes, file: file, loneSurrogates: &loneSurrogates)
        guard case .object(let bundle) = root.value else {
            throw CatalogError(
                file: file, position: root.position,
                message: "expected an ARB object, found \(root.value.kindDescription)")
        }
        // A lone surrogate skips its message where it is in a message's name or text; anywhere else (`@@locale`, a
        // message's metadata: a placeholder's example or format) the file is refused, as before.
        var messagePositions = Set<SourcePosition>()
        for member in bundle.members + bundle.overridden where !member.key.hasPrefix("@") {
            messagePositions.insert(member.keyPosition)
            messagePositions.insert(member.value.position)
        }
        try JSONReader.refuseLoneSurrogates(loneSurrogates, outside: messagePositions, file: file)
        var locale = locale
        if let node = bundle["@@locale"] {
            guard case .string(let written) = node.value else {
                throw CatalogError(
                    file: file, position: node.position,
                    message: "expected @@locale to be a string, found \(node.value.kindDescription)")
            }
            if !written.isEmpty { locale = Self.tag(written) }
        }
        let own = ARBMetadata(bundle)
        var document = CatalogDocument(format: .arb)
        for member in bundle.members where !member.key.hasPrefix("@") {
            let marked = loneSurrogates[member.keyPosition] != nil ? member.keyPosition : member.value.position
            if let problem = loneSurrogates[marked] {
                document.skipped.append(
                    SkippedEntry(
                        file: file, locale: locale, key: member.key, position: marked,
                        reason: .malformed(problem.placedMessage)))
                continue
            }
            collect(
                member, file: file, locale: locale, template: template, own: own, apostrophes: apostrophes,
                relaxSyntax: relaxSyntax, into: &document)
        }
        for earlier in bundle.overridden where !earlier.key.hasPrefix("@") {
            document.skipped.append(
                SkippedEntry(
                    file: file, locale: locale, key: earlier.key,
                    position: earlier.keyPosition,
                    reason: .malformed("duplicate key, overridden by a later one")))
        }
        return document
    }

    /// Turns one message member into its entries, or a skipped entry.
    private static func collect(
        _ member: JSONMember, file: String, locale: String, template: ARBMetadata?,
        own: ARBMetadata, apostrophes: MessageFormatReader.ApostropheMode, relaxSyntax: Bool,
        into document: inout CatalogDocument
    ) {
        let key = member.key, position = member.value.position
        guard case .string(let value) = member.value.value else {
            document.skipped.append(
                SkippedEntry(
                    file: file, locale: locale, key: key, position: position,
                    reason: .malformed("the value is \(member.value.value.kindDescription), expected a string")))
            return
        }
        let placeholders = ARBMetadata.placeholders(of: key, template: template, own: own)
        let message: MessageFormat
        do throws(CatalogError) {
            // flutter_tools hands the relaxed lexer the template's placeholder names for the message, never a
            // translation's own (`template` is nil when this file is the template, or when there is none).
            let declared = template.map { $0.placeholders[key] ?? [:] } ?? own.placeholders[key] ?? [:]
            message = try MessageFormatReader.read(
                value, file: file, at: position, apostrophes: apostrophes,
                relaxedNames: relaxSyntax ? Set(declared.keys) : nil)
        } catch {
            document.skipped.append(
                SkippedEntry(
                    file: file, locale: locale, key: key, position: position,
                    reason: .malformed(error.message)))
            return
        }
        let resolver = ARBPlaceholderResolver(placeholders: placeholders)
        do throws(ExpansionBound.Problem) {
            for expansion in try MessageFormatExpander(locale: locale).expand(message, resolver: resolver) {
                document.entries.append(
                    CatalogEntry(
                        file: file, locale: locale, key: key,
                        variant: expansion.components.joined(separator: "/"),
                        text: expansion.text, position: position))
            }
        } catch {
            document.skipped.append(
                SkippedEntry(
                    file: file, locale: locale, key: key, position: position,
                    reason: .malformed(Self.describe(error))))
        }
    }

    /// A locale as ARB files write it (`pt_BR`, `zh_Hant_TW`) as a tag (`pt-BR`, `zh-Hant-TW`).
    static func tag(_ written: String) -> String {
        var result = ""
        for scalar in written.unicodeScalars { result.unicodeScalars.append(scalar == "_" ? "-" : scalar) }
        return result
    }

    /// The reason for a message the expansion bound refuses.
    static func describe(_ problem: ExpansionBound.Problem) -> String {
        switch problem {
        case .cycle(let names): "the message's cases refer to each other (\(ExpansionBound.describeCycle(names)))"
        case .tooDeep: "the message chooses among more than \(ExpansionBound.maximumDepth) plurals and selects"
        case .tooManyCombinations:
            "the plurals and selects give more than \(ExpansionBound.maximumCombinations) combinations"
        case .tooLarge(let limit): "the plurals and selects expand to more than \(limit >> 20) MB of text"
        }
    }
}
