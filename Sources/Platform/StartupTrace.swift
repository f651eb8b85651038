// SPDX-License-Identifier: GPL-3.0-or-later
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where start-up time and memory go: with `PDF_ANNOTATOR_TRACE` set, named moments from `main`
/// to the first painted page are printed to standard error in milliseconds since the process
/// started (the kernel's start time, on the boot clock), each with the time since the moment
/// before and the resident memory then (and its peak so far), in MiB. Moments may be marked
/// from any thread (a worker's are named as such by the caller).
public enum StartupTrace {
    private static let lock = Lock()
    nonisolated(unsafe) private static var marks: [(name: String, at: Double, rss: Int, peak: Int)] = []
    nonisolated(unsafe) private static var done = false
    public static let isOn = getenv("PDF_ANNOTATOR_TRACE") != nil

    /// Milliseconds since the process started.
    public static var sinceStart: Double {
        var now = timespec()
        clock_gettime(CLOCK_BOOTTIME, &now)
        let nowMs = Double(now.tv_sec) * 1000 + Double(now.tv_nsec) / 1e6
        return nowMs - processStartMs
    }

    /// The process's start on the boot clock, from /proc/self/stat (clock ticks, usually 10 ms).
    private static let processStartMs: Double = {
        guard let file = fopen("/proc/self/stat", "r") else { return 0 }
        defer { fclose(file) }
        var buffer = [CChar](repeating: 0, count: 1024)
        guard fgets(&buffer, Int32(buffer.count), file) != nil else { return 0 }
        let line = String(cString: buffer)
        // Fields after the command name (which may hold spaces) start after the last ')'.
        guard let close = line.lastIndex(of: ")") else { return 0 }
        let fields = line[line.index(after: close)...].split(separator: " ")
        // Field 22 (starttime) is the 20th after the name.
        guard fields.count > 19, let ticks = Double(fields[19]) else { return 0 }
        return ticks * 1000 / Double(sysconf(Int32(_SC_CLK_TCK)))
    }()

    /// Records a moment (only while tracing, and only until the trace is printed).
    public static func mark(_ name: String) {
        guard isOn else { return }
        let memory = residentMemory()
        lock.withLock {
            if !done { marks.append((name, sinceStart, memory.current, memory.peak)) }
        }
    }

    /// The resident set and its peak (VmRSS, VmHWM) in KiB, from /proc/self/status.
    public static func residentMemory() -> (current: Int, peak: Int) {
        guard let file = fopen("/proc/self/status", "r") else { return (0, 0) }
        defer { fclose(file) }
        var current = 0, peak = 0
        var buffer = [CChar](repeating: 0, count: 256)
        while fgets(&buffer, Int32(buffer.count), file) != nil {
            let line = String(cString: buffer)
            func kib() -> Int { Int(line.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first ?? "") ?? 0 }
            if line.hasPrefix("VmRSS:") { current = kib() } else if line.hasPrefix("VmHWM:") { peak = kib() }
        }
        return (current, peak)
    }

    /// Prints the trace once (what happened up to now) and stops recording.
    public static func report() {
        guard isOn else { return }
        let marks: [(name: String, at: Double, rss: Int, peak: Int)]? = lock.withLock {
            if done { return nil }
            done = true
            return self.marks.sorted { $0.at < $1.at }
        }
        guard let marks else { return }
        var previous = 0.0
        var lines = "start-up trace (ms since the process started, + since the line before; resident MiB, peak):\n"
        for mark in marks {
            let since = mark.at - previous
            lines += "  " + pad(String(Int(mark.at.rounded())), 6) + "  +" + pad(String(Int(since.rounded())), 4)
                + "  " + pad(String(mark.rss / 1024), 4) + " " + pad(String(mark.peak / 1024), 4) + "  " + mark.name + "\n"
            previous = mark.at
        }
        StandardError.write(lines)
    }

    private static func pad(_ s: String, _ width: Int) -> String { String(repeating: " ", count: max(0, width - s.count)) + s }
}
