import ArgumentParsing
import Bench
internal import CAllocationCounter
import Foundation
import Measure

/// `bench`: times the measurer over the Latin and CJK corpora and reports throughput, latency, memory and cache
/// counters as a table, Markdown, HTML with charts, or JSON; saves and compares baselines.
struct BenchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench",
        abstract: "Benchmark the text measurer over the Latin and CJK corpora.",
        discussion: """
            Suites: corpus (latin, cjk, complex) × width (120, 200, 320) × cache (cold: fresh fonts and sessions; warm: \
            caches filled) × threads (1 … all cores), each with its share of the limit (a limit suite per corpus \
            and thread count sums the strings' cached advances: no breaking, shaping or fitting), plus re-layout suites (prepared strings of ≤ 40 characters \
            fitted at a new width; each repetition fits them as many times as lasts 50 ms and reports one pass), \
            and size-database suites (rows written in batches, single lookups from one \
            thread, a memoized batch cold and warm). Each suite: a warm-up, 5 timed repetitions (median, min–max), a latency pass, \
            allocation and cache counters from the first repetition. The corpora come from `make corpora` and are \
            pinned by corpora/MANIFEST.tsv. Measure a release build: `make bench`.
            Exit status: 0; 2 when --compare finds a regression; 1 when the run cannot be done or written (a \
            corpus not built or not the pinned text, a baseline missing, unreadable or with no suite in common, an \
            output that cannot be written: checked before measuring where it can be); 64 for a usage error.
            """,
        options: [
            .flag("quick", help: "Every corpus and cache state at 200 pt, threads 1 and 2, 3 repetitions (< 1 min)."),
            .flag(
                "plain",
                help: "Measure without kerning and ligatures (plain advance sums), to compare with the default."),
            .flag("no-store", help: "Leave out the size-database suites (store-write, store-lookup, memoized)."),
            .repeated(
                "corpus", valueName: "name",
                help:
                    "Only this corpus (latin, cjk or complex, or one language of them: en, de, es, zh, ja, ko, ar, "
                    + "fa, hi, th, measured with its family's fonts); repeat for several."),
            .repeated("width", valueName: "pt", help: "Only this width; repeat for several."),
            .repeated("threads", valueName: "n", help: "Only this thread count; repeat for several."),
            .repeated(
                "cache", valueName: "state",
                help: "Only this cache state (cold or warm); repeat for both. Re-layout suites are warm."
                    + " Size-database suites follow it too."),
            .single(
                "repetitions", valueName: "n",
                help: "Timed repetitions per suite, 1…\(maximumRepetitions) (default 5, quick 3)."),
            .single(
                "corpora", valueName: "dir",
                help: "The corpora folder, holding MANIFEST.tsv and build/NAME.txt (default: corpora beside "
                    + "Package.swift)."),
            .single("json", valueName: "file", help: "Write the report as JSON ('-' for standard output)."),
            .single("markdown", valueName: "file", help: "Write the report as Markdown ('-' for standard output)."),
            .single(
                "html", valueName: "file",
                help: "Write the report as an HTML page with charts ('-' for standard output)."),
            .single("save-baseline", valueName: "name", help: "Save the report as baseline NAME."),
            .single("compare", valueName: "name", help: "Compare with baseline NAME; exit 2 on a regression."),
            .single("baselines", valueName: "dir", help: "Where baselines live (default: .bench/baselines)."),
        ])

    var plan: BenchPlan
    var quick: Bool
    var plain: Bool
    var corporaDirectory: URL
    var jsonPath: String?
    var markdownPath: String?
    var htmlPath: String?
    var saveBaseline: String?
    var compareBaseline: String?
    var baselineDirectory: URL?

    init(_ values: ParsedValues) throws(UsageError) {
        quick = values.flag("quick")
        plain = values.flag("plain")
        let cores = ProcessInfo.processInfo.activeProcessorCount
        var plan = quick ? BenchPlan.quick : BenchPlan.full(cores: cores)
        let corpora = values.strings("corpus")
        for corpus in corpora where CorpusFamily(corpus: corpus) == nil {
            throw UsageError(
                "--corpus must be one of \(CorpusFamily.corpusNames.joined(separator: ", ")), got '\(UsageError.excerpt(corpus))'"
            )
        }
        if !corpora.isEmpty { plan.corpora = corpora }
        let widths = try values.values("width", as: Double.self)
        if let problem = widths.lazy.compactMap({ MeasureLimits.positiveLengthProblem("--width", $0) }).first {
            throw UsageError(problem)
        }
        if !widths.isEmpty { plan.widths = widths }
        let threads = try values.values("threads", as: Int.self)
        if threads.contains(where: { !(1...MeasureLimits.maximumThreads).contains($0) }) {
            throw UsageError("--threads must be 1…\(MeasureLimits.maximumThreads)")
        }
        if !threads.isEmpty { plan.threads = threads }
        let caches = values.strings("cache")
        for cache in caches where SuiteConfiguration.CacheState(rawValue: cache) == nil {
            throw UsageError("--cache must be cold or warm, got '\(UsageError.excerpt(cache))'")
        }
        if !caches.isEmpty {
            plan.caches = SuiteConfiguration.CacheState.allCases.filter { caches.contains($0.rawValue) }
        }
        if values.flag("no-store") { plan.storeSuites = false }
        if let repetitions = try values.int("repetitions") {
            guard (1...Self.maximumRepetitions).contains(repetitions) else {
                throw UsageError("--repetitions must be 1…\(Self.maximumRepetitions)")
            }
            plan.repetitions = repetitions
        }
        self.plan = plan
        let root =
            BaselineStore.packageRoot(from: URL(fileURLWithPath: FileManager.default.currentDirectoryPath))
            ?? URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
        corporaDirectory =
            values.string("corpora").map { URL(fileURLWithPath: $0) }
            ?? root.appendingPathComponent("corpora")
        jsonPath = values.string("json")
        markdownPath = values.string("markdown")
        htmlPath = values.string("html")
        let toStandardOutput = [jsonPath, markdownPath, htmlPath].filter { $0 == "-" }.count
        if toStandardOutput > 1 {
            throw UsageError("only one of --json, --markdown and --html can be '-' (standard output)")
        }
        for (option, path) in [("--json", jsonPath), ("--markdown", markdownPath), ("--html", htmlPath)]
        where path?.isEmpty == true {
            throw UsageError("\(option) needs a file name ('-' for standard output)")
        }
        saveBaseline = values.string("save-baseline")
        compareBaseline = values.string("compare")
        baselineDirectory = values.string("baselines").map { URL(fileURLWithPath: $0) }
    }

    /// The most timed repetitions a suite may have: far more than any figure needs, few enough that the timings'
    /// arrays stay small.
    static let maximumRepetitions = 1000

    func run(output: any OutputSink) throws {
        // What can fail without measuring fails before it: minutes of suites are not lost to a baseline name, a
        // missing baseline or a report path that cannot be written.
        let corpora = try plan.corpora.map { try BenchCorpus(name: $0, corporaDirectory: corporaDirectory) }
        let baselines = baselineDirectory.map { BaselineStore(directory: $0) } ?? BaselineStore.defaultStore()
        if let saveBaseline { _ = try baselines.url(for: saveBaseline) }
        // Read now, so that saving a baseline of the same name cannot make the run its own baseline.
        let baseline = try compareBaseline.map { try baselines.load($0) }
        for path in [jsonPath, markdownPath, htmlPath].compactMap({ $0 }) where path != "-" {
            try Self.checkWritable(path)
        }
        func runner(_ makeCascade: @escaping @Sendable () throws -> FontCascade) -> SuiteRunner {
            var runner = SuiteRunner(
                makeCascade: makeCascade, repetitions: plan.repetitions,
                allocationProbe: AllocationProbe(
                    start: { allocation_counter_start() },
                    stop: {
                        allocation_counter_stop()
                        return (Int(allocation_counter_calls()), Int(allocation_counter_bytes()))
                    }))
            runner.usesFontFeatures = !plain
            return runner
        }
        let classic = runner(Self.classicCascade), complex = runner(Self.complexCascade)
        var suites: [SuiteResult] = []
        for configuration in plan.suites {
            let corpus = corpora.first { $0.name == configuration.corpus }!
            let input = configuration.kind == .relayout ? corpus.short(maxChars: BenchPlan.relayoutMaxChars) : corpus
            let family = CorpusFamily(corpus: configuration.corpus)
            let result = try (family?.usesComplexCascade == true ? complex : classic).run(configuration, corpus: input)
            output.writeError("bench: \(result.id)  \(Int(result.stringsPerSecond)) strings/s\n")
            suites.append(result)
        }
        // The limit of each corpus, on the measuring suites' thread counts: cached advances summed, nothing else.
        var limits: [SuiteResult] = []
        for corpus in corpora {
            let runner = LimitRunner(
                makeCascade: CorpusFamily(corpus: corpus.name)?.usesComplexCascade == true
                    ? Self.complexCascade : Self.classicCascade,
                repetitions: plan.repetitions)
            for threads in plan.threads.sorted() {
                let result = try runner.run(corpus: corpus, threads: threads)
                output.writeError("bench: \(result.id)  \(Int(result.stringsPerSecond)) strings/s\n")
                limits.append(result)
            }
        }
        LimitShare.assign(to: &suites, limits: limits)
        suites += limits
        ThreadScaling.assign(to: &suites)
        let store = StoreSuiteRunner(makeCascade: Self.classicCascade, repetitions: plan.repetitions)
        for run in plan.storeRuns {
            let corpus = corpora.first { $0.name == run.corpus }!
            let result = try store.run(run.kind, cache: run.cache, corpus: corpus)
            output.writeError("bench: \(result.id)  \(Int(result.stringsPerSecond)) strings/s\n")
            suites.append(result)
        }
        let report = BenchReport(
            engineVersion: TextSizeVersion.engine, commit: Self.commit(), date: BenchReport.timestamp(Date()),
            machine: MachineInfo.current(),
            corpora: corpora.map {
                CorpusInfo(name: $0.name, lines: $0.lines.count, chars: $0.chars, sha256: $0.sha256)
            },
            repetitions: plan.repetitions, quick: quick, plain: plain, suites: suites.filter { $0.kind == "measure" },
            otherSuites: suites.filter { $0.kind != "measure" })
        // Every report is written, and the baseline saved, before a failure among them is reported.
        var failures: [any Error] = []
        let reports: [(path: String?, bytes: () throws -> [UInt8])] = [
            (jsonPath, { [UInt8](try report.jsonData()) }),
            (markdownPath, { Array(MarkdownReport.render(report).utf8) }),
            (htmlPath, { Array(HTMLReport.render(report).utf8) }),
        ]
        if let standard = reports.first(where: { $0.path == "-" }) {
            output.writeOutput(String(decoding: try standard.bytes(), as: UTF8.self))
        } else {
            output.writeOutput(TerminalTable.render(report))
        }
        for (path, bytes) in reports {
            guard let path, path != "-" else { continue }
            do { try OutputFile.write(try bytes(), to: path) } catch { failures.append(error) }
        }
        if let saveBaseline {
            do {
                let url = try baselines.save(report, as: saveBaseline)
                output.writeError("bench: saved baseline \(saveBaseline) at \(url.path)\n")
            } catch {
                failures.append(error)
            }
        }
        // The comparison is shown whatever else failed: a report that could not be written does not hide it.
        let comparison = baseline.map { BaselineComparison(current: report, baseline: $0) }
        if let comparison { output.writeError(comparison.table() + comparison.summary() + "\n") }
        for failure in failures.dropLast() { output.writeError("bench: \(failure)\n") }
        if let last = failures.last { throw last }
        if let compareBaseline, let comparison {
            guard comparison.comparesAnything else {
                throw BenchToolError(
                    "baseline \(compareBaseline) has no suite of this run (corpus, width, cache and threads): "
                        + "nothing was compared")
            }
            if comparison.hasRegressions { throw ExitCode(2) }
        }
    }

    /// Throws when `path` cannot take a report: a folder, or in a folder that does not exist.
    static func checkWritable(_ path: String) throws {
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue {
            throw BenchToolError("cannot write the report to \(path): it is a folder")
        }
        let parent = URL(fileURLWithPath: path).deletingLastPathComponent().path
        guard FileManager.default.fileExists(atPath: parent, isDirectory: &isFolder), isFolder.boolValue else {
            throw BenchToolError("cannot write the report to \(path): there is no folder \(parent)")
        }
    }

    /// The commit of the checkout the bench binary was built in (the package root above the executable, as
    /// `.build/release/bench` lies in it), with `-dirty` when tracked files differ from it, so a report never names
    /// a commit its code was not — not that of whatever checkout it runs in; "unknown" for a binary outside a
    /// checkout (copied elsewhere).
    static func commit() -> String {
        let executable = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        guard let root = BaselineStore.packageRoot(from: executable.deletingLastPathComponent()),
            let head = git(["rev-parse", "--short=12", "HEAD"], in: root), !head.isEmpty
        else { return "unknown" }
        let changes = git(["status", "--porcelain", "--untracked-files=no"], in: root)
        return changes.map { $0.isEmpty ? head : head + "-dirty" } ?? head
    }

    /// What `git ARGUMENTS` prints in `folder`, trimmed, or nil when it fails.
    private static func git(_ arguments: [String], in folder: URL) -> String? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/git")
        process.arguments = ["-C", folder.path] + arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return nil }
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let text = String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        return process.terminationStatus == 0 ? text : nil
    }
}

extension BenchCommand {
    static let noto = "/usr/share/fonts/truetype/noto/"

    /// The Latin and CJK corpora's fonts, the same three as before the default cascade grew a font per script
    /// (so that figures compare with earlier baselines): DejaVu Sans, Noto Sans CJK SC, Noto Color Emoji.
    @Sendable static func classicCascade() throws -> FontCascade {
        try FontCascade(loading: [
            FontSource(path: "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"),
            FontSource(path: "/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc", faceIndex: 2),
            FontSource(path: noto + "NotoColorEmoji.ttf"),
        ])
    }

    /// The complex corpus's fonts (Debian fonts-noto-core): DejaVu Sans for Latin, then Noto Sans Arabic,
    /// Devanagari and Thai, each the font of its script, then Noto Color Emoji.
    @Sendable static func complexCascade() throws -> FontCascade {
        let paths = [
            "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf", noto + "NotoSansArabic-Regular.ttf",
            noto + "NotoSansDevanagari-Regular.ttf", noto + "NotoSansThai-Regular.ttf",
            noto + "NotoColorEmoji.ttf",
        ]
        var fonts: [Font] = []
        for path in paths { fonts.append(try Font(path: path)) }
        return try FontCascade(fonts, scriptFonts: ["Arab": 1, "Deva": 2, "Thai": 3])
    }
}
