/// Reads the messages of a compiled gettext catalog (`.mo`, what `msgfmt` writes and `gettext()` loads), checking
/// every offset and length against the file before it is used.
///
/// The layout (GNU gettext manual, "The Format of GNU MO Files"): a header of 32-bit words in the file's byte order
/// (the magic number 0x950412de reads as itself in the writer's order and as 0xde120495 in the other; both are
/// read), then two tables of N (length, offset) pairs, for the original strings (sorted) and their translations.
///
/// ```
///  0  magic            8  N (messages)       16  T (translations table)   24  hash table offset
///  4  revision        12  O (originals table) 20  hash table size
/// ```
///
/// - An original is `msgctxt` `0x04` `msgid`, then `NUL` `msgid_plural` for a plural message; its translation is
///   the forms joined by `NUL`. The message with the empty original is the header.
/// - A minor revision other than 0 means system-dependent strings (messages whose format strings use `<PRIu64>` or
///   the `I` flag, which the loader fills in for its platform): a table of segment names at word 32 and descriptors
///   of static pieces and segment references at words 36–44. msgfmt writes revision 0.1 for `<PRI…>` macros alone
///   and 1.1 when the `I` flag is used (gettext's `write-mo.c`), and gettext's loader reads these tables by the minor
///   revision (`loadmsgcat.c`), as this reader does — a 0.1 file's `<PRI…>` messages were once dropped here unseen.
///   They are read back as they are written in a `.po` file (`%<PRIu64>`, `%Id`), as `msgunfmt` writes them, and
///   numbered after the N static messages. Revisions above major 1 are refused, as gettext refuses them.
/// - There are no fuzzy messages (msgfmt leaves them out) and no lines: a message's position is its number (see
///   `SourcePosition`).
///
/// A hostile file cannot make the reader trap or allocate without bound: every count is checked against the file's
/// size before anything is reserved (N = 2³²−1 needs 32 GiB of tables, which a file of at most
/// `CatalogFileReader.maximumSize` bytes cannot hold), every string must lie inside the file and end in the NUL
/// gettext's loader expects, and no two strings (nor a string and the header or a table) may share bytes, so the
/// strings read add up to less than the file. Anything else is a `CatalogError` that says which message and what.
enum MOFileReader {
    /// 0x950412de in the writer's byte order.
    static let magic: UInt32 = 0x9504_12DE

    /// Whether `bytes` start with the magic number in either byte order.
    static func isMO(_ bytes: [UInt8]) -> Bool {
        bytes.starts(with: [0xDE, 0x12, 0x04, 0x95]) || bytes.starts(with: [0x95, 0x04, 0x12, 0xDE])
    }

    /// The messages of a `.mo` file, in its table's order (the header first, as the empty original sorts first).
    /// - Throws: `CatalogError` (without a position for the file's structure, at a message's number for its strings)
    ///   when the file is truncated, a table or string lies outside it, strings overlap, or the revision is unknown.
    static func read(_ bytes: [UInt8], file: String) throws(CatalogError) -> [GettextMessage] {
        var reader = Reader(bytes: bytes, file: file)
        return try reader.messages()
    }

    private struct Reader {
        let bytes: [UInt8]
        let file: String
        var bigEndian = false
        /// Every region read, as (start, end) byte offsets, checked for overlap at the end.
        var regions: [(start: Int, end: Int)] = []

        init(bytes: [UInt8], file: String) {
            self.bytes = bytes
            self.file = file
        }

        mutating func messages() throws(CatalogError) -> [GettextMessage] {
            guard bytes.count >= 28 else {
                throw failure("truncated: a .mo file has a header of 28 bytes, this file has \(bytes.count)")
            }
            bigEndian = bytes.starts(with: [0x95, 0x04, 0x12, 0xDE])
            guard word(at: 0) == MOFileReader.magic else {
                throw failure("not a .mo file (no magic number 0x950412de)")
            }
            let revision = word(at: 4)
            guard revision >> 16 <= 1 else {
                throw failure(
                    "revision \(revision >> 16).\(revision & 0xFFFF) of the .mo format is not known (gettext "
                        + "reads major revisions 0 and 1)")
            }
            let count = word(at: 8), originals = word(at: 12), translations = word(at: 16)
            let hasSystemDependentStrings = revision & 0xFFFF != 0
            regions.append((0, hasSystemDependentStrings && bytes.count >= 48 ? 48 : 28))
            try table(at: originals, count: count, what: "the table of original strings")
            try table(at: translations, count: count, what: "the table of translations")
            var messages: [GettextMessage] = []
            messages.reserveCapacity(count)
            for index in 0..<count {
                let original = try string(entryAt: originals + 8 * index, message: index)
                let translation = try string(entryAt: translations + 8 * index, message: index)
                messages.append(Self.message(original: original, translation: translation, number: index + 1))
            }
            if hasSystemDependentStrings {
                var dependent = SystemDependentStrings(reader: self, firstNumber: count + 1)
                messages += try dependent.messages()
                regions = dependent.reader.regions
            }
            try checkOverlaps()
            return messages
        }

        /// A table of `count` (length, offset) pairs at `offset`, which must lie inside the file.
        mutating func table(at offset: Int, count: Int, what: String) throws(CatalogError) {
            guard offset <= bytes.count, count <= (bytes.count - offset) / 8 else {
                throw failure(
                    "\(what) (\(count) entries of 8 bytes at offset \(offset)) runs past the end of the file "
                        + "(\(bytes.count) bytes)")
            }
            if count > 0 { regions.append((offset, offset + 8 * count)) }
        }

        /// The string whose (length, offset) pair is at `entry`: inside the file, NUL-terminated.
        mutating func string(entryAt entry: Int, message index: Int) throws(CatalogError) -> ArraySlice<UInt8> {
            let length = word(at: entry), offset = word(at: entry + 4)
            guard offset <= bytes.count, length < bytes.count - offset else {
                throw failure(
                    "message \(index + 1): the string of \(length) bytes at offset \(offset) runs past the "
                        + "end of the file (\(bytes.count) bytes)", number: index + 1)
            }
            guard bytes[offset + length] == 0 else {
                throw failure(
                    "message \(index + 1): the string at offset \(offset) does not end in a NUL byte",
                    number: index + 1)
            }
            regions.append((offset, offset + length + 1))
            return bytes[offset..<offset + length]
        }

        /// The name of system-dependent segment `number`, whose (length, offset) pair is at `entry`: msgfmt counts
        /// the name's NUL into its length (`PRIu64` is 7 bytes), so a trailing NUL is dropped.
        mutating func segment(entryAt entry: Int, number: Int) throws(CatalogError) -> [UInt8] {
            let length = word(at: entry), offset = word(at: entry + 4)
            guard offset <= bytes.count, length <= bytes.count - offset else {
                throw failure(
                    "system-dependent segment \(number): its \(length) bytes at offset \(offset) run past "
                        + "the end of the file (\(bytes.count) bytes)")
            }
            regions.append((offset, offset + length))
            var name = Array(bytes[offset..<offset + length])
            if name.last == 0 { name.removeLast() }
            return name
        }

        /// The 32-bit word at `offset` in the file's byte order; the caller has checked that it is inside the file.
        func word(at offset: Int) -> Int {
            let b0 = UInt32(bytes[offset]), b1 = UInt32(bytes[offset + 1])
            let b2 = UInt32(bytes[offset + 2]), b3 = UInt32(bytes[offset + 3])
            return Int(bigEndian ? b0 << 24 | b1 << 16 | b2 << 8 | b3 : b3 << 24 | b2 << 16 | b1 << 8 | b0)
        }

        /// The word at `offset`, or an error when the word is not inside the file.
        func checkedWord(at offset: Int, what: String) throws(CatalogError) -> Int {
            guard offset >= 0, offset <= bytes.count - 4 else {
                throw failure("\(what) at offset \(offset) is past the end of the file (\(bytes.count) bytes)")
            }
            return word(at: offset)
        }

        /// Fails when two regions share a byte: no writer puts two strings in one place, and a file that does could
        /// make its strings add up to far more than itself.
        func checkOverlaps() throws(CatalogError) {
            let sorted = regions.filter { $0.end > $0.start }.sorted { $0.start < $1.start }
            for (earlier, later) in zip(sorted, sorted.dropFirst()) where later.start < earlier.end {
                throw failure(
                    "the bytes \(later.start)..<\(min(earlier.end, later.end)) belong to two strings or "
                        + "tables at once (overlapping offsets)")
            }
        }

        func failure(_ message: String, number: Int? = nil) -> CatalogError {
            CatalogError(file: file, position: number.map(SourcePosition.message), message: message)
        }

        /// A message from an original (`context 0x04 id NUL plural`) and its translation (forms joined by NUL).
        static func message(original: ArraySlice<UInt8>, translation: ArraySlice<UInt8>, number: Int)
            -> GettextMessage
        {
            var key = original
            var idPlural: [UInt8]?
            if let nul = original.firstIndex(of: 0) {
                key = original[..<nul]
                idPlural = Array(original[(nul + 1)...])
            }
            var context: [UInt8]?
            if let separator = key.firstIndex(of: 0x04) {
                context = Array(key[..<separator])
                key = key[(separator + 1)...]
            }
            let forms =
                idPlural == nil
                ? [Array(translation.prefix { $0 != 0 })]
                : translation.split(separator: 0, omittingEmptySubsequences: false).map { Array($0) }
            return GettextMessage(
                context: context, id: Array(key), idPlural: idPlural, forms: forms,
                formPositions: Array(repeating: .message(number), count: forms.count))
        }
    }

    /// The system-dependent strings of a file whose minor revision is not 0.
    private struct SystemDependentStrings {
        var reader: Reader
        let firstNumber: Int

        mutating func messages() throws(CatalogError) -> [GettextMessage] {
            guard reader.bytes.count >= 48 else {
                throw reader.failure(
                    "truncated: a .mo file with system-dependent strings (minor revision 1) has a header of 48 "
                        + "bytes, this file has \(reader.bytes.count)")
            }
            let segmentCount = reader.word(at: 28), segmentTable = reader.word(at: 32)
            let count = reader.word(at: 36), originals = reader.word(at: 40), translations = reader.word(at: 44)
            try reader.table(at: segmentTable, count: segmentCount, what: "the table of system-dependent segments")
            var segments: [[UInt8]] = []
            segments.reserveCapacity(segmentCount)
            for index in 0..<segmentCount {
                let name = try reader.segment(entryAt: segmentTable + 8 * index, number: index)
                // As msgunfmt writes them: the `I` flag as itself, a <inttypes.h> macro in angle brackets.
                segments.append(
                    name == [UInt8(ascii: "I")] || name.first == UInt8(ascii: "<")
                        ? name
                        : [UInt8(ascii: "<")] + name + [UInt8(ascii: ">")])
            }
            // Each string is four bytes of table at least, so `count` is bounded by the file before reserving.
            guard originals <= reader.bytes.count, count <= (reader.bytes.count - originals) / 4,
                translations <= reader.bytes.count, count <= (reader.bytes.count - translations) / 4
            else {
                throw reader.failure(
                    "the tables of \(count) system-dependent strings run past the end of the file "
                        + "(\(reader.bytes.count) bytes)")
            }
            if count > 0 {
                reader.regions.append((originals, originals + 4 * count))
                reader.regions.append((translations, translations + 4 * count))
            }
            var budget = reader.bytes.count
            var messages: [GettextMessage] = []
            messages.reserveCapacity(count)
            for index in 0..<count {
                let number = firstNumber + index
                let original = try string(
                    descriptorAt: reader.word(at: originals + 4 * index), segments: segments,
                    number: number, budget: &budget)
                let translation = try string(
                    descriptorAt: reader.word(at: translations + 4 * index),
                    segments: segments, number: number, budget: &budget)
                messages.append(
                    Reader.message(
                        original: original[...], translation: translation[...],
                        number: number))
            }
            return messages
        }

        /// A string put together from its descriptor: static pieces and segments, up to the end marker 0xFFFFFFFF
        /// (the last piece ends with the string's NUL, which is not part of it).
        /// `budget` is what all system-dependent strings may still add up to (the file's size).
        mutating func string(descriptorAt descriptor: Int, segments: [[UInt8]], number: Int, budget: inout Int)
            throws(CatalogError) -> [UInt8]
        {
            var cursor = try reader.checkedWord(at: descriptor, what: "message \(number): the string descriptor")
            var at = descriptor + 4
            var result: [UInt8] = []
            while true {
                let length = try reader.checkedWord(at: at, what: "message \(number): a piece of its string")
                let reference = try reader.checkedWord(at: at + 4, what: "message \(number): a piece of its string")
                at += 8
                guard cursor <= reader.bytes.count, length <= reader.bytes.count - cursor else {
                    throw reader.failure(
                        "message \(number): a piece of \(length) bytes at offset \(cursor) runs past "
                            + "the end of the file", number: number)
                }
                let segment = reference == 0xFFFF_FFFF ? [] : reference < segments.count ? segments[reference] : nil
                guard let segment else {
                    throw reader.failure(
                        "message \(number): segment \(reference) does not exist (the file has "
                            + "\(segments.count))", number: number)
                }
                budget -= length + segment.count
                guard budget >= 0 else {
                    throw reader.failure(
                        "the system-dependent strings add up to more bytes than the file has "
                            + "(overlapping pieces)", number: number)
                }
                result += reader.bytes[cursor..<cursor + length]
                result += segment
                cursor += length
                if reference == 0xFFFF_FFFF {
                    // msgfmt counts the terminating NUL into the last piece.
                    if result.last == 0 { result.removeLast() }
                    return result
                }
            }
        }
    }
}
