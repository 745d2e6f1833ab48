// Process-level set-up both executables need, and the hand-off from the
// quick pinentry to login-form: calls that take C macros, variadic
// arguments or Linux-only declarations, which Swift cannot import.
#ifndef LOGIN_FORM_PROCESS_H
#define LOGIN_FORM_PROCESS_H

#include <stdbool.h>
#include <stddef.h>

/// Keeps secrets out of core dumps and ptrace (not dumpable), and turns a
/// closed pipe into a write error instead of a silent death by SIGPIPE.
/// Each program linking this target already ran it before any library's
/// constructor (from .preinit_array); calling it again is harmless.
void lf_harden_process(void);

/// Whether the kernel would let a process of the same user read this
/// one's memory: it is dumpable, which someone who attached while the
/// libraries were being loaded can have made it again.
bool lf_is_dumpable(void);

/// Opens /dev/null on any of descriptors 0-2 that the caller closed, so the
/// next file opened (the X connection, say) cannot take the number and
/// receive what is meant for standard output. Returns a bit mask of the
/// descriptors that were closed (bit 1 = standard output).
int lf_occupy_closed_standard_descriptors(void);

/// Whether nobody reads `fd` any more: the write end of a pipe whose read
/// end was closed reports POLLERR.
bool lf_reader_is_gone(int fd);

/// An anonymous in-memory file holding `bytes`, read from its start and
/// kept open across exec; -1 with errno set when it cannot be made. It
/// carries what is not secret from one program to the one it becomes.
int lf_hand_off_file(const void *bytes, size_t count);

/// Whether `fd` is such a file, sealed against writes: what login-form
/// reads a hand-off from, so that a descriptor named by mistake (a pipe
/// nobody closes, a terminal) is refused rather than waited on.
bool lf_is_hand_off_file(int fd);

/// A pipe already holding `bytes`, its write end closed: the read end
/// (closed on exec; dup2 it to where it is wanted), or -1 with errno set (EAGAIN when the pipe cannot take them all at
/// once). What a program read from its standard input, kept to be read
/// again by the program it becomes, in kernel memory, which is never
/// swapped out.
int lf_pipe_holding(const void *bytes, size_t count);

#endif
