import Foundation
import Testing

/// The real `measure` binary when a font it has mapped is cut short in place while it runs: the next read of a page
/// that is gone raises SIGBUS, which used to end the process with a crash report that reads as a bug. It says what
/// happened and how to replace such files, and exits 1.
@Suite struct MappedFileChangeTests {
    @Test func aFontCutShortWhileMappedIsSaidAndExitsOne() throws {
        let binary = try #require(DurabilityTests.binary, "build the measure binary first: swift build")
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("mapped-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let font = folder.appendingPathComponent("font.ttf").path
        try FileManager.default.copyItem(atPath: "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf", toPath: font)

        let process = Process()
        process.executableURL = URL(fileURLWithPath: binary)
        process.arguments = ["stream", "--font", font, "--size", "17", "--width", "0"]
        let input = Pipe(), output = Pipe(), errors = Pipe()
        (process.standardInput, process.standardOutput, process.standardError) = (input, output, errors)
        try process.run()
        input.fileHandleForWriting.write(Data(#"{"id": 1, "text": "a"}"#.utf8 + [0x0A]))
        // The first answer: the font is open and mapped.
        var answer = Data()
        while !answer.contains(0x0A), let chunk = try output.fileHandleForReading.read(upToCount: 1), !chunk.isEmpty {
            answer += chunk
        }
        #expect(String(decoding: answer, as: UTF8.self).hasPrefix(#"{"id": 1, "width": "#))
        // Cut in place (not replaced by a rename): every mapped page of it is gone.
        #expect(truncate(font, 0) == 0)
        // "Q" has not been drawn: its outline is read from the mapping now.
        input.fileHandleForWriting.write(
            Data(#"{"id": 2, "text": "Q", "attributes": {"usesDeviceMetrics": true}}"#.utf8 + [0x0A]))
        try input.fileHandleForWriting.close()
        let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationReason == .exit)
        #expect(process.terminationStatus == 1)
        #expect(
            message
                == "error: a file this process reads through a memory mapping (a font, or the size database) was cut "
                + "short or rewritten in place while in use (SIGBUS); replace such files by writing a new copy and "
                + "renaming it over the old one, then run again\n")
    }
}
