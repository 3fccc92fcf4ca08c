import Cache

/// Everything that decides a measured size apart from the text: the identity of a settings row.
///
/// The key's `digest` is the SHA-256 of `canonicalJSON`, one line of JSON that lists every field in a fixed order
/// with a fixed spelling (README, "Size database"). Two keys share a digest only if every field is equal, so a changed
/// font file, size, width, option, attribute or engine version always makes a new key — a stored size can be missed,
/// never returned stale. The encoding is injective: strings are JSON-escaped, doubles are spelled in Swift's shortest
/// round-trip form (distinct doubles, distinct spellings), and parameter names are unique.
///
/// `Cache` does not know which options a measurer has: the caller lists them as named `parameters`, in an order it
/// keeps fixed (`MeasureStore`'s key derivation is that single list).
public struct SettingsKey: Sendable, Hashable {
    /// The version of the canonical encoding, written into it: a different encoding can never produce the same text.
    public static let format = 1

    /// The font cascade, primary first.
    public let fonts: [FontIdentity]
    /// The font size in points.
    public let pointSize: Double
    /// The maximum line width in points; 0 means unconstrained.
    public let maxWidth: Double
    /// Every other option and attribute, by name, in the caller's fixed order.
    public let parameters: [SettingsParameter]
    /// The measuring engine's version (`TextSizeVersion.engine`).
    public let engine: String
    /// The canonical encoding the digest is taken of.
    public let canonicalJSON: String
    /// SHA-256 of `canonicalJSON`'s UTF-8 bytes.
    public let digest: SHA256Digest

    /// A key of these fields. Doubles must be finite; −0 is written as 0.
    public init(
        fonts: [FontIdentity], pointSize: Double, maxWidth: Double, parameters: [SettingsParameter],
        engine: String
    ) {
        precondition(!fonts.isEmpty, "a settings key names at least one font")
        precondition(Set(parameters.map(\.name)).count == parameters.count, "parameter names must be unique")
        self.fonts = fonts
        self.pointSize = pointSize
        self.maxWidth = maxWidth
        self.parameters = parameters
        self.engine = engine
        var json = "{\"format\":\(Self.format),\"engine\":\(CanonicalJSON.string(engine)),\"fonts\":["
        json += fonts.map { "{\"sha256\":\"\($0.sha256.hexString)\",\"faceIndex\":\($0.faceIndex)}" }
            .joined(separator: ",")
        json += "],\"pointSize\":\(CanonicalJSON.double(pointSize)),\"maxWidth\":\(CanonicalJSON.double(maxWidth))"
        json += ",\"parameters\":\(Self.parametersJSON(parameters))}"
        canonicalJSON = json
        digest = SHA256.hash(json)
    }

    /// The parameters as one JSON object, in order (the `settings.parameters` column).
    public var parametersJSON: String { Self.parametersJSON(parameters) }

    static func parametersJSON(_ parameters: [SettingsParameter]) -> String {
        "{" + parameters.map { "\(CanonicalJSON.string($0.name)):\($0.value.json)" }.joined(separator: ",") + "}"
    }

    /// The parameter called `name`, if any.
    public func parameter(_ name: String) -> SettingsValue? {
        parameters.first { $0.name == name }?.value
    }
}

/// One named option or attribute of a settings key.
public struct SettingsParameter: Sendable, Hashable {
    /// The option's or attribute's name as the key spells it (`maxWidth`, `kern`).
    public var name: String
    /// Its value, typed, so that `12`, `12.0` and `"12"` are three different keys.
    public var value: SettingsValue

    /// The parameter `name` with `value`.
    public init(_ name: String, _ value: SettingsValue) {
        self.name = name
        self.value = value
    }
}

/// A parameter's value. Each kind has its own JSON spelling, so kinds never collide: `true`, `12`, `12.0`, `"12"`.
public enum SettingsValue: Sendable, Hashable, CustomStringConvertible {
    /// A flag, written `true` or `false`.
    case bool(Bool)
    /// An integer, written without a decimal point.
    case int(Int)
    /// A floating-point number, written with its shortest round-trip spelling and always a decimal point or exponent.
    case double(Double)
    /// A string, written as a JSON string.
    case string(String)

    /// The value's canonical JSON spelling.
    public var json: String {
        switch self {
        case .bool(let value): value ? "true" : "false"
        case .int(let value): String(value)
        case .double(let value): CanonicalJSON.double(value)
        case .string(let value): CanonicalJSON.string(value)
        }
    }

    public var description: String { json }
}

/// The canonical JSON spellings of strings and numbers, and a reader for the flat parameter objects written with them.
package enum CanonicalJSON {
    /// A JSON string literal: `"` and `\` escaped, control characters as `\u00xx`, everything else as it is.
    static func string(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }

    /// Swift's shortest round-trip spelling ("17.0", "0.1", "1e-05"), with −0 written as 0. Always has "." or "e", so
    /// it never reads as an integer.
    package static func double(_ value: Double) -> String {
        precondition(value.isFinite, "settings keys hold finite numbers only")
        return value == 0 ? "0.0" : "\(value)"
    }

    /// The parameters of a flat object written by `SettingsKey.parametersJSON`, or nil if `json` is not such an
    /// object.
    static func parameters(_ json: String) -> [SettingsParameter]? {
        var reader = Reader(scalars: Array(json.unicodeScalars))
        return reader.parameters()
    }

    private struct Reader {
        var scalars: [Unicode.Scalar]
        var index = 0

        mutating func parameters() -> [SettingsParameter]? {
            guard take("{") else { return nil }
            var result: [SettingsParameter] = []
            if take("}") { return index == scalars.count ? result : nil }
            repeat {
                guard let name = string(), take(":"), let value = value() else { return nil }
                result.append(SettingsParameter(name, value))
            } while take(",")
            guard take("}"), index == scalars.count else { return nil }
            return result
        }

        mutating func take(_ scalar: Unicode.Scalar) -> Bool {
            guard index < scalars.count, scalars[index] == scalar else { return false }
            index += 1
            return true
        }

        mutating func value() -> SettingsValue? {
            guard index < scalars.count else { return nil }
            switch scalars[index] {
            case "\"": return string().map(SettingsValue.string)
            case "t": return word("true") ? .bool(true) : nil
            case "f": return word("false") ? .bool(false) : nil
            default:
                let start = index
                while index < scalars.count, "0123456789+-.eE".unicodeScalars.contains(scalars[index]) { index += 1 }
                var text = ""
                text.unicodeScalars.append(contentsOf: scalars[start..<index])
                if text.contains(where: { $0 == "." || $0 == "e" || $0 == "E" }) {
                    // "1e999" parses as infinity, which no key holds (and `double(_:)` refuses): not our object.
                    return Double(text).flatMap { $0.isFinite ? SettingsValue.double($0) : nil }
                }
                return Int(text).map(SettingsValue.int)
            }
        }

        mutating func word(_ word: String) -> Bool {
            for scalar in word.unicodeScalars {
                guard take(scalar) else { return false }
            }
            return true
        }

        mutating func string() -> String? {
            guard take("\"") else { return nil }
            var out = ""
            while index < scalars.count {
                let scalar = scalars[index]
                index += 1
                switch scalar {
                case "\"": return out
                case "\\":
                    guard index < scalars.count else { return nil }
                    let escape = scalars[index]
                    index += 1
                    switch escape {
                    case "\"", "\\", "/": out.unicodeScalars.append(escape)
                    case "u":
                        guard index + 4 <= scalars.count else { return nil }
                        var hex = ""
                        hex.unicodeScalars.append(contentsOf: scalars[index..<index + 4])
                        index += 4
                        guard let value = UInt32(hex, radix: 16), let decoded = Unicode.Scalar(value) else {
                            return nil
                        }
                        out.unicodeScalars.append(decoded)
                    default: return nil
                    }
                default: out.unicodeScalars.append(scalar)
                }
            }
            return nil
        }
    }
}
