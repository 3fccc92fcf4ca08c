internal import CFreeType

/// Facts about the FreeType library this process links, for version reports.
public enum FontLibraryInfo {
    /// FreeType's version, such as "2.12.1", read from a library instance at run time.
    public static var freeTypeVersion: String {
        var library: FT_Library?
        guard FT_Init_FreeType(&library) == 0, let library else { return "unknown" }
        defer { FT_Done_FreeType(library) }
        var major: FT_Int = 0
        var minor: FT_Int = 0
        var patch: FT_Int = 0
        FT_Library_Version(library, &major, &minor, &patch)
        return "\(major).\(minor).\(patch)"
    }
}
