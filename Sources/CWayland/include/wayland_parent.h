// What GTK 3 does not say about a Wayland parent window: whether the
// compositor knows the handle at all. GTK imports a handle and accepts
// anything; the compositor's "destroyed" reaches GTK's listener alone.
#ifndef LOGIN_FORM_WAYLAND_PARENT_H
#define LOGIN_FORM_WAYLAND_PARENT_H

struct wl_display;

/// How the compositor answered an import of a handle.
typedef enum {
    /// It knows the handle: a window can be made its child.
    LF_PARENT_KNOWN = 0,
    /// It said "destroyed": no such window, or it has gone.
    LF_PARENT_UNKNOWN = 1,
    /// It has no xdg-foreign (v1), so no window can be another's child.
    LF_PARENT_NO_FOREIGN = 2,
    /// The connection failed while asking.
    LF_PARENT_FAILED = 3,
} LFParentAnswer;

/// Imports `handle` on a queue of its own, waits for the compositor's
/// answer and lets go of it again: nothing of GTK's own state is touched,
/// and no window becomes anyone's child.
LFParentAnswer lf_wayland_probe_parent(struct wl_display *display, const char *handle);

#endif
