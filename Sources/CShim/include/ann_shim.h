// SPDX-License-Identifier: GPL-3.0-or-later
// GObject/GTK macros and variadic calls that Swift cannot import, as plain functions.
#pragma once
#include <gtk/gtk.h>
#include <libintl.h>
#include <locale.h>

/// g_signal_connect_data with a destroy notify, so every Swift callback box is released.
gulong ann_signal_connect(gpointer instance, const char *signal, GCallback handler,
                          gpointer data, GClosureNotify destroy);

/// The GType of GdkFileList (a macro-wrapped getter in GDK).
GType ann_file_list_type(void);
/* Dragging pages within the Pages grid: the dragged page as text content, a drop target that
 * takes that text or files (PDFs dropped to insert their pages), and what a dropped value holds. */
GdkContentProvider *ann_text_content(const char *text);
GtkDropTarget *ann_page_drop_target_new(void);
/* The text a dropped value holds, or NULL (borrowed). */
const char *ann_value_text(const GValue *value);
/* 1 when the value holds a GdkFileList. */
int ann_value_holds_file_list(const GValue *value);

/// Builds a GtkFileFilter that accepts PDFs by MIME type and by suffix.
GtkFileFilter *ann_pdf_file_filter(void);

/// Sets and gets a string property (a copy the caller frees with g_free).
void ann_object_set_string(gpointer object, const char *property, const char *value);
char *ann_object_get_string(gpointer object, const char *property);
/// Sets a boolean property (g_object_set is variadic).
void ann_object_set_bool(gpointer object, const char *property, gboolean value);
/// Sets an object property (g_object_set is variadic).
void ann_object_set_object(gpointer object, const char *property, gpointer value);
/* A boolean property's value. */
gboolean ann_object_get_bool(gpointer object, const char *property);

/// Sets the accessible label of a widget (gtk_accessible_update_property is variadic).
void ann_accessible_set_label(GtkWidget *widget, const char *label);
/// Sets the accessible description (what a screen reader reads after the name).
void ann_accessible_set_description(GtkWidget *widget, const char *description);
/// Names every button under `root` that shows an icon only (no label) after its tooltip, the
/// key in brackets left out, so that a screen reader says what it does.
void ann_accessible_name_buttons(GtkWidget *root);

/// A modal question naming an address outside the document, with Cancel and Open buttons
/// (Open answers GTK_RESPONSE_ACCEPT). GtkMessageDialog's constructor is variadic.
GtkWidget *ann_open_link_dialog_new(GtkWindow *parent, const char *uri, const char *question, const char *cancel, const char *open);

/// A modal message with a primary and an optional secondary text and no buttons yet (add them
/// with gtk_dialog_add_button). GtkMessageDialog's constructor is variadic.
GtkWidget *ann_message_dialog_new(GtkWindow *parent, GtkMessageType type, const char *primary, const char *secondary);

/* The page view's widget: a GtkDrawingArea whose frame `func` builds with GtkSnapshot nodes
 * (textures, colours, clips, and cairo only for small vector overlays). `destroy` frees `data`
 * with the widget. */
typedef void (*AnnSnapshotFunc)(GtkWidget *widget, GtkSnapshot *snapshot, int width, int height, gpointer data);
GtkWidget *ann_snapshot_area_new(void);
void ann_snapshot_area_set_func(GtkWidget *area, AnnSnapshotFunc func, gpointer data, GDestroyNotify destroy);
/* A texture over a region of a cairo image surface's pixels (premultiplied ARGB32: a tile, or
 * a tile's part of a larger rendering), where they are, keeping the surface alive; NULL for
 * another kind of surface or a region outside it. */
GdkTexture *ann_texture_for_cairo_image_region(cairo_surface_t *surface, int x, int y, int width, int height);
/* GtkSnapshot calls with plain doubles (graphene's rectangles and GdkRGBA are floats). */
void ann_snapshot_append_texture(GtkSnapshot *snapshot, GdkTexture *texture, double x, double y, double width, double height);
void ann_snapshot_append_color(GtkSnapshot *snapshot, double r, double g, double b, double a, double x, double y, double width, double height);
void ann_snapshot_push_clip(GtkSnapshot *snapshot, double x, double y, double width, double height);
cairo_t *ann_snapshot_append_cairo(GtkSnapshot *snapshot, double x, double y, double width, double height);
/* Appends what a cairo recording surface holds as cairo nodes only as large as its ink, within
 * (0, 0, width, height): overlays cost pixels for what they draw, not for the whole view. One
 * node per band of at most `band_height` (GSK's cairo renderer replays a cairo node through an
 * image as large as the node: a band's stays in the processor's cache); 0 for one node. */
void ann_snapshot_append_recording(GtkSnapshot *snapshot, cairo_surface_t *recording, double width, double height,
                                   double band_height);
/* As ann_snapshot_append_recording, but the recording is replayed once, into an image as large
 * as its ink at `scale` pixels per unit, which the bands then show: for overlays of thousands of
 * shapes (a lasso's selection carried), which each band would otherwise draw again whole. */
void ann_snapshot_append_flattened(GtkSnapshot *snapshot, cairo_surface_t *recording, double width, double height,
                                   double band_height, double scale);
/* A cairo node (new reference) holding a recording surface's drawing, as large as its ink, or
 * NULL when it draws nothing. Kept across frames, it is drawn once and its pixels reused. */
GskRenderNode *ann_cairo_node_from_recording(cairo_surface_t *recording);
/* A cairo node (new reference), `width` × `height` at the origin, that paints `pattern` scaled
 * by `scale`: a tile under GSK's cairo renderer. Kept with the tile and placed with
 * ann_snapshot_append_node_at, the same node frame after frame lets GTK redraw only what
 * changed around it. */
GskRenderNode *ann_cairo_node_for_pattern(cairo_pattern_t *pattern, double width, double height, double scale);
/* A cairo node (new reference) at the origin that paints the `width` × `height` region at (x, y)
 * of a premultiplied ARGB32 image surface, its pixels where they are (the surface kept alive),
 * each pixel `scale` view pixels wide; with `opaque`, the pixels are painted as RGB24 (copied
 * rather than blended). Under GTK 4.8's cairo renderer the node paints the image directly each
 * frame, where a cairo node's own recording surface would be replayed into a new image first.
 * NULL for another kind of surface or region, or if the node's surface cannot be set. */
GskRenderNode *ann_cairo_node_for_image_region(cairo_surface_t *image, int x, int y, int width, int height,
                                               double scale, gboolean opaque);
/* The colour the widget's style sheet names `name` (`@define-color`), as GTK resolves it for the
 * widget's theme now; FALSE if there is none. */
gboolean ann_widget_lookup_color(GtkWidget *widget, const char *name, GdkRGBA *color);
/* Appends `node` moved by (x, y). */
void ann_snapshot_append_node_at(GtkSnapshot *snapshot, GskRenderNode *node, double x, double y);
/* Multiplies the snapshot's transform by a 2D affine matrix (cairo's order of terms). */
void ann_snapshot_transform_2d(GtkSnapshot *snapshot, double xx, double yx, double xy, double yy, double x0, double y0);
/* A black linear gradient from `alpha` at start to clear at end, filling the rectangle. */
void ann_snapshot_append_shade(GtkSnapshot *snapshot, double x, double y, double width, double height,
                               double startX, double startY, double endX, double endY, double alpha);
/* Whether the widget's window is drawn by GSK's cairo renderer (which copies a texture's
 * pixels on every frame it draws it). */
gboolean ann_widget_renders_with_cairo(GtkWidget *widget);
/* The type name of the renderer drawing the widget's window ("GskCairoRenderer",
 * "GskGLRenderer"…), or NULL before it is realized. Borrowed. */
const char *ann_widget_renderer_name(GtkWidget *widget);

/* The app's stylesheet and icons compiled into the binary (ann_resources.c, generated by
 * tools/compile-resources.sh from resources/io.github.pdfannotator.PdfAnnotator.gresource.xml):
 * the bundle, and its registration with GIO's global resources (once). */
GResource *ann_get_resource(void);
void ann_register_resource(void);
/* Registers the bundle the first time only (a second registration would loop GIO's list). */
void ann_register_resources_once(void);
