/// Splits text into runs of one script each, for shaping: every scalar gets the script of the run it belongs to,
/// resolving Common, Inherited and Unknown scalars (UAX #24) the way the itemizers in front of HarfBuzz do (Pango's
/// `pango-script.c`, raqm, Chromium's `ScriptRunIterator`), with Script_Extensions.
///
///     let text: [UInt32] = "abc אבג".unicodeScalars.map(\.value)
///     var scripts = [Script](repeating: .common, count: text.count)
///     text.withUnsafeBufferPointer { scalars in
///         scripts.withUnsafeMutableBufferPointer { ScriptItemizer.resolve(scalars, into: $0.baseAddress!) }
///     }
///     // [Latn, Latn, Latn, Latn, Hebr, Hebr, Hebr]: the space joins the run before it
///
/// The rules, in the order they apply to a scalar. A run has a set of candidate scripts, at first every script:
/// 1. Each scalar constrains the run to its Script_Extensions (its Script when ScriptExtensions.txt does not list
///    it), except that a scalar whose extensions name no real script (Common, Inherited or Unknown alone: spaces,
///    most punctuation, digits 0-9, combining marks such as U+0301) constrains nothing. So U+0640 ARABIC TATWEEL
///    (extensions Adlm Arab … Syrc) stays in an Arabic run, and Devanagari digits (Script Deva, extensions
///    Deva Dogr Kthi Mahj) stay in a Dogra run.
/// 2. A scalar joins the current run when the run's candidates and its constraint share a script; the candidates
///    become the shared ones. Otherwise it starts a new run whose candidates are its constraint, except that
///    - an Inherited scalar (a mark whose extensions exclude the run, such as U+0951 after Thai) joins anyway,
///      leaving the candidates as they are: a mark never leaves its base;
///    - before the first scalar with a real Script value (the leading Common and Inherited scalars) nothing
///      starts a new run: the new constraint replaces the candidates, so leading punctuation takes the script of
///      the first real script that follows ("¡Hola" is all Latin, "「abc」" too).
/// 3. A closing paired bracket (BidiBrackets.txt; canonical equivalents such as U+232A and U+3009 close each
///    other) whose opening bracket is still on the stack takes the script of that opening bracket's run: in the
///    same run it joins unconditionally; when that run has ended, it is constrained to that run's script. So
///    "abc (אבג) def" gives ")" Latin, and in "(שלום) abc" both brackets are Hebrew. The brackets opened after it
///    and not closed are forgotten, and a closing bracket with no opening bracket is an ordinary Common scalar.
/// 4. A run ends resolved to the first of these that exists:
///    - its preferred script: the real Script of its first scalar that has one, replaced whenever a later scalar
///      rules it out by that scalar's own Script if that is a candidate (so Myanmar digits, extensions
///      Cakm Mymr Tale, resolve to Mymr, and "१२३" to Deva);
///    - Common, when no scalar of the paragraph has a real Script (then this run is the whole paragraph: digits,
///      spaces and punctuation alone are all Zyyy, even "、" or "।", whose extensions name real scripts);
///    - its first candidate in raw-value order, which is the first extension ScriptExtensions.txt lists: U+0964
///      DEVANAGARI DANDA after Latin text is Bengali, its first extension (after Bengali it simply stays Bengali,
///      and before Devanagari it is Devanagari).
///
/// Unknown (unassigned) scalars behave as Common. Rule 1 also applies to scalars with a real Script value, so
/// "a real script starts a new run unless the run already has it" is read as "unless the run can be one of its
/// extensions".
///
/// Each paragraph is itemized on its own, as each of those itemizers is given one paragraph (Pango's layout
/// itemizes paragraph by paragraph, and TextKit typesets one at a time): a paragraph ends after LF, CR (CR LF
/// together) or U+2029 PARAGRAPH SEPARATOR (`isParagraphSeparator`: what `CFStringGetParagraphBounds` ends one at;
/// U+2028 LINE SEPARATOR, VT and FF break lines inside a paragraph). So the leading punctuation of a paragraph takes
/// the script of the first letter after it — "ב\n-v" gives "-" Latin, kerned with "v", not Hebrew from the line
/// before — and no bracket is closed across a paragraph.
///
/// Performance notes: one table lookup per scalar, the rules only for a scalar whose properties may change the run's
/// state (a four-word intersection; about 7 ns a scalar in a release build when every scalar ran them), and each
/// scalar's script is written once, when its run ends. Nothing is allocated, whatever the length: the bracket stack
/// is a fixed ring of 64 entries in stack memory (`BracketStack`), which drops the outermost brackets past 64 levels
/// of nesting instead of trapping or growing.
enum ScriptItemizer {
    /// Whether a paragraph ends after `scalar` (for CR, unless LF follows it): LF, CR or U+2029 PARAGRAPH SEPARATOR.
    @inline(__always)
    static func isParagraphSeparator(_ scalar: UInt32) -> Bool {
        scalar == 0x0A || scalar == 0x0D || scalar == 0x2029
    }

    /// Writes the resolved script of each scalar of `scalars` to `scripts[0..<scalars.count]`, paragraph by
    /// paragraph.
    ///
    /// - Parameters:
    ///   - scalars: Unicode scalar values; values above U+10FFFF are treated as unassigned (Unknown).
    ///   - scripts: room for `scalars.count` values (`Script` is a trivial type, so the memory need not be
    ///     initialised); each gets the script of the run its scalar belongs to, never Inherited or Unknown.
    /// - Complexity: O(n), no allocation.
    static func resolve(_ scalars: UnsafeBufferPointer<UInt32>, into scripts: UnsafeMutablePointer<Script>) {
        guard !scalars.isEmpty else { return }
        withUnsafeTemporaryAllocation(of: BracketStack.Entry.self, capacity: BracketStack.capacity) { storage in
            var start = 0
            while start < scalars.count {
                let end = paragraphEnd(in: scalars, from: start)
                resolveParagraph(
                    UnsafeBufferPointer(rebasing: scalars[start..<end]), into: scripts + start,
                    brackets: storage.baseAddress!)
                start = end
            }
        }
    }

    /// The end of the paragraph that starts at `start`: just after its separator (CR LF's LF), or the text's end.
    /// Through the buffer's memory, one test of two compares for nearly every scalar (a separator is ≤ U+000D or
    /// U+2029).
    private static func paragraphEnd(in scalars: UnsafeBufferPointer<UInt32>, from start: Int) -> Int {
        guard let base = scalars.baseAddress else { return start }
        let count = scalars.count
        var index = start
        while index < count {
            let scalar = base[index]
            index &+= 1
            if scalar > 0x0D && scalar != 0x2029 { continue }
            if isParagraphSeparator(scalar) && !(scalar == 0x0D && index < count && base[index] == 0x0A) {
                return index
            }
        }
        return count
    }

    /// `resolve` for one paragraph, with a new bracket stack over `brackets` (room for `BracketStack.capacity`).
    private static func resolveParagraph(
        _ scalars: UnsafeBufferPointer<UInt32>, into scripts: UnsafeMutablePointer<Script>,
        brackets: UnsafeMutablePointer<BracketStack.Entry>
    ) {
        var resolver = Resolver(brackets: BracketStack(storage: brackets), scripts: scripts)
        // Unretained: every thread itemizes, and retaining the one table would have them trade its count.
        ScriptTable.sharedUnretained._withUnsafeGuaranteedRef { table in
            // Up to two value indices whose properties, added now, would change nothing (-1: none). Adding a
            // scalar's properties is a function of the run's state alone (and of the bracket stack, for brackets,
            // which are never remembered here), so properties that left the state as it was do so again until the
            // state changes; and properties added right after they changed it change nothing the second time (the
            // candidates are already within their constraint and the preferred script settled). So a run of one
            // script's letters and marks costs one table read per scalar.
            var quiet = -1
            var alsoQuiet = -1
            var index = 0
            while true {
                let (next, row) = Self.firstChange(
                    in: scalars, from: index, quiet: quiet, alsoQuiet: alsoQuiet, table)
                guard next < scalars.count else { break }
                index = next + 1
                let properties = table.values[row]
                let isBracket = properties.isOpeningBracket || properties.isClosingBracket
                if resolver.add(properties, at: next) {
                    quiet = isBracket ? -1 : row
                    alsoQuiet = -1
                } else if !isBracket {
                    alsoQuiet = quiet
                    quiet = row
                }
            }
        }
        resolver.finish(at: scalars.count)
    }

    /// The index of the first scalar from `start` on whose value index is neither `quiet` nor `alsoQuiet`, and that
    /// value index; `scalars.count` when there is none.
    ///
    /// A function of its own, not inlined, so that this loop, which most scalars go through alone, keeps its few
    /// values in registers: inlined into `resolve`, it shared them with the resolver's state and a skipped scalar
    /// cost about three times the instructions (callgrind, 8,000 Thai strings).
    @inline(never)
    private static func firstChange(
        in scalars: UnsafeBufferPointer<UInt32>, from start: Int, quiet: Int, alsoQuiet: Int, _ table: ScriptTable
    ) -> (Int, Int) {
        var index = start
        while index < scalars.count {
            let row = table.valueIndex(of: scalars[index])
            if row != quiet && row != alsoQuiet { return (index, row) }
            index += 1
        }
        return (index, -1)
    }

    /// The state of one `resolve` call: the current run and the unclosed brackets.
    private struct Resolver {
        var brackets: BracketStack
        let scripts: UnsafeMutablePointer<Script>
        /// Index of the current run's first scalar.
        var start = 0
        /// Number of the current run, from 0.
        var run = 0
        /// The scripts the current run may still take.
        var candidates = ScriptSet.all
        /// The current run's preferred script (rule 4), or Common while it has none.
        var preferred = Script.common
        /// Whether a scalar with a real Script value has been seen (the leading run is over).
        var seenRealScript = false

        init(brackets: BracketStack, scripts: UnsafeMutablePointer<Script>) {
            self.brackets = brackets
            self.scripts = scripts
        }

        /// Adds the scalar at `index` (rules 1 to 3).
        ///
        /// `@inline(__always)`: not inlined, the 40-byte `ScriptProperties` went through memory on every call;
        /// inlined, `resolve` measured 150 instead of 55 million scalars a second on mixed Latin, Hebrew, Han,
        /// kana and Devanagari text (release build).
        ///
        /// Returns whether the run's state (its number, candidates, preferred script, or whether a real script has
        /// been seen) changed; the bracket stack is not counted.
        @inline(__always) mutating func add(_ properties: ScriptProperties, at index: Int) -> Bool {
            let before = (run, candidates, preferred, seenRealScript)
            var script = properties.script
            var constraint = properties.extensions.containsRealScript ? properties.extensions : .all
            if properties.isClosingBracket, let opening = brackets.popMatching(pair: properties.bracketPair) {
                if opening.run == run {
                    constraint = .all
                } else if opening.script.isReal {
                    script = opening.script
                    constraint = ScriptSet(opening.script)
                }
            }
            var shared = candidates.intersection(constraint)
            if shared.isEmpty {
                if properties.script == .inherited {
                    shared = candidates
                } else if !seenRealScript {
                    shared = constraint
                } else {
                    endRun(at: index)
                    shared = constraint
                }
            }
            candidates = shared
            if script.isReal {
                seenRealScript = true
                if !(preferred.isReal && candidates.contains(preferred)) && candidates.contains(script) {
                    preferred = script
                }
            }
            if preferred.isReal && !candidates.contains(preferred) { preferred = .common }
            if properties.isOpeningBracket { brackets.push(pair: properties.bracketPair, run: run) }
            return before.0 != run || before.1 != candidates || before.2 != preferred || before.3 != seenRealScript
        }

        /// Resolves the last run.
        mutating func finish(at end: Int) {
            endRun(at: end)
        }

        /// Resolves the current run (rule 4), writes its script for its scalars up to `end`, and starts the next.
        private mutating func endRun(at end: Int) {
            let resolved: Script
            if preferred.isReal {
                resolved = preferred
            } else if run == 0 && !seenRealScript {
                resolved = .common
            } else {
                resolved = candidates.first.flatMap { $0.isReal ? $0 : nil } ?? .common
            }
            (scripts + start).initialize(repeating: resolved, count: end - start)
            brackets.resolve(run: run, as: resolved)
            start = end
            run += 1
            candidates = .all
            preferred = .common
        }
    }
}
