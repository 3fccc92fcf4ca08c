/// Objects and arrays: members in file order, duplicate names, trailing commas, nesting depth.
extension JSONReader {
    /// How many members an object may have before duplicate names are found through a hash table rather than by
    /// scanning; catalog objects are mostly tiny (`{"state": …, "value": …}`), where a scan beats hashing.
    private static let linearScanLimit = 16

    /// Reads an object; `offset` is at its `{`.
    mutating func readObject(openedAt start: SourcePosition) throws(CatalogError) -> JSONObject {
        try enterContainer()
        offset += 1
        var members: [JSONMember] = []
        var slots: [ExactText: Int] = [:]
        skipWhitespace()
        if offset < bytes.count, bytes[offset] == UInt8(ascii: "}") {
            offset += 1
            depth -= 1
            return JSONObject(members: members)
        }
        var overridden: [JSONMember] = []
        while true {
            skipWhitespace()
            guard offset < bytes.count, bytes[offset] == UInt8(ascii: "\"") else {
                throw failure("expected a member name in double quotes (the object opened at \(start))", found: offset)
            }
            let keyPosition = position(at: offset)
            let key = try readString(openedAt: keyPosition)
            skipWhitespace()
            guard offset < bytes.count, bytes[offset] == UInt8(ascii: ":") else {
                throw failure("expected ':' after the member name \(CatalogExcerpt.quoted(key))", found: offset)
            }
            offset += 1
            let member = JSONMember(key: key, keyPosition: keyPosition, value: try readValue())
            if let slot = Self.slot(of: key, in: members, slots: slots) {
                overridden.append(members[slot])
                members[slot] = member
            } else {
                members.append(member)
                if !slots.isEmpty {
                    slots[ExactText(key)] = members.count - 1
                } else if members.count == Self.linearScanLimit {
                    for (slot, existing) in members.enumerated() { slots[ExactText(existing.key)] = slot }
                }
            }
            skipWhitespace()
            guard offset < bytes.count else {
                throw failure("expected ',' or '}' after a member of the object opened at \(start)", found: offset)
            }
            switch bytes[offset] {
            case UInt8(ascii: ","):
                let comma = position(at: offset)  // now: the comma's line may end before the next token
                offset += 1
                skipWhitespace()
                if offset < bytes.count, bytes[offset] == UInt8(ascii: "}") {
                    throw CatalogError(
                        file: file, position: comma,
                        message: "trailing comma before '}': JSON "
                            + "does not allow a comma after the last member")
                }
            case UInt8(ascii: "}"):
                offset += 1
                depth -= 1
                return JSONObject(members: members, overridden: overridden)
            default:
                throw failure("expected ',' or '}' after a member of the object opened at \(start)", found: offset)
            }
        }
    }

    /// Reads an array; `offset` is at its `[`.
    mutating func readArray(openedAt start: SourcePosition) throws(CatalogError) -> [JSONNode] {
        try enterContainer()
        offset += 1
        var elements: [JSONNode] = []
        skipWhitespace()
        if offset < bytes.count, bytes[offset] == UInt8(ascii: "]") {
            offset += 1
            depth -= 1
            return elements
        }
        while true {
            elements.append(try readValue())
            skipWhitespace()
            guard offset < bytes.count else {
                throw failure("expected ',' or ']' after an element of the array opened at \(start)", found: offset)
            }
            switch bytes[offset] {
            case UInt8(ascii: ","):
                let comma = position(at: offset)  // now: the comma's line may end before the next token
                offset += 1
                skipWhitespace()
                if offset < bytes.count, bytes[offset] == UInt8(ascii: "]") {
                    throw CatalogError(
                        file: file, position: comma,
                        message: "trailing comma before ']': JSON "
                            + "does not allow a comma after the last element")
                }
            case UInt8(ascii: "]"):
                offset += 1
                depth -= 1
                return elements
            default:
                throw failure("expected ',' or ']' after an element of the array opened at \(start)", found: offset)
            }
        }
    }

    /// Counts one more open container, refusing to go deeper than `maximumDepth` (so hostile input cannot exhaust
    /// the stack of this recursive reader).
    private mutating func enterContainer() throws(CatalogError) {
        depth += 1
        if depth > Self.maximumDepth {
            throw failure("nesting deeper than \(Self.maximumDepth) levels of arrays and objects", at: offset)
        }
    }

    /// The index of the member already named `key`, if any.
    private static func slot(of key: String, in members: [JSONMember], slots: [ExactText: Int]) -> Int? {
        if !slots.isEmpty { return slots[ExactText(key)] }
        return members.firstIndex { $0.key.utf8.elementsEqual(key.utf8) }
    }
}
