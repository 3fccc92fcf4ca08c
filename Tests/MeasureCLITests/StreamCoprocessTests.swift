import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// The real `measure stream` binary as a coprocess: each job written is answered before the next is written, so a
/// caller can hold a conversation with it over two pipes. Every read has a timeout, so a stream that waits for more
/// input before answering fails the test instead of hanging it.
@Suite struct StreamCoprocessTests {
    /// Reads one line from `descriptor` within `seconds`, or nil.
    static func readLine(_ descriptor: Int32, pending: inout [UInt8], seconds: Double) -> String? {
        let deadline = Date().addingTimeInterval(seconds)
        while true {
            if let newline = pending.firstIndex(of: 0x0A) {
                let line = String(decoding: pending[..<newline], as: UTF8.self)
                pending.removeSubrange(...newline)
                return line
            }
            let left = deadline.timeIntervalSinceNow
            guard left > 0 else { return nil }
            var entry = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            guard poll(&entry, 1, Int32(left * 1000) + 1) > 0 else { continue }
            var chunk = [UInt8](repeating: 0, count: 4096)
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            guard count > 0 else { return nil }
            pending += chunk[..<count]
        }
    }

    @Test(
        .enabled(if: DurabilityTests.binary != nil, "build the measure binary first: swift build"),
        .timeLimit(.minutes(1)))
    func eachJobIsAnsweredBeforeTheNextIsWritten() throws {
        let binary = try #require(DurabilityTests.binary)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: binary)
        process.arguments = [
            "stream", "--font", StreamFixtures.dejaVu, "--size", "14", "--width", "200",
            "--threads", "2",
        ]
        let input = Pipe(), output = Pipe(), errors = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        defer { if process.isRunning { process.terminate() } }
        let reading = output.fileHandleForReading.fileDescriptor
        var pending: [UInt8] = []
        for index in 0..<5 {
            let job = #"{"id": \#(index), "text": "hello world\#(String(repeating: " hello", count: index))"}"# + "\n"
            input.fileHandleForWriting.write(Data(job.utf8))
            let answer = try #require(
                Self.readLine(reading, pending: &pending, seconds: 20),
                "no answer to job \(index) while the input stays open")
            #expect(answer.hasPrefix("{\"id\": \(index), \"width\": "), "\(answer)")
        }
        // A line that is not a job is answered in place too, and the stream goes on.
        input.fileHandleForWriting.write(Data("{oops\n".utf8))
        let error = try #require(Self.readLine(reading, pending: &pending, seconds: 20))
        #expect(error.hasPrefix(#"{"id": null, "error": "line 6, column 2: "#), "\(error)")
        input.fileHandleForWriting.write(Data(#"{"id": "end", "text": "hello world"}"#.utf8 + [0x0A]))
        let last = try #require(Self.readLine(reading, pending: &pending, seconds: 20))
        #expect(
            last
                == #"{"id": "end", "width": 76.8291015625, "height": 16.296875, "lines": 1, "ceiledWidth": 77, "ceiledHeight": 17, "missingGlyphs": 0}"#
        )
        try input.fileHandleForWriting.close()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        #expect(Self.readLine(reading, pending: &pending, seconds: 1) == nil)
    }
}
