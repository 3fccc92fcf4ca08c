/// A place in a catalog file: 1-based line and column (the column counts Unicode scalars from the line's start).
///
/// A compiled gettext `.mo` file has no lines: there `line` is the message's 1-based number in the file's table
/// (the header, msgid "", is number 1) and `column` is 1 (`SourcePosition.message(_:)`). A binary property list has no
/// lines either: there `line` is 1 and `column` is the 1-based byte offset of the object (`BinaryPropertyList`).
public struct SourcePosition: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The 1-based line.
    public var line: Int
    /// The 1-based column, in Unicode scalars (what editors show).
    public var column: Int

    /// The place at `line` and `column`, both 1-based.
    public init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }

    public static func < (a: SourcePosition, b: SourcePosition) -> Bool {
        (a.line, a.column) < (b.line, b.column)
    }

    public var description: String { "\(line):\(column)" }
}
