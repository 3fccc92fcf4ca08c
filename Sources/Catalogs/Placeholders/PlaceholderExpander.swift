/// Replaces the format specifiers in an entry's text with sample values, so that what is measured is what a user
/// sees (docs/semantics/catalog-formats.md §C6: "never measure raw `%1$@` text").
///
/// ```swift
/// let expander = PlaceholderExpander(syntax: .apple)
/// let result = expander.expand("%2$@ invited %1$@ (%lld%%)")
/// // result.text == "Alexandra Featherstonehaugh invited Alexandra Featherstonehaugh (88888%)"
/// // result.placeholderCount == 3
/// ```
///
/// What is replaced (see `PlaceholderSyntax` for the languages and `PlaceholderSamples` for the values):
/// - every complete specifier, positional (`%2$@`) or not, in any mixture: each gets its kind's sample, so the order
///   of arguments does not matter;
/// - `%%` becomes `%`, and Java's `%n` a line feed (neither counts as a placeholder);
/// - Java's date/time conversions (`%1$tB`, `%te`, `%TH`) print the field of a sample moment (`JavaDateTimeSample`);
/// - `%#@name@` and `%1$#@name@`, stringsdict/xcstrings variables the parser left in place, print the object sample;
/// - an explicit width pads with spaces as printf does (`%5d`, right-aligned; `%-8d` left; `%08d` with zeros for
///   numbers), and an explicit precision shapes the sample (`%.1f` → "88888.8", `%.3s`/`%.3@` keep 3 scalars,
///   `%.7d` zero-fills to 7 digits). `*` widths and precisions come from arguments whose values are unknown, so they
///   pad nothing. A `+` flag signs signed numbers; other flags (`#`, `'`, Java `,` and `(`) are ignored.
///
/// A `%` that does not start a complete specifier stays as it is. Translators write "50 % off" and "100 %" (French
/// typography puts a space before %), and a catalog linter will not have caught them, because at run time Apple's
/// and Java's formatters either print such a `%` or fail, depending on the character after it. Guessing a placeholder
/// there would measure text nobody sees, so the `%` is kept and measured as a percent sign. For the same reason a
/// space is never taken as a printf flag here (`% d` stays literal), although printf has a space flag.
///
/// Widths and precisions are clamped to `FormatSpecifier.maximumWidth`, and all the padding of one text (spaces and
/// zeros added for widths and precisions) to `maximumPadding` bytes: past it, specifiers print their sample unpadded.
/// A hostile text of a million `%1024d` would otherwise expand a thousandfold; real texts pad a few characters.
///
/// Performance: the text is read as UTF-8 bytes. Text without `%`, or whose every `%` is literal, is returned as
/// the same `String` (no copy). Otherwise one pass measures the result's length and a second writes it into a
/// single allocation.
public struct PlaceholderExpander: Sendable {
    /// The expanded text and how many placeholders (arguments, not `%%` or `%n`) it had.
    public struct Expansion: Sendable, Hashable {
        /// The text with every placeholder replaced by its sample.
        public var text: String
        /// How many placeholders were replaced.
        public var placeholderCount: Int

        /// An expansion; each parameter sets the property of the same name.
        public init(text: String, placeholderCount: Int) {
            self.text = text
            self.placeholderCount = placeholderCount
        }
    }

    /// The placeholder syntax it reads (Apple's printf, Android's, gettext's).
    public let syntax: PlaceholderSyntax
    /// The samples it substitutes.
    public let samples: PlaceholderSamples

    /// The most bytes of padding (spaces and zeros for widths and precisions) one text gets.
    public static let maximumPadding = 1 << 16

    private let object: PreparedSample
    private let integer: PreparedSample
    private let float: PreparedSample
    private let hex: PreparedSample
    private let character: PreparedSample
    private let boolean: PreparedSample
    private let byPosition: [Int: PreparedSample]
    /// Java's date/time conversions' texts (`JavaDateTimeSample`) by suffix, prepared once, and in upper case (`%T`).
    private static let dateTimes: [UInt8: PreparedSample] = dateTimeTable(uppercase: false)
    private static let upperDateTimes: [UInt8: PreparedSample] = dateTimeTable(uppercase: true)

    private static func dateTimeTable(uppercase: Bool) -> [UInt8: PreparedSample] {
        var table: [UInt8: PreparedSample] = [:]
        for suffix in UInt8(ascii: "A")...UInt8(ascii: "z") {
            guard let text = JavaDateTimeSample.text(suffix: suffix) else { continue }
            table[suffix] = PreparedSample(uppercase ? text.uppercased() : text)
        }
        return table
    }

    /// An expander for `syntax` with `samples`; the samples are prepared once here, not per entry.
    public init(syntax: PlaceholderSyntax = .apple, samples: PlaceholderSamples = PlaceholderSamples()) {
        self.syntax = syntax
        self.samples = samples
        object = PreparedSample(samples.object)
        integer = PreparedSample(samples.integer)
        float = PreparedSample(samples.float)
        hex = PreparedSample(samples.hex)
        character = PreparedSample(samples.character)
        boolean = PreparedSample(samples.boolean)
        byPosition = samples.byPosition.mapValues(PreparedSample.init)
    }

    /// `text` with every format specifier replaced by its sample.
    /// - Complexity: O(n) in the text's UTF-8 length plus the samples written.
    public func expand(_ text: String) -> Expansion {
        if let result = text.utf8.withContiguousStorageIfAvailable({ expand(bytes: $0, original: text) }) {
            return result
        }
        var contiguous = text
        contiguous.makeContiguousUTF8()
        return contiguous.utf8.withContiguousStorageIfAvailable { expand(bytes: $0, original: text) }!
    }

    private func expand(bytes: UnsafeBufferPointer<UInt8>, original: String) -> Expansion {
        guard bytes.contains(UInt8(ascii: "%")) else { return Expansion(text: original, placeholderCount: 0) }
        var counter = ByteCounter()
        let (placeholders, changed) = render(bytes, into: &counter)
        guard changed else { return Expansion(text: original, placeholderCount: 0) }
        let expanded = String(unsafeUninitializedCapacity: counter.count) { buffer in
            var writer = ByteWriter(buffer: buffer)
            _ = render(bytes, into: &writer)
            return writer.count
        }
        return Expansion(text: expanded, placeholderCount: placeholders)
    }

    /// Writes `text` with its specifiers expanded into `sink`; returns the placeholder count and whether any
    /// specifier (placeholders, `%%`, `%n`) was found.
    private func render<Sink: ByteSink>(_ text: UnsafeBufferPointer<UInt8>, into sink: inout Sink)
        -> (placeholders: Int, changed: Bool)
    {
        var placeholders = 0
        var changed = false
        var runStart = 0
        var paddingLeft = Self.maximumPadding
        // Argument positions as printf counts them: an unnumbered specifier takes the next one.
        var nextArgument = 1
        var lastArgument = 0
        var i = 0
        while i < text.count {
            guard text[i] == UInt8(ascii: "%"), let spec = FormatSpecifier.parse(text, at: i, syntax: syntax) else {
                i += 1
                continue
            }
            sink.append(UnsafeBufferPointer(rebasing: text[runStart..<i]))
            var override: PreparedSample? = nil
            if spec.isPlaceholder {
                let argument = spec.position ?? (spec.previousArgument ? lastArgument : nextArgument)
                if spec.position == nil && !spec.previousArgument { nextArgument += 1 }
                lastArgument = argument
                if !byPosition.isEmpty { override = byPosition[argument] }
            }
            write(spec, sample: override, into: &sink, paddingLeft: &paddingLeft)
            changed = true
            if spec.isPlaceholder { placeholders += 1 }
            i += spec.length
            runStart = i
        }
        sink.append(UnsafeBufferPointer(rebasing: text[runStart..<text.count]))
        return (placeholders, changed)
    }

    /// Writes one specifier's replacement: padding, sign, zeros, the (shaped) sample, padding — the padding and added
    /// digits taken from `paddingLeft`, and cut to what is left of it.
    /// `override` is the argument's sample by position, used instead of its kind's.
    private func write<Sink: ByteSink>(
        _ spec: FormatSpecifier, sample override: PreparedSample?,
        into sink: inout Sink, paddingLeft: inout Int
    ) {
        var sample: PreparedSample
        var numeric = true
        var signed = false
        switch spec.kind {
        case .percent: sink.append(UInt8(ascii: "%"), count: 1); return
        case .lineFeed: sink.append(0x0A, count: 1); return
        case .object: sample = object; numeric = false
        case .integer(let isSigned): sample = integer; signed = isSigned
        case .float: sample = float; signed = true
        case .hex: sample = hex
        case .character: sample = character; numeric = false
        case .boolean: sample = boolean; numeric = false
        case .dateTime(let suffix, let uppercase):
            guard let prepared = (uppercase ? Self.upperDateTimes : Self.dateTimes)[suffix] else { return }
            sample = prepared
            numeric = false
        }
        if let override { sample = override }
        // The part of the sample that is printed, and digits to add after it.
        var end = sample.bytes.count
        var scalars = sample.scalarCount
        var zeros = 0
        var addPoint = false
        var extraDigit = UInt8(ascii: "8")
        var extraDigits = 0
        if let precision = spec.precision {
            switch spec.kind {
            case .object:
                end = sample.byteOffset(afterScalars: precision)
                scalars = min(precision, sample.scalarCount)
            case .integer, .hex:
                zeros = max(0, precision - sample.scalarCount)
            case .float:
                if let point = sample.pointOffset {
                    let fraction = sample.bytes.count - point - 1
                    if precision == 0 {
                        end = point
                    } else if precision <= fraction {
                        end = point + 1 + precision
                    } else {
                        if fraction > 0 { extraDigit = sample.bytes[sample.bytes.count - 1] }
                        extraDigits = precision - fraction
                    }
                } else if precision > 0 {
                    addPoint = true
                    extraDigits = precision
                }
                scalars = sample.scalarCount(upTo: end)
            default:
                break
            }
        }
        let sign = spec.plusSign && signed
        let printed = (sign ? 1 : 0) + zeros + scalars + (addPoint ? 1 : 0) + extraDigits
        let padding = max(0, (spec.width ?? 0) - printed)
        var leftSpaces = 0
        var rightSpaces = 0
        if spec.leftAligned {
            rightSpaces = padding
        } else if spec.zeroPadded && numeric {
            zeros += padding
        } else {
            leftSpaces = padding
        }
        // Everything added beyond the sample comes out of the text's padding allowance, in the order it is written.
        func allowance(_ wanted: Int) -> Int {
            let granted = min(wanted, paddingLeft)
            paddingLeft -= granted
            return granted
        }
        leftSpaces = allowance(leftSpaces)
        zeros = allowance(zeros)
        extraDigits = allowance(extraDigits)
        rightSpaces = allowance(rightSpaces)
        sink.append(0x20, count: leftSpaces)
        if sign { sink.append(UInt8(ascii: "+"), count: 1) }
        sink.append(UInt8(ascii: "0"), count: zeros)
        sample.bytes.withUnsafeBufferPointer { sink.append(UnsafeBufferPointer(rebasing: $0[0..<end])) }
        if addPoint { sink.append(UInt8(ascii: "."), count: 1) }
        sink.append(extraDigit, count: extraDigits)
        sink.append(0x20, count: rightSpaces)
    }
}

/// A sample's UTF-8 bytes with what shaping it needs: its scalar count and, for floats, where its point is.
private struct PreparedSample: Sendable {
    let bytes: [UInt8]
    let scalarCount: Int
    /// Byte offset of the first `.`, if any.
    let pointOffset: Int?

    init(_ text: String) {
        bytes = Array(text.utf8)
        scalarCount = text.unicodeScalars.count
        pointOffset = bytes.firstIndex(of: UInt8(ascii: "."))
    }

    /// The byte offset just after the first `count` scalars (the whole sample if it has fewer).
    func byteOffset(afterScalars count: Int) -> Int {
        var seen = 0
        for (offset, byte) in bytes.enumerated() where byte & 0xC0 != 0x80 {
            if seen == count { return offset }
            seen += 1
        }
        return bytes.count
    }

    /// The number of scalars in `bytes[0..<end]`.
    func scalarCount(upTo end: Int) -> Int {
        bytes[0..<end].reduce(0) { $0 + ($1 & 0xC0 != 0x80 ? 1 : 0) }
    }
}

/// Where `PlaceholderExpander.render` writes: a counter for the first pass, the result's buffer for the second.
private protocol ByteSink {
    mutating func append(_ bytes: UnsafeBufferPointer<UInt8>)
    mutating func append(_ byte: UInt8, count: Int)
}

/// Counts the bytes the expanded text will have.
private struct ByteCounter: ByteSink {
    var count = 0

    mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) { count += bytes.count }
    mutating func append(_ byte: UInt8, count: Int) { self.count += count }
}

/// Writes the expanded text into the result string's buffer, which the counter sized exactly.
private struct ByteWriter: ByteSink {
    let buffer: UnsafeMutableBufferPointer<UInt8>
    var count = 0

    mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let source = bytes.baseAddress, bytes.count > 0 else { return }
        precondition(count + bytes.count <= buffer.count, "expanded text outgrew its measured length")
        (buffer.baseAddress! + count).initialize(from: source, count: bytes.count)
        count += bytes.count
    }

    mutating func append(_ byte: UInt8, count repeats: Int) {
        guard repeats > 0 else { return }
        precondition(count + repeats <= buffer.count, "expanded text outgrew its measured length")
        (buffer.baseAddress! + count).initialize(repeating: byte, count: repeats)
        count += repeats
    }
}
