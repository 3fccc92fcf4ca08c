import Foundation
import Measure

/// The language an entry is measured in, from its locale.
///
/// Entry locales are BCP 47 tags already (discovery writes `pt_BR.lproj` as `pt-BR` and `values-b+sr+Latn` as
/// `sr-Latn`; `.xcstrings` and XLIFF files name theirs), so the tag is passed on as the `MeasureOptions.language`
/// that HarfBuzz picks `locl` forms and ICU its line-break dictionary with — underscores written as hyphens for a
/// locale that arrives in POSIX spelling. A locale that is not a well-formed tag (or is empty) measures without a
/// language rather than with a wrong one.
enum CatalogLanguage {
    /// The language tag of `locale`, or nil when `locale` is not a well-formed BCP 47 tag.
    static func tag(for locale: String) -> String? {
        guard LanguageTag.isWellFormed(locale) else { return nil }
        return locale.replacingOccurrences(of: "_", with: "-")
    }
}
