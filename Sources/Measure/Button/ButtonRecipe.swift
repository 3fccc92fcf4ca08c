/// The image-and-title arrangements developers build from `titleEdgeInsets` and `imageEdgeInsets` (docs/semantics/button-layout.md §B3), which
/// `ButtonLayout.applying(_:spacing:)` computes instead of finding by trial and error.
public enum ButtonRecipe: String, Sendable, Hashable, CaseIterable, Codable {
    /// The image above the title, both on the content's axis, `spacing` apart (the seed's recipe).
    case imageTop = "image-top"
    /// The image below the title, both on the content's axis, `spacing` apart.
    case imageBottom = "image-bottom"
    /// The image to the right of the title, `spacing` apart, the pair aligned as the image and title were.
    case imageRight = "image-right"
}

/// What a recipe asks to set, and what the button then looks like.
public struct ButtonRecipeResult: Sendable {
    /// The recipe applied.
    public var recipe: ButtonRecipe
    /// The gap asked for between the image and the title, in points.
    public var spacing: Double
    /// The value to give `titleEdgeInsets`.
    public var titleEdgeInsets: EdgeInsets
    /// The value to give `imageEdgeInsets`.
    public var imageEdgeInsets: EdgeInsets
    /// The button with both insets set.
    public var layout: ButtonLayout
    /// `layout.layout()`: the frames that result.
    public var frames: ButtonFrames
}
