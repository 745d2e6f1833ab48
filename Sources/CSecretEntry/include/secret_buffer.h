// LfSecretBuffer: the text of a secret entry, in gcr's locked pool and
// nowhere else: it never falls back to ordinary memory, and it wipes what it
// drops and what it frees.
#ifndef LOGIN_FORM_SECRET_BUFFER_H
#define LOGIN_FORM_SECRET_BUFFER_H

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define LF_TYPE_SECRET_BUFFER (lf_secret_buffer_get_type())
G_DECLARE_FINAL_TYPE(LfSecretBuffer, lf_secret_buffer, LF, SECRET_BUFFER, GtkEntryBuffer)

/**
 * lf_secret_buffer_new:
 *
 * Makes an empty buffer with room for a short secret already locked, so that
 * a machine that cannot lock memory is known before anything is typed (see
 * lf_secret_buffer_is_exhausted()).
 *
 * Returns: (transfer full): the new buffer.
 */
GtkEntryBuffer *lf_secret_buffer_new(void);

/**
 * lf_secret_buffer_is_exhausted:
 * @self: a buffer
 *
 * Whether locked memory ran out: at creation, or when text did not fit, in
 * which case the text was refused (the "exhausted" property notifies).
 *
 * Returns: TRUE once locked memory has run out.
 */
gboolean lf_secret_buffer_is_exhausted(LfSecretBuffer *self);

G_END_DECLS

#endif
