import Locking
import Measure
import StreamJobs

/// What one worker thread of `measure stream` keeps from group to group: its job parser (with the parser's memo of
/// attribute objects) and a bounded LRU of sessions, one per measurer it has measured with, so each keeps its
/// buffers and segment cache warm for the next jobs with the same settings.
///
/// A worker is used by one thread at a time (its index in `StreamWorkers.map`); the lock is uncontended and there
/// only so the compiler can check that.
final class StreamWorker: Sendable {
    private struct State: Sendable {
        var parser = StreamJobParser()
        var sessions: LeastRecentlyUsed<Int, MeasureSession>
    }

    private let state: Locked<State>

    /// A worker keeping at most `sessions` sessions.
    init(sessions: Int) {
        state = Locked(State(sessions: LeastRecentlyUsed(capacity: sessions)))
    }

    /// `StreamJobParser.parse(_:lineNumber:)` with this worker's parser.
    func parse(_ line: ArraySlice<UInt8>, lineNumber: Int) -> StreamLine {
        state.withLock { $0.parser.parse(line, lineNumber: lineNumber) }
    }

    /// This worker's session for `measurer`, made on first use.
    func session(for measurer: StreamMeasurer) -> MeasureSession {
        state.withLock { state in
            state.sessions.value(for: measurer.serial) { measurer.measurer.makeSession() }
        }
    }

    /// How many sessions this worker keeps now (for tests of the bound).
    var sessionCount: Int { state.withLock { $0.sessions.count } }
}
