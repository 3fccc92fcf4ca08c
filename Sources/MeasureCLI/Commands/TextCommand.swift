import ArgumentParsing
import Measure
import Pictures

/// `measure text STRING …`: the size of one string.
struct TextCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "text",
        abstract: "Measure one string.",
        discussion: """
            Prints width, height and line count in points, and the size raised to whole points (what to give a view).
            Example: measure text "hello world hello world hello world" \
            --font /usr/share/fonts/truetype/dejavu/DejaVuSans.ttf --size 14 --width 200
            """,
        options: MeasurementArguments.options + [
            .flag(
                "json",
                help: "Print one JSON object: width, height, lines, ceiledWidth, ceiledHeight, missingGlyphs "
                    + "(characters no font has); with --attributes, truncated and truncatedLine; with --lines, "
                    + "lineFragments."),
            .flag("lines", help: "Also print each line's width and text."),
            .single(
                "svg", valueName: "file",
                help: "Also draw the string into an SVG file: its box, line "
                    + "fragments, baselines, the boundingRect box, the ceiled size dashed, the shaped glyphs."),
        ],
        positionals: [.required("string", help: "The text to measure.")])

    var text: String
    var arguments: MeasurementArguments
    var json: Bool
    var showsLines: Bool
    var svgPath: String?

    init(_ values: ParsedValues) throws {
        text = values.positional("string") ?? ""
        arguments = try MeasurementArguments(values)
        json = values.flag("json")
        showsLines = values.flag("lines")
        svgPath = values.string("svg")
    }

    func run(output: any OutputSink) throws {
        let measurer = try arguments.makeMeasurer()
        if let svgPath {
            let drawn = measurer.makeSession().drawnLayout(text)
            try OutputFile.write(Array(TextSVG.render(drawn, maxWidth: measurer.options.maxWidth).utf8), to: svgPath)
        }
        let layout = measurer.layout(text)
        let size = layout.size
        let ceiled = size.ceiled
        let utf8 = Array(text.utf8)
        let lineTexts = layout.lines.map { String(decoding: utf8[$0.utf8Range], as: UTF8.self) }
        if size.missingGlyphs > 0 {
            output.writeError(
                MissingGlyphWarning.text(
                    count: size.missingGlyphs, strings: 1,
                    scalars: measurer.cascade.unmappedScalars(in: text)))
        }
        if json {
            var members = SizeJSON.members(
                size, showsTruncation: SizeJSON.showsTruncation(arguments.options.attributes))
            if showsLines {
                let lines = zip(layout.lines, lineTexts).map { line, text in
                    JSONText.object([
                        ("text", JSONText.string(text)), ("width", JSONText.number(line.width)),
                        ("height", JSONText.number(line.height)),
                    ])
                }
                members.append(("lineFragments", "[" + lines.joined(separator: ", ") + "]"))
            }
            output.writeOutput(JSONText.object(members) + "\n")
            return
        }
        var report = """
            width:  \(DecimalFormatter.string(size.width, places: 4)) pt
            height: \(DecimalFormatter.string(size.height, places: 4)) pt
            lines:  \(size.lineCount)
            ceiled: \(DecimalFormatter.string(ceiled.width, places: 0)) × \(DecimalFormatter.string(ceiled.height, places: 0)) pt

            """
        if let line = size.truncatedLine { report += "truncated after line \(line)\n" }
        if showsLines {
            for (number, (line, text)) in zip(layout.lines, lineTexts).enumerated() {
                report +=
                    "line \(number + 1): \(DecimalFormatter.string(line.width, places: 4)) pt  "
                    + JSONText.string(text) + "\n"
            }
        }
        output.writeOutput(report)
    }
}
