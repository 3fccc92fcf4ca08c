@testable import Catalogs

/// Builders for the hand-made reports the report tests render (pure functions: no shared state between tests).
enum ReportFixtures {
    /// A measured entry with the fields the reports print; everything not given takes a plain default.
    static func measured(
        file: String = "de.lproj/Localizable.strings", locale: String = "de", key: String,
        variant: String = "", text: String, catalogText: String? = nil, line: Int = 1,
        column: Int = 1, width: Double, height: Double = 20.5, lines: Int, maxWidth: Double = 300,
        maxLines: Int? = 1, pointSize: Double = 17, textStyle: String? = nil,
        contentSize: String? = nil, state: String? = nil, sourceWidth: Double? = nil,
        cached: Bool = false
    ) -> MeasuredEntry {
        MeasuredEntry(
            entry: CatalogEntry(
                file: file, locale: locale, key: key, variant: variant, text: catalogText ?? text,
                position: SourcePosition(line: line, column: column), state: state),
            measuredText: text,
            constraint: EntryConstraint(
                width: maxWidth, maxLines: maxLines, pointSize: pointSize,
                textStyle: textStyle, contentSize: contentSize),
            width: width, height: height, lines: lines, sourceWidth: sourceWidth, fromDatabase: cached)
    }

    static func skipped(
        file: String = "de.lproj/Localizable.strings", locale: String = "de", key: String,
        variant: String = "", line: Int = 1, reason: SkippedEntry.Reason
    ) -> SkippedEntry {
        SkippedEntry(
            file: file, locale: locale, key: key, variant: variant,
            position: SourcePosition(line: line, column: 1), reason: reason)
    }

    static func failed(
        file: String = "de.lproj/Localizable.strings", locale: String = "de", key: String,
        text: String = "x", line: Int = 1, message: String
    ) -> FailedEntry {
        FailedEntry(
            entry: CatalogEntry(
                file: file, locale: locale, key: key, text: text,
                position: SourcePosition(line: line, column: 1)),
            message: message)
    }

    static func file(
        _ path: String, format: CatalogFormat = .strings, locales: [String], entries: Int,
        skipped: Int = 0
    ) -> CatalogReport.File {
        CatalogReport.File(path: path, format: format, locales: locales, entryCount: entries, skippedCount: skipped)
    }

    /// A small report used by several format tests: two locales, one overflow each (de worse), a fitting entry, a
    /// skipped and a failed entry, and a file error.
    static func mixedReport() -> CatalogReport {
        CatalogReport(
            files: [
                file("de.lproj/Localizable.strings", locales: ["de"], entries: 3, skipped: 1),
                file("fr.lproj/Localizable.strings", locales: ["fr"], entries: 1),
            ],
            entries: [
                measured(key: "ok", text: "Gut", line: 1, width: 30, lines: 1),
                measured(
                    key: "title", text: "Einstellungen für alle", line: 2, column: 9, width: 280, height: 41,
                    lines: 2, sourceWidth: 200),
                measured(
                    file: "fr.lproj/Localizable.strings", locale: "fr", key: "title", text: "Réglages",
                    line: 2, column: 9, width: 290, height: 41, lines: 2, sourceWidth: 200),
            ],
            skipped: [skipped(key: "brand", line: 4, reason: .notTranslatable)],
            failed: [failed(key: "emoji", line: 5, message: "no font for U+1F600")],
            fileErrors: [
                CatalogError(
                    file: "es.lproj/Localizable.strings",
                    position: SourcePosition(line: 3, column: 7),
                    message: "expected ';' after the value, found '\"'")
            ])
    }
}
