import Measure
import StreamJobs

/// Writes `measure stream`'s output lines: a result, `{"id": …, "width": …, …}` with `measure text --json`'s
/// members after the id (`SizeJSON`), or an error, `{"id": …, "error": "…"}`; each ends with a line feed.
enum StreamResultLine {
    /// Appends the result of job `id` to `out`.
    static func appendResult(id: StreamJobID, size: TextSize, showsTruncation: Bool, to out: inout [UInt8]) {
        out.append(contentsOf: "{\"id\": ".utf8)
        out.append(contentsOf: id.json.utf8)
        out.append(contentsOf: ", ".utf8)
        SizeJSON.appendMembers(size, showsTruncation: showsTruncation, to: &out)
        out.append(contentsOf: "}\n".utf8)
    }

    /// Appends the error that takes a job's place to `out`.
    static func appendError(_ failure: StreamJobFailure, to out: inout [UInt8]) {
        out.append(contentsOf: "{\"id\": ".utf8)
        out.append(contentsOf: failure.id.json.utf8)
        out.append(contentsOf: ", \"error\": ".utf8)
        out.append(contentsOf: JSONText.string(failure.message).utf8)
        out.append(contentsOf: "}\n".utf8)
    }
}
