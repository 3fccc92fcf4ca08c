import Foundation

/// The machine a report was measured on. Wall-clock figures from two machines are not comparable, so reports carry
/// this and the baseline comparison warns when it differs.
public struct MachineInfo: Codable, Sendable, Equatable {
    /// Processors available to the process (`ProcessInfo.activeProcessorCount`).
    public var cores: Int
    /// The CPU's model name from `/proc/cpuinfo`, or `"unknown"`.
    public var cpuModel: String
    /// Physical memory in bytes (`MemTotal` from `/proc/meminfo`), or 0 if unknown.
    public var memoryBytes: Int
    /// The operating system's `PRETTY_NAME` from `/etc/os-release`, or `"unknown"`.
    public var os: String

    public init(cores: Int, cpuModel: String, memoryBytes: Int, os: String) {
        self.cores = cores
        self.cpuModel = cpuModel
        self.memoryBytes = memoryBytes
        self.os = os
    }

    /// The machine this process runs on, read from `/proc` and `/etc/os-release`; whatever cannot be read is
    /// `"unknown"` (or 0), never an error, since a report without a CPU name is still worth writing.
    public static func current() -> MachineInfo {
        func read(_ path: String) -> String? { try? String(contentsOfFile: path, encoding: .utf8) }
        let osRelease = read("/etc/os-release") ?? read("/usr/lib/os-release")
        return MachineInfo(
            cores: ProcessInfo.processInfo.activeProcessorCount,
            cpuModel: read("/proc/cpuinfo").flatMap(cpuModel(cpuinfo:)) ?? "unknown",
            memoryBytes: read("/proc/meminfo").flatMap(memoryBytes(meminfo:)) ?? 0,
            os: osRelease.flatMap(prettyName(osRelease:)) ?? "unknown")
    }

    /// The first `model name` in the text of `/proc/cpuinfo` (x86), else the first `Model` or `Hardware` line (ARM
    /// boards), with runs of spaces collapsed.
    static func cpuModel(cpuinfo: String) -> String? {
        for key in ["model name", "Model", "Hardware"] {
            if let value = fieldValue(key, in: cpuinfo, separator: ":") {
                let collapsed = value.split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ")
                if !collapsed.isEmpty { return collapsed }
            }
        }
        return nil
    }

    /// `MemTotal` from the text of `/proc/meminfo`, in bytes (the file counts kibibytes).
    static func memoryBytes(meminfo: String) -> Int? {
        guard let value = fieldValue("MemTotal", in: meminfo, separator: ":") else { return nil }
        let parts = value.split(separator: " ")
        guard let number = parts.first.flatMap({ Int($0) }) else { return nil }
        let unit = parts.dropFirst().first?.lowercased() ?? "b"
        switch unit {
        case "kb": return number * 1024
        case "mb": return number * 1024 * 1024
        default: return number
        }
    }

    /// `PRETTY_NAME` from the text of an os-release file, unquoted.
    static func prettyName(osRelease: String) -> String? {
        guard var value = fieldValue("PRETTY_NAME", in: osRelease, separator: "=") else { return nil }
        if value.count >= 2, let first = value.first, first == "\"" || first == "'", value.last == first {
            value = String(value.dropFirst().dropLast())
        }
        value = value.replacingOccurrences(of: "\\\"", with: "\"")
        return value.isEmpty ? nil : value
    }

    /// The trimmed value of the first line whose key (the text before `separator`, trimmed) is `key`.
    private static func fieldValue(_ key: String, in text: String, separator: Character) -> String? {
        for line in text.split(separator: "\n") {
            guard let index = line.firstIndex(of: separator) else { continue }
            if line[..<index].trimmingCharacters(in: .whitespaces) == key {
                return line[line.index(after: index)...].trimmingCharacters(in: .whitespaces)
            }
        }
        return nil
    }
}
