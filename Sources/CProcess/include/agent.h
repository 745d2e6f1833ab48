// What the systemd password agent needs of the kernel that GLib has no
// call for: a descriptor that says when a process ends, and one datagram
// to a socket by path.
#ifndef LOGIN_FORM_AGENT_H
#define LOGIN_FORM_AGENT_H

#include <stddef.h>

/// A pidfd for `pid`: readable once the process has ended, close-on-exec;
/// -1 with errno set (ESRCH when it has already gone).
int lf_pidfd_open(int pid);

/// Sends `bytes` as one datagram to the AF_UNIX socket at `path`: 0, or
/// -1 with errno set.
int lf_send_datagram(const char *path, const void *bytes, size_t count);

#endif
