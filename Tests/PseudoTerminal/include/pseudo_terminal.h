// A pseudo-terminal for the terminal prompt's tests (never shipped):
// Swift's Glibc module hides posix_openpt and its friends behind feature
// macros.
#ifndef LOGIN_FORM_PSEUDO_TERMINAL_H
#define LOGIN_FORM_PSEUDO_TERMINAL_H

#include <stddef.h>

/// Opens a new pseudo-terminal: returns its master side (non-blocking) and
/// writes the path of its slave side into `path`; -1 on failure.
int lf_test_open_pseudo_terminal(char *path, size_t size);

#endif
