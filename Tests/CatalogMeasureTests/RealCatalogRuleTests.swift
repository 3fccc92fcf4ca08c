import Foundation
import TestSupport
import Testing

@testable import CatalogMeasure
@testable import Catalogs

/// Rules and samples on a real catalog: Element X's English `Localizable.strings` (../shared/catalogs, 1,716 keys,
/// one `"key" = "value";` a line). `"settings_version_number" = "Version: %1$@ (%2$@)";` overflows one line at 280
/// pt with the default name samples and fits with a version and a build number, by hb-shape's widths in DejaVu Sans
/// 17 pt: 72963 units (605.65 pt) against 26756 units (222.10 pt).
@Suite(.enabled(if: SharedCatalogs.isAvailable, SharedCatalogs.missingReason))
struct RealCatalogRuleTests {
    static let file = "element-x-ios/en.lproj/Localizable.strings"

    func run(_ configText: String) throws -> CatalogReport {
        let config = try CatalogConfigParser.parse(Array(configText.utf8), file: "config.json")
        return try CatalogRun.run(
            CatalogRunOptions(
                paths: [SharedCatalogs.path(Self.file)], config: config,
                threads: 2)
        ).report
    }

    /// Everything but the version key is skipped by an `exclude`d catch-all rule.
    static func config(samples: String) -> String {
        """
        {"width": 280, "fonts": {"default": ["/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"]},
         "samples": {\(samples)},
         "rules": [{"keys": "*", "exclude": ["settings_version_number"], "skip": true},
                   {"keys": "settings_*", "level": "error"}]}
        """
    }

    @Test func perKeySamplesChangeTheVerdict() throws {
        let lines = try String(contentsOfFile: SharedCatalogs.path(Self.file), encoding: .utf8)
            .split(separator: "\n").filter { $0.hasPrefix("\"") }.count
        let defaults = try run(Self.config(samples: ""))
        #expect(defaults.entries.count == 1)
        let version = try #require(defaults.entries.first)
        #expect(version.measuredText == "Version: Alexandra Featherstonehaugh (Alexandra Featherstonehaugh)")
        #expect(abs(version.naturalWidth - 72963.0 * 17 / 2048) < 1e-6)
        #expect(version.overflows)
        #expect(version.level == "error")
        // The skip rule matched every other key; the level rule only the version key (the others were skipped first).
        #expect(defaults.skippedByRules == lines - 1)
        #expect(defaults.ruleMatches.map(\.matches)[0] == lines - 1)
        #expect(defaults.ruleMatches[0].skip)

        let samples = try run(Self.config(samples: #""settings_version*": ["2.4.1", "20260724"]"#))
        let fixed = try #require(samples.entries.first)
        #expect(fixed.measuredText == "Version: 2.4.1 (20260724)")
        #expect(abs(fixed.width - 26756.0 * 17 / 2048) < 1e-6)
        #expect(!fixed.overflows)
        // The JSON report has each rule's match count.
        let json = CatalogJSONReport.render(samples)
        #expect(json.contains("{\"number\": 1, \"keys\": \"*\", \"skip\": true, \"matches\": \(lines - 1)}"))
        #expect(json.contains("\"text\": \"Version: 2.4.1 (20260724)\""))
    }

    @Test func aPerRulePlaceholderSampleChangesTheVerdictToo() throws {
        let report = try run(
            """
            {"width": 280, "fonts": {"default": ["/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"]},
             "rules": [{"keys": "*", "exclude": ["settings_version_number"], "skip": true},
                       {"keys": "settings_version_number", "placeholders": {"object": "9"}}]}
            """)
        #expect(report.entries.first?.measuredText == "Version: 9 (9)")
        #expect(report.entries.first?.overflows == false)
        #expect(report.ruleMatches.map(\.matches)[1] == 1)
    }
}
