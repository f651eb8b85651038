// SPDX-License-Identifier: GPL-3.0-or-later
import Document
import Geometry

/// The gesture half of the interaction engine behind one document view: input pipeline, arena
/// of recognizers, interaction components, and the outputs they produce.
///
/// It is a thin composition. The host feeds every ``InputEvent`` to ``handle(_:)``, schedules a
/// timer for ``nextDeadline`` and calls ``tick()`` when it fires, and applies each
/// ``EngineOutput`` it receives. Time comes only from event timestamps and the injected
/// ``EngineClock``, whose time line must be the one of the event timestamps.
///
/// Seam for the tool layer: ``toolFirstRefusal`` sees every event after the pipeline and before
/// the recognizers (an ink tool claims the pen this way); raw contacts reach the view and its
/// tools as ``EngineOutput/contact(_:)``, delayed and cancelled by the arena's rules.
///
/// - Warning: Not thread-safe; create and use it on the GTK main thread.
public final class Engine {
    /// Tunables of the parts the engine owns.
    public struct Settings: Hashable, Sendable {
        public var palmRejection = PalmRejectionStage.Settings()
        public var interactions = Interactions.Settings()
        /// View pixels per wheel detent.
        public var wheelStep: Double = 64
        /// Zoom factor of one Ctrl+wheel detent.
        public var wheelZoomFactor: Double = 1.15
        /// How long touches are held back so that a scroll can win first.
        public var touchDelay: Double = 0.15
        public init() {}
    }

    public let clock: any EngineClock
    public let pipeline: InputPipeline
    public let arena: GestureArena
    public let interactions: Interactions

    /// One- and two-finger touchscreen scrolling.
    public let scrollPan = PanRecognizer(name: "scroll.pan", maximumTouches: 2, allowedSources: .touchscreen)
    /// Touchscreen and touchpad pinch zooming.
    public let pinch = PinchRecognizer(name: "zoom.pinch")
    /// Holds touches back from the view while a scroll may still claim them.
    public let touchDelay: TouchDelayRecognizer
    /// Pointer hover for pointer effects.
    public let hover = HoverRecognizer(name: "pointer.hover")
    /// Three-finger touchpad swipes.
    public let touchpadSwipe = SwipeRecognizer(name: "touchpad.swipe", directions: .all, touches: 3,
                                               allowedSources: .touchpad)

    /// Receives every output, in order. Replaceable at any time.
    public var output: (EngineOutput) -> Void {
        get { sink.send }
        set { sink.send = newValue }
    }

    /// Offered every event first (after palm rejection); return `true` to keep it from the
    /// recognizers and the view (the active tool handled it).
    public var toolFirstRefusal: ((InputEvent) -> Bool)? {
        get { refusal }
        set { refusal = newValue }
    }

    public var settings: Settings

    private let sink: OutputSink
    /// Storage of ``toolFirstRefusal``: private, so read per event with no run-time
    /// exclusivity check (see GestureRecognizer+Core.swift).
    private var refusal: ((InputEvent) -> Bool)?
    private var lastScrollTranslation = Vector.zero
    private var lastPinchScale: Double = 1
    private var smoothScrollVelocity = Vector.zero
    private var lastSmoothScrollTime: InputTime?

    public init(clock: any EngineClock, targets: any InteractionTargetProvider, settings: Settings = Settings(),
                output: @escaping (EngineOutput) -> Void = { _ in }) {
        let sink = OutputSink(output)
        self.sink = sink
        self.clock = clock
        self.settings = settings
        pipeline = InputPipeline(palmRejection: PalmRejectionStage(settings: settings.palmRejection))
        arena = GestureArena { delivery in
            switch delivery {
            case .contact(let e): sink.send(.contact(e))
            case .cancelled(let s): sink.send(.contactCancelled(s))
            }
        }
        interactions = Interactions(targets: targets, settings: settings.interactions, sink: sink)
        touchDelay = TouchDelayRecognizer(name: "scroll.touchDelay", delay: settings.touchDelay)
        pipeline.onStylusEndChange = { end in sink.send(.stylusEnd(end)) }
        wireNavigation()
        for r in interactions.builtInRecognizers + [scrollPan, pinch, touchpadSwipe, hover, touchDelay] {
            do { try arena.add(r) } catch { preconditionFailure("built-in recognizer \(r.name): \(error)") }
        }
    }

    /// Interprets one event.
    public func handle(_ event: InputEvent) {
        pipeline.process(event) { dispatch($0) }
    }

    /// Fires whatever is due at the clock's current time (call it at ``nextDeadline``).
    public func tick() {
        let now = clock.now
        pipeline.advance(to: now)
        arena.advance(to: now)
    }

    /// When the engine next needs ``tick()``, or `nil` when nothing is waiting.
    public var nextDeadline: InputTime? {
        switch (pipeline.nextDeadline, arena.nextDeadline) {
        case let (a?, b?): return min(a, b)
        case let (a, b): return a ?? b
        }
    }

    private func dispatch(_ event: InputEvent) {
        // The open drawer lies over the page: the contacts are its own, not the tools'.
        if interactions.drawerTakes(event) { return }
        if let refusal, refusal(event) { return }
        switch event.kind {
        case .scroll(let delta, let kind, let phase):
            arena.advance(to: event.time)
            handleScroll(delta, kind: kind, phase: phase, event: event)
        case .key:
            sink.send(.key(event))
        case .touchpadHold(.began, _):
            sink.send(.stopMomentum)
            arena.handle(event)
        default:
            arena.handle(event)
        }
    }

    private func handleScroll(_ delta: Vector, kind: ScrollKind, phase: InputPhase?, event: InputEvent) {
        if event.modifiers.contains(.control) {
            let factor: Double
            switch kind {
            case .discrete: factor = Engine.power(settings.wheelZoomFactor, -delta.dy)
            case .smooth: factor = min(2, max(0.5, 1 - delta.dy / 200))
            }
            if delta.dy != 0 { sink.send(.zoom(by: factor, about: event.position)) }
            return
        }
        switch kind {
        case .discrete:
            sink.send(.scroll(by: delta * settings.wheelStep))
        case .smooth:
            if phase == .ended || phase == .cancelled {
                sink.send(.scrollEnded(velocity: smoothScrollVelocity))
                smoothScrollVelocity = .zero
                lastSmoothScrollTime = nil
                return
            }
            if phase == .began { sink.send(.stopMomentum) }
            if let last = lastSmoothScrollTime, event.time - last > 0 {
                smoothScrollVelocity = smoothScrollVelocity * 0.3 + delta * (0.7 / (event.time - last))
            }
            lastSmoothScrollTime = event.time
            if delta != .zero { sink.send(.scroll(by: delta)) }
        }
    }

    private func wireNavigation() {
        let sink = self.sink
        scrollPan.require(toFail: interactions.transformPan)
        scrollPan.require(toFail: interactions.pageTurnPan)
        scrollPan.require(toFail: interactions.drawerPan)
        scrollPan.allowSimultaneousRecognition(with: pinch)
        scrollPan.onStateChange = { [unowned self] r in
            guard let pan = r as? PanRecognizer else { return }
            switch pan.state {
            case .began:
                self.lastScrollTranslation = pan.translation
            case .changed:
                let t = pan.translation, last = self.lastScrollTranslation
                self.lastScrollTranslation = t
                sink.send(.scroll(by: Vector(dx: last.dx - t.dx, dy: last.dy - t.dy)))
            case .ended:
                sink.send(.scrollEnded(velocity: Vector(dx: -pan.velocity.dx, dy: -pan.velocity.dy)))
            case .cancelled:
                sink.send(.scrollEnded(velocity: .zero))
            default:
                break
            }
        }
        pinch.onStateChange = { [unowned self] r in
            guard let pinch = r as? PinchRecognizer else { return }
            switch pinch.state {
            case .began:
                // The scale is cumulative from the fingers' first span: apply what happened
                // before recognition too, so the content stays under the fingers.
                self.lastPinchScale = pinch.scale
                if pinch.scale != 1 { sink.send(.zoom(by: pinch.scale, about: pinch.focalPoint)) }
            case .changed:
                let factor = pinch.scale / max(self.lastPinchScale, 1e-9)
                self.lastPinchScale = pinch.scale
                sink.send(.zoom(by: factor, about: pinch.focalPoint))
            case .ended, .cancelled:
                sink.send(.zoomEnded)
            default:
                break
            }
        }
        hover.onStateChange = { r in
            if let phase = GesturePhase(r.state) { sink.send(.hover(phase, at: r.location)) }
        }
        touchpadSwipe.onStateChange = { r in
            guard let swipe = r as? SwipeRecognizer, r.state == .recognized else { return }
            sink.send(.swipe(swipe.recognizedDirection, fingers: swipe.numberOfTouchesRequired))
        }
    }
}

extension Engine {
    /// `base` raised to `exponent`, rounded to whole detents (wheel deltas are whole numbers of
    /// detents; the engine does not import a maths library for this).
    static func power(_ base: Double, _ exponent: Double) -> Double {
        let n = Int(exponent.rounded())
        var result = 1.0
        for _ in 0..<abs(n) { result *= base }
        return n < 0 ? 1 / result : result
    }
}
