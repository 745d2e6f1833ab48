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
// Signals whose default action ends the process and that GLib's main loop
// does not own (it owns SIGINT, SIGTERM and SIGHUP, and ends the prompt
// for them): the settings go back before the process ends.
static const int fatal_signals[] = {SIGQUIT, SIGALRM, SIGUSR1, SIGUSR2};
#define FATAL_SIGNAL_COUNT (sizeof fatal_signals / sizeof fatal_signals[0])
static struct sigaction previous_fatal[FATAL_SIGNAL_COUNT];
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

static void on_fatal(int signal_number) {
    restore_saved();
    struct sigaction fatal = {0};
    fatal.sa_handler = SIG_DFL;
    sigemptyset(&fatal.sa_mask);
    sigaction(signal_number, &fatal, NULL);
    raise(signal_number);
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
    struct sigaction fatal = {0};
    fatal.sa_handler = on_fatal;
    sigemptyset(&fatal.sa_mask);
    for (size_t index = 0; index < FATAL_SIGNAL_COUNT; index++) {
        sigaction(fatal_signals[index], &fatal, &previous_fatal[index]);
    }
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
    for (size_t index = 0; index < FATAL_SIGNAL_COUNT; index++) {
        sigaction(fatal_signals[index], &previous_fatal[index], NULL);
    }
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
