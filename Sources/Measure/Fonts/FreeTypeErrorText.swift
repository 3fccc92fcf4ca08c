/// FreeType's own words for the error codes a face can fail with when it is opened or prepared, so a message says
/// "broken table" rather than a bare number. Debian builds FreeType without `FT_CONFIG_OPTION_ERROR_STRINGS`, so
/// `FT_Error_String` returns nothing there; these are the strings of FreeType's `fterrdef.h` for those codes.
enum FreeTypeErrorText {
    /// The words for `code`, or nil for a code not listed (the message then gives the number alone).
    static func words(for code: Int32) -> String? {
        switch code {
        case 0x01: "cannot open resource"
        case 0x02: "unknown file format"
        case 0x03: "broken file"
        case 0x06: "invalid argument"
        case 0x07: "unimplemented feature"
        case 0x08: "broken table"
        case 0x09: "broken offset within table"
        case 0x0A: "array allocation size too large"
        case 0x10: "invalid glyph index"
        case 0x11: "invalid character code"
        case 0x12: "unsupported glyph image format"
        case 0x17: "invalid pixel size"
        case 0x40: "out of memory"
        case 0x51: "cannot open stream"
        case 0x52: "invalid stream seek"
        case 0x53: "invalid stream skip"
        case 0x54: "invalid stream read"
        case 0x55: "invalid stream operation"
        case 0x56: "invalid frame operation"
        case 0x58: "invalid frame read"
        case 0x8E: "SFNT font table missing"
        case 0x8F: "horizontal header (hhea) table missing"
        case 0x90: "locations (loca) table missing"
        case 0x91: "name table missing"
        case 0x92: "character map (cmap) table missing"
        case 0x93: "horizontal metrics (hmtx) table missing"
        case 0x94: "PostScript (post) table missing"
        case 0x95: "invalid horizontal metrics"
        case 0x96: "invalid character map (cmap) format"
        case 0x97: "invalid ppem value"
        case 0x98: "invalid vertical metrics"
        case 0x9D: "missing bitmap in strike"
        case 0xB9: "font header corrupted or missing fields"
        case 0xBA: "font glyphs corrupted or missing fields"
        default: nil
        }
    }
}
