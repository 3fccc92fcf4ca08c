import ArgumentParsing
import Foundation
import Measure

/// `measure compare REFERENCE.tsv… --corpus FILE …`: measures a corpus and reports how it agrees with other engines'
/// outputs of the same corpus (`../shared/reference`), and which strings differ from all of them, grouped by cause.
struct CompareCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "compare",
        abstract: "Compare measured sizes of a corpus with reference engines' outputs (width, height, lines).",
        discussion: """
            Measures every string of --corpus (one per line, with \\n, \\t and \\\\ escapes) with the given settings \
            and compares with each REFERENCE.tsv (width<TAB>height<TAB>lines per corpus line, in the same order). \
            Per reference: line-count agreement and the width error |Δ| (median, p95, max, in points; widths are \
            comparable mainly at width 0). With two or more references, also the agreement on the strings on which \
            the references agree with each other on line count.
            Then the strings where measure differs from every reference on line count (or, at width 0, on width by \
            more than 0.05 pt), grouped by the first cause that applies: width rounding (a line within 0.05 pt of \
            the limit), fallback font (a scalar the primary font does not map), shaped text (marks, scripts \
            with contextual shaping, em-dash runs, U+2026), break rule (everything else).
            The exit status is 0 whatever the agreement: this is a report, not a test.
            """,
        options: MeasurementArguments.options + [
            .single(
                "corpus", valueName: "file", help: "The strings the references measured, one per line.",
                isRequired: true),
            .single("threads", valueName: "n", help: "Worker threads (default: all cores)."),
            .single("list", valueName: "n", help: "Examples shown per cause.", defaultValue: "5"),
            .flag("json", help: "Print one JSON object: references, agreementWhereReferencesAgree, differences."),
        ],
        positionals: [.oneOrMore("references", help: "Reference outputs (TSV: width, height, lines per string).")])

    var referencePaths: [String]
    var corpusPath: String
    var arguments: MeasurementArguments
    var threads: Int
    /// Said on stderr when `--threads` was lowered to `MeasureLimits.maximumThreads`.
    var threadsNote: String?
    var listCount: Int
    var json: Bool

    init(_ values: ParsedValues) throws {
        referencePaths = values.positionals("references")
        corpusPath = values.string("corpus") ?? ""
        arguments = try MeasurementArguments(values)
        let threads = try ThreadsArgument(values)
        self.threads = threads.count
        threadsNote = threads.note
        guard let listCount = try values.int("list"), listCount >= 0 else {
            throw UsageError("--list must be 0 or more")
        }
        self.listCount = listCount
        json = values.flag("json")
    }

    func run(output: any OutputSink) throws {
        if let threadsNote { output.writeError(threadsNote) }
        let corpus = EscapedLines.lines(in: try Self.read(corpusPath))
        let references = try referencePaths.map { path in
            let reference = try Self.reference(at: path)
            guard reference.rows.count == corpus.count else {
                throw CompareError.rowCount(path: path, rows: reference.rows.count, strings: corpus.count)
            }
            return reference
        }
        let measurer = try arguments.makeMeasurer()
        let ours = BatchMeasurer(measurer: measurer, threads: threads).measure(utf8: corpus)
        let texts = corpus.map { String(decoding: $0, as: UTF8.self) }
        let comparison = Comparison(texts: texts, ours: ours, references: references, session: measurer.makeSession())
        output.writeOutput(json ? jsonReport(comparison) : textReport(comparison, strings: corpus.count))
    }

    // MARK: Reading

    /// The file's bytes: a regular file of at most 4 GiB (a corpus is read whole to be compared line by line).
    static func read(_ path: String) throws -> [UInt8] {
        try InputFile.read(path, maximumBytes: 4 << 30)
    }

    /// A reference TSV: one row per line, `width<TAB>height<TAB>lines`.
    static func reference(at path: String) throws -> Reference {
        var rows: [ReferenceRow] = []
        for (index, line) in EscapedLines.lines(in: try read(path)).enumerated() {
            let fields = String(decoding: line, as: UTF8.self).split(separator: "\t", omittingEmptySubsequences: false)
            guard fields.count >= 3, let width = Double(fields[0]), let height = Double(fields[1]),
                let lines = Int(fields[2]), width.isFinite, height.isFinite
            else { throw CompareError.malformedRow(path: path, line: index + 1) }
            rows.append(ReferenceRow(width: width, height: height, lines: lines))
        }
        return Reference(path: path, rows: rows)
    }

    // MARK: Reports

    static func percent(_ share: Double) -> String { DecimalFormatter.string(share * 100, places: 2) + "%" }
    static func points(_ value: Double) -> String { DecimalFormatter.string(value, places: 4) }
    static func lines(_ count: Int) -> String { count == 1 ? "1 line" : "\(count) lines" }

    /// At most 80 characters: longer strings keep their first 79 and end with "…".
    static func shortened(_ text: String) -> String {
        text.count <= 80 ? text : String(text.prefix(79)) + "…"
    }

    func textReport(_ comparison: Comparison, strings: Int) -> String {
        let names = referencePaths.map { URL(fileURLWithPath: $0).lastPathComponent }
        var report =
            "corpus \(corpusPath): \(strings) strings at \(JSONText.number(arguments.size)) pt, width "
            + "\(arguments.width == 0 ? "0 (unconstrained)" : JSONText.number(arguments.width) + " pt")"
            + (arguments.plain ? ", plain" : "") + "\n"
        for (name, agreement) in zip(names, comparison.agreements) {
            report +=
                "\(name): line count agrees on \(agreement.lineAgreement)/\(agreement.strings) "
                + "(\(Self.percent(agreement.lineAgreementShare))); width |Δ| median "
                + "\(Self.points(agreement.widthErrorMedian)), p95 \(Self.points(agreement.widthErrorP95)), max "
                + "\(Self.points(agreement.widthErrorMax)) pt\n"
        }
        if let agree = comparison.whereReferencesAgree {
            let share = agree.strings == 0 ? 0 : Double(agree.agreeing) / Double(agree.strings)
            report +=
                "where the references agree with each other on line count (\(agree.strings) strings), measure "
                + "agrees on \(agree.agreeing)/\(agree.strings) (\(Self.percent(share)))\n"
        }
        let criterion = arguments.width == 0 ? "line count or width (> 0.05 pt)" : "line count"
        report += "differs from every reference on \(criterion): \(comparison.differences.count) strings\n"
        for cause in DifferenceCause.allCases {
            let group = comparison.differences.filter { $0.cause == cause }
            report += "  \(cause.rawValue): \(group.count)\n"
            for difference in group.prefix(listCount) {
                let theirs = zip(names, difference.references).map { name, row in
                    "\(name) \(Self.points(row.width)) pt, \(Self.lines(row.lines))"
                }
                report +=
                    "    line \(difference.line): measure \(Self.points(difference.ours.width)) pt, "
                    + "\(Self.lines(difference.ours.lineCount)); \(theirs.joined(separator: "; ")): "
                    + JSONText.string(Self.shortened(difference.text)) + "\n"
            }
        }
        return report
    }

    func jsonReport(_ comparison: Comparison) -> String {
        let references = comparison.agreements.map { agreement in
            JSONText.object([
                ("path", JSONText.string(agreement.path)),
                ("strings", String(agreement.strings)),
                ("lineAgreement", String(agreement.lineAgreement)),
                ("lineAgreementShare", JSONText.number(agreement.lineAgreementShare)),
                ("widthErrorMedian", JSONText.number(agreement.widthErrorMedian)),
                ("widthErrorP95", JSONText.number(agreement.widthErrorP95)),
                ("widthErrorMax", JSONText.number(agreement.widthErrorMax)),
            ])
        }
        var members = [("references", "[" + references.joined(separator: ", ") + "]")]
        if let agree = comparison.whereReferencesAgree {
            let share = agree.strings == 0 ? 0 : Double(agree.agreeing) / Double(agree.strings)
            members.append(
                (
                    "agreementWhereReferencesAgree",
                    JSONText.object([
                        ("strings", String(agree.strings)), ("agreeing", String(agree.agreeing)),
                        ("share", JSONText.number(share)),
                    ])
                ))
        }
        let groups = DifferenceCause.allCases.map { cause in
            let group = comparison.differences.filter { $0.cause == cause }
            let examples = group.prefix(listCount).map { difference in
                let theirs = difference.references.map { row in
                    JSONText.object([("width", JSONText.number(row.width)), ("lines", String(row.lines))])
                }
                return JSONText.object([
                    ("line", String(difference.line)),
                    ("text", JSONText.string(Self.shortened(difference.text))),
                    ("width", JSONText.number(difference.ours.width)),
                    ("lines", String(difference.ours.lineCount)),
                    ("reference", "[" + theirs.joined(separator: ", ") + "]"),
                ])
            }
            return JSONText.object([
                ("cause", JSONText.string(cause.rawValue)), ("count", String(group.count)),
                ("examples", "[" + examples.joined(separator: ", ") + "]"),
            ])
        }
        members.append(("differences", "[" + groups.joined(separator: ", ") + "]"))
        return JSONText.object(members) + "\n"
    }
}

/// Why `measure compare` could not compare.
enum CompareError: Error, CustomStringConvertible {
    case malformedRow(path: String, line: Int)
    case rowCount(path: String, rows: Int, strings: Int)

    var description: String {
        switch self {
        case .malformedRow(let path, let line):
            return "\(PrintableText.path(path)):\(line): not a reference row (width<TAB>height<TAB>lines)"
        case .rowCount(let path, let rows, let strings):
            return
                "\(PrintableText.path(path)) has \(rows) rows but the corpus has \(strings) strings; they must match line for line"
        }
    }
}
