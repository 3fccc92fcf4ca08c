import ArgumentParsing
import CatalogMeasure
import Foundation

/// A one-line progress display on standard error (`\r`-rewritten), for long catalog runs on a terminal; silent when
/// disabled, and at most ten updates a second so it never slows the run.
final class ProgressLine {
    private let enabled: Bool
    private let output: any OutputSink
    private var lastShown = ContinuousClock.now - .seconds(1)
    private var shownAnything = false

    init(enabled: Bool, output: any OutputSink) {
        self.enabled = enabled
        self.output = output
    }

    func show(_ progress: CatalogProgress) {
        guard enabled else { return }
        let now = ContinuousClock.now
        guard now - lastShown >= .milliseconds(100) || progress.done == progress.total else { return }
        lastShown = now
        shownAnything = true
        let percent = progress.total == 0 ? 100 : progress.done * 100 / progress.total
        output.writeError("\rmeasuring: \(progress.done)/\(progress.total) (\(percent) %)")
    }

    /// Erases the line, so what follows starts clean.
    func clear() {
        guard enabled && shownAnything else { return }
        output.writeError("\r\u{1B}[K")
    }
}
