/// One column of the results table, shared by the terminal, Markdown and HTML outputs so that all three show the
/// same figures spelled the same way.
struct ReportColumn: Sendable {
    /// The column heading, with its unit.
    let header: String
    /// Whether the column holds numbers (right-aligned) rather than text.
    let numeric: Bool
    /// The cell text for a suite.
    let cell: @Sendable (SuiteResult) -> String

    /// The table's columns, left to right: suite id; strings/s median and range; chars/s median; share of the
    /// limit (measuring suites); latency p50, p90, p99 and max in µs; peak RSS in MB; allocations and bytes
    /// allocated; glyph-cache misses; glyph- and segment-cache hit rates.
    static let all: [ReportColumn] = [
        ReportColumn(header: "suite", numeric: false) { $0.id },
        ReportColumn(header: "strings/s", numeric: true) { BenchFormat.si($0.stringsPerSecond) },
        ReportColumn(header: "min–max", numeric: true) {
            BenchFormat.si($0.stringsPerSecondMin) + "–" + BenchFormat.si($0.stringsPerSecondMax)
        },
        ReportColumn(header: "chars/s", numeric: true) { BenchFormat.si($0.charsPerSecond) },
        ReportColumn(header: "of limit", numeric: true) { $0.limitShare.map(BenchFormat.percent) ?? "–" },
        ReportColumn(header: "p50 µs", numeric: true) { BenchFormat.microseconds($0.latencyP50) },
        ReportColumn(header: "p90 µs", numeric: true) { BenchFormat.microseconds($0.latencyP90) },
        ReportColumn(header: "p99 µs", numeric: true) { BenchFormat.microseconds($0.latencyP99) },
        ReportColumn(header: "max µs", numeric: true) { BenchFormat.microseconds($0.latencyMax) },
        ReportColumn(header: "RSS MB", numeric: true) { BenchFormat.megabytes($0.peakRSSBytes) },
        ReportColumn(header: "allocs", numeric: true) { BenchFormat.grouped($0.allocations) },
        ReportColumn(header: "alloc B", numeric: true) { BenchFormat.si(Double($0.bytesAllocated)) },
        ReportColumn(header: "glyph miss", numeric: true) { BenchFormat.grouped($0.freeTypeCalls) },
        ReportColumn(header: "glyph hit", numeric: true) { BenchFormat.percent($0.glyphCacheHitRate) },
        ReportColumn(header: "seg hit", numeric: true) { BenchFormat.percent($0.segmentCacheHitRate) },
    ]

    /// The scaling table's columns, for the suites on more than one thread whose one-thread suite ran
    /// (`scalingSuites`): suite id; speed-up over one thread; the workers' busy share; the processor time the workers
    /// took over the one-thread worker's. Together they say where a speed-up short of the thread count went: workers
    /// waiting (busy under 100 %) or running slower (more processor time for the same work).
    static let scaling: [ReportColumn] = [
        ReportColumn(header: "suite", numeric: false) { $0.id },
        ReportColumn(header: "×t1", numeric: true) {
            $0.speedup.map { "×" + BenchFormat.fixed($0, decimals: 2) } ?? "–"
        },
        ReportColumn(header: "busy", numeric: true) { $0.busyShare.map(BenchFormat.percent) ?? "–" },
        ReportColumn(header: "CPU vs t1", numeric: true) {
            $0.cpuGrowth.map { BenchFormat.change(from: 1, to: 1 + $0) } ?? "–"
        },
    ]

    /// The suites the scaling table lists: those on more than one thread with a speed-up, in report order.
    static func scalingSuites(_ report: BenchReport) -> [SuiteResult] {
        report.allSuites.filter { $0.threads > 1 && $0.speedup != nil }
    }

    /// The header facts every output starts with, as (label, value) pairs in plain text: engine and commit, date,
    /// machine, corpora (with the first 12 hex digits of their SHA-256) and repetitions.
    static func facts(_ report: BenchReport) -> [(label: String, value: String)] {
        let machine = report.machine
        let corpora = report.corpora.map { corpus in
            "\(corpus.name) (\(BenchFormat.grouped(corpus.lines)) lines, \(BenchFormat.grouped(corpus.chars)) chars, "
                + "sha256 \(shortHash(corpus.sha256)))"
        }
        return [
            ("engine", "\(report.tool) \(report.engineVersion), commit \(report.commit)"),
            ("date", report.date),
            (
                "machine",
                "\(machine.cpuModel), \(machine.cores) cores, \(BenchFormat.gibibytes(machine.memoryBytes)), "
                    + machine.os
            ),
            ("corpora", corpora.isEmpty ? "none" : corpora.joined(separator: "; ")),
            ("repetitions", "\(report.repetitions)" + (report.quick ? " (quick run)" : "")),
        ]
    }

    /// The first 12 characters of a hash: enough to tell corpora apart at a glance.
    static func shortHash(_ hash: String) -> String {
        String(hash.prefix(12))
    }
}
