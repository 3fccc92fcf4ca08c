import Cache
import Foundation
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
        return try hash(path, stamp: stamp).digest
    }

    /// The digest of the file at `path`: from this process's cache, else from the digests `store` recorded for an
    /// unchanged file, else by reading the file (and then recorded in `store`, unless it is read-only or another
    /// process is writing it).
    /// - Throws: `FileDigestError` if the file cannot be read; `SizeStoreError` from the store.
    public func digest(ofFileAt path: String, rememberedIn store: SizeStore) throws -> SHA256Digest {
        try digest(stamped: try FileStamp(path: path), rememberedIn: store)
    }

    /// The digest of the file a font was loaded from, as it was then: `stamp` is `Font.fileStamp`, taken around
    /// FreeType's open. From this process's cache or `store`'s record for that stamp, else by reading the file at the
    /// stamp's path, which must still bear that stamp before and after it is read — else the bytes hashed are not
    /// the bytes measured (the file was replaced or written since), and `FontFileChangedError` says so. Recorded in
    /// `store` when it can be; a read-only or busy store is still used as a cache without the record.
    /// - Throws: `FontFileChangedError`; `FileDigestError` if the file cannot be read; `SizeStoreError` from the store.
    public func digest(ofLoaded stamp: FileStamp, rememberedIn store: SizeStore) throws -> SHA256Digest {
        try digest(stamped: stamp, rememberedIn: store) { path in
            guard try FileStamp(path: path) == stamp else { throw FontFileChangedError(path: path) }
            let digest = try SHA256.hash(fileAt: path)
            guard try FileStamp(path: path) == stamp else { throw FontFileChangedError(path: path) }
            return digest
        }
    }

    /// `digest(ofFileAt:rememberedIn:)` for a known stamp, reading the file with `read` when neither cache has it.
    private func digest(
        stamped stamp: FileStamp, rememberedIn store: SizeStore,
        read: ((String) throws -> SHA256Digest)? = nil
    ) throws -> SHA256Digest {
        let path = stamp.path
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
        let digest: SHA256Digest
        // The stamp the digest is of: the one asked about, or a later one when the file changed before it was read.
        var hashed = stamp
        if let known {
            digest = known
        } else if let read {
            digest = try read(path)
            digests.withLock { $0[stamp] = digest }
        } else {
            (digest, hashed) = try hash(path, stamp: stamp)
        }
        do {
            try store.recordFileDigest(digest, for: hashed, waiting: false)
            storedStamps.withLock { _ = $0.insert(StoredStamp(store: ObjectIdentifier(store), stamp: hashed)) }
        } catch {
            // A read-only store is still used as a cache; it just cannot remember the digest. Nor can a store
            // another process holds the write lock of: `file_digests` only saves hashing, and a run that finds every
            // size stored must not wait for a writer (or fail after the busy timeout) to save it.
            switch error {
            case .readOnly, .busy: break
            default: throw error
            }
        }
        return digest
    }

    /// The digest of the file at `path`, whose stamp was `stamp`: hashed, then stamped again, and hashed again (up to
    /// `hashAttempts` times) while the file changes under the read — a digest of a file being rewritten (`cp` over
    /// it truncates it first: the digest of no bytes) describes no version of it.
    /// Returns the digest and the stamp it is the digest of (a later one than `stamp` when the file changed first).
    private func hash(_ path: String, stamp: FileStamp) throws(FileDigestError) -> (
        digest: SHA256Digest, stamp: FileStamp
    ) {
        var stamp = stamp
        for _ in 0..<Self.hashAttempts {
            // Hash outside the lock: two threads may both hash a new file once, which is harmless.
            let digest = try SHA256.hash(fileAt: path)
            let after = try FileStamp(path: path)
            if after == stamp {
                digests.withLock { $0[stamp] = digest }
                return (digest, stamp)
            }
            stamp = after
        }
        throw FileDigestError(changingFileAt: path)
    }

    /// How many times `hash` reads a file that changes while it is read before it gives up.
    static let hashAttempts = 3

    /// The store identity of `font`: its file's digest (its bytes' for a font loaded from memory) and its face index.
    /// A font read from a file is identified by the file as it was loaded (`Font.fileStamp`): its digest is read
    /// only while the file still bears that stamp, else `FileDigestError` says it changed.
    public func identity(of font: Font) throws(FileDigestError) -> FontIdentity {
        if let digest = font.dataDigest { return FontIdentity(sha256: digest, faceIndex: font.faceIndex) }
        guard let loaded = font.fileStamp else { throw FileDigestError(changingFileAt: font.path) }
        if let known = digests.withLock({ $0[loaded] }) {
            return FontIdentity(sha256: known, faceIndex: font.faceIndex)
        }
        guard try FileStamp(path: font.path) == loaded else { throw FileDigestError(changingFileAt: font.path) }
        let (digest, hashed) = try hash(font.path, stamp: loaded)
        guard hashed == loaded else { throw FileDigestError(changingFileAt: font.path) }
        return FontIdentity(sha256: digest, faceIndex: font.faceIndex)
    }

    /// What the store records about `font`, whose file has `digest`. A file's path is recorded absolute, so that
    /// `measure db verify` run from another folder finds the font (a relative path named the file only from the
    /// folder the sizes were measured in); a font loaded from memory keeps its name.
    public func record(for font: Font, digest: SHA256Digest) -> FontRecord {
        FontRecord(
            identity: FontIdentity(sha256: digest, faceIndex: font.faceIndex), familyName: font.familyName,
            styleName: font.styleName, unitsPerEm: font.metrics.unitsPerEm, ascender: font.metrics.ascender,
            descender: font.metrics.descender, lineGap: font.metrics.lineGap,
            path: font.isFromMemory ? font.path : Self.absolute(font.path))
    }

    /// `path` from the root: as it is when it starts with `/`, else after the working directory (`.` and `..`
    /// resolved, symbolic links kept).
    static func absolute(_ path: String) -> String {
        guard !path.hasPrefix("/") else { return path }
        return URL(fileURLWithPath: path).standardizedFileURL.path
    }
}
