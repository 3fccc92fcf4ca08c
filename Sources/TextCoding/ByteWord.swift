/// Eight bytes at a time: the word-wide byte test the package's scanners use to skip plain text (the input splitter of
/// `measure batch`, the catalog readers' line counter and XML scanner, the reports' workflow-command guard).
public enum ByteWord {
    /// Whether any of the eight bytes of `word` equals `byte`: the classic "has a zero byte" test on `word` XORed
    /// with `byte` in every byte, exact as a yes or no (a borrow can mark a wrong byte only above one that matches).
    @inlinable @inline(__always)
    public static func word(_ word: UInt64, contains byte: UInt8) -> Bool {
        matches(of: byte, in: word) != 0
    }

    /// The test of `word(_:contains:)` as a word, nonzero exactly when `word` holds `byte`: several bytes are tested
    /// at once by or-ing their words, without a branch between them (the reports' workflow-command guard looks for
    /// five).
    @inlinable @inline(__always)
    public static func matches(of byte: UInt8, in word: UInt64) -> UInt64 {
        let spread = word ^ (0x0101_0101_0101_0101 &* UInt64(byte))
        return (spread &- 0x0101_0101_0101_0101) & ~spread & 0x8080_8080_8080_8080
    }
}
