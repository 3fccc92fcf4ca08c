internal import CSQLite

/// Facts about the SQLite library this process links, for version reports (`measure --version`) and for the size
/// database's compatibility checks.
public enum SQLiteLibrary {
    /// The library's version string, e.g. "3.40.1", as SQLite itself reports it at run time.
    public static var version: String {
        String(cString: sqlite3_libversion())
    }

    /// The library's version as one number, e.g. 3040001 for 3.40.1.
    public static var versionNumber: Int {
        Int(sqlite3_libversion_number())
    }

    /// Whether the library was built thread-safe, which the size database needs for concurrent readers.
    public static var isThreadSafe: Bool {
        sqlite3_threadsafe() != 0
    }
}
