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

    func testOnlyFramesLargerThanA1080pWindowsPinTheThresholdsAboveTheFrame() throws {
        XCTAssertNil(MemoryPolicy.frameHeapThresholds(frameBytes: 1920 * 1080 * 4), "1080p: glibc's own thresholds")
        XCTAssertNil(MemoryPolicy.frameHeapThresholds(frameBytes: 2560 * 1600 * 4))
        let fourK = 3840 * 2160 * 4, eightK = 7680 * 4320 * 4
        for frame in [fourK, eightK] {
            let thresholds = try XCTUnwrap(MemoryPolicy.frameHeapThresholds(frameBytes: frame))
            XCTAssertGreaterThan(thresholds.mmap, frame, "a frame's image comes from the heap")
            XCTAssertGreaterThan(thresholds.trim, thresholds.mmap + frame, "a freed frame's pages are not given back on their own")
            XCTAssertLessThan(thresholds.trim, Int(Int32.max), "mallopt takes it")
        }
    }

    /// Pages this process faulted in so far (`minflt` in /proc/self/stat).
    private func minorFaults() throws -> Int {
        let stat = try String(contentsOfFile: "/proc/self/stat", encoding: .utf8)
        // The fields after the command's closing parenthesis: state is field 3, minflt field 10.
        let fields = try XCTUnwrap(stat.split(separator: ")").last).split(separator: " ")
        return try XCTUnwrap(Int(fields[7]))
    }

    /// A frame larger than glibc's largest sliding mmap threshold (32 MiB: a 4K window whose
    /// surface is a little taller than the screen) was a fresh mapping every frame, 8,000 pages
    /// faulted in each time; once the policy keeps frames in the heap, a frame reuses the last
    /// one's resident pages. In a process of its own: the thresholds are the process's.
    func testLargeFrameImagesReuseResidentPagesOnceKeptInHeap() throws {
        guard FileManager.default.fileExists(atPath: "/proc/self/stat") else { throw XCTSkip("needs /proc") }
        guard getenv(Self.freshProcessVariable) != nil else {
            return try runAlone("testLargeFrameImagesReuseResidentPagesOnceKeptInHeap")
        }
        let frame = 3840 * 2200 * 4
        XCTAssertTrue(MemoryPolicy.keepFrameImagesInHeap(frameBytes: frame), "glibc takes the thresholds")
        XCTAssertTrue(MemoryPolicy.framesKeptInHeap)
        var kept: [UnsafeMutableRawPointer?] = []
        var faults: [Int] = []
        for _ in 0..<6 {
            let before = try minorFaults()
            // As GTK's frame: a cleared image painted all over, freed after, with small
            // allocations of the frame's between.
            let image = try XCTUnwrap(calloc(frame, 1))
            memset(image, 0x7f, frame)
            kept.append(malloc(96))
            free(image)
            faults.append(try minorFaults() - before)
        }
        kept.forEach { free($0) }
        XCTAssertGreaterThan(faults[0], frame / 4096 / 2, "the first frame's pages are new")
        XCTAssertLessThan(faults.dropFirst(2).max() ?? 0, 64, "later frames fault in nothing new: \(faults)")
    }

    /// Runs the test named `name` again, alone, in a fresh process, and checks it passed there.
    private func runAlone(_ name: String) throws {
        let process = Process(), output = Pipe()
        process.executableURL = URL(fileURLWithPath: CommandLine.arguments[0])
        process.arguments = ["PlatformTests.MemoryPolicyTests/\(name)"]
        process.environment = ProcessInfo.processInfo.environment.merging([Self.freshProcessVariable: "1"]) { $1 }
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0, "the check passes in a process of its own:\n\(text)")
        XCTAssertTrue(text.contains("Executed 1 test"), "the check ran in a process of its own:\n\(text)")
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

    /// Set in the fresh process that a check needing one of its own runs in (``runAlone(_:)``).
    private static let freshProcessVariable = "MEMORY_POLICY_TEST_FRESH_PROCESS"

    /// glibc fixes its heap limit once, the first time a process has more heaps than it allows
    /// at first (eight): after that, `mallopt` no longer changes it. The app sets the limit first
    /// in `main`; earlier tests in this process may already have made more heaps than eight, so
    /// the check runs again alone, in a process of its own.
    func testThreadsStartedAfterTheLimitShareAtMostTwoHeaps() throws {
        guard getenv("MALLOC_ARENA_MAX") == nil else { throw XCTSkip("MALLOC_ARENA_MAX chooses the heaps here") }
        guard getenv(Self.freshProcessVariable) != nil else {
            return try runAlone("testThreadsStartedAfterTheLimitShareAtMostTwoHeaps")
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
