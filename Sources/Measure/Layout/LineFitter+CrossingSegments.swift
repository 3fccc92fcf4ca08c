import Cache
internal import TextCoding

extension LineFitter {
    /// The measure the general path gives a segment of the one-pass fit that crosses a script run (`使っ`, `(か`
    /// after Han, `“sudo`), found from the bytes around it and its scalars' entries — without decoding and itemizing
    /// the whole string and shaping the segment — or nil when that cannot be known here, and the general path shapes
    /// it.
    ///
    /// The general path (`shapedSegmentMeasure`, `LayoutEngine.shapeSegment`) resolves every scalar's script with
    /// `ScriptItemizer`, moves each cluster to the font its script prefers (`LayoutEngine.scriptFonts`), splits the
    /// segment into runs of one font and one script, and writes each run as HarfBuzz shapes it — which, for every run
    /// `LayoutEngine.writeRunUnshaped` takes, is each glyph's advance in font units plus the pair kerning with the
    /// next glyph of the run, scaled, plus letter spacing; `measureSegment` adds those up. This finds the same runs
    /// and adds up the same values, in the same order, when the itemizer's answer is settled by the text before the
    /// segment and in it:
    /// - Scripts (`CrossingRunResolver`): the resolver is fed from the last scalar before the segment whose
    ///   Script_Extensions is its one real script (an ideograph, a kana, a Latin letter), looked for over at most
    ///   `lookBehind` scalars (or from the start of the segment's paragraph, which the itemizer itemizes alone),
    ///   which settles the run there; every scalar after it, up to the segment and in it, then joins the run, begins
    ///   one with a single script, or — a closing bracket — takes its opening bracket's run (found in the string from
    ///   its start when that bracket opened before: `bracketScan`, read once per string), or the resolver gives up.
    /// - Fonts: each scalar keeps its entry's font — the font a shaped run would put it in
    ///   (`LayoutEngine.shapedFont`) is that font, none, or one that does not map it — and the font is one HarfBuzz
    ///   shapes (not bitmap-only).
    /// - Runs: each is one `writeRunUnshaped` writes — a script it takes (`LayoutEngine.unshapedScripts`), a font
    ///   whose kerning is not its legacy table, advances of whole font units, no pair that may start a ligature. The
    ///   entries are `usable`: mapped, not a trigger glyph, needing no shaping of their own; not hard breaks.
    /// The answer is the general path's to the bit (`CrossingSegmentTests`, `scripts/same-answers.sh`). The counters
    /// differ: the segment counts as shaped, its scalars as looked up once (the general path measured them twice, or
    /// found the segment in the segment cache), and neither `unshapedRuns` nor the segment cache sees it.
    /// (Out of line: it runs for a few segments in a hundred, and `placeSegment`, which runs for every segment of more
    /// than one scalar, stays small.)
    @inline(never)
    mutating func crossingSegmentMeasure(
        _ segment: OnePassSegment, measure known: SegmentMeasure, to end: Int,
        directory: UnsafeMutablePointer<UnsafeMutablePointer<LayoutEngine.ScalarEntry>?>,
        latin1: OnePassLatin1Tables
    ) -> SegmentMeasure? {
        guard !shapesAll, !engine.measurer.shapesEveryRun, !utf8.isEmpty, let shaping = shapingContext
        else {
            return nil
        }
        let scripts = ScriptTable.sharedUnretained
        let startOffset = segment.start.offset
        let endOffset = Int(ws.offsets[end])
        // Back to the last scalar that settles the run (or the string's start), then forward to the segment; no
        // further back than the segment's first scalar when that one settles it.
        var from = startOffset
        var steps = 0
        let first = scripts._withUnsafeGuaranteedRef {
            $0.properties(of: UTF8Decoding.decode(utf8, at: startOffset).scalar)
        }
        let firstSettles = first.script.isReal && first.extensions.count == 1
        // Each paragraph is itemized alone (`ScriptItemizer`): its start is where the text starts, for the look back.
        var atParagraphStart = from == 0
        while !atParagraphStart && !firstSettles {
            guard steps < Self.lookBehind, let previous = Self.scalar(before: from, in: utf8) else { return nil }
            if ScriptItemizer.isParagraphSeparator(previous.scalar) {
                atParagraphStart = true
                break
            }
            from = previous.offset
            steps += 1
            let properties = scripts._withUnsafeGuaranteedRef { $0.properties(of: previous.scalar) }
            if properties.script.isReal && properties.extensions.count == 1 { break }
            atParagraphStart = from == 0
        }
        // The scripts up to the segment, then the segment's runs. Again with the brackets opened before `from` in its
        // paragraph, read from the string's start, when a closing bracket asks (rarely).
        var prefix: UInt64? = atParagraphStart ? 0 : nil
        while true {
            var resolver = CrossingRunResolver()
            resolver.prefix = prefix
            var settled = feed(&resolver, from: from, to: startOffset)
            // The string's leading scalars take its first real script, which may come later in the segment: read
            // ahead to it first.
            var leadingScript: Script? = nil
            if settled && resolver.script == nil {
                var ahead = resolver
                settled = feed(&ahead, from: startOffset, to: endOffset, untilSettled: true)
                if !settled { resolver = ahead }
                leadingScript = ahead.leadingScript
            }
            if settled,
                let sum = crossingSum(
                    from: startOffset, to: endOffset, resolver: &resolver, leadingScript: leadingScript,
                    shaping: shaping, latin1: latin1, directory: directory)
            {
                var measure = known
                measure.wordWidth = sum.visibleEnd
                measure.totalWidth = sum.x
                measure.fonts = sum.fonts
                measure.hasVisible = sum.hasVisible
                (measure.firstGlyph, measure.firstFont) = (0, SegmentMeasure.noFont)
                (measure.lastGlyph, measure.lastFont) = (0, SegmentMeasure.noFont)
                if sum.firstFont >= 0 && engine.kerns[sum.firstFont] {
                    (measure.firstGlyph, measure.firstFont) = (sum.firstGlyph, UInt8(sum.firstFont))
                }
                if sum.lastFont >= 0 && engine.kerns[sum.lastFont] {
                    (measure.lastGlyph, measure.lastFont) = (sum.lastGlyph, UInt8(sum.lastFont))
                }
                measure.missingGlyphs = 0
                measure.isShaped = true
                return measure
            }
            guard resolver.needsPrefix, prefix == nil, let open = bracketScan.openPairs(before: from, in: utf8) else {
                return nil
            }
            prefix = open
        }
    }

    /// Feeds `resolver` the scalars of bytes `start..<end` (up to the one that settles the leading run when
    /// `untilSettled`); false when it gives up on one.
    private func feed(
        _ resolver: inout CrossingRunResolver, from start: Int, to end: Int, untilSettled: Bool = false
    ) -> Bool {
        let scripts = ScriptTable.sharedUnretained
        var offset = start
        while offset < end && !(untilSettled && resolver.script != nil) {
            let (scalar, length, _) = UTF8Decoding.decode(utf8, at: offset)
            guard resolver.add(scripts._withUnsafeGuaranteedRef { $0.properties(of: scalar) }) != nil else {
                return false
            }
            offset &+= length
        }
        return true
    }

    /// `measureSegment`'s sums over the crossing segment in bytes `start..<end`, its runs written as
    /// `writeRunUnshaped` writes them, with `resolver` fed up to `start` (`leadingScript`: what the leading run
    /// resolves to, if it lasts into the segment); nil when a scalar's script, font or run is not one this knows.
    private func crossingSum(
        from start: Int, to end: Int, resolver: inout CrossingRunResolver, leadingScript: Script?,
        shaping: Unmanaged<ShapingContext>, latin1: OnePassLatin1Tables,
        directory: UnsafeMutablePointer<UnsafeMutablePointer<LayoutEngine.ScalarEntry>?>
    ) -> CrossingSum? {
        let scripts = ScriptTable.sharedUnretained
        let unshapedScripts = LayoutEngine.unshapedScripts
        let ligates = engine.shapesWithLigatures
        let letterSpacing = engine.letterSpacing
        var sum = CrossingSum()
        var run = CrossingRun()
        // The scalar before, added once the next one's glyph is known (the pair's kerning goes on its advance).
        var pending = CrossingCluster()
        var offset = start
        while offset < end {
            let (scalar, length, _) = UTF8Decoding.decode(utf8, at: offset)
            offset &+= length
            let properties = scripts._withUnsafeGuaranteedRef { $0.properties(of: scalar) }
            guard var script = resolver.add(properties) else { return nil }
            if script == .common {
                guard let leadingScript else { return nil }
                script = leadingScript
            }
            let entry: UnsafePointer<LayoutEngine.ScalarEntry>
            if scalar < 256 {
                entry = latin1.entries + Int(scalar)
            } else {
                guard let page = directory[Int(scalar >> OnePassTables.pageShift)] else { return nil }
                entry = UnsafePointer(page + Int(scalar & UInt32(OnePassTables.pageSize - 1)))
            }
            let flags = entry.pointee.flags
            guard flags & LayoutEngine.ScalarEntry.usable != 0, flags & LayoutEngine.ScalarEntry.hardBreak == 0,
                !properties.needsShaping, scalar != 0x2044, unshapedScripts.contains(script)
            else { return nil }
            let font = Int(entry.pointee.font)
            let slot = engine.slots[font]
            let glyphAdvance = slot.glyphAdvance(for: scalar)
            // A whole number of units below 2^15, as `writeRunUnshaped` asks (`rounded()` would call the C library).
            let advance = glyphAdvance.advance
            guard glyphAdvance.isMapped, glyphAdvance.glyph == entry.pointee.glyph, abs(advance) < 32_768,
                Float(Int32(advance)) == advance
            else { return nil }
            let glyph = glyphAdvance.glyph
            // The font stays the entry's: the font a shaped run would put it in (`LayoutEngine.shapedFont`, after
            // the scalar before, each of which is a cluster here) is that one, none, or one that does not map it.
            if engine.hasScriptFonts {
                let target = engine.shapedFont(
                    of: scalar, resolved: script, font: font, previousFont: pending.font)
                if target >= 0 && target != font && engine.slots[target].glyphAdvance(for: scalar).isMapped {
                    return nil
                }
            }
            if font == run.font && script == run.script {
                if ligates, let features = run.features,
                    features._withUnsafeGuaranteedRef({ $0.ligatureMayStart(pending.glyph, glyph) })
                {
                    return nil
                }
                if run.kerns, let features = run.features {
                    pending.units &+= features._withUnsafeGuaranteedRef { $0.kerning(pending.glyph, glyph) }
                }
            } else {
                // A new run, which `writeRunUnshaped` takes.
                guard !slot.withFont({ $0.isBitmapOnly }),
                    shaping._withUnsafeGuaranteedRef({ $0.harfBuzzFace(of: slot, index: font) }) != nil,
                    let features = slot.withFeatures({ Unmanaged.passUnretained($0) })
                else { return nil }
                let (legacy, hasKerning) = features._withUnsafeGuaranteedRef { ($0.kernsByLegacyTable, $0.hasKerning) }
                guard !(engine.shapesWithKerning && legacy) else { return nil }
                run = CrossingRun(
                    font: font, script: script, features: features, kerns: engine.shapesWithKerning && hasKerning)
            }
            if pending.font >= 0 { add(pending, letterSpacing: letterSpacing, to: &sum) }
            pending = CrossingCluster(
                glyph: glyph, units: Int32(advance), font: font,
                isVisible: flags & LayoutEngine.ScalarEntry.visible != 0)
        }
        guard pending.font >= 0 else { return nil }
        add(pending, letterSpacing: letterSpacing, to: &sum)
        return sum
    }

    /// Adds one cluster of a crossing segment as `measureSegment` adds the cluster `writeRunUnshaped` wrote.
    @inline(__always)
    private func add(_ cluster: CrossingCluster, letterSpacing: Double, to sum: inout CrossingSum) {
        sum.x += Double(cluster.units) * engine.fontScales[cluster.font] + letterSpacing
        if cluster.isVisible {
            sum.visibleEnd = sum.x
            sum.hasVisible = true
            sum.fonts |= engine.fontBits[cluster.font]
        }
        if sum.firstFont < 0 { (sum.firstGlyph, sum.firstFont) = (cluster.glyph, cluster.font) }
        (sum.lastGlyph, sum.lastFont) = (cluster.glyph, cluster.font)
    }

    /// How many scalars `crossingSegmentMeasure` looks back over for the one that settles the run at a segment's
    /// start.
    static let lookBehind = 16

    /// The scalar that ends at byte `offset` of `utf8` and where it starts, when the decoder, reading forward from a
    /// byte that is not a continuation byte (where decoding always starts a sequence), reads exactly it; nil otherwise
    /// (a stray continuation byte, ill-formed input).
    static func scalar(before offset: Int, in utf8: UnsafeBufferPointer<UInt8>) -> (
        scalar: UInt32, offset: Int
    )? {
        var start = offset &- 1
        while start > 0 && offset &- start < 4 && utf8[start] & 0xC0 == 0x80 { start &-= 1 }
        let lead = utf8[start]
        if lead < 0x80 { return start == offset &- 1 ? (UInt32(lead), start) : nil }
        guard lead & 0xC0 != 0x80 else { return nil }
        let decoded = UTF8Decoding.decode(utf8, at: start, lead: lead)
        return start &+ decoded.length == offset ? (decoded.scalar, start) : nil
    }
}

/// `measureSegment`'s sums over a crossing segment, and the glyphs and fonts of its first and last clusters.
private struct CrossingSum {
    var x = 0.0
    var visibleEnd = 0.0
    var fonts: UInt64 = 0
    var hasVisible = false
    var firstGlyph: UInt32 = 0
    var firstFont = -1
    var lastGlyph: UInt32 = 0
    var lastFont = -1
}

/// A cluster of a crossing segment: its glyph, its advance in font units with the kerning of the pair it begins,
/// its font (-1: none yet) and whether it is visible.
private struct CrossingCluster {
    var glyph: UInt32 = 0
    var units: Int32 = 0
    var font = -1
    var isVisible = false
}

/// The current run of a crossing segment: its font (-1: none yet), its script, its font's features (held by the
/// engine for its life) and whether it kerns.
private struct CrossingRun {
    var font = -1
    var script = Script.common
    var features: Unmanaged<OpenTypeFeatures>? = nil
    var kerns = false
}
