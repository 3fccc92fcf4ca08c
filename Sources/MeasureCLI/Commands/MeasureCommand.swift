import ArgumentParsing
import Cache
import Measure
import MeasureStore

/// The root of `measure`: a group of subcommands.
struct MeasureCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "measure",
        abstract: "Measure text the way Apple's boundingRect(with:options:attributes:context:) does, on Linux.",
        discussion: """
            Sizes are in points, fractional, for text wrapped at a maximum width with .usesLineFragmentOrigin. \
            Without --font, the default cascade is DejaVu Sans, then the Noto Sans CJK face of the text's language \
            (SC unless --language names another: ja, ko, zh-Hant…), then a Noto font for each script (Arabic, \
            Devanagari, Thai…), which that script's letters take, then Noto Color Emoji.
            """,
        version: "measure \(TextSizeVersion.engine) (FreeType \(FontLibraryInfo.freeTypeVersion), "
            + "SQLite \(SQLiteLibrary.version))",
        subcommands: [
            TextCommand.self, BatchCommand.self, StreamCommand.self, CatalogCommand.self, CompareCommand.self,
            BreaksCommand.self, ButtonCommand.self,
            DatabaseCommand.self,
        ])

    init(_ values: ParsedValues) {}
    func run(output: any OutputSink) {}
}
