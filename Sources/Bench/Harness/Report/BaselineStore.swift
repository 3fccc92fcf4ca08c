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
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: file.path, isDirectory: &isFolder), isFolder.boolValue {
            throw BaselineStoreError.unreadable(name: name, path: file.path, reason: "it is a folder")
        }
        let report: BenchReport
        do {
            report = try BenchReport(jsonData: Data(contentsOf: file))
        } catch {
            throw BaselineStoreError.unreadable(name: name, path: file.path, reason: Self.reason(error))
        }
        if let problem = Self.problem(in: report) {
            throw BaselineStoreError.unreadable(name: name, path: file.path, reason: problem)
        }
        return report
    }

    /// What makes a decoded report unusable as a baseline, or nil: a suite whose compared figures are not finite
    /// and ≥ 0, or whose throughput is not positive (a limit of 0 strings/s would pass every run: a baseline of
    /// zeros or negative numbers would disable the check it exists for).
    static func problem(in report: BenchReport) -> String? {
        for suite in report.allSuites {
            for metric in BenchMetric.allCases {
                let value = metric.value(in: suite)
                guard value.isFinite && value >= 0 else {
                    return "suite \(suite.id) has \(metric.rawValue) \(value), not a finite number ≥ 0"
                }
            }
            guard suite.stringsPerSecond > 0 else {
                return "suite \(suite.id) measured no strings per second"
            }
        }
        return nil
    }

    /// Why a baseline file could not be read, in words: the decoder's description of what it expected where, not
    /// "The given data was not valid JSON" alone.
    static func reason(_ error: any Error) -> String {
        switch error {
        case DecodingError.dataCorrupted(let context), DecodingError.typeMismatch(_, let context),
            DecodingError.valueNotFound(_, let context):
            let path = context.codingPath.map { $0.intValue.map { "[\($0)]" } ?? "." + $0.stringValue }.joined()
            let underlying = (context.underlyingError as NSError?)?.userInfo[NSDebugDescriptionErrorKey] as? String
            return (path.isEmpty ? "" : "at \(path): ") + context.debugDescription
                + (underlying.map { " (\($0))" } ?? "")
        case DecodingError.keyNotFound(let key, let context):
            let path = context.codingPath.map { $0.intValue.map { "[\($0)]" } ?? "." + $0.stringValue }.joined()
            return "\(path.isEmpty ? "the report" : path) has no \"\(key.stringValue)\""
        default:
            return String(describing: error)
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
