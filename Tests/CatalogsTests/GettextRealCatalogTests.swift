import Foundation
import Testing

@testable import Catalogs

/// The compiled catalogs Debian's `gettext` package installs (`/usr/share/locale/*/LC_MESSAGES/gettext-tools.mo`, 37
/// languages in UTF-8, ISO-8859-1/2/7/15 and EUC-JP), each turned back into a `.po` with `msgunfmt`: both are read,
/// must agree entry for entry, and their counts are checked against `msgfmt --statistics` on the `.po` and against
/// a count of its `msgstr` lines.
///
/// `make deps` installs `gettext`; without `msgunfmt` and `msgfmt` these tests fail, saying so.
@Suite struct GettextRealCatalogTests {
    /// The gettext package's own catalogs, by path.
    static let catalogs: [String] = {
        let root = "/usr/share/locale"
        let locales = (try? FileManager.default.contentsOfDirectory(atPath: root)) ?? []
        return locales.sorted().map { "\(root)/\($0)/LC_MESSAGES/gettext-tools.mo" }
            .filter { FileManager.default.fileExists(atPath: $0) }
    }()

    /// The path of `tool` on `PATH`, or nil.
    static func find(_ tool: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":").map { "\($0)/\(tool)" }
            .first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// Runs `tool`; its status, standard output and standard error.
    static func run(_ tool: String, _ arguments: [String]) throws -> (status: Int32, output: String, errors: String) {
        let executable = try #require(find(tool), "\(tool) is missing: install the gettext package (make deps)")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.environment = ["LC_ALL": "C", "PATH": "/usr/bin:/bin"]
        let output = Pipe(), errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let out = output.fileHandleForReading.readDataToEndOfFile()
        let err = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: out, as: UTF8.self), String(decoding: err, as: UTF8.self))
    }

    /// The counts of `msgfmt --statistics`: "686 translated messages, 2 fuzzy translations, 1 untranslated message."
    static func statistics(_ line: String) -> (translated: Int, fuzzy: Int, untranslated: Int) {
        var counts = (translated: 0, fuzzy: 0, untranslated: 0)
        for part in line.split(separator: ",") {
            let words = part.split(separator: " ")
            guard words.count >= 2, let number = Int(words[0]) else { continue }
            switch words[1] {
            case "translated": counts.translated = number
            case "fuzzy": counts.fuzzy = number
            case "untranslated": counts.untranslated = number
            default: continue
            }
        }
        return counts
    }

    /// A fresh folder for one test's files.
    static func temporaryFolder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("gettext-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    @Test("the gettext package's catalogs are installed, and so are msgunfmt and msgfmt")
    func toolsAndFiles() {
        #expect(Self.find("msgunfmt") != nil, "msgunfmt is missing: install the gettext package (make deps)")
        #expect(Self.find("msgfmt") != nil, "msgfmt is missing: install the gettext package (make deps)")
        #expect(Self.catalogs.count >= 30, "gettext-tools.mo catalogs are missing: install gettext (make deps)")
    }

    @Test("each .mo and its msgunfmt .po agree entry for entry, and their counts are msgfmt's", arguments: catalogs)
    func catalog(_ path: String) throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let poPath = folder.appendingPathComponent("converted.po").path
        let unfmt = try Self.run("msgunfmt", [path, "-o", poPath])
        try #require(unfmt.status == 0, "msgunfmt failed: \(unfmt.errors)")
        let stats = try Self.run("msgfmt", ["--statistics", "-o", "/dev/null", poPath])
        try #require(stats.status == 0, "msgfmt failed: \(stats.errors)")
        let counts = Self.statistics(stats.errors)

        let source = try #require(CatalogDiscovery.classify(path, defaultLocale: "en", sourceLocale: "en"))
        #expect(source.format == .gettext)
        let binary = try CatalogParsing.parse(source)
        let text = try CatalogParsing.parse(
            CatalogSource(
                path: poPath, format: .gettext, locale: source.locale,
                group: poPath))
        // msgfmt writes neither fuzzy nor untranslated messages, so msgunfmt's .po has none.
        #expect(counts.translated > 0 && counts.fuzzy == 0 && counts.untranslated == 0)
        #expect(Set(binary.entries.map(\.key)).count == counts.translated)
        #expect(Set(text.entries.map(\.key)).count == counts.translated)
        #expect(binary.skipped.isEmpty)
        #expect(text.skipped.isEmpty)
        // One entry per msgstr line (msgstr or msgstr[N]) but the header's, counted in the .po's text itself.
        let poText = String(decoding: try Data(contentsOf: URL(fileURLWithPath: poPath)), as: UTF8.self)
        let msgstrLines = poText.split(separator: "\n").filter { $0.hasPrefix("msgstr ") || $0.hasPrefix("msgstr[") }
        #expect(binary.entries.count == msgstrLines.count - 1)
        func identity(_ entry: CatalogEntry) -> [String?] {
            [entry.key, entry.variant, entry.text, entry.state, entry.sourceText, entry.locale]
        }
        #expect(binary.entries.map(identity) == text.entries.map(identity))
        #expect(binary.entries.allSatisfy { $0.locale == source.locale && $0.state == "translated" })
    }

    /// msgfmt writes revision 0.1 when a message uses a `<inttypes.h>` macro (`%<PRIu64>`) and no `I` flag (gettext's
    /// `write-mo.c`), 1.1 with the `I` flag; gettext's loader reads the system-dependent strings of both. Each is
    /// compiled here by msgfmt from a `.po` and must give the same entries as the `.po` itself, in both byte orders.
    @Test(
        "system-dependent strings are read at revision 0.1 as at 1.1: the .mo msgfmt compiles gives the .po's entries",
        arguments: [
            ("", 0x0000_0001 as UInt32), ("#, c-format\nmsgid \"%Id items\"\nmsgstr \"%Id Dinge\"\n", 0x0001_0001),
        ])
    func systemDependentRevisions(extra: String, revision: UInt32) throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let po = """
            msgid ""
            msgstr ""
            "Content-Type: text/plain; charset=UTF-8\\n"
            "Plural-Forms: nplurals=2; plural=(n != 1);\\n"

            msgid "Open"
            msgstr "Öffnen"

            #, c-format
            msgid "Using up to %<PRIu32> threads."
            msgstr "Bis zu %<PRIu32> Threads."

            #, c-format
            msgid "%<PRIu64> byte"
            msgid_plural "%<PRIu64> bytes"
            msgstr[0] "%<PRIu64> Byte"
            msgstr[1] "%<PRIu64> Bytes"

            #, c-format
            msgctxt "range"
            msgid "[%<PRId64>, %<PRId64>]"
            msgstr "[%<PRId64>; %<PRId64>]"

            """ + extra
        let poPath = folder.appendingPathComponent("de.po").path
        try Data(po.utf8).write(to: URL(fileURLWithPath: poPath))
        let text = try CatalogParsing.parse(
            CatalogSource(path: poPath, format: .gettext, locale: "de", group: poPath))
        #expect(text.skipped.isEmpty)
        #expect(text.entries.count == (extra.isEmpty ? 5 : 6))
        for endianness in ["--endianness=little", "--endianness=big"] {
            let moPath = folder.appendingPathComponent("de.mo").path
            let compiled = try Self.run("msgfmt", [endianness, "-o", moPath, poPath])
            try #require(compiled.status == 0, "msgfmt failed: \(compiled.errors)")
            let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: moPath)))
            // The revision word, as msgfmt wrote it, in the file's byte order.
            let word = bytes[4..<8].reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
            #expect((endianness.hasSuffix("big") ? word : word.byteSwapped) == revision)
            let binary = try CatalogParsing.parse(
                CatalogSource(path: moPath, format: .gettext, locale: "de", group: moPath))
            #expect(binary.skipped.isEmpty)
            #expect(
                Set(binary.entries.map { [$0.key, $0.variant, $0.text] })
                    == Set(text.entries.map { [$0.key, $0.variant, $0.text] }))
        }
    }

    /// About 3,700 files and 1.8 million entries on a Debian machine with the corpus packages: 40 s in a debug build,
    /// so only with MEASURE_LONG_TESTS=1.
    @Test(
        "every compiled catalog installed under /usr/share/locale reads without an error",
        .enabled(
            if: ProcessInfo.processInfo.environment["MEASURE_LONG_TESTS"] == "1",
            "set MEASURE_LONG_TESTS=1 to read every installed .mo"))
    func everyInstalledCatalog() throws {
        let root = "/usr/share/locale"
        var files = 0
        var failures: [String] = []
        for locale in try FileManager.default.contentsOfDirectory(atPath: root).sorted() {
            let folder = "\(root)/\(locale)/LC_MESSAGES"
            for name in ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted()
            where name.hasSuffix(".mo") {
                let path = "\(folder)/\(name)"
                files += 1
                do {
                    let source = try #require(CatalogDiscovery.classify(path, defaultLocale: "en", sourceLocale: "en"))
                    let document = try CatalogParsing.parse(source)
                    // Debian ships three with a misspelt Plural-Forms (reported at the header, message 1).
                    for skipped in document.skipped
                    where skipped.reason.description.hasPrefix("malformed")
                        && !(skipped.key.isEmpty && skipped.position.line == 1)
                    {
                        failures.append("\(path): \(skipped.reason)")
                    }
                } catch {
                    failures.append("\(error)")
                }
            }
        }
        #expect(files >= Self.catalogs.count)
        #expect(failures.isEmpty, "\(failures.prefix(10))")
    }

    @Test("the German catalog: its locale, a plural message and a message with a placeholder, as msgunfmt shows them")
    func germanSample() throws {
        let path = "/usr/share/locale/de/LC_MESSAGES/gettext-tools.mo"
        try #require(FileManager.default.fileExists(atPath: path), "install the gettext package (make deps)")
        let document = try CatalogParsing.parse(
            try #require(
                CatalogDiscovery.classify(
                    path, defaultLocale: "en",
                    sourceLocale: "en")))
        // From `msgunfmt` of gettext 0.21's German catalog:
        //   msgid "%d translated message"  msgid_plural "%d translated messages"
        //   msgstr[0] "%d übersetzte Meldung"  msgstr[1] "%d übersetzte Meldungen"
        let plural = document.entries.filter { $0.key == "%d translated message" }
        #expect(plural.map(\.variant) == ["plural.0", "plural.1"])
        #expect(plural.map(\.text) == ["%d übersetzte Meldung", "%d übersetzte Meldungen"])
        #expect(plural.map(\.sourceText) == ["%d translated message", "%d translated messages"])
        #expect(plural.allSatisfy { $0.locale == "de" })
    }

    @Test("msgfmt writes %<PRIu64> and %Id into a revision 1 file; they read back as written, as msgunfmt shows them")
    func systemDependentStrings() throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let po = folder.appendingPathComponent("sys.po"), mo = folder.appendingPathComponent("sys.mo")
        try Data(
            """
            msgid ""
            msgstr "Content-Type: text/plain; charset=UTF-8\\n"

            #, c-format
            msgid "%<PRIu64> bytes"
            msgstr "%<PRIu64> Bytes"

            #, c-format
            msgid "%Id items"
            msgstr "%Id Stück"

            msgid "plain"
            msgstr "schlicht"

            """.utf8
        ).write(to: po)
        let compiled = try Self.run("msgfmt", ["-o", mo.path, po.path])
        try #require(compiled.status == 0, "msgfmt failed: \(compiled.errors)")
        let bytes = [UInt8](try Data(contentsOf: mo))
        // Major revision 1 (the word at offset 4 is 0x00010001 in the file's little-endian order).
        #expect(Array(bytes[4..<8]) == [0x01, 0x00, 0x01, 0x00])
        let document = try GettextParser.parse(bytes, file: "sys.mo", locale: "de")
        #expect(
            document.entries.map { "\($0.key) → \($0.text)" } == [
                "plain → schlicht", "%<PRIu64> bytes → %<PRIu64> Bytes", "%Id items → %Id Stück",
            ])
        #expect(document.entries.map(\.position.line) == [2, 3, 4])
    }
}
