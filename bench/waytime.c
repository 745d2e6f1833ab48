/* waytime: time from fork to a Wayland program's first frame, as the program
 * itself logs it.
 *
 * Usage: waytime -- PROGRAM ARGS...   (WAYLAND_DISPLAY etc. set by the caller)
 *
 * There is no Wayland counterpart of X11's MapNotify that another client can
 * watch, so the program is run with WAYLAND_DEBUG=client: libwayland then
 * writes every request and event to its stderr, stamped with the program's
 * own CLOCK_REALTIME in microseconds modulo 2^32. waytime reads that stream
 * from a pipe and finds, for the first xdg_toplevel:
 *   ack   the xdg_surface.ack_configure of the compositor's first configure;
 *   frame the first wl_surface.commit after it that carries a buffer
 *         (wl_surface.attach): the first frame handed to the compositor.
 * It prints "frame_ms=<float> ack_ms=<float> rss_kib=<int> anon_kib=<int>
 * file_kib=<int>": both times from just before fork (CLOCK_REALTIME, same
 * clock, same modulo), and the program's memory (/proc/PID/status) read when
 * waytime parsed the frame line (a fraction of a millisecond later). Then it
 * stops the program (SIGTERM, SIGKILL after 1 s).
 *
 * What this costs the program: libwayland formats and writes about 300 lines
 * before the first frame; that is included, for every contestant alike.
 * Only xdg-shell (xdg_wm_base) is understood, which weston 10 and GTK 3.24 use.
 *
 * Exit: 0 measured; 1 usage; 2 timeout (10 s); 3 exited before a frame.
 * Build: cc -O2 -Wall -Wextra -Werror waytime.c -o waytime
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "child.h"

#define TIMEOUT_MS 10000

static uint32_t realtime_us32(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_REALTIME, &ts);
    return (uint32_t)((uint64_t)ts.tv_sec * 1000000u + (uint64_t)ts.tv_nsec / 1000u);
}

/* The "[1234567.890]" stamp of a WAYLAND_DEBUG line, in microseconds. */
static int stamp_us(const char *line, uint32_t *us)
{
    unsigned long ms, frac;
    if (sscanf(line, "[%lu.%3lu]", &ms, &frac) != 2)
        return -1;
    *us = (uint32_t)(ms * 1000u + frac);
    return 0;
}

/* Parser state for the first toplevel. */
typedef struct {
    unsigned xdg_ids[64], surface_ids[64]; /* xdg_surface -> wl_surface */
    int known;
    unsigned xdg, surface; /* the toplevel's, once seen */
    int acked, attached;
    uint32_t ack_us;
} Track;

/* Feeds one line; returns 1 when it is the first frame's commit. */
static int feed(Track *t, const char *line, uint32_t *at)
{
    const char *req = strstr(line, "] ");
    if (!req || stamp_us(line, at) != 0)
        return 0;
    unsigned a, b;
    const char *p;
    if ((p = strstr(req, "-> xdg_wm_base@"))
        && sscanf(strchr(p, '.'), ".get_xdg_surface(new id xdg_surface@%u, wl_surface@%u)", &a, &b) == 2) {
        if (t->known < 64)
            t->xdg_ids[t->known] = a, t->surface_ids[t->known++] = b;
        return 0;
    }
    if (!t->surface && (p = strstr(req, "-> xdg_surface@")) && sscanf(p, "-> xdg_surface@%u.", &a) == 1
        && strstr(p, ".get_toplevel(")) {
        for (int i = t->known - 1; i >= 0; i--)
            if (t->xdg_ids[i] == a) {
                t->xdg = a, t->surface = t->surface_ids[i];
                break;
            }
        return 0;
    }
    if (!t->surface)
        return 0;
    if (!t->acked && (p = strstr(req, "-> xdg_surface@")) && sscanf(p, "-> xdg_surface@%u.", &a) == 1
        && a == t->xdg && strstr(p, ".ack_configure(")) {
        t->acked = 1, t->ack_us = *at;
        return 0;
    }
    if (!t->acked || !(p = strstr(req, "-> wl_surface@")) || sscanf(p, "-> wl_surface@%u.", &a) != 1
        || a != t->surface)
        return 0;
    if (strstr(p, ".attach(wl_buffer@"))
        t->attached = 1;
    return t->attached && strstr(p, ".commit()") != NULL;
}

int main(int argc, char **argv)
{
    if (argc < 3 || strcmp(argv[1], "--") != 0) {
        fprintf(stderr, "usage: waytime -- PROGRAM ARGS...\n");
        return 1;
    }
    char **prog = argv + 2;
    int err_pipe[2];
    if (pipe2(err_pipe, O_CLOEXEC) != 0) {
        perror("waytime: pipe");
        return 1;
    }
    double start_mono = now_ms();
    uint32_t start_us = realtime_us32();
    pid_t pid = fork();
    if (pid < 0) {
        perror("waytime: fork");
        return 1;
    }
    if (pid == 0) {
        setpgid(0, 0);
        int null = open("/dev/null", O_RDWR);
        dup2(null, 0), dup2(null, 1), dup2(err_pipe[1], 2);
        setenv("WAYLAND_DEBUG", "client", 1);
        execvp(prog[0], prog);
        fprintf(stderr, "waytime: cannot run %s: %s\n", prog[0], strerror(errno));
        _exit(127);
    }
    setpgid(pid, pid);
    close(err_pipe[1]);

    static char buf[1 << 16];
    size_t have = 0;
    Track track = { 0 };
    for (;;) {
        char *nl;
        while ((nl = memchr(buf, '\n', have))) {
            *nl = 0;
            uint32_t at;
            if (feed(&track, buf, &at)) {
                Memory mem = memory_kib(pid);
                printf("frame_ms=%.3f ack_ms=%.3f rss_kib=%ld anon_kib=%ld file_kib=%ld\n",
                       (uint32_t)(at - start_us) / 1e3, (uint32_t)(track.ack_us - start_us) / 1e3,
                       mem.rss, mem.anon, mem.file);
                stop_child(pid);
                return 0;
            }
            have -= (size_t)(nl + 1 - buf);
            memmove(buf, nl + 1, have);
        }
        if (have == sizeof buf)
            have = 0; /* an absurdly long line: drop it */
        int left = TIMEOUT_MS - (int)(now_ms() - start_mono);
        struct pollfd p = { err_pipe[0], POLLIN, 0 };
        if (left <= 0 || poll(&p, 1, left) <= 0) {
            fprintf(stderr, "waytime: %s showed no frame within %d s\n", prog[0], TIMEOUT_MS / 1000);
            stop_child(pid);
            return 2;
        }
        ssize_t got = read(err_pipe[0], buf + have, sizeof buf - have);
        if (got <= 0) {
            int st;
            waitpid(pid, &st, 0);
            fprintf(stderr, "waytime: %s exited before its first frame\n", prog[0]);
            return 3;
        }
        have += (size_t)got;
    }
}
