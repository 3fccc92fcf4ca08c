import Catalogs
import Measure
import MeasureStore

extension CatalogRun {
    /// The fonts each locale was measured with, one `CatalogFontSet` per distinct cascade, in the order the run
    /// loaded them: every font's family, file, face index and file digest (SHA-256, computed once per file per
    /// process by `FontDigests`), and the stand-in warning of a platform font that was not available.
    ///
    /// `used` maps a cascade request (`locale` or `locale|bold`) to the cascade it got.
    static func fontSets(
        used: [String: Int], plans: [CatalogCascadePlan], cascades: [FontCascade],
        resolver: CatalogFontResolver, platform: CatalogPlatform?
    )
        -> [(cascade: Int, set: CatalogFontSet)]
    {
        var locales: [Int: [String]] = [:]
        for (request, index) in used {
            let parts = request.split(separator: "|", maxSplits: 1)
            let label = parts.count > 1 ? "\(parts[0]) (headline, bold)" : String(parts.first ?? "")
            locales[index, default: []].append(label)
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
