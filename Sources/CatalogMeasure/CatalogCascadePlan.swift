import Measure

/// What one cascade of a catalog run is made of, before any font is loaded: the fonts a config names for a locale,
/// or the built-in default cascade for the locale's language.
///
/// Two plans are equal when they name the same faces in the same order (and, for built-in plans, the same scripts),
/// so locales whose plans agree share one loaded cascade: 27 locales on the built-in cascade load its ~150 fonts once
/// per distinct Noto Sans CJK face, not 27 times.
enum CatalogCascadePlan: Sendable, Hashable {
    /// Fonts named by the config, loaded as given (no script preferences).
    case configured([FontSource])
    /// `DefaultCascade.plan(language:)`, loaded with `DefaultCascade.load()` so the measurer prefers each script's
    /// own font (`FontCascade.scriptFonts`).
    case builtIn(DefaultCascade)

    static func == (lhs: Self, rhs: Self) -> Bool {
        switch (lhs, rhs) {
        case (.configured(let left), .configured(let right)): left == right
        // `missing` only names what is not installed; it never changes what is loaded.
        case (.builtIn(let left), .builtIn(let right)): left.members == right.members
        default: false
        }
    }

    func hash(into hasher: inout Hasher) {
        switch self {
        case .configured(let sources):
            hasher.combine(0)
            hasher.combine(sources)
        case .builtIn(let plan):
            hasher.combine(1)
            hasher.combine(plan.members)
        }
    }

    /// Loads the plan's fonts.
    func load() throws(FontError) -> FontCascade {
        switch self {
        case .configured(let sources): try FontCascade(loading: sources)
        case .builtIn(let plan): try plan.load()
        }
    }
}
