import ArgumentParsing
import Foundation
import Measure

/// `--threads N` of `batch` and `compare`: 1 or more, all cores by default, and at most
/// `MeasureLimits.maximumThreads` — a larger count is lowered to that with a note on stderr rather than refused, since
/// the answer does not depend on it, while each thread holds about a megabyte of buffers (100,000 threads would ask
/// for a hundred gigabytes).
struct ThreadsArgument {
    /// The thread count to use.
    let count: Int
    /// The note to print when the count asked for was lowered, or nil.
    let note: String?

    /// Reads `--threads` from `values`.
    init(_ values: ParsedValues) throws(UsageError) {
        let asked = try values.int("threads") ?? ProcessInfo.processInfo.activeProcessorCount
        guard asked >= 1 else { throw UsageError("--threads must be 1 or more, got \(asked)") }
        count = min(asked, MeasureLimits.maximumThreads)
        note =
            asked > count
            ? "note: --threads \(asked) lowered to \(count), the most a run uses (this machine has "
                + "\(ProcessInfo.processInfo.activeProcessorCount) cores)\n"
            : nil
    }
}
