import Foundation

/// UAX #14 as a transition table over every scalar, filled as text needs it: the break opportunity before a scalar
/// and the breaker's next state in one load, for the one-pass fit of strings beyond Latin-1 (`LineFitter.fitOnePass`).
///
/// It is `Latin1BreakTable` grown to all of Unicode. A scalar's *symbol* stands for what `LineBreakState.advance`
/// reads of it — its class resolved by LB1 and the options, East_Asian_Width F/W/H, unassigned Extended_Pictographic,
/// and for OP and HY whether a number follows (LB25's lookahead: symbol + 1) — and symbols are numbered as they are
/// first met, Latin-1's first and in `Latin1BreakTable`'s order, so a `ScalarEntry.breakSymbol` means the same in
/// both. States are `LineBreakState` values, numbered as they are reached. A transition not yet known is found by
/// running the real state machine once and kept, so the table answers exactly what `LineBreaker.analyze` answers
/// (`LineBreakAutomatonTests`); text reaches a few hundred states, so after the first strings nearly every scalar is
/// one load.
///
/// One per session (`OnePassTables`), used by one thread at a time. Its stored `var`s are `@exclusivity(unchecked)`
/// for the reason `ClusterScratch` gives: the session's lock is the only way in.
final class LineBreakAutomaton {
    /// Symbols a row holds; the `looksAhead` bit of a `breakSymbol` sits above them.
    static let rowLength = 128
    /// States at most (the start of text included); a string that would reach more is left to the general path.
    static let stateLimit = 8192
    /// States the table has rows for at first; it doubles as more are reached.
    static let initialStates = 256
    /// The state before the first scalar.
    static let startOfText = 0
    /// A transition's value when the table could not hold it (more symbols or states than it has room for).
    static let overflow = UInt16.max

    /// What `LineBreakState` reads of the scalars of one symbol.
    struct Input {
        var resolved: LineBreakClass
        var properties: ScalarProperties
        var numberFollows: Bool
    }

    /// The options' LB1 resolution.
    let resolver: LineBreakClassResolver
    /// Each symbol's input, by symbol.
    @exclusivity(unchecked) private(set) var inputs: [Input] = []
    /// The symbol of each (resolved class, East Asian wide, unassigned pictographic), without the lookahead bit, at
    /// `class << 2 | wide << 1 | pictographic`; `unnumbered` where none is yet. A table, not a dictionary: each new
    /// scalar a session meets asks it, and hashing the key cost more than the rest of the question.
    @exclusivity(unchecked) private var symbolOf = [UInt8](repeating: LineBreakAutomaton.unnumbered, count: 1 << 10)
    /// No symbol yet (symbols stay below `rowLength`).
    private static let unnumbered: UInt8 = 0xFF
    /// The states reached, by number - 1 (number 0 is the start of text), and their numbers by packed value.
    @exclusivity(unchecked) private var states: [LineBreakState] = []
    @exclusivity(unchecked) private var numberOf: [UInt64: UInt16] = [:]
    /// `rowLength` transitions per state, each the `BreakOpportunity` raw value in the low two bits and the next
    /// state above them, plus one; 0 where not known yet. Rows for `rowCapacity` states, zeroed; `fill` doubles them
    /// when a new state needs a row (so a reader holding this pointer reads it again after a `fill`). Small at first:
    /// a session is made for every one-off measure, and a large block would have to be cleared each time.
    @exclusivity(unchecked) private(set) var transitions: UnsafeMutablePointer<UInt16>
    @exclusivity(unchecked) private var rowCapacity = LineBreakAutomaton.initialStates

    /// An automaton for `options`, its Latin-1 symbols numbered as `Latin1BreakTable`'s.
    init(options: LineBreakOptions) {
        resolver = LineBreakClassResolver(options: options)
        let count = Self.initialStates * Self.rowLength
        guard let memory = calloc(count, MemoryLayout<UInt16>.stride) else {
            fatalError("out of memory for the line-break automaton")
        }
        transitions = memory.bindMemory(to: UInt16.self, capacity: count)
        // Room for what text reaches, made once: grown step by step, these took some twenty allocations per session
        // (`bench --compare` counts a cold session's).
        inputs.reserveCapacity(Self.rowLength)
        states.reserveCapacity(Self.initialStates)
        numberOf.reserveCapacity(Self.initialStates)
        for scalar in UInt32(0)..<256 { _ = symbol(of: resolver.properties(of: scalar)) }
    }

    deinit {
        free(transitions)
    }

    /// The symbol of a scalar with `properties` (with `Latin1BreakTable.looksAhead` for OP and HY, whose symbol + 1
    /// is the same scalar with a number after it), numbering it if it is new; nil when the row has no room left.
    func symbol(of properties: ScalarProperties) -> UInt8? {
        let resolved = resolver.lineBreakClass(of: properties)
        let key =
            UInt16(resolved.rawValue) << 2 | (properties.isEastAsianWide ? 2 : 0)
            | (properties.isUnassignedExtendedPictographic ? 1 : 0)
        let looks = resolved == .OP || resolved == .HY
        let mark = looks ? Latin1BreakTable.looksAhead : 0
        let known = symbolOf[Int(key)]
        if known != Self.unnumbered { return known | mark }
        guard inputs.count + (looks ? 2 : 1) <= Self.rowLength else { return nil }
        let symbol = UInt8(inputs.count)
        symbolOf[Int(key)] = symbol
        inputs.append(Input(resolved: resolved, properties: properties, numberFollows: false))
        if looks { inputs.append(Input(resolved: resolved, properties: properties, numberFollows: true)) }
        return symbol | mark
    }

    /// The transition from `state` on `symbol` (lookahead resolved): found by running `LineBreakState` and kept.
    /// `overflow` when the next state would pass `stateLimit`.
    @inline(never)
    func fill(state: Int, symbol: Int) -> UInt16 {
        let input = inputs[symbol]
        let next: LineBreakState
        let opportunity: BreakOpportunity
        if state == Self.startOfText {
            // LB2: nothing breaks before the first scalar.
            next = LineBreakState(first: input.resolved, properties: input.properties)
            opportunity = .prohibited
        } else {
            var advanced = states[state - 1]
            opportunity = advanced.advance(
                to: input.resolved, properties: input.properties, numberFollows: input.numberFollows)
            next = advanced
        }
        let number: UInt16
        if let known = numberOf[next.packed] {
            number = known
        } else {
            guard states.count + 1 < Self.stateLimit else { return Self.overflow }
            if states.count + 1 >= rowCapacity { growRows() }
            states.append(next)
            number = UInt16(states.count)
            numberOf[next.packed] = number
        }
        let transition = number << 2 | UInt16(opportunity.rawValue)
        transitions[state &* Self.rowLength &+ symbol] = transition &+ 1
        return transition
    }

    /// Doubles the rows, the new ones zeroed.
    private func growRows() {
        let old = rowCapacity * Self.rowLength
        let grown = min(rowCapacity * 2, Self.stateLimit)
        guard let memory = realloc(transitions, grown * Self.rowLength * MemoryLayout<UInt16>.stride) else {
            fatalError("out of memory for the line-break automaton")
        }
        transitions = memory.bindMemory(to: UInt16.self, capacity: grown * Self.rowLength)
        (transitions + old).initialize(repeating: 0, count: grown * Self.rowLength - old)
        rowCapacity = grown
    }

    /// States reached so far, the start of text included.
    var stateCount: Int { states.count + 1 }
}
