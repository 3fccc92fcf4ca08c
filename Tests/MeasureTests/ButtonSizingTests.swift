import Testing

@testable import Measure

/// `sizeThatFits` / `intrinsicContentSize` (docs/semantics/button-layout.md §B5, LayoutKit's hard-coded UIButton sizing [OBS B7]).
@Suite struct ButtonSizingTests {
    static let title = ButtonTitle.size(Size(width: 54, height: 21.5))

    @Test func imageAndTitleSideBySide() {
        let button = ButtonLayout(size: .zero, imageSize: Size(width: 32, height: 32), title: Self.title)
        // ceil(32 + 54) = 86 wide; ceil(max(32, 21.5)) = 32 high; an image turns off the minimum and the padding.
        #expect(button.intrinsicContentSize == Size(width: 86, height: 32))
    }

    @Test func aTitleOnlyButtonGetsTheMinimumWidthAndSixPointsAboveAndBelow() {
        // [OBS B8]: an 18 pt title label 21 high makes a 33 pt button: 21 + 6 + 6.
        let wide = ButtonLayout(size: .zero, title: .size(Size(width: 40, height: 21)))
        #expect(wide.intrinsicContentSize == Size(width: 40, height: 33))
        // Narrower than 30: 30.
        let narrow = ButtonLayout(size: .zero, title: .size(Size(width: 12.5, height: 21.5)))
        #expect(narrow.intrinsicContentSize == Size(width: 30, height: 34))  // ceil(21.5 + 12) = 34
    }

    @Test func contentInsetsCountAndTurnOffTheMinimum() {
        let button = ButtonLayout(
            size: .zero, title: Self.title,
            contentEdgeInsets: EdgeInsets(top: 5, left: 10, bottom: 5.25, right: 10))
        // ceil(54 + 20) = 74; ceil(21.5 + 10.25) = ceil(31.75) = 32; no minimum, no padding.
        #expect(button.intrinsicContentSize == Size(width: 74, height: 32))
        // A tiny title with insets is not raised to 30: ceil(12 + 2) = 14.
        let tiny = ButtonLayout(
            size: .zero, title: .size(Size(width: 12, height: 10)),
            contentEdgeInsets: EdgeInsets(left: 1, right: 1))
        #expect(tiny.intrinsicContentSize == Size(width: 14, height: 10))
    }

    @Test func titleAndImageInsetsNeverCount() throws {
        var button = ButtonLayout(size: .zero, imageSize: Size(width: 32, height: 32), title: Self.title)
        button.titleEdgeInsets = EdgeInsets(top: 32, left: -32, bottom: 0, right: 0)
        button.imageEdgeInsets = EdgeInsets(top: -21.5, left: 0, bottom: 0, right: -54)
        #expect(button.intrinsicContentSize == Size(width: 86, height: 32))
        // A recipe leaves the size alone too (docs/semantics/button-layout.md §B3).
        #expect(try button.applying(.imageTop, spacing: 10).layout.intrinsicContentSize == Size(width: 86, height: 32))
    }

    @Test func fractionsRoundUpToWholePoints() {
        let button = ButtonLayout(
            size: .zero, imageSize: Size(width: 32.3, height: 20),
            title: .size(Size(width: 54, height: 21.5)))
        // ceil(86.3) = 87; ceil(21.5) = 22.
        #expect(button.intrinsicContentSize == Size(width: 87, height: 22))
    }

    @Test func sizeThatFitsIsCutDownToTheProposal() {
        let button = ButtonLayout(size: .zero, imageSize: Size(width: 32, height: 32), title: Self.title)
        #expect(button.sizeThatFits(Size(width: 50, height: 100)) == Size(width: 50, height: 32))
        #expect(button.sizeThatFits(Size(width: 500, height: 20)) == Size(width: 86, height: 20))
        // A negative proposal is no room (it answered −10 × −10), a NaN one no limit.
        #expect(button.sizeThatFits(Size(width: -10, height: -10)) == .zero)
        #expect(button.sizeThatFits(Size(width: .nan, height: .nan)) == Size(width: 86, height: 32))
        let configured = ButtonConfigurationLayout(
            size: .zero, imageSize: Size(width: 32, height: 32), title: .size(Size(width: 54, height: 21.5)))
        #expect(configured.sizeThatFits(Size(width: -10, height: -10)) == .zero)
        #expect(configured.sizeThatFits(Size(width: .nan, height: .nan)) == configured.intrinsicContentSize)
    }

    @Test func anEmptyTitleIsAsHighAsASpace() throws {
        // DejaVu Sans at 20.48 pt: one line is (1901 + 483) / 2048 × 20.48 = 23.84, on the 2× grid 24.
        let measurer = try TestFonts.dejaVu(size: 20.48)
        let empty = ButtonLayout(size: .zero, title: .text("", measurer: measurer))
        #expect(empty.titleLabelSize == Size(width: 0, height: 24))
        #expect(empty.intrinsicContentSize == Size(width: 30, height: 36))  // 24 + 12
        // No title at all has no height.
        #expect(ButtonLayout(size: .zero).intrinsicContentSize == Size(width: 30, height: 12))
        #expect(
            ButtonLayout(size: .zero, imageSize: Size(width: 20, height: 18)).intrinsicContentSize
                == Size(width: 20, height: 18))
    }
}
