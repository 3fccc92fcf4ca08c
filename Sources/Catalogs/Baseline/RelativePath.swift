/// A catalog path made relative to a root directory, lexically (no file system access): what baselines record, so
/// that `App/`, `./App/` and `/home/ci/repo/App/` name the same file when the root is the repository's.
///
/// A relative path is first taken against the working directory; `.` and empty segments are dropped and `..` pops
/// one. A file outside the root gets `../` segments.
public enum RelativePath {
    /// `path` relative to `root`, `/`-separated, both taken against `workingDirectory` when relative; `../`
    /// segments when `path` is outside `root`, empty when it is `root` itself.
    public static func relative(_ path: String, to root: String, workingDirectory: String) -> String {
        relativeSegments(path, to: root, workingDirectory: workingDirectory).joined(separator: "/")
    }

    /// The segments of `path` relative to `root` (`..` first when `path` lies outside it); SARIF's artifact URIs
    /// percent-encode these same segments.
    static func relativeSegments(_ path: String, to root: String, workingDirectory: String) -> [String] {
        let target = absoluteSegments(path, workingDirectory: workingDirectory)
        let base = absoluteSegments(root, workingDirectory: workingDirectory)
        var shared = 0
        while shared < min(target.count, base.count) && target[shared] == base[shared] { shared += 1 }
        return Array(repeating: "..", count: base.count - shared) + target[shared...]
    }

    /// The normalised segments of `path` taken against `workingDirectory` when relative.
    static func absoluteSegments(_ path: String, workingDirectory: String) -> [String] {
        segments(path.hasPrefix("/") ? path : workingDirectory + "/" + path)
    }

    private static func segments(_ path: String) -> [String] {
        var result: [String] = []
        for segment in path.split(separator: "/", omittingEmptySubsequences: true) {
            switch segment {
            case ".": continue
            case "..": _ = result.popLast()
            default: result.append(String(segment))
            }
        }
        return result
    }
}
