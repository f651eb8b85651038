// SPDX-License-Identifier: GPL-3.0-or-later
import CCairo
import CGtk
import DocumentLayout
import Geometry
import InteractionEngine
import Rendering

/// Painting: page backgrounds, scaled placeholders, then sharp tiles on top.
extension PdfCanvas {
    /// Device pixels per view pixel (HiDPI).
    var deviceScale: Double { Double(max(1, gtk_widget_get_scale_factor(area))) }

    /// The tile plan for a page at the current zoom.
    func plan(for page: PageIndex) -> TilePlan {
        TilePlan(page: page, displaySize: pageSizes[page.rawValue], scale: viewport.zoom * deviceScale)
    }

    /// Requests the visible tiles that are not cached, nearest the view's centre first, then
    /// the spread ahead in the direction of travel as a prefetch. Each request replaces the
    /// worker's pending list, so tiles the reader has moved away from are never drawn.
    func requestTiles() {
        guard let queue = renderQueue, !pageSizes.isEmpty, viewport.size.width > 0, !firstPaintPending else { return }
        let visible = layout.visiblePages(in: viewport.visibleRect, zoom: viewport.zoom)
        var wanted: [TileRequest] = []
        var missing = 0
        var visibleBytes = 0
        var onScreen: Set<TileKey> = []
        for page in visible {
            let p = plan(for: page)
            let frame = layout.pageFrame(page, zoom: viewport.zoom)
            guard let shown = frame.intersection(viewport.visibleRect) else { continue }
            let s = deviceScale
            let inPage = Rect(x: (shown.minX - frame.minX) * s, y: (shown.minY - frame.minY) * s,
                              width: shown.width * s, height: shown.height * s)
            for key in p.tiles(overlapping: inPage) {
                let rect = p.pixelRect(column: key.column, row: key.row)
                visibleBytes += Int(rect.width * rect.height) * 4
                onScreen.insert(key)
                guard !cache.contains(key) else { continue }
                wanted.append(TileRequest(key: key, pixelRect: rect))
                missing += 1
            }
        }
        // A page turn shows two spreads off their place; curls ready both neighbours.
        for page in pagesForTurning {
            let p = plan(for: page)
            for key in p.tiles(overlapping: Rect(x: 0, y: 0, width: Double(p.pixelWidth), height: Double(p.pixelHeight)))
            where !cache.contains(key) {
                wanted.append(TileRequest(key: key, pixelRect: p.pixelRect(column: key.column, row: key.row)))
            }
        }
        // Then the spread the reader is heading for: all of it when paging one spread at a
        // time (it shows whole), else the edge of each of its pages that will show first.
        for page in layout.pagesAhead(ofVisible: visible, forward: travellingForward) {
            let p = plan(for: page)
            let w = Double(p.pixelWidth), h = Double(p.pixelHeight), t = Double(p.tileSize)
            let area: Rect
            if pagesOneSpreadAtATime {
                area = Rect(x: 0, y: 0, width: w, height: h)
            } else {
                switch layout.leadingEdge(forward: travellingForward) {
                case .top: area = Rect(x: 0, y: 0, width: w, height: min(h, t))
                case .bottom: area = Rect(x: 0, y: max(0, h - t), width: w, height: min(h, t))
                case .left: area = Rect(x: 0, y: 0, width: min(w, t), height: h)
                case .right: area = Rect(x: max(0, w - t), y: 0, width: min(w, t), height: h)
                }
            }
            for key in p.tiles(overlapping: area) where !cache.contains(key) {
                wanted.append(TileRequest(key: key, pixelRect: p.pixelRect(column: key.column, row: key.row)))
            }
        }
        missingVisibleTiles = missing
        cache.protect(onScreen)
        if missing == 0 { cache.removeAll { $0.column < 0 } }
        // Keep what is visible plus a little: memory stays near a viewer that keeps nothing,
        // and what is on screen is never evicted while it is shown.
        cache.budgetBytes = max(PdfCanvas.minimumCacheBytes, visibleBytes + PdfCanvas.minimumCacheBytes)
        if wanted != lastRequested {
            lastRequested = wanted
            queue.submit(wanted)
        }
    }

    /// The visible part of each visible page, rendered here and now into one tile per page,
    /// then kept as a stale placeholder while the worker renders the proper tiles.
    ///
    /// This blocks the main loop once per opened document, for at most a view's worth of
    /// pixels at the fitted zoom, and only before the worker has been given any work.
    func renderFirstFrame() {
        guard let drawPage, viewport.size.width > 0 else { return }
        firstPaintPending = false
        for page in layout.visiblePages(in: viewport.visibleRect, zoom: viewport.zoom) {
            let p = plan(for: page)
            let frame = layout.pageFrame(page, zoom: viewport.zoom)
            guard let shown = frame.intersection(viewport.visibleRect) else { continue }
            let s = deviceScale
            let x0 = ((shown.minX - frame.minX) * s).rounded(.down), y0 = ((shown.minY - frame.minY) * s).rounded(.down)
            let x1 = min(Double(p.pixelWidth), ((shown.maxX - frame.minX) * s).rounded(.up))
            let y1 = min(Double(p.pixelHeight), ((shown.maxY - frame.minY) * s).rounded(.up))
            // Column -1 marks the stand-in; requestTiles drops it once the real tiles are in.
            let key = TileKey(page: page, scaleMillis: p.scaleMillis, column: -1, row: -1)
            let request = TileRequest(key: key, pixelRect: Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0))
            guard let tile = RenderQueue.render(request, drawPage: drawPage) else { continue }
            cache.insert(tile)
            cache.markStale(page: page)
        }
        MainLoop.post(priority: G_PRIORITY_HIGH_IDLE) { [weak self] in self?.requestTiles() }
    }

    func tileArrived(_ tile: RenderedTile) {
        guard tile.key.page.rawValue < pageCount else { return }
        cache.insert(tile)
        lastRequested.removeAll { $0.key == tile.key }
        requestTiles()
        gtk_widget_queue_draw(area)
        onViewChanged?()
    }

    func draw(_ cr: OpaquePointer, width: Double, height: Double) {
        guard !pageSizes.isEmpty else { return }
        if firstPaintPending { renderFirstFrame() }
        // Timed once GTK has painted the frame (PdfCanvas+Callbacks, after-paint).
        watchFramePaint()
        if let turn = pageTurn {
            drawPageTurn(turn, cr, width: width, height: height)
            diagnostics.framePainting = .turn
            latency?.framePainted()
            return
        }
        if diagnostics.lastDrawnViewport != viewport {
            if diagnostics.lastDrawnViewport != nil { diagnostics.framePainting = .view }
            diagnostics.lastDrawnViewport = viewport
        }
        let zoom = viewport.zoom
        for page in layout.visiblePages(in: viewport.visibleRect, zoom: zoom) {
            paintPage(page, at: layout.pageFrame(page, zoom: zoom).offsetBy(Point.zero - viewport.offset), cr: cr)
        }
        drawSearchMatches(cr)
        drawTextSelection(cr)
        drawPointerEffects(cr)
        drawPress(cr)
        drawTransformPreview(cr)
        drawLift(cr)
        drawCreationPreview(cr)
        drawSelection(cr)
        drawFormFocus(cr)
        latency?.framePainted()
    }

    /// A page's edge, its paper and its tiles at `frame` (view coordinates).
    func paintPage(_ page: PageIndex, at frame: Rect, cr: OpaquePointer) {
        cairo_set_source_rgba(cr, 0, 0, 0, 0.18)
        cairo_rectangle(cr, frame.minX - 1, frame.minY - 1, frame.width + 2, frame.height + 2)
        cairo_fill(cr)
        cairo_set_source_rgb(cr, 1, 1, 1)
        cairo_rectangle(cr, frame.minX, frame.minY, frame.width, frame.height)
        cairo_fill(cr)
        cairo_save(cr)
        cairo_rectangle(cr, frame.minX, frame.minY, frame.width, frame.height)
        cairo_clip(cr)
        paintTiles(of: page, at: frame, cr: cr)
        cairo_restore(cr)
    }

    /// The annotation or link under a pressing finger, darkened a little: the press registered.
    private func drawPress(_ cr: OpaquePointer) {
        guard let id = pressedAnnotation, let target = interaction.scene.annotation(id),
              let r = interaction.scene.coordinates.viewRect(fromPDF: target.bounds, on: target.page) else { return }
        cairo_save(cr)
        roundedRect(cr, r.insetBy(dx: -3, dy: -3), radius: 4)
        cairo_set_source_rgba(cr, 0.1, 0.2, 0.45, 0.22)
        cairo_fill(cr)
        cairo_restore(cr)
    }

    /// The annotation a finger holds up: its pixels 6 % larger about its middle, over a soft
    /// shadow, wherever a drag has taken it.
    private func drawLift(_ cr: OpaquePointer) {
        guard let id = liftedAnnotation, let target = interaction.scene.annotation(id) else { return }
        let coordinates = interaction.scene.coordinates
        // The pixels come from where the tiles show the annotation: its place before any move.
        let sourcePDF = transforms[id.rawValue]?.start.rect ?? target.bounds
        guard let now = coordinates.viewRect(fromPDF: target.bounds, on: target.page),
              let source = coordinates.viewRect(fromPDF: sourcePDF, on: target.page), source.width > 0, source.height > 0 else { return }
        let scale = 1.06
        let lifted = Rect(x: now.midX - now.width * scale / 2, y: now.midY - now.height * scale / 2,
                          width: now.width * scale, height: now.height * scale)
        cairo_save(cr)
        for step in 1...4 {
            let grow = Double(step) * 2
            roundedRect(cr, lifted.insetBy(dx: -grow, dy: -grow).offsetBy(Vector(dx: 0, dy: 5)), radius: 3 + grow)
            cairo_set_source_rgba(cr, 0, 0, 0, 0.07)
            cairo_fill(cr)
        }
        cairo_rectangle(cr, lifted.minX, lifted.minY, lifted.width, lifted.height)
        cairo_set_source_rgb(cr, 1, 1, 1)
        cairo_fill_preserve(cr)
        cairo_clip(cr)
        let frame = layout.pageFrame(target.page, zoom: viewport.zoom).offsetBy(Point.zero - viewport.offset)
        cairo_translate(cr, lifted.minX, lifted.minY)
        cairo_scale(cr, lifted.width / source.width, lifted.height / source.height)
        cairo_translate(cr, -source.minX, -source.minY)
        paintTiles(of: target.page, at: frame, cr: cr)
        cairo_restore(cr)
    }

    /// A page's placeholders, then its sharp tiles, at `frame` (view coordinates).
    func paintTiles(of page: PageIndex, at frame: Rect, cr: OpaquePointer) {
        let zoom = viewport.zoom
        let p = plan(for: page)
        for tile in cache.placeholderTiles(page: page, near: p.scaleMillis) {
            paint(tile, at: frame, zoom: zoom, cr: cr)
        }
        var clipX0 = 0.0, clipY0 = 0.0, clipX1 = 0.0, clipY1 = 0.0
        cairo_clip_extents(cr, &clipX0, &clipY0, &clipX1, &clipY1)
        let visible = Rect(corner: Point(x: clipX0, y: clipY0), corner: Point(x: clipX1, y: clipY1))
        for row in 0..<p.rows {
            for column in 0..<p.columns {
                let key = TileKey(page: page, scaleMillis: p.scaleMillis, column: column, row: row)
                let r = p.pixelRect(column: column, row: row)
                let s = zoom / p.scale
                let onScreen = Rect(x: frame.minX + r.minX * s, y: frame.minY + r.minY * s, width: r.width * s, height: r.height * s)
                guard onScreen.intersects(visible), let tile = cache.tile(for: key) else { continue }
                paint(tile, at: frame, zoom: zoom, cr: cr)
            }
        }
    }

    /// Hover tints and lift shadows from the engine's pointer effects (indirect input only).
    private func drawPointerEffects(_ cr: OpaquePointer) {
        guard let frame = pointerEffects else { return }
        for effect in frame.effects where effect.progress > 0 {
            let r = effect.shape.bounds.offsetBy(effect.offset)
            let grown = r.insetBy(dx: -(effect.scale - 1) * r.width / 2, dy: -(effect.scale - 1) * r.height / 2)
            if effect.shadowOpacity > 0 {
                cairo_set_source_rgba(cr, 0, 0, 0, 0.25 * effect.shadowOpacity)
                roundedRect(cr, grown.offsetBy(Vector(dx: 0, dy: 3)).insetBy(dx: -2, dy: -2), radius: 5)
                cairo_fill(cr)
            }
            cairo_set_source_rgba(cr, 0.21, 0.52, 0.89, 0.22 * max(effect.tintOpacity, effect.progress))
            roundedRect(cr, grown, radius: 4)
            cairo_fill_preserve(cr)
            cairo_set_source_rgba(cr, 0.21, 0.52, 0.89, 0.8 * effect.progress)
            cairo_set_line_width(cr, 1.5)
            cairo_stroke(cr)
        }
        drawHoverHandles(cr)
    }

    /// A movable annotation under a mouse or pen shows where its handles would be (faint
    /// corners), so it reads as something that can be picked up; a link does not.
    private func drawHoverHandles(_ cr: OpaquePointer) {
        guard let id = interaction.hoveredAnnotation, !interaction.selectedAnnotations.contains(id),
              let target = interaction.scene.annotation(id), target.kind != .link, target.kind != .widget, !target.isLocked,
              let r = interaction.scene.coordinates.viewRect(fromPDF: target.bounds, on: target.page) else { return }
        cairo_save(cr)
        cairo_set_line_width(cr, 1)
        for corner in [ResizeHandle.topLeft, .topRight, .bottomRight, .bottomLeft] {
            let c = corner.position(on: r)
            cairo_rectangle(cr, c.x - 3.5, c.y - 3.5, 7, 7)
            cairo_set_source_rgba(cr, 1, 1, 1, 0.85)
            cairo_fill_preserve(cr)
            cairo_set_source_rgba(cr, 0.21, 0.52, 0.89, 0.7)
            cairo_stroke(cr)
        }
        cairo_restore(cr)
    }

    /// The text selection and a markup tool's preview, from the pages' character boxes.
    private func drawTextSelection(_ cr: OpaquePointer) {
        for s in [textSelection, markupPreview].compactMap({ $0 }) { drawTextSelection(s, cr) }
        drawSelectionHandles(cr)
    }

    /// A finger's selection: a round handle hanging under each end, big enough for a finger.
    private func drawSelectionHandles(_ cr: OpaquePointer) {
        guard interaction.showsSelectionHandles, textSelection != nil, let ends = interaction.textSelectionEnds else { return }
        cairo_save(cr)
        cairo_set_source_rgba(cr, 0.21, 0.52, 0.89, 1)
        cairo_set_line_width(cr, 2)
        for point in [ends.start, ends.end] {
            cairo_move_to(cr, point.x, point.y - 2)
            cairo_line_to(cr, point.x, point.y + 6)
            cairo_stroke(cr)
            cairo_new_sub_path(cr)
            cairo_arc(cr, point.x, point.y + 14, 9, 0, 2 * Double.pi)
            cairo_fill(cr)
        }
        cairo_restore(cr)
    }

    /// Tells the engine where the selection's ends are on screen now (for its handles): under
    /// the first and the last selected character.
    func updateSelectionEnds() {
        guard let s = textSelection else { interaction.textSelectionEnds = nil; return }
        let z = viewport.zoom
        let first = min(s.page, s.focusPage), last = max(s.page, s.focusPage)
        func box(on page: PageIndex, first: Bool) -> Point? {
            guard let text = textByPage[page], let r = s.range(on: page, characterCount: text.characters.count) else { return nil }
            let rects = text.selectionRects(from: r.lowerBound, to: r.upperBound)
            guard let b = first ? rects.first : rects.last else { return nil }
            let frame = layout.pageFrame(page, zoom: z).offsetBy(Point.zero - viewport.offset)
            return Point(x: frame.minX + (first ? b.minX : b.maxX) * z, y: frame.minY + b.maxY * z)
        }
        if let start = box(on: first, first: true), let end = box(on: last, first: false) {
            interaction.textSelectionEnds = (start, end)
        } else {
            interaction.textSelectionEnds = nil
        }
    }

    private func drawTextSelection(_ s: TextSelection, _ cr: OpaquePointer) {
        let z = viewport.zoom
        cairo_set_source_rgba(cr, 0.21, 0.52, 0.89, 0.35)
        for page in layout.visiblePages(in: viewport.visibleRect, zoom: z) where s.covers(page) {
            guard let text = textByPage[page], let r = s.range(on: page, characterCount: text.characters.count) else { continue }
            let frame = layout.pageFrame(page, zoom: z).offsetBy(Point.zero - viewport.offset)
            for box in text.selectionRects(from: r.lowerBound, to: r.upperBound) {
                cairo_rectangle(cr, frame.minX + box.minX * z, frame.minY + box.minY * z, box.width * z, box.height * z)
            }
        }
        cairo_fill(cr)
    }

    /// Each selected annotation's outline, then the handles: a round one on each end of a single
    /// selected line, else eight square ones around the selection's common box (none when a
    /// locked annotation is in it); and the selection band being dragged out.
    private func drawSelection(_ cr: OpaquePointer) {
        let coordinates = interaction.scene.coordinates
        let targets = interaction.selectedAnnotations.compactMap { interaction.scene.annotation($0) }
        let rects = targets.compactMap { coordinates.viewRect(fromPDF: $0.bounds, on: $0.page) }
        cairo_save(cr)
        cairo_set_source_rgba(cr, 0.21, 0.52, 0.89, 1)
        cairo_set_line_width(cr, 1.5)
        var dash = [4.0, 3.0]
        cairo_set_dash(cr, &dash, 2, 0)
        for r in rects { cairo_rectangle(cr, r.minX, r.minY, r.width, r.height) }
        cairo_stroke(cr)
        cairo_set_dash(cr, nil, 0, 0)
        if let band = selectionBand {
            cairo_rectangle(cr, band.minX, band.minY, band.width, band.height)
            cairo_set_source_rgba(cr, 0.21, 0.52, 0.89, 0.15)
            cairo_fill_preserve(cr)
            cairo_set_source_rgba(cr, 0.21, 0.52, 0.89, 1)
            cairo_stroke(cr)
        }
        // Finger-sized after a touch (the edit tool grows its hit targets the same way).
        let side = lastContactWasTouch ? 22.0 : 10.0
        let union = rects.dropFirst().reduce(rects.first) { $0?.union($1) }
        if targets.count == 1, let line = targets.first, !line.isLocked, line.kind == .line, line.lineEnds.count == 2 {
            for end in line.lineEnds {
                guard let c = coordinates.convert(end, from: .pdf(line.page), to: .view) else { continue }
                cairo_new_sub_path(cr)
                cairo_arc(cr, c.x, c.y, side / 2 + 1, 0, 2 * Double.pi)
                cairo_set_source_rgb(cr, 1, 1, 1)
                cairo_fill_preserve(cr)
                cairo_set_source_rgba(cr, 0.21, 0.52, 0.89, 1)
                cairo_stroke(cr)
            }
        } else if let r = union, !targets.contains(where: \.isLocked) {
            if targets.count > 1 {
                cairo_rectangle(cr, r.minX, r.minY, r.width, r.height)
                cairo_stroke(cr)
            }
            for handle in ResizeHandle.allCases {
                let c = handle.position(on: r)
                cairo_rectangle(cr, c.x - side / 2, c.y - side / 2, side, side)
                cairo_set_source_rgb(cr, 1, 1, 1)
                cairo_fill_preserve(cr)
                cairo_set_source_rgba(cr, 0.21, 0.52, 0.89, 1)
                cairo_stroke(cr)
            }
        }
        cairo_restore(cr)
    }

    private func roundedRect(_ cr: OpaquePointer, _ r: Rect, radius: Double) {
        let rad = min(radius, r.width / 2, r.height / 2)
        cairo_new_sub_path(cr)
        cairo_arc(cr, r.maxX - rad, r.minY + rad, rad, -Double.pi / 2, 0)
        cairo_arc(cr, r.maxX - rad, r.maxY - rad, rad, 0, Double.pi / 2)
        cairo_arc(cr, r.minX + rad, r.maxY - rad, rad, Double.pi / 2, Double.pi)
        cairo_arc(cr, r.minX + rad, r.minY + rad, rad, Double.pi, 3 * Double.pi / 2)
        cairo_close_path(cr)
    }

    private func paint(_ tile: RenderedTile, at frame: Rect, zoom: Double, cr: OpaquePointer) {
        let s = zoom / tile.key.scale
        cairo_save(cr)
        cairo_translate(cr, frame.minX, frame.minY)
        cairo_scale(cr, s, s)
        cairo_rectangle(cr, tile.pixelRect.minX, tile.pixelRect.minY, tile.pixelRect.width, tile.pixelRect.height)
        cairo_clip(cr)
        cairo_set_source_surface(cr, tile.surface, tile.pixelRect.minX, tile.pixelRect.minY)
        if s != 1 { cairo_pattern_set_filter(cairo_get_source(cr), CAIRO_FILTER_GOOD) }
        cairo_paint(cr)
        cairo_restore(cr)
    }
}
