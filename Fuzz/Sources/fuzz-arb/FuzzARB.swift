import Catalogs
import FuzzSupport

/// libFuzzer entry point: a Flutter ARB file (JSON with ICU MessageFormat messages) parsed as discovery hands it to
/// its parser, without a template file beside it, so the file's own `@key` metadata is used.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    fuzzCatalog(data, size, file: "lib/l10n/app_de.arb", locale: "de") { bytes, file, locale throws(CatalogError) in
        try CatalogParsing.parse(bytes, source: CatalogSource(path: file, format: .arb, locale: locale, group: file))
    }
}
