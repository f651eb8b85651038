// SPDX-License-Identifier: GPL-3.0-or-later
import FoundationEssentials
import InteractionEngine

/// The user's input settings (Preferences), kept in `$XDG_CONFIG_HOME/pdf-annotator/input.json`
/// and applied to every open view the moment they change: the Preferences window, the main
/// menu's pen toggles and every window's page view all go through this one store.
@MainActor
final class InputSettingsStore {
    static let shared = InputSettingsStore(path: UserFile<Bool>.configFolder + "/input.json")

    let path: String
    private(set) var settings: InputSettings
    private var observers: [ObjectIdentifier: (InputSettings) -> Void] = [:]

    init(path: String) {
        self.path = path
        if let data = FileManager.default.contents(atPath: path), let read = try? JSONDecoder().decode(InputSettings.self, from: data) {
            settings = read
        } else {
            settings = InputSettings()
        }
    }

    /// Changes the settings, writes them (atomically) and tells every observer.
    func update(_ change: (inout InputSettings) -> Void) {
        var next = settings
        change(&next)
        guard next != settings else { return }
        settings = next
        write()
        for observer in observers.values { observer(next) }
    }

    /// Calls `apply` with the settings now and whenever they change, while `owner` lives.
    func observe(_ owner: AnyObject, _ apply: @escaping (InputSettings) -> Void) {
        observers[ObjectIdentifier(owner)] = apply
        apply(settings)
    }

    func stopObserving(_ owner: AnyObject) { observers[ObjectIdentifier(owner)] = nil }

    /// A pen was used: it is listed in the Preferences under `name` and becomes the pen a
    /// recording replays with. Written only when something changed.
    func notePen(_ identity: String, name: String) {
        guard settings.penNames[identity] != name || settings.lastPen != identity else { return }
        update {
            $0.penNames[identity] = name
            $0.lastPen = identity
        }
    }

    private func write() {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        guard let data = try? encoder.encode(settings) else { return }
        let url = URL(fileURLWithPath: path)
        try? FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try? data.write(to: url, options: .atomic)
    }
}
