import Foundation
import Testing

@testable import MeasureCLI

/// `measure stream` keeps input order with many jobs on several threads, whatever the mix of settings (several
/// sizes, widths and fonts, so jobs go to different measurers and sessions, with fewer kept ready than there are).
@Suite struct StreamOrderTests {
    @Test func manyJobsOnSeveralThreadsComeBackInOrder() throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        let fonts = [#""DejaVu Sans""#, #""/usr/share/fonts/truetype/dejavu/DejaVuSerif.ttf""#]
        let jobs = (0..<3000).map { index -> String in
            if index % 97 == 13 { return #"{"id": \#(index), "text": 1}"# }
            return #"{"id": \#(index), "text": "line \#(index) \#(String(repeating: "word ", count: index % 13))", "#
                + #""size": \#(10 + index % 5), "width": \#(index % 7 * 40), "fonts": [\#(fonts[index % 2])]}"#
        }
        let arguments = ["--font", StreamFixtures.dejaVu, "--size", "14", "--measurers", "4"]
        let single = try StreamFixtures.run(jobs, arguments + ["--threads", "1"], in: workspace)
        let several = try StreamFixtures.run(jobs, arguments + ["--threads", "4"], in: workspace)
        #expect(single.status == 0 && several.status == 0, "\(several.error)")
        #expect(several.lines.count == 3000)
        #expect(several.lines == single.lines)
        for (index, line) in several.lines.enumerated() {
            guard line.hasPrefix("{\"id\": \(index), ") else {
                Issue.record("line \(index) is \(line)")
                break
            }
        }
        #expect(several.lines[13].contains("\"error\""))
    }
}
