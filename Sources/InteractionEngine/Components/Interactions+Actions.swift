// SPDX-License-Identifier: GPL-3.0-or-later
import Document
import Geometry

/// Triggering a component's action from an embedder's own gesture.
///
/// Each method evaluates the component's activation conditions (not its `isEnabled`, so it
/// works for a component the embedder disabled to replace its gesture), runs its activation
/// callbacks and emits the same output the component's own gesture would. Each returns whether
/// it acted.
extension Interactions {
    @discardableResult
    public func tryToSelectAnnotation(at point: Point, in space: CoordinateSpace) -> Bool {
        selectAnnotation.attempt(at: point, in: space) { [sink] c, _ in sink.send(.selectAnnotation(c.annotation)) }
    }

    @discardableResult
    public func tryToDeselectAnnotation(at point: Point, in space: CoordinateSpace) -> Bool {
        deselectAnnotation.attempt(at: point, in: space) { [sink] c, _ in
            sink.send(.deselectAnnotations(c.selectedAnnotations))
        }
    }

    @discardableResult
    public func tryToEditAnnotation(at point: Point, in space: CoordinateSpace) -> Bool {
        editAnnotation.attempt(at: point, in: space) { [sink] c, _ in sink.send(.editAnnotation(c.annotation)) }
    }

    @discardableResult
    public func tryToOpenLink(at point: Point, in space: CoordinateSpace) -> Bool {
        openLinkAnnotation.attempt(at: point, in: space) { [sink] c, _ in sink.send(.openLink(c.link)) }
    }

    @discardableResult
    public func tryToFastScroll(at point: Point, in space: CoordinateSpace) -> Bool {
        fastScroll.attempt(at: point, in: space) { [sink] c, _ in sink.send(.fastScroll(c.direction)) }
    }

    @discardableResult
    public func tryToSmartZoom(at point: Point, in space: CoordinateSpace) -> Bool {
        smartZoom.attempt(at: point, in: space) { [sink] c, p in
            sink.send(.smartZoom(to: c.targetRect, about: self.viewPoint(p, in: space) ?? p))
        }
    }

    @discardableResult
    public func tryToToggleUserInterface(at point: Point, in space: CoordinateSpace) -> Bool {
        toggleUserInterface.attempt(at: point, in: space) { [sink] _, _ in sink.send(.toggleUserInterface) }
    }

    /// Selects the word (or image) at the point: a began and an ended text selection output.
    @discardableResult
    public func tryToSelectText(at point: Point, in space: CoordinateSpace) -> Bool {
        selectText.attempt(at: point, in: space) { [sink] c, p in
            let view = self.viewPoint(p, in: space) ?? p
            sink.send(.selectText(.began, at: view, c.text))
            sink.send(.selectText(.ended, at: view, c.text))
        }
    }

    @discardableResult
    public func tryToDeselectText(at point: Point, in space: CoordinateSpace) -> Bool {
        deselectText.attempt(at: point, in: space) { [sink] _, _ in sink.send(.deselectText) }
    }
}
