/// Why a baseline could not be saved or loaded.
public enum BaselineStoreError: Error, Equatable, CustomStringConvertible {
    /// The name is empty, starts with a dot or holds something other than letters, digits, `.`, `-` and `_`
    /// (names become file names, so `../x` or `a/b` are refused).
    case invalidName(String)
    /// No baseline of that name exists; `path` is where it was looked for.
    case notFound(name: String, path: String)
    /// The file exists but is not a report.
    case unreadable(name: String, path: String, reason: String)

    public var description: String {
        switch self {
        case .invalidName(let name):
            "invalid baseline name \"\(name)\": use letters, digits, '.', '-' and '_', not starting with '.'"
        case .notFound(let name, let path):
            "no baseline named \"\(name)\" (looked for \(path))"
        case .unreadable(let name, let path, let reason):
            "baseline \"\(name)\" at \(path) is not a bench report: \(reason)"
        }
    }
}
