import Catalogs
import Measure

/// One text to measure in a catalog run: an entry at one content size, or the source text of an XLIFF entry.
struct MeasureJob: Sendable {
    /// The entry's index in the run's entry list.
    var entry: Int
    /// The text after placeholder expansion.
    var text: String
    var constraint: EntryConstraint
    /// Index into the run's distinct font cascades.
    var cascade: Int
    /// The language it is measured in (`CatalogLanguage.tag(for:)` of its locale: the entry's, or the source
    /// locale's for a source text).
    var language: String?
    /// For an XLIFF `<source>` job: the index of the job whose source width it gives; nil for an entry's own job.
    var sourceOf: Int?
}

/// Jobs measured together: one font cascade, language, size, width, attributes and Dynamic Type label set (the
/// database's settings row, which has the language too).
struct MeasureGroupKey: Hashable {
    var cascade: Int
    var language: String?
    var pointSize: Double
    var width: Double
    var textStyle: String?
    var contentSize: String?
    var attributes: String?

    init(_ job: MeasureJob) {
        cascade = job.cascade
        language = job.language
        pointSize = job.constraint.pointSize
        width = job.constraint.width
        textStyle = job.constraint.textStyle
        contentSize = job.constraint.contentSize
        attributes = job.constraint.attributes
    }
}
