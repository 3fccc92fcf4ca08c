import Catalogs
import Dispatch
import Locking
import Measure

/// The width budget of a run (`--budget`).
///
/// For each catalog group, key, variant and content size: the least width at which every measured translation fits
/// the lines it may take, with the translation that needs it. Each translation's width comes from its own text
/// measured once in its own fonts, size, language and attributes (`TextMeasurer.prepare`) and fitted at as many
/// widths as `NeededWidthSearch` asks for; the row takes the largest.
///
/// What "fits" means: taking no more lines than allowed (a number, or one line per hard line break; with
/// `--max-lines 0` any number) *without breaking a word between its characters* (`WordBreakCheck`). The line count
/// is what the overflow check counts, so `measure catalog --width W` with a row's width reports none of its
/// translations as overflowing; the word rule is what a designer needs on top of it — `byWordWrapping` would fit
/// "Rückerstattung" in two lines at half its width as "Rückerst|attung", which no one would sign off, and with
/// unlimited lines every width fits by count alone, so there the budget is the widest word.
///
/// Nothing is dropped: a translation that cannot be measured (its entry is in the report's `failed` list) is named
/// in its rows' `failedLocales`, and one whose hard line breaks alone exceed its lines makes the row's width nil.
/// Entries measured with paragraph attributes cannot be prepared (`MeasureSession.prepare` is for plain text), so
/// they are laid out by a measurer made for each probe width instead (slower, the same search).
extension CatalogRun {
    /// The budget rows of `jobs` (after measuring): `failedEntries` are the indices of entries that could not be
    /// measured.
    static func budgetRows(
        _ jobs: [MeasureJob],
        entries: [(entry: CatalogEntry, group: String, sourceLocale: String, format: CatalogFormat)],
        failed: [FailedEntry], failedEntries: Set<Int>, cascades: [FontCascade],
        options: CatalogRunOptions
    ) throws -> [BudgetRow] {
        let measurable = jobs.indices.filter { failedEntries.isEmpty || !failedEntries.contains(jobs[$0].entry) }
        let needed = try neededWidths(jobs, members: measurable, cascades: cascades, options: options)

        struct RowKey: Hashable {
            var group: String
            var key: String
            var variant: String
            var contentSize: String?
        }
        var order: [RowKey] = []
        var candidates: [RowKey: [Int]] = [:]
        var sourceNeeded = SourceWidthIndex()
        var xliffSourceNeeded: [Int: Double] = [:]
        // Keys whose every translation failed have no member; their rows say so (nothing is dropped).
        let failedOnly = Set(jobs.indices).subtracting(measurable)
        var firstFailedJob: [RowKey: Int] = [:]
        for number in jobs.indices {
            let job = jobs[number], item = entries[job.entry]
            if failedOnly.contains(number) {
                guard job.sourceOf == nil else { continue }
                let key = RowKey(
                    group: item.group, key: item.entry.key, variant: item.entry.variant,
                    contentSize: job.constraint.contentSize)
                if candidates[key] == nil {
                    order.append(key)
                    candidates[key] = []
                }
                if firstFailedJob[key] == nil { firstFailedJob[key] = number }
                continue
            }
            guard let width = needed[number] else { continue }
            if let target = job.sourceOf {
                if let width { xliffSourceNeeded[target] = width }
                continue
            }
            if item.entry.locale == item.sourceLocale && item.entry.pseudo == nil, let width {
                sourceNeeded.add(
                    group: item.group, key: item.entry.key, variant: item.entry.variant,
                    contentSize: job.constraint.contentSize, width: width)
            }
            let key = RowKey(
                group: item.group, key: item.entry.key, variant: item.entry.variant,
                contentSize: job.constraint.contentSize)
            if candidates[key] == nil { order.append(key) }
            candidates[key, default: []].append(number)
        }

        // Locales whose entry of a group, key and variant failed.
        var groupOfFile: [String: String] = [:]
        for item in entries { groupOfFile[item.entry.fileAndTable] = item.group }
        struct FailedKey: Hashable {
            var group: String
            var key: String
            var variant: String
        }
        var failedLocales: [FailedKey: [String]] = [:]
        for failure in failed {
            let entry = failure.entry
            let key = FailedKey(
                group: groupOfFile[entry.fileAndTable] ?? entry.fileAndTable, key: entry.key,
                variant: entry.variant)
            if !(failedLocales[key]?.contains(entry.locale) ?? false) {
                failedLocales[key, default: []].append(entry.locale)
            }
        }

        return order.map { key in
            let members = candidates[key] ?? []
            let failedHere = failedLocales[FailedKey(group: key.group, key: key.key, variant: key.variant)] ?? []
            guard !members.isEmpty else {
                // Every translation failed (no font for its characters): no width, and the locales that failed. (A
                // key without members was put in `order` by a failed job, which `firstFailedJob` keeps.)
                let job = jobs[firstFailedJob[key] ?? 0]
                let allowed = job.constraint.allowedLines(for: job.text)
                return BudgetRow(
                    catalog: key.group, key: key.key, variant: key.variant, contentSize: key.contentSize,
                    pointSize: job.constraint.pointSize, allowedLines: allowed == Int.max ? nil : allowed,
                    neededWidth: nil, locale: nil, text: nil, sourceNeededWidth: nil, translations: 0,
                    failedLocales: failedHere)
            }
            // The widest translation; one that cannot fit at all (nil) outweighs every width; ties keep input order.
            var setter = members[0]
            for number in members.dropFirst() {
                switch (needed[setter]!, needed[number]!) {
                case (.some(let best), .some(let width)) where width > best: setter = number
                case (.some, .none): setter = number
                default: break
                }
            }
            let job = jobs[setter], item = entries[job.entry]
            let allowed = job.constraint.allowedLines(for: job.text)
            let source =
                members.lazy.compactMap { xliffSourceNeeded[$0] }.first
                ?? sourceNeeded.width(
                    group: key.group, key: key.key, variant: key.variant,
                    contentSize: key.contentSize)
            return BudgetRow(
                catalog: key.group, key: key.key, variant: key.variant, contentSize: key.contentSize,
                pointSize: job.constraint.pointSize, allowedLines: allowed == Int.max ? nil : allowed,
                neededWidth: needed[setter]!, locale: item.entry.locale, pseudo: item.entry.pseudo, text: job.text,
                sourceNeededWidth: source, translations: members.count, failedLocales: failedHere)
        }
    }

    /// Each member job's needed width (`.some(nil)`: it cannot fit at any width), indexed by job number; jobs not
    /// among `members` are nil. Jobs are grouped by what they are measured with (fonts, size, language,
    /// attributes), and each group's jobs are shared among `options.threads` sessions.
    static func neededWidths(
        _ jobs: [MeasureJob], members: [Int], cascades: [FontCascade],
        options: CatalogRunOptions
    ) throws -> [Double??] {
        var groups: [MeasureGroupKey: [Int]] = [:]
        var order: [MeasureGroupKey] = []
        for number in members {
            var key = MeasureGroupKey(jobs[number])
            key.width = 0
            key.textStyle = nil
            key.contentSize = nil
            if groups[key] == nil { order.append(key) }
            groups[key, default: []].append(number)
        }
        let results = Locked<[Double??]>(Array(repeating: nil, count: jobs.count))
        for key in order {
            let numbers = groups[key]!
            let measurer = TextMeasurer(
                cascade: cascades[key.cascade], pointSize: key.pointSize,
                options: MeasureOptions(
                    maxWidth: 0, usesFontFeatures: !options.plain,
                    attributes: try measuringAttributes(key.attributes), language: key.language))
            let workers = max(1, min(options.threads, MeasureLimits.maximumThreads, numbers.count / 16))
            let sessions = measurer.makeSessions(workers)
            DispatchQueue.concurrentPerform(iterations: workers) { worker in
                var found: [(Int, Double?)] = []
                for index in stride(from: worker, to: numbers.count, by: workers) {
                    let job = jobs[numbers[index]]
                    found.append(
                        (
                            numbers[index],
                            neededWidth(
                                of: job.text,
                                allowedLines: job.constraint
                                    .allowedLines(for: job.text), session: sessions[worker])
                        ))
                }
                results.withLock { results in
                    for (number, width) in found { results[number] = .some(width) }
                }
            }
        }
        return results.withLock { $0 }
    }

    /// The least width at which `text` fits `allowedLines` lines (`Int.max`: any number) without breaking a word,
    /// in `session`'s fonts and options; nil when its hard line breaks alone take more lines.
    static func neededWidth(of text: String, allowedLines: Int, session: MeasureSession) -> Double? {
        let measurer = session.measurer
        let check = WordBreakCheck(text, options: measurer.options.lineBreaking)
        func outcome(_ layout: TextLayout) -> NeededWidthSearch.Probe {
            .init(
                fits: layout.size.lineCount <= allowedLines && check.breaksOnlyBetweenWords(layout.lines),
                width: layout.size.width)
        }
        if measurer.options.attributes.isPlain {
            let prepared = session.prepare(text)
            let natural = prepared.fit(maxWidth: 0)
            guard natural.lineCount <= allowedLines else { return nil }
            return NeededWidthSearch.leastWidth(natural: natural.width) { outcome(prepared.layout(maxWidth: $0)) }
        }
        let natural = session.measure(text, maxWidth: 0)
        guard natural.lineCount <= allowedLines else { return nil }
        return NeededWidthSearch.leastWidth(natural: natural.width) { width in
            var options = measurer.options
            // Widths past the largest box length are never probed: the measurer refuses them, no screen has them.
            options.maxWidth = min(width, MeasureLimits.maximumLength)
            return outcome(
                TextMeasurer(
                    cascade: measurer.cascade, pointSize: measurer.pointSize, options: options,
                    segmentCacheBytes: 0
                ).layout(text))
        }
    }
}
