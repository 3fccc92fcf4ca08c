#if canImport(Glibc)
import Glibc
#endif
import FuzzSupport
import Measure

/// libFuzzer entry point. The first 8 bytes choose the tailoring, wrapping mode, width and language; the rest, decoded
/// as UTF-8 (ill-formed sequences become U+FFFD), is the text. The text's break opportunities and grapheme
/// boundaries are computed (`LineBreaker`) and checked for shape, then it is laid out at the chosen width in DejaVu
/// Sans, and fitting it once prepared must give the same size.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = UnsafeBufferPointer(start: data, count: size)
    var choices = FuzzChoices(bytes)
    let text = String(decoding: bytes.dropFirst(min(size, 8)), as: UTF8.self)
    let scalars = Array(text.unicodeScalars)

    let breaking = LineBreakOptions(resolvesCJToNonstarter: choices.flag(), hangulWordPriority: choices.flag(),
                                    keepsGraphemeClusters: choices.flag())
    let breaks = LineBreaker.breakOpportunities(in: scalars, options: breaking)
    precondition(breaks.count == scalars.count + 1, "one break opportunity per position")
    if !scalars.isEmpty {
        precondition(breaks[0] == .prohibited, "LB2: no break at the start of text")
        precondition(breaks[scalars.count] == .mandatory, "LB3: a mandatory break at the end of text")
    }
    let graphemes = LineBreaker.graphemeBoundaries(in: scalars)
    precondition(graphemes.count == scalars.count + 1, "one grapheme boundary flag per position")
    if scalars.count <= 256 {
        blackHole(LineBreaker.notation(for: scalars, breaks: breaks).utf8.count)
    }

    let maxWidth = choices.pick([0.0, 0.5, 12, 37.5, 80, 160, 400, .infinity])
    let options = MeasureOptions(
        maxWidth: maxWidth, usesLineFragmentOrigin: choices.take(3) != 0, usesFontLeading: choices.flag(),
        lineBreakMode: choices.flag() ? .byCharWrapping : .byWordWrapping, lineBreaking: breaking,
        countsTrailingLineBreak: choices.flag(), tabInterval: choices.pick([28.0, 0.25, 7, 1000]),
        // Few languages and always the font's features: every combination makes the font compute its shaping
        // triggers once per process (a second or so for DejaVu Sans in a debug ASan build).
        language: choices.pick([nil, "th", "km", "ja"]),
        shaper: choices.flag() ? .harfBuzz : .automatic)
    let session = TextMeasurer(cascade: FuzzFonts.sans, pointSize: choices.pick([14.0, 0.5, 17, 96]),
                               options: options, segmentCacheBytes: 1 << 16).makeSession()
    let layout = session.layout(text)
    let measured = session.measure(text)
    precondition(layout.size == measured, "layout(_:) and measure(_:) agree: \(layout.size) vs \(measured)")
    let fitted = session.prepare(text).fit(maxWidth: maxWidth)
    if checksFit {
        precondition(fitted == measured, "PreparedText.fit gives what measure gives: \(fitted) vs \(measured)")
    }
    return 0
}

/// `TEXTSIZE_FUZZ_NO_FIT_CHECK=1` turns the `PreparedText.fit` = `measure` check off, to keep fuzzing for other
/// failures while a difference it found is being fixed (the two in Fuzz/Regressions/linebreaker/ are).
let checksFit = getenv("TEXTSIZE_FUZZ_NO_FIT_CHECK").map { String(cString: $0) != "1" } ?? true
