import Locking

/// The strings each Android values folder defines, read once for as long as its files stay as they were.
///
/// Every file of a project whose references leave it asks for the same folders — the default `values` above all —
/// so without a memory a tree of n locale folders would parse `values` n times. An entry is kept with the stamp of
/// each file it was read from (name, device, inode, size, modification time, from `lstat`), and is used again only
/// while the folder lists exactly those files with those stamps: an edited, added or removed file reads the folder
/// again, so a long-lived process never answers from a stale folder. At most `capacity` folders are kept (all are
/// dropped when one more comes), which bounds the memory a walk over many projects holds.
///
/// Shared by every thread of the process (`shared`), behind the project's lock (`Locked`, which ThreadSanitizer sees;
/// `AndroidFolderCacheTests` runs under it in `make sanitize`); the files are read outside the lock, so two threads
/// asking for the same new folder at once may both read it, and the one that finishes last is kept.
final class AndroidFolderCache: Sendable {
    /// One file as `lstat` saw it: its name in the folder and its status (identity, size, modification time).
    struct Stamp: Sendable, Hashable {
        var name: String
        var status: FileStatus
    }

    private struct Entry: Sendable {
        var stamps: [Stamp]
        var definitions: AndroidStringDefinitions
    }

    /// The process's cache.
    static let shared = AndroidFolderCache()

    /// The most folders kept.
    static let capacity = 64

    private let entries = Locked<[String: Entry]>([:])

    /// The stamp of the regular file `name` in `folder`, or nil when it is not a regular file (a link, a FIFO, a
    /// folder) or is gone.
    static func stamp(_ name: String, in folder: String) -> Stamp? {
        guard let status = FileStatus.of(folder + "/" + name), status.kind == .regular else { return nil }
        return Stamp(name: name, status: status)
    }

    /// The definitions of `folder` whose files have `stamps`: remembered ones if the folder was read with exactly
    /// these stamps, else `read()`'s, remembered.
    func definitions(
        of folder: String, stamps: [Stamp], read: () -> AndroidStringDefinitions
    ) -> AndroidStringDefinitions {
        if let entry = entries.withLock({ $0[folder] }), entry.stamps == stamps { return entry.definitions }
        let definitions = read()
        entries.withLock { entries in
            if entries[folder] == nil && entries.count >= Self.capacity { entries.removeAll() }
            entries[folder] = Entry(stamps: stamps, definitions: definitions)
        }
        return definitions
    }
}
