import Cache
import Catalogs
import Measure
import MeasureStore

extension CatalogRun {
    /// Sizes for every job, in job order, and where each came from.
    struct Measured {
        var sizes: [TextSize]
        var fromDatabase: [Bool]
        var measuredCount = 0
        var cachedCount = 0
    }

    /// Texts per measuring step: small enough for a lively progress line, large enough that each step keeps every
    /// thread busy and the database writes one transaction per step.
    static let stepSize = 4096

    /// Measures the jobs group by group (one font cascade, language, size, width and label set each), each group on
    /// `options.threads` threads whose sessions (and caches) last the whole group. With a database, sizes already
    /// stored are read instead of measured, new ones stored, and every entry's record (key, locale, file, variant,
    /// content size → settings and text) written.
    /// - Parameter measuredFiles: The files that parsed in this run, whose database records are replaced by this
    ///   run's (stale ones removed).
    static func measure(
        _ jobs: [MeasureJob], cascades: [FontCascade], options: CatalogRunOptions,
        entries: [CatalogEntry], measuredFiles: Set<String>,
        progress: ((CatalogProgress) -> Void)?
    ) throws -> Measured {
        var result = Measured(
            sizes: Array(repeating: TextSize(width: 0, height: 0, lineCount: 0), count: jobs.count),
            fromDatabase: Array(repeating: false, count: jobs.count))
        var groups: [MeasureGroupKey: [Int]] = [:]
        var order: [MeasureGroupKey] = []
        for (index, job) in jobs.enumerated() {
            let key = MeasureGroupKey(job)
            if groups[key] == nil { order.append(key) }
            groups[key, default: []].append(index)
        }
        let store = try options.databasePath.map { path throws(SizeStoreError) in try SizeStore(path: path) }
        defer { store?.close() }
        var recorded = Set<CatalogEntryIdentity>()
        var done = 0
        progress?(CatalogProgress(done: 0, total: jobs.count))
        for key in order {
            let members = groups[key]!
            // The attributes were checked when the run started (`validate`), so they parse here.
            let attributes = try measuringAttributes(key.attributes)
            let measurer = TextMeasurer(
                cascade: cascades[key.cascade], pointSize: key.pointSize,
                options: MeasureOptions(
                    maxWidth: key.width, usesFontFeatures: !options.plain, attributes: attributes,
                    language: key.language))
            // Made on first use: with a database most groups of a run over catalogs that changed little measure
            // nothing, and a batch measurer's sessions (each font's tables) cost more than their lookups.
            var made: BatchMeasurer?
            func batch() -> BatchMeasurer {
                if let made { return made }
                let batch = BatchMeasurer(measurer: measurer, threads: min(options.threads, max(1, members.count / 64)))
                made = batch
                return batch
            }
            let memo = try store.map { store in
                try MemoizingMeasurer(
                    measurer: measurer, plain: options.plain, store: store,
                    labels: SettingsLabels(
                        textStyle: key.textStyle ?? "",
                        contentSize: key.contentSize ?? ""))
            }
            var start = 0
            while start < members.count {
                let step = members[start..<min(start + stepSize, members.count)]
                let texts = step.map { ArraySlice(jobs[$0].text.utf8) }
                let sizes: [TextSize]
                if let memo {
                    let memoized = try memo.measureBatch(utf8: texts) { batch().measure(utf8: $0) }
                    sizes = memoized.sizes
                    result.measuredCount += memoized.measured
                    result.cachedCount += memoized.cached
                    for index in step { result.fromDatabase[index] = true }
                    for measuredNow in memoized.measuredIndices {
                        result.fromDatabase[step[step.startIndex + measuredNow]] = false
                    }
                    let records = step.filter { jobs[$0].sourceOf == nil }.map { index in
                        let job = jobs[index], entry = entries[job.entry]
                        let allowed = job.constraint.allowedLines(for: job.text)
                        return CatalogEntryRecord(
                            key: entry.key, locale: entry.locale, file: entry.fileAndTable, variant: entry.variant,
                            contentSize: job.constraint.contentSize ?? "", settings: memo.settings, text: job.text,
                            allowedLines: allowed == Int.max ? nil : allowed)
                    }
                    try memo.store.recordCatalogEntries(records)
                    recorded.formUnion(records.map(\.identity))
                } else {
                    sizes = batch().measure(utf8: texts)
                    result.measuredCount += texts.count
                }
                for (index, size) in zip(step, sizes) { result.sizes[index] = size }
                done += step.count
                start += step.count
                progress?(CatalogProgress(done: done, total: jobs.count))
            }
        }
        if let store {
            // Records of these files that this run did not write describe entries the catalogs no longer have.
            // Under --shard, the records of other shards' entries are theirs to prune, not this run's.
            try store.pruneCatalogEntries(files: measuredFiles, keeping: recorded) { isInShard($0, options: options) }
        }
        return result
    }
}
