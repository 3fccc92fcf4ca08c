import Cache

extension SizeStore {
    /// The settings row for `key`, created if it does not exist, with `fonts` described in the `fonts` table and
    /// `labels` attached (when not empty).
    ///
    /// Writes only what is missing (a new settings row, a new font, a new label set, a font's changed path), so
    /// registering known settings also works on a read-only store — and mends a row that no longer holds its key (a
    /// column edited or damaged: `rowDescribes`), dropping the sizes stored under it to be measured again.
    /// - Parameters:
    ///   - key: The settings' identity.
    ///   - fonts: One record per font of `key.fonts`, in the same order.
    ///   - labels: Labels to attach.
    /// - Throws: `SizeStoreError`.
    public func register(
        _ key: SettingsKey, fonts: [FontRecord],
        labels: SettingsLabels = SettingsLabels()
    ) throws(SizeStoreError) -> SettingsID {
        try register(key, fonts: fonts, labels: labels, updatingFontPaths: true)
    }

    /// `register`, choosing whether a known font's recorded path is updated to the record's: yes for fonts this
    /// process loaded (the file moved), no when merging another machine's database (its paths are not ours).
    func register(
        _ key: SettingsKey, fonts: [FontRecord], labels: SettingsLabels,
        updatingFontPaths: Bool
    ) throws(SizeStoreError) -> SettingsID {
        precondition(fonts.map(\.identity) == key.fonts, "one font record per font of the key, in order")
        if let known = try withReader({ connection in
            try Self.registered(key, fonts: fonts, labels: labels, on: connection)
        }) {
            return known
        }
        return try withWriter { connection in
            try connection.inTransaction(.immediate) {
                try Self.insert(
                    key, fonts: fonts, labels: labels, updatingFontPaths: updatingFontPaths,
                    on: connection)
            }
        }
    }

    /// The id of the settings row keyed by `digest`, if any.
    public func settingsID(for digest: SHA256Digest) throws(SizeStoreError) -> SettingsID? {
        try withReader { connection in try Self.settingsID(for: digest, on: connection) }
    }

    /// Every settings row, by id.
    public func allSettings() throws(SizeStoreError) -> [StoredSettings] {
        try withReader { connection in try Self.allSettings(on: connection) }
    }

    // MARK: - SQL

    /// The id when the settings, their fonts (with the same paths) and the labels are all stored already.
    private static func registered(
        _ key: SettingsKey, fonts: [FontRecord], labels: SettingsLabels,
        on connection: SQLiteConnection
    ) throws -> SettingsID? {
        guard let id = try settingsID(for: key.digest, on: connection),
            try rowDescribes(key, id, on: connection)
        else { return nil }
        for font in fonts {
            guard let (_, path) = try fontRow(font.identity, on: connection), path == font.path else { return nil }
        }
        if !labels.isEmpty {
            let statement = try connection.cachedStatement(
                """
                SELECT 1 FROM labels
                WHERE device_class = ?1 AND text_style = ?2 AND content_size = ?3 AND settings_id = ?4
                """)
            let found = try statement.withReset { statement throws in
                try bind(labels, id, to: statement)
                return try statement.step()
            }
            guard found else { return nil }
        }
        return id
    }

    /// Inserts whatever of the settings is missing; the caller holds a write transaction.
    static func insert(
        _ key: SettingsKey, fonts: [FontRecord], labels: SettingsLabels, updatingFontPaths: Bool,
        on connection: SQLiteConnection
    ) throws -> SettingsID {
        var fontIDs: [Int64] = []
        for font in fonts {
            fontIDs.append(try fontID(for: font, updatingPath: updatingFontPaths, on: connection))
        }
        let id: SettingsID
        if let known = try settingsID(for: key.digest, on: connection) {
            id = known
            if try !rowDescribes(key, known, on: connection) {
                try repair(known, to: key, fontIDs: fontIDs, on: connection)
            }
        } else {
            let insert = try connection.cachedStatement(
                """
                INSERT INTO settings (sha256, key, point_size, max_width, parameters, engine)
                VALUES (?1, ?2, ?3, ?4, ?5, ?6)
                """)
            try insert.withReset { statement throws in
                try statement.bind(key.digest, at: 1)
                try bindColumns(of: key, to: statement)
                try statement.run()
            }
            id = SettingsID(rawValue: try connection.scalarInt("SELECT last_insert_rowid()") ?? 0)
            try insertCascade(id, fontIDs: fontIDs, on: connection)
        }
        if !labels.isEmpty {
            let statement = try connection.cachedStatement(
                """
                INSERT OR IGNORE INTO labels (device_class, text_style, content_size, settings_id)
                VALUES (?1, ?2, ?3, ?4)
                """)
            try statement.withReset { statement throws in
                try bind(labels, id, to: statement)
                try statement.run()
            }
        }
        return id
    }

    /// Whether settings row `id`, found by `key`'s digest, holds `key` in every column — the key text, point size,
    /// width, parameters, engine and the cascade's fonts in order — as every reader checks it
    /// (`StoredSettings.isConsistent`). A row edited by hand or damaged does not, and its sizes cannot be trusted.
    static func rowDescribes(_ key: SettingsKey, _ id: SettingsID, on connection: SQLiteConnection) throws -> Bool {
        let row = try connection.cachedStatement(
            "SELECT key, point_size, max_width, parameters, engine FROM settings WHERE id = ?1")
        let columnsMatch = try row.withReset { statement throws in
            try statement.bind(id.rawValue, at: 1)
            guard try statement.step() else { return false }
            return statement.text(at: 0) == key.canonicalJSON && statement.double(at: 1) == key.pointSize
                && statement.double(at: 2) == key.maxWidth && statement.text(at: 3) == key.parametersJSON
                && statement.text(at: 4) == key.engine
        }
        guard columnsMatch else { return false }
        let cascade = try connection.cachedStatement(
            """
            SELECT f.sha256, f.face_index FROM settings_fonts sf JOIN fonts f ON f.id = sf.font_id
            WHERE sf.settings_id = ?1 ORDER BY sf.position
            """)
        let stored = try cascade.withReset { statement throws in
            try statement.bind(id.rawValue, at: 1)
            var identities: [FontIdentity] = []
            while try statement.step() {
                guard let digest = statement.digest(at: 0) else { return [FontIdentity]() }
                identities.append(FontIdentity(sha256: digest, faceIndex: statement.int(at: 1)))
            }
            return identities
        }
        return stored == key.fonts
    }

    /// Writes `key` into settings row `id`, which `rowDescribes` found not to hold it, and drops the row's sizes: they
    /// were stored under a digest the row's other columns no longer vouch for (a row whose digest was edited to
    /// another's would otherwise hand that one's sizes out as these), so they are measured again. Every reader skips
    /// them already (`StoredSettings.corruption`); the writer used them as they were.
    private static func repair(
        _ id: SettingsID, to key: SettingsKey, fontIDs: [Int64], on connection: SQLiteConnection
    ) throws {
        let dropSizes = try connection.cachedStatement("DELETE FROM results WHERE settings_id = ?1")
        try dropSizes.withReset { statement throws in
            try statement.bind(id.rawValue, at: 1)
            try statement.run()
        }
        let update = try connection.cachedStatement(
            """
            UPDATE settings SET key = ?2, point_size = ?3, max_width = ?4, parameters = ?5, engine = ?6 WHERE id = ?1
            """)
        try update.withReset { statement throws in
            try statement.bind(id.rawValue, at: 1)
            try bindColumns(of: key, to: statement)
            try statement.run()
        }
        let dropCascade = try connection.cachedStatement("DELETE FROM settings_fonts WHERE settings_id = ?1")
        try dropCascade.withReset { statement throws in
            try statement.bind(id.rawValue, at: 1)
            try statement.run()
        }
        try insertCascade(id, fontIDs: fontIDs, on: connection)
    }

    /// Binds `key`'s columns after the row's identity — key text, point size, width, parameters, engine — to
    /// parameters 2 to 6 of an insert or an update of a settings row.
    private static func bindColumns(of key: SettingsKey, to statement: SQLiteStatement) throws {
        try statement.bind(key.canonicalJSON, at: 2)
        try statement.bind(key.pointSize, at: 3)
        try statement.bind(key.maxWidth, at: 4)
        try statement.bind(key.parametersJSON, at: 5)
        try statement.bind(key.engine, at: 6)
    }

    /// The cascade of settings row `id`: one `settings_fonts` row per font, in order.
    private static func insertCascade(_ id: SettingsID, fontIDs: [Int64], on connection: SQLiteConnection) throws {
        let cascade = try connection.cachedStatement(
            "INSERT INTO settings_fonts (settings_id, position, font_id) VALUES (?1, ?2, ?3)")
        for (position, fontID) in fontIDs.enumerated() {
            try cascade.withReset { statement throws in
                try statement.bind(id.rawValue, at: 1)
                try statement.bind(position, at: 2)
                try statement.bind(fontID, at: 3)
                try statement.run()
            }
        }
    }

    private static func bind(_ labels: SettingsLabels, _ id: SettingsID, to statement: SQLiteStatement) throws {
        try statement.bind(labels.deviceClass, at: 1)
        try statement.bind(labels.textStyle, at: 2)
        try statement.bind(labels.contentSize, at: 3)
        try statement.bind(id.rawValue, at: 4)
    }

    static func settingsID(for digest: SHA256Digest, on connection: SQLiteConnection) throws -> SettingsID? {
        let statement = try connection.cachedStatement("SELECT id FROM settings WHERE sha256 = ?1")
        return try statement.withReset { statement throws in
            try statement.bind(digest, at: 1)
            return try statement.step() ? SettingsID(rawValue: statement.int64(at: 0)) : nil
        }
    }

    private static func fontRow(
        _ identity: FontIdentity,
        on connection: SQLiteConnection
    ) throws -> (id: Int64, path: String)? {
        let statement = try connection.cachedStatement(
            "SELECT id, path FROM fonts WHERE sha256 = ?1 AND face_index = ?2")
        return try statement.withReset { statement throws in
            try statement.bind(identity.sha256, at: 1)
            try statement.bind(identity.faceIndex, at: 2)
            return try statement.step() ? (statement.int64(at: 0), statement.text(at: 1)) : nil
        }
    }

    /// The font's row id, inserting the font or updating its path as needed.
    private static func fontID(for font: FontRecord, updatingPath: Bool, on connection: SQLiteConnection) throws
        -> Int64
    {
        if let (id, path) = try fontRow(font.identity, on: connection) {
            if updatingPath && path != font.path {
                let update = try connection.cachedStatement("UPDATE fonts SET path = ?1 WHERE id = ?2")
                try update.withReset { statement throws in
                    try statement.bind(font.path, at: 1)
                    try statement.bind(id, at: 2)
                    try statement.run()
                }
            }
            return id
        }
        let insert = try connection.cachedStatement(
            """
            INSERT INTO fonts (sha256, face_index, family, style, units_per_em, ascender, descender, line_gap, path)
            VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)
            """)
        try insert.withReset { statement throws in
            try statement.bind(font.identity.sha256, at: 1)
            try statement.bind(font.identity.faceIndex, at: 2)
            try statement.bind(font.familyName, at: 3)
            try statement.bind(font.styleName, at: 4)
            try statement.bind(font.unitsPerEm, at: 5)
            try statement.bind(font.ascender, at: 6)
            try statement.bind(font.descender, at: 7)
            try statement.bind(font.lineGap, at: 8)
            try statement.bind(font.path, at: 9)
            try statement.run()
        }
        return try connection.scalarInt("SELECT last_insert_rowid()") ?? 0
    }

    static func allSettings(on connection: SQLiteConnection) throws -> [StoredSettings] {
        var fontsBySettings: [SettingsID: [FontRecord]] = [:]
        let fonts = try connection.prepare(
            """
            SELECT sf.settings_id, f.sha256, f.face_index, f.family, f.style, f.units_per_em, f.ascender, f.descender,
                   f.line_gap, f.path
            FROM settings_fonts sf JOIN fonts f ON f.id = sf.font_id ORDER BY sf.settings_id, sf.position
            """)
        try fonts.withReset { statement throws in
            while try statement.step() {
                let identity = FontIdentity(
                    sha256: statement.digest(at: 1) ?? SHA256Digest(0, 0, 0, 0),
                    faceIndex: statement.int(at: 2))
                let record = FontRecord(
                    identity: identity, familyName: statement.text(at: 3), styleName: statement.text(at: 4),
                    unitsPerEm: statement.double(at: 5), ascender: statement.double(at: 6),
                    descender: statement.double(at: 7), lineGap: statement.double(at: 8), path: statement.text(at: 9))
                fontsBySettings[SettingsID(rawValue: statement.int64(at: 0)), default: []].append(record)
            }
        }
        var labelsBySettings: [SettingsID: [SettingsLabels]] = [:]
        let labels = try connection.prepare(
            """
            SELECT settings_id, device_class, text_style, content_size FROM labels
            ORDER BY settings_id, device_class, text_style, content_size
            """)
        try labels.withReset { statement throws in
            while try statement.step() {
                labelsBySettings[SettingsID(rawValue: statement.int64(at: 0)), default: []].append(
                    SettingsLabels(
                        deviceClass: statement.text(at: 1), textStyle: statement.text(at: 2),
                        contentSize: statement.text(at: 3)))
            }
        }
        var result: [StoredSettings] = []
        let settings = try connection.prepare(
            "SELECT id, sha256, point_size, max_width, parameters, engine, key FROM settings ORDER BY id")
        try settings.withReset { statement throws in
            while try statement.step() {
                let id = SettingsID(rawValue: statement.int64(at: 0))
                let fonts = fontsBySettings[id] ?? []
                var key: SettingsKey?
                let pointSize = statement.double(at: 2), maxWidth = statement.double(at: 3)
                if !fonts.isEmpty, pointSize.isFinite, maxWidth.isFinite,
                    let parameters = CanonicalJSON.parameters(statement.text(at: 4)),
                    Set(parameters.map(\.name)).count == parameters.count
                {
                    key = SettingsKey(
                        fonts: fonts.map(\.identity), pointSize: pointSize, maxWidth: maxWidth,
                        parameters: parameters, engine: statement.text(at: 5))
                }
                result.append(
                    StoredSettings(
                        id: id, digest: statement.digest(at: 1) ?? SHA256Digest(0, 0, 0, 0),
                        key: key, fonts: fonts, labels: labelsBySettings[id] ?? [], storedKey: statement.text(at: 6)))
            }
        }
        return result
    }
}
