/// How `measure stream` splits a group's jobs into rounds, each measured with at most `capacity` distinct measurers
/// (and, with `--db`, settings rows), so that the measurers a round's tasks hold stay within what the caches keep
/// (`StreamRun.process`). Settings are given rounds in the order they first appear; all jobs of one settings share
/// its round, so a group loads each font set once however its jobs interleave them. A group whose settings all fit
/// in one round (the usual case) is one round, measured in input order as before.
struct StreamRounds {
    /// The most distinct measurers (and settings rows when `limitsSettings`) in one round.
    let capacity: Int
    /// Whether settings rows count too (`--db`: one registered row per measurer and width).
    let limitsSettings: Bool
    /// The round of each settings seen.
    private var roundOfSettings: [StreamSettings: Int] = [:]
    /// The measurers and the settings of the round being filled.
    private var measurers: Set<StreamMeasurerKey> = []
    private var settingsCount = 0
    /// How many rounds there are (at least one, which lines without settings join).
    private(set) var count = 1

    init(capacity: Int, limitsSettings: Bool) {
        precondition(capacity >= 1, "a round holds at least one measurer")
        self.capacity = capacity
        self.limitsSettings = limitsSettings
    }

    /// The round of jobs with `settings`: the one it was given, else the round being filled when it has room for
    /// them, else a new one.
    mutating func round(of settings: StreamSettings) -> Int {
        if let known = roundOfSettings[settings] { return known }
        let newMeasurer = !measurers.contains(settings.key)
        if (newMeasurer && measurers.count >= capacity) || (limitsSettings && settingsCount >= capacity) {
            count += 1
            measurers.removeAll(keepingCapacity: true)
            settingsCount = 0
        }
        measurers.insert(settings.key)
        settingsCount += 1
        roundOfSettings[settings] = count - 1
        return count - 1
    }
}
