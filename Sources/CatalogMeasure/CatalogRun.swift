import Cache
import Catalogs
import Dispatch
import Foundation
import Locking
import Measure
import MeasureStore
import Synchronization

/// One `measure catalog` run: find the catalogs, parse them, expand placeholders, resolve every entry's box and
/// fonts, measure (or answer from the size database), and compare each translation with its source.
///
/// Nothing is dropped silently: a file that cannot be used is in `fileErrors`, an entry its parser passed over is in
/// `skipped` with the reason, and an entry that cannot be measured (its locale's fonts are missing, or no font of its
/// cascade has some of its characters) is in `failed`; every other file and entry is still measured.
public enum CatalogRun {
    /// What a run produced.
    public struct Result: Sendable {
        /// Everything the run found: the files, every measured entry (one per content size), the skipped and failed
        /// entries, the file errors, and the summaries and report data every report renderer of `Catalogs` takes.
        public var report: CatalogReport
        /// Texts measured in this run (not found in the size database, or measured without one); with a database, a
        /// text several jobs share under the same settings is measured, and counted, once.
        public var measured: Int
        /// Texts whose size came from the size database (`CatalogRunOptions.databasePath`); 0 without one.
        public var cached: Int
        /// Symbolic links discovery passed over (by path), then parts of the config the run never used
        /// (`CatalogConfig.unusedParts`).
        public var warnings: [String] = []
    }

    /// Runs `options`, calling `progress` (from the calling thread) as measuring advances.
    /// - Throws: `CatalogRunError` for settings that cannot work at all, `SizeStoreError` when the database cannot be
    ///   opened or written.
    public static func run(_ options: CatalogRunOptions, progress: ((CatalogProgress) -> Void)? = nil) throws
        -> Result
    {
        let base = options.baseSettings
        let platform = options.effectivePlatform
        // A budget searches every width itself; without a width its entries are measured unconstrained.
        guard base.width != nil || options.budget else { throw CatalogRunError.noWidth }
        try validate(base, level: nil, platform: platform)
        for rule in options.config.rules {
            try validate(rule.settings, level: "the rule for \"\(rule.keys)\"", platform: platform)
        }
        let fonts = try options.fontResolver()

        let sourceLocale = options.effectiveSourceLocale
        let found = CatalogDiscovery.find(
            options.paths, defaultLocale: options.defaultLocale,
            sourceLocale: sourceLocale, followSymbolicLinks: options.followSymlinks)
        var report = CatalogReport(fileErrors: found.errors)
        let parsed = parseAll(found.sources, threads: options.threads)

        // Entries in input order, each with its catalog group and the source locale of its file.
        var entries: [(entry: CatalogEntry, group: String, sourceLocale: String, format: CatalogFormat)] = []
        // Files whose entries took the default locale because nothing — folder, name, content — said theirs.
        var unplacedFiles: [String] = []
        for (source, outcome) in zip(found.sources, parsed) {
            switch outcome {
            case .failure(let error):
                report.fileErrors.append(error)
            case .success(let document):
                var locales: [String] = []
                let fileSourceLocale = document.sourceLocale ?? sourceLocale
                for var entry in document.entries {
                    if entry.locale.isEmpty {
                        entry.locale = source.locale.isEmpty ? options.defaultLocale : source.locale
                        if source.locale.isEmpty && unplacedFiles.last != source.path {
                            unplacedFiles.append(source.path)
                        }
                    }
                    if !locales.contains(entry.locale) { locales.append(entry.locale) }
                    entries.append((entry, source.group, fileSourceLocale, source.format))
                }
                report.files.append(
                    CatalogReport.File(
                        path: source.path, format: source.format, locales: locales,
                        entryCount: document.entries.count,
                        skippedCount: document.skipped.count))
                report.skipped += document.skipped
            }
        }

        let pseudo = pseudoEntries(options.pseudoLocales, from: entries)
        entries += pseudo.entries

        // Jobs: each entry at each of its content sizes, plus XLIFF source texts.
        let samples = options.config.placeholderSamples
        let appleExpander = PlaceholderExpander(syntax: .apple, samples: samples)
        let androidExpander = PlaceholderExpander(syntax: .android, samples: samples)
        let gettextExpander = PlaceholderExpander(syntax: .gettext, samples: samples)
        /// Expanders for entries whose rules or keys have samples of their own, one per distinct sample set.
        var customExpanders: [PlaceholderSyntax: [PlaceholderSamples: PlaceholderExpander]] = [:]
        var ruleMatchCounts = Array(repeating: 0, count: options.config.rules.count)
        var levels: [Int: String] = [:]
        var cascadePlans: [CatalogCascadePlan] = []
        var cascadeIndex: [CascadeRequest: Swift.Result<Int, Error>] = [:]
        /// The cascade of `locale` in the weight of `textStyle` (headline is Semibold, docs/semantics/dynamic-type.md §D), loaded once per
        /// distinct plan.
        func cascade(for locale: String, textStyle: String?) -> Swift.Result<Int, Error> {
            let bold = textStyle.flatMap { TextStyle(name: $0) } == .headline
            let id = CascadeRequest(locale: locale, bold: bold)
            if let known = cascadeIndex[id] { return known }
            let result = Swift.Result<Int, Error> {
                let plan = try fonts.plan(for: locale, bold: bold)
                if let index = cascadePlans.firstIndex(of: plan) { return index }
                _ = try fonts.cascade(plan)
                cascadePlans.append(plan)
                return cascadePlans.count - 1
            }
            cascadeIndex[id] = result
            return result
        }
        var jobs: [MeasureJob] = []
        /// The language tag of each locale met (a few per run, and entries by the thousand).
        var languageTags: [String: String?] = [:]
        func languageTag(_ locale: String) -> String? {
            if let known = languageTags[locale] { return known }
            let tag = CatalogLanguage.tag(for: locale)
            languageTags[locale] = tag
            return tag
        }
        nextEntry: for (index, item) in entries.enumerated() {
            let entry = item.entry
            // Under --shard, the other shards measure (and report) this entry.
            guard isInShard(entry, options: options) else { continue }
            // A pseudo entry takes the fonts, language and rules `PseudoLocale` says (the source's for ar-XB text).
            var ruleEntry = entry
            ruleEntry.locale = entry.pseudo?.ruleLocale(source: item.sourceLocale) ?? entry.locale
            let fontLocale = entry.pseudo?.fontLocale(source: item.sourceLocale) ?? entry.locale
            let languageLocale = entry.pseudo?.languageLocale(source: item.sourceLocale) ?? entry.locale
            let matching = options.config.matchingRules(for: ruleEntry)
            for rule in matching { ruleMatchCounts[rule] += 1 }
            // A skip rule takes the entry out of the run: counted in its rule's matches, never measured.
            if matching.contains(where: { options.config.rules[$0].skip }) {
                report.skippedByRules += 1
                report.entriesSkippedByRules.append(entry)
                continue
            }
            var settings = base
            for rule in matching {
                settings = settings.overridden(by: options.config.rules[rule].settings)
                if let level = options.config.rules[rule].level { levels[index] = level }
            }
            let syntax = PlaceholderSyntax(for: item.format)
            var expander =
                switch syntax {
                case .android: androidExpander
                case .gettext: gettextExpander
                case .apple: appleExpander
                }
            let entrySamples = options.config.placeholderSamples(for: ruleEntry, rules: matching)
            if entrySamples != samples {
                if let known = customExpanders[syntax]?[entrySamples] {
                    expander = known
                } else {
                    expander = PlaceholderExpander(syntax: syntax, samples: entrySamples)
                    customExpanders[syntax, default: [:]][entrySamples] = expander
                }
            }
            let text = expander.expand(entry.text).text
            for constraint in constraints(settings, allContentSizes: options.allContentSizes, platform: platform) {
                let cascadeResult = cascade(for: fontLocale, textStyle: constraint.textStyle)
                guard case .success(let cascadeNumber) = cascadeResult else {
                    if case .failure(let error) = cascadeResult {
                        report.failed.append(FailedEntry(entry: entry, message: "\(error)"))
                    }
                    continue nextEntry
                }
                jobs.append(
                    MeasureJob(
                        entry: index, text: text, constraint: constraint, cascade: cascadeNumber,
                        language: languageTag(languageLocale)))
                if let sourceText = entry.sourceText, entry.locale != item.sourceLocale,
                    case .success(let sourceCascade) = cascade(for: item.sourceLocale, textStyle: constraint.textStyle)
                {
                    let expanded = expander.expand(sourceText).text
                    jobs.append(
                        MeasureJob(
                            entry: index, text: expanded, constraint: constraint,
                            cascade: sourceCascade,
                            language: languageTag(item.sourceLocale),
                            sourceOf: jobs.count - 1))
                }
            }
        }

        let cascades = try cascadePlans.map { try fonts.cascade($0) }
        let measured = try measure(
            jobs, cascades: cascades, options: options, entries: entries.map(\.entry),
            measuredFiles: Set(report.files.map(\.path)), progress: progress)
        // After measuring: with a database, the measurers have found the fonts' digests there (or hashed them and
        // recorded them), so a rerun reads no font file to name it.
        let sets = fontSets(
            used: cascadeIndex.compactMapValues { try? $0.get() }, plans: cascadePlans,
            cascades: cascades, resolver: fonts, platform: platform, threads: options.threads)
        report.fontSets = sets.map(\.set)
        report.warnings = Array(Set(report.fontSets.compactMap(\.standIn))).sorted()
        // Entries name their font set by position (`fontSets` leaves out cascades no request got).
        let setOfCascade = Dictionary(uniqueKeysWithValues: sets.enumerated().map { ($0.element.cascade, $0.offset) })
        let natural = try naturalWidths(jobs, sizes: measured.sizes, cascades: cascades, options: options)

        // Source widths: the source locale's own entries, and XLIFF `<source>` texts.
        var sourceWidths = SourceWidthIndex()
        var xliffSourceWidth: [Int: Double] = [:]
        for (number, job) in jobs.enumerated() {
            let item = entries[job.entry]
            if let target = job.sourceOf {
                xliffSourceWidth[target] = natural[number]
            } else if item.entry.locale == item.sourceLocale {
                sourceWidths.add(
                    group: item.group, key: item.entry.key, variant: item.entry.variant,
                    contentSize: job.constraint.contentSize, width: natural[number])
            }
        }
        let missingGlyphs = missingGlyphFailures(jobs, sizes: measured.sizes, cascades: cascades)
        for index in missingGlyphs.keys.sorted() {
            report.failed.append(FailedEntry(entry: entries[index].entry, message: missingGlyphs[index]!))
        }
        for (number, (job, size)) in zip(jobs, measured.sizes).enumerated()
        where job.sourceOf == nil && missingGlyphs[job.entry] == nil {
            let item = entries[job.entry]
            let sourceWidth =
                item.entry.locale == item.sourceLocale
                ? nil
                : xliffSourceWidth[number]
                    ?? sourceWidths.width(
                        group: item.group, key: item.entry.key,
                        variant: item.entry.variant,
                        contentSize: job.constraint.contentSize)
            var row = MeasuredEntry(
                entry: item.entry, measuredText: job.text, constraint: job.constraint,
                width: size.width, height: size.height, lines: size.lineCount,
                naturalWidth: natural[number], sourceWidth: sourceWidth,
                fromDatabase: measured.fromDatabase[number])
            row.level = levels[job.entry]
            row.fontSet = setOfCascade[job.cascade]
            report.entries.append(row)
        }
        report.platform = platform?.rawValue
        report.ruleMatches = options.config.rules.enumerated().map { number, rule in
            CatalogRuleMatch(
                number: number + 1, keys: rule.keys.description, skip: rule.skip,
                matches: ruleMatchCounts[number])
        }

        if options.budget {
            report.budget = try budgetRows(
                jobs, entries: entries, failed: report.failed,
                failedEntries: Set(missingGlyphs.keys), cascades: cascades,
                options: options)
        }
        return Result(
            report: report, measured: measured.measuredCount, cached: measured.cachedCount,
            warnings: report.warnings + skippedLinkWarnings(found.skippedLinks)
                + passedOverWarnings(
                    found.passedOverFolders, foundNothing: found.sources.isEmpty && found.errors.isEmpty)
                + pseudo.warnings
                + defaultLocaleWarnings(unplacedFiles, locale: options.defaultLocale)
                + options.config.unusedParts(for: entries.map(\.entry)))
    }

    /// One warning per file whose entries were measured in the default locale because neither its folder
    /// (`de.lproj`, `values-de`), nor its name (`app_de.arb`, `messages.de.xlf`), nor its content (`@@locale`, a
    /// `Language` header, `target-language`) says which locale it is in — `strings.arb`, `app_ckb.arb` (Flutter's
    /// `gen-l10n` refuses both), a `.strings` file outside a locale folder — up to `skippedLinksNamed`, then how
    /// many more: measured as English, a Kurdish or Chinese file would take English fonts unsaid.
    static func defaultLocaleWarnings(_ files: [String], locale: String) -> [String] {
        var warnings = files.prefix(skippedLinksNamed).map {
            "measured \($0) as \(locale) (--default-locale): neither its folder, its name nor its content says "
                + "its locale"
        }
        if files.count > skippedLinksNamed {
            warnings.append(
                "measured \(files.count - skippedLinksNamed) more files as \(locale) (--default-locale): nothing "
                    + "says their locale")
        }
        return warnings
    }

    /// Shown at most for this many skipped links by name; the rest are counted.
    static let skippedLinksNamed = 20

    /// One warning per symbolic link discovery passed over (by the link's path, never its target), up to
    /// `skippedLinksNamed`, then how many more.
    static func skippedLinkWarnings(_ links: [String]) -> [String] {
        var warnings = links.prefix(skippedLinksNamed).map {
            "skipped the symbolic link \($0): it leads outside the folders given (--follow-symlinks follows it)"
        }
        if links.count > skippedLinksNamed {
            warnings.append(
                "skipped \(links.count - skippedLinksNamed) more symbolic links that lead outside the "
                    + "folders given")
        }
        return warnings
    }

    /// When discovery found no catalog at all, one warning naming the build-output and package-cache folders it
    /// passed over (up to `skippedLinksNamed`, then how many more): a repository whose only catalogs are vendored SDK
    /// bundles under `Pods/` or `Carthage/` otherwise says just "no catalog files found". Nothing when catalogs were
    /// found: those folders are passed over by design.
    static func passedOverWarnings(_ folders: [String], foundNothing: Bool) -> [String] {
        guard foundNothing, !folders.isEmpty else { return [] }
        var named = folders.prefix(skippedLinksNamed).joined(separator: ", ")
        if folders.count > skippedLinksNamed { named += " and \(folders.count - skippedLinksNamed) more" }
        return [
            "passed over \(named): build output and package caches are searched only when named "
                + "(measure catalog \(folders[0]))"
        ]
    }

    /// Each job's natural width: its measured width where it took one line per hard break (wrapping changed
    /// nothing), else its width measured again without a width limit — in the same fonts, size and attributes.
    static func naturalWidths(
        _ jobs: [MeasureJob], sizes: [TextSize], cascades: [FontCascade],
        options: CatalogRunOptions
    ) throws -> [Double] {
        var widths = sizes.map(\.width)
        var groups: [MeasureGroupKey: [Int]] = [:]
        for (number, job) in jobs.enumerated() where sizes[number].lineCount > 1 {
            var key = MeasureGroupKey(job)
            key.width = 0
            key.textStyle = nil
            key.contentSize = nil
            groups[key, default: []].append(number)
        }
        for (key, members) in groups {
            let measurer = TextMeasurer(
                cascade: cascades[key.cascade], pointSize: key.pointSize,
                options: MeasureOptions(
                    maxWidth: 0, usesFontFeatures: !options.plain,
                    attributes: try measuringAttributes(key.attributes), language: key.language))
            let unwrapped = measurer.measureBatch(members.map { jobs[$0].text }, threads: options.threads)
            for (number, size) in zip(members, unwrapped) { widths[number] = size.width }
        }
        return widths
    }

    /// Parses every source, on up to `threads` threads, results in source order.
    static func parseAll(_ sources: [CatalogSource], threads: Int) -> [Swift.Result<CatalogDocument, CatalogError>] {
        let results = Locked<[Swift.Result<CatalogDocument, CatalogError>?]>(
            Array(repeating: nil, count: sources.count))
        let next = Atomic<Int>(0)
        DispatchQueue.concurrentPerform(iterations: max(1, min(threads, sources.count))) { _ in
            while true {
                let index = next.wrappingAdd(1, ordering: .relaxed).oldValue
                guard index < sources.count else { return }
                let outcome = Swift.Result<CatalogDocument, CatalogError> { () throws(CatalogError) in
                    try CatalogParsing.parse(sources[index])
                }
                results.withLock { $0[index] = outcome }
            }
        }
        return results.withLock { $0.map { $0! } }
    }

    /// The boxes an entry with `settings` is measured in: one, or one per content size category when its size
    /// comes from a text style and every category was asked for.
    ///
    /// On Android a size is in `sp` and scales with the system font scale: one box per scale step with
    /// `allContentSizes`, else at the scale `contentSize` names (1.0 by default), labelled `×1.3` where iOS has a
    /// content size.
    static func constraints(
        _ settings: ConstraintSettings, allContentSizes: Bool,
        platform: CatalogPlatform? = nil
    ) -> [EntryConstraint] {
        let width = settings.width ?? 0
        // A line limit in the attributes is already this level's `maxLines` (CatalogConfigParser), the allowance the
        // whole text is compared with where a label would cut it (see `measuringAttributes`).
        let maxLines = settings.maxLines
        if platform == .android {
            let size = settings.size ?? CatalogPlatform.androidDefaultSize
            let scales =
                allContentSizes
                ? CatalogPlatform.androidFontScales
                : [settings.contentSize.flatMap(CatalogPlatform.androidScale(named:)) ?? 1.0]
            return scales.map { scale in
                EntryConstraint(
                    width: width, maxLines: maxLines, pointSize: size * scale,
                    contentSize: CatalogPlatform.scaleLabel(scale), attributes: settings.attributes)
            }
        }
        if let size = settings.size {
            return [EntryConstraint(width: width, maxLines: maxLines, pointSize: size, attributes: settings.attributes)]
        }
        let styleName = settings.textStyle ?? "body"
        guard let style = TextStyle(name: styleName) else { return [] }
        let categories: [ContentSizeCategory]
        if allContentSizes {
            categories = ContentSizeCategory.allCases
        } else {
            categories = [ContentSizeCategory(name: settings.contentSize ?? "L") ?? .large]
        }
        return categories.map { category in
            EntryConstraint(
                width: width, maxLines: maxLines, pointSize: DynamicTypeSizes.pointSize(style, category),
                textStyle: styleName, contentSize: category.shortName, attributes: settings.attributes)
        }
    }

    /// The attributes an entry is measured with: its config's, without the line limits (`numberOfLines`,
    /// `maxHeight`, `truncatesLastVisibleLine`), which become its allowance instead, and wrapping by word where the
    /// config clips or truncates — a cut-off text must count as overflowing, not as fitting in the lines it was cut
    /// to.
    static func measuringAttributes(_ json: String?) throws -> TextAttributes {
        guard let json else { return TextAttributes() }
        var attributes = try TextAttributes(json: json)
        attributes.numberOfLines = 0
        attributes.maxHeight = 0
        attributes.truncatesLastVisibleLine = false
        // A clipping or truncating mode would keep each paragraph on one line and hide the overflow; the lint wraps.
        if !attributes.paragraph.lineBreakMode.wraps { attributes.paragraph.lineBreakMode = .byWordWrapping }
        return attributes
    }

    /// Checks the names of a settings level against the Dynamic Type table, and its attributes.
    /// Checks one level of settings (`level` names a config rule in messages; nil is the merged top level): widths
    /// and sizes within `MeasureLimits`, as the command line's and the Swift API's, attributes that a config may
    /// set, known style and size names.
    static func validate(_ settings: ConstraintSettings, level: String?, platform: CatalogPlatform? = nil)
        throws(CatalogRunError)
    {
        let prefix = level.map { $0 + ": " } ?? ""
        if platform == .android {
            if let style = settings.textStyle {
                throw .platformSetting(
                    prefix + "the text style \"\(style)\" is iOS's Dynamic Type; Android sizes are "
                        + "in sp: give \"size\" (or --size), 14 sp by default")
            }
            if let size = settings.contentSize, CatalogPlatform.androidScale(named: size) == nil {
                throw .platformSetting(
                    prefix + "\"\(size)\" is not an Android font scale (0.85, 1.0, 1.15, 1.3, 1.5, "
                        + "1.8, 2.0)")
            }
        } else if let size = settings.contentSize, ContentSizeCategory(name: size) == nil {
            throw .unknownContentSize(size)
        }
        // Named where the config wrote it, when it did (as the parser names a value of the wrong type).
        func placed(_ place: String?) -> String { place.map { $0 + ": " } ?? "" }
        if let width = settings.width, let problem = MeasureLimits.positiveLengthProblem("\"width\"", width) {
            throw .outOfRange(placed(settings.places.width) + prefix + problem)
        }
        if let size = settings.size, let problem = MeasureLimits.pointSizeProblem("\"size\"", size) {
            throw .outOfRange(placed(settings.places.size) + prefix + problem)
        }
        if let json = settings.attributes {
            let attributes: TextAttributes
            do {
                attributes = try TextAttributes(json: json)
            } catch {
                throw .invalidAttributes(error.message)
            }
            // Runs are ranges of one particular string; a config rule applies to many.
            guard attributes.runs.isEmpty else {
                throw .invalidAttributes("\"runs\" belong to one string and cannot be set in a catalog config")
            }
            guard attributes.maxHeight == 0 else {
                throw .invalidAttributes("\"maxHeight\" cannot be an allowance in a catalog config; use \"maxLines\"")
            }
        }
        if let style = settings.textStyle, TextStyle(name: style) == nil { throw .unknownTextStyle(style) }
    }
}
