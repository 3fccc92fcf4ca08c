import Foundation
import TextCoding

/// `measure catalog --format sarif`: the report as a SARIF 2.1.0 log, for GitHub code scanning and other static
/// analysis viewers, which then annotate the catalog line of each overflowing string.
///
/// One run; `tool.driver` names TextSize and its four rules (`textsize/overflow`, `textsize/catalog-error`,
/// `textsize/entry-failed`, `textsize/entry-malformed`). One result per overflowing entry (level `warning`), one per
/// file error, one per entry that could not be measured (a character no font of its cascade has, fonts that would not
/// load) and one per entry skipped as malformed (level `error`: each of these makes the run exit 2); entries skipped
/// for other reasons (not translatable, no value) are not results (they are in the JSON report). Message texts are
/// plain text with the braces of catalog text doubled and a link's `](` escaped (`plainMessage`), so a translation's
/// `{0}` or `[details](1)` is not read as a placeholder or an embedded link. Field names follow the OASIS SARIF 2.1.0 schema, and the
/// shape follows GitHub's "SARIF support for code scanning" page:
/// - `artifactLocation.uri` is the catalog's path relative to `baseDirectory` (the repository root), with `uriBaseId`
///   `%SRCROOT%` (`run.originalUriBaseIds` says where that was); code scanning matches alerts by this path, so it
///   must be relative;
/// - every result has a physical location, with a `region` whose `startLine` code scanning requires: a file error
///   without a position (an unreadable or unparsable file) is put at line 1 (code scanning rejects a whole upload
///   containing a result without a location);
/// - `region.startLine`/`startColumn` are 1-based, and `run.columnKind` is `unicodeCodePoints` because catalog
///   columns count Unicode scalars;
/// - `partialFingerprints.primaryLocationLineHash` is a hash of what identifies the result (file, locale, key,
///   variant, content size — not the line), so an alert follows its string when lines move or its text changes, and
///   one value measured at several content sizes (same line) stays one alert per size; a second result of one
///   identity (a key written three times is two malformed results) is numbered into its own. (GitHub's `upload-sarif`
///   computes this key from the line's text only when it is missing; when present it keeps ours and logs a warning
///   that its own differs.)
/// - each rule has `help` (text and Markdown: what the result means and how to fix it), and an overflow's `level` is
///   its config rules' `"level"` (`error`, `warning`, `note`), `warning` by default;
/// - with `--baseline`, every overflow has `baselineState` `new` or `unchanged` (SARIF §3.27.24), so viewers can
///   show only the new ones;
/// - `run.properties` states the platform and the fonts each locale was measured with (family, file, SHA-256); each
///   warning of the run (a stand-in font, a config rule that matches no entry, a file measured in the default locale,
///   files outside the repository root) is a `toolExecutionNotifications` entry, and a run that found no catalog has
///   `executionSuccessful` false with an error notification saying so (an empty successful run would close every
///   open alert of its category);
/// - an entry's properties name its `table` where its file holds several (an XLIFF `<file original>`), as its
///   fingerprint counts it;
/// - code scanning accepts at most 25,000 results per run: beyond `resultLimit`, file errors are kept and then the
///   worst overflows (`CatalogReport.worstFirst`); `invocations[0].toolExecutionNotifications` says how many were
///   left out.
public enum CatalogSARIFReport {
    /// The rule of an overflow result.
    public static let overflowRuleID = "textsize/overflow"
    /// The rule of a file that could not be used (a file error).
    public static let catalogErrorRuleID = "textsize/catalog-error"
    /// The rule of an entry that could not be measured.
    public static let failedEntryRuleID = "textsize/entry-failed"
    /// The rule of an entry skipped as malformed (the rest of its file was read).
    public static let malformedEntryRuleID = "textsize/entry-malformed"
    /// The `partialFingerprints` key the identity hash is written under.
    public static let fingerprintKey = "primaryLocationLineHash"
    /// GitHub code scanning's hard limit of results per run.
    public static let defaultResultLimit = 25_000

    /// The SARIF log as JSON text, ending in a newline.
    /// - Parameters:
    ///   - report: the run's report: its overflows, failed entries and file errors become results.
    ///   - toolVersion: `tool.driver.version` (TextSize's version).
    ///   - informationURI: `tool.driver.informationUri`, the project's home page; left out when nil (it is optional
    ///     in SARIF 2.1.0, and this project has no public home page yet).
    ///   - baseDirectory: the directory result paths are made relative to (the repository root); relative paths are
    ///     taken against `workingDirectory`.
    ///   - workingDirectory: what relative paths (the report's and `baseDirectory`) are relative to.
    ///   - resultLimit: at most this many results.
    ///   - warnings: the run's warnings, each a `toolExecutionNotifications` entry (a rule that matches no entry, a
    ///     file measured in the default locale, files outside the repository root); nil: the report's own
    ///     (`CatalogReport.warnings`).
    public static func render(
        _ report: CatalogReport, toolVersion: String, informationURI: String? = nil,
        baseDirectory: String,
        workingDirectory: String = FileManager.default.currentDirectoryPath,
        resultLimit: Int = defaultResultLimit, warnings: [String]? = nil
    ) -> String {
        func uri(_ path: String) -> String {
            ArtifactURI.relativeReference(path, base: baseDirectory, workingDirectory: workingDirectory)
        }
        let limit = max(0, resultLimit)
        let errors = Array(report.fileErrors.prefix(limit))
        let failed = Array(report.failed.prefix(limit - errors.count))
        let allMalformed = report.skipped.filter { if case .malformed = $0.reason { true } else { false } }
        let malformed = Array(allMalformed.prefix(limit - errors.count - failed.count))
        let worst = report.worstFirst
        let overflows = Array(worst.prefix(limit - errors.count - failed.count - malformed.count))
        let leftOut =
            (report.fileErrors.count - errors.count) + (report.failed.count - failed.count)
            + (allMalformed.count - malformed.count) + (worst.count - overflows.count)

        var out = "{\n"
        out += "  \"$schema\": \"https://json.schemastore.org/sarif-2.1.0.json\",\n"
        out += "  \"version\": \"2.1.0\",\n"
        out += "  \"runs\": [\n    {\n"
        out += "      \"tool\": {\n        \"driver\": {\n"
        out += "          \"name\": \"TextSize measure\",\n"
        if let informationURI {
            out += "          \"informationUri\": \(JSONString.quoted(informationURI)),\n"
        }
        out += "          \"version\": \(JSONString.quoted(toolVersion)),\n"
        out += "          \"rules\": [\n"
        out +=
            "            "
            + rule(
                id: overflowRuleID, name: "StringOverflowsLabel", level: "warning",
                short: "Localized string needs more lines than its label allows",
                full: "The string, with its placeholders filled with sample values, was measured "
                    + "at its label's width and font size (a Dynamic Type size where one is "
                    + "given) and wraps to more lines than the label may show, so it would be "
                    + "cut off on the device. Shorten the translation, allow more lines, or "
                    + "widen the label.",
                help: "The translation needs more lines than its label allows at this width "
                    + "and size. Fix it by shortening the translation, raising the label's "
                    + "line limit (`maxLines` in the catalog config's rule for the key), or "
                    + "widening the label (`width`). If the overflow is accepted for now, "
                    + "record it with `measure catalog --write-baseline FILE` and check with "
                    + "`--baseline FILE`: only new overflows fail. Placeholders were filled "
                    + "with samples; set realistic ones per key with the config's `samples`.")
            + ",\n"
        out +=
            "            "
            + rule(
                id: catalogErrorRuleID, name: "CatalogFileError", level: "error",
                short: "String catalog file could not be read",
                full: "The file could not be read or parsed at the reported place, so none of "
                    + "its strings were measured.",
                help: "Fix the syntax error at the reported line and column (the message says "
                    + "what was expected); until then none of the file's strings are "
                    + "checked.") + ",\n"
        out +=
            "            "
            + rule(
                id: failedEntryRuleID, name: "StringNotMeasured", level: "error",
                short: "Localized string could not be measured",
                full: "No font of the string's cascade has some of its characters (they would "
                    + "be measured as empty boxes), or its fonts could not be loaded, so whether "
                    + "it fits is unknown. Add a font for its script to the config, or install "
                    + "one.",
                help: "Add a font that has the characters named in the message to the locale's "
                    + "cascade (`fonts` in the catalog config), or install the Noto font of "
                    + "its script.") + ",\n"
        out +=
            "            "
            + rule(
                id: malformedEntryRuleID, name: "MalformedEntry", level: "error",
                short: "Localized string entry is malformed",
                full: "The entry could not be read (the message says why: a duplicate key, an "
                    + "unpaired surrogate, a plural rule without a format…), so it was not "
                    + "measured; the rest of its file was.",
                help: "Fix the entry at the reported line and column as the message says; until "
                    + "then it is not checked.") + "\n"
        out += "          ]\n        }\n      },\n"
        // A run that found no catalog did not do its job: said so, not an empty success (which would close every
        // open alert of its category in code scanning).
        let foundNothing = report.foundNoCatalog
        out += "      \"invocations\": [{\"executionSuccessful\": \(!foundNothing), \"toolExecutionNotifications\": ["
        if foundNothing {
            out += "{\"level\": \"error\", \"message\": {\"text\": \"no catalog file was found in the paths given\"}}"
        }
        var notifications = warnings ?? report.warnings
        if leftOut > 0 {
            let total = report.fileErrors.count + report.failed.count + allMalformed.count + worst.count
            notifications.append(
                "\(leftOut) of \(total) results were left out: at most \(limit) are written "
                    + "(the file errors, then the failed entries, then the malformed entries, then the worst "
                    + "overflows).")
        }
        out +=
            (foundNothing && !notifications.isEmpty ? ", " : "")
            + notifications.map {
                "{\"level\": \"warning\", \"message\": {\"text\": \(JSONString.quoted(ReportText.oneLine($0)))}}"
            }.joined(separator: ", ")
        out += "]}],\n"
        out += "      \"properties\": {\"platform\": " + (report.platform.map(JSONString.quoted) ?? "null")
        out += ", \"fonts\": [" + report.fontSets.map(fontSet).joined(separator: ", ") + "]},\n"
        out += "      \"originalUriBaseIds\": {\"%SRCROOT%\": {\"uri\": "
        out += JSONString.quoted(ArtifactURI.directoryURI(baseDirectory, workingDirectory: workingDirectory)) + "}},\n"
        out += "      \"columnKind\": \"unicodeCodePoints\",\n"
        out += "      \"results\": ["
        var first = true
        func separator() -> String {
            defer { first = false }
            return first ? "\n        " : ",\n        "
        }
        // Fingerprints given so far, and how often: a second result of one identity (a key written three times is
        // two malformed results) gets one of its own, numbered, so code scanning keeps them apart.
        var fingerprints: [String: Int] = [:]
        for error in errors {
            out += separator()
            appendResult(error, uri: uri(error.file), fingerprints: &fingerprints, to: &out)
        }
        for entry in failed {
            out += separator()
            appendResult(entry, uri: uri(entry.entry.file), fingerprints: &fingerprints, to: &out)
        }
        for entry in malformed {
            out += separator()
            appendResult(entry, uri: uri(entry.file), fingerprints: &fingerprints, to: &out)
        }
        let new = report.baseline.map { Set($0.new) }
        for measured in overflows {
            out += separator()
            appendResult(
                measured, uri: uri(measured.entry.file),
                baselineState: new.map { $0.contains(measured) ? "new" : "unchanged" }, to: &out)
        }
        out += first ? "]\n" : "\n      ]\n"
        out += "    }\n  ]\n}\n"
        return out
    }

    /// The message of an overflow result, e.g. `de: "settings.title" [plural.one] @AX3 needs 3 lines, 2 allowed
    /// (width 298.4 pt of 300 pt, ×1.35 the source language's width). Text: "Einstellungen…"`.
    public static func message(_ measured: MeasuredEntry) -> String {
        let entry = measured.entry
        let allowed = measured.constraint.allowedLines(for: measured.measuredText)
        // The key closed where it ends, not at the message's end: an override in it reverses nothing after it.
        var text =
            ReportText.bidiClosed(ReportText.localeLabel(entry.locale)) + ": "
            + JSONString.quoted(ReportText.bidiClosed(entry.key))
        if !entry.variant.isEmpty { text += " [\(ReportText.bidiClosed(entry.variant))]" }
        if let size = measured.constraint.contentSize { text += " @\(size)" }
        text += " needs \(measured.lines) lines, \(allowed) allowed (width \(ReportText.points(measured.width)) pt"
        text += " of \(ReportText.points(measured.constraint.width)) pt"
        if let growth = measured.growth { text += ", \(ReportText.growth(growth)) the source language's width" }
        text += "). Text: \"" + ReportText.shortened(ReportText.oneLine(measured.measuredText), to: 60) + "\""
        return ReportText.oneLine(text)
    }

    /// The identity hash of an overflow result: file (as the relative URI), locale, key, variant, content size.
    public static func fingerprint(_ measured: MeasuredEntry, uri: String) -> String {
        // The table is part of the identity only where a file has several (XLIFF), so other fingerprints are as
        // they were.
        StableHash.hex(
            [
                uri, measured.entry.locale, measured.entry.key, measured.entry.variant,
                measured.constraint.contentSize ?? "",
            ] + (measured.entry.table.map { [$0] } ?? []))
    }

    /// `help` is Markdown; its `text` form has the backticks removed.
    private static func rule(
        id: String, name: String, level: String, short: String, full: String,
        help: String
    ) -> String {
        "{\"id\": \(JSONString.quoted(id)), \"name\": \(JSONString.quoted(name)), "
            + "\"shortDescription\": {\"text\": \(JSONString.quoted(short))}, "
            + "\"fullDescription\": {\"text\": \(JSONString.quoted(full))}, "
            + "\"help\": {\"text\": \(JSONString.quoted(help.replacingOccurrences(of: "`", with: ""))), "
            + "\"markdown\": \(JSONString.quoted(help))}, "
            + "\"defaultConfiguration\": {\"level\": \(JSONString.quoted(level))}}"
    }

    /// One font set as `run.properties.fonts` lists it.
    private static func fontSet(_ set: CatalogFontSet) -> String {
        "{\"locales\": [" + set.locales.map(JSONString.quoted).joined(separator: ", ") + "], \"standIn\": "
            + (set.standIn.map(JSONString.quoted) ?? "null") + ", \"fonts\": ["
            + set.fonts.map { font in
                "{\"family\": \(JSONString.quoted(font.family)), \"file\": \(JSONString.quoted(font.file)), "
                    + "\"faceIndex\": \(font.faceIndex), \"sha256\": "
                    + (font.sha256.map(JSONString.quoted) ?? "null") + "}"
            }.joined(separator: ", ") + "]}"
    }

    private static func appendResult(
        _ measured: MeasuredEntry, uri: String, baselineState: String?,
        to out: inout String
    ) {
        let entry = measured.entry
        let constraint = measured.constraint
        let allowed = constraint.allowedLines(for: measured.measuredText)
        out += "{\"ruleId\": \(JSONString.quoted(overflowRuleID)), \"ruleIndex\": 0, "
        out += "\"level\": \(JSONString.quoted(measured.level ?? "warning")), "
        if let baselineState { out += "\"baselineState\": \(JSONString.quoted(baselineState)), " }
        out += "\"message\": {\"text\": \(JSONString.quoted(plainMessage(message(measured))))}, "
        appendLocation(uri: uri, position: entry.position, to: &out)
        out += ", \"partialFingerprints\": {\(JSONString.quoted(fingerprintKey)): "
        out += JSONString.quoted(fingerprint(measured, uri: uri)) + "}"
        out += ", \"properties\": {\"locale\": \(JSONString.quoted(entry.locale)), "
        out += "\"key\": \(JSONString.quoted(entry.key)), \"variant\": \(JSONString.quoted(entry.variant)), "
        out += "\"table\": " + (entry.table.map(JSONString.quoted) ?? "null") + ", "
        out += "\"contentSize\": " + (constraint.contentSize.map(JSONString.quoted) ?? "null")
        out += ", \"textStyle\": " + (constraint.textStyle.map(JSONString.quoted) ?? "null")
        out += ", \"pointSize\": \(ReportText.jsonNumber(constraint.pointSize))"
        out += ", \"lines\": \(measured.lines), \"allowedLines\": \(allowed)"
        out += ", \"width\": \(ReportText.jsonNumber(measured.width))"
        out += ", \"maxWidth\": \(ReportText.jsonNumber(constraint.width))"
        out += ", \"growth\": " + (measured.growth.map(ReportText.jsonNumber) ?? "null")
        out += ", \"text\": \(JSONString.quoted(measured.measuredText))}}"
    }

    private static func appendResult(
        _ error: CatalogError, uri: String, fingerprints: inout [String: Int], to out: inout String
    ) {
        out += "{\"ruleId\": \(JSONString.quoted(catalogErrorRuleID)), \"ruleIndex\": 1, \"level\": \"error\", "
        out += "\"message\": {\"text\": \(JSONString.quoted(plainMessage(ReportText.oneLine(error.message))))}, "
        appendLocation(uri: uri, position: error.position, to: &out)
        out += ", \"partialFingerprints\": {\(JSONString.quoted(fingerprintKey)): "
        out += JSONString.quoted(uniqueFingerprint([uri, catalogErrorRuleID], &fingerprints)) + "}}"
    }

    private static func appendResult(
        _ failed: FailedEntry, uri: String, fingerprints: inout [String: Int], to out: inout String
    ) {
        let entry = failed.entry
        appendEntryResult(
            ruleID: failedEntryRuleID, ruleIndex: 2, locale: entry.locale, key: entry.key, variant: entry.variant,
            table: entry.table, position: entry.position, what: "cannot be measured: " + failed.message,
            text: entry.text, uri: uri, fingerprints: &fingerprints, to: &out)
    }

    private static func appendResult(
        _ skipped: SkippedEntry, uri: String, fingerprints: inout [String: Int], to out: inout String
    ) {
        appendEntryResult(
            ruleID: malformedEntryRuleID, ruleIndex: 3, locale: skipped.locale, key: skipped.key,
            variant: skipped.variant, table: nil, position: skipped.position,
            what: "was not measured: \(skipped.reason)", text: nil, uri: uri, fingerprints: &fingerprints, to: &out)
    }

    /// The hash of `fields` as a fingerprint, the first time; the Nth result with the same fields (N ≥ 2) hashes them
    /// with `#N` added, so that no two results of a run share one — not the line, which moves. `fingerprints`
    /// counts what was given.
    private static func uniqueFingerprint(_ fields: [String], _ fingerprints: inout [String: Int]) -> String {
        let base = StableHash.hex(fields)
        let earlier = fingerprints[base, default: 0]
        fingerprints[base] = earlier + 1
        return earlier == 0 ? base : StableHash.hex(fields + ["#\(earlier + 1)"])
    }

    /// An error result about one entry that was not measured (failed, or skipped as malformed): the message is one
    /// line, `LOCALE: "KEY" [VARIANT] WHAT`, with the key shortened as the summary's; the whole key is in
    /// `properties`, with the catalog's `text` when there is one. The fingerprint is the file, rule and identity.
    private static func appendEntryResult(
        ruleID: String, ruleIndex: Int, locale: String, key: String, variant: String, table: String?,
        position: SourcePosition, what: String, text: String?, uri: String, fingerprints: inout [String: Int],
        to out: inout String
    ) {
        out += "{\"ruleId\": \(JSONString.quoted(ruleID)), \"ruleIndex\": \(ruleIndex), \"level\": \"error\", "
        let message = ReportText.oneLine(
            ReportText.entryMention(locale: locale, key: key, variant: variant) + " " + what)
        out += "\"message\": {\"text\": \(JSONString.quoted(plainMessage(message)))}, "
        appendLocation(uri: uri, position: position, to: &out)
        out += ", \"partialFingerprints\": {\(JSONString.quoted(fingerprintKey)): "
        let fields = [uri, ruleID, locale, key, variant] + (table.map { [$0] } ?? [])
        out += JSONString.quoted(uniqueFingerprint(fields, &fingerprints)) + "}"
        out += ", \"properties\": {\"locale\": \(JSONString.quoted(locale)), "
        out += "\"key\": \(JSONString.quoted(key)), \"variant\": \(JSONString.quoted(variant))"
        out += ", \"table\": " + (table.map(JSONString.quoted) ?? "null")
        if let text { out += ", \"text\": \(JSONString.quoted(text))" }
        out += "}}"
    }

    /// `text` as a SARIF plain-text message shows it (SARIF 2.1.0 §3.11.5, §3.11.6): `{` and `}` doubled, since a
    /// single one opens a placeholder for `arguments`; and a `]` followed by `(` escaped with a backslash (and a
    /// backslash before it doubled), since `[text](target)` is an embedded link. A translation's `{0}` or
    /// `[details](1)` is then text, not a placeholder with no argument or a link to no location; brackets that
    /// cannot close a link (`[plural.one]`) are left as they are, so viewers show them as written.
    static func plainMessage(_ text: String) -> String {
        guard text.contains(where: { $0 == "{" || $0 == "}" }) || text.contains("](") else { return text }
        var out = ""
        var pendingBackslashes = 0
        var characters = text.makeIterator()
        var next = characters.next()
        while let character = next {
            next = characters.next()
            switch character {
            case "\\":
                pendingBackslashes += 1
                continue
            case "]" where next == "(":
                out += String(repeating: "\\", count: pendingBackslashes * 2) + "\\]"
            case "{", "}":
                out += String(repeating: "\\", count: pendingBackslashes) + String(character) + String(character)
            default:
                out += String(repeating: "\\", count: pendingBackslashes) + String(character)
            }
            pendingBackslashes = 0
        }
        return out + String(repeating: "\\", count: pendingBackslashes)
    }

    private static func appendLocation(uri: String, position: SourcePosition?, to out: inout String) {
        out += "\"locations\": [{\"physicalLocation\": {\"artifactLocation\": {\"uri\": \(JSONString.quoted(uri)), "
        out += "\"uriBaseId\": \"%SRCROOT%\"}"
        if let position {
            out += ", \"region\": {\"startLine\": \(max(1, position.line)), "
            out += "\"startColumn\": \(max(1, position.column))}"
        } else {
            out += ", \"region\": {\"startLine\": 1}"
        }
        out += "}}]"
    }
}
