import Catalogs

/// One of the catalog parsers' `parse(_:file:locale:)`.
public typealias CatalogParse = ([UInt8], String, String) throws(CatalogError) -> CatalogDocument

/// Feeds `data` to `parse` and walks what comes back: every entry's text through both placeholder syntaxes, every
/// skipped entry and the error's description, so lazily computed or malformed strings are touched too.
public func fuzzCatalog(_ data: UnsafePointer<UInt8>, _ size: Int, file: String, locale: String = "en",
                        parse: CatalogParse) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    do {
        let document = try parse(bytes, file, locale)
        var sink = 0
        let apple = PlaceholderExpander(syntax: .apple)
        let android = PlaceholderExpander(syntax: .android)
        let native = PlaceholderExpander(syntax: PlaceholderSyntax(for: document.format))
        for entry in document.entries {
            sink &+= entry.key.utf8.count &+ entry.text.utf8.count &+ entry.variant.utf8.count
            sink &+= entry.position.line &+ entry.position.column &+ entry.fileAndTable.utf8.count
            sink &+= (entry.sourceText?.utf8.count ?? 0) &+ (entry.state?.utf8.count ?? 0)
            for expander in [apple, android, native] {
                let expansion = expander.expand(entry.text)
                sink &+= expansion.text.utf8.count &+ expansion.placeholderCount
            }
        }
        sink &+= document.skipped.count &+ (document.sourceLocale?.utf8.count ?? 0)
        blackHole(sink)
    } catch {
        blackHole(error.description.utf8.count)
    }
    return 0
}

/// Keeps a value alive so the work producing it is not optimised away.
@inline(never)
public func blackHole<T>(_ value: T) {
    withExtendedLifetime(value) {}
}
