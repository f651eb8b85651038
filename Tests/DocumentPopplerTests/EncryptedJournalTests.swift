// SPDX-License-Identifier: GPL-3.0-or-later
import Document
import Foundation
import Geometry
import XCTest
@testable import DocumentPoppler

/// The journal of a document that needs a password: nothing of its steps is readable without
/// the password, and with it a crash loses none of them.
final class EncryptedJournalTests: XCTestCase {
    static let userPassword = "openpassword"
    static let ownerPassword = "permissionpassword"
    static let marker = "Minutes of the board, not for other eyes"
    var folder: TemporaryFolder!
    override func tearDown() {
        folder = nil  // XCTest keeps test cases alive to the end: remove the folder now
        super.tearDown()
    }

    override func setUpWithError() throws { folder = try TemporaryFolder() }

    private func document() throws -> String {
        let target = folder.path("locked.pdf")
        try FileManager.default.copyItem(atPath: try DeveloperPDFSet.path("encrypted-userpw-libreoffice.pdf"), toPath: target)
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: target)
        return target
    }

    private func journal(for path: String, password: String?) -> EditJournal {
        let journal = EditJournal(url: folder.url.appendingPathComponent("journal-\(EditJournal.key(for: path)).jsonl"))
        journal.password = password
        return journal
    }

    /// Opens the document, adds a note with the marker text and moves it, and drops the editor
    /// without saving (a crash); returns the model the steps built.
    private func crashedSession(_ path: String) throws -> AnnotationModel {
        let editor = try DocumentEditor.open(path: path, password: Self.userPassword)
        editor.journal = journal(for: path, password: editor.password)
        let page = PageIndex(0)
        let note = Annotation(id: "p0-nsecret", page: page, subtype: .text, rect: Rect(x: 40, y: 40, width: 20, height: 20),
                              color: .yellow, contents: Self.marker, iconName: "Comment")
        try editor.perform(EditRecord("Note", .insert([PlacedAnnotation(note, at: editor.annotations(on: page).count)])))
        try editor.perform(EditRecord("Move", .replace(before: [note], after: [note.moved(by: Vector(dx: 30, dy: 10))])))
        return editor.model
    }

    func testNothingOfTheStepsIsReadableInTheFile() throws {
        let path = try document()
        _ = try crashedSession(path)
        let bytes = try Data(contentsOf: journal(for: path, password: nil).url)
        XCTAssertNil(bytes.range(of: Data(Self.marker.utf8)), "the note's text is not in the journal")
        XCTAssertNil(bytes.range(of: Data("Comment".utf8)), "nor any other value of the steps")
        XCTAssertNil(bytes.range(of: Data("\"record\"".utf8)), "nor their structure")
        let lines = bytes.split(separator: 0x0A)
        XCTAssertEqual(lines.count, 3, "a header and two sealed steps")
        let header = try JSONDecoder().decode(JournalHeader.self, from: Data(lines[0]))
        XCTAssertNotNil(header.encryption, "the header says how the steps are sealed")
    }

    func testTheStepsComeBackWithThePasswordAfterACrash() throws {
        let path = try document()
        let expected = try crashedSession(path)
        let contents = try XCTUnwrap(journal(for: path, password: Self.userPassword).read())
        XCTAssertTrue(contents.isReadable)
        XCTAssertTrue(EditJournal.matches(contents.header, file: path))
        XCTAssertEqual(contents.lines.map(\.step), [.do, .do])
        let restored = try DocumentEditor.open(path: path, password: Self.userPassword)
        try restored.restore(contents)
        XCTAssertEqual(restored.model.annotations(on: PageIndex(0)), expected.annotations(on: PageIndex(0)))
        XCTAssertEqual(restored.history.undoName, "Move")
        // Saving the restored steps writes them into the (still encrypted) document.
        let adopted = journal(for: path, password: Self.userPassword)
        _ = adopted.read()
        restored.adoptJournal(adopted, steps: contents.lines)
        try restored.save()
        XCTAssertFalse(adopted.exists, "the save used the journal up")
        let reopened = try DocumentEditor.open(path: path, password: Self.userPassword)
        XCTAssertTrue(reopened.annotations(on: PageIndex(0)).contains { $0.contents == Self.marker })
    }

    func testAnotherPasswordOrNoneCannotReadTheSteps() throws {
        let path = try document()
        _ = try crashedSession(path)
        for password in [nil, Self.ownerPassword, "guess"] {
            let contents = try XCTUnwrap(journal(for: path, password: password).read(), "the header is read")
            XCTAssertFalse(contents.isReadable, "password \(password ?? "none")")
            XCTAssertTrue(contents.lines.isEmpty)
        }
    }

    func testAChangedStepEndsTheReplayBeforeIt() throws {
        let path = try document()
        _ = try crashedSession(path)
        let url = journal(for: path, password: nil).url
        var lines = try Data(contentsOf: url).split(separator: 0x0A).map { Array($0) }
        // One bit of the second step's ciphertext flipped (inside its base64 text).
        let position = lines[2].count / 2
        lines[2][position] = lines[2][position] == UInt8(ascii: "A") ? UInt8(ascii: "B") : UInt8(ascii: "A")
        try Data(lines.map { Data($0) }.joined(separator: Data([0x0A])) + Data([0x0A])).write(to: url)
        let contents = try XCTUnwrap(journal(for: path, password: Self.userPassword).read())
        XCTAssertEqual(contents.lines.map(\.record.name), ["Note"], "the changed step is not applied, nor anything after it")
    }

    func testASealedLineOpensOnlyWithItsKey() throws {
        let key = JournalKey(password: "one", iterations: 1_000)
        let message = Array("a step".utf8)
        let sealed = key.seal(message)
        XCTAssertEqual(key.open(sealed), message)
        XCTAssertNotEqual(Array(sealed.dropFirst(JournalKey.nonceLength).prefix(message.count)), message, "the text is not in the clear")
        XCTAssertNotEqual(key.seal(message), sealed, "a fresh nonce for every line")
        XCTAssertNil(JournalKey(password: "two", encryption: key.encryption), "another password is refused")
        let again = try XCTUnwrap(JournalKey(password: "one", encryption: key.encryption))
        XCTAssertEqual(again.open(sealed), message, "the same password and salt derive the same key")
    }
}
