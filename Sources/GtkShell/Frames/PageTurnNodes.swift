// SPDX-License-Identifier: GPL-3.0-or-later
import CCairo
import CGtk
import CShim
import DocumentLayout
import Geometry

/// A page turn as render nodes: the layers DocumentLayout's ``PageTurnPicture`` describes (the
/// sheet where it lies flat, the spread beneath where it is lifted, the folded-over back), made
/// of the pages' tile textures under clips and transforms, the shadows gradient nodes. No page
/// is drawn again during a turn: every frame moves textures. Rendering's `PageCurlPainter`
/// draws the same picture with cairo.
///
/// GtkSnapshot clips to rectangles only, so the fold's half-planes are rectangles in a frame
/// turned to the fold (its x axis along the fold's normal); the back's outline is the sheet
/// reflected across the fold.
struct PageTurnNodes {
    let picture: PageTurnPicture
    let tiles: TileNodes
    /// The view's size: the clips reach across it and no farther (a node's bounds size its
    /// offscreens).
    let viewSize: Size

    func append(_ snapshot: OpaquePointer) {
        let curl = picture.curl
        let visible = Rect(x: 0, y: 0, width: viewSize.width, height: viewSize.height)
        for page in picture.still { tiles.appendPage(page.page, at: page.frame, visible: visible, snapshot) }
        guard let sheet = picture.sheet else { return }
        guard let fold = curl.fold, !picture.isFlat else {
            tiles.appendPage(sheet.page, at: sheet.frame, visible: visible, snapshot)
            return
        }
        // The sheet where it still lies flat.
        if curl.flatPart.count > 2 {
            clipToHalfPlane(fold, lifted: false, snapshot) { tiles.appendPage(sheet.page, at: sheet.frame, visible: nil, snapshot) }
        }
        // The spread beneath where the sheet is lifted, with the shadow the sheet casts.
        clipToHalfPlane(fold, lifted: true, snapshot) {
            ann_snapshot_push_clip(snapshot, curl.sheet.minX, curl.sheet.minY, curl.sheet.width, curl.sheet.height)
            for page in picture.beneath { tiles.appendPage(page.page, at: page.frame, visible: nil, snapshot) }
            if let shadow = picture.shadow { appendShade(shadow, fold, snapshot) }
            gtk_snapshot_pop(snapshot)
        }
        // The folded flap: a soft outline (small: a cairo node over its bounds), its paper, the
        // back page turned onto it, shading.
        let back = curl.backPart
        if let first = back.first {
            let bounds = back.dropFirst().reduce(Rect(origin: first, size: .zero)) { $0.union(Rect(origin: $1, size: .zero)) }.insetBy(dx: -8, dy: -8)
            if let cr = ann_snapshot_append_cairo(snapshot, bounds.minX, bounds.minY, bounds.width, bounds.height) {
                cairo_move_to(cr, first.x, first.y)
                for p in back.dropFirst() { cairo_line_to(cr, p.x, p.y) }
                cairo_close_path(cr)
                cairo_set_source_rgba(cr, 0, 0, 0, PageTurnPicture.flapOutlineAlpha)
                cairo_set_line_width(cr, PageTurnPicture.flapOutlineWidth)
                cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND)
                cairo_stroke(cr)
                cairo_destroy(cr)
            }
        }
        clipToHalfPlane(fold, lifted: false, snapshot) {
            // The sheet reflected across the fold is the flap's outline.
            gtk_snapshot_save(snapshot)
            reflect(across: fold, snapshot)
            ann_snapshot_push_clip(snapshot, curl.sheet.minX, curl.sheet.minY, curl.sheet.width, curl.sheet.height)
            let paper = PageTurnPicture.backPaper
            ann_snapshot_append_color(snapshot, paper.red, paper.green, paper.blue, 1, curl.sheet.minX, curl.sheet.minY, curl.sheet.width, curl.sheet.height)
            // The back page: laid out mirrored across the spine, then reflected across the fold
            // (we are in the reflected space already: the spine's mirror is what is left).
            if let page = picture.back {
                gtk_snapshot_save(snapshot)
                translate(2 * curl.spineX, 0, snapshot)
                gtk_snapshot_scale(snapshot, -1, 1)
                tiles.appendPage(page.page, at: page.frame, visible: nil, snapshot)
                gtk_snapshot_restore(snapshot)
            }
            // Back in view space: the same reflection again undoes it exactly (GSK merges the
            // steps), then the shading.
            reflect(across: fold, snapshot)
            if let crease = picture.crease { appendShade(crease, fold, snapshot) }
            gtk_snapshot_pop(snapshot)
            gtk_snapshot_restore(snapshot)
        }
    }

    /// Far enough to cross the view.
    private var far: Double { (viewSize.width + viewSize.height) * 1.5 }

    /// A shade as a gradient node in the fold's frame (the shade runs along the fold's normal,
    /// one way or the other).
    private func appendShade(_ shade: PageTurnPicture.Shade, _ fold: (point: Point, normal: Vector), _ snapshot: OpaquePointer) {
        let along = shade.direction.dx * fold.normal.dx + shade.direction.dy * fold.normal.dy >= 0 ? 1.0 : -1.0
        let length = shade.length
        inFoldFrame(fold, snapshot) {
            ann_snapshot_append_shade(snapshot, along > 0 ? 0 : -length, -far, length, 2 * far, 0, 0, along * length, 0, shade.alpha)
        }
    }

    /// Runs `body` (in view coordinates) clipped to one side of the fold. The way back from
    /// the fold's frame is its steps undone in reverse, which GSK merges into nothing, so the
    /// pages inside are placed by plain offsets (drawn one to one, not resampled).
    private func clipToHalfPlane(_ fold: (point: Point, normal: Vector), lifted: Bool, _ snapshot: OpaquePointer, _ body: () -> Void) {
        gtk_snapshot_save(snapshot)
        let angle = Float(atan2(fold.normal.dy, fold.normal.dx) * 180 / .pi)
        translate(fold.point.x, fold.point.y, snapshot)
        gtk_snapshot_rotate(snapshot, angle)
        ann_snapshot_push_clip(snapshot, lifted ? 0 : -far, -far, far, 2 * far)
        gtk_snapshot_rotate(snapshot, -angle)
        translate(-fold.point.x, -fold.point.y, snapshot)
        body()
        gtk_snapshot_pop(snapshot)
        gtk_snapshot_restore(snapshot)
    }

    /// Runs `body` in the fold's frame: the origin on the fold, x along its normal (towards the
    /// lifted side).
    private func inFoldFrame(_ fold: (point: Point, normal: Vector), _ snapshot: OpaquePointer, _ body: () -> Void) {
        gtk_snapshot_save(snapshot)
        translate(fold.point.x, fold.point.y, snapshot)
        gtk_snapshot_rotate(snapshot, Float(atan2(fold.normal.dy, fold.normal.dx) * 180 / .pi))
        body()
        gtk_snapshot_restore(snapshot)
    }

    /// The reflection across the fold, as steps GSK keeps two-dimensional (and merges away when
    /// done twice): to the fold, turn its normal onto x, mirror x, and back.
    private func reflect(across fold: (point: Point, normal: Vector), _ snapshot: OpaquePointer) {
        let angle = Float(atan2(fold.normal.dy, fold.normal.dx) * 180 / .pi)
        translate(fold.point.x, fold.point.y, snapshot)
        gtk_snapshot_rotate(snapshot, angle)
        gtk_snapshot_scale(snapshot, -1, 1)
        gtk_snapshot_rotate(snapshot, -angle)
        translate(-fold.point.x, -fold.point.y, snapshot)
    }

    private func translate(_ x: Double, _ y: Double, _ snapshot: OpaquePointer) {
        var offset = graphene_point_t(x: Float(x), y: Float(y))
        gtk_snapshot_translate(snapshot, &offset)
    }
}
