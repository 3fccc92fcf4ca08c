/// UAX #14 over text of Latin-1 scalars alone, as a transition table: the break opportunity before each scalar and
/// the breaker's next state in one load.
///
/// `LineBreakState` carries the left context of the pair rules. Over Latin-1 its inputs come from a few dozen
/// symbols (a scalar's resolved class with the two properties `advance` reads, East_Asian_Width F/W/H and unassigned
/// Extended_Pictographic; and, for OP and HY, whether a number follows), so it can only reach a few hundred states.
/// This table is built by running the real state machine from every first scalar over every symbol until no new
/// state appears, numbering the states as they are met: it is `LineBreakState` itself, tabulated, so it answers
/// exactly what `LineBreaker.analyze` answers for Latin-1 text (`Latin1BreakTableTests` checks that on the rule
/// walk's every Latin-1 pair and triple and on random text). Latin-1 has no class a `LineBreakOptions` tailoring
/// rewrites (CJ, the Hangul classes), so one table serves every option.
///
/// The one-pass Latin-1 fit reads it (`LineFitter.fitLatin1String`): one load per scalar instead of the state's
/// eight fields moved through the rules.
struct Latin1BreakTable: Sendable {
    /// Symbols a row holds: a power of two, so a transition is found by a shift and an or.
    static let rowLength = 64
    /// Each Latin-1 scalar's symbol in the low six bits, and `looksAhead` for OP and HY, whose symbol + 1 is the same
    /// scalar with a number after it (LB25's lookahead).
    let symbols: InlineArray<256, UInt8>
    /// The bit of `symbols` that marks OP and HY.
    static let looksAhead: UInt8 = 0x80
    /// The state before the first scalar: its row leads to the state `LineBreakState(first:properties:)` makes, with ×
    /// (LB2: nothing breaks before the first scalar).
    static let startOfText = 0
    /// `transitions[state * rowLength + symbol]`: the `BreakOpportunity` raw value before a scalar with that symbol
    /// in the low two bits, the state after it above them.
    let transitions: [UInt16]
    /// How many states there are: the start of text and those Latin-1 text reaches.
    let stateCount: Int

    /// The table, built on first use (a few hundred states, once per process).
    static let shared = Latin1BreakTable()

    /// Builds the table by running `LineBreakState` over every symbol from every reachable state.
    init() {
        let resolver = LineBreakClassResolver(options: .measurer)
        // One symbol per distinct (class, East Asian wide, unassigned pictographic); two for OP and HY.
        struct Input: Hashable {
            var resolved: LineBreakClass
            var isEastAsianWide: Bool
            var isUnassignedPictographic: Bool
        }
        var inputs: [(input: Input, properties: ScalarProperties, numberFollows: Bool)] = []
        var symbolOf: [Input: UInt8] = [:]
        var symbols = InlineArray<256, UInt8>(repeating: 0)
        for scalar in 0..<256 {
            let properties = resolver.properties(of: UInt32(scalar))
            let resolved = resolver.lineBreakClass(of: properties)
            let input = Input(
                resolved: resolved, isEastAsianWide: properties.isEastAsianWide,
                isUnassignedPictographic: properties.isUnassignedExtendedPictographic)
            let looks = resolved == .OP || resolved == .HY
            let mark = looks ? Self.looksAhead : 0
            if let known = symbolOf[input] {
                symbols[scalar] = known | mark
                continue
            }
            let symbol = UInt8(inputs.count)
            symbolOf[input] = symbol
            symbols[scalar] = symbol | mark
            inputs.append((input, properties, false))
            if looks { inputs.append((input, properties, true)) }
        }
        precondition(inputs.count <= Self.rowLength, "Latin-1 has more break symbols than a row holds")
        // State 0 is the start of text; the states `LineBreakState` reaches are numbered from 1 as they are met, and
        // found again by their packed fields in an open-addressing table (made once per process, at start-up: a
        // `Dictionary` of states cost ten times as much).
        let slots = 1 << 12
        var keys = [UInt64](repeating: 0, count: slots)
        var numbers = [UInt16](repeating: 0, count: slots)
        var states: [LineBreakState] = []
        func number(of state: LineBreakState) -> UInt16 {
            let key = state.packed
            var slot = Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) >> 52)
            while numbers[slot] != 0 {
                if keys[slot] == key { return numbers[slot] }
                slot = (slot + 1) & (slots - 1)
            }
            precondition(states.count < slots / 2, "too many Latin-1 break states for the table")
            states.append(state)
            keys[slot] = key
            numbers[slot] = UInt16(states.count)
            return numbers[slot]
        }
        var transitions: [UInt16] = []
        transitions.reserveCapacity(1024 * Self.rowLength)
        var row = [UInt16](repeating: 0, count: Self.rowLength)
        for (symbol, input) in inputs.enumerated() {
            let first = LineBreakState(first: input.input.resolved, properties: input.properties)
            row[symbol] = number(of: first) << 2 | UInt16(BreakOpportunity.prohibited.rawValue)
        }
        transitions.append(contentsOf: row)
        var next = 0
        while next < states.count {
            for (symbol, input) in inputs.enumerated() {
                var state = states[next]
                let opportunity = state.advance(
                    to: input.input.resolved, properties: input.properties, numberFollows: input.numberFollows)
                row[symbol] = number(of: state) << 2 | UInt16(opportunity.rawValue)
            }
            transitions.append(contentsOf: row)
            next += 1
        }
        self.symbols = symbols
        self.transitions = transitions
        stateCount = states.count + 1
    }
}
