import ArgumentParsing

/// The `measure` command: measure text as Apple's boundingRect does, one string or a batch, and show line breaks.
CommandRunner.main(MeasureCommand.self)
