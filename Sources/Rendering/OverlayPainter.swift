// SPDX-License-Identifier: GPL-3.0-or-later
import CCairo
import Geometry

/// Paints what lies over the pages: selections, handles, hover and press feedback, the
/// selection band. The canvas works out where (view coordinates); this says how it looks, in
/// one accent colour, so the look lives in one place and away from the widget.
public enum OverlayPainter {
    /// Whether the desktop asks for high contrast (set by the shell on the main thread, where
    /// every overlay is drawn): a darker, opaque accent, selected text tinted darker and outlined,
    /// outlines twice as wide and solid.
    public nonisolated(unsafe) static var highContrast = false

    /// The accent of every selection and handle.
    static func accent(_ cr: OpaquePointer, alpha: Double = 1) {
        let c = accentColour(alpha: alpha)
        cairo_set_source_rgba(cr, c.red, c.green, c.blue, c.alpha)
    }

    /// The accent's components (red, green, blue, alpha), at `alpha` (more in high contrast).
    static func accentColour(alpha: Double = 1) -> (red: Double, green: Double, blue: Double, alpha: Double) {
        highContrast ? (0.0, 0.18, 0.62, min(1, alpha * 1.6)) : (0.21, 0.52, 0.89, alpha)
    }

    /// An outline's width: `width`, doubled in high contrast.
    static func outline(_ width: Double) -> Double { highContrast ? width * 2 : width }

    /// The tint over selected text (red, green, blue, alpha): it keeps text dark, being drawn
    /// over it; high contrast darkens it (and rings the lines, ``textSelectionOutlines(_:cr:)``).
    public static var textSelectionTint: (red: Double, green: Double, blue: Double, alpha: Double) {
        highContrast ? (0.0, 0.18, 0.62, 0.35) : (0.21, 0.52, 0.89, 0.35)
    }

    /// The tints of search matches: the current one stronger.
    public static func searchMatchTint(current: Bool) -> (red: Double, green: Double, blue: Double, alpha: Double) {
        current ? (1, 0.5, 0, 0.55) : (1, 0.85, 0, 0.4)
    }

    /// Selected text: its character boxes, tinted.
    public static func textSelection(_ boxes: [Rect], cr: OpaquePointer) {
        guard !boxes.isEmpty else { return }
        let tint = textSelectionTint
        cairo_set_source_rgba(cr, tint.red, tint.green, tint.blue, tint.alpha)
        for box in boxes { cairo_rectangle(cr, box.minX, box.minY, box.width, box.height) }
        cairo_fill(cr)
        textSelectionOutlines(boxes, cr: cr)
    }

    /// In high contrast, a solid outline round each selected line (nothing otherwise).
    public static func textSelectionOutlines(_ boxes: [Rect], cr: OpaquePointer) {
        if highContrast {
            accent(cr)
            cairo_set_line_width(cr, 2)
            for box in boxes { cairo_rectangle(cr, box.minX - 1, box.minY - 1, box.width + 2, box.height + 2) }
            cairo_stroke(cr)
        }
    }

    /// A finger's text selection: a round handle hanging under each end.
    public static func selectionEnds(_ ends: [Point], cr: OpaquePointer) {
        cairo_save(cr)
        accent(cr)
        cairo_set_line_width(cr, 2)
        for point in ends {
            cairo_move_to(cr, point.x, point.y - 2)
            cairo_line_to(cr, point.x, point.y + 6)
            cairo_stroke(cr)
            cairo_new_sub_path(cr)
            cairo_arc(cr, point.x, point.y + 14, 9, 0, 2 * Double.pi)
            cairo_fill(cr)
        }
        cairo_restore(cr)
    }

    /// The handles of an annotation selection.
    public enum Handles: Sendable {
        case none
        /// Round handles on a line's two ends.
        case lineEnds([Point])
        /// Square handles at these centres; `box` (several annotations) is outlined too, dashed.
        case squares([Point], box: Rect?)
    }

    /// Each selected annotation's dashed outline, the band being dragged out, then the handles
    /// (`side` pixels: finger-sized after a touch).
    public static func annotationSelection(outlines: [Rect], band: Rect?, handles: Handles, side: Double, cr: OpaquePointer) {
        cairo_save(cr)
        accent(cr)
        cairo_set_line_width(cr, outline(1.5))
        var dash = [4.0, 3.0]
        // High contrast: a solid outline, not a dashed one.
        if !highContrast { cairo_set_dash(cr, &dash, 2, 0) }
        for r in outlines { cairo_rectangle(cr, r.minX, r.minY, r.width, r.height) }
        cairo_stroke(cr)
        cairo_set_dash(cr, nil, 0, 0)
        if let band {
            cairo_rectangle(cr, band.minX, band.minY, band.width, band.height)
            accent(cr, alpha: 0.15)
            cairo_fill_preserve(cr)
            accent(cr)
            cairo_stroke(cr)
        }
        switch handles {
        case .none:
            break
        case .lineEnds(let ends):
            for c in ends {
                cairo_new_sub_path(cr)
                cairo_arc(cr, c.x, c.y, side / 2 + 1, 0, 2 * Double.pi)
                whiteThenAccentOutline(cr)
            }
        case .squares(let centres, let box):
            if let box {
                // Several annotations (a lasso's, a band's) read as one selection: their
                // common box dashed like an outline, longer dashes than each annotation's.
                var dash = [7.0, 4.0]
                if !highContrast { cairo_set_dash(cr, &dash, 2, 0) }
                cairo_rectangle(cr, box.minX, box.minY, box.width, box.height)
                cairo_stroke(cr)
                cairo_set_dash(cr, nil, 0, 0)
            }
            for c in centres {
                cairo_rectangle(cr, c.x - side / 2, c.y - side / 2, side, side)
                whiteThenAccentOutline(cr)
            }
        }
        cairo_restore(cr)
    }

    /// The handle that turns a selection: a round knob (`side` wide, at least 16 pixels so a
    /// pen or finger finds it) joined by a stem to the middle of the box's top edge, with a
    /// curved arrow inside that says what it does.
    public static func rotateHandle(at centre: Point, stem: Point, side: Double, cr: OpaquePointer) {
        let radius = max(side, 16) / 2 + 1
        cairo_save(cr)
        accent(cr)
        cairo_set_line_width(cr, outline(1.5))
        cairo_move_to(cr, stem.x, stem.y)
        cairo_line_to(cr, centre.x, centre.y + radius)
        cairo_stroke(cr)
        cairo_new_sub_path(cr)
        cairo_arc(cr, centre.x, centre.y, radius, 0, 2 * Double.pi)
        whiteThenAccentOutline(cr)
        // The arrow: three quarters of a circle and a head at its end.
        let r = radius * 0.5
        cairo_new_sub_path(cr)
        cairo_arc(cr, centre.x, centre.y, r, -Double.pi / 2, Double.pi)
        cairo_stroke(cr)
        let tip = Point(x: centre.x, y: centre.y - r)
        cairo_move_to(cr, tip.x - r * 0.6, tip.y - r * 0.5)
        cairo_line_to(cr, tip.x, tip.y)
        cairo_line_to(cr, tip.x - r * 0.6, tip.y + r * 0.5)
        cairo_stroke(cr)
        cairo_restore(cr)
    }

    /// The lasso's loop as it is drawn (view coordinates): what it encloses faintly tinted (by
    /// the non-zero rule, as the lasso decides), the line dashed in the accent over a white one
    /// so that it shows on any page; solid in high contrast.
    public static func lassoLoop(_ points: [Point], cr: OpaquePointer) {
        guard let first = points.first, points.count > 1 else { return }
        cairo_save(cr)
        cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND)
        cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND)
        cairo_move_to(cr, first.x, first.y)
        for p in points.dropFirst() { cairo_line_to(cr, p.x, p.y) }
        cairo_set_fill_rule(cr, CAIRO_FILL_RULE_WINDING)
        accent(cr, alpha: 0.08)
        cairo_fill_preserve(cr)
        cairo_new_path(cr)
        cairo_move_to(cr, first.x, first.y)
        for p in points.dropFirst() { cairo_line_to(cr, p.x, p.y) }
        cairo_set_source_rgba(cr, 1, 1, 1, 0.9)
        cairo_set_line_width(cr, outline(3))
        cairo_stroke_preserve(cr)
        accent(cr)
        cairo_set_line_width(cr, outline(1.5))
        var dash = [5.0, 4.0]
        if !highContrast { cairo_set_dash(cr, &dash, 2, 0) }
        cairo_stroke(cr)
        cairo_restore(cr)
    }

    /// A movable annotation under a mouse or pen: faint corners where its handles would be,
    /// at `opacity` while they fade in or out with the hover tint.
    public static func hoverCorners(_ corners: [Point], opacity: Double = 1, cr: OpaquePointer) {
        cairo_save(cr)
        cairo_set_line_width(cr, outline(1))
        for c in corners {
            cairo_rectangle(cr, c.x - 3.5, c.y - 3.5, 7, 7)
            cairo_set_source_rgba(cr, 1, 1, 1, 0.85 * opacity)
            cairo_fill_preserve(cr)
            accent(cr, alpha: 0.7 * opacity)
            cairo_stroke(cr)
        }
        cairo_restore(cr)
    }

    /// A hover effect: a tint and outline that fade in with `progress`, over a shadow when lifted.
    public static func hover(_ rect: Rect, progress: Double, tint: Double, shadow: Double, cr: OpaquePointer) {
        if shadow > 0 {
            cairo_set_source_rgba(cr, 0, 0, 0, 0.25 * shadow)
            roundedRect(rect.offsetBy(Vector(dx: 0, dy: 3)).insetBy(dx: -2, dy: -2), radius: 5, cr: cr)
            cairo_fill(cr)
        }
        accent(cr, alpha: 0.22 * max(tint, progress))
        roundedRect(rect, radius: 4, cr: cr)
        cairo_fill_preserve(cr)
        accent(cr, alpha: 0.8 * progress)
        cairo_set_line_width(cr, outline(1.5))
        cairo_stroke(cr)
    }

    /// What a pressing finger is on, darkened a little: the press registered.
    public static func press(_ rect: Rect, cr: OpaquePointer) {
        cairo_save(cr)
        roundedRect(rect.insetBy(dx: -3, dy: -3), radius: 4, cr: cr)
        cairo_set_source_rgba(cr, 0.1, 0.2, 0.45, 0.22)
        cairo_fill(cr)
        cairo_restore(cr)
    }

    /// Where something was before it moved: veiled in white, so the page shows it is leaving.
    public static func veil(_ rect: Rect, cr: OpaquePointer) {
        veil([rect], cr: cr)
    }

    /// Veils several places in one fill: where they overlap, the veil is laid once.
    public static func veil(_ rects: [Rect], cr: OpaquePointer) {
        guard !rects.isEmpty else { return }
        cairo_save(cr)
        cairo_set_source_rgba(cr, 1, 1, 1, 0.65)
        // Non-zero winding, every rectangle the same way round: their union.
        cairo_set_fill_rule(cr, CAIRO_FILL_RULE_WINDING)
        for rect in rects { cairo_rectangle(cr, rect.minX, rect.minY, rect.width, rect.height) }
        cairo_fill(cr)
        cairo_restore(cr)
    }

    /// Covers a part of a stroke the partial eraser took out (its centre line, `width` wide) in
    /// the paper's white until the page is drawn without it; the ends are cut square, where the
    /// rest of the stroke goes on, and a lone point is covered as a dot.
    public static func eraserCover(_ points: [Point], width: Double, cr: OpaquePointer) {
        guard let first = points.first else { return }
        cairo_save(cr)
        cairo_set_source_rgb(cr, 1, 1, 1)
        cairo_set_line_width(cr, width)
        cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND)
        cairo_set_line_cap(cr, points.count == 1 ? CAIRO_LINE_CAP_ROUND : CAIRO_LINE_CAP_BUTT)
        cairo_move_to(cr, first.x, first.y)
        if points.count == 1 { cairo_line_to(cr, first.x, first.y) }
        for p in points.dropFirst() { cairo_line_to(cr, p.x, p.y) }
        cairo_stroke(cr)
        cairo_restore(cr)
    }

    /// The soft shadow under something held up: four widening rounded rectangles below it, at
    /// `opacity` while it is lifted or set down.
    public static func liftShadow(under rect: Rect, opacity: Double = 1, cr: OpaquePointer) {
        guard opacity > 0 else { return }
        for step in 1...4 {
            let grow = Double(step) * 2 * opacity
            roundedRect(rect.insetBy(dx: -grow, dy: -grow).offsetBy(Vector(dx: 0, dy: 5 * opacity)), radius: 3 + grow, cr: cr)
            cairo_set_source_rgba(cr, 0, 0, 0, 0.07 * opacity)
            cairo_fill(cr)
        }
    }

    /// A rounded rectangle as the current path.
    public static func roundedRect(_ r: Rect, radius: Double, cr: OpaquePointer) {
        let rad = min(radius, r.width / 2, r.height / 2)
        cairo_new_sub_path(cr)
        cairo_arc(cr, r.maxX - rad, r.minY + rad, rad, -Double.pi / 2, 0)
        cairo_arc(cr, r.maxX - rad, r.maxY - rad, rad, 0, Double.pi / 2)
        cairo_arc(cr, r.minX + rad, r.maxY - rad, rad, Double.pi / 2, Double.pi)
        cairo_arc(cr, r.minX + rad, r.minY + rad, rad, Double.pi, 3 * Double.pi / 2)
        cairo_close_path(cr)
    }

    private static func whiteThenAccentOutline(_ cr: OpaquePointer) {
        cairo_set_source_rgb(cr, 1, 1, 1)
        cairo_fill_preserve(cr)
        accent(cr)
        cairo_stroke(cr)
    }
}
