import Cache
import Synchronization
internal import TextCoding

/// Engines made so far in this process; each takes the next number as its fingerprint.
private let engineCount = Atomic<UInt64>(0)

/// The measuring pipeline for one `TextMeasurer`: everything about the fonts, the size and the options that does not
/// change from string to string (per-font scales and metrics, a Latin-1 width table), and the per-string stages —
/// decode, segment, measure clusters, fit lines — as functions over a session's scratch memory.
///
/// Immutable and `Sendable`; each thread's mutable state lives in its `MeasureSession`.
final class LayoutEngine: Sendable {
    /// What is measured and how.
    let measurer: TextMeasurer
    /// A number no other engine of this process has: the segment caches of this engine's sessions are keyed by it.
    let fingerprint: UInt64
    /// The measures of shaped segments this engine's session shares with the sessions made with it
    /// (`TextMeasurer.makeSessions`, `MeasureSessionGroup`), or nil; held by `sharedShapesOwner` and read unretained,
    /// so that reading it on a shaped segment costs a load, not a retain and a release.
    let sharedShapes: Unmanaged<SharedShapedSegments>?
    private let sharedShapesOwner: SharedShapedSegments?

    // Per-font values at this size, indexed like `measurer.cascade.fonts`.
    let fonts: [Font]
    let slots: [FontSlot]
    /// Each cascade font's kerning and ligatures, or nil where it has none or `usesFontFeatures` is off.
    let features: [OpenTypeFeatures?]
    /// Whether any font of the cascade kerns or ligates under these options.
    let usesFeatures: Bool
    /// Per font: whether it kerns under these options (read on every placed segment, so kept flat).
    let kerns: [Bool]
    /// The Unicode property table, held here so lookups skip the global's once-check and reference counting.
    let unicode = UnicodePropertyTable.shared
    let fontScales: [Double]
    /// Each cascade font's bit in a line's or a segment's font set: fonts with the same vertical metrics at this size
    /// share one, so a cascade of any length fits the 64 bits, and a line's height comes from the metrics of its bits.
    /// Past 63 distinct metrics the rest share the last bit (see `init`).
    let fontBits: [UInt64]
    /// The vertical metrics of each font-set bit.
    let bitMetrics: [ScaledFontMetrics]
    /// The text's language (BCP 47), for HarfBuzz and the dictionary breaker.
    let language: String?
    /// Whether HarfBuzz shapes with pair kerning and with ligatures: as the fast path does.
    let shapesWithKerning: Bool
    let shapesWithLigatures: Bool
    /// `ShaperChoice.harfBuzz`: every segment is shaped.
    let shapesEverything: Bool
    /// Per `Script.rawValue`: the cascade font made for that script (`FontCascade.scriptFonts`), or -1.
    let scriptFonts: [Int16]
    /// Whether the cascade names a font for some script (the default cascade does; a given font list does not).
    let hasScriptFonts: Bool
    /// Per font: whether its GPOS 'kern' is contextual positioning (`OpenTypeFeatures.kernsInContext`), so that its
    /// words are shaped with their neighbours across dictionary seams (`shapesAcrossSeams`). Such a font's contextual
    /// substitutions act across words too (Noto Sans Myanmar's spacer glyph), so this holds with kerning off as well.
    let fontShapesAcrossSeams: [Bool]
    /// Whether any font of the cascade does (most cascades: none), so that the question costs nothing otherwise.
    let anyFontShapesAcrossSeams: Bool
    /// `ClusterNotes` bits of each Latin-1 scalar (a glyph a lookup the fast path does not apply may change; no font).
    let latin1Notes: [UInt8]
    /// Whether any Latin-1 scalar has notes (with DejaVu Sans first none has, and the table is not read).
    let latin1HasNotes: Bool
    let notdefWidth: Double
    /// What stands in, in the primary font, for a space or U+2011 no font of the cascade maps, as in HarfBuzz.
    let standIns: StandInGlyphs
    let tabInterval: Double
    /// Explicit tab stops (`ParagraphStyle.tabStops`), ascending; after them, multiples of `tabInterval`.
    let tabStops: [Double]
    /// Points added after every cluster (`.kern` / `.tracking`), 0 for none; baked into the Latin-1 table and the
    /// scalar memo, so the fast paths stay as they are.
    let letterSpacing: Double
    /// Whether ligatures apply (tracking turns them off).
    let ligates: Bool
    /// The UAX #14 tailoring in effect: the options', with Korean word breaking in label mode (`.standard`).
    let lineBreaking: LineBreakOptions
    /// Whether measurements go through `AttributedLayout` (any attribute that is not the default).
    let isAttributed: Bool
    let charWrapping: Bool
    let honoursHardBreaks: Bool
    let usesFontLeading: Bool
    /// Whether the cascade holds a colour bitmap font, which emoji-presentation clusters ask first.
    let hasColourFont: Bool
    /// Width in points and cluster kind of each Latin-1 scalar in the cascade, so Latin text needs no cache lookup.
    let latin1Widths: [Double]
    let latin1Fonts: [UInt8]
    let latin1Kinds: [UInt8]
    /// Each Latin-1 scalar's glyph in its cascade font (for kerning and ligatures).
    let latin1Glyphs: [UInt32]
    /// Whether segments of Latin-1 text are measured in one pass from the tables above (`latin1SegmentMeasure`)
    /// instead of through the segment cache: no Latin-1 scalar has notes, and not everything is shaped.
    let fusesLatin1: Bool
    /// What `latin1SegmentMeasure` reads of each Latin-1 scalar, packed into 32 bytes.
    let latin1Entries: [ScalarEntry]
    /// Whether a string of Latin-1 alone is decoded, broken, measured and fitted in one pass over its UTF-8 bytes
    /// (`LineFitter.fitLatin1String`): its segments are measured in one pass (`fusesLatin1`), clusters are kept whole
    /// (so segments are measured as they come) and lines break at break opportunities, not at every cluster.
    let fusesLatin1Strings: Bool
    /// Whether other strings may be fitted in one pass (`LineFitter.fitOnePass`): as `fusesLatin1Strings`, but a
    /// Latin-1 scalar with notes (one the cascade's first font shapes, or no font maps) is allowed, as a scalar the
    /// one-pass measure does not take (its entry is not `usable`) and `place` measures.
    let fusesOtherStrings: Bool
    /// UAX #14 over Latin-1 text as a table (`Latin1BreakTable.shared.transitions`; each scalar's symbol is in its
    /// `ScalarEntry`), held here for the one-pass fit.
    let latin1BreakTransitions = Latin1BreakTable.shared.transitions
    /// Bit `a << 8 | b`: a ligature of the font of Latin-1 scalar `a` may start with `a` followed by `b` (same font,
    /// ligatures on). Where no neighbouring pair of a segment has its bit, no ligature applies in it.
    let latin1LigaturePairs: [UInt64]
    /// The pair kerning in font units between Latin-1 scalars: `latin1Kerning[row(a) + index(b)]` with each scalar's
    /// `ScalarEntry.kernRow` and `kernIndex` — the matrix of the one cascade font that kerns them
    /// (`Font.latin1Kerning`, resolved once per font), whose zero column the scalars of other fonts read. The same
    /// values `OpenTypeFeatures.kerning` gives, without its per-pair search.
    let latin1KernStride: Int
    let latin1Kerning: [Int32]
    /// The row and column of `latin1Kerning` that are all zeros: what every scalar beyond Latin-1 reads there.
    let latin1ZeroKernIndex: Int

    init(measurer: TextMeasurer, sharedShapes: SharedShapedSegments? = nil) {
        self.measurer = measurer
        fingerprint = engineCount.wrappingAdd(1, ordering: .relaxed).newValue
        sharedShapesOwner = sharedShapes
        self.sharedShapes = sharedShapes.map { .passUnretained($0) }
        let fonts = measurer.cascade.fonts
        self.fonts = fonts
        let fontScales = fonts.map { measurer.pointSize / $0.metrics.unitsPerEm }
        let notdefWidth = Double(fonts[0].notdefAdvance) * fontScales[0]
        let standIns = StandInGlyphs(font: fonts[0])
        self.standIns = standIns
        let features: [OpenTypeFeatures?] = fonts.map { font in
            guard measurer.options.usesFontFeatures else { return nil }
            let read = font.openTypeFeatures
            return read.hasKerning || read.hasLigatures ? read : nil
        }
        self.features = features
        // With features off too (`--plain` turns off kerning, not a font's contextual substitutions); the features
        // are read once per font file and process, as they are for every font when features are on.
        fontShapesAcrossSeams = fonts.map { $0.openTypeFeatures.kernsInContext }
        anyFontShapesAcrossSeams = fontShapesAcrossSeams.contains(true)
        let slots = fonts.indices.map { FontSlot(font: fonts[$0], scale: fontScales[$0], features: features[$0]) }
        self.slots = slots
        usesFeatures = features.contains { $0 != nil }
        let attributes = measurer.options.attributes
        kerns = features.map { ($0?.hasKerning ?? false) && attributes.keepsPairKerning }
        ligates = attributes.keepsLigatures
        letterSpacing = attributes.letterSpacing
        tabStops = attributes.paragraph.tabStops.sorted()
        var lineBreaking = measurer.options.lineBreaking
        if attributes.mode == .label { lineBreaking.hangulWordPriority = true }
        self.lineBreaking = lineBreaking
        isAttributed = !attributes.isPlain
        self.fontScales = fontScales
        self.notdefWidth = notdefWidth
        let fontMetrics = fonts.map { $0.metrics.scaled(to: measurer.pointSize) }
        var bitMetrics: [ScaledFontMetrics] = []
        var bits = [UInt64](repeating: 0, count: fonts.count)
        // Bits go to the primary, then to the cascade's last font, then to the others in order: past 63 distinct
        // metrics, the last bit holds the tallest of the rest, so a line using any of those is as tall as the
        // tallest. The default cascade's 149 fonts have 74 (the historic scripts' fonts share the last bit),
        // and its last font is the fallback of last resort that everyday text reaches — Noto Color Emoji —, which in
        // order would have shared it: every line with an emoji was 41.5 pt high at 17 pt, Noto Sans Zanabazar
        // Square's height, instead of the emoji font's 19.96.
        // The k-th font to get a bit: 0, the last, then 1, 2, … (worked out, not listed: no array per engine).
        let count = fonts.count
        for k in 0..<count {
            let index = k == 0 || count == 1 ? k : (k == 1 ? count - 1 : k - 1)
            let metrics = fontMetrics[index]
            if let known = bitMetrics.firstIndex(of: metrics) {
                bits[index] = 1 << UInt64(known)
            } else if bitMetrics.count < 63 {
                bitMetrics.append(metrics)
                bits[index] = 1 << UInt64(bitMetrics.count - 1)
            } else {
                if bitMetrics.count == 63 {
                    bitMetrics.append(metrics)
                } else {
                    let last = bitMetrics[63]
                    bitMetrics[63] = ScaledFontMetrics(
                        ascent: max(last.ascent, metrics.ascent),
                        descent: max(last.descent, metrics.descent),
                        leading: max(last.leading, metrics.leading))
                }
                bits[index] = 1 << 63
            }
        }
        self.fontBits = bits
        self.bitMetrics = bitMetrics
        language = measurer.options.language.map(LanguageTag.normalized)
        shapesWithKerning = measurer.options.usesFontFeatures && attributes.keepsPairKerning
        shapesWithLigatures = measurer.options.usesFontFeatures && attributes.keepsLigatures
        shapesEverything = measurer.options.shaper == .harfBuzz
        var scriptFonts = [Int16](repeating: -1, count: 256)
        for (code, index) in measurer.cascade.scriptFonts where index < fonts.count {
            if let script = Script(iso15924: code) { scriptFonts[Int(script.rawValue)] = Int16(index) }
        }
        self.scriptFonts = scriptFonts
        hasScriptFonts = scriptFonts.contains { $0 >= 0 }
        tabInterval =
            attributes.paragraph.defaultTabInterval > 0
            ? attributes.paragraph.defaultTabInterval
            : measurer.options.tabInterval
        charWrapping =
            measurer.options.lineBreakMode == .byCharWrapping
            || measurer.options.attributes.paragraph.lineBreakMode == .byCharWrapping
        honoursHardBreaks = measurer.options.usesLineFragmentOrigin
        usesFontLeading = measurer.options.usesFontLeading
        hasColourFont = fonts.contains(where: \.isBitmapOnly)
        var widths = [Double](repeating: 0, count: 256)
        var fontIndices = [UInt8](repeating: 0, count: 256)
        var kindTable = [UInt8](repeating: ClusterKind.visible, count: 256)
        var glyphTable = [UInt32](repeating: 0, count: 256)
        var notesTable = [UInt8](repeating: 0, count: 256)
        let language = self.language, kerning = shapesWithKerning, ligatures = shapesWithLigatures
        for scalar in UInt32(0)..<256 {
            let kind = Self.singleScalarKind(scalar)
            kindTable[Int(scalar)] = kind
            // Hard breaks take no space; tabs are sized when fitted; controls and the soft hyphen (default-ignorable)
            // take no space and count as nothing on a line.
            guard kind == ClusterKind.visible || scalar == 0x20 else { continue }
            guard !Self.isInvisibleControl(scalar), !UnicodeProperties.properties(of: scalar).isDefaultIgnorable else {
                kindTable[Int(scalar)] = ClusterKind.continuation
                continue
            }
            let (width, font) = Self.cascadeAdvance(
                of: scalar, slots: slots, notdef: notdefWidth, standIns: standIns)
            widths[Int(scalar)] = width + attributes.letterSpacing
            fontIndices[Int(scalar)] = font
            let entry = Self.glyphAdvance(of: scalar, inFont: Int(font), slots: slots, standIns: standIns)
            glyphTable[Int(scalar)] = entry.glyph
            if !entry.isMapped {
                // À in a font with A and U+0300 but not À: HarfBuzz draws it decomposed (`drawsDecomposed`).
                notesTable[Int(scalar)] =
                    font == 0 && standIns.drawsDecomposed(scalar) ? ClusterNotes.shapes : ClusterNotes.missing
            } else if !slots[Int(font)].glyphAdvance(for: scalar).isMapped {
                // A no-break space the space glyph stands in for (no font has U+00A0): HarfBuzz kerns it as the
                // space, which the Latin-1 kerning matrix, made from each font's own map, does not know.
                notesTable[Int(scalar)] = ClusterNotes.shapes
            } else if slots[Int(font)].withFont({
                $0.shapingTriggers(language: language, kerns: kerning, ligates: ligatures).contains(entry.glyph)
            }) {
                notesTable[Int(scalar)] = ClusterNotes.shapes
            }
        }
        latin1Notes = notesTable
        latin1HasNotes = notesTable.contains { $0 != 0 }
        latin1Widths = widths
        latin1Fonts = fontIndices
        latin1Kinds = kindTable
        latin1Glyphs = glyphTable
        var pairs = [UInt64](repeating: 0, count: 1024)
        if attributes.keepsLigatures {
            for first in 0..<256 {
                let font = Int(fontIndices[first])
                // A glyph no ligature starts with (most: `f` and a few others start DejaVu Sans's) has a row of
                // zeros, which the array already holds: `mayStart` is false for every second glyph then.
                guard kindTable[first] == ClusterKind.visible, let table = features[font], table.hasLigatures,
                    table.ligatureMayStartAny(glyphTable[first])
                else { continue }
                for second in 0..<256 where kindTable[second] == ClusterKind.visible && Int(fontIndices[second]) == font
                {
                    if table.ligatureMayStart(glyphTable[first], glyphTable[second]) {
                        pairs[(first << 8 | second) >> 6] |= 1 << UInt64(second & 63)
                    }
                }
            }
        }
        latin1LigaturePairs = pairs
        // The one font that kerns among those of the Latin-1 scalars the one-pass measure takes: its pair matrix
        // (`Font.latin1Kerning`, shared by every engine of that font) gives their kerning, its zero column 256 that
        // of the others. Two such fonts (no real cascade maps Latin-1 to more than one) leave Latin-1 text to the
        // general path.
        var kernFont: Int?
        var kernsInSeveralFonts = false
        for scalar in 0..<256 where kindTable[scalar] == ClusterKind.visible || scalar == 0x20 {
            let font = Int(fontIndices[scalar])
            guard kerns[font], font != kernFont else { continue }
            if kernFont != nil { kernsInSeveralFonts = true }
            kernFont = font
        }
        if kernsInSeveralFonts { kernFont = nil }
        let stride = kernFont == nil ? 1 : Font.latin1KerningStride
        latin1KernStride = stride
        latin1Kerning = kernFont.map { fonts[$0].latin1Kerning } ?? [0]
        let fontBits = self.fontBits
        let kerns = self.kerns
        latin1Entries = (0..<256).map { scalar in
            let startsLigature =
                pairs[scalar << 2] | pairs[scalar << 2 | 1] | pairs[scalar << 2 | 2]
                | pairs[scalar << 2 | 3] != 0
            let isVisible = kindTable[scalar] == ClusterKind.visible
            // The scalar itself in the kerning font's matrix; its zero column (or, with no kerning font, the one
            // zero of `[0]`) for the others.
            let kernIndex = kernFont == nil ? 0 : Int(fontIndices[scalar]) == kernFont ? scalar : 256
            // As `realScript(of:)` gives it.
            let script =
                scalar < 0x80
                ? ((UInt32(scalar) | 0x20) &- 0x61 < 26 ? Script.latin.rawValue : 0)
                : Self.latin1RealScript(UInt32(scalar))
            let isHardBreak = Self.isHardBreak(UInt32(scalar))
            return ScalarEntry(
                width: widths[scalar], fontBit: isVisible ? fontBits[Int(fontIndices[scalar])] : 0,
                glyph: glyphTable[scalar], kernRow: UInt32(kernIndex * stride), kernIndex: UInt16(kernIndex),
                font: fontIndices[scalar], script: script, breakSymbol: Latin1BreakTable.shared.symbols[scalar],
                flags: ((isVisible || scalar == 0x20 || isHardBreak) && notesTable[scalar] == 0
                    ? ScalarEntry.usable : 0)
                    | (isVisible ? ScalarEntry.visible : 0) | (startsLigature ? ScalarEntry.startsLigature : 0)
                    | (isHardBreak ? ScalarEntry.hardBreak : 0) | ScalarEntry.walkable
                    | (isVisible && attributes.keepsLigatures
                        && features[Int(fontIndices[scalar])]?.ligatureMayStartAny(glyphTable[scalar]) == true
                        ? ScalarEntry.startsAnyLigature : 0),
                kernsAsRight: features[Int(fontIndices[scalar])]?.kernsAsRight(glyphTable[scalar]) ?? false,
                lineFont: kerns[Int(fontIndices[scalar])] ? fontIndices[scalar] : SegmentMeasure.noFont)
        }
        latin1ZeroKernIndex = kernFont == nil ? 0 : 256
        fusesLatin1 = !latin1HasNotes && !shapesEverything && !kernsInSeveralFonts
        fusesLatin1Strings = fusesLatin1 && lineBreaking.keepsGraphemeClusters && !charWrapping
        fusesOtherStrings =
            !shapesEverything && !kernsInSeveralFonts && lineBreaking.keepsGraphemeClusters && !charWrapping
    }

    /// `realScript` of a Latin-1 scalar, before `self` exists.
    private static func latin1RealScript(_ scalar: UInt32) -> UInt8 {
        let script = ScriptTable.shared.properties(of: scalar).script
        return script.isReal ? script.rawValue : 0
    }

    /// The kind of a cluster made of the single scalar `scalar`.
    static func singleScalarKind(_ scalar: UInt32) -> UInt8 {
        switch scalar {
        case 0x09:
            return ClusterKind.tab
        case 0x0A...0x0D, 0x20, 0x85, 0x1680, 0x2000...0x2006, 0x2008...0x200A, 0x2028, 0x2029, 0x205F, 0x3000:
            // Hard breaks, and the Unicode spaces that allow a break after them (not U+00A0, U+2007, U+202F).
            return ClusterKind.hanging
        default:
            return ClusterKind.visible
        }
    }

    /// Control characters other than tab and hard breaks draw nothing and take no space.
    @inline(__always)
    private static func isInvisibleControl(_ scalar: UInt32) -> Bool {
        scalar < 0x20 || (scalar >= 0x7F && scalar < 0xA0)
    }

    // MARK: - The pipeline

    /// Measures one string in `state`'s scratch memory: decode, find break opportunities and clusters, then fit
    /// lines segment by segment (each segment measured once, or taken from the segment cache). A string of Latin-1
    /// alone (most Latin text) does all of that in one pass over its bytes (`LineFitter.fitLatin1String`), and so does
    /// any other string whose scalars are each a grapheme cluster of their own and need no dictionary and no bidi
    /// (Chinese, Japanese, Korean, Latin with curly quotes: `LineFitter.fitOnePass`, when `fusesOtherStrings`); with `allowsOnePass` off (for the tests that compare the paths), neither that nor the
    /// one-pass segment measure runs, and every segment is measured cluster by cluster.
    func run(
        _ utf8: UnsafeBufferPointer<UInt8>, wrapWidth: Double, recordsLines: Bool, tabOrigin: Double = 0,
        allowsOnePass: Bool = true, state: inout SessionState
    ) -> TextSize {
        if allowsOnePass && fusesOtherStrings && utf8.count <= state.clusters.window {
            // A string of Latin-1 alone takes its own pass, unless some Latin-1 scalar has notes (a cascade whose
            // first font shapes some of them, as Noto Sans CJK does): then, like a string whose first byte beyond
            // Latin-1 starts nothing the pass gives up on at once, the pass for other strings, which leaves those
            // scalars to `place`.
            let beyond = Self.firstByteBeyondLatin1(utf8)
            let size =
                beyond == utf8.count || Self.mayWalk(lead: utf8[beyond])
                ? fitInOnePass(
                    utf8, latin1Alone: beyond == utf8.count && fusesLatin1Strings, wrapWidth: wrapWidth,
                    recordsLines: recordsLines, tabOrigin: tabOrigin, state: &state)
                : nil
            if let size { return size }
        }
        let count = analyze(utf8, state: &state)
        return fitLines(
            count: count, utf8: utf8, wrapWidth: wrapWidth, recordsLines: recordsLines,
            tabOrigin: tabOrigin, allowsLatin1Shortcuts: allowsOnePass, state: &state)
    }

    /// Decodes `utf8` into the workspace and finds its break opportunities and grapheme clusters; returns the
    /// scalar count.
    func analyze(_ utf8: UnsafeBufferPointer<UInt8>, state: inout SessionState) -> Int {
        state.reserve(utf8.count)
        let ws = state.workspace
        let (count, hints) = decode(utf8, into: ws)
        let shaping = state.shaping
        shaping.reset()
        if count > 0 {
            let scalars = UnsafeBufferPointer(start: ws.scalars, count: count)
            LineBreaker.analyze(
                scalars, options: lineBreaking,
                into: UnsafeMutableBufferPointer(start: ws.flags, count: count + 1))
            if hints & Self.southEastAsianHint != 0 { addDictionaryBreaks(scalars, flags: ws.flags, shaping: shaping) }
            shaping.mayHaveBidi = hints & Self.bidiHint != 0
            shaping.mayNeedShaping = hints & ~Self.formatSeamHint != 0
            // Words of a right-to-left script broken by a soft hyphen or a zero width space
            // (`LineFitter.isFormatSeam`): Arabic and its neighbours join across them. Not where every grapheme is a
            // segment of its own (`--char-wrap`), each shaped alone.
            if hints & (Self.bidiHint | Self.formatSeamHint) == Self.bidiHint | Self.formatSeamHint && !charWrapping
                && !shaping.hasSeamContext && Self.hasFormatSeam(scalars)
            {
                shaping.hasSeamContext = true
            }
            if shaping.mayHaveBidi || shapesEverything { shaping.resolve(scalars) }
        }
        return count
    }

    /// Whether `scalar` is a soft hyphen (U+00AD) or a zero width space (U+200B): a break opportunity after it
    /// (UAX #14 classes BA and ZW), no glyph of its own, and transparent to cursive joining (default-ignorable format
    /// characters, joining type T), so a word of Arabic broken by one joins across it where it is not broken.
    @inline(__always)
    static func isFormatSeamScalar(_ scalar: UInt32) -> Bool {
        scalar == 0xAD || scalar == 0x200B
    }

    /// Whether the format seam scalar at `before` (`isFormatSeamScalar`) stands inside a word that is shaped across
    /// it: the letter before it, past any marks, and the scalar at `after` are of one real right-to-left script that
    /// needs shaping (Arabic, Syriac, N'Ko…: the cursive ones, all found through the decoder's bidi hint, so whether
    /// a string has a seam never depends on what else it holds). Mongolian, cursive but left to right, is not asked.
    static func joinsAcrossFormatSeam(_ scalars: UnsafeBufferPointer<UInt32>, before: Int, after: Int) -> Bool {
        guard after < scalars.count else { return false }
        var letter = before - 1
        while letter > 0 && ScriptTable.properties(of: scalars[letter]).isMark { letter -= 1 }
        guard letter >= 0 else { return false }
        let left = ScriptTable.properties(of: scalars[letter])
        let right = ScriptTable.properties(of: scalars[after])
        return left.needsShaping && left.needsBidi && left.script.isReal && left.script == right.script
    }

    /// Whether `scalars` hold a format seam scalar inside a word shaped across it (`joinsAcrossFormatSeam`).
    static func hasFormatSeam(_ scalars: UnsafeBufferPointer<UInt32>) -> Bool {
        for index in scalars.indices.dropFirst() where isFormatSeamScalar(scalars[index]) {
            if joinsAcrossFormatSeam(scalars, before: index, after: index + 1) { return true }
        }
        return false
    }

    /// Decoder hints: the text may hold right-to-left scalars or bidi controls / scalars of line-break class SA.
    static let bidiHint: UInt8 = 1
    static let southEastAsianHint: UInt8 = 2
    /// The text may hold a soft hyphen or a zero width space (`isFormatSeamScalar`; the hint is U+00A0–U+00AF's
    /// block's in `hintBlocks`, so NBSP sets it too, and the decoder's for U+200B; `hints(of:)` never gives it): only
    /// a right-to-left text with one is searched for format seams. No reason on its own to shape anything
    /// (`ShapingContext.mayNeedShaping` leaves it out).
    static let formatSeamHint: UInt8 = 4

    /// `hints(of:)` per 16 scalars below U+2000 (index `scalar >> 4`; 0 below U+0590, whose scalars have none): every
    /// range boundary there is a multiple of 16. Inline storage, not an array: made once per process, it allocates
    /// nothing (the bench counts allocations).
    static let hintBlocks = InlineArray<0x200, UInt8> { block in
        block == 0xA0 >> 4 ? formatSeamHint : block << 4 < 0x0590 ? 0 : hints(of: UInt32(block << 4))
    }

    /// The decoder hints of one scalar at or above U+0590, by block ranges (a superset of the exact properties, which
    /// are looked up only when a hint is set).
    @inline(__always)
    static func hints(of scalar: UInt32) -> UInt8 {
        if scalar < 0x0900 { return bidiHint }  // Hebrew, Arabic, Syriac, Thaana, NKo, Samaritan, Mandaic, …
        if scalar < 0x0E00 { return 0 }
        if scalar < 0x0F00 { return southEastAsianHint }  // Thai, Lao
        if scalar >= 0x1000 && scalar < 0x10A0 { return southEastAsianHint }  // Myanmar
        if scalar >= 0x1780 && scalar < 0x1800 { return southEastAsianHint }  // Khmer
        // Tai Le, New Tai Lue, Khmer Symbols, Tai Tham
        if scalar >= 0x1950 && scalar < 0x1AB0 { return southEastAsianHint }
        if scalar >= 0x200E && scalar < 0x2070 {
            return scalar <= 0x200F || (scalar >= 0x202A && scalar <= 0x202E) || scalar >= 0x2066 ? bidiHint : 0
        }
        if scalar >= 0xA9E0 && scalar < 0xAAE0 { return southEastAsianHint }  // Myanmar Extended-B/A, Tai Viet
        if scalar >= 0xFB1D && scalar < 0xFF00 {
            return scalar < 0xFE00 || scalar >= 0xFE70 ? bidiHint : 0  // Hebrew and Arabic presentation forms
        }
        if scalar >= 0x10800 && scalar < 0x11000 { return bidiHint }  // right-to-left historic scripts
        if scalar >= 0x11700 && scalar < 0x11750 { return southEastAsianHint }  // Ahom
        if scalar >= 0x1E800 && scalar < 0x1F000 { return bidiHint }  // Mende Kikakui, Adlam, Arabic math
        return 0
    }

    /// Adds the dictionary's break opportunities inside every run of line-break class SA (Thai, Lao, Khmer, Myanmar…),
    /// which UAX #14 leaves unbroken without a dictionary, and notes whether the fitter shapes words across them
    /// (`ShapingContext.hasSeamContext`).
    private func addDictionaryBreaks(
        _ scalars: UnsafeBufferPointer<UInt32>, flags: UnsafeMutablePointer<UInt8>,
        shaping: ShapingContext
    ) {
        // Whether a word is shaped across seams (`ShapingContext.hasSeamContext`): asked of each script a run holds
        // (a run may hold Thai and Myanmar) until one answers yes; a script that answered no is not asked again
        // until another script is. Not asked at all of a cascade with no such font.
        let asks = anyFontShapesAcrossSeams
        var answeredNo: Script?
        DictionaryLineBreaker.forEachRun(
            in: scalars,
            scalar: { index, properties in
                if asks && properties.script != answeredNo && !shaping.hasSeamContext {
                    shaping.hasSeamContext = shapesAcrossSeams(scalars[index])
                    answeredNo = properties.script
                }
            },
            run: { start, end in
                // A run of one scalar has no inside: its session's ICU iterator is not opened for it.
                if end - start > 1 {
                    shaping.dictionary.addBreaks(scalars: scalars, start: start, end: end, flags: flags)
                }
            })
    }

    /// Decodes UTF-8 into `scalars`, with each scalar's byte offset in `offsets`; returns the scalar count. A byte
    /// that does not start a well-formed sequence becomes one U+FFFD.
    func decode(_ utf8: UnsafeBufferPointer<UInt8>, into ws: Workspace) -> (count: Int, hints: UInt8) {
        // The hint table through one pointer for the whole string (read through the global per scalar, it cost 1.5 %
        // of a Thai batch's instructions).
        withUnsafeBytes(of: Self.hintBlocks) { hintBlocks in decode(utf8, into: ws, hintBlocks: hintBlocks) }
    }

    @inline(__always)
    private func decode(_ utf8: UnsafeBufferPointer<UInt8>, into ws: Workspace, hintBlocks: UnsafeRawBufferPointer)
        -> (count: Int, hints: UInt8)
    {
        let byteCount = utf8.count
        var index = 0
        var count = 0
        var hints: UInt8 = 0
        let scalars = ws.scalars
        let offsets = ws.offsets
        while index < byteCount {
            let lead = utf8[index]
            offsets[count] = UInt32(truncatingIfNeeded: index)
            if lead < 0x80 {
                scalars[count] = UInt32(lead)
                index += 1
            } else if lead >= 0xC2 && lead < 0xE0 && index + 1 < byteCount && utf8[index + 1] & 0xC0 == 0x80 {
                // Two-byte sequences (U+0080–U+07FF: Latin-1 and Latin Extended, Greek, Cyrillic, Hebrew, Arabic),
                // what `decodeMultibyte` gives, without its switch.
                let scalar = (UInt32(lead) & 0x1F) << 6 | UInt32(utf8[index + 1]) & 0x3F
                scalars[count] = scalar
                index += 2
                hints |= hintBlocks[Int(scalar >> 4)]
            } else if lead >= 0xE0 && lead != 0xED && lead <= 0xEF && index + 2 < byteCount
                && utf8[index + 1] & 0xC0 == 0x80 && utf8[index + 2] & 0xC0 == 0x80
                && (lead != 0xE0 || utf8[index + 1] >= 0xA0)
            {
                // Three-byte sequences but the surrogates and the overlong ones (U+0800–U+FFFF: Indic, Thai, CJK,
                // Hangul, kana, punctuation), whose continuation bytes may be any of 0x80–0xBF after a lead other than
                // 0xE0 (and 0xA0–0xBF after 0xE0): what `decodeMultibyte` gives, without its switch.
                let scalar =
                    (UInt32(lead) & 0x0F) << 12 | (UInt32(utf8[index + 1]) & 0x3F) << 6
                    | UInt32(utf8[index + 2]) & 0x3F
                scalars[count] = scalar
                index += 3
                if scalar < 0x2000 {
                    // Below U+2000 the hints change only at multiples of 16 (U+0900, U+0E00, U+1950, …): one read.
                    hints |= hintBlocks[Int(scalar >> 4)]
                } else if (scalar < 0x2070) || (scalar >= 0xA9E0 && scalar < 0xAAE0)
                    || (scalar >= 0xFB1D && scalar < 0xFF00)
                {
                    // U+200B ZERO WIDTH SPACE: a format seam's (`formatSeamHint`), not a hint `hints(of:)` gives.
                    hints |= Self.hints(of: scalar) | (scalar == 0x200B ? Self.formatSeamHint : 0)
                }
            } else {
                let (scalar, length) = Self.decodeMultibyte(utf8, at: index, lead: lead)
                scalars[count] = scalar
                index += length
                // Most text (Latin, CJK, Hangul) is outside every hinted range: two or four compares.
                if (scalar >= 0x0590 && scalar < 0x2070) || (scalar >= 0xA9E0 && scalar < 0xAAE0)
                    || (scalar >= 0xFB1D && scalar < 0xFF00) || scalar >= 0x10800
                {
                    hints |= Self.hints(of: scalar)
                }
            }
            count += 1
        }
        offsets[count] = UInt32(truncatingIfNeeded: byteCount)
        return (count, hints)
    }

    /// Decodes the sequence starting with `lead` (≥ 0x80) at `index`: the scalar and how many bytes it took, by the
    /// package's one validating decoder (`UTF8Decoding`, inlined here). An ill-formed sequence becomes one U+FFFD per
    /// maximal subpart (The Unicode Standard §3.9, as Swift's `String(decoding:as:)` does): the lead byte and every
    /// continuation byte that could still have completed it.
    @inline(__always)
    private static func decodeMultibyte(_ utf8: UnsafeBufferPointer<UInt8>, at index: Int, lead: UInt8)
        -> (UInt32, Int)
    {
        let decoded = UTF8Decoding.decode(utf8, at: index, lead: lead)
        return (decoded.scalar, decoded.length)
    }

    // MARK: - Cluster widths

    /// The width in points of `scalar` in the first font of the cascade that maps it, and that font's index; when
    /// none does, the primary font's: its stand-in's (`StandInGlyphs`: a Unicode space's width by rule, U+2010's for
    /// U+2011), else its `.notdef`'s.
    @inline(__always)
    func cascadeAdvance(of scalar: UInt32) -> (Double, UInt8) {
        Self.cascadeAdvance(of: scalar, slots: slots, notdef: notdefWidth, standIns: standIns)
    }

    /// `cascadeAdvance(of:)` for a given list of fonts (the initializer's Latin-1 table needs it before `self` exists).
    @inline(__always)
    private static func cascadeAdvance(
        of scalar: UInt32, slots: [FontSlot], notdef: Double, standIns: StandInGlyphs
    ) -> (Double, UInt8) {
        for index in slots.indices {
            // A font that maps nothing in the scalar's page is passed over before its glyph cache is asked, which
            // would fill an "unmapped" entry the first time: a session makes each scalar's entry once, so that entry
            // would seldom be read (DejaVu Sans, first in the bench's cascade, and every ideograph: cold CJK −1.1 %).
            guard slots[index].mayMap(scalar) else { continue }
            let entry = slots[index].glyphAdvance(for: scalar)
            if entry.isMapped {
                return (Double(entry.advance) * slots[index].scale, UInt8(index))
            }
        }
        if let fallback = standIns.glyphAdvance(for: scalar) {
            return (Double(fallback.advance) * slots[0].scale, 0)
        }
        return (notdef, 0)
    }

    /// The glyph and advance of `scalar` in cascade font `font` as measuring takes them: the font's own, or, where
    /// the primary font does not map a character that `cascadeAdvance` measured in it, the glyph that stands in for it
    /// (`StandInGlyphs`), which kerns and shapes as itself: the space glyph, U+2010's.
    @inline(__always)
    private static func glyphAdvance(
        of scalar: UInt32, inFont font: Int, slots: [FontSlot], standIns: StandInGlyphs
    ) -> GlyphAdvance {
        let entry = slots[font].glyphAdvance(for: scalar)
        if entry.isMapped || font != 0 { return entry }
        return standIns.glyphAdvance(for: scalar) ?? entry
    }

    /// A cascade font and its scale, held without reference counting so that looking a scalar up touches no
    /// reference count (retain/release cost more than the lookup). Safe because `fonts` and `features` hold every
    /// font and feature table for as long as the engine lives.
    struct FontSlot: Sendable {
        private let reference: Unmanaged<Font>
        let scale: Double
        /// The font's kerning and ligatures as the engine uses them (`features`), held the same way.
        private let featuresReference: Unmanaged<OpenTypeFeatures>?

        init(font: Font, scale: Double, features: OpenTypeFeatures? = nil) {
            reference = .passUnretained(font)
            self.scale = scale
            featuresReference = features.map { .passUnretained($0) }
        }

        /// `body` with the engine's features of this font borrowed (no retain), nil when it uses none.
        @inline(__always)
        func withFeatures<Result>(_ body: (OpenTypeFeatures) -> Result) -> Result? {
            featuresReference?._withUnsafeGuaranteedRef(body)
        }

        /// `body` with the font borrowed: no retain or release, whose atomic updates of the one shared count two
        /// threads would otherwise trade (`perf record -g` of a cold CJK pass: retains and releases 3.2 % of the
        /// samples with one thread, 6.7 % with two, 4.0 % with two once the per-scalar paths borrowed the font). The
        /// slot has no getter that hands the font out: returning it out of the borrow would retain it.
        @inline(__always)
        func withFont<Result>(_ body: (Font) -> Result) -> Result {
            reference._withUnsafeGuaranteedRef(body)
        }

        /// The font's glyph and advance for `scalar` (`Font.glyphAdvance(for:)`), without retaining the font.
        @inline(__always)
        func glyphAdvance(for scalar: UInt32) -> GlyphAdvance {
            reference._withUnsafeGuaranteedRef { $0.glyphAdvance(for: scalar) }
        }

        /// Whether the font may map `scalar` (`Font.mayMap`): false only where it maps nothing in the scalar's page.
        @inline(__always)
        func mayMap(_ scalar: UInt32) -> Bool {
            reference._withUnsafeGuaranteedRef { $0.mayMap(scalar) }
        }
    }

    /// Sets, for every grapheme cluster that starts in `start..<end`, its kind, its width (on its first scalar; 0 on
    /// the others) and its font. `start` is taken as a cluster start (segment boundaries are cluster boundaries when
    /// `keepsGraphemeClusters` is on, as it is for measuring).
    /// Returns how many scalars were looked up: in the per-measurer Latin-1 table or the fonts' glyph caches.
    @discardableResult
    func measureClusters(from start: Int, to end: Int, in ws: Workspace) -> Int {
        var lookups = 0
        var clusterStart = start
        while clusterStart < end {
            var clusterEnd = clusterStart + 1
            while clusterEnd < end && ws.flags[clusterEnd] & LineBreaker.graphemeBoundaryFlag == 0 { clusterEnd += 1 }
            let scalar = ws.scalars[clusterStart]
            lookups += clusterEnd - clusterStart
            ws.flags[clusterStart] &= ~(Self.hangingKernFlag | Self.trailingGlyphFlag)
            if clusterEnd == clusterStart + 1 {
                measureSingle(scalar, at: clusterStart, in: ws)
            } else {
                measureCluster(from: clusterStart, to: clusterEnd, in: ws)
                ws.glyphs[clusterStart] = slots[Int(ws.clusterFonts[clusterStart])].glyphAdvance(for: scalar).glyph
            }
            clusterStart = clusterEnd
        }
        return lookups
    }

    /// Applies the fonts' standard ligatures and pair kerning to the measured clusters of one segment, `start..<end`:
    /// a ligature's first cluster takes the ligature glyph's advance and the others become part of it; each cluster
    /// then carries the kerning between it and the cluster before it (same font) in its advance. Pairs across segment
    /// boundaries are kerned when segments are placed side by side (`LineFitter`), so this never reaches outside the
    /// segment. Tabs and hard breaks are not kerned against.
    func applyFeatures(from start: Int, to end: Int, in ws: Workspace) {
        // A segment of one scalar (every ideograph, most punctuation) has no pair and no ligature inside it.
        guard usesFeatures, end - start > 1 else { return }
        // The segment's scalars and cluster slots, indexed from its start.
        let count = end - start
        let scalars = ws.scalars + start
        let advances = ws.advances.pointer(at: start)
        let fonts = ws.clusterFonts.pointer(at: start)
        let kinds = ws.kinds.pointer(at: start)
        // Each cluster's glyph is already in `glyphs`, put there when the cluster was measured.
        let glyphs = ws.glyphs.pointer(at: start)
        // Ligatures, over runs of single-scalar visible clusters in one font.
        var runStart = 0
        while runStart < count {
            let font = Int(fonts[runStart])
            guard ligates, kinds[runStart] == ClusterKind.visible, let table = features[font], table.hasLigatures
            else {
                runStart += 1
                continue
            }
            var runEnd = runStart + 1
            while runEnd < count && kinds[runEnd] == ClusterKind.visible && Int(fonts[runEnd]) == font {
                runEnd += 1
            }
            let run = UnsafeBufferPointer(start: glyphs + runStart, count: runEnd - runStart)
            var position = 0
            while position < run.count - 1 {
                guard let (components, ligature) = table.ligature(in: run, at: position) else {
                    position += 1
                    continue
                }
                applyLigature(
                    ligature, count: components, at: runStart + position, font: font, advances: advances,
                    glyphs: glyphs, kinds: kinds)
                position += components
            }
            runStart = runEnd
        }
        // Pair kerning between neighbouring clusters of one font.
        var previous = -1
        for index in 0..<count {
            let kind = kinds[index]
            guard kind == ClusterKind.visible || kind == ClusterKind.hanging else {
                if kind == ClusterKind.tab { previous = -1 }
                continue
            }
            if Self.isHardBreak(scalars[index]) {
                previous = -1
                continue
            }
            let font = Int(fonts[index])
            var kernsIntoHanging = false
            if previous >= 0, Int(fonts[previous]) == font, kerns[font], let table = features[font] {
                let kern = table.kerning(glyphs[previous], glyphs[index])
                if kern != 0 {
                    advances[index] += Double(kern) * fontScales[font]
                    kernsIntoHanging = kind == ClusterKind.hanging && kinds[previous] == ClusterKind.visible
                }
            }
            if kind == ClusterKind.hanging { Self.noteHangingKern(kernsIntoHanging, at: start + index, in: ws) }
            previous = index
        }
    }

    /// Sets or clears `hangingKernFlag` on the cluster at `index`.
    @inline(__always)
    static func noteHangingKern(_ kerned: Bool, at index: Int, in ws: Workspace) {
        ws.flags[index] = ws.flags[index] & ~hangingKernFlag | (kerned ? hangingKernFlag : 0)
    }

    /// Puts glyph `ligature` of font `font` in place of the `count` clusters from slot `index` of the cluster slots
    /// `advances`, `glyphs` and `kinds`: the first takes its advance, the others become part of it.
    @inline(__always)
    func applyLigature(
        _ ligature: UInt32, count: Int, at index: Int, font: Int, advances: UnsafeMutablePointer<Double>,
        glyphs: UnsafeMutablePointer<UInt32>, kinds: UnsafeMutablePointer<UInt8>
    ) {
        // Letter spacing follows every character, so a ligature of `count` characters carries it `count` times (its
        // components' advances, each of which had it, become 0).
        advances[index] =
            Double(slots[font].withFont { $0.advance(ofGlyph: ligature) }) * fontScales[font]
            + letterSpacing * Double(count)
        glyphs[index] = ligature
        for component in (index + 1)..<(index + count) {
            advances[component] = 0
            kinds[component] = ClusterKind.continuation
        }
    }

    /// Set in a hanging cluster's first scalar's break flags (`Workspace.flags`, beside `LineBreaker`'s bits and
    /// `borrowsFlag`) by `applyFeatures` when it kerned the cluster against the visible cluster before it: the part of
    /// that pair HarfBuzz puts on the visible one's advance (`hangingShare`) counts in the line's width, though the
    /// whitespace hangs. Cleared where a cluster is measured or shaped again.
    static var hangingKernFlag: UInt8 { 0b1_0000 }

    /// Set in a cluster's first scalar's break flags (beside `hangingKernFlag`) by `noteTrailingGlyph` when HarfBuzz
    /// shaped the cluster into glyphs of which another than the first kerns against the cluster after it, or none
    /// does (`HarfBuzzShaper.trailingGlyph`, kept in `Workspace.trailingGlyphs`): "A\u{331}" in DejaVu Sans ends in
    /// its macron below, "Č" that Noto Sans CJK draws decomposed in its caron, and neither kerns. Cleared where a
    /// cluster is measured or shaped again.
    static var trailingGlyphFlag: UInt8 { 0b10_0000 }

    /// The part of the pair kerning `units` (font units of font `font`) that HarfBuzz puts on the left glyph's
    /// advance, in points: all of a GPOS pair (value 1's XAdvance, the only one the kerning table keeps), half of a
    /// legacy 'kern' table pair, rounded down (`hb_kern_machine_t`: `kern >> 1` on the left, the rest on the right
    /// glyph). Where the right glyph is whitespace that hangs at a line's end, this part stays in the visible text's
    /// width, as in HarfBuzz's, Pango's and Skia's lines (Liberation Sans "A ": the A's 1,366 units less the A–space
    /// pair's 113); the fast path puts a pair on its right glyph, so it adds this part back: the cluster path where
    /// `hangingKernFlag` says (`LineFitter.add`), the one-pass measures once a segment (`LineFitter.hangingShareAtEnd`,
    /// `latin1HangingShare`).
    @inline(never)
    func hangingShare(ofKerning units: Int32, font: Int) -> Double {
        let legacy = features[font]?.kernsByLegacyTable ?? false
        return Double(legacy ? units >> 1 : units) * fontScales[font]
    }

    /// `hangingShare` of the pair of a visible scalar and the whitespace after it, given by their one-pass entries: in
    /// one font that kerns, as `applyFeatures` pairs them; 0 otherwise (a hard break kerns with nothing).
    @inline(never)
    func hangingShare(left: ScalarEntry, right: ScalarEntry) -> Double {
        let font = Int(left.font)
        guard left.isVisible, !right.isHardBreak, left.font == right.font, kerns[font], let table = features[font]
        else { return 0 }
        let units = table.kerning(left.glyph, right.glyph)
        return units == 0 ? 0 : hangingShare(ofKerning: units, font: font)
    }

    /// `hangingShare(left:right:)` at the end of the segment `start..<end` of Latin-1 scalars `scalars`, whose entries
    /// are `entries`: of the last visible scalar and the first whitespace after it, when whitespace ends the segment.
    func latin1HangingShare(
        from start: Int, to end: Int, scalars: UnsafeMutablePointer<UInt32>, entries: UnsafeBufferPointer<ScalarEntry>
    ) -> Double {
        var first = end
        while first > start && Self.singleScalarKind(scalars[first - 1]) == ClusterKind.hanging { first -= 1 }
        guard first > start && first < end else { return 0 }
        let right = entries[Int(scalars[first] & 0xFF)]
        guard right.kernsAsRight else { return 0 }
        return hangingShare(left: entries[Int(scalars[first - 1] & 0xFF)], right: right)
    }

    /// The pair kerning in points between two glyphs of font `font`, which kerns (`kerns[font]`).
    @inline(__always)
    func kerning(_ left: UInt32, _ right: UInt32, font: Int) -> Double {
        let kern = features[font].unsafelyUnwrapped.kerning(left, right)
        return kern == 0 ? 0 : Double(kern) * fontScales[font]
    }

    /// The glyph of the cluster at `index` in its font, when that font kerns (for kerning across segments): the
    /// right glyph of a pair with the segment before.
    @inline(__always)
    func kerningGlyph(at index: Int, in ws: Workspace) -> (glyph: UInt32, font: UInt8) {
        let font = ws.clusterFonts[index]
        guard kerns[Int(font)] else { return (0, SegmentMeasure.noFont) }
        return (ws.glyphs[index], font)
    }

    /// `kerningGlyph(at:in:)` for the left glyph of a pair with the segment after: the cluster's trailing glyph
    /// where HarfBuzz shaped it into several (`trailingGlyphFlag`), and no font (no pair) where that is a mark whose
    /// pairs HarfBuzz zeroes (`HarfBuzzShaper.kernsAgainstNothing`).
    @inline(__always)
    func trailingKerningGlyph(at index: Int, in ws: Workspace) -> (glyph: UInt32, font: UInt8) {
        let font = ws.clusterFonts[index]
        guard kerns[Int(font)] else { return (0, SegmentMeasure.noFont) }
        guard _slowPath(ws.flags[index] & Self.trailingGlyphFlag != 0) else { return (ws.glyphs[index], font) }
        let glyph = ws.trailingGlyphs[index]
        return glyph == HarfBuzzShaper.kernsAgainstNothing ? (0, SegmentMeasure.noFont) : (glyph, font)
    }

    /// A cluster of one scalar: the common case, with a table for Latin-1 and the session's memo for the rest.
    @inline(__always)
    func measureSingle(_ scalar: UInt32, at index: Int, in ws: Workspace) {
        if scalar < 256 {
            ws.advances[index] = latin1Widths[Int(scalar)]
            ws.clusterFonts[index] = latin1Fonts[Int(scalar)]
            ws.kinds[index] = latin1Kinds[Int(scalar)]
            ws.glyphs[index] = latin1Glyphs[Int(scalar)]
            if latin1HasNotes {
                let notes = latin1Notes[Int(scalar)]
                if notes != 0 { ws.note(notes) }
            }
            return
        }
        guard let memo = ws.memo else { return measureSingleUncached(scalar, at: index, in: ws) }
        if let page = memo[Int(scalar >> 8)] {
            let entry = page[Int(scalar & 0xFF)]
            if entry.isKnown {
                ws.advances[index] = entry.width
                ws.clusterFonts[index] = entry.font
                ws.kinds[index] = entry.kind
                ws.glyphs[index] = entry.glyph
                if entry.notes != 0 { ws.note(entry.notes) }
                return
            }
        }
        measureSingleUncached(scalar, at: index, in: ws)
        let glyphEntry = Self.glyphAdvance(
            of: scalar, inFont: Int(ws.clusterFonts[index]), slots: slots, standIns: standIns)
        let glyph = glyphEntry.glyph
        ws.glyphs[index] = glyph
        let notes = singleScalarNotes(
            scalar, kind: ws.kinds[index], entry: glyphEntry, font: Int(ws.clusterFonts[index]), in: ws)
        if notes != 0 { ws.note(notes) }
        let page = memo[Int(scalar >> 8)] ?? ScalarMemo.makePage(in: memo, for: scalar)
        page[Int(scalar & 0xFF)] = ScalarMemo.Entry(
            width: ws.advances[index], glyph: glyph,
            font: ws.clusterFonts[index], kind: ws.kinds[index],
            notes: notes, isKnown: true)
    }

    /// The `ClusterNotes` bits of a one-scalar cluster measured in `font` with glyph `entry`: whether HarfBuzz must
    /// shape it (its script needs shaping, it is a mark or a bidi scalar, a lookup the fast path does not apply may
    /// change its glyph, or it is U+2044 FRACTION SLASH, around which HarfBuzz applies the fraction features), and
    /// whether no font maps it.
    private func singleScalarNotes(
        _ scalar: UInt32, kind: UInt8, entry: GlyphAdvance, font: Int, in ws: Workspace
    ) -> UInt8 {
        if kind == ClusterKind.continuation || Self.isHardBreak(scalar) { return 0 }
        var notes: UInt8 = 0
        if !entry.isMapped && kind != ClusterKind.tab {
            // A precomposed letter HarfBuzz draws decomposed in the primary font is shaped, not missing.
            notes |= font == 0 && standIns.drawsDecomposed(scalar) ? ClusterNotes.shapes : ClusterNotes.missing
        }
        let script = ScriptTable.properties(of: scalar)
        if script.needsShaping || scalar == 0x2044 { notes |= ClusterNotes.shapes }
        if script.needsBidi { notes |= ClusterNotes.bidi }
        if entry.isMapped && notes & ClusterNotes.shapes == 0 && isTrigger(entry.glyph, font: font, in: ws) {
            notes |= ClusterNotes.shapes
        }
        return notes
    }

    /// Whether `glyph` of cascade font `font` is a trigger glyph (`ShapingTriggers`): from the session's shaping
    /// context, which asks the font once per session, or from the font when the workspace has no context.
    @inline(__always)
    func isTrigger(_ glyph: UInt32, font: Int, in ws: Workspace) -> Bool {
        slots[font].withFont { face in
            // Borrowed: `takeUnretainedValue()` retained and released the context for every scalar measured.
            if let shaping = ws.shaping {
                return shaping._withUnsafeGuaranteedRef { $0.isTrigger(glyph, of: face, index: font) }
            }
            return face.shapingTriggers(language: language, kerns: shapesWithKerning, ligates: shapesWithLigatures)
                .contains(glyph)
        }
    }

    /// `measureSingle` for a scalar outside Latin-1 that the memo does not know yet.
    private func measureSingleUncached(_ scalar: UInt32, at index: Int, in ws: Workspace) {
        ws.kinds[index] = Self.singleScalarKind(scalar)
        ws.advances[index] = 0
        ws.clusterFonts[index] = 0
        if scalar == 0x2028 || scalar == 0x2029 { return }  // hard breaks take no space; Unicode spaces do
        let properties = unicode.properties(of: scalar)
        if properties.isDefaultIgnorable {
            ws.kinds[index] = ClusterKind.continuation
            return
        }
        if hasColourFont && properties.isEmojiPresentation {
            let font = clusterFontMapping(from: index, to: index + 1, preferringBitmapFonts: true, in: ws).font
            ws.clusterFonts[index] = UInt8(font)
            ws.advances[index] = advance(of: scalar, inFont: font) + letterSpacing
            return
        }
        let (width, font) = cascadeAdvance(of: scalar)
        ws.advances[index] = width + letterSpacing
        ws.clusterFonts[index] = font
        // A letter of a script the cascade has a font for is measured in that font when it maps it, as
        // `shapeSegment` measures it, so a word is in one font whether its segment is shaped (next to a letter of
        // another script) or not. In the default cascade a letter's first font is already its script's (DejaVu Sans
        // is Armenian's and Georgian's); a cascade made with other `scriptFonts` may say otherwise.
        if hasScriptFonts {
            let script = ScriptTable.properties(of: scalar).script
            if script.isReal {
                let preferred = Int(scriptFonts[Int(script.rawValue)])
                if preferred >= 0 && preferred != Int(font) && !slots[preferred].withFont({ $0.isBitmapOnly })
                    && slots[preferred].mayMap(scalar) && slots[preferred].glyphAdvance(for: scalar).isMapped
                {
                    ws.advances[index] = advance(of: scalar, inFont: preferred) + letterSpacing
                    ws.clusterFonts[index] = UInt8(preferred)
                }
            }
        }
    }

    /// Whether `scalar` is a space separator (general category Zs) other than U+1680 OGHAM SPACE MARK, which is
    /// drawn: the spaces Pango's itemizer never picks a font for (`shapedFont`).
    @inline(__always)
    static func isSpaceSeparator(_ scalar: UInt32) -> Bool {
        switch scalar {
        case 0x20, 0xA0, 0x2000...0x200A, 0x202F, 0x205F, 0x3000: return true
        default: return false
        }
    }

    /// The advance of `scalar` in points in font `font` of the cascade, `.notdef`'s if the font does not map it (its
    /// stand-in's in the primary font, `StandInGlyphs`, where it has one).
    @inline(__always)
    private func advance(of scalar: UInt32, inFont font: Int) -> Double {
        let entry = Self.glyphAdvance(of: scalar, inFont: font, slots: slots, standIns: standIns)
        return entry.isMapped ? Double(entry.advance) * fontScales[font] : notdefWidth
    }

    /// A cluster of several scalars (a base with marks, an emoji sequence, a Hangul syllable in jamo…).
    ///
    /// Its font is the first of the cascade that maps every scalar that is not default-ignorable (no font draws a
    /// ZWJ or a variation selector). Colour bitmap fonts are asked first when the cluster asks for emoji
    /// presentation: it holds U+FE0F, or starts with an Emoji_Presentation scalar and holds no U+FE0E.
    ///
    /// Its width is the first scalar's advance plus that of each later scalar that is neither a grapheme extender (a
    /// combining mark, which attaches with no advance of its own) nor default-ignorable. Two kinds of cluster are one
    /// glyph instead: an emoji sequence (starting with an Extended_Pictographic or Regional_Indicator scalar), which
    /// emoji fonts draw as one ligature, so it takes its first scalar's advance; and a modern Hangul syllable spelled
    /// in conjoining jamo (L V, L V T, or a precomposed LV syllable and T), which is measured as the precomposed
    /// syllable it is canonically equivalent to.
    private func measureCluster(from start: Int, to end: Int, in ws: Workspace) {
        for index in (start + 1)..<end {
            ws.kinds[index] = ClusterKind.continuation
            ws.advances[index] = 0
            ws.clusterFonts[index] = 0
        }
        let first = ws.scalars[start]
        if Self.isHardBreak(first) {
            // CR LF: one cluster, one hard break, no width.
            ws.kinds[start] = ClusterKind.hanging
            ws.advances[start] = 0
            ws.clusterFonts[start] = 0
            return
        }
        ws.kinds[start] = ClusterKind.visible
        if let syllable = Self.composedHangulSyllable(from: start, to: end, in: ws) {
            let (width, font) = cascadeAdvance(of: syllable)
            ws.advances[start] = width + letterSpacing
            ws.clusterFonts[start] = font
            return
        }
        let firstProperties = unicode.properties(of: first)
        var hasEmojiSelector = false
        var hasTextSelector = false
        for index in start..<end {
            if ws.scalars[index] == 0xFE0F { hasEmojiSelector = true }
            if ws.scalars[index] == 0xFE0E { hasTextSelector = true }
        }
        let wantsEmoji = hasEmojiSelector || (firstProperties.isEmojiPresentation && !hasTextSelector)
        let (font, mapsAll, borrows) = clusterFontMapping(
            from: start, to: end,
            preferringBitmapFonts: wantsEmoji && hasColourFont, in: ws)
        ws.clusterFonts[start] = UInt8(font)
        noteBorrowing(borrows, at: start, in: ws)
        // A cluster of several scalars is shaped unless it is an emoji sequence (one glyph of a colour font) or all
        // of its scalars are simple. One whose first scalar the primary font stands in for or draws decomposed is not
        // missing; one it draws decomposed is HarfBuzz's to shape (as a letter alone, `singleScalarNotes`).
        let decomposed = !mapsAll && font == 0 && drawsDecomposed(cluster: start, to: end, in: ws)
        let drawn = mapsAll || decomposed || (font == 0 && standsIn(cluster: start, to: end, in: ws))
        var notes: UInt8 = drawn ? (decomposed ? ClusterNotes.shapes : 0) : ClusterNotes.missing
        if !slots[font].withFont({ $0.isBitmapOnly }) {
            let table = ScriptTable.sharedUnretained
            for index in start..<end {
                let properties = table._withUnsafeGuaranteedRef { $0.properties(of: ws.scalars[index]) }
                if properties.needsShaping { notes |= ClusterNotes.shapes }
                if properties.needsBidi { notes |= ClusterNotes.bidi }
            }
        }
        if notes != 0 { ws.note(notes) }
        let isEmojiSequence = firstProperties.isExtendedPictographic || firstProperties.lineBreakClass == .RI
        if isEmojiSequence, let sequenceWidth = emojiSequenceWidth(from: start, to: end, font: font, in: ws) {
            ws.advances[start] = sequenceWidth + letterSpacing
            return
        }
        var width = 0.0
        for index in start..<end {
            let scalar = ws.scalars[index]
            if index > start {
                if isEmojiSequence { break }
                let properties = unicode.properties(of: scalar)
                if properties.isDefaultIgnorable { continue }
                if properties.graphemeBreak == .extend {
                    // A combining mark adds nothing; an emoji modifier after a base that is no emoji is a swatch.
                    if Self.isEmojiModifier(scalar) {
                        width +=
                            slots[font].glyphAdvance(for: scalar).isMapped
                            ? advance(of: scalar, inFont: font) : fallbackAdvance(ofExtender: scalar) ?? notdefWidth
                    }
                    continue
                }
            } else if firstProperties.isDefaultIgnorable || Self.isInvisibleControl(scalar) {
                continue
            }
            width += advance(of: scalar, inFont: font)
        }
        ws.advances[start] = width + letterSpacing
    }

    /// The precomposed Hangul syllable (U+AC00…U+D7A3) that the cluster spells in modern conjoining jamo — L V, L V T,
    /// or LV T — or nil. Composition as in The Unicode Standard §3.12: S = 0xAC00 + (L·21 + V)·28 + T.
    private static func composedHangulSyllable(from start: Int, to end: Int, in ws: Workspace) -> UInt32? {
        let first = ws.scalars[start]
        let count = end - start
        func isTrailing(_ scalar: UInt32) -> Bool { (0x11A8...0x11C2).contains(scalar) }
        if (0x1100...0x1112).contains(first), count == 2 || count == 3 {
            let vowel = ws.scalars[start + 1]
            guard (0x1161...0x1175).contains(vowel) else { return nil }
            let trailing = count == 3 ? ws.scalars[start + 2] : 0x11A7
            guard count == 2 || isTrailing(trailing) else { return nil }
            return 0xAC00 + ((first - 0x1100) * 21 + (vowel - 0x1161)) * 28 + (trailing - 0x11A7)
        }
        if (0xAC00...0xD7A3).contains(first), (first - 0xAC00) % 28 == 0, count == 2, isTrailing(ws.scalars[start + 1])
        {
            return first + (ws.scalars[start + 1] - 0x11A7)
        }
        return nil
    }

    /// The index of the first font that maps every non-ignorable scalar of the cluster; the first that maps its first
    /// scalar when none maps them all; 0 when none maps even that. With `preferringBitmapFonts`, the cascade's colour
    /// bitmap fonts are tried before the others. `mapsAll` is also true where the font chosen lacks only grapheme
    /// extenders inside the cluster that other fonts draw (`fallbackAdjustment`); `borrows` says so.
    func clusterFontMapping(from start: Int, to end: Int, preferringBitmapFonts: Bool, in ws: Workspace)
        -> (font: Int, mapsAll: Bool, borrows: Bool)
    {
        var firstMapping: Int?
        for pass in 0..<(preferringBitmapFonts ? 2 : 1) {
            for index in slots.indices
            where !preferringBitmapFonts || slots[index].withFont({ $0.isBitmapOnly }) == (pass == 0) {
                var mapsAll = true
                for position in start..<end {
                    let scalar = ws.scalars[position]
                    let mapped = slots[index].glyphAdvance(for: scalar).isMapped
                    if position == start && mapped && firstMapping == nil { firstMapping = index }
                    if !mapped && !unicode.properties(of: scalar).isDefaultIgnorable {
                        mapsAll = false
                        break
                    }
                }
                if mapsAll { return (index, true, false) }
            }
        }
        guard let firstMapping else { return (0, false, false) }
        let borrows = fallbackAdjustment(from: start, to: end, inFont: firstMapping, in: ws) != nil
        return (firstMapping, borrows, borrows)
    }

    /// Whether words in `scalar`'s font are shaped together across a dictionary seam (`LineFitter.seamWindow`): the
    /// font HarfBuzz shapes the scalar in — its script's font when that maps it (as `shapeSegment` picks it), else
    /// the cascade's first that does — kerns by contextual positioning (`fontShapesAcrossSeams`).
    func shapesAcrossSeams(_ scalar: UInt32) -> Bool {
        guard anyFontShapesAcrossSeams else { return false }
        let preferred = Int(scriptFonts[Int(ScriptTable.properties(of: scalar).script.rawValue)])
        if preferred >= 0 && slots[preferred].mayMap(scalar) && slots[preferred].glyphAdvance(for: scalar).isMapped {
            return fontShapesAcrossSeams[preferred]
        }
        // The fast path's own choice: the cascade's first font that maps it (font 0 when none does).
        return fontShapesAcrossSeams[Int(cascadeAdvance(of: scalar).1)]
    }

    /// Whether font `font` maps every scalar of the cluster `start..<end` that is not default-ignorable.
    func maps(cluster start: Int, to end: Int, inFont font: Int, in ws: Workspace) -> Bool {
        for position in start..<end {
            let scalar = ws.scalars[position]
            if !slots[font].glyphAdvance(for: scalar).isMapped
                && !unicode.properties(of: scalar).isDefaultIgnorable
            {
                return false
            }
        }
        return true
    }
}
