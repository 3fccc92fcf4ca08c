import ArgumentParsing
import Catalogs

/// An output sink whose standard error is kept from holding a CI runner's command, as `measure catalog` keeps its
/// reports (`WorkflowCommandGuard`, text spelling): its warnings and errors quote paths, locales and keys from the
/// catalogs, and GitHub's runner reads `##[` anywhere in a line of either stream (a folder named `x ##[error]owned`
/// made a warning line an error annotation). Standard output goes through unchanged (the command guards its reports
/// itself, in their format's spelling).
struct GuardedErrorSink: OutputSink {
    let base: any OutputSink

    func writeOutput(_ text: String) { base.writeOutput(text) }
    func writeOutput(bytes: [UInt8]) { base.writeOutput(bytes: bytes) }
    func writeError(_ text: String) { base.writeError(WorkflowCommandGuard.guarded(text, spelling: .text)) }
    var outputFailure: OutputWriteError? { base.outputFailure }
}
