// SPDX-License-Identifier: GPL-3.0-or-later
import Document
import Geometry

/// Text selection in the interaction: what a click, a double or triple click, Shift+click, a
/// finger's long press and a handle drag do to the selected text, and the lookups it asks.
extension DocumentInteraction {
    /// Answers "which character is under this point of the page?" (displayed page space:
    /// points, top-left origin). Text selection is off while it is `nil`.
    public var characterLookup: ((PageIndex, Point) -> Int?)? {
        get { targets.characterAt }
        set {
            targets.characterAt = newValue
            // Tools ask in PDF space (text under a point: select text rather than band-select).
            scene.textLookup = newValue.map { lookup in
                { [unowned self] point in
                    guard let page = self.scene.coordinates.page(point.page) else { return false }
                    return lookup(point.page, page.pagePoint(fromPDF: point.point)) != nil
                }
            }
        }
    }

    /// Answers "which text column is around this point of the page?" (displayed page space);
    /// smart zoom (double tap) is off while it is `nil`.
    public var columnLookup: ((PageIndex, Point) -> Rect?)? {
        get { targets.columnAt }
        set { targets.columnAt = newValue }
    }

    /// Replaces the text selection from the host's side.
    public func setTextSelection(_ selection: TextSelection?) {
        showsSelectionHandles = selection != nil && lastContactSource == .touchscreen
        guard selection != textSelection else { return }
        if selection != nil, selectedImage != nil { setImageSelection(nil) }
        textSelection = selection
        output(.textSelectionChanged(selection))
    }

    /// The markup each markup tool makes.
    static let markupKinds: [ToolID: AnnotationKind] = [
        .highlighter: .highlight, .underline: .underline, .strikeOut: .strikeOut, .squiggly: .squiggly,
    ]

    /// Marks the selected text with `kind` (highlight, underline …) and ends the selection.
    public func markTextSelection(_ kind: AnnotationKind) {
        guard let selection = textSelection else { return }
        output(.tool(.markText(kind, selection)))
        setTextSelection(nil)
    }

    /// What a double or triple click selects.
    public enum TextUnit: Sendable { case word, line }

    /// Moves the selection's end to the character nearest to a view point, on the page under it
    /// (or the nearest page): a selection runs over as many pages as the gesture does.
    func extendTextSelection(to point: Point) {
        guard var selection = textSelection,
              let page = scene.coordinates.page(atView: point) ?? scene.coordinates.nearestPage(toView: point),
              let focus = nearestCharacterLookup?(page.index, page.viewToPage(scene.coordinates.view).apply(to: point)) else { return }
        selection.focusPage = page.index
        selection.focus = focus
        setTextSelection(selection)
    }

    /// A finger on a handle of a finger's selection drags that end of it (the other end stays),
    /// and lifting it asks for the text menu again. Returns whether the event was such a drag.
    func dragSelectionHandle(_ event: InputEvent) -> Bool {
        guard event.source == .touchscreen, case .contact(let phase) = event.kind else { return false }
        if let drag = handleDrag {
            guard drag.sequence == event.sequence else { return false }
            // The handle hangs below the text: aim a little above where the finger holds it.
            let point = event.position + drag.offset + Vector(dx: 0, dy: -6)
            switch phase {
            case .began, .moved:
                extendTextSelection(to: point)
            case .ended:
                extendTextSelection(to: point)
                handleDrag = nil
                if textSelection != nil { output(.textMenu(at: event.position)) }
            case .cancelled:
                handleDrag = nil
            }
            return true
        }
        guard phase == .began, showsSelectionHandles, let ends = textSelectionEnds, let selection = textSelection,
              engine.interactions.selectText.isEnabled else { return false }
        let toStart = ends.start.distance(to: event.position), toEnd = ends.end.distance(to: event.position)
        guard min(toStart, toEnd) <= selectionHandleReach else { return false }
        let movingStart = toStart < toEnd
        // The end that stays becomes the anchor; the dragged one the focus.
        let anchorIsStart = (selection.page.rawValue, selection.anchor) <= (selection.focusPage.rawValue, selection.focus)
        if movingStart == anchorIsStart {
            setTextSelection(TextSelection(page: selection.focusPage, anchor: selection.focus, focusPage: selection.page, focus: selection.anchor))
        }
        let handle = movingStart ? ends.start : ends.end
        handleDrag = (event.sequence, handle - event.position)
        return true
    }

    /// A pointer's clicks on text, as in a word processor: a double click selects the word, a
    /// triple click the line, and Shift+click moves the end of the selection there. Returns
    /// whether the click was one of these (the selectText component allowing).
    func selectTextByClick(_ event: InputEvent) -> Bool {
        let clicks = countClicks(event)
        guard InputSourceSet.pointers.contains(event.source), event.button == nil || event.button == .primary,
              engine.interactions.selectText.isEnabled,
              scene.hitTest(atView: event.position, source: event.source)?.annotation == nil else { return false }
        if event.modifiers.contains(.shift), textSelection != nil, scene.coordinates.page(atView: event.position) != nil {
            extendTextSelection(to: event.position)
            return true
        }
        guard clicks >= 2, let hit = targets.text(at: event.position), let index = hit.characterIndex,
              engine.interactions.selectText.canActivate(at: event.position, in: .view),
              let unit = textUnitLookup?(hit.page, index, clicks == 2 ? .word : .line) else { return false }
        setTextSelection(TextSelection(page: hit.page, anchor: unit.lowerBound, focus: unit.upperBound))
        return true
    }

    /// The press's place in a run of clicks: 1, 2 (double), 3 (triple) … as close presses in
    /// quick succession count up (or as the event says, if it says more).
    func countClicks(_ event: InputEvent) -> Int {
        var count = 1
        if let last = lastPress, event.time.seconds - last.time.seconds <= multiClickInterval,
           last.position.distance(to: event.position) <= multiClickDistance {
            count = last.count + 1
        }
        count = max(count, event.clickCount)
        lastPress = (event.position, event.time, count)
        return count
    }

    /// Starts or extends the text selection as the selectText component's gesture goes: it
    /// begins at the character hit and ends at the character nearest to the gesture on the
    /// page where it began.
    func extendTextSelection(_ phase: GesturePhase, at point: Point, hit: TextHit) {
        switch phase {
        case .began:
            guard let index = hit.characterIndex else { return }
            // A finger's long press takes the whole word under it, as on a phone.
            pressedWord = nil
            if lastContactSource == .touchscreen, let word = textUnitLookup?(hit.page, index, .word) {
                pressedWord = (hit.page, word)
                setTextSelection(TextSelection(page: hit.page, anchor: word.lowerBound, focus: word.upperBound))
            } else {
                setTextSelection(TextSelection(page: hit.page, anchor: index, focus: index))
            }
        case .changed, .ended:
            extendTextSelection(to: point)
            // A finger that pressed a word keeps all of it, and extends from its far side.
            if let (page, word) = pressedWord, var selection = textSelection {
                let ahead = (selection.focusPage.rawValue, selection.focus) > (page.rawValue, word.upperBound)
                let behind = (selection.focusPage.rawValue, selection.focus) < (page.rawValue, word.lowerBound)
                if !ahead && !behind {
                    selection = TextSelection(page: page, anchor: word.lowerBound, focus: word.upperBound)
                } else {
                    selection.page = page
                    selection.anchor = ahead ? word.lowerBound : word.upperBound
                }
                setTextSelection(selection)
            }
        case .cancelled:
            setTextSelection(nil)
        }
    }

    /// A view point in a page's displayed space, for extending a text selection.
    public func pagePoint(fromView point: Point, on page: PageIndex) -> Point? {
        guard let g = scene.coordinates.page(page) else { return nil }
        return g.viewToPage(scene.coordinates.view).apply(to: point)
    }
}
