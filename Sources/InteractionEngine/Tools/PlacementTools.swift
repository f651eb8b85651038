// SPDX-License-Identifier: GPL-3.0-or-later
import Document
import Geometry

/// Tools that place one annotation where the user taps (free text, note, stamp), then hand back
/// to browse/pan unless told to stay.
enum Placement {
    /// A rectangle of `size` (PDF points, as seen on screen) with its top-left corner at a view
    /// point, in the page's PDF space.
    static func rect(atView point: Point, size: Size, on page: PageGeometry, coordinates: DocumentCoordinates) -> Rect? {
        let shown = Size(width: size.width * page.scaleX, height: size.height * page.scaleY)
        return coordinates.convert(Rect(origin: point, size: shown), from: .view, to: .pdf(page.index))
    }

    static func page(at point: Point, _ context: ToolContext) -> PageGeometry? {
        context.environment.coordinates.page(atView: point)
    }
}

/// Places a free-text box: a tap makes a box of ``defaultSize`` with its top-left at the tap; a
/// drag spans the box.
public final class FreeTextTool: Tool {
    public let id = ToolID.freeText
    public var defaultSize = Size(width: 150, height: 40)
    public var staysActive: Bool
    private var drag: (page: PageIndex, start: Point, sequence: InputSequenceID)?

    public init(staysActive: Bool = false) { self.staysActive = staysActive }

    public func handle(_ event: ToolEvent, context: ToolContext) -> ToolDisposition {
        let coordinates = context.environment.coordinates
        switch event {
        case .tap(let g):
            guard let page = Placement.page(at: g.position, context),
                  let rect = Placement.rect(atView: g.position, size: defaultSize, on: page, coordinates: coordinates)
            else { return .handled }
            context.emit(.addFreeText(page.index, rect))
            return staysActive ? .handled : .switchTo(.pan, replay: false)
        case .longPress:
            return .handled
        case .input(let e):
            switch e.contactPhase {
            case .began:
                guard drag == nil, let page = Placement.page(at: e.position, context) else { return .unhandled }
                drag = (page.index, e.position, e.sequence)
                return .handled
            case .moved:
                return drag?.sequence == e.sequence ? .handled : .unhandled
            case .ended, .cancelled:
                guard let d = drag, d.sequence == e.sequence else { return .unhandled }
                drag = nil
                // Short drags are taps, which arrive separately.
                guard e.contactPhase == .ended, d.start.distance(to: e.position) >= 8,
                      let rect = coordinates.convert(Rect(corner: d.start, corner: e.position), from: .view, to: .pdf(d.page))
                else { return .handled }
                context.emit(.addFreeText(d.page, rect))
                return staysActive ? .handled : .switchTo(.pan, replay: false)
            case nil:
                return .unhandled
            }
        }
    }

    public func pointerShape(atView point: Point, source: InputSource, context: ToolContext) -> PointerShape { .crosshair }
}

/// Places a sticky note where the user taps.
public final class NoteTool: Tool {
    public let id = ToolID.note
    public var staysActive: Bool

    public init(staysActive: Bool = false) { self.staysActive = staysActive }

    public func handle(_ event: ToolEvent, context: ToolContext) -> ToolDisposition {
        guard case .tap(let g) = event else { return event.contactPhase == nil ? .unhandled : .handled }
        guard let page = Placement.page(at: g.position, context),
              let p = context.environment.pdfPoint(fromView: g.position, on: page.index) else { return .handled }
        context.emit(.addNote(page.index, at: p))
        return staysActive ? .handled : .switchTo(.pan, replay: false)
    }

    public func pointerShape(atView point: Point, source: InputSource, context: ToolContext) -> PointerShape { .crosshair }
}

/// Places a named stamp centred where the user taps.
public final class StampTool: Tool {
    public let id = ToolID.stamp
    public var name: String
    public var size: Size
    public var staysActive: Bool

    public init(name: String = "Approved", size: Size = Size(width: 150, height: 50), staysActive: Bool = false) {
        self.name = name; self.size = size; self.staysActive = staysActive
    }

    public func handle(_ event: ToolEvent, context: ToolContext) -> ToolDisposition {
        guard case .tap(let g) = event else { return event.contactPhase == nil ? .unhandled : .handled }
        guard let page = Placement.page(at: g.position, context) else { return .handled }
        let topLeft = Point(x: g.position.x - size.width * page.scaleX / 2, y: g.position.y - size.height * page.scaleY / 2)
        guard let rect = Placement.rect(atView: topLeft, size: size, on: page, coordinates: context.environment.coordinates)
        else { return .handled }
        context.emit(.addStamp(page.index, rect, name: name))
        return staysActive ? .handled : .switchTo(.pan, replay: false)
    }

    public func pointerShape(atView point: Point, source: InputSource, context: ToolContext) -> PointerShape { .crosshair }
}
