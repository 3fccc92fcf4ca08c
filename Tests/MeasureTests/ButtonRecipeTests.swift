import Testing

@testable import Measure

/// The recipes of docs/semantics/button-layout.md §B3: the insets they return, worked out by hand for the seed's arrangement, and their promise
/// checked by laying the button out again with those insets, for every alignment, direction, case and recipe.
@Suite struct ButtonRecipeTests {
    /// The seed's kind of button: 300 × 100, a 32 × 32 image, a 54 × 21.5 title; no pixel rounding unless asked.
    static func button(
        width: Double = 300, height: Double = 100, horizontal: ContentHorizontalAlignment = .center,
        vertical: ContentVerticalAlignment = .center, direction: LayoutDirection = .leftToRight,
        contentInsets: EdgeInsets = .zero, scale: Double? = nil
    ) -> ButtonLayout {
        ButtonLayout(
            size: Size(width: width, height: height), imageSize: Size(width: 32, height: 32),
            title: .size(Size(width: 54, height: 21.5)), contentEdgeInsets: contentInsets,
            contentHorizontalAlignment: horizontal, contentVerticalAlignment: vertical,
            layoutDirection: direction, scale: scale)
    }

    // MARK: - The insets, by hand

    /// Inputs each within ±1,000,000 pt whose recipe insets are not: the title's top inset for image-top, centred,
    /// is ih + s = 24 + 999,990 = 1,000,014 and the image's −(th + s) = −(20 + 999,990) = −1,000,010; image-right
    /// left-aligned moves the image tw + s = 54 + 1,000,000 across. A typed error, nothing applied, no trap.
    @Test func insetsBeyondTheLimitsAreAnErrorNotATrap() throws {
        let button = ButtonLayout(
            size: Size(width: 100, height: 44), imageSize: Size(width: 24, height: 24),
            title: .size(Size(width: 50, height: 20)))
        #expect(
            throws: ButtonRecipeError.insetsOutOfRange(
                recipe: .imageTop,
                titleEdgeInsets: EdgeInsets(top: 1_000_014, left: -24, bottom: 0, right: 0),
                imageEdgeInsets: EdgeInsets(top: -1_000_010, left: 0, bottom: 0, right: -50))
        ) { try button.applying(.imageTop, spacing: 999_990) }
        #expect(throws: ButtonRecipeError.self) {
            try Self.button(horizontal: .left).applying(.imageRight, spacing: 1_000_000)
        }
        // At the limit itself: 24 + 999,976 = 1,000,000 is allowed.
        let edge = try button.applying(.imageTop, spacing: 999_976)
        #expect(edge.titleEdgeInsets.top == 1_000_000)
        #expect(edge.imageEdgeInsets.top == -999_996)
    }

    @Test func imageTopCentredIsTheSeedsFormulaWithTheSpacingInBothInsets() throws {
        let result = try Self.button().applying(.imageTop, spacing: 6)
        // The seed: titleEdgeInsets = (ih, −iw, 0, 0), imageEdgeInsets = (−th, 0, 0, −tw); the spacing joins both
        // top insets, because centred each element moves by half of it: (32 + 6, −32, 0, 0) and (−(21.5 + 6), 0, 0, −54).
        #expect(result.titleEdgeInsets == EdgeInsets(top: 38, left: -32, bottom: 0, right: 0))
        #expect(result.imageEdgeInsets == EdgeInsets(top: -27.5, left: 0, bottom: 0, right: -54))
        // Frames: before, image (107, 34) and title (139, 39.25) [(300 − 86) / 2 = 107; (100 − 32) / 2;
        // (100 − 21.5) / 2]. The title moves (−32 / 2, 38 / 2) = (−16, +19) to (123, 58.25): 123 = (300 − 54) / 2.
        // The image moves (+54 / 2, −27.5 / 2) = (+27, −13.75) to (134, 20.25): 134 = (300 − 32) / 2. Image bottom
        // 20.25 + 32 = 52.25, title top 58.25: 6 apart. The stack 20.25…79.75 is centred on 50.
        #expect(result.frames.image == Rect(x: 134, y: 20.25, width: 32, height: 32))
        #expect(result.frames.title == Rect(x: 123, y: 58.25, width: 54, height: 21.5))
    }

    @Test func imageBottomCentred() throws {
        let result = try Self.button().applying(.imageBottom, spacing: 6)
        // Mirrored: the title moves up (32 + 6) / 2 = 19 with bottom 38, the image down (21.5 + 6) / 2 = 13.75 with
        // top 27.5. Title (123, 39.25 − 19 = 20.25), image (134, 34 + 13.75 = 47.75); 20.25 + 21.5 + 6 = 47.75.
        #expect(result.titleEdgeInsets == EdgeInsets(top: 0, left: -32, bottom: 38, right: 0))
        #expect(result.imageEdgeInsets == EdgeInsets(top: 27.5, left: 0, bottom: 0, right: -54))
        #expect(result.frames.title == Rect(x: 123, y: 20.25, width: 54, height: 21.5))
        #expect(result.frames.image == Rect(x: 134, y: 47.75, width: 32, height: 32))
    }

    @Test func imageRightLeftAlignedIsTheCommonRecipe() throws {
        let result = try Self.button(horizontal: .left).applying(.imageRight, spacing: 6)
        // [OBS B6]: title (0, −iw, 0, iw), image (0, tw + s, 0, −(tw + s)): opposite pairs move by their left value.
        #expect(result.titleEdgeInsets == EdgeInsets(top: 0, left: -32, bottom: 0, right: 32))
        #expect(result.imageEdgeInsets == EdgeInsets(top: 0, left: 60, bottom: 0, right: -60))
        // Title 32 − 32 = 0, image 0 + 60 = 60: the title 0…54, 6 pt, the image 60…92.
        #expect(result.frames.title?.x == 0)
        #expect(result.frames.image?.x == 60)
    }

    @Test func imageRightCentredSplitsTheSpacing() throws {
        let result = try Self.button().applying(.imageRight, spacing: 6)
        // The pair is 54 + 6 + 32 = 92 wide, centred: 104…196. Title from 139 to 104 = −35 = −(32 + 3); image from
        // 107 to 104 + 60 = 164 = +57 = 54 + 3.
        #expect(result.titleEdgeInsets == EdgeInsets(top: 0, left: -35, bottom: 0, right: 35))
        #expect(result.imageEdgeInsets == EdgeInsets(top: 0, left: 57, bottom: 0, right: -57))
        #expect(result.frames.title?.x == 104)
        #expect(result.frames.image?.x == 164)
    }

    @Test func imageRightRightAlignedPutsTheSpacingOnTheTitle() throws {
        let result = try Self.button(horizontal: .right).applying(.imageRight, spacing: 6)
        // Group 214…300: image 214, title 246. Wanted: image 268…300, title 268 − 6 − 54 = 208.
        // Image +54 (right −54), title −38 = −(32 + 6) (right 38).
        #expect(result.titleEdgeInsets == EdgeInsets(top: 0, left: -38, bottom: 0, right: 38))
        #expect(result.imageEdgeInsets == EdgeInsets(top: 0, left: 54, bottom: 0, right: -54))
        #expect(result.frames.title?.x == 208)
        #expect(result.frames.image?.x == 268)
    }

    @Test func edgeAlignedStacksUseTheWholeInset() throws {
        // Top alignment: the title alone moves down ih + s at full strength; the image stays at the top.
        let top = try Self.button(vertical: .top).applying(.imageTop, spacing: 6)
        #expect(top.titleEdgeInsets == EdgeInsets(top: 38, left: -32, bottom: 0, right: 0))
        #expect(top.imageEdgeInsets == EdgeInsets(top: 0, left: 0, bottom: 0, right: -54))
        #expect(top.frames.image?.y == 0 && top.frames.title?.y == 38)
        // Left alignment: the seed's across insets put both at the left edge (the title moves the whole −32).
        let left = try Self.button(horizontal: .left).applying(.imageTop)
        #expect(left.frames.image?.x == 0 && left.frames.title?.x == 0)
        // Bottom alignment: the image alone moves up th + s = 27.5: 100 − 32 − 27.5 = 40.5; the title at 78.5.
        let bottom = try Self.button(vertical: .bottom).applying(.imageTop, spacing: 6)
        #expect(bottom.imageEdgeInsets == EdgeInsets(top: 0, left: 0, bottom: 27.5, right: -54))
        #expect(bottom.frames.image?.y == 40.5 && bottom.frames.title?.y == 78.5)
    }

    @Test func recipesReadTheLaidOutSizes() throws {
        // Case 2, 60 wide: the title is laid out 28 wide, so the image's right inset is −28, not −54.
        let result = try Self.button(width: 60).applying(.imageTop)
        #expect(result.imageEdgeInsets.right == -28)
        #expect(result.titleEdgeInsets.left == -32)
        // Both centred on 30: image 14…46, title 16…44.
        #expect(result.frames.image?.x == 14 && result.frames.title == Rect(x: 16, y: 55.25, width: 28, height: 21.5))
        #expect(result.frames.titleTruncated)
    }

    @Test func onThePixelGridTheSeedsButtonStillTouches() throws {
        // 300 × 50 with a 108 × 26.5 title (the seed's title at 18 pt, see ButtonTitleTests) and 2× rounding:
        // image y (50 − 32) / 2 − 26.5 / 2 = 9 − 13.25 = −4.25 → −8.5 px, half up → −8 px = −4;
        // title y (50 − 26.5) / 2 + 32 / 2 = 11.75 + 16 = 27.75 → 55.5 px → 56 px = 28 = −4 + 32.
        var button = Self.button(height: 50, scale: 2)
        button.title = .size(Size(width: 108, height: 26.5))
        let result = try button.applying(.imageTop)
        #expect(result.frames.image == Rect(x: 134, y: -4, width: 32, height: 32))  // (300 − 32) / 2
        #expect(result.frames.title == Rect(x: 96, y: 28, width: 108, height: 26.5))  // (300 − 108) / 2
    }

    // MARK: - The promise, everywhere

    struct Setup: Sendable, CustomStringConvertible {
        var recipe: ButtonRecipe
        var horizontal: ContentHorizontalAlignment
        var vertical: ContentVerticalAlignment
        var direction: LayoutDirection
        var width: Double
        var description: String { "\(recipe) \(horizontal)/\(vertical) \(direction.rawValue) W=\(width)" }
    }

    static let setups: [Setup] = {
        var setups: [Setup] = []
        for recipe in ButtonRecipe.allCases {
            for horizontal in ContentHorizontalAlignment.allCases {
                for vertical in ContentVerticalAlignment.allCases {
                    for direction in LayoutDirection.allCases {
                        for width in [300.0, 60, 20] {  // the three cases of docs/semantics/button-layout.md §B4
                            setups.append(
                                Setup(
                                    recipe: recipe, horizontal: horizontal, vertical: vertical,
                                    direction: direction, width: width))
                        }
                    }
                }
            }
        }
        return setups
    }()

    @Test(arguments: setups)
    func thePromiseHolds(setup: Setup) throws {
        let spacing = 6.0
        // Content insets make the content rectangle 10…(W − 4) across and 5…92 down, so that "on the axis" means the
        // content's axis, not the bounds'.
        let insets = EdgeInsets(top: 5, left: 10, bottom: 8, right: 4)
        let button = Self.button(
            width: setup.width, horizontal: setup.horizontal, vertical: setup.vertical,
            direction: setup.direction, contentInsets: insets)
        let result = try button.applying(setup.recipe, spacing: spacing)
        // Apply the returned insets by hand and lay out again: the frames must be the ones returned.
        var applied = button
        applied.titleEdgeInsets = result.titleEdgeInsets
        applied.imageEdgeInsets = result.imageEdgeInsets
        let frames = applied.layout()
        #expect(frames == result.frames)
        let image = try #require(frames.image)
        let title = try #require(frames.title)
        let content = (minX: 10.0, maxX: setup.width - 4, minY: 5.0, maxY: 92.0)
        let midX = (content.minX + content.maxX) / 2
        let midY = (content.minY + content.maxY) / 2
        let across = setup.horizontal.effective(in: setup.direction)
        switch setup.recipe {
        case .imageTop, .imageBottom:
            let (upper, lower) = setup.recipe == .imageTop ? (image, title) : (title, image)
            #expect(close(lower.y - upper.maxY, spacing), "gap \(lower.y - upper.maxY)")
            switch across {
            case .center: #expect(close(image.midX, midX) && close(title.midX, midX))
            case .left: #expect(close(image.x, content.minX) && close(title.x, content.minX))
            case .right: #expect(close(image.maxX, content.maxX) && close(title.maxX, content.maxX))
            default:  // fill: the image spans the content, the title sits at its left
                #expect(close(image.x, content.minX) && close(image.maxX, content.maxX))
                #expect(close(title.x, content.minX))
            }
            switch setup.vertical {
            case .center: #expect(close((upper.y + lower.maxY) / 2, midY))
            case .top: #expect(close(upper.y, content.minY))
            case .bottom: #expect(close(lower.maxY, content.maxY))
            case .fill: #expect(close(upper.y, content.minY) && close(lower.maxY, content.maxY))
            }
        case .imageRight:
            #expect(close(image.x - title.maxX, spacing), "gap \(image.x - title.maxX)")
            switch across {
            case .center: #expect(close((title.x + image.maxX) / 2, midX))
            case .left: #expect(close(title.x, content.minX))
            case .right: #expect(close(image.maxX, content.maxX))
            default: #expect(close(title.x, content.minX) && close(image.maxX, content.maxX))
            }
            // Up and down nothing moves: each element is where it was without the recipe.
            let plain = button.layout()
            #expect(image.y == plain.image?.y && title.y == plain.title?.y)
        }
    }
}
