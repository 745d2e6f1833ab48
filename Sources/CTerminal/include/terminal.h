// The terminal a prompt is typed on: opening it, switching it into prompt
// mode and back, and keeping it usable whatever signal arrives meanwhile.
//
// One terminal is in prompt mode at a time. Its saved settings live in this
// file's static memory, so that signal handlers (which may run at any
// instruction) can put them back: only async-signal-safe calls are made
// there.
#ifndef LOGIN_FORM_TERMINAL_H
#define LOGIN_FORM_TERMINAL_H

#include <stdbool.h>

/// Opens the terminal at `path` for reading and writing without making it
/// the process's controlling terminal, non-blocking, with close-on-exec.
///
/// Only a character device is opened (a FIFO or a file named by mistake
/// is never touched), and only a terminal is kept. Returns the descriptor,
/// or -1 with errno set: ENOTTY when `path` is not a terminal.
int lf_terminal_open(const char *path);

/// Saves the settings of the terminal open on `fd` and puts it in prompt
/// mode: no echo, no line editing (each key arrives as typed), no signals
/// from keys (Ctrl+C, Ctrl+Z and Ctrl+\ arrive as bytes), no flow control,
/// output newlines as CR LF.
///
/// Until `lf_terminal_end`, a SIGTSTP puts the saved settings back before
/// the process stops, a SIGCONT puts prompt mode back (and writes a byte to
/// `lf_terminal_continued_fd`), and the process's normal exit and every
/// other signal whose default action ends the process (SIGQUIT, SIGSEGV,
/// SIGABRT, SIGUSR1, the real-time signals...) put the saved settings back
/// before the process ends as killed by that signal; one that the process
/// ignores stays ignored. SIGINT, SIGTERM and SIGHUP are the main loop's to
/// handle (it ends the prompt). Returns 0, or -1 with errno set.
int lf_terminal_begin(int fd);

/// Puts back the settings saved by `lf_terminal_begin`, discarding what was
/// typed and not read (typed ahead, it must not reach the shell), and puts
/// back what SIGTSTP, SIGCONT and the ending signals did before. Does
/// nothing when no terminal is in prompt mode.
void lf_terminal_end(void);

/// The read end of a pipe that receives a byte each time the process
/// continues after a stop while a terminal is in prompt mode, so that the
/// prompt can be drawn again under what the shell printed; -1 before the
/// first `lf_terminal_begin`.
int lf_terminal_continued_fd(void);

/// The width of the terminal open on `fd` in columns, or 0 when unknown.
int lf_terminal_columns(int fd);

/// Drops the input typed on the terminal open on `fd` that nobody has read
/// yet (tcflush with TCIFLUSH).
void lf_terminal_discard_input(int fd);

/// Stops this process's job as Ctrl+Z would if the terminal sent signals:
/// only when `fd` is the controlling terminal and this process is in its
/// foreground process group (otherwise the job belongs to someone else).
/// Returns whether it did; the process has been continued when it returns.
bool lf_terminal_suspend_job(int fd);

/// The character set of the locale `name` (as `nl_langinfo(CODESET)` says
/// it, "ISO-8859-1"), in memory the caller frees with `free`; NULL when the
/// locale is not installed.
char *lf_locale_codeset(const char *name);

#endif
