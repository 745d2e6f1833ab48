// A GtkEntry for secrets: its text lives in GNOME's locked, wiped buffer
// (GcrSecureEntryBuffer), and it never hands the clear text to anyone but the
// person at the screen, even while the password is shown ("revealed").
//
// GTK 3's own entry leaks an invisible entry's text to any AT-SPI client
// (AtkText.get_selection and AtkEditableText.copy_text/cut_text use the real
// characters), and a revealed one through AtkText, PRIMARY, CLIPBOARD and
// drag and drop. This subclass closes each of those:
// - its accessible answers every text query with invisible characters and
//   refuses copy and cut, and keeps the "password text" role when revealed;
// - the entry refuses copy, cut and drags of its text, and while revealed
//   it keeps no selection, so it never owns PRIMARY with clear text.
//
// Written in C because GObject subclassing needs class structures and
// function pointers that Swift cannot declare. The types are registered on
// first use and looked up by name, so several copies of these inline
// functions (one per Swift module that calls them) share one type.
#ifndef LOGIN_FORM_SECRET_ENTRY_H
#define LOGIN_FORM_SECRET_ENTRY_H

#include <gtk/gtk.h>
#include <gtk/gtk-a11y.h>
#include <string.h>

// libgcr-3's secure memory and entry buffer (gcr-ui-3). Declared here rather
// than included: gcr's headers need their own include paths and a
// GCR_API_SUBJECT_TO_CHANGE define, and these four calls are its stable ABI.
GtkEntryBuffer *gcr_secure_entry_buffer_new(void);
gpointer gcr_secure_memory_try_alloc(gsize size);
void gcr_secure_memory_free(gpointer memory);
gboolean gcr_secure_memory_is_secure(gpointer memory);

/// The invisible-character text of `count` characters.
static inline gchar *lf_secret_mask(GtkEntry *entry, gint count) {
    gunichar mask = gtk_entry_get_invisible_char(entry);
    if (mask == 0) mask = 0x25CF;
    gchar one[6];
    gint width = g_unichar_to_utf8(mask, one);
    GString *text = g_string_sized_new((gsize)(count > 0 ? count : 0) * (gsize)width);
    for (gint i = 0; i < count; i++) g_string_append_len(text, one, width);
    return g_string_free(text, FALSE);
}

static inline GtkEntry *lf_secret_accessible_entry(AtkText *text) {
    GtkWidget *widget = gtk_accessible_get_widget(GTK_ACCESSIBLE(text));
    return widget != NULL ? GTK_ENTRY(widget) : NULL;
}

/// Clamps an AT-SPI range (-1 means the end) to the entry's length.
static inline gint lf_secret_clamp(gint offset, gint length) {
    return offset < 0 || offset > length ? length : offset;
}

static inline gchar *lf_secret_get_text(AtkText *text, gint start, gint end) {
    GtkEntry *entry = lf_secret_accessible_entry(text);
    if (entry == NULL) return NULL;
    gint length = (gint)gtk_entry_get_text_length(entry);
    start = lf_secret_clamp(start, length);
    end = lf_secret_clamp(end, length);
    return lf_secret_mask(entry, end > start ? end - start : 0);
}

static inline gunichar lf_secret_get_character_at_offset(AtkText *text, gint offset) {
    GtkEntry *entry = lf_secret_accessible_entry(text);
    if (entry == NULL || offset < 0 || offset >= (gint)gtk_entry_get_text_length(entry)) return 0;
    gunichar mask = gtk_entry_get_invisible_char(entry);
    return mask != 0 ? mask : 0x25CF;
}

/// Word, sentence and line queries all get the whole masked text, so no
/// boundary reveals where spaces are; character queries get one mask.
static inline gchar *lf_secret_text_around(AtkText *text, gint offset, AtkTextBoundary boundary,
                                           gint *start, gint *end, gint shift) {
    GtkEntry *entry = lf_secret_accessible_entry(text);
    gint length = entry != NULL ? (gint)gtk_entry_get_text_length(entry) : 0;
    if (boundary == ATK_TEXT_BOUNDARY_CHAR) {
        gint at = offset + shift;
        if (at < 0 || at >= length) {
            *start = *end = lf_secret_clamp(at < 0 ? 0 : at, length);
            return g_strdup("");
        }
        *start = at;
        *end = at + 1;
        return lf_secret_mask(entry, 1);
    }
    *start = 0;
    *end = shift == 0 ? length : 0;
    return shift == 0 && entry != NULL ? lf_secret_mask(entry, length) : g_strdup("");
}

static inline gchar *lf_secret_text_before(AtkText *text, gint offset, AtkTextBoundary boundary,
                                           gint *start, gint *end) {
    return lf_secret_text_around(text, offset, boundary, start, end, -1);
}

static inline gchar *lf_secret_text_at(AtkText *text, gint offset, AtkTextBoundary boundary,
                                       gint *start, gint *end) {
    return lf_secret_text_around(text, offset, boundary, start, end, 0);
}

static inline gchar *lf_secret_text_after(AtkText *text, gint offset, AtkTextBoundary boundary,
                                          gint *start, gint *end) {
    return lf_secret_text_around(text, offset, boundary, start, end, 1);
}

static inline gchar *lf_secret_string_at(AtkText *text, gint offset, AtkTextGranularity granularity,
                                         gint *start, gint *end) {
    AtkTextBoundary boundary =
        granularity == ATK_TEXT_GRANULARITY_CHAR ? ATK_TEXT_BOUNDARY_CHAR : ATK_TEXT_BOUNDARY_LINE_START;
    return lf_secret_text_around(text, offset, boundary, start, end, 0);
}

static inline gchar *lf_secret_get_selection(AtkText *text, gint number, gint *start, gint *end) {
    GtkEntry *entry = lf_secret_accessible_entry(text);
    if (entry == NULL || number != 0) return NULL;
    if (!gtk_editable_get_selection_bounds(GTK_EDITABLE(entry), start, end)) return NULL;
    return lf_secret_mask(entry, *end - *start);
}

static inline void lf_secret_text_init(gpointer iface, gpointer data) {
    (void)data;
    AtkTextIface *text = iface;
    text->get_text = lf_secret_get_text;
    text->get_character_at_offset = lf_secret_get_character_at_offset;
    text->get_text_before_offset = lf_secret_text_before;
    text->get_text_at_offset = lf_secret_text_at;
    text->get_text_after_offset = lf_secret_text_after;
    text->get_string_at_offset = lf_secret_string_at;
    text->get_selection = lf_secret_get_selection;
}

static inline void lf_secret_refuse_copy(AtkEditableText *text, gint start, gint end) {
    (void)start;
    (void)end;
    GtkWidget *widget = gtk_accessible_get_widget(GTK_ACCESSIBLE(text));
    if (widget != NULL) gtk_widget_error_bell(widget);
}

static inline void lf_secret_editable_init(gpointer iface, gpointer data) {
    (void)data;
    AtkEditableTextIface *editable = iface;
    editable->copy_text = lf_secret_refuse_copy;
    editable->cut_text = lf_secret_refuse_copy;
}

/// GTK switches the role to plain "text" while the entry is revealed;
/// assistive technology should keep treating it as a password.
static inline void lf_secret_accessible_notify_gtk(GObject *widget, GParamSpec *pspec) {
    GtkWidgetAccessibleClass *parent =
        g_type_class_peek(gtk_entry_accessible_get_type());
    parent->notify_gtk(widget, pspec);
    if (strcmp(pspec->name, "visibility") == 0)
        atk_object_set_role(gtk_widget_get_accessible(GTK_WIDGET(widget)), ATK_ROLE_PASSWORD_TEXT);
}

static inline void lf_secret_accessible_class_init(gpointer klass, gpointer data) {
    (void)data;
    ((GtkWidgetAccessibleClass *)klass)->notify_gtk = lf_secret_accessible_notify_gtk;
}

static inline GType lf_secret_entry_accessible_get_type(void) {
    GType type = g_type_from_name("LoginFormSecretEntryAccessible");
    if (type != 0) return type;
    GTypeQuery parent;
    g_type_query(gtk_entry_accessible_get_type(), &parent);
    type = g_type_register_static_simple(
        gtk_entry_accessible_get_type(), "LoginFormSecretEntryAccessible", parent.class_size,
        lf_secret_accessible_class_init, parent.instance_size, NULL, 0);
    const GInterfaceInfo text = {lf_secret_text_init, NULL, NULL};
    const GInterfaceInfo editable = {lf_secret_editable_init, NULL, NULL};
    g_type_add_interface_static(type, atk_text_get_type(), &text);
    g_type_add_interface_static(type, atk_editable_text_get_type(), &editable);
    return type;
}

static inline void lf_secret_entry_refuse(GtkEntry *entry) {
    gtk_widget_error_bell(GTK_WIDGET(entry));
}

static inline void lf_secret_entry_drag_data_get(GtkWidget *widget, GdkDragContext *context,
                                                 GtkSelectionData *data, guint info, guint time) {
    (void)widget; (void)context; (void)data; (void)info; (void)time;
}

/// While revealed, a selection would make the entry offer its clear text as
/// PRIMARY; collapsing it as soon as it appears (property notifications run
/// before GTK claims PRIMARY) means no clear text is ever offered.
static inline void lf_secret_entry_notify(GObject *object, GParamSpec *pspec) {
    GtkEntry *entry = GTK_ENTRY(object);
    gint start, end;
    if (gtk_entry_get_visibility(entry)
        && (strcmp(pspec->name, "selection-bound") == 0 || strcmp(pspec->name, "cursor-position") == 0
            || strcmp(pspec->name, "visibility") == 0)
        && gtk_editable_get_selection_bounds(GTK_EDITABLE(entry), &start, &end)) {
        gint position = gtk_editable_get_position(GTK_EDITABLE(entry));
        gtk_editable_select_region(GTK_EDITABLE(entry), position, position);
    }
    GObjectClass *parent = g_type_class_peek(GTK_TYPE_ENTRY);
    if (parent->notify != NULL) parent->notify(object, pspec);
}

static inline void lf_secret_entry_class_init(gpointer klass, gpointer data) {
    (void)data;
    GtkEntryClass *entry = klass;
    entry->copy_clipboard = lf_secret_entry_refuse;
    entry->cut_clipboard = lf_secret_entry_refuse;
    GTK_WIDGET_CLASS(klass)->drag_data_get = lf_secret_entry_drag_data_get;
    G_OBJECT_CLASS(klass)->notify = lf_secret_entry_notify;
    gtk_widget_class_set_accessible_type(GTK_WIDGET_CLASS(klass), lf_secret_entry_accessible_get_type());
}

static inline GType lf_secret_entry_get_type(void) {
    GType type = g_type_from_name("LoginFormSecretEntry");
    if (type != 0) return type;
    GTypeQuery parent;
    g_type_query(GTK_TYPE_ENTRY, &parent);
    return g_type_register_static_simple(GTK_TYPE_ENTRY, "LoginFormSecretEntry", parent.class_size,
                                         lf_secret_entry_class_init, parent.instance_size, NULL, 0);
}

/// A new secret entry, hiding its text, backed by a locked, wiping buffer.
static inline GtkWidget *lf_secret_entry_new(void) {
    GtkEntryBuffer *buffer = gcr_secure_entry_buffer_new();
    GtkWidget *entry = g_object_new(lf_secret_entry_get_type(), "buffer", buffer, "visibility", FALSE, NULL);
    g_object_unref(buffer);
    return entry;
}

#endif
