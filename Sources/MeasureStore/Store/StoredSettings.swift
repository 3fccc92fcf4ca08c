import Cache

/// A settings row as stored: its id in this file, the digest it is keyed by, the key rebuilt from its columns, its
/// fonts and its labels.
public struct StoredSettings: Sendable, Hashable {
    /// The row's id in this file.
    public var id: SettingsID
    /// The digest the row is keyed by (`settings.sha256`).
    public var digest: SHA256Digest
    /// The key rebuilt from the row's columns (fonts, point size, width, parameters, engine); nil when the
    /// parameters column cannot be read.
    public var key: SettingsKey?
    /// The fonts of the cascade, primary first.
    public var fonts: [FontRecord]
    /// The label sets the row carries (possibly none).
    public var labels: [SettingsLabels]

    /// A settings row as read; each parameter sets the property of the same name.
    public init(
        id: SettingsID, digest: SHA256Digest, key: SettingsKey?, fonts: [FontRecord],
        labels: [SettingsLabels]
    ) {
        self.id = id
        self.digest = digest
        self.key = key
        self.fonts = fonts
        self.labels = labels
    }

    /// Whether the rebuilt key has the stored digest: false means the row was edited or damaged, and its sizes cannot
    /// be trusted to belong to the settings its columns describe.
    public var isConsistent: Bool { key?.digest == digest }

    /// The row as a corrupt one when it is not consistent (its results are skipped by every reader that names
    /// settings: merge, export, query); nil when it is.
    public var corruption: CorruptRow? {
        isConsistent
            ? nil
            : CorruptRow(
                table: "settings", key: "settings \(id)",
                reason: "the row does not match its digest (edited or damaged); its results are skipped")
    }
}
