extension ScriptItemizer {
    /// The opening brackets the itemizer has seen and not yet closed, each with the run it belongs to.
    ///
    /// A fixed ring of `capacity` entries in memory the caller provides (the itemizer's stack-allocated scratch), so
    /// it never allocates. When it is full, a new opening bracket overwrites the oldest entry: the innermost
    /// `capacity` levels of nesting, the ones whose closing brackets come first, still pair, and a closing bracket
    /// whose opening bracket was dropped is treated like any other Common scalar. Pango instead empties its stack
    /// when full; dropping only the oldest entry keeps more of the pairs.
    struct BracketStack {
        /// One unclosed opening bracket.
        struct Entry {
            /// The `ScriptProperties.bracketPair` of the bracket.
            var pair: UInt8
            /// The script its run resolved to; only meaningful once that run has ended (`run` is not the current
            /// run), because the itemizer fills it in when the run ends.
            var script: Script
            /// The number of the run the bracket belongs to (runs are numbered from 0 in text order).
            var run: Int
        }

        /// How many entries fit. 64 entries of 16 bytes are 1 KB, small enough for
        /// `withUnsafeTemporaryAllocation` to use the stack.
        static var capacity: Int { 64 }

        private let storage: UnsafeMutablePointer<Entry>
        /// The slot of the oldest entry.
        private var base = 0
        /// The number of entries.
        private var count = 0

        /// A stack over `storage`, which must have room for `capacity` entries and outlive the stack.
        init(storage: UnsafeMutablePointer<Entry>) {
            self.storage = storage
        }

        /// Pushes an opening bracket of `pair` in run `run`, dropping the oldest entry when the stack is full.
        mutating func push(pair: UInt8, run: Int) {
            let entry = Entry(pair: pair, script: .common, run: run)
            if count == Self.capacity {
                (storage + base).initialize(to: entry)
                base = (base + 1) & (Self.capacity - 1)
            } else {
                (storage + slot(count)).initialize(to: entry)
                count += 1
            }
        }

        /// The nearest unclosed opening bracket of `pair`, popped together with every entry above it (brackets
        /// opened inside it and never closed); nil, leaving the stack as it is, when there is none.
        mutating func popMatching(pair: UInt8) -> Entry? {
            var depth = count
            while depth > 0 {
                depth -= 1
                let entry = storage[slot(depth)]
                if entry.pair == pair {
                    count = depth
                    return entry
                }
            }
            return nil
        }

        /// Records that run `run`, the current one, resolved to `script`.
        ///
        /// Runs only grow and entries are pushed in order, so the current run's entries are the top of the stack.
        mutating func resolve(run: Int, as script: Script) {
            var depth = count
            while depth > 0 {
                depth -= 1
                guard storage[slot(depth)].run == run else { return }
                storage[slot(depth)].script = script
            }
        }

        private func slot(_ depth: Int) -> Int {
            (base + depth) & (Self.capacity - 1)
        }
    }
}
