// SPDX-License-Identifier: GPL-3.0-or-later
import Document
import XCTest

/// The names a document gives its attachments become one plain file name in the chosen folder,
/// and programs, scripts and launchers are told apart from documents.
final class AttachmentNameTests: XCTestCase {
    func testHostileNamesBecomeOnePlainNameInsideTheFolder() {
        let hostile = ["../../etc/passwd", "/etc/shadow", "..", ".", "a/../../b.txt", "C:\\Windows\\evil.txt", "report\0.pdf",
                       "\u{1B}[31mred.txt", "....", " ", "", "../", ".hidden", "x/", String(repeating: "é", count: 300) + ".pdf"]
        for name in hostile {
            let safe = AttachmentName.safe(name)
            XCTAssertFalse(safe.isEmpty, name)
            XCTAssertFalse(safe.contains("/"), "\(name) -> \(safe)")
            XCTAssertFalse(safe.contains("\\"), "\(name) -> \(safe)")
            XCTAssertFalse(safe.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F }, "\(name) -> \(safe)")
            XCTAssertFalse(safe.hasPrefix("."), "\(name) -> \(safe): not hidden, not . or ..")
            XCTAssertLessThanOrEqual(safe.utf8.count, AttachmentName.maximumBytes, name)
            let path = AttachmentName.path(for: name, in: "/tmp/chosen")
            XCTAssertTrue(path.hasPrefix("/tmp/chosen/"), path)
            XCTAssertFalse(path.dropFirst("/tmp/chosen/".count).contains("/"), path)
        }
        XCTAssertEqual(AttachmentName.safe("../../etc/passwd"), "passwd")
        XCTAssertEqual(AttachmentName.safe("C:\\Windows\\evil.txt"), "evil.txt")
        XCTAssertEqual(AttachmentName.safe("report\0.pdf"), "report.pdf")
        XCTAssertEqual(AttachmentName.safe(".."), "attachment")
        XCTAssertTrue(AttachmentName.safe(String(repeating: "é", count: 300) + ".pdf").hasSuffix(".pdf"), "the extension is kept")
    }

    func testOrdinaryNamesStayAsTheyAre() {
        for name in ["invoice 2026.pdf", "Übersicht.xlsx", "photo.JPG", "notes-v2.txt"] {
            XCTAssertEqual(AttachmentName.safe(name), name)
        }
    }

    func testProgramsScriptsAndLaunchersAreRefusedDocumentsAreNot() {
        XCTAssertNotNil(AttachmentSafety.refusal(name: "setup.exe", firstBytes: [], types: []))
        XCTAssertNotNil(AttachmentSafety.refusal(name: "evil.desktop", firstBytes: [], types: []))
        XCTAssertNotNil(AttachmentSafety.refusal(name: "run.sh", firstBytes: [], types: []))
        XCTAssertNotNil(AttachmentSafety.refusal(name: "innocent.txt", firstBytes: Array("#!/bin/sh\nrm -rf ~\n".utf8), types: []))
        XCTAssertNotNil(AttachmentSafety.refusal(name: "data", firstBytes: [0x7F, 0x45, 0x4C, 0x46, 2, 1], types: []))
        XCTAssertNotNil(AttachmentSafety.refusal(name: "launcher", firstBytes: Array("[Desktop Entry]\nExec=x\n".utf8), types: []))
        XCTAssertNotNil(AttachmentSafety.refusal(name: "thing", firstBytes: [], types: ["application/x-shellscript"]))
        XCTAssertNotNil(AttachmentSafety.refusal(name: "../../evil.desktop", firstBytes: [], types: []), "judged by its safe name")
        XCTAssertNil(AttachmentSafety.refusal(name: "report.pdf", firstBytes: Array("%PDF-1.7".utf8), types: ["application/pdf"]))
        XCTAssertNil(AttachmentSafety.refusal(name: "notes.txt", firstBytes: Array("hello".utf8), types: ["text/plain"]))
        XCTAssertNil(AttachmentSafety.refusal(name: "tone.wav", firstBytes: Array("RIFF".utf8), types: ["audio/x-wav"]))
    }
}
