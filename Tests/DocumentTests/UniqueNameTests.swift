// SPDX-License-Identifier: GPL-3.0-or-later
import Document
import XCTest

/// The /NM the app gives is a random version-4 UUID written as Acrobat writes them.
final class UniqueNameTests: XCTestCase {
    func testANameIsALowercaseVersion4UUIDWithTheRFCVariant() {
        for _ in 0..<200 {
            let name = UniqueName.make()
            XCTAssertTrue(UniqueName.isUUID(name), name)
            XCTAssertEqual(name, name.lowercased())
            let chars = Array(name)
            XCTAssertEqual(chars[14], "4", "version 4: \(name)")
            XCTAssertTrue("89ab".contains(chars[19]), "RFC variant: \(name)")
        }
    }

    func testNamesDoNotRepeat() {
        let names = (0..<10_000).map { _ in UniqueName.make() }
        XCTAssertEqual(Set(names).count, names.count)
    }

    func testTheSameSeedGivesTheSameName() {
        var a = FixedBits(state: 7), b = FixedBits(state: 7)
        XCTAssertEqual(UniqueName.make(using: &a), UniqueName.make(using: &b))
    }

    func testOnlyUUIDsAreTakenForUUIDs() {
        XCTAssertTrue(UniqueName.isUUID("A1F7D5B6-6A4E-4C1A-9A4B-1C2D3E4F5A6B"))
        for text in ["", "p0-n1f3", "a1f7d5b6-6a4e-4c1a-9a4b-1c2d3e4f5a6", "a1f7d5b6x6a4e-4c1a-9a4b-1c2d3e4f5a6b",
                     "g1f7d5b6-6a4e-4c1a-9a4b-1c2d3e4f5a6b"] {
            XCTAssertFalse(UniqueName.isUUID(text), text)
        }
    }

    func testAMadeAnnotationIsNamedByItsStampsUUIDElseItsID() {
        XCTAssertEqual(CreationStamp(id: "p0-n1", author: nil, date: "D:2026", uuid: "u").name, "u")
        XCTAssertEqual(CreationStamp(id: "p0-n1", author: nil, date: "D:2026").name, "p0-n1")
    }
}

/// A generator of fixed bits, for repeatable names.
private struct FixedBits: RandomNumberGenerator {
    var state: UInt64
    mutating func next() -> UInt64 {
        state = state &* 6364136223846793005 &+ 1442695040888963407
        return state
    }
}
