import ArgumentParsing
import Cache
import Foundation
import MeasureStore

/// `measure db merge OUT IN…`: copy size databases into one.
struct DatabaseMergeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "merge",
        abstract: "Merge size databases into one (created if missing).",
        discussion: """
            Copies every settings row (matched by digest), font, label and stored size of each input into the \
            output. Conflict rule: when both hold a size for the same settings and text, the one kept is the newest \
            measurement (measured_at); at equal times, the larger width, then height, then line count. Merging is \
            idempotent and order-independent: merging an input again changes nothing. Sizes that differ for one key \
            are reported as conflicts (with the engine version in the key they point at a bug; measure db verify \
            tells which is right). Corrupt rows of an input are skipped, never copied: stored sizes that fail \
            validation (a width or height that is negative, infinite, NaN, above 10^15 pt or not a number, a \
            line count that is negative or not an integer, a damaged key or text; see measure db verify), settings \
            rows that do not match their digest (with their sizes) and damaged catalog entries. Each input's report \
            counts them (corrupt-skipped=N), standard error lists the first few, and the exit status is 1 once \
            every input has been merged. An input that cannot be read at all (missing, not a size database, a \
            newer schema) is reported on standard error and the others are still merged; the exit status is then \
            1 too. Inputs are opened read-only; each is copied in transactions of 10,000 sizes, so an interrupted \
            merge can simply be run again.
            """,
        positionals: [
            .required("output", help: "The database to merge into."),
            .oneOrMore("input", help: "Databases to merge from."),
        ])

    var output: String
    var inputs: [String]

    init(_ values: ParsedValues) throws(UsageError) {
        output = values.positional("output") ?? ""
        inputs = values.positionals("input")
    }

    func run(output sink: any OutputSink) throws {
        // An output this run creates and merges nothing into (no input could be read) is removed again, not left
        // behind empty.
        // The path itself, not what a symbolic link there points to: a dangling link is something that existed (and
        // SQLite creates the link's target, which removing the link's name would not remove).
        let existed = (try? FileManager.default.attributesOfItem(atPath: output)) != nil
        let destination = try SizeStore(path: output)
        var removesOutput = false
        defer {
            destination.close()
            if removesOutput {
                for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: output + suffix) }
            }
        }
        var total = MergeReport()
        var unreadable = 0
        for input in inputs {
            let report: MergeReport
            do {
                let source = try SizeStore(path: input, access: .readOnly)
                defer { source.close() }
                report = try destination.merge(from: source)
            } catch {
                // One input that cannot be read loses none of the others; a failure of the output ends the run.
                guard error.path == input else { throw error }
                sink.writeError(PrintableText.message("measure db merge: \(error); \(input) was not merged") + "\n")
                unreadable += 1
                continue
            }
            sink.writeOutput("\(input): " + Self.describe(report) + "\n")
            if !report.corrupt.isEmpty {
                sink.writeError(
                    "measure db merge: skipped \(report.corrupt.count) corrupt "
                        + "row\(report.corrupt.count == 1 ? "" : "s") of \(input) (measure db verify lists them):\n"
                        + report.corrupt.examples.map { "  \($0)\n" }.joined())
            }
            total.settings += report.settings
            total.results += report.results
            total.added += report.added
            total.identical += report.identical
            total.conflicts += report.conflicts
            total.conflictsReplaced += report.conflictsReplaced
            total.catalogEntries += report.catalogEntries
            total.catalogEntriesWritten += report.catalogEntriesWritten
            total.corrupt.add(report.corrupt)
        }
        removesOutput = !existed && unreadable == inputs.count
        if inputs.count > 1 { sink.writeOutput("total: " + Self.describe(total) + "\n") }
        if !total.corrupt.isEmpty || unreadable > 0 { throw ExitCode.failure }
    }

    static func describe(_ report: MergeReport) -> String {
        "settings=\(report.settings) results=\(report.results) added=\(report.added) identical=\(report.identical) "
            + "conflicts=\(report.conflicts) (replaced=\(report.conflictsReplaced), "
            + "kept=\(report.conflicts - report.conflictsReplaced)) catalog-entries=\(report.catalogEntries) "
            + "(written=\(report.catalogEntriesWritten), "
            + "older=\(report.catalogEntries - report.catalogEntriesWritten)) corrupt-skipped=\(report.corrupt.count)"
    }
}
