import Testing

@testable import Measure

/// How a `.text` title is measured: one line, raised to the pixel grid like a `UILabel` (docs/semantics/button-layout.md §B2.6, docs/semantics/sizing.md §A6). Widths
/// from DejaVu Sans advances (fontTools, see `TestFonts`) at 20.48 pt, where one font unit is 0.01 pt.
@Suite struct ButtonTitleTests {
    typealias D = TestFonts.DejaVu

    @Test func oneLineRaisedToTheTwoTimesGrid() throws {
        let title = ButtonTitle.text("hello", measurer: try TestFonts.dejaVu(size: 20.48))
        // hello = 4949 units = 49.49 pt → 98.98 px → 99 px = 49.5; the line 23.84 → 47.68 px → 48 px = 24.
        #expect(D.hello == 4949)
        #expect(title.labelSize(scale: 2) == Size(width: 49.5, height: 24))
        // At 3×: 148.47 px → 149 px = 49.666…; 71.52 px → 72 px = 24.
        #expect(title.labelSize(scale: 3) == Size(width: 149.0 / 3, height: 24))
        // Without a scale, boundingRect's fractions.
        let exact = title.labelSize(scale: nil)
        #expect(close(exact.width, 49.49) && close(exact.height, 23.84))
    }

    @Test func aTitleLabelHasOneLineWhateverTheText() throws {
        // The measurer's own width is ignored, and a line break does not start a second line:
        // hello + world = 4949 + 5639 = 10588 units = 105.88 pt → 211.76 px → 212 px = 106; one line, 24 high.
        let measurer = try TestFonts.dejaVu(size: 20.48, width: 30)
        let title = ButtonTitle.text("hello\nworld", measurer: measurer)
        #expect(title.labelSize(scale: 2) == Size(width: 106, height: 24))
    }

    @Test func wrappedForConfigurationButtons() throws {
        let title = ButtonTitle.text("hello world", measurer: try TestFonts.dejaVu(size: 20.48))
        // At 60 pt: "hello " (the space hangs) then "world" (56.39 pt); two lines: 56.39 → 112.78 px → 113 px = 56.5,
        // 2 × 23.84 = 47.68 → 95.36 px → 96 px = 48.
        #expect(title.wrappedLabelSize(maxWidth: 60, scale: 2) == Size(width: 56.5, height: 48))
        // A given size never wraps.
        #expect(
            ButtonTitle.size(Size(width: 80, height: 20)).wrappedLabelSize(maxWidth: 10, scale: 2)
                == Size(width: 80, height: 20))
    }

    @Test func theSeedsTitle() throws {
        // 我是一个按钮 in the default cascade at 18 pt (a custom button's default title size, [OBS B7]): all six
        // ideographs come from Noto Sans CJK SC, 1000 of 1000 units each: 6 × 18 = 108; its line
        // (1160 + 288) / 1000 × 18 = 26.064 → 52.128 px → 53 px = 26.5.
        let measurer = TextMeasurer(cascade: try FontCascade.loadDefault(), pointSize: 18)
        #expect(ButtonTitle.text("我是一个按钮", measurer: measurer).labelSize(scale: 2) == Size(width: 108, height: 26.5))
    }
}
