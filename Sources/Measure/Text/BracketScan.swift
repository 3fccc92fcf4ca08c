internal import TextCoding

/// The opening brackets `ScriptItemizer`'s bracket stack holds at a point of a string, for
/// `LineFitter.crossingSegmentMeasure` when a closing bracket's opening one may lie before the text it resolves: read
/// from the string's start once, and from where it stopped at each later point, so that a string asking at every
/// segment costs one reading, not one per segment (`字)っ ` repeated to 256 KiB: `measure batch` 6.52 s when every
/// question read from the start, 0.03 s reading once; release builds).
struct BracketScan {
    /// How many open brackets it follows: the itemizer's ring holds 64, and `CrossingRunResolver` may open
    /// `bracketCapacity` more after the point asked about; past this the ring could drop one and this would not know
    /// which.
    static let capacity = ScriptItemizer.BracketStack.capacity - CrossingRunResolver.bracketCapacity
    /// The open brackets' pairs (`ScriptProperties.bracketPair`), innermost last.
    private var stack = SIMD64<UInt8>()
    private var depth = 0
    /// Where the reading stopped.
    private var offset = 0
    /// Whether more than `capacity` were open at some point read.
    private var overflowed = false

    /// The pairs (bit by bit) of the brackets open after the bytes of `utf8` before `end`, in the paragraph `end` is
    /// in; nil when more than `capacity` were open at some point before it (in any paragraph: the answer then only
    /// sends the segment to the itemizer). Reads on from where the last question stopped (from the start
    /// when `end` lies before it).
    mutating func openPairs(before end: Int, in utf8: UnsafeBufferPointer<UInt8>) -> UInt64? {
        if end < offset { self = BracketScan() }
        let scripts = ScriptTable.sharedUnretained
        while offset < end && !overflowed {
            let (scalar, length, _) = UTF8Decoding.decode(utf8, at: offset)
            offset &+= length
            // A paragraph's brackets close in it (`ScriptItemizer` itemizes each alone).
            if ScriptItemizer.isParagraphSeparator(scalar) {
                depth = 0
                continue
            }
            let properties = scripts._withUnsafeGuaranteedRef { $0.properties(of: scalar) }
            if properties.isOpeningBracket {
                guard depth < Self.capacity else {
                    overflowed = true
                    break
                }
                stack[depth] = properties.bracketPair
                depth += 1
            } else if properties.isClosingBracket {
                // As `BracketStack.popMatching`: the innermost of its pair, with every bracket opened inside it.
                var match = depth
                while match > 0 && stack[match - 1] != properties.bracketPair { match -= 1 }
                if match > 0 { depth = match - 1 }
            }
        }
        guard !overflowed else { return nil }
        var open: UInt64 = 0
        for index in 0..<depth { open |= 1 << UInt64(stack[index] & 63) }
        return open
    }
}
