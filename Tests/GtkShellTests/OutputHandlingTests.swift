// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import Foundation
import Geometry
@testable import GtkShell
import InteractionEngine
import TestSupport
import XCTest

/// The canvas is the host of the interaction engine: every output the engine can produce
/// (every tool command and every engine decision included) reaches a handler there, and the
/// only ones it does not apply say why. The outputs come from the engine's own catalogue of
/// kinds, which does not compile until a new case has an example.
final class OutputHandlingTests: XCTestCase {
    private func requireGtk() throws { try GtkTestDisplay.require() }

    func testEveryEngineOutputReachesAHandlerOnTheCanvas() throws {
        try requireGtk()
        // XCTest runs tests on the main thread, where GTK lives.
        MainActor.assumeIsolated { Self.everyOutputReachesAHandler() }
    }

    @MainActor private static func everyOutputReachesAHandler() {
        let canvas = PdfCanvas()
        let target = AnnotationTarget(id: AnnotationID("p0-a0"), kind: .square, page: PageIndex(0),
                                      bounds: Rect(x: 100, y: 100, width: 80, height: 40))
        let outputs = InteractionOutput.examples(target: target)
        // The catalogue covers every kind, tool commands and engine decisions included.
        XCTAssertEqual(Set(outputs.map(\.kind)), Set(InteractionOutput.Kind.allCases))
        let commands = outputs.compactMap { if case .tool(let c) = $0 { return c } else { return nil } }
        XCTAssertEqual(commands.map(\.kind), ToolCommand.Kind.allCases)
        let decisions = outputs.compactMap { if case .engine(let d) = $0 { return d } else { return nil } }
        XCTAssertEqual(decisions.map(\.kind), EngineOutput.Kind.allCases)

        var unapplied: [String: String] = [:]
        var translated: [String] = []
        for output in outputs {
            let name: String
            switch output {
            case .tool(let c): name = "tool." + c.kind.rawValue
            case .engine(let d): name = "engine." + d.kind.rawValue
            default: name = output.kind.rawValue
            }
            switch canvas.apply(output) {
            case .applied: break
            case .translatedByEngine: translated.append(name)
            case .nothingToApply(let reason):
                XCTAssertFalse(reason.isEmpty, name)
                unapplied[name] = reason
            }
        }
        // What the canvas leaves alone, each with its reason: nothing else is unapplied.
        XCTAssertEqual(Set(unapplied.keys), ["engine.swipe", "engine.stylusEnd"], "\(unapplied)")
        // Decisions the canvas calls translated are really never forwarded by DocumentInteraction.
        let interaction = DocumentInteraction(clock: ManualClock(now: InputTime(seconds: 1)))
        var forwarded: [EngineOutput] = []
        interaction.output = { if case .engine(let d) = $0 { forwarded.append(d) } }
        for decision in decisions where translated.contains("engine." + decision.kind.rawValue) {
            interaction.engine.output(decision)
        }
        XCTAssertEqual(forwarded, [], "the engine hands these on to a host that leaves them alone")
        XCTAssertFalse(translated.isEmpty)
    }

    func testCommandsWithAVisibleEffectChangeTheCanvasState() throws {
        try requireGtk()
        MainActor.assumeIsolated { Self.commandsChangeTheCanvasState() }
    }

    @MainActor private static func commandsChangeTheCanvasState() {
        let canvas = PdfCanvas()
        let band = Rect(x: 10, y: 20, width: 30, height: 40)
        canvas.apply(.tool(.selectionBand(band)))
        XCTAssertEqual(canvas.previews.band, band)
        canvas.apply(.tool(.selectionBand(nil)))
        XCTAssertNil(canvas.previews.band)
        canvas.apply(.tool(ToolCommand.example(.inkPreview)))
        XCTAssertEqual(canvas.previews.ink?.strokes.first?.count, 2)
        canvas.apply(.tool(.inkPreview(PageIndex(0), [])))
        XCTAssertNil(canvas.previews.ink)
        canvas.apply(.tool(ToolCommand.example(.shapePreview)))
        XCTAssertNotNil(canvas.previews.shape)
        canvas.apply(.tool(.clearShapePreview))
        XCTAssertNil(canvas.previews.shape)
    }
}
