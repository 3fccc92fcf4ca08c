import Testing

@testable import Cache
@testable import MeasureStore

/// Merging stores: settings matched by digest, the documented conflict rule, idempotence and order independence.
@Suite struct SizeStoreMergeTests {
    /// Two stores with overlapping results: shared identical rows, rows only in one, and conflicts won either way.
    func makeSources(_ body: (SizeStore, SizeStore, SettingsKey) throws -> Void) throws {
        try StoreFixtures.withStore { a, _ in
            try StoreFixtures.withStore { b, _ in
                let key = StoreFixtures.key()
                let fonts = [StoreFixtures.font("A")]
                // Registered in different orders, so the settings ids differ between the files.
                _ = try b.register(StoreFixtures.key(pointSize: 30), fonts: fonts)
                let inA = try a.register(key, fonts: fonts, labels: SettingsLabels(deviceClass: "iphone"))
                let inB = try b.register(key, fonts: fonts, labels: SettingsLabels(deviceClass: "ipad"))
                let shared = StoreFixtures.texts(10, prefix: "shared")
                try a.put(shared, sizes: shared.map { StoreFixtures.size($0) }, in: inA, measuredAt: 100)
                try b.put(shared, sizes: shared.map { StoreFixtures.size($0) }, in: inB, measuredAt: 200)
                try a.put(["only a"], sizes: [StoreFixtures.size("only a")], in: inA, measuredAt: 100)
                try b.put(
                    ["only b1", "only b2"], sizes: ["only b1", "only b2"].map { StoreFixtures.size($0) },
                    in: inB, measuredAt: 100)
                // Conflicts: b is newer for "c1"; a is newer for "c2"; equal times for "c3" (larger width wins).
                let small = StoredSize(width: 10, height: 20, lineCount: 1)
                let large = StoredSize(width: 11, height: 20, lineCount: 1)
                try a.put(["c1"], sizes: [small], in: inA, measuredAt: 100)
                try b.put(["c1"], sizes: [large], in: inB, measuredAt: 300)
                try a.put(["c2"], sizes: [small], in: inA, measuredAt: 300)
                try b.put(["c2"], sizes: [large], in: inB, measuredAt: 100)
                try a.put(["c3"], sizes: [large], in: inA, measuredAt: 100)
                try b.put(["c3"], sizes: [small], in: inB, measuredAt: 100)
                try body(a, b, key)
            }
        }
    }

    /// Every result of a store as (settings digest, text, size, time), independent of ids.
    func contents(_ store: SizeStore) throws -> Set<String> {
        let digests = Dictionary(uniqueKeysWithValues: try store.allSettings().map { ($0.id, $0.digest) })
        var rows: Set<String> = []
        var cursor: ResultCursor?
        while true {
            let page = try store.results(after: cursor, limit: 1000)
            guard let last = page.last else { return rows }
            for row in page {
                rows.insert("\(digests[row.settings]!)|\(row.text)|\(row.size)|\(row.measuredAt)")
            }
            cursor = ResultCursor(after: last)
        }
    }

    @Test func mergingKeepsThisMachinesFontPaths() throws {
        try StoreFixtures.withStore { local, _ in
            try StoreFixtures.withStore { remote, _ in
                let here = StoreFixtures.font("A", path: "/usr/share/fonts/A.ttf")
                let there = StoreFixtures.font("A", path: "/Users/someone/Fonts/A.ttf")
                let key = StoreFixtures.key(fonts: [here])
                _ = try local.register(key, fonts: [here])
                let remoteID = try remote.register(key, fonts: [there])
                try remote.put(["x"], sizes: [StoreFixtures.size("x")], in: remoteID)
                _ = try local.merge(from: remote)
                #expect(try local.allSettings().flatMap(\.fonts).map(\.path) == ["/usr/share/fonts/A.ttf"])
                // A font this store has never seen comes with the source's path, the only one known.
                let other = StoreFixtures.font("B", path: "/elsewhere/B.ttf")
                let otherID = try remote.register(StoreFixtures.key(fonts: [other]), fonts: [other])
                try remote.put(["y"], sizes: [StoreFixtures.size("y")], in: otherID)
                _ = try local.merge(from: remote)
                #expect(
                    Set(try local.allSettings().flatMap(\.fonts).map(\.path))
                        == ["/usr/share/fonts/A.ttf", "/elsewhere/B.ttf"])
            }
        }
    }

    @Test func mergeAppliesTheConflictRuleAndReports() throws {
        try makeSources { a, b, key in
            let report = try a.merge(from: b)
            #expect(report.settings == 2)
            #expect(report.results == 15)
            #expect(report.added == 2)
            #expect(report.identical == 10)
            #expect(report.conflicts == 3)
            #expect(report.conflictsReplaced == 1)
            let settings = try #require(try a.settingsID(for: key.digest))
            #expect(try a.get("c1", in: settings)?.width == 11)  // b's newer measurement
            #expect(try a.get("c2", in: settings)?.width == 10)  // a's newer measurement
            #expect(try a.get("c3", in: settings)?.width == 11)  // same time: the larger size
            #expect(try a.get("only b2", in: settings) == StoreFixtures.size("only b2"))
            // Identical rows keep the later time.
            let shared = try a.results(for: "shared0 ✓")
            #expect(shared.map(\.measuredAt) == [200])
            // Labels of both files are on the one settings row; b's other settings row came along.
            let all = try a.allSettings()
            #expect(all.count == 2)
            #expect(Set(all.first { $0.digest == key.digest }!.labels.map(\.deviceClass)) == ["iphone", "ipad"])
            #expect(try a.statistics().results == 16)
        }
    }

    @Test func mergingIsIdempotentAndOrderIndependent() throws {
        try makeSources { a, b, _ in
            try StoreFixtures.withStore { ab, _ in
                try StoreFixtures.withStore { ba, _ in
                    _ = try ab.merge(from: a)
                    _ = try ab.merge(from: b)
                    _ = try ba.merge(from: b)
                    _ = try ba.merge(from: a)
                    #expect(try contents(ab) == contents(ba))
                    let once = try contents(ab)
                    let again = try ab.merge(from: b)
                    #expect(again.added == 0 && again.conflictsReplaced == 0)
                    _ = try ab.merge(from: a)
                    _ = try ab.merge(from: ab)
                    #expect(try contents(ab) == once)
                    #expect(try ab.integrityProblems().isEmpty)
                }
            }
        }
    }
}
