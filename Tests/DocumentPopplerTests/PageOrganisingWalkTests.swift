// SPDX-License-Identifier: GPL-3.0-or-later
import Document
import Foundation
import Geometry
import SeededRandom
import TestSupport
import XCTest
@testable import DocumentPoppler

/// Seeded random walks over every page operation (move, delete, turn, blank page, note page,
/// duplicate, pages of another file, writing room), undo, redo and saves, the view refreshed after each step as the app
/// does: after every save the file on disk is judged against a model of what each page should
/// be (qpdf `--check`, the page count, each page's text from pdftotext, each page's /Rotate from
/// qpdf), and at the end the journal rebuilds the last state on the saved file. The
/// combinations no hand-written test visits.
final class PageOrganisingWalkTests: XCTestCase {
    /// What a page should show: its text and its turn in degrees.
    private struct Page: Equatable, CustomStringConvertible {
        var text: String
        var rotation: Int
        /// How many notes the walk put on it (copies of it carry them too).
        var notes = 0
        var description: String { "“\(text)”" + (rotation == 0 ? "" : "@\(rotation)") + (notes == 0 ? "" : "+\(notes)") }
    }

    private var folder: TemporaryFolder!
    override func tearDown() {
        folder = nil  // XCTest keeps test cases alive to the end: remove the folder now
        super.tearDown()
    }

    override func setUpWithError() throws {
        _ = try ExternalTool.require("qpdf"); _ = try ExternalTool.require("pdftotext"); _ = try ExternalTool.require("mutool")
        folder = try TemporaryFolder()
    }

    /// Each page's text, from one pdftotext run (pages end with a form feed).
    private func texts(_ path: String) throws -> [String] {
        let out = String(decoding: try ExternalTool.data("pdftotext", ["-layout", path, "-"]), as: UTF8.self)
        var pages = out.components(separatedBy: "\u{0C}").map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
        if pages.last == "" { pages.removeLast() }
        return pages
    }

    private func judge(_ path: String, against expected: [Page], _ context: String) throws {
        let check = try ExternalTool.run("qpdf", ["--check", path])
        XCTAssertEqual(check.status, 0, "\(context): qpdf --check: \(check.output.suffix(300))")
        let file = try QPDFInspection(path: path, qpdf: try ExternalTool.require("qpdf"))
        XCTAssertEqual(file.pages.count, expected.count, "\(context): page count")
        let seen = try texts(path)
        XCTAssertEqual(seen.count, expected.count, "\(context): pdftotext's pages")
        for (i, page) in expected.enumerated() where i < seen.count {
            XCTAssertEqual(seen[i], page.text, "\(context): page \(i + 1)'s text (expected \(expected))")
            let rotate = (file.pageDictionary(i)?["/Rotate"] as? Int) ?? 0
            XCTAssertEqual((rotate % 360 + 360) % 360, page.rotation, "\(context): page \(i + 1)'s /Rotate")
            XCTAssertEqual(file.annotsEntries(ofPage: i).count, page.notes, "\(context): page \(i + 1)'s notes")
        }
    }

    func testRandomOrganisingWalksKeepTheFileTrueToWhatEachPageShouldBe() throws {
        let walks = ProcessInfo.processInfo.environment["PAGE_WALKS"].flatMap(Int.init) ?? 5
        let steps = 30
        let source = try folder.write(NumberedPagesPDF.data(pages: 3, label: "Other page"), to: "other.pdf")
        let only = ProcessInfo.processInfo.environment["PAGE_WALK_ONLY"].flatMap(Int.init)
        for walk in 0..<walks where only == nil || only == walk {
            var random = SeededGenerator(seed: 2026_1126 + UInt64(walk))
            let path = try folder.write(NumberedPagesPDF.data(pages: 6, pagesPerNode: 2), to: "walk-\(walk).pdf")
            let journal = EditJournal(url: folder.url.appendingPathComponent("walk-\(walk).jsonl"))
            var model = (1...6).map { Page(text: "Page number \($0)", rotation: 0) }
            var undone: [[Page]] = [], redone: [[Page]] = []
            var log: [String] = []
            do {
                let editor = try DocumentEditor.open(path: path, password: nil)
                editor.journal = journal
                func pick(_ count: Int) -> [PageIndex] {
                    let n = Int.random(in: 1...max(1, min(3, count)), using: &random)
                    return Array(Set((0..<n).map { _ in PageIndex(Int.random(in: 0..<count, using: &random)) })).sorted()
                }
                func perform(_ name: String, _ edit: AnnotationEdit, _ after: [Page]) throws {
                    try editor.perform(EditRecord(name, edit))
                    undone.append(model)
                    redone = []
                    model = after
                }
                for step in 0..<steps {
                    let count = model.count
                    let choice = Int.random(in: 0..<13, using: &random)
                    let context = "walk \(walk) step \(step): \(log.suffix(6))"
                    do {
                    switch choice {
                    case 0:
                        let pages = pick(count)
                        let target = Int.random(in: 0...count, using: &random)
                        guard let edit = editor.move(pages: pages, before: target) else { log.append("move none"); continue }
                        guard case .reorderPages(let order) = edit else { return XCTFail("\(context): a move is a reorder") }
                        try perform("Move", edit, order.map { model[$0] })
                        log.append("move \(pages.map(\.rawValue)) before \(target)")
                    case 1:
                        let pages = pick(count)
                        guard let edit = editor.removal(ofPages: pages) else { log.append("delete refused"); continue }
                        let out = Set(pages.map(\.rawValue))
                        try perform("Delete", edit, model.enumerated().filter { !out.contains($0.offset) }.map(\.element))
                        log.append("delete \(pages.map(\.rawValue))")
                    case 2:
                        let pages = pick(count)
                        let turns = Bool.random(using: &random) ? 1 : -1
                        var after = model
                        for p in pages { after[p.rawValue].rotation = ((after[p.rawValue].rotation + 90 * turns) % 360 + 360) % 360 }
                        try perform("Rotate", .rotatePages(pages, quarterTurns: turns), after)
                        log.append("turn \(pages.map(\.rawValue)) \(turns)")
                    case 3:
                        let at = Int.random(in: 0...count, using: &random)
                        var after = model
                        after.insert(Page(text: "", rotation: model[max(0, at - 1)].rotation), at: at)
                        try perform("Blank", try editor.insertingBlankPage(at: at), after)
                        log.append("blank at \(at)")
                    case 4:
                        let pages = pick(count)
                        var after = model
                        after.insert(contentsOf: pages.map { model[$0.rawValue] }, at: pages.last!.rawValue + 1)
                        try perform("Duplicate", try editor.duplicating(pages), after)
                        log.append("duplicate \(pages.map(\.rawValue))")
                    case 5:
                        let at = Int.random(in: 0...count, using: &random)
                        let chosen = Array(Set((0..<Int.random(in: 1...2, using: &random)).map { _ in Int.random(in: 0..<3, using: &random) })).sorted()
                        var after = model
                        after.insert(contentsOf: chosen.map { Page(text: "Other page \($0 + 1)", rotation: 0) }, at: at)
                        try perform("Import", try editor.importing(pages: chosen, from: source, password: nil, at: at), after)
                        log.append("import \(chosen) at \(at)")
                    case 10:
                        let page = PageIndex(Int.random(in: 0..<count, using: &random))
                        let note = Annotation(id: "p\(page.rawValue)-n\(String(step, radix: 16))\(walk)", page: page, subtype: .text,
                                              rect: Rect(x: 20, y: 20 + Double(model[page.rawValue].notes) * 24, width: 20, height: 20),
                                              color: .yellow, contents: "Note \(step)", iconName: "Comment")
                        var after = model
                        after[page.rawValue].notes += 1
                        try perform("Note", .insert([PlacedAnnotation(note, at: editor.annotations(on: page).count)]), after)
                        log.append("note on \(page.rawValue)")
                    case 11:
                        let at = Int.random(in: 0...count, using: &random)
                        let paper = NotePaper.allCases[Int.random(in: 0..<NotePaper.allCases.count, using: &random)]
                        var after = model
                        after.insert(Page(text: "", rotation: 0), at: at)
                        try perform("Note Page", try editor.insertingNotePage(paper, size: .neighbour, at: at), after)
                        log.append("\(paper) note page at \(at)")
                    case 12:
                        // Room to write: each page keeps its text, turn and notes.
                        let pages = pick(count)
                        let side: WritingRoom.Side = Bool.random(using: &random) ? .right : .everySide
                        guard let edit = editor.addingWritingRoom(to: pages, side: side, amount: .millimetres(15)) else {
                            return XCTFail("\(context): writing room refused")
                        }
                        try perform("Writing Room", edit, model)
                        log.append("room \(side) \(pages.map(\.rawValue))")
                    case 6, 7:
                        guard let previous = undone.last else { continue }
                        XCTAssertNotNil(try editor.undo(), "\(context): undo")
                        undone.removeLast()
                        redone.append(model)
                        model = previous
                        log.append("undo")
                    case 8:
                        guard let next = redone.last else { continue }
                        XCTAssertNotNil(try editor.redo(), "\(context): redo")
                        redone.removeLast()
                        undone.append(model)
                        model = next
                        log.append("redo")
                    default:
                        try editor.save()
                        editor.restartJournalAfterSave()
                        log.append("save")
                        try judge(path, against: model, "walk \(walk) step \(step) after \(log.suffix(8))")
                    }
                    } catch {
                        XCTFail("\(context), choice \(choice): \(error)")
                        return
                    }
                    XCTAssertEqual(editor.pageCount, model.count, "\(context): the editor's page count")
                    // The view refreshes after each step: what nothing reaches is dropped.
                    let shown = try editor.renderedBytes()
                    if only != nil {
                        let view = try folder.write(Data(shown), to: "view-\(walk)-\(step).pdf")
                        try judge(view, against: model, "walk \(walk) step \(step) as shown after \(log.suffix(3))")
                    }
                }
            }
            if only != nil { print("walk \(walk): \(log)\nmodel \(model)") }
            // The editor goes away without a last save: the journal rebuilds the state.
            let restored = try DocumentEditor.open(path: path, password: nil)
            if let contents = journal.read() {
                do { try restored.restore(contents) } catch {
                    XCTFail("walk \(walk): the journal does not replay: \(error); \(log); journal: \(contents.lines.map { "\($0.step) \($0.record.name)" }), aliases \(contents.header.aliases)")
                    continue
                }
            }
            XCTAssertEqual(restored.pageCount, model.count, "walk \(walk): the journal's page count")
            try restored.save()
            try judge(path, against: model, "walk \(walk) after the journal (\(log.suffix(8)))")
            XCTAssertEqual(try ExternalTool.run("mutool", ["draw", "-q", "-o", "/dev/null", path]).status, 0, "walk \(walk): MuPDF draws every page")
        }
    }
}
