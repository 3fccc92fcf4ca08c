import ArgumentParsing
import Cache
import Measure
import MeasureStore

/// One-line and JSON descriptions of stored settings, shared by the `db` commands.
enum SettingsDescription {
    /// "DejaVu Sans Book 17 pt, width 200, word wrap [iphone/body/L]".
    static func line(_ settings: StoredSettings) -> String {
        var text = settings.fonts.map { "\($0.familyName) \($0.styleName)" }.joined(separator: " → ")
        if let key = settings.key {
            text += " \(number(key.pointSize)) pt, width \(key.maxWidth == 0 ? "unconstrained" : number(key.maxWidth))"
            let differences = key.parameters.filter { !isDefault($0) }
            if !differences.isEmpty {
                text += ", " + differences.map(parameter).joined(separator: ", ")
            }
            text += ", engine \(key.engine)"
        }
        if !settings.labels.isEmpty {
            text += " [" + settings.labels.map(labels).joined(separator: ", ") + "]"
        }
        return text
    }

    /// "name=value"; the script fonts of a default cascade (a pair per script, over a hundred) as their count.
    private static func parameter(_ parameter: SettingsParameter) -> String {
        if parameter.name == "cascade.scriptFonts", case .string(let pairs) = parameter.value {
            let count = pairs.split(separator: ",").count
            return "a font for each of \(count) script\(count == 1 ? "" : "s")"
        }
        return "\(parameter.name)=\(parameter.value)"
    }

    /// "iphone/body/L", with "-" for a label not given.
    static func labels(_ labels: SettingsLabels) -> String {
        [labels.deviceClass, labels.textStyle, labels.contentSize].map { $0.isEmpty ? "-" : $0 }
            .joined(separator: "/")
    }

    /// One label set as a JSON object, `{"deviceClass", "textStyle", "contentSize"}` (`db query --json`, `db export`).
    static func labelsJSON(_ labels: SettingsLabels) -> String {
        JSONText.object([
            ("deviceClass", JSONText.string(labels.deviceClass)), ("textStyle", JSONText.string(labels.textStyle)),
            ("contentSize", JSONText.string(labels.contentSize)),
        ])
    }

    /// The settings as a JSON object: id, digest, fonts, point size, width, parameters, engine, labels.
    static func json(_ settings: StoredSettings) -> String {
        let fonts = settings.fonts.map { font in
            JSONText.object([
                ("family", JSONText.string(font.familyName)), ("style", JSONText.string(font.styleName)),
                ("sha256", JSONText.string(font.identity.sha256.hexString)),
                ("faceIndex", String(font.identity.faceIndex)), ("path", JSONText.string(font.path)),
            ])
        }
        var members: [(String, String)] = [
            ("id", String(settings.id.rawValue)), ("sha256", JSONText.string(settings.digest.hexString)),
            ("fonts", "[" + fonts.joined(separator: ", ") + "]"),
        ]
        if let key = settings.key {
            members += [
                ("pointSize", JSONText.number(key.pointSize)), ("maxWidth", JSONText.number(key.maxWidth)),
                ("parameters", key.parametersJSON), ("engine", JSONText.string(key.engine)),
            ]
        }
        members.append(
            (
                "labels",
                "[" + settings.labels.map(labelsJSON).joined(separator: ", ") + "]"
            ))
        return JSONText.object(members)
    }

    /// The text attributes' parameters at their defaults (no attributes).
    private static let defaultAttributes = Set(StoreKeys.attributeParameters(TextAttributes()))

    /// The parameters `measure batch` uses without options, left out of one-line descriptions.
    private static func isDefault(_ parameter: SettingsParameter) -> Bool {
        if defaultAttributes.contains(parameter) { return true }
        switch (parameter.name, parameter.value) {
        case ("usesLineFragmentOrigin", .bool(true)), ("usesFontLeading", .bool(false)),
            ("lineBreakMode", .string("byWordWrapping")), ("lineBreaking.resolvesCJToNonstarter", .bool(true)),
            ("lineBreaking.hangulWordPriority", .bool(false)), ("lineBreaking.keepsGraphemeClusters", .bool(true)),
            ("countsTrailingLineBreak", .bool(false)), ("tabInterval", .double(28)), ("plain", .bool(false)),
            ("usesFontFeatures", .bool(true)), ("language", .string("none")), ("shaper", .string("automatic")),
            ("cascade.scriptFonts", .string("")):
            return true
        default:
            return false
        }
    }

    /// A number in its shortest form: "17", "200.5".
    static func number(_ value: Double) -> String {
        JSONText.number(value)
    }

    /// Milliseconds since 1970 as ISO 8601 UTC with milliseconds: "2026-12-01T04:50:00.123Z".
    static func timestamp(_ milliseconds: Int64) -> String {
        // Floored, not truncated: -1 ms is 23:59:59.999 of the day before (it was written a second late, 00:00:00.999).
        var seconds = milliseconds.quotientAndRemainder(dividingBy: 1000)
        if seconds.remainder < 0 { seconds = (seconds.quotient - 1, seconds.remainder + 1000) }
        var days = seconds.quotient.quotientAndRemainder(dividingBy: 86_400)
        if days.remainder < 0 { days = (days.quotient - 1, days.remainder + 86_400) }
        // Civil date from days since 1970-01-01 (Howard Hinnant's algorithm).
        let z = days.quotient + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let day = doy - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        let year = yoe + era * 400 + (month <= 2 ? 1 : 0)
        let secondOfDay = days.remainder
        func two(_ value: Int64) -> String { value < 10 ? "0\(value)" : "\(value)" }
        let millis = seconds.remainder
        let millisText = millis < 10 ? "00\(millis)" : millis < 100 ? "0\(millis)" : "\(millis)"
        return "\(year)-\(two(month))-\(two(day))T\(two(secondOfDay / 3600)):\(two(secondOfDay / 60 % 60)):"
            + "\(two(secondOfDay % 60)).\(millisText)Z"
    }
}
