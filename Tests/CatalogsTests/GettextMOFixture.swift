/// Builds `.mo` files for tests, laid out as msgfmt lays them out: the header (28 bytes at minor revision 0, else 48 with
/// no system-dependent segments or strings, as gettext's `write-mo.c` sizes it), the table of originals, the table
/// of translations, then the strings, each followed by its NUL (no hash table), in either byte order.
enum GettextMOFixture {
    /// A `.mo` file of `messages` (original, translation), in the order given (msgfmt sorts them; the reader does not
    /// care). Originals are written as in a `.mo`: `context \u{4} msgid`, then `\0 msgid_plural`.
    static func build(_ messages: [(String, String)], bigEndian: Bool = false, revision: UInt32 = 0) -> [UInt8] {
        let count = messages.count
        let headerSize = revision & 0xFFFF == 0 ? 28 : 48
        let originals = headerSize, translations = headerSize + 8 * count
        var strings: [UInt8] = []
        var originalTable: [UInt32] = [], translationTable: [UInt32] = []
        let stringsStart = translations + 8 * count
        for (original, _) in messages {
            originalTable += [UInt32(original.utf8.count), UInt32(stringsStart + strings.count)]
            strings += Array(original.utf8) + [0]
        }
        for (_, translation) in messages {
            translationTable += [UInt32(translation.utf8.count), UInt32(stringsStart + strings.count)]
            strings += Array(translation.utf8) + [0]
        }
        var header: [UInt32] = [0x9504_12DE, revision, UInt32(count), UInt32(originals), UInt32(translations), 0, 0]
        if revision & 0xFFFF != 0 {
            // No segments, no system-dependent strings; their (empty) tables at the end of the header.
            header += [0, UInt32(headerSize), 0, UInt32(headerSize), UInt32(headerSize)]
        }
        return words(header + originalTable + translationTable, bigEndian: bigEndian) + strings
    }

    /// `values` as 32-bit words in the byte order.
    static func words(_ values: [UInt32], bigEndian: Bool) -> [UInt8] {
        values.flatMap { value in
            let little = [UInt8(value & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value >> 16 & 0xFF), UInt8(value >> 24)]
            return bigEndian ? little.reversed() : little
        }
    }

    /// Overwrites the word at `offset`.
    static func set(_ bytes: inout [UInt8], word value: UInt32, at offset: Int, bigEndian: Bool = false) {
        bytes.replaceSubrange(offset..<offset + 4, with: words([value], bigEndian: bigEndian))
    }

    /// The messages of the German sample: header, a plural message, a plain one and one with a context.
    static let german: [(String, String)] = [
        ("", "Language: de\nContent-Type: text/plain; charset=UTF-8\nPlural-Forms: nplurals=2; plural=(n != 1);\n"),
        ("%d file\0%d files", "%d Datei\0%d Dateien"),
        ("Open", "Öffnen"),
        ("menu\u{4}Open", "Öffnen…"),
    ]
}
