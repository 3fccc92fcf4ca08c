import TestSupport
import Testing

@testable import Catalogs

/// `XCStringsParser` and `JSONReader` on the real Ice Cubes String Catalog (shared/catalogs/IceCubesApp, 2.1 MB,
/// 19 languages).
///
/// Where the numbers come from (none of them was printed by the code under test):
/// - [SOURCES] shared/catalogs/SOURCES.md §2 (counted by whoever copied the file);
/// - [PY] scripts/xcstrings-count.py, run by hand with Python's own `json` module
///   (`python3 scripts/xcstrings-count.py ../shared/catalogs/IceCubesApp/Localizable.xcstrings`), which applies the
///   parser's rules independently; its totals were also cross-checked with a one-line product-of-form-counts sum;
/// - [FILE] read off the file with `grep -n` / `sed -n` (lines) and counted by hand (columns).
@Suite(.enabled(if: SharedCatalogs.isAvailable, SharedCatalogs.missingReason))
struct XCStringsIceCubesTests {
    static let path = "IceCubesApp/Localizable.xcstrings"

    /// The file read as JSON and as a catalog, once for all tests (immutable, so parallel tests can share it).
    struct Loaded: Sendable {
        let root: JSONObject
        let document: CatalogDocument
    }

    static let loaded: Result<Loaded, any Error> = Result {
        let bytes = try SharedCatalogs.bytes(path)
        let root = try JSONReader.parse(bytes, file: path)
        guard case .object(let object) = root.value else {
            throw CatalogError(file: path, position: root.position, message: "the top level is not an object")
        }
        return Loaded(root: object, document: try XCStringsParser.parse(bytes, file: path, locale: ""))
    }

    private var loaded: Loaded {
        get throws { try Self.loaded.get() }
    }

    private func entries(_ key: String, _ locale: String) throws -> [CatalogEntry] {
        try loaded.document.entries.filter { $0.key == key && $0.locale == locale }
    }

    @Test("the JSON tree has the shape SOURCES.md counts: keys, languages, string units, states, structure")
    func catalogShape() throws {
        let root = try loaded.root
        #expect(root["sourceLanguage"]?.value == .string("en"))  // [SOURCES]
        #expect(root["version"]?.value == .string("1.0"))  // [SOURCES]
        let keys = try #require(root["strings"]?.value.objectValue).members
        #expect(keys.count == 733)  // [SOURCES]

        var localizedKeys: [String: Int] = [:]
        var units = Counts()
        var variations = 0, plural = 0, device = 0, withSubstitutions = 0, substitutions = 0, withArgNum = 0
        var comments = 0, extraction: [String: Int] = [:]
        for key in keys {
            let body = try #require(key.value.value.objectValue)
            if body["comment"] != nil { comments += 1 }
            extraction[body["extractionState"]?.value.stringValue ?? "absent", default: 0] += 1
            for localization in try #require(body["localizations"]?.value.objectValue).members {
                localizedKeys[localization.key, default: 0] += 1
                let content = try #require(localization.value.value.objectValue)
                if let kinds = content["variations"]?.value.objectValue {
                    variations += 1
                    if kinds["plural"] != nil { plural += 1 }
                    if kinds["device"] != nil { device += 1 }
                }
                if let defined = content["substitutions"]?.value.objectValue {
                    withSubstitutions += 1
                    substitutions += defined.members.count
                    withArgNum += defined.members.filter { $0.value.value.objectValue?["argNum"] != nil }.count
                }
            }
            units.add(key.value)
        }
        // [SOURCES] "Languages (19) with localized-key counts".
        #expect(
            localizedKeys == [
                "es": 732, "it": 732, "de": 715, "ko": 711, "pt-BR": 708, "tr": 689, "zh-Hans": 689, "fr": 688,
                "zh-Hant": 687, "eu": 683, "nl": 673, "en": 642, "en-GB": 642, "be": 627, "ja": 627, "pl": 627,
                "uk": 627, "ca": 626, "nb": 626,
            ])
        #expect(units.total == 13_330)  // [SOURCES] "13,330 stringUnits in all"
        #expect(units.states == ["translated": 13_052, "needs_review": 278])  // [SOURCES]
        #expect([variations, plural, device] == [232, 213, 19])  // [SOURCES] "232 localizations with variations"
        #expect([withSubstitutions, substitutions, withArgNum] == [91, 148, 106])  // [SOURCES]
        #expect(comments == 23)  // [SOURCES]
        #expect(extraction == ["manual": 433, "stale": 5, "absent": 295])  // [SOURCES]
    }

    /// Counts `stringUnit` members anywhere under a node, by state.
    private struct Counts {
        var total = 0
        var states: [String: Int] = [:]

        mutating func add(_ node: JSONNode) {
            switch node.value {
            case .object(let object):
                for member in object.members {
                    if member.key == "stringUnit" {
                        total += 1
                        states[member.value.value.objectValue?["state"]?.value.stringValue ?? "none", default: 0] += 1
                    }
                    add(member.value)
                }
            case .array(let elements):
                for element in elements { add(element) }
            default:
                break
            }
        }
    }

    @Test("13,369 entries after expansion, per locale, by state; nothing skipped")
    func entryTotals() throws {
        let document = try loaded.document
        #expect(document.sourceLocale == "en")
        #expect(document.format == .xcstrings)
        #expect(document.entries.count == 13_369)  // [PY] "entries 13369"
        #expect(document.skipped.isEmpty)  // [PY] every unit has a value and every reference a substitution
        var perLocale: [String: Int] = [:]
        var states: [String: Int] = [:]
        for entry in document.entries {
            perLocale[entry.locale, default: 0] += 1
            states[entry.state ?? "none", default: 0] += 1
        }
        // [PY] "per locale"; en includes the 91 key-as-source entries.
        #expect(
            perLocale == [
                "be": 687, "ca": 650, "de": 744, "en": 758, "en-GB": 666, "es": 757, "eu": 711, "fr": 716, "it": 757,
                "ja": 642, "ko": 723, "nb": 650, "nl": 701, "pl": 668, "pt-BR": 733, "tr": 713, "uk": 687,
                "zh-Hans": 704, "zh-Hant": 702,
            ])
        // [PY] "states of entries": an expansion takes its least finished part's state; key entries have none.
        #expect(states == ["translated": 12_990, "needs_review": 288, "none": 91])
        // [PY] "variants with a slash 270": the substitution combinations of two references.
        #expect(document.entries.filter { $0.variant.contains("/") }.count == 270)
    }

    @Test("the 91 keys without en get an en entry whose text is the key (quirk 14)")
    func keysWithoutEnglish() throws {
        let fromKeys = try loaded.document.entries.filter { $0.locale == "en" && $0.state == nil }
        #expect(fromKeys.count == 91)  // [SOURCES] "91 keys have no en localization"
        #expect(fromKeys.allSatisfy { $0.text == $0.key && $0.variant.isEmpty && $0.position.column == 5 })
        #expect(fromKeys.contains { $0.key == "%@ was posted on Mastodon" })  // [SOURCES]
        #expect(try entries("%@ was posted on Mastodon", "en").count == 1)
    }

    @Test("keys keep Xcode's order, which is not code-point order (quirk 21)")
    func keyOrder() throws {
        var keys: [String] = []
        for entry in try loaded.document.entries where keys.last != entry.key { keys.append(entry.key) }
        #expect(keys.count == 733)
        #expect(Array(keys.prefix(3)) == ["", "  ⸱  ", "#%@"])  // [FILE] lines 4, 86 and the next key
        let credits = try #require(keys.firstIndex { $0.hasPrefix("• [EmojiText]") })
        let accessibility = try #require(keys.firstIndex(of: "accessibility.app-account.selector.accounts"))
        let account = try #require(keys.firstIndex(of: "Account"))
        let unread = try #require(keys.firstIndex(of: "accessibility.tabs.timeline.unread-posts.label-%lld"))
        #expect(credits < accessibility)  // [SOURCES] quirk 21
        #expect(account == unread + 1)  // [PY] "Account" directly follows it
    }

    @Test("ja and en 'design.tag.n-posts-from-n-participants %lld %lld': argNum 1/2, %arg expanded (quirk 19)")
    func postsFromParticipants() throws {
        let key = "design.tag.n-posts-from-n-participants %lld %lld"
        // [FILE] ja value "%#@count_posts@ %#@count_participants@" at 23663:23, one `other` form each:
        // "%arg トゥートの投稿 " (argNum 1) and "%arg 人が投稿している" (argNum 2).
        #expect(
            try entries(key, "ja") == [
                CatalogEntry(
                    file: Self.path, locale: "ja", key: key, variant: "count_posts.other/count_participants.other",
                    text: "%1$lld トゥートの投稿  %2$lld 人が投稿している",
                    position: SourcePosition(line: 23663, column: 23), state: "translated")
            ])
        // [FILE] en value at 23375:23, one/other forms that are all "%arg".
        let english = try entries(key, "en")
        #expect(
            english.map(\.variant) == [
                "count_posts.one/count_participants.one", "count_posts.one/count_participants.other",
                "count_posts.other/count_participants.one", "count_posts.other/count_participants.other",
            ])
        #expect(english.allSatisfy { $0.text == "%1$lld posts from %2$lld participants" })
        #expect(english.allSatisfy { $0.position == SourcePosition(line: 23375, column: 23) })
    }

    @Test("a substitution without argNum whose forms use another argument (quirk 19)")
    func followers() throws {
        // [FILE] 16582: "%#@followers@"; forms "%2$@ follower" / "%2$@ followers" (no %arg, no argNum).
        #expect(
            try entries("account.label.followers %lld %@", "en").map { [$0.variant, $0.text] } == [
                ["followers.one", "%2$@ follower"], ["followers.other", "%2$@ followers"],
            ])
    }

    @Test("the empty key and the \"  ⸱  \" key (quirk 13)")
    func emptyAndSymbolKeys() throws {
        let entries = try loaded.document.entries
        // [FILE] line 4 `    "" : {`, 13 localizations with "" values, no en.
        let empty = entries.filter { $0.key.isEmpty }
        #expect(empty.count == 14)
        #expect(empty.allSatisfy { $0.text.isEmpty })
        #expect(
            empty.first
                == CatalogEntry(
                    file: Self.path, locale: "en", key: "", text: "",
                    position: SourcePosition(line: 4, column: 5)))
        // [FILE] line 86 `    "  ⸱  " : {`, 18 localizations, no en.
        let dot = entries.filter { $0.key == "  ⸱  " }
        #expect(dot.count == 19)
        #expect(dot.allSatisfy { $0.text == "  ⸱  " })
        #expect(
            dot.first
                == CatalogEntry(
                    file: Self.path, locale: "en", key: "  ⸱  ", text: "  ⸱  ",
                    position: SourcePosition(line: 86, column: 5)))
    }

    @Test("needs_review, non-CLDR ja plurals and device variations (quirks 15, 17, 18)")
    func statesPluralsAndDevices() throws {
        // [FILE] 11767–11768: ja account.blocked, needs_review, untranslated English.
        #expect(
            try entries("account.blocked", "ja").map { [$0.text, $0.state] }
                == [["Blocked accounts", "needs_review"]])
        #expect(try entries("account.blocked", "ja").first?.position == SourcePosition(line: 11768, column: 23))
        // [FILE] 8843/8849: ja has `one` although CLDR Japanese has only `other`.
        #expect(
            try entries("accessibility.tabs.timeline.unread-posts.label-%lld", "ja").map {
                [$0.variant, $0.text, $0.state, "\($0.position)"]
            } == [
                ["plural.one", "%lld 件の新しい投稿", "needs_review", "8843:29"],
                ["plural.other", "%lld 件の新しい投稿", "translated", "8849:29"],
            ])
        // [FILE] 50761–50779: en device variations in file order.
        let platform = try entries("settings.display.section.platform", "en")
        #expect(
            platform.map { [$0.variant, $0.text, "\($0.position)"] } == [
                ["device.applevision", "Apple Vision", "50761:29"], ["device.ipad", "iPad", "50767:29"],
                ["device.iphone", "iPhone", "50773:29"], ["device.mac", "Mac", "50779:29"],
            ])
    }

    @Test("no entry keeps a %#@…@ reference or %arg: all were expanded")
    func referencesResolved() throws {
        #expect(try loaded.document.entries.allSatisfy { !$0.text.contains("#@") && !$0.text.contains("%arg") })
    }
}
