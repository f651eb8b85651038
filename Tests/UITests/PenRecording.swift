// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Geometry
import InteractionEngine

/// A pen recording for `--replay-input`, written a contact at a time: each contact's points
/// 10 ms apart, 0.4 s between contacts, the tip's or the barrel button's press at its ends, and
/// the pen settings the replay uses (the barrel button set to the Lasso). The UI tests that
/// draw and lasso with a replayed pen share it, so that they replay alike.
struct PenRecording {
    private(set) var events = [InputEvent(kind: .enter, source: .mouse, time: InputTime(seconds: 0.5))]
    private var time = 1.0

    /// One contact along `points`, with the barrel button (the upper one, GDK's 3) held or not.
    mutating func contact(_ points: [Point], barrel: Bool = false) {
        for (i, p) in points.enumerated() {
            let phase: InputPhase = i == 0 ? .began : (i == points.count - 1 ? .ended : .moved)
            events.append(InputEvent(kind: .contact(phase), source: .pen, sequence: .pointer, position: p, time: InputTime(seconds: time),
                                     button: phase == .moved ? nil : (barrel ? .secondary : .primary), axes: StylusAxes(pressure: 0.5)))
            time += 0.01
        }
        time += 0.4
    }

    /// Writes the recording to `url`, with the pen's barrel button set to the Lasso.
    func writeWithBarrelLasso(to url: URL) throws {
        var settings = InputSettings()
        settings.defaultPen.upperButton = .lasso
        let metadata = ["inputSettings": String(decoding: try JSONEncoder().encode(settings), as: UTF8.self)]
        try InputRecording(header: InputRecordingHeader(metadata: metadata), events: events).write(to: url)
    }
}
