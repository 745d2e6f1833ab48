/* assuan.h: what the bench/ tools that play gpg-agent share: a script of
 * Assuan lines, and line-by-line reading and writing with a deadline.
 * Header-only (static inline) so each tool still builds with one cc line. */
#ifndef LOGIN_FORM_BENCH_ASSUAN_H
#define LOGIN_FORM_BENCH_ASSUAN_H

#include <poll.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "child.h"

#define ASSUAN_SCRIPT_LINES 64
#define ASSUAN_LINE 1024

/* Reads SCRIPT's lines (blank lines and '#' comments left out) into lines;
 * returns how many, or -1 (said on stderr) when it cannot be read or is
 * empty. */
static inline int assuan_read_script(const char *path, char lines[][ASSUAN_LINE])
{
    FILE *f = fopen(path, "r");
    if (!f) {
        perror(path);
        return -1;
    }
    char line[ASSUAN_LINE];
    int count = 0;
    while (count < ASSUAN_SCRIPT_LINES && fgets(line, sizeof line, f)) {
        line[strcspn(line, "\n")] = 0;
        if (line[0] && line[0] != '#')
            strcpy(lines[count++], line);
    }
    fclose(f);
    if (count == 0)
        fprintf(stderr, "%s has no request\n", path);
    return count ? count : -1;
}

/* Reads one line (without its newline) from fd into buf within the deadline
 * (a now_ms() value); returns its length, or -1 on timeout, error or EOF. */
static inline int assuan_read_line(int fd, char *buf, int size, double deadline)
{
    static char pending[4096];
    static int have;
    for (;;) {
        char *nl = memchr(pending, '\n', (size_t)have);
        if (nl) {
            int len = (int)(nl - pending);
            int copy = len < size - 1 ? len : size - 1;
            memcpy(buf, pending, (size_t)copy);
            buf[copy] = 0;
            have -= len + 1;
            memmove(pending, nl + 1, (size_t)have);
            return copy;
        }
        int left = (int)(deadline - now_ms());
        if (left <= 0 || have == (int)sizeof pending)
            return -1;
        struct pollfd p = { fd, POLLIN, 0 };
        if (poll(&p, 1, left) <= 0)
            continue;
        ssize_t got = read(fd, pending + have, sizeof pending - (size_t)have);
        if (got <= 0)
            return -1;
        have += (int)got;
    }
}

static inline int assuan_write_line(int fd, const char *line)
{
    size_t len = strlen(line);
    return write(fd, line, len) == (ssize_t)len && write(fd, "\n", 1) == 1 ? 0 : -1;
}

/* Reads answer lines until the OK or ERR that ends one; 0 on OK or ERR. */
static inline int assuan_await_answer(int fd, double deadline, const char *what)
{
    char line[ASSUAN_LINE];
    for (;;) {
        if (assuan_read_line(fd, line, sizeof line, deadline) < 0) {
            fprintf(stderr, "no answer to %s\n", what);
            return -1;
        }
        if (strncmp(line, "OK", 2) == 0 || strncmp(line, "ERR", 3) == 0)
            return 0;
    }
}

/* Reads the pinentry's greeting; 0 when it is an OK line. */
static inline int assuan_await_greeting(int fd, double deadline)
{
    char line[ASSUAN_LINE];
    return assuan_read_line(fd, line, sizeof line, deadline) < 0 || strncmp(line, "OK", 2) != 0
        ? -1 : 0;
}

/* Sends the first count lines one at a time, as gpg-agent does, each
 * waiting for the OK or ERR that ends its answer; 0 when all were
 * answered. */
static inline int assuan_play(int to, int from, char lines[][ASSUAN_LINE], int count,
                              double deadline)
{
    for (int k = 0; k < count; k++)
        if (assuan_write_line(to, lines[k]) != 0 || assuan_await_answer(from, deadline, lines[k]) != 0)
            return -1;
    return 0;
}

#endif
