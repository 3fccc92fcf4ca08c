import Foundation
import Testing

@testable import Cache
@testable import MeasureStore

/// The SQLite wrapper: statements, the statement cache, transactions that roll back and rethrow the first error,
/// WAL set-up, and errors that carry the extended code, the message and the SQL.
@Suite struct SQLiteConnectionTests {
    func withDatabase(_ body: (SQLiteConnection, String) throws -> Void) throws {
        let path = TemporaryFiles.path("sqlite")
        defer { TemporaryFiles.remove(path) }
        let connection = try SQLiteConnection(path: path, mode: .readWriteCreate)
        defer { connection.close() }
        try body(connection, path)
    }

    @Test func bindStepAndReadEveryType() throws {
        try withDatabase { connection, _ in
            try connection.execute("CREATE TABLE t (i INTEGER, d REAL, s TEXT, b BLOB)")
            let insert = try connection.cachedStatement("INSERT INTO t VALUES (?1, ?2, ?3, ?4)")
            let digest = SHA256.hash("x")
            try insert.withReset { statement throws in
                try statement.bind(Int64.min, at: 1)
                try statement.bind(0.1 + 0.2, at: 2)
                try statement.bind("naïve 🙂", at: 3)
                try statement.bind(digest, at: 4)
                try statement.run()
            }
            try insert.withReset { statement throws in
                try statement.bind(7, at: 1)
                try statement.bind(-0.0, at: 2)
                try statement.bind("", at: 3)
                try statement.bindNull(at: 4)
                try statement.run()
            }
            let select = try connection.cachedStatement("SELECT i, d, s, b FROM t ORDER BY rowid")
            try select.withReset { statement throws in
                #expect(try statement.step())
                #expect(statement.int64(at: 0) == Int64.min)
                #expect(statement.double(at: 1) == 0.1 + 0.2)
                #expect(statement.text(at: 2) == "naïve 🙂")
                #expect(statement.digest(at: 3) == digest)
                #expect(try statement.step())
                #expect(!statement.isNull(at: 2) && statement.text(at: 2) == "")
                #expect(statement.isNull(at: 3) && statement.digest(at: 3) == nil)
                #expect(try !statement.step())
            }
        }
    }

    @Test func cachedStatementsAreReusedBySQLText() throws {
        try withDatabase { connection, _ in
            let first = try connection.cachedStatement("SELECT 1")
            let second = try connection.cachedStatement("SELECT 1")
            #expect(first === second)
            #expect(try connection.cachedStatement("SELECT 2") !== first)
        }
    }

    @Test func transactionsCommitOrRollBackAndRethrowTheFirstError() throws {
        struct Failure: Error {}
        try withDatabase { connection, _ in
            try connection.execute("CREATE TABLE t (x INTEGER PRIMARY KEY)")
            try connection.inTransaction { try connection.execute("INSERT INTO t VALUES (1)") }
            let failure = thrownError {
                try connection.inTransaction {
                    try connection.execute("INSERT INTO t VALUES (2)")
                    throw Failure()
                }
            }
            #expect(failure is Failure)
            // A constraint error inside: that error, not a rollback error, comes out.
            do {
                try connection.inTransaction {
                    try connection.execute("INSERT INTO t VALUES (3)")
                    try connection.execute("INSERT INTO t VALUES (1)")
                }
                Issue.record("a duplicate key must throw")
            } catch let error as SQLiteError {
                #expect(error.primaryCode == .constraint)
                #expect(error.code.rawValue == 1555)  // SQLITE_CONSTRAINT_PRIMARYKEY
                #expect(error.sql == "INSERT INTO t VALUES (1)")
                #expect(error.message.contains("UNIQUE constraint failed"))
            }
            #expect(!connection.isInTransaction)
            #expect(try connection.scalarInt("SELECT group_concat(x) FROM t") == 1)
        }
    }

    @Test func writeAheadLogIsEnabledAndVerified() throws {
        try withDatabase { connection, _ in
            try connection.enableWriteAheadLog()
            #expect(try connection.scalarText("PRAGMA journal_mode") == "wal")
            #expect(try connection.scalarInt("PRAGMA synchronous") == 1)  // NORMAL
        }
        // A memory database cannot use WAL: SQLite answers "memory", and the wrapper says so instead of going on.
        let memory = try SQLiteConnection(path: ":memory:", mode: .readWriteCreate)
        defer { memory.close() }
        let error = thrownError { try memory.enableWriteAheadLog() }
        #expect(error is SQLiteError)
    }

    @Test func errorsCarryTheExtendedCodeMessageAndSQL() throws {
        try withDatabase { connection, _ in
            do {
                _ = try connection.prepare("SELEC 1")
                Issue.record("bad SQL must throw")
            } catch let error as SQLiteError {
                #expect(error.code == .error)
                #expect(error.sql == "SELEC 1")
                #expect(error.message.contains("syntax error"))
                #expect(error.description.contains("SELEC 1"))
            }
        }
        do {
            _ = try SQLiteConnection(path: "/no/such/directory/x.db", mode: .readWriteCreate)
            Issue.record("a missing directory must throw")
        } catch {
            #expect(SQLiteResultCode.cannotOpen ~= error.code)
        }
    }

    @Test func aPrimaryCodeMatchesItsExtendedCodes() {
        let busySnapshot = SQLiteResultCode(rawValue: 5 | 2 << 8)
        #expect(SQLiteResultCode.busy ~= busySnapshot)
        #expect(!(SQLiteResultCode.ioErrorWrite ~= SQLiteResultCode.ioError))
        #expect(SQLiteResultCode.ioError ~= SQLiteResultCode.ioErrorWrite)
        let error: any Error = SQLiteError(code: busySnapshot, message: "busy")
        #expect(SQLiteResultCode.busy ~= error)
        #expect(SQLiteResultCode.busy.description == "database is locked")
    }

    @Test func readOnlyConnectionsRefuseWrites() throws {
        try withDatabase { connection, path in
            try connection.execute("CREATE TABLE t (x)")
            let readOnly = try SQLiteConnection(path: path, mode: .readOnly)
            defer { readOnly.close() }
            #expect(readOnly.isReadOnly)
            let error = thrownError { try readOnly.execute("INSERT INTO t VALUES (1)") }
            #expect(error.map { SQLiteResultCode.readOnly ~= $0 } == true)
        }
    }
}
