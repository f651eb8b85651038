// SPDX-License-Identifier: GPL-3.0-or-later
import Document
import DocumentPoppler
import Foundation
import Geometry
import TestSupport
import XCTest

/// Damaged copies of the developer PDFs (cut short, bytes flipped, a block zeroed,
/// cross-reference offsets shifted; seeded), opened as the app opens them: poppler first, and
/// when poppler refuses one as damaged, the copy MuPDF repairs (``DocumentRepair``'s programs,
/// run here to their end). Every copy MuPDF renders opens as a document; a rectangle drawn on
/// every page MuPDF rendered and saved elsewhere is seen there by MuPDF and by pypdf; the
/// damaged file is byte for byte what it was.
final class DamagedDocumentRepairTests: XCTestCase {
    /// The files damaged: small, unencrypted, unsigned documents of the set that poppler opens
    /// as they are, a spread of producers (LaTeX, LibreOffice, forms, scans, PDF 2.0).
    static let sources = ["annots-text-highlight-ink.pdf", "annots-freetext.pdf", "form-all-field-types.pdf", "rotate-90-180-270-arabic.pdf",
                          "mixed-orientation-annots.pdf", "pdf20-utf8-annot.pdf", "cjk-chinese.pdf", "annots-square-circle-noap.pdf"]
    /// Copies per file and kind of damage.
    static let seedsPerKind: [UInt64] = [1, 2]

    /// One damaged copy and what became of it.
    struct Outcome {
        var name: String
        var mupdfRenders: Bool
        var popplerOpened: Bool
        var opensNow = false
        var repaired = false
        var savedFile: String?
        /// Why the rectangles could not be made or saved, if they could not.
        var editFailure: String?
        /// Pages MuPDF rendered that the editor could not annotate (their page object is not in
        /// the page tree poppler reads), and what it said.
        var pagesRefused: [Int] = []
        var refusal: String?
        /// The pages (from 1) MuPDF rendered of the damaged file: each gets a rectangle.
        var pagesMarked: [Int] = []
    }

    func testEveryCopyMuPDFRendersOpensAndARectangleSavedOnEachPageIsSeenByMuPDFAndPypdf() throws {
        let folder = try DeveloperPDFSet.requireFolder()
        let mutool = try ExternalTool.require("mutool")
        let work = try TemporaryFolder()
        var outcomes: [Outcome] = []
        for source in Self.sources {
            let original = [UInt8](try Data(contentsOf: folder.appendingPathComponent(source)))
            for kind in PDFDamage.allCases {
                for seed in Self.seedsPerKind {
                    let name = "\(source.dropLast(4))-\(kind.rawValue)-\(seed).pdf"
                    let damaged = DamagedCopies.damage(original, kind, seed: seed &* 7919 &+ UInt64(source.count))
                    let path = try work.write(Data(damaged), to: name)
                    outcomes.append(try exercise(name: name, path: path, mutool: mutool, work: work))
                    XCTAssertEqual([UInt8](try Data(contentsOf: URL(fileURLWithPath: path))), damaged,
                                   "\(name): the damaged file is byte for byte what it was after opening, repairing and saving elsewhere")
                }
            }
        }
        let renderable = outcomes.filter(\.mupdfRenders)
        for outcome in renderable {
            XCTAssertTrue(outcome.opensNow, "\(outcome.name): MuPDF renders page 1, so it opens as a document")
            XCTAssertNil(outcome.editFailure, "\(outcome.name)\(outcome.repaired ? " (repaired)" : ""): a rectangle on each of pages \(outcome.pagesMarked) is made and saved")
        }
        // What MuPDF and pypdf see of each saved file's rectangles.
        let saved = outcomes.filter { $0.savedFile != nil }
        var mupdfSees = 0
        for outcome in saved {
            let seen = try mupdfAnnotations(outcome.savedFile!, mutool: mutool)
            let missing = outcome.pagesMarked.filter { !seen.contains("\($0) Square \(Self.marker($0))") }
            XCTAssertEqual(missing, [], "\(outcome.name)\(outcome.repaired ? " (repaired)" : ""): MuPDF sees the rectangle saved on pages \(missing)")
            if missing.isEmpty { mupdfSees += 1 }
        }
        var pypdfSees: Int?
        if let seenByPypdf = try pypdfAnnotations(saved.map { $0.savedFile! }) {
            pypdfSees = 0
            for outcome in saved {
                let seen = seenByPypdf[outcome.savedFile!] ?? []
                let missing = outcome.pagesMarked.filter { !seen.contains("\($0) /Square \(Self.marker($0))") }
                XCTAssertEqual(missing, [], "\(outcome.name): pypdf sees the rectangle saved on pages \(missing) (it read \(seen.sorted()))")
                if missing.isEmpty { pypdfSees! += 1 }
            }
        }
        print("""
            damaged corpus: \(outcomes.count) copies; MuPDF renders page 1 of \(renderable.count) \
            (\(outcomes.filter { !$0.mupdfRenders }.count) refused or drawn with errors); poppler opened \(outcomes.filter(\.popplerOpened).count) \
            as they were; \(outcomes.filter(\.opensNow).count) open now (\(outcomes.filter(\.repaired).count) repaired), \
            \(renderable.filter(\.opensNow).count) of the \(renderable.count) MuPDF renders; \(saved.count) saved with a rectangle: \
            MuPDF sees it in \(mupdfSees), pypdf in \(pypdfSees.map(String.init) ?? "— (python3-pypdf missing)"); \
            pages the editor could not annotate: \(outcomes.filter { !$0.pagesRefused.isEmpty }.map { "\($0.name) \($0.pagesRefused) (\($0.refusal ?? ""))" })
            """)
    }

    /// The text of the rectangle saved on page `page` (from 1).
    static func marker(_ page: Int) -> String { "repair-check-p\(page)" }

    /// Opens one damaged copy the app's way and, when it opens and MuPDF renders it, saves a
    /// rectangle on every page MuPDF rendered into another folder.
    func exercise(name: String, path: String, mutool: String, work: TemporaryFolder) throws -> Outcome {
        let drawn = try ExternalTool.run("mutool", ["draw", "-F", "txt", "-o", "/dev/null", path])
        // MuPDF renders page 1: `mutool draw` succeeds and draws something (it also "succeeds"
        // for a page whose object is broken, drawing an empty page of a default size).
        let page1 = try ExternalTool.run("mutool", ["draw", "-F", "trace", "-o", path + ".trace", path, "1"])
        let trace = (try? String(contentsOfFile: path + ".trace", encoding: .utf8)) ?? ""
        try? FileManager.default.removeItem(atPath: path + ".trace")
        let renders = page1.status == 0 && ["<fill", "<stroke", "<clip"].contains { trace.contains($0) }
        var outcome = Outcome(name: name, mupdfRenders: renders, popplerOpened: false)
        // The pages MuPDF went through without an error.
        let failed = Set(DocumentRepair.failedPages(fromDrawLog: drawn.output))
        outcome.pagesMarked = Self.pagesDrawn(drawn.output).filter { !failed.contains($0) }
        var file = path
        var repairedFolder: String?
        defer { repairedFolder.map(DocumentRepair.removePrivateFolder) }
        // What the window does: when poppler refuses the file, or reads it without some of its
        // pages, MuPDF repairs a private copy, which is opened instead (the file as poppler
        // reads it when that fails).
        var repairIt = false
        do {
            let document = try PopplerDocument.open(path: path)
            outcome.popplerOpened = document.pageCount > 0
            repairIt = document.hasPagesItCannotLoad
        } catch {
            guard error.mayBeRepaired else { return outcome }
            repairIt = true
        }
        if repairIt {
            if let repaired = try Self.repair(path, mutool: mutool) {
                repairedFolder = repaired.folder
                file = repaired.copy
                outcome.repaired = true
            } else if !outcome.popplerOpened {
                return outcome
            }
        }
        if outcome.repaired, (try? PopplerDocument.open(path: file))?.pageCount ?? 0 == 0, outcome.popplerOpened {
            file = path
            outcome.repaired = false
        }
        guard let document = try? PopplerDocument.open(path: file), document.pageCount > 0 else { return outcome }
        outcome.opensNow = true
        guard outcome.mupdfRenders else { return outcome }
        do {
            let editor = try DocumentEditor.open(path: file, password: nil)
            if outcome.repaired { editor.wholeSaveRequested = true }
            for page in outcome.pagesMarked {
                let index = PageIndex(page - 1)
                let rectangle = Annotation(id: "p\(page - 1)-nrepair", page: index, subtype: .square, rect: Rect(x: 30, y: 30, width: 80, height: 50),
                                           color: .red, contents: Self.marker(page))
                do {
                    try editor.perform(EditRecord("Rectangle", .insert([PlacedAnnotation(rectangle, at: editor.annotations(on: index).count)])))
                } catch .library(.rejected(let why)) {
                    // A known gap (see the summary): poppler's page tree of the file opened
                    // lacks this page's object, so the editor cannot annotate it.
                    outcome.pagesRefused.append(page)
                    outcome.refusal = why
                }
            }
            outcome.pagesMarked.removeAll { outcome.pagesRefused.contains($0) }
            let target = work.path("saved-" + name)
            try editor.save(to: target)
            outcome.savedFile = target
        } catch {
            outcome.editFailure = "\(error)"
        }
        return outcome
    }

    /// The pages `mutool draw` went through ("page FILE N" lines), in order.
    static func pagesDrawn(_ log: String) -> [Int] {
        log.split(separator: "\n").compactMap { line in line.hasPrefix("page ") ? line.split(separator: " ").last.flatMap { Int($0) } : nil }
    }

    /// Runs the repair's programs to their end, as the window does (each only if the one before
    /// failed); the private folder and the copy, or `nil` when none succeeded.
    static func repair(_ path: String, mutool: String) throws -> (folder: String, copy: String)? {
        let folder = try XCTUnwrap(DocumentRepair.makePrivateFolder())
        let copy = DocumentRepair.copyPath(in: folder, for: path)
        for step in DocumentRepair.repairSteps(mutool: mutool, original: path, copy: copy, password: nil, script: folder + "/repair.js") {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: step.arguments[0])
            process.arguments = Array(step.arguments.dropFirst())
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            process.waitUntilExit()
            if process.terminationStatus == 0, let size = try? FileManager.default.attributesOfItem(atPath: copy)[.size] as? Int, size > 0 {
                return (folder, copy)
            }
            try? FileManager.default.removeItem(atPath: copy)
        }
        DocumentRepair.removePrivateFolder(folder)
        return nil
    }

    /// Each annotation MuPDF finds on the saved file's pages, as "PAGE TYPE CONTENTS" lines
    /// (read through MuPDF's page model, as a reader shows them).
    func mupdfAnnotations(_ path: String, mutool: String) throws -> Set<String> {
        let script = path + ".annots.js"
        try """
            var doc = new PDFDocument(scriptArgs[0]);
            for (var i = 0; i < doc.countPages(); i++) {
              var annots = doc.loadPage(i).getAnnotations();
              for (var j = 0; j < annots.length; j++) print((i + 1) + " " + annots[j].getType() + " " + annots[j].getContents());
            }
            """.write(toFile: script, atomically: true, encoding: .utf8)
        let result = try ExternalTool.run("mutool", ["run", script, path])
        return Set(result.output.split(separator: "\n").map(String.init))
    }

    /// The same through pypdf for every file (one Python run), or `nil` when python3-pypdf is
    /// not installed.
    func pypdfAnnotations(_ paths: [String]) throws -> [String: Set<String>]? {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/python3"),
              (try? ExternalTool.run("python3", ["-c", "import pypdf"]).status) == 0 else { return nil }
        let program = """
            import sys
            from pypdf import PdfReader
            for path in sys.argv[1:]:
                try:
                    reader = PdfReader(path)
                    for number, page in enumerate(reader.pages, 1):
                        annots = page.get('/Annots')
                        for annot in (annots.get_object() if annots is not None else None) or []:
                            annot = annot.get_object()
                            if not hasattr(annot, 'get'):
                                continue
                            print(path + '\\t' + str(number) + ' ' + str(annot.get('/Subtype')) + ' ' + str(annot.get('/Contents')))
                except Exception as error:
                    print(path + '\\tpypdf failed: ' + repr(error))
            """
        let result = try ExternalTool.run("python3", ["-c", program] + paths)
        var seen: [String: Set<String>] = [:]
        for line in result.output.split(separator: "\n") {
            let parts = line.split(separator: "\t", maxSplits: 1)
            guard parts.count == 2 else { continue }
            seen[String(parts[0]), default: []].insert(String(parts[1]))
        }
        return seen
    }

    func testAFilePopplerReadsOnlyByRebuildingItsTableIsSavedWholeWithOneFreshTable() throws {
        let work = try TemporaryFolder()
        let damaged = DamagedCopies.damage([UInt8](NumberedPagesPDF.data(pages: 2)), .xrefShifted, seed: 38)
        let path = try work.write(Data(damaged), to: "shifted.pdf")
        let editor = try DocumentEditor.open(path: path, password: nil)
        XCTAssertTrue(editor.savesWhole, "poppler rebuilt the table to read it")
        let square = Annotation(id: "p1-nwhole", page: PageIndex(1), subtype: .square, rect: Rect(x: 40, y: 40, width: 60, height: 30), color: .red,
                                contents: "whole")
        try editor.perform(EditRecord("Rectangle", .insert([PlacedAnnotation(square, at: 0)])))
        let target = work.path("whole.pdf")
        try editor.save(to: target)
        let saved = [UInt8](try Data(contentsOf: URL(fileURLWithPath: target)))
        let text = String(decoding: saved, as: UTF8.self)
        XCTAssertEqual(text.components(separatedBy: "startxref").count - 1, 1, "one cross-reference table, no update on the broken one")
        XCTAssertFalse(saved.starts(with: damaged), "not the damaged bytes with an update after them")
        XCTAssertEqual([UInt8](try Data(contentsOf: URL(fileURLWithPath: path))), damaged, "the damaged file is unchanged")
        XCTAssertFalse(editor.savesWhole, "the saved file's table is sound: later saves add to it")
        let mutool = try ExternalTool.require("mutool")
        XCTAssertTrue(try mupdfAnnotations(target, mutool: mutool).contains("2 Square whole"))
        let check = try ExternalTool.run("qpdf", ["--check", target])
        XCTAssertEqual(check.status, 0, check.output)
    }

    func testTheRepairsPrivateFolderIsOnlyTheUsersAndGoesAway() throws {
        let folder = try XCTUnwrap(DocumentRepair.makePrivateFolder())
        let mode = try XCTUnwrap(FileManager.default.attributesOfItem(atPath: folder)[.posixPermissions] as? Int)
        XCTAssertEqual(mode & 0o777, 0o700)
        FileManager.default.createFile(atPath: DocumentRepair.copyPath(in: folder, for: "/somewhere/a.pdf"), contents: Data([1]))
        DocumentRepair.removePrivateFolder(folder)
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder))
    }

    func testPagesMuPDFReportsErrorsOnAreNamedFromItsLog() {
        let log = """
            warning: ICC support is not available
            page copy.pdf 1
            error: zlib error: invalid code lengths set
            warning: read error; treating as end of file
            page copy.pdf 2
            page copy.pdf 3
            error: cannot load object
            page copy.pdf 4
            """
        XCTAssertEqual(DocumentRepair.failedPages(fromDrawLog: log), [2, 4])
        XCTAssertEqual(DocumentRepair.failedPages(fromDrawLog: "page copy.pdf 1\npage copy.pdf 2\n"), [])
    }

    func testTheRepairSuggestsARepairedNameAndKeepsAPasswordOutOfTheArguments() {
        XCTAssertEqual(DocumentRepair.suggestedName(for: "/a/b/Report.PDF"), "Report-repaired.pdf")
        let steps = DocumentRepair.repairSteps(mutool: "mutool", original: "/a/x.pdf", copy: "/t/x.pdf", password: "secret", script: "/t/r.js")
        XCTAssertFalse(steps.contains { $0.arguments.contains { $0.contains("secret") } }, "a password is never an argument")
        XCTAssertEqual(steps.first?.input, "secret\n")
        let plain = DocumentRepair.repairSteps(mutool: "mutool", original: "/a/x.pdf", copy: "/t/x.pdf", password: nil, script: "/t/r.js")
        XCTAssertEqual(plain.map { $0.arguments[1] }, ["clean", "merge"])
        XCTAssertTrue(plain.allSatisfy { $0.output == "/t/x.pdf" }, "each writes the copy, never the original")
    }
}
