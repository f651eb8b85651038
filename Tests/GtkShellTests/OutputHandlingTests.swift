// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import Document
import DocumentSession
import Foundation
import Geometry
@testable import GtkShell
import InteractionEngine
import TestSupport
import XCTest

/// The canvas applies every effect its document session answers with: each kind of
/// ``SessionEffect`` reaches a handler, and the only ones it does not apply say why. The
/// effects come from the session's own catalogue, which holds one of each kind; the tool
/// commands the session hands on are the ones the canvas turns into edits, and no other.
final class OutputHandlingTests: XCTestCase {
    private func requireGtk() throws { try GtkTestDisplay.require() }

    func testEverySessionEffectReachesAHandlerOnTheCanvas() throws {
        try requireGtk()
        // XCTest runs tests on the main thread, where GTK lives.
        MainActor.assumeIsolated { Self.everyEffectReachesAHandler() }
    }

    @MainActor private static func everyEffectReachesAHandler() {
        let canvas = PdfCanvas()
        var asked: [String] = []
        canvas.onExternalLink = { asked.append($0) }
        canvas.onPlayMedia = { asked.append("play " + $0) }
        canvas.onToggleUserInterface = { asked.append("toggle") }
        canvas.onDrawer = { _ in asked.append("drawer") }
        canvas.onBoxDrawn = { _, _ in asked.append("box") }
        canvas.whenEditorReady = { _ in asked.append("editor") }
        var unapplied: [String: String] = [:]
        for effect in SessionEffect.examples {
            switch canvas.apply(effect) {
            case .applied: break
            case .translatedByEngine: unapplied["\(effect)"] = "translated"
            case .nothingToApply(let reason):
                XCTAssertFalse(reason.isEmpty, "\(effect)")
                unapplied["\(effect)"] = reason
            }
        }
        // With no document open there is no text box, note or form field to open for writing:
        // nothing else is left unapplied.
        XCTAssertEqual(Set(unapplied.keys.map { String($0.prefix { $0 != "(" }) }), ["editTextBox", "editNote", "openFormFieldEditor"],
                       "\(unapplied)")
        XCTAssertEqual(asked, ["editor", "https://example.org", "play p0-a0", "toggle", "box", "drawer"], "the window was asked")
    }

    func testTheCanvasTurnsExactlyTheHandedOnToolCommandsIntoEdits() throws {
        try requireGtk()
        MainActor.assumeIsolated { Self.handedOnCommands() }
    }

    @MainActor private static func handedOnCommands() {
        let canvas = PdfCanvas()
        let session = DocumentSession(clock: ManualClock(), stamp: { _ in CreationStamp(id: "n", author: nil, date: "D:2026") })
        var handedOn: [ToolCommand.Kind] = []
        session.deliver = { effects in
            for case .toolCommand(let c) in effects { handedOn.append(c.kind) }
        }
        for kind in ToolCommand.Kind.allCases { session.interaction.output(.tool(ToolCommand.example(kind))) }
        XCTAssertFalse(handedOn.isEmpty)
        // The canvas applies every command the session hands on, and calls every other one the
        // session's own.
        for kind in ToolCommand.Kind.allCases {
            let handling = canvas.apply(ToolCommand.example(kind))
            if handedOn.contains(kind) {
                XCTAssertEqual(handling, .applied, "\(kind) is the canvas's to apply")
            } else {
                XCTAssertEqual(handling, .translatedByEngine, "\(kind) is the session's")
            }
        }
    }
}
