import Cache
import Catalogs
import Dispatch
import Locking
import Measure
import MeasureStore
import Synchronization

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
    /// The files not yet hashed in this process are hashed on up to `threads` threads, largest first: the default
    /// cascade is about 50 MB of fonts, most of a small run's time when read on one core.
    static func fontSets(
        used: [CascadeRequest: Int], plans: [CatalogCascadePlan], cascades: [FontCascade],
        resolver: CatalogFontResolver, platform: CatalogPlatform?, threads: Int
    )
        -> [(cascade: Int, set: CatalogFontSet)]
    {
        let digests = digests(of: Set(used.values.flatMap { cascades[$0].fonts.map(\.path) }), threads: threads)
        var locales: [Int: [String]] = [:]
        for (request, index) in used {
            locales[index, default: []].append(request.bold ? "\(request.locale) (headline, bold)" : request.locale)
        }
        return cascades.indices.compactMap { index -> (cascade: Int, set: CatalogFontSet)? in
            guard let named = locales[index] else { return nil }
            let fonts = cascades[index].fonts.map { font in
                CatalogFontSet.Font(
                    family: font.familyName, file: font.path, faceIndex: font.faceIndex,
                    sha256: digests[font.path]?.hexString)
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

    /// The SHA-256 of each file of `paths` that can be read (`FontDigests.shared`, so each file is hashed once per
    /// process), hashed on up to `threads` threads, the largest files first so that the threads finish together.
    static func digests(of paths: Set<String>, threads: Int) -> [String: SHA256Digest] {
        let ordered = paths.map { ($0, (try? FileStamp(path: $0))?.size ?? 0) }.sorted { ($0.1, $1.0) > ($1.1, $0.0) }
            .map(\.0)
        let found = Locked<[String: SHA256Digest]>([:])
        let next = Atomic<Int>(0)
        DispatchQueue.concurrentPerform(iterations: max(1, min(threads, ordered.count))) { _ in
            while true {
                let index = next.add(1, ordering: .relaxed).oldValue
                guard index < ordered.count else { return }
                if let digest = try? FontDigests.shared.digest(ofFileAt: ordered[index]) {
                    found.withLock { $0[ordered[index]] = digest }
                }
            }
        }
        return found.withLock { $0 }
    }
}
