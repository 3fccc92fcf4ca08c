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
    /// One result per suite, in the order they ran.
    public var suites: [SuiteResult]

    public init(tool: String = "bench", engineVersion: String, commit: String, date: String, machine: MachineInfo,
                corpora: [CorpusInfo], repetitions: Int, quick: Bool, suites: [SuiteResult]) {
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
        suites.first { $0.id == id }
    }
}
