/// `ScriptItemizer`'s answer for a stretch of text, told scalar by scalar where the text so far settles it, for the
/// one-pass fit's segments that cross a script run (`LineFitter.crossingSegmentMeasure`).
///
/// The itemizer's rules (see `ScriptItemizer`) settle a run's script for good once its candidates are one script
/// `S` after the text's first real script: past the leading run (where rule 2 replaces the candidates instead, so
/// that `〆a` is all Latin) candidates only narrow while a run lasts, and a run whose candidates are {S} resolves to S
/// whatever its preferred script (rule 4). A scalar whose Script_Extensions is the one real script S — an ideograph, a
/// kana, a Latin letter — leaves the candidates {S} wherever it stands, leading run or not; past the leading run, a
/// scalar whose extensions are one script that the run cannot be begins a run with those candidates too, Common or
/// not. Fed from a scalar of the first kind on (or from the start of the text), this gives each next scalar's
/// resolved script:
/// - a Common, Inherited or Unknown scalar whose extensions name no real script, an Inherited one, or one whose
///   extensions hold S, joins the run (rules 1 and 2): S;
/// - one whose extensions are a single other script T begins a run of T (rule 2), settled as above: T;
/// - before the text's first real script, every scalar joins the leading run (rule 2), which resolves to the first
///   real script once that is a single one (`leadingScript`): `Script.common` is returned for them until then;
/// - a closing bracket (rule 3) whose opening bracket was fed here joins the run when that bracket is in it, and
///   is otherwise a scalar of that run's script; one whose opening bracket is not open anywhere before is an
///   ordinary Common scalar. Whether brackets opened before the text fed here are open is `prefix`, which the caller
///   gives when asked (`needsPrefix`), since it means reading the text from its start;
/// - anything else — a closing bracket whose opening bracket may be open before, a scalar with several extensions
///   that leaves the run (whose run resolves only when it ends), more than `bracketCapacity` brackets open here — nil:
///   the itemizer must be asked.
struct CrossingRunResolver {
    /// The settled run's script; nil while the leading run lasts.
    private(set) var script: Script?
    /// The script the leading run resolved to, once the first real script settled it.
    private(set) var leadingScript: Script?
    /// The pairs (`ScriptProperties.bracketPair`, bit by bit) of the opening brackets that are open where the text fed
    /// here begins, as the itemizer's stack would hold them; nil while unknown.
    var prefix: UInt64?
    /// Whether a nil answer came from a closing bracket that `prefix`, unknown, would have decided.
    private(set) var needsPrefix = false
    /// The number of the current run, counted from the first scalar fed.
    private var run: Int32 = 0
    /// The opening brackets fed here and not closed, innermost last: pair, run, and the run's script (raw value;
    /// `leadingRun` for the leading run, which resolves to `leadingScript`).
    private var bracketPairs = SIMD8<UInt8>()
    private var bracketRuns = SIMD8<Int32>()
    private var bracketScripts = SIMD8<UInt8>()
    private var bracketCount = 0

    /// How many opening brackets may be open in the text fed here.
    static let bracketCapacity = SIMD8<UInt8>.scalarCount
    private static let leadingRun: UInt8 = 0xFF

    /// The resolved script of the next scalar, which has `properties`: `Script.common` for a scalar of the leading
    /// run while it is not settled, nil when the text so far does not settle it.
    mutating func add(_ properties: ScriptProperties) -> Script? {
        var extensions = properties.extensions
        var joins = false
        if properties.isClosingBracket {
            let pair = properties.bracketPair
            if let (openRun, openScript) = popMatching(pair) {
                // Rule 3: in its opening bracket's run it joins; past it, it is a scalar of that run's script.
                if openRun == run {
                    joins = true
                } else {
                    guard
                        let opening = openScript == Self.leadingRun
                            ? leadingScript : Optional(Script(rawValue: openScript))
                    else { return nil }
                    extensions = ScriptSet(opening)
                }
            } else {
                guard let prefix else {
                    needsPrefix = true
                    return nil
                }
                // Open before: its script is that bracket's run's, unknown here. Not open: an ordinary scalar.
                if prefix & (1 << UInt64(pair & 63)) != 0 { return nil }
            }
        }
        let resolved: Script
        if let current = script {
            if joins || properties.script == .inherited || !extensions.containsRealScript
                || extensions.contains(current)
            {
                resolved = current
            } else {
                guard extensions.count == 1, let only = extensions.first else { return nil }
                run &+= 1
                script = only
                resolved = only
            }
        } else if !joins && properties.script.isReal {
            // The leading run ends at its first real script, which settles it when it is a single one.
            guard extensions.count == 1, let only = extensions.first else { return nil }
            script = only
            leadingScript = only
            resolved = only
        } else {
            // The leading run: nothing starts a run before the first real script.
            resolved = .common
        }
        if properties.isOpeningBracket {
            guard bracketCount < Self.bracketCapacity else { return nil }
            bracketPairs[bracketCount] = properties.bracketPair
            bracketRuns[bracketCount] = run
            bracketScripts[bracketCount] = script.map(\.rawValue) ?? Self.leadingRun
            bracketCount += 1
        }
        return resolved
    }

    /// The innermost open bracket of `pair` fed here, popped with every bracket opened inside it and never closed:
    /// its run and its run's script (raw value or `leadingRun`).
    private mutating func popMatching(_ pair: UInt8) -> (run: Int32, script: UInt8)? {
        var depth = bracketCount
        while depth > 0 {
            depth -= 1
            if bracketPairs[depth] == pair {
                bracketCount = depth
                return (bracketRuns[depth], bracketScripts[depth])
            }
        }
        return nil
    }
}
