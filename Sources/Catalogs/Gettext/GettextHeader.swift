/// What a gettext catalog's header entry (the `msgstr` of the message with an empty `msgid`) says: its charset, its
/// language and its number of plural forms.
///
/// The header is a block of `Name: value` lines (RFC 822 style, as `msginit` writes it):
///
/// ```
/// "Language: de\n"
/// "Content-Type: text/plain; charset=UTF-8\n"
/// "Plural-Forms: nplurals=2; plural=(n != 1);\n"
/// ```
///
/// Names are compared without regard to case. Only `nplurals` is read from `Plural-Forms`: it says how many forms a
/// plural message has (each becomes an entry variant); the `plural=` expression, which picks a form for a number at
/// run time, is not needed to measure every form. A header without `Plural-Forms` leaves the count open (gettext
/// then uses two forms, the `n != 1` rule of its English default), and plural messages are taken with the forms they
/// have.
struct GettextHeader: Sendable, Hashable {
    /// The most plural forms accepted: every language in CLDR has at most six; a larger count is a broken or hostile
    /// header (and each missing form is one skipped record).
    static let maximumPluralForms = 64

    /// The `charset=` of `Content-Type`, as written (`UTF-8`, `ISO-8859-1`), or nil.
    var charset: String?
    /// `Language`, as written (`de`, `pt_BR`, `sr@latin`), or nil when absent or empty.
    var language: String?
    /// `nplurals` of `Plural-Forms`, or nil when the header has none (or a broken one).
    var pluralCount: Int?
    /// What is wrong with `Plural-Forms` when it is present but unusable: its `nplurals` is missing, not a number,
    /// or outside 1…`maximumPluralForms`. A translation's parser reports it (and reads plural messages with the forms
    /// they have, as if there were no `Plural-Forms`); a template's (whose header says `nplurals=INTEGER` until a
    /// translator fills it in) passes over it.
    var pluralProblem: String?

    init(charset: String? = nil, language: String? = nil, pluralCount: Int? = nil) {
        self.charset = charset
        self.language = language
        self.pluralCount = pluralCount
    }

    /// Reads a header's text (bytes in the file's charset; every field this reads is ASCII).
    init(_ bytes: [UInt8]) {
        for line in bytes.split(separator: 0x0A) {
            guard let colon = line.firstIndex(of: UInt8(ascii: ":")) else { continue }
            let name = String(decoding: line[line.startIndex..<colon], as: UTF8.self)
                .trimmingSpaces().lowercased()
            let value = String(decoding: line[(colon + 1)...], as: UTF8.self).trimmingSpaces()
            switch name {
            case "content-type":
                // `text/plain; charset=UTF-8`
                for part in value.split(separator: ";") {
                    let parameter = String(part).trimmingSpaces()
                    if parameter.lowercased().hasPrefix("charset="), parameter.count > 8 {
                        charset = String(parameter.dropFirst(8))
                    }
                }
            case "language":
                if !value.isEmpty { language = value }
            case "plural-forms":
                do {
                    pluralCount = try Self.pluralCount(in: value)
                } catch {
                    pluralProblem = error.message
                }
            default:
                continue
            }
        }
    }

    /// `N` of `nplurals=N` in a `Plural-Forms` value.
    private static func pluralCount(in value: String) throws(GettextHeaderProblem) -> Int {
        let scalars = Array(value.unicodeScalars)
        let key = Array("nplurals".unicodeScalars)
        var index = 0
        while index + key.count <= scalars.count {
            if Array(scalars[index..<index + key.count]) == key {
                var i = index + key.count
                while i < scalars.count && scalars[i] == " " { i += 1 }
                guard i < scalars.count, scalars[i] == "=" else { break }
                i += 1
                while i < scalars.count && scalars[i] == " " { i += 1 }
                var digits = ""
                while i < scalars.count, ("0"..."9").contains(scalars[i]), digits.count < 10 {
                    digits.unicodeScalars.append(scalars[i])
                    i += 1
                }
                guard let count = Int(digits) else {
                    throw GettextHeaderProblem(
                        message: "the header's Plural-Forms has no number after nplurals= ("
                            + CatalogExcerpt.quoted(value) + ")")
                }
                guard (1...maximumPluralForms).contains(count) else {
                    throw GettextHeaderProblem(
                        message: "the header's Plural-Forms says nplurals=\(digits); a "
                            + "catalog has 1 to \(maximumPluralForms) plural forms")
                }
                return count
            }
            index += 1
        }
        throw GettextHeaderProblem(
            message: "the header's Plural-Forms has no nplurals= ("
                + CatalogExcerpt.quoted(value) + ")")
    }
}

/// Why a header cannot be used (a broken `Plural-Forms`, a charset that cannot be read); the parser reports it at the
/// header's position.
struct GettextHeaderProblem: Error, Sendable, Hashable {
    var message: String
}

extension String {
    /// The string without leading and trailing spaces and tabs (and a CR a Windows editor left).
    fileprivate func trimmingSpaces() -> String {
        let unicodeScalars = self.unicodeScalars
        var start = unicodeScalars.startIndex
        var end = unicodeScalars.endIndex
        while start < end, [" ", "\t", "\r"].contains(unicodeScalars[start]) {
            start = unicodeScalars.index(after: start)
        }
        while end > start, [" ", "\t", "\r"].contains(unicodeScalars[unicodeScalars.index(before: end)]) {
            end = unicodeScalars.index(before: end)
        }
        return String(unicodeScalars[start..<end])
    }
}
