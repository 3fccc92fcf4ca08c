import Foundation

/// The team's sample catalogs (`corpora/catalogs`, see its README) and the hand-made list of the entries they hold.
enum SampleCatalogs {
    static let root: String = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("corpora/catalogs").path

    static var config: String { root + "/textsize-catalog.json" }

    /// One expected entry: file (relative to `root`), locale, key, variant, text (placeholders unexpanded).
    struct Expected: Hashable {
        var file: String
        var locale: String
        var key: String
        var variant: String
        var text: String
    }

    /// `expected-entries.tsv`, written by hand (and checked with Python's own parsers) when the samples were made;
    /// `\n`, `\t` and `\\` in its text column stand for a line break, a tab and a backslash.
    static func expectedEntries() throws -> [Expected] {
        let table = try String(contentsOfFile: root + "/expected-entries.tsv", encoding: .utf8)
        return table.split(separator: "\n").dropFirst().map { line in
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            return Expected(
                file: fields[0], locale: fields[1], key: fields[2], variant: fields[3],
                text: unescape(fields[4]))
        }
    }

    static func unescape(_ text: String) -> String {
        var out = ""
        var escaped = false
        for character in text {
            if escaped {
                switch character {
                case "n": out.append("\n")
                case "t": out.append("\t")
                default: out.append(character)
                }
                escaped = false
            } else if character == "\\" {
                escaped = true
            } else {
                out.append(character)
            }
        }
        return out
    }

    /// A copy of the samples in a fresh temporary folder (for tests that change files), removed by the caller.
    static func copy() throws -> URL {
        let destination = FileManager.default.temporaryDirectory
            .appendingPathComponent("catalogs-\(UUID().uuidString)")
        try FileManager.default.copyItem(at: URL(fileURLWithPath: root), to: destination)
        return destination
    }
}
