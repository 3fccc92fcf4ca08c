/// A JSON object's members in the order the file lists them.
///
/// Order matters for catalogs: Xcode writes `.xcstrings` keys in its own order (not code-point order), and reports
/// should list entries the way the file does. A name that appears twice keeps the slot of its first appearance and the
/// value (and key position) of its last, like most JSON readers ("last wins"; RFC 8259 leaves it open).
///
/// Names compare by their Unicode scalars (code points), not by Swift's canonical equivalence, as Foundation's
/// dictionaries and JSON readers elsewhere do: `"é"` (U+00E9) and `"e\u0301"` are two different names.
package struct JSONObject: Sendable, Hashable {
    package var members: [JSONMember]
    /// Members whose name came again later in the object and were replaced by the later one, in file order, so a
    /// format reader can report what "last wins" dropped.
    package var overridden: [JSONMember]

    package init(members: [JSONMember] = [], overridden: [JSONMember] = []) {
        self.members = members
        self.overridden = overridden
    }

    /// The value of the member named `name`, or nil.
    ///
    /// - Complexity: O(n) in the number of members; objects that are looked up by name (a string unit, a catalog's
    ///   root) have a handful of members. Iterate `members` for large ones.
    package subscript(name: String) -> JSONNode? {
        for member in members where member.key.utf8.elementsEqual(name.utf8) {
            return member.value
        }
        return nil
    }
}

/// One `"name": value` pair of a JSON object, with the position of the name's opening quote.
package struct JSONMember: Sendable, Hashable {
    package var key: String
    package var keyPosition: SourcePosition
    package var value: JSONNode

    package init(key: String, keyPosition: SourcePosition, value: JSONNode) {
        self.key = key
        self.keyPosition = keyPosition
        self.value = value
    }
}
