import Foundation

/// Debian's `chromium`, headless, for the tests that check pictures in a real browser: screenshots (PNG) and the
/// DOM after scripts ran. Every call gets its own profile folder, so tests may run in parallel.
enum HeadlessBrowser {
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// The browser's path; a test that needs it fails with this message when there is none.
    static func executable() throws -> String {
        for path in ["/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome"]
        where FileManager.default.isExecutableFile(atPath: path) {
            return path
        }
        throw Failure(
            description: "headless Chromium cannot be started: no /usr/bin/chromium (install Debian's "
                + "chromium: make deps)")
    }

    /// A screenshot of `url` in a window `width × height` CSS pixels at one device pixel a CSS pixel.
    static func screenshot(_ url: String, width: Int, height: Int) throws -> PNGImage {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("shot-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("shot.png").path
        _ = try run(["--screenshot=\(file)", "--window-size=\(width),\(height)", url], profile: folder)
        guard let data = FileManager.default.contents(atPath: file) else {
            throw Failure(description: "headless Chromium wrote no screenshot of \(url)")
        }
        return try PNGImage([UInt8](data))
    }

    /// The DOM of `url` after its scripts ran, in a window `width × height`.
    static func dumpDOM(_ url: String, width: Int, height: Int) throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("dom-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        return try run(["--dump-dom", "--window-size=\(width),\(height)", url], profile: folder)
    }

    /// Runs the browser headless with `arguments`; its standard output. Killed after 90 seconds.
    private static func run(_ arguments: [String], profile: URL) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try executable())
        process.arguments =
            [
                "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--no-first-run",
                "--disable-extensions", "--force-device-scale-factor=1", "--mute-audio",
                "--user-data-dir=\(profile.path)",
            ] + arguments
        let output = Pipe(), errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        do {
            try process.run()
        } catch {
            throw Failure(description: "headless Chromium cannot be started: \(error)")
        }
        let timer = DispatchWorkItem { process.terminate() }
        DispatchQueue.global().asyncAfter(deadline: .now() + 90, execute: timer)
        let data = output.fileHandleForReading.readDataToEndOfFile()
        let errorText = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        timer.cancel()
        guard process.terminationStatus == 0 else {
            throw Failure(
                description: "headless Chromium failed (status \(process.terminationStatus)): "
                    + errorText.suffix(500))
        }
        return String(decoding: data, as: UTF8.self)
    }
}
