/// The one range each number a measurement takes may lie in, whichever way it comes in: the command line, the
/// attributes JSON, catalog configs, stored settings and the Swift API all check against these.
///
/// The bounds are far beyond any screen and small enough that every sum the engine and the button layout form from
/// them stays finite and printable: a point size of 10,000 pt times the longest string we accept is still a few
/// orders of magnitude below `Double`'s range, and a box of a million points is about 350 m at 72 pt an inch.
/// A value outside its range is a user's mistake, reported in words (`problem(…)`), never a trap; the Swift API's
/// preconditions use the same ranges, so a value the CLI accepts is one the API accepts.
public enum MeasureLimits {
    /// The largest font size in points (the smallest is any positive size).
    public static let maximumPointSize = 10_000.0
    /// The largest box length in points: a maximum width or height, a button's size, an image size, an inset.
    public static let maximumLength = 1_000_000.0
    /// The most worker threads a batch uses: far more than there are cores here, few enough that the sessions'
    /// buffers (about a megabyte each) fit in memory. The CLI lowers a larger `--threads` to this, with a note.
    public static let maximumThreads = 256

    /// Whether `size` is a usable font size: positive, finite, at most `maximumPointSize`.
    public static func isValidPointSize(_ size: Double) -> Bool {
        size > 0 && size <= maximumPointSize
    }

    /// Whether `length` is a usable box length: finite and within ±`maximumLength` (and not negative when
    /// `allowsNegative` is false).
    public static func isValidLength(_ length: Double, allowsNegative: Bool = false) -> Bool {
        (allowsNegative ? -maximumLength : 0) <= length && length <= maximumLength
    }

    /// What is wrong with font size `size`, said in words for a message about `name` ("--size"), or nil.
    public static func pointSizeProblem(_ name: String, _ size: Double) -> String? {
        isValidPointSize(size)
            ? nil
            : "\(name) must be a positive number of points, at most \(Int(maximumPointSize)); got \(size)"
    }

    /// What is wrong with `length` as a length that must be positive (a label's width, where 0 does not mean
    /// unconstrained), said in words for a message about `name`, or nil.
    public static func positiveLengthProblem(_ name: String, _ length: Double) -> String? {
        length > 0 && isValidLength(length)
            ? nil : "\(name) must be a positive number of points, at most \(Int(maximumLength)); got \(length)"
    }

    /// What is wrong with box length `length`, said in words for a message about `name` ("--width"), or nil.
    public static func lengthProblem(_ name: String, _ length: Double, allowsNegative: Bool = false) -> String? {
        if isValidLength(length, allowsNegative: allowsNegative) { return nil }
        let range =
            allowsNegative
            ? "between -\(Int(maximumLength)) and \(Int(maximumLength))"
            : "between 0 and \(Int(maximumLength))"
        return "\(name) must be \(range) points; got \(length)"
    }
}
