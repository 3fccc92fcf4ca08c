import Catalogs
import FuzzSupport

/// Entries the parsed config's rules and font tables are applied to.
let probeEntries: [CatalogEntry] = [
    CatalogEntry(file: "App/en.lproj/Localizable.strings", locale: "en", key: "button.buy", text: "Buy",
                 position: SourcePosition(line: 1, column: 1)),
    CatalogEntry(file: "App/de.lproj/Localizable.stringsdict", locale: "de", key: "items.count", variant: "one",
                 text: "%d Artikel", position: SourcePosition(line: 3, column: 7)),
    CatalogEntry(file: "res/values-zh-rTW/strings.xml", locale: "zh-Hant", key: "title", text: "標題",
                 position: SourcePosition(line: 2, column: 2), table: "strings"),
]

/// libFuzzer entry point: `CatalogConfigParser.parse` on arbitrary bytes, then every query a catalog run makes.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    do {
        let config = try CatalogConfigParser.parse(bytes, file: "textsize.json")
        var sink = config.rules.count &+ config.placeholders.count &+ config.fonts.count
        for locale in ["en", "de", "zh-Hant", "zh_Hans", "pt-BR", ""] {
            sink &+= config.fonts(for: locale)?.map(\.description).count ?? 0
        }
        for entry in probeEntries {
            let settings = config.settings(for: entry, base: config.defaults)
            sink &+= settings.overridden(by: config.defaults).attributes?.utf8.count ?? 0
            sink &+= settings.maxLines ?? 0
        }
        sink &+= config.unusedParts(for: probeEntries).count &+ config.unusedParts(for: []).count
        let expansion = PlaceholderExpander(samples: config.placeholderSamples).expand("%@ %d %.2f %x %c %1$@ %%")
        sink &+= expansion.text.utf8.count
        blackHole(sink)
    } catch {
        blackHole(error.description.utf8.count)
    }
    return 0
}
