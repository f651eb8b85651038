// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import StateSnapshot
import XCTest
@testable import GtkShell

/// The state dump is encoded and written on a thread of its own: dumps handed over faster than
/// they are written are coalesced (the newest wins, none is written after a newer one), and a
/// flush leaves the newest in the file.
final class StateDumpWriterTests: XCTestCase {
    func testDumpsHandedOverFasterThanWrittenLeaveTheNewestInTheFileAndNeverMoreWritesThanDumps() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("state-dump-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("state.json").path
        let writer = StateDumpWriter(path: path)
        let count = 200
        for i in 1...count { writer.submit(StateSnapshot(pid: i, windows: [])) }
        XCTAssertTrue(writer.flush(withinSeconds: 30), "everything handed over is written")
        let state = try JSONDecoder().decode(StateSnapshot.self, from: Data(contentsOf: URL(fileURLWithPath: path)))
        XCTAssertEqual(state.pid, count, "the newest dump is the one in the file")
        XCTAssertGreaterThanOrEqual(writer.written, 1)
        XCTAssertLessThanOrEqual(writer.written, count, "a dump waiting is replaced, not queued")
        XCTAssertFalse(FileManager.default.fileExists(atPath: path + ".tmp"), "written beside it and renamed")

        // And a later one after the flush is written too.
        writer.submit(StateSnapshot(pid: count + 1, windows: []))
        XCTAssertTrue(writer.flush(withinSeconds: 30))
        let later = try JSONDecoder().decode(StateSnapshot.self, from: Data(contentsOf: URL(fileURLWithPath: path)))
        XCTAssertEqual(later.pid, count + 1)
    }
}
