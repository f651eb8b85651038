// SPDX-License-Identifier: GPL-3.0-or-later
import Document
import Geometry
import InteractionEngine

/// Turns what the tools did into edits: a stroke, a shape, marked text, a stamp, a note or a
/// text box becomes an annotation inserted on top of its page; moves and resizes, text and
/// property changes become replacements; deletions and pastes, removals and insertions. Every
/// result is one ``EditRecord`` (one undoable step) or `nil` when there is nothing to do; the
/// host commits it. Nothing here draws or knows a widget: the host gives the time, the author
/// and fresh ids through ``stamp``.
public struct EditComposer {
    /// The colour, width and opacity of each creation tool.
    public var styles: [ToolID: AnnotationStyle] = EditComposer.defaultStyles
    /// The font size and alignment of new text boxes.
    public var textFontSize = 12.0
    public var textAlignment = FreeTextStyle.Alignment.left
    /// The name of the stamp the Stamp tool places, or the picture it places instead.
    public var stampName = "Approved"
    public var stampPicture: StampImage?
    /// The kept handwritten signature the Sign tool places (the Stamp tool's click, with this
    /// instead of a stamp).
    public var stampSignature: HandwrittenSignature?
    /// The file the File Attachment tool attaches (the Stamp tool's click, a /FileAttachment
    /// with this file instead of a stamp).
    public var stampAttachment: EmbeddedFile?
    /// A new id, author and date for an annotation made on a page now (the host's clock and
    /// user name).
    public var stamp: (PageIndex) -> CreationStamp

    public init(stamp: @escaping (PageIndex) -> CreationStamp) { self.stamp = stamp }

    public static let defaultStyles: [ToolID: AnnotationStyle] = [
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

    public func style(for tool: ToolID) -> AnnotationStyle {
        styles[tool] ?? Self.defaultStyles[tool] ?? AnnotationStyle(color: .black, width: 1)
    }

    // MARK: Creating

    /// `a` on top of its page, named for the undo menu; made now (/CreationDate its /M when it
    /// has none).
    public func inserting(_ a: Annotation, named name: String, in source: AnnotationSource) -> EditRecord {
        EditRecord(name, .insert([PlacedAnnotation(Self.made(a), at: source.annotations(on: a.page).count)]))
    }

    /// `a` as made now: its /CreationDate is its /M when it has none.
    static func made(_ a: Annotation) -> Annotation {
        var a = a
        if a.creationDate == nil { a.creationDate = a.modified }
        return a
    }

    /// `a` as changed now (`after` of a replacement): /M is `date`, and an annotation that had
    /// no /NM gets a UUID (a stable name for exchanging it, XFDF and shared review).
    func changed(_ a: Annotation, date: String) -> Annotation {
        var a = a
        a.modified = date
        if a.uniqueName == nil { a.uniqueName = stamp(a.page).uuid }
        return a
    }

    /// A pen's strokes (pressure kept when every point has one).
    public func ink(_ strokes: [[InkPoint]], on page: PageIndex, in source: AnnotationSource) -> EditRecord? {
        let ink = strokes.map { stroke -> InkStroke in
            let pressures = stroke.allSatisfy { $0.pressure != nil } ? stroke.map { $0.pressure ?? 1 } : nil
            return InkStroke(points: stroke.map(\.location), pressures: pressures)
        }
        guard let a = Annotation.ink(ink, on: page, style: style(for: .ink), stamp: stamp(page)) else { return nil }
        return inserting(a, named: "Ink", in: source)
    }

    /// How wide the Highlighter's freehand stroke is (points): about a line of body text, as a
    /// marker's chisel tip.
    public static let markerWidth = 12.0
    /// How opaque it is while the Highlighter's own opacity is full: a real marker's ink.
    public static let markerOpacity = 0.5

    /// The style of the Highlighter's freehand stroke: the Highlighter's colour at a marker's
    /// width, translucent (the Highlighter's opacity when it is below full).
    public var markerStyle: AnnotationStyle {
        let s = style(for: .highlighter)
        return AnnotationStyle(color: s.color, width: Self.markerWidth, opacity: s.opacity < 1 ? s.opacity : Self.markerOpacity)
    }

    /// The Highlighter's freehand stroke: ink in ``markerStyle`` marked as a marker (one width,
    /// flat ends, multiplied with the page; see ``Annotation/isMarker``), its pressure dropped.
    public func markerInk(_ stroke: [InkPoint], on page: PageIndex, in source: AnnotationSource) -> EditRecord? {
        guard let a = Annotation.marker(stroke.map(\.location), on: page, style: markerStyle, stamp: stamp(page)) else { return nil }
        return inserting(a, named: "Highlighter Stroke", in: source)
    }

    /// A rectangle, ellipse, line or arrow dragged from `from` to `to` (PDF space).
    public func shape(_ kind: ShapeKind, on page: PageIndex, from: Point, to: Point, in source: AnnotationSource) -> EditRecord? {
        let (subtype, name): (AnnotationSubtype, String)
        switch kind {
        case .square: (subtype, name) = (.square, "Rectangle")
        case .circle: (subtype, name) = (.circle, "Ellipse")
        case .line: (subtype, name) = (.line, "Line")
        case .arrow: (subtype, name) = (.line, "Arrow")
        }
        guard let a = Annotation.shape(subtype, arrow: kind == .arrow, from: from, to: to, on: page,
                                       style: style(for: ShapeTool.toolID(for: kind)), stamp: stamp(page)) else { return nil }
        return inserting(a, named: name, in: source)
    }

    /// Text markup of one kind over character spans on one or more pages (one annotation per
    /// page), each line a quadrilateral following the glyph boxes in PDF space (so it stays right
    /// on turned pages). `nil` for a kind that is not text markup or spans with no text.
    public func markup(_ kind: AnnotationKind, spans: [(page: PageIndex, from: Int, to: Int)], text: [PageIndex: PageText],
                       coordinates: DocumentCoordinates, in source: AnnotationSource) -> EditRecord? {
        let name: String, tool: ToolID
        switch kind {
        case .underline: (name, tool) = ("Underline", .underline)
        case .strikeOut: (name, tool) = ("Strike Out", .strikeOut)
        case .squiggly: (name, tool) = ("Squiggly", .squiggly)
        case .highlight: (name, tool) = ("Highlight", .highlighter)
        case .ink, .freeText, .text, .square, .circle, .line, .polygon, .polyLine, .stamp, .link, .widget,
             .popup, .caret, .fileAttachment, .sound, .movie, .screen, .printerMark, .trapNet, .watermark, .threeD, .richMedia, .unknown:
            return nil
        }
        let style = style(for: tool)
        var placed: [PlacedAnnotation] = []
        for span in spans {
            guard let pageText = text[span.page] else { continue }
            var quads: [Point] = []
            for r in pageText.selectionRects(from: span.from, to: span.to) {
                let corners = [Point(x: r.minX, y: r.minY), Point(x: r.maxX, y: r.minY), Point(x: r.minX, y: r.maxY), Point(x: r.maxX, y: r.maxY)]
                let pdf = corners.compactMap { coordinates.convert($0, from: .page(span.page), to: .pdf(span.page)) }
                guard pdf.count == 4 else { continue }
                quads += pdf.map(\.quantized)
            }
            guard let first = quads.first else { continue }
            var box = Rect(origin: first, size: .zero)
            for p in quads.dropFirst() { box = box.union(Rect(origin: p, size: .zero)) }
            let made = stamp(span.page)
            var a = Annotation(id: made.id, page: span.page, subtype: kind, rect: box.quantized, color: style.color,
                               opacity: style.opacity, author: made.author, modified: made.date,
                               uniqueName: made.name, geometry: .quadPoints(quads))
            a.creationDate = made.date
            let below = source.annotations(on: span.page).count + placed.filter { $0.annotation.page == span.page }.count
            placed.append(PlacedAnnotation(a, at: below))
        }
        return placed.isEmpty ? nil : EditRecord(name, .insert(placed))
    }

    /// A stamp at `rect` (PDF space): the picture chosen, sized to its pixels and kept on the
    /// page, or the named stamp.
    public func stamp(on page: PageIndex, in rect: Rect, pageSize: Size, in source: AnnotationSource) -> EditRecord {
        if let signature = stampSignature,
           let a = signature.placed(on: page, centeredAt: rect.center, picture: stampPicture, stamp: stamp(page)) {
            // The Sign tool: the kept signature where the click was.
            return inserting(a, named: "Signature", in: source)
        }
        if let file = stampAttachment { return attaching(file, on: page, at: rect.center, pageSize: pageSize, in: source) }
        let s = style(for: .stamp)
        let made = stamp(page)
        let place = stampPicture.map { Self.pictureRect($0, centredAt: rect.center, onPageOf: pageSize) } ?? rect
        let a = Annotation(id: made.id, page: page, subtype: .stamp, rect: place.quantized, color: s.color, opacity: s.opacity,
                           author: made.author, modified: made.date, uniqueName: made.name,
                           iconName: stampPicture == nil ? stampName : nil, image: stampPicture.map { .held($0) })
        return inserting(a, named: "Stamp", in: source)
    }

    /// Where a picture stamp goes: its pixels at 96 per inch, at most 200 points on its longer
    /// side, centred on the click and kept on the page.
    public static func pictureRect(_ picture: StampImage, centredAt center: Point, onPageOf page: Size) -> Rect {
        let natural = Size(width: Double(picture.pixelWidth) * 0.75, height: Double(picture.pixelHeight) * 0.75)
        let fit = min(1, 200 / max(natural.width, natural.height, 1), page.width / natural.width, page.height / natural.height)
        let size = Size(width: natural.width * fit, height: natural.height * fit)
        let x = min(max(0, center.x - size.width / 2), max(0, page.width - size.width))
        let y = min(max(0, center.y - size.height / 2), max(0, page.height - size.height))
        return Rect(x: x, y: y, width: size.width, height: size.height)
    }

    /// A note at `point`, and the note itself (its text is asked for next).
    public func note(on page: PageIndex, at point: Point, in source: AnnotationSource) -> (record: EditRecord, note: Annotation) {
        let note = Annotation.note(at: point, on: page, text: nil, color: style(for: .note).color, stamp: stamp(page))
        return (inserting(note, named: "Note", in: source), note)
    }

    /// The style a new text box is typed in.
    public var freeTextStyle: FreeTextStyle {
        FreeTextStyle(fontSize: textFontSize, textColor: style(for: .freeText).color, alignment: textAlignment)
    }

    /// A text box typed in place at `rect`; `nil` for an empty text.
    public func freeText(_ text: String, on page: PageIndex, in rect: Rect, style box: FreeTextStyle,
                         in source: AnnotationSource) -> EditRecord? {
        guard !text.isEmpty else { return nil }
        let s = style(for: .freeText)
        let made = stamp(page)
        let a = Annotation(id: made.id, page: page, subtype: .freeText, rect: rect, color: s.color, opacity: s.opacity,
                           borderWidth: 0, contents: text, author: made.author, modified: made.date, uniqueName: made.name,
                           freeText: box)
        return inserting(a, named: "Text Box", in: source)
    }

    // MARK: Changing

    /// A note's or a text box's new text ("Edit Note", "Edit Text"); an empty text clears it;
    /// `nil` when it is the text it has.
    public func settingText(_ text: String, of id: String, in source: AnnotationSource) -> EditRecord? {
        guard let note = source.annotation(id), (note.contents ?? "") != text else { return nil }
        let name = note.subtype == .freeText ? "Edit Text" : "Edit Note"
        let date = stamp(note.page).date
        let after = changed(note.changingProperties { $0.contents = text.isEmpty ? nil : text }, date: date)
        return EditRecord(name, .replace(before: [note], after: [after]))
    }

    /// Properties of `annotations` changed by `change` as one edit named `name`; locked ones
    /// and those the change leaves as they are stay out; `nil` when none changes.
    public func changingProperties(of annotations: [Annotation], named name: String,
                                   _ change: (inout Annotation) -> Void) -> EditRecord? {
        let pairs = annotations.filter { !$0.info.isLocked }.compactMap { a -> (Annotation, Annotation)? in
            let date = stamp(a.page).date
            let after = changed(a.changingProperties(change), date: date)
            var unchanged = after
            unchanged.modified = a.modified
            unchanged.uniqueName = a.uniqueName
            unchanged.appearance = a.appearance
            return unchanged == a ? nil : (a, after)
        }
        return pairs.isEmpty ? nil : EditRecord(name, .replace(before: pairs.map(\.0), after: pairs.map(\.1)))
    }

    /// The moves and resizes of one gesture ("Move", "Resize"), or what else it did when
    /// `named` ("Move Line End", "Rotate", "Move Vertex", "Add Vertex", "Delete Vertex"), each
    /// from how it started to how it ended; `nil` when nothing changed.
    public func transforms(_ ended: [(start: Annotation, current: Annotation)], named: String? = nil) -> EditRecord? {
        let changed = ended.filter { $0.current != $0.start }
        guard let first = changed.first else { return nil }
        let name = named
            ?? (changed.allSatisfy({ $0.current.rect.size == $0.start.rect.size }) ? "Move" : "Resize")
        let date = stamp(first.current.page).date
        let after = changed.map { t in self.changed(t.current, date: date) }
        return EditRecord(name, .replace(before: changed.map(\.start), after: after))
    }

    /// Annotations of one page all moved by `delta` as one step (a group carried as one and let
    /// go), said compactly: what ``transforms(_:named:)`` makes of them moved one by one (one
    /// date, a UUID for each that had no /NM), without making each one again.
    public func groupMove(_ starts: [Annotation], on page: PageIndex, by delta: Vector, named: String? = nil) -> GroupMove {
        let date = stamp(page).date
        var names: [String: String] = [:]
        for a in starts where a.uniqueName == nil { names[a.id] = stamp(page).uuid }
        return GroupMove(name: named ?? "Move", page: page, ids: starts.map(\.id), delta: delta, modified: date, names: names)
    }

    /// Deleting annotations and their pop-ups; what may not be deleted (locked, or of a kind
    /// the app cannot draw again) stays. Returns the edit and the annotations it deletes.
    public func deleting(_ ids: [AnnotationID], in source: AnnotationSource) -> (record: EditRecord, deleted: [Annotation])? {
        let doomed = ids.compactMap { source.annotation($0.rawValue) }.filter { $0.isTransformable || $0.subtype == .text }
        guard !doomed.isEmpty else { return nil }
        // Its replies and review states go with it (they answer nothing once it is gone).
        let withThreads = Self.withThreads(doomed, in: source)
        let all = withThreads.flatMap { a in [a.id] + (source.popupID(of: a).map { [$0] } ?? []) }
        return (EditRecord("Delete", .remove(source.removal(of: all))), withThreads)
    }

    /// One contact of the partial eraser as one step ("Erase"): each ink it crossed gives way to
    /// what is left of it, and what it erases whole (other kinds) goes, pop-ups with them.
    ///
    /// Of a crossed ink, the strokes the eraser did not touch stay together in one /Ink, and
    /// each piece left of a stroke it cut becomes an /Ink of its own: a stroke cut in the
    /// middle is two annotations, each taken, moved and erased on its own. Every one keeps the
    /// original's properties (colour, width, opacity, author, flags, text) with a new id and
    /// date, in the original's place in the page's drawing order. Locked annotations, and
    /// those Delete would keep, stay. `nil` when nothing changes.
    public func erasing(_ inks: [(original: Annotation, untouched: [InkStroke], pieces: [InkStroke])], whole: [Annotation],
                        in source: AnnotationSource) -> EditRecord? {
        var replacements: [String: [Annotation]] = [:]
        for ink in inks where !ink.original.info.isLocked {
            replacements[ink.original.id] = ([ink.untouched].filter { !$0.isEmpty } + ink.pieces.map { [$0] }).compactMap { strokes in
                inkPiece(of: ink.original, strokes: strokes)
            }
        }
        // What goes whole may go as Delete lets it (not locked, and drawn by the app or the file).
        for a in whole where a.isTransformable || a.subtype == .text { replacements[a.id] = [] }
        guard !replacements.isEmpty else { return nil }
        let originals = replacements.keys.compactMap { source.annotation($0) }
        let ids = originals.flatMap { a in [a.id] + (source.popupID(of: a).map { [$0] } ?? []) }
        let removed = source.removal(of: ids)
        let gone = Set(removed.map(\.annotation.id))
        // Each page's list as it will be, the pieces where their original was.
        var inserted: [PlacedAnnotation] = []
        for page in Set(removed.map(\.annotation.page)).sorted() {
            var index = 0
            for a in source.annotations(on: page) {
                if gone.contains(a.id) {
                    for piece in replacements[a.id] ?? [] {
                        inserted.append(PlacedAnnotation(piece, at: index))
                        index += 1
                    }
                } else {
                    index += 1
                }
            }
        }
        return EditRecord("Erase", .exchange(removed: removed, inserted: inserted))
    }

    /// `original` with only `strokes`, a new id and date, its rectangle around them.
    private func inkPiece(of original: Annotation, strokes: [InkStroke]) -> Annotation? {
        let points = strokes.flatMap(\.points)
        guard let first = points.first else { return nil }
        var box = Rect(origin: first, size: .zero)
        for p in points.dropFirst() { box = box.union(Rect(origin: p, size: .zero)) }
        let pad = (original.borderWidth ?? 1) / 2 + 1
        let made = stamp(original.page)
        var a = original
        a.id = made.id
        a.uniqueName = made.name
        a.modified = made.date
        a.popupID = nil
        a.appearance = .generated
        a.geometry = .ink(strokes.map { InkStroke(points: $0.points.map(\.quantized), pressures: $0.pressures) })
        a.rect = box.insetBy(dx: -pad, dy: -pad).quantized
        return a
    }

    /// Flattening annotations (and their pop-ups) into their pages: drawn as they appear,
    /// they can no longer be moved or copied out. Only marks, shapes, text, stamps, ink and
    /// notes flatten: links and form fields stay what they are. Returns the edit and the
    /// annotations it draws into the pages.
    public func flattening(_ ids: [AnnotationID], in source: AnnotationSource) -> (record: EditRecord, flattened: [Annotation])? {
        let drawable: Set<AnnotationSubtype> = [.text, .freeText, .line, .square, .circle, .polygon, .polyLine, .highlight, .underline,
                                                .squiggly, .strikeOut, .stamp, .caret, .ink]
        let chosen = ids.compactMap { source.annotation($0.rawValue) }.filter { drawable.contains($0.subtype) }
        guard !chosen.isEmpty else { return nil }
        let all = chosen.flatMap { a in [a.id] + (source.popupID(of: a).map { [$0] } ?? []) }
        return (EditRecord("Flatten", .flatten(source.removal(of: all))), chosen)
    }

    /// Copies of `originals` on `page` (of size `pageSize`), drawn by the app, each with its own
    /// id; together they keep their arrangement, shifted a little when they would cover the
    /// originals and kept on the page. `nil` when none can be drawn again.
    public func pasting(_ originals: [Annotation], onto page: PageIndex, pageSize size: Size,
                        in source: AnnotationSource) -> EditRecord? {
        let drawable = originals.filter { AppearanceBuilder.canDraw($0) }
        guard let first = drawable.first else { return nil }
        let box = drawable.dropFirst().reduce(first.rect) { $0.union($1.rect) }
        var shift = drawable.contains { $0.page == page } ? Vector(dx: 12, dy: -12) : .zero
        let moved = box.offsetBy(shift)
        if moved.maxX > size.width { shift.dx -= moved.maxX - size.width }
        if box.minX + shift.dx < 0 { shift.dx = -box.minX }
        if moved.minY < 0 { shift.dy -= moved.minY }
        if moved.maxY > size.height { shift.dy -= moved.maxY - size.height }
        let start = source.annotations(on: page).count
        let copies = drawable.enumerated().map { offset, original -> PlacedAnnotation in
            let made = stamp(page)
            var copy = original.moved(by: shift)
            copy.id = made.id
            copy.page = page
            copy.uniqueName = made.name
            copy.modified = made.date
            copy.creationDate = made.date
            copy.author = made.author
            // A copy answers nothing: it starts a thread of its own.
            copy.inReplyTo = nil
            copy.replyType = nil
            copy.state = nil
            copy.stateModel = nil
            copy.popupID = nil
            copy.appearance = .generated
            return PlacedAnnotation(copy, at: start + offset)
        }
        return EditRecord("Paste", .insert(copies))
    }
}

