@testable import Catalogs
import FuzzSupport

/// libFuzzer entry point: a Flutter ARB file (JSON with ICU MessageFormat messages) parsed as discovery hands it to
/// its parser, without a template file beside it, so the file's own `@key` metadata is used; when the first byte is
/// even (not the `{` most seeds start with), read as a project with `use-escaping: true` and `relax-syntax: true` in
/// its `l10n.yaml` reads it.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let relaxed = size > 0 && data[0] & 1 == 0
    return fuzzCatalog(data, size, file: "lib/l10n/app_de.arb", locale: "de") {
        bytes, file, locale throws(CatalogError) in
        guard relaxed else {
            return try CatalogParsing.parse(
                bytes, source: CatalogSource(path: file, format: .arb, locale: locale, group: file))
        }
        return try ARBParser.parse(
            bytes, file: file, locale: locale, template: nil, apostrophes: .quotesAlways, relaxSyntax: true)
    }
}
