// SPDX-License-Identifier: GPL-3.0-or-later
import Document
import XCTest

/// The line about a signed document keeps every problem: a signature that does not hold wins,
/// changes after signing and an untrusted certificate are both said, and "valid" is good only
/// when nothing else is wrong.
final class SignatureVerdictTests: XCTestCase {
    private func report(_ signer: String, _ status: SignatureReport.Status = .valid, _ certificate: SignatureReport.Certificate = .trusted,
                        changes: [SignatureReport.Change] = []) -> SignatureReport {
        SignatureReport(field: "Sig \(signer)", signer: signer, status: status, certificate: certificate,
                        coversWholeFile: changes.isEmpty, signedLength: 100, changesAfter: changes)
    }

    func testNoSignatureMeansNoLine() {
        XCTAssertNil(SignatureVerdict([]))
    }

    func testAValidSignatureOverTheWholeFileWithATrustedCertificateIsGood() throws {
        let verdict = try XCTUnwrap(SignatureVerdict([report("Alice Smith")]))
        XCTAssertEqual(verdict.soundness, .valid)
        XCTAssertEqual(verdict.tone, .good)
        XCTAssertEqual(verdict.signers, ["Alice Smith"])
    }

    func testChangesAfterSigningAndAnUntrustedCertificateAreBothSaid() throws {
        let verdict = try XCTUnwrap(SignatureVerdict([report("John Doe", .valid, .expired, changes: [.pages, .annotations]),
                                                      report("John Doe", changes: [.annotations])]))
        XCTAssertEqual(verdict.soundness, .valid)
        XCTAssertEqual(verdict.changesAfter, [.annotations, .pages], "once each, in a fixed order")
        XCTAssertEqual(verdict.certificateProblem, .expired)
        XCTAssertEqual(verdict.tone, .warning)
        XCTAssertEqual(verdict.signers, ["John Doe"], "a signer named once")
    }

    func testASignatureThatDoesNotHoldWinsOverEverythingElse() throws {
        let verdict = try XCTUnwrap(SignatureVerdict([report("A", changes: [.annotations]), report("B", .digestMismatch)]))
        XCTAssertEqual(verdict.soundness, .altered)
        XCTAssertEqual(verdict.tone, .bad)
        XCTAssertEqual(verdict.changesAfter, [], "what changed after means nothing once a signature fails")
        XCTAssertEqual(try XCTUnwrap(SignatureVerdict([report("A", .decodingError)])).soundness, .unreadable)
        XCTAssertEqual(try XCTUnwrap(SignatureVerdict([report("A"), report("B", .checking)])).tone, .checking)
    }
}

/// A certification signature that allows no change makes the verdict say so.
final class CertificationVerdictTests: XCTestCase {
    func testACertificationAllowingNoChangeIsSaid() throws {
        let certified = SignatureReport(field: "Cert", signer: "Notary", status: .valid, certificate: .trusted, coversWholeFile: true,
                                        signedLength: 10, certification: 1)
        XCTAssertTrue(try XCTUnwrap(SignatureVerdict([certified])).noChangesAllowed)
        var formsAllowed = certified
        formsAllowed.certification = 2
        XCTAssertFalse(try XCTUnwrap(SignatureVerdict([formsAllowed])).noChangesAllowed, "P 2 allows filling the form")
        XCTAssertFalse(try XCTUnwrap(SignatureVerdict([SignatureReport(field: "S", status: .valid, certificate: .trusted,
                                                                       coversWholeFile: true, signedLength: 1)])).noChangesAllowed)
    }
}
