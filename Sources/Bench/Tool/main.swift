import ArgumentParsing

/// `bench`: the benchmark harness of TextSize (see BenchCommand).
CommandRunner.main(BenchCommand.self)
