// SPDX-License-Identifier: GPL-3.0-or-later

/// Where a recognizer stands in its state machine.
///
/// Continuous recognizers (pan, pinch, long press, hover) go possible → began → changed… →
/// ended or cancelled; discrete ones (tap, swipe) go possible → recognized; either kind may go
/// possible → failed. A finished recognizer returns to possible once the input it tracked is gone.
public enum GestureState: Hashable, Sendable {
    case possible, began, changed, ended, cancelled, recognized, failed

    /// Began or changed: the gesture is under way and owns its input.
    public var isActive: Bool { self == .began || self == .changed }

    /// Ended, cancelled, recognized or failed: nothing more happens until the recognizer resets.
    public var isFinished: Bool {
        switch self {
        case .ended, .cancelled, .recognized, .failed: return true
        case .possible, .began, .changed: return false
        }
    }

    /// The gesture happened (or is happening): began, changed, ended or recognized.
    public var hasSucceeded: Bool {
        switch self {
        case .began, .changed, .ended, .recognized: return true
        case .possible, .cancelled, .failed: return false
        }
    }
}

/// The phase of a continuous gesture as the engine reports it to the host, without the states
/// (possible, failed) a host never acts on.
public enum GesturePhase: Hashable, Sendable {
    case began, changed, ended, cancelled

    /// The phase matching a recognizer state, or `nil` for possible and failed.
    public init?(_ state: GestureState) {
        switch state {
        case .began: self = .began
        case .changed: self = .changed
        case .ended, .recognized: self = .ended
        case .cancelled: self = .cancelled
        case .possible, .failed: return nil
        }
    }
}
