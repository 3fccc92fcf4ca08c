import Catalogs
import Measure
import StreamJobs

/// What `measure stream`'s command line gives every job: the value of each field a job leaves out, and the options
/// no job can change (`--plain`, `--char-wrap`, `--shaper`, …). `settings(for:)` lays a job over them.
struct StreamDefaults: Sendable {
    /// `--font`s with their face indices; empty for the default cascade.
    var fonts: [FontSource]
    /// `--size`, or nil when every job must give `size`.
    var size: Double?
    /// `--width`, or nil when every job must give `width`.
    var width: Double?
    /// Every measuring option of the command line: `--attributes` with `--mode` and `--scale` laid over it,
    /// `--language`, the wrapping flags. Its `maxWidth` is unused (the width is each job's).
    var options: MeasureOptions
    /// `--mode`, `--scale` and `--max-lines` on their own, to lay over a job's own `attributes` as they are laid
    /// over `--attributes`.
    var mode: MeasureMode?
    var scale: Double?
    var maxLines: Int?

    /// The settings `job` is measured with, or what is wrong with them.
    func settings(for job: StreamJob) -> Result<StreamSettings, StreamJobFailure> {
        func failure(_ message: String) -> Result<StreamSettings, StreamJobFailure> {
            .failure(StreamJobFailure(job: job, message: message))
        }
        guard let size = job.size ?? size else {
            return failure("no size: give the job a \"size\" in points, or the stream --size")
        }
        guard let width = job.width ?? width else {
            return failure("no width: give the job a \"width\" in points (0 = unconstrained), or the stream --width")
        }
        var options = options
        options.maxWidth = 0
        if let attributes = job.attributes {
            options.attributes = attributes
            if let mode { options.attributes.mode = mode }
            if let scale { options.attributes.scale = scale }
        }
        if let mode = job.mode { options.attributes.mode = mode }
        if let scale = job.scale { options.attributes.scale = scale }
        if let lines = job.maxLines ?? maxLines { options.attributes.numberOfLines = lines }
        if let language = job.language { options.language = language.isEmpty ? nil : language }
        if let problem = options.rangeProblem { return failure(problem) }
        let fonts: StreamFonts
        if let references = job.fonts {
            fonts = .references(references)
        } else {
            fonts = self.fonts.isEmpty ? .defaultCascade(language: options.language) : .commandLine
        }
        return .success(
            StreamSettings(
                key: StreamMeasurerKey(fonts: fonts, pointSize: size, options: options),
                width: width,
                showsTruncation: SizeJSON.showsTruncation(options.attributes)))
    }
}

/// A job's settings: which measurer (fonts, size, options), the width it is fitted at, and whether its result
/// carries `truncated` and `truncatedLine`.
struct StreamSettings: Sendable, Hashable {
    var key: StreamMeasurerKey
    var width: Double
    var showsTruncation: Bool
}

/// What tells measurers apart: a session measures any width with its measurer's fonts, size and options, so the
/// width is not part of it (`options.maxWidth` is 0) and jobs at many widths share one measurer and its caches.
struct StreamMeasurerKey: Sendable, Hashable {
    var fonts: StreamFonts
    var pointSize: Double
    var options: MeasureOptions
}

/// Where a job's fonts come from.
enum StreamFonts: Sendable, Hashable {
    /// The command line's `--font`s.
    case commandLine
    /// The default cascade for a language (its CJK face and script fonts depend on it).
    case defaultCascade(language: String?)
    /// The job's own `fonts`.
    case references([FontReference])
}
