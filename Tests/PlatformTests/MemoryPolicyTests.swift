// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Platform
import XCTest

/// Tile-sized buffers freed between small allocations that live on (as the app's tiles are,
/// between GTK's and poppler's own) stay resident until the memory policy returns them.
final class MemoryPolicyTests: XCTestCase {
    /// Resident memory of this process, in KiB (`VmRSS`).
    private func residentKiB() throws -> Int {
        let status = try String(contentsOfFile: "/proc/self/status", encoding: .utf8)
        let line = try XCTUnwrap(status.split(separator: "\n").first { $0.hasPrefix("VmRSS:") })
        return try XCTUnwrap(Int(line.split(separator: " ", omittingEmptySubsequences: true)[1]))
    }

    func testFreedTileSizedBuffersBetweenLiveAllocationsAreReturnedToTheSystem() throws {
        guard FileManager.default.fileExists(atPath: "/proc/self/status") else { throw XCTSkip("needs /proc") }
        let megabyte = 1 << 20, count = 48
        var keep: [UnsafeMutableRawPointer] = []
        // What earlier tests freed goes first, so that the buffers below need pages of their own
        // (reusing resident free pages, they would not show as held).
        MemoryPolicy.returnFreedMemory()
        let before = try residentKiB()
        for _ in 0..<3 {
            var buffers: [UnsafeMutableRawPointer] = []
            for _ in 0..<count {
                let buffer = try XCTUnwrap(malloc(megabyte))
                memset(buffer, 0x5a, megabyte)
                buffers.append(buffer)
                // A small allocation that outlives the buffer, right after it in the heap.
                keep.append(try XCTUnwrap(malloc(64)))
            }
            XCTAssertGreaterThan(try residentKiB(), before + count * 1024 * 3 / 4, "held buffers are resident")
            buffers.forEach { free($0) }
        }
        MemoryPolicy.returnFreedMemory()
        let after = try residentKiB()
        keep.forEach { free($0) }
        XCTAssertLessThan(after, before + 8 * 1024, "freed buffers left the process (\(before) → \(after) KiB)")
    }

    /// The heaps (glibc's arenas) in this process, from `malloc_info`.
    private func heapCount() throws -> Int {
        typealias MallocInfo = @convention(c) (Int32, UnsafeMutablePointer<FILE>?) -> Int32
        let info = unsafeBitCast(try XCTUnwrap(dlsym(nil, "malloc_info")), to: MallocInfo.self)
        let file = try XCTUnwrap(tmpfile())
        defer { fclose(file) }
        XCTAssertEqual(info(0, file), 0)
        rewind(file)
        var text = "", line = [CChar](repeating: 0, count: 4096)
        while fgets(&line, Int32(line.count), file) != nil { text += String(cString: line) }
        return text.components(separatedBy: "<heap nr=").count - 1
    }

    /// Set in the fresh process that ``testThreadsStartedAfterTheLimitShareAtMostTwoHeaps`` runs in.
    private static let freshProcessVariable = "MEMORY_POLICY_TEST_FRESH_PROCESS"

    /// glibc fixes its heap limit once, the first time a process has more heaps than it allows
    /// at first (eight): after that, `mallopt` no longer changes it. The app sets the limit first
    /// in `main`; earlier tests in this process may already have made more heaps than eight, so
    /// the check runs again alone, in a process of its own.
    func testThreadsStartedAfterTheLimitShareAtMostTwoHeaps() throws {
        guard getenv("MALLOC_ARENA_MAX") == nil else { throw XCTSkip("MALLOC_ARENA_MAX chooses the heaps here") }
        guard getenv(Self.freshProcessVariable) != nil else {
            let process = Process(), output = Pipe()
            process.executableURL = URL(fileURLWithPath: CommandLine.arguments[0])
            process.arguments = ["PlatformTests.MemoryPolicyTests/testThreadsStartedAfterTheLimitShareAtMostTwoHeaps"]
            process.environment = ProcessInfo.processInfo.environment.merging([Self.freshProcessVariable: "1"]) { $1 }
            process.standardOutput = output
            process.standardError = output
            try process.run()
            let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            XCTAssertEqual(process.terminationStatus, 0, "the check passes in a process of its own:\n\(text)")
            XCTAssertTrue(text.contains("Executed 1 test"), "the check ran in a process of its own:\n\(text)")
            return
        }
        XCTAssertTrue(MemoryPolicy.limitHeaps(), "glibc takes the limit")
        let before = try heapCount()
        // Eight threads allocating at once, each meeting the others' heaps busy: without the
        // limit each would make a heap of its own.
        let group = DispatchGroup(), start = DispatchSemaphore(value: 0)
        for _ in 0..<8 {
            group.enter()
            Thread.detachNewThread {
                start.wait()
                var blocks: [UnsafeMutableRawPointer?] = []
                for size in 0..<4000 { blocks.append(malloc(64 + size % 3000)) }
                blocks.forEach { free($0) }
                group.leave()
            }
        }
        for _ in 0..<8 { start.signal() }
        group.wait()
        XCTAssertLessThanOrEqual(try heapCount(), max(before, MemoryPolicy.heapLimit), "no thread made a heap of its own")
    }
}
