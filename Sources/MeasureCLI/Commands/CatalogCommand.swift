import ArgumentParsing
import CatalogMeasure
import Catalogs
import Foundation
import Measure

/// `measure catalog PATH…`: measure every entry of string catalogs and report the ones that overflow their box.
struct CatalogCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "catalog",
        abstract: "Measure every string of localization catalogs and report what overflows its label.",
        discussion: """
            PATH: catalog files or folders to search (.strings, .stringsdict, .xcstrings, .xliff/.xlf, Android \
            res/values*/…xml, Flutter .arb, gettext .po/.mo, a .pot as the source language). Locales come from \
            xx.lproj, values-xx-rYY and xx/LC_MESSAGES folders, from inside .xcstrings and XLIFF files, from an ARB's \
            @@locale or name (app_pt_BR.arb), and from a .po's name (po/pt_BR.po) or else its Language header. Placeholders (%@, %d, \
            %1$@, %#@var@, Android %1$s, ARB {name} from the template ARB's metadata) are replaced by sample values \
            first; every plural, device and array variant, and every ICU plural and select case, is measured on its own.
            An entry overflows when it needs more lines than it may have: --max-lines (or its key's rule in the \
            config), otherwise one line per hard line break in its text. Precedence: built-in defaults (body text at \
            content size L, 17 pt), the config's top level, these flags, then each config rule that matches the key.
            Output: a summary (per-locale counts, worst offenders first), or --format \
            json|csv|markdown|sarif|junit|github (GitHub Actions annotations, at most --top overflows) \
            (to standard output, or to --output FILE with the summary still printed). Exit status: 2 when a file or \
            entry could not be used (each is reported with its path, line and column; an entry with characters no \
            font has is one), no catalog was found, or the database or baseline cannot be used; else 1 when anything \
            overflows (with --baseline FILE: anything the baseline does not accept); else 0; 64 for a usage error \
            (a missing width among them).
            --platform ios|android measures with that platform's fonts, sizes and scales; every report names the \
            fonts each locale was measured with (family, file, SHA-256), and a stand-in for a platform font.
            With --shard I/N, only the entries whose key hashes into shard I are measured and reported (every \
            locale and variant of a key together, so comparisons with the source and budgets stay whole); files, file \
            errors and skipped entries are still reported by every shard. measure db merge joins the N shard \
            databases into the one an unsharded run writes.
            """,
        options: [
            .single(
                "config", valueName: "file",
                help: "A JSON config: defaults, placeholder samples, fonts per "
                    + "locale (paths or family names), per-key rules (see README)."),
            .single("width", valueName: "pt", help: "Label width in points (required here or in the config)."),
            .single(
                "max-lines", valueName: "n",
                help: "Lines each entry may take (0 = unlimited). Default: one per "
                    + "hard line break in its text."),
            .single("size", valueName: "pt", help: "Font size in points (instead of a text style)."),
            .single(
                "text-style", valueName: "name",
                help: "Dynamic Type text style: largeTitle, title1…3, "
                    + "headline, body, callout, subheadline, footnote, caption1, caption2 (default body)."),
            .single(
                "content-size", valueName: "name",
                help: "Content size category: xS S M L xL xxL xxxL AX1…AX5 "
                    + "(default L), or all to measure every one."),
            .single(
                "source-locale", valueName: "tag",
                help: "The development language translations are compared "
                    + "with (default: the config's, else en; .xcstrings and XLIFF files say their own). Its ARB file "
                    + "in each folder is the template whose placeholder metadata every ARB file there uses."),
            .single(
                "default-locale", valueName: "tag",
                help: "The locale of Android's unqualified values folder, and of a file "
                    + "nothing places (default en; a warning names such files).", defaultValue: "en"),
            .single(
                "format", valueName: "name",
                help: "summary (default), json, csv, markdown, sarif, junit or github (GitHub Actions annotations).",
                defaultValue: "summary"),
            .single(
                "output", valueName: "file",
                help: "Write the --format report to this file; the summary still "
                    + "goes to standard output."),
            .single(
                "report", valueName: "file.html",
                help: "Also write one self-contained HTML page with every "
                    + "entry drawn in its box (the measurer's lines and glyphs, lines beyond the allowance in red), "
                    + "beside its source text; filters by locale, status and text."),
            .single("top", valueName: "n", help: "Worst offenders listed in the summary.", defaultValue: "15"),
            .single(
                "db", valueName: "file",
                help: "A size database to answer from and store into (created if "
                    + "missing): unchanged entries are not measured again; look them up with measure db query --key."),
            .single("threads", valueName: "n", help: "Worker threads (default: all cores)."),
            .flag("plain", help: "Turn off the fonts' kerning and ligatures."),
            .flag(
                "budget",
                help: "Report a width budget instead: for each key, variant and content size the least "
                    + "width (exact, in points) at which every translation fits its allowed lines without breaking a "
                    + "word, and the translation that needs it; summary, json, csv or markdown. --width is "
                    + "then optional, and overflow does not change the exit status."),
            .repeated(
                "pseudo", valueName: "id",
                help: "Add a pseudo locale generated from the source locale's "
                    + "entries and measured like a translation: en-XA (Android's accented, expanded, bracketed), ar-XB "
                    + "(Android's right-to-left), double (Xcode's double length). Repeat it or separate ids with commas."
            ),
            .flag(
                "follow-symlinks",
                help: "Follow symbolic links found in the folders wherever they lead (by "
                    + "default a link is followed only to a place inside the folders given; others are skipped and "
                    + "named in a warning)."),
            ShardArgument.option(key: "key"),
            .single(
                "platform", valueName: "name",
                help: "ios or android: that platform's fonts, sizes and scales "
                    + "(Android: Roboto and Noto, sp sizes, font scales 0.85…2.0 as --content-size; iOS: SF Pro from "
                    + "--font-dir or the config's fonts, else a stand-in every report names)."),
            .single(
                "font-dir", valueName: "dir",
                help: "A folder of font files (SF Pro, PingFang, Hiragino, Apple "
                    + "SD Gothic Neo, Apple Color Emoji) the iOS preset measures with."),
            .single(
                "baseline", valueName: "file",
                help: "Accepted overflows (from --write-baseline): everything is "
                    + "reported, but only overflows not in it fail the run (exit 1)."),
            .single(
                "write-baseline", valueName: "file",
                help: "Record the current overflows as a baseline file "
                    + "(sorted JSON; no line numbers; the text's digest)."),
            .single(
                "repo-root", valueName: "dir",
                help: "The repository root: SARIF URIs and baseline paths are "
                    + "relative to it (default: the working directory)."),
            .single(
                "information-uri", valueName: "url",
                help: "SARIF tool.driver.informationUri (default: the CI's "
                    + "repository URL from GITHUB_SERVER_URL/GITHUB_REPOSITORY or CI_PROJECT_URL, when set)."),
            .flag("no-progress", help: "No progress line (it is shown only when standard error is a terminal)."),
        ],
        positionals: [.oneOrMore("path", help: "Catalog files or folders.")])

    enum Format: String, CaseIterable {
        case summary, json, csv, markdown, sarif, junit, github

        /// How a report in this format breaks up what a CI runner would read as a command (`WorkflowCommandGuard`);
        /// nil for `github`, whose every line is one, its data escaped as the runner reads it
        /// (`CatalogGitHubAnnotations`).
        var commandSpelling: WorkflowCommandGuard.Spelling? {
            switch self {
            case .json, .sarif: .json
            case .junit: .xml
            case .summary, .csv, .markdown: .text
            case .github: nil
            }
        }
    }

    var options: CatalogRunOptions
    var configPath: String?
    var format: Format
    var outputPath: String?
    var reportPath: String?
    var top: Int
    var showsProgress: Bool
    var baselinePath: String?
    var writeBaselinePath: String?
    var repoRoot: String?
    var informationURI: String?
    /// Said on stderr when `--threads` asked for more threads than the machine has cores.
    var threadsNote: String?

    init(_ values: ParsedValues) throws(UsageError) {
        let paths = values.positionals("path")
        var commandLine = ConstraintSettings()
        if let width = try values.double("width") {
            // A label's width: positive, where other commands take 0 as unconstrained.
            if let problem = MeasureLimits.positiveLengthProblem("--width", width) { throw UsageError(problem) }
            commandLine.width = width
        }
        if let maxLines = try values.int("max-lines") {
            guard maxLines >= 0 else { throw UsageError("--max-lines must be 0 (unlimited) or more") }
            commandLine.maxLines = maxLines
        }
        if let size = try values.double("size") {
            if let problem = MeasureLimits.pointSizeProblem("--size", size) { throw UsageError(problem) }
            commandLine.size = size
        }
        if let style = values.string("text-style") {
            guard TextStyle(name: style) != nil else { throw UsageError("\(CatalogRunError.unknownTextStyle(style))") }
            guard commandLine.size == nil else { throw UsageError("give --size or --text-style, not both") }
            commandLine.textStyle = style
        }
        var allContentSizes = false
        if let category = values.string("content-size") {
            if category.lowercased() == "all" {
                guard commandLine.size == nil else {
                    throw UsageError("--content-size all measures every size of a text style; --size fixes one size")
                }
                allContentSizes = true
            } else {
                guard
                    ContentSizeCategory(name: category) != nil
                        || CatalogPlatform.androidScale(named: category) != nil
                else {
                    // The platform may come from the config, read later: both kinds are named.
                    throw UsageError(
                        "\(CatalogRunError.unknownContentSize(category)); with --platform android, a font scale "
                            + "(0.85, 1.0, 1.15, 1.3, 1.5, 1.8, 2.0)")
                }
                commandLine.contentSize = category
            }
        }
        guard let format = Format(rawValue: values.string("format") ?? "summary") else {
            throw UsageError("--format must be one of " + Format.allCases.map(\.rawValue).joined(separator: ", "))
        }
        self.format = format
        outputPath = values.string("output")
        reportPath = values.string("report")
        if outputPath != nil && format == .summary {
            throw UsageError("--output needs a --format (json, csv, markdown, sarif or junit)")
        }
        guard let top = try values.int("top"), top >= 0 else { throw UsageError("--top must be 0 or more") }
        self.top = top
        let cores = ProcessInfo.processInfo.activeProcessorCount
        let threads = try values.int("threads") ?? cores
        guard threads >= 1 else { throw UsageError("--threads must be 1 or more, got \(threads)") }
        // More threads than cores only multiplies the per-thread caches: lowered, and said so (as `batch` says it).
        let usedThreads = min(threads, max(1, cores))
        threadsNote =
            threads > usedThreads
            ? "note: --threads \(threads) lowered to \(usedThreads), this machine's cores (more threads than cores "
                + "only multiply each thread's caches)\n"
            : nil
        configPath = values.string("config")
        // As `measure batch --db` and `stream --db` say it (SQLite would take "" for a private temporary file).
        if values.string("db")?.isEmpty == true { throw UsageError("--db needs a file name") }
        options = CatalogRunOptions(
            paths: paths, commandLine: commandLine, allContentSizes: allContentSizes,
            defaultLocale: values.string("default-locale") ?? "en", sourceLocale: values.string("source-locale"),
            plain: values.flag("plain"), threads: usedThreads, databasePath: values.string("db"),
            followSymlinks: values.flag("follow-symlinks"))
        showsProgress = !values.flag("no-progress") && isatty(2) != 0
        options.budget = values.flag("budget")
        if options.budget && (format == .sarif || format == .junit || format == .github) {
            throw UsageError("--budget writes summary, json, csv or markdown, not \(format.rawValue)")
        }
        options.pseudoLocales = try Self.pseudoLocales(values.strings("pseudo"))
        options.shard = try ShardArgument.shard(values)
        if let name = values.string("platform") {
            guard let platform = CatalogPlatform(name: name) else {
                throw UsageError("--platform must be ios or android, not \"\(UsageError.excerpt(name))\"")
            }
            options.platform = platform
        }
        options.fontDirectory = values.string("font-dir")
        baselinePath = values.string("baseline")
        writeBaselinePath = values.string("write-baseline")
        repoRoot = values.string("repo-root")
        let environment = ProcessInfo.processInfo.environment
        if let given = values.string("information-uri") {
            guard ArtifactURI.isAbsoluteURI(given) else {
                throw UsageError(
                    "--information-uri must be an absolute URI such as https://example.com/app (a scheme, no spaces), "
                        + "got \(UsageError.excerpt(given))")
            }
            informationURI = given
        } else {
            // From the CI's variables when they make a URI; an empty or odd value leaves it out (it is optional).
            let server = environment["GITHUB_SERVER_URL"] ?? "", repository = environment["GITHUB_REPOSITORY"] ?? ""
            informationURI = [
                server.isEmpty || repository.isEmpty ? nil : server + "/" + repository, environment["CI_PROJECT_URL"],
            ].compactMap { $0 }.first(where: ArtifactURI.isAbsoluteURI)
        }
        if options.budget && (baselinePath != nil || writeBaselinePath != nil) {
            throw UsageError("--budget reports widths, not overflows: it takes no --baseline or --write-baseline")
        }
    }

    func run(output unguarded: any OutputSink) throws {
        // Warnings and errors quote the catalogs' paths, locales and keys: no runner command gets through them.
        let output = GuardedErrorSink(base: unguarded)
        if let threadsNote { output.writeError(threadsNote) }
        var options = self.options
        if let configPath {
            do {
                options.config = try CatalogConfigParser.load(path: configPath)
            } catch {
                output.writeError("measure catalog: \(PrintableText.message("\(error)"))\n")
                throw ExitCode(2)
            }
        }
        // A missing width is a usage error (64, with the usage line), found before anything is measured.
        if options.baseSettings.width == nil && !options.budget {
            throw UsageError("\(CatalogRunError.noWidth)")
        }
        var baseline: CatalogBaseline? = nil
        if let baselinePath {
            do {
                baseline = try CatalogBaseline.load(path: baselinePath)
            } catch {
                output.writeError("measure catalog: \(PrintableText.message("\(error)"))\n")
                throw ExitCode(2)
            }
        }
        let progressLine = ProgressLine(enabled: showsProgress, output: output)
        let result: CatalogRun.Result
        do {
            result = try CatalogRun.run(options) { progressLine.show($0) }
        } catch {
            // Settings that cannot work, or a database that cannot be opened or written: the input cannot be used,
            // which must not read as "strings overflow" (1) in CI.
            progressLine.clear()
            output.writeError("measure catalog: \(PrintableText.message(CommandRunner.describe(error)))\n")
            throw ExitCode(2)
        }
        progressLine.clear()
        // Warnings quote paths and locales from the catalogs: control characters escaped, one line each.
        for warning in result.warnings {
            output.writeError("measure catalog: warning: \(PrintableText.path("\(warning)"))\n")
        }
        var report = result.report
        let workingDirectory = FileManager.default.currentDirectoryPath
        let base = repoRoot ?? workingDirectory
        // SARIF's and a baseline's paths are relative to the root: a catalog outside it gets `../` segments, which
        // code scanning cannot place in the repository and another checkout may not share. Said once, with an example.
        var outsideWarnings: [String] = []
        if format == .sarif || writeBaselinePath != nil || baselinePath != nil {
            let outside = report.files.map(\.path).filter {
                RelativePath.relative($0, to: base, workingDirectory: workingDirectory).hasPrefix("..")
            }
            if let first = outside.first {
                let warning =
                    "\(outside.count) catalog file\(outside.count == 1 ? "" : "s") outside "
                    + "the repository root \(PrintableText.path(base)) (--repo-root, else the working folder), "
                    + "named with ../ in SARIF and baselines, which code scanning cannot place: e.g. "
                    + "\(PrintableText.path(first))"
                output.writeError("measure catalog: warning: \(warning)\n")
                outsideWarnings.append(warning)
            }
        }
        if let baseline, let baselinePath {
            var comparison = BaselineComparison(
                report: report, baseline: baseline, file: baselinePath, root: base,
                workingDirectory: workingDirectory)
            // Under --shard the other shards' keys were not measured: their records are not known to be fixed
            // (a catalog run shards by key alone, `CatalogRun.shardFields`).
            if let shard = options.shard { comparison.fixed.removeAll { !shard.contains(fields: [$0.key]) } }
            report.baseline = comparison
        }
        let rendered: String
        switch format {
        case .summary: rendered = ""
        case .json:
            rendered = options.budget ? CatalogBudgetJSONReport.render(report) : CatalogJSONReport.render(report)
        case .csv: rendered = options.budget ? CatalogBudgetCSVReport.render(report) : CatalogCSVReport.render(report)
        case .markdown:
            rendered =
                options.budget
                ? CatalogBudgetMarkdownReport.render(report)
                : CatalogMarkdownReport.render(report, limit: top)
        case .sarif:
            rendered = CatalogSARIFReport.render(
                report, toolVersion: TextSizeVersion.engine,
                informationURI: informationURI, baseDirectory: base, warnings: result.warnings + outsideWarnings)
        case .junit: rendered = CatalogJUnitReport.render(report)
        case .github:
            rendered = CatalogGitHubAnnotations.render(
                report, root: base, workingDirectory: workingDirectory, overflowLimit: top)
        }
        var summary =
            options.budget
            ? CatalogBudgetSummary.render(report, limit: top)
            : CatalogTerminalSummary.render(report, limit: top)
        if options.databasePath != nil {
            summary += "database: measured=\(result.measured) cached=\(result.cached)\n"
        }
        if let writeBaselinePath {
            let written = CatalogBaseline(overflowsIn: report, root: base, workingDirectory: workingDirectory)
            do {
                try OutputFile.write(Array(written.rendered().utf8), to: writeBaselinePath)
            } catch {
                output.writeError("measure catalog: \(PrintableText.message("\(error)"))\n")
                throw ExitCode(2)
            }
            summary +=
                "baseline: wrote \(written.entries.count) overflow\(written.entries.count == 1 ? "" : "s") to "
                + "\(writeBaselinePath)\n"
        }
        if let outputPath {
            do {
                try OutputFile.write(Array(rendered.utf8), to: outputPath)
            } catch {
                output.writeError("measure catalog: \(PrintableText.message("\(error)"))\n")
                throw ExitCode(2)
            }
            output.writeOutput(summary)
        } else if format == .summary {
            output.writeOutput(summary)
        } else {
            // Standard output is often a CI log: a CSV field or a JUnit text with a line break can start a line with
            // `::`, and any text can hold `##[` (`WorkflowCommandGuard`; JSON and XML in their own escapes, so their
            // data reads back the same). A file keeps the report as is.
            output.writeOutput(
                format.commandSpelling.map { WorkflowCommandGuard.guarded(rendered, spelling: $0) } ?? rendered)
            // The report is on standard output; the totals (and the database's counts) go to standard error.
            output.writeError(
                summary.split(separator: "\n").filter {
                    $0.hasPrefix("Total:") || $0.hasPrefix("database:") || $0.hasPrefix("baseline:")
                }.map { $0 + "\n" }.joined())
        }
        if let reportPath {
            do {
                try OutputFile.write(
                    Array(try CatalogPictureReport.render(report, options: options).utf8), to: reportPath)
            } catch {
                output.writeError("measure catalog: \(PrintableText.message("\(error)"))\n")
                throw ExitCode(2)
            }
        }
        if report.foundNoCatalog {
            output.writeError(
                "measure catalog: no catalog files found in " + options.paths.joined(separator: ", ")
                    + "\n")
            throw ExitCode(2)
        }
        // A report that could not be written (`> /dev/full`, a closed pipe) is an environment problem, which is 2
        // here (1 means overflow only), before overflow could make it 1 (the runner says why).
        if output.outputFailure != nil { throw ExitCode(2) }
        let malformed = report.skipped.contains { if case .malformed = $0.reason { true } else { false } }
        if !report.fileErrors.isEmpty || !report.failed.isEmpty || malformed { throw ExitCode(2) }
        // A budget answers "how wide?", not "does it fit?": overflow at the given width is not a failure there.
        // With a baseline only the overflows it does not accept fail the run.
        let failing = report.baseline.map(\.new.count) ?? report.overflowCount
        if failing > 0 && !options.budget { throw ExitCode.failure }
    }

    /// The pseudo locales `--pseudo` names, each value one id or several separated by commas, in order, each once.
    static func pseudoLocales(_ values: [String]) throws(UsageError) -> [PseudoLocale] {
        var locales: [PseudoLocale] = []
        for value in values {
            let ids = value.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
            guard !ids.isEmpty, !ids.contains(where: \.isEmpty) else {
                throw UsageError("--pseudo needs pseudo locale ids: \(PseudoLocale.idList)")
            }
            for id in ids {
                guard let locale = PseudoLocale(id: id) else {
                    throw UsageError(
                        "--pseudo: unknown pseudo locale \"\(UsageError.excerpt(id))\" (\(PseudoLocale.idList))")
                }
                if !locales.contains(locale) { locales.append(locale) }
            }
        }
        return locales
    }
}
