/* datatime: time from fork to a pinentry's D line, for a GETPIN that the
 * password manager answers (no window).
 *
 * Usage: datatime --assuan SCRIPT -- PROGRAM ARGS...
 *
 * PROGRAM is a pinentry with pipes for stdin and stdout. datatime reads its
 * greeting, sends SCRIPT's lines one at a time as gpg-agent does (each waits
 * for the OK or ERR that ends its answer), the last one (GETPIN) too, and
 * reads its answer. Prints "data_ms=<float> ready_ms=<float>
 * request_ms=<float> cached=<0|1> exit=<status>": fork to the D line, fork
 * to the greeting, GETPIN sent to the D line, whether `S
 * PASSWORD_FROM_CACHE` came first, and the status after BYE. A GETPIN
 * answered without a D line (a window, an error) is a failed run.
 *
 * Exit: 0 measured; 1 usage error; 2 timeout (10 s); 3 no D line.
 * Build: cc -O2 -Wall -Wextra -Werror datatime.c -o datatime
 */
#define _GNU_SOURCE
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "assuan.h"
#include "child.h"

#define TIMEOUT_MS 10000

int main(int argc, char **argv)
{
    if (argc < 5 || strcmp(argv[1], "--assuan") != 0 || strcmp(argv[3], "--") != 0) {
        fprintf(stderr, "usage: datatime --assuan SCRIPT -- PROGRAM ARGS...\n");
        return 1;
    }
    char script[ASSUAN_SCRIPT_LINES][ASSUAN_LINE];
    int lines = assuan_read_script(argv[2], script);
    if (lines < 0)
        return 1;
    char **prog = argv + 4;

    int to_child[2], from_child[2];
    if (pipe2(to_child, O_CLOEXEC) != 0 || pipe2(from_child, O_CLOEXEC) != 0) {
        perror("datatime: pipe");
        return 1;
    }
    signal(SIGPIPE, SIG_IGN);
    double start = now_ms();
    pid_t pid = fork();
    if (pid < 0) {
        perror("datatime: fork");
        return 1;
    }
    if (pid == 0) {
        setpgid(0, 0);
        int null = open("/dev/null", O_RDWR);
        dup2(to_child[0], 0), dup2(from_child[1], 1), dup2(null, 2);
        signal(SIGPIPE, SIG_DFL);
        execvp(prog[0], prog);
        _exit(127);
    }
    setpgid(pid, pid);
    close(to_child[0]), close(from_child[1]);

    double deadline = start + TIMEOUT_MS;
    char line[ASSUAN_LINE];
    if (assuan_await_greeting(from_child[0], deadline) != 0) {
        fprintf(stderr, "datatime: %s sent no greeting\n", prog[0]);
        stop_child(pid);
        return 3;
    }
    double ready_ms = now_ms() - start;
    if (assuan_play(to_child[1], from_child[0], script, lines - 1, deadline) != 0) {
        stop_child(pid);
        return 3;
    }
    double request_start = now_ms();
    if (assuan_write_line(to_child[1], script[lines - 1]) != 0) {
        stop_child(pid);
        return 3;
    }
    int cached = 0;
    double data_at = -1;
    for (;;) {
        if (assuan_read_line(from_child[0], line, sizeof line, deadline) < 0) {
            fprintf(stderr, "datatime: %s did not answer %s in time\n", prog[0],
                    script[lines - 1]);
            stop_child(pid);
            return 2;
        }
        if (strcmp(line, "S PASSWORD_FROM_CACHE") == 0)
            cached = 1;
        if (strncmp(line, "D ", 2) == 0) {
            data_at = now_ms();
            break;
        }
        if (strncmp(line, "OK", 2) == 0 || strncmp(line, "ERR", 3) == 0)
            break;
    }
    if (data_at < 0) {
        fprintf(stderr, "datatime: %s answered %s without a D line: %s\n", prog[0],
                script[lines - 1], line);
        stop_child(pid);
        return 3;
    }
    assuan_await_answer(from_child[0], deadline, script[lines - 1]);
    assuan_write_line(to_child[1], "BYE");
    int code = reap_within(pid, 1000);
    if (code < 0)
        code = stop_child(pid);
    printf("data_ms=%.2f ready_ms=%.2f request_ms=%.2f cached=%d exit=%d\n", data_at - start,
           ready_ms, data_at - request_start, cached, code);
    return 0;
}
