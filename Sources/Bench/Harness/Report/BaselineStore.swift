import Foundation

/// Named baselines on disk: `bench --save-baseline NAME` writes the run's report to `<directory>/NAME.json`, and
/// `bench --compare NAME` reads it back.
///
/// The default directory is `.bench/baselines` under the package root (the nearest directory upwards holding a
/// `Package.swift`), which `.gitignore` excludes: baselines are wall-clock figures of one machine and belong to it,
/// not to the repository. Files are the report's stable JSON, so they can be diffed and read by other tools.
public struct BaselineStore: Sendable, Equatable {
    /// Where the baselines live.
    public var directory: URL

    /// A store in `directory`, created on the first save.
    public init(directory: URL) {
        self.directory = directory
    }

    /// The store in `.bench/baselines` under `packageRoot`.
    public init(packageRoot: URL) {
        self.directory = packageRoot.appendingPathComponent(".bench", isDirectory: true)
            .appendingPathComponent("baselines", isDirectory: true)
    }

    /// The default store: `.bench/baselines` under the package root found from `start` (the current directory by
    /// default), or under `start` itself when no `Package.swift` is found above it.
    public static func defaultStore(
        from start: URL = URL(fileURLWithPath: FileManager.default.currentDirectoryPath, isDirectory: true)
    ) -> BaselineStore {
        BaselineStore(packageRoot: packageRoot(from: start) ?? start)
    }

    /// The nearest directory at or above `start` that holds a `Package.swift`.
    public static func packageRoot(from start: URL) -> URL? {
        var directory = start.standardizedFileURL
        while true {
            if FileManager.default.fileExists(atPath: directory.appendingPathComponent("Package.swift").path) {
                return directory
            }
            let parent = directory.deletingLastPathComponent().standardizedFileURL
            if parent.path == directory.path { return nil }
            directory = parent
        }
    }

    /// The file a baseline called `name` lives in. Throws `invalidName` for names that are not plain file names.
    public func url(for name: String) throws -> URL {
        guard Self.isValidName(name) else { throw BaselineStoreError.invalidName(name) }
        return directory.appendingPathComponent(name + ".json", isDirectory: false)
    }

    /// Writes `report` as the baseline `name`, replacing any previous one atomically; returns the file written.
    @discardableResult
    public func save(_ report: BenchReport, as name: String) throws -> URL {
        let file = try url(for: name)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try report.jsonData().write(to: file, options: .atomic)
        return file
    }

    /// Reads the baseline `name`.
    public func load(_ name: String) throws -> BenchReport {
        let file = try url(for: name)
        guard FileManager.default.fileExists(atPath: file.path) else {
            throw BaselineStoreError.notFound(name: name, path: file.path)
        }
        do {
            return try BenchReport(jsonData: Data(contentsOf: file))
        } catch {
            throw BaselineStoreError.unreadable(name: name, path: file.path, reason: String(describing: error))
        }
    }

    /// Whether a baseline called `name` exists.
    public func contains(_ name: String) -> Bool {
        guard let file = try? url(for: name) else { return false }
        return FileManager.default.fileExists(atPath: file.path)
    }

    /// The names of the stored baselines, sorted; empty if the directory does not exist yet.
    public func names() -> [String] {
        let files = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return files.filter { $0.hasSuffix(".json") }.map { String($0.dropLast(5)) }.filter(Self.isValidName).sorted()
    }

    /// Whether `name` can be a baseline's name: 1–100 letters, digits, `.`, `-`, `_` (ASCII), not starting with `.`.
    static func isValidName(_ name: String) -> Bool {
        guard !name.isEmpty, name.utf8.count <= 100, !name.hasPrefix(".") else { return false }
        return name.unicodeScalars.allSatisfy { scalar in
            scalar.isASCII
                && (("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar)
                    || ("0"..."9").contains(scalar) || scalar == "." || scalar == "-" || scalar == "_")
        }
    }
}
