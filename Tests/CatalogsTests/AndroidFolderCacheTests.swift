import Dispatch
import Foundation
import Locking
import Testing

@testable import Catalogs

/// The process-wide cache of values folders under many threads at once (`make sanitize` runs this suite under
/// ThreadSanitizer): every parse sees the folder's strings, including while another thread edits a file of it.
@Suite struct AndroidFolderCacheTests {
    @Test("16 threads resolving through one shared values folder, while it is edited, all get a folder's answer")
    func concurrentLookups() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("cache-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let values = root.appendingPathComponent("res/values")
        try FileManager.default.createDirectory(at: values, withIntermediateDirectories: true)
        try Data("<resources><string name=\"app_name\">First</string></resources>".utf8).write(
            to: values.appendingPathComponent("strings.xml"))
        var locales: [String] = []
        for index in 0..<16 {
            let locale = "x" + String(UnicodeScalar(UInt8(97 + index)))
            locales.append(locale)
            let folder = root.appendingPathComponent("res/values-\(locale)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try Data("<resources><string name=\"t\">@string/app_name</string></resources>".utf8).write(
                to: folder.appendingPathComponent("strings.xml"))
        }
        let sources = try locales.map { locale in
            try #require(
                CatalogDiscovery.classify(
                    root.appendingPathComponent("res/values-\(locale)/strings.xml").path, defaultLocale: "en",
                    sourceLocale: "en"))
        }
        let answers = Locked(Set<String>())
        let failures = Locked(0)
        DispatchQueue.concurrentPerform(iterations: 17) { worker in
            if worker == 16 {
                // The editor: the folder's one file rewritten, longer each time (so its stamp changes).
                for round in 1...20 {
                    let text = "<resources><string name=\"app_name\">Edit \(round)</string></resources>"
                    try? Data(text.utf8).write(to: values.appendingPathComponent("strings.xml"), options: .atomic)
                }
                return
            }
            for _ in 0..<30 {
                guard let document = try? CatalogParsing.parse(sources[worker]), let entry = document.entries.first
                else {
                    failures.withLock { $0 += 1 }
                    continue
                }
                answers.withLock { _ = $0.insert(entry.text) }
            }
        }
        #expect(failures.withLock { $0 } == 0)
        let seen = answers.withLock { $0 }
        let possible = Set(["First"] + (1...20).map { "Edit \($0)" })
        #expect(seen.isSubset(of: possible))
        // Once the edits are done, every locale sees the last one.
        for source in sources {
            #expect(try CatalogParsing.parse(source).entries.map(\.text) == ["Edit 20"])
        }
    }
}
