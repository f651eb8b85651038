// SPDX-License-Identifier: GPL-3.0-or-later
import Document
import Foundation
import Geometry
import SeededRandom
import XCTest
@testable import DocumentPoppler

/// Seeded random editing sessions (the `crash-session` helper: rectangles added, moved and
/// deleted, undo and redo, saves on a slow disk with edits made while the file is written)
/// killed with SIGKILL at a random moment: the file is the old or the new version byte for
/// byte, and the file with its journal rebuilds exactly the state of the last step done, or of
/// the step under way.
///
/// `CRASH_SESSIONS` sets how many sessions run (6 by default; the benchmark runs more).
final class CrashRecoveryTests: XCTestCase {
    var folder: TemporaryFolder!
    override func tearDown() {
        folder = nil  // XCTest keeps test cases alive to the end: remove the folder now
        super.tearDown()
    }

    override func setUpWithError() throws { folder = try TemporaryFolder() }

    /// The helper, built beside the tests.
    private func helper() throws -> String {
        var folder = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        for _ in 0..<4 {
            let candidate = folder.appendingPathComponent("crash-session").path
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
            folder.deleteLastPathComponent()
        }
        throw XCTSkip("the crash-session helper is not built (swift build --build-tests builds it)")
    }

    /// FNV-1a 64 of every byte, as the helper prints it.
    private func hash<Bytes: Sequence>(_ bytes: Bytes) -> String where Bytes.Element == UInt8 {
        var h: UInt64 = 0xcbf2_9ce4_8422_2325
        for b in bytes { h = (h ^ UInt64(b)) &* 0x100_0000_01b3 }
        return String(h, radix: 16)
    }

    /// Every annotation (page, kind, rectangle, text), as the helper digests it.
    private func digest(_ editor: DocumentEditor) -> String {
        var items: [String] = []
        for page in 0..<editor.pageCount {
            for a in editor.annotations(on: PageIndex(page)) {
                let r = a.rect
                items.append(String(format: "%d/%@/%.2f,%.2f,%.2f,%.2f/%@", page, a.subtype.rawValue, r.minX, r.minY, r.width, r.height, a.contents ?? ""))
            }
        }
        return hash(Array(items.sorted().joined(separator: "|").utf8))
    }

    /// What the helper said before it died.
    private struct Transcript {
        var done: String?
        var underWay: String?
        var fileHashes: Set<String>
        var steps = 0
        var saves = 0
        var killedInSave = false

        init(_ output: String, original: String) {
            fileHashes = [original]
            for line in output.split(separator: "\n") {
                let words = line.split(separator: " ").map(String.init)
                switch words.first {
                case "state": done = words[1]
                case "begin": underWay = words[2]; steps = Int(words[1]) ?? steps
                case "done": done = underWay ?? done; underWay = nil
                case "refused": underWay = nil
                case "save": fileHashes = [words[1], words[2]]; killedInSave = true; saves += 1
                case "saved": fileHashes = [words[1]]; killedInSave = false
                case "save-failed": fileHashes = [fileHashes.first ?? original]; killedInSave = false
                default: break
                }
            }
        }
    }

    func testAKilledSessionLeavesAWholeFileAndAJournalThatRebuildsItsLastState() throws {
        let binary = try helper()
        let sessions = ProcessInfo.processInfo.environment["CRASH_SESSIONS"].flatMap(Int.init) ?? 6
        var random = SeededGenerator(seed: 2026_11_26)
        var savesCut = 0, stepsCut = 0
        for session in 0..<sessions {
            let path = folder.path("session-\(session).pdf")
            try FileManager.default.copyItem(atPath: try DeveloperPDFSet.path("annots-highlights-14p.pdf"), toPath: path)
            try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: path)
            let original = hash(Array(try Data(contentsOf: URL(fileURLWithPath: path))))
            let journalURL = folder.url.appendingPathComponent("session-\(session).jsonl")

            let process = Process()
            process.executableURL = URL(fileURLWithPath: binary)
            let seed = random.next() % 1_000_000
            process.arguments = [path, journalURL.path, String(seed), "100000"]
            let output = Pipe()
            process.standardOutput = output
            process.standardError = FileHandle.nullDevice
            try process.run()
            let delay = UInt32(200_000 + random.next() % 1_800_000)
            usleep(delay)
            kill(process.processIdentifier, SIGKILL)
            let said = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            let transcript = Transcript(said, original: original)
            XCTAssertFalse(said.contains("finished"), "session \(session) was killed before it ended")
            XCTAssertGreaterThan(transcript.steps, 0, "session \(session) made steps before it was killed: \(said.prefix(300))")

            let file = hash(Array(try Data(contentsOf: URL(fileURLWithPath: path))))
            XCTAssertTrue(transcript.fileHashes.contains(file), "session \(session): the file is the old or the new version, byte for byte")

            let editor = try DocumentEditor.open(path: path, password: nil)
            let journal = EditJournal(url: journalURL)
            if let read = journal.read() {
                let contents = try XCTUnwrap(read.applying(to: path), "session \(session): the journal applies to the file left behind")
                do {
                    try editor.restore(contents)
                } catch {
                    XCTFail("session \(session) (seed \(seed), killed after \(delay) µs): the journal does not replay: \(error); "
                            + "steps \(contents.lines.map { "\($0.step.rawValue) \($0.record.name)" }); said: …\(said.suffix(600))")
                    continue
                }
            }
            let rebuilt = digest(editor)
            let expected = [transcript.done, transcript.underWay].compactMap { $0 }
            XCTAssertTrue(expected.contains(rebuilt), "session \(session): file and journal rebuild the last state (step \(transcript.steps))")
            if transcript.killedInSave { savesCut += 1 } else { stepsCut += 1 }
        }
        print("crash sessions: \(sessions) killed, \(savesCut) of them in the middle of a save")
    }
}
