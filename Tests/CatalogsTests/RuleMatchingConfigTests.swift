import Testing

@testable import Catalogs

/// The config's rule matching (variants, states, exclude, skip), samples per rule, per key and per locale, the
/// platform and the SARIF level: parsed from JSON text and applied to hand-made entries.
@Suite("Config: rule matching and samples")
struct RuleMatchingConfigTests {
    static let config = """
        {
          "platform": "android",
          "placeholders": {"integer": {"default": "88888", "ar": "٨٨٨٨٨"}},
          "samples": {"update.*": ["2.4.1"], "files.progress": ["12", {"default": "40", "ja": "４０"}]},
          "rules": [
            {"keys": "*", "variants": ["device.ipad*", "device.mac"], "skip": true},
            {"keys": "*", "states": ["stale"], "skip": true},
            {"keys": "button.*", "exclude": ["button.legacy*"], "width": 120, "level": "error"},
            {"keys": "greeting", "placeholders": {"object": "Zoë"}, "samples": [null, "Bo"]}
          ]
        }
        """

    func entry(_ key: String, variant: String = "", locale: String = "en", state: String? = nil) -> CatalogEntry {
        CatalogEntry(
            file: "a.xcstrings", locale: locale, key: key, variant: variant, text: "x",
            position: SourcePosition(line: 1, column: 1), state: state)
    }

    func parsed() throws -> CatalogConfig {
        try CatalogConfigParser.parse(Array(Self.config.utf8), file: "config.json")
    }

    @Test func platformAndRuleFieldsAreRead() throws {
        let config = try parsed()
        #expect(config.platform == .android)
        #expect(config.rules.count == 4)
        #expect(config.rules[0].skip)
        #expect(config.rules[2].level == "error")
        #expect(config.rules[2].settings.width == 120)
    }

    @Test func variantsStatesAndExcludeNarrowARule() throws {
        let config = try parsed()
        #expect(config.matchingRules(for: entry("title", variant: "device.ipad/plural.one")) == [0])
        #expect(config.matchingRules(for: entry("title", variant: "device.mac")) == [0])
        #expect(config.matchingRules(for: entry("title", variant: "device.iphone")) == [])
        #expect(config.matchingRules(for: entry("title", state: "stale")) == [1])
        #expect(config.matchingRules(for: entry("title", state: "translated")) == [])
        #expect(config.matchingRules(for: entry("title")) == [])
        #expect(config.matchingRules(for: entry("button.ok")) == [2])
        #expect(config.matchingRules(for: entry("button.legacy.ok")) == [])
    }

    @Test func samplesPerKeyPerRuleAndPerLocale() throws {
        let config = try parsed()
        let update = config.placeholderSamples(for: entry("update.available"))
        #expect(update.byPosition == [1: "2.4.1"])
        #expect(config.placeholderSamples(for: entry("files.progress")).byPosition == [1: "12", 2: "40"])
        #expect(config.placeholderSamples(for: entry("files.progress", locale: "ja")).byPosition == [1: "12", 2: "４０"])
        #expect(config.placeholderSamples(for: entry("files.count", locale: "ar-EG")).integer == "٨٨٨٨٨")
        #expect(config.placeholderSamples(for: entry("files.count", locale: "de")).integer == "88888")
        let greeting = config.placeholderSamples(for: entry("greeting"))
        #expect(greeting.object == "Zoë")
        #expect(greeting.byPosition == [2: "Bo"])
        // Keys no rule or sample names keep the defaults.
        #expect(config.placeholderSamples(for: entry("other")) == PlaceholderSamples())
    }

    @Test func badValuesAreReportedWithTheirPosition() {
        func error(_ text: String) -> String {
            do {
                _ = try CatalogConfigParser.parse(Array(text.utf8), file: "c.json")
                return "no error"
            } catch {
                return error.description
            }
        }
        #expect(
            error(#"{"rules": [{"keys": "*", "level": "fatal"}]}"#)
                == #"c.json:1:35: "level" must be error, warning or note, not "fatal""#)
        #expect(error(#"{"platform": "windows"}"#) == #"c.json:1:14: unknown platform "windows" (ios, android)"#)
        #expect(error(#"{"rules": [{"keys": "*", "skip": "yes"}]}"#) == #"c.json:1:34: "skip" must be true or false"#)
        #expect(error(#"{"samples": {"a.*": "2.4.1"}}"#).hasPrefix("c.json:1:21: \"samples\" values must be arrays"))
        #expect(error(#"{"placeholders": {"object": {}}}"#).hasPrefix("c.json:1:29: a sample in"))
    }
}
