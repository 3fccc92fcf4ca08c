import Catalogs
import FuzzSupport

/// libFuzzer entry point: `GettextParser.parse` on arbitrary bytes, read as a `.po` file or, when they start with
/// the `.mo` magic number in either byte order, as a compiled catalog (the parser decides by the bytes, as gettext's
/// own tools do); the locale is left to the header's `Language`.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    fuzzCatalog(data, size, file: "po/de.po", locale: "", parse: GettextParser.parse)
}
