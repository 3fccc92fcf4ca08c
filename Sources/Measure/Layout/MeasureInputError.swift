import Foundation

/// A value no measurement or layout can use — a point size outside (0, 10,000], a width past ±1,000,000 pt, NaN, a
/// run naming a font the cascade does not have — refused by the throwing entry points
/// (`TextMeasurer.init(checking:pointSize:options:segmentCacheBytes:)`, `ButtonLayout.checkedLayout()`) for values
/// that come from a user or a file. The non-throwing ones trap on the same values, as a caller's bug.
public struct MeasureInputError: Error, Sendable, Hashable, CustomStringConvertible, LocalizedError {
    /// What is wrong, in words: "pointSize must be a positive number of points, at most 10000; got nan".
    public var message: String

    /// An error saying `message`.
    public init(_ message: String) {
        self.message = message
    }

    public var description: String { message }

    /// `description`, which `localizedDescription` returns.
    public var errorDescription: String? { message }
}
