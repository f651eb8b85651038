// SPDX-License-Identifier: GPL-3.0-or-later
import Document
import Geometry

/// What a read of a shared review's folder found from the other devices: their new packets,
/// read and parsed (nothing merged yet), and where each device's file was read up to.
public struct SharedReviewIncoming: Sendable {
    /// One packet: its header and the annotations and deletions it carries.
    public struct Packet: Sendable {
        public var header: ReviewPacket
        public var contents: XFDFContents
    }
    public var packets: [Packet] = []
    /// Where each device's file was read up to (only devices read this time).
    public var ends: [String: Int] = [:]
    /// Devices whose file holds bytes that are not a packet, where reading stopped.
    public var damaged: [String] = []
    /// Packets that are not readable XFDF, by device.
    public var unreadable: [String] = []
    /// Why the folder could not be read, when it could not.
    public var problem: SharedReviewFolderError?
    public init() {}
}

/// What merging a read did: the one undoable step, and what the reader should be told.
public struct SharedReviewMerge: Sendable {
    /// The step (named ``SharedReview/stepName``); `nil` when nothing changes.
    public var record: EditRecord?
    /// Names of annotations changed or added by others.
    public var changed: [String] = []
    /// Names of annotations both sides edited.
    public var conflicts: [String] = []
    /// Devices whose packets are for another document (refused).
    public var refused: [String] = []
}

/// One document's shared review on one device: publishes the changes made here as packets in
/// its own file of the folder and merges the packets of the others (see ``ReviewLedger`` for
/// the rule and ``ReviewPacket`` for the format). A packet that cannot be written (the folder is
/// gone or offline) waits in ``SharedReviewState/pending`` and is written once it is back.
///
/// - Warning: main thread (it reads and commits through the editor); ``read(_:device:offsets:origins:)``
///   and a ``PacketWrite`` run on any thread.
public final class SharedReview {
    /// The name of a merge's step in the Edit menu.
    public static let stepName = "Shared Review Changes"

    public let device: String
    public let documentID: String
    public var state: SharedReviewState
    /// Why the last write or read failed; `nil` once one succeeds.
    public private(set) var problem: SharedReviewFolderError?

    public init(device: String, documentID: String, state: SharedReviewState) {
        self.device = device
        self.documentID = documentID
        self.state = state
    }

    public var folder: SharedReviewFolder { SharedReviewFolder(uri: state.folder) }

    /// Takes in how a read of the folder went: its problem, or, when it went well and nothing
    /// waits to be written, none.
    public func noteRead(_ problem: SharedReviewFolderError?) {
        if let problem { self.problem = problem } else if state.pending.isEmpty { self.problem = nil }
    }

    /// The name each annotation is shared by: its /NM, else its editor id (what an XFDF export
    /// names it by).
    public static func sharedName(_ a: Annotation) -> String { a.uniqueName ?? a.id }

    /// The annotations a review shares (those XFDF has an element for; pop-ups go with their parent).
    static func shared(in source: AnnotationSource, pageCount: Int) -> [Annotation] {
        var all: [Annotation] = []
        for page in 0..<max(0, pageCount) {
            all += source.annotations(on: PageIndex(page)).filter { XFDFFormat.elementName(of: $0.subtype) != nil }
        }
        return all
    }

    /// Writes what the document changed since the last packet (or merge) as a new packet, here
    /// and now (``queuePacket(from:pageCount:origin:now:)`` and ``flush()``); returns how many
    /// changes it holds (0: nothing changed, nothing written).
    ///
    /// - Warning: blocking I/O on the calling thread; the app queues the packet and writes it
    ///   on a worker (``nextWrite()``).
    @discardableResult
    public func publish(from source: AnnotationSource, pageCount: Int, origin: (PageIndex) -> Point, now: String) -> Int {
        let count = queuePacket(from: source, pageCount: pageCount, origin: origin, now: now)
        if count > 0 { flush() }
        return count
    }

    /// Makes a packet of what the document changed since the last packet (or merge) and puts
    /// it after those waiting in ``SharedReviewState/pending`` (kept with the review's state,
    /// so a packet not written yet survives the app's end); returns how many changes it holds
    /// (0: nothing changed, no packet). Nothing is written.
    @discardableResult
    public func queuePacket(from source: AnnotationSource, pageCount: Int, origin: (PageIndex) -> Point, now: String) -> Int {
        let all = Self.shared(in: source, pageCount: pageCount)
        var current: [String: String?] = [:]
        var byName: [String: Annotation] = [:]
        for a in all {
            let name = Self.sharedName(a)
            current[name] = .some(a.modified)
            byName[name] = a
        }
        let changes = state.ledger.localChanges(current: current, now: now)
        guard !changes.isEmpty else { return 0 }
        state.sequence += 1
        let packet = ReviewPacket(device: device, documentID: documentID, sequence: state.sequence, changes: changes)
        let names = Dictionary(all.map { ($0.id, Self.sharedName($0)) }, uniquingKeysWith: { a, _ in a })
        let xml = packet.xml(annotations: changes.compactMap { $0.version.deleted ? nil : byName[$0.name] },
                             popup: { a in a.popupID.flatMap { _ in source.popupID(of: a) }.flatMap { source.annotation($0) } },
                             origin: origin, nameOf: { names[$0] })
        state.pending.append(String(decoding: ReviewPacket.framed(xml), as: UTF8.self))
        return changes.count
    }

    /// The write of the packets waiting now, to run on any thread (``PacketWrite/run()``) and
    /// then hand to ``finish(_:problem:)``; `nil` when none waits.
    public func nextWrite() -> PacketWrite? {
        state.pending.isEmpty ? nil : PacketWrite(folder: folder, file: ReviewPacket.fileName(device: device), packets: state.pending)
    }

    /// Takes in how `write` went: its packets (the first of those waiting, as packets are only
    /// ever added after them) no longer wait when it succeeded; else they wait on, with the
    /// problem said. Returns whether the write succeeded.
    @discardableResult
    public func finish(_ write: PacketWrite, problem failure: SharedReviewFolderError?) -> Bool {
        if let failure {
            problem = failure
            return false
        }
        let written = min(write.packets.count, state.pending.count)
        if Array(state.pending.prefix(written)) == Array(write.packets.prefix(written)) { state.pending.removeFirst(written) }
        problem = nil
        return true
    }

    /// Writes the waiting packets to this device's file on the calling thread; returns whether
    /// none waits any more.
    @discardableResult
    public func flush() -> Bool {
        guard let write = nextWrite() else { return true }
        return finish(write, problem: write.run()) && state.pending.isEmpty
    }

    /// Packets for this device's file, in their order: its old bytes and these after them, as
    /// one whole-file replace (``SharedReviewFolder/replace(_:with:)``).
    public struct PacketWrite: Sendable {
        public let folder: SharedReviewFolder
        /// The device's file in the folder.
        public let file: String
        /// The framed packets, oldest first.
        public let packets: [String]

        /// Writes the packets after the file's whole packets; returns why it could not, or `nil`.
        /// Packets the file already ends with (a write that went through before the app could
        /// note it, as when it quit meanwhile) are not written twice.
        ///
        /// - Warning: blocking I/O (a slow or remote folder takes its time): run it on a worker.
        public func run() -> SharedReviewFolderError? {
            do {
                let old = try folder.read(file) ?? []
                // A torn tail (a write cut short elsewhere) is left behind rather than built on.
                let kept = Array(old[..<ReviewPacket.split(old, from: 0).end])
                let bytes = packets.map { Array($0.utf8) }
                var already = 0
                var tail = bytes.reduce(0) { $0 + $1.count }
                for count in stride(from: bytes.count, to: 0, by: -1) {
                    if tail <= kept.count, kept[(kept.count - tail)...].elementsEqual(bytes[..<count].joined()) {
                        already = count
                        break
                    }
                    tail -= bytes[count - 1].count
                }
                guard already < bytes.count else { return nil }
                try folder.replace(file, with: kept + bytes[already...].joined())
                return nil
            } catch {
                return error
            }
        }
    }

    /// Reads the other devices' new packets: every `*.xfdf-review` file but `device`'s, from
    /// where `offsets` says it was read up to. `origins` is each page's crop box corner.
    public static func read(_ folder: SharedReviewFolder, device: String, offsets: [String: Int], origins: [Point]) -> SharedReviewIncoming {
        var incoming = SharedReviewIncoming()
        let files: [(name: String, size: Int)]
        do {
            files = try folder.files()
        } catch {
            incoming.problem = error
            return incoming
        }
        for file in files.sorted(by: { $0.name < $1.name }) {
            guard let other = ReviewPacket.device(ofFile: file.name), other != device else { continue }
            let offset = offsets[other] ?? 0
            guard file.size != offset else { continue }
            let bytes: [UInt8]
            do {
                guard let read = try folder.read(file.name) else { continue }
                bytes = read
            } catch {
                incoming.problem = error
                continue
            }
            // A file shorter than what was read of it was replaced: read it again from its start.
            let split = ReviewPacket.split(bytes, from: bytes.count < offset ? 0 : offset)
            if split.damaged { incoming.damaged.append(other) }
            incoming.ends[other] = split.end
            for body in split.bodies {
                guard var root = try? MarkupParser.parse(Array(body)) else {
                    incoming.unreadable.append(other)
                    continue
                }
                guard let header = ReviewPacket.header(removingFrom: &root),
                      let contents = try? XFDFReader.read(root, origin: { origins.indices.contains($0.rawValue) ? origins[$0.rawValue] : .zero })
                else {
                    incoming.unreadable.append(other)
                    continue
                }
                incoming.packets.append(SharedReviewIncoming.Packet(header: header, contents: contents))
            }
        }
        return incoming
    }

    /// Merges a read into the document: first queues what was changed here as a packet (see
    /// ``queuePacket(from:pageCount:origin:now:)``: written by the caller), then decides
    /// each change by the ledger and makes the winners one step (``stepName``). The offsets
    /// move on, so the same packets are not merged again.
    public func merge(_ incoming: SharedReviewIncoming, into source: AnnotationSource, pageCount: Int, origin: (PageIndex) -> Point,
                      now: String, stamp: (PageIndex) -> CreationStamp) -> SharedReviewMerge {
        queuePacket(from: source, pageCount: pageCount, origin: origin, now: now)
        var result = SharedReviewMerge()
        var accepted: [String: Annotation] = [:]
        var order: [String] = []
        var deleted: [String] = []
        var refused: Set<String> = []
        for packet in incoming.packets {
            guard packet.header.documentID == documentID else {
                if refused.insert(packet.header.device).inserted { result.refused.append(packet.header.device) }
                continue
            }
            var byName: [String: Annotation] = [:]
            for a in packet.contents.annotations { if let n = a.uniqueName { byName[n] = a } }
            for change in packet.header.changes {
                let decision = state.ledger.receive(change)
                if decision.isConflict { result.conflicts.append(change.name) }
                guard decision.applies else { continue }
                if change.version.deleted {
                    accepted[change.name] = nil
                    deleted.append(change.name)
                } else if let a = byName[change.name] {
                    if accepted[change.name] == nil { order.append(change.name) }
                    accepted[change.name] = a
                    deleted.removeAll { $0 == change.name }
                }
            }
        }
        for (device, end) in incoming.ends { state.offsets[device] = end }
        result.changed = order.filter { accepted[$0] != nil }
        let contents = XFDFContents(annotations: result.changed.compactMap { accepted[$0] }, deleted: deleted)
        guard !contents.annotations.isEmpty || !contents.deleted.isEmpty else { return result }
        let merge = XFDFMerge.merging(contents, pageCount: pageCount, in: source, stamp: stamp)
        result.record = merge.record.map { EditRecord(Self.stepName, $0.edit) }
        return result
    }
}
