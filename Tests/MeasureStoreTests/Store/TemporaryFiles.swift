import Foundation

/// Unique temporary file names, so that tests running in parallel never share a database.
enum TemporaryFiles {
    /// A path in a fresh directory of its own (nothing is created at the path itself).
    static func path(_ stem: String, extension ext: String = "db") -> String {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("textsize-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return directory.appendingPathComponent("\(stem).\(ext)").path
    }

    /// Removes the directory `path` was made in (the database, its -wal and -shm files).
    static func remove(_ path: String) {
        try? FileManager.default.removeItem(atPath: (path as NSString).deletingLastPathComponent)
    }
}

/// The error `body` throws, or nil.
///
/// Tests use this instead of `#expect(throws:) { … }` inside functions that have other closures: with Swift 6.3.1 the
/// closure the macro expands to can share its mangled name with a neighbouring closure, and then one runs in place of
/// the other (seen in SQLiteConnectionTests). Keep the closure out of the macro's argument.
func thrownError(_ body: () throws -> Void) -> (any Error)? {
    do {
        try body()
        return nil
    } catch {
        return error
    }
}
