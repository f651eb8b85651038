// SPDX-License-Identifier: GPL-3.0-or-later
// A GtkDrawingArea whose frame is built with GtkSnapshot nodes by a callback (the page view's
// textures, colours and clips), and GdkTextures that share a cairo image surface's pixels.
#include "ann_shim.h"
#include <math.h>

typedef struct {
    GtkDrawingArea parent_instance;
    AnnSnapshotFunc func;
    gpointer data;
    GDestroyNotify destroy;
} AnnSnapshotArea;

typedef struct {
    GtkDrawingAreaClass parent_class;
} AnnSnapshotAreaClass;

G_DEFINE_TYPE(AnnSnapshotArea, ann_snapshot_area, GTK_TYPE_DRAWING_AREA)

static void ann_snapshot_area_snapshot(GtkWidget *widget, GtkSnapshot *snapshot)
{
    AnnSnapshotArea *self = (AnnSnapshotArea *)widget;
    if (self->func != NULL) {
        self->func(widget, snapshot, gtk_widget_get_width(widget), gtk_widget_get_height(widget), self->data);
    } else {
        GTK_WIDGET_CLASS(ann_snapshot_area_parent_class)->snapshot(widget, snapshot);
    }
}

static void ann_snapshot_area_finalize(GObject *object)
{
    AnnSnapshotArea *self = (AnnSnapshotArea *)object;
    if (self->destroy != NULL && self->data != NULL) {
        self->destroy(self->data);
    }
    G_OBJECT_CLASS(ann_snapshot_area_parent_class)->finalize(object);
}

static void ann_snapshot_area_class_init(AnnSnapshotAreaClass *klass)
{
    GTK_WIDGET_CLASS(klass)->snapshot = ann_snapshot_area_snapshot;
    G_OBJECT_CLASS(klass)->finalize = ann_snapshot_area_finalize;
}

static void ann_snapshot_area_init(AnnSnapshotArea *self)
{
    self->func = NULL;
    self->data = NULL;
    self->destroy = NULL;
}

GtkWidget *ann_snapshot_area_new(void)
{
    // The page view is the document, for screen readers.
    return GTK_WIDGET(g_object_new(ann_snapshot_area_get_type(), "accessible-role", GTK_ACCESSIBLE_ROLE_DOCUMENT, NULL));
}

void ann_snapshot_area_set_func(GtkWidget *area, AnnSnapshotFunc func, gpointer data, GDestroyNotify destroy)
{
    AnnSnapshotArea *self = (AnnSnapshotArea *)area;
    if (self->destroy != NULL && self->data != NULL) {
        self->destroy(self->data);
    }
    self->func = func;
    self->data = data;
    self->destroy = destroy;
    gtk_widget_queue_draw(area);
}

GdkTexture *ann_texture_for_cairo_image_region(cairo_surface_t *surface, int x, int y, int width, int height)
{
    if (surface == NULL || cairo_surface_get_type(surface) != CAIRO_SURFACE_TYPE_IMAGE
        || cairo_image_surface_get_format(surface) != CAIRO_FORMAT_ARGB32) {
        return NULL;
    }
    cairo_surface_flush(surface);
    int stride = cairo_image_surface_get_stride(surface);
    unsigned char *data = cairo_image_surface_get_data(surface);
    if (data == NULL || width <= 0 || height <= 0 || x < 0 || y < 0 || x + width > cairo_image_surface_get_width(surface)
        || y + height > cairo_image_surface_get_height(surface)) {
        return NULL;
    }
    // The texture keeps the surface alive and reads its pixels where they are: no copy. A
    // region's rows keep the whole image's stride; its last row ends at its own width.
    unsigned char *start = data + (gsize)y * (gsize)stride + (gsize)x * 4;
    gsize length = (gsize)stride * (gsize)(height - 1) + (gsize)width * 4;
    GBytes *bytes = g_bytes_new_with_free_func(start, length, (GDestroyNotify)cairo_surface_destroy,
                                               cairo_surface_reference(surface));
    // cairo's ARGB32 is premultiplied and native-endian: GDK_MEMORY_DEFAULT.
    GdkTexture *texture = gdk_memory_texture_new(width, height, GDK_MEMORY_DEFAULT, bytes, (gsize)stride);
    g_bytes_unref(bytes);
    return texture;
}

void ann_snapshot_append_texture(GtkSnapshot *snapshot, GdkTexture *texture, double x, double y, double width, double height)
{
    graphene_rect_t bounds = GRAPHENE_RECT_INIT((float)x, (float)y, (float)width, (float)height);
    gtk_snapshot_append_texture(snapshot, texture, &bounds);
}

void ann_snapshot_append_color(GtkSnapshot *snapshot, double r, double g, double b, double a, double x, double y, double width, double height)
{
    GdkRGBA color = { (float)r, (float)g, (float)b, (float)a };
    graphene_rect_t bounds = GRAPHENE_RECT_INIT((float)x, (float)y, (float)width, (float)height);
    gtk_snapshot_append_color(snapshot, &color, &bounds);
}

void ann_snapshot_push_clip(GtkSnapshot *snapshot, double x, double y, double width, double height)
{
    graphene_rect_t bounds = GRAPHENE_RECT_INIT((float)x, (float)y, (float)width, (float)height);
    gtk_snapshot_push_clip(snapshot, &bounds);
}

cairo_t *ann_snapshot_append_cairo(GtkSnapshot *snapshot, double x, double y, double width, double height)
{
    graphene_rect_t bounds = GRAPHENE_RECT_INIT((float)x, (float)y, (float)width, (float)height);
    return gtk_snapshot_append_cairo(snapshot, &bounds);
}

static gboolean ann_recording_ink(cairo_surface_t *recording, graphene_rect_t *bounds)
{
    double x = 0, y = 0, width = 0, height = 0;
    cairo_recording_surface_ink_extents(recording, &x, &y, &width, &height);
    if (width <= 0 || height <= 0) {
        return FALSE;
    }
    // Whole pixels around the ink, so the node's pixels meet the screen's.
    double x0 = floor(x), y0 = floor(y), x1 = ceil(x + width), y1 = ceil(y + height);
    *bounds = GRAPHENE_RECT_INIT((float)x0, (float)y0, (float)(x1 - x0), (float)(y1 - y0));
    return TRUE;
}

void ann_snapshot_append_recording(GtkSnapshot *snapshot, cairo_surface_t *recording, double width, double height,
                                   double band_height)
{
    graphene_rect_t ink, view = GRAPHENE_RECT_INIT(0, 0, (float)width, (float)height), bounds;
    if (!ann_recording_ink(recording, &ink) || !graphene_rect_intersection(&ink, &view, &bounds)) {
        return;
    }
    float top = bounds.origin.y, bottom = bounds.origin.y + bounds.size.height;
    float step = band_height >= 1 ? (float)band_height : bounds.size.height;
    for (float y = top; y < bottom; y += step) {
        graphene_rect_t band = GRAPHENE_RECT_INIT(bounds.origin.x, y, bounds.size.width, MIN(step, bottom - y));
        cairo_t *cr = gtk_snapshot_append_cairo(snapshot, &band);
        cairo_set_source_surface(cr, recording, 0, 0);
        cairo_paint(cr);
        cairo_destroy(cr);
    }
}

void ann_snapshot_append_flattened(GtkSnapshot *snapshot, cairo_surface_t *recording, double width, double height,
                                   double band_height, double scale)
{
    graphene_rect_t ink, view = GRAPHENE_RECT_INIT(0, 0, (float)width, (float)height), bounds;
    if (!ann_recording_ink(recording, &ink) || !graphene_rect_intersection(&ink, &view, &bounds)) {
        return;
    }
    if (scale < 1) {
        scale = 1;
    }
    cairo_surface_t *image = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, (int)ceil(bounds.size.width * scale),
                                                        (int)ceil(bounds.size.height * scale));
    if (cairo_surface_status(image) != CAIRO_STATUS_SUCCESS) {
        cairo_surface_destroy(image);
        ann_snapshot_append_recording(snapshot, recording, width, height, band_height);
        return;
    }
    // The drawing replayed once, into pixels on the screen's grid (the bounds are whole pixels).
    cairo_surface_set_device_scale(image, scale, scale);
    cairo_t *cr = cairo_create(image);
    cairo_translate(cr, -bounds.origin.x, -bounds.origin.y);
    cairo_set_source_surface(cr, recording, 0, 0);
    cairo_paint(cr);
    cairo_destroy(cr);
    float top = bounds.origin.y, bottom = bounds.origin.y + bounds.size.height;
    float step = band_height >= 1 ? (float)band_height : bounds.size.height;
    for (float y = top; y < bottom; y += step) {
        graphene_rect_t band = GRAPHENE_RECT_INIT(bounds.origin.x, y, bounds.size.width, MIN(step, bottom - y));
        cairo_t *band_cr = gtk_snapshot_append_cairo(snapshot, &band);
        cairo_set_source_surface(band_cr, image, bounds.origin.x, bounds.origin.y);
        cairo_paint(band_cr);
        cairo_destroy(band_cr);
    }
    cairo_surface_destroy(image);
}

GskRenderNode *ann_cairo_node_from_recording(cairo_surface_t *recording)
{
    graphene_rect_t bounds;
    if (!ann_recording_ink(recording, &bounds)) {
        return NULL;
    }
    GskRenderNode *node = gsk_cairo_node_new(&bounds);
    cairo_t *cr = gsk_cairo_node_get_draw_context(node);
    cairo_set_source_surface(cr, recording, 0, 0);
    cairo_paint(cr);
    cairo_destroy(cr);
    return node;
}

GskRenderNode *ann_cairo_node_for_pattern(cairo_pattern_t *pattern, double width, double height, double scale)
{
    graphene_rect_t bounds = GRAPHENE_RECT_INIT(0, 0, (float)width, (float)height);
    GskRenderNode *node = gsk_cairo_node_new(&bounds);
    cairo_t *cr = gsk_cairo_node_get_draw_context(node);
    cairo_scale(cr, scale, scale);
    cairo_set_source(cr, pattern);
    cairo_paint(cr);
    cairo_destroy(cr);
    return node;
}

void ann_snapshot_append_node_at(GtkSnapshot *snapshot, GskRenderNode *node, double x, double y)
{
    graphene_point_t offset = GRAPHENE_POINT_INIT((float)x, (float)y);
    gtk_snapshot_save(snapshot);
    gtk_snapshot_translate(snapshot, &offset);
    gtk_snapshot_append_node(snapshot, node);
    gtk_snapshot_restore(snapshot);
}

void ann_snapshot_transform_2d(GtkSnapshot *snapshot, double xx, double yx, double xy, double yy, double x0, double y0)
{
    // As translate · rotate · scale · skew, each a 2D transform: GSK's cairo renderer draws a
    // transform it cannot tell is 2D (any gsk_transform_matrix) as a pink error.
    double sx = hypot(xx, yx);
    if (sx < 1e-12) {
        return;
    }
    double angle = atan2(yx, xx) * 180.0 / G_PI;
    double shear = (xx * xy + yx * yy) / sx;
    double sy = (xx * yy - yx * xy) / sx;
    graphene_point_t offset = GRAPHENE_POINT_INIT((float)x0, (float)y0);
    gtk_snapshot_translate(snapshot, &offset);
    if (fabs(angle) > 1e-9) {
        gtk_snapshot_rotate(snapshot, (float)angle);
    }
    if (fabs(sx - 1) > 1e-12 || fabs(sy - 1) > 1e-12) {
        gtk_snapshot_scale(snapshot, (float)sx, (float)sy);
    }
    if (fabs(shear / sx) > 1e-9) {
        GskTransform *skew = gsk_transform_skew(NULL, (float)(atan(shear / sx) * 180.0 / G_PI), 0.0f);
        gtk_snapshot_transform(snapshot, skew);
        gsk_transform_unref(skew);
    }
}

void ann_snapshot_append_shade(GtkSnapshot *snapshot, double x, double y, double width, double height,
                               double startX, double startY, double endX, double endY, double alpha)
{
    graphene_rect_t bounds = GRAPHENE_RECT_INIT((float)x, (float)y, (float)width, (float)height);
    graphene_point_t start = GRAPHENE_POINT_INIT((float)startX, (float)startY);
    graphene_point_t end = GRAPHENE_POINT_INIT((float)endX, (float)endY);
    GskColorStop stops[2] = {
        { 0.0f, { 0.0f, 0.0f, 0.0f, (float)alpha } },
        { 1.0f, { 0.0f, 0.0f, 0.0f, 0.0f } },
    };
    gtk_snapshot_append_linear_gradient(snapshot, &bounds, &start, &end, stops, 2);
}

gboolean ann_widget_renders_with_cairo(GtkWidget *widget)
{
    GtkNative *native = gtk_widget_get_native(widget);
    GskRenderer *renderer = native != NULL ? gtk_native_get_renderer(native) : NULL;
    return renderer != NULL && g_strcmp0(G_OBJECT_TYPE_NAME(renderer), "GskCairoRenderer") == 0;
}

const char *ann_widget_renderer_name(GtkWidget *widget)
{
    GtkNative *native = gtk_widget_get_native(widget);
    GskRenderer *renderer = native != NULL ? gtk_native_get_renderer(native) : NULL;
    return renderer != NULL ? G_OBJECT_TYPE_NAME(renderer) : NULL;
}
