import TextCoding

/// One of N disjoint parts of a job, written `I/N` with I from 0 to N−1 (`--shard $JOB_COMPLETION_INDEX/N` in a
/// Kubernetes indexed Job): the work items whose key hashes into bucket I of N.
///
/// An item's shard depends on its key alone — never on its position in the input, on the machine, on the run or on
/// the Swift version (`ShardHash` is specified byte for byte) — so the N shards of one input together take every item
/// exactly once, identical keys always land in the same shard, and a shard rerun takes the same items again.
///
/// ```swift
/// let shard = try Shard.parse("2/4")
/// let mine = lines.filter { shard.contains(key: $0.utf8) }
/// ```
///
/// What the key is belongs to each command, and is documented with it: `measure batch` uses the string measured (the
/// line after unescaping); `measure catalog` the entry's key (`CatalogRun.shardFields`); `measure stream` should use
/// the job's `id` (see README: an id names one job, results are joined back by it, and ids are unique where texts
/// repeat).
///
/// Performance notes: one `contains` hashes the key once, O(key bytes), with no allocation; it is meant to be called
/// per item, before the item costs anything.
public struct Shard: Sendable, Hashable, CustomStringConvertible {
    /// The most shards a job may be split into: Kubernetes' own limit for an indexed Job's `completions` (10^5).
    /// Beyond it a shard would hold a handful of items and the per-process startup (fonts, caches) would dominate.
    public static let maximumCount = 100_000

    /// This shard's number, in `0..<count`.
    public let index: Int
    /// How many shards the job is split into, in `1...maximumCount`.
    public let count: Int

    /// The shard `index` of `count`.
    /// - Throws: `ShardError` when `count` is not in `1...maximumCount` or `index` not in `0..<count`.
    public init(index: Int, count: Int) throws(ShardError) {
        guard count >= 1 else { throw ShardError("the shard count must be 1 or more, got \(count)") }
        guard count <= Self.maximumCount else {
            throw ShardError("the shard count must be at most \(Self.maximumCount), got \(count)")
        }
        guard (0..<count).contains(index) else {
            throw ShardError(
                "the shard index must be 0 to \(count - 1) (N−1) for \(count) shard\(count == 1 ? "" : "s"), got \(index)"
            )
        }
        self.index = index
        self.count = count
    }

    /// Parses `I/N`: two decimal numbers (ASCII digits only, no sign or spaces) separated by one `/`.
    /// - Throws: `ShardError` saying what is wrong, for a malformed text or numbers out of range.
    public static func parse(_ text: String) throws(ShardError) -> Shard {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let index = digits(parts[0]), let count = digits(parts[1]) else {
            // Cut as command lines quote a value: a long one makes a line.
            let shown = ScalarExcerpt.cut(text, limit: ScalarExcerpt.valueLimit)
            throw ShardError("a shard is I/N with I from 0 to N−1 (e.g. 0/4), got \"\(shown)\"")
        }
        // More than seven significant digits is above `maximumCount` whatever they say: named by those digits (cut),
        // not read into an integer they could overflow.
        guard let countValue = value(count) else {
            let shown = ScalarExcerpt.cut(String(Substring(count)), limit: ScalarExcerpt.valueLimit)
            throw ShardError("the shard count must be at most \(Self.maximumCount), got \(shown)")
        }
        guard let indexValue = value(index) else {
            let shown = ScalarExcerpt.cut(String(Substring(index)), limit: ScalarExcerpt.valueLimit)
            throw ShardError("the shard index must be less than the shard count, got \(shown)")
        }
        return try Shard(index: indexValue, count: countValue)
    }

    /// The significant digits of `text` when it is one or more ASCII digits (leading zeros count for nothing:
    /// `00000003` is 3, as a template that pads the index writes it; `000` is no digits, the value 0), else nil.
    private static func digits(_ text: Substring) -> Substring.UTF8View.SubSequence? {
        let bytes = text.utf8
        guard !bytes.isEmpty, bytes.allSatisfy({ (0x30...0x39).contains($0) }) else { return nil }
        return bytes.drop { $0 == 0x30 }
    }

    /// The value of significant `digits` when there are at most seven of them (so it cannot overflow; more is above
    /// `maximumCount` anyway), else nil.
    private static func value(_ digits: Substring.UTF8View.SubSequence) -> Int? {
        guard digits.count <= 7 else { return nil }
        return digits.reduce(0) { $0 * 10 + Int($1 - 0x30) }
    }

    /// The shard (its index) of an item whose key is `key`, among `count` shards.
    public static func index<Bytes: Sequence<UInt8>>(of key: Bytes, count: Int) -> Int {
        ShardHash.bucket(of: ShardHash.hash(key), count: count)
    }

    /// Whether the item whose key is `key` belongs to this shard.
    /// - Complexity: O(n) in the key's bytes.
    public func contains<Bytes: Sequence<UInt8>>(key: Bytes) -> Bool {
        Self.index(of: key, count: count) == index
    }

    /// Whether the item whose key is made of `fields` belongs to this shard: the fields as UTF-8, each followed by a
    /// 0 byte, so that `("ab", "c")` and `("a", "bc")` are different keys.
    public func contains(fields: [String]) -> Bool {
        var hash = ShardHash.offsetBasis
        for field in fields {
            hash = ShardHash.fnv1a64(CollectionOfOne(0), continuing: ShardHash.fnv1a64(field.utf8, continuing: hash))
        }
        return ShardHash.bucket(of: ShardHash.fmix64(hash), count: count) == index
    }

    /// `I/N`, as `parse` reads it.
    public var description: String { "\(index)/\(count)" }
}
