import ArgumentParsing
import Measure

/// `measure button`'s two output formats. Numbers are written as JSON numbers in both: the shortest spelling that
/// reads back as the same double (124.5, 17.25, 0).
enum ButtonReport {
    /// One JSON object: `image` and `title` (`x`, `y`, `width`, `height`, or null), `titleTruncated`,
    /// `imageSqueezed`, and with a recipe `recipe`, `spacing`, `titleEdgeInsets` and `imageEdgeInsets` (`top`, `left`,
    /// `bottom`, `right`).
    static func json(_ frames: ButtonFrames, recipe: ButtonRecipeResult?) -> String {
        var members = [
            ("image", frames.image.map(rectJSON) ?? "null"),
            ("title", frames.title.map(rectJSON) ?? "null"),
            ("titleTruncated", String(frames.titleTruncated)),
            ("imageSqueezed", String(frames.imageSqueezed)),
        ]
        if let recipe {
            members += [
                ("recipe", JSONText.string(recipe.recipe.rawValue)),
                ("spacing", JSONText.number(recipe.spacing)),
                ("titleEdgeInsets", insetsJSON(recipe.titleEdgeInsets)),
                ("imageEdgeInsets", insetsJSON(recipe.imageEdgeInsets)),
            ]
        }
        return JSONText.object(members) + "\n"
    }

    /// Lines for people: each frame, the two flags, and a recipe's insets.
    static func text(_ frames: ButtonFrames, recipe: ButtonRecipeResult?) -> String {
        var lines = [
            "image: " + (frames.image.map(rectText) ?? "none"),
            "title: " + (frames.title.map(rectText) ?? "none"),
            "title truncated: " + (frames.titleTruncated ? "yes" : "no"),
            "image squeezed: " + (frames.imageSqueezed ? "yes" : "no"),
        ]
        if let recipe {
            lines += [
                "recipe: \(recipe.recipe.rawValue), spacing \(JSONText.number(recipe.spacing))",
                "titleEdgeInsets: " + insetsText(recipe.titleEdgeInsets),
                "imageEdgeInsets: " + insetsText(recipe.imageEdgeInsets),
            ]
        }
        return lines.joined(separator: "\n") + "\n"
    }

    private static func rectJSON(_ rect: Rect) -> String {
        JSONText.object([
            ("x", JSONText.number(rect.x)), ("y", JSONText.number(rect.y)),
            ("width", JSONText.number(rect.width)), ("height", JSONText.number(rect.height)),
        ])
    }

    private static func insetsJSON(_ insets: EdgeInsets) -> String {
        JSONText.object([
            ("top", JSONText.number(insets.top)), ("left", JSONText.number(insets.left)),
            ("bottom", JSONText.number(insets.bottom)), ("right", JSONText.number(insets.right)),
        ])
    }

    private static func rectText(_ rect: Rect) -> String {
        "x \(JSONText.number(rect.x)), y \(JSONText.number(rect.y)), width \(JSONText.number(rect.width)), "
            + "height \(JSONText.number(rect.height))"
    }

    private static func insetsText(_ insets: EdgeInsets) -> String {
        "top \(JSONText.number(insets.top)), left \(JSONText.number(insets.left)), "
            + "bottom \(JSONText.number(insets.bottom)), right \(JSONText.number(insets.right))"
    }
}
