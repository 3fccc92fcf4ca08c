import Foundation

/// The processor time the calling thread has used, from the kernel's per-thread clock
/// (`CLOCK_THREAD_CPUTIME_ID`): what a worker spent on a core, not the wall time it took.
///
/// A pass's workers read it at their start and end. Their summed times against the pass's wall time tell the two
/// ways a parallel pass falls short of its thread count apart: a worker waiting (its time is not counted) and a
/// worker running slower than one thread alone (the same work takes more processor time) — `SuiteResult.busyShare`
/// and `SuiteResult.cpuGrowth`. On a virtual machine the time a host takes from the guest may count as the thread's.
enum ThreadCPUClock {
    /// Seconds of processor time the calling thread has used since it started; 0 if the clock cannot be read.
    static func now() -> Double {
        var time = timespec()
        guard clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time) == 0 else { return 0 }
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }
}
