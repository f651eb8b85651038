// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import FoundationEssentials
import Glibc
import Platform
import StateSnapshot

/// Encodes the state dump as JSON and writes it to its file on a thread of its own, so that the
/// main loop only gathers the values (``StateDump``). Encoding a page of 2,000 annotations was
/// four fifths of a dump's cost, some 30 ms of the main loop per write on a loaded machine.
///
/// Dumps are written in the order they were handed over; one handed over while another is
/// written replaces any still waiting (only the newest matters), so the file always holds a
/// whole dump, never an older one after a newer.
///
/// - Warning: ``submit(_:)``, ``flush(withinSeconds:)`` and ``lastCostMicroseconds`` may be called
///   from any thread; the writing happens on the thread `state-dump`.
final class StateDumpWriter: Sendable {
    private let writer: NewestValueWriter<StateSnapshot>

    init(path: String) {
        writer = NewestValueWriter(threadName: "state-dump", priorityDrop: 5) { Self.write($0, to: path) }
    }

    /// Hands `snapshot` over to be written (replacing one handed over and not yet taken).
    func submit(_ snapshot: StateSnapshot) { writer.submit(snapshot) }

    /// What encoding and writing the last dump took (µs of the writer's thread, wall time).
    var lastCostMicroseconds: Int { writer.lastCostMicroseconds }

    /// How many dumps were written so far.
    var written: Int { writer.written }

    /// Waits until every dump handed over is in the file, at most `seconds`; returns whether it is
    /// (the app calls it as it shuts down, so that its last state is not lost).
    @discardableResult
    func flush(withinSeconds seconds: Int = 2) -> Bool { writer.flush(withinSeconds: seconds) }

    /// Writes `body` to `path` as sorted, indented JSON: written to a file beside it and renamed,
    /// without a sync, so that readers see the whole old dump or the whole new one (a sync to
    /// disk after every frame held the writes up to the disk's pace).
    private static func write(_ body: StateSnapshot, to path: String) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted]
        guard let data = try? encoder.encode(body) else { return }
        let tmp = path + ".tmp"
        if AppendingFile(path: tmp)?.write(Array(data)) == true {
            _ = rename(tmp, path)
        }
    }
}
