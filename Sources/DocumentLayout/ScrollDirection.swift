// SPDX-License-Identifier: GPL-3.0-or-later

/// The axis along which spreads follow one another in a continuous layout.
///
/// Pages inside a spread always sit side by side horizontally; this only decides whether the
/// next spread comes below (``vertical``) or beside (``horizontal``) the previous one.
public enum ScrollDirection: String, Sendable, Codable, CaseIterable {
    case vertical
    case horizontal
}
