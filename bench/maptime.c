/* maptime: time from fork to the first top-level window map of a program.
 *
 * Usage: maptime [--close] [--settle MS] [--assuan SCRIPT] -- PROGRAM ARGS...
 *
 * Prints "map_ms=<float> rss_kib=<int> anon_kib=<int> file_kib=<int>":
 * milliseconds (CLOCK_MONOTONIC) from just before fork until the X server
 * reported the MapNotify of a top-level window (a non-override-redirect child
 * of the root; run without a window manager) whose _NET_WM_PID is the child's
 * pid, or that has no _NET_WM_PID; and the child's VmRSS, RssAnon and RssFile
 * (from /proc/PID/status) at that moment. VmRSS = RssAnon + RssFile + RssShmem. Then the child is stopped: SIGTERM,
 * SIGKILL after 1 s. With --close it is first asked to close the window
 * (WM_DELETE_WINDOW, as a window manager's close button does) and given 1 s,
 * and " exit=<status>" is appended (status, or 128+signal).
 *
 *
 * --settle MS: the memory is read MS milliseconds after the map instead, for
 * what a program loads after its first frame (login-form's window icon).
 *
 * --assuan SCRIPT: PROGRAM is a pinentry. Its stdin and stdout are pipes;
 * maptime reads its greeting ("OK ..."), then sends SCRIPT's lines one at a
 * time as gpg-agent does (each waits for the OK or ERR that ends its answer;
 * lines starting with '#' are skipped), except the last one (GETPIN), which
 * it sends without waiting. It appends " ready_ms=<float> request_ms=<float>":
 * fork to greeting, and last line sent to MapNotify; map_ms stays fork to map.
 *
 * Exit: 0 measured; 1 usage/X error; 2 timeout (10 s); 3 child exited early.
 * Build: cc -O2 -Wall -Wextra -Werror maptime.c -o maptime -lX11
 */
#define _GNU_SOURCE
#include <X11/Xlib.h>
#include <X11/Xatom.h>
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

#include "assuan.h"
#include "child.h"

#define TIMEOUT_MS 10000

static int sig_pipe[2];

static void on_sigchld(int sig)
{
    (void)sig;
    int saved = errno;
    (void)!write(sig_pipe[1], "c", 1);
    errno = saved;
}

static int ignore_x_error(Display *d, XErrorEvent *e) { (void)d; (void)e; return 0; }

/* The window's _NET_WM_PID, or -1 if it has none. */
static long window_pid(Display *d, Window w, Atom net_wm_pid)
{
    Atom type;
    int format;
    unsigned long n, after;
    unsigned char *data = NULL;
    long pid = -1;
    if (XGetWindowProperty(d, w, net_wm_pid, 0, 1, False, XA_CARDINAL, &type,
                           &format, &n, &after, &data) == Success
        && type == XA_CARDINAL && format == 32 && n == 1)
        pid = (long)*(unsigned long *)data;
    if (data)
        XFree(data);
    return pid;
}

static void send_close(Display *d, Window w)
{
    XEvent ev = { .xclient = {
        .type = ClientMessage, .window = w, .format = 32,
        .message_type = XInternAtom(d, "WM_PROTOCOLS", False) } };
    ev.xclient.data.l[0] = (long)XInternAtom(d, "WM_DELETE_WINDOW", False);
    ev.xclient.data.l[1] = CurrentTime;
    XSendEvent(d, w, False, NoEventMask, &ev);
    XFlush(d);
}

int main(int argc, char **argv)
{
    int close_mode = 0, settle_ms = 0, i = 1;
    const char *script_path = NULL;
    if (i < argc && strcmp(argv[i], "--close") == 0)
        close_mode = 1, i++;
    if (i + 1 < argc && strcmp(argv[i], "--settle") == 0)
        settle_ms = atoi(argv[i + 1]), i += 2;
    if (i + 1 < argc && strcmp(argv[i], "--assuan") == 0)
        script_path = argv[i + 1], i += 2;
    if (i >= argc || strcmp(argv[i], "--") != 0 || i + 1 >= argc) {
        fprintf(stderr,
                "usage: maptime [--close] [--settle MS] [--assuan SCRIPT] -- PROGRAM ARGS...\n");
        return 1;
    }
    char script[ASSUAN_SCRIPT_LINES][ASSUAN_LINE];
    int script_lines = 0;
    if (script_path && (script_lines = assuan_read_script(script_path, script)) < 0)
        return 1;
    char **prog = argv + i + 1;

    Display *d = XOpenDisplay(NULL);
    if (!d) {
        fprintf(stderr, "maptime: cannot open display '%s'\n", XDisplayName(NULL));
        return 1;
    }
    XSetErrorHandler(ignore_x_error); /* windows may vanish before we look */
    Window root = DefaultRootWindow(d);
    Atom net_wm_pid = XInternAtom(d, "_NET_WM_PID", False);
    XSelectInput(d, root, SubstructureNotifyMask);
    XSync(d, False);

    if (pipe2(sig_pipe, O_CLOEXEC | O_NONBLOCK) != 0) {
        perror("maptime: pipe");
        return 1;
    }
    signal(SIGCHLD, on_sigchld);
    int exec_pipe[2]; /* carries errno if execvp fails */
    if (pipe2(exec_pipe, O_CLOEXEC) != 0) {
        perror("maptime: pipe");
        return 1;
    }

    int to_child[2] = { -1, -1 }, from_child[2] = { -1, -1 };
    if (script_path && (pipe2(to_child, O_CLOEXEC) != 0 || pipe2(from_child, O_CLOEXEC) != 0)) {
        perror("maptime: pipe");
        return 1;
    }
    signal(SIGPIPE, SIG_IGN);

    double start = now_ms();
    pid_t pid = fork();
    if (pid < 0) {
        perror("maptime: fork");
        return 1;
    }
    if (pid == 0) {
        setpgid(0, 0);
        signal(SIGCHLD, SIG_DFL);
        int null = open("/dev/null", O_RDWR);
        dup2(null, 0), dup2(null, 1), dup2(null, 2);
        if (script_path)
            dup2(to_child[0], 0), dup2(from_child[1], 1);
        signal(SIGPIPE, SIG_DFL);
        execvp(prog[0], prog);
        int err = errno;
        (void)!write(exec_pipe[1], &err, sizeof err);
        _exit(127);
    }
    setpgid(pid, pid); /* also from here, so kill(-pid) cannot race exec */
    close(exec_pipe[1]);

    double ready_ms = 0, request_start = 0;
    if (script_path) {
        close(to_child[0]), close(from_child[1]);
        double deadline = start + TIMEOUT_MS;
        if (assuan_await_greeting(from_child[0], deadline) != 0) {
            fprintf(stderr, "maptime: %s sent no greeting\n", prog[0]);
            stop_child(pid);
            return 3;
        }
        ready_ms = now_ms() - start;
        if (assuan_play(to_child[1], from_child[0], script, script_lines - 1, deadline) != 0) {
            stop_child(pid);
            return 3;
        }
        request_start = now_ms();
        if (assuan_write_line(to_child[1], script[script_lines - 1]) != 0) {
            fprintf(stderr, "maptime: cannot send %s\n", script[script_lines - 1]);
            stop_child(pid);
            return 3;
        }
    }

    Window win = None;
    double map_at = 0;
    double map_ms = 0;
    Memory mem = { -1, -1, -1 };
    while (win == None) {
        while (win == None && XPending(d)) {
            XEvent ev;
            XNextEvent(d, &ev);
            if (ev.type != MapNotify || ev.xmap.event != root || ev.xmap.override_redirect)
                continue;
            double t = now_ms();
            long wpid = window_pid(d, ev.xmap.window, net_wm_pid);
            if (wpid != -1 && wpid != pid)
                continue; /* another program's window */
            win = ev.xmap.window;
            map_ms = t - start;
            map_at = t;
            mem = memory_kib(pid);
        }
        if (win != None)
            break;

        int st, err;
        if (waitpid(pid, &st, WNOHANG) == pid) {
            if (read(exec_pipe[0], &err, sizeof err) == sizeof err)
                fprintf(stderr, "maptime: cannot run %s: %s\n", prog[0], strerror(err));
            else
                fprintf(stderr, "maptime: %s exited (status %d) before mapping a window\n",
                        prog[0], status_code(st));
            return 3;
        }
        int left = TIMEOUT_MS - (int)(now_ms() - start);
        if (left <= 0) {
            fprintf(stderr, "maptime: %s mapped no window within %d s\n",
                    prog[0], TIMEOUT_MS / 1000);
            stop_child(pid);
            return 2;
        }
        struct pollfd fds[2] = { { ConnectionNumber(d), POLLIN, 0 },
                                 { sig_pipe[0], POLLIN, 0 } };
        if (poll(fds, 2, left) > 0 && (fds[1].revents & POLLIN)) {
            char buf[16];
            while (read(sig_pipe[0], buf, sizeof buf) > 0)
                ;
        }
    }

    if (settle_ms > 0) {
        /* The X connection is left unread meanwhile: the child does not
           depend on it, and nothing here waits for an event. */
        double until = map_at + settle_ms;
        while (now_ms() < until)
            usleep(10000);
        mem = memory_kib(pid);
    }
    printf("map_ms=%.2f rss_kib=%ld anon_kib=%ld file_kib=%ld", map_ms, mem.rss, mem.anon,
           mem.file);
    if (script_path)
        printf(" ready_ms=%.2f request_ms=%.2f", ready_ms, map_at - request_start);
    int code;
    if (close_mode) {
        send_close(d, win);
        if ((code = reap_within(pid, 1000)) < 0)
            code = stop_child(pid);
        printf(" exit=%d", code);
    } else {
        stop_child(pid);
    }
    printf("\n");
    XCloseDisplay(d);
    return 0;
}
