// SPDX-License-Identifier: GPL-3.0-or-later
import Document
import Geometry

/// A compass direction of a resize handle or a resize cursor, as seen on screen.
public enum ResizeDirection: String, Hashable, Sendable, Codable, CaseIterable {
    case north = "n", northEast = "ne", east = "e", southEast = "se"
    case south = "s", southWest = "sw", west = "w", northWest = "nw"
}

/// The look of the pointer over a region or in a tool, expressed in terms the GTK shell can
/// turn into a cursor (`gdk_cursor_new_from_name`) without knowing why it was chosen.
public enum PointerShape: Hashable, Sendable {
    case `default`
    /// A pointing hand, over links and buttons.
    case pointer
    /// The I-beam over selectable text.
    case text
    /// Drawing (ink, shapes).
    case crosshair
    case grab, grabbing
    /// Moving a selected annotation.
    case move
    case resize(ResizeDirection)
    case notAllowed
    /// No system cursor: the pointer is hidden (lift) or drawn by the renderer in the shape of
    /// the element it is over (highlight).
    case none
    /// A renderer-drawn pointer in a custom shape (the system cursor is hidden).
    case custom(RegionShape)

    /// The CSS cursor name GTK understands (`gdk_cursor_new_from_name`).
    public var cursorName: String {
        switch self {
        case .default: return "default"
        case .pointer: return "pointer"
        case .text: return "text"
        case .crosshair: return "crosshair"
        case .grab: return "grab"
        case .grabbing: return "grabbing"
        case .move: return "move"
        case .resize(let direction): return "\(direction.rawValue)-resize"
        case .notAllowed: return "not-allowed"
        case .none, .custom: return "none"
        }
    }
}
