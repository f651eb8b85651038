// SPDX-License-Identifier: GPL-3.0-or-later
import Document
import Geometry

/// The ruler's part of the routing, before tools and recognizers: fingers on the ruler (and any
/// second finger while one holds it) move and turn it, never scroll, zoom or draw; a pointer or
/// a pen on one of its handles moves or turns it. Everything else (a pen on the ruler's body
/// included) goes on as usual, and the ink tool follows the ruler's edge by itself
/// (``ToolEnvironment/rulerGuide(forStrokeAtView:on:)``).
extension DocumentInteraction {
    /// The ruler, while it is shown.
    public var ruler: Ruler? { scene.ruler }

    /// Shows the ruler (in the middle of the view, level, counting in `unit`) or hides it.
    /// Showing it again puts it back in the middle.
    public func showRuler(_ shown: Bool, unit: RulerUnit) {
        rulerGesture = nil
        guard shown else {
            scene.ruler = nil
            output(.needsFrames)
            return
        }
        let coordinates = scene.coordinates
        let middle = targets.viewBounds.center
        guard let page = coordinates.page(atView: middle) ?? coordinates.nearestPage(toView: middle) else { return }
        let ruler = Ruler(page: page.index, center: .zero, unit: unit)
        scene.ruler = ruler.moved(toView: middle, angle: 0, in: coordinates)
        output(.needsFrames)
    }

    /// The pointer over the ruler's handles (a hand that grabs), or while it carries the ruler
    /// (a closed hand); `nil` elsewhere.
    func rulerPointerShape(at point: Point) -> PointerShape? {
        if let gesture = rulerGesture, !gesture.isEmpty { return .grabbing }
        guard let placement = scene.ruler?.placement(in: scene.coordinates),
              placement.handle(at: point, reach: Ruler.handleRadius) != nil else { return nil }
        return .grab
    }

    /// Takes contacts that are the ruler's; returns whether it took `event`.
    func routeToRuler(_ event: InputEvent) -> Bool {
        guard case .contact(let phase) = event.kind else { return false }
        if phase == .began {
            guard event.button == nil || event.button == .primary,
                  let placement = scene.ruler?.placement(in: scene.coordinates) else { return false }
            // A second finger while one holds the ruler joins it: two fingers turn it.
            if var gesture = rulerGesture {
                guard event.isDirect, gesture.add(event.sequence, at: event.position) else { return false }
                rulerGesture = gesture
                return true
            }
            // A handle is as large as a fingertip for a finger (the scene's hit targets' size).
            let reach = max(scene.targetPolicy.sizing(for: event.source).maximumOutset, Ruler.handleRadius)
            let handle = placement.handle(at: event.position, reach: reach)
            guard handle != nil || (event.isDirect && placement.contains(event.position)) else { return false }
            var gesture = RulerGesture(placement: placement, grip: handle ?? .move)
            gesture.add(event.sequence, at: event.position)
            rulerGesture = gesture
            return true
        }
        guard var gesture = rulerGesture, gesture.holds(event.sequence), var ruler = scene.ruler else { return false }
        switch phase {
        case .moved:
            gesture.move(event.sequence, to: event.position)
            ruler = ruler.moved(toView: gesture.center, angle: Ruler.snapped(gesture.angle), in: scene.coordinates)
            if ruler != scene.ruler {
                scene.ruler = ruler
                output(.needsFrames)
            }
        case .ended, .cancelled:
            gesture.remove(event.sequence)
        case .began:
            break
        }
        rulerGesture = gesture.isEmpty ? nil : gesture
        return true
    }
}

extension DocumentScene {
    /// The line a stroke starting at a view point follows along the ruler (in the PDF space of
    /// the stroke's page), or `nil` with no ruler or far from it; see ``Ruler/guide(forStrokeAtView:on:inkWidth:in:)``.
    public func rulerGuide(forStrokeAtView point: Point, on page: PageIndex) -> RulerGuide? {
        ruler?.guide(forStrokeAtView: point, on: page, inkWidth: inkWidth(), in: coordinates)
    }
}
