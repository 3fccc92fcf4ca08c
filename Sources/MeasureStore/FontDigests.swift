import Cache
import Measure
import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Font files' SHA-256 digests, computed once per file per process.
///
/// A font's identity in the size store is the digest of its file's bytes and its face index, so a font file that
/// changes in any byte makes new keys. Hashing the default cascade reads about 31 MB, so digests are remembered by the
/// file's path *and* its device, inode, size, modification and status-change times: a file replaced or rewritten in
/// place — even with its old modification time restored — is hashed again.
public final class FontDigests: Sendable {
    /// The process's shared cache.
    public static let shared = FontDigests()

    private let digests = Mutex<[FileStamp: SHA256Digest]>([:])

    public init() {}

    /// The digest of the file at `path`, from the cache when the file is unchanged since it was last hashed.
    /// - Throws: `FileDigestError` if the file cannot be read.
    public func digest(ofFileAt path: String) throws(FileDigestError) -> SHA256Digest {
        let stamp = try FileStamp(path: path)
        if let known = digests.withLock({ $0[stamp] }) { return known }
        // Hash outside the lock: two threads may both hash a new file once, which is harmless.
        let digest = try SHA256.hash(fileAt: path)
        // Keep it only if the file did not change while it was read.
        if (try? FileStamp(path: path)) == stamp {
            digests.withLock { $0[stamp] = digest }
        }
        return digest
    }

    /// The store identity of `font`: its file's digest and its face index.
    public func identity(of font: Font) throws(FileDigestError) -> FontIdentity {
        FontIdentity(sha256: try digest(ofFileAt: font.path), faceIndex: font.faceIndex)
    }

    /// What the store records about `font`.
    public func record(for font: Font) throws(FileDigestError) -> FontRecord {
        FontRecord(identity: try identity(of: font), familyName: font.familyName, styleName: font.styleName,
                   unitsPerEm: font.metrics.unitsPerEm, ascender: font.metrics.ascender,
                   descender: font.metrics.descender, lineGap: font.metrics.lineGap, path: font.path)
    }
}

/// What says a file is unchanged: where it is and when it (or its metadata) last changed.
struct FileStamp: Hashable {
    var path: String
    var device: UInt64
    var inode: UInt64
    var size: Int64
    var modified: Int64
    var changed: Int64

    init(path: String) throws(FileDigestError) {
        var info = stat()
        guard stat(path, &info) == 0 else { throw FileDigestError(path: path, errno: errno) }
        self.path = path
        device = UInt64(info.st_dev)
        inode = UInt64(info.st_ino)
        size = Int64(info.st_size)
        modified = Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec)
        changed = Int64(info.st_ctim.tv_sec) * 1_000_000_000 + Int64(info.st_ctim.tv_nsec)
    }
}
