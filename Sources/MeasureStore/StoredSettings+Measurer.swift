import Cache
import Foundation
import Measure

/// Why stored settings cannot be measured with again (`measure db verify`).
public enum StoredSettingsError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The row's columns do not hash to its digest.
    case inconsistent(SettingsID)
    /// The settings were made by another engine version (or with parameters this one does not know).
    case otherEngine(SettingsID, engine: String)
    /// The settings name this engine version, but hold values no measurement can use (a point size, width, option
    /// or attribute out of range, a run naming a font the cascade does not have): an edited or damaged row.
    case unusable(SettingsID)
    /// A font file is missing or unreadable at its recorded path.
    case fontUnreadable(SettingsID, path: String, reason: String)
    /// A font file at its recorded path has other bytes than the ones measured with.
    case fontChanged(SettingsID, path: String, stored: SHA256Digest, found: SHA256Digest)

    public var description: String {
        switch self {
        case .inconsistent(let id):
            return "settings \(id): the row does not match its digest or its key text (edited or damaged)"
        case .otherEngine(let id, let engine):
            return "settings \(id) were measured by engine \(engine), not \(TextSizeVersion.engine)"
        case .unusable(let id):
            return "settings \(id) hold values out of the ranges a measurement takes (edited or damaged)"
        case .fontUnreadable(let id, let path, let reason):
            return "settings \(id): cannot load font \(path): \(reason)"
        case .fontChanged(let id, let path, let stored, let found):
            return "settings \(id): font \(path) has changed (sha256 \(found.hexString.prefix(12))…, stored "
                + "\(stored.hexString.prefix(12))…)"
        }
    }
}

extension StoredSettings {
    /// A measurer that measures exactly as these settings say — the same font files (checked by digest), the same
    /// font for each script, size, width and options — and the `plain` flag.
    /// - Throws: `StoredSettingsError`.
    public func makeMeasurer(fontDigests: FontDigests = .shared) throws(StoredSettingsError)
        -> (measurer: TextMeasurer, plain: Bool)
    {
        guard let key, isConsistent else { throw .inconsistent(id) }
        guard let (options, scriptFonts, plain) = StoreKeys.measuring(key) else {
            // This engine's own keys always read back (StoreKeysTests), so one that does not was edited.
            throw key.engine == TextSizeVersion.engine ? .unusable(id) : .otherEngine(id, engine: key.engine)
        }
        var fonts: [Font] = []
        for record in self.fonts {
            let found: SHA256Digest
            do {
                found = try fontDigests.digest(ofFileAt: record.path)
            } catch {
                throw .fontUnreadable(id, path: record.path, reason: "\(error)")
            }
            guard found == record.identity.sha256 else {
                throw .fontChanged(id, path: record.path, stored: record.identity.sha256, found: found)
            }
            do {
                fonts.append(try Font(path: record.path, faceIndex: record.identity.faceIndex))
            } catch {
                throw .fontUnreadable(id, path: record.path, reason: "\(error)")
            }
        }
        do {
            let cascade = try FontCascade(fonts, scriptFonts: scriptFonts)
            return (TextMeasurer(cascade: cascade, pointSize: key.pointSize, options: options), plain)
        } catch {
            throw .fontUnreadable(id, path: "", reason: "\(error)")
        }
    }
}

/// `localizedDescription` is `description` (Foundation's default for a Swift error names its type and case number).
extension StoredSettingsError: LocalizedError {
    /// `description`, which `localizedDescription` returns.
    public var errorDescription: String? { description }
}
