import Catalogs
import Measure

/// Turns one line of `measure stream`'s input (NDJSON: one JSON object per line) into a `StreamJob`, or into the
/// `StreamJobFailure` the stream writes in its place — never a trap, whatever the bytes.
///
/// ```swift
/// var parser = StreamJobParser()
/// let line = Array(#"{"id": 7, "text": "hello", "size": 14, "width": 200}"#.utf8)
/// switch parser.parse(line[...], lineNumber: 1) {
/// case .job(let job): print(job.id, job.size ?? 0)        // 7 14.0
/// case .failure(let failure): print(failure.message)
/// case .blank: break
/// }
/// ```
///
/// A line is read by `JSONReader` (strict RFC 8259: UTF-8 checked, nesting bounded at `JSONReader.maximumDepth`), so
/// a line that is not JSON names the line and column where it stops being JSON; a JSON value that is not an object
/// says what it is. In an object, each field is checked for its type and against the bound `measure text` checks
/// for its option (`MeasureLimits`, `LanguageTag`, the attributes' own rules); unknown fields are refused, so a
/// misspelt `maxlines` is an error rather than silently ignored, and so is a name given more than once in one object.
/// A failure keeps the job's id when the id itself was usable, so the caller knows which job failed.
///
/// Performance notes: the line is read where it lies (no copy); the attributes object, the only field that goes
/// through Foundation (`TextAttributes(json:)`, the parser `--attributes` uses), is converted once per distinct
/// object among the last `attributesMemoCount` seen, since a stream's jobs mostly share a few. A parser is a value
/// with that small memo: give each thread its own.
public struct StreamJobParser: Sendable {
    /// The fields a job may have.
    public static let fieldNames = [
        "id", "text", "fonts", "size", "width", "attributes", "mode", "scale", "language",
        "maxLines",
    ]
    /// Distinct attribute objects remembered with their conversion.
    static let attributesMemoCount = 4
    /// The deepest nesting accepted inside `attributes` (the top object is depth 1): its deepest legitimate value,
    /// a tab stop object inside `tabStops` or a run inside `runs`, is at depth 3; `paragraphStyle` adds one.
    static let maximumAttributesDepth = 8

    /// The last attribute objects converted, as their compact JSON text, most recent last.
    private var attributesMemo: [(json: String, attributes: TextAttributes)] = []

    /// A parser with empty memos; keep one per reading thread, so that repeated attribute objects are converted once.
    public init() {}

    /// The job on `line` (without its line break), or why it is not one.
    ///
    /// - Parameters:
    ///   - line: The line's bytes: UTF-8 JSON, a carriage return before the line feed allowed.
    ///   - lineNumber: The line's 1-based number in the input, for messages about lines that are not jobs.
    /// - Returns: `.job`, `.failure` (its id null when the line is not a JSON object or its id is not a scalar), or
    ///   `.blank` for a line of only whitespace.
    /// - Complexity: O(n) in the line's length.
    public mutating func parse(_ line: ArraySlice<UInt8>, lineNumber: Int) -> StreamLine {
        if line.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }) { return .blank }
        let root: JSONNode
        do {
            root = try line.withUnsafeBufferPointer { (bytes) throws(CatalogError) in
                try JSONReader.parse(bytes, file: "line \(lineNumber)")
            }
        } catch {
            let column = error.position.map { ", column \($0.column)" } ?? ""
            return .failure(StreamJobFailure(id: .null, message: "line \(lineNumber)\(column): \(error.message)"))
        }
        guard case .object(let object) = root.value else {
            return .failure(
                StreamJobFailure(
                    id: .null,
                    message: "line \(lineNumber): a job must be a JSON object "
                        + "such as {\"id\": 1, \"text\": \"Hello\"}, not \(root.value.kindDescription)"))
        }
        let id: StreamJobID
        switch Self.id(object["id"]) {
        case .success(let parsed): id = parsed
        case .failure(let failure):
            return .failure(StreamJobFailure(id: .null, message: "line \(lineNumber): \(failure.message)"))
        }
        if let (first, again) = root.firstRepeatedName {
            // Which of the two was meant is the writer's to say ({"width": 100, "width": 5} measured at 5); a repeated
            // id leaves the job without one.
            let repeatsID = object.overridden.contains { $0.key == "id" }
            return .failure(
                StreamJobFailure(
                    id: repeatsID ? .null : id,
                    message: (repeatsID || id == StreamJobID.null ? "line \(lineNumber): " : "")
                        + "\(StreamFieldError.excerpt(again.key)) is given more than once in one object (at columns "
                        + "\(first.keyPosition.column) and \(again.keyPosition.column)): a job names each field once"))
        }
        do {
            var made = try job(object, id: id)
            made.lineNumber = lineNumber
            return .job(made)
        } catch {
            // A job without an id is found by its line (under --shard, positions in the output are no guide).
            let place = id == StreamJobID.null ? "line \(lineNumber): " : ""
            return .failure(StreamJobFailure(id: id, message: place + error.message))
        }
    }

    /// The id member, if it is a scalar.
    private static func id(_ node: JSONNode?) -> Result<StreamJobID, StreamJobFailure> {
        guard let node else { return .success(.null) }
        switch node.value {
        case .null: return .success(.null)
        case .bool(let flag): return .success(StreamJobID(json: flag ? "true" : "false"))
        case .number(let literal): return .success(StreamJobID(json: literal))
        case .string(let text): return .success(.string(text))
        case .array, .object:
            return .failure(
                StreamJobFailure(
                    id: .null,
                    message: "\"id\" must be a string, a number, true, false or "
                        + "null, not \(node.value.kindDescription)"))
        }
    }

    /// The job an object describes.
    private mutating func job(_ object: JSONObject, id: StreamJobID) throws(StreamFieldError) -> StreamJob {
        for member in object.members where !Self.fieldNames.contains(member.key) {
            throw StreamFieldError(
                "unknown field \(StreamFieldError.excerpt(member.key)) (a job has "
                    + Self.fieldNames.joined(separator: ", ") + ")")
        }
        guard let textNode = object["text"], textNode.value != .null else {
            throw StreamFieldError("a job needs \"text\", the string to measure")
        }
        var job = StreamJob(id: id, text: try Self.string(textNode, "text"))
        job.fonts = try given(object["fonts"]).map { node throws(StreamFieldError) in try Self.fonts(node) }
        if let node = given(object["size"]) {
            let size = try Self.number(node, "size")
            if let problem = MeasureLimits.pointSizeProblem("\"size\"", size) { throw StreamFieldError(problem) }
            job.size = size
        }
        if let node = given(object["width"]) {
            let width = try Self.number(node, "width")
            if let problem = MeasureLimits.lengthProblem("\"width\" (0 = unconstrained)", width) {
                throw StreamFieldError(problem)
            }
            job.width = width
        }
        if let node = given(object["attributes"]) { job.attributes = try attributes(node) }
        if let node = given(object["mode"]) {
            guard case .string(let name) = node.value, let mode = MeasureMode(rawValue: name) else {
                throw StreamFieldError(
                    "\"mode\" must be one of "
                        + MeasureMode.allCases.map(\.rawValue).joined(separator: ", "))
            }
            job.mode = mode
        }
        if let node = given(object["scale"]) {
            let scale = try Self.number(node, "scale")
            guard TextAttributes.scales.contains(scale) else {
                throw StreamFieldError("\"scale\" must be a number in 0.5…10, as 1, 2 or 3; got \(scale)")
            }
            job.scale = scale
        }
        if let node = given(object["language"]) {
            let tag = try Self.string(node, "language")
            guard tag.isEmpty || LanguageTag.isWellFormed(tag) else {
                throw StreamFieldError(
                    "\"language\" must be a BCP 47 tag such as ar, fa-IR, sr-Latn or zh-Hant "
                        + "(or \"\" for none), got \(StreamFieldError.excerpt(tag))")
            }
            job.language = tag
        }
        if let node = given(object["maxLines"]) {
            let lines = try Self.number(node, "maxLines")
            // At most the attributes' line limit (`numberOfLines`, 100,000), which it becomes: said here in the job's
            // own words, where the attributes' check named a field the job never used.
            guard lines >= 0, lines == lines.rounded(), lines <= Double(TextAttributes.maximumNumberOfLines) else {
                throw StreamFieldError(
                    "\"maxLines\" must be a whole number from 0 (no limit) to \(TextAttributes.maximumNumberOfLines)")
            }
            job.maxLines = Int(lines)
        }
        return job
    }

    /// `node` unless it is absent or `null` (a field given as null takes the command line's value).
    private func given(_ node: JSONNode?) -> JSONNode? {
        guard let node, node.value != .null else { return nil }
        return node
    }

    /// The `attributes` object as `TextAttributes`, converted as `--attributes` converts its JSON.
    private mutating func attributes(_ node: JSONNode) throws(StreamFieldError) -> TextAttributes {
        guard case .object = node.value else {
            throw StreamFieldError(
                "\"attributes\" must be an object such as {\"lineSpacing\": 4}, not "
                    + node.value.kindDescription)
        }
        var json = ""
        try CompactJSON.append(node.value, to: &json, depth: 1, maximumDepth: Self.maximumAttributesDepth)
        if let known = attributesMemo.lastIndex(where: { $0.json == json }) {
            return attributesMemo[known].attributes
        }
        let attributes: TextAttributes
        do {
            attributes = try TextAttributes(json: json)
        } catch {
            // The attributes reader quotes names whole; a hostile one must not make the message as long as the line.
            throw StreamFieldError("\"attributes\": " + StreamFieldError.shortened("\(error)"))
        }
        if attributesMemo.count == Self.attributesMemoCount { attributesMemo.removeFirst() }
        attributesMemo.append((json, attributes))
        return attributes
    }
}
