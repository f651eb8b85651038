// SPDX-License-Identifier: GPL-3.0-or-later
import Document
import Geometry

/// Image selection in the interaction: with Select (no tool picked), a press on an image of the
/// page's content where there is no text and no annotation selects the image, and so does a
/// finger's long press there (the selectText component's, whose targets include images). Text
/// or annotations selected, or a tap or press elsewhere, let go of it.
extension DocumentInteraction {
    /// Answers "which images does this page draw?" (PDF space, drawing order); images are not
    /// selectable while it is `nil`.
    public var imageLookup: ((PageIndex) -> [PageImage]?)? {
        get { targets.imagesOn }
        set { targets.imagesOn = newValue }
    }

    /// Replaces the image selection from the host's side (`nil`: none).
    public func setImageSelection(_ image: PageImage?) {
        guard image != selectedImage else { return }
        selectedImage = image
        output(.imageSelectionChanged(image))
    }

    /// The topmost image under a view point where the page shows no text and no annotation
    /// (what a press there would select).
    public func image(atView point: Point, source: InputSource) -> PageImage? {
        guard scene.hitTest(atView: point, source: source)?.annotation == nil,
              targets.text(at: point)?.characterIndex == nil else { return nil }
        return targets.image(at: point)
    }

    /// A pointer's primary press with no tool picked: on an image where there is no text, it
    /// selects the image (the selectText component allowing); anywhere else it lets go of the
    /// selected image. The press goes on to the rest of the routing either way (a band may
    /// start there). Returns whether it selected an image.
    @discardableResult
    func selectImageByPress(_ event: InputEvent) -> Bool {
        guard !event.isDirect, event.source != .eraser, event.button == nil || event.button == .primary else { return false }
        let select = engine.interactions.selectText
        if select.isEnabled, select.canActivate(at: event.position, in: .view),
           let image = image(atView: event.position, source: event.source) {
            if textSelection != nil { setTextSelection(nil) }
            setImageSelection(image)
            return true
        }
        if selectedImage != nil { setImageSelection(nil) }
        return false
    }

    /// The selectText component's gesture began on an image (a finger's long press): the image
    /// is selected; lifting the finger asks for the page's menu, which offers what to do with it.
    func selectImageByGesture(_ phase: GesturePhase, at point: Point) {
        switch phase {
        case .began:
            guard let image = targets.image(at: point) else { return }
            if textSelection != nil { setTextSelection(nil) }
            setImageSelection(image)
        case .ended:
            if selectedImage != nil, engine.interactions.currentSource.isDirect {
                output(.contextMenu(at: point, annotation: nil))
            }
        case .changed, .cancelled:
            break
        }
    }
}
