/// The recipes of docs/semantics/button-layout.md §B3 as arithmetic: the `titleEdgeInsets` and `imageEdgeInsets` that arrange image and title,
/// for whichever alignment the button has.
///
/// Every recipe reads the laid-out sizes with no edge insets (docs/semantics/button-layout.md §B3: "the current laid-out iw/ih/tw/th"): `iw`,
/// `ih` the image view's, `tw`, `th` the title label's (after the squeeze and truncation of docs/semantics/button-layout.md §B4), `s` the spacing.
/// Centred, an inset moves its element by half its value (docs/semantics/button-layout.md §B2.3), so a recipe writes each shift twice over, or as
/// a pair of opposite insets; pinned to an edge, an inset moves its element by its whole value (docs/semantics/button-layout.md §B2.4), so the
/// same arrangement needs other numbers. The recipes below are the seed's where the seed applies (centred both ways).
extension ButtonLayout {
    /// The edge insets that arrange the image and the title as `recipe` says, and the frames that result. The insets
    /// replace `titleEdgeInsets` and `imageEdgeInsets`; the button's size and other settings stay.
    ///
    /// What each recipe promises (`C` the content rectangle):
    /// - `imageTop`, `imageBottom`: the image exactly `spacing` above (below) the title; across, both on the axis the
    ///   alignment gives: centred on `C.midX` (`center`), at `C.x` (`left`), ending at `C.maxX` (`right`); with `fill`
    ///   the image spans `C` and the title sits at `C.x`, where fill puts a title alone. Up and down, the pair is
    ///   centred (`center`), at the top, at the bottom, or (`fill`) the title at the bottom and the image filling the
    ///   rest above it (below it for `imageBottom`).
    /// - `imageRight`: the title, then `spacing`, then the image; the pair centred, at `C.x` or ending at `C.maxX`;
    ///   with `fill` the title at `C.x` and the image stretched to `C.maxX`. Up and down, as without the recipe.
    ///
    /// Origins are rounded to pixels afterwards (see `scale`), so with a scale these hold exactly when the sizes and
    /// the spacing lie on the pixel grid, and within a pixel otherwise.
    /// - Parameters:
    ///   - recipe: Where the image goes relative to the title.
    ///   - spacing: The gap between image and title in points (0: touching; negative: overlapping).
    /// - Throws: `ButtonRecipeError.spacingOutOfRange` for a spacing that is not a length within
    ///   ±`MeasureLimits.maximumLength` (NaN, infinite, beyond it); `ButtonRecipeError.insetsOutOfRange` when an inset
    ///   the recipe works out lies beyond it, where the sizes and the spacing each lie within it.
    public func applying(_ recipe: ButtonRecipe, spacing: Double = 0) throws(ButtonRecipeError) -> ButtonRecipeResult {
        guard MeasureLimits.isValidLength(spacing, allowsNegative: true) else { throw .spacingOutOfRange(spacing) }
        let titleSize = titleLabelSize
        let fitted = fit(titleSize: titleSize)
        let sizes = RecipeSizes(
            iw: fitted.image?.width ?? 0, ih: fitted.image?.height ?? 0,
            tw: fitted.title?.width ?? 0, th: fitted.title?.height ?? 0, s: spacing,
            content: fitted.contentRect)
        var title = EdgeInsets.zero
        var image = EdgeInsets.zero
        switch recipe {
        case .imageTop, .imageBottom:
            (title.left, title.right, image.left, image.right) = sizes.stackedAcross(fitted.alignment, layoutDirection)
            (title.top, title.bottom, image.top, image.bottom) =
                recipe == .imageTop
                ? sizes.imageAbove(contentVerticalAlignment) : sizes.imageBelow(contentVerticalAlignment)
        case .imageRight:
            (title.left, title.right, image.left, image.right) = sizes.imageAfter(fitted.alignment, layoutDirection)
        }
        guard title.isWithinLimits && image.isWithinLimits else {
            throw .insetsOutOfRange(recipe: recipe, titleEdgeInsets: title, imageEdgeInsets: image)
        }
        var layout = self
        layout.titleEdgeInsets = title
        layout.imageEdgeInsets = image
        return ButtonRecipeResult(
            recipe: recipe, spacing: spacing, titleEdgeInsets: title, imageEdgeInsets: image,
            layout: layout, frames: layout.layout(titleSize: titleSize))
    }
}

/// The laid-out sizes a recipe works from, and its formulas per axis. Each formula returns
/// (title near, title far, image near, image far): left/right across, top/bottom up and down.
private struct RecipeSizes {
    var iw, ih, tw, th, s: Double
    var content: Rect

    typealias Insets = (Double, Double, Double, Double)

    /// Across, for the stacked recipes: the title leaves the image's place and the image the title's.
    /// Left-to-right, the seed's `title.left = −iw`, `image.right = −tw`: centred each moves half of that onto the axis
    /// (the title −iw/2, the image +tw/2); at the left edge the title moves the whole −iw to `C.x` and the image stays;
    /// at the right edge the image moves the whole +tw to end at `C.maxX` and the title stays. Fill stretches the
    /// image over `C.width + tw − tw`, and the title, after the image, needs its right edge pulled in to `C.x + tw`.
    /// Right-to-left the title comes first, so the roles swap sides.
    func stackedAcross(_ alignment: ContentHorizontalAlignment, _ direction: LayoutDirection) -> Insets {
        switch direction {
        case .leftToRight:
            return (-iw, alignment == .fill ? content.width - tw : 0, 0, -tw)
        case .rightToLeft:
            return (0, -iw, -tw, 0)
        }
    }

    /// Up and down, image above title (the seed: `title.top = ih`, `image.top = −th`, here with the spacing).
    /// Centred, the title moves (ih + s)/2 down and the image (th + s)/2 up: the gap is s and the pair stays centred.
    /// At the top the title alone moves ih + s down; at the bottom the image alone moves th + s up. Filling, the
    /// title's rectangle keeps its bottom `th` and the image's everything above `th + s`.
    func imageAbove(_ alignment: ContentVerticalAlignment) -> Insets {
        switch alignment {
        case .center: return (ih + s, 0, -(th + s), 0)
        case .top: return (ih + s, 0, 0, 0)
        case .bottom: return (0, 0, 0, th + s)
        case .fill: return (content.height - th, 0, 0, th + s)
        }
    }

    /// Up and down, image below title: `imageAbove` mirrored (the title moves up by (ih + s)/2 centred, the image down
    /// by (th + s)/2).
    func imageBelow(_ alignment: ContentVerticalAlignment) -> Insets {
        switch alignment {
        case .center: return (0, ih + s, th + s, 0)
        case .top: return (0, 0, th + s, 0)
        case .bottom: return (0, ih + s, 0, 0)
        case .fill: return (0, content.height - th, th + s, 0)
        }
    }

    /// Across, image after title. A pair of opposite insets (d, −d) moves its element by d at every alignment
    /// (centred: (d − (−d))/2 = d), the form of the common recipe `title = (0, −iw, 0, iw)`,
    /// `image = (0, tw + s, 0, −(tw + s))` [OBS B6], which is this left-aligned. The spacing widens the pair by s, so
    /// centred each element takes half of it, and at the right edge the title takes all of it. With fill the title
    /// moves from after the stretched image to `C.x`, and the image's rectangle starts `tw + s` in and reaches `tw`
    /// past `C.maxX`, so that it stretches from the title's end + s to `C.maxX`.
    /// Right-to-left the title already comes first: only the spacing is to be made.
    func imageAfter(_ alignment: ContentHorizontalAlignment, _ direction: LayoutDirection) -> Insets {
        let (title, image): (Double, Double)
        switch (direction, alignment) {
        case (.leftToRight, .left): (title, image) = (-iw, tw + s)
        case (.leftToRight, .center): (title, image) = (-(iw + s / 2), tw + s / 2)
        case (.leftToRight, .right): (title, image) = (-(iw + s), tw)
        case (.leftToRight, .fill):
            let shift = content.width - tw
            return (-shift, shift, tw + s, -tw)
        case (.rightToLeft, .left): (title, image) = (0, s)
        case (.rightToLeft, .center): (title, image) = (-s / 2, s / 2)
        case (.rightToLeft, .right): (title, image) = (-s, 0)
        case (.rightToLeft, .fill): return (0, 0, s, 0)
        case (_, .leading), (_, .trailing):
            preconditionFailure("resolve leading and trailing with effective(in:) first")
        }
        return (title, -title, image, -image)
    }
}
