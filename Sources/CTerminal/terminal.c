#define _GNU_SOURCE  // pipe2
#include "terminal.h"

#include <errno.h>
#include <fcntl.h>
#include <langinfo.h>
#include <locale.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <termios.h>
#include <unistd.h>

// The terminal in prompt mode, or -1. `volatile sig_atomic_t` for the
// flag the handlers read; the settings are written before it is set.
static volatile sig_atomic_t active_fd = -1;
static struct termios saved_settings;
static struct termios prompt_settings;
static int continued_pipe[2] = {-1, -1};
static struct sigaction previous_stop;
static struct sigaction previous_continue;
// Signals whose default action ends the process (with a core or without)
// and that GLib's main loop does not own (it owns SIGINT, SIGTERM and
// SIGHUP, and ends the prompt for them): the settings go back before the
// process ends, whatever ends it, a crash included (a Swift trap is SIGILL
// or SIGTRAP). The real-time signals, whose numbers glibc only knows at
// run time, are added to these.
static const int fatal_signals[] = {
    SIGQUIT, SIGILL, SIGTRAP, SIGABRT, SIGBUS, SIGFPE, SIGUSR1, SIGSEGV, SIGUSR2, SIGPIPE,
    SIGALRM, SIGXCPU, SIGXFSZ, SIGVTALRM, SIGPROF, SIGIO, SIGPWR, SIGSYS,
#ifdef SIGSTKFLT
    SIGSTKFLT,
#endif
};
#define FATAL_SIGNAL_COUNT (sizeof fatal_signals / sizeof fatal_signals[0])
// By signal number: what each handled signal did before, put back at the
// end. A signal the process ignored is left ignored and not handled.
static struct sigaction previous_fatal[NSIG];
static bool fatal_handled[NSIG];
static bool exit_handler_registered;

int lf_terminal_open(const char *path) {
    struct stat info;
    if (stat(path, &info) != 0) return -1;
    if (!S_ISCHR(info.st_mode)) {
        errno = ENOTTY;
        return -1;
    }
    // Non-blocking: opening a modem line must not wait for carrier, and a
    // key that another reader of the terminal took first must not stall
    // the main loop in read().
    int fd = open(path, O_RDWR | O_NOCTTY | O_CLOEXEC | O_NONBLOCK);
    if (fd < 0) return -1;
    if (!isatty(fd)) {
        close(fd);
        errno = ENOTTY;
        return -1;
    }
    return fd;
}

static void restore_saved(void) {
    int fd = active_fd;
    if (fd >= 0) tcsetattr(fd, TCSANOW, &saved_settings);
}

// Puts prompt mode back and asks for the prompt to be drawn again.
static void resume_prompt(void) {
    int fd = active_fd;
    if (fd < 0) return;
    tcsetattr(fd, TCSANOW, &prompt_settings);
    if (continued_pipe[1] >= 0) {
        // Non-blocking: a full pipe already says "draw again".
        ssize_t ignored = write(continued_pipe[1], "c", 1);
        (void)ignored;
    }
}

static void on_continue(int signal_number) {
    (void)signal_number;
    int saved_errno = errno;
    resume_prompt();
    errno = saved_errno;
}

static void on_stop(int signal_number) {
    int saved_errno = errno;
    restore_saved();
    // Stop for real: the default action, with the signal let through once.
    struct sigaction stop = {0};
    stop.sa_handler = SIG_DFL;
    sigemptyset(&stop.sa_mask);
    sigaction(signal_number, &stop, NULL);
    sigset_t unblock;
    sigemptyset(&unblock);
    sigaddset(&unblock, signal_number);
    raise(signal_number);
    sigprocmask(SIG_UNBLOCK, &unblock, NULL);
    // Continued, or never stopped: the kernel discards a stop sent to an
    // orphaned process group (a session leader's, say).
    struct sigaction again = {0};
    again.sa_handler = on_stop;
    sigemptyset(&again.sa_mask);
    sigaction(signal_number, &again, NULL);
    resume_prompt();
    errno = saved_errno;
}

// Runs on any thread, maybe on a fault (SIGSEGV, SIGBUS, SIGILL), so only
// async-signal-safe calls: the settings back, then the default action, so
// that the process ends as killed by this signal. The signal is blocked
// while this runs: raised here, it is delivered as this returns (before a
// faulting instruction runs again).
static void on_fatal(int signal_number) {
    restore_saved();
    struct sigaction fatal = {0};
    fatal.sa_handler = SIG_DFL;
    sigemptyset(&fatal.sa_mask);
    sigaction(signal_number, &fatal, NULL);
    raise(signal_number);
}

static void handle_fatal(int signal_number, const struct sigaction *fatal) {
    if (signal_number <= 0 || signal_number >= NSIG) return;
    struct sigaction current;
    if (sigaction(signal_number, NULL, &current) != 0) return;
    // Ignored when the prompt started (SIGPIPE, which login-form ignores to
    // see EPIPE instead; what the parent ignored and exec kept so): it ends
    // nothing, so it stays ignored.
    if (!(current.sa_flags & SA_SIGINFO) && current.sa_handler == SIG_IGN) return;
    fatal_handled[signal_number] =
        sigaction(signal_number, fatal, &previous_fatal[signal_number]) == 0;
}

static void handle_fatal_signals(void) {
    struct sigaction fatal = {0};
    fatal.sa_handler = on_fatal;
    sigemptyset(&fatal.sa_mask);
    for (size_t index = 0; index < FATAL_SIGNAL_COUNT; index++) {
        handle_fatal(fatal_signals[index], &fatal);
    }
    for (int number = SIGRTMIN; number <= SIGRTMAX; number++) handle_fatal(number, &fatal);
}

static void unhandle_fatal_signals(void) {
    for (int number = 1; number < NSIG; number++) {
        if (!fatal_handled[number]) continue;
        fatal_handled[number] = false;
        sigaction(number, &previous_fatal[number], NULL);
    }
}

static void restore_at_exit(void) { lf_terminal_end(); }

int lf_terminal_begin(int fd) {
    if (active_fd >= 0) lf_terminal_end();
    if (tcgetattr(fd, &saved_settings) != 0) return -1;
    prompt_settings = saved_settings;
    prompt_settings.c_lflag &= ~(ECHO | ECHOE | ECHOK | ECHONL | ICANON | ISIG | IEXTEN);
    prompt_settings.c_iflag &= ~(ISTRIP | INLCR | IGNCR | IXON | IXOFF);
    prompt_settings.c_oflag |= OPOST | ONLCR;
    prompt_settings.c_cc[VMIN] = 1;
    prompt_settings.c_cc[VTIME] = 0;
    if (continued_pipe[0] < 0 && pipe2(continued_pipe, O_CLOEXEC | O_NONBLOCK) != 0) {
        continued_pipe[0] = continued_pipe[1] = -1;
    }
    if (!exit_handler_registered) exit_handler_registered = atexit(restore_at_exit) == 0;
    // Handlers first: a stop between the two calls must find them.
    active_fd = fd;
    struct sigaction stop = {0};
    stop.sa_handler = on_stop;
    sigemptyset(&stop.sa_mask);
    sigaction(SIGTSTP, &stop, &previous_stop);
    struct sigaction resume = {0};
    resume.sa_handler = on_continue;
    sigemptyset(&resume.sa_mask);
    sigaction(SIGCONT, &resume, &previous_continue);
    handle_fatal_signals();
    // TCSAFLUSH: keys typed before the prompt showed are not taken as its
    // answer.
    if (tcsetattr(fd, TCSAFLUSH, &prompt_settings) != 0) {
        int error = errno;
        lf_terminal_end();
        errno = error;
        return -1;
    }
    return 0;
}

void lf_terminal_end(void) {
    int fd = active_fd;
    if (fd < 0) return;
    tcsetattr(fd, TCSAFLUSH, &saved_settings);
    active_fd = -1;
    sigaction(SIGTSTP, &previous_stop, NULL);
    sigaction(SIGCONT, &previous_continue, NULL);
    unhandle_fatal_signals();
}

int lf_terminal_continued_fd(void) { return continued_pipe[0]; }

int lf_terminal_columns(int fd) {
    struct winsize size;
    if (ioctl(fd, TIOCGWINSZ, &size) != 0) return 0;
    return size.ws_col;
}

void lf_terminal_discard_input(int fd) {
    tcflush(fd, TCIFLUSH);
}

bool lf_terminal_suspend_job(int fd) {
    pid_t group = tcgetpgrp(fd);
    if (group < 0 || group != getpgrp()) return false;
    // The whole job, as the terminal would: a parent waiting for this
    // process (a shell script, ssh-add) stops with it.
    return kill(0, SIGTSTP) == 0;
}

char *lf_locale_codeset(const char *name) {
    locale_t locale = newlocale(LC_CTYPE_MASK, name, (locale_t)0);
    if (locale == (locale_t)0) return NULL;
    char *codeset = strdup(nl_langinfo_l(CODESET, locale));
    freelocale(locale);
    return codeset;
}
