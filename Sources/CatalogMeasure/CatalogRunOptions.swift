import Catalogs
import Sharding

/// What one catalog run measures and how: the inputs, the configuration, and the command line's overrides.
public struct CatalogRunOptions: Sendable {
    /// Files and folders to find catalogs in.
    public var paths: [String]
    /// The config file's contents (empty when none was given).
    public var config: CatalogConfig
    /// Constraint fields given on the command line; they override the config's top level, and rules override them.
    public var commandLine: ConstraintSettings
    /// Measure every entry whose size comes from a text style at all twelve content sizes.
    public var allContentSizes: Bool
    /// The locale of Android's unqualified `values` folder.
    public var defaultLocale: String
    /// The source (development) language, whose widths translations are compared with; the config's, else `en`.
    public var sourceLocale: String?
    /// Turn off the fonts' kerning and ligatures.
    public var plain: Bool
    /// Measuring threads.
    public var threads: Int
    /// A size database to answer from and store into.
    public var databasePath: String?
    /// Follow symbolic links wherever they lead. Off by default: a link found in a folder is followed only to a
    /// place inside the folders given, so a link to `/etc/passwd` cannot put that file's content into the reports.
    public var followSymlinks: Bool
    /// Also compute a width budget (`CatalogReport.budget`, see `CatalogRun`); a width is then optional (without
    /// one, entries are measured unconstrained).
    public var budget: Bool = false
    /// Pseudo locales to generate from the source locale's entries and measure like translations.
    public var pseudoLocales: [PseudoLocale] = []
    /// Measure only the entries of this shard (`--shard I/N`): those whose key hashes into it
    /// (`CatalogRun.isInShard`), so that every translation stays with its source text and each shard's report is
    /// exactly its part of the whole run's; nil for every entry.
    public var shard: Shard? = nil
    /// The platform preset (`--platform`); nil leaves the config's (`"platform"`), else the built-in defaults.
    public var platform: CatalogPlatform? = nil
    /// A folder of font files (`--font-dir`) the iOS preset finds SF Pro and the iOS fallbacks in.
    public var fontDirectory: String? = nil

    /// Options for checking the catalogs in `paths`; each parameter sets the property of the same name, and the
    /// defaults are those of `measure catalog` without flags (no config, English as the default locale, one thread,
    /// no database, symbolic links kept inside the folders given). Width budgets, pseudo locales, shards, the platform
    /// and the font folder are set on the properties after.
    public init(
        paths: [String], config: CatalogConfig = CatalogConfig(),
        commandLine: ConstraintSettings = ConstraintSettings(), allContentSizes: Bool = false,
        defaultLocale: String = "en", sourceLocale: String? = nil, plain: Bool = false, threads: Int = 1,
        databasePath: String? = nil, followSymlinks: Bool = false
    ) {
        self.paths = paths
        self.config = config
        self.commandLine = commandLine
        self.allContentSizes = allContentSizes
        self.defaultLocale = defaultLocale
        self.sourceLocale = sourceLocale
        self.plain = plain
        self.threads = threads
        self.databasePath = databasePath
        self.followSymlinks = followSymlinks
    }

    /// The source locale in effect: the command line's, the config's, else `en`.
    public var effectiveSourceLocale: String { sourceLocale ?? config.sourceLocale ?? "en" }

    /// Built-in defaults: body text at the default content size (Large, 17 pt), no width (one must be given), one
    /// line per hard line break.
    public static let builtInDefaults = ConstraintSettings(textStyle: "body", contentSize: "L")

    /// The platform in effect: the command line's, else the config's.
    public var effectivePlatform: CatalogPlatform? { platform ?? config.platform }

    /// The font resolver of a run with these options: the config's fonts, the platform's, and `--font-dir`'s faces.
    /// The run and its drawings (`CatalogEntryDrawer`) each make theirs here, so a picture is drawn in the fonts its
    /// entry was measured in (the drawings took the config's alone, and drew `--platform android` entries in the
    /// default cascade: 837 of AntennaPod's 13,503 on another number of lines than measured).
    /// - Throws: `CatalogRunError.fontDirectory` when `fontDirectory` is no readable folder.
    func fontResolver() throws(CatalogRunError) -> CatalogFontResolver {
        let directory = try fontDirectory.map { path throws(CatalogRunError) in
            try CatalogPlatformFonts.locator(directory: path)
        }
        return CatalogFontResolver(config: config, platform: effectivePlatform, fontDirectory: directory)
    }

    /// Android's built-in defaults: a `TextView`'s 14 sp at font scale 1.0.
    public static let androidDefaults = ConstraintSettings(
        size: CatalogPlatform.androidDefaultSize,
        contentSize: "1.0")

    /// Built-in defaults (the platform's), then the config's top level, then the command line.
    public var baseSettings: ConstraintSettings {
        (effectivePlatform == .android ? Self.androidDefaults : Self.builtInDefaults)
            .overridden(by: config.defaults).overridden(by: commandLine)
    }
}
