import Foundation
import TestSupport
import Testing

@testable import MeasureCLI

/// `--write-baseline` and `--baseline` end to end on a real Android catalog: AntennaPod's English and German
/// `strings.xml` (../shared/catalogs), copied into a temporary folder so a translation can be changed.
@Suite(.enabled(if: SharedCatalogs.isAvailable, SharedCatalogs.missingReason))
struct CatalogBaselineCommandTests {
    static let key = "edit_url_confirmation_msg"

    /// `res/values` and `res/values-de` of AntennaPod in the workspace; returns the res folder.
    func copyCatalog(_ workspace: Workspace) throws -> String {
        for folder in ["values", "values-de"] {
            let target = workspace.directory.appendingPathComponent("res/\(folder)")
            try FileManager.default.createDirectory(at: target, withIntermediateDirectories: true)
            try FileManager.default.copyItem(
                atPath: SharedCatalogs.path("AntennaPod/\(folder)/strings.xml"),
                toPath: target.appendingPathComponent("strings.xml").path)
        }
        return workspace.path("res")
    }

    /// Replaces the German text of `key` in the copy.
    func setGerman(_ workspace: Workspace, _ text: String, prefix: String = "") throws {
        let path = workspace.path("res/values-de/strings.xml")
        var xml = try String(contentsOfFile: path, encoding: .utf8)
        let open = "<string name=\"\(Self.key)\">"
        let start = try #require(xml.range(of: open))
        let end = try #require(xml.range(of: "</string>", range: start.upperBound..<xml.endIndex))
        xml.replaceSubrange(start.upperBound..<end.lowerBound, with: text)
        xml = xml.replacingOccurrences(of: "<resources", with: prefix + "<resources")
        try xml.write(toFile: path, atomically: true, encoding: .utf8)
    }

    @Test func writeChangeFixRoundTrip() throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        let res = try copyCatalog(workspace)
        let baseline = workspace.path("baseline.json")
        let common = ["catalog", res, "--width", "280", "--repo-root", workspace.directory.path, "--no-progress"]

        // Writing a baseline reports and exits as without it: 1, something overflows.
        let written = Workspace.run(common + ["--write-baseline", baseline])
        #expect(written.status == 1)
        let text = try String(contentsOfFile: baseline, encoding: .utf8)
        #expect(text.hasPrefix("{\n  \"version\": 1,\n"))
        #expect(
            text.contains(
                "{\"file\": \"res/values-de/strings.xml\", \"table\": null, \"locale\": \"de\", \"key\": \"\(Self.key)\""
            ))
        let records = text.split(separator: "\n").filter { $0.hasPrefix("    {\"file\"") }.count
        #expect(written.output.contains("baseline: wrote \(records) overflows to \(baseline)"))
        #expect(records > 100)

        // Nothing changed: every overflow is accepted.
        let same = Workspace.run(common + ["--baseline", baseline])
        #expect(same.status == 0, "\(same.output)")
        #expect(same.output.contains("baseline: 0 new overflows not in \(baseline), \(records) accepted by it.\n"))

        // Lines moved (five lines added at the top): still nothing new.
        try setGerman(workspace, try germanText(workspace), prefix: "\n\n\n\n\n")
        #expect(Workspace.run(common + ["--baseline", baseline]).status == 0)

        // A changed translation that still overflows is new again, and only it; its old record can go.
        try setGerman(
            workspace,
            "Wenn Sie die RSS-Adresse ändern, können Sie den Abspielstatus und die "
                + "Episodenauflistung des Podcasts ganz leicht durcheinanderbringen. Wir empfehlen dies NICHT.")
        let changed = Workspace.run(common + ["--baseline", baseline])
        #expect(changed.status == 1)
        #expect(
            changed.output.contains("baseline: 1 new overflow not in \(baseline), \(records - 1) accepted by it:\n"))
        #expect(changed.output.contains("baseline:   new: \(Self.key) (1: de)\n"))
        #expect(changed.output.contains("baseline: 1 record no longer overflow"))
        #expect(changed.output.contains("baseline:   fixed: res/values-de/strings.xml: de \(Self.key) @L\n"))

        // Fixed: it fits, the run passes, and the baseline says its record can be removed.
        try setGerman(workspace, "Adresse ändern?")
        let fixed = Workspace.run(common + ["--baseline", baseline])
        #expect(fixed.status == 0)
        #expect(fixed.output.contains("baseline: 0 new overflows"))
        #expect(fixed.output.contains("baseline:   fixed: res/values-de/strings.xml: de \(Self.key) @L\n"))

        // The JSON report carries the comparison.
        let json = Workspace.run(common + ["--baseline", baseline, "--format", "json"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [String: Any])
        let comparison = try #require(object["baseline"] as? [String: Any])
        #expect(comparison["new"] as? Int == 0)
        #expect((comparison["fixed"] as? [[String: Any]])?.map { $0["key"] as? String } == [Self.key])
    }

    func germanText(_ workspace: Workspace) throws -> String {
        let xml = try String(contentsOfFile: workspace.path("res/values-de/strings.xml"), encoding: .utf8)
        let open = "<string name=\"\(Self.key)\">"
        let start = try #require(xml.range(of: open))
        let end = try #require(xml.range(of: "</string>", range: start.upperBound..<xml.endIndex))
        return String(xml[start.upperBound..<end.lowerBound])
    }

    @Test func aBadBaselineIsAnEnvironmentErrorWithItsPlace() throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        let res = try copyCatalog(workspace)
        let bad = try workspace.write("bad.json", "{\n  \"version\": 1,\n  \"overflows\": [42]\n}\n")
        let result = Workspace.run(["catalog", res, "--width", "280", "--baseline", bad])
        #expect(result.status == 2)
        #expect(result.error == "measure catalog: \(bad):3:17: baseline: an overflow must be an object\n")
        let missing = Workspace.run(["catalog", res, "--width", "280", "--baseline", workspace.path("none.json")])
        #expect(missing.status == 2)
        #expect(missing.error.hasPrefix("measure catalog: "))
    }
}
