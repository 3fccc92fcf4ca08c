/// What a size database holds and how big it is (`SizeStore.statistics()`, `measure db stats`).
public struct SizeStoreStatistics: Sendable, Hashable {
    /// The file SQLite opened.
    public var file: String
    /// The schema version (`PRAGMA user_version`).
    public var schemaVersion: Int
    /// Stored sizes, over all settings.
    public var results: Int
    /// Settings rows.
    public var settings: Int
    /// Fonts.
    public var fonts: Int
    /// Label sets.
    public var labels: Int
    /// Catalog entries (key, locale, file, variant, content size) pointing at a result.
    public var catalogEntries: Int
    /// Bytes of the database file.
    public var fileBytes: Int64
    /// Bytes of its write-ahead log (`-wal` file), 0 when there is none.
    public var walBytes: Int64
    /// Pages in the database, and free (reusable) pages among them; `vacuum()` returns free pages to the disk.
    public var pageCount: Int
    /// Free pages: space inside the file that later writes reuse.
    public var freePages: Int
    /// Bytes per page.
    public var pageSize: Int

    /// Bytes on disk: the database file and its log.
    public var bytesOnDisk: Int64 { fileBytes + walBytes }
}

/// What `SizeStore.merge(from:)` did with one source.
public struct MergeReport: Sendable, Hashable {
    /// Settings rows (with their fonts and labels) of the source that were merged; damaged ones are in `corrupt`.
    public var settings = 0
    /// Valid results of the source (each added, identical or a conflict); corrupt ones are in `corrupt`.
    public var results = 0
    /// Results that were not in the destination and were added.
    public var added = 0
    /// Results the destination already had with the same size (the later `measured_at` is kept).
    public var identical = 0
    /// Results with the same key and a different size (the conflict rule decided; see `merge(from:)`).
    public var conflicts = 0
    /// Of the conflicts, how many the source's row won (and replaced the destination's).
    public var conflictsReplaced = 0
    /// Valid catalog entries the source had (each added, or kept where this file's record is as new or newer).
    public var catalogEntries = 0
    /// Of those, how many were written (added, or replacing an older record); the rest were older than this file's.
    public var catalogEntriesWritten = 0
    /// The source's rows that failed validation and were skipped, not copied: results (`StoredSize.problem`, or
    /// under a skipped settings row), settings rows that do not match their digest, damaged catalog entries.
    public var corrupt = CorruptRows()

    /// An empty report: nothing copied, nothing skipped.
    public init() {}
}
