import FuzzSupport

// Internal: the general path alone (`layout(_:onePass: false)`) is the reference, and it is not public API.
@testable import Measure

/// libFuzzer entry point for the fast paths the speed work added (issue 18): the one-pass fits
/// (`LineFitter.fitLatin1String`, `fitOnePass` with its run loop and the segments crossing a script run), the byte
/// path `measure(utf8:)` that `measure batch` and the bench take (ill-formed UTF-8 included), the segment caches kept
/// across strings, and the shaped segments that sessions made together share (`SharedShapedSegments`).
///
/// The first byte chooses (low bits first) the cascade (Latin then CJK, CJK first, with a bitmap emoji font, with
/// right-to-left and complex scripts), the width, font features, a set of fitting options with its point size, and
/// which of two sessions made together measures; the rest is the text, as raw bytes. Each answer must be the general
/// path's (the decoder, `LineBreaker.analyze`, the fitter, HarfBuzz where the text needs it) to the bit — `==`, and
/// the same printed values, which tell −0 from +0 — `layout(_:onePass: true)` in its size and every line's range,
/// width and metrics, `measure(utf8:)` and the shared session in the size. The reference decodes the bytes with
/// `String(decoding:as:)`, which `measure(utf8:)` is documented to match (one U+FFFD per maximal ill-formed
/// subpart).
///
/// Sessions are kept for each combination of choices (`Rig`), so later inputs meet warm caches; their segment caches
/// are the smallest allowed (64 KiB), so they also empty themselves, as a long batch's do. An answer may so depend
/// on the inputs before it: a failure is checked again in a fresh rig, and its message says whether it reproduces
/// there (the input alone replays what does; one that does not needs the run's corpus in order).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let input = UnsafeBufferPointer(start: data, count: size)
    var choices = FuzzChoices(input.prefix(1))
    let key = RigKey(
        cascade: choices.take(2), width: choices.take(2), features: choices.flag(), options: choices.take(2))
    let sharer = choices.take(1)
    let bytes = Array(input.dropFirst(1))
    if let failure = Rig.rig(for: key).difference(bytes, sharer: sharer) {
        let again = Rig(key).difference(bytes, sharer: sharer)
        preconditionFailure(
            "\(failure); in a fresh rig: \(again ?? "the same as the general path") (\(key), bytes \(bytes))")
    }
    return 0
}

/// What the choice byte chose.
struct RigKey: Hashable, CustomStringConvertible {
    var cascade: Int
    var width: Int
    var features: Bool
    var options: Int

    var description: String {
        "cascade \(cascade), width \(Rig.widths[width]), features \(features), options \(options)"
    }
}

/// Whether two answers are the same to the bit: equal, and printed alike (Swift prints a `Double` in the fewest
/// digits that read back to it, so the same text is the same value, and −0 prints apart from 0, which `==` joins).
func same<T: Equatable>(_ a: T, _ b: T) -> Bool {
    a == b && "\(a)" == "\(b)"
}

/// A measurer for one `RigKey` and the sessions kept for it: the one-pass session, the general path's, and two
/// made together (`makeSessions(2)`, sharing what HarfBuzz shapes).
final class Rig {
    let onePass: MeasureSession
    let general: MeasureSession
    let together: [MeasureSession]

    /// What the kept sessions answer for `bytes` against the general path, in words, or nil when every answer is
    /// the general path's; `sharer` picks the session made together that measures.
    func difference(_ bytes: [UInt8], sharer: Int) -> String? {
        let text = String(decoding: bytes, as: UTF8.self)
        let expected = general.layout(text, onePass: false)
        let fused = onePass.layout(text, onePass: true)
        if !same(fused, expected) { return "one pass \(fused) against the general path \(expected)" }
        let measured = onePass.measure(utf8: bytes[...])
        if !same(measured, expected.size) { return "measure(utf8:) \(measured) against \(expected.size)" }
        // The other session may have shaped this text's segments and shared them.
        let shared = together[sharer].measure(utf8: bytes[...])
        if !same(shared, expected.size) { return "a shared session \(shared) against \(expected.size)" }
        return nil
    }

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
    /// wrapping at 17 pt (which the one-pass fits leave to the general path); at 9.5 pt, no line fragment origin
    /// (one line, hard breaks not honoured: the pass's branches for that), the font's leading, Japanese, and small
    /// kana (CJ) breakable before as in loose breaking; at 9.5 pt, Korean with Hangul kept in words, a trailing line
    /// break counted and a narrow tab interval.
    static func options(_ index: Int, width: Double, features: Bool) -> MeasureOptions {
        var options = MeasureOptions(maxWidth: width, usesFontFeatures: features)
        switch index {
        case 1:
            options.lineBreakMode = .byCharWrapping
        case 2:
            options.usesLineFragmentOrigin = false
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

    /// A rig with new sessions (`rig(for:)` keeps one per key).
    init(_ key: RigKey) {
        let measurer = TextMeasurer(
            cascade: Self.loaded(key.cascade), pointSize: key.options < 2 ? 17 : 9.5,
            options: Self.options(key.options, width: Self.widths[key.width], features: key.features),
            segmentCacheBytes: 64 << 10)
        onePass = measurer.makeSession()
        general = measurer.makeSession()
        together = measurer.makeSessions(2)
        // As a long batch's sessions have: entries made for scalars of many scripts, so an input's ill-formed bytes
        // meet made pages (an overlong encoding of Ω decodes into the page of Greek the pass holds). Checked like an
        // input; the general path's session measures it too.
        if let failure = difference(Array(Self.seen.utf8), sharer: 0) ?? difference(Array(Self.seen.utf8), sharer: 1) {
            preconditionFailure("\(failure) (\(key), the warm-up text)")
        }
    }

    /// What every kept session measures first: scalars of each kind the one pass walks.
    static let seen =
        "漢字あてかはアッぁー々〓가한。、，．「」（）【】《》・…〜～\u{3000}“”‘’—–‐€™Ωμέγα Привет ×é ß ﬁ ffl To AV 1,234 $% "
        + "😀✂☺©\u{200B}\u{2060}\u{A0}\u{AD}\u{2028}\u{85}\t\n"

    /// The rig for `key`, made the first time it is chosen.
    static func rig(for key: RigKey) -> Rig {
        if let rig = made[key] { return rig }
        let rig = Rig(key)
        made[key] = rig
        return rig
    }

    /// Cascade `index`, loaded once for every rig that measures with it (its fonts' tables and shaping triggers once
    /// per cascade, not once per rig; a font in two cascades is loaded in each).
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

    /// Rigs made so far (at most 4 × 4 × 2 × 4 = 128). `nonisolated(unsafe)`: libFuzzer calls the entry point on one
    /// thread, one input at a time.
    nonisolated(unsafe) private static var made: [RigKey: Rig] = [:]
    /// The cascades loaded so far; `nonisolated(unsafe)` as `made`.
    nonisolated(unsafe) private static var cascadesLoaded: [Int: FontCascade] = [:]
}
