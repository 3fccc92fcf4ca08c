import Foundation
import Testing

@testable import ArgumentParsing
@testable import MeasureCLI

#if canImport(Glibc)
    import Glibc
#endif

/// Files a command is given by name that are not regular files, and names with control characters: refused in
/// words, never blocking, never printed raw.
@Suite struct HostileFileTests {
    func run(_ arguments: [String]) -> (status: Int32, output: String, error: String) {
        let sink = CapturingOutputSink()
        let status = CommandRunner.run(MeasureCommand.self, arguments: arguments, output: sink)
        return (status, sink.standardOutput, sink.standardError)
    }

    @Test(.timeLimit(.minutes(1))) func aFIFOAsAttributesOrFontDoesNotBlock() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("fifo-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let fifo = directory.appendingPathComponent("pipe").path
        #expect(mkfifo(fifo, 0o600) == 0)
        let attributes = run([
            "text", "hi", "--font", HostileNumberTests.dejaVu, "--size", "12", "--width", "0",
            "--attributes", "@" + fifo,
        ])
        #expect(attributes.status == 1)
        #expect(attributes.error.contains("not a regular file"), "\(attributes.error)")
        let font = run(["text", "hi", "--font", fifo, "--size", "12", "--width", "0"])
        #expect(font.status == 1)
        #expect(font.error.contains("is a FIFO (named pipe)"), "\(font.error)")
        let zero = run([
            "text", "hi", "--font", HostileNumberTests.dejaVu, "--size", "12", "--width", "0",
            "--attributes", "@/dev/zero",
        ])
        #expect(zero.status == 1)
        #expect(zero.error.contains("not a regular file"))
    }

    @Test func controlCharactersInNamesAreEscaped() {
        let result = run(["text", "hi", "--font", "/nonexistent/\u{1B}[2J\nfont.ttf", "--size", "12", "--width", "0"])
        #expect(result.status == 1)
        #expect(result.error == "measure: font file not found: /nonexistent/\\u{1B}[2J\\u{A}font.ttf\n")
        #expect(PrintableText.path("a\u{7F}b\u{9B}c") == "a\\u{7F}b\\u{9B}c")
        #expect(PrintableText.path("日本語/ok") == "日本語/ok")
    }

    /// Messages that quote a name or a value in their own words (SQLite's, a config file's, a usage error's) are
    /// escaped as a whole before they are written, line feeds too.
    @Test func everyErrorMessageIsEscaped() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("escape-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let database = directory.appendingPathComponent("ev\u{1B}[2Jil.db").path
        try Data(String(repeating: "not a database\n", count: 40).utf8).write(to: URL(fileURLWithPath: database))
        let stats = run(["db", "stats", database])
        #expect(stats.status == 1)
        #expect(!stats.error.contains("\u{1B}"), "\(stats.error)")
        #expect(stats.error.contains("ev\\u{1B}[2Jil.db is not an SQLite database"), "\(stats.error)")
        let fonts = run(["catalog", directory.path, "--width", "200", "--font-dir", "/tmp/x\u{1B}[31mred\u{7}"])
        #expect(!fonts.error.contains("\u{1B}") && !fonts.error.contains("\u{7}"), "\(fonts.error)")
        #expect(fonts.error.contains("\\u{1B}[31mred\\u{7}"), "\(fonts.error)")
        #expect(PrintableText.message("a\u{1B}b\nc\td\u{85}") == "a\\u{1B}b\\u{A}c\\u{9}d\\u{85}")
        // A line feed in a name cannot start a forged line of a CI log.
        let forged = run(["catalog", directory.path, "--width", "100", "--config", "/no/such\n::error::forged.json"])
        #expect(forged.error.split(separator: "\n").allSatisfy { !$0.hasPrefix("::error::") }, "\(forged.error)")
        #expect(forged.error.contains("/no/such\\u{A}::error::forged.json"), "\(forged.error)")
    }

    /// `--output`-style writes say why in the system's words and leave no temporary file behind.
    @Test func outputFilesFailInWords() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("out-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        #expect(throws: OutputWriteError(destination: directory.path, code: EISDIR)) {
            try OutputFile.write(Array("x".utf8), to: directory.path)
        }
        let missing = directory.appendingPathComponent("no/such/report.json").path
        #expect(throws: OutputWriteError(destination: missing, code: ENOENT)) {
            try OutputFile.write(Array("x".utf8), to: missing)
        }
        #expect(
            OutputWriteError(destination: "r.json", code: ENOSPC).description
                == "cannot write r.json: No space left on device")
        let report = directory.appendingPathComponent("report.json").path
        try OutputFile.write(Array("first".utf8), to: report)
        try OutputFile.write(Array("second".utf8), to: report)
        #expect(try String(contentsOfFile: report, encoding: .utf8) == "second")
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["report.json"])
    }

    /// `measure catalog --output` naming a folder said "NSCocoaErrorDomain error 512"; now the system's words.
    @Test func aCatalogReportIntoAFolderSaysSo() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("catout-\(UUID())")
        let strings = directory.appendingPathComponent("App/en.lproj")
        try FileManager.default.createDirectory(at: strings, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        try Data("\"a\" = \"b\";\n".utf8).write(to: strings.appendingPathComponent("L.strings"))
        let result = run([
            "catalog", directory.appendingPathComponent("App").path, "--width", "100",
            "--format", "json", "--output", directory.path,
        ])
        #expect(result.status == 2)
        #expect(result.error == "measure catalog: cannot write \(directory.path): Is a directory\n")
    }
}
