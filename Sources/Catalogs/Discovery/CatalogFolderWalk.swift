import Foundation

/// Walks folders for files without leaving the folders given, without walking in circles, and without opening
/// anything.
///
/// - A symbolic link is followed only when what it leads to (its real path, every link resolved) is inside one of
///   `roots`; one that leads elsewhere (`x.strings -> /etc/passwd`, `shared -> ../../other-project`) is passed over
///   and recorded by its own path in `linksLeavingRoots`, so nothing outside the folders given is read or quoted.
///   With `followsSymbolicLinks` every link is followed.
/// - A folder is walked once, however many paths lead to it (`ln -s .. up`, two links to one folder): folders are
///   told apart by device and inode.
/// - Hidden entries (a name starting with `.`) and `CatalogDiscovery.passedOver` folders are not walked; the latter
///   are recorded (`passedOver`), so a run that finds nothing can say where it did not look.
/// - Files are told apart by kind with `lstat`/`stat` only: regular files go to `files`, FIFOs, sockets and devices
///   to `special` (a FIFO would block the reader forever, a device never end), never opened here.
///
/// - Complexity: O(entries walked), each examined once; the result is sorted by path.
struct CatalogFolderWalk {
    /// The real paths of the folders given.
    let roots: [String]
    let followsSymbolicLinks: Bool
    /// Regular files found, by path as walked (the folder given, then the names under it).
    private(set) var files: [String] = []
    /// Links passed over because they lead outside every root: their paths, and whether they lead to a folder.
    private(set) var linksLeavingRoots: [(path: String, isDirectory: Bool)] = []
    /// Entries that are neither regular files nor folders, with what they are (`a FIFO`).
    private(set) var special: [(path: String, kind: String)] = []
    /// Folders found under a root that could not be listed (no permission, removed while walking): what is in them
    /// is unknown, so the caller reports each rather than dropping it unseen.
    private(set) var unlistable: [String] = []
    /// Symbolic links that lead nowhere (a missing target, or a loop of links), by their own paths.
    private(set) var deadLinks: [String] = []
    /// Entries a folder listed that could not then be examined by name (`walk`).
    private(set) var unexaminable: [String] = []
    /// `CatalogDiscovery.passedOver` folders found and not walked, by path, in the order met.
    private(set) var passedOver: [String] = []
    /// Folders already walked or waiting to be.
    private var visited: Set<FileStatus.Identity> = []

    init(roots: [String], followsSymbolicLinks: Bool) {
        self.roots = roots
        self.followsSymbolicLinks = followsSymbolicLinks
    }

    /// Adds what is under the folder `root` (a folder given on the command line).
    /// - Returns: false when `root` cannot be listed.
    mutating func walk(_ root: String) -> Bool {
        let manager = FileManager.default
        guard let rootStatus = FileStatus.following(root), rootStatus.kind == .directory,
            (try? manager.contentsOfDirectory(atPath: root)) != nil
        else { return false }
        var found: [String] = []
        var pending: [String] = []
        if visited.insert(rootStatus.identity).inserted { pending.append(root) }
        while let folder = pending.popLast() {
            guard let names = try? manager.contentsOfDirectory(atPath: folder) else {
                unlistable.append(folder)
                continue
            }
            for name in names.sorted() where !name.hasPrefix(".") {
                let path = folder.hasSuffix("/") ? folder + name : folder + "/" + name
                guard var status = FileStatus.of(path) else {
                    // Listed but not found by its name: removed meanwhile, or a name that is not UTF-8, which the
                    // listing decoded with U+FFFD and so names no file. What it holds is unknown: reported.
                    unexaminable.append(path)
                    continue
                }
                if status.kind == .symbolicLink {
                    // A dangling link, or a loop of links, leads nowhere: nothing to read, recorded for the caller.
                    guard let target = FileStatus.following(path) else {
                        deadLinks.append(path)
                        continue
                    }
                    if !followsSymbolicLinks {
                        guard let real = FileStatus.realPath(path), isInsideRoots(real) else {
                            linksLeavingRoots.append((path, target.kind == .directory))
                            continue
                        }
                    }
                    status = target
                }
                switch status.kind {
                case .directory:
                    if CatalogDiscovery.passedOver.contains(name) {
                        passedOver.append(path)
                    } else if visited.insert(status.identity).inserted {
                        pending.append(path)
                    }
                case .regular:
                    found.append(path)
                case .special(let kind):
                    special.append((path, kind))
                case .symbolicLink:
                    continue  // `stat` follows links, so this does not happen.
                }
            }
        }
        files += found.sorted()
        return true
    }

    /// Whether the real path `path` is one of the roots or inside one.
    func isInsideRoots(_ path: String) -> Bool {
        roots.contains { root in
            path == root || path.hasPrefix(root.hasSuffix("/") ? root : root + "/")
        }
    }
}
