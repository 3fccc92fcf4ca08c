import FuzzSupport

// Internal: the general path alone (`layout(_:onePass: false)`) is the reference, and it is not public API.
@testable import Measure

#if canImport(Glibc)
    import Glibc
#endif

/// libFuzzer entry point for the fast paths the speed work added (issue 18): the one-pass fits
/// (`LineFitter.fitLatin1String`, `fitOnePass` with its run loop and the segments crossing a script run), the byte
/// path `measure(utf8:)` that `measure batch` and the bench take (ill-formed UTF-8 included), the segment caches kept
/// across strings, and the shaped segments that sessions made together share (`SharedShapedSegments`).
///
/// The first 8 bytes choose the cascade (Latin then CJK, CJK first, with a bitmap emoji font, with right-to-left and
/// complex scripts), the width, the point size, font features, and a set of fitting options; the rest is the text, as
/// raw bytes. Every answer must equal the general path's (the decoder, `LineBreaker.analyze`, the fitter, HarfBuzz
/// where the text needs it) to the bit: the size, and every line's range, width and metrics.
///
/// Sessions are kept for each combination of choices (`Rig`), so later inputs meet warm caches; their segment caches
/// are the smallest allowed (64 KiB), so they also empty themselves, as a long batch's do.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let input = UnsafeBufferPointer(start: data, count: size)
    var choices = FuzzChoices(input)
    let key = RigKey(
        cascade: choices.take(2), width: choices.take(2), features: choices.flag(), options: choices.take(2))
    let bytes = Array(input.dropFirst(min(size, 8)))
    let text = String(decoding: bytes, as: UTF8.self)
    let rig = Rig.for(key)

    let expected = rig.general.layout(text, onePass: false)
    let fused = rig.onePass.layout(text, onePass: true)
    precondition(fused == expected, "one pass \(fused) against the general path \(expected): \(key), \(bytes)")
    let measured = rig.onePass.measure(utf8: bytes[...])
    precondition(
        measured == expected.size, "measure(utf8:) \(measured) against \(expected.size): \(key), \(bytes)")
    // One of the two sessions made together, in turn: the other may have shaped and shared this text's segments.
    let shared = rig.together[Int(bytes.count & 1)].measure(utf8: bytes[...])
    precondition(shared == expected.size, "a shared session \(shared) against \(expected.size): \(key), \(bytes)")
    return 0
}

/// What the first bytes chose.
struct RigKey: Hashable, CustomStringConvertible {
    var cascade: Int
    var width: Int
    var features: Bool
    var options: Int

    var description: String {
        "cascade \(cascade), width \(Rig.widths[width]), features \(features), options \(options)"
    }
}

/// A measurer for one `RigKey` and the sessions kept for it: the one-pass session, the general path's, and two
/// made together (`makeSessions(2)`, sharing what HarfBuzz shapes).
final class Rig {
    let onePass: MeasureSession
    let general: MeasureSession
    let together: [MeasureSession]

    static let widths: [Double] = [0, 0.5, 37.5, 160]

    /// The cascades, as font files and faces: DejaVu Sans then Noto Sans CJK SC (the bench's CJK cascade); Noto Sans
    /// CJK JP first (its own Latin and kana kerning); DejaVu Sans, Noto Sans CJK and the bitmap Noto Color Emoji;
    /// DejaVu Sans with Arabic, Hebrew, Devanagari, Thai and Noto Sans CJK KR (shaped, bidi and dictionary text).
    static let cascades: [[(String, Int)]] = [
        [(dejaVu, 0), (notoCJK, 2)],
        [(notoCJK, 0), (dejaVu, 0)],
        [(dejaVu, 0), (notoCJK, 0), ("/usr/share/fonts/truetype/noto/NotoColorEmoji.ttf", 0)],
        [
            (dejaVu, 0), (noto + "NotoSansArabic-Regular.ttf", 0), (noto + "NotoSansHebrew-Regular.ttf", 0),
            (noto + "NotoSansDevanagari-Regular.ttf", 0), (noto + "NotoSansThai-Regular.ttf", 0), (notoCJK, 1),
        ],
    ]
    static let dejaVu = FuzzFonts.directory + "DejaVuSans.ttf"
    static let noto = "/usr/share/fonts/truetype/noto/"
    static let notoCJK = "/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc"

    /// Fitting options and a point size, each set changing how lines are fitted: the defaults at 17 pt; character
    /// wrapping without the line fragment origin at 17 pt; at 9.5 pt, the font's leading, Japanese, and small kana
    /// (CJ) breakable before as in loose breaking; at 9.5 pt, Korean with Hangul kept in words, a trailing line break
    /// counted and a narrow tab interval.
    static func options(_ index: Int, width: Double, features: Bool) -> MeasureOptions {
        var options = MeasureOptions(maxWidth: width, usesFontFeatures: features)
        switch index {
        case 1:
            options.lineBreakMode = .byCharWrapping
            options.usesLineFragmentOrigin = false
        case 2:
            options.usesFontLeading = true
            options.lineBreaking.resolvesCJToNonstarter = false
            options.language = "ja"
        case 3:
            options.lineBreaking.hangulWordPriority = true
            options.countsTrailingLineBreak = true
            options.tabInterval = 7
            options.language = "ko"
        default:
            break
        }
        return options
    }

    private init(_ key: RigKey) {
        let measurer = TextMeasurer(
            cascade: Self.loaded(key.cascade), pointSize: key.options < 2 ? 17 : 9.5,
            options: Self.options(key.options, width: Self.widths[key.width], features: key.features),
            segmentCacheBytes: 64 << 10)
        onePass = measurer.makeSession()
        general = measurer.makeSession()
        together = measurer.makeSessions(2)
        // As a long batch's sessions have: entries made for scalars of many scripts, so an input's ill-formed bytes
        // meet made pages (an overlong encoding of Ω decodes into the page of Greek the pass holds).
        for session in [onePass] + together { _ = session.measure(utf8: Array(Self.seen.utf8)[...]) }
    }

    /// What every kept session has measured before the first input: scalars of each kind the one pass walks.
    static let seen =
        "漢字あてかはアッぁー々〓가한。、，．「」（）【】《》・…〜～\u{3000}“”‘’—–‐€™Ωμέγα Привет ×é ß ﬁ ffl To AV 1,234 $% "
        + "😀✂☺©\u{200B}\u{2060}\u{A0}\u{AD}\u{2028}\u{85}\t\n"

    /// The rig for `key`, made the first time it is chosen. libFuzzer calls the entry point on one thread.
    static func `for`(_ key: RigKey) -> Rig {
        if let rig = made[key] { return rig }
        let rig = Rig(key)
        made[key] = rig
        return rig
    }

    /// Cascade `index`, its fonts loaded once for every rig that measures with it (each font's tables and shaping
    /// triggers once, not once per rig).
    static func loaded(_ index: Int) -> FontCascade {
        if let fonts = cascadesLoaded[index] { return fonts }
        do {
            let fonts = try FontCascade(loading: cascades[index].map { FontSource(path: $0.0, faceIndex: $0.1) })
            cascadesLoaded[index] = fonts
            return fonts
        } catch {
            fatalError("fuzz setup: cannot load cascade \(index) (make deps installs its fonts): \(error)")
        }
    }

    /// Rigs made so far (at most 4 × 4 × 2 × 4 = 128), and the cascades loaded.
    nonisolated(unsafe) private static var made: [RigKey: Rig] = [:]
    nonisolated(unsafe) private static var cascadesLoaded: [Int: FontCascade] = [:]
}
