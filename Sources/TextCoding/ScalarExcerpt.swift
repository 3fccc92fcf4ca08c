/// Text from an input quoted in a message, cut by Unicode scalars: a hostile name or line a megabyte long makes a
/// message of a line, not of a megabyte (`measure stream`'s job errors, `--attributes` errors).
public enum ScalarExcerpt {
    /// The most Unicode scalars a message quotes of a value from a command line or a config (60).
    public static let valueLimit = 60

    /// `text` cut to its first `limit` Unicode scalars with `…` when it is longer.
    public static func cut(_ text: String, limit: Int) -> String {
        let scalars = text.unicodeScalars
        guard scalars.count > limit else { return text }
        var cut = String.UnicodeScalarView()
        cut.append(contentsOf: scalars.prefix(limit))
        return String(cut) + "…"
    }

    /// `text` in double quotes, cut as `cut(_:limit:)` cuts it.
    public static func quoted(_ text: String, limit: Int) -> String {
        "\"" + cut(text, limit: limit) + "\""
    }
}
