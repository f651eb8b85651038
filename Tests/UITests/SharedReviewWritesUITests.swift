// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import StateSnapshot
import TestSupport
import XCTest

/// What one reviewer's app writes to a shared review folder and how it marks what others
/// changed: many quick edits become packets in the device's file in their order, every one of
/// them there once the app has quit; an annotation another reviewer changed stops being marked
/// "Changed" once it is selected on the page or its note is opened.
final class SharedReviewWritesUITests: XCTestCase {
    /// One A5 page with no annotations.
    static let blankPage = HandWrittenPDF.pages(1, catalogEntries: "")

    /// A session on a copy of the blank page shared for review in a folder of its own.
    private func sharedSession(environment: [String: String] = [:]) throws
        -> (session: AppSession, app: Process, folder: URL, review: SharedReviewSnapshot) {
        let session = try AppSession()
        let path = session.workDir.appendingPathComponent("doc.pdf").path
        try Self.blankPage.write(to: URL(fileURLWithPath: path))
        let folder = session.workDir.appendingPathComponent("review")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let app = try session.launch([path], environment: environment)
        session.waitFor("shown and editable") { s in
            s.windows.first.map { $0.content == "document" && $0.isEditable && $0.missingTiles == 0 } == true
        }
        session.activate("share-for-review", "[<'\(folder.path)'>]")
        let review = try XCTUnwrap(session.waitFor("shared") { $0.windows.first?.sharedReview != nil }?.windows.first?.sharedReview)
        return (session, app, folder, review)
    }

    /// An XFDF file with one highlight named `name`, at the `index`th place down the page.
    private func highlightFile(_ name: String, index: Int, in session: AppSession) throws -> String {
        let y = 540 - index * 30
        let path = session.workDir.appendingPathComponent("\(name).xfdf").path
        try Data("""
            <?xml version="1.0" encoding="UTF-8"?>
            <xfdf xmlns="http://ns.adobe.com/xfdf/" xml:space="preserve"><annots>
            <highlight page="0" rect="60,\(y),260,\(y + 20)" name="\(name)" title="Writer" date="D:202612031000\(String(format: "%02d", index))Z"
              color="#FFFF00" coords="60,\(y + 20),260,\(y + 20),60,\(y),260,\(y)"><contents>Edit \(index)</contents></highlight>
            </annots></xfdf>
            """.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    func testManyQuickEditsArePacketsInTheirOrderAllWrittenWhenTheAppQuits() throws {
        let (session, app, folder, review) = try sharedSession()
        let count = 12
        let files = try (0..<count).map { try highlightFile("quick-\($0)", index: $0, in: session) }
        // One after the other, without waiting: the packets are written on a worker meanwhile.
        for file in files { session.activate("import-annotations", "[<'\(file)'>]") }
        session.waitFor("every edit made") { s in
            (s.windows.first?.reviewThreads?.filter { $0.name?.hasPrefix("quick-") == true }.count ?? 0) == count
        }
        session.key("ctrl+s", runs: "save")
        session.waitFor("saved") { $0.windows.first.map { !$0.hasUnsavedChanges && !$0.saving } == true }
        // Quit at once: what is still being written, or still waits, is written before the end.
        try quit(app, in: session)
        try checkPackets(in: folder.appendingPathComponent(review.device + ".xfdf-review"), hold: (0..<count).map { "quick-\($0)" })
    }

    func testAPacketWriteUnderWayNeitherHoldsUpTheWindowNorIsLostWhenTheAppQuits() throws {
        // Each packet write waits 1.5 s on its worker before it writes, as on a slow network folder.
        let (session, app, folder, review) = try sharedSession(environment: ["PDF_ANNOTATOR_TEST_REVIEW_WRITE_PAUSE": "1500000"])
        let first = try highlightFile("slow-0", index: 0, in: session), second = try highlightFile("slow-1", index: 1, in: session)
        session.activate("import-annotations", "[<'\(first)'>]")
        session.waitFor("the first packet is being written") { $0.windows.first?.sharedReview?.pendingPackets == 1 }
        // The window answers meanwhile: the next edit is made and shown while the packet before
        // it is still on its way (a write on the main thread would have held both up).
        session.activate("import-annotations", "[<'\(second)'>]")
        session.waitFor("the second edit shown while a packet is still being written") { s in
            s.windows.first.map { w in
                w.reviewThreads?.contains { $0.name == "slow-1" } == true && (w.sharedReview?.pendingPackets ?? 0) >= 1
            } == true
        }
        session.key("ctrl+s", runs: "save")
        session.waitFor("saved") { $0.windows.first.map { !$0.hasUnsavedChanges && !$0.saving } == true }
        // Quit with a write under way: the app waits for it and writes what still waits.
        try quit(app, in: session)
        try checkPackets(in: folder.appendingPathComponent(review.device + ".xfdf-review"), hold: ["slow-0", "slow-1"])
    }

    /// Quits the app (`app.quit`, as Ctrl+Q does) and waits for it to end.
    private func quit(_ app: Process, in session: AppSession) throws {
        _ = session.run("gdbus", ["call", "--session", "--dest", AppSession.applicationID, "--object-path",
                                  "/io/github/pdfannotator/PdfAnnotator", "--method", "org.gtk.Actions.Activate", "quit", "[]", "{}"])
        session.waitForExit(app, timeout: 30)
        XCTAssertFalse(app.isRunning, "the app quit")
    }

    /// The device's file holds packets 1, 2, … in that order, with the edits named `names` in
    /// them, each in a packet no earlier than the one before it.
    private func checkPackets(in file: URL, hold names: [String], line: UInt = #line) throws {
        let packets = try ReviewPacketFile.packets(in: Data(contentsOf: file))
        XCTAssertFalse(packets.isEmpty, line: line)
        XCTAssertEqual(packets.map(\.sequence), Array(1...max(1, packets.count)), "the packets in their order, none twice, none missing",
                       line: line)
        var packetOf: [String: Int] = [:]
        for (i, packet) in packets.enumerated() { for name in packet.changes where packetOf[name] == nil { packetOf[name] = i } }
        let places = try names.map { try XCTUnwrap(packetOf[$0], "\($0) written", line: line) }
        XCTAssertEqual(places, places.sorted(), "edits written in the order they were made", line: line)
        print("shared review: \(names.count) edits in \(packets.count) packets, written in order")
    }

    func testAChangedAnnotationIsSeenOnceSelectedOnThePageOrItsNoteOpened() throws {
        try AppSession.skipUnderWayland("clicks on the page with xdotool")
        let (session, app, folder, review) = try sharedSession()
        let pid = Int(app.processIdentifier)
        // Another reviewer's packet: a highlight and a note.
        let xml = """
            <?xml version="1.0" encoding="UTF-8"?>
            <xfdf xmlns="http://ns.adobe.com/xfdf/" xml:space="preserve"><annots>
            <highlight page="0" rect="60,480,260,500" name="peer-h" title="Peer" date="D:20261203100000Z" color="#FFFF00"
              coords="60,500,260,500,60,480,260,480"><contents>Look here</contents></highlight>
            <text page="0" rect="300,300,330,330" name="peer-n" title="Peer" date="D:20261203100100Z" icon="Comment"
              flags="nozoom,norotate"><contents>And here</contents></text>
            </annots>
            <ids original="\(review.document)" modified="\(review.document)"/>
            <review xmlns="urn:x-pdf-annotator:shared-review" device="peer" sequence="1">
            <change name="peer-h" date="D:20261203100000Z"/>
            <change name="peer-n" date="D:20261203100100Z"/>
            </review>
            </xfdf>

            """
        let body = Data(xml.utf8)
        let staged = session.workDir.appendingPathComponent("peer.xfdf-review")
        try (Data("%REVIEW-PACKET \(body.count)\n".utf8) + body).write(to: staged)
        XCTAssertEqual(rename(staged.path, folder.appendingPathComponent("peer.xfdf-review").path), 0)
        let merged = try XCTUnwrap(session.waitFor("both merged, marked changed") { s in
            s.windows.first.map { w in
                w.sharedReview?.changed == ["peer-h", "peer-n"] && w.missingTiles == 0
                    && ["peer-h", "peer-n"].allSatisfy { name in
                        w.reviewThreads?.first { $0.name == name }.map { t in w.annotations.contains { $0.id == t.id } } == true
                    }
            } ?? false
        }?.windows.first)
        let origin = try XCTUnwrap(session.windowOrigin(pid: pid))
        func centre(of name: String) throws -> (String, String) {
            let id = try XCTUnwrap(merged.reviewThreads?.first { $0.name == name }?.id)
            let a = try XCTUnwrap(merged.annotations.first { $0.id == id })
            return (String(Int(origin.x + merged.canvasX + a.x + a.width / 2)), String(Int(origin.y + merged.canvasY + a.y + a.height / 2)))
        }

        // Selected on the page: the highlight is seen, the note still marked.
        let (hx, hy) = try centre(of: "peer-h")
        session.xdotool("mousemove", hx, hy)
        session.xdotool("click", "1")
        session.waitFor("the highlight selected and seen") { s in
            s.windows.first.map { !$0.selectedAnnotations.isEmpty && $0.sharedReview?.changed == ["peer-n"] } == true
        }

        // Its note opened: the note is seen too.
        let (nx, ny) = try centre(of: "peer-n")
        session.xdotool("mousemove", nx, ny)
        session.xdotool("click", "--repeat", "2", "--delay", "80", "1")
        session.waitFor("the note's window open and the note seen") { s in
            s.windows.first.map { $0.dialog == "note" && $0.sharedReview?.changed == [] } == true
        }
    }
}

/// The packets of a device's review file, read as the frames say: each frame's `<review>`
/// sequence and the names it changes, in their order.
enum ReviewPacketFile {
    struct Packet {
        var sequence: Int
        var changes: [String]
    }

    static func packets(in data: Data, file: StaticString = #filePath, line: UInt = #line) throws -> [Packet] {
        let bytes = [UInt8](data)
        let marker = Array("%REVIEW-PACKET ".utf8)
        let review = try NSRegularExpression(pattern: "<review [^>]*sequence=\"([0-9]+)\"")
        let change = try NSRegularExpression(pattern: "<change name=\"([^\"]*)\"")
        var at = 0
        var packets: [Packet] = []
        while at < bytes.count {
            guard bytes[at...].starts(with: marker), let newline = bytes[at...].firstIndex(of: 0x0A),
                  let length = Int(String(decoding: bytes[(at + marker.count)..<newline], as: UTF8.self)),
                  newline + 1 + length <= bytes.count else {
                XCTFail("not a whole packet frame at byte \(at)", file: file, line: line)
                break
            }
            let body = String(decoding: bytes[(newline + 1)..<(newline + 1 + length)], as: UTF8.self)
            let whole = NSRange(body.startIndex..., in: body)
            func group(_ match: NSTextCheckingResult) -> String { String(body[Range(match.range(at: 1), in: body)!]) }
            let sequence = try XCTUnwrap(review.firstMatch(in: body, range: whole).map(group).flatMap { Int($0) }, "a packet's sequence",
                                         file: file, line: line)
            packets.append(Packet(sequence: sequence, changes: change.matches(in: body, range: whole).map(group)))
            at = newline + 1 + length
        }
        return packets
    }
}
