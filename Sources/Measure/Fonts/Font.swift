import Cache
import Foundation
import Locking

/// One face of a font file (TTF, OTF with CFF outlines, one face of a TTC collection, a WOFF or WOFF2 web font, a Mac
/// suitcase, or a bitmap-only colour font), with its metrics and a shared, lock-free cache of glyph advances.
///
/// A `Font` is immutable apart from its cache and safe to share between threads. A cache miss is filled from the
/// face's own character map and hmtx advances, read into memory at load, on whichever thread meets it and with no lock
/// (`CharacterMapAdvances`); only a face whose map cannot be read that way (a bitmap-only or variable font, another
/// subtable format) asks FreeType, under the font's own lock, so its face is used by one thread at a time.
public final class Font: Sendable {
    /// The file the face was loaded from; for a font loaded from memory (`init(data:name:faceIndex:)`), the name it
    /// was given, which errors and descriptions show (no file of that name is ever read).
    public let path: String
    /// The face's index in the file (0 for a single-face file).
    public let faceIndex: Int
    /// The family name the face declares, such as "DejaVu Sans".
    public let familyName: String
    /// The style name the face declares, such as "Regular".
    public let styleName: String
    /// Vertical metrics in the face's units.
    public let metrics: FontMetrics
    /// Whether the face has no outlines, only bitmap strikes (Noto Color Emoji's CBDT, for example).
    public let isBitmapOnly: Bool
    /// The advance of glyph 0, `.notdef`, which measures any character no font of a cascade maps.
    public let notdefAdvance: Float
    /// Code point → glyph and advance, filled on first use and then read without locks.
    public let glyphCache = GlyphAdvanceCache()
    /// The file's identity (device, inode, size, times) when the face was loaded, or nil if it could not be read:
    /// whoever records sizes under the file's digest checks that the file is still the one that was measured.
    public let fileStamp: FileStamp?
    /// For a font loaded from memory, the SHA-256 of its bytes, which identifies it as a file's digest identifies a
    /// font read from disk (a size database keys fonts by content); nil for a font loaded from a file.
    public let dataDigest: SHA256Digest?
    /// Whether the face was loaded from memory rather than from a file.
    public var isFromMemory: Bool { dataDigest != nil }
    /// The bytes FreeType and HarfBuzz read in place: a memory font's, or the tables of a font HarfBuzz cannot read in
    /// place (a web font) written out as a plain sfnt (`SfntUnpacking`); nil for a file's font, which both read from
    /// the file.
    private let memory: FontMemory?
    /// The face's index in `memory`: `faceIndex`, but 0 for an unpacked face, which is all its sfnt holds.
    private let memoryFaceIndex: Int

    private let face: Locked<FreeTypeFace>
    /// The face's character map and advances read into memory, when they can be (`CharacterMapAdvances`): misses then
    /// fill the glyph cache on any thread without the face's lock.
    private let directAdvances: CharacterMapAdvances?
    /// Kerning and ligatures, read from GPOS/kern/GSUB on first use (most runs of `--plain` never need them).
    private let features = Locked<OpenTypeFeatures?>(nil)
    /// Advances of glyphs asked for by glyph id (ligatures), in font units.
    private let glyphAdvances = Locked<[UInt32: Float]>([:])
    /// Ink boxes by code point (nil: no ink), filled on first use; only `usesDeviceMetrics` asks.
    private let inks = Locked<[UInt32: InkBounds?]>([:])
    /// The HarfBuzz face of the same file, made on first use (`.some(nil)` when HarfBuzz cannot read it).
    private let harfBuzzFace = Locked<HarfBuzzFace??>(nil)
    /// A bitmap-only face's HarfBuzz face, for its glyph substitutions only (`emojiSequenceFace`), made on first use.
    private let sequenceFace = Locked<HarfBuzzFace??>(nil)
    /// `ShapingTriggers` per language and feature switches, computed on first use.
    private let triggers = Locked<[ShapingTriggerKey: GlyphSet]>([:])
    /// Held while shaping triggers are computed (`shapingTriggers`), around how many sets were; taken before
    /// `triggers`, `face`, `harfBuzzFace`, `fileTriggers` and `fileMarkProofs`, never while holding one of them. One
    /// per font, not per key: a thread asking for another language's set waits too, which measurers (one language
    /// each) do not do; two `Font`s of one file may still compute a set at once, as before.
    private let triggerComputation = Locked<Int>(0)
    /// `latin1Kerning`, computed on first use.
    private let latin1KerningMatrix = Locked<[Int32]?>(nil)

    /// Loads face `faceIndex` of the font file at `path`.
    /// - Throws: `FontError` if the file is missing, is not a font, lacks that face, or has no Unicode mapping.
    public convenience init(path: String, faceIndex: Int = 0) throws(FontError) {
        // The stamp must describe the file FreeType opened: taken before and after the open, and equal, no rename
        // or write came between them (a stamp taken after alone could describe a file that replaced the one opened,
        // and a size database would then key this font's sizes by the other file's digest). A file that keeps
        // changing is refused after a few tries.
        for _ in 0..<Self.stableOpenAttempts {
            let before = try? FileStamp(path: path)
            let face = try FreeTypeFace(path: path, faceIndex: faceIndex)
            // Read between the stamps, so that it describes the file FreeType opened.
            let needsUnpacking = SfntUnpacking.needsUnpacking(path: path)
            let after = try? FileStamp(path: path)
            guard before == after else { continue }
            if needsUnpacking {
                let memory = try Self.unpacked(face, name: path, faceIndex: faceIndex)
                self.init(
                    face: try FreeTypeFace(memory: memory, name: path, faceIndex: 0), path: path, faceIndex: faceIndex,
                    fileStamp: after, memory: memory,
                    memoryFaceIndex: 0, dataDigest: nil)
                return
            }
            self.init(
                face: face, path: path, faceIndex: faceIndex, fileStamp: after, memory: nil, memoryFaceIndex: 0,
                dataDigest: nil)
            return
        }
        throw .unreadable(path: path, reason: "it changed while it was being loaded (replaced or written); try again")
    }

    /// How many times `init(path:faceIndex:)` opens a file that changes while it is opened before it gives up.
    static let stableOpenAttempts = 3

    /// Loads face `faceIndex` of a font file's bytes — a font bundled as a resource, downloaded, or read from an
    /// archive — without writing it to disk. The bytes are copied once; `name` stands for the path in errors and
    /// descriptions (say where the bytes came from).
    /// - Throws: `FontError` if the bytes are not a font, lack that face, or have no Unicode mapping.
    public convenience init(data: Data, name: String = "font data", faceIndex: Int = 0) throws(FontError) {
        let memory = FontMemory(data)
        let face = try FreeTypeFace(memory: memory, name: name, faceIndex: faceIndex)
        let digest = SHA256.hash(UnsafeRawBufferPointer(memory.bytes))
        if SfntUnpacking.needsUnpacking(memory.bytes) {
            let unpackedMemory = try Self.unpacked(face, name: name, faceIndex: faceIndex)
            self.init(
                face: try FreeTypeFace(memory: unpackedMemory, name: name, faceIndex: 0), path: name,
                faceIndex: faceIndex, fileStamp: nil, memory: unpackedMemory,
                memoryFaceIndex: 0, dataDigest: digest)
            return
        }
        self.init(
            face: face, path: name, faceIndex: faceIndex, fileStamp: nil, memory: memory, memoryFaceIndex: faceIndex,
            dataDigest: digest)
    }

    /// The tables of a face HarfBuzz cannot read in place (`SfntUnpacking`: a web font) written out as a plain sfnt,
    /// which the font's FreeType and HarfBuzz faces then read. The font keeps its file's or bytes' identity: its path,
    /// face index, stamp and digest are those of the file or bytes it was given.
    private static func unpacked(
        _ face: borrowing FreeTypeFace, name: String, faceIndex: Int
    ) throws(FontError) -> FontMemory {
        guard let sfnt = face.sfntFile() else {
            throw .damaged(path: name, faceIndex: faceIndex, problem: "FreeType cannot read its tables out for shaping")
        }
        return FontMemory(Data(sfnt))
    }

    private init(
        face: consuming sending FreeTypeFace, path: String, faceIndex: Int, fileStamp: FileStamp?,
        memory: FontMemory?, memoryFaceIndex: Int, dataDigest: SHA256Digest?
    ) {
        let names = face.names
        self.path = path
        self.faceIndex = faceIndex
        self.familyName = names.family
        self.styleName = names.style
        self.metrics = face.metrics
        self.isBitmapOnly = face.isBitmapOnly
        self.notdefAdvance = face.advance(ofGlyph: 0)
        self.directAdvances = face.directAdvances
        self.face = Locked(face)
        self.fileStamp = fileStamp
        self.memory = memory
        self.memoryFaceIndex = memoryFaceIndex
        self.dataDigest = dataDigest
    }

    /// The glyph and advance for `scalar`, from the cache or, once, from FreeType.
    @inline(__always)
    func glyphAdvance(for scalar: UInt32) -> GlyphAdvance {
        if let cached = glyphCache.cachedEntry(for: scalar) { return cached }
        return loadGlyphAdvance(for: scalar)
    }

    /// Whether the font may map `scalar`: false only when its own reading of the character map reaches no scalar of
    /// `scalar`'s page of 256 (`CharacterMap.mayMap`), so that `glyphAdvance(for:)` is unmapped; true whenever the
    /// font is read through FreeType. Asked before a lookup that would otherwise fill the cache with "unmapped".
    @inline(__always)
    func mayMap(_ scalar: UInt32) -> Bool {
        directAdvances?.mayMap(scalar) ?? true
    }

    /// The miss path of `glyphAdvance(for:)`, kept out of line so the hit path forms no closure (and so retains
    /// nothing): from the font's own character map with no lock when it has one, otherwise from FreeType under the
    /// cache's and the face's locks.
    @inline(never)
    private func loadGlyphAdvance(for scalar: UInt32) -> GlyphAdvance {
        if let directAdvances {
            return glyphCache.lockFreeEntry(for: scalar) { directAdvances.glyphAdvance(for: scalar) }
        }
        return glyphCache.entry(for: scalar) { face.withLock { $0.glyphAdvance(for: scalar) } }
    }

    /// The face's kerning and standard ligatures, read once; a bitmap-only face has none.
    var openTypeFeatures: OpenTypeFeatures {
        features.withLock { loaded in
            if let loaded { return loaded }
            let made = face.withLock { face in
                OpenTypeFeatures(table: { tag in face.isBitmapOnly ? nil : face.tableData(tag: tag) })
            }
            loaded = made
            return made
        }
    }

    /// The pair kerning in font units between the glyphs of the Latin-1 scalars this face maps, `matrix[a *
    /// latin1KerningStride + b]` for scalars `a` and `b`; row and column 256 and the scalars it does not map (and the
    /// controls and the soft hyphen) are 0. Resolved once per face (about 36,000 pairs, a walk of each left glyph's
    /// pairs), so that the measurers made for it — one per one-off `TextMeasurer.measure` — share it instead of each
    /// resolving its pairs (`LayoutEngine.latin1SegmentMeasure`).
    var latin1Kerning: [Int32] {
        latin1KerningMatrix.withLock { made in
            if let made { return made }
            let stride = Self.latin1KerningStride
            var matrix = [Int32](repeating: 0, count: stride * stride)
            let features = openTypeFeatures
            if features.hasKerning {
                let glyphs: [UInt32?] = (UInt32(0)..<256).map { scalar in
                    // Not the controls nor U+00AD SOFT HYPHEN (default-ignorable): no measurer looks them up.
                    guard scalar >= 0x20 && !(0x7F..<0xA0).contains(scalar) && scalar != 0xAD else { return nil }
                    let entry = glyphAdvance(for: scalar)
                    return entry.isMapped ? entry.glyph : nil
                }
                // The mapped scalars in their glyphs' order, so that each row is one walk of the left glyph's pairs
                // (`OpenTypeFeatures.kernings`) rather than a search per pair; kept in stack memory, so that the
                // matrix and the glyph list stay the only allocations (the bench counts a cold measurer's).
                withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 256) { order in
                    withUnsafeTemporaryAllocation(of: UInt32.self, capacity: 256) { rights in
                        withUnsafeTemporaryAllocation(of: Int32.self, capacity: 256) { row in
                            var mapped = 0
                            for scalar in 0..<256 {
                                guard let glyph = glyphs[scalar] else { continue }
                                // Insertion by (glyph, scalar): at most 190 scalars, once per face.
                                var slot = mapped
                                while slot > 0 && rights[slot - 1] > glyph {
                                    order[slot] = order[slot - 1]
                                    rights[slot] = rights[slot - 1]
                                    slot -= 1
                                }
                                order[slot] = UInt8(scalar)
                                rights[slot] = glyph
                                mapped += 1
                            }
                            let sortedRights = UnsafeBufferPointer(rebasing: rights[0..<mapped])
                            let rowBuffer = UnsafeMutableBufferPointer(rebasing: row[0..<mapped])
                            matrix.withUnsafeMutableBufferPointer { matrix in
                                for left in 0..<256 {
                                    guard let leftGlyph = glyphs[left] else { continue }
                                    features.kernings(after: leftGlyph, rights: sortedRights, into: rowBuffer)
                                    let matrixRow = left * stride
                                    for position in 0..<mapped {
                                        matrix[matrixRow + Int(order[position])] = rowBuffer[position]
                                    }
                                }
                            }
                        }
                    }
                }
            }
            made = matrix
            return matrix
        }
    }

    /// The row length of `latin1Kerning`: the 256 Latin-1 scalars and a column of zeros.
    static let latin1KerningStride = 257

    /// Reads the face's kerning and ligature tables now rather than when a measurer first needs them (a few
    /// milliseconds for the default cascade): call it where font loading may take time and measuring must not.
    public func loadFeatures() {
        _ = openTypeFeatures
    }

    /// The face as HarfBuzz sees it, loaded on first use; nil for a bitmap-only face (measured from its strikes, not
    /// shaped) or when HarfBuzz cannot read the file.
    var harfBuzz: HarfBuzzFace? {
        harfBuzzFace.withLock { loaded in
            if let loaded { return loaded }
            // What `MarkPositioning` proved of this file is kept for the process, as its trigger sets are.
            let fileFace = fileStamp.map { FontFileFace(stamp: $0, faceIndex: faceIndex) }
            let proved = fileFace.flatMap { key in Self.fileMarkProofs.withLock { $0[key] } }
            let made: HarfBuzzFace? =
                if isBitmapOnly { nil } else if let memory {
                    HarfBuzzFace(memory: memory, faceIndex: memoryFaceIndex)
                } else {
                    HarfBuzzFace(path: path, faceIndex: faceIndex, onlyMovesMarks: proved)
                }
            if proved == nil, let fileFace, let made {
                Self.fileMarkProofs.withLock { $0[fileFace] = made.onlyMovesMarks }
            }
            loaded = .some(made)
            return made
        }
    }

    /// A bitmap-only face (colour emoji) as HarfBuzz sees it, for what its glyph substitutions make of an emoji
    /// sequence — one glyph for a sequence the font draws as one (a family, a skin tone, a flag), its components'
    /// glyphs for one it does not (`LayoutEngine.emojiSequenceWidth`); never for advances, which come from the
    /// face's strikes. Nil for any other face, or when HarfBuzz cannot read it.
    var emojiSequenceFace: HarfBuzzFace? {
        guard isBitmapOnly else { return nil }
        return sequenceFace.withLock { loaded in
            if let loaded { return loaded }
            // Mark positioning is never asked of it: nothing to prove.
            let made: HarfBuzzFace? =
                if let memory { HarfBuzzFace(memory: memory, faceIndex: memoryFaceIndex) } else {
                    HarfBuzzFace(path: path, faceIndex: faceIndex, onlyMovesMarks: false)
                }
            loaded = .some(made)
            return made
        }
    }

    /// The glyphs that send a segment of the simple scripts to HarfBuzz (`ShapingTriggers`), computed once per
    /// language and feature switches; empty when the face cannot be shaped.
    ///
    /// Sessions on several threads ask at once when a measurer starts: the first to ask computes them and the others
    /// wait for its answer (`triggerComputation`), rather than each computing the same set (the bench's CJK cascade:
    /// 114 M instructions for its two fonts, callgrind, which two threads spent twice).
    func shapingTriggers(language: String?, kerns: Bool, ligates: Bool) -> GlyphSet {
        let key = ShapingTriggerKey(language: language ?? "", kerns: kerns, ligates: ligates)
        if let known = triggers.withLock({ $0[key] }) { return known }
        return triggerComputation.withLock { computed in
            computeShapingTriggers(key: key, language: language, computed: &computed)
        }
    }

    /// How many trigger sets this font has computed itself (not found computed for its file): one per key, however
    /// many threads asked at once.
    var triggerComputations: Int { triggerComputation.withLock { $0 } }

    /// `shapingTriggers` once it found none kept: one thread at a time (`triggerComputation`), so a thread that waited
    /// finds what the one before it computed.
    private func computeShapingTriggers(key: ShapingTriggerKey, language: String?, computed count: inout Int)
        -> GlyphSet
    {
        if let known = triggers.withLock({ $0[key] }) { return known }
        let (kerns, ligates) = (key.kerns, key.ligates)
        // The same file loaded again (another cascade, a fresh measurer) has the same lookups: computed once per
        // process for a file that has not changed since (its stamp).
        let fileKey = fileStamp.map { FileShapingTriggerKey(stamp: $0, faceIndex: faceIndex, key: key) }
        if let fileKey, let known = Self.fileTriggers.withLock({ $0[fileKey] }) {
            triggers.withLock { $0[key] = known }
            return known
        }
        let computed: GlyphSet
        count += 1
        if let harfBuzz, shapesEveryRun(kerns: kerns) {
            var all = GlyphSet(glyphCount: Int(harfBuzz.glyphCount))
            all.insertAll()
            computed = all
        } else if let harfBuzz {
            let (gsub, gpos) = face.withLock {
                ($0.tableData(tag: UInt32(tag: "GSUB")), $0.tableData(tag: UInt32(tag: "GPOS")))
            }
            computed = ShapingTriggers.glyphs(
                face: harfBuzz, gsub: gsub, gpos: gpos, language: language,
                kerns: kerns, ligates: ligates)
        } else {
            computed = GlyphSet(glyphCount: 0)
        }
        triggers.withLock { $0[key] = computed }
        if let fileKey { Self.fileTriggers.withLock { $0[fileKey] = computed } }
        return computed
    }

    /// Whether HarfBuzz shapes this font's text by tables the fast path does not read, so that every glyph is a
    /// trigger and every run of the font goes to HarfBuzz: Apple's layout tables — 'morx' (or the older 'mort'),
    /// which HarfBuzz applies instead of GSUB to horizontal text, and 'kerx', which it applies instead of GPOS unless
    /// the font has GSUB, and GPOS with a 'kern' feature (`hb_ot_shape_planner_t::compile`, HarfBuzz 6.0) — and, with
    /// kerning on, a legacy 'kern' table the pair table does not hold as HarfBuzz applies it (Apple's contextual
    /// subtables, pairs out of order, more than the reader holds: `OpenTypeFeatures.kerningNeedsShaping`). Fonts made
    /// for the Mac have them; Debian's have none, so the default cascade's fast path is unchanged.
    private func shapesEveryRun(kerns: Bool) -> Bool {
        let (morx, kerx, gsub, gpos) = face.withLock { face in
            (
                face.hasTable(tag: UInt32(tag: "morx")) || face.hasTable(tag: UInt32(tag: "mort")),
                face.hasTable(tag: UInt32(tag: "kerx")), face.hasTable(tag: UInt32(tag: "GSUB")),
                face.hasTable(tag: UInt32(tag: "GPOS"))
            )
        }
        if morx { return true }
        // kerx goes before GPOS unless both GSUB and GPOS are there, and before GPOS without a 'kern' feature too.
        // The features are read only where they decide (a --plain run of a font without kerx never reads them).
        if kerx && (!(gsub && gpos) || !openTypeFeatures.hasKerning || openTypeFeatures.kernsByLegacyTable) {
            return true
        }
        return kerns && openTypeFeatures.kerningNeedsShaping
    }

    /// `shapingTriggers` of every font file this process computed them for.
    private static let fileTriggers = Locked<[FileShapingTriggerKey: GlyphSet]>([:])

    /// `HarfBuzzFace.onlyMovesMarks` of every font file this process loaded a HarfBuzz face of.
    private static let fileMarkProofs = Locked<[FontFileFace: Bool]>([:])

    /// The unhinted advance of glyph `glyph` in the units of `metrics` (for ligature glyphs, which no code point maps).
    func advance(ofGlyph glyph: UInt32) -> Float {
        if let known = glyphAdvances.withLock({ $0[glyph] }) { return known }
        let advance = face.withLock { $0.advance(ofGlyph: glyph) }
        glyphAdvances.withLock { $0[glyph] = advance }
        return advance
    }

    /// The ink box of glyph `glyph` in the units of `metrics` (relative to its origin, y up), or nil when it has no
    /// ink: for the glyphs of an emoji sequence, which no code point maps (not kept: seldom asked).
    func inkBounds(ofGlyph glyph: UInt32) -> InkBounds? {
        face.withLock { $0.inkBounds(ofGlyph: glyph) }
    }

    /// The ink box of `scalar`'s glyph in the units of `metrics` (relative to the glyph's origin, y up), or nil when it
    /// has no ink; `.notdef`'s when the face does not map it.
    public func inkBounds(of scalar: Unicode.Scalar) -> InkBounds? {
        if let known = inks.withLock({ $0[scalar.value] }) { return known }
        let glyph = glyphAdvance(for: scalar.value).glyph
        let bounds = face.withLock { $0.inkBounds(ofGlyph: glyph) }
        inks.withLock { $0[scalar.value] = .some(bounds) }
        return bounds
    }

    /// Whether the face maps `scalar` to a glyph.
    public func maps(_ scalar: Unicode.Scalar) -> Bool {
        glyphAdvance(for: scalar.value).isMapped
    }

    /// The unhinted advance of `scalar` in points at `pointSize`; `.notdef`'s advance when the face does not map it.
    public func advance(of scalar: Unicode.Scalar, pointSize: Double) -> Double {
        let entry = glyphAdvance(for: scalar.value)
        return Double(entry.isMapped ? entry.advance : notdefAdvance) * pointSize / metrics.unitsPerEm
    }

    /// `glyph`'s outline in font units, y up (scale by `pointSize / metrics.unitsPerEm` for points), for drawing;
    /// nil for a bitmap-only face or a glyph that cannot be loaded. An empty outline draws nothing (a space).
    public func outline(ofGlyph glyph: UInt32) -> GlyphOutline? {
        face.withLock { $0.outline(ofGlyph: glyph) }
    }

    /// `glyph` of a bitmap-only face (colour emoji) as RGBA pixels of its strike, for drawing; nil for a scalable
    /// face or a glyph without pixels.
    public func colourBitmap(ofGlyph glyph: UInt32) -> GlyphBitmap? {
        face.withLock { $0.colourBitmap(ofGlyph: glyph) }
    }
}

/// What a font's shaping triggers depend on besides the font.
struct ShapingTriggerKey: Hashable, Sendable {
    var language: String
    var kerns: Bool
    var ligates: Bool
}

/// A face of a font file as it was when loaded.
struct FontFileFace: Hashable, Sendable {
    var stamp: FileStamp
    var faceIndex: Int
}

/// A face of a font file as it was when loaded, and what its triggers were computed for.
struct FileShapingTriggerKey: Hashable, Sendable {
    var stamp: FileStamp
    var faceIndex: Int
    var key: ShapingTriggerKey
}

extension Font: CustomStringConvertible {
    public var description: String {
        "\(familyName) \(styleName) (\(path)#\(faceIndex))"
    }
}
