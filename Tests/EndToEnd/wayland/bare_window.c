/* The same kind of window as login-form's, with nothing of login-form's: the
 * baseline of what GTK 3 itself prints on a compositor (on a seatless
 * headless weston, a Gdk-CRITICAL for every program); test_wayland.py holds
 * login-form to printing nothing beyond this. Shows a
 * header bar, a label and two entries, then quits after one second. */
#include <gtk/gtk.h>

static gboolean quit(gpointer data)
{
    (void)data;
    gtk_main_quit();
    return G_SOURCE_REMOVE;
}

int main(int argc, char **argv)
{
    if (!gtk_init_check(&argc, &argv))
        return 2;
    GtkWidget *window = gtk_window_new(GTK_WINDOW_TOPLEVEL);
    GtkWidget *bar = gtk_header_bar_new();
    gtk_header_bar_pack_start(GTK_HEADER_BAR(bar), gtk_button_new_with_mnemonic("_Cancel"));
    gtk_header_bar_pack_end(GTK_HEADER_BAR(bar), gtk_button_new_with_mnemonic("_Done"));
    gtk_window_set_titlebar(GTK_WINDOW(window), bar);
    GtkWidget *box = gtk_box_new(GTK_ORIENTATION_VERTICAL, 6);
    gtk_container_add(GTK_CONTAINER(box), gtk_label_new_with_mnemonic("_Username"));
    gtk_container_add(GTK_CONTAINER(box), gtk_entry_new());
    GtkWidget *secret = gtk_entry_new();
    gtk_entry_set_visibility(GTK_ENTRY(secret), FALSE);
    gtk_container_add(GTK_CONTAINER(box), secret);
    gtk_container_add(GTK_CONTAINER(window), box);
    gtk_widget_show_all(window);
    g_timeout_add(1000, quit, NULL);
    gtk_main();
    return 0;
}
