/* floor.c: the same window as login-form, in plain C, as a start-up baseline.
 *
 * Done prints "user\npass\n" and exits 0; Cancel, Esc or closing exits 1.
 *
 * Two builds of one source:
 *   cc -O2 floor.c -o floor-init $(pkg-config --cflags --libs gtk+-3.0)
 *     gtk_init + gtk_main, as login-form starts (the floor it is held to);
 *   cc -O2 -DFLOOR_APPLICATION floor.c -o floor-app $(pkg-config ...)
 *     GtkApplication (NON_UNIQUE) + g_application_run: what GtkApplication
 *     alone adds (session-bus registration) is the difference between them.
 */
#include <gtk/gtk.h>
#include <gdk/gdkkeysyms.h>
#include <stdio.h>

#define MIN_USER 6
#define MIN_PASS 7

typedef struct {
    GtkWidget *window, *user, *pass, *done, *user_msg, *pass_msg;
    int status;
} Form;

/* Counts code points with g_utf8_strlen; the Swift app counts grapheme
 * clusters (String.count), so the two differ for combining sequences. */
static glong entry_len(GtkWidget *entry)
{
    return g_utf8_strlen(gtk_entry_get_text(GTK_ENTRY(entry)), -1);
}

static void update(Form *f)
{
    glong u = entry_len(f->user), p = entry_len(f->pass);
    gtk_label_set_text(GTK_LABEL(f->user_msg),
                       u >= MIN_USER ? "" : "At least 6 characters");
    gtk_label_set_text(GTK_LABEL(f->pass_msg),
                       p >= MIN_PASS ? "" : "At least 7 characters");
    gtk_widget_set_sensitive(f->done, u >= MIN_USER && p >= MIN_PASS);
}

static void on_changed(GtkEditable *e, Form *f) { (void)e; update(f); }

static void on_done(GtkButton *b, Form *f)
{
    (void)b;
    if (!gtk_widget_get_sensitive(f->done))
        return;
    printf("%s\n%s\n", gtk_entry_get_text(GTK_ENTRY(f->user)),
           gtk_entry_get_text(GTK_ENTRY(f->pass)));
    fflush(stdout);
    f->status = 0;
    gtk_widget_destroy(f->window);
}

static void on_cancel(GtkButton *b, Form *f) { (void)b; gtk_widget_destroy(f->window); }

#ifndef FLOOR_APPLICATION
static void on_destroy(GtkWidget *w, Form *f) { (void)w; (void)f; gtk_main_quit(); }
#endif

static gboolean on_key(GtkWidget *w, GdkEventKey *ev, Form *f)
{
    (void)w;
    if (ev->keyval != GDK_KEY_Escape)
        return FALSE;
    gtk_widget_destroy(f->window);
    return TRUE;
}

static GtkWidget *add_row(GtkGrid *grid, int row, const char *mnemonic,
                          GtkWidget *entry, GtkWidget **msg)
{
    GtkWidget *label = gtk_label_new_with_mnemonic(mnemonic);
    gtk_label_set_mnemonic_widget(GTK_LABEL(label), entry);
    gtk_widget_set_halign(label, GTK_ALIGN_END);
    gtk_widget_set_hexpand(entry, TRUE);
    gtk_entry_set_activates_default(GTK_ENTRY(entry), TRUE);
    *msg = gtk_label_new(NULL);
    gtk_widget_set_halign(*msg, GTK_ALIGN_START);
    gtk_style_context_add_class(gtk_widget_get_style_context(*msg), "dim-label");
    gtk_grid_attach(grid, label, 0, row, 1, 1);
    gtk_grid_attach(grid, entry, 1, row, 1, 1);
    gtk_grid_attach(grid, *msg, 1, row + 1, 1, 1);
    return entry;
}

static void build(Form *f, GtkWidget *window)
{
    f->window = window;
    gtk_window_set_default_size(GTK_WINDOW(f->window), 360, -1);

    GtkWidget *bar = gtk_header_bar_new();
    gtk_header_bar_set_title(GTK_HEADER_BAR(bar), "Log In");
    gtk_header_bar_set_show_close_button(GTK_HEADER_BAR(bar), FALSE);
    GtkWidget *cancel = gtk_button_new_with_mnemonic("_Cancel");
    f->done = gtk_button_new_with_mnemonic("_Done");
    gtk_style_context_add_class(gtk_widget_get_style_context(f->done), "suggested-action");
    gtk_widget_set_can_default(f->done, TRUE);
    gtk_header_bar_pack_start(GTK_HEADER_BAR(bar), cancel);
    gtk_header_bar_pack_end(GTK_HEADER_BAR(bar), f->done);
    gtk_window_set_titlebar(GTK_WINDOW(f->window), bar);

    GtkWidget *grid = gtk_grid_new();
    gtk_grid_set_row_spacing(GTK_GRID(grid), 6);
    gtk_grid_set_column_spacing(GTK_GRID(grid), 12);
    g_object_set(grid, "margin", 18, NULL);

    f->user = add_row(GTK_GRID(grid), 0, "_Username", gtk_entry_new(), &f->user_msg);
    f->pass = add_row(GTK_GRID(grid), 2, "_Password", gtk_entry_new(), &f->pass_msg);
    gtk_entry_set_visibility(GTK_ENTRY(f->pass), FALSE);
    gtk_entry_set_input_purpose(GTK_ENTRY(f->pass), GTK_INPUT_PURPOSE_PASSWORD);
    gtk_container_add(GTK_CONTAINER(f->window), grid);

    g_signal_connect(f->user, "changed", G_CALLBACK(on_changed), f);
    g_signal_connect(f->pass, "changed", G_CALLBACK(on_changed), f);
    g_signal_connect(f->done, "clicked", G_CALLBACK(on_done), f);
    g_signal_connect(cancel, "clicked", G_CALLBACK(on_cancel), f);
    g_signal_connect(f->window, "key-press-event", G_CALLBACK(on_key), f);

    update(f);
    gtk_widget_show_all(f->window);
    gtk_widget_grab_default(f->done);
}

#ifdef FLOOR_APPLICATION
static void activate(GtkApplication *app, Form *f) { build(f, gtk_application_window_new(app)); }

int main(int argc, char **argv)
{
    Form f = { .status = 1 };
    GtkApplication *app = gtk_application_new("org.example.LoginFormFloor",
                                              G_APPLICATION_NON_UNIQUE);
    g_signal_connect(app, "activate", G_CALLBACK(activate), &f);
    int rc = g_application_run(G_APPLICATION(app), argc, argv);
    g_object_unref(app);
    return rc != 0 ? rc : f.status;
}
#else
int main(int argc, char **argv)
{
    Form f = { .status = 1 };
    gtk_init(&argc, &argv);
    build(&f, gtk_window_new(GTK_WINDOW_TOPLEVEL));
    g_signal_connect(f.window, "destroy", G_CALLBACK(on_destroy), &f);
    gtk_main();
    return f.status;
}
#endif
