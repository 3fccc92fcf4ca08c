/// Why a font could not be loaded. These are environment errors (a user's path or file), so they are thrown, never
/// trapped, and each says in words what went wrong and where.
public enum FontError: Error, Sendable, Hashable, CustomStringConvertible {
    /// No file at the path, or it cannot be read.
    case fileNotFound(path: String)
    /// The file exists but FreeType recognises no font format in it.
    case notAFont(path: String)
    /// The file holds `faceCount` faces (a TTC collection has several) and `faceIndex` is not one of them.
    case faceIndexOutOfRange(path: String, faceIndex: Int, faceCount: Int)
    /// The face has no Unicode character map, so text cannot be mapped to glyphs.
    case noUnicodeCharacterMap(path: String, faceIndex: Int)
    /// A bitmap-only face (such as a colour-emoji font) that offers no strike to select.
    case noBitmapStrike(path: String, faceIndex: Int)
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
            return "font file not found or not readable: \(path)"
        case .notAFont(let path):
            return "not a font file (FreeType recognises no TrueType, OpenType or collection format): \(path)"
        case .faceIndexOutOfRange(let path, let faceIndex, let faceCount):
            return "face index \(faceIndex) is out of range: \(path) holds \(faceCount) face\(faceCount == 1 ? "" : "s") (0…\(faceCount - 1))"
        case .noUnicodeCharacterMap(let path, let faceIndex):
            return "font has no Unicode character map: \(path) face \(faceIndex)"
        case .noBitmapStrike(let path, let faceIndex):
            return "bitmap-only font offers no strike: \(path) face \(faceIndex)"
        case .freeType(let path, let faceIndex, let code, let operation):
            return "FreeType error \(code) in \(operation): \(path) face \(faceIndex)"
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
}
