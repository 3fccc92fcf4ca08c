/// A small map that keeps at most `capacity` entries, forgetting the one used longest ago to make room: the bound on
/// what `measure stream` keeps ready (cascades, measurers, sessions), however many distinct settings its jobs name.
///
/// - Complexity: `value(for:)` and `insert` are O(1) while there is room; making room scans the entries, O(capacity),
///   which is small (tens) and paid only on a miss, when loading fonts or making a session costs far more.
struct LeastRecentlyUsed<Key: Hashable, Value> {
    /// The most entries kept.
    let capacity: Int
    private var entries: [Key: (value: Value, lastUse: UInt64)] = [:]
    private var clock: UInt64 = 0

    init(capacity: Int) {
        precondition(capacity >= 1, "an LRU keeps at least one entry")
        self.capacity = capacity
    }

    /// How many entries are kept now.
    var count: Int { entries.count }

    /// The value for `key`, marked as just used; nil when not kept.
    mutating func value(for key: Key) -> Value? {
        guard let entry = entries[key] else { return nil }
        clock += 1
        entries[key] = (entry.value, clock)
        return entry.value
    }

    /// Keeps `value` for `key`, forgetting the least recently used entry first when full.
    mutating func insert(_ value: Value, for key: Key) {
        clock += 1
        if entries[key] == nil, entries.count >= capacity,
            let oldest = entries.min(by: { $0.value.lastUse < $1.value.lastUse })?.key
        {
            entries[oldest] = nil
        }
        entries[key] = (value, clock)
    }

    /// The value for `key`, made by `make` and kept when not kept already.
    mutating func value(for key: Key, orMake make: () -> Value) -> Value {
        if let known = value(for: key) { return known }
        let made = make()
        insert(made, for: key)
        return made
    }
}

extension LeastRecentlyUsed: Sendable where Key: Sendable, Value: Sendable {}
