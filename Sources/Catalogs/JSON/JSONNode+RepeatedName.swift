extension JSONNode {
    /// A name that an object of this node (the outermost first, then each member's in order) gives more than once:
    /// its first member and the one that replaced it (`JSONObject.overridden` keeps the first), or nil.
    ///
    /// Files and lines people write — a catalog config, a `measure stream` job — refuse such a name: RFC 8259 leaves
    /// what a reader keeps open, and `{"width": 100, "width": 5}` measured at 5 without a word.
    package var firstRepeatedName: (first: JSONMember, again: JSONMember)? {
        switch value {
        case .object(let object):
            if let first = object.overridden.first,
                let again = object.members.first(where: { $0.key.utf8.elementsEqual(first.key.utf8) })
            {
                return (first, again)
            }
            for member in object.members {
                if let found = member.value.firstRepeatedName { return found }
            }
            return nil
        case .array(let items):
            for item in items {
                if let found = item.firstRepeatedName { return found }
            }
            return nil
        default:
            return nil
        }
    }
}
