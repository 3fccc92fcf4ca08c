import ArgumentParsing
import Cache
import Measure
import MeasureStore
import TextCoding

/// `measure db verify FILE`: the integrity check, then a sample re-measured and compared.
struct DatabaseVerifyCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "verify",
        abstract: "Check a size database: SQLite's integrity check, then re-measure a sample and compare.",
        discussion: """
            Runs PRAGMA integrity_check, then checks every stored size and catalog entry for values no \
            measurement has (a width or height that is negative, infinite, NaN, above 10^15 pt or not a \
            number; a line count that is negative, above 2,147,483,647 or not an integer; a damaged key or text) and \
            reports how many rows are corrupt, with the first few; readers never use such rows (measure batch --db \
            measures their texts again and replaces each row whose key — settings and text digest — is whole; a row \
            whose key is damaged is never looked up again, and measure db merge into a new file leaves it \
            behind). Then re-measures a random sample of the valid stored \
            sizes with the recorded fonts (loaded from their recorded paths, after checking that each file still \
            has the recorded SHA-256) and settings, and compares them bit for bit. Sizes stored by another engine \
            version are skipped and counted. Exit status 1 on any integrity problem, any corrupt row, any \
            difference, or a sample that cannot be re-measured (a font file missing or changed). Opens the database \
            read-only.
            """,
        options: [
            .single(
                "sample", valueName: "n", help: "How many stored sizes to re-measure; 0 for all.",
                defaultValue: "1000")
        ],
        positionals: [.required("file", help: "The size database.")])

    /// Differences printed at most.
    static let shownDifferences = 20

    var path: String
    var sample: Int

    init(_ values: ParsedValues) throws(UsageError) {
        path = values.positional("file") ?? ""
        sample = try values.int("sample") ?? 1000
        guard sample >= 0 else { throw UsageError("--sample must be 0 (all) or more, got \(sample)") }
    }

    func run(output: any OutputSink) throws {
        let store = try SizeStore(path: path, access: .readOnly)
        defer { store.close() }
        var failed = false
        let problems = try store.integrityProblems()
        if problems.isEmpty {
            output.writeOutput("integrity: ok\n")
        } else {
            failed = true
            output.writeOutput(
                "integrity: \(problems.count) problem\(problems.count == 1 ? "" : "s")\n"
                    + problems.prefix(Self.shownDifferences).map { "  \($0)\n" }.joined())
        }
        var corrupt = try store.corruptResults()
        let corruptResults = corrupt.count
        corrupt.add(try store.corruptCatalogEntries())
        if corrupt.isEmpty {
            output.writeOutput("rows: ok\n")
        } else {
            failed = true
            output.writeOutput(Self.describe(corrupt, results: corruptResults))
        }
        let total = try store.statistics().results
        let rows = try store.sample(count: sample == 0 ? max(total, 1) : sample)
        let settings = Dictionary(uniqueKeysWithValues: try store.allSettings().map { ($0.id, $0) })
        var measurers: [SettingsID: Result<TextMeasurer, StoredSettingsError>] = [:]
        var equal = 0, different = 0, skipped = 0, unmeasurable = 0
        var report = ""
        for row in rows {
            guard let stored = settings[row.settings] else { unmeasurable += 1; continue }
            if measurers[row.settings] == nil {
                measurers[row.settings] = Result { () throws(StoredSettingsError) in
                    try stored.makeMeasurer().measurer
                }
                if case .failure(let error) = measurers[row.settings]! {
                    if case .otherEngine = error {} else { report += "cannot re-measure: \(error)\n" }
                }
            }
            switch measurers[row.settings]! {
            case .failure(.otherEngine):
                skipped += 1
            case .failure:
                unmeasurable += 1
            case .success(let measurer):
                let again = measurer.measure(row.text)
                if again.width.bitPattern == row.size.width.bitPattern
                    && again.height.bitPattern == row.size.height.bitPattern && again.lineCount == row.size.lineCount
                {
                    equal += 1
                } else {
                    different += 1
                    if different <= Self.shownDifferences {
                        // A stored text may be megabytes long: its first 80 scalars say which it is.
                        let text = JSONText.string(ScalarExcerpt.cut(row.text, limit: 80))
                        report +=
                            "different: \(text) under #\(row.settings.rawValue): stored "
                            + "\(row.size.width) × \(row.size.height), \(row.size.lineCount) lines; now "
                            + "\(again.width) × \(again.height), \(again.lineCount) lines\n"
                    }
                }
            }
        }
        output.writeOutput(
            report + "sample: \(rows.count) of \(total) stored sizes: \(equal) equal, \(different) "
                + "different, \(unmeasurable) could not be re-measured, \(skipped) skipped (engine other than "
                + "\(TextSizeVersion.engine))\n")
        if failed || different > 0 || unmeasurable > 0 { throw ExitCode.failure }
    }

    /// "rows: 3 corrupt (2 stored sizes, 1 catalog entry), not used by any reader:" and the first few, indented.
    static func describe(_ corrupt: CorruptRows, results: Int) -> String {
        func plural(_ count: Int, _ noun: String, _ nouns: String) -> String { "\(count) \(count == 1 ? noun : nouns)" }
        return "rows: \(corrupt.count) corrupt (\(plural(results, "stored size", "stored sizes")), "
            + "\(plural(corrupt.count - results, "catalog entry", "catalog entries"))), not used by any reader:\n"
            + corrupt.examples.map { "  \($0)\n" }.joined()
            + (corrupt.count > corrupt.examples.count ? "  …\n" : "")
    }
}
