import Testing

@testable import Measure

/// The frames developers measured on devices (docs/semantics/button-layout.md §B2, sources B4 and B9), reproduced. Every expected number is the
/// measured one, with the arithmetic that explains it in the comment.
@Suite struct ButtonObservedTests {
    /// docs/semantics/button-layout.md §B2 / [OBS B4]: a 335 pt wide button, a 32 × 32 image and a title label of 54 × 21.5. B4 gives no height;
    /// its label y of 9.5 fits a 40 pt button: (40 − 21.5) / 2 = 9.25, on the 2× pixel grid 9.5.
    func b4Button() -> ButtonLayout {
        ButtonLayout(
            size: Size(width: 335, height: 40), imageSize: Size(width: 32, height: 32),
            title: .size(Size(width: 54, height: 21.5)))
    }

    @Test func imageAndTitleAreCentredAsOneGroup() {
        let frames = b4Button().layout()
        // image.x = (335 − 32 − 54) / 2 = 249 / 2 = 124.5; title.x = 124.5 + 32 = 156.5.
        #expect(frames.image == Rect(x: 124.5, y: 4, width: 32, height: 32))  // y = (40 − 32) / 2
        #expect(frames.title == Rect(x: 156.5, y: 9.5, width: 54, height: 21.5))
        #expect(!frames.titleTruncated && !frames.imageSqueezed)
    }

    @Test func aCentredInsetMovesItsElementByHalfAndNeverTheOther() {
        var button = b4Button()
        button.imageEdgeInsets = EdgeInsets(left: 50)
        // The image's rectangle is 50…335 (285 wide): 50 + (285 − 86) / 2 = 50 + 99.5 = 149.5, i.e. +25 = 50 / 2.
        #expect(button.layout().image?.x == 149.5)
        #expect(button.layout().title?.x == 156.5)
        button.titleEdgeInsets = EdgeInsets(right: 100)
        // The title's rectangle is 0…235: (235 − 86) / 2 + 32 = 74.5 + 32 = 106.5, i.e. −50 = −100 / 2.
        #expect(button.layout().title == Rect(x: 106.5, y: 9.5, width: 54, height: 21.5))
        #expect(button.layout().image?.x == 149.5)
    }

    @Test func contentInsetsMoveBothByHalf() {
        var button = b4Button()
        button.contentEdgeInsets = EdgeInsets(left: 20)
        // Content 20…335 (315 wide): image 20 + (315 − 86) / 2 = 20 + 114.5 = 134.5, title 134.5 + 32 = 166.5 [OBS B4].
        #expect(button.layout().image?.x == 134.5)
        #expect(button.layout().title?.x == 166.5)
    }

    /// docs/semantics/button-layout.md §B2.5 / [OBS B4]: an image alone is at (W − iw − l − r) / 2 + l.
    @Test(arguments: [
        (EdgeInsets(), 151.5),  // (335 − 32) / 2
        (EdgeInsets(left: 10), 156.5),  // (335 − 32 − 10) / 2 + 10 = 146.5 + 10
        (EdgeInsets(right: 100), 101.5),  // (335 − 32 − 100) / 2
        (EdgeInsets(left: 10, right: 100), 106.5),  // (335 − 32 − 110) / 2 + 10 = 96.5 + 10
    ])
    func anImageAlone(insets: EdgeInsets, x: Double) {
        let button = ButtonLayout(
            size: Size(width: 335, height: 40), imageSize: Size(width: 32, height: 32),
            imageEdgeInsets: insets)
        #expect(button.layout().image?.x == x)
        #expect(button.layout().title == nil)
    }

    /// docs/semantics/button-layout.md §B2.2 / [OBS B9]: an 88 × 56 button with image (9.5, 12; 32 × 32) and label (41.5, 17.5; 37 × 21.5). The
    /// inputs follow from the dump: the image is 32 × 32 (its frame), the label 37 × 21.5, the button 88 × 56.
    @Test func theB9Button() {
        let button = ButtonLayout(
            size: Size(width: 88, height: 56), imageSize: Size(width: 32, height: 32),
            title: .size(Size(width: 37, height: 21.5)))
        let frames = button.layout()
        // Across: (88 − 32 − 37) / 2 = 19 / 2 = 9.5; the title at 9.5 + 32 = 41.5.
        // Down, each on its own: image (56 − 32) / 2 = 12; title (56 − 21.5) / 2 = 17.25, rounded to the 2× grid
        // (34.5 device pixels, half rounds up to 35) = 17.5.
        #expect(frames.image == Rect(x: 9.5, y: 12, width: 32, height: 32))
        #expect(frames.title == Rect(x: 41.5, y: 17.5, width: 37, height: 21.5))
        // Without a screen scale the exact value stays.
        var exact = button
        exact.scale = nil
        #expect(exact.layout().title?.y == 17.25)
    }

    @Test func originsRoundToTheNearestPixelHalfUp() {
        // A 10 pt title in an 11 pt button: (11 − 10) / 2 = 0.5 stays 0.5 at 2×; at 3× 1.5 pixels → 2 → 0.666…
        var button = ButtonLayout(size: Size(width: 100, height: 11), title: .size(Size(width: 10, height: 10)))
        #expect(button.layout().title?.y == 0.5)
        button.scale = 3
        #expect(button.layout().title?.y == 2.0 / 3)
        // Across: (100 − 10) / 2 = 45 at any scale.
        #expect(button.layout().title?.x == 45)
        // 0.25 at 2× is half a pixel, which rounds up to 0.5; −0.25 rounds up to 0.
        button = ButtonLayout(size: Size(width: 10.5, height: 10), title: .size(Size(width: 10, height: 10)))
        #expect(button.layout().title?.x == 0.5)
        button = ButtonLayout(size: Size(width: 9.5, height: 10), title: .size(Size(width: 10, height: 10)))
        #expect(button.layout().title?.x == 0)
    }
}
