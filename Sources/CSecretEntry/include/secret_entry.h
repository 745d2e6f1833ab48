// LfSecretEntry: a GtkEntry for secrets. Its text lives in locked, wiped
// memory (an LfSecretBuffer), and it never hands the clear text to anyone
// but the person at the screen, even while the text is shown ("revealed").
#ifndef LOGIN_FORM_SECRET_ENTRY_H
#define LOGIN_FORM_SECRET_ENTRY_H

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define LF_TYPE_SECRET_ENTRY (lf_secret_entry_get_type())
G_DECLARE_FINAL_TYPE(LfSecretEntry, lf_secret_entry, LF, SECRET_ENTRY, GtkEntry)

/**
 * lf_secret_entry_new:
 *
 * Makes an entry that hides its text and keeps it in an LfSecretBuffer:
 * locked memory, wiped when the text changes and when the entry is
 * finalized. Check the buffer (lf_secret_buffer_is_exhausted()) before
 * asking for a secret.
 *
 * Returns: (transfer floating): the new entry.
 */
GtkWidget *lf_secret_entry_new(void);

/**
 * lf_secret_entry_keep_selection:
 * @entry: a secret entry
 *
 * Lets @entry keep a selection while its text is shown, so that the person
 * can select and copy it (a passphrase generated for them, to write down),
 * and keeps keyboard focus from selecting it by itself. Ends with the next
 * change of the text, and when the text is hidden again.
 */
void lf_secret_entry_keep_selection(LfSecretEntry *entry);

/**
 * lf_secret_entry_set_silent:
 *
 * Makes the entry show nothing of its text, not even its length: no mask
 * characters on screen, an empty text over AT-SPI, and no revealing.
 */
void lf_secret_entry_set_silent(LfSecretEntry *entry);

/// The checked cast, which Swift cannot import as a macro.
static inline LfSecretEntry *lf_secret_entry(gpointer p) { return LF_SECRET_ENTRY(p); }

G_END_DECLS

#endif
