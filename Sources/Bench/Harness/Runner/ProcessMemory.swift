import Foundation

/// The process's resident memory as Linux reports it in /proc/self/status.
public enum ProcessMemory {
    /// The peak resident set size (VmHWM) in bytes since the process started or since `resetPeak()`.
    public static func peakResidentBytes() -> Int {
        field("VmHWM:")
    }

    /// The resident set size now (VmRSS) in bytes.
    public static func residentBytes() -> Int {
        field("VmRSS:")
    }

    /// Resets the peak to the current resident size (writing 5 to /proc/self/clear_refs, Linux ≥ 4.0), so that each
    /// suite reports its own peak. Returns false where the kernel does not allow it; peaks are then cumulative.
    @discardableResult
    public static func resetPeak() -> Bool {
        guard let handle = FileHandle(forWritingAtPath: "/proc/self/clear_refs") else { return false }
        defer { try? handle.close() }
        return (try? handle.write(contentsOf: Data("5".utf8))) != nil
    }

    private static func field(_ name: String) -> Int {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return 0 }
        for line in status.split(separator: "\n") where line.hasPrefix(name) {
            let kilobytes =
                line.dropFirst(name.count).split(whereSeparator: { $0 == " " || $0 == "\t" })
                .first.flatMap { Int($0) } ?? 0
            return kilobytes * 1024
        }
        return 0
    }
}
