/// A small seeded random number generator (SplitMix64, Steele, Lea and Flood 2014), so that the tests that draw random
/// text draw the same text on every run and a failure names a case that comes back.
public struct SplitMix64: RandomNumberGenerator {
    /// The generator's state; the seed is its first value.
    public var state: UInt64

    /// A generator that starts from `seed`.
    public init(seed: UInt64) {
        state = seed
    }

    /// The next 64 random bits.
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A number in `0..<bound` (`bound` > 0), by the remainder (biased by under 2⁻³² for the bounds tests use).
    public mutating func next(_ bound: Int) -> Int {
        Int(next() % UInt64(bound))
    }
}
