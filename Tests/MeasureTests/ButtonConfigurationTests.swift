import Testing

@testable import Measure

/// `UIButton.Configuration` layout (docs/semantics/button-layout.md §B6): image placement, padding, reservation, directional content insets,
/// title alignment, wrapping titles and sizing. Frames worked out by hand in each test.
@Suite struct ButtonConfigurationTests {
    static let image = Size(width: 24, height: 24)
    static let title = ButtonTitle.size(Size(width: 60, height: 20))
    static let insets = DirectionalEdgeInsets(top: 5, leading: 10, bottom: 5, trailing: 20)

    static func row(_ placement: ImagePlacement, direction: LayoutDirection = .leftToRight)
        -> ButtonConfigurationLayout
    {
        ButtonConfigurationLayout(
            size: Size(width: 200, height: 40), imageSize: image, title: title,
            imagePlacement: placement, imagePadding: 8, contentInsets: insets,
            layoutDirection: direction)
    }

    @Test func leadingAndTrailingInBothDirections() {
        // Left-to-right the content is 10…180 (170 wide) and 5…35. The row is 24 + 8 + 60 = 92, centred:
        // 10 + (170 − 92) / 2 = 49. Image y 5 + (30 − 24) / 2 = 8, title y 5 + (30 − 20) / 2 = 10.
        var frames = Self.row(.leading).layout()
        #expect(frames.image == Rect(x: 49, y: 8, width: 24, height: 24))
        #expect(frames.title == Rect(x: 81, y: 10, width: 60, height: 20))  // 49 + 24 + 8
        frames = Self.row(.trailing).layout()
        #expect(frames.title?.x == 49 && frames.image?.x == 117)  // 49 + 60 + 8
        // Right-to-left leading is the right: the content is 20…190, the row starts at 20 + 39 = 59, the title first.
        frames = Self.row(.leading, direction: .rightToLeft).layout()
        #expect(frames.title?.x == 59 && frames.image?.x == 127)  // 59 + 60 + 8
        frames = Self.row(.trailing, direction: .rightToLeft).layout()
        #expect(frames.image?.x == 59 && frames.title?.x == 91)  // 59 + 24 + 8
        #expect(!frames.titleTruncated && !frames.imageSqueezed)
    }

    @Test func topAndBottom() {
        var button = ButtonConfigurationLayout(
            size: Size(width: 120, height: 80), imageSize: Self.image,
            title: Self.title, imagePlacement: .top, imagePadding: 6)
        // The column is max(24, 60) = 60 wide at (120 − 60) / 2 = 30, and 24 + 6 + 20 = 50 high at (80 − 50) / 2 = 15.
        // The image is centred in it: 30 + (60 − 24) / 2 = 48; the title below the image and the padding: 15 + 30.
        #expect(
            button.layout()
                == ButtonFrames(
                    image: Rect(x: 48, y: 15, width: 24, height: 24),
                    title: Rect(x: 30, y: 45, width: 60, height: 20),
                    titleTruncated: false, imageSqueezed: false))
        button.imagePlacement = .bottom
        // Title first at 15, the image at 15 + 20 + 6 = 41.
        #expect(button.layout().title == Rect(x: 30, y: 15, width: 60, height: 20))
        #expect(button.layout().image == Rect(x: 48, y: 41, width: 24, height: 24))
    }

    @Test(arguments: [
        // A title narrower than the image: column 80 wide at (200 − 80) / 2 = 60; the title is 30 wide.
        (TitleAlignment.automatic, LayoutDirection.leftToRight, 85.0),  // automatic centres under a top image: 60 + 25
        (.center, .leftToRight, 85),
        (.leading, .leftToRight, 60),
        (.trailing, .leftToRight, 110),  // 60 + 80 − 30
        (.leading, .rightToLeft, 110),
        (.trailing, .rightToLeft, 60),
    ])
    func titleAlignmentInAColumn(alignment: TitleAlignment, direction: LayoutDirection, x: Double) {
        let button = ButtonConfigurationLayout(
            size: Size(width: 200, height: 100),
            imageSize: Size(width: 80, height: 40),
            title: .size(Size(width: 30, height: 20)), imagePlacement: .top,
            titleAlignment: alignment, layoutDirection: direction)
        let frames = button.layout()
        #expect(frames.title == Rect(x: x, y: 60, width: 30, height: 20))  // (100 − 60) / 2 + 40
        #expect(frames.image == Rect(x: 60, y: 20, width: 80, height: 40))
    }

    @Test func paddingNeedsBothAndReservationCentresTheImage() {
        // An image alone ignores the padding: (200 − 24) / 2 = 88.
        let alone = ButtonConfigurationLayout(
            size: Size(width: 200, height: 40), imageSize: Self.image,
            imagePadding: 8)
        #expect(alone.layout().image?.x == 88)
        // A 40 pt reservation: the row is 40 + 60 = 100 at 50; the image centred in its slot at 50 + 8 = 58.
        let reserved = ButtonConfigurationLayout(
            size: Size(width: 200, height: 40), imageSize: Self.image,
            title: Self.title, imageReservation: 40)
        #expect(reserved.layout().image?.x == 58)
        #expect(reserved.layout().title?.x == 90)
    }

    @Test func aTitleTooWideWrapsOrIsTruncated() throws {
        // "hello world" in DejaVu Sans 20.48 pt is 4949 + 651 + 5639 = 11239 units = 112.39 pt on one line. In a
        // 99.5 × 60 button beside a 24 pt image and 6 pt of padding it has 99.5 − 30 = 69.5: it wraps into "hello " and
        // "world" (56.39 → 56.5 on the 2× grid), two lines of 23.84 = 47.68 → 48.
        let text = ButtonTitle.text("hello world", measurer: try TestFonts.dejaVu(size: 20.48))
        var button = ButtonConfigurationLayout(
            size: Size(width: 99.5, height: 60), imageSize: Self.image,
            title: text, imagePadding: 6)
        var frames = button.layout()
        // The row 24 + 6 + 56.5 = 86.5 starts at (99.5 − 86.5) / 2 = 6.5.
        #expect(frames.image == Rect(x: 6.5, y: 18, width: 24, height: 24))  // (60 − 24) / 2
        #expect(frames.title == Rect(x: 36.5, y: 6, width: 56.5, height: 48))  // (60 − 48) / 2
        #expect(!frames.titleTruncated)
        // Not wrapping: cut to the 69.5 it has, one line (49.49 → 24 high… the line is 23.84 → 24).
        button.wrapsTitle = false
        frames = button.layout()
        #expect(frames.title == Rect(x: 30, y: 18, width: 69.5, height: 24))
        #expect(frames.titleTruncated)
    }

    @Test func narrowerThanTheImage() {
        let button = ButtonConfigurationLayout(
            size: Size(width: 20, height: 40), imageSize: Self.image,
            title: Self.title, imagePadding: 8)
        // The image is squeezed to 20 and fills the row; the title has no room (20 − 20 − 8 < 0).
        let frames = button.layout()
        #expect(frames.image == Rect(x: 0, y: 8, width: 20, height: 24))
        #expect(frames.title?.width == 0)
        #expect(frames.imageSqueezed && frames.titleTruncated)
    }

    @Test func alignmentsAcrossAndDown() {
        var button = Self.row(.leading)
        button.contentHorizontalAlignment = .left
        #expect(button.layout().image?.x == 10)
        button.contentHorizontalAlignment = .right
        #expect(button.layout().image?.x == 88)  // 180 − 92
        button.contentHorizontalAlignment = .fill  // taken as leading
        #expect(button.layout().image?.x == 10)
        button.contentVerticalAlignment = .top
        #expect(button.layout().image?.y == 5 && button.layout().title?.y == 5)
        button.contentVerticalAlignment = .fill
        #expect(button.layout().image?.height == 30 && button.layout().title?.height == 30)
    }

    @Test func sizing() {
        // Row: 10 + 20 + 24 + 8 + 60 = 122 wide, 5 + 5 + max(24, 20) = 34 high.
        var button = Self.row(.leading)
        #expect(button.intrinsicContentSize == Size(width: 122, height: 34))
        // Column: 30 + max(24, 60) = 90 wide, 10 + 24 + 8 + 20 = 62 high.
        button.imagePlacement = .top
        #expect(button.intrinsicContentSize == Size(width: 90, height: 62))
        // The style's own inset adds to the content insets: +3 +3 across, +2 +2 down.
        button.styleInsets = DirectionalEdgeInsets(top: 2, leading: 3, bottom: 2, trailing: 3)
        #expect(button.intrinsicContentSize == Size(width: 96, height: 66))
        // No 30 pt minimum, no 6 pt padding: a 12 × 10 title alone is 12 × 10.
        let small = ButtonConfigurationLayout(size: .zero, title: .size(Size(width: 12, height: 10)))
        #expect(small.intrinsicContentSize == Size(width: 12, height: 10))
    }

    @Test func sizeThatFitsWrapsTheTitleToTheProposedWidth() throws {
        let text = ButtonTitle.text("hello world", measurer: try TestFonts.dejaVu(size: 20.48))
        let button = ButtonConfigurationLayout(size: .zero, imageSize: Self.image, title: text, imagePadding: 6)
        // Unconstrained: 24 + 6 + 112.5 (112.39 on the 2× grid) = 142.5 → 143; max(24, 24) = 24.
        #expect(button.intrinsicContentSize == Size(width: 143, height: 24))
        // Within 99.5: the title wraps at 69.5 to 56.5 × 48 (see above): ceil(86.5) = 87 wide, 48 high.
        #expect(button.sizeThatFits(Size(width: 99.5, height: 500)) == Size(width: 87, height: 48))
    }
}
