import Cache

/// The per-thread workspace that measures strings: it decodes, segments, looks up advances and fits lines in buffers
/// it owns and reuses, so that measuring a string allocates nothing once the buffers are as long as the longest
/// string seen.
///
/// Not `Sendable`: a session belongs to one thread at a time. Make one per thread with `TextMeasurer.makeSession()`.
public final class MeasureSession {
    /// What is measured and how.
    public let measurer: TextMeasurer

    // Per-font values at this size, indexed like `measurer.cascade.fonts`.
    let fontCaches: [GlyphAdvanceCache]
    let fonts: [Font]
    let fontScales: [Double]
    let fontMetrics: [ScaledFontMetrics]
    let notdefWidth: Double
    let wrapWidth: Double
    let tabInterval: Double
    let charWrapping: Bool
    let honoursHardBreaks: Bool
    let usesFontLeading: Bool
    /// Width in points and cluster kind of each Latin-1 scalar in the cascade, so Latin text needs no cache lookup.
    let latin1Widths: [Double]
    let latin1Fonts: [UInt8]
    let latin1Kinds: [UInt8]

    // Per-string scratch, reused. Scalar arrays have one entry per scalar; `offsets` and `flags` one more.
    var scalars = ScratchBuffer<UInt32>(capacity: 256)
    var offsets = ScratchBuffer<UInt32>(capacity: 257)
    var flags = ScratchBuffer<UInt8>(capacity: 257)
    var advances = ScratchBuffer<Double>(capacity: 256)
    var clusterFonts = ScratchBuffer<UInt8>(capacity: 256)
    var kinds = ScratchBuffer<UInt8>(capacity: 256)
    /// Lines of the string being measured, kept only when `recordsLines` is set.
    var lineRecords: [LineFragment] = []

    init(measurer: TextMeasurer) {
        self.measurer = measurer
        let fonts = measurer.cascade.fonts
        self.fonts = fonts
        fontCaches = fonts.map(\.glyphCache)
        let fontScales = fonts.map { measurer.pointSize / $0.metrics.unitsPerEm }
        let notdefWidth = Double(fonts[0].notdefAdvance) * fontScales[0]
        self.fontScales = fontScales
        self.notdefWidth = notdefWidth
        fontMetrics = fonts.map { $0.metrics.scaled(to: measurer.pointSize) }
        wrapWidth = measurer.options.wrapWidth
        tabInterval = measurer.options.tabInterval
        charWrapping = measurer.options.lineBreakMode == .byCharWrapping
        honoursHardBreaks = measurer.options.usesLineFragmentOrigin
        usesFontLeading = measurer.options.usesFontLeading
        var widths = [Double](repeating: 0, count: 256)
        var fontIndices = [UInt8](repeating: 0, count: 256)
        var kindTable = [UInt8](repeating: ClusterKind.visible, count: 256)
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
            let (width, font) = Self.cascadeAdvance(of: scalar, fonts: fonts, scales: fontScales, notdef: notdefWidth)
            widths[Int(scalar)] = width
            fontIndices[Int(scalar)] = font
        }
        latin1Widths = widths
        latin1Fonts = fontIndices
        latin1Kinds = kindTable
    }

    /// Cluster kinds, one per scalar, that line fitting reads.
    enum ClusterKind {
        /// A scalar inside a cluster, after its first.
        static let continuation: UInt8 = 0
        /// The start of a cluster that has ink or takes space that counts.
        static let visible: UInt8 = 1
        /// The start of a whitespace cluster that hangs at a line's end and is not counted in its width, or a hard
        /// line break.
        static let hanging: UInt8 = 2
        /// A tab: hangs like a space, but its width depends on where it stands (the next tab stop).
        static let tab: UInt8 = 3
        // Default-ignorable scalars and control characters are `continuation`: no width, no ink, no font.
    }

    /// The kind of a cluster made of the single scalar `scalar`.
    private static func singleScalarKind(_ scalar: UInt32) -> UInt8 {
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

    // MARK: - Public entry points

    /// The size of `text`.
    public func measure(_ text: String) -> TextSize {
        var text = text
        return text.withUTF8 { run($0, recordsLines: false) }
    }

    /// The size of the UTF-8 text in `bytes` (invalid sequences are measured as U+FFFD).
    public func measure(utf8 bytes: ArraySlice<UInt8>) -> TextSize {
        bytes.withUnsafeBufferPointer { run($0, recordsLines: false) }
    }

    /// The size of `text` and its lines.
    public func layout(_ text: String) -> TextLayout {
        var text = text
        let size = text.withUTF8 { run($0, recordsLines: true) }
        return TextLayout(size: size, lines: lineRecords)
    }

    // MARK: - The pipeline

    /// Measures one string: decode, segment, measure clusters, fit lines.
    func run(_ utf8: UnsafeBufferPointer<UInt8>, recordsLines: Bool) -> TextSize {
        reserve(utf8.count)
        let ws = Workspace(scalars: scalars.base, offsets: offsets.base, flags: flags.base, advances: advances.base,
                           clusterFonts: clusterFonts.base, kinds: kinds.base)
        let count = decode(utf8, into: ws)
        if count > 0 {
            LineBreaker.analyze(UnsafeBufferPointer(start: ws.scalars, count: count),
                                options: measurer.options.lineBreaking,
                                into: UnsafeMutableBufferPointer(start: ws.flags, count: count + 1))
            measureClusters(count: count, in: ws)
        }
        return fitLines(count: count, recordsLines: recordsLines, in: ws)
    }

    /// Raw views of the scratch buffers, taken once per string: the per-scalar loops then read and write through
    /// these locals instead of the session's stored properties, which would cost a dynamic exclusivity check (and a
    /// thread-local lookup) on every access.
    struct Workspace {
        let scalars: UnsafeMutablePointer<UInt32>
        let offsets: UnsafeMutablePointer<UInt32>
        let flags: UnsafeMutablePointer<UInt8>
        let advances: UnsafeMutablePointer<Double>
        let clusterFonts: UnsafeMutablePointer<UInt8>
        let kinds: UnsafeMutablePointer<UInt8>
    }

    /// Makes every scratch buffer large enough for a string of `byteCount` UTF-8 bytes (at most that many scalars).
    private func reserve(_ byteCount: Int) {
        scalars.reserve(byteCount)
        offsets.reserve(byteCount + 1)
        flags.reserve(byteCount + 1)
        advances.reserve(byteCount)
        clusterFonts.reserve(byteCount)
        kinds.reserve(byteCount)
    }

    /// Decodes UTF-8 into `scalars`, with each scalar's byte offset in `offsets`; returns the scalar count. A byte
    /// that does not start a well-formed sequence becomes one U+FFFD.
    private func decode(_ utf8: UnsafeBufferPointer<UInt8>, into ws: Workspace) -> Int {
        let byteCount = utf8.count
        var index = 0
        var count = 0
        while index < byteCount {
            let lead = utf8[index]
            ws.offsets[count] = UInt32(truncatingIfNeeded: index)
            if lead < 0x80 {
                ws.scalars[count] = UInt32(lead)
                index += 1
            } else {
                let (scalar, length) = Self.decodeMultibyte(utf8, at: index, lead: lead)
                ws.scalars[count] = scalar
                index += length
            }
            count += 1
        }
        ws.offsets[count] = UInt32(truncatingIfNeeded: byteCount)
        return count
    }

    /// Decodes the sequence starting with `lead` (≥ 0x80) at `index`: the scalar and how many bytes it took.
    private static func decodeMultibyte(_ utf8: UnsafeBufferPointer<UInt8>, at index: Int, lead: UInt8)
        -> (UInt32, Int)
    {
        let replacement: (UInt32, Int) = (0xFFFD, 1)
        let remaining = utf8.count - index
        @inline(__always) func continuation(_ offset: Int) -> UInt32? {
            guard offset < remaining else { return nil }
            let byte = utf8[index + offset]
            return byte & 0xC0 == 0x80 ? UInt32(byte & 0x3F) : nil
        }
        switch lead {
        case 0xC2...0xDF:
            guard let b1 = continuation(1) else { return replacement }
            return (UInt32(lead & 0x1F) << 6 | b1, 2)
        case 0xE0...0xEF:
            guard let b1 = continuation(1), let b2 = continuation(2) else { return replacement }
            let scalar = UInt32(lead & 0x0F) << 12 | b1 << 6 | b2
            guard scalar >= 0x800, !(0xD800...0xDFFF).contains(scalar) else { return replacement }
            return (scalar, 3)
        case 0xF0...0xF4:
            guard let b1 = continuation(1), let b2 = continuation(2), let b3 = continuation(3) else {
                return replacement
            }
            let scalar = UInt32(lead & 0x07) << 18 | b1 << 12 | b2 << 6 | b3
            guard scalar >= 0x1_0000, scalar <= 0x10_FFFF else { return replacement }
            return (scalar, 4)
        default:
            return replacement
        }
    }

    // MARK: - Cluster widths

    /// The width in points of `scalar` in the first font of the cascade that maps it, and that font's index; the
    /// primary font's `.notdef` when none does.
    @inline(__always)
    private static func cascadeAdvance(of scalar: UInt32, fonts: [Font], scales: [Double], notdef: Double)
        -> (Double, UInt8)
    {
        for index in fonts.indices {
            let entry = fonts[index].glyphAdvance(for: scalar)
            if entry.isMapped {
                return (Double(entry.advance) * scales[index], UInt8(index))
            }
        }
        return (notdef, 0)
    }

    /// Sets, for every grapheme cluster, its kind, its width (on its first scalar; 0 on the others) and its font.
    private func measureClusters(count: Int, in ws: Workspace) {
        var start = 0
        while start < count {
            var end = start + 1
            while end < count && ws.flags[end] & LineBreaker.graphemeBoundaryFlag == 0 { end += 1 }
            let first = ws.scalars[start]
            if end == start + 1 {
                measureSingle(first, at: start, in: ws)
            } else {
                measureCluster(from: start, to: end, in: ws)
            }
            start = end
        }
    }

    /// A cluster of one scalar: the common case, with a table for Latin-1.
    @inline(__always)
    private func measureSingle(_ scalar: UInt32, at index: Int, in ws: Workspace) {
        if scalar < 256 {
            ws.advances[index] = latin1Widths[Int(scalar)]
            ws.clusterFonts[index] = latin1Fonts[Int(scalar)]
            ws.kinds[index] = latin1Kinds[Int(scalar)]
            return
        }
        let kind = Self.singleScalarKind(scalar)
        ws.kinds[index] = kind
        if scalar == 0x2028 || scalar == 0x2029 {
            // Hard breaks take no space; the Unicode spaces do, and are measured below.
            ws.advances[index] = 0
            ws.clusterFonts[index] = 0
            return
        }
        if UnicodeProperties.properties(of: scalar).isDefaultIgnorable {
            ws.advances[index] = 0
            ws.clusterFonts[index] = 0
            ws.kinds[index] = ClusterKind.continuation
            return
        }
        let (width, font) = Self.cascadeAdvance(of: scalar, fonts: fonts, scales: fontScales, notdef: notdefWidth)
        ws.advances[index] = width
        ws.clusterFonts[index] = font
    }

    /// A cluster of several scalars (a base with marks, an emoji sequence, a Hangul syllable in jamo…).
    ///
    /// Its font is the first of the cascade that maps every scalar that is not default-ignorable (no font draws a
    /// ZWJ or a variation selector); a cluster with U+FE0F (emoji presentation) asks colour bitmap fonts first. Its
    /// width is the first scalar's advance plus that of each later scalar that is neither a grapheme extender (a
    /// combining mark, which attaches with no advance of its own) nor default-ignorable. An emoji sequence (a cluster
    /// that starts with an Extended_Pictographic or Regional_Indicator scalar) is one ligature glyph in emoji fonts, so
    /// it takes the first scalar's advance alone.
    private func measureCluster(from start: Int, to end: Int, in ws: Workspace) {
        for index in (start + 1)..<end {
            ws.kinds[index] = ClusterKind.continuation
            ws.advances[index] = 0
            ws.clusterFonts[index] = 0
        }
        if Self.isHardBreak(ws.scalars[start]) {
            // CR LF: one cluster, one hard break, no width.
            ws.kinds[start] = ClusterKind.hanging
            ws.advances[start] = 0
            ws.clusterFonts[start] = 0
            return
        }
        ws.kinds[start] = ClusterKind.visible
        var wantsEmojiPresentation = false
        for index in start..<end where ws.scalars[index] == 0xFE0F {
            wantsEmojiPresentation = true
        }
        let font = clusterFont(from: start, to: end, preferringBitmapFonts: wantsEmojiPresentation, in: ws)
        ws.clusterFonts[start] = UInt8(font)
        let firstProperties = UnicodeProperties.properties(of: ws.scalars[start])
        let isEmojiSequence = firstProperties.isExtendedPictographic
            || firstProperties.lineBreakClass == .RI
        var width = 0.0
        for index in start..<end {
            let scalar = ws.scalars[index]
            if index > start {
                if isEmojiSequence { break }
                let properties = UnicodeProperties.properties(of: scalar)
                if properties.graphemeBreak == .extend || properties.isDefaultIgnorable { continue }
            } else if firstProperties.isDefaultIgnorable || Self.isInvisibleControl(scalar) {
                continue
            }
            let entry = fonts[font].glyphAdvance(for: scalar)
            width += entry.isMapped ? Double(entry.advance) * fontScales[font] : notdefWidth
        }
        ws.advances[start] = width
    }

    /// The index of the first font that maps every non-ignorable scalar of the cluster; the first that maps its first
    /// scalar when none maps them all; 0 when none maps even that.
    private func clusterFont(from start: Int, to end: Int, preferringBitmapFonts: Bool, in ws: Workspace) -> Int {
        var firstMapping: Int?
        // With emoji presentation, a first pass over the bitmap (colour) fonts, then one over the others.
        for pass in 0..<(preferringBitmapFonts ? 2 : 1) {
            for index in fonts.indices where !preferringBitmapFonts || fonts[index].isBitmapOnly == (pass == 0) {
                var mapsAll = true
                for position in start..<end {
                    let scalar = ws.scalars[position]
                    let mapped = fonts[index].glyphAdvance(for: scalar).isMapped
                    if position == start && mapped && firstMapping == nil { firstMapping = index }
                    if !mapped && !UnicodeProperties.properties(of: scalar).isDefaultIgnorable {
                        mapsAll = false
                        break
                    }
                }
                if mapsAll { return index }
            }
        }
        return firstMapping ?? 0
    }
}
