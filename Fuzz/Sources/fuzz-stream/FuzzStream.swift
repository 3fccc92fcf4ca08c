import FuzzSupport
import Measure
import StreamJobs

/// libFuzzer's setup hook, run once before the first input and outside its per-input timeout: measures one string,
/// so the engine's one-time tables (scripts, shaping triggers, DejaVu's advances) are built before the clock runs —
/// under ASan on a busy machine that first build alone can pass the 10 s timeout.
@_cdecl("LLVMFuzzerInitialize")
public func initialize(_ argc: UnsafeMutablePointer<CInt>,
                       _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>) -> CInt {
    let measurer = TextMeasurer(cascade: FuzzFonts.sans, pointSize: 14, options: MeasureOptions(maxWidth: 100))
    blackHole(measurer.makeSession().measure("hello world مرحبا 日本").width)
    return 0
}

/// libFuzzer entry point: the input as `measure stream` lines (split at line feeds), each through
/// `StreamJobParser.parse(_:lineNumber:)`. A job it accepts must be measurable without a trap: its fields are in
/// range, and with DejaVu Sans (when the job names no fonts) it is measured as the stream would, its fields laid
/// over default options, wherever the combination passes `MeasureOptions.rangeProblem` as the stream checks.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    // A parser per input, not per run: its attributes memo carries over from line to line as a worker's does, and
    // an input that fails fails the same way when replayed alone.
    var parser = StreamJobParser()
    var number = 0
    for line in bytes.split(separator: 0x0A, omittingEmptySubsequences: false) {
        number += 1
        switch parser.parse(line, lineNumber: number) {
        case .blank:
            break
        case .failure(let failure):
            blackHole(failure.message.utf8.count + failure.id.json.utf8.count)
        case .job(let job):
            check(job)
        }
    }
    return 0
}

/// Checks the bounds the parser promises, then measures the job the way `measure stream` would.
func check(_ job: StreamJob) {
    precondition(job.size.map(MeasureLimits.isValidPointSize) ?? true, "size in range")
    precondition(job.width.map { MeasureLimits.isValidLength($0) } ?? true, "width in range")
    precondition(job.scale.map { $0 > 0 && $0 <= 10 } ?? true, "scale in range")
    precondition(job.maxLines.map { $0 >= 0 } ?? true, "maxLines in range")
    precondition(job.attributes?.isValid ?? true, "attributes valid")
    precondition(job.fonts.map { !$0.isEmpty && $0.count <= FontCascade.maximumCount } ?? true, "fonts bounded")
    blackHole(job.id.json.utf8.count)
    guard job.fonts == nil else { return }
    var options = MeasureOptions(maxWidth: job.width ?? 0)
    if let attributes = job.attributes { options.attributes = attributes }
    if let mode = job.mode { options.attributes.mode = mode }
    if let scale = job.scale { options.attributes.scale = scale }
    if let lines = job.maxLines { options.attributes.numberOfLines = lines }
    if let language = job.language, !language.isEmpty { options.language = language }
    let cascade = FuzzFonts.sans
    guard options.rangeProblem == nil,
          options.attributes.runs.allSatisfy({ ($0.font ?? 0) < cascade.fonts.count }) else { return }
    // Long texts measure slowly under ASan without finding more: the first 512 scalars are what a job's shape
    // changes.
    var text = String.UnicodeScalarView()
    text.append(contentsOf: job.text.unicodeScalars.prefix(512))
    let measurer = TextMeasurer(cascade: cascade, pointSize: job.size ?? 14, options: options,
                                segmentCacheBytes: 1 << 16)
    let size = measurer.makeSession().measure(String(text), maxWidth: job.width ?? 0)
    blackHole(size.width + size.height + Double(size.lineCount))
}
