/// A glyph's outline as FreeType decomposes it (`FT_Outline_Decompose`): contours of lines and quadratic or cubic
/// Bézier curves, in font units with y pointing up, unhinted and unscaled.
public struct GlyphOutline: Sendable, Hashable {
    /// One drawing command; points are (x, y) in font units, y up.
    public enum Command: Sendable, Hashable {
        /// Starts a contour at (x, y).
        case move(x: Double, y: Double)
        /// A straight line to (x, y).
        case line(x: Double, y: Double)
        /// A quadratic Bézier curve (TrueType's conic) to (x, y), shaped by its control point.
        case quadratic(controlX: Double, controlY: Double, x: Double, y: Double)
        /// A cubic Bézier curve (CFF's) to (x, y), shaped by its two control points.
        case cubic(control1X: Double, control1Y: Double, control2X: Double, control2Y: Double, x: Double, y: Double)
        /// Closes the current contour (FreeType's contours are always closed).
        case close
    }

    /// The commands, contour after contour.
    public var commands: [Command]

    /// An outline of `commands`, contour after contour.
    public init(commands: [Command]) {
        self.commands = commands
    }

    /// Whether the outline draws nothing (a space).
    public var isEmpty: Bool { commands.isEmpty }
}
