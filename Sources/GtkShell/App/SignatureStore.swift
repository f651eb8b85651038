// SPDX-License-Identifier: GPL-3.0-or-later
import Document
import FoundationEssentials
import Platform

/// The handwritten signatures the user keeps: one JSON file each (vector strokes with their
/// pressures) in `$XDG_DATA_HOME/pdf-annotator/signatures/`, newest first.
struct SignatureStore {
    let folder: String

    static var standard: SignatureStore {
        SignatureStore(folder: UserFile<Bool>.dataFolder + "/signatures")
    }

    /// Every kept signature, the most recently kept first.
    func all() -> [HandwrittenSignature] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        let found = names.filter { $0.hasSuffix(".json") }.compactMap { name -> (HandwrittenSignature, Double)? in
            let path = folder + "/" + name
            guard let data = FileManager.default.contents(atPath: path),
                  let signature = try? JSONDecoder().decode(HandwrittenSignature.self, from: data) else { return nil }
            let date = (try? FileManager.default.attributesOfItem(atPath: path)[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0
            return (signature, date)
        }
        return found.sorted { $0.1 > $1.1 }.map(\.0)
    }

    /// Keeps `signature` (replacing one of the same id), written atomically; a picture
    /// signature's picture goes beside it as a PNG. Returns the signature as kept.
    @discardableResult
    @MainActor
    func keep(_ signature: HandwrittenSignature, picture: StampImage? = nil) -> HandwrittenSignature {
        var signature = signature
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        if let picture, StampPicture.writePNG(picture, to: folder + "/" + signature.id + ".png") {
            signature.picture = signature.id + ".png"
        }
        guard let data = try? JSONEncoder().encode(signature) else { return signature }
        try? data.write(to: URL(fileURLWithPath: folder + "/" + signature.id + ".json"), options: .atomic)
        return signature
    }

    /// A picture signature's picture.
    @MainActor
    func picture(of signature: HandwrittenSignature) -> StampImage? {
        guard let name = signature.picture, case .success(let picture) = StampPicture.load(path: folder + "/" + name) else { return nil }
        return picture
    }

    func remove(_ signature: HandwrittenSignature) {
        try? FileManager.default.removeItem(atPath: folder + "/" + signature.id + ".json")
        if let picture = signature.picture { try? FileManager.default.removeItem(atPath: folder + "/" + picture) }
    }
}
