import Catalogs
import FuzzSupport

/// libFuzzer entry point: `AndroidResourcesParser.parse` on arbitrary bytes, by aapt2's rules or, when the first
/// byte is odd, by Compose Multiplatform's.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let dialect: AndroidResourcesParser.Dialect = size > 0 && data[0] & 1 == 1 ? .composeResources : .aapt2
    return fuzzCatalog(data, size, file: "res/values/strings.xml") { bytes, file, locale throws(CatalogError) in
        try AndroidResourcesParser.parse(bytes, file: file, locale: locale, dialect: dialect)
    }
}
