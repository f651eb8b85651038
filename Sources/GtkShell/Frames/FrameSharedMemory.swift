// SPDX-License-Identifier: GPL-3.0-or-later
import CShim

/// The shared memory that frames reach the X server through (`Sources/CShim/ann_frame_shm_*.c`):
/// for frames of 16 MiB or less (a 1080p frame is 8 MB) none but while a page turn's frames
/// follow each other, and for larger ones (4K) whenever frames do; one segment of cairo's at most,
/// given back once no frame has used it for half a second.
enum FrameSharedMemory {
    /// The largest segment cairo may have for frames of `frameBytes` (0: frames that size go
    /// through the socket): the frame rounded up to a power of two.
    static func segmentLimit(frameBytes: Int) -> Int {
        Int(ann_frame_shm_segment_limit(frameBytes))
    }

    /// The segment frames of `frameBytes` may take while an animation announces them (0: frames
    /// that size take one whenever they follow each other, ``segmentLimit(frameBytes:)``).
    static func animationSegmentLimit(frameBytes: Int) -> Int {
        Int(ann_frame_shm_animation_segment_limit(frameBytes))
    }

    /// A frame of a long animation (a page turn, tens of frames in a row) is being built: on a
    /// screen whose frames go through the socket otherwise, the animation's frames take the one
    /// segment (made ahead at its first frame), as a curl at 1080p through the socket was slower
    /// than before in about half the runs. The short runs (ten Page_Up, a scroll) keep the socket.
    @MainActor static func animationFrame() {
        ann_frame_shm_animation_frame()
    }

    /// What the frames' shared memory has done since the app started.
    struct Counts: Equatable {
        /// The bytes of cairo's segment now (0 when it has none).
        var bytes: Int
        /// Segments cairo made, segments it destroyed, and segments it was refused (one
        /// existed already, or it asked for more than a screen's frame).
        var made: Int
        var released: Int
        var refused: Int
        /// Of those made, the ones a worker made and touched before a frame took them.
        var madeAhead: Int
        /// Of those, the ones the X server had attached and touched before cairo attached them.
        var sharedAhead: Int
    }

    static var counts: Counts {
        let c = ann_frame_shm_counts()
        return Counts(bytes: c.live != 0 ? Int(c.bytes) : 0, made: Int(c.made), released: Int(c.released), refused: Int(c.refused),
                      madeAhead: Int(c.madeAhead), sharedAhead: Int(c.sharedAhead))
    }

    @MainActor private static var released: (@MainActor () -> Void)?

    /// Calls `action` each time the segment is given back at rest (on the main thread, from the
    /// main loop), so that the state dump shows it.
    @MainActor static func onRelease(_ action: @escaping @MainActor () -> Void) {
        released = action
        ann_frame_shm_on_release { MainActor.assumeIsolated { FrameSharedMemory.released?() } }
    }
}
