import Foundation
import Testing

@testable import CatalogMeasure
@testable import Catalogs

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Discovery stays inside the folders given: a symbolic link leading elsewhere is skipped and named by its own path
/// (so `ln -s /etc/passwd App/en.lproj/x.strings` puts nothing of that file into any report), links inside the
/// folders are followed once, loops end, and a FIFO in a catalog folder never blocks the run.
///
/// Each test works in a folder of its own, so the suite runs in parallel. The time limit only guards against a hang.
@Suite(.timeLimit(.minutes(2))) struct DiscoverySymlinkTests {
    static let dejaVu = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"

    /// A fresh folder with `App/en.lproj/Localizable.strings` (`"hello" = "Hello";`) and an empty `outside`
    /// folder beside `App`; the caller removes it.
    static func workspace() throws -> (root: URL, app: URL, outside: URL) {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("symlinks-\(UUID().uuidString)")
        let folder = root.appendingPathComponent("App/en.lproj")
        let outside = root.appendingPathComponent("outside")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: outside, withIntermediateDirectories: true)
        try Data("\"hello\" = \"Hello\";\n".utf8).write(to: folder.appendingPathComponent("Localizable.strings"))
        return (root, root.appendingPathComponent("App"), outside)
    }

    static func link(_ path: URL, to destination: String) throws {
        try FileManager.default.createSymbolicLink(atPath: path.path, withDestinationPath: destination)
    }

    static func run(_ paths: [String], followSymlinks: Bool = false) throws -> CatalogRun.Result {
        try CatalogRun.run(
            CatalogRunOptions(
                paths: paths, config: CatalogConfig(fonts: ["default": [.file(path: dejaVu, faceIndex: 0)]]),
                commandLine: ConstraintSettings(width: 1000, size: 17), threads: 2, followSymlinks: followSymlinks))
    }

    /// Every report a run can write, and the terminal summary, joined.
    static func allReports(_ report: CatalogReport) -> String {
        [
            CatalogJSONReport.render(report), CatalogCSVReport.render(report), CatalogMarkdownReport.render(report),
            CatalogSARIFReport.render(report, toolVersion: "test", baseDirectory: "/"),
            CatalogJUnitReport.render(report), CatalogTerminalSummary.render(report),
        ].joined(separator: "\n")
    }

    static func names(_ paths: [String], under root: URL) -> [String] {
        paths.map { String($0.dropFirst(root.path.count + 1)) }
    }

    @Test func aLinkToEtcPasswdIsNotReadAndNoReportQuotesIt() throws {
        let passwd = try String(contentsOfFile: "/etc/passwd", encoding: .utf8)
        try #require(passwd.contains("root:"))
        let (root, app, _) = try Self.workspace()
        defer { try? FileManager.default.removeItem(at: root) }
        try Self.link(app.appendingPathComponent("en.lproj/x.strings"), to: "/etc/passwd")
        let result = try Self.run([app.path])
        let report = result.report
        #expect(Self.names(report.files.map(\.path), under: root) == ["App/en.lproj/Localizable.strings"])
        #expect(report.fileErrors.isEmpty)
        #expect(report.entries.map(\.entry.key) == ["hello"])
        #expect(
            result.warnings == [
                "skipped the symbolic link \(app.path)/en.lproj/x.strings: it leads outside "
                    + "the folders given (--follow-symlinks follows it)"
            ])
        let reports = Self.allReports(report)
        #expect(!reports.contains("root:"))
        #expect(!reports.contains("/bin/"))
        #expect(!result.warnings.joined().contains("passwd"))
    }

    @Test func withFollowSymlinksTheLinkIsRead() throws {
        let (root, app, outside) = try Self.workspace()
        defer { try? FileManager.default.removeItem(at: root) }
        try Data("\"secret\" = \"Outside\";\n".utf8).write(to: outside.appendingPathComponent("S.strings"))
        try Self.link(
            app.appendingPathComponent("en.lproj/S.strings"),
            to: outside.appendingPathComponent("S.strings").path)
        let skipped = try Self.run([app.path])
        #expect(skipped.report.entries.map(\.entry.key) == ["hello"])
        #expect(!Self.allReports(skipped.report).contains("Outside"))
        let followed = try Self.run([app.path], followSymlinks: true)
        #expect(followed.report.entries.map(\.entry.key).sorted() == ["hello", "secret"])
        #expect(followed.warnings.isEmpty)
    }

    @Test func aLinkInsideTheFolderIsFollowedAndOneLeavingItIsNamedByItsPath() throws {
        let (root, app, outside) = try Self.workspace()
        defer { try? FileManager.default.removeItem(at: root) }
        // A translation that shares the English file (inside), and a folder link to another project (outside).
        let german = app.appendingPathComponent("de.lproj")
        try FileManager.default.createDirectory(at: german, withIntermediateDirectories: true)
        try Self.link(german.appendingPathComponent("Localizable.strings"), to: "../en.lproj/Localizable.strings")
        let other = outside.appendingPathComponent("fr.lproj")
        try FileManager.default.createDirectory(at: other, withIntermediateDirectories: true)
        try Data("\"x\" = \"y\";".utf8).write(to: other.appendingPathComponent("Localizable.strings"))
        try Self.link(app.appendingPathComponent("Shared"), to: outside.path)
        let found = CatalogDiscovery.find([app.path], defaultLocale: "en", sourceLocale: "en")
        #expect(
            Self.names(found.sources.map(\.path), under: root)
                == ["App/de.lproj/Localizable.strings", "App/en.lproj/Localizable.strings"])
        #expect(found.sources.map(\.locale) == ["de", "en"])
        #expect(Self.names(found.skippedLinks, under: root) == ["App/Shared"])
        #expect(found.errors.isEmpty)
        // Given both folders, the link leads inside one of them and is followed.
        let both = CatalogDiscovery.find([app.path, outside.path], defaultLocale: "en", sourceLocale: "en")
        #expect(both.skippedLinks.isEmpty)
        #expect(
            Self.names(both.sources.map(\.path), under: root) == [
                "App/Shared/fr.lproj/Localizable.strings", "App/de.lproj/Localizable.strings",
                "App/en.lproj/Localizable.strings", "outside/fr.lproj/Localizable.strings",
            ])
    }

    @Test func loopsOfLinksEnd() throws {
        let (root, app, _) = try Self.workspace()
        defer { try? FileManager.default.removeItem(at: root) }
        // Two links to each other (stat fails with ELOOP), a link to its own folder, one to the folder above, a link
        // to nothing; and one to nothing not named as a catalog.
        try Self.link(app.appendingPathComponent("en.lproj/a.strings"), to: "b.strings")
        try Self.link(app.appendingPathComponent("en.lproj/b.strings"), to: "a.strings")
        try Self.link(app.appendingPathComponent("en.lproj/again"), to: ".")
        try Self.link(app.appendingPathComponent("up"), to: "..")
        try Self.link(app.appendingPathComponent("en.lproj/Gone.strings"), to: "missing.strings")
        try Self.link(app.appendingPathComponent("en.lproj/notes.txt"), to: "missing.txt")
        for follow in [false, true] {
            let found = CatalogDiscovery.find(
                [app.path], defaultLocale: "en", sourceLocale: "en",
                followSymbolicLinks: follow)
            #expect(found.sources.map(\.path) == ["\(app.path)/en.lproj/Localizable.strings"])
            // The links named as catalogs that lead nowhere are reported, as the same paths given on the command
            // line are: nothing is dropped unseen.
            #expect(
                Self.names(found.errors.map(\.file), under: root)
                    == ["App/en.lproj/Gone.strings", "App/en.lproj/a.strings", "App/en.lproj/b.strings"])
            #expect(
                Set(found.errors.map(\.message))
                    == ["a symbolic link that leads to nothing (its target does not exist, or links loop)"])
            #expect(Self.names(found.skippedLinks, under: root) == (follow ? [] : ["App/up"]))
        }
    }

    /// A folder whose name is not UTF-8 (`de\xFF.lproj`) cannot be opened through the name a listing gives (the
    /// byte decodes to U+FFFD): reported as a file error, not passed over unseen.
    @Test func anEntryWhoseNameIsNotUTF8IsReported() throws {
        let (root, app, _) = try Self.workspace()
        defer { try? FileManager.default.removeItem(at: root) }
        var bytes = Array(app.path.utf8) + Array("/de".utf8) + [0xFF] + Array(".lproj".utf8) + [0]
        let made = bytes.withUnsafeMutableBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { mkdir($0.baseAddress!, 0o755) }
        }
        // Removed by its bytes: FileManager cannot name it either.
        defer {
            _ = bytes.withUnsafeMutableBufferPointer { buffer in
                buffer.withMemoryRebound(to: CChar.self) { rmdir($0.baseAddress!) }
            }
        }
        #expect(made == 0)
        let found = CatalogDiscovery.find([app.path], defaultLocale: "en", sourceLocale: "en")
        #expect(found.sources.map(\.path) == ["\(app.path)/en.lproj/Localizable.strings"])
        #expect(found.errors.map(\.file) == ["\(app.path)/de\u{FFFD}.lproj"])
        #expect(found.errors.first?.message.hasPrefix("listed but cannot be examined by its name") == true)
    }

    @Test func aFIFOInTheCatalogFolderDoesNotBlockTheRun() throws {
        let (root, app, _) = try Self.workspace()
        defer { try? FileManager.default.removeItem(at: root) }
        let fifo = app.appendingPathComponent("en.lproj/Pipe.strings").path
        #expect(mkfifo(fifo, 0o644) == 0)
        let report = try Self.run([app.path]).report
        #expect(report.entries.map(\.entry.key) == ["hello"])
        #expect(report.fileErrors.map(\.file) == [fifo])
        #expect(
            report.fileErrors.map(\.message)
                == ["not a regular file (a FIFO); only regular files are read as catalogs"])
    }

    @Test func oneUnreadableFileDoesNotLoseTheOthers() throws {
        let (root, app, _) = try Self.workspace()
        defer { try? FileManager.default.removeItem(at: root) }
        let broken = app.appendingPathComponent("en.lproj/Broken.strings")
        try Data("\"a\" = ".utf8).write(to: broken)
        try Data("\"later\" = \"Later\";\n".utf8).write(to: app.appendingPathComponent("en.lproj/Z.strings"))
        let report = try Self.run([app.path]).report
        #expect(report.entries.map(\.entry.key) == ["hello", "later"])
        #expect(report.fileErrors.map(\.file) == [broken.path])
    }
}
