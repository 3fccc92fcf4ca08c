import Testing

@testable import Measure

/// The seed's three cases (docs/semantics/button-layout.md §B4) at every horizontal alignment, in both directions, and the vertical alignments.
///
/// One button throughout: a 32 × 32 image and a 54 × 21.5 title (docs/semantics/button-layout.md §B2's), 40 pt high, laid out without pixel
/// rounding so the arithmetic is exact. Its widths:
/// - 200 (wider than 32 + 54 = 86): both keep their sizes; the group is aligned;
/// - 60 (wider than the image, narrower than both): the image keeps 32, the title gets 60 − 32 = 28 and is truncated;
/// - 20 (narrower than the image): the image is squeezed to 20, the title gets nothing (and is truncated).
@Suite struct ButtonCaseTests {
    /// Expected x and width of image and title.
    struct Row: Sendable, CustomStringConvertible {
        var alignment: ContentHorizontalAlignment
        var direction: LayoutDirection
        var buttonWidth: Double
        var image: (x: Double, width: Double)
        var title: (x: Double, width: Double)
        var description: String { "\(alignment) \(direction.rawValue) W=\(buttonWidth)" }
    }

    static let ltr = LayoutDirection.leftToRight
    static let rtl = LayoutDirection.rightToLeft

    static let rows: [Row] = [
        // Case 3, W = 200, left-to-right: image, then title.
        Row(alignment: .center, direction: ltr, buttonWidth: 200, image: (57, 32), title: (89, 54)),  // (200 − 86) / 2
        Row(alignment: .left, direction: ltr, buttonWidth: 200, image: (0, 32), title: (32, 54)),
        Row(alignment: .right, direction: ltr, buttonWidth: 200, image: (114, 32), title: (146, 54)),  // 200 − 86
        // Fill: the image stretches over 200 − 54 = 146, the title follows it.
        Row(alignment: .fill, direction: ltr, buttonWidth: 200, image: (0, 146), title: (146, 54)),
        Row(alignment: .leading, direction: ltr, buttonWidth: 200, image: (0, 32), title: (32, 54)),  // = left
        Row(alignment: .trailing, direction: ltr, buttonWidth: 200, image: (114, 32), title: (146, 54)),  // = right
        // Case 3, right-to-left: title, then image.
        Row(alignment: .center, direction: rtl, buttonWidth: 200, image: (111, 32), title: (57, 54)),  // 57 + 54
        Row(alignment: .left, direction: rtl, buttonWidth: 200, image: (54, 32), title: (0, 54)),
        Row(alignment: .right, direction: rtl, buttonWidth: 200, image: (168, 32), title: (114, 54)),  // 200 − 32
        Row(alignment: .fill, direction: rtl, buttonWidth: 200, image: (54, 146), title: (0, 54)),
        Row(alignment: .leading, direction: rtl, buttonWidth: 200, image: (168, 32), title: (114, 54)),  // = right
        Row(alignment: .trailing, direction: rtl, buttonWidth: 200, image: (54, 32), title: (0, 54)),  // = left
        // Case 2, W = 60: the group is exactly 32 + 28 = 60 wide, so every alignment gives the same frames.
        Row(alignment: .center, direction: ltr, buttonWidth: 60, image: (0, 32), title: (32, 28)),
        Row(alignment: .left, direction: ltr, buttonWidth: 60, image: (0, 32), title: (32, 28)),
        Row(alignment: .right, direction: ltr, buttonWidth: 60, image: (0, 32), title: (32, 28)),
        Row(alignment: .fill, direction: ltr, buttonWidth: 60, image: (0, 32), title: (32, 28)),  // 60 − 28 = 32
        Row(alignment: .leading, direction: ltr, buttonWidth: 60, image: (0, 32), title: (32, 28)),
        Row(alignment: .trailing, direction: ltr, buttonWidth: 60, image: (0, 32), title: (32, 28)),
        Row(alignment: .center, direction: rtl, buttonWidth: 60, image: (28, 32), title: (0, 28)),
        Row(alignment: .left, direction: rtl, buttonWidth: 60, image: (28, 32), title: (0, 28)),
        Row(alignment: .right, direction: rtl, buttonWidth: 60, image: (28, 32), title: (0, 28)),
        Row(alignment: .fill, direction: rtl, buttonWidth: 60, image: (28, 32), title: (0, 28)),
        Row(alignment: .leading, direction: rtl, buttonWidth: 60, image: (28, 32), title: (0, 28)),
        Row(alignment: .trailing, direction: rtl, buttonWidth: 60, image: (28, 32), title: (0, 28)),
        // Case 1, W = 20: only the image shows, squeezed to 20; the title is 0 wide, after it (before it RTL).
        Row(alignment: .center, direction: ltr, buttonWidth: 20, image: (0, 20), title: (20, 0)),
        Row(alignment: .left, direction: ltr, buttonWidth: 20, image: (0, 20), title: (20, 0)),
        Row(alignment: .right, direction: ltr, buttonWidth: 20, image: (0, 20), title: (20, 0)),
        Row(alignment: .fill, direction: ltr, buttonWidth: 20, image: (0, 20), title: (20, 0)),
        Row(alignment: .leading, direction: ltr, buttonWidth: 20, image: (0, 20), title: (20, 0)),
        Row(alignment: .trailing, direction: ltr, buttonWidth: 20, image: (0, 20), title: (20, 0)),
        Row(alignment: .center, direction: rtl, buttonWidth: 20, image: (0, 20), title: (0, 0)),
        Row(alignment: .left, direction: rtl, buttonWidth: 20, image: (0, 20), title: (0, 0)),
        Row(alignment: .right, direction: rtl, buttonWidth: 20, image: (0, 20), title: (0, 0)),
        Row(alignment: .fill, direction: rtl, buttonWidth: 20, image: (0, 20), title: (0, 0)),
        Row(alignment: .leading, direction: rtl, buttonWidth: 20, image: (0, 20), title: (0, 0)),
        Row(alignment: .trailing, direction: rtl, buttonWidth: 20, image: (0, 20), title: (0, 0)),
    ]

    static func button(
        width: Double, height: Double = 40, alignment: ContentHorizontalAlignment = .center,
        vertical: ContentVerticalAlignment = .center, direction: LayoutDirection = .leftToRight
    )
        -> ButtonLayout
    {
        ButtonLayout(
            size: Size(width: width, height: height), imageSize: Size(width: 32, height: 32),
            title: .size(Size(width: 54, height: 21.5)), contentHorizontalAlignment: alignment,
            contentVerticalAlignment: vertical, layoutDirection: direction, scale: nil)
    }

    @Test(arguments: rows)
    func theThreeCases(row: Row) throws {
        let frames = Self.button(width: row.buttonWidth, alignment: row.alignment, direction: row.direction).layout()
        let image = try #require(frames.image)
        let title = try #require(frames.title)
        #expect(image.x == row.image.x && image.width == row.image.width, "image \(image)")
        #expect(title.x == row.title.x && title.width == row.title.width, "title \(title)")
        // Down the centre: image (40 − 32) / 2 = 4, title (40 − 21.5) / 2 = 9.25; heights kept.
        #expect(image.y == 4 && image.height == 32)
        #expect(title.y == 9.25 && title.height == 21.5)
        #expect(frames.titleTruncated == (row.buttonWidth < 86))
        #expect(frames.imageSqueezed == (row.buttonWidth < 32))
    }

    @Test func coveringEveryAlignmentDirectionAndCase() {
        var seen = Set<String>()
        for row in Self.rows { seen.insert(row.description) }
        #expect(seen.count == ContentHorizontalAlignment.allCases.count * 2 * 3)
    }

    @Test(arguments: [
        // (alignment, image y, image height, title y, title height), button 200 × 40.
        (ContentVerticalAlignment.center, 4.0, 32.0, 9.25, 21.5),
        (.top, 0, 32, 0, 21.5),
        (.bottom, 8, 32, 18.5, 21.5),  // 40 − 32; 40 − 21.5
        (.fill, 0, 40, 0, 40),  // both as tall as the content; the image stretches, which is no squeeze
    ])
    func verticalAlignments(
        alignment: ContentVerticalAlignment, imageY: Double, imageHeight: Double, titleY: Double,
        titleHeight: Double
    ) {
        let frames = Self.button(width: 200, vertical: alignment).layout()
        #expect(frames.image == Rect(x: 57, y: imageY, width: 32, height: imageHeight))
        #expect(frames.title == Rect(x: 89, y: titleY, width: 54, height: titleHeight))
        #expect(!frames.imageSqueezed)
    }

    @Test func anImageTallerThanTheContentIsSqueezedToIt() {
        // 200 × 20: the image is 20 high at y 0; the title, a label, keeps its 21.5 and is centred: (20 − 21.5) / 2.
        let frames = Self.button(width: 200, height: 20).layout()
        #expect(frames.image == Rect(x: 57, y: 0, width: 32, height: 20))
        #expect(frames.title == Rect(x: 89, y: -0.75, width: 54, height: 21.5))
        #expect(frames.imageSqueezed && !frames.titleTruncated)
    }

    /// docs/semantics/button-layout.md §B2.4: pinned to an edge, an element moves by its whole inset on that edge.
    @Test func edgeAlignedElementsMoveByTheWholeInset() {
        var left = Self.button(width: 200, alignment: .left)
        left.imageEdgeInsets = EdgeInsets(left: 10, right: 7)  // the right inset does not move a left-pinned image
        #expect(left.layout().image?.x == 10)
        #expect(left.layout().title?.x == 32)
        var right = Self.button(width: 200, alignment: .right)
        right.titleEdgeInsets = EdgeInsets(left: 3, right: 10)
        // The title's rectangle ends at 190: the group 104…190, the title at 190 − 54 = 136 (−10); the image stays.
        #expect(right.layout().title?.x == 136)
        #expect(right.layout().image?.x == 114)
        var down = Self.button(width: 200, vertical: .top)
        down.titleEdgeInsets = EdgeInsets(top: 10)
        #expect(down.layout().title?.y == 10)
        var up = Self.button(width: 200, vertical: .bottom)
        up.imageEdgeInsets = EdgeInsets(bottom: 10)
        #expect(up.layout().image?.y == -2)  // 40 − 10 − 32
        var centred = Self.button(width: 200)
        centred.titleEdgeInsets = EdgeInsets(top: 10)
        #expect(centred.layout().title?.y == 14.25)  // 9.25 + 10 / 2
    }

    /// [DOC B2]: title insets "may clip the title": a title whose inset rectangle leaves it less than its width
    /// beside the image is truncated.
    @Test func titleInsetsCanTruncateTheTitle() {
        var button = Self.button(width: 86)  // exactly image + title
        #expect(button.layout().title == Rect(x: 32, y: 9.25, width: 54, height: 21.5))
        button.titleEdgeInsets = EdgeInsets(left: 10)
        // The title's rectangle is 10…86 (76 wide): 76 − 32 = 44 left for it; the group 32 + 44 fills the
        // rectangle, so the title starts at 10 + 32 = 42.
        let frames = button.layout()
        #expect(frames.title == Rect(x: 42, y: 9.25, width: 44, height: 21.5))
        #expect(frames.titleTruncated)
        #expect(frames.image?.x == 0)  // its own rectangle is unchanged
    }

    @Test func aTitleAloneAndContentInsetsWiderThanTheButton() {
        // A title alone with fill sits at the left, like left alignment [OBS B11].
        let fill = ButtonLayout(
            size: Size(width: 200, height: 40), title: .size(Size(width: 54, height: 21.5)),
            contentHorizontalAlignment: .fill, scale: nil)
        #expect(fill.layout().title == Rect(x: 0, y: 9.25, width: 54, height: 21.5))
        #expect(fill.layout().image == nil)
        // Content insets of 60 + 60 leave no room in a 100 pt button: both elements get none.
        let crowded = ButtonLayout(
            size: Size(width: 100, height: 40), imageSize: Size(width: 32, height: 32),
            title: .size(Size(width: 54, height: 21.5)),
            contentEdgeInsets: EdgeInsets(left: 60, right: 60), scale: nil)
        let frames = crowded.layout()
        #expect(frames.image?.width == 0 && frames.title?.width == 0)
        #expect(frames.imageSqueezed && frames.titleTruncated)
        // The content rectangle is 60…40 (−20 wide); the empty group sits at its middle, 50.
        #expect(frames.image?.x == 50 && frames.title?.x == 50)
    }
}
