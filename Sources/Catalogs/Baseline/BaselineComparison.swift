/// A run's overflows against a baseline (`--baseline FILE`): which are new (these fail the run), how many the
/// baseline accepts, and which baseline records no longer overflow (the file can shrink).
public struct BaselineComparison: Sendable, Hashable {
    /// The baseline file's path, as given.
    public var file: String
    /// Overflows the baseline does not have, worst first.
    public var new: [MeasuredEntry]
    /// Overflows the baseline has.
    public var known: Int
    /// Baseline records of this run's files that no longer overflow (fixed, removed, or their text changed), sorted.
    public var fixed: [BaselineEntry]
    /// How many baseline records name a file this run did not read: neither new nor fixed. All of them at once
    /// usually means the paths differ — the catalogs moved, or the run started in another folder than the one that
    /// wrote the baseline — which makes every overflow look new.
    public var unreadRecords: Int
    /// The files those records name, as the baseline names them, sorted.
    public var unreadFiles: [String]
    /// Of `unreadFiles`, those this run found but could not read (its file errors).
    public var unreadableFiles: [String]

    /// A comparison; each parameter sets the property of the same name.
    public init(
        file: String, new: [MeasuredEntry], known: Int, fixed: [BaselineEntry], unreadRecords: Int = 0,
        unreadFiles: [String] = [], unreadableFiles: [String] = []
    ) {
        self.file = file
        self.new = new
        self.known = known
        self.fixed = fixed
        self.unreadRecords = unreadRecords
        self.unreadFiles = unreadFiles
        self.unreadableFiles = unreadableFiles
    }

    /// Compares `report`'s overflows with `baseline`. A record is fixed when this run measured its entry at its
    /// content size and found no overflow with its text, or when its entry is gone: the run read its file and
    /// measured its locale there, and no longer found the entry at any size. Records this run knows nothing about
    /// are neither new nor fixed: of files it did not read; of entries it could not measure or that a `skip` rule
    /// took out; at content sizes it did not measure the entry at (a baseline of `--content-size all` read by a run
    /// at one size); of locales it did not measure in the file (a pseudo-locale without `--pseudo`).
    public init(
        report: CatalogReport, baseline: CatalogBaseline, file: String, root: String,
        workingDirectory: String
    ) {
        let accepted = Set(baseline.entries)
        var seen = Set<BaselineEntry>()
        var new: [MeasuredEntry] = []
        var known = 0
        for measured in CatalogReport.worstFirst(report.entries) {
            let record = BaselineEntry(measured, root: root, workingDirectory: workingDirectory)
            if accepted.contains(record) {
                known += 1
                seen.insert(record)
            } else {
                new.append(measured)
            }
        }
        let files = Set(
            report.files.map { RelativePath.relative($0.path, to: root, workingDirectory: workingDirectory) })
        // An entry as the records name it without its size and text: file, table, locale, key, variant. Each file's
        // relative path made once (a run of every content size has tens of thousands of entries in a few files).
        var relativePaths: [String: String] = [:]
        func slot(_ entry: CatalogEntry) -> [String] {
            let file =
                relativePaths[entry.file]
                ?? {
                    let path = RelativePath.relative(entry.file, to: root, workingDirectory: workingDirectory)
                    relativePaths[entry.file] = path
                    return path
                }()
            return [file, entry.table ?? "", entry.locale, entry.key, entry.variant]
        }
        let unmeasured = Set(report.failed.map { slot($0.entry) } + report.entriesSkippedByRules.map(slot))
        var measuredSlots = Set<[String]>()
        var measuredSizes = Set<[String]>()
        var measuredLocales = Set<[String]>()
        for measured in report.entries {
            let entrySlot = slot(measured.entry)
            measuredSlots.insert(entrySlot)
            measuredSizes.insert(entrySlot + [measured.constraint.contentSize ?? ""])
            measuredLocales.insert([entrySlot[0], entrySlot[1], entrySlot[2]])
        }
        let fixed = baseline.entries.filter { record in
            let recordSlot = [record.file, record.table ?? "", record.locale, record.key, record.variant]
            guard !seen.contains(record), files.contains(record.file), !unmeasured.contains(recordSlot) else {
                return false
            }
            if measuredSizes.contains(recordSlot + [record.contentSize]) { return true }
            return !measuredSlots.contains(recordSlot)
                && measuredLocales.contains([record.file, record.table ?? "", record.locale])
        }
        let unread = baseline.entries.filter { !files.contains($0.file) }
        let unreadFiles = Set(unread.map(\.file)).sorted()
        let erred = Set(
            report.fileErrors.map { RelativePath.relative($0.file, to: root, workingDirectory: workingDirectory) })
        self.init(
            file: file, new: new, known: known, fixed: fixed, unreadRecords: unread.count, unreadFiles: unreadFiles,
            unreadableFiles: unreadFiles.filter { erred.contains($0) })
    }

    /// The new overflows by key, most first, then by key: `(key, count, locales)`.
    public var newByKey: [(key: String, count: Int, locales: [String])] {
        var byKey: [String: (count: Int, locales: [String])] = [:]
        for measured in new {
            var group = byKey[measured.entry.key, default: (0, [])]
            group.count += 1
            if !group.locales.contains(measured.entry.locale) { group.locales.append(measured.entry.locale) }
            byKey[measured.entry.key] = group
        }
        return byKey.map { (key: $0.key, count: $0.value.count, locales: $0.value.locales.sorted()) }
            .sorted { ($0.count, $1.key) > ($1.count, $0.key) }
    }
}
