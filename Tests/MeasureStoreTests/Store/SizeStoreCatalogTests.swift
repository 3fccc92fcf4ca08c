import Testing

@testable import Cache
@testable import MeasureStore

/// Catalog entries (schema version 2): recorded per key, locale, file, variant and content size; looked up by key;
/// replaced when an entry changes; carried over by merge.
@Suite struct SizeStoreCatalogTests {
    func record(
        _ key: String, locale: String, variant: String = "", text: String, settings: SettingsID,
        allowed: Int? = 1
    ) -> CatalogEntryRecord {
        CatalogEntryRecord(
            key: key, locale: locale, file: "App/\(locale).lproj/Localizable.strings",
            variant: variant, contentSize: "L", settings: settings, text: text, allowedLines: allowed)
    }

    @Test func entriesAreFoundByKeyAndLocaleWithTheirSizes() throws {
        try StoreFixtures.withStore { store, _ in
            let settings = try store.register(StoreFixtures.key(), fonts: [StoreFixtures.font("A")])
            try store.put(
                ["Buy", "Kaufen", "Jetzt kaufen"],
                sizes: [
                    StoredSize(width: 30, height: 20, lineCount: 1),
                    StoredSize(width: 50, height: 20, lineCount: 1),
                    StoredSize(width: 90, height: 40, lineCount: 2),
                ],
                in: settings)
            try store.recordCatalogEntries(
                [
                    record("buy", locale: "en", text: "Buy", settings: settings),
                    record("buy", locale: "de", text: "Kaufen", settings: settings),
                    record("other", locale: "de", text: "Jetzt kaufen", settings: settings, allowed: nil),
                ], at: 1000)
            let all = try store.catalogEntries(key: "buy")
            #expect(all.map(\.record.locale) == ["de", "en"])
            #expect(
                all.map(\.size) == [
                    StoredSize(width: 50, height: 20, lineCount: 1),
                    StoredSize(width: 30, height: 20, lineCount: 1),
                ])
            #expect(all[0].pointSize == 17 && all[0].maxWidth == 200 && all[0].recordedAt == 1000)
            #expect(all[0].record.text == "Kaufen")
            #expect(try store.catalogEntries(key: "buy", locale: "en").map(\.record.text) == ["Buy"])
            #expect(try store.catalogEntries(key: "other").map(\.record.allowedLines) == [nil])
            #expect(try store.catalogEntries(key: "missing").isEmpty)
            #expect(try store.statistics().catalogEntries == 3)

            // A changed translation replaces the entry's record.
            try store.put(["Jetzt kaufen"], sizes: [StoredSize(width: 90, height: 40, lineCount: 2)], in: settings)
            try store.recordCatalogEntries([record("buy", locale: "de", text: "Jetzt kaufen", settings: settings)])
            #expect(try store.catalogEntries(key: "buy", locale: "de").map(\.size?.lineCount) == [2])
            #expect(try store.statistics().catalogEntries == 3)
        }
    }

    @Test func mergeCarriesCatalogEntriesAndKeepsTheNewerRecord() throws {
        try StoreFixtures.withStore { destination, _ in
            try StoreFixtures.withStore { source, _ in
                let key = StoreFixtures.key()
                let here = try destination.register(key, fonts: [StoreFixtures.font("A")])
                // Register another settings row first in the source so that the ids differ between the files.
                _ = try source.register(StoreFixtures.key(pointSize: 9), fonts: [StoreFixtures.font("A")])
                let there = try source.register(key, fonts: [StoreFixtures.font("A")])
                #expect(here != there)
                try source.put(
                    ["Kaufen", "Kauf"], sizes: [StoreFixtures.size("Kaufen"), StoreFixtures.size("Kauf")],
                    in: there)
                try destination.put(["Kauf"], sizes: [StoreFixtures.size("Kauf")], in: here)
                try source.recordCatalogEntries(
                    [
                        record("buy", locale: "de", text: "Kaufen", settings: there),
                        record("sell", locale: "de", text: "Kauf", settings: there),
                    ], at: 2000)
                try destination.recordCatalogEntries(
                    [record("buy", locale: "de", text: "Kauf", settings: here)],
                    at: 1000)
                try destination.recordCatalogEntries(
                    [record("sell", locale: "de", text: "Kauf", settings: here)],
                    at: 3000)
                let report = try destination.merge(from: source)
                #expect(report.catalogEntries == 2)
                #expect(report.catalogEntriesWritten == 1)  // `sell` here is newer than the source's
                // `buy` was newer in the source; `sell` newer here.
                #expect(try destination.catalogEntries(key: "buy").map(\.record.text) == ["Kaufen"])
                #expect(try destination.catalogEntries(key: "buy").map(\.record.settings) == [here])
                #expect(try destination.catalogEntries(key: "sell").map(\.recordedAt) == [3000])
                // Merging again changes nothing.
                _ = try destination.merge(from: source)
                #expect(try destination.statistics().catalogEntries == 2)
            }
        }
    }
}
