"""A real terminal for the end-to-end tests of the terminal prompt: a
pseudo-terminal whose slave side is the terminal login-form asks on, read
from and typed into through its master side, as a person at it would.

A program is started on it in a session of its own whose controlling
terminal it is (`setsid --ctty`, the terminal as standard input), as from
a shell; or, with `job=True`, as a job of such a session (its own process
group, in the foreground, with a parent in the session), the only way a
stop (SIGTSTP) really stops it: the kernel discards one sent to an
orphaned process group.
"""

import fcntl
import os
import pty
import select
import struct
import subprocess
import sys
import termios
import threading
import time

from harness import poll

# Runs argv[1:] as the foreground job of this session and exits with its
# status; the parent stays, so the job's process group is not orphaned.
JOB = r"""
import os, signal, sys
tty = os.open("/dev/tty", os.O_RDWR)
pid = os.fork()
if pid == 0:
    os.setpgid(0, 0)
    signal.signal(signal.SIGTTOU, signal.SIG_IGN)
    os.tcsetpgrp(tty, os.getpgrp())
    signal.signal(signal.SIGTTOU, signal.SIG_DFL)
    os.execv(sys.argv[1], sys.argv[1:])
while True:
    _, status = os.waitpid(pid, 0)
    if os.WIFEXITED(status) or os.WIFSIGNALED(status):
        sys.exit(os.waitstatus_to_exitcode(status) & 0xFF)
"""


class PseudoTerminal:
    """A pseudo-terminal of 80 columns, closed when the test ends. What
    appears on it is collected by a thread as it comes."""

    def __init__(self, test, columns=80):
        self.master, self.slave = pty.openpty()
        self.path = os.ttyname(self.slave)
        fcntl.ioctl(self.slave, termios.TIOCSWINSZ, struct.pack("HHHH", 24, columns, 0, 0))
        self._output = bytearray()
        self._lock = threading.Lock()
        self._closed = False
        self._reader = threading.Thread(target=self._read, daemon=True)
        self._reader.start()
        test.addCleanup(self.close)

    def _read(self):
        # Never blocked in read(): a descriptor closed under a blocked read
        # stays open until the read returns, and the terminal would not
        # hang up.
        while not self._closed:
            if not select.select([self.master], [], [], 0.05)[0]:
                continue
            try:
                chunk = os.read(self.master, 4096)
            except OSError:
                return
            if not chunk:
                return
            with self._lock:
                self._output += chunk

    @property
    def output(self):
        """Every byte that appeared on the terminal so far."""
        with self._lock:
            return bytes(self._output)

    def text(self):
        return self.output.decode("utf-8", errors="replace")

    def mark(self):
        """Where the output is now, for `wait_for(..., since=)`."""
        return len(self.output)

    def after(self, marker, count=1, timeout=10.0):
        """Waits for the `count`th `marker` (bytes or str); returns the byte
        offset right after it."""
        if isinstance(marker, str):
            marker = marker.encode()
        self.wait_for(marker, count=count, timeout=timeout)
        offset = -len(marker)
        for _ in range(count):
            offset = self.output.index(marker, offset + len(marker))
        return offset + len(marker)

    def wait_for(self, expected, count=1, since=0, timeout=10.0):
        """Waits until `expected` (bytes or str) appeared `count` times after
        the byte offset `since`; returns the output up to then."""
        if isinstance(expected, str):
            expected = expected.encode()
        poll(lambda: self.output[since:].count(expected) >= count, timeout=timeout,
             message=f"{expected!r} ×{count} on the terminal", now=lambda: self.output[since:])
        return self.output

    def type(self, keys):
        """Types `keys` (str or bytes) as a person would, a key at a time."""
        if isinstance(keys, str):
            keys = keys.encode()
        for byte in keys:
            os.write(self.master, bytes([byte]))
            time.sleep(0.005)

    def settings(self):
        """What `stty -a` says about the terminal now."""
        return subprocess.run(["stty", "-a"], stdin=self.slave, capture_output=True,
                              check=True).stdout

    def start(self, argv, env, job=False, **popen):
        """Starts `argv` on this terminal as its controlling terminal (with
        `job`, as the foreground job of a session); standard input is the
        terminal, output goes where `popen` says (captured by default)."""
        if job:
            argv = [sys.executable, "-c", JOB, *argv]
        popen.setdefault("stdout", subprocess.PIPE)
        popen.setdefault("stderr", subprocess.PIPE)
        # Every signal at its default, as a shell at a terminal starts a
        # command: a run in the background (make test from a script with
        # &) ignores SIGINT and SIGQUIT, and what a program inherits
        # ignored stays ignored in the prompt too.
        return subprocess.Popen(["setsid", "--ctty", "env", "--default-signal", *argv], env=env,
                                stdin=self.slave, **popen)

    def foreground_process(self):
        """The process group in the terminal's foreground (a job's leader)."""
        return os.tcgetpgrp(self.master)

    def hang_up(self):
        """The terminal goes away, as when its window is closed."""
        if not self._closed:
            self._closed = True
            self._reader.join(timeout=5)
            os.close(self.master)

    def close(self):
        self.hang_up()
        os.close(self.slave)


def flag(settings, name):
    """Whether `stty -a` output `settings` has the flag `name` on."""
    words = settings.split()
    if name.encode() in words:
        return True
    if b"-" + name.encode() in words:
        return False
    raise AssertionError(f"stty -a does not mention {name}: {settings!r}")


def process_state(pid):
    """The state letter of a process (`T` when stopped), or None once gone."""
    try:
        with open(f"/proc/{pid}/stat") as stat:
            return stat.read().rsplit(")", 1)[1].split()[0]
    except FileNotFoundError:
        return None
