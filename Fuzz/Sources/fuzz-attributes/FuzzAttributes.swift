import FuzzSupport
import Measure

/// Texts measured with every accepted set of attributes: several lines and paragraphs, a tab, a long word, bidi.
let texts = [
    "Hello world, this is attributed text\tthat wraps.\nSecond paragraph with a loooooooooooooooooongword.\n\nEnd",
    "AV To fi ffl — مرحبا بالعالم 123 and back",
    "",
]

/// libFuzzer entry point: `TextAttributes(json:)` on arbitrary text; attributes it accepts are then measured (the
/// `measure text --attributes` path) at a few widths.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let json = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    let attributes: TextAttributes
    do {
        attributes = try TextAttributes(json: json)
    } catch {
        blackHole("\(error)".utf8.count)
        return 0
    }
    // What the command line checks before measuring: values in range, run fonts in the cascade.
    guard attributes.isValid else { return 0 }
    let cascade = FuzzFonts.sansAndSerif
    guard attributes.runs.allSatisfy({ ($0.font ?? 0) < cascade.fonts.count }) else { return 0 }
    blackHole(attributes.isPlain)
    for maxWidth in [0.0, 75] {
        let measurer = TextMeasurer(cascade: cascade, pointSize: 14,
                                    options: MeasureOptions(maxWidth: maxWidth, attributes: attributes),
                                    segmentCacheBytes: 1 << 16)
        let session = measurer.makeSession()
        for text in texts {
            let layout = session.layout(text)
            blackHole(layout.size.width + layout.size.height + Double(layout.lines.count))
            blackHole(session.measure(text).lineCount)
        }
    }
    return 0
}
