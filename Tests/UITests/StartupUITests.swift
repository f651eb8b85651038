// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import XCTest

/// What the app loads to start: with the cairo renderer, OpenGL (Mesa, llvmpipe, LLVM) is never
/// set up — it used to cost 45–60 ms and 58 MiB before the first window.
final class StartupUITests: XCTestCase {
    let sample = AppSession.repoRoot.appendingPathComponent("data/sample.pdf").path

    /// The shared libraries mapped into the app once `document` (the sample by default) shows
    /// what `shown` asks for, launched with `changes`; with `awaiting`, read again for up to
    /// `patience` seconds until one of them satisfies it (what GTK loads on its icon threads
    /// comes a little later).
    private func librariesMapped(_ session: AppSession, document: String? = nil, environment changes: [String: String],
                                 shown: (AppSession.Window) -> Bool = { $0.content == "document" && $0.missingTiles == 0 },
                                 awaiting: ((String) -> Bool)? = nil, patience: TimeInterval = 5) throws -> [String] {
        let app = try session.launch([document ?? sample], environment: changes)
        session.waitFor("\(document ?? "sample") shown") { s in s.windows.first.map { shown($0) } ?? false }
        func read() throws -> [String] {
            // procfs files report no size: read until the end instead of by length.
            let handle = try XCTUnwrap(FileHandle(forReadingAtPath: "/proc/\(app.processIdentifier)/maps"))
            let maps = String(decoding: handle.readDataToEndOfFile(), as: UTF8.self)
            handle.closeFile()
            return maps.split(separator: "\n").compactMap { line in
                line.split(separator: " ", omittingEmptySubsequences: true).last.map(String.init)
            }.filter { $0.hasPrefix("/") }
        }
        var libraries = try read()
        if let awaiting {
            let deadline = Date().addingTimeInterval(patience)
            while !libraries.contains(where: awaiting), Date() < deadline {
                usleep(100_000)
                libraries = try read()
            }
        }
        session.quitApps()
        return libraries
    }

    private func opensGL(_ libraries: [String]) -> Bool {
        libraries.contains { path in
            let name = (path as NSString).lastPathComponent
            return name.hasPrefix("libEGL_mesa") || name.hasPrefix("libGLX_mesa") || name.hasPrefix("libLLVM")
                || name.hasSuffix("_dri.so")
        }
    }

    func testCairoRendererStartsWithoutSettingUpOpenGL() throws {
        let session = try AppSession()
        let cairo = try librariesMapped(session, environment: ["GSK_RENDERER": "cairo"])
        XCTAssertTrue(cairo.contains { $0.contains("libgtk-4") }, "the maps were read from the app")
        XCTAssertFalse(opensGL(cairo), "OpenGL was set up for the cairo renderer: \(cairo.filter { $0.contains("GL") || $0.contains("LLVM") })")

        // The same check sees OpenGL where GTK does set it up, so the absence above means something.
        let gl = try librariesMapped(session, environment: ["GSK_RENDERER": "gl"])
        guard opensGL(gl) else { throw XCTSkip("GTK sets up no OpenGL here even for the GL renderer (no Mesa driver)") }
    }

    /// GtkPasswordEntry's caps-lock icon is the one SVG GTK draws, and loading it maps librsvg
    /// (about 10 MiB resident). The password prompt is made when a document asks for one, so a
    /// plain document never loads the SVG renderer; an encrypted one does.
    func testAPlainDocumentOpensWithoutLoadingTheSVGRenderer() throws {
        // GTK draws the header bar's icons from Adwaita's pre-rendered PNGs; a theme of SVGs
        // alone would load librsvg for them whatever the app does.
        let png = "/usr/share/icons/Adwaita/16x16/actions/document-open-symbolic.symbolic.png"
        guard FileManager.default.fileExists(atPath: png) else { throw XCTSkip("Adwaita has no pre-rendered symbolic icons here (\(png))") }
        let session = try AppSession()
        let isSVGRenderer: (String) -> Bool = { ($0 as NSString).lastPathComponent.hasPrefix("librsvg") }
        let plain = try librariesMapped(session, environment: ["GSK_RENDERER": "cairo"], awaiting: isSVGRenderer, patience: 2)
        XCTAssertTrue(plain.contains { $0.contains("libgtk-4") }, "the maps were read from the app")
        XCTAssertFalse(plain.contains(where: isSVGRenderer), "librsvg was loaded for a plain document")
        // On a 2× screen too, where the status pages' 96-px icons come from their SVGs: those
        // pages are not shown, so their icons are not looked up.
        let twice = try librariesMapped(session, environment: ["GSK_RENDERER": "cairo", "GDK_SCALE": "2"], awaiting: isSVGRenderer, patience: 2)
        XCTAssertTrue(twice.contains { $0.contains("libgtk-4") }, "the maps were read from the app at 2×")
        XCTAssertFalse(twice.contains(where: isSVGRenderer), "librsvg was loaded for a plain document on a 2× screen")

        // The same check sees librsvg where GTK does load it, so its absence above means something.
        let locked = try AppSession.sharedPDF("encrypted-userpw-libreoffice.pdf")
        let prompted = try librariesMapped(session, document: locked, environment: ["GSK_RENDERER": "cairo"],
                                           shown: { $0.content == "password" }, awaiting: isSVGRenderer)
        guard prompted.contains(where: isSVGRenderer) else { throw XCTSkip("GTK loads no SVG here even for a password entry (no librsvg loader)") }
    }

    /// The second start renders its first frame's tiles on the worker while GTK starts (for the
    /// view size the first start's first frame had), and the first frame paints them: the page
    /// shows where and as it should, and the first draw renders nothing itself.
    func testTheNextStartPaintsTilesRenderedWhileGTKStarted() throws {
        let session = try AppSession()
        try session.launch([sample])
        let first = try XCTUnwrap(session.waitFor("sample shown") { s in
            s.windows.first.map { $0.content == "document" && $0.missingTiles == 0 } ?? false
        }?.windows.first)
        XCTAssertEqual(first.firstFrameTilesTaken, 0, "nothing is known of the view before the first start")
        XCTAssertGreaterThan(first.firstFrameTilesRendered ?? 0, 0)
        let memory = session.workDir.appendingPathComponent("state/pdf-annotator/first-view.json")
        let deadline = Date().addingTimeInterval(10)
        while !FileManager.default.fileExists(atPath: memory.path), Date() < deadline { usleep(50_000) }
        session.quitApps()

        try session.launch([sample])
        let state = try XCTUnwrap(session.waitFor("sample shown again") { s in
            s.windows.first.map { $0.content == "document" && $0.missingTiles == 0 } ?? false
        })
        let w = try XCTUnwrap(state.windows.first)
        XCTAssertEqual(w.firstFrameTilesTaken, first.firstFrameTilesRendered, "every tile of the first frame came from the worker")
        XCTAssertEqual(w.firstFrameTilesRendered, 0)
        XCTAssertEqual(w.zoom, first.zoom)
        // data/README.md: page 1's title block spans x 36–288, y 36–100 pt and is #1c71d8.
        let page = try XCTUnwrap(w.visiblePages.first { $0.page == 1 })
        let origin = try XCTUnwrap(session.windowOrigin(pid: state.pid))
        let shot = try session.screenshot()
        let block = shot.pixel(x: Int(origin.x + w.canvasX + page.x + 276 * w.zoom), y: Int(origin.y + w.canvasY + page.y + 42 * w.zoom))
        XCTAssertLessThan(abs(block.r - 0x1c) + abs(block.g - 0x71) + abs(block.b - 0xd8), 40, "title block colour: \(block)")
        let margin = shot.pixel(x: Int(origin.x + w.canvasX + page.x + 20 * w.zoom), y: Int(origin.y + w.canvasY + page.y + 12 * w.zoom))
        XCTAssertGreaterThan(margin.r + margin.g + margin.b, 740, "page margin: \(margin)")
    }

    /// The stylesheet and the tools' icons are compiled into the binary: a copy of it alone in
    /// an empty folder (no data files beside it or above it) loads the one and finds the others
    /// (in the icon theme the app made as the display opened, read once), and the window makes what its first frame did not show (the sidebar's pages) once that
    /// frame is painted.
    func testABinaryCopiedAloneFindsItsIconsAndStylesheet() throws {
        let session = try AppSession()
        let folder = session.workDir.appendingPathComponent("lone/bin")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let copy = folder.appendingPathComponent("pdf-annotator")
        try FileManager.default.copyItem(atPath: AppSession.binary, toPath: copy.path)
        try session.launch([sample], binary: copy.path)
        let state = try XCTUnwrap(session.waitFor("sample shown and the rest made after its first frame") { s in
            s.windows.first.map { $0.content == "document" && $0.missingTiles == 0 && $0.madeAfterFirstFrame == true } ?? false
        })
        let w = try XCTUnwrap(state.windows.first)
        XCTAssertEqual(w.stylesheetLoaded, true, "the stylesheet was not loaded from the binary")
        XCTAssertEqual(w.toolIconsFound, true, "the icon theme finds no tool icon for a binary copied alone")
        // The display's icon theme was the app's, its icons in it before its one read: nothing
        // threw that read away to read the themes again.
        XCTAssertEqual(w.iconThemeMadeByApp, true, "the display's icon theme is GTK's, not the one made as it opened")
        XCTAssertEqual(w.iconThemeChanges, 0, "the icon themes were read again at start-up")
        // Where the icon could have come from otherwise: an installed copy in the data dirs.
        let dataDirs = (ProcessInfo.processInfo.environment["XDG_DATA_DIRS"] ?? "/usr/local/share:/usr/share").split(separator: ":")
        let installed = dataDirs.filter {
            FileManager.default.fileExists(atPath: "\($0)/icons/hicolor/symbolic/actions/annotator-tool-pen-symbolic.svg")
                || FileManager.default.fileExists(atPath: "\($0)/icons/hicolor/scalable/actions/annotator-tool-pen-symbolic.svg")
        }
        XCTAssertTrue(installed.isEmpty, "an installed copy of the tool icons (\(installed)) makes this check say nothing")
        // The toolbar, made when first shown, shows its tools.
        session.key("F7", runs: "toggle-toolbar")
        session.waitFor("toolbar shown") { $0.windows.first?.toolbarShown == true }
        XCTAssertFalse(session.log.contains("style.css"), "a stylesheet problem was logged: \(session.log)")
    }

    /// A document read for the first time is laid out as it asks: its /PageLayout from the
    /// first frame (foretold by the start-up worker too), its right-to-left /Direction once
    /// the editor has read it.
    func testADocumentsOwnLayoutAndDirectionAreUsedTheFirstTime() throws {
        let session = try AppSession()
        let twoColumns = session.workDir.appendingPathComponent("two-columns.pdf")
        try HandWrittenPDF.pages(6, catalogEntries: "/PageLayout /TwoColumnLeft").write(to: twoColumns)
        let rightToLeft = session.workDir.appendingPathComponent("right-to-left.pdf")
        try HandWrittenPDF.pages(6, catalogEntries: "/PageLayout /TwoPageRight /ViewerPreferences << /Direction /R2L >>")
            .write(to: rightToLeft)

        try session.launch([twoColumns.path])
        let first = try XCTUnwrap(session.waitFor("two columns shown") { s in
            s.windows.first.map { $0.content == "document" && $0.missingTiles == 0 } ?? false
        }?.windows.first)
        XCTAssertEqual(first.spreadMode, "double")
        XCTAssertEqual(first.rightToLeft, false)
        XCTAssertEqual(first.visibleSpreads?.first, 0)
        // Shown again (a second start, whose first frame the worker renders): the same layout.
        let memory = session.workDir.appendingPathComponent("state/pdf-annotator/first-view.json")
        let deadline = Date().addingTimeInterval(10)
        while !FileManager.default.fileExists(atPath: memory.path), Date() < deadline { usleep(20_000) }
        session.quitApps()
        try session.launch([twoColumns.path])
        let again = try XCTUnwrap(session.waitFor("two columns shown again") { s in
            s.windows.first.map { $0.content == "document" && $0.missingTiles == 0 } ?? false
        }?.windows.first)
        XCTAssertEqual(again.spreadMode, "double")
        XCTAssertGreaterThan(again.firstFrameTilesTaken ?? 0, 0)
        XCTAssertEqual(again.firstFrameTilesRendered, 0, "the worker foretold the two-column layout")
        session.quitApps()

        try session.launch([rightToLeft.path])
        let book = try XCTUnwrap(session.waitFor("right to left once the editor has read it") { s in
            s.windows.first.map { $0.content == "document" && $0.rightToLeft == true && $0.missingTiles == 0 } ?? false
        }?.windows.first)
        XCTAssertEqual(book.spreadMode, "book")
    }
}
