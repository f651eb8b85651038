// SPDX-License-Identifier: GPL-3.0-or-later
// A seeded random editing session for the crash tests (not a test itself, not part of the app):
//
//   crash-session DOCUMENT JOURNAL SEED [STEPS]
//
// It edits DOCUMENT through the app's DocumentEditor with the journal at JOURNAL (rectangles
// added, moved and deleted, undo, redo, saves on a slow file system, and edits made while a save
// is being written) until it has made STEPS steps or is killed. Before each step it prints what
// the document will be once the step is done, so that whoever kills it knows the two states the
// file and the journal may then rebuild:
//
//   state <digest>                  the document now
//   begin <n> <digest>              step n starts; the document will be <digest>
//   done <n>                        step n is done (and journaled)
//   save <old hash> <new hash>      a save starts: the file is <old hash>, it will be <new hash>
//   saved <hash>                    the save is done
//
// A digest lists every annotation (page, kind, rectangle, text); a hash is FNV-1a 64 of every
// byte of the file. Lines are flushed as they are printed.
import Document
import DocumentPoppler
import Foundation
import Geometry
import SeededRandom

func say(_ line: String) {
    FileHandle.standardOutput.write(Data((line + "\n").utf8))
}

/// FNV-1a 64 of every byte.
func hash<Bytes: Sequence>(_ bytes: Bytes) -> String where Bytes.Element == UInt8 {
    var h: UInt64 = 0xcbf2_9ce4_8422_2325
    for b in bytes { h = (h ^ UInt64(b)) &* 0x100_0000_01b3 }
    return String(h, radix: 16)
}

func digest(_ model: AnnotationModel, pages: Int) -> String {
    var items: [String] = []
    for page in 0..<pages {
        for a in model.annotations(on: PageIndex(page)) {
            let r = a.rect
            items.append(String(format: "%d/%@/%.2f,%.2f,%.2f,%.2f/%@", page, a.subtype.rawValue, r.minX, r.minY, r.width, r.height, a.contents ?? ""))
        }
    }
    return hash(Array(items.sorted().joined(separator: "|").utf8))
}

/// The session: one editor, one seeded generator, the step count.
final class Session {
    let path: String
    let editor: DocumentEditor
    let pages: Int
    var random: SeededGenerator
    var n = 0
    /// A slow disk: every write and the rename take a little while, so a kill often lands in a save.
    let slow = SaveFileSystem(
        write: { fd, bytes, count in usleep(2_000); return Glibc.write(fd, bytes, min(count, 4_096)) },
        fsync: { fd in Glibc.fsync(fd) },
        rename: { from, to in usleep(5_000); return Glibc.rename(from, to) })

    init(path: String, journal: String, seed: UInt64) throws {
        self.path = path
        editor = try DocumentEditor.open(path: path, password: nil)
        editor.journal = EditJournal(url: URL(fileURLWithPath: journal))
        pages = editor.pageCount
        random = SeededGenerator(seed: seed)
        for page in 0..<pages { _ = editor.annotations(on: PageIndex(page)) }
    }

    /// One edit through the editor, announced with the state it leads to.
    func edit(_ record: EditRecord) {
        var next = editor.model
        guard (try? next.apply(record.edit)) != nil else { return }
        n += 1
        say("begin \(n) \(digest(next, pages: pages))")
        do { try editor.perform(record) } catch { say("refused \(n)"); return }
        say("done \(n)")
    }

    func undoOrRedo(undo: Bool) {
        guard let record = undo ? editor.history.undoStack.last : editor.history.redoStack.last else { return }
        var next = editor.model
        guard (try? next.apply(undo ? record.edit.inverse : record.edit)) != nil else { return }
        n += 1
        say("begin \(n) \(digest(next, pages: pages))")
        if undo { _ = try? editor.undo() } else { _ = try? editor.redo() }
        say("done \(n)")
    }

    func randomEdit(allowSave: Bool = true) {
        let page = PageIndex(Int(random.next() % UInt64(pages)))
        let list = editor.annotations(on: page)
        let choice = random.next() % 10
        switch choice {
        case 0...3:
            // As the Rectangle tool makes one.
            let from = Point(x: 20 + random.unit() * 300, y: 20 + random.unit() * 400)
            let to = Point(x: from.x + 20 + random.unit() * 80, y: from.y + 20 + random.unit() * 60)
            let stamp = CreationStamp(id: "p\(page.rawValue)-n\(String(random.next() % 0xFFFF_FFFF, radix: 16))", author: "Crash Test",
                                      date: "D:20261126080000Z")
            guard var square = Annotation.shape(.square, from: from, to: to, on: page, style: AnnotationStyle(color: .red, width: 2), stamp: stamp)
            else { return }
            square.contents = "crash \(n)"
            edit(EditRecord("Rectangle", .insert([PlacedAnnotation(square, at: list.count)])))
        case 4...5:
            guard !list.isEmpty else { return }
            let a = list[Int(random.next() % UInt64(list.count))]
            guard a.isTransformable else { return }
            edit(EditRecord("Move", .replace(before: [a], after: [a.moved(by: Vector(dx: random.unit() * 20 - 10, dy: random.unit() * 20 - 10))])))
        case 6:
            guard !list.isEmpty else { return }
            let a = list[Int(random.next() % UInt64(list.count))]
            edit(EditRecord("Delete", .remove(editor.model.removal(of: [a.id]))))
        case 7:
            undoOrRedo(undo: true)
        case 8:
            undoOrRedo(undo: false)
        default:
            guard allowSave else { return }
            // A save, with an edit made while the file is written (as the app's worker allows).
            guard let before = FileManager.default.contents(atPath: path),
                  let job = try? editor.prepareSave(fileSystem: slow) else { return }
            say("save \(hash(before)) \(hash(job.bytesToWrite))")
            if random.next() % 2 == 0 { randomEdit(allowSave: false) }
            job.run()
            do { try editor.finishSave(job) } catch { say("save-failed \(error)"); return }
            say("saved \(hash(FileManager.default.contents(atPath: path) ?? Data()))")
        }
    }

    func run(steps: Int) {
        say("state \(digest(editor.model, pages: pages))")
        while n < steps { randomEdit() }
        say("finished")
    }
}

let arguments = CommandLine.arguments
// crash-session rebuild DOCUMENT JOURNAL: what the file and its journal rebuild, as a digest.
if arguments.count == 4, arguments[1] == "rebuild" {
    do {
        let editor = try DocumentEditor.open(path: arguments[2], password: nil)
        if let read = EditJournal(url: URL(fileURLWithPath: arguments[3])).read() {
            guard let contents = read.applying(to: arguments[2]) else { say("journal-stale"); exit(3) }
            try editor.restore(contents)
        }
        for page in 0..<editor.pageCount { _ = editor.annotations(on: PageIndex(page)) }
        say("state \(digest(editor.model, pages: editor.pageCount))")
        exit(0)
    } catch {
        say("rebuild-failed \(error)")
        exit(4)
    }
}
guard arguments.count >= 4, let seed = UInt64(arguments[3]) else {
    FileHandle.standardError.write(Data("usage: crash-session DOCUMENT JOURNAL SEED [STEPS]\n".utf8))
    exit(2)
}
do {
    let session = try Session(path: arguments[1], journal: arguments[2], seed: seed)
    session.run(steps: arguments.count > 4 ? Int(arguments[4]) ?? 200 : 200)
} catch {
    FileHandle.standardError.write(Data("crash-session: \(arguments[1]) does not open: \(error)\n".utf8))
    exit(1)
}
