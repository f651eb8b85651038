// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Platform
import XCTest

/// The POSIX pieces the app uses instead of Foundation's: a worker thread that runs and wakes a
/// waiter through a condition, a lock that serialises, a file appended line by line, trimming,
/// file sizes, the home directory and the memory the start-up trace reports.
final class PlatformTests: XCTestCase {
    func testAWorkerThreadRunsAndWakesTheThreadWaitingOnACondition() {
        let condition = Condition()
        nonisolated(unsafe) var done = false
        nonisolated(unsafe) var seen = 0
        WorkerThread.start(name: "platform-test") {
            condition.lock()
            seen = 42
            done = true
            condition.signal()
            condition.unlock()
        }
        condition.lock()
        while !done { condition.wait() }
        condition.unlock()
        XCTAssertEqual(seen, 42)
    }

    func testALockSerialisesIncrementsFromSeveralThreads() {
        let lock = Lock()
        let finished = Condition()
        nonisolated(unsafe) var counter = 0
        nonisolated(unsafe) var threadsDone = 0
        for i in 0..<4 {
            WorkerThread.start(name: "count-\(i)") {
                for _ in 0..<10_000 { lock.withLock { counter += 1 } }
                finished.lock()
                threadsDone += 1
                finished.signal()
                finished.unlock()
            }
        }
        finished.lock()
        while threadsDone < 4 { finished.wait() }
        finished.unlock()
        XCTAssertEqual(lock.withLock { counter }, 40_000)
    }

    func testAnAppendingFileKeepsEveryLineAndReportsItsSize() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("platform-\(UUID().uuidString).jsonl").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        do {
            let file = try XCTUnwrap(AppendingFile(path: path))
            XCTAssertTrue(file.write(Array("one\n".utf8)))
            XCTAssertTrue(file.write(Array("two\n".utf8)))
        }
        XCTAssertEqual(try String(contentsOfFile: path, encoding: .utf8), "one\ntwo\n")
        XCTAssertEqual(fileSize(atPath: path), 8)
        XCTAssertNil(fileSize(atPath: path + ".missing"))
        XCTAssertNil(AppendingFile(path: "/nonexistent-folder/x"), "a file that cannot be made says so")
    }

    func testTrimmingWhitespaceTheHomeDirectoryAndResidentMemory() {
        XCTAssertEqual(String("  12 \t\n".trimmingWhitespace()), "12")
        XCTAssertEqual(String(" \n ".trimmingWhitespace()), "")
        XCTAssertEqual(String("a b".trimmingWhitespace()), "a b")
        XCTAssertEqual(homeDirectory, ProcessInfo.processInfo.environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? homeDirectory)
        let memory = StartupTrace.residentMemory()
        XCTAssertGreaterThan(memory.current, 1024, "some resident memory, in KiB")
        XCTAssertGreaterThanOrEqual(memory.peak, memory.current)
    }
}
