import Foundation

/// Why `ButtonLayout.applying(_:spacing:)` cannot give a recipe's insets.
public enum ButtonRecipeError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The insets the recipe works out reach beyond ±`MeasureLimits.maximumLength`, the range a button's insets are
    /// held to: each input may be within it while a sum of them is not (a spacing of 999,990 pt above a title 20 pt
    /// high asks for a top inset of −1,000,010 pt). No inset was applied.
    case insetsOutOfRange(recipe: ButtonRecipe, titleEdgeInsets: EdgeInsets, imageEdgeInsets: EdgeInsets)
    /// The spacing is not a length within ±`MeasureLimits.maximumLength` (NaN, infinite, or beyond it). No inset was
    /// applied.
    case spacingOutOfRange(Double)

    public var description: String {
        switch self {
        case .insetsOutOfRange(let recipe, let title, let image):
            func text(_ insets: EdgeInsets) -> String {
                "(top \(insets.top), left \(insets.left), bottom \(insets.bottom), right \(insets.right))"
            }
            return "the \(recipe.rawValue) recipe needs title insets \(text(title)) and image insets \(text(image)), "
                + "beyond the ±\(Int(MeasureLimits.maximumLength)) pt a button's insets may have: use a smaller "
                + "spacing, image or title"
        case .spacingOutOfRange(let spacing):
            return "the spacing must be a number of points within ±\(Int(MeasureLimits.maximumLength)); got \(spacing)"
        }
    }
}

/// `localizedDescription` is `description` (Foundation's default for a Swift error names its type and case number).
extension ButtonRecipeError: LocalizedError {
    /// `description`, which `localizedDescription` returns.
    public var errorDescription: String? { description }
}
