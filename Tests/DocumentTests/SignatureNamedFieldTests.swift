// SPDX-License-Identifier: GPL-3.0-or-later
import Document
import XCTest

/// Text fields that ask for a signature by their name or label, and those that do not.
final class SignatureNamedFieldTests: XCTestCase {
    private func field(_ name: String, label: String? = nil, kind: FormFieldKind = .text, flags: FormFieldFlags = []) -> FormField {
        FormField(name: name, kind: kind, flags: flags, label: label)
    }

    func testNamesThatAskForASignatureAreKnown() {
        for name in ["Signature", "Applicant Signature", "applicant_signature", "SignHere", "Sign here", "sig1", "Signed",
                     "Unterschrift des Antragstellers", "Firma del titular", "Signatur"] {
            XCTAssertTrue(field(name).isNamedLikeSignature, name)
        }
        XCTAssertTrue(field("Text12", label: "Signature of the employee").isNamedLikeSignature, "by its label")
    }

    func testOtherNamesAreNot() {
        for name in ["Design", "Assigned to", "Signal strength", "Name", "Consignment"] {
            XCTAssertFalse(field(name).isNamedLikeSignature, name)
        }
        XCTAssertFalse(field("Signature", kind: .checkBox).isNamedLikeSignature, "only a text field")
        XCTAssertFalse(field("Signature", flags: .multiline).isNamedLikeSignature, "not a text area")
    }
}
