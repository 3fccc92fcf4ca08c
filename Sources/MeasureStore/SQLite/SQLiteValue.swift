internal import CSQLite

/// A column's value as SQLite stores it, with its storage class (https://www.sqlite.org/datatype3.html).
///
/// A column's declared type is only an affinity: a file written by another program (or edited by hand) may hold text
/// in a `REAL` column, a blob in an `INTEGER` one or NULL anywhere that no constraint forbids it. Readers that must
/// not trust the file check the storage class first (`SQLiteStatement.storageClass(at:)`); walks that page through a
/// table by key keep the key as it was read (`value(at:)`) and bind it back unchanged, so that even a row whose key
/// has the wrong type is passed exactly once.
package enum SQLiteValue: Sendable, Hashable {
    case null
    case integer(Int64)
    case real(Double)
    /// Text, as its UTF-8 bytes exactly as stored.
    case text([UInt8])
    case blob([UInt8])
}

/// A value's storage class (`sqlite3_column_type`).
package enum SQLiteStorageClass: Sendable, Hashable, CustomStringConvertible {
    /// The corresponding C constant is `SQLITE_NULL`.
    case null
    /// The corresponding C constant is `SQLITE_INTEGER`.
    case integer
    /// The corresponding C constant is `SQLITE_FLOAT`.
    case real
    /// The corresponding C constant is `SQLITE_TEXT`.
    case text
    /// The corresponding C constant is `SQLITE_BLOB`.
    case blob

    /// The name `typeof()` gives it in SQL: "null", "integer", "real", "text", "blob".
    package var description: String {
        switch self {
        case .null: "null"
        case .integer: "integer"
        case .real: "real"
        case .text: "text"
        case .blob: "blob"
        }
    }
}

extension SQLiteStatement {
    /// The storage class of `column` in the current row. Read it before the value: `double(at:)` and friends may
    /// convert it, after which the type SQLite reports is undefined (https://www.sqlite.org/c3ref/column_blob.html).
    package func storageClass(at column: Int32) -> SQLiteStorageClass {
        switch columnType(at: column) {
        case SQLITE_INTEGER: .integer
        case SQLITE_FLOAT: .real
        case SQLITE_TEXT: .text
        case SQLITE_BLOB: .blob
        default: .null
        }
    }

    /// The value of `column` in the current row, with its storage class.
    package func value(at column: Int32) -> SQLiteValue {
        switch storageClass(at: column) {
        case .null: .null
        case .integer: .integer(int64(at: column))
        case .real: .real(double(at: column))
        case .text: .text(bytes(at: column))
        case .blob: .blob(bytes(at: column))
        }
    }

    /// Binds `value` with its storage class (text and blobs copied by SQLite).
    package func bind(_ value: SQLiteValue, at index: Int32) throws(SQLiteError) {
        switch value {
        case .null: try bindNull(at: index)
        case .integer(let number): try bind(number, at: index)
        case .real(let number): try bind(number, at: index)
        case .text(let bytes): try bindBytes(bytes, at: index, asText: true)
        case .blob(let bytes): try bindBytes(bytes, at: index, asText: false)
        }
    }

    /// Binds `bytes` as text or as a blob, keeping the typed error (`withUnsafeBytes` only rethrows `any Error`).
    private func bindBytes(_ bytes: [UInt8], at index: Int32, asText: Bool) throws(SQLiteError) {
        let failure: SQLiteError? = bytes.withUnsafeBytes { buffer in
            do throws(SQLiteError) {
                if asText { try bind(utf8: buffer, at: index) } else { try bind(blob: buffer, at: index) }
                return nil
            } catch {
                return error
            }
        }
        if let failure { throw failure }
    }
}
