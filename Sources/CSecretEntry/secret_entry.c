// GTK 3's own entry leaks an invisible entry's text to any AT-SPI client
// (AtkText.get_selection and AtkEditableText.copy_text/cut_text use the real
// characters), and a revealed one through AtkText (its characters, and the
// widths of their glyphs), PRIMARY, CLIPBOARD and drag and drop; and any
// AT-SPI client may write into it, which turns any message that depends on
// the text into an oracle. This subclass closes each of those:
// - its accessible answers every text query, extents included, as for the
//   invisible characters, refuses copy and cut, refuses every change of the
//   text (set, insert, delete, paste: the person's keyboard and input method
//   are the only ways in), and keeps the "password text" role when revealed;
// - the entry refuses drags of its text, and while revealed it keeps no
//   selection, so it never owns PRIMARY with clear text and Ctrl+C or Ctrl+X
//   have nothing to copy (while hidden, GtkEntry refuses them itself).
//
// In C because GObject subclassing needs class structures and function
// pointers that Swift cannot declare.
#include "secret_entry.h"

#include "secret_buffer.h"
#include <gtk/gtk-a11y.h>
#include <string.h>

struct _LfSecretEntry {
    GtkEntry parent_instance;
    // Whether a revealed entry keeps selections, so that the person can copy
    // a passphrase they chose to have generated; forgotten at the next
    // change of the text and when the text is hidden again.
    gboolean keeps_selection;
    // Whether nothing of the text shows, not even how long it is: no mask
    // characters, and an empty text over AT-SPI (systemd's Silent=1).
    gboolean silent;
};

G_DEFINE_TYPE(LfSecretEntry, lf_secret_entry, GTK_TYPE_ENTRY)

// The accessible is private: only the entry creates it.
typedef struct {
    GtkEntryAccessible parent_instance;
} LfSecretEntryAccessible;

typedef struct {
    GtkEntryAccessibleClass parent_class;
} LfSecretEntryAccessibleClass;

static void lf_secret_entry_accessible_text_init(AtkTextIface *iface);
static void lf_secret_entry_accessible_editable_init(AtkEditableTextIface *iface);

G_DEFINE_TYPE_WITH_CODE(LfSecretEntryAccessible, lf_secret_entry_accessible,
                        GTK_TYPE_ENTRY_ACCESSIBLE,
                        G_IMPLEMENT_INTERFACE(ATK_TYPE_TEXT, lf_secret_entry_accessible_text_init)
                        G_IMPLEMENT_INTERFACE(ATK_TYPE_EDITABLE_TEXT,
                                              lf_secret_entry_accessible_editable_init))

// The accessible side

static GtkEntry *entry_of(AtkText *text) {
    GtkWidget *widget = gtk_accessible_get_widget(GTK_ACCESSIBLE(text));
    return widget != NULL ? GTK_ENTRY(widget) : NULL;
}

static gunichar mask_character(GtkEntry *entry) {
    gunichar mask = gtk_entry_get_invisible_char(entry);
    return mask != 0 ? mask : 0x25CF;
}

// The invisible-character text of `count` characters.
static gchar *mask(GtkEntry *entry, gint count) {
    gchar one[6];
    gint width = g_unichar_to_utf8(mask_character(entry), one);
    GString *text = g_string_sized_new((gsize)MAX(count, 0) * (gsize)width);
    for (gint i = 0; i < count; i++) g_string_append_len(text, one, width);
    return g_string_free(text, FALSE);
}

static gint length_of(GtkEntry *entry) {
    if (entry == NULL || (LF_IS_SECRET_ENTRY(entry) && LF_SECRET_ENTRY(entry)->silent)) return 0;
    return (gint)gtk_entry_get_text_length(entry);
}

// Clamps an AT-SPI offset (-1 means the end) to the entry's length.
static gint clamp_offset(gint offset, gint length) {
    return offset < 0 || offset > length ? length : offset;
}

static gchar *get_text(AtkText *text, gint start, gint end) {
    GtkEntry *entry = entry_of(text);
    if (entry == NULL) return NULL;
    gint length = length_of(entry);
    start = clamp_offset(start, length);
    end = clamp_offset(end, length);
    return mask(entry, end > start ? end - start : 0);
}

static gunichar get_character_at_offset(AtkText *text, gint offset) {
    GtkEntry *entry = entry_of(text);
    if (entry == NULL || offset < 0 || offset >= length_of(entry)) return 0;
    return mask_character(entry);
}

// Word, sentence and line queries all get the whole masked text, so no
// boundary reveals where spaces are; character queries get one mask.
static gchar *text_around(AtkText *text, gint offset, AtkTextBoundary boundary, gint *start,
                          gint *end, gint shift) {
    GtkEntry *entry = entry_of(text);
    gint length = length_of(entry);
    if (boundary == ATK_TEXT_BOUNDARY_CHAR) {
        gint at = offset + shift;
        if (entry == NULL || at < 0 || at >= length) {
            *start = *end = clamp_offset(MAX(at, 0), length);
            return g_strdup("");
        }
        *start = at;
        *end = at + 1;
        return mask(entry, 1);
    }
    *start = 0;
    *end = shift == 0 ? length : 0;
    return shift == 0 && entry != NULL ? mask(entry, length) : g_strdup("");
}

static gchar *get_text_before_offset(AtkText *text, gint offset, AtkTextBoundary boundary,
                                     gint *start, gint *end) {
    return text_around(text, offset, boundary, start, end, -1);
}

static gchar *get_text_at_offset(AtkText *text, gint offset, AtkTextBoundary boundary,
                                 gint *start, gint *end) {
    return text_around(text, offset, boundary, start, end, 0);
}

static gchar *get_text_after_offset(AtkText *text, gint offset, AtkTextBoundary boundary,
                                    gint *start, gint *end) {
    return text_around(text, offset, boundary, start, end, 1);
}

static gchar *get_string_at_offset(AtkText *text, gint offset, AtkTextGranularity granularity,
                                   gint *start, gint *end) {
    AtkTextBoundary boundary = granularity == ATK_TEXT_GRANULARITY_CHAR
                                   ? ATK_TEXT_BOUNDARY_CHAR
                                   : ATK_TEXT_BOUNDARY_LINE_START;
    return text_around(text, offset, boundary, start, end, 0);
}

// The masked text laid out as the entry lays out its hidden text: the
// geometry an extents query may see, revealed or not (a revealed entry's
// glyph widths would tell its characters apart). Offsets are characters;
// each mask character is `*mask_bytes` bytes of the layout's text.
static PangoLayout *mask_layout(GtkEntry *entry, gint *mask_bytes) {
    gchar one[6];
    *mask_bytes = g_unichar_to_utf8(mask_character(entry), one);
    gchar *masked = mask(entry, length_of(entry));
    PangoLayout *layout = gtk_widget_create_pango_layout(GTK_WIDGET(entry), masked);
    g_free(masked);
    return layout;
}

// Where the masked layout starts, in the coordinates `coords` asks for: at
// the start of the text area, not where the shown text is scrolled to (the
// scroll of revealed text would tell its width).
static void layout_origin(GtkEntry *entry, AtkCoordType coords, gint *x, gint *y) {
    GtkWidget *widget = GTK_WIDGET(entry);
    gint x_layout, y_layout, x_window, y_window;
    GtkAllocation allocation;
    GdkRectangle area;
    gtk_entry_get_layout_offsets(entry, &x_layout, &y_layout);
    gtk_entry_get_text_area(entry, &area);
    gtk_widget_get_allocation(widget, &allocation);
    GdkWindow *window = gtk_widget_get_window(widget);
    gdk_window_get_origin(window, &x_window, &y_window);
    *x = x_window + allocation.x + area.x;
    *y = y_window + allocation.y + y_layout;
    if (coords == ATK_XY_WINDOW) {
        gdk_window_get_origin(gdk_window_get_toplevel(window), &x_window, &y_window);
        *x -= x_window;
        *y -= y_window;
    }
}

static void get_character_extents(AtkText *text, gint offset, gint *x, gint *y, gint *width,
                                  gint *height, AtkCoordType coords) {
    *x = *y = *width = *height = -1;
    GtkEntry *entry = entry_of(text);
    if (entry == NULL || gtk_widget_get_window(GTK_WIDGET(entry)) == NULL) return;
    gint mask_bytes;
    PangoLayout *layout = mask_layout(entry, &mask_bytes);
    PangoRectangle glyph;
    pango_layout_index_to_pos(layout, CLAMP(offset, 0, length_of(entry)) * mask_bytes, &glyph);
    pango_extents_to_pixels(&glyph, NULL);
    g_object_unref(layout);
    gint x_origin, y_origin;
    layout_origin(entry, coords, &x_origin, &y_origin);
    *x = x_origin + glyph.x;
    *y = y_origin + glyph.y;
    *width = glyph.width;
    *height = glyph.height;
}

static gint get_offset_at_point(AtkText *text, gint x, gint y, AtkCoordType coords) {
    GtkEntry *entry = entry_of(text);
    if (entry == NULL || gtk_widget_get_window(GTK_WIDGET(entry)) == NULL) return -1;
    gint x_origin, y_origin, mask_bytes, index, trailing;
    layout_origin(entry, coords, &x_origin, &y_origin);
    PangoLayout *layout = mask_layout(entry, &mask_bytes);
    gboolean inside = pango_layout_xy_to_index(layout, (x - x_origin) * PANGO_SCALE,
                                               (y - y_origin) * PANGO_SCALE, &index, &trailing);
    g_object_unref(layout);
    if (!inside) return x < x_origin || y < y_origin ? 0 : -1;
    return index / mask_bytes;
}

static gchar *get_selection(AtkText *text, gint number, gint *start, gint *end) {
    GtkEntry *entry = entry_of(text);
    if (entry == NULL || number != 0) return NULL;
    if (!gtk_editable_get_selection_bounds(GTK_EDITABLE(entry), start, end)) return NULL;
    return mask(entry, *end - *start);
}

// Methods not set here keep GtkEntryAccessible's: GObject hands an
// interface's init a copy of the parent's table.
static gint get_character_count(AtkText *text) { return length_of(entry_of(text)); }

// A silent entry's caret stays at the start: where it is tells the length.
static gint get_caret_offset(AtkText *text) {
    GtkEntry *entry = entry_of(text);
    if (entry == NULL) return 0;
    return MIN(gtk_editable_get_position(GTK_EDITABLE(entry)), length_of(entry));
}

static void lf_secret_entry_accessible_text_init(AtkTextIface *iface) {
    iface->get_text = get_text;
    iface->get_character_count = get_character_count;
    iface->get_caret_offset = get_caret_offset;
    iface->get_character_at_offset = get_character_at_offset;
    iface->get_text_before_offset = get_text_before_offset;
    iface->get_text_at_offset = get_text_at_offset;
    iface->get_text_after_offset = get_text_after_offset;
    iface->get_string_at_offset = get_string_at_offset;
    iface->get_selection = get_selection;
    iface->get_character_extents = get_character_extents;
    iface->get_offset_at_point = get_offset_at_point;
}

// GtkEntryAccessible copies and cuts the real characters, hidden or not.
static void refuse_range(AtkEditableText *text, gint start, gint end) {
    (void)start;
    (void)end;
    GtkWidget *widget = gtk_accessible_get_widget(GTK_ACCESSIBLE(text));
    if (widget != NULL) gtk_widget_error_bell(widget);
}

// Writing into a secret entry over AT-SPI is refused: what the form then
// says (a rule met, Done sensitive) would answer a guess. On-screen keyboards
// and input methods send keys, which arrive as typing.
static void refuse_set_text_contents(AtkEditableText *text, const gchar *string) {
    (void)string;
    refuse_range(text, 0, 0);
}

static void refuse_insert_text(AtkEditableText *text, const gchar *string, gint length,
                               gint *position) {
    (void)string;
    (void)length;
    (void)position;
    refuse_range(text, 0, 0);
}

static void refuse_paste_text(AtkEditableText *text, gint position) {
    (void)position;
    refuse_range(text, 0, 0);
}

static void lf_secret_entry_accessible_editable_init(AtkEditableTextIface *iface) {
    iface->copy_text = refuse_range;
    iface->cut_text = refuse_range;
    iface->set_text_contents = refuse_set_text_contents;
    iface->insert_text = refuse_insert_text;
    iface->delete_text = refuse_range;
    iface->paste_text = refuse_paste_text;
}

// GTK switches the role to plain "text" while the entry is revealed;
// assistive technology should keep treating it as a password.
static void accessible_notify_gtk(GObject *widget, GParamSpec *pspec) {
    GTK_WIDGET_ACCESSIBLE_CLASS(lf_secret_entry_accessible_parent_class)->notify_gtk(widget, pspec);
    if (strcmp(pspec->name, "visibility") == 0)
        atk_object_set_role(gtk_widget_get_accessible(GTK_WIDGET(widget)), ATK_ROLE_PASSWORD_TEXT);
}

static void lf_secret_entry_accessible_class_init(LfSecretEntryAccessibleClass *klass) {
    GTK_WIDGET_ACCESSIBLE_CLASS(klass)->notify_gtk = accessible_notify_gtk;
}

static void lf_secret_entry_accessible_init(LfSecretEntryAccessible *self) { (void)self; }

// The entry side

static void refuse_drag_data(GtkWidget *widget, GdkDragContext *context, GtkSelectionData *data,
                             guint info, guint time) {
    (void)widget;
    (void)context;
    (void)data;
    (void)info;
    (void)time;
}

// While revealed, a selection would make the entry offer its clear text as
// PRIMARY; collapsing it as soon as it appears (property notifications run
// before GTK claims PRIMARY) means no clear text is ever offered.
static void entry_notify(GObject *object, GParamSpec *pspec) {
    GtkEditable *editable = GTK_EDITABLE(object);
    LfSecretEntry *self = LF_SECRET_ENTRY(object);
    gint start, end;
    if (strcmp(pspec->name, "visibility") == 0 && !gtk_entry_get_visibility(GTK_ENTRY(object)))
        self->keeps_selection = FALSE;
    if (self->silent && strcmp(pspec->name, "visibility") == 0
        && gtk_entry_get_visibility(GTK_ENTRY(object))) {
        gtk_entry_set_visibility(GTK_ENTRY(object), FALSE);
        return;
    }
    if (!self->keeps_selection && gtk_entry_get_visibility(GTK_ENTRY(object))
        && (strcmp(pspec->name, "selection-bound") == 0
            || strcmp(pspec->name, "cursor-position") == 0
            || strcmp(pspec->name, "visibility") == 0)
        && gtk_editable_get_selection_bounds(editable, &start, &end)) {
        gint position = gtk_editable_get_position(editable);
        gtk_editable_select_region(editable, position, position);
    }
    GObjectClass *parent = G_OBJECT_CLASS(lf_secret_entry_parent_class);
    if (parent->notify != NULL) parent->notify(object, pspec);
}

// Focus from the keyboard selects the whole text (gtk-entry-select-on-focus);
// while selections are kept, that would offer the text as PRIMARY without
// the person asking, so the focus then comes without a selection.
static void entry_grab_focus(GtkWidget *widget) {
    if (LF_SECRET_ENTRY(widget)->keeps_selection)
        gtk_entry_grab_focus_without_selecting(GTK_ENTRY(widget));
    else
        GTK_WIDGET_CLASS(lf_secret_entry_parent_class)->grab_focus(widget);
}

static void forget_kept_selection(GtkEditable *editable, gpointer data) {
    (void)data;
    LF_SECRET_ENTRY(editable)->keeps_selection = FALSE;
}

static void lf_secret_entry_class_init(LfSecretEntryClass *klass) {
    GTK_WIDGET_CLASS(klass)->drag_data_get = refuse_drag_data;
    GTK_WIDGET_CLASS(klass)->grab_focus = entry_grab_focus;
    G_OBJECT_CLASS(klass)->notify = entry_notify;
    gtk_widget_class_set_accessible_type(GTK_WIDGET_CLASS(klass),
                                         lf_secret_entry_accessible_get_type());
}

static void lf_secret_entry_init(LfSecretEntry *self) {
    g_signal_connect(self, "changed", G_CALLBACK(forget_kept_selection), NULL);
}

void lf_secret_entry_keep_selection(LfSecretEntry *entry) {
    g_return_if_fail(LF_IS_SECRET_ENTRY(entry));
    entry->keeps_selection = TRUE;
}

GtkWidget *lf_secret_entry_new(void) {
    GtkEntryBuffer *buffer = lf_secret_buffer_new();
    GtkWidget *entry =
        g_object_new(LF_TYPE_SECRET_ENTRY, "buffer", buffer, "visibility", FALSE, NULL);
    g_object_unref(buffer);
    return entry;
}

void lf_secret_entry_set_silent(LfSecretEntry *entry) {
    entry->silent = TRUE;
    gtk_entry_set_visibility(GTK_ENTRY(entry), FALSE);
    // GTK shows nothing at all for an invisible character of 0.
    gtk_entry_set_invisible_char(GTK_ENTRY(entry), 0);
}
