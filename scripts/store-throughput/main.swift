// The size store's throughput, release build: rows written per second in batches, and single lookups per second
// from one thread. Built and run by scripts/store-throughput.sh (a throwaway package that depends on this one), not
// a unit test: timings belong to a quiet machine, not to `swift test`.
import Cache
import Foundation

let clock = ContinuousClock()
func seconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
}
func rate(_ count: Int, _ duration: Duration) -> String {
    "\(Int((Double(count) / seconds(duration)).rounded())) /s (\(count) in \(String(format: "%.3f", seconds(duration))) s)"
}

let directory = FileManager.default.temporaryDirectory.appendingPathComponent("store-throughput-\(UUID())")
try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
defer { try? FileManager.default.removeItem(at: directory) }

let font = FontRecord(identity: FontIdentity(sha256: SHA256.hash("font file"), faceIndex: 0), familyName: "Font",
                      styleName: "Regular", unitsPerEm: 2048, ascender: 1901, descender: -483, lineGap: 0,
                      path: "/fonts/font.ttf")
let key = SettingsKey(fonts: [font.identity], pointSize: 17, maxWidth: 200,
                      parameters: [SettingsParameter("plain", .bool(false))], engine: "bench")
// UI-string-like texts, 40–60 bytes, all distinct.
let texts = (0..<1_000_000).map { "k\($0)· Einstellungen für Benachrichtigungen \($0 % 977)" }
let sizes = (0..<1_000_000).map { StoredSize(width: Double($0 % 500) / 3, height: 20.5, lineCount: $0 % 4 + 1) }

/// Writes `count` rows in batches of `batch` into a fresh store; returns the store, its settings and the time.
func write(_ count: Int, batch: Int, name: String) throws -> (SizeStore, SettingsID, Duration) {
    let store = try SizeStore(path: directory.appendingPathComponent("\(name).db").path)
    let settings = try store.register(key, fonts: [font])
    let time = try clock.measure {
        for start in stride(from: 0, to: count, by: batch) {
            let end = min(count, start + batch)
            try store.put(Array(texts[start..<end]), sizes: Array(sizes[start..<end]), in: settings)
        }
    }
    return (store, settings, time)
}

print("SQLite \(SQLiteLibrary.version), \(ProcessInfo.processInfo.activeProcessorCount) cores")
var best = Duration.seconds(1_000_000)
for round in 0..<5 {
    let (store, _, time) = try write(50_000, batch: 10_000, name: "small\(round)")
    store.close()
    best = min(best, time)
}
print("write, fresh store, 50,000 rows in batches of 10,000 (best of 5): \(rate(50_000, best))")
for batch in [10_000, 100_000] {
    let (store, _, time) = try write(1_000_000, batch: batch, name: "big\(batch)")
    store.close()
    print("write, fresh store, 1,000,000 rows in batches of \(batch): \(rate(1_000_000, time))")
}

for count in [100_000, 1_000_000] {
    // Written, closed (which checkpoints the log into the file), and opened again read-only: as a later process
    // or an app finds it.
    let (writer, settings, _) = try write(count, batch: 100_000, name: "lookup\(count)")
    writer.close()
    let store = try SizeStore(path: directory.appendingPathComponent("lookup\(count).db").path, access: .readOnly)
    let reader = try store.makeReader()
    var order = Array(0..<count)
    order.shuffle()
    for index in order.prefix(count) { _ = try reader.get(texts[index], in: settings) }  // warm the caches
    var found = 0
    let single = try clock.measure {
        for index in order where try reader.get(texts[index], in: settings) != nil { found += 1 }
    }
    precondition(found == count)
    print("lookup, store of \(count) rows, one text per call, one thread: \(rate(count, single))")
    found = 0
    let snapshot = try clock.measure {
        try reader.withSnapshot {
            for index in order where try reader.get(texts[index], in: settings) != nil { found += 1 }
        }
    }
    precondition(found == count)
    print("lookup, store of \(count) rows, one text per call inside withSnapshot, one thread: \(rate(count, snapshot))")
    store.close()
}
