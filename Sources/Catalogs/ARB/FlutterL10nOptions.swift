import Foundation

/// What a Flutter project's `l10n.yaml` says about how its ARB messages are read: whether `use-escaping` and
/// `relax-syntax` are on.
///
/// Flutter's `gen-l10n` reads apostrophes its own way (flutter_tools' `message_parser.dart`): with `use-escaping`
/// off — the default, "for backwards compatibility" — an apostrophe is always text, so `d'{count}` is `d'` followed by
/// the argument; with `use-escaping: true`, `'…'` is quoted text and `''` an apostrophe. ICU's own rule (a quote only
/// before a brace) is neither, so an ARB file is read with the project's (`MessageFormatReader.ApostropheMode`).
///
/// The file is looked for where `flutter gen-l10n` reads it, the project's root: from the ARB file's folder upwards,
/// the first `l10n.yaml`, stopping at the folder that holds `pubspec.yaml` (the project's root, checked too). Only
/// the top-level `use-escaping:` and `relax-syntax:` keys are read (`true`, as YAML 1.2 writes it, turns one on); no
/// file, or one that is not a regular file of at most `maximumSize` bytes, means Flutter's defaults.
///
/// `relax-syntax: true` makes a `{` text unless a placeholder the template declares for the message follows it, and a
/// `}` text where it closes nothing (`MessageFormatReader`'s `relaxedNames`).
enum FlutterL10nOptions {
    /// How the messages of one ARB file are read.
    struct Reading: Sendable, Hashable {
        var apostrophes: MessageFormatReader.ApostropheMode = .literal
        var relaxSyntax = false
    }

    /// How the messages of the ARB file at `path` are read.
    static func reading(forARBAt path: String) -> Reading {
        guard let yaml = configuration(forARBAt: path) else { return Reading() }
        return Reading(
            apostrophes: isTrue("use-escaping", in: yaml) ? .quotesAlways : .literal,
            relaxSyntax: isTrue("relax-syntax", in: yaml))
    }

    /// The largest `l10n.yaml` read (real ones are a few hundred bytes); a bigger one counts as absent.
    static let maximumSize = 64 << 10

    /// The text of the `l10n.yaml` that applies to the ARB file at `path`, or nil.
    static func configuration(forARBAt path: String) -> String? {
        var folder = URL(fileURLWithPath: path).deletingLastPathComponent().standardizedFileURL
        let files = FileManager.default
        // A bound on the walk: a path has fewer levels than this.
        for _ in 0..<64 {
            let candidate = folder.appendingPathComponent("l10n.yaml").path
            var isFolder: ObjCBool = false
            if files.fileExists(atPath: candidate, isDirectory: &isFolder), !isFolder.boolValue {
                // The project's file, used or not: a parent folder's is never taken instead. Read as catalogs are
                // (`CatalogFileReader`: a regular file only, its size checked on the open file before reading).
                guard let bytes = try? CatalogFileReader.read(candidate, what: "l10n.yaml", limit: maximumSize)
                else { return nil }
                return String(decoding: bytes, as: UTF8.self)
            }
            if files.fileExists(atPath: folder.appendingPathComponent("pubspec.yaml").path) { return nil }
            let parent = folder.deletingLastPathComponent()
            if parent.path == folder.path { return nil }
            folder = parent
        }
        return nil
    }

    /// Whether the YAML text sets the top-level `key` to true.
    static func isTrue(_ key: String, in yaml: String) -> Bool {
        let prefix = key + ":"
        for line in yaml.split(omittingEmptySubsequences: true, whereSeparator: \.isNewline) {
            guard line.hasPrefix(prefix) else { continue }
            var value = line.dropFirst(prefix.count)
            if let hash = value.firstIndex(of: "#") { value = value[..<hash] }
            // YAML 1.2's core schema, which Dart's package:yaml reads: `true`, `True`, `TRUE` (`yes` and `on` are
            // strings there, and a quoted "true" too; Flutter refuses a use-escaping or relax-syntax that is not a
            // bool).
            let word = value.trimmingCharacters(in: .whitespacesAndNewlines)
            return ["true", "True", "TRUE"].contains(word)
        }
        return false
    }
}
