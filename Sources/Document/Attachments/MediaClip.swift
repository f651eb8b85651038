// SPDX-License-Identifier: GPL-3.0-or-later

/// The sound or video a media annotation plays: carried in the document (its bytes and type),
/// or a file or address outside it (played only after the user agrees, as an external link),
/// or nothing the app can play (with why).
public enum MediaClip: Hashable, Sendable {
    case embedded(bytes: [UInt8], mimeType: String?, name: String?)
    case external(String)
    case unplayable(String)
}
