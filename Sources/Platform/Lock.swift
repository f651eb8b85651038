// SPDX-License-Identifier: GPL-3.0-or-later
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A mutual-exclusion lock over a POSIX mutex, for state shared between the main thread and
/// workers. Its own type (rather than Foundation's) so that the app links no Foundation (whose
/// static form brings 35 MB of ICU data along).
public final class Lock: @unchecked Sendable {
    let mutex: UnsafeMutablePointer<pthread_mutex_t>

    public init() {
        mutex = .allocate(capacity: 1)
        pthread_mutex_init(mutex, nil)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    public func lock() { pthread_mutex_lock(mutex) }
    public func unlock() { pthread_mutex_unlock(mutex) }

    /// Runs `body` with the lock held.
    public func withLock<T>(_ body: () throws -> T) rethrows -> T {
        lock()
        defer { unlock() }
        return try body()
    }
}

/// A lock with a condition to wait on: a worker sleeps in ``wait()`` (the lock held before and
/// after) until another thread changes the state and calls ``signal()``.
public final class Condition: @unchecked Sendable {
    private let lockStorage = Lock()
    private let condition: UnsafeMutablePointer<pthread_cond_t>

    public init() {
        condition = .allocate(capacity: 1)
        pthread_cond_init(condition, nil)
    }

    deinit {
        pthread_cond_destroy(condition)
        condition.deallocate()
    }

    public func lock() { lockStorage.lock() }
    public func unlock() { lockStorage.unlock() }
    /// Releases the lock, sleeps until signalled, takes the lock again.
    public func wait() { pthread_cond_wait(condition, lockStorage.mutex) }
    public func signal() { pthread_cond_signal(condition) }
    /// ``wait()`` until signalled or until `deadline` (the realtime clock) has passed; returns
    /// whether it was signalled before then.
    public func wait(until deadline: timespec) -> Bool {
        var deadline = deadline
        return pthread_cond_timedwait(condition, lockStorage.mutex, &deadline) == 0
    }
    /// Wakes every waiting thread.
    public func broadcast() { pthread_cond_broadcast(condition) }
}
