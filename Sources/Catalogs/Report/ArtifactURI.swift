/// Turns a catalog's file path into the URI reference SARIF's `artifactLocation.uri` wants: relative to a base
/// directory (the repository root, which SARIF calls `%SRCROOT%`), `/`-separated, percent-encoded.
///
/// The work is lexical only (no file system access, symlinks are not resolved): a relative path is first taken
/// against the working directory; `.` and empty segments are dropped and `..` pops a segment. A file outside the base
/// gets `../` segments. Code scanning matches alerts across runs by this path, so it must not depend on where the
/// repository is checked out — hence relative, never absolute.
enum ArtifactURI {
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
}
