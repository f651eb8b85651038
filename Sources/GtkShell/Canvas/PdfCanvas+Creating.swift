// SPDX-License-Identifier: GPL-3.0-or-later
import CCairo
import CGtk
import Document
import FoundationEssentials
import Geometry
import InteractionEngine

/// The canvas as the place where creation tools' results become annotations: a stroke, a shape
/// or a note is one edit, drawn live above the page while it is being made.
extension PdfCanvas {
    nonisolated static let defaultToolStyles: [ToolID: AnnotationStyle] = [
        .ink: AnnotationStyle(color: RGBColor(red: 0.11, green: 0.36, blue: 0.85), width: 2),
        .square: AnnotationStyle(color: RGBColor(red: 0.88, green: 0.11, blue: 0.14), width: 2),
        .circle: AnnotationStyle(color: RGBColor(red: 0.88, green: 0.11, blue: 0.14), width: 2),
        .line: AnnotationStyle(color: RGBColor(red: 0.88, green: 0.11, blue: 0.14), width: 2),
        .arrow: AnnotationStyle(color: RGBColor(red: 0.88, green: 0.11, blue: 0.14), width: 2),
        .note: AnnotationStyle(color: RGBColor(red: 1, green: 0.83, blue: 0.2), width: 1),
        .freeText: AnnotationStyle(color: RGBColor(red: 0.1, green: 0.1, blue: 0.1), width: 1),
        .stamp: AnnotationStyle(color: RGBColor(red: 0.8, green: 0.1, blue: 0.1), width: 2),
        .highlighter: AnnotationStyle(color: RGBColor(red: 1, green: 0.91, blue: 0.2), width: 1),
        .underline: AnnotationStyle(color: RGBColor(red: 0.1, green: 0.55, blue: 0.2), width: 1),
        .strikeOut: AnnotationStyle(color: RGBColor(red: 0.85, green: 0.1, blue: 0.1), width: 1),
        .squiggly: AnnotationStyle(color: RGBColor(red: 0.85, green: 0.1, blue: 0.1), width: 1),
    ]

    func style(for tool: ToolID) -> AnnotationStyle {
        toolStyles[tool] ?? Self.defaultToolStyles[tool] ?? AnnotationStyle(color: .black, width: 1)
    }

    /// A new id, /NM, author and date for an annotation the user creates now.
    func creationStamp(page: PageIndex) -> CreationStamp {
        let random = (0..<4).map { _ in String(UInt16.random(in: 0...UInt16.max), radix: 16) }.joined()
        let author = string(g_get_real_name()).flatMap { $0.isEmpty || $0 == "Unknown" ? nil : $0 } ?? string(g_get_user_name())
        return CreationStamp(id: "p\(page.rawValue)-n\(random)", author: author,
                             date: PDFDate.string(secondsSince1970: Int64(time(nil))))
    }

    func addInk(_ strokes: [[InkPoint]], on page: PageIndex) {
        previews.ink = nil
        previews.held.append((.ink(page: page, strokes: strokes), false))
        let ink = strokes.map { stroke -> InkStroke in
            let pressures = stroke.allSatisfy { $0.pressure != nil } ? stroke.map { $0.pressure ?? 1 } : nil
            return InkStroke(points: stroke.map(\.location), pressures: pressures)
        }
        guard let a = Annotation.ink(ink, on: page, style: style(for: .ink), stamp: creationStamp(page: page)),
              insert(a, named: "Ink") else {
            previews.held.removeLast()
            gtk_widget_queue_draw(area)
            return
        }
    }

    func addShape(_ kind: ShapeKind, on page: PageIndex, from: Point, to: Point) {
        previews.shape = nil
        previews.held.append((.shape(kind: kind, page: page, from: from, to: to), false))
        let subtype: AnnotationSubtype
        let name: String
        switch kind {
        case .square: subtype = .square; name = "Rectangle"
        case .circle: subtype = .circle; name = "Ellipse"
        case .line: subtype = .line; name = "Line"
        case .arrow: subtype = .line; name = "Arrow"
        }
        guard let a = Annotation.shape(subtype, arrow: kind == .arrow, from: from, to: to, on: page,
                                       style: style(for: ShapeTool.toolID(for: kind)), stamp: creationStamp(page: page)),
              insert(a, named: name) else {
            previews.held.removeLast()
            gtk_widget_queue_draw(area)
            return
        }
    }

    /// The characters a text range covers on its page (both ends on the page where it started).
    private func characters(in range: TextRange) -> (page: PageIndex, from: Int, to: Int)? {
        let page = range.start.page
        let coordinates = interaction.scene.coordinates
        guard let text = content.textByPage[page],
              let a = coordinates.convert(range.start.point, from: .pdf(page), to: .page(page)),
              let b = coordinates.convert(range.end.point, from: .pdf(range.end.page), to: .page(page)),
              let from = text.nearestCharacterIndex(to: a), let to = text.nearestCharacterIndex(to: b) else { return nil }
        return (page, from, to)
    }

    /// Shows the text a markup tool is being dragged over as a selection.
    func showMarkupPreview(_ range: TextRange) {
        guard let chars = characters(in: range) else { return }
        previews.markup = TextSelection(page: chars.page, anchor: chars.from, focus: chars.to)
        gtk_widget_queue_draw(area)
    }

    /// Text markup over the characters of a range: one quadrilateral per line, following the
    /// glyph boxes, in PDF space (so it stays right on turned pages).
    func addMarkup(_ kind: AnnotationKind, over range: TextRange) {
        previews.markup = nil
        guard let chars = characters(in: range) else { gtk_widget_queue_draw(area); return }
        addMarkup(kind, on: chars.page, from: chars.from, to: chars.to)
    }

    /// Markup over the selected text (the user selected, then chose Highlight …): the engine
    /// hands it back as a `markText` command. Returns whether there was a selection to mark.
    @discardableResult
    func markSelectedText(_ kind: AnnotationKind) -> Bool {
        guard textSelection != nil else { return false }
        interaction.markTextSelection(kind)
        return true
    }

    func addMarkup(_ kind: AnnotationKind, on page: PageIndex, from: Int, to: Int) {
        addMarkup(kind, spans: [(page, from, to)])
    }

    /// Markup of one kind over character spans on one or more pages (a selection over several
    /// pages gets one annotation per page), inserted as one undoable edit.
    func addMarkup(_ kind: AnnotationKind, spans: [(page: PageIndex, from: Int, to: Int)]) {
        let name: String, tool: ToolID
        switch kind {
        case .underline: (name, tool) = ("Underline", .underline)
        case .strikeOut: (name, tool) = ("Strike Out", .strikeOut)
        case .squiggly: (name, tool) = ("Squiggly", .squiggly)
        case .highlight: (name, tool) = ("Highlight", .highlighter)
        case .ink, .freeText, .text, .square, .circle, .line, .polygon, .polyLine, .stamp, .link, .widget,
             .popup, .caret, .fileAttachment, .sound, .movie, .screen, .printerMark, .trapNet, .watermark, .threeD, .unknown:
            gtk_widget_queue_draw(area)   // not text markup: nothing to add
            return
        }
        let coordinates = interaction.scene.coordinates
        let style = style(for: tool)
        var placed: [PlacedAnnotation] = []
        for span in spans {
            guard let text = content.textByPage[span.page], let editing else { continue }
            var quads: [Point] = []
            for r in text.selectionRects(from: span.from, to: span.to) {
                let corners = [Point(x: r.minX, y: r.minY), Point(x: r.maxX, y: r.minY), Point(x: r.minX, y: r.maxY), Point(x: r.maxX, y: r.maxY)]
                let pdf = corners.compactMap { coordinates.convert($0, from: .page(span.page), to: .pdf(span.page)) }
                guard pdf.count == 4 else { continue }
                quads += pdf.map(\.quantized)
            }
            guard let first = quads.first else { continue }
            var box = Rect(origin: first, size: .zero)
            for p in quads.dropFirst() { box = box.union(Rect(origin: p, size: .zero)) }
            let stamp = creationStamp(page: span.page)
            let a = Annotation(id: stamp.id, page: span.page, subtype: kind, rect: box.quantized, color: style.color,
                               opacity: style.opacity, author: stamp.author, modified: stamp.date,
                               uniqueName: stamp.id, geometry: .quadPoints(quads))
            placed.append(PlacedAnnotation(a, at: editing.editor.annotations(on: span.page).count))
        }
        gtk_widget_queue_draw(area)
        guard !placed.isEmpty, editing?.commit(EditRecord(name, .insert(placed))) == true else { return }
    }

    /// The selection's span on each of its pages whose text is known, in reading order.
    func spans(of selection: TextSelection) -> [(page: PageIndex, from: Int, to: Int)] {
        selection.pages.compactMap { page -> (page: PageIndex, from: Int, to: Int)? in
            guard let text = content.textByPage[page], let r = selection.range(on: page, characterCount: text.characters.count) else { return nil }
            return (page, r.lowerBound, r.upperBound)
        }
    }

    /// A free-text box, typed in place: the annotation is made when the text is kept.
    func addFreeText(on page: PageIndex, in rect: Rect) {
        let s = style(for: .freeText)
        startTextBox(id: nil, page: page, rect: rect.quantized,
                     style: FreeTextStyle(fontSize: textFontSize, textColor: s.color, alignment: textAlignment), text: "")
    }

    /// Types a text box in place (a new one when `id` is `nil`); keeping the text is one
    /// undoable edit, dropping it changes nothing.
    func startTextBox(id: String?, page: PageIndex, rect: Rect, style: FreeTextStyle, text: String) {
        textBoxEditor?.finish(keep: true)
        let editor = TextBoxEditor(annotationID: id, page: page, rect: rect, style: style, text: text)
        editor.onFinish = { [weak self, weak editor] kept in
            guard let self, let editor else { return }
            gtk_overlay_remove_overlay(cast(self.overlay), editor.view)
            self.textBoxEditor = nil
            gtk_widget_grab_focus(self.area)
            guard let kept else { return }
            if let id = editor.annotationID {
                self.setNoteText(kept, of: id)
            } else if !kept.isEmpty {
                let s = self.style(for: .freeText)
                let stamp = self.creationStamp(page: page)
                let box = Annotation(id: stamp.id, page: page, subtype: .freeText, rect: rect, color: s.color,
                                     opacity: s.opacity, borderWidth: 0, contents: kept, author: stamp.author,
                                     modified: stamp.date, uniqueName: stamp.id, freeText: style)
                self.insert(box, named: "Text Box")
            }
            self.onViewChanged?()
        }
        textBoxEditor = editor
        gtk_overlay_add_overlay(cast(overlay), editor.view)
        placeTextBoxEditor()
        editor.focus()
        onViewChanged?()
    }

    /// Keeps the text box editor over its box as the view scrolls and zooms.
    func placeTextBoxEditor() {
        guard let editor = textBoxEditor,
              let r = interaction.scene.coordinates.viewRect(fromPDF: editor.rect, on: editor.page) else { return }
        editor.place(at: r, zoom: viewport.zoom)
    }

    /// A stamp with the name picked in the toolbar, in the tool's colour.
    func addStamp(on page: PageIndex, in rect: Rect) {
        let s = style(for: .stamp)
        let stamp = creationStamp(page: page)
        var place = rect
        if let picture = stampPicture {
            let size = content.exactPageInfo[page]?.mediaSize ?? pageSizes[page.rawValue]
            place = Self.pictureRect(picture, centredAt: rect.center, onPageOf: size)
        }
        let a = Annotation(id: stamp.id, page: page, subtype: .stamp, rect: place.quantized, color: s.color, opacity: s.opacity,
                           author: stamp.author, modified: stamp.date, uniqueName: stamp.id,
                           iconName: stampPicture == nil ? stampName : nil, image: stampPicture.map { .held($0) })
        insert(a, named: "Stamp")
    }

    /// Where a picture stamp goes: its pixels at 96 per inch, at most 200 points on its longer
    /// side, centred on the click and kept on the page.
    nonisolated static func pictureRect(_ picture: StampImage, centredAt center: Point, onPageOf page: Size) -> Rect {
        let natural = Size(width: Double(picture.pixelWidth) * 0.75, height: Double(picture.pixelHeight) * 0.75)
        let fit = min(1, 200 / max(natural.width, natural.height, 1), page.width / natural.width, page.height / natural.height)
        let size = Size(width: natural.width * fit, height: natural.height * fit)
        let x = min(max(0, center.x - size.width / 2), max(0, page.width - size.width))
        let y = min(max(0, center.y - size.height / 2), max(0, page.height - size.height))
        return Rect(x: x, y: y, width: size.width, height: size.height)
    }

    /// Changes the selected annotations' properties as one undoable edit named `name` (locked
    /// ones stay as they are); the app draws their appearances from then on.
    func changeSelectedAnnotation(named name: String, _ change: (inout Annotation) -> Void) {
        guard let editing else { return }
        let date = PDFDate.string(secondsSince1970: Int64(time(nil)))
        let pairs = selectedAnnotationValues().filter { !$0.info.isLocked }.compactMap { a -> (Annotation, Annotation)? in
            let after = a.changingProperties {
                change(&$0)
                $0.modified = date
            }
            var unchanged = after
            unchanged.modified = a.modified
            unchanged.appearance = a.appearance
            return unchanged == a ? nil : (a, after)
        }
        guard !pairs.isEmpty, editing.commit(EditRecord(name, .replace(before: pairs.map(\.0), after: pairs.map(\.1)))) else { return }
    }

    /// The primary selected annotation, whose properties the style row shows.
    func selectedAnnotationValue() -> Annotation? {
        guard let id = interaction.selectedAnnotation else { return nil }
        return editing?.editor.annotation(id.rawValue)
    }

    /// Every selected annotation, for the clipboard and property changes.
    func selectedAnnotationValues() -> [Annotation] {
        interaction.selectedAnnotations.compactMap { editing?.editor.annotation($0.rawValue) }
    }

    /// Pastes copies of `originals` on the page in view as one undoable edit, drawn by the app,
    /// each with its own id; together they keep their arrangement, shifted a little when they
    /// would cover the originals and kept on the page. The copies end up selected.
    @discardableResult
    func paste(_ originals: [Annotation]) -> Bool {
        let drawable = originals.filter { AppearanceBuilder.canDraw($0) }
        guard let editing, let first = drawable.first, let page = currentPage, page.rawValue < pageCount else { return false }
        let size = content.exactPageInfo[page]?.mediaSize ?? pageSizes[page.rawValue]
        let box = drawable.dropFirst().reduce(first.rect) { $0.union($1.rect) }
        var shift = drawable.contains { $0.page == page } ? Vector(dx: 12, dy: -12) : .zero
        // Keep the copies on the page.
        let moved = box.offsetBy(shift)
        if moved.maxX > size.width { shift.dx -= moved.maxX - size.width }
        if box.minX + shift.dx < 0 { shift.dx = -box.minX }
        if moved.minY < 0 { shift.dy -= moved.minY }
        if moved.maxY > size.height { shift.dy -= moved.maxY - size.height }
        let start = editing.editor.annotations(on: page).count
        let copies = drawable.enumerated().map { offset, original -> PlacedAnnotation in
            let stamp = creationStamp(page: page)
            var copy = original.moved(by: shift)
            copy.id = stamp.id
            copy.page = page
            copy.uniqueName = stamp.id
            copy.modified = stamp.date
            copy.author = stamp.author
            copy.popupID = nil
            copy.appearance = .generated
            return PlacedAnnotation(copy, at: start + offset)
        }
        guard editing.commit(EditRecord("Paste", .insert(copies))) else { return false }
        // The copies are selected at once (their targets are known before the page is drawn again).
        refreshTargets(on: page)
        interaction.deselectAnnotation()
        interaction.select(copies.map(\.annotation.annotationID))
        return true
    }

    func addNote(on page: PageIndex, at point: Point) {
        let note = Annotation.note(at: point, on: page, text: nil, color: style(for: .note).color, stamp: creationStamp(page: page))
        if insert(note, named: "Note") { onEditNote?(note) }
    }

    /// Puts a new annotation on top of its page as one undoable edit.
    @discardableResult
    private func insert(_ a: Annotation, named name: String) -> Bool {
        guard let editing else { return false }
        let index = editing.editor.annotations(on: a.page).count
        let done = editing.commit(EditRecord(name, .insert([PlacedAnnotation(a, at: index)])))
        gtk_widget_queue_draw(area)
        return done
    }

    /// Sets a note's or a text box's text as one undoable edit; an empty text clears it.
    func setNoteText(_ text: String, of id: String) {
        guard let editing, let note = editing.editor.annotation(id), (note.contents ?? "") != text else { return }
        let name = note.subtype == .freeText ? "Edit Text" : "Edit Note"
        let after = note.changingProperties {
            $0.contents = text.isEmpty ? nil : text
            $0.modified = PDFDate.string(secondsSince1970: Int64(time(nil)))
        }
        editing.commit(EditRecord(name, .replace(before: [note], after: [after])))
    }

    /// The ink stroke or shape being drawn, in the tool's colour and width at the current zoom,
    /// and those just made until their page is rendered with the new annotation.
    func drawCreationPreview(_ cr: OpaquePointer) {
        releaseHeldCreations()
        for (held, _) in previews.held {
            switch held {
            case .ink(let page, let strokes): drawInkPreview(page: page, strokes: strokes, cr)
            case .shape(let kind, let page, let from, let to): drawShapePreview(kind: kind, page: page, from: from, to: to, cr)
            }
        }
        if let preview = previews.ink { drawInkPreview(page: preview.page, strokes: preview.strokes, cr) }
        if let shape = previews.shape { drawShapePreview(kind: shape.kind, page: shape.page, from: shape.from, to: shape.to, cr) }
    }

    /// After an edit reached the document: its held previews wait for the page's tiles.
    func creationsShown(on pages: Set<PageIndex>) {
        for i in previews.held.indices where pages.contains(previews.held[i].preview.page) { previews.held[i].shown = true }
    }

    /// Lets go of the held previews whose page shows fresh tiles wherever it is on screen.
    func releaseHeldCreations() {
        previews.held.removeAll { held in held.shown && pageTilesAreFresh(held.preview.page) }
    }

    /// Whether every tile of `page` under the view is rendered from the current document.
    func pageTilesAreFresh(_ page: PageIndex) -> Bool {
        let zoom = viewport.zoom
        guard page.rawValue >= 0, page.rawValue < pageCount, zoom > 0 else { return true }
        let frame = layout.pageFrame(page, zoom: zoom).offsetBy(Point.zero - viewport.offset)
        guard let visible = frame.intersection(Rect(x: 0, y: 0, width: viewport.size.width, height: viewport.size.height)) else { return true }
        let tiling = plan(for: page)
        let k = tiling.scale / zoom
        let pixels = Rect(x: (visible.minX - frame.minX) * k, y: (visible.minY - frame.minY) * k, width: visible.width * k, height: visible.height * k)
        return tiling.tiles(overlapping: pixels).allSatisfy { cache.contains($0) }
    }

    private func drawInkPreview(page: PageIndex, strokes: [[InkPoint]], _ cr: OpaquePointer) {
        let coordinates = interaction.scene.coordinates
        let s = style(for: .ink)
        cairo_save(cr)
        cairo_set_source_rgba(cr, s.color.red, s.color.green, s.color.blue, s.opacity)
        cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND)
        cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND)
        for stroke in strokes {
            let points = stroke.compactMap { coordinates.convert($0.location, from: .pdf(page), to: .view) }
            guard let first = points.first else { continue }
            if stroke.allSatisfy({ $0.pressure == nil }), points.count > 2 {
                // As it will be saved: through the segments' midpoints, bending at each sample.
                cairo_set_line_width(cr, max(1, s.width * viewport.zoom))
                func mid(_ a: Point, _ b: Point) -> Point { Point(x: (a.x + b.x) / 2, y: (a.y + b.y) / 2) }
                var start = mid(points[0], points[1])
                cairo_move_to(cr, first.x, first.y)
                cairo_line_to(cr, start.x, start.y)
                for i in 1..<(points.count - 1) {
                    let c = points[i], end = i == points.count - 2 ? points[i + 1] : mid(points[i], points[i + 1])
                    cairo_curve_to(cr, start.x + (c.x - start.x) * 2 / 3, start.y + (c.y - start.y) * 2 / 3,
                                   end.x + (c.x - end.x) * 2 / 3, end.y + (c.y - end.y) * 2 / 3, end.x, end.y)
                    start = end
                }
                cairo_stroke(cr)
                continue
            }
            // Pressure shows as it will be saved: each segment as wide as its end's pressure.
            for (i, p) in points.enumerated() {
                let width = AppearanceBuilder.inkWidth(s.width, pressure: stroke[i].pressure ?? 1) * viewport.zoom
                cairo_set_line_width(cr, max(1, width))
                let previous = i == 0 ? first : points[i - 1]
                cairo_move_to(cr, previous.x, previous.y)
                cairo_line_to(cr, p.x, p.y)
                cairo_stroke(cr)
            }
        }
        cairo_restore(cr)
    }

    private func drawShapePreview(kind: ShapeKind, page: PageIndex, from: Point, to: Point, _ cr: OpaquePointer) {
        let coordinates = interaction.scene.coordinates
        if let a = coordinates.convert(from, from: .pdf(page), to: .view), let b = coordinates.convert(to, from: .pdf(page), to: .view) {
            let s = style(for: ShapeTool.toolID(for: kind))
            cairo_save(cr)
            cairo_set_source_rgba(cr, s.color.red, s.color.green, s.color.blue, s.opacity)
            cairo_set_line_width(cr, max(1, s.width * viewport.zoom))
            let r = Rect(corner: a, corner: b)
            switch kind {
            case .square:
                cairo_rectangle(cr, r.minX, r.minY, r.width, r.height)
            case .circle:
                cairo_save(cr)
                cairo_translate(cr, r.midX, r.midY)
                cairo_scale(cr, max(0.5, r.width / 2), max(0.5, r.height / 2))
                cairo_arc(cr, 0, 0, 1, 0, 2 * Double.pi)
                cairo_restore(cr)
            case .line, .arrow:
                cairo_move_to(cr, a.x, a.y)
                cairo_line_to(cr, b.x, b.y)
            }
            if let fill = s.fill, kind == .square || kind == .circle {
                cairo_set_source_rgba(cr, fill.red, fill.green, fill.blue, s.opacity)
                cairo_fill_preserve(cr)
                cairo_set_source_rgba(cr, s.color.red, s.color.green, s.color.blue, s.opacity)
            }
            cairo_stroke(cr)
            cairo_restore(cr)
        }
    }
}
