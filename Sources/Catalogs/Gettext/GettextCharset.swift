#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Turns a gettext catalog's strings from the charset its header names into `String`s.
///
/// gettext catalogs are in the charset of their header's `Content-Type: text/plain; charset=…`, not always UTF-8:
/// of the 37 catalogs Debian's `gettext` package ships, eight are ISO-8859-1, -2, -7 or -15 and one is EUC-JP. UTF-8
/// (and ASCII, and the template placeholder `CHARSET`) is validated directly; any other charset goes through the C
/// library's `iconv`, which gettext itself uses, so every charset the system can convert is read as gettext reads
/// it. A file without a header (or a charset) is taken as UTF-8.
///
/// For `.po` text, the charsets whose two-byte characters can contain the ASCII bytes `\` and `"` (BIG5,
/// BIG5-HKSCS, GBK, GB18030, SHIFT_JIS, JOHAB and their Windows code pages) are refused: a byte-level reader would
/// cut strings inside characters, and gettext needs special code for them too. `msgconv -t UTF-8` converts such a
/// file. Compiled `.mo` strings have no escapes, so there every charset is fine.
///
/// Not `Sendable`: it owns an `iconv_t`, which converts one string at a time; each file gets its own.
final class GettextCharset {
    /// The charset as the header wrote it, for messages.
    let name: String
    /// The converter to UTF-8; nil for UTF-8 itself.
    private let converter: iconv_t?

    /// The decoder for `name` (nil: none given, UTF-8).
    /// - Parameter forText: Whether the strings come from `.po` text (see the type's documentation).
    /// - Throws: A message when the charset is refused or the system cannot convert it.
    init(_ name: String?, forText: Bool) throws(GettextHeaderProblem) {
        let name = name ?? "UTF-8"
        self.name = name
        let normalized = name.uppercased()
        if ["UTF-8", "UTF8", "ASCII", "US-ASCII", "ANSI_X3.4-1968", "CHARSET"].contains(normalized) {
            converter = nil
            return
        }
        if forText && Self.hidesASCII.contains(normalized) {
            throw GettextHeaderProblem(
                message: "the header's charset \(CatalogExcerpt.of(name)) can hide '\\' and "
                    + "'\"' inside its characters, so a .po file in it cannot be read byte by byte; convert it with "
                    + "msgconv -t UTF-8")
        }
        let opened = iconv_open("UTF-8", name)
        guard let opened, Int(bitPattern: opened) != -1 else {
            throw GettextHeaderProblem(
                message: "the header's charset \(CatalogExcerpt.of(name)) is not one this "
                    + "system can convert to UTF-8 (iconv does not know it)")
        }
        converter = opened
    }

    deinit {
        if let converter { iconv_close(converter) }
    }

    /// Multi-byte charsets whose second bytes include 0x5C (`\`) or 0x22 (`"`).
    private static let hidesASCII: Set<String> = [
        "BIG5", "BIG-5", "BIG5-HKSCS", "BIG5HKSCS", "GBK", "GB18030", "SHIFT_JIS", "SHIFT-JIS", "SJIS", "JOHAB",
        "CP932", "CP936", "CP949", "CP950", "WINDOWS-31J", "MS_KANJI",
    ]

    /// `bytes` as a string, or nil when they are not valid in the charset.
    func decode(_ bytes: [UInt8]) -> String? {
        guard let converter else { return String(validating: bytes, as: UTF8.self) }
        if bytes.allSatisfy({ $0 < 0x80 }) { return String(decoding: bytes, as: UTF8.self) }
        // No character takes more than four UTF-8 bytes, nor fewer than one input byte; the loop still grows the
        // buffer if a converter needs more.
        var output = [UInt8](repeating: 0, count: bytes.count * 4 + 16)
        var input = bytes
        var written = 0
        iconv(converter, nil, nil, nil, nil)
        let ok = input.withUnsafeMutableBufferPointer { inputBuffer -> Bool in
            var inPointer: UnsafeMutablePointer<CChar>? = UnsafeMutableRawPointer(inputBuffer.baseAddress)?
                .assumingMemoryBound(to: CChar.self)
            var inLeft = inputBuffer.count
            while true {
                let result = output.withUnsafeMutableBufferPointer { outputBuffer -> (Int, Int32) in
                    var outPointer: UnsafeMutablePointer<CChar>? =
                        UnsafeMutableRawPointer(outputBuffer.baseAddress! + written)
                        .assumingMemoryBound(to: CChar.self)
                    var outLeft = outputBuffer.count - written
                    let before = outLeft
                    var converted = iconv(converter, &inPointer, &inLeft, &outPointer, &outLeft)
                    if converted != -1 {
                        // The end of the input: a stateful charset writes what it still holds.
                        converted = iconv(converter, nil, nil, &outPointer, &outLeft)
                    }
                    written += before - outLeft
                    return (converted, converted == -1 ? errno : 0)
                }
                if result.0 != -1 { return true }
                guard result.1 == E2BIG else { return false }
                output += [UInt8](repeating: 0, count: output.count)
            }
        }
        guard ok else { return nil }
        return String(validating: output[0..<written], as: UTF8.self)
    }
}

/// An `iconv_t` converts one string at a time and keeps state between calls: one converter, one thread.
@available(*, unavailable)
extension GettextCharset: Sendable {}
