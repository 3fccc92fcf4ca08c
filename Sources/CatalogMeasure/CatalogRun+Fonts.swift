import Catalogs
import Measure
import MeasureStore

extension CatalogRun {
    /// What a run asks the font resolver for: a locale's cascade, in the bold faces for the headline style or not.
    /// A value, not a joined string: a locale from a catalog may hold any character (`fr|x` is not `fr` in bold).
    struct CascadeRequest: Hashable {
        var locale: String
        var bold: Bool
    }

    /// The fonts each locale was measured with, one `CatalogFontSet` per distinct cascade, in the order the run
    /// loaded them: every font's family, file, face index and file digest (SHA-256, computed once per file per
    /// process by `FontDigests`), and the stand-in warning of a platform font that was not available.
    ///
    /// `used` maps a cascade request (a locale, and whether it wanted the bold cascade) to the cascade it got.
    static func fontSets(
        used: [CascadeRequest: Int], plans: [CatalogCascadePlan], cascades: [FontCascade],
        resolver: CatalogFontResolver, platform: CatalogPlatform?
    )
        -> [(cascade: Int, set: CatalogFontSet)]
    {
        var locales: [Int: [String]] = [:]
        for (request, index) in used {
            locales[index, default: []].append(request.bold ? "\(request.locale) (headline, bold)" : request.locale)
        }
        return cascades.indices.compactMap { index -> (cascade: Int, set: CatalogFontSet)? in
            guard let named = locales[index] else { return nil }
            let fonts = cascades[index].fonts.map { font in
                CatalogFontSet.Font(
                    family: font.familyName, file: font.path, faceIndex: font.faceIndex,
                    sha256: (try? FontDigests.shared.digest(ofFileAt: font.path))?.hexString)
            }
            let listed: Int =
                switch plans[index] {
                case .configured: fonts.count
                case .builtIn: min(2, fonts.count)
                }
            return (
                index,
                CatalogFontSet(
                    locales: named.sorted(), platform: platform?.rawValue, fonts: fonts,
                    listed: listed, standIn: resolver.standIn(for: plans[index]))
            )
        }
    }
}
