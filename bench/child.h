/* child.h: what the bench/ measuring tools share about the program they
 * time: the clock, the program's exit status, its memory, and stopping it.
 * Header-only (static inline) so each tool still builds with one cc line. */
#ifndef LOGIN_FORM_BENCH_CHILD_H
#define LOGIN_FORM_BENCH_CHILD_H

#include <signal.h>
#include <stdio.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static inline double now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

/* A wait status as a shell reports it: the exit status, or 128+signal. */
static inline int status_code(int st)
{
    return WIFEXITED(st) ? WEXITSTATUS(st) : 128 + WTERMSIG(st);
}

/* Waits up to ms for the child; returns its status code, or -1. */
static inline int reap_within(pid_t pid, int ms)
{
    int st;
    for (int waited = 0; waited <= ms; waited += 10) {
        if (waitpid(pid, &st, WNOHANG) == pid)
            return status_code(st);
        usleep(10000);
    }
    return -1;
}

/* Stops the child's process group: SIGTERM, SIGKILL after 1 s. Returns the
 * child's status code. */
static inline int stop_child(pid_t pid)
{
    int code;
    kill(-pid, SIGTERM);
    if ((code = reap_within(pid, 1000)) >= 0)
        return code;
    kill(-pid, SIGKILL);
    int st;
    waitpid(pid, &st, 0);
    return status_code(st);
}

typedef struct { long rss, anon, file; } Memory;

/* The child's resident memory in KiB from /proc/PID/status; -1 where unread. */
static inline Memory memory_kib(pid_t pid)
{
    char path[64], line[256];
    Memory m = { -1, -1, -1 };
    snprintf(path, sizeof path, "/proc/%d/status", (int)pid);
    FILE *f = fopen(path, "r");
    if (!f)
        return m;
    while (fgets(line, sizeof line, f))
        if (sscanf(line, "VmRSS: %ld", &m.rss) != 1 && sscanf(line, "RssAnon: %ld", &m.anon) != 1
            && sscanf(line, "RssFile: %ld", &m.file) == 1)
            break; /* RssFile comes last of the three */
    fclose(f);
    return m;
}

#endif
