import Catalogs
import Measure
import StreamJobs
import Testing

/// `StreamJobParser`: one NDJSON line into a job or the error in its place. The lines here are the stream tests'
/// fixtures too (`Fuzz/seed-corpora.py` seeds `fuzz-stream` from this file's JSON literals).
@Suite struct StreamJobParserTests {
    func parse(_ line: String, number: Int = 1) -> StreamLine {
        var parser = StreamJobParser()
        return parser.parse(Array(line.utf8)[...], lineNumber: number)
    }

    func job(_ line: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> StreamJob {
        guard case .job(let job) = parse(line) else {
            Issue.record("not a job: \(parse(line))", sourceLocation: sourceLocation)
            throw StreamTestError.notAJob
        }
        return job
    }

    func failure(_ line: String, number: Int = 1) -> StreamJobFailure? {
        guard case .failure(let failure) = parse(line, number: number) else { return nil }
        return failure
    }

    @Test func everyField() throws {
        let job = try job(
            #"{"id": "a-1", "text": "hello\nworld", "fonts": ["DejaVu Sans", "/x/y.ttf", {"path": "/c.ttc", "faceIndex": 2}, {"family": "Noto Sans", "style": "Bold"}], "size": 14.5, "width": 200, "attributes": {"lineSpacing": 4, "paragraphStyle": {"alignment": "center"}}, "mode": "label", "scale": 3, "language": "ja", "maxLines": 2}"#
        )
        #expect(job.id.json == #""a-1""#)
        #expect(job.text == "hello\nworld")
        #expect(
            job.fonts == [
                .family("DejaVu Sans", style: nil), .file(path: "/x/y.ttf", faceIndex: 0),
                .file(path: "/c.ttc", faceIndex: 2), .family("Noto Sans", style: "Bold"),
            ])
        #expect(job.size == 14.5)
        #expect(job.width == 200)
        var attributes = TextAttributes()
        attributes.paragraph.lineSpacing = 4
        attributes.paragraph.alignment = "center"
        #expect(job.attributes == attributes)
        #expect(job.mode == .label)
        #expect(job.scale == 3)
        #expect(job.language == "ja")
        #expect(job.maxLines == 2)
    }

    @Test func onlyTextIsRequiredAndNullMeansLeftOut() throws {
        let job = try job(#"{"text": "", "size": null, "fonts": null, "id": null}"#)
        #expect(job == StreamJob(text: ""))
        // The parser says where the job stood, which is no part of what it asks.
        #expect(job.lineNumber == 1)
        #expect(failure(#"{"id": 3}"#)?.message == #"a job needs "text", the string to measure"#)
        #expect(failure(#"{"id": 3}"#)?.id.json == "3")
    }

    /// A failing job without an id says its line, as a line that is not JSON does: its answer's id is null, and under
    /// `--shard` its place in the output is no guide.
    @Test func aFailingJobWithoutAnIdSaysItsLine() {
        #expect(failure("{}", number: 12)?.message == #"line 12: a job needs "text", the string to measure"#)
        #expect(failure(#"{"text": null, "id": null}"#, number: 4)?.message.hasPrefix("line 4: a job needs") == true)
        #expect(failure(#"{"id": [1], "text": "a"}"#, number: 9)?.message.hasPrefix(#"line 9: "id" must be"#) == true)
        #expect(
            failure(#"{"text": "a", "size": -1}"#, number: 2)?.message.hasPrefix(#"line 2: "size" must be"#) == true)
    }

    @Test(arguments: [
        (#"{"id": "x", "text": "a"}"#, #""x""#),
        (#"{"id": "\u0041\n", "text": "a"}"#, #""A\n""#),
        (#"{"id": 7, "text": "a"}"#, "7"),
        (#"{"id": 1.0, "text": "a"}"#, "1.0"),
        (#"{"id": -12345678901234567890123, "text": "a"}"#, "-12345678901234567890123"),
        (#"{"id": 2.5e-3, "text": "a"}"#, "2.5e-3"),
        (#"{"id": true, "text": "a"}"#, "true"),
        (#"{"id": null, "text": "a"}"#, "null"),
        (#"{"text": "a"}"#, "null"),
    ])
    func idsAreEchoed(line: String, id: String) throws {
        #expect(try job(line).id.json == id)
    }

    @Test func anIdThatIsNotAScalarIsAnError() {
        let failure = failure(#"{"id": [1], "text": "a"}"#)
        #expect(failure?.id == .null)
        #expect(failure?.message.contains("\"id\" must be a string, a number") == true)
    }

    @Test(arguments: [
        (#"{"id": 1, "text": "a""#, "line 4, column 22: expected ',' or '}'"),
        (#"{"id": 1, text: "a"}"#, "line 4, column 11: expected a member name"),
        ("[1, 2]", "line 4: a job must be a JSON object"),
        ("\"text\"", "line 4: a job must be a JSON object"),
        (String(repeating: "[", count: 600), "line 4, column 513: nesting deeper than 512"),
        (#"{"text": "a"} {"text": "b"}"#, "line 4, column 15: expected the end of the input"),
    ])
    func linesThatAreNotJobsKeepTheLineNumber(line: String, message: String) {
        let failure = failure(line, number: 4)
        #expect(failure?.id == .null)
        #expect(failure?.message.hasPrefix(message) == true, "\(failure?.message ?? "a job")")
    }

    @Test(arguments: [
        (#"{"id": 5, "text": "a", "size": 0}"#, "\"size\" must be a positive number of points, at most 10000; got 0.0"),
        (#"{"id": 5, "text": "a", "size": 1e16}"#, "\"size\" must be a positive number of points, at most 10000"),
        (#"{"id": 5, "text": "a", "size": 1e999}"#, "\"size\" must be a positive number of points, at most 10000"),
        (#"{"id": 5, "text": "a", "size": "14"}"#, "\"size\" must be a number, not a string"),
        (#"{"id": 5, "text": "a", "width": -1}"#, "\"width\" (0 = unconstrained) must be between 0 and 1000000"),
        (#"{"id": 5, "text": "a", "width": 1e308}"#, "\"width\" (0 = unconstrained) must be between 0 and 1000000"),
        (#"{"id": 5, "text": 3}"#, "\"text\" must be a string, not the number 3"),
        (#"{"id": 5, "text": "a", "scale": 11}"#, "\"scale\" must be a number in 0.5…10"),
        // Below half a pixel a point, rounding up to the pixel grid is nonsense (1e-7: a 10,000,000 pt label).
        (#"{"id": 5, "text": "a", "scale": 1e-7}"#, "\"scale\" must be a number in 0.5…10"),
        (#"{"id": 5, "text": "a", "mode": "huge"}"#, "\"mode\" must be one of boundingRect, label, textView"),
        (#"{"id": 5, "text": "a", "language": "no such tag!"}"#, "\"language\" must be a BCP 47 tag"),
        (
            #"{"id": 5, "text": "a", "maxLines": 1.5}"#,
            "\"maxLines\" must be a whole number from 0 (no limit) to 100000"
        ),
        (#"{"id": 5, "text": "a", "maxLines": -1}"#, "\"maxLines\" must be a whole number from 0 (no limit) to 100000"),
        // Past the attributes' line limit it becomes: said of maxLines (the message named numberOfLines).
        (
            #"{"id": 5, "text": "a", "maxLines": 100001}"#,
            "\"maxLines\" must be a whole number from 0 (no limit) to 100000"
        ),
        (#"{"id": 5, "text": "a", "fonts": []}"#, "\"fonts\" must list 1 to 254 fonts"),
        (#"{"id": 5, "text": "a", "fonts": [""]}"#, "a font must be a non-empty name"),
        (#"{"id": 5, "text": "a", "fonts": [3]}"#, "a font must be a family name, a path, or an object"),
        (#"{"id": 5, "text": "a", "fonts": [{"path": "/a", "family": "B"}]}"#, "a font object is"),
        (#"{"id": 5, "text": "a", "fonts": [{"path": "/a", "faceIndex": -1}]}"#, "\"faceIndex\" must be a whole"),
        (#"{"id": 5, "text": "a", "attributes": 4}"#, "\"attributes\" must be an object"),
        (#"{"id": 5, "text": "a", "attributes": {"kern": "x"}}"#, "\"attributes\": \"kern\" must be a number"),
        (#"{"id": 5, "text": "a", "attributes": {"lineSpacing": 1e999}}"#, "\"attributes\": "),
        (
            #"{"id": 5, "text": "a", "attributes": {"numberOfLines": 2, "bogus": 1}}"#,
            "\"attributes\": unknown attribute \"bogus\""
        ),
        (
            #"{"id": 5, "text": "a", "attributes": {"runs": [[[[[[[[[1]]]]]]]]]}}"#,
            "\"attributes\" nests arrays and objects deeper than 8"
        ),
        (#"{"id": 5, "text": "a", "maxlines": 2}"#, "unknown field \"maxlines\" (a job has id, text, fonts"),
        // A name given twice: which was meant is the writer's to say (the reader kept the last, width 5).
        (
            #"{"id": 5, "text": "a", "width": 100, "width": 5}"#,
            "\"width\" is given more than once in one object (at columns 24 and 38): a job names each field once"
        ),
        (
            #"{"id": 5, "text": "a", "attributes": {"kern": 1, "\u006Bern": 9}}"#,
            "\"kern\" is given more than once in one object (at columns 39 and 50)"
        ),
        (
            #"{"id": 5, "text": "a", "fonts": [{"path": "/a", "path": "/b"}]}"#,
            "\"path\" is given more than once in one object"
        ),
    ])
    func fieldErrorsKeepTheId(line: String, message: String) {
        let failure = failure(line)
        #expect(failure?.id.json == "5")
        #expect(failure?.message.hasPrefix(message) == true, "\(failure?.message ?? "a job")")
    }

    @Test func aRepeatedIdLeavesTheJobWithout() {
        let failure = failure(#"{"id": 1, "text": "a", "id": 2}"#)
        #expect(failure?.id == .null)
        #expect(
            failure?.message
                == #"line 1: "id" is given more than once in one object (at columns 2 and 24): a job names each field once"#
        )
    }

    @Test func bytesThatAreNotUTF8() {
        var parser = StreamJobParser()
        let line = Array(#"{"id": 1, "text": "a"#.utf8) + [0xFF, 0x22, 0x7D]
        guard case .failure(let failure) = parser.parse(line[...], lineNumber: 9) else {
            Issue.record("invalid UTF-8 read as a job")
            return
        }
        #expect(failure.id == .null)
        #expect(failure.message.hasPrefix("line 9, column 21: expected UTF-8 text inside a string"), "\(failure)")
    }

    @Test func aHugeUnknownNameIsQuotedShort() {
        let name = String(repeating: "n", count: 100_000)
        let message = failure(#"{"text": "a", ""# + name + #"": 1}"#)?.message ?? ""
        #expect(message.count < 200)
        let attributes = failure(#"{"text": "a", "attributes": {""# + name + #"": 1}}"#)?.message ?? ""
        // Without an id, the job's line first.
        #expect(attributes.hasPrefix(#"line 1: "attributes": unknown attribute "nnn"#))
        #expect(attributes.count < 500)
    }

    @Test func blankLines() {
        for line in ["", " ", "\t \r"] {
            guard case .blank = parse(line) else {
                Issue.record("\(line.debugDescription) is not blank")
                continue
            }
        }
    }

    @Test func aCarriageReturnBeforeTheLineFeedIsWhitespace() throws {
        #expect(try job("{\"text\": \"a\"}\r").text == "a")
    }

    @Test func theSameAttributesObjectAgainGivesTheSameAttributes() throws {
        var parser = StreamJobParser()
        var seen: [TextAttributes] = []
        for lines in [2, 3, 2, 4, 5, 6, 7, 2] {
            let line = #"{"text": "a", "attributes": {"numberOfLines": \#(lines), "kern": 1}}"#
            guard case .job(let job) = parser.parse(Array(line.utf8)[...], lineNumber: 1) else {
                throw StreamTestError.notAJob
            }
            seen.append(try #require(job.attributes))
        }
        #expect(seen.map(\.numberOfLines) == [2, 3, 2, 4, 5, 6, 7, 2])
        #expect(seen.allSatisfy { $0.kern == 1 })
    }
}

enum StreamTestError: Error {
    case notAJob
}
