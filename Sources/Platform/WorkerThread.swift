// SPDX-License-Identifier: GPL-3.0-or-later
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Starts a detached POSIX thread with a name (as `top -H` and debuggers show it) and a stack
/// size; it runs `body` and ends.
public enum WorkerThread {
    public static func start(name: String, stackSize: Int = 8 << 20, _ body: @escaping @Sendable () -> Void) {
        final class Box: @unchecked Sendable {
            let name: String, body: @Sendable () -> Void
            init(name: String, body: @escaping @Sendable () -> Void) { self.name = name; self.body = body }
        }
        let box = Unmanaged.passRetained(Box(name: name, body: body)).toOpaque()
        var attributes = pthread_attr_t()
        pthread_attr_init(&attributes)
        defer { pthread_attr_destroy(&attributes) }
        pthread_attr_setstacksize(&attributes, stackSize)
        pthread_attr_setdetachstate(&attributes, Int32(PTHREAD_CREATE_DETACHED))
        var thread = pthread_t()
        let started = pthread_create(&thread, &attributes, { raw in
            let box = Unmanaged<Box>.fromOpaque(raw!).takeRetainedValue()
            #if os(Linux)
            // Linux keeps thread names to 15 bytes (pthread_setname_np is not visible to Swift).
            if let comm = AppendingFile(path: "/proc/thread-self/comm") { comm.write(Array(box.name.utf8.prefix(15))) }
            #endif
            box.body()
            return nil
        }, box)
        if started != 0 {
            // No thread: run nothing rather than leak; the caller's work is not done.
            Unmanaged<Box>.fromOpaque(box).release()
        }
    }
}

extension WorkerThread {
    /// Makes the calling thread nicer by `steps` (on Linux a thread's own priority), so that
    /// work it does ahead of time yields a core to the frame being made.
    public static func lowerPriority(by steps: Int32) {
        #if os(Linux)
        _ = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, steps)
        #endif
    }
}
