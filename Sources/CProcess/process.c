#define _GNU_SOURCE  // memfd_create
#include "process.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <unistd.h>

void lf_harden_process(void) {
    struct rlimit none = {0, 0};
    setrlimit(RLIMIT_CORE, &none);
    prctl(PR_SET_DUMPABLE, 0, 0, 0, 0);
    signal(SIGPIPE, SIG_IGN);
}

// The dynamic loader runs a program's .preinit_array after it has mapped
// and relocated every library but before any library's constructor, which
// is as early as code of ours can run: main() comes only after GLib's,
// GTK's and the Swift runtime's constructors. Until here the process is
// dumpable, and a process of the same user can attach.
static void harden_before_the_libraries(int argc, char **argv, char **envp) {
    (void)argc;
    (void)argv;
    (void)envp;
    lf_harden_process();
}
__attribute__((section(".preinit_array"), used)) static void (*const lf_preinit)(
    int, char **, char **) = harden_before_the_libraries;

bool lf_is_dumpable(void) {
    return prctl(PR_GET_DUMPABLE, 0, 0, 0, 0) != 0;
}

int lf_occupy_closed_standard_descriptors(void) {
    int closed = 0;
    for (int fd = 0; fd <= 2; fd++) {
        if (fcntl(fd, F_GETFD) == -1 && errno == EBADF) {
            closed |= 1 << fd;
            int opened = open("/dev/null", fd == 0 ? O_RDONLY : O_WRONLY);
            if (opened != fd && opened >= 0) {
                dup2(opened, fd);
                close(opened);
            }
        }
    }
    return closed;
}

bool lf_reader_is_gone(int fd) {
    struct pollfd check = {fd, 0, 0};
    return poll(&check, 1, 0) == 1 && (check.revents & (POLLERR | POLLHUP | POLLNVAL)) != 0;
}

int lf_hand_off_file(const void *bytes, size_t count) {
    // Sealed against writes: the program it is handed to reads what this
    // one wrote, and nothing else can change it on the way.
    int fd = memfd_create("login-form-hand-off", MFD_ALLOW_SEALING);
    if (fd < 0) return -1;
    const char *next = bytes;
    while (count > 0) {
        ssize_t written = write(fd, next, count);
        if (written < 0) {
            if (errno == EINTR) continue;
            int saved = errno;
            close(fd);
            errno = saved;
            return -1;
        }
        next += written;
        count -= (size_t)written;
    }
    if (fcntl(fd, F_ADD_SEALS, F_SEAL_WRITE | F_SEAL_GROW | F_SEAL_SHRINK | F_SEAL_SEAL) != 0 ||
        lseek(fd, 0, SEEK_SET) != 0) {
        int saved = errno;
        close(fd);
        errno = saved;
        return -1;
    }
    return fd;
}

bool lf_is_hand_off_file(int fd) {
    int seals = fcntl(fd, F_GET_SEALS);
    return seals >= 0 && (seals & F_SEAL_WRITE) != 0;
}

int lf_pipe_holding(const void *bytes, size_t count) {
    int ends[2];
    // Non-blocking: a pipe smaller than `bytes` (a user over the kernel's
    // pipe quota gets one page) must fail here, not hang this process,
    // which is its only reader. Closed on exec: the program it is for gets
    // it as a descriptor of its own (dup2), and no second copy.
    if (pipe2(ends, O_NONBLOCK | O_CLOEXEC) != 0) return -1;
    const char *next = bytes;
    while (count > 0) {
        ssize_t written = write(ends[1], next, count);
        if (written < 0 && errno == EINTR) continue;
        if (written <= 0) {
            int saved = written < 0 ? errno : EAGAIN;
            close(ends[0]);
            close(ends[1]);
            errno = saved;
            return -1;
        }
        next += written;
        count -= (size_t)written;
    }
    close(ends[1]);
    // The reader it is for reads as from any pipe: waiting, not EAGAIN.
    if (fcntl(ends[0], F_SETFL, 0) != 0) {
        int saved = errno;
        close(ends[0]);
        errno = saved;
        return -1;
    }
    return ends[0];
}
