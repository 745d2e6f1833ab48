// The C side of GTK, GDK, GLib and the few POSIX calls the app needs.
// Swift cannot import GTK's cast macros, so each is wrapped in a static
// inline function; the macros check the GType and print a CRITICAL on a
// wrong cast, where a raw pointer cast would silently corrupt memory.
#ifndef LOGIN_FORM_SHIM_H
#define LOGIN_FORM_SHIM_H

#include <errno.h>
#include <fcntl.h>
#include <glib-unix.h>
#include <glib.h>
#include <gdk/gdkwayland.h>
#include <gdk/gdkx.h>
#include <gtk/gtk.h>
#include <locale.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static inline GtkWindow *lf_window(gpointer p) { return GTK_WINDOW(p); }
static inline GtkContainer *lf_container(gpointer p) { return GTK_CONTAINER(p); }
static inline GtkBox *lf_box(gpointer p) { return GTK_BOX(p); }
static inline GtkGrid *lf_grid(gpointer p) { return GTK_GRID(p); }
static inline GtkLabel *lf_label(gpointer p) { return GTK_LABEL(p); }
static inline GtkEntry *lf_entry(gpointer p) { return GTK_ENTRY(p); }
static inline GtkButton *lf_button(gpointer p) { return GTK_BUTTON(p); }
static inline GtkHeaderBar *lf_header_bar(gpointer p) { return GTK_HEADER_BAR(p); }
static inline GtkImage *lf_image(gpointer p) { return GTK_IMAGE(p); }
static inline GtkLevelBar *lf_level_bar(gpointer p) { return GTK_LEVEL_BAR(p); }
static inline GtkScrolledWindow *lf_scrolled_window(gpointer p) { return GTK_SCROLLED_WINDOW(p); }
static inline GtkButtonBox *lf_button_box(gpointer p) { return GTK_BUTTON_BOX(p); }
static inline GtkEditable *lf_editable(gpointer p) { return GTK_EDITABLE(p); }
static inline GtkToggleButton *lf_toggle_button(gpointer p) { return GTK_TOGGLE_BUTTON(p); }
static inline GtkExpander *lf_expander(gpointer p) { return GTK_EXPANDER(p); }
static inline GtkBin *lf_bin(gpointer p) { return GTK_BIN(p); }
static inline GtkComboBox *lf_combo_box(gpointer p) { return GTK_COMBO_BOX(p); }
static inline GtkComboBoxText *lf_combo_box_text(gpointer p) { return GTK_COMBO_BOX_TEXT(p); }
static inline GtkStyleProvider *lf_style_provider(gpointer p) { return GTK_STYLE_PROVIDER(p); }
static inline GtkTextView *lf_text_view(gpointer p) { return GTK_TEXT_VIEW(p); }

/// The calling thread's errno, which is a macro.
static inline int lf_errno(void) { return errno; }

/// GtkEntry's "caps-lock-warning" has no setter, and g_object_set is variadic.
static inline void lf_entry_set_caps_lock_warning(GtkEntry *entry, gboolean warn) {
    g_object_set(entry, "caps-lock-warning", warn, NULL);
}

/// A text tag that asks for font fallback, which is Pango's default: a
/// no-op in looks, but Pango shapes each run of tagged text as an item of its
/// own (see LongText). g_object_set is variadic.
static inline GtkTextTag *lf_text_tag_new_with_fallback(void) {
    GtkTextTag *tag = gtk_text_tag_new(NULL);
    g_object_set(tag, "fallback", TRUE, NULL);
    return tag;
}

/// Which windowing system a display belongs to; the checks are macros.
static inline gboolean lf_is_x11_display(GdkDisplay *display) { return GDK_IS_X11_DISPLAY(display); }
static inline gboolean lf_is_wayland_display(GdkDisplay *display) {
    return GDK_IS_WAYLAND_DISPLAY(display);
}

/// The GLib boolean constants, which are macros.
static const gboolean lf_true = TRUE;
static const gboolean lf_false = FALSE;

#endif
