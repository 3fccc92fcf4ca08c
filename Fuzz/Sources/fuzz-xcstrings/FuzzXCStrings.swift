import Catalogs
import FuzzSupport

/// libFuzzer entry point: `XCStringsParser.parse` on arbitrary bytes.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    fuzzCatalog(data, size, file: "Localizable.xcstrings", parse: XCStringsParser.parse)
}
