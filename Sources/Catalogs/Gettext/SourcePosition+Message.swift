/// Positions in compiled gettext catalogs, which have no lines (see `SourcePosition`).
extension SourcePosition {
    /// The position of message `number` (1-based, in the file's table) of a compiled `.mo` catalog: `line` is the
    /// number, `column` 1 (a column of 0 would be no place at all to SARIF and editors).
    static func message(_ number: Int) -> SourcePosition {
        SourcePosition(line: number, column: 1)
    }
}
