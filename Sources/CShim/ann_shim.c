// SPDX-License-Identifier: GPL-3.0-or-later
#include "ann_shim.h"
#include <string.h>

gulong ann_signal_connect(gpointer instance, const char *signal, GCallback handler,
                          gpointer data, GClosureNotify destroy) {
    return g_signal_connect_data(instance, signal, handler, data, destroy, 0);
}

GType ann_file_list_type(void) { return GDK_TYPE_FILE_LIST; }

GdkContentProvider *ann_text_content(const char *text) {
    GValue value = G_VALUE_INIT;
    g_value_init(&value, G_TYPE_STRING);
    g_value_set_string(&value, text);
    GdkContentProvider *provider = gdk_content_provider_new_for_value(&value);
    g_value_unset(&value);
    return provider;
}

GtkDropTarget *ann_page_drop_target_new(void) {
    GtkDropTarget *target = gtk_drop_target_new(G_TYPE_INVALID, GDK_ACTION_COPY | GDK_ACTION_MOVE);
    GType types[] = { GDK_TYPE_FILE_LIST, G_TYPE_STRING };
    gtk_drop_target_set_gtypes(target, types, 2);
    return target;
}

const char *ann_value_text(const GValue *value) {
    return value != NULL && G_VALUE_HOLDS_STRING(value) ? g_value_get_string(value) : NULL;
}

int ann_value_holds_file_list(const GValue *value) {
    return value != NULL && G_VALUE_HOLDS(value, GDK_TYPE_FILE_LIST) ? 1 : 0;
}

GtkFileFilter *ann_pdf_file_filter(void) {
    GtkFileFilter *filter = gtk_file_filter_new();
    gtk_file_filter_set_name(filter, "PDF documents");
    gtk_file_filter_add_mime_type(filter, "application/pdf");
    gtk_file_filter_add_suffix(filter, "pdf");
    return filter;
}

gboolean ann_object_get_bool(gpointer object, const char *property) {
    gboolean value = FALSE;
    g_object_get(object, property, &value, NULL);
    return value;
}

void ann_object_set_string(gpointer object, const char *property, const char *value) {
    g_object_set(object, property, value, NULL);
}

char *ann_object_get_string(gpointer object, const char *property) {
    char *value = NULL;
    g_object_get(object, property, &value, NULL);
    return value;
}

void ann_object_set_bool(gpointer object, const char *property, gboolean value) {
    g_object_set(object, property, value, NULL);
}

void ann_object_set_object(gpointer object, const char *property, gpointer value) {
    g_object_set(object, property, value, NULL);
}

void ann_accessible_set_label(GtkWidget *widget, const char *label) {
    gtk_accessible_update_property(GTK_ACCESSIBLE(widget), GTK_ACCESSIBLE_PROPERTY_LABEL, label, -1);
}

void ann_accessible_set_description(GtkWidget *widget, const char *description) {
    gtk_accessible_update_property(GTK_ACCESSIBLE(widget), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, description, -1);
}

/* A tooltip without its trailing key in brackets: "Undo (Ctrl+Z)" names the button "Undo". */
static void name_from_tooltip(GtkWidget *widget) {
    // GTK 4 lends the tooltip (transfer none): work on a copy.
    const char *shown = gtk_widget_get_tooltip_text(widget);
    if (shown == NULL) {
        return;
    }
    char *tip = g_strdup(shown);
    char *bracket = strrchr(tip, '(');
    if (bracket != NULL && bracket > tip && tip[strlen(tip) - 1] == ')') {
        *bracket = '\0';
        g_strchomp(tip);
    }
    ann_accessible_set_label(widget, tip);
    g_free(tip);
}

void ann_accessible_name_buttons(GtkWidget *root) {
    for (GtkWidget *child = gtk_widget_get_first_child(root); child != NULL; child = gtk_widget_get_next_sibling(child)) {
        ann_accessible_name_buttons(child);
    }
    gboolean unlabelled_button = GTK_IS_BUTTON(root) && gtk_button_get_label(GTK_BUTTON(root)) == NULL;
    if (unlabelled_button || GTK_IS_MENU_BUTTON(root)) {
        name_from_tooltip(root);
    }
}

GtkWidget *ann_open_link_dialog_new(GtkWindow *parent, const char *uri, const char *question, const char *cancel, const char *open) {
    G_GNUC_BEGIN_IGNORE_DEPRECATIONS
    GtkWidget *dialog = gtk_message_dialog_new(parent, GTK_DIALOG_MODAL | GTK_DIALOG_DESTROY_WITH_PARENT,
                                               GTK_MESSAGE_QUESTION, GTK_BUTTONS_NONE, "%s", question);
    gtk_message_dialog_format_secondary_text(GTK_MESSAGE_DIALOG(dialog), "%s", uri);
    gtk_dialog_add_button(GTK_DIALOG(dialog), cancel, GTK_RESPONSE_CANCEL);
    gtk_dialog_add_button(GTK_DIALOG(dialog), open, GTK_RESPONSE_ACCEPT);
    gtk_dialog_set_default_response(GTK_DIALOG(dialog), GTK_RESPONSE_CANCEL);
    G_GNUC_END_IGNORE_DEPRECATIONS
    return dialog;
}

GtkWidget *ann_message_dialog_new(GtkWindow *parent, GtkMessageType type, const char *primary, const char *secondary) {
    G_GNUC_BEGIN_IGNORE_DEPRECATIONS
    GtkWidget *dialog = gtk_message_dialog_new(parent, GTK_DIALOG_MODAL | GTK_DIALOG_DESTROY_WITH_PARENT,
                                               type, GTK_BUTTONS_NONE, "%s", primary);
    if (secondary != NULL)
        gtk_message_dialog_format_secondary_text(GTK_MESSAGE_DIALOG(dialog), "%s", secondary);
    G_GNUC_END_IGNORE_DEPRECATIONS
    return dialog;
}

void ann_register_resources_once(void) {
    static gsize done = 0;
    if (g_once_init_enter(&done)) {
        ann_register_resource();
        g_once_init_leave(&done, 1);
    }
}
