import CFreeType

extension FreeTypeFace {
    /// The names of every face in the file at `path`, or nil when FreeType cannot open it. Opens each face only long
    /// enough to read its names (no character map, no advances), with one library for the whole file.
    static func faceNames(path: String) -> [FontFaceName]? {
        var library: FT_Library?
        guard FT_Init_FreeType(&library) == 0, let library else { return nil }
        defer { FT_Done_FreeType(library) }
        var probe: FT_Face?
        guard FT_New_Face(library, path, -1, &probe) == 0, let probe else { return nil }
        let count = Int(probe.pointee.num_faces)
        FT_Done_Face(probe)
        var names: [FontFaceName] = []
        for index in 0..<count {
            var opened: FT_Face?
            guard FT_New_Face(library, path, FT_Long(index), &opened) == 0, let face = opened else { continue }
            defer { FT_Done_Face(face) }
            var families: [String] = []
            if let family = face.pointee.family_name { families.append(String(cString: family)) }
            var style = face.pointee.style_name.map { String(cString: $0) } ?? "Regular"
            if let typographic = englishName(face, id: 16), !families.contains(typographic) {
                families.append(typographic)
                if let typographicStyle = englishName(face, id: 17) { style = typographicStyle }
            }
            names.append(FontFaceName(path: path, faceIndex: index, families: families, style: style))
        }
        return names
    }

    /// The face's name record `id` in US English (Windows platform, UTF-16BE), or nil.
    private static func englishName(_ face: FT_Face, id: UInt16) -> String? {
        let count = FT_Get_Sfnt_Name_Count(face)
        var name = FT_SfntName()
        for index in 0..<count {
            guard FT_Get_Sfnt_Name(face, index, &name) == 0, name.name_id == id, name.platform_id == 3,
                  name.language_id == 0x409, let bytes = name.string else { continue }
            let units = (0..<Int(name.string_len) / 2).map { UInt16(bytes[2 * $0]) << 8 | UInt16(bytes[2 * $0 + 1]) }
            return String(decoding: units, as: UTF16.self)
        }
        return nil
    }
}
