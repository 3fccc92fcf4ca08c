import Sharding

/// The lines of one block of `measure batch` input that belong to a shard, with their line numbers in the whole
/// input.
///
/// A line's shard is decided by its text after unescaping — the string measured, which the size database keys by —
/// so identical lines always go to the same shard, wherever they are in the input. A sharded run prints
/// `line<TAB>width<TAB>height<TAB>lines` for its lines only, the line number (from 1) first, because a shard's output
/// alone no longer lines up with the input; the N outputs together hold every line once, and
/// `sort -m -n -k1,1 shard-*.tsv | cut -f2-` gives exactly the unsharded output.
struct ShardedLines {
    /// The shard's lines, in input order.
    var lines: [ArraySlice<UInt8>]
    /// The input line number (from 1) of each of `lines`.
    var numbers: [Int]

    /// Picks from `block`, whose first line is input line `firstNumber`, the lines in `shard`.
    /// - Complexity: O(n) in the block's bytes.
    init(_ block: [ArraySlice<UInt8>], firstNumber: Int, shard: Shard) {
        lines = []
        numbers = []
        for (offset, line) in block.enumerated() where shard.contains(key: line) {
            lines.append(line)
            numbers.append(firstNumber + offset)
        }
    }
}
