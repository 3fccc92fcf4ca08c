internal import CFontconfig
import Locking

/// The process's one fontconfig configuration, and the only code that calls fontconfig.
///
/// The configuration is loaded once, on first use, with `FcInitLoadConfigAndFonts`: the system and user `fonts.conf`
/// (font directories, `<selectfont>` rejections, user fonts in `~/.local/share/fonts`), then the fonts those name,
/// from fontconfig's caches. It is kept for the life of the process and never made fontconfig's "current"
/// configuration, so no other code in the process can replace or destroy it under us.
///
/// Thread safety: fontconfig made its internals thread-safe in 2.10.91, but its reference manual documents thread
/// safety per function only where it is absent ("This function isn't MT-safe", e.g. `FcConfigGetFonts`,
/// `FcConfigGetFontDirs`) and promises nothing for `FcFontList`. So every call is made under one `Locked`. Queries are
/// rare (one listing per `FontconfigLocator`), so the lock costs nothing that matters.
///
/// Ownership: each `FcPattern`, `FcObjectSet`, `FcFontSet` and `FcStrList` made here is destroyed by the function
/// that made it, before it returns; none escapes this file.
final class FontconfigLibrary: Sendable {
    /// The `FcConfig`, only ever touched under the lock.
    private let config: Locked<OpaquePointer>

    /// The shared configuration, or the error that loading it gave (remembered: fontconfig is not retried).
    static let shared: Result<FontconfigLibrary, FontError> = Result { () throws(FontError) in try FontconfigLibrary() }

    private init() throws(FontError) {
        guard let config = FcInitLoadConfigAndFonts() else {
            throw .fontconfig(operation: "FcInitLoadConfigAndFonts")
        }
        self.config = Locked(config)
    }

    /// The pattern properties a listing asks for, in the order `face(from:)` reads them.
    private static let listedProperties = [
        FC_FAMILY, FC_STYLE, FC_FILE, FC_INDEX, FC_WEIGHT, FC_WIDTH, FC_SLANT,
        FC_FONTFORMAT,
    ]

    /// Every face the configuration knows that a `Font` can load: TrueType and OpenType files and collections, one
    /// entry per face, sorted by path then face index.
    ///
    /// Left out: bitmap and Type 1 formats (as the folder scan this replaces did), and a variable font's named
    /// instances (face index above 0xFFFF, which `Font` refuses); its default instance is listed.
    func faces() throws(FontError) -> [FontconfigLocator.Face] {
        try config.withLock { config throws(FontError) -> [FontconfigLocator.Face] in
            guard let pattern = FcPatternCreate() else { throw .fontconfig(operation: "FcPatternCreate") }
            defer { FcPatternDestroy(pattern) }
            guard let properties = FcObjectSetCreate() else { throw .fontconfig(operation: "FcObjectSetCreate") }
            defer { FcObjectSetDestroy(properties) }
            for property in Self.listedProperties where FcObjectSetAdd(properties, property) == FcFalse {
                throw .fontconfig(operation: "FcObjectSetAdd")
            }
            guard let set = FcFontList(config, pattern, properties) else { throw .fontconfig(operation: "FcFontList") }
            defer { FcFontSetDestroy(set) }
            var faces: [FontconfigLocator.Face] = []
            for index in 0..<Int(set.pointee.nfont) {
                if let font = set.pointee.fonts[index], let face = Self.face(from: font) { faces.append(face) }
            }
            return faces.sorted { ($0.path, $0.faceIndex) < ($1.path, $1.faceIndex) }
        }
    }

    /// The font directories the configuration names, in fontconfig's order. `FcConfigGetFontDirs` also lists the
    /// subdirectories it scanned (/usr/share/fonts/truetype/noto…); those are left out.
    func fontDirectories() -> [String] {
        let all = config.withLock { config -> [String] in
            guard let list = FcConfigGetFontDirs(config) else { return [] }
            defer { FcStrListDone(list) }
            var directories: [String] = []
            while let directory = FcStrListNext(list) { directories.append(String(cString: directory)) }
            return directories
        }
        return all.filter { directory in !all.contains { directory.hasPrefix($0 + "/") } }
    }

    /// The face one listed pattern describes, or nil when it is not a face `Font` loads.
    private static func face(from pattern: OpaquePointer) -> FontconfigLocator.Face? {
        guard let path = strings(pattern, FC_FILE).first else { return nil }
        var faceIndex: Int32 = 0
        if FcPatternGetInteger(pattern, FC_INDEX, 0, &faceIndex) != FcResultMatch { faceIndex = 0 }
        guard (0..<0x1_0000).contains(faceIndex) else { return nil }
        let format = strings(pattern, FC_FONTFORMAT).first
        let lowerPath = path.lowercased()
        let isSFNT =
            format.map { $0 == "TrueType" || $0 == "CFF" }
            ?? [".ttf", ".otf", ".ttc", ".otc", ".woff", ".woff2"].contains { lowerPath.hasSuffix($0) }
        guard isSFNT else { return nil }
        return FontconfigLocator.Face(
            path: path, faceIndex: Int(faceIndex), families: strings(pattern, FC_FAMILY),
            styles: strings(pattern, FC_STYLE), weight: number(pattern, FC_WEIGHT),
            width: number(pattern, FC_WIDTH), slant: number(pattern, FC_SLANT))
    }

    /// Every string value of `property`, in the pattern's order (fontconfig keeps a face's names in several
    /// languages and, for families, both the typographic and the legacy name).
    private static func strings(_ pattern: OpaquePointer, _ property: String) -> [String] {
        var values: [String] = []
        var value: UnsafeMutablePointer<FcChar8>?
        var position: Int32 = 0
        while FcPatternGetString(pattern, property, position, &value) == FcResultMatch, let value {
            values.append(String(cString: value))
            position += 1
        }
        return values
    }

    /// The first value of a numeric `property` (fontconfig stores weight and width as doubles, slant as an integer;
    /// `FcPatternGetDouble` reads both), or nil when the pattern has none — a variable font's weight is a range.
    private static func number(_ pattern: OpaquePointer, _ property: String) -> Double? {
        var value = 0.0
        return FcPatternGetDouble(pattern, property, 0, &value) == FcResultMatch ? value : nil
    }
}
