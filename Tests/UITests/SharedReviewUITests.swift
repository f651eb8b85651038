// SPDX-License-Identifier: GPL-3.0-or-later
import BenchSupport
import Foundation
import TestSupport
import XCTest

/// Two instances of the app under one Xvfb, each on its own copy of a document (each on a
/// session bus and data folder of its own, as two reviewers' computers are), share one review
/// folder: a highlight made in the first shows in the second, as one "Shared Review Changes"
/// step, marked changed in its list; a reply and a deletion made in the second reach the first;
/// edits both make to one annotation while the folder is away are shown as a conflict, the newest
/// winning in both; and an edit made while the second is closed reaches it when it opens again.
final class SharedReviewUITests: XCTestCase {
    func testAHighlightMadeInOneInstanceShowsInTheOther() throws {
        let shared = try AppSession.sharedPDF("annots-text-highlight-ink.pdf")
        let session = try AppSession()
        let work = session.workDir
        let first = work.appendingPathComponent("first.pdf").path, second = work.appendingPathComponent("second.pdf").path
        for copy in [first, second] {
            try FileManager.default.copyItem(atPath: shared, toPath: copy)
            try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: copy)
        }
        let folder = work.appendingPathComponent("review")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)

        // The second reviewer: a bus of its own (else its launch hands the file to the first
        // instance), its own data folder (its own device id) and state dump.
        let bus = Process()
        bus.executableURL = URL(fileURLWithPath: AppSession.which("dbus-daemon") ?? "/usr/bin/dbus-daemon")
        bus.arguments = ["--session", "--nofork", "--print-address=1"]
        let busOut = Pipe()
        bus.standardOutput = busOut
        bus.standardError = FileHandle.nullDevice
        try bus.run()
        defer { bus.terminate() }
        let address = XvfbDisplay.readLine(busOut.fileHandleForReading)
        let secondState = work.appendingPathComponent("second-state.json")
        let secondEnvironment = [
            "DBUS_SESSION_BUS_ADDRESS": address, "XDG_DATA_HOME": work.appendingPathComponent("data-2").path,
            "XDG_STATE_HOME": work.appendingPathComponent("state-2").path, "XDG_CONFIG_HOME": work.appendingPathComponent("config-2").path,
        ]
        func waitForSecond(_ message: String, _ condition: @escaping (AppSession.Window) -> Bool) -> AppSession.Window? {
            session.waitFor("the second instance: \(message)", timeout: 30, stateFile: secondState) { s in
                s.windows.first.map(condition) ?? false
            }?.windows.first
        }
        func activateInSecond(_ action: String, _ parameter: String, path: String = "/io/github/pdfannotator/PdfAnnotator/window/1") {
            _ = HeadlessSession.output(of: AppSession.which("gdbus") ?? "/usr/bin/gdbus",
                                       ["call", "--session", "--dest", AppSession.applicationID, "--object-path",
                                        path, "--method", "org.gtk.Actions.Activate", action,
                                        parameter, "{}"],
                                       environment: session.environment.merging(secondEnvironment) { _, new in new })
        }
        /// An XFDF file in the work folder.
        func xfdfFile(_ name: String, _ body: String) throws -> String {
            let path = work.appendingPathComponent(name).path
            try Data(("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<xfdf xmlns=\"http://ns.adobe.com/xfdf/\" xml:space=\"preserve\">"
                      + body + "</xfdf>").utf8).write(to: URL(fileURLWithPath: path))
            return path
        }

        let app = try session.launch([first])
        let secondApp = try session.launch(["--state-file", secondState.path, second], withStateFile: false, environment: secondEnvironment)
        session.waitFor("the first shown and editable") { s in
            s.pid == Int(app.processIdentifier) && s.windows.first.map { $0.content == "document" && $0.isEditable } == true
        }
        _ = waitForSecond("shown and editable") { $0.content == "document" && $0.isEditable }

        session.activate("share-for-review", "[<'\(folder.path)'>]")
        activateInSecond("share-for-review", "[<'\(folder.path)'>]")
        let firstShared = try XCTUnwrap(session.waitFor("the first shares the folder") { $0.windows.first?.sharedReview != nil }?
            .windows.first?.sharedReview)
        let secondShared = try XCTUnwrap(waitForSecond("the second shares the folder") { $0.sharedReview != nil }?.sharedReview)
        XCTAssertNotEqual(firstShared.device, secondShared.device, "two devices")
        XCTAssertNil(secondShared.problem)

        // A highlight made in the first (brought in from an XFDF file, an edit like any other).
        let xfdf = work.appendingPathComponent("highlight.xfdf").path
        try Data("""
            <?xml version="1.0" encoding="UTF-8"?>
            <xfdf xmlns="http://ns.adobe.com/xfdf/" xml:space="preserve"><annots>
            <highlight page="0" rect="100,600,300,620" name="shared-h1" title="First Reviewer" date="D:20261203100000Z" color="#FFFF00"
              coords="100,620,300,620,100,600,300,600"><contents>Look here</contents></highlight>
            </annots></xfdf>
            """.utf8).write(to: URL(fileURLWithPath: xfdf))
        session.activate("import-annotations", "[<'\(xfdf)'>]")
        session.waitFor("the highlight is made in the first") { $0.windows.first?.undoName == "Import Annotations" }
        session.waitFor("its packet is written") { s in
            FileManager.default.fileExists(atPath: folder.appendingPathComponent(firstShared.device + ".xfdf-review").path)
                && s.windows.first?.sharedReview?.pendingPackets == 0
        }

        let shown = try XCTUnwrap(waitForSecond("the highlight shows in the second") { w in
            w.reviewThreads?.contains { $0.name == "shared-h1" } == true && w.undoName == "Shared Review Changes"
        })
        let thread = try XCTUnwrap(shown.reviewThreads?.first { $0.name == "shared-h1" })
        XCTAssertEqual(thread.author, "First Reviewer")
        XCTAssertEqual(thread.text, "Look here")
        XCTAssertEqual(shown.sharedReview?.changed, ["shared-h1"], "marked changed until looked at")
        XCTAssertEqual(shown.sharedReview?.devicesSeen.keys.sorted(), [firstShared.device])
        XCTAssertEqual(shown.sharedReview?.conflicts, [])

        // A reply made in the second shows under the highlight in the first.
        let reply = work.appendingPathComponent("reply.xfdf").path
        try Data("""
            <?xml version="1.0" encoding="UTF-8"?>
            <xfdf xmlns="http://ns.adobe.com/xfdf/" xml:space="preserve"><annots>
            <text page="0" rect="100,600,120,620" name="shared-r1" title="Second Reviewer" date="D:20261203110000Z" inreplyto="shared-h1"
              flags="nozoom,norotate"><contents>Done</contents></text>
            </annots></xfdf>
            """.utf8).write(to: URL(fileURLWithPath: reply))
        activateInSecond("import-annotations", "[<'\(reply)'>]")
        let answered = try XCTUnwrap(session.waitFor("the reply shows in the first") { s in
            s.windows.first?.reviewThreads?.contains { $0.name == "shared-r1" } == true
        }?.windows.first)
        let parent = answered.reviewThreads?.first { $0.name == "shared-h1" }
        XCTAssertEqual(answered.reviewThreads?.first { $0.name == "shared-r1" }?.inReplyTo, parent?.id, "under the highlight")
        XCTAssertEqual(parent?.replies, 1)

        // The folder goes away: the first says so, keeps what it makes meanwhile, and writes it
        // once the folder is back, where the second picks it up.
        let away = work.appendingPathComponent("review-away")
        try FileManager.default.moveItem(at: folder, to: away)
        let problem = try XCTUnwrap(session.waitFor("the first says the folder is gone") { $0.windows.first?.sharedReview?.problem != nil }?
            .windows.first?.sharedReview)
        XCTAssertNotNil(problem.problem)
        let offline = work.appendingPathComponent("offline.xfdf").path
        try Data("""
            <?xml version="1.0" encoding="UTF-8"?>
            <xfdf xmlns="http://ns.adobe.com/xfdf/" xml:space="preserve"><annots>
            <highlight page="0" rect="100,500,300,520" name="shared-h2" title="First Reviewer" date="D:20261203120000Z" color="#FFFF00"
              coords="100,520,300,520,100,500,300,500"><contents>Made offline</contents></highlight>
            </annots></xfdf>
            """.utf8).write(to: URL(fileURLWithPath: offline))
        session.activate("import-annotations", "[<'\(offline)'>]")
        session.waitFor("the packet waits") { $0.windows.first?.sharedReview?.pendingPackets == 1 }
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder.path), "a folder that is gone is not made again")
        try FileManager.default.moveItem(at: away, to: folder)
        session.waitFor("written once the folder is back") { s in
            s.windows.first?.sharedReview.map { $0.pendingPackets == 0 && $0.problem == nil } == true
        }
        _ = waitForSecond("the offline highlight reaches the second") { $0.reviewThreads?.contains { $0.name == "shared-h2" } == true }

        // A deletion made in the second reaches the first.
        activateInSecond("import-annotations", "[<'\(try xfdfFile("delete.xfdf", "<delete><annot name=\"shared-h2\"/></delete>"))'>]")
        _ = waitForSecond("the deletion is made in the second") { w in w.reviewThreads.map { !$0.contains { $0.name == "shared-h2" } } == true }
        session.waitFor("the deletion reaches the first") { s in
            s.windows.first?.reviewThreads.map { threads in !threads.contains { $0.name == "shared-h2" } && threads.contains { $0.name == "shared-h1" } } == true
        }

        // Both change the highlight while the folder is away: once it is back, each shows the
        // conflict, and both keep the newer change (the second's).
        try FileManager.default.moveItem(at: folder, to: away)
        session.waitFor("the first says the folder is gone again") { $0.windows.first?.sharedReview?.problem != nil }
        let mine = try xfdfFile("first-edit.xfdf", """
            <annots><highlight page="0" rect="100,600,300,620" name="shared-h1" title="First Reviewer" date="D:20991203130000Z" color="#FFFF00"
              coords="100,620,300,620,100,600,300,600"><contents>First's change</contents></highlight></annots>
            """)
        let theirs = try xfdfFile("second-edit.xfdf", """
            <annots><highlight page="0" rect="100,600,300,620" name="shared-h1" title="First Reviewer" date="D:20991203133000Z" color="#00FF00"
              coords="100,620,300,620,100,600,300,600"><contents>Second's change</contents></highlight></annots>
            """)
        session.activate("import-annotations", "[<'\(mine)'>]")
        session.waitFor("the first's change waits") { $0.windows.first?.sharedReview?.pendingPackets == 1 }
        activateInSecond("import-annotations", "[<'\(theirs)'>]")
        _ = waitForSecond("the second's change waits") { $0.sharedReview?.pendingPackets == 1 }
        try FileManager.default.moveItem(at: away, to: folder)
        let firstConflict = try XCTUnwrap(session.waitFor("the first shows the conflict") { s in
            s.windows.first.map { $0.sharedReview?.conflicts == ["shared-h1"] && $0.sharedReview?.pendingPackets == 0 } == true
                && s.windows.first?.reviewThreads?.first { $0.name == "shared-h1" }?.text == "Second's change"
        }?.windows.first)
        XCTAssertNil(firstConflict.sharedReview?.problem)
        _ = try XCTUnwrap(waitForSecond("the second shows the conflict, its change kept") { w in
            w.sharedReview?.conflicts == ["shared-h1"] && w.reviewThreads?.first { $0.name == "shared-h1" }?.text == "Second's change"
        })

        // The second saves and quits; the first adds a highlight meanwhile; the second, opened
        // again, picks it up from the folder.
        activateInSecond("save", "[]")
        _ = try XCTUnwrap(waitForSecond("the second saved") { $0.hasUnsavedChanges == false && $0.saving == false })
        activateInSecond("quit", "[]", path: "/io/github/pdfannotator/PdfAnnotator")
        secondApp.waitUntilExit()
        try? FileManager.default.removeItem(at: secondState)
        let whileClosed = try xfdfFile("closed.xfdf", """
            <annots><highlight page="0" rect="100,400,300,420" name="shared-h3" title="First Reviewer" date="D:20261203140000Z" color="#FFFF00"
              coords="100,420,300,420,100,400,300,400"><contents>While you were away</contents></highlight></annots>
            """)
        session.activate("import-annotations", "[<'\(whileClosed)'>]")
        session.waitFor("written while the second is closed") { s in
            s.windows.first?.sharedReview?.pendingPackets == 0 && s.windows.first?.reviewThreads?.contains { $0.name == "shared-h3" } == true
        }
        try session.launch(["--state-file", secondState.path, second], withStateFile: false, environment: secondEnvironment)
        let reopened = try XCTUnwrap(waitForSecond("the edit made while it was closed arrives") { w in
            w.reviewThreads?.contains { $0.name == "shared-h3" } == true
        })
        XCTAssertNotNil(reopened.sharedReview, "the review resumed with the document")
        XCTAssertEqual(reopened.reviewThreads?.first { $0.name == "shared-h1" }?.text, "Second's change", "what it saved is kept")
    }
}

/// What merging a packet of 100 changes costs in the running app: the main thread's time of
/// the merge (the state dump's `lastMergeMs`) and the time from the packet's file arriving in
/// the folder (renamed in whole, as a sync service does) to the 100 annotations being in the
/// dump. Printed as figures, not asserted (the machine's load decides them).
final class SharedReviewMergeCostUITests: XCTestCase {
    func testAPacketOfAHundredChangesIsMergedAsOneStep() throws {
        let shared = try AppSession.sharedPDF("annots-text-highlight-ink.pdf")
        let session = try AppSession()
        let work = session.workDir
        let path = work.appendingPathComponent("doc.pdf").path
        try FileManager.default.copyItem(atPath: shared, toPath: path)
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: path)
        let folder = work.appendingPathComponent("review")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try session.launch([path])
        session.waitFor("shown and editable") { $0.windows.first.map { $0.content == "document" && $0.isEditable } == true }
        session.activate("share-for-review", "[<'\(folder.path)'>]")
        let review = try XCTUnwrap(session.waitFor("shared") { $0.windows.first?.sharedReview != nil }?.windows.first?.sharedReview)

        let count = Int(ProcessInfo.processInfo.environment["SHARED_REVIEW_BENCH_CHANGES"] ?? "") ?? 100
        var annots = "", changes = ""
        for i in 0..<count {
            let x = 60 + Double(i % 10) * 45, y = 700 - Double(i / 10) * 40
            let date = String(format: "D:20261203%02d%02d%02dZ", 10 + i / 3600, (i / 60) % 60, i % 60)
            annots += "<highlight page=\"0\" rect=\"\(x),\(y),\(x + 40),\(y + 12)\" name=\"peer-\(i)\" title=\"Peer\" date=\"\(date)\" "
                + "color=\"#FFFF00\" coords=\"\(x),\(y + 12),\(x + 40),\(y + 12),\(x),\(y),\(x + 40),\(y)\"><contents>Change \(i)</contents></highlight>\n"
            changes += "<change name=\"peer-\(i)\" date=\"\(date)\"/>\n"
        }
        let xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<xfdf xmlns=\"http://ns.adobe.com/xfdf/\" xml:space=\"preserve\">\n"
            + "<annots>\n\(annots)</annots>\n<ids original=\"\(review.document)\" modified=\"\(review.document)\"/>\n"
            + "<review xmlns=\"urn:x-pdf-annotator:shared-review\" device=\"peer\" sequence=\"1\">\n\(changes)</review>\n</xfdf>\n"
        let body = Data(xml.utf8)
        let packet = Data("%REVIEW-PACKET \(body.count)\n".utf8) + body
        let staged = work.appendingPathComponent("peer.xfdf-review")
        try packet.write(to: staged)

        let arrived = Date()
        XCTAssertEqual(rename(staged.path, folder.appendingPathComponent("peer.xfdf-review").path), 0)
        let merged = try XCTUnwrap(session.waitFor("the \(count) changes are in the document") { s in
            (s.windows.first?.reviewThreads?.filter { $0.name?.hasPrefix("peer-") == true }.count ?? 0) == count
        }?.windows.first)
        let shownAfter = Date().timeIntervalSince(arrived)
        XCTAssertEqual(merged.undoName, "Shared Review Changes")
        XCTAssertEqual(merged.sharedReview?.merges, 1, "one step")
        let mainThread = try XCTUnwrap(merged.sharedReview?.lastMergeMs)
        print(String(format: "shared review: %d changes merged in %.1f ms of main-thread time, shown %.0f ms after the file arrived",
                     count, mainThread, shownAfter * 1000))
    }
}
