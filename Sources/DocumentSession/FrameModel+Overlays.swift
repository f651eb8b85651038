// SPDX-License-Identifier: GPL-3.0-or-later
import Document
import DocumentLayout
import Geometry
import InteractionEngine

extension FrameModel {
    /// A search match on a page shown: its boxes (a pixel larger than the text each side), and
    /// whether it is the match the search stands on.
    public struct SearchMatch: Equatable, Sendable {
        public var boxes: [Rect]
        public var current: Bool
    }

    /// One stroke of ink being drawn or just made, in view coordinates: its samples, each
    /// sample's width when the device reported pressure (`nil`: one `lineWidth`), and where
    /// the stroke is predicted to go next (drawn as its tip, as wide as its last sample, and
    /// replaced as the real samples arrive; never saved).
    public struct InkStroke: Equatable, Sendable {
        public var points: [Point]
        public var widths: [Double]?
        public var lineWidth: Double
        public var predicted: [Point]

        public init(points: [Point], widths: [Double]?, lineWidth: Double, predicted: [Point] = []) {
            self.points = points
            self.widths = widths
            self.lineWidth = lineWidth
            self.predicted = predicted
        }
    }

    /// Ink on a page, in the Ink tool's style at the frame's zoom.
    public struct Ink: Equatable, Sendable {
        public var page: PageIndex
        /// The first sample in PDF space: with the page, what says a stroke is still the same
        /// one from frame to frame (the render-node canvas keeps the finished pieces of it).
        public var origin: Point
        public var strokes: [InkStroke]
        public var style: AnnotationStyle
        /// The Highlighter's marker: one width, flat ends, multiplied with the page, as saved.
        public var isMarker = false
    }

    /// A shape tool's square, circle, line or arrow, from corner to corner in view coordinates.
    public struct Shape: Equatable, Sendable {
        public var kind: ShapeKind
        public var from: Point
        public var to: Point
        public var style: AnnotationStyle
        public var lineWidth: Double
    }

    /// A part of a stroke the partial eraser took out, covered (view coordinates: its centre
    /// line and the width that covers it) until the page is drawn without it.
    public struct ErasedLine: Equatable, Sendable {
        public var points: [Point]
        public var width: Double
    }

    /// A creation drawn over the pages before its page shows it.
    public enum Creation: Equatable, Sendable {
        case ink(Ink)
        case shape(Shape)
    }

    /// Whether anything is drawn over the pages (an overlay costs a surface as large as what it
    /// draws, so a frame with none leaves it out).
    public var hasOverlays: Bool {
        !searchMatches.isEmpty || !textSelections.isEmpty || imageOutline != nil || pointerEffects.contains { $0.progress > 0 }
            || hoverCorners != nil || formFocus != nil || pressed != nil || lifted != nil || !settling.isEmpty || !moves.isEmpty || band != nil
            || !held.isEmpty || liveInk != nil || shape != nil || !selection.outlines.isEmpty
            || carried != nil
            || !erasedLines.isEmpty || !erasedWhole.isEmpty
            || ruler != nil || lasso != nil
    }
}

extension DocumentSession {
    /// Fills in what is drawn over the pages besides the annotations: search matches, the text
    /// selection and a markup tool's preview, the finger's selection handles, pointer effects
    /// and the hover corners, the focused field's ring, and creations in progress.
    func addOverlays(to model: inout FrameModel, pageFrame: (PageIndex) -> Rect) {
        let zoom = view.viewport.zoom
        func scaled(_ box: Rect, on frame: Rect, grownBy grow: Double = 0) -> Rect {
            Rect(x: frame.minX + box.minX * zoom - grow, y: frame.minY + box.minY * zoom - grow,
                 width: box.width * zoom + 2 * grow, height: box.height * zoom + 2 * grow)
        }
        if let search, !search.matches.isEmpty {
            for page in view.shownPages {
                guard let matches = search.matches[page] else { continue }
                let frame = pageFrame(page)
                for (i, match) in matches.enumerated() {
                    let current = search.current.map { $0.page == page && $0.index == i } ?? false
                    model.searchMatches.append(FrameModel.SearchMatch(boxes: match.boxes.map { scaled($0, on: frame, grownBy: 1) }, current: current))
                }
            }
        }
        model.textSelections = [interaction.textSelection, previews.markup].compactMap { $0 }.map { selection in
            view.shownPages.filter { selection.covers($0) }.flatMap { page -> [Rect] in
                guard let text = content.textByPage[page],
                      let r = selection.range(on: page, characterCount: text.characters.count) else { return [] }
                let frame = pageFrame(page)
                return text.selectionRects(from: r.lowerBound, to: r.upperBound).map { scaled($0, on: frame) }
            }
        }
        if let image = interaction.selectedImage {
            model.imageOutline = interaction.scene.coordinates.viewRect(fromPDF: image.rect, on: image.page)
        }
        if interaction.showsSelectionHandles, interaction.textSelection != nil, let ends = interaction.textSelectionEnds {
            model.selectionEnds = [ends.start, ends.end]
        }
        model.pointerEffects = pointerEffects?.effects ?? []
        if let corners = hoverCorners() {
            model.hoverCorners = corners.points
            model.hoverCornersOpacity = corners.opacity
        }
        if !formFieldBeingTyped, let id = interaction.focusedFormField, let target = interaction.scene.annotation(id) {
            model.formFocus = interaction.scene.coordinates.viewRect(fromPDF: target.bounds, on: target.page)
        }
        model.held = previews.held.compactMap { held in
            switch held.preview {
            case .ink(let page, let strokes): return ink(page: page, strokes: strokes).map(FrameModel.Creation.ink)
            case .marker(let page, let stroke): return marker(page: page, stroke: stroke).map(FrameModel.Creation.ink)
            case .shape(let kind, let page, let from, let to): return shape(kind, page: page, from: from, to: to).map(FrameModel.Creation.shape)
            case .erased: return nil
            }
        }
        addErasures(to: &model)
        if let ink = previews.ink {
            model.liveInk = self.ink(page: ink.page, strokes: ink.strokes)
            addPredictedTip(to: &model.liveInk, strokes: ink.strokes.count)
        }
        if let m = previews.marker { model.liveInk = marker(page: m.page, stroke: m.stroke) }
        if let s = previews.shape { model.shape = shape(s.kind, page: s.page, from: s.from, to: s.to) }
    }

    /// Tells the engine where the text selection's ends are on screen now (for a finger's
    /// handles): under the first and the last selected character.
    public func updateSelectionEnds() {
        guard let s = interaction.textSelection else { interaction.textSelectionEnds = nil; return }
        let zoom = view.viewport.zoom
        func end(on page: PageIndex, first: Bool) -> Point? {
            guard let text = content.textByPage[page], let r = s.range(on: page, characterCount: text.characters.count) else { return nil }
            let rects = text.selectionRects(from: r.lowerBound, to: r.upperBound)
            guard let b = first ? rects.first : rects.last else { return nil }
            let frame = view.layout.pageFrame(page, zoom: zoom).offsetBy(Point.zero - view.viewport.offset)
            return Point(x: frame.minX + (first ? b.minX : b.maxX) * zoom, y: frame.minY + b.maxY * zoom)
        }
        if let start = end(on: min(s.page, s.focusPage), first: true), let finish = end(on: max(s.page, s.focusPage), first: false) {
            interaction.textSelectionEnds = (start, finish)
        } else {
            interaction.textSelectionEnds = nil
        }
    }

    /// A movable annotation under a mouse or pen shows where its handles would be (faint
    /// corners), so it reads as something that can be picked up; a link or a field does not.
    /// They fade in and out with the annotation's hover tint (the pointer effect of the last
    /// frame): those of the annotation just left fade out while its tint does.
    private func hoverCorners() -> (points: [Point], opacity: Double)? {
        let effects = pointerEffects?.effects ?? []
        let fading = effects.filter { $0.progress > 0 }.sorted { $0.progress > $1.progress }.map { AnnotationID($0.regionID) }
        for id in [interaction.hoveredAnnotation].compactMap({ $0 }) + fading where !interaction.selectedAnnotations.contains(id) {
            guard let target = interaction.scene.annotation(id), target.kind != .link, target.kind != .widget, !target.isLocked,
                  let r = interaction.scene.coordinates.viewRect(fromPDF: target.bounds, on: target.page) else { continue }
            // Before the first frame of its effect, the corners show as they did (at once).
            let opacity = effects.first { $0.regionID == id.rawValue }?.progress ?? (pointerEffects == nil ? 1 : 0)
            guard opacity > 0 else { return nil }
            return ([ResizeHandle.topLeft, .topRight, .bottomRight, .bottomLeft].map { $0.position(on: r) }, opacity)
        }
        return nil
    }

    /// What the partial eraser took out, in progress and held: each part of a stroke covered a
    /// pixel wider than the line each side, what goes whole veiled.
    private func addErasures(to model: inout FrameModel) {
        let coordinates = interaction.scene.coordinates, zoom = view.viewport.zoom
        var taken = previews.held.compactMap { held -> PartialErasure.Taken? in
            if case .erased(let t) = held.preview { return t } else { return nil }
        }
        if let erasure = previews.erasure { taken += erasure.taken.keys.sorted().compactMap { erasure.taken[$0] } }
        for t in taken {
            for part in t.parts {
                let points = part.points.compactMap { coordinates.convert($0, from: .pdf(t.page), to: .view) }
                guard points.count == part.points.count, !points.isEmpty else { continue }
                model.erasedLines.append(FrameModel.ErasedLine(points: points, width: part.width * zoom + 2))
            }
            model.erasedWhole += t.whole.compactMap { coordinates.viewRect(fromPDF: $0, on: t.page) }
        }
    }

    /// Ink strokes as the Ink tool draws them at this zoom (none when a sample is off the layout).
    private func ink(page: PageIndex, strokes: [[InkPoint]]) -> FrameModel.Ink? {
        guard let origin = strokes.first?.first?.location else { return nil }
        let coordinates = interaction.scene.coordinates
        let style = composer.style(for: .ink), zoom = view.viewport.zoom
        let shown: [FrameModel.InkStroke] = strokes.compactMap { stroke in
            let points = stroke.compactMap { coordinates.convert($0.location, from: .pdf(page), to: .view) }
            guard points.count == stroke.count else { return nil }
            let widths = stroke.allSatisfy({ $0.pressure == nil })
                ? nil : stroke.map { AppearanceBuilder.inkWidth(style.width, pressure: $0.pressure ?? 1) * zoom }
            return FrameModel.InkStroke(points: points, widths: widths, lineWidth: style.width * zoom)
        }
        return FrameModel.Ink(page: page, origin: origin, strokes: shown, style: style)
    }

    /// The Highlighter's freehand stroke as its saved marker ink draws it at this zoom: the
    /// composer's marker style, one width whatever the pressure.
    private func marker(page: PageIndex, stroke: [InkPoint]) -> FrameModel.Ink? {
        guard let origin = stroke.first?.location else { return nil }
        let style = composer.markerStyle, zoom = view.viewport.zoom
        let points = stroke.compactMap { interaction.scene.coordinates.convert($0.location, from: .pdf(page), to: .view) }
        guard points.count == stroke.count else { return nil }
        return FrameModel.Ink(page: page, origin: origin, strokes: [FrameModel.InkStroke(points: points, widths: nil, lineWidth: style.width * zoom)],
                              style: style, isMarker: true)
    }

    /// The predicted tip after the last stroke of the ink being drawn, in view coordinates.
    private func addPredictedTip(to ink: inout FrameModel.Ink?, strokes: Int) {
        guard let page = ink?.page, ink?.strokes.count == strokes, strokes > 0 else { return }
        let tip = previews.inkTip.tip(on: page, stroke: strokes - 1, now: clock.now)
        let coordinates = interaction.scene.coordinates
        let shown = tip.compactMap { coordinates.convert($0, from: .pdf(page), to: .view) }
        guard !shown.isEmpty, shown.count == tip.count else { return }
        ink?.strokes[strokes - 1].predicted = shown
    }

    private func shape(_ kind: ShapeKind, page: PageIndex, from: Point, to: Point) -> FrameModel.Shape? {
        let coordinates = interaction.scene.coordinates
        guard let a = coordinates.convert(from, from: .pdf(page), to: .view),
              let b = coordinates.convert(to, from: .pdf(page), to: .view) else { return nil }
        let style = composer.style(for: ShapeTool.toolID(for: kind))
        return FrameModel.Shape(kind: kind, from: a, to: b, style: style, lineWidth: max(1, style.width * view.viewport.zoom))
    }
}
