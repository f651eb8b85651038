// SPDX-License-Identifier: GPL-3.0-or-later

/// The one definition of what a contact is, shared by the tap and long-press recognizers, the
/// routing, the annotation edit tool and the Pages grid: how far a tap may move (and so how far
/// a contact must move before it drags anything), how long it may last, how soon and how near
/// the next tap of a double tap comes, and how long and how still a hold is.
public enum ContactVocabulary {
    /// How far a contact may move and still be a tap.
    public static let tapSlop = SourceTolerance(touch: 12, pen: 6, pointer: 4)
    /// The longest a tap may be held (a longer one is a hold, or nothing).
    public static let tapMaximumPressDuration = 0.4
    /// The longest wait between one tap's lift and the next tap's press.
    public static let tapInterval = 0.3
    /// How far from the first tap the following taps may land.
    public static let tapSeparation = SourceTolerance(touch: 45, pen: 24, pointer: 8)
    /// How long a contact stays still to be a hold (a long press).
    public static let holdDuration = 0.5
    /// How far a hold may drift before it is not one.
    public static let holdSlop = SourceTolerance(touch: 10, pen: 6, pointer: 4)
}
