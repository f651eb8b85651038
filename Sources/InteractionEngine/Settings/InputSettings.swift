// SPDX-License-Identifier: GPL-3.0-or-later
import Geometry

/// How the user has set up their input devices (Preferences): for each pen, how pressure maps
/// to line width and what its eraser end and barrel buttons do; for the touchscreen, what
/// fingers do and how a resting palm is told from them; for the touchpad, which gestures act.
///
/// A value: the shell keeps it as JSON in the user's config folder, applies it to every view at
/// once, and writes it into each input recording, so that a replay feels as the recording did.
/// Fields missing from a file (written by an older version) take their defaults.
public struct InputSettings: Codable, Hashable, Sendable {
    /// Settings by pen (``PenIdentity``); a pen without its own uses ``defaultPen``.
    public var pens: [String: PenSettings]
    /// What each pen seen is called (its device's name), by identity, for the Preferences list.
    public var penNames: [String: String]
    /// The pen last seen, whose settings a recording replays with.
    public var lastPen: String?
    public var defaultPen: PenSettings
    public var touch: TouchSettings
    public var touchpad: TouchpadSettings
    /// How the Eraser tool erases (the toolbar's switch, remembered).
    public var eraserMode: EraserMode
    /// Whether the ink being drawn shows its predicted tip (``InkTipPredictor``): on by default.
    public var predictsInkTip = true
    /// Whether a pen or finger stroke that is a shape snaps to it when it lifts ("Snap
    /// Shapes"); without it, only a stroke held still at its end for half a second snaps.
    public var snapsShapes: Bool
    /// The smart pen: a Pen stroke drawn along text becomes an underline or a strike-out of the
    /// words it covers (on by default).
    public var smartPen: Bool
    /// How much of an annotation a lasso's loop must enclose for it to be selected (0.05…1):
    /// the share of an ink's points, or of another annotation's outline.
    public var lassoShare: Double

    /// The lasso's share unless the user sets another: what lies 60 % inside.
    public static let defaultLassoShare = 0.6

    public init(pens: [String: PenSettings] = [:], penNames: [String: String] = [:], lastPen: String? = nil,
                defaultPen: PenSettings = PenSettings(), touch: TouchSettings = TouchSettings(),
                touchpad: TouchpadSettings = TouchpadSettings(), eraserMode: EraserMode = .whole,
                snapsShapes: Bool = false, smartPen: Bool = true, lassoShare: Double = InputSettings.defaultLassoShare) {
        self.pens = pens
        self.penNames = penNames
        self.lastPen = lastPen
        self.defaultPen = defaultPen
        self.touch = touch
        self.touchpad = touchpad
        self.eraserMode = eraserMode
        self.snapsShapes = snapsShapes
        self.smartPen = smartPen
        self.lassoShare = lassoShare
    }

    /// The settings of pen `identity` (its own, else the default pen's).
    public func pen(_ identity: String?) -> PenSettings {
        identity.flatMap { pens[$0] } ?? defaultPen
    }

    enum CodingKeys: String, CodingKey {
        case pens, penNames, lastPen, defaultPen, touch, touchpad, eraserMode
        case predictsInkTip, snapsShapes, smartPen, lassoShare
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        let d = InputSettings()
        pens = try c.decodeIfPresent([String: PenSettings].self, forKey: .pens) ?? d.pens
        penNames = try c.decodeIfPresent([String: String].self, forKey: .penNames) ?? d.penNames
        lastPen = try c.decodeIfPresent(String.self, forKey: .lastPen)
        defaultPen = try c.decodeIfPresent(PenSettings.self, forKey: .defaultPen) ?? d.defaultPen
        touch = try c.decodeIfPresent(TouchSettings.self, forKey: .touch) ?? d.touch
        touchpad = try c.decodeIfPresent(TouchpadSettings.self, forKey: .touchpad) ?? d.touchpad
        eraserMode = (try? c.decodeIfPresent(EraserMode.self, forKey: .eraserMode)) ?? d.eraserMode
        predictsInkTip = try c.decodeIfPresent(Bool.self, forKey: .predictsInkTip) ?? d.predictsInkTip
        snapsShapes = try c.decodeIfPresent(Bool.self, forKey: .snapsShapes) ?? d.snapsShapes
        smartPen = try c.decodeIfPresent(Bool.self, forKey: .smartPen) ?? d.smartPen
        lassoShare = min(max(try c.decodeIfPresent(Double.self, forKey: .lassoShare) ?? d.lassoShare, 0.05), 1)
    }
}

/// What a pen's eraser end or a barrel button does while it touches the page.
public enum StylusAction: String, Codable, Hashable, Sendable, CaseIterable {
    /// Erases what it touches (the eraser tool for that stroke): whole strokes.
    case erase
    /// Erases only the parts of ink strokes it crosses (the partial eraser for that stroke).
    case eraseParts
    /// Opens the context menu where it touches, as a right click does.
    case rightClick
    /// Acts as the pen's tip.
    case tip
    /// Selects and moves annotations and selects text, as the mouse does with Select picked.
    case select
    /// Highlights the text it is dragged over, whatever tool is picked.
    case highlight
    /// Draws a lasso: selects what the loop encloses, and moves a selection pressed inside it.
    case lasso
    /// Nothing: the contact is ignored.
    case nothing
}

/// One pen's settings.
public struct PenSettings: Codable, Hashable, Sendable {
    public var curve: PressureCurve
    /// The thinnest and thickest line the pen draws, as fractions of the pen tool's width
    /// (0.25…1: what a saved stroke's width can span).
    public var thinnest: Double
    public var thickest: Double
    public var eraserEnd: StylusAction
    /// The button nearer the tip (GDK's button 2) and the one farther from it (button 3).
    public var lowerButton: StylusAction
    public var upperButton: StylusAction

    public static let widthRange = 0.25...1.0

    public init(curve: PressureCurve = PressureCurve(), thinnest: Double = 0.25, thickest: Double = 1,
                eraserEnd: StylusAction = .erase, lowerButton: StylusAction = .rightClick, upperButton: StylusAction = .rightClick) {
        self.curve = curve
        self.thinnest = thinnest
        self.thickest = thickest
        self.eraserEnd = eraserEnd
        self.lowerButton = lowerButton
        self.upperButton = upperButton
    }

    /// The pressure a stroke keeps for a device pressure `p` (0…1): through the curve, then
    /// placed between the thinnest and thickest lines. Saved strokes draw a pressure `q` at
    /// `0.25 + 0.75 q` of the tool's width (`AppearanceBuilder.inkWidth`), so the value kept is
    /// the one that draws the width this pen's settings ask for, in every viewer.
    public func strokePressure(fromDevice p: Double) -> Double {
        let low = min(max(thinnest, Self.widthRange.lowerBound), Self.widthRange.upperBound)
        let high = min(max(thickest, low), Self.widthRange.upperBound)
        let width = low + (high - low) * curve.apply(min(max(p, 0), 1))
        return min(max((width - 0.25) / 0.75, 0), 1)
    }

    enum CodingKeys: String, CodingKey { case curve, thinnest, thickest, eraserEnd, lowerButton, upperButton }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        let d = PenSettings()
        curve = try c.decodeIfPresent(PressureCurve.self, forKey: .curve) ?? d.curve
        thinnest = try c.decodeIfPresent(Double.self, forKey: .thinnest) ?? d.thinnest
        thickest = try c.decodeIfPresent(Double.self, forKey: .thickest) ?? d.thickest
        eraserEnd = (try? c.decodeIfPresent(StylusAction.self, forKey: .eraserEnd)) ?? d.eraserEnd
        lowerButton = (try? c.decodeIfPresent(StylusAction.self, forKey: .lowerButton)) ?? d.lowerButton
        upperButton = (try? c.decodeIfPresent(StylusAction.self, forKey: .upperButton)) ?? d.upperButton
    }
}

/// How a pen's pressure is felt: a curve from (0, 0) to (1, 1) bent towards one handle (a
/// quadratic Bézier), the handle on the diagonal being the device's own response. A handle
/// above the diagonal makes a light touch draw heavier; below it, lighter.
public struct PressureCurve: Codable, Hashable, Sendable {
    /// The handle, each coordinate in 0…1.
    public var handle: Point

    public init(handle: Point = Point(x: 0.5, y: 0.5)) {
        self.handle = Point(x: min(max(handle.x, 0), 1), y: min(max(handle.y, 0), 1))
    }

    /// The output for input `x` (0…1): the curve's height where it passes `x`.
    public func apply(_ x: Double) -> Double {
        let x = min(max(x, 0), 1)
        // x(t) = 2t(1-t)hx + t^2, increasing in t for hx in 0…1: solve for t, then y(t).
        let a = 1 - 2 * handle.x, b = 2 * handle.x
        let t: Double
        if abs(a) < 1e-9 {
            t = b > 0 ? x / b : x
        } else {
            t = (-b + (b * b + 4 * a * x).squareRoot()) / (2 * a)
        }
        let u = min(max(t, 0), 1)
        return min(max(2 * u * (1 - u) * handle.y + u * u, 0), 1)
    }
}

/// What fingers on the touchscreen do.
public enum FingerAction: String, Codable, Hashable, Sendable, CaseIterable {
    /// Scroll and zoom the pages (and draw with the pen tool until a pen is seen).
    case scroll
    /// Draw with the picked tool even after a pen was used (palm rejection off for drawing).
    case draw
    /// Nothing: touches are ignored.
    case nothing
}

/// The touchscreen's settings.
public struct TouchSettings: Codable, Hashable, Sendable {
    public var fingers: FingerAction
    /// Whether the pen inks at once with no tool picked (else a pen acts as a finger does).
    public var penDrawsAtOnce: Bool
    /// Whether a touch while the pen writes is taken for a palm and ignored.
    public var palmRejection: Bool
    /// How long after the pen leaves a touch is still taken for a palm, in seconds.
    public var palmDelay: Double

    public init(fingers: FingerAction = .scroll, penDrawsAtOnce: Bool = true, palmRejection: Bool = true, palmDelay: Double = 0.5) {
        self.fingers = fingers
        self.penDrawsAtOnce = penDrawsAtOnce
        self.palmRejection = palmRejection
        self.palmDelay = palmDelay
    }

    enum CodingKeys: String, CodingKey { case fingers, penDrawsAtOnce, palmRejection, palmDelay }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        let d = TouchSettings()
        fingers = (try? c.decodeIfPresent(FingerAction.self, forKey: .fingers)) ?? d.fingers
        penDrawsAtOnce = try c.decodeIfPresent(Bool.self, forKey: .penDrawsAtOnce) ?? d.penDrawsAtOnce
        palmRejection = try c.decodeIfPresent(Bool.self, forKey: .palmRejection) ?? d.palmRejection
        palmDelay = try c.decodeIfPresent(Double.self, forKey: .palmDelay) ?? d.palmDelay
    }
}

/// The touchpad's gestures.
public struct TouchpadSettings: Codable, Hashable, Sendable {
    /// Whether pinching zooms.
    public var pinchZooms: Bool
    /// Whether a three-finger swipe sideways goes back and forward in the reading history.
    public var swipeGoesThroughHistory: Bool

    public init(pinchZooms: Bool = true, swipeGoesThroughHistory: Bool = true) {
        self.pinchZooms = pinchZooms
        self.swipeGoesThroughHistory = swipeGoesThroughHistory
    }

    enum CodingKeys: String, CodingKey { case pinchZooms, swipeGoesThroughHistory }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        pinchZooms = try c.decodeIfPresent(Bool.self, forKey: .pinchZooms) ?? true
        swipeGoesThroughHistory = try c.decodeIfPresent(Bool.self, forKey: .swipeGoesThroughHistory) ?? true
    }
}
