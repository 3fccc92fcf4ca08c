/// The qualifiers of an Android `values…` folder name, read as the resource system reads them: mobile country and
/// network codes first (`mcc310`, `mnc004`), then a locale (`fr`, `fr-rCA`, or BCP 47 as `b+sr+Latn`), then the
/// rest (`land`, `night`, `v21`, `sw600dp`). `LocaleFolder.androidValues` takes a catalog's locale from it, and
/// `AndroidValuesFolders` the folders a device in that configuration falls back to.
///
/// ```swift
/// let qualifiers = AndroidValuesQualifiers(folder: "values-mcc310-fr-rCA-land")!
/// qualifiers.network      // ["mcc310"]
/// qualifiers.subtags      // ["fr", "CA"]
/// qualifiers.rest         // ["land"]
/// ```
struct AndroidValuesQualifiers: Sendable, Hashable {
    /// `mcc…` and `mnc…` qualifiers, as written.
    var network: [String] = []
    /// The locale's subtags: language, then script and region where given (`["sr", "Latn"]`, `["fr", "CA"]`).
    var subtags: [String] = []
    /// Every qualifier after the locale (or after the network codes, when there is no locale).
    var rest: [String] = []

    /// The qualifiers of `folder`, or nil when it is not `values` or `values-…`.
    init?(folder: String) {
        guard folder == "values" || folder.hasPrefix("values-") else { return nil }
        var qualifiers = ArraySlice(folder.split(separator: "-", omittingEmptySubsequences: false).dropFirst())
        while let first = qualifiers.first, first.hasPrefix("mcc") || first.hasPrefix("mnc") {
            network.append(String(first))
            qualifiers = qualifiers.dropFirst()
        }
        // A locale is `b+…`, or a two- or three-letter language code (but `car`, Android's UI-mode qualifier for
        // Android Auto, the one qualifier shaped like one) with an optional `rXX` region after it.
        if let first = qualifiers.first {
            let isLanguage = (2...3).contains(first.count) && first.allSatisfy { $0.isASCII && $0.isLowercase }
            if first.hasPrefix("b+") {
                subtags = first.dropFirst(2).split(separator: "+").map(String.init)
                qualifiers = qualifiers.dropFirst()
            } else if isLanguage && first != "car" {
                subtags = [String(first)]
                qualifiers = qualifiers.dropFirst()
                if let region = qualifiers.first, region.count == 3, region.first == "r",
                    region.dropFirst().allSatisfy({ $0.isASCII && $0.isUppercase })
                {
                    subtags.append(String(region.dropFirst()))
                    qualifiers = qualifiers.dropFirst()
                }
            }
        }
        rest = qualifiers.map(String.init)
    }

    /// The locale as a BCP 47 tag as written (`fr-CA`, `sr-Latn`), or nil without one.
    var localeTag: String? { subtags.isEmpty ? nil : subtags.joined(separator: "-") }

    /// The region subtag, when the locale has one (two letters or three digits, after the language and any script).
    var region: String? {
        guard subtags.count > 1, let last = subtags.last else { return nil }
        let isRegion =
            (last.count == 2 && last.allSatisfy { $0.isASCII && $0.isLetter })
            || (last.count == 3 && last.allSatisfy { $0.isASCII && $0.isNumber })
        return isRegion ? last : nil
    }

    /// The ways of writing a locale's qualifiers in a folder name, as Android treats them as one: `fr-rCA` and
    /// `b+fr+CA`, `es` and `b+es`; a script or a numeric region only in BCP 47 form.
    static func spellings(of subtags: [String]) -> [[String]] {
        guard let language = subtags.first else { return [[]] }
        let bcp47 = ["b+" + subtags.joined(separator: "+")]
        switch subtags.count {
        case 1: return [[language], bcp47]
        case 2 where subtags[1].count == 2 && subtags[1].allSatisfy({ $0.isASCII && $0.isLetter }):
            return [[language, "r" + subtags[1].uppercased()], bcp47]
        default: return [bcp47]
        }
    }

    /// The folder name of these parts.
    static func folderName(network: [String], locale: [String], rest: [String]) -> String {
        (["values"] + network + locale + rest).joined(separator: "-")
    }
}
