import Foundation

/// Says what is wrong with a font file FreeType would not open, where its table directory shows it: a file cut short
/// (a table that runs past the end), or a collection whose face starts outside the file or inside its own header.
///
/// FreeType reports such files by the first table it failed to read ("locations (loca) table missing", "hmtx table
/// missing") or by a side effect ("array allocation size too large"), which sends the reader looking for a table the
/// file does list. The directory ("Organization of an OpenType Font": the table directory; "Font Collections": the
/// 'ttcf' header) names every table's offset and length, so a cut is found without reading any table. Asked only
/// after FreeType has refused a face, so it costs nothing on the way to a font that opens.
enum SfntDirectoryCheck {
    /// The most leading bytes read: a collection header and one face's directory of 65,535 tables fit.
    static let headerLimit = 12 + 4 * 0x1_0000 + 12 + 16 * 0xFFFF

    /// What is wrong with face `faceIndex` of the font file at `path`, in words, or nil when its directory shows
    /// nothing wrong (or it has none: not an sfnt).
    static func problem(path: String, faceIndex: Int) -> String? {
        guard let handle = FileHandle(forReadingAtPath: path) else { return nil }
        defer { try? handle.close() }
        guard let size = try? handle.seekToEnd(), (try? handle.seek(toOffset: 0)) != nil,
            let data = try? handle.read(upToCount: headerLimit)
        else { return nil }
        return problem(header: [UInt8](data), fileSize: Int(size), faceIndex: faceIndex)
    }

    /// What is wrong with face `faceIndex`, from the file's leading bytes `header` and its whole size.
    static func problem(header: [UInt8], fileSize: Int, faceIndex: Int) -> String? {
        func u16(_ at: Int) -> Int? {
            at >= 0 && at + 2 <= header.count ? Int(header[at]) << 8 | Int(header[at + 1]) : nil
        }
        func u32(_ at: Int) -> Int? {
            guard let high = u16(at), let low = u16(at + 2) else { return nil }
            return high << 16 | low
        }
        func tag(_ at: Int) -> String {
            let bytes = header[at..<at + 4]
            guard bytes.allSatisfy({ (0x20...0x7E).contains($0) }) else {
                return "0x" + bytes.map { String(format: "%02X", $0) }.joined()
            }
            return "'" + String(decoding: bytes, as: UTF8.self) + "'"
        }
        let ofFile = "the file's end (\(fileSize) bytes)"
        var directory = 0
        var face = ""
        // A face index is 16 bits (FreeType reads the bits above as a variable font's named instance).
        guard (0..<0x1_0000).contains(faceIndex) else { return nil }
        if u32(0) == 0x7474_6366 {  // 'ttcf'
            guard let count = u32(8) else { return nil }
            guard 12 + 4 * count <= fileSize else {
                return "its collection header lists \(count) faces, more than the file's \(fileSize) bytes hold: the "
                    + "file is cut short or its header damaged"
            }
            guard faceIndex < count, let offset = u32(12 + 4 * faceIndex) else { return nil }  // FreeType's to name
            face = "collection face \(faceIndex) "
            guard offset + 12 <= fileSize else {
                return "\(face)starts at byte \(offset), past \(ofFile)"
            }
            guard offset >= 12 + 4 * count else {
                return "\(face)starts at byte \(offset), inside the collection's own header (\(12 + 4 * count) bytes)"
            }
            directory = offset
        } else if faceIndex > 0 {
            return nil  // one face only: a face index past it is FreeType's to name
        }
        let version = u32(directory)
        // TrueType outlines, Apple's 'true', CFF outlines: the directories FreeType's sfnt driver reads.
        guard version == 0x0001_0000 || version == 0x7472_7565 || version == 0x4F54_544F,
            let tableCount = u16(directory + 4)
        else { return nil }
        let directoryEnd = directory + 12 + 16 * tableCount
        guard directoryEnd <= fileSize else {
            return "\(face)table directory lists \(tableCount) tables, running past \(ofFile): the file is cut short"
        }
        var cut: (tag: String, end: Int)?
        for index in 0..<tableCount {
            let record = directory + 12 + 16 * index
            guard record + 16 <= header.count, let offset = u32(record + 8), let length = u32(record + 12) else {
                break
            }
            if offset + length > fileSize, cut.map({ offset + length > $0.end }) ?? true {
                cut = (tag(record), offset + length)
            }
        }
        guard let cut else { return nil }
        return "\(face)table \(cut.tag) runs to byte \(cut.end), past \(ofFile): the file is cut short"
    }
}
