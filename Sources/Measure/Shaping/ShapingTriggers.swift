internal import CHarfBuzz

/// Which glyphs of a font send a segment to HarfBuzz although its script needs no shaping: the proof behind the fast
/// path.
///
/// The fast path (cached advances, GPOS/`kern` pair kerning, GSUB `liga` ligatures) gives exactly HarfBuzz's answer
/// for a run of the simple scripts (Latin, Greek, Cyrillic, Armenian, Georgian, Han, kana, Hangul, Bopomofo and
/// Common) left to right, unless HarfBuzz applies some other lookup that changes something. HarfBuzz says which
/// lookups its shape plan applies for each of those scripts in the measurer's language and features
/// (`hb_ot_shape_plan_collect_lookups`); the lookups the fast path reproduces are taken out (the `kern` feature's
/// PairPos lookups and the `liga` feature's LigatureSubst lookups, when the fast path applies them), and for every
/// other lookup this collects glyphs without which it cannot apply:
/// - mark attachment (GPOS 4, 5, 6): its mark coverage, since it only moves a mark;
/// - ligatures (GSUB 4) of any feature: the last component of each ligature, since it needs all of them;
/// - contextual and chained contextual lookups of format 3: one coverage every match needs, a coverage of marks
///   when there is one (marks are rare in text), else the smallest;
/// - any other lookup: every glyph it takes as input (`hb_ot_layout_lookup_collect_glyphs`).
/// A lookup the fast path applies that the plan does not (the fast path reads `kern` and `liga` of every script at
/// once) adds its input glyphs too. Lookups only the fraction features (`frac`, `numr`, `dnom`) use are left out:
/// HarfBuzz applies them only around U+2044 FRACTION SLASH, which itself sends a segment to HarfBuzz.
///
/// A segment none of whose glyphs is in the set is measured by the fast path; `ShapingDifferentialTests` checks the
/// two paths give the same widths on every corpus.
enum ShapingTriggers {
    /// How much table reading one font's analysis may do (glyphs of coverages and classes read, rules walked): real
    /// fonts need a small share of it, a hostile one that points many lookups at one big table stops there, and then
    /// every glyph is a trigger (everything is shaped by HarfBuzz, which is always right).
    final class WorkBudget {
        private(set) var remaining: Int
        private(set) var isExhausted = false

        init(limit: Int) { remaining = limit }

        /// Takes `amount` from the budget; false once it is spent.
        func spend(_ amount: Int) -> Bool {
            remaining -= max(amount, 1)
            if remaining < 0 { isExhausted = true }
            return !isExhausted
        }
    }

    /// The ISO 15924 tags of the scripts the fast path measures (see `ScriptProperties.needsShaping`).
    static let simpleScripts = ["Zyyy", "Latn", "Grek", "Cyrl", "Armn", "Geor", "Hani", "Hira", "Kana", "Hang", "Bopo"]

    /// The trigger glyphs of `face` for text in `language`, with pair kerning and ligatures as given; `gsub` and
    /// `gpos` are the font's raw tables (nil when absent).
    static func glyphs(
        face: HarfBuzzFace, gsub: [UInt8]?, gpos: [UInt8]?, language: String?, kerns: Bool,
        ligates: Bool
    ) -> GlyphSet {
        var triggers = GlyphSet(glyphCount: Int(face.glyphCount))
        let budget = WorkBudget(limit: 8 * ((gsub?.count ?? 0) + (gpos?.count ?? 0)) + 4_000_000)
        let marks = markGlyphs(face)
        let reachable = reachableGlyphs(face)
        let tables: [(tag: UInt32, bytes: [UInt8]?, name: String, extensionType: UInt16)] = [
            (tag("GSUB"), gsub, "GSUB", 7), (tag("GPOS"), gpos, "GPOS", 9),
        ]
        var features: [hb_feature_t] = []
        if !kerns { features.append(hb_feature_t(tag: tag("kern"), value: 0, start: 0, end: UInt32.max)) }
        if !ligates {
            features.append(hb_feature_t(tag: tag("liga"), value: 0, start: 0, end: UInt32.max))
            features.append(hb_feature_t(tag: tag("clig"), value: 0, start: 0, end: UInt32.max))
        }
        let hbLanguage = language.flatMap {
            $0.isEmpty || HarfBuzzShaper.ignoresLanguage($0) ? nil : hb_language_from_string($0, -1)
        }
        for table in tables {
            guard let bytes = table.bytes, let layout = try? OpenTypeLayoutTable(bytes, name: table.name) else {
                continue
            }
            var ignored: [String] = []
            // What the fast path applies: every script's `kern` PairPos / `liga` LigatureSubst lookups.
            let reproducedFeature = table.name == "GPOS" ? (kerns ? "kern" : nil) : (ligates ? "liga" : nil)
            let reproducedType: UInt16 = table.name == "GPOS" ? 2 : 4
            var fastLookups = Set<Int>()
            if let feature = reproducedFeature {
                for lookup in layout.lookupIndices(feature: tag(feature), diagnostics: &ignored)
                where subtableTypes(layout, lookup, table.extensionType).allSatisfy({ $0 == reproducedType }) {
                    fastLookups.insert(lookup)
                }
            }
            let fractionOnly = fractionOnlyLookups(face.face, table: table.tag)
            // Lookups only reached from contextual ones apply only where those match, so their parents decide.
            let direct = featureLookups(face.face, table: table.tag)
            var planned = Set<Int>()
            for (scriptIndex, script) in simpleScripts.enumerated() {
                var properties = hb_segment_properties_t()
                properties.direction = HB_DIRECTION_LTR
                properties.script = hb_script_from_iso15924_tag(tag(script))
                properties.language = hbLanguage
                var planFeatures = features
                if HarfBuzzShaper.turnsOffContextualAlternates(script: tag(script)) {
                    planFeatures.append(hb_feature_t(tag: tag("calt"), value: 0, start: 0, end: UInt32.max))
                }
                let plan = planFeatures.withUnsafeBufferPointer {
                    hb_shape_plan_create_cached(face.face, &properties, $0.baseAddress, UInt32($0.count), nil)
                }
                guard let plan else { continue }
                let lookups = hb_set_create()
                hb_ot_shape_plan_collect_lookups(plan, table.tag, lookups)
                let scriptLookups = elements(lookups).map(Int.init)
                hb_set_destroy(lookups)
                hb_shape_plan_destroy(plan)
                planned.formUnion(scriptLookups)
                for lookup in scriptLookups
                where direct.contains(lookup) && !fastLookups.contains(lookup) && !fractionOnly.contains(lookup) {
                    guard !budget.isExhausted else { break }
                    addTriggers(
                        ofLookup: lookup, layout: layout, table: table, face: face, marks: marks,
                        reachable: reachable[scriptIndex], budget: budget, into: &triggers)
                }
            }
            // Applied by the fast path but not by HarfBuzz for these scripts.
            for lookup in fastLookups.sorted() where !planned.contains(lookup) {
                if table.name == "GSUB",
                    let components = lastLigatureComponents(
                        layout, lookup: lookup, extensionType: table.extensionType,
                        budget: budget)
                {
                    // A ligature applies only with all its components: its last one is enough to watch for.
                    for glyph in components { triggers.insert(glyph) }
                } else {
                    addInputGlyphs(ofLookup: lookup, face: face, table: table.tag, reachable: nil, into: &triggers)
                }
            }
        }
        if budget.isExhausted { triggers.insertAll() }
        return triggers
    }

    /// Adds the glyphs without which `lookup` cannot apply first in a run whose original glyphs are all in
    /// `reachable` (every glyph when nil).
    private static func addTriggers(
        ofLookup lookup: Int, layout: OpenTypeLayoutTable,
        table: (tag: UInt32, bytes: [UInt8]?, name: String, extensionType: UInt16),
        face: HarfBuzzFace, marks: GlyphSet, reachable: GlyphSet?, budget: WorkBudget,
        into triggers: inout GlyphSet
    ) {
        let isGPOS = table.name == "GPOS"
        func keep(_ glyphs: [UInt32]) -> [UInt32] { reachable.map { set in glyphs.filter(set.contains) } ?? glyphs }
        // A ligature needs all its components: the last one of each is enough to watch for.
        if !isGPOS,
            let components = lastLigatureComponents(
                layout, lookup: lookup, extensionType: table.extensionType,
                budget: budget)
        {
            for glyph in keep(components) { triggers.insert(glyph) }
            return
        }
        guard let subtables = try? layout.subtables(ofLookup: lookup, extension: table.extensionType),
            !subtables.isEmpty
        else {
            return addInputGlyphs(
                ofLookup: lookup, face: face, table: table.tag, reachable: reachable,
                into: &triggers)
        }
        var chosen: [[UInt32]] = []
        for resolved in subtables {
            guard case .success(let subtable) = resolved,
                let needed = neededCoverage(
                    layout.reader, subtable: subtable, isGPOS: isGPOS, marks: marks,
                    keep: keep, budget: budget)
            else {
                return addInputGlyphs(
                    ofLookup: lookup, face: face, table: table.tag, reachable: reachable,
                    into: &triggers)
            }
            chosen.append(needed)
        }
        for glyphs in chosen { for glyph in glyphs { triggers.insert(glyph) } }
    }

    /// Per simple script (in `simpleScripts` order), the glyphs a run of that script can start with: those the
    /// character map gives for scalars of the script, of Common or Inherited, or with the script in their
    /// Script_Extensions. A lookup whose match needs a glyph of another script cannot apply first in such a run
    /// (runs are split by script, and the glyphs a substitution makes come only after a lookup applied first).
    private static func reachableGlyphs(_ face: HarfBuzzFace) -> [GlyphSet] {
        let scripts = simpleScripts.map { Script(iso15924: $0) ?? .common }
        var sets = [GlyphSet](repeating: GlyphSet(glyphCount: Int(face.glyphCount)), count: scripts.count)
        let unicodes = hb_set_create()
        hb_face_collect_unicodes(face.face, unicodes)
        let table = ScriptTable.shared
        for scalar in elements(unicodes) {
            var glyph: hb_codepoint_t = 0
            guard hb_font_get_nominal_glyph(face.font, scalar, &glyph) != 0 else { continue }
            let properties = table.properties(of: scalar)
            for (index, script) in scripts.enumerated()
            where !properties.script.isReal || properties.script == script || properties.extensionsContain(script) {
                sets[index].insert(glyph)
            }
        }
        hb_set_destroy(unicodes)
        return sets
    }

    /// Glyphs one of which must be present for the subtable to apply, for the kinds of subtable where that is less
    /// than its whole input; nil for the others.
    private static func neededCoverage(
        _ reader: ByteReader, subtable: (type: UInt16, at: Int), isGPOS: Bool,
        marks: GlyphSet, keep: ([UInt32]) -> [UInt32], budget: WorkBudget
    )
        -> [UInt32]?
    {
        let at = subtable.at
        do {
            if isGPOS && (4...6).contains(subtable.type) {
                // MarkBasePos, MarkLigPos, MarkMarkPos: format 1, the mark (or mark1) coverage at offset 2.
                guard try reader.u16(at) == 1 else { return nil }
                let glyphs = try OpenTypeCoverage.glyphs(reader, at: try reader.offset16(from: at, at: at + 2))
                guard budget.spend(glyphs.count) else { return nil }
                return keep(glyphs.map(\.glyph))
            }
            let chained = isGPOS ? subtable.type == 8 : subtable.type == 6
            let contextual = isGPOS ? subtable.type == 7 : subtable.type == 5
            guard chained || contextual else { return nil }
            let format = try reader.u16(at)
            if format == 2 {
                return try neededByClassRules(
                    reader, at: at, chained: chained, marks: marks, keep: keep, budget: budget)
            }
            guard format == 3 else { return nil }
            var coverageOffsets: [Int] = []
            if contextual {
                let count = Int(try reader.u16(at + 2))
                for index in 0..<count { coverageOffsets.append(try reader.offset16(from: at, at: at + 6 + 2 * index)) }
            } else {
                var position = at + 2
                for _ in 0..<3 {  // backtrack, input, lookahead
                    let count = Int(try reader.u16(position))
                    for index in 0..<count {
                        coverageOffsets.append(try reader.offset16(from: at, at: position + 2 + 2 * index))
                    }
                    position += 2 + 2 * count
                }
            }
            var candidates: [[UInt32]] = []
            for offset in coverageOffsets {
                let glyphs = try OpenTypeCoverage.glyphs(reader, at: offset)
                guard budget.spend(glyphs.count) else { return nil }
                candidates.append(keep(glyphs.map(\.glyph)))
            }
            // Every coverage must match: one no run can hold means the subtable never applies first.
            if candidates.contains(where: \.isEmpty) { return [] }
            return candidates.isEmpty ? nil : rarest(candidates, marks: marks)
        } catch {
            return nil
        }
    }

    /// Of glyph sets each of which a match needs, the one least likely in text: the fewest glyphs that are not marks
    /// (marks are rare, and send their segment to HarfBuzz anyway), then the fewest glyphs. Any of them is a sound
    /// trigger; this only keeps ordinary text on the fast path.
    private static func rarest(_ candidates: [[UInt32]], marks: GlyphSet) -> [UInt32] {
        var best = candidates[0]
        var bestScore = (Int.max, Int.max)
        for glyphs in candidates where !glyphs.isEmpty {
            let score = (glyphs.filter { !marks.contains($0) }.count, glyphs.count)
            if score < bestScore {
                best = glyphs
                bestScore = score
            }
        }
        return best
    }

    /// For a class-based (format 2) contextual or chained contextual subtable: per rule, the glyphs of one class it
    /// needs at some position (its first glyph's coverage in its class set, or the glyphs of a class it needs before or
    /// after, whichever is rarest), together. Class 0 ("every other glyph") restricts nothing and is never chosen.
    private static func neededByClassRules(
        _ reader: ByteReader, at: Int, chained: Bool, marks: GlyphSet,
        keep: ([UInt32]) -> [UInt32], budget: WorkBudget
    ) throws -> [UInt32]? {
        let coverage = try OpenTypeCoverage.glyphs(reader, at: try reader.offset16(from: at, at: at + 2)).map(\.glyph)
        let backtrack = chained ? try OpenTypeClassDef(reader, at: try reader.offset16(from: at, at: at + 4)) : nil
        let input = try OpenTypeClassDef(reader, at: try reader.offset16(from: at, at: at + (chained ? 6 : 4)))
        let lookahead = chained ? try OpenTypeClassDef(reader, at: try reader.offset16(from: at, at: at + 8)) : nil
        let setCountAt = at + (chained ? 10 : 6)
        let setCount = Int(try reader.u16(setCountAt))
        // Each class's glyphs, found once (rules name the same classes again and again).
        var known: [Int: [UInt32]] = [:]
        func members(_ which: Int, _ classDef: OpenTypeClassDef, _ value: UInt16) -> [UInt32] {
            if let glyphs = known[which << 16 | Int(value)] { return glyphs }
            _ = budget.spend(classDef.classes.count)
            let glyphs = classDef.classes.indices.filter { classDef.classes[$0] == value }
                .map { classDef.firstGlyph + UInt32($0) }
            known[which << 16 | Int(value)] = glyphs
            return glyphs
        }
        // The coverage by input class, once (a subtable may list 65,535 class sets).
        var coverageByClass: [UInt16: [UInt32]] = [:]
        guard budget.spend(coverage.count) else { return nil }
        for glyph in coverage { coverageByClass[input.classOf(glyph), default: []].append(glyph) }
        var needed: [UInt32] = []
        for classValue in 0..<setCount {
            guard budget.spend(1) else { return nil }
            let setOffset = try reader.u16(setCountAt + 2 + 2 * classValue)
            guard setOffset != 0 else { continue }
            let set = at + Int(setOffset)
            let firstGlyphs = keep(coverageByClass[UInt16(classValue)] ?? [])
            guard !firstGlyphs.isEmpty else { continue }
            let ruleCount = Int(try reader.u16(set))
            for rule in 0..<ruleCount {
                var position = set + Int(try reader.u16(set + 2 + 2 * rule))
                guard budget.spend(1) else { return nil }
                var classesNeeded: [(Int, OpenTypeClassDef, UInt16)] = []
                if chained, let backtrack, let lookahead {
                    let backtrackCount = Int(try reader.u16(position))
                    for index in 0..<backtrackCount {
                        classesNeeded.append((0, backtrack, try reader.u16(position + 2 + 2 * index)))
                    }
                    position += 2 + 2 * backtrackCount
                    let inputCount = Int(try reader.u16(position))
                    for index in 0..<max(inputCount - 1, 0) {
                        classesNeeded.append((1, input, try reader.u16(position + 2 + 2 * index)))
                    }
                    position += 2 + 2 * max(inputCount - 1, 0)
                    let lookaheadCount = Int(try reader.u16(position))
                    for index in 0..<lookaheadCount {
                        classesNeeded.append((2, lookahead, try reader.u16(position + 2 + 2 * index)))
                    }
                } else {
                    let inputCount = Int(try reader.u16(position))
                    for index in 0..<max(inputCount - 1, 0) {
                        classesNeeded.append((1, input, try reader.u16(position + 4 + 2 * index)))
                    }
                }
                let candidates =
                    [firstGlyphs] + classesNeeded.filter { $0.2 != 0 }.map { keep(members($0.0, $0.1, $0.2)) }
                guard !budget.isExhausted else { return nil }
                if candidates.contains(where: \.isEmpty) { continue }  // needs a glyph no run of the script holds
                needed += rarest(candidates, marks: marks)
            }
        }
        return needed
    }

    /// The last component of every ligature of a LigatureSubst lookup (format 1), or nil when it is not one.
    private static func lastLigatureComponents(
        _ layout: OpenTypeLayoutTable, lookup: Int, extensionType: UInt16,
        budget: WorkBudget? = nil
    ) -> [UInt32]? {
        guard let subtables = try? layout.subtables(ofLookup: lookup, extension: extensionType) else { return nil }
        let reader = layout.reader
        var components: [UInt32] = []
        do {
            for resolved in subtables {
                let subtable = try resolved.get()
                guard subtable.type == 4, try reader.u16(subtable.at) == 1 else { return nil }
                let setCount = Int(try reader.u16(subtable.at + 4))
                for set in 0..<setCount {
                    let setAt = try reader.offset16(from: subtable.at, at: subtable.at + 6 + 2 * set)
                    let ligatureCount = Int(try reader.u16(setAt))
                    if let budget, !budget.spend(ligatureCount) { return nil }
                    for ligature in 0..<ligatureCount {
                        let ligatureAt = try reader.offset16(from: setAt, at: setAt + 2 + 2 * ligature)
                        let count = Int(try reader.u16(ligatureAt + 2))
                        guard count >= 2 else { return nil }  // a one-glyph "ligature" is a substitution
                        components.append(UInt32(try reader.u16(ligatureAt + 4 + 2 * (count - 2))))
                    }
                }
            }
        } catch {
            return nil
        }
        return components
    }

    /// Every lookup some feature of `table` lists (not those only reached from other lookups).
    private static func featureLookups(_ face: OpaquePointer, table: UInt32) -> Set<Int> {
        var lookups = Set<Int>()
        var count: UInt32 = 0
        let featureCount = hb_ot_layout_table_get_feature_tags(face, table, 0, &count, nil)
        for feature in 0..<featureCount {
            var indices = [UInt32](repeating: 0, count: 64)
            var start: UInt32 = 0
            while true {
                var got = UInt32(indices.count)
                let total = hb_ot_layout_feature_get_lookups(face, table, feature, start, &got, &indices)
                for index in indices.prefix(Int(got)) { lookups.insert(Int(index)) }
                start += got
                if got == 0 || start >= total { break }
            }
        }
        return lookups
    }

    private static func addInputGlyphs(
        ofLookup lookup: Int, face: HarfBuzzFace, table: UInt32,
        reachable: GlyphSet?, into triggers: inout GlyphSet
    ) {
        let input = hb_set_create()
        hb_ot_layout_lookup_collect_glyphs(face.face, table, UInt32(lookup), nil, input, nil, nil)
        for glyph in elements(input) where reachable?.contains(glyph) ?? true { triggers.insert(glyph) }
        hb_set_destroy(input)
    }

    /// The lookups of `table` that only the fraction features use.
    private static func fractionOnlyLookups(_ face: OpaquePointer, table: UInt32) -> Set<Int> {
        var count: UInt32 = 0
        let total = hb_ot_layout_table_get_feature_tags(face, table, 0, &count, nil)
        var tags = [hb_tag_t](repeating: 0, count: Int(total))
        count = total
        _ = hb_ot_layout_table_get_feature_tags(face, table, 0, &count, &tags)
        let fraction = [tag("frac"), tag("numr"), tag("dnom")]
        var others = Array(Set(tags.prefix(Int(count))).subtracting(fraction))
        var fractionLookups = Set<Int>()
        var fractionTags = fraction + [0]
        let fractionSet = hb_set_create()
        hb_ot_layout_collect_lookups(face, table, nil, nil, &fractionTags, fractionSet)
        for lookup in elements(fractionSet) { fractionLookups.insert(Int(lookup)) }
        hb_set_destroy(fractionSet)
        guard !fractionLookups.isEmpty else { return [] }
        others.append(0)
        let otherSet = hb_set_create()
        hb_ot_layout_collect_lookups(face, table, nil, nil, &others, otherSet)
        for lookup in elements(otherSet) { fractionLookups.remove(Int(lookup)) }
        hb_set_destroy(otherSet)
        return fractionLookups
    }

    /// The glyphs GDEF classes as marks.
    private static func markGlyphs(_ face: HarfBuzzFace) -> GlyphSet {
        var marks = GlyphSet(glyphCount: Int(face.glyphCount))
        let set = hb_set_create()
        hb_ot_layout_get_glyphs_in_class(face.face, HB_OT_LAYOUT_GLYPH_CLASS_MARK, set)
        for glyph in elements(set) { marks.insert(glyph) }
        hb_set_destroy(set)
        return marks
    }

    private static func subtableTypes(_ layout: OpenTypeLayoutTable, _ lookup: Int, _ extensionType: UInt16)
        -> [UInt16]
    {
        guard let subtables = try? layout.subtables(ofLookup: lookup, extension: extensionType) else { return [0] }
        return subtables.map { (try? $0.get().type) ?? 0 }
    }

    private static func elements(_ set: OpaquePointer?) -> [UInt32] {
        var result: [UInt32] = []
        var value = UInt32.max  // HB_SET_VALUE_INVALID
        while hb_set_next(set, &value) != 0 { result.append(value) }
        return result
    }

    static func tag(_ text: String) -> UInt32 {
        text.utf8.reduce(0) { $0 << 8 | UInt32($1) }
    }
}
