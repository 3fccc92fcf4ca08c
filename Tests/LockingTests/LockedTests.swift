import Dispatch
import Locking
import Testing

/// `Locked` serialises its users: sixteen threads doing read-modify-write cycles on shared state lose no update, a
/// thrown error releases the lock, and non-copyable state works. `make sanitize` runs this under ThreadSanitizer.
@Suite struct LockedTests {
    @Test func sixteenThreadsLoseNoUpdate() {
        let counter = Locked((count: 0, log: [Int]()))
        DispatchQueue.concurrentPerform(iterations: 16) { thread in
            for step in 0..<2_000 {
                counter.withLock { state in
                    let seen = state.count
                    state.count = seen + 1
                    if step % 500 == 0 { state.log.append(thread) }
                }
            }
        }
        #expect(counter.withLock { $0.count } == 32_000)
        #expect(counter.withLock { $0.log.count } == 64)
        #expect(counter.withLock { Set($0.log) } == Set(0..<16))
    }

    struct Failure: Error, Equatable {}

    @Test func aThrowingBodyReleasesTheLock() {
        let value = Locked(1)
        #expect(throws: Failure()) { try value.withLock { (_: inout Int) throws(Failure) in throw Failure() } }
        // Taking the lock again from this thread would deadlock had the throw left it held.
        #expect(value.withLock { $0 } == 1)
    }

    struct Handle: ~Copyable {
        var uses = 0
    }

    @Test func nonCopyableState() {
        let handle = Locked(Handle())
        DispatchQueue.concurrentPerform(iterations: 4) { _ in
            for _ in 0..<100 { handle.withLock { $0.uses += 1 } }
        }
        #expect(handle.withLock { $0.uses } == 400)
    }
}
