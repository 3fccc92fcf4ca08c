import Measure
import Testing

@testable import MeasureCLI

/// A group whose jobs name more settings than `--measurers` keeps is measured in rounds of at most that many
/// measurers, each settings in one round, and answered in input order (a held-out run of 2026-12-06: four languages
/// in turn with `--measurers 2` loaded a default cascade for every job and held them all, 7.5 GB by job 800).
@Suite struct StreamRoundsTests {
    static func settings(_ language: String, width: Double = 200) -> StreamSettings {
        var options = MeasureOptions()
        options.language = language.isEmpty ? nil : language
        return StreamSettings(
            key: StreamMeasurerKey(fonts: .defaultCascade(language: options.language), pointSize: 17, options: options),
            width: width, showsTruncation: false)
    }

    @Test func settingsGetRoundsInTheOrderTheyAppearAndKeepThem() {
        var rounds = StreamRounds(capacity: 2, limitsSettings: false)
        let order = ["ja", "ko", "zh-Hant", "ja", "", "ko", "zh-Hant", ""].map { rounds.round(of: Self.settings($0)) }
        // ja and ko fill round 0; zh-Hant and "" (the default) round 1; later jobs join their settings' round.
        #expect(order == [0, 0, 1, 0, 1, 0, 1, 1])
        #expect(rounds.count == 2)
    }

    @Test func widthsShareAMeasurerUnlessEachNeedsASettingsRow() {
        var measurersOnly = StreamRounds(capacity: 2, limitsSettings: false)
        #expect(
            [100.0, 200, 300, 400].map { measurersOnly.round(of: Self.settings("ja", width: $0)) } == [0, 0, 0, 0])
        // With --db each width is a settings row of its own, and rows count against the capacity too.
        var withRows = StreamRounds(capacity: 2, limitsSettings: true)
        #expect([100.0, 200, 300, 100].map { withRows.round(of: Self.settings("ja", width: $0)) } == [0, 0, 1, 0])
    }

    @Test func aGroupMakesEachMeasurerOnceHoweverItsJobsInterleave() throws {
        let measurers = StreamMeasurers(commandLineFonts: [], segmentCacheBytes: 0, capacity: 2)
        let run = StreamRun(
            defaults: StreamDefaults(
                fonts: [], size: 17, width: 200, options: MeasureOptions(), mode: nil, scale: nil, maxLines: nil),
            measurers: measurers, workers: StreamWorkers(count: 2, sessions: 2), store: nil,
            maximumLineBytes: 1 << 20)
        let languages = ["ja", "ko", "zh-Hant", "en"]
        var bytes: [UInt8] = []
        var lines: [StreamInputLine] = []
        for index in 0..<40 {
            let start = bytes.count
            bytes += Array(#"{"id": \#(index), "text": "hello 你好", "language": "\#(languages[index % 4])"}"#.utf8)
            lines.append(StreamInputLine(number: index + 1, range: start..<bytes.count))
            bytes.append(0x0A)
        }
        let out = String(decoding: try run.process(StreamGroup(bytes: bytes, lines: lines)), as: UTF8.self)
        let answers = out.split(separator: "\n")
        #expect(answers.count == 40)
        #expect(answers.enumerated().allSatisfy { $1.hasPrefix("{\"id\": \($0), \"width\"") })
        // Four settings, two measurers kept: two rounds, each language's measurer made once (before rounds, a
        // measurer and a default cascade were made for nearly every job).
        #expect(measurers.madeCount == 4)
    }

    @Test func interleavedSettingsWithFewMeasurersAnswerAsWithMany() throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        let languages = ["ja", "ko", "zh-Hant", "", "ar"]
        let jobs = (0..<120).map { index -> String in
            if index % 29 == 7 { return "not json" }
            let language = languages[index % languages.count]
            return #"{"id": \#(index), "text": "hello 你好 \#(index)", "language": "\#(language)", "#
                + #""width": \#(60 + index % 3 * 70)}"#
        }
        let few = try StreamFixtures.run(jobs, ["--size", "17", "--measurers", "2", "--threads", "2"], in: workspace)
        let many = try StreamFixtures.run(jobs, ["--size", "17", "--measurers", "16", "--threads", "2"], in: workspace)
        #expect(few.status == 0 && many.status == 0, "\(few.error)")
        #expect(few.lines.count == 120)
        #expect(few.lines == many.lines)
        for (index, line) in few.lines.enumerated() where index % 29 != 7 {
            #expect(line.hasPrefix("{\"id\": \(index), "), "line \(index): \(line)")
        }
    }
}
