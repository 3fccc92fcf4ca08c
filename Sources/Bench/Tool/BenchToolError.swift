/// A `bench` run that cannot be done or written as asked, in words (exit status 1): a report path that is a folder,
/// a baseline with no suite in common with the run.
struct BenchToolError: Error, CustomStringConvertible {
    var description: String

    init(_ description: String) {
        self.description = description
    }
}
