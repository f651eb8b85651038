// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import InteractionEngine

/// Placeholder until the engine's recording format lands: records nothing.
@MainActor
enum InputRecording {
    static func attach(file: String, to canvas: PdfCanvas) {}
}

/// Placeholder until the engine's recording format lands: replays nothing.
@MainActor
enum InputReplay {
    static func start(file: String, into canvas: PdfCanvas) {}
}
