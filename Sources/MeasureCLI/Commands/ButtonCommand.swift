import ArgumentParsing
import Measure
import Pictures

/// `measure button …`: where a UIButton puts its image and title (docs/semantics/button-layout.md §B), optionally after a recipe chose the edge
/// insets that put the image above, below or to the right of the title.
struct ButtonCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "button",
        abstract: "Lay out a UIButton's image and title; compute the edge insets for image-above/below/right.",
        discussion: """
            Prints the image view's and title label's frames in the button's own coordinates (points, origin at its \
            top-left corner), as UIKit's legacy layout places them: the image and title aligned as one group, each \
            moved by its edge insets (by half of them when centred), the title truncated or the image squeezed when \
            the button is too narrow. Origins are rounded to the 2× pixel grid; a --title is measured as a one-line \
            label raised to that grid. --recipe sets the image and title insets itself and prints them.
            Example: measure button --width 300 --height 50 --image 32x32 --title 我是一个按钮 --size 18 \
            --recipe image-top --json
            """,
        options: [
            .single("width", valueName: "pt", help: "The button's width.", isRequired: true),
            .single("height", valueName: "pt", help: "The button's height.", isRequired: true),
            .single(
                "image", valueName: "WxH",
                help: "The image's size, e.g. 32x32; leave it out for a button with a title alone."),
            .single(
                "title", valueName: "text",
                help: "The title, measured in --font (or the default cascade) at "
                    + "--size."),
            .repeated(
                "font", valueName: "file",
                help: "A font file for --title; repeat for a fallback cascade. "
                    + "Default: the default cascade (measure --help)."),
            .repeated("face-index", valueName: "n", help: "The face of the --font before it."),
            .single("size", valueName: "pt", help: "The title's font size (18 is a custom button's default)."),
            .single("title-width", valueName: "pt", help: "The title label's width, instead of --title."),
            .single("title-height", valueName: "pt", help: "The title label's height, with --title-width."),
            .single(
                "alignment", valueName: "alignment",
                help: "contentHorizontalAlignment: center, left, right, "
                    + "fill, leading or trailing (left to right).", defaultValue: "center"),
            .single("content-insets", valueName: "T,L,B,R", help: "contentEdgeInsets, e.g. 0,20,0,0."),
            .single("image-insets", valueName: "T,L,B,R", help: "imageEdgeInsets."),
            .single("title-insets", valueName: "T,L,B,R", help: "titleEdgeInsets."),
            .single(
                "recipe", valueName: "recipe",
                help: "image-top, image-bottom or image-right: compute the image "
                    + "and title insets for that arrangement."),
            .single(
                "spacing", valueName: "pt", help: "With --recipe: the gap between image and title.",
                defaultValue: "0"),
            .single(
                "svg", valueName: "file",
                help: "Also draw the layout into an SVG file: bounds, content "
                    + "rectangle, inset rectangles, image and title frames, the title's glyphs."),
            .flag(
                "json",
                help: "Print one JSON object: image and title frames (x, y, width, height), "
                    + "titleTruncated, imageSqueezed, and a recipe's insets."),
        ])

    /// The title as given: text to measure, or a label size.
    enum TitleInput {
        case text(String, fonts: [FontSource], size: Double)
        case size(Size)
    }

    var button: ButtonLayout
    /// The title; nil for a button with an image alone.
    var titleInput: TitleInput?
    var recipe: ButtonRecipe?
    var spacing: Double
    var json: Bool
    var svgPath: String?

    init(_ values: ParsedValues) throws(UsageError) {
        let width = try values.double("width")!
        let height = try values.double("height")!
        for (name, value) in [("--width", width), ("--height", height)] {
            if let problem = MeasureLimits.lengthProblem(name, value) { throw UsageError(problem) }
        }
        titleInput = try Self.titleInput(values)
        let imageSize = try values.value("image", as: Size.self)
        if imageSize == nil && titleInput == nil {
            throw UsageError(
                "give an image (--image WxH), a title (--title TEXT --size PT, or --title-width and "
                    + "--title-height), or both")
        }
        button = ButtonLayout(
            size: Size(width: width, height: height),
            imageSize: imageSize,
            contentEdgeInsets: try values.value("content-insets", as: EdgeInsets.self) ?? .zero,
            titleEdgeInsets: try values.value("title-insets", as: EdgeInsets.self) ?? .zero,
            imageEdgeInsets: try values.value("image-insets", as: EdgeInsets.self) ?? .zero,
            contentHorizontalAlignment: try values.value(
                "alignment",
                as: ContentHorizontalAlignment.self)!)
        recipe = try values.value("recipe", as: ButtonRecipe.self)
        spacing = try values.double("spacing")!
        if let problem = MeasureLimits.lengthProblem("--spacing", spacing, allowsNegative: true) {
            throw UsageError(problem)
        }
        if recipe == nil && values.flag("spacing") { throw UsageError("--spacing applies to --recipe only") }
        if recipe != nil && (imageSize == nil || titleInput == nil) {
            throw UsageError("--recipe places the image and the title against each other: give both")
        }
        if recipe != nil && (values.flag("image-insets") || values.flag("title-insets")) {
            throw UsageError(
                "--recipe chooses the image and title insets itself; leave out --image-insets and "
                    + "--title-insets")
        }
        json = values.flag("json")
        svgPath = values.string("svg")
    }

    /// Reads `--title` (with `--font`, `--face-index`, `--size`) or `--title-width` with `--title-height`; nil when
    /// none of them is given (an image alone).
    private static func titleInput(_ values: ParsedValues) throws(UsageError) -> TitleInput? {
        let text = values.string("title")
        let titleWidth = try values.double("title-width")
        let titleHeight = try values.double("title-height")
        let textOptions = values.flag("font") || values.flag("face-index") || values.flag("size")
        if text != nil && (titleWidth != nil || titleHeight != nil) {
            throw UsageError("give the title as --title TEXT or as --title-width and --title-height, not both")
        }
        if let text {
            guard let size = try values.double("size") else {
                throw UsageError("--title needs --size (the font size in points)")
            }
            if let problem = MeasureLimits.pointSizeProblem("--size", size) { throw UsageError(problem) }
            return .text(text, fonts: try MeasurementArguments.fontSources(values), size: size)
        }
        if textOptions { throw UsageError("--font, --face-index and --size apply to --title only") }
        guard let titleWidth, let titleHeight else {
            if titleWidth != nil || titleHeight != nil {
                throw UsageError("--title-width and --title-height go together")
            }
            return nil
        }
        for (name, value) in [("--title-width", titleWidth), ("--title-height", titleHeight)] {
            if let problem = MeasureLimits.lengthProblem(name, value) { throw UsageError(problem) }
        }
        return .size(Size(width: titleWidth, height: titleHeight))
    }

    func run(output: any OutputSink) throws {
        var button = button
        var drawnTitle: DrawnLayout?
        switch titleInput {
        case nil:
            button.title = nil
        case .size(let size):
            button.title = .size(size)
        case .text(let text, let fonts, let size):
            let cascade = fonts.isEmpty ? try FontCascade.loadDefault() : try FontCascade(loading: fonts)
            let measurer = TextMeasurer(cascade: cascade, pointSize: size)
            button.title = .text(text, measurer: measurer)
            // Characters no font has are measured as each font's .notdef box, never silently (as `measure text`).
            let missing = measurer.makeSession().missingGlyphs(in: text)
            if missing > 0 {
                output.writeError(
                    MissingGlyphWarning.text(
                        count: missing, strings: 1, scalars: cascade.unmappedScalars(in: text)))
            }
            // Drawn as the one-line label it is measured as (`ButtonTitle.labelMeasurer`).
            if svgPath != nil { drawnTitle = button.title?.labelMeasurer?.makeSession().drawnLayout(text) }
        }
        let result = try recipe.map { recipe throws(ButtonRecipeError) in try button.applying(recipe, spacing: spacing)
        }
        let frames = result?.frames ?? button.layout()
        if let svgPath {
            var drawn = button
            if let result {
                drawn.titleEdgeInsets = result.titleEdgeInsets
                drawn.imageEdgeInsets = result.imageEdgeInsets
            }
            try OutputFile.write(
                Array(ButtonSVG.render(drawn, frames: frames, title: drawnTitle).svg.utf8),
                to: svgPath)
        }
        output.writeOutput(json ? ButtonReport.json(frames, recipe: result) : ButtonReport.text(frames, recipe: result))
    }
}
