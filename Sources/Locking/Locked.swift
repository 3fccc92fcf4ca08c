#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A value that one thread at a time may use, behind a POSIX mutex: the project's one lock type.
///
/// It stands where `Synchronization.Mutex` would, with the same `withLock` shape, for one reason: on Linux, `Mutex`
/// locks with atomics and futex calls inside the uninstrumented standard library, so ThreadSanitizer never sees it
/// lock and reports every access to the state it protects as a race (a ten-line program that appends to a
/// `Mutex<[Int]>` from eight threads gets seven such reports). `pthread_mutex_lock` is intercepted by every
/// sanitizer, so with this lock `make sanitize`'s thread run reports only real races. Uncontended, both cost one
/// atomic exchange and a call.
///
/// `@unchecked Sendable` because the compiler cannot see the mutex: `state` is only reached inside `withLock`,
/// between `pthread_mutex_lock` and `pthread_mutex_unlock`, and `sending` keeps non-Sendable values from escaping
/// (as `Mutex` does); stress-tested in `LockedTests` (16 threads), which `make sanitize` runs under ThreadSanitizer.
public final class Locked<State: ~Copyable>: @unchecked Sendable {
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    /// `@exclusivity(unchecked)`: the mutex already makes every access exclusive, and the dynamic check a class's
    /// stored `var` otherwise pays on each `withLock` (a runtime call) costs as much as the uncontended lock.
    @exclusivity(unchecked) private var state: State

    /// A lock around `state`.
    public init(_ state: consuming sending State) {
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        let result = pthread_mutex_init(mutex, nil)
        precondition(result == 0, "pthread_mutex_init failed with \(result)")
        self.state = state
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deinitialize(count: 1)
        mutex.deallocate()
    }

    /// Runs `body` with the state while holding the lock; the lock is released however `body` ends.
    public func withLock<Result: ~Copyable, E: Error>(
        _ body: (inout sending State) throws(E) -> sending Result
    ) throws(E) -> sending Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body(&state)
    }
}
