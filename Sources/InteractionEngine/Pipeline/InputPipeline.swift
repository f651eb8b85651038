// SPDX-License-Identifier: GPL-3.0-or-later

/// Which end of the stylus is in use; the tool layer selects the eraser tool for `.eraser`.
public enum StylusEnd: Hashable, Sendable {
    case tip, eraser
}

/// The stages every event passes before the recognizers see it: palm rejection first, then
/// stylus-end tracking (the eraser end is reported once each time it changes).
///
/// Stages are explicit and ordered so that a filter is never an `if` hidden in a handler.
///
/// - Warning: Not thread-safe; the GTK main thread only.
public final class InputPipeline {
    public let palmRejection: PalmRejectionStage
    /// The end of the stylus last used, or `nil` before any pen event.
    public private(set) var stylusEnd: StylusEnd?
    /// Called when the stylus end changes (pen flipped to erase, or back).
    public var onStylusEndChange: ((StylusEnd) -> Void)?

    public init(palmRejection: PalmRejectionStage = PalmRejectionStage()) {
        self.palmRejection = palmRejection
    }

    /// Runs `event` through the stages and hands on what survives, in order.
    public func process(_ event: InputEvent, emit: (InputEvent) -> Void) {
        switch event.source {
        case .pen: noteStylusEnd(.tip)
        case .eraser: noteStylusEnd(.eraser)
        default: break
        }
        palmRejection.process(event, emit: emit)
    }

    /// Lets time-based stages decide what waits for `time`.
    public func advance(to time: InputTime) {
        palmRejection.expire(at: time)
    }

    /// The earliest time a stage needs ``advance(to:)``.
    public var nextDeadline: InputTime? { palmRejection.nextDeadline }

    private func noteStylusEnd(_ end: StylusEnd) {
        guard stylusEnd != end else { return }
        stylusEnd = end
        onStylusEndChange?(end)
    }
}
