@testable import Measure

/// Comparing two ways of laying out the same strings, the question every path-equivalence suite asks.
enum LayoutComparison {
    /// The first five of `strings` whose layout by `session` (one-pass fits allowed when `onePass`) differs from
    /// `reference`'s (when `referenceOnePass`), each with both layouts; empty when they all agree to the bit.
    static func differing(
        _ strings: [String], _ session: MeasureSession, onePass: Bool, _ reference: MeasureSession,
        referenceOnePass: Bool
    ) -> [String] {
        var differing: [String] = []
        // Every string is laid out by both, whatever differs, so the sessions' counters cover them all.
        for text in strings {
            let layout = session.layout(text, onePass: onePass)
            let expected = reference.layout(text, onePass: referenceOnePass)
            if layout != expected && differing.count < 5 {
                differing.append("\(text.debugDescription) (one pass \(onePass)): \(layout) against \(expected)")
            }
        }
        return differing
    }
}
