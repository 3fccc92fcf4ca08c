/// The `<string>` resources some Android values files define, as `@string/` references need them: each name's text,
/// or the name it refers to.
///
/// A reference is resolved as Android resolves it on a device: among every file of every values folder that could
/// apply, the most specific definition of the name wins (the file's own folder, then the folders its locale falls back
/// to, then the default `values`), and when that definition is itself a reference, the next name is looked up the
/// same way. So definitions are gathered from the most specific source to the least, and a name keeps the first
/// definition it was given (`addFallback(_:)`).
///
/// ```swift
/// var definitions = AndroidStringDefinitions(texts: ["title": "Titre"], links: [:])
/// definitions.addFallback(AndroidStringDefinitions(texts: ["title": "Title", "app": "App"], links: [:]))
/// definitions.texts   // ["title": "Titre", "app": "App"]
/// ```
struct AndroidStringDefinitions: Sendable, Equatable {
    /// The text of each string that is not a reference.
    private(set) var texts: [String: String] = [:]
    /// The name each reference string points to (a name with a text too is its text, as in the file's own lookup).
    private(set) var links: [String: String] = [:]

    init(texts: [String: String] = [:], links: [String: String] = [:]) {
        self.texts = texts
        self.links = links
    }

    var isEmpty: Bool { texts.isEmpty && links.isEmpty }

    /// Whether `name` has a definition here, as a text or a reference.
    func defines(_ name: String) -> Bool {
        texts[name] != nil || links[name] != nil
    }

    /// Adds the definitions of a less specific source: only names not defined yet take them.
    mutating func addFallback(_ other: AndroidStringDefinitions) {
        for (name, text) in other.texts where !defines(name) { texts[name] = text }
        for (name, target) in other.links where !defines(name) { links[name] = target }
    }

    /// Adds the definitions of another file of the same folder: aapt2 refuses a name defined twice in one folder, so
    /// when that happens anyway the text is taken over a reference, the first file's over a later one's.
    mutating func addSibling(_ other: AndroidStringDefinitions) {
        for (name, text) in other.texts where texts[name] == nil {
            texts[name] = text
            links[name] = nil
        }
        for (name, target) in other.links where !defines(name) { links[name] = target }
    }
}
