import TextCoding

/// A job field that is missing, of the wrong type or out of range, said in words (the parser adds the job's id).
struct StreamFieldError: Error, Sendable {
    let message: String

    init(_ message: String) {
        self.message = message
    }

    /// The most Unicode scalars a message quotes of a name or tag from the input.
    static let excerptLength = 40

    /// The most Unicode scalars of a message from another reader that a job's error keeps.
    static let messageLength = 400

    /// `message` cut to `messageLength` scalars with `…`.
    static func shortened(_ message: String) -> String {
        ScalarExcerpt.cut(message, limit: messageLength)
    }

    /// `text` in double quotes, cut to `excerptLength` scalars with `…`: a hostile line cannot make a message
    /// as long as itself (the writer escapes what the excerpt holds).
    static func excerpt(_ text: String) -> String {
        ScalarExcerpt.quoted(text, limit: excerptLength)
    }
}
