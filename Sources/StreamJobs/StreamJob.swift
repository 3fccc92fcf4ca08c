import Catalogs
import Measure

/// One job of `measure stream`, as its input line gave it: the text and every field the job set. A field left out
/// (or given as `null`) is nil here and takes the command line's value when the stream measures it, so one job is
/// measured exactly as `measure text` would with the stream's options and each of the job's fields in place of its
/// option.
///
/// Every value is already checked against the bounds of `MeasureLimits` and the rules of `measure text`'s options:
/// a job that reaches the measurer cannot trap it. What can only be checked against fonts (a family name that is not
/// installed, an attribute run's font index beyond the cascade) is checked when the fonts are loaded.
public struct StreamJob: Sendable, Hashable {
    /// The id to echo in the result.
    public var id: StreamJobID
    /// The text to measure (line breaks as JSON writes them, `\n`).
    public var text: String
    /// The font cascade, primary first, as a catalog config names fonts (a path, a family name, `{"path",
    /// "faceIndex"}` or `{"family", "style"}`); nil for the command line's `--font`s or the default cascade.
    public var fonts: [FontReference]?
    /// The font size in points (`--size`).
    public var size: Double?
    /// The maximum line width in points, 0 for unconstrained (`--width`).
    public var width: Double?
    /// Attributes from the same JSON object `--attributes` takes, replacing the command line's.
    public var attributes: TextAttributes?
    /// The sizing mode (`--mode`), laid over the attributes as `--mode` is.
    public var mode: MeasureMode?
    /// The screen scale for label rounding (`--scale`), in 0.5…10 (`TextAttributes.scales`).
    public var scale: Double?
    /// The text's language as a BCP 47 tag (`--language`); empty for none, overriding the command line's.
    public var language: String?
    /// The most lines shown, 0 for no limit: `numberOfLines`, laid over the attributes.
    public var maxLines: Int?
    /// The job's 1-based line in the stream's input, set by `StreamJobParser`: a job without an id that fails after
    /// it was read (no size, a font that cannot be loaded) is named by it (`StreamJobFailure(job:message:)`). Where
    /// a job stood is not what it asks, so two jobs on different lines that ask the same are equal.
    public var lineNumber: Int? {
        get { place.line }
        set { place.line = newValue }
    }
    /// `lineNumber`'s storage, left out of `==` and hashing (`InputPlace`), so that every other property keeps its
    /// synthesized part in them.
    private var place = InputPlace()

    /// A job to measure `text`; each parameter sets the property of the same name, and nil leaves a setting to the
    /// stream's command line.
    public init(
        id: StreamJobID = .null, text: String, fonts: [FontReference]? = nil, size: Double? = nil,
        width: Double? = nil, attributes: TextAttributes? = nil, mode: MeasureMode? = nil,
        scale: Double? = nil, language: String? = nil, maxLines: Int? = nil
    ) {
        self.id = id
        self.text = text
        self.fonts = fonts
        self.size = size
        self.width = width
        self.attributes = attributes
        self.mode = mode
        self.scale = scale
        self.language = language
        self.maxLines = maxLines
    }
}

/// Where a value stood in its input, carried beside it without being part of it: every two places are equal.
private struct InputPlace: Hashable {
    var line: Int?

    static func == (lhs: InputPlace, rhs: InputPlace) -> Bool { true }

    func hash(into hasher: inout Hasher) {}
}
