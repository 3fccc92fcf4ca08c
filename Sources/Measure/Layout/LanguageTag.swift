/// The shape of a BCP 47 language tag, checked before it reaches HarfBuzz, ICU or a store key: letters, digits and
/// hyphens (underscores, as in POSIX locale names, are accepted and read as hyphens), subtags of 1–8 characters, the
/// first made of 2–8 letters (or `x`/`i` for private use and grandfathered tags), at most 64 characters.
public enum LanguageTag {
    /// Whether `tag` is a usable language tag.
    public static func isWellFormed(_ tag: String) -> Bool {
        guard !tag.isEmpty, tag.utf8.count <= 64 else { return false }
        let subtags = tag.utf8.split(separator: UInt8(ascii: "-"), omittingEmptySubsequences: false)
            .flatMap { $0.split(separator: UInt8(ascii: "_"), omittingEmptySubsequences: false) }
        for (index, subtag) in subtags.enumerated() {
            guard (1...8).contains(subtag.count) else { return false }
            for byte in subtag {
                let isLetter = (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z")
                let isDigit = byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
                guard isLetter || (isDigit && index > 0) else { return false }
            }
            if index == 0 && subtag.count == 1
                && !(subtag.first! | 0x20 == UInt8(ascii: "x") || subtag.first! | 0x20 == UInt8(ascii: "i"))
            {
                return false
            }
        }
        return true
    }

    /// `tag` with underscores as hyphens, for libraries that want BCP 47 spelling.
    static func normalized(_ tag: String) -> String {
        String(decoding: tag.utf8.map { $0 == UInt8(ascii: "_") ? UInt8(ascii: "-") : $0 }, as: UTF8.self)
    }
}
