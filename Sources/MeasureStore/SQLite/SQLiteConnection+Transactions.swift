internal import CSQLite

extension SQLiteConnection {
    /// How a transaction takes its locks (https://www.sqlite.org/lang_transaction.html).
    package enum TransactionKind: Sendable {
        /// Takes locks on first use: readers that may turn into writers risk `SQLITE_BUSY` at that point.
        case deferred
        /// Takes the write lock at once (waiting up to the busy timeout): for every transaction that writes.
        case immediate
    }

    /// Runs `body` in a transaction: commits when it returns, rolls back when it (or the commit) throws, and rethrows
    /// the *first* error — never the rollback's.
    ///
    /// SQLite rolls some failures back by itself (`SQLITE_FULL`, `SQLITE_IOERR`, `SQLITE_BUSY` during commit, …;
    /// https://www.sqlite.org/lang_transaction.html "Response To Errors Within A Transaction"), so the rollback is
    /// issued only while a transaction is still open.
    /// - Throws: the error `body` threw, or the `SQLiteError` of BEGIN or COMMIT.
    package func inTransaction<T>(_ kind: TransactionKind = .immediate, _ body: () throws -> T) throws -> T {
        precondition(!isInTransaction, "transactions do not nest on \(path)")
        try execute(kind == .immediate ? "BEGIN IMMEDIATE" : "BEGIN DEFERRED")
        let result: T
        do {
            result = try body()
            try execute("COMMIT")
        } catch {
            if isInTransaction { try? execute("ROLLBACK") }
            throw error
        }
        return result
    }
}
