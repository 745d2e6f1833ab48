/* exittime: time, CPU and peak memory of a program that answers and exits
 * (a cached answer: no window), from exec to exit, checking the answer.
 *
 * Usage: exittime [--stdin FILE] [--expect FILE] [--assuan SCRIPT]
 *                 -- PROGRAM ARGS...
 *
 * exittime forks an intermediate process, which forks and execs PROGRAM and
 * waits for it: each run has a parent of its own, as each call from ssh or
 * git has (login-form's askpass takes a second ask from the same parent for
 * the same key as "that passphrase was wrong"). The time is fork of the
 * intermediate to its exit, seen by a blocking wait4 (bounded by alarm);
 * cpu_ms (user + system) and maxrss_kib are wait4's rusage of the
 * intermediate, which includes the program it waited for. The fork costs
 * the same for every contestant.
 *
 * The program's stdin is FILE (default /dev/null), its stdout a pipe, its
 * stderr /dev/null. --expect names a file holding the expected answer.
 * Without --assuan, the answer is all of stdout, which must be the file's
 * bytes exactly. With --assuan, the program is a pinentry: exittime plays
 * SCRIPT to it as datatime does (greeting, each line waiting for its OK or
 * ERR, the last one, GETPIN, too), expects a D line (`D ` and the file's
 * text), then sends BYE and reads to the end.
 *
 * Prints "total_ms=<float> cpu_ms=<float> maxrss_kib=<int> exit=<status>
 * answered=<0|1>"; answered=0 (said on stderr) when the answer was
 * missing or not the expected one, or on the timeout (10 s), where the
 * process group is killed. table.py leaves such runs out and counts them.
 *
 * Exit: 0 measured (answered or not); 1 usage or system error.
 * Build: cc -O2 -Wall -Wextra -Werror exittime.c -o exittime
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include "assuan.h"
#include "child.h"

#define TIMEOUT_S 10
#define OUTPUT_MAX 65536

static volatile sig_atomic_t timed_out;
static volatile pid_t group;
/* The timeout: kills the process group, which ends the program's stdout
 * and lets the blocking read and wait4 return. */
static void on_alarm(int sig)
{
    (void)sig;
    timed_out = 1;
    kill(-group, SIGKILL);
}

/* The Assuan conversation: 1 when the last request got a D line that is
 * "D expect" (any D line without --expect). */
static int converse(int to, int from, char script[][ASSUAN_LINE], int lines, const char *expect,
                    double deadline)
{
    char line[ASSUAN_LINE];
    if (assuan_await_greeting(from, deadline) != 0) {
        fprintf(stderr, "exittime: no greeting\n");
        return 0;
    }
    if (assuan_play(to, from, script, lines - 1, deadline) != 0)
        return 0;
    if (assuan_write_line(to, script[lines - 1]) != 0)
        return 0;
    int answered = 0;
    for (;;) {
        if (assuan_read_line(from, line, sizeof line, deadline) < 0) {
            fprintf(stderr, "exittime: no answer to %s\n", script[lines - 1]);
            return 0;
        }
        if (strncmp(line, "D ", 2) == 0) {
            answered = !expect || strcmp(line + 2, expect) == 0;
            if (!answered)
                fprintf(stderr, "exittime: %s answered another D line\n", script[lines - 1]);
        }
        if (strncmp(line, "OK", 2) == 0 || strncmp(line, "ERR", 3) == 0)
            break;
    }
    if (!answered) {
        fprintf(stderr, "exittime: %s answered %s\n", script[lines - 1], line);
        return 0;
    }
    assuan_write_line(to, "BYE");
    return 1;
}

int main(int argc, char **argv)
{
    const char *stdin_path = "/dev/null", *expect_path = NULL, *script_path = NULL;
    int a = 1;
    for (; a + 1 < argc && strcmp(argv[a], "--") != 0; a += 2) {
        if (strcmp(argv[a], "--stdin") == 0)
            stdin_path = argv[a + 1];
        else if (strcmp(argv[a], "--expect") == 0)
            expect_path = argv[a + 1];
        else if (strcmp(argv[a], "--assuan") == 0)
            script_path = argv[a + 1];
        else
            break;
    }
    if (a + 1 >= argc || strcmp(argv[a], "--") != 0) {
        fprintf(stderr, "usage: exittime [--stdin FILE] [--expect FILE] [--assuan SCRIPT]"
                        " -- PROGRAM ARGS...\n");
        return 1;
    }
    char **prog = argv + a + 1;
    static char expected[OUTPUT_MAX + 1];
    const char *expect = NULL;
    size_t expect_len = 0;
    if (expect_path) {
        FILE *f = fopen(expect_path, "rb");
        if (!f) {
            perror(expect_path);
            return 1;
        }
        expect_len = fread(expected, 1, OUTPUT_MAX, f);
        fclose(f);
        expect = expected;
    }
    static char script[ASSUAN_SCRIPT_LINES][ASSUAN_LINE];
    int lines = 0;
    if (script_path && (lines = assuan_read_script(script_path, script)) < 0)
        return 1;
    int input = open(stdin_path, O_RDONLY | O_CLOEXEC);
    if (input < 0) {
        perror(stdin_path);
        return 1;
    }

    int to_child[2] = { -1, -1 }, from_child[2];
    if ((script_path && pipe2(to_child, O_CLOEXEC) != 0) || pipe2(from_child, O_CLOEXEC) != 0) {
        perror("exittime: pipe");
        return 1;
    }
    signal(SIGPIPE, SIG_IGN);
    struct sigaction alarm_action = { .sa_handler = on_alarm }; /* no SA_RESTART */
    sigaction(SIGALRM, &alarm_action, NULL);

    double start = now_ms();
    pid_t middle = fork();
    if (middle < 0) {
        perror("exittime: fork");
        return 1;
    }
    if (middle == 0) {
        /* The program's parent, in a process group of its own. */
        setpgid(0, 0);
        pid_t pid = fork();
        if (pid == 0) {
            int null = open("/dev/null", O_RDWR);
            dup2(script_path ? to_child[0] : input, 0), dup2(from_child[1], 1), dup2(null, 2);
            signal(SIGPIPE, SIG_DFL);
            execvp(prog[0], prog);
            _exit(127);
        }
        /* Only the program holds the pipes' ends, so its exit ends stdout. */
        close(from_child[1]), close(from_child[0]), close(input);
        if (script_path)
            close(to_child[0]), close(to_child[1]);
        int st;
        while (pid > 0 && waitpid(pid, &st, 0) < 0 && errno == EINTR)
            ;
        _exit(pid > 0 ? status_code(st) : 127);
    }
    setpgid(middle, middle);
    group = middle;
    alarm(TIMEOUT_S);
    close(from_child[1]), close(input);
    if (script_path)
        close(to_child[0]);

    int answered = 0;
    static char output[OUTPUT_MAX + 1];
    size_t have = 0;
    if (script_path
        && !(answered = converse(to_child[1], from_child[0], script, lines, expect,
                                 start + TIMEOUT_S * 1000.0)))
        kill(-middle, SIGKILL); /* not a number: no need to wait for it */
    /* Reads stdout to its end (all of it without --assuan; after BYE, what
     * is left): a blocking read, which the alarm interrupts. */
    for (;;) {
        char spill[4096];
        char *into = script_path || have == OUTPUT_MAX ? spill : output + have;
        size_t room = script_path || have == OUTPUT_MAX ? sizeof spill : OUTPUT_MAX - have;
        ssize_t got = read(from_child[0], into, room);
        if (got > 0 && into != spill)
            have += (size_t)got;
        if (got == 0 || (got < 0 && errno != EINTR))
            break;
    }
    output[have] = 0;
    if (!script_path) {
        answered = !expect || (have == expect_len && memcmp(output, expect, have) == 0);
        if (!answered)
            fprintf(stderr, "exittime: %s wrote %zu bytes, not the expected answer\n", prog[0],
                    have);
    }

    int st = 0;
    struct rusage use;
    pid_t got = -1;
    while ((got = wait4(middle, &st, 0, &use)) < 0 && errno == EINTR)
        ;
    double end = now_ms();
    alarm(0);
    if (got != middle) {
        perror("exittime: wait4");
        return 1;
    }
    if (timed_out) {
        fprintf(stderr, "exittime: %s did not exit within %d s\n", prog[0], TIMEOUT_S);
        answered = 0;
    }
    double cpu_ms = (use.ru_utime.tv_sec + use.ru_stime.tv_sec) * 1e3
                    + (use.ru_utime.tv_usec + use.ru_stime.tv_usec) / 1e3;
    printf("total_ms=%.2f cpu_ms=%.2f maxrss_kib=%ld exit=%d answered=%d\n", end - start, cpu_ms,
           use.ru_maxrss, status_code(st), answered);
    return 0;
}
