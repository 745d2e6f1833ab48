// GLib alone, for what runs without a display: the main loop and its
// sources, character-set conversion, and the terminal. Nothing here may
// include GTK or GDK: the terminal and the main loop build without them.
#ifndef LOGIN_FORM_CGLIB_SHIM_H
#define LOGIN_FORM_CGLIB_SHIM_H

#include <errno.h>
#include <fcntl.h>
#include <glib-unix.h>
#include <glib.h>
#include <poll.h>
#include <signal.h>
#include <unistd.h>

/// What a GLib source's callback returns, which are macros.
static const gboolean lf_source_remove = G_SOURCE_REMOVE;
static const gboolean lf_source_continue = G_SOURCE_CONTINUE;

#endif
