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
    /// The row's `key` column as stored — the canonical JSON apps may read instead of the other columns — or nil when
    /// not read.
    public var storedKey: String?

    /// A settings row as read; each parameter sets the property of the same name.
    public init(
        id: SettingsID, digest: SHA256Digest, key: SettingsKey?, fonts: [FontRecord],
        labels: [SettingsLabels], storedKey: String? = nil
    ) {
        self.id = id
        self.digest = digest
        self.key = key
        self.fonts = fonts
        self.labels = labels
        self.storedKey = storedKey
    }

    /// Whether the rebuilt key has the stored digest and, where the `key` column was read, is that column's text:
    /// false means the row was edited or damaged, and its sizes cannot be trusted to belong to the settings its
    /// columns describe (a `key` column that is not the canonical JSON of the digest misleads an app that reads it).
    public var isConsistent: Bool {
        guard let key, key.digest == digest else { return false }
        return storedKey.map { $0 == key.canonicalJSON } ?? true
    }

    /// The row as a corrupt one when it is not consistent (its results are skipped by every reader that names
    /// settings: merge, export, query); nil when it is.
    public var corruption: CorruptRow? {
        isConsistent
            ? nil
            : CorruptRow(
                table: "settings", key: "settings \(id)",
                reason: "the row does not match its digest or its key text (edited or damaged); its results are "
                    + "skipped")
    }
}
