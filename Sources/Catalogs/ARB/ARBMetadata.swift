/// The placeholders of each key of an ARB file, read from its `@key` members.
///
/// Flutter keeps metadata in the template ARB only (the file of the source locale; `gen-l10n` takes each
/// placeholder from the template and lets a translation's own `@key` override it, and translation tools such as
/// Weblate write `"@key": {}` there), so `ARBParser` describes every locale's placeholders with the template's
/// metadata, a key the template does not describe with the file's own. A `@key` that is not an object, and
/// `placeholders` members that are not objects, describe nothing (Flutter refuses them; measuring goes on).
struct ARBMetadata: Sendable, Hashable {
    /// Placeholders by key, then by name.
    var placeholders: [String: [String: ARBPlaceholder]]

    init(placeholders: [String: [String: ARBPlaceholder]] = [:]) {
        self.placeholders = placeholders
    }

    /// The metadata among `root`'s members (an ARB file's top-level object).
    init(_ root: JSONObject) {
        var placeholders: [String: [String: ARBPlaceholder]] = [:]
        for member in root.members where member.key.hasPrefix("@") && !member.key.hasPrefix("@@") {
            guard let body = member.value.value.objectValue,
                let described = body["placeholders"]?.value.objectValue
            else { continue }
            var byName: [String: ARBPlaceholder] = [:]
            for placeholder in described.members {
                guard let object = placeholder.value.value.objectValue else { continue }
                byName[placeholder.key] = ARBPlaceholder(object)
            }
            placeholders[String(member.key.dropFirst())] = byName
        }
        self.placeholders = placeholders
    }

    /// The placeholders of `key`: the template's where it describes the key, else the file's own, else none.
    static func placeholders(of key: String, template: ARBMetadata?, own: ARBMetadata) -> [String: ARBPlaceholder] {
        template?.placeholders[key] ?? own.placeholders[key] ?? [:]
    }
}
