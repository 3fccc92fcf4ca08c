import Foundation

/// Everything one `bench` run measured, with what is needed to compare it with another run: the engine version and
/// commit, when and on which machine, the exact corpora (by SHA-256) and the results of every suite.
///
/// This is the `--json` output and the stored baseline format. Other tools read it, so the property names are the JSON
/// keys and must not change; add fields rather than rename them. `jsonData()` writes it with sorted keys and pretty
/// printing so that two runs diff line by line.
public struct BenchReport: Codable, Sendable, Equatable {
    /// The program that wrote the report: `"bench"`.
    public var tool: String
    /// The measuring engine's version, e.g. `"0.1.0"`.
    public var engineVersion: String
    /// The git commit the engine was built from, or `"unknown"`.
    public var commit: String
    /// When the run started, ISO 8601 in UTC, e.g. `"2026-12-01T04:40:00Z"` (see `timestamp(_:)`).
    public var date: String
    /// The machine the run happened on; wall-clock figures only compare on the same one.
    public var machine: MachineInfo
    /// The corpora measured; their hashes tell whether two reports measured the same text.
    public var corpora: [CorpusInfo]
    /// Timed repetitions per suite (after the warm-up).
    public var repetitions: Int
    /// Whether this was a `--quick` run (fewer threads and repetitions).
    public var quick: Bool
    /// Whether this was a `--plain` run (no kerning or ligatures): its counters and speeds are not the default
    /// mode's. False in reports written before the field existed, which were all default-mode runs.
    public var plain: Bool
    /// One result per measuring suite (`kind` "measure"), in the order they ran. Within this array a suite is
    /// identified by `corpus`, `width`, `cache` and `threads` alone, which is what other tools rely on.
    public var suites: [SuiteResult]
    /// The other suites — re-layout of prepared text, size-database writes, lookups and memoized runs — in the same
    /// shape, told apart by `kind`. Kept out of `suites` so that no tool picking a suite by corpus, width, cache and
    /// threads can take one of these for a measuring suite. Metrics a kind does not measure are 0.
    public var otherSuites: [SuiteResult]

    /// Every suite, measuring suites first.
    public var allSuites: [SuiteResult] { suites + otherSuites }

    private enum CodingKeys: String, CodingKey {
        case tool, engineVersion, commit, date, machine, corpora, repetitions, quick, plain, suites, otherSuites
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        tool = try container.decode(String.self, forKey: .tool)
        engineVersion = try container.decode(String.self, forKey: .engineVersion)
        commit = try container.decode(String.self, forKey: .commit)
        date = try container.decode(String.self, forKey: .date)
        machine = try container.decode(MachineInfo.self, forKey: .machine)
        corpora = try container.decode([CorpusInfo].self, forKey: .corpora)
        repetitions = try container.decode(Int.self, forKey: .repetitions)
        quick = try container.decode(Bool.self, forKey: .quick)
        plain = try container.decodeIfPresent(Bool.self, forKey: .plain) ?? false
        suites = try container.decode([SuiteResult].self, forKey: .suites)
        // Reports written before `otherSuites` existed have none.
        otherSuites = try container.decodeIfPresent([SuiteResult].self, forKey: .otherSuites) ?? []
    }

    public init(
        tool: String = "bench", engineVersion: String, commit: String, date: String, machine: MachineInfo,
        corpora: [CorpusInfo], repetitions: Int, quick: Bool, plain: Bool = false, suites: [SuiteResult],
        otherSuites: [SuiteResult] = []
    ) {
        self.plain = plain
        self.otherSuites = otherSuites
        self.tool = tool
        self.engineVersion = engineVersion
        self.commit = commit
        self.date = date
        self.machine = machine
        self.corpora = corpora
        self.repetitions = repetitions
        self.quick = quick
        self.suites = suites
    }

    /// The report as JSON: pretty printed, keys sorted, slashes unescaped, ending in a newline, so the same report
    /// always gives the same bytes. Throws if a number is not finite (JSON has no NaN or infinity).
    public func jsonData() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        var data = try encoder.encode(self)
        data.append(UInt8(ascii: "\n"))
        return data
    }

    /// Reads a report written by `jsonData()` (or by any tool writing the same keys).
    public init(jsonData: Data) throws {
        self = try JSONDecoder().decode(BenchReport.self, from: jsonData)
    }

    /// `date` as the report spells it: ISO 8601, UTC, whole seconds, e.g. `"2026-12-01T04:40:00Z"`.
    public static func timestamp(_ date: Date) -> String {
        date.formatted(Date.ISO8601FormatStyle(timeZone: .gmt))
    }

    /// The suite with the given `SuiteResult.id`, if the report has it.
    public func suite(id: String) -> SuiteResult? {
        allSuites.first { $0.id == id }
    }
}
