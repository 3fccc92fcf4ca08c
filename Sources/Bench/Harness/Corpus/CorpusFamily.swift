/// Which of the bench's three corpora a corpus belongs to, and so which fonts measure it: `make corpora` builds the
/// three the suites run by default (latin, cjk, complex) and, beside them, each language's file they are made of
/// (corpora/MANIFEST.tsv). A language's corpus alone shows what the mixture hides — Japanese, for one, is slower per
/// character than Chinese by more than its instructions say (README, "Where CJK's time goes by language") — and is
/// measured with its family's fonts, as its strings are within the mixture.
public enum CorpusFamily: String, Sendable, CaseIterable {
    case latin
    case cjk
    case complex

    /// The family of the corpus `name`: one of the three by name, or the family of one of the languages
    /// `make corpora` builds (en, de, es; zh, ja, ko; ar, fa, hi, th); nil for any other name.
    public init?(corpus name: String) {
        if let family = CorpusFamily(rawValue: name) {
            self = family
        } else if let family = Self.languages[name] {
            self = family
        } else {
            return nil
        }
    }

    /// Each language's corpus and the family whose corpus it is part of (scripts/build-corpora.py).
    public static let languages: [String: CorpusFamily] = [
        "en": .latin, "de": .latin, "es": .latin,
        "zh": .cjk, "ja": .cjk, "ko": .cjk,
        "ar": .complex, "fa": .complex, "hi": .complex, "th": .complex,
    ]

    /// Every name `--corpus` takes, the three first, then the languages family by family.
    public static var corpusNames: [String] {
        allCases.map(\.rawValue)
            + allCases.flatMap { family in languages.filter { $0.value == family }.map(\.key).sorted() }
    }

    /// Whether the family is measured with the complex-script cascade (a font per script, HarfBuzz shaping) rather
    /// than the classic one (DejaVu Sans, Noto Sans CJK SC, Noto Color Emoji).
    public var usesComplexCascade: Bool { self == .complex }
}
