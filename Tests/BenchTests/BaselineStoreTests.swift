import Foundation
import Testing

@testable import Bench

/// Saving and loading named baselines, each test in its own temporary directory.
@Suite struct BaselineStoreTests {
    /// A fresh directory for one test, removed by `body`'s caller.
    static func withTemporaryDirectory(_ body: (URL) throws -> Void) throws {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("BenchTests-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        try body(directory)
    }

    @Test func savesAndLoadsAReport() throws {
        try Self.withTemporaryDirectory { directory in
            let store = BaselineStore(directory: directory.appendingPathComponent("nested/baselines"))
            let report = Fixtures.sampleReport()
            let file = try store.save(report, as: "main-2026.12")
            #expect(file.lastPathComponent == "main-2026.12.json")
            #expect(try store.load("main-2026.12") == report)
            #expect(store.contains("main-2026.12"))
            #expect(store.names() == ["main-2026.12"])
            #expect(try Data(contentsOf: file) == report.jsonData())

            var changed = report
            changed.commit = "b3be905"
            try store.save(changed, as: "main-2026.12")
            #expect(try store.load("main-2026.12").commit == "b3be905")
        }
    }

    @Test func refusesNamesThatAreNotPlainFileNames() throws {
        let store = BaselineStore(directory: URL(fileURLWithPath: "/nonexistent"))
        for name in ["", "../x", "a/b", ".hidden", "spaced name", "é"] {
            #expect(throws: BaselineStoreError.invalidName(name)) { try store.url(for: name) }
        }
        #expect(try store.url(for: "v0.1_a-b").path == "/nonexistent/v0.1_a-b.json")
    }

    @Test func missingAndCorruptBaselinesAreClearErrors() throws {
        try Self.withTemporaryDirectory { directory in
            let store = BaselineStore(directory: directory)
            let missing = directory.appendingPathComponent("nope.json").path
            #expect(throws: BaselineStoreError.notFound(name: "nope", path: missing)) { try store.load("nope") }
            #expect(store.names().isEmpty)
            try Data("{\"tool\": 1}".utf8).write(to: directory.appendingPathComponent("bad.json"))
            #expect {
                try store.load("bad")
            } throws: { error in
                guard case BaselineStoreError.unreadable(name: "bad", path: _, reason: _) = error else { return false }
                return true
            }
        }
    }

    @Test func aBaselineThatCouldPassEveryRunIsRefused() throws {
        try Self.withTemporaryDirectory { directory in
            let store = BaselineStore(directory: directory)
            func refusal(_ suite: SuiteResult) throws -> String? {
                try store.save(Fixtures.report(suites: [suite]), as: "b")
                do {
                    _ = try store.load("b")
                    return nil
                } catch BaselineStoreError.unreadable(_, _, let reason) {
                    return reason
                }
            }
            #expect(try refusal(Fixtures.exampleSuite) == nil)
            #expect(
                try refusal(Fixtures.suite(stringsPerSecond: -5))
                    == "suite measure/latin/w200/cold/t1 has stringsPerSecond -5.0, not a finite number ≥ 0")
            #expect(
                try refusal(Fixtures.suite(stringsPerSecond: 0))
                    == "suite measure/latin/w200/cold/t1 measured no strings per second")
            #expect(
                try refusal(Fixtures.suite(allocations: -1))
                    == "suite measure/latin/w200/cold/t1 has allocations -1.0, not a finite number ≥ 0")
            try FileManager.default.createDirectory(
                at: directory.appendingPathComponent("folder.json"), withIntermediateDirectories: true)
            #expect(
                throws: BaselineStoreError.unreadable(
                    name: "folder", path: directory.appendingPathComponent("folder.json").path,
                    reason: "it is a folder")
            ) { try store.load("folder") }
        }
    }

    @Test func defaultStoreLivesUnderThePackageRoot() throws {
        try Self.withTemporaryDirectory { directory in
            try Data("// swift-tools-version: 6.0\n".utf8).write(to: directory.appendingPathComponent("Package.swift"))
            let deep = directory.appendingPathComponent("Sources/Bench", isDirectory: true)
            try FileManager.default.createDirectory(at: deep, withIntermediateDirectories: true)
            let store = BaselineStore.defaultStore(from: deep)
            #expect(
                store.directory.standardizedFileURL.path
                    == directory.appendingPathComponent(".bench/baselines").standardizedFileURL.path)
            #expect(BaselineStore.packageRoot(from: deep)?.path == directory.standardizedFileURL.path)
        }
    }
}
