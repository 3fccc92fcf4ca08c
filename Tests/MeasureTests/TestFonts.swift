import Foundation

@testable import Measure

/// Font files the tests measure with, all from Debian packages that `make test` installs, and their values as read by
/// an independent tool: fontTools 4.x (`pip install fonttools`), e.g.
/// `TTFont(path)['hmtx'][TTFont(path).getBestCmap()[ord('h')]][0]` for an advance and `TTFont(path)['hhea'].ascent`
/// for a metric. Every golden number below was read that way and is written out here, not computed by our code.
enum TestFonts {
    /// fonts-dejavu-core: DejaVu Sans, TrueType outlines, 2048 units per em, hhea 1901 / −483 / 0.
    static let dejaVuSans = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"
    /// fonts-dejavu-extra: DejaVu Math TeX Gyre, 1000 units per em, hhea 792 / −208 / line gap 200.
    static let dejaVuMath = "/usr/share/fonts/truetype/dejavu/DejaVuMathTeXGyre.ttf"
    /// fonts-adf-accanthis: Accanthis ADF Std, an OTF with CFF outlines, 1000 units per em, hhea 918 / −250 / 25.
    static let accanthis = "/usr/share/fonts/truetype/adf/AccanthisADFStd-Regular.otf"
    /// fonts-noto-cjk: a TTC of ten faces (0 JP, 1 KR, 2 SC, 3 TC, 4 HK, 5–9 Mono), CFF outlines, 1000 units per em,
    /// hhea 1160 / −288 / 0.
    static let notoSansCJK = "/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc"
    /// fonts-noto-color-emoji: bitmap-only (CBDT), one strike of 109 ppem whose line metrics (CBLC) are 101 / −27 and
    /// whose glyphs advance 136 pixels (CBDT small metrics of u1F44D, u1F468, u1F600).
    static let notoColorEmoji = "/usr/share/fonts/truetype/noto/NotoColorEmoji.ttf"
    /// A subset of DejaVu Serif in this repository (`Fuzz/Seeds/font/dejavu-serif-kern-table.ttf`) with a legacy
    /// 'kern' table and no GPOS: space, T, W, a, e, f, i, v, é; pairs T a −120, W a −80, a v −20, v e +10 (fontTools'
    /// `TTFont(path)['kern'].kernTables[0].kernTable`), 2048 units per em.
    static let legacyKernSubset = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fuzz/Seeds/font/dejavu-serif-kern-table.ttf").path

    /// DejaVu Sans advances in font units (fontTools hmtx).
    enum DejaVu {
        static let unitsPerEm = 2048.0
        static let ascender = 1901.0
        static let descender = 483.0
        static let h = 1298.0, e = 1260.0, l = 569.0, o = 1253.0, space = 651.0
        static let w = 1675.0, r = 842.0, d = 1300.0, a = 1255.0
        /// `.notdef`'s advance.
        static let notdef = 1229.0
        static let hello = h + e + l + l + o
        static let world = w + o + r + l + d
    }

    /// A measurer over the given font files (face 0 unless a pair says otherwise). Plain by default — no kerning or
    /// ligatures — because the hand computations in these tests sum advances; `features: true` turns them on.
    static func measurer(
        _ fonts: [(String, Int)], size: Double, options: MeasureOptions = MeasureOptions(),
        features: Bool = false
    ) throws -> TextMeasurer {
        let cascade = try FontCascade(loading: fonts.map { FontSource(path: $0.0, faceIndex: $0.1) })
        var options = options
        options.usesFontFeatures = features
        return TextMeasurer(cascade: cascade, pointSize: size, options: options)
    }

    /// A measurer over DejaVu Sans alone.
    static func dejaVu(size: Double, width: Double = 0, options: MeasureOptions = MeasureOptions()) throws
        -> TextMeasurer
    {
        var options = options
        options.maxWidth = width
        return try measurer([(dejaVuSans, 0)], size: size, options: options)
    }
}

/// Whether two computed point values agree to far better than anything visible.
func close(_ a: Double, _ b: Double, tolerance: Double = 1e-9) -> Bool {
    abs(a - b) <= tolerance
}
