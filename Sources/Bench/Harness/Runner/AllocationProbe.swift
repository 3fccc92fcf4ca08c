/// Counts heap allocations around a timed run. The `bench` executable supplies one backed by its malloc interposer
/// (the CAllocationCounter target); elsewhere `none` reports zeros.
public struct AllocationProbe: Sendable {
    public var start: @Sendable () -> Void
    /// Stops counting and returns (calls, bytes) since `start`.
    public var stop: @Sendable () -> (calls: Int, bytes: Int)

    public init(start: @escaping @Sendable () -> Void, stop: @escaping @Sendable () -> (calls: Int, bytes: Int)) {
        self.start = start
        self.stop = stop
    }

    /// A probe that counts nothing.
    public static let none = AllocationProbe(start: {}, stop: { (0, 0) })
}
