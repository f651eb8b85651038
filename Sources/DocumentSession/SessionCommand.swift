// SPDX-License-Identifier: GPL-3.0-or-later
import Document
import DocumentLayout
import Geometry
import InteractionEngine

/// What the window's actions ask of a document view (the header bar, the menus, the keyboard
/// shortcuts, D-Bus): ``DocumentSession/perform(_:)`` carries each out and answers with the
/// effects, as it does for input.
public enum SessionCommand: Equatable, Sendable {
    /// Show a page (the page entry, the outline, the thumbnails).
    case goTo(PageIndex)
    /// Multiply the zoom about a view point (the view's middle with `nil`).
    case zoom(by: Double, about: Point?)
    case setZoom(Double)
    case setZoomMode(ZoomMode)
    /// Walk the reading history.
    case historyBack, historyForward
    /// Pick a creation tool, or Select with `nil`.
    case pick(ToolID?)
    /// Select annotations (the last is the primary one), or none.
    case select([AnnotationID])
    case deselect
    /// Delete annotations as one undoable step.
    case delete([AnnotationID])
    /// Mark the selected text (Highlight, Underline …).
    case markSelectedText(AnnotationKind)
    /// Turn the markup the smart pen just made back into the stroke as drawn (one undoable step).
    case keepAsInk
    /// Follow a link (a page of the document, or ask about an address outside it).
    case follow(AnnotationID)
    /// Search for a text (an empty one ends the search), from the page in view.
    case search(TextSearch)
    /// Search again for what is being searched (the pages changed).
    case searchAgain
    /// Go to the next match (`forward`) or the previous one, wrapping round the document.
    case stepSearch(forward: Bool)
    /// Stop reading pages, keeping the matches found so far.
    case stopSearch
    /// End the search, its current match becoming the text selection.
    case endSearch
    /// Show the ruler (in the middle of the view, level, counting in the unit) or hide it.
    case showRuler(Bool, unit: RulerUnit)
}

extension DocumentSession {
    /// Carries out a command of the window's; answers with what the host must do.
    public func perform(_ command: SessionCommand) -> [SessionEffect] {
        gather {
            switch command {
            case .goTo(let page): emit(changingView { $0.goTo(page: page) })
            case .zoom(let factor, let focus): emit(changingView { $0.zoom(by: factor, about: focus) })
            case .setZoom(let zoom): emit(changingView { $0.setZoom(zoom) })
            case .setZoomMode(let mode): emit(changingView { $0.setZoomMode(mode) })
            case .historyBack: emit(changingView { $0.apply(.historyBack) })
            case .historyForward: emit(changingView { $0.apply(.historyForward) })
            case .pick(let tool):
                interaction.pick(tool)
                previews.ink = nil
                previews.shape = nil
                emit([.cursor(tool == nil ? .default : .crosshair), .redraw])
            case .select(let ids):
                if ids.isEmpty { interaction.deselectAnnotation() } else { interaction.select(ids) }
            case .deselect:
                interaction.deselectAnnotation()
            case .delete(let ids):
                delete(ids)
            case .markSelectedText(let kind):
                interaction.markTextSelection(kind)
            case .keepAsInk:
                keepAsInk()
            case .follow(let id):
                emit(follow(id))
            case .search(let text):
                startSearch(text)
            case .searchAgain:
                if let text = search?.search {
                    search = nil
                    startSearch(text)
                }
            case .stepSearch(let forward):
                stepSearch(forward: forward)
            case .stopSearch:
                stopSearch()
            case .endSearch:
                endSearch()
            case .showRuler(let shown, let unit):
                showRuler(shown, unit: unit)
            }
        }
    }
}
