/// A set of `Script` values, as a 256-bit bitmap: a scalar's Script_Extensions, and the scripts the itemizer's
/// current run may still take.
///
/// Four words cover every `UInt8` raw value, so membership is a shift and a mask, and an intersection is four ANDs
/// with no allocation, which is what the itemizer does once per scalar.
struct ScriptSet: Hashable, Sendable, Sequence {
    private var word0: UInt64
    private var word1: UInt64
    private var word2: UInt64
    private var word3: UInt64

    private init(_ word0: UInt64, _ word1: UInt64, _ word2: UInt64, _ word3: UInt64) {
        self.word0 = word0
        self.word1 = word1
        self.word2 = word2
        self.word3 = word3
    }

    /// The set of no script.
    static var empty: ScriptSet { ScriptSet(0, 0, 0, 0) }

    /// The set of every raw value: the itemizer's "no constraint yet".
    static var all: ScriptSet { ScriptSet(.max, .max, .max, .max) }

    /// The set of `scripts`.
    init(_ scripts: some Sequence<Script>) {
        self = .empty
        for script in scripts { insert(script) }
    }

    /// The set of `script` alone.
    init(_ script: Script) {
        self = .empty
        insert(script)
    }

    /// Whether `script` is in the set.
    @inline(__always) func contains(_ script: Script) -> Bool {
        word(script.rawValue &>> 6) &>> UInt64(script.rawValue) & 1 != 0
    }

    /// Adds `script`.
    mutating func insert(_ script: Script) {
        let bit = UInt64(1) &<< UInt64(script.rawValue)
        switch script.rawValue &>> 6 {
        case 0: word0 |= bit
        case 1: word1 |= bit
        case 2: word2 |= bit
        default: word3 |= bit
        }
    }

    /// The scripts in both sets.
    @inline(__always) func intersection(_ other: ScriptSet) -> ScriptSet {
        ScriptSet(word0 & other.word0, word1 & other.word1, word2 & other.word2, word3 & other.word3)
    }

    /// Whether the set has no script.
    @inline(__always) var isEmpty: Bool { word0 | word1 | word2 | word3 == 0 }

    /// Whether the set has a writing system in it, not only Common, Inherited or Unknown (raw values 0 to 2).
    @inline(__always) var containsRealScript: Bool { word0 &>> 3 | word1 | word2 | word3 != 0 }

    /// The script with the lowest raw value, or nil for the empty set.
    ///
    /// For a Script_Extensions set of real scripts this is the first script ScriptExtensions.txt lists for it
    /// (the file lists them alphabetically by ISO 15924 code, the order of the raw values after the first three).
    var first: Script? {
        for index in 0..<4 {
            let bits = word(UInt8(index))
            if bits != 0 { return Script(rawValue: UInt8(index * 64 + bits.trailingZeroBitCount)) }
        }
        return nil
    }

    /// The number of scripts in the set.
    var count: Int { word0.nonzeroBitCount + word1.nonzeroBitCount + word2.nonzeroBitCount + word3.nonzeroBitCount }

    /// The scripts in ascending raw-value order.
    func makeIterator() -> Iterator { Iterator(remaining: self) }

    /// Iterates over a `ScriptSet` in ascending raw-value order.
    struct Iterator: IteratorProtocol {
        fileprivate var remaining: ScriptSet

        mutating func next() -> Script? {
            guard let script = remaining.first else { return nil }
            remaining.remove(script)
            return script
        }
    }

    private mutating func remove(_ script: Script) {
        let bit = ~(UInt64(1) &<< UInt64(script.rawValue))
        switch script.rawValue &>> 6 {
        case 0: word0 &= bit
        case 1: word1 &= bit
        case 2: word2 &= bit
        default: word3 &= bit
        }
    }

    @inline(__always) private func word(_ index: UInt8) -> UInt64 {
        switch index {
        case 0: word0
        case 1: word1
        case 2: word2
        default: word3
        }
    }
}
