// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import StateSnapshot
import TestSupport
import XCTest

/// Media annotations in the real app: a /Screen whose rendition action plays a WAV carried in
/// the document (made by the test) does not play when the document opens, and plays in place
/// on a click (the state dump's mediaAnnotation and mediaPlaying or mediaEnded); a clip in a
/// format GStreamer cannot play gives a clear message. The same for a /RichMedia annotation's
/// asset and a /Movie's embedded file, and a RichMedia whose asset is missing says so.
final class MediaUITests: XCTestCase {
    /// Where a point of page 1 (PDF points, y up, a 595 × 842 page) is in the view.
    private func viewPoint(_ x: Double, _ y: Double, on page: WindowSnapshot.VisiblePage) -> (Double, Double) {
        (page.x + x / 595 * page.width, page.y + (842 - y) / 842 * page.height)
    }

    private func open(_ pdf: AttachmentsPDF, in session: AppSession) throws -> (pid: Int, window: WindowSnapshot) {
        let path = session.workDir.appendingPathComponent("media.pdf").path
        try pdf.data().write(to: URL(fileURLWithPath: path))
        let app = try session.launch([path])
        let shown = try XCTUnwrap(session.waitFor("shown") { s in
            guard s.pid == Int(app.processIdentifier), let w = s.windows.first else { return false }
            return w.content == "document" && w.missingTiles == 0 && !w.isAnimating
        })
        return (shown.pid, try XCTUnwrap(shown.windows.first))
    }

    func testAnEmbeddedSoundPlaysOnAClickAndNotOnOpen() throws {
        let session = try AppSession()
        let wav = AttachmentsPDF.wav(seconds: 2)
        let pdf = AttachmentsPDF(screens: [.init(clip: .init(name: "tone.wav", bytes: wav, mimeType: "audio/x-wav"), rect: [100, 400, 300, 500])])
        let (pid, window) = try open(pdf, in: session)
        XCTAssertNil(window.mediaAnnotation, "nothing plays on open")
        XCTAssertNil(window.mediaPlaying)
        let page = try XCTUnwrap(window.visiblePages.first { $0.page == 1 })
        let origin = try XCTUnwrap(session.windowOrigin(pid: pid))
        let (x, y) = viewPoint(200, 450, on: page)
        XCTAssertEqual(session.state()?.windows.first?.mediaAnnotation, nil, "still nothing before the click")
        session.xdotool("mousemove", "\(Int(origin.x + window.canvasX + x))", "\(Int(origin.y + window.canvasY + y))", "click", "1")
        let played = try XCTUnwrap(session.waitFor("the clip plays after the click") { s in
            guard let w = s.windows.first else { return false }
            return w.mediaAnnotation != nil && (w.mediaPlaying == true || w.mediaEnded == true) || w.mediaError != nil
        }?.windows.first)
        XCTAssertNil(played.mediaError, "GStreamer plays a WAV: \(played.mediaError ?? "")")
        XCTAssertNotNil(played.mediaAnnotation)
        session.waitFor("it moves on") { s in (s.windows.first?.mediaSeconds ?? 0) > 0 || s.windows.first?.mediaEnded == true }
        if ProcessInfo.processInfo.environment["ATTACHMENT_SCREENSHOT"] != nil {
            session.run("import", ["-window", "root", "/tmp/media-ui.png"])
        }
        session.quitApps()
    }

    func testASoundAnnotationsSamplesPlayOnAClick() throws {
        let session = try AppSession()
        // One second of a 16-bit mono tone at 8 kHz, most significant byte first as PDF has it.
        let samples = (0..<8000).flatMap { i -> [UInt8] in
            let v = Int16(sin(2 * Double.pi * 440 * Double(i) / 8000) * 12000)
            return [UInt8(truncatingIfNeeded: v >> 8), UInt8(truncatingIfNeeded: v)]
        }
        let pdf = AttachmentsPDF(sounds: [.init(samples: samples, rate: 8000, channels: 1, bits: 16, rect: [100, 400, 300, 500])])
        let (pid, window) = try open(pdf, in: session)
        XCTAssertNil(window.mediaAnnotation, "nothing plays on open")
        let page = try XCTUnwrap(window.visiblePages.first { $0.page == 1 })
        let origin = try XCTUnwrap(session.windowOrigin(pid: pid))
        let (x, y) = viewPoint(200, 450, on: page)
        session.xdotool("mousemove", "\(Int(origin.x + window.canvasX + x))", "\(Int(origin.y + window.canvasY + y))", "click", "1")
        let played = try XCTUnwrap(session.waitFor("the sound plays after the click") { s in
            guard let w = s.windows.first else { return false }
            return w.mediaAnnotation != nil && (w.mediaPlaying == true || w.mediaEnded == true) || w.mediaError != nil
        }?.windows.first)
        XCTAssertNil(played.mediaError, "the samples are played as a WAV: \(played.mediaError ?? "")")
        session.quitApps()
    }

    /// Clicks page 1's point (x, y) (PDF points) in the window shown.
    private func click(_ x: Double, _ y: Double, pid: Int, window: WindowSnapshot, in session: AppSession) throws {
        let page = try XCTUnwrap(window.visiblePages.first { $0.page == 1 })
        let origin = try XCTUnwrap(session.windowOrigin(pid: pid))
        let (vx, vy) = viewPoint(x, y, on: page)
        session.xdotool("mousemove", "\(Int(origin.x + window.canvasX + vx))", "\(Int(origin.y + window.canvasY + vy))", "click", "1")
    }

    func testARichMediaSoundPlaysOnAClickAndNotOnOpen() throws {
        let session = try AppSession()
        let wav = AttachmentsPDF.wav(seconds: 2)
        let pdf = AttachmentsPDF(richMedia: [.playing(.init(name: "tone.wav", bytes: wav, mimeType: "audio/x-wav"), rect: [100, 400, 300, 500])])
        let (pid, window) = try open(pdf, in: session)
        XCTAssertNil(window.mediaAnnotation, "nothing plays on open")
        XCTAssertNil(window.mediaPlaying)
        try click(200, 450, pid: pid, window: window, in: session)
        let played = try XCTUnwrap(session.waitFor("the rich media plays after the click") { s in
            guard let w = s.windows.first else { return false }
            return w.mediaAnnotation != nil && (w.mediaPlaying == true || w.mediaEnded == true) || w.mediaError != nil
        }?.windows.first)
        XCTAssertNil(played.mediaError, "GStreamer plays the WAV asset: \(played.mediaError ?? "")")
        XCTAssertEqual(played.selectedAnnotations, [], "the click plays it rather than selecting it")
        session.waitFor("it moves on") { s in (s.windows.first?.mediaSeconds ?? 0) > 0 || s.windows.first?.mediaEnded == true }
        session.quitApps()
    }

    func testAMovieWhoseFileIsEmbeddedPlaysOnAClickWithoutAsking() throws {
        let session = try AppSession()
        let pdf = AttachmentsPDF(movies: [.init(file: .init(name: "clip.wav", bytes: AttachmentsPDF.wav(seconds: 2), mimeType: "audio/x-wav"),
                                                rect: [100, 400, 300, 500])])
        let (pid, window) = try open(pdf, in: session)
        XCTAssertNil(window.mediaAnnotation, "nothing plays on open")
        try click(200, 450, pid: pid, window: window, in: session)
        let played = try XCTUnwrap(session.waitFor("the movie plays after the click") { s in
            guard let w = s.windows.first else { return false }
            return w.mediaAnnotation != nil && (w.mediaPlaying == true || w.mediaEnded == true) || w.mediaError != nil || w.dialog != nil
        }?.windows.first)
        XCTAssertNil(played.dialog, "a file the document carries is not asked about")
        XCTAssertNil(played.mediaError, "GStreamer plays the embedded file: \(played.mediaError ?? "")")
        session.quitApps()
    }

    func testARichMediaWhoseAssetIsMissingOrUnplayableGivesAClearMessage() throws {
        let session = try AppSession()
        let junk = (0..<4000).map { UInt8(truncatingIfNeeded: $0 &* 97 &+ 13) }
        let missing = AttachmentsPDF.RichMedia(assets: [], configurations: [[.init(subtype: "Video", asset: nil)]], activated: 0, rect: [100, 400, 300, 500])
        let unplayable = AttachmentsPDF.RichMedia.playing(.init(name: "clip.mp4", bytes: junk, mimeType: "video/mp4"), as: "Video", rect: [320, 400, 500, 500])
        let (pid, window) = try open(AttachmentsPDF(richMedia: [missing, unplayable]), in: session)
        try click(200, 450, pid: pid, window: window, in: session)
        let failed = try XCTUnwrap(session.waitFor("a message says the asset is missing") { s in
            s.windows.first.map { $0.dialog == "media-unplayable" && $0.mediaError != nil } ?? false
        }?.windows.first)
        XCTAssertNil(failed.mediaPlaying, "nothing plays")
        try session.waitForDialogFocus(pid: pid)
        session.xdotool("key", "Escape")
        session.waitFor("the message closes") { s in s.windows.first?.dialog == nil }
        try session.waitForDialogGone(pid: pid)
        try click(410, 450, pid: pid, window: window, in: session)
        let after = try XCTUnwrap(session.waitFor("a message says GStreamer cannot play it") { s in
            s.windows.first.map { $0.dialog == "media-unplayable" && $0.mediaError != nil && $0.mediaError != failed.mediaError } ?? false
        })
        XCTAssertEqual(after.pid, pid, "the same app, no crash")
        XCTAssertNil(after.windows.first?.mediaPlaying, "nothing plays")
        session.quitApps()
    }

    func testAClipGStreamerCannotPlayGivesAClearMessage() throws {
        let session = try AppSession()
        let junk = (0..<4000).map { UInt8(truncatingIfNeeded: $0 &* 97 &+ 13) }
        let pdf = AttachmentsPDF(screens: [.init(clip: .init(name: "clip.xyz", bytes: junk, mimeType: "video/x-nonsense"), rect: [100, 400, 300, 500])])
        let (pid, window) = try open(pdf, in: session)
        let page = try XCTUnwrap(window.visiblePages.first { $0.page == 1 })
        let origin = try XCTUnwrap(session.windowOrigin(pid: pid))
        let (x, y) = viewPoint(200, 450, on: page)
        session.xdotool("mousemove", "\(Int(origin.x + window.canvasX + x))", "\(Int(origin.y + window.canvasY + y))", "click", "1")
        let failed = try XCTUnwrap(session.waitFor("a message says it cannot be played") { s in
            s.windows.first.map { $0.dialog == "media-unplayable" && $0.mediaError != nil } ?? false
        }?.windows.first)
        XCTAssertNil(failed.mediaPlaying, "nothing plays")
        session.quitApps()
    }
}
