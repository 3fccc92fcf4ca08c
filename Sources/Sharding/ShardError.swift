import Foundation

/// Why a shard (`I/N`) is not valid; commands turn it into a usage error (exit status 64).
public struct ShardError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What is wrong, for a person: `the shard index must be 0 to 2 (N−1) for 3 shards, got 3`.
    public var message: String

    public init(_ message: String) {
        self.message = message
    }

    public var description: String { message }
}

/// `localizedDescription` is `description` (Foundation's default for a Swift error names its type and case number).
extension ShardError: LocalizedError {
    /// `description`, which `localizedDescription` returns.
    public var errorDescription: String? { description }
}
