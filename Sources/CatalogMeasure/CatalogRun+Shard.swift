import Cache
import Catalogs
import MeasureStore
import Sharding

extension CatalogRun {
    /// The fields a catalog entry is sharded by (`--shard I/N`): its key alone — not its locale, file, variant or
    /// content size.
    ///
    /// Why not the whole database identity (file, key, locale, variant, content size): a translation is compared
    /// with its source text's width, and a width budget is the widest need over every translation of a key, so a
    /// shard must hold everything those look at. The source width of a plural variant falls back to the source's
    /// other variants of the key (`SourceWidthIndex`: Japanese `ferries.other/tickets.other` → English
    /// `tickets.other/ferries.other`), so even the variant must stay out of the shard key. With the key alone, every
    /// translation and variant of a key — and its source, its XLIFF source text and its pseudo locales — lands in the
    /// same shard, and each shard's report is exactly its part of the whole run's report (`ShardCatalogMergeTests`
    /// checks it). The key is in every database record (`CatalogEntryIdentity`), so a reused shard database is
    /// pruned of its own stale records only (`pruneCatalogEntries(files:keeping:where:)`).
    static func shardFields(key: String) -> [String] {
        [key]
    }

    /// Whether `entry` is measured under `options.shard` (always, without a shard).
    static func isInShard(_ entry: CatalogEntry, options: CatalogRunOptions) -> Bool {
        options.shard?.contains(fields: shardFields(key: entry.key)) ?? true
    }

    /// Whether the database record `identity` belongs to `options.shard` (always, without a shard): a sharded run
    /// prunes only the stale records of its own shard, never the records other shards wrote.
    static func isInShard(_ identity: CatalogEntryIdentity, options: CatalogRunOptions) -> Bool {
        options.shard?.contains(fields: shardFields(key: identity.key)) ?? true
    }
}
