import Foundation

/// What a Flutter project's `l10n.yaml` says about how its ARB messages are read: whether `use-escaping` is on.
///
/// Flutter's `gen-l10n` reads apostrophes its own way (flutter_tools' `message_parser.dart`): with `use-escaping`
/// off — the default, "for backwards compatibility" — an apostrophe is always text, so `d'{count}` is `d'` followed by
/// the argument; with `use-escaping: true`, `'…'` is quoted text and `''` an apostrophe. ICU's own rule (a quote only
/// before a brace) is neither, so an ARB file is read with the project's (`MessageFormatReader.ApostropheMode`).
///
/// The file is looked for where `flutter gen-l10n` reads it, the project's root: from the ARB file's folder upwards,
/// the first `l10n.yaml`, stopping at the folder that holds `pubspec.yaml` (the project's root, checked too). Only
/// the top-level `use-escaping:` key is read (`true`/`yes`/`on` turn it on, as YAML reads them); a file that cannot
/// be read, or no file, means Flutter's default.
enum FlutterL10nOptions {
    /// The apostrophe rule for the ARB file at `path`.
    static func apostrophes(forARBAt path: String) -> MessageFormatReader.ApostropheMode {
        guard let yaml = configuration(forARBAt: path) else { return .literal }
        return usesEscaping(yaml) ? .quotesAlways : .literal
    }

    /// The text of the `l10n.yaml` that applies to the ARB file at `path`, or nil.
    static func configuration(forARBAt path: String) -> String? {
        var folder = URL(fileURLWithPath: path).deletingLastPathComponent().standardizedFileURL
        let files = FileManager.default
        // A bound on the walk: a path has fewer levels than this.
        for _ in 0..<64 {
            let candidate = folder.appendingPathComponent("l10n.yaml").path
            var isFolder: ObjCBool = false
            if files.fileExists(atPath: candidate, isDirectory: &isFolder), !isFolder.boolValue,
                let data = files.contents(atPath: candidate), data.count <= 1 << 20
            {
                return String(decoding: data, as: UTF8.self)
            }
            if files.fileExists(atPath: folder.appendingPathComponent("pubspec.yaml").path) { return nil }
            let parent = folder.deletingLastPathComponent()
            if parent.path == folder.path { return nil }
            folder = parent
        }
        return nil
    }

    /// Whether the YAML text sets the top-level `use-escaping` key to true.
    static func usesEscaping(_ yaml: String) -> Bool {
        for line in yaml.split(omittingEmptySubsequences: true, whereSeparator: \.isNewline) {
            guard line.hasPrefix("use-escaping:") else { continue }
            var value = line.dropFirst("use-escaping:".count)
            if let hash = value.firstIndex(of: "#") { value = value[..<hash] }
            let word = value.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
            let unquoted =
                word.count >= 2 && (word.first == "\"" || word.first == "'")
                ? String(word.dropFirst().dropLast()) : word
            return ["true", "yes", "on"].contains(unquoted)
        }
        return false
    }
}
