#if canImport(Glibc)
import Glibc
#endif
import FuzzSupport
import Measure

/// The directory this process writes its inputs to: `Font` loads from a path only (FreeType and HarfBuzz both open
/// the file), so each input becomes a file of its own.
let directory: String = {
    let path = "/tmp/textsize-fuzz-font-\(getpid())"
    mkdir(path, 0o700)
    // Emptied after every input; removed when libFuzzer exits normally.
    atexit { _ = rmdir("/tmp/textsize-fuzz-font-\(getpid())") }
    return path
}()

/// A fresh name per input: the path is part of `FileStamp`, which the process-wide shaping-trigger cache is keyed by,
/// so rewriting one path within a clock tick could hand one input's triggers to the next.
nonisolated(unsafe) var inputCount = 0

/// Strings that reach the fast path, kerning and ligature lookups, HarfBuzz (Arabic joining, Devanagari reordering,
/// marks), CJK, emoji sequences, controls, and unmapped characters.
let texts = [
    "AV To. WAVE fi ffi fl office Ta Yo",
    "مرحبا بالعالم ١٢٣",
    "नमस्ते दुनिया क्षत्रिय",
    "日本語のテキスト、句読点。",
    "👍🏽 👨‍👩‍👧 e\u{301} a\u{308}\u{332}",
    "tab\there\nnew line\u{2028}x\u{00AD}y",
    "ÅÉÎÕÜ ĳ ŉ ǅ \u{FFFD}\u{10FFFF}",
]

/// libFuzzer entry point: arbitrary bytes loaded as a font file, its tables read, and strings measured with it
/// (fast path and HarfBuzz, kerning and ligatures on and off, unconstrained and wrapped, ink bounds).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    inputCount += 1
    let path = "\(directory)/\(inputCount).font"
    guard let file = fopen(path, "wb") else { fatalError("fuzz setup: cannot write \(path)") }
    let written = fwrite(data, 1, size, file)
    fclose(file)
    guard written == size else { fatalError("fuzz setup: short write to \(path)") }
    defer { unlink(path) }

    for faceIndex in [0, 1] {
        let font: Font
        do {
            font = try Font(path: path, faceIndex: faceIndex)
        } catch {
            blackHole("\(error)".utf8.count)
            continue
        }
        measure(with: font)
    }
    return 0
}

func measure(with font: Font) {
    var sink = font.metrics.unitsPerEm + Double(font.notdefAdvance)
    sink += Double(font.familyName.utf8.count + font.styleName.utf8.count + font.description.utf8.count)
    for scalar in "Aa0 ﻻé中👍\u{0}\u{FFFF}".unicodeScalars {
        sink += font.advance(of: scalar, pointSize: 12)
        sink += font.maps(scalar) ? 1 : 0
        if let ink = font.inkBounds(of: scalar) { blackHole(ink) }
    }
    font.loadFeatures()
    blackHole(sink)
    guard let cascade = try? FontCascade([font]) else { return }
    var deviceMetrics = TextAttributes()
    deviceMetrics.usesDeviceMetrics = true
    deviceMetrics.tracking = 0.5
    // The fast path with kerning and ligatures, unconstrained; HarfBuzz for everything, wrapped, with ink bounds
    // (`usesDeviceMetrics`) and tracking: two shaping-trigger computations per face, which dominate the time.
    let optionSets = [
        MeasureOptions(),
        MeasureOptions(maxWidth: 40, attributes: deviceMetrics, language: "ar", shaper: .harfBuzz),
    ]
    for options in optionSets {
        let session = TextMeasurer(cascade: cascade, pointSize: 15, options: options, segmentCacheBytes: 1 << 16)
            .makeSession()
        for text in texts {
            let layout = session.layout(text)
            blackHole(layout.size.width + layout.size.height + Double(layout.lines.count + layout.size.missingGlyphs))
        }
    }
}
