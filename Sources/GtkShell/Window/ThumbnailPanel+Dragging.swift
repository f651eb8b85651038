// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import CShim
import DocumentSession
import Geometry

/// Pages dragged within the Pages grid (the page under the pointer, or the selection it belongs
/// to) move to the gap they are dropped in; PDF files dropped on the grid insert their pages
/// there. While a drag is over the grid the gap shows as a line beside a thumbnail, and the
/// grid scrolls when the drag nears its top or bottom edge. Where the gap is comes from
/// ``PageGridDrop``.
extension ThumbnailPanel {
    /// What a page dragged from this grid carries: the grid it came from and the page.
    private var dragPrefix: String { "pdf-annotator-page:\(UInt(bitPattern: ObjectIdentifier(self).hashValue)):" }

    func installDragSource(on box: UnsafeMutablePointer<GtkWidget>) {
        let source = gtk_drag_source_new()!
        gtk_drag_source_set_actions(source, GDK_ACTION_MOVE)
        Signals.connect(raw(source), "prepare", prepare: { [weak self] _, _ in
            guard let self, let (page, picture) = self.bound.first(where: { gtk_widget_get_parent($0.value) == box }).map({ ($0.key, $0.value) })
            else { return 0 }
            if let paintable = gtk_picture_get_paintable(cast(picture)) {
                gtk_drag_source_set_icon(source, paintable, Int32(gtk_widget_get_width(picture) / 2), 12)
            }
            return UInt(bitPattern: raw(ann_text_content(self.dragPrefix + "\(page.rawValue)")))
        })
        gtk_widget_add_controller(box, source)
    }

    func installDropTarget() {
        guard let target = ann_page_drop_target_new() else { return }
        for signal in ["enter", "motion"] {
            Signals.connect(raw(target), signal, point: { [weak self] x, y in
                guard let self else { return 0 }
                self.dragMoved(to: Point(x: x, y: y))
                let files = gtk_drop_target_get_current_drop(target).map { gdk_content_formats_contain_gtype(gdk_drop_get_formats($0), ann_file_list_type()) != 0 } ?? false
                return files ? GDK_ACTION_COPY.rawValue : GDK_ACTION_MOVE.rawValue
            })
        }
        Signals.connect(raw(target), "leave") { [weak self] in self?.dragEnded() }
        Signals.connect(raw(target), "drop", drop: { [weak self] value, x, y in
            guard let self else { return false }
            defer { self.dragEnded() }
            return self.dropped(value, at: Point(x: x, y: y))
        })
        gtk_widget_add_controller(grid, target)
    }

    /// Thumbnails in view and their boxes, in the grid's coordinates.
    var thumbnailFrames: [(page: PageIndex, frame: Rect)] { visibleFrames(in: grid) }

    func dragMoved(to point: Point) {
        let drop = PageGridDrop.at(point, frames: thumbnailFrames)
        if drop?.gap != dropGap {
            dropGap = drop?.gap
            onChange?()
        }
        let box = drop.flatMap { bound[$0.page] }.flatMap { gtk_widget_get_parent($0) }
        let cssClass = drop.map { "drop-\($0.before ? "before" : "after")\($0.across ? "-across" : "")" }
        if let mark = dropMark, mark.box != box || mark.cssClass != cssClass { gtk_widget_remove_css_class(mark.box, mark.cssClass) }
        if let box, let cssClass {
            gtk_widget_add_css_class(box, cssClass)
            dropMark = (box, cssClass)
        } else {
            dropMark = nil
        }
        scrollWhileDragging(speed: PageGridDrop.scrollSpeed(at: point.y, height: Double(gtk_widget_get_height(grid))))
    }

    func dragEnded() {
        if let mark = dropMark { gtk_widget_remove_css_class(mark.box, mark.cssClass) }
        dropMark = nil
        if dropGap != nil {
            dropGap = nil
            onChange?()
        }
        scrollWhileDragging(speed: 0)
    }

    /// Scrolls the grid at `speed` points a second from the next frame on (0 stops).
    private func scrollWhileDragging(speed: Double) {
        if speed == 0 {
            if let scroll = dragScroll { gtk_widget_remove_tick_callback(grid, scroll.tick) }
            dragScroll = nil
            return
        }
        if dragScroll != nil { dragScroll?.speed = speed; return }
        let tick = WidgetCallbacks.addTickCallback(to: grid) { [weak self] now in
            guard let self, var scroll = self.dragScroll else { return false }
            if let last = scroll.last, let adjustment = gtk_scrolled_window_get_vadjustment(cast(self.widget)) {
                let step = scroll.speed * Double(now - last) / 1_000_000
                gtk_adjustment_set_value(adjustment, gtk_adjustment_get_value(adjustment) + step)
            }
            scroll.last = now
            self.dragScroll = scroll
            return true
        }
        dragScroll = (tick, speed, nil)
    }

    /// A drop: pages of this grid move, PDF files insert their pages.
    private func dropped(_ value: UnsafePointer<GValue>?, at point: Point) -> Bool {
        guard let drop = PageGridDrop.at(point, frames: thumbnailFrames) else { return false }
        if ann_value_holds_file_list(value) != 0 {
            let paths = filePaths(inFileList: value)
            guard !paths.isEmpty else { return false }
            onDropFiles?(paths, drop.gap)
            return true
        }
        guard let text = ann_value_text(value).map({ String(cString: $0) }), text.hasPrefix(dragPrefix),
              let page = Int(text.dropFirst(dragPrefix.count)) else { return false }
        let dragged = PageIndex(page)
        let pages = selectedPages.contains(dragged) ? selectedPages : [dragged]
        guard drop.moves(pages) else { return false }
        onMovePages?(pages, drop.gap)
        return true
    }
}
