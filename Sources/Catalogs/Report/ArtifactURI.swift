/// Turns a catalog's file path into the URI reference SARIF's `artifactLocation.uri` wants: relative to a base
/// directory (the repository root, which SARIF calls `%SRCROOT%`), `/`-separated, percent-encoded.
///
/// The work is lexical only (no file system access, symlinks are not resolved): a relative path is first taken
/// against the working directory; `.` and empty segments are dropped and `..` pops a segment. A file outside the base
/// gets `../` segments. Code scanning matches alerts across runs by this path, so it must not depend on where the
/// repository is checked out — hence relative, never absolute.
package enum ArtifactURI {
    /// `path` relative to `base`, as a percent-encoded relative URI reference (`App/de.lproj/Localizable.strings`).
    static func relativeReference(_ path: String, base: String, workingDirectory: String) -> String {
        RelativePath.relativeSegments(path, to: base, workingDirectory: workingDirectory).map(encode)
            .joined(separator: "/")
    }

    /// `directory` as an absolute `file://` URI ending in `/` (SARIF §3.14.14 wants base URIs to end in a slash).
    static func directoryURI(_ directory: String, workingDirectory: String) -> String {
        let parts = RelativePath.absoluteSegments(directory, workingDirectory: workingDirectory)
        return "file:///" + parts.map(encode).map { $0 + "/" }.joined()
    }

    /// One path segment percent-encoded (RFC 3986 §3.3): unreserved characters and the sub-delimiters and `@` stay,
    /// everything else — `%`, `?`, `#`, space, `:` (which could read as a scheme), non-ASCII — becomes `%XX` per
    /// UTF-8 byte. `..` is a segment of its own and passes through.
    private static func encode(_ segment: String) -> String {
        var out = ""
        for byte in segment.utf8 {
            if allowed.contains(byte) {
                out.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                let digits = Array("0123456789ABCDEF")
                out += "%" + String(digits[Int(byte >> 4)]) + String(digits[Int(byte & 0x0F)])
            }
        }
        return out
    }

    private static let allowed: Set<UInt8> = Set(
        "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~!$&'()*+,;=@".utf8)

    /// Whether `text` is a URI with a scheme (RFC 3986 §3) — a scheme (a letter, then letters, digits, `+`, `-`,
    /// `.`), a colon, then only URI characters (unreserved, reserved, `%` with two hex digits): what SARIF's
    /// `informationUri` (`"format": "uri"`) must be. A space, a quote, a control character or a relative path is
    /// not.
    package static func isAbsoluteURI(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        guard let colon = bytes.firstIndex(of: UInt8(ascii: ":")), colon > 0, colon + 1 < bytes.count else {
            return false
        }
        func isLetter(_ byte: UInt8) -> Bool {
            (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z")
        }
        func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }
        guard isLetter(bytes[0]),
            bytes[1..<colon].allSatisfy({ isLetter($0) || isDigit($0) || "+-.".utf8.contains($0) })
        else { return false }
        let allowed = Set("-._~:/?#[]@!$&'()*+,;=".utf8)
        var index = colon + 1
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "%") {
                guard index + 2 < bytes.count,
                    bytes[index + 1...index + 2].allSatisfy({ isDigit($0) || "abcdefABCDEF".utf8.contains($0) })
                else { return false }
                index += 3
                continue
            }
            guard isLetter(byte) || isDigit(byte) || allowed.contains(byte) else { return false }
            index += 1
        }
        return true
    }
}
