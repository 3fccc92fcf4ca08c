/// Reads a binary property list (`bplist00`) into the same tree of `PropertyListNode`s as `XMLPropertyList`, so the
/// `.strings` and `.stringsdict` readers take both.
///
/// Why: Xcode compiles `.strings` and `.stringsdict` files (and String Catalogs, which become both) into binary
/// property lists inside a built app, so the catalogs of an `.app`, an unzipped `.ipa` or a framework's bundle are
/// binary. `plutil`, which converts them back, exists only on macOS.
///
/// The format (Apple's `CFBinaryPList.c` describes it): the header `bplist00`; the objects, each a marker byte (its
/// type in the high four bits, a size or count in the low four, where 15 means an integer object follows with the
/// count) and its bytes; an offset table with each object's place; and a 32-byte trailer with the offset table's place,
/// the width of its entries and of object references, the number of objects and the root's number. Containers hold
/// object numbers, so one object may be referenced many times (the writer shares equal strings and equal
/// dictionaries), and a hostile file may reference an object from inside itself.
///
/// - Positions: a binary file has no lines, so a node's position is line 1 and, as its column, the 1-based byte
///   offset of its object, which a hex viewer finds.
/// - Sharing: every object is built once and each reference gets the same node, so parsing stays within the file's
///   object count however often objects are shared; a reference to an object still being built is refused as a cycle.
///   What sharing could still multiply is bounded too: an object is refused when the tree it stands for is deeper than
///   `XMLPropertyList.maximumDepth` (each object's height is kept, so a shared object nested anew at every level
///   cannot build a tree whose release would overflow the stack), or when written out it would hold more text than
///   `expansionLimit` (each object's size is kept, so a thousand keys naming one long string count a thousand times).
/// - Bounds: every offset, count and width is checked against the file before it is used; anything wrong throws
///   `CatalogError` naming the byte offset.
enum BinaryPropertyList {
    /// The header's first seven bytes; the eighth is the version, of which `0` is the one Apple writes.
    private static let magic = Array("bplist".utf8)

    /// Whether `bytes` start like a binary property list: `bplist` and a two-digit version (`parse` says which
    /// versions it reads). A text `.strings` file may start with an unquoted key `bplist…`, which this leaves to the
    /// text reader unless two digits follow.
    static func isBinary(_ bytes: [UInt8]) -> Bool {
        bytes.count >= 8 && bytes.starts(with: magic) && (0x30...0x39).contains(bytes[6])
            && (0x30...0x39).contains(bytes[7])
    }

    /// The most text (in bytes, as stored) the objects a file's root stands for may hold when every shared object is
    /// counted once per reference: 64 MB, or 8 times the file for a larger file (written out as XML, a property list
    /// is a few times its binary size).
    static func expansionLimit(fileSize: Int) -> Int {
        max(64 << 20, fileSize.multipliedReportingOverflow(by: 8).partialValue)
    }

    /// A date as the XML form writes it (`2024-01-31T12:00:00Z`, whole seconds, UTC); out of the years 1–9999,
    /// or not a number, the seconds since 2001-01-01 as written.
    static func dateText(secondsSince2001 seconds: Double) -> String {
        // 0001-01-01 is 730,485 days before 2001-01-01 (2,000 years with 485 leap days) and 10000-01-01 is 2,921,574
        // after it (7,999 years with 1,939).
        guard seconds.isFinite, seconds >= -730_485 * 86_400, seconds < 2_921_574 * 86_400 else {
            return "\(seconds) s after 2001-01-01"
        }
        let whole = Int(seconds.rounded(.down))
        let days = whole.quotientAndRemainder(dividingBy: 86_400)
        var day = days.quotient + 11_323  // 2001-01-01 is day 11,323 after 1970-01-01
        var second = days.remainder
        if second < 0 {
            second += 86_400
            day -= 1
        }
        // Civil date from days since 1970-01-01 (the proleptic Gregorian calendar, eras of 400 years).
        let shifted = day + 719_468
        let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1_460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let dayOfMonth = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
        let yearText = String(repeating: "0", count: max(0, 4 - String(year).count)) + String(year)
        return "\(yearText)-\(two(month))-\(two(dayOfMonth))T\(two(second / 3600)):\(two(second / 60 % 60)):"
            + "\(two(second % 60))Z"
    }

    /// Parses a whole binary property list file.
    /// - Returns: the root object.
    /// - Throws: `CatalogError` when the file is not a well-formed `bplist00`, or holds an object a property list
    ///   cannot (a UID of a keyed archive, a set, a null).
    static func parse(_ bytes: [UInt8], file: String) throws(CatalogError) -> PropertyListNode {
        var reader = try Reader(bytes: bytes, file: file)
        return try reader.object(reader.root).node
    }
}

extension BinaryPropertyList {
    /// The file, its trailer's numbers, and the objects built so far.
    private struct Reader {
        let bytes: [UInt8]
        let file: String
        /// Width in bytes of an offset table entry and of an object reference (1–8 each).
        let offsetWidth: Int
        let referenceWidth: Int
        let objectCount: Int
        let root: Int
        /// Where the offset table starts; every object lies before it.
        let tableStart: Int
        /// Each object built so far: its node, the height of the tree it stands for (1 for a scalar), and the bytes of
        /// text and data that tree holds with every shared object counted once per reference. By object number, for
        /// the objects reached only (a hostile trailer may claim millions).
        var built: [Int: Built] = [:]
        /// The objects being built now (a reference to one of these is a cycle).
        var building: Set<Int> = []
        var depth = 0
        let expansionLimit: Int

        struct Built {
            var node: PropertyListNode
            var height: Int
            var expanded: Int
        }

        init(bytes: [UInt8], file: String) throws(CatalogError) {
            self.bytes = bytes
            self.file = file
            guard bytes.count >= 8 + 32 else {
                throw CatalogError(
                    file: file, position: nil,
                    message: "binary property list of \(bytes.count) bytes: too short for its header and trailer")
            }
            guard bytes[6] == UInt8(ascii: "0"), bytes[7] == UInt8(ascii: "0") else {
                let version = String(decoding: bytes[6..<8].map { $0 < 0x20 || $0 > 0x7E ? 0x3F : $0 }, as: UTF8.self)
                throw CatalogError(
                    file: file, position: SourcePosition(line: 1, column: 7),
                    message: "binary property list version \"\(version)\" is not supported (only \"00\", the one "
                        + "Xcode writes)")
            }
            let trailer = bytes.count - 32
            offsetWidth = Int(bytes[trailer + 6])
            referenceWidth = Int(bytes[trailer + 7])
            func trailerError(_ what: String) -> CatalogError {
                CatalogError(
                    file: file, position: SourcePosition(line: 1, column: trailer + 1),
                    message: "binary property list trailer: \(what)")
            }
            guard (1...8).contains(offsetWidth), (1...8).contains(referenceWidth) else {
                throw trailerError("offset width \(offsetWidth) and reference width \(referenceWidth) must be 1 to 8")
            }
            let count = Self.bigEndian(bytes, at: trailer + 8, width: 8)
            let rootNumber = Self.bigEndian(bytes, at: trailer + 16, width: 8)
            let table = Self.bigEndian(bytes, at: trailer + 24, width: 8)
            // The table lies between the header and the trailer, and holds `count` entries.
            guard count >= 1, table >= 8, table <= UInt64(trailer),
                count <= (UInt64(trailer) - table) / UInt64(offsetWidth)
            else {
                throw trailerError(
                    "\(count) objects with an offset table at byte \(table) do not fit a file of \(bytes.count) bytes")
            }
            guard rootNumber < count else {
                throw trailerError("the root is object \(rootNumber) of \(count)")
            }
            objectCount = Int(count)
            root = Int(rootNumber)
            tableStart = Int(table)
            expansionLimit = BinaryPropertyList.expansionLimit(fileSize: bytes.count)
        }

        /// The unsigned big-endian number of `width` (1–8) bytes at `offset`, which the caller checked.
        static func bigEndian(_ bytes: [UInt8], at offset: Int, width: Int) -> UInt64 {
            var value: UInt64 = 0
            for index in offset..<offset + width { value = value << 8 | UInt64(bytes[index]) }
            return value
        }

        func error(_ message: String, at offset: Int) -> CatalogError {
            CatalogError(file: file, position: SourcePosition(line: 1, column: offset + 1), message: message)
        }

        /// Checks that `count` elements of `size` bytes from `start` lie among the objects (before the offset
        /// table), for the object at `offset`.
        func requireObjectBytes(from start: Int, count: Int, size: Int, for offset: Int) throws(CatalogError) {
            let (length, overflow) = count.multipliedReportingOverflow(by: size)
            guard !overflow, start <= tableStart, length <= tableStart - start else {
                throw error("object of \(count) elements runs past the objects into the offset table", at: offset)
            }
        }

        /// Object `number`, built on first use, for a place `depth` levels deep: refused when the tree it stands for
        /// would reach deeper than `XMLPropertyList.maximumDepth` from there.
        mutating func object(_ number: Int) throws(CatalogError) -> Built {
            if let known = built[number] {
                guard depth + known.height <= XMLPropertyList.maximumDepth else {
                    throw error(
                        "property list nested deeper than \(XMLPropertyList.maximumDepth) levels (object \(number), "
                            + "\(known.height) deep, used \(depth) levels down)",
                        at: known.node.position.column - 1)
                }
                return known
            }
            let entry = tableStart + number * offsetWidth
            let offset64 = Self.bigEndian(bytes, at: entry, width: offsetWidth)
            guard offset64 >= 8, offset64 < UInt64(tableStart) else {
                throw error(
                    "object \(number) is placed at byte \(offset64), outside the objects (8..<\(tableStart))",
                    at: entry)
            }
            let offset = Int(offset64)
            guard !building.contains(number) else {
                throw error("object \(number) contains itself: a property list cannot be a cycle", at: offset)
            }
            guard depth < XMLPropertyList.maximumDepth else {
                throw error("property list nested deeper than \(XMLPropertyList.maximumDepth) levels", at: offset)
            }
            building.insert(number)
            depth += 1
            defer {
                building.remove(number)
                depth -= 1
            }
            // Within `expansionLimit`: a container's sum is checked as it grows (`grown`), and a scalar is no larger
            // than the file, which the limit is 8 times at least.
            let (value, height, expanded) = try value(at: offset)
            let made = Built(
                node: PropertyListNode(value: value, position: position(offset)), height: height, expanded: expanded)
            built[number] = made
            return made
        }

        func position(_ offset: Int) -> SourcePosition {
            SourcePosition(line: 1, column: offset + 1)
        }

        /// The value of the object whose marker is at `offset`, the height of its tree and its bytes of text and data
        /// with shared objects counted at every use (`Built`).
        mutating func value(at offset: Int) throws(CatalogError) -> (PropertyListValue, height: Int, expanded: Int) {
            let marker = bytes[offset]
            let low = Int(marker & 0x0F)
            switch marker >> 4 {
            case 0x0:
                switch marker {
                case 0x08: return (.boolean(false), 1, 1)
                case 0x09: return (.boolean(true), 1, 1)
                default:
                    throw error(
                        "object marker 0x\(XMLInputDecoder.hex(marker)) (null or fill) is not a property list value",
                        at: offset)
                }
            case 0x1:
                return (.integer(try integer(at: offset, widthExponent: low)), 1, 1)
            case 0x2:
                guard low == 2 || low == 3 else {
                    throw error("a real of \(1 << low) bytes (only 4 and 8 exist)", at: offset)
                }
                try requireObjectBytes(from: offset + 1, count: 1, size: 1 << low, for: offset)
                let raw = Self.bigEndian(bytes, at: offset + 1, width: 1 << low)
                return (.real(low == 2 ? Double(Float(bitPattern: UInt32(raw))) : Double(bitPattern: raw)), 1, 1)
            case 0x3:
                guard marker == 0x33 else {
                    throw error("object marker 0x\(XMLInputDecoder.hex(marker)) is not a date (0x33)", at: offset)
                }
                try requireObjectBytes(from: offset + 1, count: 1, size: 8, for: offset)
                let seconds = Double(bitPattern: Self.bigEndian(bytes, at: offset + 1, width: 8))
                return (.date(BinaryPropertyList.dateText(secondsSince2001: seconds)), 1, 1)
            case 0x4:
                let (count, start) = try length(low, at: offset)
                try requireObjectBytes(from: start, count: count, size: 1, for: offset)
                return (.data(Array(bytes[start..<start + count])), 1, max(1, count))
            case 0x5:
                let (count, start) = try length(low, at: offset)
                try requireObjectBytes(from: start, count: count, size: 1, for: offset)
                let text = bytes[start..<start + count]
                if let wide = text.firstIndex(where: { $0 >= 0x80 }) {
                    throw error(
                        "an ASCII string holds the byte 0x\(XMLInputDecoder.hex(bytes[wide]))", at: wide)
                }
                return (.string(String(decoding: text, as: UTF8.self)), 1, max(1, count))
            case 0x6:
                let (count, start) = try length(low, at: offset)
                try requireObjectBytes(from: start, count: count, size: 2, for: offset)
                let bytes = self.bytes
                let units = (0..<count).lazy.map {
                    UInt16(bytes[start + 2 * $0]) << 8 | UInt16(bytes[start + 2 * $0 + 1])
                }
                // A lone surrogate becomes U+FFFD, as a `String` made from a `NSString` holding one does.
                return (.string(String(decoding: units, as: UTF16.self)), 1, max(1, 2 * count))
            case 0x7:
                let (count, start) = try length(low, at: offset)
                try requireObjectBytes(from: start, count: count, size: 1, for: offset)
                return (.string(String(decoding: bytes[start..<start + count], as: UTF8.self)), 1, max(1, count))
            case 0xA:
                let (count, start) = try length(low, at: offset)
                try requireObjectBytes(from: start, count: count, size: referenceWidth, for: offset)
                var items: [PropertyListNode] = []
                items.reserveCapacity(count)
                var height = 1
                var expanded = 1
                for index in 0..<count {
                    let item = try object(try reference(at: start + index * referenceWidth))
                    items.append(item.node)
                    height = max(height, item.height + 1)
                    expanded = try grown(expanded, by: item.expanded, at: offset)
                }
                return (.array(items), height, expanded)
            case 0xD:
                let (count, start) = try length(low, at: offset)
                try requireObjectBytes(from: start, count: count, size: 2 * referenceWidth, for: offset)
                var entries: [PropertyListEntry] = []
                entries.reserveCapacity(count)
                var height = 1
                var expanded = 1
                for index in 0..<count {
                    let keyObject = try object(try reference(at: start + index * referenceWidth))
                    guard let key = keyObject.node.string else {
                        throw error(
                            "a dictionary key is \(keyObject.node.kindDescription), not a string",
                            at: keyObject.node.position.column - 1)
                    }
                    let valueObject = try object(try reference(at: start + (count + index) * referenceWidth))
                    entries.append(
                        PropertyListEntry(key: key, keyPosition: keyObject.node.position, value: valueObject.node))
                    height = max(height, valueObject.height + 1)
                    expanded = try grown(expanded, by: keyObject.expanded, at: offset)
                    expanded = try grown(expanded, by: valueObject.expanded, at: offset)
                }
                return (.dictionary(entries), height, expanded)
            default:
                let kind =
                    switch marker >> 4 {
                    case 0x8: "a UID (a keyed archive's, not a property list's)"
                    case 0xB: "an ordered set"
                    case 0xC: "a set"
                    default: "unknown (marker 0x\(XMLInputDecoder.hex(marker)))"
                    }
                throw error("object of type \(kind): not a property list value", at: offset)
            }
        }

        /// `total` plus a child's `expanded` size, refused past `expansionLimit` (checked as the sum grows, so it
        /// never overflows).
        func grown(_ total: Int, by expanded: Int, at offset: Int) throws(CatalogError) -> Int {
            let sum = total.addingReportingOverflow(expanded)
            guard !sum.overflow, sum.partialValue <= expansionLimit else {
                throw error(
                    "this container's references would hold more than \(expansionLimit >> 20) MB of text written out "
                        + "(shared objects counted at every use), too much for a catalog of \(bytes.count) bytes",
                    at: offset)
            }
            return sum.partialValue
        }

        /// The integer object at `offset` of 2^`widthExponent` bytes: 1, 2 and 4 bytes unsigned, 8 signed, 16 when
        /// its value fits 64 bits.
        func integer(at offset: Int, widthExponent: Int) throws(CatalogError) -> Int {
            guard widthExponent <= 4 else {
                throw error("an integer of \(1 << widthExponent) bytes (at most 16 exist)", at: offset)
            }
            let width = 1 << widthExponent
            try requireObjectBytes(from: offset + 1, count: 1, size: width, for: offset)
            if width == 16 {
                let high = Self.bigEndian(bytes, at: offset + 1, width: 8)
                let low = Self.bigEndian(bytes, at: offset + 9, width: 8)
                // Apple writes an unsigned value above Int64's range in 16 bytes; a 64-bit `Int` holds it only when
                // it is in range after all.
                guard high == 0, low <= UInt64(Int.max) else {
                    throw error("an integer beyond 64 bits", at: offset)
                }
                return Int(low)
            }
            let raw = Self.bigEndian(bytes, at: offset + 1, width: width)
            return width == 8 ? Int(Int64(bitPattern: raw)) : Int(raw)
        }

        /// A container's or string's count from its marker's low four bits `low` (15: an integer object follows),
        /// and where its contents start.
        func length(_ low: Int, at offset: Int) throws(CatalogError) -> (count: Int, start: Int) {
            if low != 0x0F { return (low, offset + 1) }
            try requireObjectBytes(from: offset + 1, count: 1, size: 1, for: offset)
            let marker = bytes[offset + 1]
            guard marker >> 4 == 0x1, marker & 0x0F <= 3 else {
                throw error(
                    "a count marked 0x\(XMLInputDecoder.hex(marker)) where an integer of 1 to 8 bytes was expected",
                    at: offset + 1)
            }
            let value = try integer(at: offset + 1, widthExponent: Int(marker & 0x0F))
            guard value >= 0 else { throw error("a negative count, \(value)", at: offset + 1) }
            return (value, offset + 2 + (1 << Int(marker & 0x0F)))
        }

        /// The object number stored at `offset` (checked in bounds by the caller), which must name an object.
        func reference(at offset: Int) throws(CatalogError) -> Int {
            let number = Self.bigEndian(bytes, at: offset, width: referenceWidth)
            guard number < UInt64(objectCount) else {
                throw error("a reference to object \(number) of \(objectCount)", at: offset)
            }
            return Int(number)
        }
    }
}
