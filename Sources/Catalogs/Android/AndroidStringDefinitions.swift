/// The `<string>` resources some Android values files define, as `@string/` references need them: each name's text,
/// or the name it refers to.
///
/// A reference is resolved as Android resolves it on a device: among every file of every values folder that could
/// apply, the most specific definition of the name wins (the file's own folder, then the folders its locale falls back
/// to, then the default `values`), and when that definition is itself a reference, the next name is looked up the
/// same way. So definitions come in layers, most specific first (`AndroidReferenceResolver`'s `layers`), each
/// layer one folder's files merged (`addSibling(_:)`); a name takes its definition from the first layer that has one.
///
/// ```swift
/// var folder = AndroidStringDefinitions(texts: ["title": "Titre"])
/// folder.addSibling(AndroidStringDefinitions(links: ["label": "title"]))
/// folder.definition(of: "label")   // .link("title")
/// ```
struct AndroidStringDefinitions: Sendable, Equatable {
    /// What one name is defined as.
    enum Definition: Equatable {
        case text(String)
        case link(String)
    }

    /// The text of each string that is not a reference.
    var texts: [String: String] = [:]
    /// The name each reference string points to.
    var links: [String: String] = [:]

    /// `name`'s definition here, if any: a name with a text is its text, whether or not it is also a reference, as
    /// in a file's own lookup.
    func definition(of name: String) -> Definition? {
        if let text = texts[name] { return .text(text) }
        return links[name].map(Definition.link)
    }

    /// Adds the definitions of another file of the same folder: aapt2 refuses a name defined twice in one folder, so
    /// when that happens anyway the text is taken over a reference, the first file's over a later one's.
    mutating func addSibling(_ other: AndroidStringDefinitions) {
        for (name, text) in other.texts where texts[name] == nil {
            texts[name] = text
            links[name] = nil
        }
        for (name, target) in other.links where texts[name] == nil && links[name] == nil { links[name] = target }
    }
}
