// SPDX-License-Identifier: GPL-3.0-or-later
import Document
import Geometry

// Every output the engine can hand a host, named without its payload and with one example each,
// so that a host's test can enumerate them all and prove that none is dropped. Both switches
// below are exhaustive: a new case does not compile until it has a kind and an example.

extension ToolCommand {
    /// A ``ToolCommand``'s case without its payload.
    public enum Kind: String, CaseIterable, Sendable {
        case selectAnnotation, deselectAnnotation, beginTransform, moveAnnotation, resizeAnnotation, endTransform
        case moveLineEnd, deleteAnnotations, eraseAlong, eraseWhole, endErase
        case selectionBand, lassoPreview, lassoSelect, markupPreview, clearMarkupPreview, addTextMarkup, markText, markTextWithInk
        case inkPreview, addInk, shapePreview, clearShapePreview, addShape, snapShape, addFreeText, addNote, addStamp
        case focusFormField, clearFormFocus
        case rotateAnnotation, moveVertex, insertVertex, removeVertex
        case markerPreview, addMarkerInk
        case moveAnnotations
    }

    public var kind: Kind {
        switch self {
        case .selectAnnotation: return .selectAnnotation
        case .deselectAnnotation: return .deselectAnnotation
        case .beginTransform: return .beginTransform
        case .moveAnnotation: return .moveAnnotation
        case .resizeAnnotation: return .resizeAnnotation
        case .endTransform: return .endTransform
        case .moveLineEnd: return .moveLineEnd
        case .deleteAnnotations: return .deleteAnnotations
        case .eraseAlong: return .eraseAlong
        case .eraseWhole: return .eraseWhole
        case .endErase: return .endErase
        case .selectionBand: return .selectionBand
        case .lassoPreview: return .lassoPreview
        case .lassoSelect: return .lassoSelect
        case .markupPreview: return .markupPreview
        case .clearMarkupPreview: return .clearMarkupPreview
        case .addTextMarkup: return .addTextMarkup
        case .markText: return .markText
        case .markTextWithInk: return .markTextWithInk
        case .inkPreview: return .inkPreview
        case .addInk: return .addInk
        case .shapePreview: return .shapePreview
        case .clearShapePreview: return .clearShapePreview
        case .addShape: return .addShape
        case .snapShape: return .snapShape
        case .addFreeText: return .addFreeText
        case .addNote: return .addNote
        case .addStamp: return .addStamp
        case .focusFormField: return .focusFormField
        case .clearFormFocus: return .clearFormFocus
        case .rotateAnnotation: return .rotateAnnotation
        case .moveVertex: return .moveVertex
        case .insertVertex: return .insertVertex
        case .removeVertex: return .removeVertex
        case .markerPreview: return .markerPreview
        case .addMarkerInk: return .addMarkerInk
        case .moveAnnotations: return .moveAnnotations
        }
    }

    /// A command of each kind, about annotation `id` on page 0 where one is needed.
    public static func example(_ kind: Kind, id: AnnotationID = AnnotationID("example")) -> ToolCommand {
        let page = PageIndex(0), a = Point(x: 100, y: 100), b = Point(x: 200, y: 150)
        let range = TextRange(start: PagePoint(page: page, point: a), end: PagePoint(page: page, point: b))
        let stroke = [InkPoint(location: a, pressure: 0.5), InkPoint(location: b, pressure: 0.8)]
        switch kind {
        case .selectAnnotation: return .selectAnnotation(id)
        case .deselectAnnotation: return .deselectAnnotation(id)
        case .beginTransform: return .beginTransform(id)
        case .moveAnnotation: return .moveAnnotation(id, by: Vector(dx: 5, dy: 5))
        case .resizeAnnotation: return .resizeAnnotation(id, to: Rect(x: 100, y: 100, width: 80, height: 40))
        case .endTransform: return .endTransform(id, cancelled: false)
        case .moveLineEnd: return .moveLineEnd(id, index: 1, to: b)
        case .deleteAnnotations: return .deleteAnnotations([id])
        case .eraseAlong: return .eraseAlong(page, path: [a, b], radius: 4)
        case .eraseWhole: return .eraseWhole(id)
        case .endErase: return .endErase(cancelled: false)
        case .selectionBand: return .selectionBand(Rect(x: 10, y: 10, width: 50, height: 50))
        case .lassoPreview: return .lassoPreview(page, [a, b, Point(x: 150, y: 200)])
        case .lassoSelect: return .lassoSelect(page, [a, b, Point(x: 150, y: 200)], adding: false)
        case .markupPreview: return .markupPreview(range)
        case .clearMarkupPreview: return .clearMarkupPreview
        case .addTextMarkup: return .addTextMarkup(.highlight, range)
        case .markText: return .markText(.underline, TextSelection(page: page, anchor: 0, focus: 5))
        case .markTextWithInk: return .markTextWithInk(.strikeOut, TextSelection(page: page, anchor: 0, focus: 5), stroke: stroke)
        case .inkPreview: return .inkPreview(page, [stroke])
        case .addInk: return .addInk(page, [stroke])
        case .shapePreview: return .shapePreview(.square, page, from: a, to: b)
        case .clearShapePreview: return .clearShapePreview
        case .addShape: return .addShape(.arrow, page, from: a, to: b)
        case .snapShape: return .snapShape(page, stroke: stroke, to: .line(from: a, to: b))
        case .addFreeText: return .addFreeText(page, Rect(x: 100, y: 100, width: 150, height: 40))
        case .addNote: return .addNote(page, at: a)
        case .addStamp: return .addStamp(page, Rect(x: 100, y: 100, width: 150, height: 40), name: "Approved")
        case .focusFormField: return .focusFormField(id)
        case .clearFormFocus: return .clearFormFocus
        case .rotateAnnotation: return .rotateAnnotation(id, degrees: 30, about: a)
        case .moveVertex: return .moveVertex(id, index: 1, to: b)
        case .insertVertex: return .insertVertex(id, index: 1, at: b)
        case .removeVertex: return .removeVertex(id, index: 0)
        case .markerPreview: return .markerPreview(page, stroke)
        case .addMarkerInk: return .addMarkerInk(page, stroke)
        case .moveAnnotations: return .moveAnnotations([id], on: page, by: Vector(dx: 5, dy: 5))
        }
    }
}

extension EngineOutput {
    /// An ``EngineOutput``'s case without its payload.
    public enum Kind: String, CaseIterable, Sendable {
        case contact, contactCancelled, scroll, scrollEnded, stopMomentum, zoom, zoomEnded, smartZoom, fastScroll, turnPage, swipe
        case selectAnnotation, deselectAnnotations, transformAnnotation, liftAnnotation, editAnnotation, openLink, toggleUserInterface
        case selectText, deselectText, hover, stylusEnd, key, drawer
    }

    public var kind: Kind {
        switch self {
        case .contact: return .contact
        case .contactCancelled: return .contactCancelled
        case .scroll: return .scroll
        case .scrollEnded: return .scrollEnded
        case .stopMomentum: return .stopMomentum
        case .zoom: return .zoom
        case .zoomEnded: return .zoomEnded
        case .smartZoom: return .smartZoom
        case .fastScroll: return .fastScroll
        case .turnPage: return .turnPage
        case .swipe: return .swipe
        case .selectAnnotation: return .selectAnnotation
        case .deselectAnnotations: return .deselectAnnotations
        case .transformAnnotation: return .transformAnnotation
        case .liftAnnotation: return .liftAnnotation
        case .editAnnotation: return .editAnnotation
        case .openLink: return .openLink
        case .toggleUserInterface: return .toggleUserInterface
        case .selectText: return .selectText
        case .deselectText: return .deselectText
        case .hover: return .hover
        case .stylusEnd: return .stylusEnd
        case .key: return .key
        case .drawer: return .drawer
        }
    }

    /// An output of each kind, about `target` where one is needed.
    public static func example(_ kind: Kind, target: AnnotationTarget) -> EngineOutput {
        let p = Point(x: 120, y: 140)
        let event = InputEvent(kind: .contact(.began), source: .touchscreen, position: p, time: InputTime(seconds: 1))
        switch kind {
        case .contact: return .contact(event)
        case .contactCancelled: return .contactCancelled(event.sequence)
        case .scroll: return .scroll(by: Vector(dx: 0, dy: 30))
        case .scrollEnded: return .scrollEnded(velocity: Vector(dx: 0, dy: 300))
        case .stopMomentum: return .stopMomentum
        case .zoom: return .zoom(by: 1.2, about: p)
        case .zoomEnded: return .zoomEnded
        case .smartZoom: return .smartZoom(to: Rect(x: 50, y: 50, width: 200, height: 300), about: p)
        case .fastScroll: return .fastScroll(.nextPage)
        case .turnPage: return .turnPage(.nextPage, .began, at: p, velocity: .zero)
        case .swipe: return .swipe(.left, fingers: 3)
        case .selectAnnotation: return .selectAnnotation(target)
        case .deselectAnnotations: return .deselectAnnotations([target])
        case .transformAnnotation: return .transformAnnotation(target, .began, translation: .zero)
        case .liftAnnotation: return .liftAnnotation(target, .began, at: p)
        case .editAnnotation: return .editAnnotation(target)
        case .openLink: return .openLink(LinkHit(annotation: target, action: .other))
        case .toggleUserInterface: return .toggleUserInterface
        case .selectText: return .selectText(.began, at: p, TextHit(page: target.page, characterIndex: 0))
        case .deselectText: return .deselectText
        case .hover: return .hover(.changed, at: p)
        case .stylusEnd: return .stylusEnd(.eraser)
        case .key: return .key(InputEvent(kind: .key(name: "Down", pressed: true), source: .keyboard, time: InputTime(seconds: 1)))
        case .drawer: return .drawer(DrawerState(progress: 0.4, isOpen: false, isDragging: true))
        }
    }
}

extension InteractionOutput {
    /// An ``InteractionOutput``'s case without its payload.
    public enum Kind: String, CaseIterable, Sendable {
        case navigate, smartZoom, tool, selectionChanged, textSelectionChanged, hoverChanged, cursor, needsFrames, contextMenu, lift
        case pressed, textMenu, engine, imageSelectionChanged
    }

    public var kind: Kind {
        switch self {
        case .navigate: return .navigate
        case .smartZoom: return .smartZoom
        case .tool: return .tool
        case .selectionChanged: return .selectionChanged
        case .textSelectionChanged: return .textSelectionChanged
        case .hoverChanged: return .hoverChanged
        case .cursor: return .cursor
        case .needsFrames: return .needsFrames
        case .contextMenu: return .contextMenu
        case .lift: return .lift
        case .pressed: return .pressed
        case .textMenu: return .textMenu
        case .imageSelectionChanged: return .imageSelectionChanged
        case .engine: return .engine
        }
    }

    /// Every output a host can receive, with every tool command and engine decision inside
    /// `.tool` and `.engine`, about `target` where one is needed.
    public static func examples(target: AnnotationTarget) -> [InteractionOutput] {
        Kind.allCases.flatMap { kind -> [InteractionOutput] in
            switch kind {
            case .navigate: return [.navigate(.scroll(by: Vector(dx: 0, dy: 20)))]
            case .smartZoom: return [.smartZoom(to: Rect(x: 50, y: 50, width: 200, height: 300), about: Point(x: 100, y: 100))]
            case .tool: return ToolCommand.Kind.allCases.map { .tool(ToolCommand.example($0, id: target.id)) }
            case .selectionChanged: return [.selectionChanged(target.id)]
            case .textSelectionChanged: return [.textSelectionChanged(TextSelection(page: target.page, anchor: 0, focus: 3)), .textSelectionChanged(nil)]
            case .hoverChanged: return [.hoverChanged(target.id)]
            case .cursor: return [.cursor(.crosshair)]
            case .needsFrames: return [.needsFrames]
            case .contextMenu: return [.contextMenu(at: Point(x: 100, y: 100), annotation: target.id)]
            case .lift: return [.lift(target.id), .lift(nil)]
            case .pressed: return [.pressed(target.id), .pressed(nil)]
            case .textMenu: return [.textMenu(at: Point(x: 100, y: 100))]
            case .imageSelectionChanged:
                return [.imageSelectionChanged(PageImage(page: target.page, id: 0, rect: Rect(x: 10, y: 10, width: 100, height: 80))), .imageSelectionChanged(nil)]
            case .engine: return EngineOutput.Kind.allCases.map { .engine(EngineOutput.example($0, target: target)) }
            }
        }
    }
}
