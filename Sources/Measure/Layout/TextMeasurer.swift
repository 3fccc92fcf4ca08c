import Dispatch
import Locking

/// Measures text in a font cascade at a point size with `MeasureOptions`: the Swift face of `measure text` and
/// `measure batch`.
///
/// ```swift
/// let measurer = TextMeasurer(cascade: try FontCascade.loadDefault(), pointSize: 14,
///                             options: MeasureOptions(maxWidth: 200))
/// let size = measurer.measure("hello world hello world hello world")   // 2 lines at 14 pt DejaVu Sans
/// ```
///
/// A `TextMeasurer` is a value that can be shared by any number of threads: the fonts' glyph caches are shared and
/// lock-free, and every buffer a measurement needs lives in a `MeasureSession`, one per thread. `measure(_:)` makes a
/// session for each call; for many strings on one thread reuse a session, or hand them all to `measureBatch`.
public struct TextMeasurer: Sendable {
    /// The fonts, primary first.
    public let cascade: FontCascade
    /// The font size in points.
    public let pointSize: Double
    /// The constraint and the rules.
    public let options: MeasureOptions
    /// The memory each session may give its segment-width cache; 0 turns the cache off.
    public let segmentCacheBytes: Int
    /// Whether HarfBuzz shapes every run of a shaped segment, even one whose shaping is known without it
    /// (`LayoutEngine.writeRunUnshaped`): for the tests that compare the two.
    var shapesEveryRun = false

    /// A measurer; `segmentCacheBytes` bounds each session's cache of measured segments (words), 0 for none.
    ///
    /// Values no measurement can use are a caller's bug and trap: a point size outside (0, 10,000], options outside
    /// their ranges (`MeasureOptions.rangeProblem`), a run whose font is not in the cascade, a cache budget below 0 or
    /// of 4 GiB or more. Values that come from a user or a file are checked first with
    /// `problem(cascade:pointSize:options:segmentCacheBytes:)`, which says in words what this would trap on.
    public init(
        cascade: FontCascade, pointSize: Double, options: MeasureOptions = MeasureOptions(),
        segmentCacheBytes: Int = 8 << 20
    ) {
        // One list of what no measurement can use, said in words either way (options changed property by property
        // after their `init` are checked here too).
        if let problem = Self.problem(
            cascade: cascade, pointSize: pointSize, options: options, segmentCacheBytes: segmentCacheBytes)
        {
            preconditionFailure(problem)
        }
        self.segmentCacheBytes = segmentCacheBytes
        self.cascade = cascade
        self.pointSize = pointSize
        self.options = options
    }

    /// A measurer, or a `MeasureInputError` saying what no measurement can use: the throwing face of
    /// `init(cascade:pointSize:options:segmentCacheBytes:)` for point sizes, widths and attributes that come from a
    /// user or a file (a NaN size there traps).
    public init(
        checking cascade: FontCascade, pointSize: Double, options: MeasureOptions = MeasureOptions(),
        segmentCacheBytes: Int = 8 << 20
    ) throws(MeasureInputError) {
        if let problem = Self.problem(
            cascade: cascade, pointSize: pointSize, options: options, segmentCacheBytes: segmentCacheBytes)
        {
            throw MeasureInputError(problem)
        }
        self.init(cascade: cascade, pointSize: pointSize, options: options, segmentCacheBytes: segmentCacheBytes)
    }

    /// What `init(cascade:pointSize:options:segmentCacheBytes:)` would trap on for these values, in words, or nil
    /// when they make a measurer: for callers whose point sizes, widths and attributes come from a user or a file.
    public static func problem(
        cascade: FontCascade, pointSize: Double, options: MeasureOptions = MeasureOptions(),
        segmentCacheBytes: Int = 8 << 20
    ) -> String? {
        if let problem = MeasureLimits.pointSizeProblem("pointSize", pointSize) { return problem }
        if let problem = options.rangeProblem { return problem }
        if let run = options.attributes.runs.first(where: { ($0.font ?? 0) >= cascade.fonts.count }) {
            return "a run's font is an index into the cascade (0…\(cascade.fonts.count - 1)); got \(run.font ?? 0)"
        }
        if !(segmentCacheBytes >= 0 && segmentCacheBytes < 4 << 30) {
            return "segmentCacheBytes must be 0 (no cache) or a budget under 4 GiB; got \(segmentCacheBytes)"
        }
        return nil
    }

    /// The size of `text`.
    public func measure(_ text: String) -> TextSize {
        makeSession().measure(text)
    }

    /// The size of `text` and each of its lines.
    public func layout(_ text: String) -> TextLayout {
        makeSession().layout(text)
    }

    /// `text` measured once, to be fitted at many widths.
    public func prepare(_ text: String) -> PreparedText {
        makeSession().prepare(text)
    }

    /// `count` sessions (at least one), made in parallel on Dispatch's pool: making one allocates and clears its
    /// buffers and caches, and made one after another they would cost a pool of workers that much serial time before
    /// it starts.
    ///
    /// Sessions made together share what HarfBuzz shapes (`SharedShapedSegments`): a word one of them shaped, the
    /// others find, so a batch split over `count` threads shapes each word once, not up to `count` times. Sessions
    /// made one by one (`makeSession()`) share nothing; a `MeasureSessionGroup` makes sessions one by one that share.
    public func makeSessions(_ count: Int) -> [MeasureSession] {
        let count = max(count, 1)  // 0 or fewer (`cores - 1` on one core) is one, as for `BatchMeasurer`
        let shared = count > 1 ? SharedShapedSegments.forSessions(of: self) : nil
        let made = Locked<[Int: MeasureSession]>([:])
        DispatchQueue.concurrentPerform(iterations: count) { index in
            let session = makeSession(sharing: shared)
            made.withLock { $0[index] = session }
        }
        let byIndex = made.withLock { $0 }
        return (0..<count).map { byIndex[$0]! }
    }

    /// The style a run of `options.attributes.runs` measures in: its font (0 for the primary) and its size. Runs of
    /// one style measure alike (`runMeasurer(for:)`), so they share a session.
    func runStyle(_ run: TextRun) -> RunStyle {
        RunStyle(font: max(run.font ?? 0, 0), pointSize: run.pointSize ?? pointSize)
    }

    /// The measurer of runs of `style`: the style's font first, then the rest of the cascade, at the style's size,
    /// with the same options and no runs.
    func runMeasurer(for style: RunStyle) -> TextMeasurer {
        var fonts = cascade.fonts
        var scriptFonts = cascade.scriptFonts
        let index = style.font
        if index > 0 {
            fonts.insert(fonts.remove(at: index), at: 0)
            // Font `index` is now first and the ones before it one later. It takes the primary's place, scripts
            // included: the scripts the primary was the font of (Latin, Greek, Cyrillic in the default cascade) are
            // the run font's where it maps them, as its other characters are, not moved back to the old primary.
            scriptFonts = scriptFonts.filter { $0.value != 0 }
                .mapValues { $0 == index ? 0 : ($0 < index ? $0 + 1 : $0) }
        }
        var options = options
        options.attributes.runs = []
        // The cascade is this one's fonts reordered, so it is not empty and no longer than this one.
        return TextMeasurer(
            cascade: try! FontCascade(fonts, scriptFonts: scriptFonts),
            pointSize: style.pointSize, options: options, segmentCacheBytes: 0)
    }

    /// A session for measuring many strings on the current thread without allocating per string.
    public func makeSession() -> MeasureSession {
        makeSession(sharing: nil)
    }

    /// A session that shares shaped segments through `shared` (nil: with nobody); `makeSessions` and
    /// `MeasureSessionGroup` make theirs here.
    func makeSession(sharing shared: SharedShapedSegments?) -> MeasureSession {
        MeasureSession(engine: LayoutEngine(measurer: self, sharedShapes: shared), segmentCacheBytes: segmentCacheBytes)
    }
}

/// A measured text's size and its lines.
public struct TextLayout: Sendable, Hashable, Codable {
    /// The overall size.
    public var size: TextSize
    /// The lines, first to last.
    public var lines: [LineFragment]
}
