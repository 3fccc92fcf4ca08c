import Catalogs
import FuzzSupport

/// libFuzzer entry point: `StringsFileParser.parse` on arbitrary bytes.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    fuzzCatalog(data, size, file: "en.lproj/Localizable.strings", parse: StringsFileParser.parse)
}
