import Foundation

/// A row of the size database that failed validation when it was read: which table, which row, and why.
///
/// Readers set such rows aside instead of returning them (see `StoredSize.problem` for what makes a size invalid), so
/// that no caller ever formats, converts or copies a damaged value; `measure db verify` lists them. It is an `Error` so
/// that a row read can be a `Result<Row, CorruptRow>`.
public struct CorruptRow: Error, Sendable, Hashable, CustomStringConvertible {
    /// The table: "results" or "catalog_entries".
    public var table: String
    /// The row's key in words, e.g. `settings #3, text "OK"`.
    public var key: String
    /// What is wrong, e.g. "width is inf, outside 0…1000000000000000" or "line_count is text".
    public var reason: String

    /// A finding for the row `key` of `table`; each parameter sets the property of the same name.
    public init(table: String, key: String, reason: String) {
        self.table = table
        self.key = key
        self.reason = reason
    }

    public var description: String { "\(table): \(key): \(reason)" }

    /// A size skipped because its settings row was (`StoredSettings.corruption`): merge, export and query count
    /// each so.
    public static func underCorruptSettings(_ settings: SettingsID, text: String) -> CorruptRow {
        CorruptRow(
            table: "results", key: "settings \(settings), text \(quoted(text))",
            reason: "its settings row was skipped as corrupt")
    }

    /// `text` quoted for a message, escaped (Swift's debug spelling) and cut after 40 characters.
    static func quoted(_ text: String) -> String {
        let limit = 40
        let cut = text.count > limit ? String(text.prefix(limit)) : text
        return cut.debugDescription + (cut.count < text.count ? "…" : "")
    }
}

/// How many rows of a read were corrupt, with the first few of them (for messages: a store may hold millions).
public struct CorruptRows: Sendable, Hashable {
    /// How many examples are kept.
    public static let exampleLimit = 5

    /// Corrupt rows seen.
    public var count = 0
    /// The first `exampleLimit` of them.
    public var examples: [CorruptRow] = []

    /// No corrupt rows yet.
    public init() {}

    /// Counts `row`, keeping it as an example while there are fewer than `exampleLimit`.
    public mutating func add(_ row: CorruptRow) {
        count += 1
        if examples.count < Self.exampleLimit { examples.append(row) }
    }

    /// Counts every row of `rows`.
    public mutating func add(contentsOf rows: some Sequence<CorruptRow>) {
        for row in rows { add(row) }
    }

    /// Adds another count and its examples.
    public mutating func add(_ other: CorruptRows) {
        count += other.count
        examples += other.examples.prefix(max(0, Self.exampleLimit - examples.count))
    }

    /// Whether no row was corrupt.
    public var isEmpty: Bool { count == 0 }
}

/// What a read of several rows found: the valid rows, and the rows set aside as corrupt.
public struct ValidatedRows<Row: Sendable & Hashable>: Sendable, Hashable {
    /// The rows that passed validation, in the read's order.
    public var rows: [Row]
    /// The rows that did not.
    public var corrupt: [CorruptRow]

    /// A result with the given rows; each parameter sets the property of the same name.
    public init(rows: [Row] = [], corrupt: [CorruptRow] = []) {
        self.rows = rows
        self.corrupt = corrupt
    }
}

/// `localizedDescription` is `description` (Foundation's default for a Swift error names its type and case number).
extension CorruptRow: LocalizedError {
    /// `description`, which `localizedDescription` returns.
    public var errorDescription: String? { description }
}
