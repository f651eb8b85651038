// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import XCTest

/// What a screen reader finds, walked through AT-SPI as Orca does (python3-gi's Atspi): the
/// page view is a document named after the document whose description holds the page in view
/// and its text, and no button on screen is without a name.
final class AccessibilityUITests: XCTestCase {
    private static let walker = """
    import gi, sys, json
    gi.require_version('Atspi', '2.0')
    from gi.repository import Atspi
    out = []
    def walk(node, depth):
        if node is None or len(out) > 5000: return
        try:
            role = node.get_role_name(); name = node.get_name() or ""; desc = node.get_description() or ""
            showing = node.get_state_set().contains(Atspi.StateType.SHOWING)
        except Exception: return
        out.append({"role": role, "name": name, "description": desc, "showing": showing})
        try: count = node.get_child_count()
        except Exception: count = 0
        for i in range(count):
            try: walk(node.get_child_at_index(i), depth + 1)
            except Exception: pass
    desktop = Atspi.get_desktop(0)
    for i in range(desktop.get_child_count()):
        app = desktop.get_child_at_index(i)
        if app and "annotator" in (app.get_name() or "").lower():
            walk(app, 0)
    json.dump(out, sys.stdout)
    """

    /// Runs the system's python3 (which has python3-gi) on the session's buses; what it printed,
    /// or "" after 20 s.
    private func python(_ session: AppSession, _ arguments: [String]) -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        process.arguments = arguments
        process.environment = session.environment
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return "" }
        let deadline = Date().addingTimeInterval(20)
        while process.isRunning, Date() < deadline { usleep(50_000) }
        if process.isRunning { process.terminate(); return "" }
        return String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    }

    func testTheAccessibilityTreeHasTheDocumentWithItsTextAndNamesEveryButton() throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/python3") else { throw XCTSkip("/usr/bin/python3 is needed") }
        let session = try AppSession()
        let probe = python(session, ["-c", "import gi; gi.require_version('Atspi', '2.0'); from gi.repository import Atspi; print('ok')"])
        guard probe.contains("ok") else { throw XCTSkip("python3-gi with gir1.2-atspi-2.0 is needed to walk the AT-SPI tree") }
        let script = session.workDir.appendingPathComponent("walk.py")
        try Self.walker.write(to: script, atomically: true, encoding: .utf8)
        let sample = AppSession.repoRoot.appendingPathComponent("data/sample.pdf").path
        let app = try session.launch([sample], environment: ["GTK_A11Y": "atspi", "NO_AT_BRIDGE": "0"])
        _ = try XCTUnwrap(session.waitFor("the document") { s in
            s.pid == Int(app.processIdentifier) && (s.windows.first.map { $0.content == "document" && $0.missingTiles == 0 } ?? false)
        })
        session.xdotool("key", "F7")
        _ = try XCTUnwrap(session.waitFor("the toolbar") { $0.windows.first?.toolbarShown == true })
        var nodes: [[String: Any]] = []
        for _ in 0..<20 {
            usleep(300_000)
            let json = python(session, [script.path])
            nodes = (try? JSONSerialization.jsonObject(with: Data(json.utf8))) as? [[String: Any]] ?? []
            if nodes.contains(where: { ($0["description"] as? String)?.contains("sample document") == true }) { break }
        }
        XCTAssertGreaterThan(nodes.count, 30, "the app's tree is on the accessibility bus")
        let document = nodes.first { ($0["role"] as? String)?.hasPrefix("document") == true }
        XCTAssertEqual(document?["name"] as? String, "PDF Annotator sample document", "the page view is the document, named after it")
        let description = document?["description"] as? String ?? ""
        XCTAssertTrue(description.hasPrefix("Page 1 of 6"), "it says the page in view: \(description.prefix(80))")
        XCTAssertTrue(description.contains("Annotating a PDF should feel like writing on paper"), "and that page's text")
        let unnamed = nodes.filter { node in
            ["push button", "toggle button"].contains(node["role"] as? String ?? "") && (node["showing"] as? Bool ?? false)
                && ((node["name"] as? String ?? "").isEmpty || (node["name"] as? String ?? "").hasPrefix("Gtk"))
        }
        XCTAssertEqual(unnamed.count, 0, "every button on screen has a name: \(unnamed)")
        for name in ["Open a Document", "Undo", "Main Menu", "Pen", "Rectangle"] {
            XCTAssertTrue(nodes.contains { ($0["name"] as? String) == name }, "a control named “\(name)”")
        }
    }
}
