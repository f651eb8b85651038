// SPDX-License-Identifier: GPL-3.0-or-later
// What the render-node canvas needs of GTK beyond its public nodes: the colour its style sheet
// names, and a GSK cairo node that holds an image surface (a tile's pixels, where they are)
// instead of the recording surface gsk_cairo_node_get_draw_context makes. GTK 4.8's cairo
// renderer draws a cairo node by painting its surface, and cairo paints a recording surface
// onto an image by replaying it into a new image of its size first, every frame (an
// allocation and a copy of the tile, then the blend); an image surface it paints directly.
#include "ann_shim.h"

static cairo_user_data_key_t ann_image_view_owner;

/* Where the node keeps its surface: the pointer-sized slot of the instance holding what
 * gsk_cairo_node_get_surface answers (GskCairoNode's last field in GTK 4.8), or NULL. */
static cairo_surface_t **ann_cairo_node_surface_slot(GskRenderNode *node, cairo_surface_t *surface)
{
    GTypeQuery query;
    g_type_query(GSK_TYPE_CAIRO_NODE, &query);
    if (query.instance_size < sizeof(GTypeInstance) + sizeof(cairo_surface_t *)) {
        return NULL;
    }
    char *base = (char *)node;
    size_t last = (query.instance_size - sizeof(cairo_surface_t *)) / sizeof(void *) * sizeof(void *);
    for (size_t offset = last; offset >= sizeof(GTypeInstance); offset -= sizeof(void *)) {
        cairo_surface_t **slot = (cairo_surface_t **)(base + offset);
        if (*slot == surface) {
            return slot;
        }
    }
    return NULL;
}

GskRenderNode *ann_cairo_node_for_image_region(cairo_surface_t *image, int x, int y, int width, int height,
                                               double scale, gboolean opaque)
{
    if (image == NULL || cairo_surface_get_type(image) != CAIRO_SURFACE_TYPE_IMAGE
        || cairo_image_surface_get_format(image) != CAIRO_FORMAT_ARGB32 || width <= 0 || height <= 0 || x < 0 || y < 0
        || x + width > cairo_image_surface_get_width(image) || y + height > cairo_image_surface_get_height(image)
        || scale <= 0) {
        return NULL;
    }
    cairo_surface_flush(image);
    unsigned char *data = cairo_image_surface_get_data(image);
    int stride = cairo_image_surface_get_stride(image);
    if (data == NULL) {
        return NULL;
    }
    // Opaque premultiplied ARGB32 pixels are the same bytes as RGB24: painted as RGB24, cairo
    // copies them rather than blending.
    cairo_surface_t *view = cairo_image_surface_create_for_data(data + (size_t)y * stride + (size_t)x * 4,
                                                                opaque ? CAIRO_FORMAT_RGB24 : CAIRO_FORMAT_ARGB32,
                                                                width, height, stride);
    if (cairo_surface_status(view) != CAIRO_STATUS_SUCCESS
        || cairo_surface_set_user_data(view, &ann_image_view_owner, cairo_surface_reference(image),
                                       (cairo_destroy_func_t)cairo_surface_destroy) != CAIRO_STATUS_SUCCESS) {
        cairo_surface_destroy(view);
        return NULL;
    }
    // One image pixel is 1/scale view pixels.
    cairo_surface_set_device_scale(view, 1 / scale, 1 / scale);

    graphene_rect_t bounds = GRAPHENE_RECT_INIT(0, 0, (float)(width * scale), (float)(height * scale));
    GskRenderNode *node = gsk_cairo_node_new(&bounds);
    cairo_destroy(gsk_cairo_node_get_draw_context(node));
    cairo_surface_t *recording = gsk_cairo_node_get_surface(node);
    cairo_surface_t **slot = recording != NULL ? ann_cairo_node_surface_slot(node, recording) : NULL;
    if (slot == NULL) {
        cairo_surface_destroy(view);
        gsk_render_node_unref(node);
        return NULL;
    }
    *slot = view;
    if (gsk_cairo_node_get_surface(node) != view) {
        *slot = recording;
        cairo_surface_destroy(view);
        gsk_render_node_unref(node);
        return NULL;
    }
    cairo_surface_destroy(recording);
    return node;
}

gboolean ann_widget_lookup_color(GtkWidget *widget, const char *name, GdkRGBA *color)
{
    G_GNUC_BEGIN_IGNORE_DEPRECATIONS
    return gtk_style_context_lookup_color(gtk_widget_get_style_context(widget), name, color);
    G_GNUC_END_IGNORE_DEPRECATIONS
}
