// SPDX-License-Identifier: GPL-3.0-or-later
import Document
import Geometry

/// The set of user interaction components of one document view, and the `tryTo…` methods that
/// let an embedder trigger a component's action from its own gesture.
///
/// Components decide whether something may happen and emit an ``EngineOutput``; what happens
/// (selection handles, moving an annotation, following a link) belongs to the host and its
/// tools. See ``InteractionComponent`` for the split.
///
/// - Warning: Not thread-safe; the GTK main thread only.
public final class Interactions {
    /// Target sizes and edge widths, in view pixels.
    public struct Settings: Hashable, Sendable {
        /// Smallest touch target for annotations and links, per source (touch 44 px).
        public var minimumTargetSize = SourceTolerance(touch: 44, pen: 24, pointer: 8)
        /// Width of the left and right edge bands that turn pages on a tap, as a fraction of
        /// the view width.
        public var fastScrollEdgeFraction: Double = 0.1
        /// Whether a drag that starts in an edge band turns the page (a page curl follows it)
        /// instead of scrolling; the bands are then at least ``pageTurnEdgeFraction`` wide.
        public var turnsPagesByDragging = false
        public var pageTurnEdgeFraction: Double = 0.15
        /// Annotation kinds a tap edits directly (free text and notes only once selected).
        public var directlyEditableKinds: Set<AnnotationKind> = [.widget]
        /// Annotation kinds a tap edits once they are selected, and a double tap or double
        /// click edits whether or not they were (smart zoom leaves double taps on them alone).
        public var editableWhenSelectedKinds: Set<AnnotationKind> = [.freeText, .text]
        /// Width of the strip at the view's left edge (right edge with ``drawerSide`` `.right`)
        /// where a finger's swipe pulls out the sidebar drawer (0: no drawer).
        public var drawerEdgeWidth: Double = 24
        /// The view's edge the drawer comes from: the left one, or the right one under a
        /// right-to-left interface (the host sets it from its text direction). Every sideways
        /// rule of the drawer is mirrored with it.
        public var drawerSide: DrawerSide = .left
        /// Width of the drawer when all of it shows; the host sets it to the drawer it shows.
        public var drawerWidth: Double = 280
        /// Least sideways speed of a lifting finger that flings the drawer open or shut.
        public var drawerFlingVelocity: Double = 400
        public init() {}
    }

    public let selectAnnotation: InteractionComponent<AnnotationContext>
    public let deselectAnnotation: InteractionComponent<DeselectionContext>
    public let transformAnnotation: InteractionComponent<AnnotationContext>
    public let editAnnotation: InteractionComponent<AnnotationContext>
    public let openLinkAnnotation: InteractionComponent<LinkContext>
    public let fastScroll: InteractionComponent<FastScrollContext>
    public let smartZoom: InteractionComponent<SmartZoomContext>
    public let toggleUserInterface: InteractionComponent<NoContext>
    public let selectText: InteractionComponent<TextContext>
    public let deselectText: InteractionComponent<NoContext>
    /// The sidebar drawer pulled from the view's left edge (Interactions+Drawer).
    public let drawer: InteractionComponent<DrawerContext>

    /// select, deselect, transform, edit and open-link.
    public let allAnnotationInteractions: InteractionComponentGroup
    /// selectText and deselectText.
    public let allTextInteractions: InteractionComponentGroup
    /// Every component.
    public let allInteractions: InteractionComponentGroup

    public var settings: Settings

    /// The component or group with this name ("selectAnnotation", "allAnnotationInteractions"
    /// …), for embedders and developer switches that name them in text.
    public func component(named name: String) -> (any InteractionComponentProtocol)? {
        let all: [any InteractionComponentProtocol] = [allInteractions, allAnnotationInteractions, allTextInteractions]
            + allInteractions.members
        return all.first { $0.name == name }
    }
    /// The source of the latest contact, which sets target sizes for ``canActivate`` questions
    /// asked outside a gesture.
    public var currentSource: InputSource {
        get { latestSource }
        set { latestSource = newValue }
    }
    /// Storage of ``currentSource``, internal so that setting it on every contact costs no
    /// run-time exclusivity check (see GestureRecognizer+Core.swift).
    var latestSource: InputSource = .touchscreen
    /// Storage of ``drawerState``, the contacts the open drawer took and the one that moves it.
    var drawerStatus = DrawerState.closed
    var drawerSequences: Set<InputSequenceID> = []
    var drawerContact: DrawerContact?

    weak var targets: (any InteractionTargetProvider)?
    let sink: OutputSink

    // The recognizers behind the components, in registration (and priority) order.
    let transformPan = PanRecognizer(name: "transformAnnotation.pan", maximumTouches: 1)
    let textDrag = PanRecognizer(name: "selectText.drag", maximumTouches: 1,
                                 allowedSources: [.mouse, .touchpad, .trackpoint, .pen])
    let textLongPress = LongPressRecognizer(name: "selectText.longPress", allowedSources: .touchscreen)
    /// A finger held on an annotation lifts it: it drags from then on, or opens the context menu
    /// when the finger lifts in place.
    let annotationLongPress = LongPressRecognizer(name: "selectAnnotation.longPress", allowedSources: .touchscreen)
    /// A finger's or a pen's double tap; a mouse's double click selects a word instead.
    let smartZoomTap = TapRecognizer(name: "smartZoom.doubleTap", taps: 2, allowedSources: [.touchscreen, .pen])
    let openLinkTap = TapRecognizer(name: "openLinkAnnotation.tap")
    let editTap = TapRecognizer(name: "editAnnotation.tap")
    let selectTap = TapRecognizer(name: "selectAnnotation.tap")
    let deselectTap = TapRecognizer(name: "deselectAnnotation.tap")
    let deselectTextTap = TapRecognizer(name: "deselectText.tap")
    let fastScrollTap = TapRecognizer(name: "fastScroll.tap")
    /// A drag from an edge band that turns the page (only while pages turn by dragging).
    let pageTurnPan = PanRecognizer(name: "fastScroll.pageTurn", maximumTouches: 1)
    /// A finger's tap on empty space shows or hides the interface (reading mode); a click or a
    /// pen's tap there is only a click.
    let toggleTap = TapRecognizer(name: "toggleUserInterface.tap", allowedSources: .touchscreen)
    /// A finger's swipe in from the view's left edge that pulls out the drawer.
    let drawerPan = PanRecognizer(name: "drawer.edgeSwipe", maximumTouches: 1, allowedSources: .touchscreen)

    init(targets: any InteractionTargetProvider, settings: Settings, sink: OutputSink) {
        self.targets = targets
        self.settings = settings
        self.sink = sink
        // Context finders capture a box, not self, so that they can be built before init ends.
        let finder = ContextFinder()
        selectAnnotation = InteractionComponent(name: "selectAnnotation", findContext: finder.annotation)
        deselectAnnotation = InteractionComponent(name: "deselectAnnotation", findContext: finder.deselection)
        transformAnnotation = InteractionComponent(name: "transformAnnotation", findContext: finder.selectedAnnotation)
        editAnnotation = InteractionComponent(name: "editAnnotation", findContext: finder.editableAnnotation)
        openLinkAnnotation = InteractionComponent(name: "openLinkAnnotation", findContext: finder.link)
        fastScroll = InteractionComponent(name: "fastScroll", findContext: finder.fastScroll)
        smartZoom = InteractionComponent(name: "smartZoom", findContext: finder.smartZoom)
        toggleUserInterface = InteractionComponent(name: "toggleUserInterface", findContext: { _, _ in NoContext() })
        selectText = InteractionComponent(name: "selectText", findContext: finder.text)
        deselectText = InteractionComponent(name: "deselectText", findContext: finder.textDeselection)
        drawer = InteractionComponent(name: "drawer", findContext: finder.drawerEdge)
        allAnnotationInteractions = InteractionComponentGroup(
            name: "allAnnotationInteractions",
            members: [selectAnnotation, deselectAnnotation, transformAnnotation, editAnnotation, openLinkAnnotation])
        allTextInteractions = InteractionComponentGroup(name: "allTextInteractions", members: [selectText, deselectText])
        allInteractions = InteractionComponentGroup(
            name: "allInteractions",
            members: [selectAnnotation, deselectAnnotation, transformAnnotation, editAnnotation, openLinkAnnotation,
                      fastScroll, smartZoom, toggleUserInterface, selectText, deselectText, drawer])
        finder.interactions = self
        wireRecognizers()
    }

    /// Every recognizer behind the components, in the order they must be registered.
    var builtInRecognizers: [GestureRecognizer] {
        [annotationLongPress, transformPan, drawerPan, pageTurnPan, textDrag, textLongPress, smartZoomTap, openLinkTap, editTap, selectTap,
         deselectTap, deselectTextTap, fastScrollTap, toggleTap]
    }

    func targetSize() -> Double { settings.minimumTargetSize.value(for: currentSource) }

    /// The view point for a point given in any space.
    func viewPoint(_ point: Point, in space: CoordinateSpace) -> Point? {
        switch space {
        case .view: return point
        case .page(let p), .pdf(let p):
            return targets?.pageMapping(for: p)?.convert(point, from: space, to: .view)
        }
    }
}

/// Shares the engine's output closure between the engine and its parts, so that the host can
/// replace it after construction.
final class OutputSink {
    var send: (EngineOutput) -> Void
    init(_ send: @escaping (EngineOutput) -> Void) { self.send = send }
}
