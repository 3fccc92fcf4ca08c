/// Bounds-checked big-endian reads from one font table's bytes.
///
/// OpenType tables are big-endian ("Data types" in the OpenType spec) and every offset in them comes from the file, so
/// nothing may be trusted: each read checks its range and throws `ByteReader.Malformed` instead of trapping, which lets
/// a reader drop just the subtable that went wrong and say why.
struct ByteReader: Sendable {
    /// A read or offset that falls outside the table, or a value the spec does not allow.
    struct Malformed: Error, CustomStringConvertible {
        let description: String
    }

    let bytes: [UInt8]

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    var count: Int { bytes.count }

    /// Throws unless `offset ..< offset + length` lies inside the table.
    func require(_ offset: Int, _ length: Int, _ what: @autoclosure () -> String) throws(Malformed) {
        guard offset >= 0, length >= 0, offset <= bytes.count, length <= bytes.count - offset else {
            throw Malformed(description: "\(what()) at \(offset)+\(length) is outside the \(bytes.count)-byte table")
        }
    }

    /// uint16 at `offset`.
    func u16(_ offset: Int) throws(Malformed) -> UInt16 {
        try require(offset, 2, "uint16")
        return UInt16(bytes[offset]) << 8 | UInt16(bytes[offset + 1])
    }

    /// int16 (also FWORD) at `offset`.
    func i16(_ offset: Int) throws(Malformed) -> Int16 {
        Int16(bitPattern: try u16(offset))
    }

    /// uint32 (also Tag and Offset32) at `offset`.
    func u32(_ offset: Int) throws(Malformed) -> UInt32 {
        try require(offset, 4, "uint32")
        return UInt32(bytes[offset]) << 24 | UInt32(bytes[offset + 1]) << 16 | UInt32(bytes[offset + 2]) << 8
            | UInt32(bytes[offset + 3])
    }

    /// The table position an Offset16 stored at `field` points to, counted from `base`; throws if it lands outside.
    func offset16(from base: Int, at field: Int) throws(Malformed) -> Int {
        let target = base + Int(try u16(field))
        try require(target, 0, "Offset16 target")
        guard target < bytes.count else {
            throw Malformed(description: "Offset16 at \(field) points to \(target), past the \(bytes.count)-byte table")
        }
        return target
    }

    /// The table position an Offset32 stored at `field` points to, counted from `base`; throws if it lands outside.
    func offset32(from base: Int, at field: Int) throws(Malformed) -> Int {
        let target = base + Int(try u32(field))
        guard target < bytes.count else {
            throw Malformed(description: "Offset32 at \(field) points to \(target), past the \(bytes.count)-byte table")
        }
        return target
    }
}

extension UInt32 {
    /// A four-character OpenType tag as its big-endian number ("Data types": Tag), e.g. `UInt32(tag: "GPOS")`.
    init(tag: StaticString) {
        precondition(tag.utf8CodeUnitCount == 4, "an OpenType tag has four characters")
        var value: UInt32 = 0
        tag.withUTF8Buffer { for byte in $0 { value = value << 8 | UInt32(byte) } }
        self = value
    }
}
