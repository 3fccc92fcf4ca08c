/// One thing `XMLReader` found in the document, in document order.
///
/// The reader reports only what the catalog parsers need: elements, their attributes and the character data between
/// them. The XML declaration, processing instructions, comments and the DOCTYPE are consumed silently. Every event
/// carries the `SourcePosition` of its first character, so that parsers can point at the exact place of a value or
/// a problem.
enum XMLEvent: Sendable, Hashable {
    /// A start tag `<name …>`; an empty-element tag `<name/>` gives this followed by `.end`.
    case start(XMLStartTag)
    /// An end tag `</name>` (or the implicit end of `<name/>`, positioned at its start tag).
    case end(name: String, position: SourcePosition)
    /// Character data between tags with entity and character references decoded and line ends normalized to LF.
    /// One run of text between two pieces of markup gives one event (a comment splits a run into two events).
    case text(String, position: SourcePosition)
    /// The content of a `<![CDATA[…]]>` section, verbatim (line ends normalized). Android treats CDATA differently
    /// from ordinary text, so it is its own event. `position` is the first character of the content.
    case cdata(String, position: SourcePosition)
}

/// A start tag: its qualified name, its attributes in document order, and where it and its content begin.
struct XMLStartTag: Sendable, Hashable {
    /// The qualified name as written, prefix included (`string`, `xliff:g`).
    var name: String
    /// The attributes in the order they were written, values decoded and normalized.
    var attributes: [XMLAttribute]
    /// The position of the `<` that opens the tag.
    var position: SourcePosition
    /// The position right after the tag's `>`: where the element's content (its value) begins.
    var contentPosition: SourcePosition
    /// True for an empty-element tag `<name/>` (its `.end` event follows at once).
    var isEmpty: Bool

    /// Where the element's value starts: just after the tag, or at the tag itself for an empty element.
    var valuePosition: SourcePosition { isEmpty ? position : contentPosition }

    /// The namespace prefix (`xliff` in `xliff:g`), or nil when the name has none.
    var prefix: Substring? {
        guard let colon = name.utf8.firstIndex(of: UInt8(ascii: ":")) else { return nil }
        return name[..<colon]
    }

    /// The name without its prefix (`g` in `xliff:g`).
    var localName: Substring {
        guard let colon = name.utf8.firstIndex(of: UInt8(ascii: ":")) else { return name[...] }
        return name[name.utf8.index(after: colon)...]
    }

    /// The value of the attribute with this qualified name (`name`, `xml:space`), or nil when it is absent.
    func attribute(_ qualifiedName: String) -> String? {
        attributes.first { $0.name == qualifiedName }?.value
    }
}

/// One attribute of a start tag.
struct XMLAttribute: Sendable, Hashable {
    /// The qualified name as written (`quantity`, `tools:ignore`).
    var name: String
    /// The value with references decoded and white space normalized as XML 1.0 §3.3.3 requires (a literal tab or
    /// line break becomes a space; `&#10;` stays a line feed).
    var value: String
    /// The position of the value's first character (just inside the quote).
    var position: SourcePosition
}
