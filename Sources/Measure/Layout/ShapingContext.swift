/// A session's shaping machinery and the current string's shaping context: the HarfBuzz shaper, the bidi resolver
/// and the dictionary line breaker (each made on first use: most sessions measure simple scripts only), and for the
/// string being measured, each scalar's resolved script and bidi level, made when its first segment needs them.
///
/// Owned by one `SessionState`; the fitter reaches it through `Workspace.shaping` without reference counting.
final class ShapingContext {
    private let language: String?
    private let kerns: Bool
    private let ligates: Bool
    private var madeShaper: HarfBuzzShaper?
    private var madeBidi: BidiResolver?
    private var madeDictionary: DictionaryLineBreaker?

    /// Per scalar of the current string: its resolved script (`Script.rawValue`) and bidi embedding level.
    @exclusivity(unchecked) private(set) var scripts = ScratchBuffer<Script>(capacity: 256)
    @exclusivity(unchecked) private(set) var levels = ScratchBuffer<UInt8>(capacity: 256)
    /// The key of a shaped segment: its UTF-8 bytes, then 0xFF (never in UTF-8), then its scripts and levels, and
    /// for a segment shaped across dictionary seams where it sits in that text (`makeKey`).
    @exclusivity(unchecked) private(set) var key = ScratchBuffer<UInt8>(capacity: 256)
    // The per-string flags and buffers are `@exclusivity(unchecked)`: read or written for every string, they would
    // otherwise each pay a dynamic exclusivity check (a runtime call). Safe because the context has one user (its
    // session, behind the session's lock) and no access to them overlaps another.
    /// Whether `scripts` and `levels` describe the current string.
    @exclusivity(unchecked) var isReady = false
    /// Whether the current string has any right-to-left or embedded level (its segments are all shaped then).
    @exclusivity(unchecked) var hasBidi = false
    /// Whether the current string may hold right-to-left text or bidi controls, from the decoder's range check.
    @exclusivity(unchecked) var mayHaveBidi = false
    /// Whether the decoder's range check saw a script that shapes (right-to-left, or line-break class SA: Thai, Lao,
    /// Khmer, Myanmar…): most of such a string's segments go to HarfBuzz, so the fitter asks the scalars first.
    @exclusivity(unchecked) var mayNeedShaping = false
    /// Per cascade font (by index): its trigger glyphs (`Font.shapingTriggers` for the session's language and
    /// features), asked of the font once per session. The font keeps them in a dictionary under a lock, keyed by a
    /// string: about 600 instructions a question, asked for every scalar a session meets for the first time and every
    /// run of a shaped segment. The session keeps its own copy of the bits (`GlyphSet.copiedWords`, freed in
    /// `deinit`): reading the font's set retained its array, which every session shares, so two threads meeting new
    /// scalars traded its reference count (`perf record` of a two-thread cold CJK pass: retains and releases in
    /// `measureSingle` 5 samples with one thread, 42 with two).
    @exclusivity(unchecked) private var triggerWords: [UnsafeMutableBufferPointer<UInt64>?] = []

    /// Whether the current string has a run of class SA whose words are shaped together across dictionary seams
    /// (`LayoutEngine.shapesAcrossSeams`), set where its dictionary breaks are added, or a word of a right-to-left
    /// script broken by a soft hyphen or zero width space (`LayoutEngine.hasFormatSeam`), set where the string is
    /// analyzed: only then does the fitter look for seams.
    @exclusivity(unchecked) var hasSeamContext = false
    /// Whether `glyph` of `font`, the cascade's font `index`, is a trigger glyph (`ShapingTriggers`).
    @inline(__always)
    func isTrigger(_ glyph: UInt32, of font: Font, index: Int) -> Bool {
        if index < triggerWords.count, let words = triggerWords[index] {
            return GlyphSet.contains(glyph, inWords: words)
        }
        return GlyphSet.contains(glyph, inWords: fetchTriggers(of: font, index: index))
    }

    @inline(never)
    private func fetchTriggers(of font: Font, index: Int) -> UnsafeMutableBufferPointer<UInt64> {
        let words = font.shapingTriggers(language: language, kerns: kerns, ligates: ligates).copiedWords()
        // One array for the cascade, made on the first question (fonts beyond `fontCount` are not expected; they
        // would grow it).
        if triggerWords.count <= index {
            triggerWords.append(contentsOf: repeatElement(nil, count: max(fontCount, index + 1) - triggerWords.count))
        }
        triggerWords[index]?.deallocate()  // nil: asked only when missing; freed should that ever change
        triggerWords[index] = words
        return words
    }

    /// The cascade's HarfBuzz faces by font index, asked of each `Font` once per session and then held unretained.
    /// `Font.harfBuzz` takes the font's lock and returns the face retained, and the font and its face are shared by
    /// every session's thread: asked per shaped run, both turned into traffic between the cores (`perf record -g` of
    /// a two-thread cold pass of the complex corpus: the lock 2.7 % of the samples, retains and releases in
    /// `shapeSegment` 7.3 %, against 1.0 % with one thread). Unretained is safe: a `Font` keeps the face it made for
    /// its own life, and the engine keeps the fonts.
    @exclusivity(unchecked) private var harfBuzzFaces: [HarfBuzzFaceEntry] = []

    private enum HarfBuzzFaceEntry {
        case unknown
        case none
        case face(Unmanaged<HarfBuzzFace>)
    }

    /// The HarfBuzz face of `slot`'s font, the cascade's font `index`; nil when HarfBuzz cannot shape it (a
    /// bitmap-only font). Use it within `_withUnsafeGuaranteedRef`, which does not retain it.
    @inline(__always)
    func harfBuzzFace(of slot: LayoutEngine.FontSlot, index: Int) -> Unmanaged<HarfBuzzFace>? {
        if index < harfBuzzFaces.count {
            switch harfBuzzFaces[index] {
            case .face(let face): return face
            case .none: return nil
            case .unknown: break
            }
        }
        return fetchHarfBuzzFace(of: slot, index: index)
    }

    @inline(never)
    private func fetchHarfBuzzFace(of slot: LayoutEngine.FontSlot, index: Int) -> Unmanaged<HarfBuzzFace>? {
        let face = slot.withFont { $0.harfBuzz }.map { Unmanaged.passUnretained($0) }
        if harfBuzzFaces.count <= index {
            harfBuzzFaces.append(
                contentsOf: repeatElement(.unknown, count: max(fontCount, index + 1) - harfBuzzFaces.count))
        }
        harfBuzzFaces[index] = face.map { .face($0) } ?? .none
        return face
    }

    /// Runs `LayoutEngine.shapeSegment` wrote without HarfBuzz, this session (for the tests that check which way ran).
    @exclusivity(unchecked) var unshapedRuns = 0
    /// What the clusters measured since the last reset noted: `ClusterNotes` bits and missing glyphs.
    let notes: UnsafeMutablePointer<ClusterNotes>

    /// How many fonts the session's cascade has.
    private let fontCount: Int

    init(language: String?, kerns: Bool, ligates: Bool, fontCount: Int) {
        self.fontCount = fontCount
        self.language = language
        self.kerns = kerns
        self.ligates = ligates
        notes = .allocate(capacity: 1)
        notes.initialize(to: ClusterNotes())
    }

    deinit {
        notes.deallocate()
        for words in triggerWords { words?.deallocate() }
    }

    var shaper: HarfBuzzShaper {
        if let madeShaper { return madeShaper }
        let made = HarfBuzzShaper(language: language, kerns: kerns, ligates: ligates)
        madeShaper = made
        return made
    }

    var bidi: BidiResolver {
        if let madeBidi { return madeBidi }
        let made = BidiResolver()
        madeBidi = made
        return made
    }

    var dictionary: DictionaryLineBreaker {
        if let madeDictionary { return madeDictionary }
        let made = DictionaryLineBreaker(locale: language ?? "")
        madeDictionary = made
        return made
    }

    /// Forgets the previous string's context.
    func reset() {
        isReady = false
        hasBidi = false
        mayHaveBidi = false
        mayNeedShaping = false
        hasSeamContext = false
    }

    /// Resolves the scripts and, where the string may need them, the bidi levels of `scalars`.
    func resolve(_ scalars: UnsafeBufferPointer<UInt32>) {
        scripts.reserve(scalars.count)
        levels.reserve(scalars.count)
        ScriptItemizer.resolve(scalars, into: scripts.base)
        hasBidi = false
        if mayHaveBidi && !scalars.isEmpty {
            _ = bidi.resolveLevels(scalars, into: levels.base, base: .natural)
            for index in 0..<scalars.count where levels.base[index] != 0 {
                hasBidi = true
                break
            }
        } else {
            levels.base.initialize(repeating: 0, count: max(scalars.count, 1))
        }
        isReady = true
    }

    /// Whether any scalar of `start..<end` has an odd (right-to-left) level.
    ///
    /// Not inlined: asked once per shaped segment, it is off the hot path of the fits that call it, and inlined into
    /// the Latin-1 one (`placeLatin1`) it cost that loop 4.5 instructions a segment (callgrind, cold Latin pass).
    @inline(never)
    func hasRightToLeft(from start: Int, to end: Int) -> Bool {
        guard hasBidi else { return false }
        for index in start..<end where levels.base[index] & 1 == 1 { return true }
        return false
    }

    /// Builds the cache key of the segment with UTF-8 `bytes` and scalars `start..<end` in `key`; returns its length.
    /// With `measured`, the text is a segment with the context it was shaped with across dictionary seams
    /// (`LineFitter.seamWindow`): the segment starts `measured.offset` scalars in and is `measured.count` long. The
    /// key then ends with 0xFE and those two numbers (LEB128), which no other key holds there (0xFE is no script's
    /// number), so a segment measured in context never matches one measured alone.
    func makeKey(
        bytes: UnsafeRawBufferPointer, from start: Int, to end: Int, measured: (offset: Int, count: Int)? = nil
    ) -> Int {
        // Room for the bytes, 0xFF, a run of one scalar per scalar at most (script, level, LEB128 length), and two
        // LEB128 numbers after 0xFE.
        key.reserve(bytes.count + 1 + 4 * (end - start) + (measured == nil ? 0 : 21))
        let out = key.base
        var length = bytes.count
        if let base = bytes.baseAddress { out.update(from: base.assumingMemoryBound(to: UInt8.self), count: length) }
        out[length] = 0xFF
        length += 1
        var index = start
        while index < end {
            let script = scripts.base[index]
            let level = levels.base[index]
            var run = index + 1
            while run < end && scripts.base[run] == script && levels.base[run] == level { run += 1 }
            out[length] = script.rawValue
            out[length + 1] = level
            length = Self.writeLEB128(run - index, to: out, at: length + 2)
            index = run
        }
        if let measured {
            out[length] = 0xFE
            length += 1
            length = Self.writeLEB128(measured.offset, to: out, at: length)
            length = Self.writeLEB128(measured.count, to: out, at: length)
        }
        return length
    }

    /// Writes `number` (≥ 0) as LEB128 at `out[length...]` and returns the length after it.
    @inline(__always)
    private static func writeLEB128(_ number: Int, to out: UnsafeMutablePointer<UInt8>, at length: Int) -> Int {
        var number = number
        var length = length
        repeat {
            out[length] = UInt8(number & 0x7F) | (number > 0x7F ? 0x80 : 0)
            number >>= 7
            length += 1
        } while number > 0
        return length
    }
}

/// What measuring clusters noticed, summed over a segment.
struct ClusterNotes {
    /// `ClusterNotes.shapes` when some cluster needs HarfBuzz (a script that needs shaping, a mark, a glyph a
    /// lookup the fast path does not apply may change, U+2044).
    var flags: UInt8 = 0
    /// Clusters no font of the cascade maps.
    var missing: UInt32 = 0

    static let shapes: UInt8 = 1
    static let missing: UInt8 = 2
    static let bidi: UInt8 = 4
}
