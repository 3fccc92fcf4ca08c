import ArgumentParsing
import Sharding

/// The `--shard I/N` option that `measure batch` and `measure catalog` share (and `measure stream` can take the same
/// way): which of N processes this one is, as a Kubernetes indexed Job numbers them (`$JOB_COMPLETION_INDEX/N`).
enum ShardArgument {
    /// The option's spec, with the help line both commands show.
    static func option(key: String) -> OptionSpec {
        .single(
            "shard", valueName: "i/n",
            help: "Do only shard I of N (I from 0 to N−1, e.g. "
                + "$JOB_COMPLETION_INDEX/N): the items whose \(key) hashes into it, so N runs together do every item "
                + "once; join their databases with measure db merge.")
    }

    /// The shard `--shard` gives, or nil when it was not given.
    /// - Throws: `UsageError` (exit status 64) for a malformed value, numbers out of range, or two different shards
    ///   (a Job template that adds `--shard` to arguments that already hold one: the last would silently win, and
    ///   two pods would do the same items while another shard's were never done).
    static func shard(_ values: ParsedValues) throws(UsageError) -> Shard? {
        var shards: [Shard] = []
        for text in values.strings("shard") {
            do {
                shards.append(try Shard.parse(text))
            } catch {
                throw UsageError("--shard: \(error)")
            }
        }
        guard let first = shards.first else { return nil }
        if let other = shards.first(where: { $0 != first }) {
            throw UsageError("--shard: given as \(first) and as \(other); give one shard")
        }
        return first
    }
}
