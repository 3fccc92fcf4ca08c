import ArgumentParsing

/// The file of `--attributes @FILE` cannot be read, or holds no attributes: an input the command was given, like a
/// font file, so the command exits 1 saying which file and why (an inline `--attributes` that is not valid is a usage
/// error, 64).
struct AttributesFileError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The file's path as given after `@`.
    let path: String
    /// Why: the system's words for a file that cannot be read, or what is wrong with its JSON.
    let reason: String

    var description: String { "--attributes @\(PrintableText.path(path)): \(reason)" }
}
