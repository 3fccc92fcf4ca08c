import Catalogs
import Measure
import MeasureStore
import StreamJobs

/// A measurer ready for jobs, with the serial number that names it in the workers' session caches.
struct StreamMeasurer: Sendable {
    let serial: Int
    let measurer: TextMeasurer
}

/// Why a job's fonts or measurer cannot be made, in words.
struct StreamSetupFailure: Error, Sendable {
    let message: String
    /// The size database's own failure, when that is why (`StreamStore.memo`): not one job's fault but the
    /// database's, which ends the stream as every other database failure does.
    var databaseError: SizeStoreError? = nil
}

/// The measurers `measure stream` keeps ready, one per distinct (fonts, size, options), made when a job first needs
/// them: loaded cascades (shared by every size and option set that uses the same fonts) and measurers, each in a
/// bounded LRU, so a stream that names endless distinct settings keeps memory bounded and a stream that repeats a
/// few loads each font once. Failures are kept too, so a thousand jobs naming a missing font look for it once.
///
/// Not `Sendable`: the stream's coordinating thread alone resolves jobs (between the parallel phases), so the caches
/// need no lock.
final class StreamMeasurers {
    private let commandLineFonts: [FontSource]
    private let segmentCacheBytes: Int
    private var cascades: LeastRecentlyUsed<StreamFonts, Result<FontCascade, StreamSetupFailure>>
    private var measurers: LeastRecentlyUsed<StreamMeasurerKey, Result<StreamMeasurer, StreamSetupFailure>>
    private var nextSerial = 0

    /// The most measurers (and cascades) kept.
    var capacity: Int { measurers.capacity }

    /// How many measurers were made so far (for tests of the bound: each settings once per group).
    var madeCount: Int { nextSerial }

    /// Caches of `capacity` measurers (and as many cascades) over the command line's fonts.
    init(commandLineFonts: [FontSource], segmentCacheBytes: Int, capacity: Int) {
        self.commandLineFonts = commandLineFonts
        self.segmentCacheBytes = segmentCacheBytes
        cascades = LeastRecentlyUsed(capacity: capacity)
        measurers = LeastRecentlyUsed(capacity: capacity)
    }

    /// The measurer for `key`, made (and its fonts loaded) on first use.
    func measurer(for key: StreamMeasurerKey) -> Result<StreamMeasurer, StreamSetupFailure> {
        if let known = measurers.value(for: key) { return known }
        let made = cascade(for: key.fonts).flatMap { cascade -> Result<StreamMeasurer, StreamSetupFailure> in
            if let run = key.options.attributes.runs.first(where: { ($0.font ?? 0) >= cascade.fonts.count }) {
                return .failure(
                    StreamSetupFailure(
                        message: "\"attributes\": a run's \"font\" is an index into the "
                            + "cascade (0…\(cascade.fonts.count - 1)), got \(run.font ?? 0)"))
            }
            nextSerial += 1
            // The key's size and options were checked when the job was read (`StreamDefaults.settings(for:)`).
            return .success(
                StreamMeasurer(
                    serial: nextSerial,
                    measurer: TextMeasurer(
                        cascade: cascade, pointSize: key.pointSize, options: key.options,
                        segmentCacheBytes: segmentCacheBytes)))
        }
        measurers.insert(made, for: key)
        return made
    }

    /// The loaded cascade for `fonts`.
    private func cascade(for fonts: StreamFonts) -> Result<FontCascade, StreamSetupFailure> {
        cascades.value(for: fonts) {
            do {
                switch fonts {
                case .commandLine: return .success(try FontCascade(loading: commandLineFonts))
                case .defaultCascade(let language): return .success(try FontCascade.loadDefault(language: language))
                case .references(let references): return .success(try FontCascade(loading: try sources(references)))
                }
            } catch {
                return .failure(StreamSetupFailure(message: "\(error)"))
            }
        }
    }

    /// The files of `references`, family names looked up through fontconfig as a catalog config's are.
    private func sources(_ references: [FontReference]) throws -> [FontSource] {
        try references.map { reference in
            switch reference {
            case .file(let path, let faceIndex):
                return FontSource(path: path, faceIndex: faceIndex)
            case .family(let name, let style):
                guard let found = try FontconfigLocator.system().locate(family: name, style: style) else {
                    throw StreamSetupFailure(
                        message: "no installed font has the family name "
                            + JSONText.string(reference.description) + " (fc-list : family lists them)")
                }
                return found
            }
        }
    }
}

extension StreamSetupFailure: CustomStringConvertible {
    var description: String { message }
}
