internal import CSQLite

extension SQLiteConnection {
    /// Runs `body`, running it again while it fails with `SQLITE_BUSY` (any extended code), until this connection's
    /// busy timeout has passed since the first attempt; then the last error is thrown.
    ///
    /// The busy timeout (`sqlite3_busy_timeout`) makes a statement wait for another connection's lock, but "the
    /// presence of a busy handler does not guarantee that it will be invoked when there is lock contention. If SQLite
    /// determines that invoking the busy handler could result in a deadlock, it will go ahead and return SQLITE_BUSY"
    /// (https://www.sqlite.org/c3ref/busy_handler.html). Switching a new file to WAL (`PRAGMA journal_mode = WAL`)
    /// while another connection creates the same file is such a case: it fails at once, after a millisecond or two
    /// (7 failures in 1,000 rounds of 8 threads creating one file with SQLite 3.40.1). Opening and migrating a
    /// database run their setup through this, so that it waits for a busy file like every other statement does.
    /// `body` must be safe to run again from the start: it must not leave a transaction open when it throws
    /// (`inTransaction` rolls back).
    /// - Throws: what `body` throws: the last `SQLITE_BUSY` once the timeout has passed, any other error at once.
    package func retryingWhileBusy<T>(_ body: () throws -> T) throws -> T {
        let clock = ContinuousClock()
        let deadline = clock.now + .milliseconds(Int64(busyTimeoutMilliseconds))
        // The delays of SQLite's own busy handler (sqliteDefaultBusyCallback), in milliseconds, then 100 each.
        let delays: [Int32] = [1, 2, 5, 10, 15, 20, 25, 25, 25, 50, 50, 100]
        var attempt = 0
        while true {
            do {
                return try body()
            } catch let error as SQLiteError where error.primaryCode == .busy && clock.now < deadline {
                sqlite3_sleep(delays[min(attempt, delays.count - 1)])
                attempt += 1
            }
        }
    }
}
