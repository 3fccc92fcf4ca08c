import Foundation
import Testing

@testable import Bench

/// Axis scales: round linear ticks from zero, whole-decade logarithmic ticks, and the choice between them.
@Suite struct ChartScaleTests {
    @Test func linearScaleEndsAtARoundValueAboveTheMaximum() {
        let scale = ChartScale.linear(upTo: 2_340_000, start: 300, end: 0)
        #expect(scale.kind == .linear)
        #expect(scale.ticks == [0, 500_000, 1_000_000, 1_500_000, 2_000_000, 2_500_000])
        #expect(scale.position(0) == 300)
        #expect(scale.position(2_500_000) == 0)
        #expect(scale.position(1_250_000) == 150)
    }

    @Test func logarithmicScaleRunsBetweenOneTwoFiveBounds() {
        let scale = ChartScale.logarithmic(from: 0.000_000_8, to: 0.000_9, start: 0, end: 400)
        #expect(scale.kind == .logarithmic)
        // 500 ns … 1 ms: 3.3 decades, so powers of ten plus the lower bound.
        #expect(scale.ticks.count == 5)
        #expect(abs(scale.ticks[0] - 0.000_000_5) < 1e-18)
        #expect(abs(scale.ticks[1] - 0.000_001) < 1e-18)
        #expect(abs(scale.upper - 0.001) < 1e-15)
        #expect(abs(scale.position(0.000_001) - 400 * log10(2.0) / log10(2_000.0)) < 1e-9)
        #expect(scale.position(0) == 0)
        #expect(scale.position(1) == 400)
        let narrow = ChartScale.logarithmic(from: 3, to: 70, start: 0, end: 100)
        #expect(narrow.ticks == [2, 5, 10, 20, 50, 100])
        #expect(ChartScale.oneTwoFive(3, roundingUp: false) == 2)
        #expect(ChartScale.oneTwoFive(3, roundingUp: true) == 5)
        #expect(ChartScale.oneTwoFive(10, roundingUp: true) == 10)
    }

    @Test func automaticTurnsLogarithmicWhenValuesSpanDecades() {
        #expect(ChartScale.automatic([1, 20], start: 0, end: 1).kind == .linear)
        #expect(ChartScale.automatic([1, 200], start: 0, end: 1).kind == .logarithmic)
        #expect(ChartScale.automatic([], start: 0, end: 1).kind == .linear)
    }
}
