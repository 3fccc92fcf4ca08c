import Cache
import Locking
import Measure

/// Font files' SHA-256 digests, computed once per file per process — and, given a store, once per file per store.
///
/// A font's identity in the size store is the digest of its file's bytes and its face index, so a font file that
/// changes in any byte makes new keys. Hashing the default cascade reads about 50 MB (≈ 0.25 s in Swift), so digests are
/// remembered by the file's `FileStamp` — path, device, inode, size, modification and status-change times: a file
/// replaced or rewritten in place, even with its old modification time restored, is hashed again. The size store
/// keeps the stamps it has seen (`file_digests`), so the next process using the same store and unchanged fonts only
/// `stat`s them.
public final class FontDigests: Sendable {
    /// The process's shared cache.
    public static let shared = FontDigests()

    private let digests = Locked<[FileStamp: SHA256Digest]>([:])
    /// The stamps each store (by object identity) is known to hold, so that a file asked about again for the same
    /// store costs no query. An identity a closed store's successor reuses only makes that store miss a record
    /// (the next process hashes the file again), never return a wrong digest: the digest comes from `digests`.
    private let storedStamps = Locked<Set<StoredStamp>>([])

    private struct StoredStamp: Hashable, Sendable {
        var store: ObjectIdentifier
        var stamp: FileStamp
    }

    /// An empty memo. Most callers use `shared`, so that every measurer of a process hashes each file once.
    public init() {}

    /// The digest of the file at `path`, from the cache when the file is unchanged since it was last hashed.
    /// - Throws: `FileDigestError` if the file cannot be read.
    public func digest(ofFileAt path: String) throws(FileDigestError) -> SHA256Digest {
        let stamp = try FileStamp(path: path)
        if let known = digests.withLock({ $0[stamp] }) { return known }
        return try hash(path, stamp: stamp)
    }

    /// The digest of the file at `path`: from this process's cache, else from the digests `store` recorded for an
    /// unchanged file, else by reading the file (and then recorded in `store`, unless it is read-only).
    /// - Throws: `FileDigestError` if the file cannot be read; `SizeStoreError` from the store.
    public func digest(ofFileAt path: String, rememberedIn store: SizeStore) throws -> SHA256Digest {
        let stamp = try FileStamp(path: path)
        let place = StoredStamp(store: ObjectIdentifier(store), stamp: stamp)
        let known = digests.withLock { $0[stamp] }
        if let known, storedStamps.withLock({ $0.contains(place) }) { return known }
        if let recorded = try store.fileDigest(for: stamp) {
            digests.withLock { $0[stamp] = recorded }
            storedStamps.withLock { _ = $0.insert(place) }
            return recorded
        }
        // Known to this process (hashed for a report, or for another store) but not to this store: recorded here
        // too, so that the store's next process only `stat`s the file.
        let digest = try known ?? hash(path, stamp: stamp)
        do {
            try store.recordFileDigest(digest, for: stamp)
            storedStamps.withLock { _ = $0.insert(place) }
        } catch {
            // A read-only store is still used as a cache; it just cannot remember the digest.
            guard case .readOnly = error else { throw error }
        }
        return digest
    }

    private func hash(_ path: String, stamp: FileStamp) throws(FileDigestError) -> SHA256Digest {
        // Hash outside the lock: two threads may both hash a new file once, which is harmless.
        let digest = try SHA256.hash(fileAt: path)
        // Keep it only if the file did not change while it was read.
        if (try? FileStamp(path: path)) == stamp {
            digests.withLock { $0[stamp] = digest }
        }
        return digest
    }

    /// The store identity of `font`: its file's digest (its bytes' for a font loaded from memory) and its face index.
    public func identity(of font: Font) throws(FileDigestError) -> FontIdentity {
        if let digest = font.dataDigest { return FontIdentity(sha256: digest, faceIndex: font.faceIndex) }
        return FontIdentity(sha256: try digest(ofFileAt: font.path), faceIndex: font.faceIndex)
    }

    /// What the store records about `font`, whose file has `digest`.
    public func record(for font: Font, digest: SHA256Digest) -> FontRecord {
        FontRecord(
            identity: FontIdentity(sha256: digest, faceIndex: font.faceIndex), familyName: font.familyName,
            styleName: font.styleName, unitsPerEm: font.metrics.unitsPerEm, ascender: font.metrics.ascender,
            descender: font.metrics.descender, lineGap: font.metrics.lineGap, path: font.path)
    }
}
