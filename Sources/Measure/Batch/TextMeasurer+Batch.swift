extension TextMeasurer {
    /// Measures `texts` on up to `threads` threads (at least one) and returns their sizes in input order (see
    /// `BatchMeasurer`, which keeps its workers' sessions for the next batch).
    public func measureBatch(_ texts: [String], threads: Int) -> [TextSize] {
        BatchMeasurer(measurer: self, threads: min(threads, max(1, texts.count / BatchMeasurer.chunkSize))).measure(
            texts)
    }

    /// Measures UTF-8 strings on up to `threads` threads and returns their sizes in input order.
    public func measureBatch(utf8 texts: [ArraySlice<UInt8>], threads: Int) -> [TextSize] {
        BatchMeasurer(measurer: self, threads: min(threads, max(1, texts.count / BatchMeasurer.chunkSize)))
            .measure(utf8: texts)
    }
}
