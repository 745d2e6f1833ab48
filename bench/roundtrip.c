/* roundtrip: a whole credential round trip with scripted typing: runs a
 * client (gpg, ssh-add, ...) that makes some program show a prompt window,
 * types into that window as soon as it is mapped, and times the client from
 * fork to exit.
 *
 * Usage: roundtrip [--keys "XDOTOOL ARGS[ ; XDOTOOL ARGS]..."] -- CLIENT ARGS...
 *
 * The prompt is the client's descendant, so the first MapNotify of any
 * top-level window (a non-override-redirect child of the root; run without a
 * window manager) counts. Then `xdotool windowfocus --sync WINDOW` focuses
 * it (there is no window manager to do it) and `xdotool ARGS` types, once
 * for each ";"-separated part (words split at spaces): `type` takes every
 * word after it as text, so `key Return` needs an xdotool of its own.
 * Prints "total_ms=<float> map_ms=<float> exit=<status>": fork to the
 * client's exit, fork to the map; the client's status (128+signal if killed).
 *
 * Exit: 0 measured (whatever the client's status); 1 usage/X error;
 *       2 timeout (20 s; the client's process group is killed).
 * Build: cc -O2 -Wall -Wextra -Werror roundtrip.c -o roundtrip -lX11
 */
#define _GNU_SOURCE
#include <X11/Xlib.h>
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "child.h"

#define TIMEOUT_MS 20000

static int ignore_x_error(Display *d, XErrorEvent *e) { (void)d; (void)e; return 0; }

static pid_t spawn(char **argv, int new_group)
{
    pid_t pid = fork();
    if (pid == 0) {
        if (new_group)
            setpgid(0, 0);
        int null = open("/dev/null", O_RDWR);
        dup2(null, 0), dup2(null, 1);
        if (!getenv("ROUNDTRIP_STDERR"))
            dup2(null, 2);
        execvp(argv[0], argv);
        _exit(127);
    }
    if (new_group && pid > 0)
        setpgid(pid, pid);
    return pid;
}

static void run(char **argv)
{
    int st;
    pid_t pid = spawn(argv, 0);
    if (pid > 0)
        waitpid(pid, &st, 0);
}

/* Focuses win with xdotool, then runs xdotool once per ";"-separated part
 * of keys. */
static void type_into(Window win, const char *keys)
{
    char id[32], *copy = strdup(keys ? keys : ""), *part_end;
    snprintf(id, sizeof id, "%lu", (unsigned long)win);
    char *focus[] = { "xdotool", "windowfocus", "--sync", id, NULL };
    run(focus);
    for (char *part = strtok_r(copy, ";", &part_end); part; part = strtok_r(NULL, ";", &part_end)) {
        char *argv[128] = { "xdotool" }, *word_end;
        int n = 1;
        for (char *w = strtok_r(part, " ", &word_end); w && n < 127; w = strtok_r(NULL, " ", &word_end))
            argv[n++] = w;
        argv[n] = NULL;
        if (n > 1)
            run(argv);
    }
    free(copy);
}

int main(int argc, char **argv)
{
    const char *keys = NULL;
    int i = 1;
    if (i + 1 < argc && strcmp(argv[i], "--keys") == 0)
        keys = argv[i + 1], i += 2;
    if (i >= argc || strcmp(argv[i], "--") != 0 || i + 1 >= argc) {
        fprintf(stderr, "usage: roundtrip [--keys \"XDOTOOL ARGS\"] -- CLIENT ARGS...\n");
        return 1;
    }
    Display *d = XOpenDisplay(NULL);
    if (!d) {
        fprintf(stderr, "roundtrip: cannot open display '%s'\n", XDisplayName(NULL));
        return 1;
    }
    XSetErrorHandler(ignore_x_error);
    XSelectInput(d, DefaultRootWindow(d), SubstructureNotifyMask);
    XSync(d, False);

    double start = now_ms();
    pid_t pid = spawn(argv + i + 1, 1);
    if (pid < 0) {
        perror("roundtrip: fork");
        return 1;
    }
    double map_ms = -1;
    int st;
    for (;;) {
        while (map_ms < 0 && XPending(d)) {
            XEvent ev;
            XNextEvent(d, &ev);
            if (ev.type != MapNotify || ev.xmap.event != DefaultRootWindow(d)
                || ev.xmap.override_redirect)
                continue;
            map_ms = now_ms() - start;
            type_into(ev.xmap.window, keys);
        }
        if (waitpid(pid, &st, WNOHANG) == pid)
            break;
        if (now_ms() - start > TIMEOUT_MS) {
            fprintf(stderr, "roundtrip: %s did not finish within %d s\n", argv[i + 1],
                    TIMEOUT_MS / 1000);
            kill(-pid, SIGKILL);
            waitpid(pid, &st, 0);
            return 2;
        }
        struct pollfd p = { ConnectionNumber(d), POLLIN, 0 };
        poll(&p, 1, 5); /* the client's exit is polled every 5 ms */
    }
    double total = now_ms() - start;
    printf("total_ms=%.2f map_ms=%.2f exit=%d\n", total, map_ms, status_code(st));
    XCloseDisplay(d);
    return 0;
}
