/// A figure of a suite that a baseline comparison checks. Raw values are the `SuiteResult` JSON keys.
///
/// Metrics fall in two families: wall-clock ones (throughput, latency, peak RSS), which move with the machine's
/// load and are compared loosely, and deterministic counters (allocations, bytes, glyph-cache misses, segment-cache
/// misses), which on one thread are exactly repeatable for the same corpus and code and are compared strictly.
public enum BenchMetric: String, CaseIterable, Codable, Sendable {
    case stringsPerSecond
    case charsPerSecond
    case latencyP50
    case latencyP90
    case latencyP99
    case latencyMax
    case peakRSSBytes
    case allocations
    case bytesAllocated
    case freeTypeCalls
    case segmentCacheMisses

    /// Whether a larger value is an improvement (throughputs) rather than a regression (everything else).
    public var higherIsBetter: Bool {
        self == .stringsPerSecond || self == .charsPerSecond
    }

    /// Whether the metric counts events rather than timing them: exactly repeatable on one thread.
    public var isDeterministicCounter: Bool {
        switch self {
        case .allocations, .bytesAllocated, .freeTypeCalls, .segmentCacheMisses: true
        default: false
        }
    }

    /// The metric's value in a suite.
    public func value(in suite: SuiteResult) -> Double {
        switch self {
        case .stringsPerSecond: suite.stringsPerSecond
        case .charsPerSecond: suite.charsPerSecond
        case .latencyP50: suite.latencyP50
        case .latencyP90: suite.latencyP90
        case .latencyP99: suite.latencyP99
        case .latencyMax: suite.latencyMax
        case .peakRSSBytes: Double(suite.peakRSSBytes)
        case .allocations: Double(suite.allocations)
        case .bytesAllocated: Double(suite.bytesAllocated)
        case .freeTypeCalls: Double(suite.freeTypeCalls)
        case .segmentCacheMisses: Double(suite.segmentCacheMisses)
        }
    }

    /// A value of this metric with its unit, as the comparison lines print it: `1.23M strings/s`, `84.2 µs`,
    /// `45.2 MB`, `1,234 allocations`.
    public func format(_ value: Double) -> String {
        switch self {
        case .stringsPerSecond: BenchFormat.si(value) + " strings/s"
        case .charsPerSecond: BenchFormat.si(value) + " chars/s"
        case .latencyP50, .latencyP90, .latencyP99, .latencyMax: BenchFormat.microseconds(value) + " µs"
        case .peakRSSBytes:
            value.isFinite && value.magnitude < 9e18 ? BenchFormat.megabytes(Int(value.rounded())) + " MB" : "n/a"
        case .allocations, .bytesAllocated, .freeTypeCalls, .segmentCacheMisses:
            value.isFinite && value.magnitude < 9e18 ? BenchFormat.grouped(Int(value.rounded())) : "n/a"
        }
    }
}
