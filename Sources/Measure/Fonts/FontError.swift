import Foundation

/// Why a font could not be loaded. These are environment errors (a user's path or file), so they are thrown, never
/// trapped, and each says in words what went wrong and where.
public enum FontError: Error, Sendable, Hashable, CustomStringConvertible {
    /// No file at the path.
    case fileNotFound(path: String)
    /// The path names something other than a regular file (a directory, a FIFO, a device): fonts are read from
    /// files only, so that a pipe cannot block a run forever.
    case notARegularFile(path: String, kind: String)
    /// The file exists but cannot be read; `reason` is the system's ("Permission denied").
    case unreadable(path: String, reason: String)
    /// The file exists but FreeType recognises no font format in it.
    case notAFont(path: String)
    /// FreeType reads the file as a font of a format that is not TrueType or OpenType (`format`, FreeType's name:
    /// "Type 1", "BDF", "PCF", "Windows FNT", a bare "CFF"…). Apple's platforms measure TrueType and OpenType fonts
    /// only, and HarfBuzz shapes nothing else, so such a font would measure by rules no device follows.
    case notOpenType(path: String, format: String)
    /// The file holds `faceCount` faces (a TTC collection has several) and `faceIndex` is not one of them.
    case faceIndexOutOfRange(path: String, faceIndex: Int, faceCount: Int)
    /// The face has no Unicode character map, so text cannot be mapped to glyphs.
    case noUnicodeCharacterMap(path: String, faceIndex: Int)
    /// A bitmap-only face (such as a colour-emoji font) that offers no strike to select.
    case noBitmapStrike(path: String, faceIndex: Int)
    /// FreeType would not open the face and the file's table directory shows why (`SfntDirectoryCheck`): a table
    /// that runs past the end (the file is cut short), or a collection face outside the file; `problem` says which.
    case damaged(path: String, faceIndex: Int, problem: String)
    /// FreeType failed in a way not listed above; `code` is FreeType's error code.
    case freeType(path: String, faceIndex: Int, code: Int32, operation: String)
    /// A font cascade must hold at least one font.
    case emptyCascade
    /// A font cascade holds at most `limit` fonts.
    case tooManyFonts(count: Int, limit: Int)
    /// fontconfig failed: `operation` is the fontconfig function that returned no result (it could not load its
    /// configuration, or ran out of memory).
    case fontconfig(operation: String)
    /// The default cascade needs `family` and fontconfig finds no font of that family: installing the Debian package
    /// `package` provides it.
    case requiredFontMissing(family: String, package: String)

    public var description: String {
        switch self {
        case .fileNotFound(let path):
            return "font file not found: \(FontError.printable(path))"
        case .notARegularFile(let path, let kind):
            return "not a font file: \(FontError.printable(path)) is \(kind)"
        case .unreadable(let path, let reason):
            return "cannot read font file \(FontError.printable(path)): \(reason)"
        case .notAFont(let path):
            return
                "not a font file (FreeType recognises no TrueType, OpenType or collection format): \(FontError.printable(path))"
        case .notOpenType(let path, let format):
            return "not a TrueType or OpenType font: \(FontError.printable(path)) is a \(format) font; only TrueType "
                + "and OpenType fonts are measured (TTF, OTF, TTC, and WOFF or WOFF2 web fonts), as Apple's platforms "
                + "read them"
        case .faceIndexOutOfRange(let path, let faceIndex, let faceCount):
            return
                "face index \(faceIndex) is out of range: \(FontError.printable(path)) holds \(faceCount) face\(faceCount == 1 ? "" : "s") (0…\(faceCount - 1))"
        case .noUnicodeCharacterMap(let path, let faceIndex):
            return "font has no Unicode character map: \(FontError.printable(path)) face \(faceIndex)"
        case .noBitmapStrike(let path, let faceIndex):
            return "bitmap-only font offers no strike: \(FontError.printable(path)) face \(faceIndex)"
        case .damaged(let path, let faceIndex, let problem):
            return "font file is damaged: \(FontError.printable(path)) face \(faceIndex): \(problem)"
        case .freeType(let path, let faceIndex, let code, let operation):
            let words = FreeTypeErrorText.words(for: code).map { " (\($0))" } ?? ""
            return "FreeType error \(code)\(words) in \(operation): \(FontError.printable(path)) face \(faceIndex)"
        case .emptyCascade:
            return "a font cascade needs at least one font"
        case .tooManyFonts(let count, let limit):
            return "a font cascade holds at most \(limit) fonts, not \(count)"
        case .fontconfig(let operation):
            return "fontconfig failed in \(operation) (check its configuration with `fc-list`; Debian packages "
                + "fontconfig and fontconfig-config)"
        case .requiredFontMissing(let family, let package):
            return "the default font cascade needs \(family), which fontconfig does not find: install the Debian "
                + "package \(package) (apt-get install \(package)), or name the fonts to use"
        }
    }

    /// `path` with control characters escaped (`\n` as `\u{0A}`), so a hostile file name cannot rewrite the
    /// terminal or forge lines of a CI log.
    static func printable(_ path: String) -> String {
        guard path.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else { return path }
        var text = ""
        for scalar in path.unicodeScalars {
            if scalar.properties.generalCategory == .control {
                text += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            } else {
                text.unicodeScalars.append(scalar)
            }
        }
        return text
    }
}

/// `localizedDescription` is `description` (Foundation's default for a Swift error names its type and case number).
extension FontError: LocalizedError {
    /// `description`, which `localizedDescription` returns.
    public var errorDescription: String? { description }
}
