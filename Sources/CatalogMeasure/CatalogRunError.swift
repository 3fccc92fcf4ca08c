import Foundation
import TextCoding

/// Why a catalog run cannot start at all (as opposed to one file or entry failing, which the report carries).
public enum CatalogRunError: Error, Sendable, Hashable, CustomStringConvertible {
    /// Neither the command line nor the config's top level gives a width.
    case noWidth
    /// A text style or content size name that the Dynamic Type table does not have.
    case unknownTextStyle(String)
    /// A content size name (`L`, `AX3`, `xxxL`, or an Android font scale such as `1.3`) that the run does not know.
    case unknownContentSize(String)
    /// A config's `attributes` object that `TextAttributes(json:)` refuses.
    case invalidAttributes(String)
    /// A width or size outside `MeasureLimits` (the message names the value and its range).
    case outOfRange(String)
    /// `--font-dir` names no readable folder.
    case fontDirectory(String)
    /// A setting the platform preset does not have (a Dynamic Type text style on Android, a font scale on iOS).
    case platformSetting(String)

    public var description: String {
        switch self {
        case .noWidth:
            "no width to measure at: give --width PT or a top-level \"width\" in the --config file"
        case .unknownTextStyle(let name):
            "unknown text style \"\(ScalarExcerpt.cut(name, limit: ScalarExcerpt.valueLimit))\" (largeTitle, title1, title2, title3, headline, body, callout, "
                + "subheadline, footnote, caption1, caption2)"
        case .invalidAttributes(let message):
            "config attributes: \(message)"
        case .outOfRange(let message):
            "config: \(message)"
        case .fontDirectory(let message), .platformSetting(let message):
            message
        case .unknownContentSize(let name):
            "unknown content size \"\(ScalarExcerpt.cut(name, limit: ScalarExcerpt.valueLimit))\" (xS, S, M, L, xL, xxL, xxxL, AX1…AX5, or the UIKit names)"
        }
    }
}

/// `localizedDescription` is `description` (Foundation's default for a Swift error names its type and case number).
extension CatalogRunError: LocalizedError {
    /// `description`, which `localizedDescription` returns.
    public var errorDescription: String? { description }
}
