// SPDX-License-Identifier: GPL-3.0-or-later
import Document
import Foundation
import Geometry
import TestSupport
import XCTest
@testable import DocumentPoppler

/// /RichMedia annotations and /Movie annotations whose file is embedded, read through the
/// bridge to poppler's core (poppler-glib 22.12 reads neither): the bridge lists them with their
/// rectangle, chosen asset, MIME type and, when asked, the asset's bytes exactly; the document
/// makes them links that play and gives their clip; a missing, damaged or outside asset is said
/// as such, never read as something else.
final class EmbeddedMediaTests: XCTestCase {
    var folder: TemporaryFolder!
    override func setUpWithError() throws { folder = try TemporaryFolder() }
    override func tearDown() {
        folder = nil
        super.tearDown()
    }

    let wav = AttachmentsPDF.wav(seconds: 0.25)

    private func write(_ pdf: AttachmentsPDF) throws -> String {
        try folder.write(pdf.data(), to: "media.pdf")
    }

    func testTheBridgeListsARichMediaSoundWithItsAssetsNameTypeAndBytes() throws {
        let pdf = AttachmentsPDF(richMedia: [.playing(.init(name: "tone.wav", bytes: wav, mimeType: "audio/x-wav"), rect: [100, 400, 300, 500])])
        let path = try write(pdf)
        let listed = try XCTUnwrap(EmbeddedMedia.list(path: path, password: nil, page: PageIndex(0)))
        XCTAssertEqual(listed.count, 1)
        let item = try XCTUnwrap(listed.first)
        XCTAssertEqual(item.kind, .richMedia)
        XCTAssertEqual(item.status, .embedded)
        XCTAssertEqual(item.rect, Rect(x: 100, y: 400, width: 200, height: 100))
        XCTAssertEqual(item.name, "tone.wav")
        XCTAssertEqual(item.mimeType, "audio/x-wav")
        XCTAssertEqual(item.contentType, "Sound")
        XCTAssertNil(item.bytes, "bytes are read only when asked")
        let read = try XCTUnwrap(EmbeddedMedia.list(path: path, password: nil, page: PageIndex(0), reading: 0)?.first)
        XCTAssertEqual(read.bytes, wav, "the asset's bytes, exactly")
        XCTAssertEqual(EmbeddedMedia.list(path: path, password: nil, page: PageIndex(3)) == nil, true, "a page that does not exist")
        XCTAssertNil(EmbeddedMedia.list(path: folder.url.path + "/absent.pdf", password: nil, page: PageIndex(0)))
    }

    func testTheActivatedConfigurationAndAFlashPlayersFlashVarsChooseTheAsset() throws {
        let player = AttachmentsPDF.File(name: "player.swf", bytes: Array("FWS not a movie".utf8), mimeType: "application/x-shockwave-flash")
        let first = AttachmentsPDF.File(name: "first.wav", bytes: AttachmentsPDF.wav(seconds: 0.1, frequency: 300), mimeType: "audio/x-wav")
        let second = AttachmentsPDF.File(name: "media/second.wav", bytes: wav, mimeType: "audio/x-wav")
        // Configuration 1 (activated) is a Flash player whose FlashVars name the second file.
        let media = AttachmentsPDF.RichMedia(
            assets: [player, first, second],
            configurations: [[.init(subtype: "Sound", asset: 1)], [.init(subtype: "Flash", asset: 0, flashVars: "autoPlay=false&source=second.wav")]],
            activated: 1, rect: [50, 50, 250, 150])
        let path = try write(AttachmentsPDF(richMedia: [media]))
        let item = try XCTUnwrap(EmbeddedMedia.list(path: path, password: nil, page: PageIndex(0), reading: 0)?.first)
        XCTAssertEqual(item.name, "media/second.wav")
        XCTAssertEqual(item.contentType, "Flash")
        XCTAssertEqual(item.bytes, wav)

        var plain = media
        plain.activated = nil
        let firstPath = try folder.write(AttachmentsPDF(richMedia: [plain]).data(), to: "first.pdf")
        let chosen = try XCTUnwrap(EmbeddedMedia.list(path: firstPath, password: nil, page: PageIndex(0), reading: 0)?.first)
        XCTAssertEqual(chosen.name, "first.wav", "no configuration named: the first")
        XCTAssertEqual(chosen.bytes, first.bytes)
    }

    func testAMovieWhoseFileIsEmbeddedIsListedWithItsBytesAndAnOutsideOneByName() throws {
        let clip = AttachmentsPDF.File(name: "clip.wav", bytes: wav, mimeType: "audio/x-wav")
        let pdf = AttachmentsPDF(movies: [.init(file: clip, rect: [100, 100, 200, 200]),
                                          .init(file: .init(name: "../outside.mp4", bytes: []), embedded: false, rect: [300, 100, 400, 200])])
        let path = try write(pdf)
        let listed = try XCTUnwrap(EmbeddedMedia.list(path: path, password: nil, page: PageIndex(0), reading: 0))
        XCTAssertEqual(listed.map(\.kind), [.movie, .movie])
        XCTAssertEqual(listed[0].status, .embedded)
        XCTAssertEqual(listed[0].name, "clip.wav")
        XCTAssertEqual(listed[0].bytes, wav)
        XCTAssertEqual(listed[1].status, .external)
        XCTAssertEqual(listed[1].name, "../outside.mp4")
        XCTAssertNil(listed[1].bytes)

        let document = try PopplerDocument.open(path: path)
        let movies = document.allAnnotations(on: PageIndex(0)).filter { $0.subtype == .movie }
        XCTAssertEqual(movies.count, 2)
        let embedded = try XCTUnwrap(movies.first { $0.rect.minX < 150 })
        XCTAssertEqual(document.media(embedded.id), .embedded(bytes: wav, mimeType: "audio/x-wav", name: "clip.wav"))
        let outside = try XCTUnwrap(movies.first { $0.rect.minX > 250 })
        guard case .external? = document.media(outside.id) else {
            return XCTFail("a movie outside the document is played only after asking: \(String(describing: document.media(outside.id)))")
        }
    }

    func testTheDocumentMakesARichMediaAnnotationALinkThatPlaysItsAsset() throws {
        let pdf = AttachmentsPDF(richMedia: [.playing(.init(name: "tone.wav", bytes: wav, mimeType: "audio/x-wav"), rect: [100, 400, 300, 500])])
        let path = try write(pdf)
        let document = try PopplerDocument.open(path: path)
        let media = document.links(on: PageIndex(0)).filter { if case .media = $0.target { return true } else { return false } }
        XCTAssertEqual(media.count, 1)
        let link = try XCTUnwrap(media.first)
        XCTAssertEqual(link.rect, Rect(x: 100, y: 400, width: 200, height: 100))
        guard case .media(let id) = link.target else { return XCTFail() }
        XCTAssertEqual(document.media(id), .embedded(bytes: wav, mimeType: "audio/x-wav", name: "tone.wav"))

        let editor = try DocumentEditor.open(path: path, password: nil)
        XCTAssertEqual(editor.annotations(on: PageIndex(0)).map(\.subtype), [.richMedia], "the editor knows the kind by its /Subtype")
    }

    func testAMissingOrDamagedAssetIsSaidSoAndNotPlayed() throws {
        let asset = AttachmentsPDF.File(name: "tone.wav", bytes: wav, mimeType: "audio/x-wav")
        let missing = AttachmentsPDF.RichMedia(assets: [], configurations: [[.init(subtype: "Video", asset: nil)]], activated: 0, rect: [50, 50, 150, 150])
        var damaged = AttachmentsPDF.RichMedia.playing(asset, rect: [200, 50, 300, 150])
        damaged.damagedAssets = [0]
        let noContent = AttachmentsPDF.RichMedia(assets: [.init(name: "readme.txt", bytes: Array("text".utf8), mimeType: "text/plain")],
                                                 configurations: [], rect: [350, 50, 450, 150])
        let path = try write(AttachmentsPDF(richMedia: [missing, damaged, noContent]))
        let listed = try XCTUnwrap(EmbeddedMedia.list(path: path, password: nil, page: PageIndex(0), reading: 1))
        XCTAssertEqual(listed.map(\.status), [.missing, .unreadable, .missing])
        XCTAssertTrue(listed.allSatisfy { $0.bytes == nil })
        for item in listed {
            guard case .unplayable(let reason) = item.clip else { return XCTFail("\(item)") }
            XCTAssertFalse(reason.isEmpty)
        }
        let small = try XCTUnwrap(EmbeddedMedia.list(path: path, password: nil, page: PageIndex(0), reading: 1, maximumBytes: 10))
        XCTAssertEqual(small[1].status, .tooLarge, "a file beyond the limit is not read")

        let document = try PopplerDocument.open(path: path)
        let ids = document.links(on: PageIndex(0)).compactMap { link -> String? in
            if case .media(let id) = link.target { return id } else { return nil }
        }
        XCTAssertEqual(ids.count, 3, "each still takes a click, to say why it does not play")
        for id in ids {
            guard case .unplayable? = document.media(id) else { return XCTFail("\(id): \(String(describing: document.media(id)))") }
        }
    }
}
