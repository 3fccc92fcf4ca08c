/// The store's one definition of a valid stored size, and the one function that reads a size from a row.
///
/// The size database is input like any other file: another program, a bug or a hand edit may have written a negative
/// line count, an infinite or NaN width (SQLite reads `9e999` as infinity and stores NaN as NULL), a huge number, or
/// text where a number belongs. A row whose size fails these checks is *corrupt*: lookups treat it as not stored (so
/// `measure batch --db` measures the text again and replaces the row), full-row reads set it aside as a `CorruptRow`
/// (so no reader ever formats or converts its numbers), and sizes outside the bounds are never written.
extension StoredSize {
    /// The largest width or height a stored size may have: 10¹⁵ points. Far beyond anything a device lays out, yet
    /// above every answer a hostile but legal input gives (a 50 MB word wrapped at 200 pt is 2.2 million lines,
    /// 3.5 × 10⁷ pt high; a 100 MB line at 10,000 pt about 10¹² pt wide), every value up to it prints exactly with
    /// the CLI's four decimals, and sums of a few of them stay far inside `Double`'s range.
    public static let maximumLength = 1e15
    /// The most lines a stored size may have: 2³¹ − 1, more than a 100 MB text wrapped after every character.
    public static let maximumLineCount = Int(Int32.max)

    /// What makes this size impossible as a measurement, in words ("width is inf"), or nil when it is valid: width
    /// and height finite and within 0…`maximumLength`, line count within 0…`maximumLineCount`.
    public var problem: String? {
        if let problem = Self.lengthProblem("width", width) { return problem }
        if let problem = Self.lengthProblem("height", height) { return problem }
        guard (0...Self.maximumLineCount).contains(lineCount) else {
            return "line_count is \(lineCount), outside 0…\(Self.maximumLineCount)"
        }
        return nil
    }

    /// Whether the size can be a measurement (`problem` is nil): only such sizes are stored and returned.
    public var isValid: Bool { problem == nil }

    private static func lengthProblem(_ name: String, _ value: Double) -> String? {
        if value.isNaN { return "\(name) is NaN" }
        guard value >= 0, value <= maximumLength else {
            return "\(name) is \(value), outside 0…\(Int(maximumLength))"
        }
        return nil
    }

    /// The size in columns `first` (width), `first + 1` (height) and `first + 2` (line count) of the row `statement`
    /// is on, or why the row is corrupt: a width or height that is not a number (text, a blob, NULL), a line count
    /// that is not an integer, or values that fail `problem`.
    ///
    /// Storage classes are read before any value: reading a value converts it, after which SQLite's column type is
    /// undefined (https://www.sqlite.org/c3ref/column_blob.html).
    static func read(from statement: SQLiteStatement, at first: Int32) -> Result<StoredSize, RowProblem> {
        for (offset, name) in [(Int32(0), "width"), (1, "height")] {
            let type = statement.storageClass(at: first + offset)
            guard type == .real || type == .integer else { return .failure(RowProblem("\(name) is \(type)")) }
        }
        let lineType = statement.storageClass(at: first + 2)
        guard lineType == .integer else { return .failure(RowProblem("line_count is \(lineType)")) }
        let size = StoredSize(
            width: statement.double(at: first), height: statement.double(at: first + 1),
            lineCount: statement.int(at: first + 2))
        if let problem = size.problem { return .failure(RowProblem(problem)) }
        return .success(size)
    }
}

/// Why a row read from the store is corrupt, in words; `CorruptRow` adds which row it was.
struct RowProblem: Error, Sendable, Hashable {
    var reason: String

    init(_ reason: String) {
        self.reason = reason
    }
}
