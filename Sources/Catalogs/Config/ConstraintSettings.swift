/// Constraint fields one level of configuration sets (built-in defaults, the config file's top level, the command
/// line, one rule); nil fields leave the previous level's value.
public struct ConstraintSettings: Sendable, Hashable {
    /// The label's width in points.
    public var width: Double?
    /// 0 = unlimited.
    public var maxLines: Int?
    /// A fixed point size; setting it at a level clears a text style set by an earlier level, and the reverse.
    public var size: Double?
    /// A Dynamic Type text style (`body`, `headline`); setting it clears a fixed `size` of an earlier level.
    public var textStyle: String?
    /// A content size category (`L`, `AX3`) or Android font scale (`1.3`) the text style is sized at.
    public var contentSize: String?
    /// Text attributes (paragraph style, kern, line limit, mode) as a JSON object's text, read by the measuring side
    /// (`TextAttributes(json:)`); a level that sets it replaces the earlier level's whole object.
    public var attributes: String?
    /// Where a config file set `width` and `size`, for messages about their values (`file:line:column`).
    public var places = SettingPlaces()

    /// Settings; each parameter sets the property of the same name, and nil leaves the previous level's value.
    public init(
        width: Double? = nil, maxLines: Int? = nil, size: Double? = nil, textStyle: String? = nil,
        contentSize: String? = nil, attributes: String? = nil
    ) {
        self.width = width
        self.maxLines = maxLines
        self.size = size
        self.textStyle = textStyle
        self.contentSize = contentSize
        self.attributes = attributes
    }

    /// `self` with `other`'s fields laid over it.
    public func overridden(by other: ConstraintSettings) -> ConstraintSettings {
        var result = self
        if let width = other.width {
            result.width = width
            result.places.width = other.places.width
        }
        if let maxLines = other.maxLines { result.maxLines = maxLines }
        if let size = other.size {
            result.size = size
            result.places.size = other.places.size
            result.textStyle = nil
        }
        if let textStyle = other.textStyle {
            result.textStyle = textStyle
            result.size = nil
        }
        if let contentSize = other.contentSize { result.contentSize = contentSize }
        if let attributes = other.attributes { result.attributes = attributes }
        return result
    }
}

/// Where a config file set a level's `width` and `size` (`file:line:column`), so that a value out of range is named
/// where it is written, as the parser names a value of the wrong type. Not part of the settings' value: settings read
/// from a file and built in code compare equal (and hash alike) when their values are.
public struct SettingPlaces: Sendable, Hashable {
    /// Where `width` was set; nil when not by a config file.
    public var width: String?
    /// Where `size` was set; nil when not by a config file.
    public var size: String?

    /// No places.
    public init() {}

    /// Always true: a place is no part of a setting's value.
    public static func == (lhs: SettingPlaces, rhs: SettingPlaces) -> Bool { true }

    /// Nothing: a place is no part of a setting's value.
    public func hash(into hasher: inout Hasher) {}
}
