// SPDX-License-Identifier: GPL-3.0-or-later
import DocumentLayout

/// How the zoom follows the window: a fit mode is kept when the window is resized, a free zoom
/// stays at its value.
public enum ZoomMode: String, Equatable, Sendable {
    case free, fitWidth, fitPage

    /// What the zoom fits, `nil` when it is free.
    public var fit: ZoomFit? {
        switch self {
        case .free: nil
        case .fitWidth: .width
        case .fitPage: .page
        }
    }
}
