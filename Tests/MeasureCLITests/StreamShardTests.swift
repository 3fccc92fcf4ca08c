import Foundation
import Testing

@testable import MeasureCLI

/// `measure stream --shard I/N`: N streams over the same input answer every line exactly once between them — jobs by
/// their id, lines without an id (and lines that are not JSON) by their bytes — and each answer is the one the
/// unsharded stream gives.
@Suite struct StreamShardTests {
    @Test func shardsTogetherAnswerEveryLineOnce() throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        var jobs = (0..<400).map { index -> String in
            #"{"id": "job-\#(index)", "text": "OK \#(index % 9)", "size": \#(12 + index % 3), "width": 120}"#
        }
        // Repeated texts with distinct ids, jobs without ids, an error with an id, and lines that are not JSON.
        jobs += (0..<20).map { #"{"id": \#(1000 + $0), "text": "OK"}"# }
        jobs += (0..<10).map { #"{"text": "no id \#($0)", "width": 50}"# }
        jobs += [#"{"id": "bad", "text": 7}"#, "not json", "[1, 2]"]
        let arguments = ["--font", StreamFixtures.dejaVu, "--size", "14", "--width", "0"]
        let whole = try StreamFixtures.run(jobs, arguments, in: workspace)
        #expect(whole.status == 0)
        #expect(whole.lines.count == jobs.count)
        for count in [1, 3] {
            var answered: [String] = []
            for index in 0..<count {
                let shard = try StreamFixtures.run(jobs, arguments + ["--shard", "\(index)/\(count)"], in: workspace)
                #expect(shard.status == 0, "\(shard.error)")
                if count > 1 { #expect(shard.lines.count < jobs.count) }
                answered += shard.lines
            }
            // Every answer once, and the same answers: the shards' lines are a partition of the whole output.
            #expect(answered.count == whole.lines.count)
            #expect(answered.sorted() == whole.lines.sorted())
        }
        let refused = try StreamFixtures.run(jobs, arguments + ["--shard", "3/3"], in: workspace)
        #expect(refused.status == 64)
    }
}
