/// A catalog path made relative to a root directory, lexically (no file system access): what baselines record, so
/// that `App/`, `./App/` and `/home/ci/repo/App/` name the same file when the root is the repository's.
///
/// A relative path is first taken against the working directory; `.` and empty segments are dropped and `..` pops
/// one. A file outside the root gets `../` segments.
public enum RelativePath {
    public static func relative(_ path: String, to root: String, workingDirectory: String) -> String {
        let target = segments(absolute(path, workingDirectory: workingDirectory))
        let base = segments(absolute(root, workingDirectory: workingDirectory))
        var shared = 0
        while shared < min(target.count, base.count) && target[shared] == base[shared] { shared += 1 }
        return (Array(repeating: "..", count: base.count - shared) + target[shared...]).joined(separator: "/")
    }

    private static func absolute(_ path: String, workingDirectory: String) -> String {
        path.hasPrefix("/") ? path : workingDirectory + "/" + path
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
