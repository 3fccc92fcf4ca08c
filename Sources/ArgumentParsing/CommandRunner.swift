import Foundation

/// Parses a command line, runs the chosen command and maps every outcome to an exit status:
/// 0 success or help, 64 (EX_USAGE) usage error, 1 failure in `run` or in writing the results, help or version, or a
/// thrown `ExitCode`.
package enum CommandRunner {
    /// Runs `root` for `arguments` (without the program name), writing to `output`, and
    /// returns the exit status. Never exits, so tests can call it.
    package static func run(_ root: any ParsableCommand.Type, arguments: [String], output: any OutputSink) -> Int32 {
        switch ArgumentParser.parse(root, arguments: arguments) {
        case .help(let path, let isError):
            let text = HelpFormatter.help(for: path)
            if isError {
                output.writeError(text)
                return ExitCode.usage.rawValue
            }
            output.writeOutput(text)
            return written(by: path[0].commandName, output: output)
        case .version(let version):
            output.writeOutput(version + "\n")
            return written(by: root.configuration.commandName, output: output)
        case .usageError(let error, let path):
            return report(error, path: path, output: output)
        case .run(let type, let path, let values):
            do {
                var command = try type.init(values)
                try command.run(output: output)
                // Results that could not be written are a failure, whatever the command thought of them.
                try output.checkOutput()
                return ExitCode.success.rawValue
            } catch let error as UsageError {
                return report(error, path: path, output: output)
            } catch let code as ExitCode {
                if let failure = output.outputFailure {
                    output.writeError("\(path[0].commandName): \(failure)\n")
                    return max(code.rawValue, ExitCode.failure.rawValue)
                }
                return code.rawValue
            } catch {
                output.writeError("\(path[0].commandName): \(PrintableText.message(describe(error)))\n")
                return ExitCode.failure.rawValue
            }
        }
    }

    /// Entry point for `main.swift`: runs with the process's arguments and standard streams,
    /// then exits with the resulting status.
    package static func main(
        _ root: any ParsableCommand.Type,
        arguments: [String] = Array(CommandLine.arguments.dropFirst())
    ) -> Never {
        // A reader that goes away (`measure batch … | head -1`) must surface as EPIPE from write(2), a failure the
        // sink keeps and the command reports with exit 1, not as SIGPIPE killing the process without a word.
        signal(SIGPIPE, SIG_IGN)
        // A write past a file-size limit (`ulimit -f`) must fail with EFBIG, which the size database and the output
        // files report ("disk or database full"), not kill the process without a word.
        signal(SIGXFSZ, SIG_IGN)
        // Fonts (FreeType, HarfBuzz) and the size database (SQLite) are read through memory mappings; a file cut short
        // or rewritten in place while mapped faults on the next read of a page that is gone. Say so and exit 1, rather
        // than dump a crash report that reads as a bug. Only async-signal-safe calls: write(2) of a constant, _exit(2).
        signal(SIGBUS) { _ in
            let message: StaticString = """
                error: a file this process reads through a memory mapping (a font, or the size database) was cut \
                short or rewritten in place while in use (SIGBUS); replace such files by writing a new copy and \
                renaming it over the old one, then run again

                """
            _ = write(2, message.utf8Start, message.utf8CodeUnitCount)
            _exit(1)  // `ExitCode.failure`, written as a literal: a static's first use may run its initializer
        }
        exit(run(root, arguments: arguments, output: StandardOutputSink()))
    }

    /// 0 when help or version text reached standard output; else 1, with why on standard error (`measure --version
    /// > /dev/full` said nothing and exited 0).
    private static func written(by name: String, output: any OutputSink) -> Int32 {
        guard let failure = output.outputFailure else { return ExitCode.success.rawValue }
        output.writeError("\(name): \(failure)\n")
        return ExitCode.failure.rawValue
    }

    /// "measure text: <message>" and the usage line on stderr; returns 64.
    private static func report(_ error: UsageError, path: [CommandConfiguration], output: any OutputSink) -> Int32 {
        let name = path.map(\.commandName).joined(separator: " ")
        output.writeError("\(name): \(PrintableText.message(error.message))\n\(HelpFormatter.usage(for: path))\n")
        return ExitCode.usage.rawValue
    }

    /// The most human-readable description available: `LocalizedError.errorDescription`;
    /// for Foundation file errors "<path>: The file doesn’t exist." (their default text is
    /// an NSError dump on Linux); else `String(describing:)`.
    package static func describe(_ error: any Error) -> String {
        if let error = error as? any LocalizedError, let text = error.errorDescription { return text }
        if let error = error as? CocoaError {
            var text = error.localizedDescription
            let boilerplate = "The operation could not be completed. "
            if text.hasPrefix(boilerplate) { text.removeFirst(boilerplate.count) }
            return error.filePath.map { "\($0): \(text)" } ?? text
        }
        return String(describing: error)
    }
}
