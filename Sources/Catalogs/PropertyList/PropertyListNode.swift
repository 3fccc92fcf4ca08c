/// One value of a property list, with where it is in the file.
///
/// `position` is where the value's text starts for scalars (just inside `<string>`), and the position of the opening
/// tag for containers and empty elements, so a catalog entry built from a `<string>` points at its text. In a binary
/// property list it is line 1 and, as column, the 1-based byte offset of the object.
struct PropertyListNode: Sendable, Hashable {
    var value: PropertyListValue
    var position: SourcePosition

    /// The root of a property list file, binary (`bplist…`, `BinaryPropertyList`) or XML (`XMLPropertyList`).
    static func parse(_ bytes: [UInt8], file: String) throws(CatalogError) -> PropertyListNode {
        BinaryPropertyList.isBinary(bytes)
            ? try BinaryPropertyList.parse(bytes, file: file) : try XMLPropertyList.parse(bytes, file: file)
    }

    /// The string, when this node is a `<string>`.
    var string: String? {
        if case .string(let string) = value { string } else { nil }
    }

    /// The entries, when this node is a `<dict>`.
    var dictionary: [PropertyListEntry]? {
        if case .dictionary(let entries) = value { entries } else { nil }
    }

    /// The value stored under `key` when this node is a dictionary (the last one if the key repeats), else nil. Keys
    /// compare code point by code point (`ExactText`), as CFPropertyList's dictionaries do.
    subscript(key: String) -> PropertyListNode? {
        dictionary?.last { $0.key.utf8.elementsEqual(key.utf8) }?.value
    }

    /// What the element was called in the file, for messages ("a string", "an array").
    var kindDescription: String {
        switch value {
        case .string: "a <string>"
        case .integer: "an <integer>"
        case .real: "a <real>"
        case .boolean: "a boolean"
        case .date: "a <date>"
        case .data: "a <data>"
        case .array: "an <array>"
        case .dictionary: "a <dict>"
        }
    }
}

/// The value types of Apple's XML property list DTD.
indirect enum PropertyListValue: Sendable, Hashable {
    case string(String)
    case integer(Int)
    case real(Double)
    case boolean(Bool)
    /// A `<date>` as written (ISO 8601, `2024-01-31T12:00:00Z`); catalogs never need it parsed.
    case date(String)
    /// A `<data>` element's bytes, base64-decoded.
    case data([UInt8])
    case array([PropertyListNode])
    /// A `<dict>`'s entries in file order (order matters to catalogs: it is the order entries are reported in).
    case dictionary([PropertyListEntry])
}

/// One `<key>`/value pair of a `<dict>`.
struct PropertyListEntry: Sendable, Hashable {
    var key: String
    /// Where the key's text starts.
    var keyPosition: SourcePosition
    var value: PropertyListNode
}
