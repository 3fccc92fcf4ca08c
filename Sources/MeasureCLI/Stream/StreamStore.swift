import Cache
import Measure
import MeasureStore

/// `measure stream --db`: the size database jobs are answered from and measured sizes are stored in, with one
/// registered settings row per distinct (measurer, width), kept in a bounded LRU of memoizing measurers.
///
/// A job whose result shows `truncated`/`truncatedLine` is never answered from the database, which keeps width,
/// height and line count only: it is measured each time (and its size stored), so a cached answer is always the
/// same bytes a measured one would be.
final class StreamStore {
    let store: SizeStore
    private let plain: Bool
    private let labels: SettingsLabels
    private var memos: LeastRecentlyUsed<MemoKey, Result<MemoizingMeasurer, StreamSetupFailure>>

    private struct MemoKey: Hashable {
        var serial: Int
        var width: Double
    }

    /// The database at `path` (created if missing), keeping `capacity` settings ready.
    /// - Throws: `SizeStoreError` when it cannot be opened or created.
    init(path: String, plain: Bool, labels: SettingsLabels, capacity: Int) throws {
        store = try SizeStore(path: path)
        self.plain = plain
        self.labels = labels
        memos = LeastRecentlyUsed(capacity: capacity)
    }

    /// The memoizing measurer (its settings registered) for jobs of `measurer` at `width`; a failure of the database
    /// itself (full, corrupt, busy, read-only) carries it as `databaseError`, for the stream to stop on.
    func memo(for measurer: StreamMeasurer, width: Double) -> Result<MemoizingMeasurer, StreamSetupFailure> {
        memos.value(for: MemoKey(serial: measurer.serial, width: width)) {
            var options = measurer.measurer.options
            options.maxWidth = width
            // The width is part of the stored settings, as it is for `measure batch --width`.
            let atWidth = TextMeasurer(
                cascade: measurer.measurer.cascade, pointSize: measurer.measurer.pointSize,
                options: options, segmentCacheBytes: 0)
            do {
                return .success(try MemoizingMeasurer(measurer: atWidth, plain: plain, store: store, labels: labels))
            } catch let error as SizeStoreError {
                return .failure(StreamSetupFailure(message: "size database: \(error)", databaseError: error))
            } catch {
                return .failure(StreamSetupFailure(message: "size database: \(error)"))
            }
        }
    }

    /// Fills in `stored` for every task the database can answer: one read transaction per settings row.
    /// - Throws: `SizeStoreError`.
    func lookUp(_ tasks: inout [StreamTask]) throws {
        var bySettings: [SettingsID: [Int]] = [:]
        for (index, task) in tasks.enumerated() {
            if case .measure(let job) = task, let memo = job.memo, !job.showsTruncation {
                bySettings[memo.settings, default: []].append(index)
            }
        }
        for (settings, indices) in bySettings {
            let texts = indices.map { index -> String in
                guard case .measure(let job) = tasks[index] else { return "" }
                return job.text
            }
            for (index, stored) in zip(indices, try store.get(texts, in: settings)) {
                guard let stored, case .measure(var job) = tasks[index] else { continue }
                job.stored = stored
                tasks[index] = .measure(job)
            }
        }
    }

    /// Stores the sizes measured now: one write transaction per settings row, before any of them is printed, each
    /// distinct text once (by its bytes, as the store keys it: `String` equality would take é and e U+0301 for one).
    /// - Returns: How many rows that makes.
    /// - Throws: `SizeStoreError`; `FontFileChangedError` when a font file changed since it was loaded (nothing is
    ///   stored then); nothing of that row's batch is stored on an error.
    @discardableResult
    func store(_ measured: [(task: StreamMeasureTask, size: TextSize)]) throws -> Int {
        var bySettings: [SettingsID: [[UInt8]: (text: String, size: StoredSize)]] = [:]
        var memos: [SettingsID: MemoizingMeasurer] = [:]
        for (task, size) in measured {
            guard let memo = task.memo else { continue }
            bySettings[memo.settings, default: [:]][Array(task.text.utf8)] = (task.text, StoredSize(size))
            memos[memo.settings] = memo
        }
        // Sizes measured from a font file that changed since it was loaded are not stored under its old digest.
        for memo in memos.values { try memo.checkFontsUnchanged() }
        for (settings, rows) in bySettings {
            let values = Array(rows.values)
            try store.put(values.map(\.text), sizes: values.map(\.size), in: settings)
        }
        return bySettings.values.reduce(0) { $0 + $1.count }
    }
}
