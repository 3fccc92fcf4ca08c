internal import CFreeType
import Cache

/// The one owner of a FreeType library instance and of one face opened from it.
///
/// Each face gets its own `FT_Library`, so two fonts never share FreeType state and one font's lock is all a thread
/// needs to hold. The value is non-copyable: exactly one owner releases the handles, in `deinit`. It is not `Sendable`
/// on its own; `Font` keeps it inside a `Locked`, so one thread at a time uses it.
struct FreeTypeFace: ~Copyable {
    private let library: FT_Library
    private let face: FT_Face
    /// Whether advances are read at the selected bitmap strike instead of in font units.
    let isBitmapOnly: Bool
    /// hmtx advance widths in font units (see `loadHorizontalAdvances`); empty for bitmap-only faces and faces
    /// without hmtx, whose advances come from FreeType.
    private let horizontalAdvances: [UInt16]
    /// The selected Unicode character map and the hmtx advances, when both can be read without FreeType
    /// (`CharacterMap`): what lets the glyph-advance cache fill a miss without the font's lock. Nil otherwise.
    let directAdvances: CharacterMapAdvances?
    /// The bytes a memory face reads in place (nil for a file's face): held until `deinit` has closed the face.
    private let memory: FontMemory?

    /// Opens face `faceIndex` of the file at `path`, selecting its Unicode character map and, for a bitmap-only face,
    /// its largest strike.
    init(path: String, faceIndex: Int) throws(FontError) {
        try FontFileCheck.check(path)
        try self.init(source: .file(path), name: path, faceIndex: faceIndex)
    }

    /// Opens face `faceIndex` of the font file whose bytes `memory` holds; `name` stands for the path in errors.
    init(memory: FontMemory, name: String, faceIndex: Int) throws(FontError) {
        try self.init(source: .memory(memory), name: name, faceIndex: faceIndex)
    }

    /// Where FreeType reads a face from.
    enum Source {
        case file(String)
        case memory(FontMemory)
    }

    private init(source: Source, name path: String, faceIndex: Int) throws(FontError) {
        var library: FT_Library?
        let initError = FT_Init_FreeType(&library)
        guard initError == 0, let library else {
            throw .freeType(path: path, faceIndex: faceIndex, code: initError, operation: "FT_Init_FreeType")
        }
        // FreeType reads bits 16 and up of a face index as a variable font's named instance; a face index is only
        // ever the low 16 bits, so anything outside them is out of range, not an instance request.
        if !(0..<0x1_0000).contains(faceIndex), let count = Self.faceCount(source) {
            FT_Done_FreeType(library)
            throw .faceIndexOutOfRange(path: path, faceIndex: faceIndex, faceCount: count)
        }
        var opened: FT_Face?
        let openError = Self.open(source, library: library, faceIndex: FT_Long(faceIndex), into: &opened)
        guard openError == 0, let face = opened else {
            FT_Done_FreeType(library)
            throw Self.openError(openError, source: source, name: path, faceIndex: faceIndex)
        }
        if let error = Self.prepare(face, path: path, faceIndex: faceIndex) {
            FT_Done_Face(face)
            FT_Done_FreeType(library)
            throw error
        }
        self.library = library
        self.face = face
        if case .memory(let memory) = source { self.memory = memory } else { memory = nil }
        let isBitmapOnly = face.pointee.face_flags & FT_Long(FT_FACE_FLAG_SCALABLE) == 0
        self.isBitmapOnly = isBitmapOnly
        // A variable font's hmtx holds its default instance only (HVAR varies it), so those ask FreeType each time.
        let isVariable = face.pointee.face_flags & FT_Long(FT_FACE_FLAG_MULTIPLE_MASTERS) != 0
        let advances = isBitmapOnly || isVariable ? [] : Self.loadHorizontalAdvances(face)
        horizontalAdvances = advances
        directAdvances = advances.isEmpty ? nil : Self.characterMap(face).map { CharacterMapAdvances($0, advances) }
    }

    /// The character map FreeType selected (`prepare`), read by `CharacterMap` when it can read it exactly.
    private static func characterMap(_ face: FT_Face) -> CharacterMap? {
        guard face.pointee.face_flags & FT_Long(FT_FACE_FLAG_SFNT) != 0, let selected = face.pointee.charmap,
            let table = tableData(face, tag: 0x636D_6170)  // 'cmap'
        else { return nil }
        return CharacterMap(
            table: table, platformID: selected.pointee.platform_id, encodingID: selected.pointee.encoding_id,
            format: Int(FT_Get_CMap_Format(selected)), glyphCount: Int(face.pointee.num_glyphs))
    }

    /// The hmtx table's advance widths, one per long horizontal metric (a glyph past the last takes the last's), or
    /// empty when the face has no hmtx. Read once: an advance is then an array read, where `FT_Get_Advance` on a
    /// CFF face parses the glyph's charstring (about 0.3 µs a glyph for Noto Sans CJK).
    private static func loadHorizontalAdvances(_ face: FT_Face) -> [UInt16] {
        guard let raw = FT_Get_Sfnt_Table(face, FT_SFNT_HHEA) else { return [] }
        let count = Int(raw.assumingMemoryBound(to: TT_HoriHeader.self).pointee.number_Of_HMetrics)
        let hmtx: FT_ULong = 0x686D_7478  // 'hmtx'
        var length: FT_ULong = 0
        guard count > 0, FT_Load_Sfnt_Table(face, hmtx, 0, nil, &length) == 0, Int(length) >= 4 * count else {
            return []
        }
        var bytes = [UInt8](repeating: 0, count: Int(length))
        guard bytes.withUnsafeMutableBufferPointer({ FT_Load_Sfnt_Table(face, hmtx, 0, $0.baseAddress, &length) }) == 0
        else { return [] }
        // Each long metric is advanceWidth (uint16, big-endian) then leftSideBearing (int16).
        return (0..<count).map { UInt16(bytes[4 * $0]) << 8 | UInt16(bytes[4 * $0 + 1]) }
    }

    /// Selects the Unicode character map and, for a bitmap-only face, its largest strike; the error if either fails.
    private static func prepare(_ face: FT_Face, path: String, faceIndex: Int) -> FontError? {
        // Type 1, CID, BDF, PCF, Windows FNT, PFR and bare CFF files open in FreeType too; HarfBuzz reads no table
        // of theirs, and no Apple platform measures with them.
        guard face.pointee.face_flags & FT_Long(FT_FACE_FLAG_SFNT) != 0 else {
            let format = FT_Get_Font_Format(face).map { String(cString: $0) } ?? "non-OpenType"
            return .notOpenType(path: path, format: format)
        }
        guard FT_Select_Charmap(face, FT_ENCODING_UNICODE) == 0 else {
            return .noUnicodeCharacterMap(path: path, faceIndex: faceIndex)
        }
        guard face.pointee.face_flags & FT_Long(FT_FACE_FLAG_SCALABLE) == 0 else { return nil }
        guard face.pointee.num_fixed_sizes > 0, let sizes = face.pointee.available_sizes else {
            return .noBitmapStrike(path: path, faceIndex: faceIndex)
        }
        var largest = 0
        for index in 1..<Int(face.pointee.num_fixed_sizes) where sizes[index].y_ppem > sizes[largest].y_ppem {
            largest = index
        }
        let error = FT_Select_Size(face, FT_Int(largest))
        return error == 0 ? nil : .freeType(path: path, faceIndex: faceIndex, code: error, operation: "FT_Select_Size")
    }

    deinit {
        FT_Done_Face(face)
        FT_Done_FreeType(library)
    }

    /// `FT_New_Face` or `FT_New_Memory_Face`; FreeType's error code.
    private static func open(_ source: Source, library: FT_Library, faceIndex: FT_Long, into face: inout FT_Face?)
        -> FT_Error
    {
        switch source {
        case .file(let path):
            return FT_New_Face(library, path, faceIndex, &face)
        case .memory(let memory):
            guard let base = memory.bytes.baseAddress, memory.bytes.count > 0 else {
                return FT_Error(FT_Err_Unknown_File_Format)
            }
            return FT_New_Memory_Face(
                library, base.assumingMemoryBound(to: FT_Byte.self),
                FT_Long(memory.bytes.count), faceIndex, &face)
        }
    }

    /// Maps FreeType's error from `FT_New_Face` to a `FontError`, telling a bad face index from a bad file.
    private static func openError(_ code: FT_Error, source: Source, name path: String, faceIndex: Int) -> FontError {
        // A file cut short, or a collection face outside it, is named as such: FreeType's own code names the first
        // table it failed to read ("loca table missing") though the directory lists it.
        if code != FT_Error(FT_Err_Cannot_Open_Resource), faceIndex >= 0, let problem = damage(source, faceIndex) {
            return .damaged(path: path, faceIndex: faceIndex, problem: problem)
        }
        switch code {
        case FT_Error(FT_Err_Cannot_Open_Resource):
            return .fileNotFound(path: path)
        case FT_Error(FT_Err_Unknown_File_Format):
            return .notAFont(path: path)
        case FT_Error(FT_Err_Invalid_Stream_Operation), FT_Error(FT_Err_Invalid_Stream_Read),
            FT_Error(FT_Err_Invalid_Stream_Seek):
            // Bytes too few for any font's header: a file of them is "unknown format" to FreeType, the same bytes in
            // memory a failed read. Either way they are not a font (`Font(data:)` and `Font(path:)` agree).
            return .notAFont(path: path)
        case FT_Error(FT_Err_Invalid_Argument):
            // FreeType answers a face index past the end with "invalid argument"; ask how many faces there are.
            if let count = faceCount(source), faceIndex >= count || faceIndex < 0 {
                return .faceIndexOutOfRange(path: path, faceIndex: faceIndex, faceCount: count)
            }
            return .freeType(path: path, faceIndex: faceIndex, code: code, operation: "FT_New_Face")
        default:
            return .freeType(path: path, faceIndex: faceIndex, code: code, operation: "FT_New_Face")
        }
    }

    /// What the table directory of `source` shows is wrong with face `faceIndex` (`SfntDirectoryCheck`), or nil.
    private static func damage(_ source: Source, _ faceIndex: Int) -> String? {
        switch source {
        case .file(let path):
            return SfntDirectoryCheck.problem(path: path, faceIndex: faceIndex)
        case .memory(let memory):
            let header = [UInt8](memory.bytes.prefix(SfntDirectoryCheck.headerLimit))
            return SfntDirectoryCheck.problem(header: header, fileSize: memory.bytes.count, faceIndex: faceIndex)
        }
    }

    /// The number of faces in the file, or nil when FreeType cannot open it. Opening with face index -1 asks FreeType
    /// for the count without loading a face.
    static func faceCount(path: String) -> Int? {
        faceCount(.file(path))
    }

    /// The number of faces in a file or in a memory font's bytes, or nil when FreeType cannot open them.
    static func faceCount(_ source: Source) -> Int? {
        var library: FT_Library?
        guard FT_Init_FreeType(&library) == 0, let library else { return nil }
        defer { FT_Done_FreeType(library) }
        var face: FT_Face?
        guard open(source, library: library, faceIndex: -1, into: &face) == 0, let face else { return nil }
        defer { FT_Done_Face(face) }
        return Int(face.pointee.num_faces)
    }

    /// The face's family and style names as FreeType reports them.
    var names: (family: String, style: String) {
        let family = face.pointee.family_name.map { String(cString: $0) } ?? ""
        let style = face.pointee.style_name.map { String(cString: $0) } ?? ""
        return (family, style)
    }

    /// Vertical metrics and the unit advances are measured in.
    ///
    /// Scalable faces: hhea ascender, descender and line gap in font units, with `unitsPerEm` from the head table;
    /// never FreeType's size metrics, which are rounded to whole pixels. Bitmap-only faces: the selected strike's own
    /// line metrics, in pixels of that strike, with `unitsPerEm` = the strike's pixels per em, so that scaling by
    /// `size / unitsPerEm` turns both kinds into points.
    var metrics: FontMetrics {
        if isBitmapOnly, let size = face.pointee.size {
            let sizeMetrics = size.pointee.metrics
            return FontMetrics(
                unitsPerEm: Double(sizeMetrics.y_ppem),
                ascender: Double(sizeMetrics.ascender) / 64,
                descender: Double(sizeMetrics.descender) / 64,
                lineGap: Double(sizeMetrics.height - (sizeMetrics.ascender - sizeMetrics.descender)) / 64)
        }
        let unitsPerEm = Double(face.pointee.units_per_EM)
        if let raw = FT_Get_Sfnt_Table(face, FT_SFNT_HHEA) {
            let hhea = raw.assumingMemoryBound(to: TT_HoriHeader.self).pointee
            return FontMetrics(
                unitsPerEm: unitsPerEm, ascender: Double(hhea.Ascender),
                descender: Double(hhea.Descender), lineGap: Double(hhea.Line_Gap))
        }
        // A face without hhea (not sfnt-based): FreeType's face-level values are in font units too.
        let ascender = Double(face.pointee.ascender)
        let descender = Double(face.pointee.descender)
        return FontMetrics(
            unitsPerEm: unitsPerEm, ascender: ascender, descender: descender,
            lineGap: Double(face.pointee.height) - (ascender - descender))
    }

    /// The glyph that maps `scalar` (0 if none) and its unhinted advance, in the units of `metrics`, from FreeType.
    func glyphAdvance(for scalar: UInt32) -> GlyphAdvance {
        let glyph = FT_Get_Char_Index(face, FT_ULong(scalar))
        return GlyphAdvance(glyph: UInt32(glyph), advance: advance(ofGlyph: UInt32(glyph)))
    }

    /// The unhinted advance of `glyph`: in font units for a scalable face, in strike pixels for a bitmap-only face.
    func advance(ofGlyph glyph: UInt32) -> Float {
        if isBitmapOnly {
            guard FT_Load_Glyph(face, FT_UInt(glyph), FT_Int32(FT_LOAD_COLOR)) == 0, let slot = face.pointee.glyph
            else {
                return 0
            }
            return Float(slot.pointee.advance.x) / 64
        }
        if let last = horizontalAdvances.last {
            return Float(Int(glyph) < horizontalAdvances.count ? horizontalAdvances[Int(glyph)] : last)
        }
        return freeTypeAdvance(ofGlyph: glyph)
    }

    /// The face's tables as FreeType reads them, written out as a plain sfnt file (`SfntUnpacking.sfnt`): what a
    /// face HarfBuzz cannot read in place (WOFF, WOFF2) is measured from. Nil when FreeType cannot list or load them.
    func sfntFile() -> [UInt8]? {
        var count: FT_ULong = 0
        guard FT_Sfnt_Table_Info(face, 0, nil, &count) == 0, count > 0, count <= 0xFFFF else { return nil }
        var tables: [(tag: UInt32, bytes: [UInt8])] = []
        for index in 0..<FT_UInt(count) {
            var tag: FT_ULong = 0
            var length: FT_ULong = 0
            guard FT_Sfnt_Table_Info(face, index, &tag, &length) == 0 else { return nil }
            let tag32 = UInt32(truncatingIfNeeded: tag)
            if length == 0 {
                tables.append((tag32, []))
                continue
            }
            guard let bytes = Self.tableData(face, tag: tag32) else { return nil }
            tables.append((tag32, bytes))
        }
        return SfntUnpacking.sfnt(tables)
    }

    /// Whether the face has an sfnt table `tag` of at least one byte (its length asked, nothing read).
    func hasTable(tag: UInt32) -> Bool {
        var length: FT_ULong = 0
        return FT_Load_Sfnt_Table(face, FT_ULong(tag), 0, nil, &length) == 0 && length > 0
    }

    /// The bytes of the sfnt table with `tag` (e.g. 0x47504F53 for 'GPOS'), or nil when the face has none.
    func tableData(tag: UInt32) -> [UInt8]? {
        Self.tableData(face, tag: tag)
    }

    private static func tableData(_ face: FT_Face, tag: UInt32) -> [UInt8]? {
        var length: FT_ULong = 0
        guard FT_Load_Sfnt_Table(face, FT_ULong(tag), 0, nil, &length) == 0, length > 0 else { return nil }
        var bytes = [UInt8](repeating: 0, count: Int(length))
        let error = bytes.withUnsafeMutableBufferPointer {
            FT_Load_Sfnt_Table(face, FT_ULong(tag), 0, $0.baseAddress, &length)
        }
        return error == 0 ? bytes : nil
    }

    /// Every scalar FreeType's selected character map maps to a glyph, in order (`FT_Get_First_Char`,
    /// `FT_Get_Next_Char`): what `CharacterMapTests` checks the face's own reading against.
    var mappedScalars: [UInt32] {
        var scalars: [UInt32] = []
        var glyph: FT_UInt = 0
        var code = FT_Get_First_Char(face, &glyph)
        while glyph != 0 && code < 0x11_0000 {
            scalars.append(UInt32(code))
            code = FT_Get_Next_Char(face, code, &glyph)
        }
        return scalars
    }

    /// How many glyphs the face has.
    var glyphCount: Int { Int(face.pointee.num_glyphs) }

    /// `glyph`'s unhinted advance in font units as FreeType computes it (`FT_Get_Advance` without scaling), which
    /// the hmtx table read must equal.
    func freeTypeAdvance(ofGlyph glyph: UInt32) -> Float {
        var advance: FT_Fixed = 0
        let flags = FT_Int32(FT_LOAD_NO_SCALE | FT_LOAD_NO_HINTING)
        guard FT_Get_Advance(face, FT_UInt(glyph), flags, &advance) == 0 else { return 0 }
        return Float(advance)
    }

    /// The ink box of `glyph`, unhinted: the outline's control box in font units for a scalable face (FreeType's
    /// unscaled glyph metrics), the bitmap's box in strike pixels for a bitmap-only face; nil when the glyph has no
    /// ink (a space) or cannot be loaded.
    func inkBounds(ofGlyph glyph: UInt32) -> InkBounds? {
        let flags = isBitmapOnly ? FT_Int32(FT_LOAD_COLOR) : FT_Int32(FT_LOAD_NO_SCALE | FT_LOAD_NO_HINTING)
        guard FT_Load_Glyph(face, FT_UInt(glyph), flags) == 0, let slot = face.pointee.glyph else { return nil }
        let metrics = slot.pointee.metrics
        // Unscaled metrics are in font units; a bitmap strike's are 26.6 pixels.
        let unit = isBitmapOnly ? 1.0 / 64 : 1.0
        let width = Double(metrics.width) * unit, height = Double(metrics.height) * unit
        guard width > 0 || height > 0 else { return nil }
        let left = Double(metrics.horiBearingX) * unit, top = Double(metrics.horiBearingY) * unit
        return InkBounds(xMin: left, yMin: top - height, xMax: left + width, yMax: top)
    }

    /// `glyph` loaded with `flags` into the face's glyph slot, for drawing (`FreeTypeFace+Drawing`); nil when
    /// FreeType cannot load it. The slot is valid until the next load, under the owning `Font`'s lock.
    func loadedGlyph(_ glyph: UInt32, flags: FT_Int32) -> FT_GlyphSlot? {
        guard FT_Load_Glyph(face, FT_UInt(glyph), flags) == 0 else { return nil }
        return face.pointee.glyph
    }

    /// The selected strike's pixels per em (a bitmap-only face's), 0 when none is selected.
    var strikePixelsPerEm: Double {
        Double(face.pointee.size?.pointee.metrics.y_ppem ?? 0)
    }
}
