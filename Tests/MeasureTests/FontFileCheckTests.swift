import Foundation
import Testing

@testable import Measure

#if canImport(Glibc)
    import Glibc
#endif

/// Paths that are not readable regular font files are refused before FreeType opens them, each with its own words:
/// a FIFO blocked a run forever before (FreeType waited for a writer), a directory came back as "not found".
@Suite struct FontFileCheckTests {
    func withDirectory(_ body: (URL) throws -> Void) throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("fontcheck-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        try body(directory)
    }

    @Test(.timeLimit(.minutes(1))) func aFIFOIsRefusedWithoutBlocking() throws {
        try withDirectory { directory in
            let path = directory.appendingPathComponent("font.ttf").path
            #expect(mkfifo(path, 0o600) == 0)
            #expect(throws: FontError.notARegularFile(path: path, kind: "a FIFO (named pipe)")) { try Font(path: path) }
        }
    }

    @Test func aDirectoryIsRefused() throws {
        try withDirectory { directory in
            #expect(throws: FontError.notARegularFile(path: directory.path, kind: "a directory")) {
                try Font(path: directory.path)
            }
        }
    }

    @Test func aCharacterDeviceIsRefused() {
        #expect(throws: FontError.notARegularFile(path: "/dev/zero", kind: "a character device")) {
            try Font(path: "/dev/zero")
        }
    }

    @Test func missingFilesAndMissingFoldersAreNotFound() {
        #expect(throws: FontError.fileNotFound(path: "/nonexistent/font.ttf")) {
            try Font(path: "/nonexistent/font.ttf")
        }
        #expect(throws: FontError.fileNotFound(path: "/etc/hostname/font.ttf")) {
            try Font(path: "/etc/hostname/font.ttf")
        }
        #expect(throws: FontError.fileNotFound(path: "")) { try Font(path: "") }
    }

    @Test func messagesEscapeControlCharacters() {
        let path = "/tmp/evil\n::error::forged\u{1B}[2J.ttf"
        let message = FontError.fileNotFound(path: path).description
        #expect(message == "font file not found: /tmp/evil\\u{A}::error::forged\\u{1B}[2J.ttf")
        #expect(!message.contains("\n"))
    }

    /// FreeType's error numbers come with FreeType's words (fterrdef.h: 0x08 is "broken table").
    @Test func freeTypeErrorsAreSaidInWords() {
        let message = FontError.freeType(path: "a.ttf", faceIndex: 0, code: 8, operation: "FT_New_Face").description
        #expect(message == "FreeType error 8 (broken table) in FT_New_Face: a.ttf face 0")
        let unknown = FontError.freeType(path: "a.ttf", faceIndex: 0, code: 0x7F, operation: "FT_New_Face")
        #expect(unknown.description == "FreeType error 127 in FT_New_Face: a.ttf face 0")
    }
}
