// libsecret (the Secret Service client library) and the GIO it is built on:
// GDBus for asking the bus who owns the Secret Service's name.
#ifndef LOGIN_FORM_SECRET_SHIM_H
#define LOGIN_FORM_SECRET_SHIM_H

#include <gio/gio.h>

// The item-path calls (secret-paths.h), which secret_password_lookup itself
// is made of, sit behind this in libsecret 0.20; they let a lookup skip an
// item's properties when only its secret is wanted.
#define SECRET_API_SUBJECT_TO_CHANGE
#include <libsecret/secret.h>

/// The GLib boolean constants and the source-removal value, which are macros.
static const gboolean lf_secret_true = TRUE;
static const gboolean lf_secret_false = FALSE;

#endif
