import ArgumentParsing

/// `measure db …`: look inside, export, merge and verify size databases.
struct DatabaseCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "db",
        abstract: "Inspect, query, export, merge and verify size databases (measure batch --db).",
        discussion: """
            A size database is an SQLite file of measured sizes keyed by settings (fonts by content digest, size, \
            width, options, engine version) and text; its schema is documented in the README. Every command but \
            merge opens the database read-only.
            """,
        subcommands: [
            DatabaseStatsCommand.self, DatabaseQueryCommand.self, DatabaseExportCommand.self,
            DatabaseMergeCommand.self, DatabaseVerifyCommand.self,
        ])

    init(_ values: ParsedValues) {}
    func run(output: any OutputSink) {}
}
