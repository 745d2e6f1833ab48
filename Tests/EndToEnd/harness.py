"""End-to-end helpers: run the built login-form as a person would.

Each test starts the real binary with a title of its own, waits for its
window on the X display, types into it with xdotool (real key events through
XTEST) and reads the widgets back over AT-SPI, as a screen reader would.
Windows that another program started (ssh-add, sudo, git, gpg-agent: see
clients.py) are found by their WM_CLASS and process instead (ClientWindow).

Needs a display and a session bus (run under `xvfb-run -a dbus-run-session --`),
xdotool, and Debian's /usr/bin/python3 with pyatspi. Without a display the
tests are skipped, except under CI=true, where they fail.
"""

import contextlib
import ctypes
import ctypes.util
import glob
import itertools
import os
import re
import shutil
import signal
import subprocess
import tempfile
import time
import unittest

# The debug build of this checkout (/work/main/.build/debug/login-form here),
# unless LOGIN_FORM names another binary.
BINARY = os.environ.get("LOGIN_FORM") or os.path.join(
    os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))),
    ".build", "debug", "login-form")
# gpg-agent's quick pinentry, which becomes the binary above when it must
# show something: the one beside it.
PINENTRY = os.path.join(os.path.dirname(BINARY), "pinentry-login-form")

# How long to wait for things a person would see at once. Generous, since
# only a failure ever waits the whole time, and a loaded 2-core machine
# running a debug build must never reach them.
WINDOW_TIMEOUT = 60.0
STATE_TIMEOUT = 20.0
EXIT_TIMEOUT = 30.0

# Between two typed characters; xdotool's own default is 12 ms.
TYPE_DELAY_MS = 30

_counter = itertools.count(1)


# The roles of the program's windows over AT-SPI: a form, a question, a
# notice (and GTK's default, which none of them should keep).
TOP_LEVEL_ROLES = ("dialog", "alert", "notification", "frame")


def loaded_libraries(traces):
    """The libraries (their file names) that the dynamic loader's traces in
    the directory `traces` (LD_DEBUG=files, LD_DEBUG_OUTPUT=traces/NAME)
    say were loaded, in every process that wrote one."""
    names = set()
    for path in glob.glob(os.path.join(traces, "*")):
        with open(path) as trace:
            names.update(re.findall(r"\bfile=(\S+) \[", trace.read()))
    return names


def in_ci():
    return os.environ.get("CI", "").lower() in ("1", "true", "yes")


def missing_prerequisites():
    """What this machine lacks to run the tests, in words; empty if nothing."""
    missing = []
    if not os.environ.get("DISPLAY"):
        missing.append("DISPLAY is not set (run under xvfb-run)")
    if not os.environ.get("DBUS_SESSION_BUS_ADDRESS"):
        missing.append("no session bus (run under dbus-run-session)")
    if shutil.which("xdotool") is None:
        missing.append("xdotool is not installed")
    if pyatspi is None:
        missing.append("pyatspi is not importable (use /usr/bin/python3, "
                       "install python3-pyatspi)")
    if not os.access(BINARY, os.X_OK):
        missing.append(f"{BINARY} is not built (swift build)")
    return missing


try:
    import pyatspi  # Debian's python3-pyatspi
    from gi.repository import Atspi
except ImportError:  # reported by missing_prerequisites()
    pyatspi = Atspi = None


def unique_title(hint="t"):
    """A window title no other prompt on the display has: letters, digits and
    dashes only, so it can go into xdotool's regular expression as it is."""
    safe = "".join(c if c.isalnum() else "-" for c in hint)[:40]
    return f"e2e-{safe}-{os.getpid()}-{next(_counter)}"


def poll(predicate, timeout=STATE_TIMEOUT, interval=0.02, message=None, now=None):
    """Calls `predicate` until it returns something truthy and returns that;
    raises AssertionError after `timeout` seconds. Exceptions from the
    predicate (an accessible object going away, say) count as "not yet".
    `now`, if given, is called at the deadline and what it returns (or
    raises) is added to the failure, to say what there was instead."""
    deadline = time.monotonic() + timeout
    last_error = None
    while True:
        try:
            value = predicate()
            if value:
                return value
        except Exception as error:  # noqa: BLE001 - retried until the deadline
            last_error = error
        if time.monotonic() >= deadline:
            detail = f" (last error: {last_error!r})" if last_error else ""
            if now is not None:
                try:
                    detail += f"; now {now()!r}"
                except Exception as failure:  # noqa: BLE001 - only for the message
                    detail += f"; now {failure!r}"
            raise AssertionError(
                (message or f"timed out after {timeout}s waiting for {predicate}") + detail)
        time.sleep(interval)


def xdotool(*args, timeout=10.0):
    result = subprocess.run(["xdotool", *args], stdin=subprocess.DEVNULL,
                            capture_output=True, timeout=timeout)
    return result


def xdotool_or_fail(*args, timeout=10.0):
    """Runs xdotool and fails the test, naming the subcommand, if it fails."""
    result = xdotool(*args, timeout=timeout)
    if result.returncode != 0:
        raise AssertionError(f"xdotool {args[0]} failed: {result.stderr!r}")
    return result


def click_at(x, y):
    """Clicks at (x, y). xdotool's `mousemove --sync` waits forever when the
    pointer is there already (two tests clicking the same button), so move
    first and poll for the pointer."""
    xdotool_or_fail("mousemove", str(x), str(y))
    where = f"X={x}\nY={y}\n".encode()
    poll(lambda: where in xdotool("getmouselocation", "--shell").stdout,
         message=f"the pointer to reach {x},{y}")
    xdotool_or_fail("click", "1")


# ---------------------------------------------------------------- X11 ----

class _XClientMessageEvent(ctypes.Structure):
    _fields_ = [
        ("type", ctypes.c_int),
        ("serial", ctypes.c_ulong),
        ("send_event", ctypes.c_int),
        ("display", ctypes.c_void_p),
        ("window", ctypes.c_ulong),
        ("message_type", ctypes.c_ulong),
        ("format", ctypes.c_int),
        ("data", ctypes.c_long * 5),
    ]


class _XEvent(ctypes.Union):
    _fields_ = [("xclient", _XClientMessageEvent), ("pad", ctypes.c_long * 24)]


_xlib = None


def libx11():
    """The system's libX11 through ctypes, with the signatures the tests use."""
    global _xlib
    if _xlib is None:
        lib = ctypes.CDLL(ctypes.util.find_library("X11") or "libX11.so.6")
        lib.XOpenDisplay.restype = ctypes.c_void_p
        lib.XOpenDisplay.argtypes = [ctypes.c_char_p]
        lib.XInternAtom.restype = ctypes.c_ulong
        lib.XInternAtom.argtypes = [ctypes.c_void_p, ctypes.c_char_p, ctypes.c_int]
        lib.XSendEvent.argtypes = [ctypes.c_void_p, ctypes.c_ulong, ctypes.c_int,
                                   ctypes.c_long, ctypes.POINTER(_XEvent)]
        lib.XSync.argtypes = [ctypes.c_void_p, ctypes.c_int]
        lib.XCloseDisplay.argtypes = [ctypes.c_void_p]
        lib.XDefaultRootWindow.restype = ctypes.c_ulong
        lib.XDefaultRootWindow.argtypes = [ctypes.c_void_p]
        lib.XQueryPointer.argtypes = [ctypes.c_void_p, ctypes.c_ulong] + [
            ctypes.POINTER(ctypes.c_ulong)] * 2 + [ctypes.POINTER(ctypes.c_int)] * 4 + [
            ctypes.POINTER(ctypes.c_uint)]
        _xlib = lib
    return _xlib


def send_wm_delete_window(window_id):
    """Asks the window to close the way a window manager's close button does:
    a WM_PROTOCOLS ClientMessage carrying WM_DELETE_WINDOW (ICCCM 4.2.8.1).
    `xdotool windowkill` would instead kill the client's X connection."""
    x = libx11()
    display = x.XOpenDisplay(None)
    if not display:
        raise RuntimeError("XOpenDisplay failed")
    try:
        event = _XEvent()
        event.xclient.type = 33  # ClientMessage
        event.xclient.send_event = 1
        event.xclient.window = window_id
        event.xclient.message_type = x.XInternAtom(display, b"WM_PROTOCOLS", 0)
        event.xclient.format = 32
        event.xclient.data[0] = x.XInternAtom(display, b"WM_DELETE_WINDOW", 0)
        event.xclient.data[1] = 0  # CurrentTime
        if not x.XSendEvent(display, window_id, 0, 0, ctypes.byref(event)):
            raise RuntimeError("XSendEvent failed")
        x.XSync(display, 0)
    finally:
        x.XCloseDisplay(display)


# ------------------------------------------------------------- AT-SPI ----

def children(accessible):
    for index in range(accessible.childCount):
        child = accessible.getChildAtIndex(index)
        if child is not None:
            yield child


def walk(accessible):
    yield accessible
    for child in children(accessible):
        yield from walk(child)


def find_application(pid):
    """The AT-SPI application of process `pid`, or None."""
    desktop = pyatspi.Registry.getDesktop(0)
    for app in children(desktop):
        try:
            if app.get_process_id() == pid:
                return app
        except Exception:  # noqa: BLE001 - an application that went away
            continue
    return None


# ------------------------------------------------------------- prompt ----

def put_on_clipboard(text):
    """Owns the clipboard with `text` until another client takes it; xclip
    forks into the background to serve it."""
    subprocess.run(["xclip", "-selection", "clipboard", "-i"], input=text.encode(),
                   check=True, timeout=30)
    wait_for_clipboard(text)


def wait_for_clipboard(text):
    """Waits until the clipboard gives `text`. xclip asks for the clipboard
    in its background child, whose request waits in its buffer until that
    child runs: a paste before then pastes what the clipboard held before
    (what an earlier test put there)."""
    expected = text.encode()
    poll(lambda: subprocess.run(["xclip", "-selection", "clipboard", "-o"],
                                stdin=subprocess.DEVNULL, capture_output=True,
                                timeout=30).stdout == expected,
         message="the clipboard to hold the text")


# Non-ASCII characters given keycodes of their own by bind_keysyms, in the
# order they were bound: {character: keycode}.
_bound_keycodes = {}


def bind_keysyms(text):
    """Gives each non-ASCII character of `text` that the keyboard map lacks
    a keycode of its own, which stays. Otherwise xdotool binds a spare
    keycode for the character, sends the key and restores the map at once,
    and an application that looks the key up only after that (on a loaded
    machine) sees no character at all. The oldest binding is reused when no
    spare keycode is left but the two xdotool needs."""
    wanted = sorted({c for c in text if ord(c) > 0x7E} - set(_bound_keycodes))
    if not wanted:
        return
    from Xlib import display as xdisplay  # Debian's python3-xlib
    connection = xdisplay.Display()
    try:
        first = connection.display.info.min_keycode
        count = connection.display.info.max_keycode - first + 1
        mapping = connection.get_keyboard_mapping(first, count)
        spare = [first + i for i, keysyms in enumerate(mapping) if not any(keysyms)]
        for character in wanted:
            code = ord(character)
            keysym = code if code <= 0xFF else 0x1000000 | code  # Latin-1, else Unicode
            if connection.keysym_to_keycode(keysym):
                continue  # in the map already
            if len(spare) > 2:
                keycode = spare.pop(0)
            else:
                oldest = next(iter(_bound_keycodes))
                keycode = _bound_keycodes.pop(oldest)
            connection.change_keyboard_mapping(keycode, [(keysym, keysym)])
            _bound_keycodes[character] = keycode
        connection.sync()
    finally:
        connection.close()


def type_text(text, delay=TYPE_DELAY_MS):
    """Types `text` with real key events into whatever has the focus."""
    bind_keysyms(text)
    xdotool_or_fail("type", "--delay", str(delay), "--", text, timeout=60)


class PromptWindow:
    """What a person does with one login-form window: focus it, type, press
    keys and buttons, and read its widgets back over AT-SPI. Subclasses say
    how the window is found and which process shows it."""

    # Names of the entries whose role is "password text"; any other entry
    # is looked up as "text".
    secret_entries = frozenset({"Password"})

    def __init__(self):
        self.window = None
        self._app = None
        self._widgets = {}

    @property
    def pid(self):
        raise NotImplementedError

    def running(self):
        raise NotImplementedError

    def wait_for_window(self, timeout=WINDOW_TIMEOUT):
        raise NotImplementedError

    # Window -------------------------------------------------------------

    def focus(self):
        """Gives the window the keyboard focus (there is no window manager to
        do it) and waits for it to have it."""
        if self.window is None:
            self.wait_for_window()
        xdotool_or_fail("windowfocus", "--sync", str(self.window))
        self.wait_until(lambda: self.frame().getState().contains(pyatspi.STATE_ACTIVE),
                        "the window to become active")

    def close_window(self):
        """Closes the window as a window manager's close button would."""
        send_wm_delete_window(self.window)

    # Keyboard -----------------------------------------------------------

    def type(self, text, delay=TYPE_DELAY_MS):
        """Types `text` with real key events into whatever has the focus."""
        type_text(text, delay)

    def each_typed(self, text, entry, before=0):
        """Types `text` one character at a time into `entry` (which must have
        the focus), and after each, once the entry holds one more character
        (so the next key arrives only when this one is handled), yields how
        many it holds. `before` is how many it held to start with. A
        generator: the caller's loop body checks the state after each key.
        """
        for count, character in enumerate(text, start=before + 1):
            self.type(character)
            self.wait_for_length(entry, count)
            yield count

    def type_synced(self, text, entry, before=0):
        """Types `text` into `entry` one character at a time, waiting for each."""
        for _ in self.each_typed(text, entry, before):
            pass

    def key(self, *keys):
        xdotool_or_fail("key", "--clearmodifiers", *keys)

    # Mouse ----------------------------------------------------------------

    def click(self, button_name):
        """Clicks the middle of the named push button with the mouse."""
        # Atspi's own calls: pyatspi's query*() warn that they are deprecated.
        extents = Atspi.Component.get_extents(self.button(button_name), Atspi.CoordType.SCREEN)
        click_at(extents.x + extents.width // 2, extents.y + extents.height // 2)

    # Accessibility ------------------------------------------------------

    def app(self):
        if self._app is None:
            self._app = find_application(self.pid)
        return self._app

    def frame(self):
        """The window's own accessible: a dialog for a form, an alert for a
        question, a notification for a notice."""
        for role in TOP_LEVEL_ROLES:
            window = self.widget(role, self.title)
            if window is not None:
                return window
        return None

    def widget(self, role, name):
        """The accessible with `role` (e.g. "push button", "text",
        "password text") and `name`, or None while there is none."""
        key = (role, name)
        cached = self._widgets.get(key)
        if cached is not None:
            return cached
        app = self.app()
        if app is None:
            return None
        for accessible in walk(app):
            if accessible.name == name and accessible.getRoleName() == role:
                self._widgets[key] = accessible
                return accessible
        return None

    def widget_now(self, role, name):
        """Like `widget`, but looked up afresh: None once it is gone."""
        self._widgets.pop((role, name), None)
        return self.widget(role, name)

    def button(self, name):
        return self.widget("push button", name)

    def entry(self, name):
        """An entry by accessible name: "password text" for the names in
        `secret_entries`, "text" for "Username", and either for any other
        name (a caller's label, a translation)."""
        if name in self.secret_entries:
            return self.widget("password text", name)
        if name == "Username":
            return self.widget("text", name)
        return self.widget("password text", name) or self.widget("text", name)

    def sensitive(self, button_name="Done"):
        return self.button(button_name).getState().contains(pyatspi.STATE_SENSITIVE)

    def focused_entry_named(self, name):
        """Whether the entry whatever its role named `name` has the focus."""
        for accessible in walk(self.app()):
            if (accessible.name == name
                    and accessible.getRoleName() in ("text", "password text")):
                return accessible.getState().contains(pyatspi.STATE_FOCUSED)
        return False

    def focused_entry(self, names=("Username", "Password")):
        for name in names:
            if self.entry(name).getState().contains(pyatspi.STATE_FOCUSED):
                return name
        return None

    def length(self, entry):
        """How many characters (code points) the entry holds; the password
        entry shows one bullet per character."""
        return Atspi.Text.get_character_count(self.entry(entry))

    def text(self, entry):
        return Atspi.Text.get_text(self.entry(entry), 0, -1)

    def message(self, entry):
        """The message under the entry, which is its accessible description."""
        return self.entry(entry).description

    def wait_for_focus(self, name, timeout=STATE_TIMEOUT):
        """Waits until the entry `name` has the focus (GTK reports it a
        moment after the window became active, or after a Tab)."""
        self.wait_until(lambda: self.focused_entry() == name, f"focus in {name}", timeout,
                        now=self.focused_entry)

    def wait_until(self, predicate, what, timeout=STATE_TIMEOUT, now=None):
        return poll(predicate, timeout, message=f"timed out waiting for {what}", now=now)

    def wait_for_length(self, entry, count):
        self.wait_until(lambda: self.length(entry) == count,
                        f"{entry} to hold {count} characters")

    def paste(self, entry, text):
        """Replaces the text of the focused `entry` with `text` by Ctrl+A and
        Ctrl+V, as a person pastes, for text too long to type in good time
        (a secret entry refuses text written over AT-SPI)."""
        put_on_clipboard(text)
        self.key("ctrl+a", "ctrl+v")
        self.wait_for_length(entry, len(text))


class Prompt(PromptWindow):
    """One running login-form that the test started, and its window."""

    def __init__(self, *options, title=None, env=None, stdout=subprocess.PIPE,
                 add_title=True, stdin=subprocess.DEVNULL):
        super().__init__()
        self.title = title or unique_title()
        arguments = [BINARY, *options]
        if add_title:
            arguments.append(f"--title={self.title}")
        self.process = subprocess.Popen(
            arguments, stdin=stdin, stdout=stdout,
            stderr=subprocess.PIPE, env=env)
        self._result = None

    @property
    def pid(self):
        return self.process.pid

    def running(self):
        return self.process.poll() is None

    def wait_for_window(self, timeout=WINDOW_TIMEOUT):
        """Waits until the window is mapped, and returns its X id. Fails at
        once, with the program's stderr, if the program exits first."""
        deadline = time.monotonic() + timeout
        while True:
            found = xdotool("search", "--onlyvisible", "--name", f"^{self.title}$")
            ids = found.stdout.split()
            if ids:
                if len(ids) != 1:
                    raise AssertionError(f"{len(ids)} windows titled {self.title!r}")
                self.window = int(ids[0])
                return self.window
            if not self.running():
                rc, out, err = self.finish()
                raise AssertionError(
                    f"login-form exited ({rc}) before showing its window; "
                    f"stdout={out!r} stderr={err!r}")
            if time.monotonic() >= deadline:
                raise AssertionError(f"no window titled {self.title!r} after {timeout}s")
            time.sleep(0.05)

    def show(self):
        """Waits for the window and its accessible tree, and focuses it."""
        self.wait_for_window()
        # The first prompt of a session also starts the accessibility bus.
        self.wait_until(lambda: self.app() and any(
            widget.getRoleName() == "push button" for widget in walk(self.app())),
            "the buttons", timeout=WINDOW_TIMEOUT)
        self.focus()
        return self

    # Ending -------------------------------------------------------------

    def finish(self, timeout=EXIT_TIMEOUT):
        """Waits for the program to exit; returns (status, stdout, stderr).
        A negative status is the signal that killed it."""
        if self._result is None:
            try:
                out, err = self.process.communicate(timeout=timeout)
            except subprocess.TimeoutExpired:
                self.kill()
                raise AssertionError(f"login-form did not exit within {timeout}s")
            self._result = (self.process.returncode, out or b"", err or b"")
        return self._result

    def still_running_after(self, seconds):
        """True if the program is still running `seconds` from now."""
        try:
            self.process.wait(timeout=seconds)
        except subprocess.TimeoutExpired:
            return True
        return False

    def kill(self):
        if self.process.poll() is None:
            self.process.kill()
        try:
            self.process.communicate(timeout=5)
        except (subprocess.TimeoutExpired, ValueError):
            pass
        for stream in (self.process.stdout, self.process.stderr):
            if stream is not None and not stream.closed:
                stream.close()


def stop_group(process):
    """Ends a helper started in a session of its own (an agent, a server, a
    window manager) with everything it started: SIGTERM to its process
    group, SIGKILL after 5 seconds."""
    if process.poll() is None:
        os.killpg(process.pid, signal.SIGTERM)
        try:
            process.wait(timeout=5)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait(timeout=5)


def core_at_exit(test, pid):
    """Attaches gdb to the running process `pid`, to take a core when it
    calls exit() and then kill it; returns the core's path and gdb once it
    has let the process run on. Attached after the start, as root may
    attach to a process that is not dumpable: a prompt started under a
    debugger refuses to ask (test_startup)."""
    if shutil.which("gdb") is None:
        raise AssertionError("gdb is not installed")
    folder = tempfile.mkdtemp()
    test.addCleanup(shutil.rmtree, folder, True)
    core = os.path.join(folder, "core")
    # Its complaints about the debug information go to a file: a pipe
    # nobody reads while the prompt is up would fill and stop gdb.
    log = open(os.path.join(folder, "gdb.log"), "wb")
    test.addCleanup(log.close)
    debugger = subprocess.Popen(
        ["gdb", "-q", "-batch", "-ex", "set complaints 0", "-ex", "set pagination off",
         "-ex", "handle SIGPIPE SIGTERM SIGINT nostop noprint pass",
         "-p", str(pid), "-ex", "break exit", "-ex", "continue",
         "-ex", f"generate-core-file {core}", "-ex", "kill"],
        stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=log)
    test.addCleanup(lambda: debugger.poll() is None and debugger.kill())
    poll(lambda: _traced_and_running(pid, debugger.pid),
         message="gdb attached and let the prompt run on")
    return core, debugger


def _traced_and_running(pid, tracer):
    with open(f"/proc/{pid}/status") as status:
        fields = dict(line.split(":", 1) for line in status if ":" in line)
    return int(fields["TracerPid"]) == tracer and not fields["State"].strip().startswith("t")


def assert_core_taken(test, core):
    """Fails, with gdb's last words, unless `core_at_exit` wrote `core`."""
    with open(os.path.join(os.path.dirname(core), "gdb.log"), "rb") as log:
        test.assertTrue(os.path.exists(core), log.read().decode(errors="replace")[-2000:])


def core_copies(core, secret):
    """How many copies of `secret` the core file holds."""
    with open(core, "rb") as dump:
        return dump.read().count(secret.encode())


@contextlib.contextmanager
def temporary_runtime_dir():
    """A private XDG_RUNTIME_DIR (mode 700), removed afterwards."""
    path = tempfile.mkdtemp(prefix="login-form-runtime-")
    try:
        yield path
    finally:
        shutil.rmtree(path, ignore_errors=True)


# ------------------------------------------------------ client windows ----

# WM_CLASS of every login-form window, whatever name the program was started
# under (login-form, git-credential-login-form, pinentry-login-form): xdotool
# matches --class as a case-insensitive regular expression, anywhere in it.
WINDOW_CLASS = "login-form"


def visible_windows():
    """{X id: process id} of the login-form windows mapped on the display."""
    found = xdotool("search", "--onlyvisible", "--class", WINDOW_CLASS)
    windows = {}
    for word in found.stdout.split():
        owner = xdotool("getwindowpid", word)
        if owner.returncode == 0 and owner.stdout.strip():
            windows[int(word)] = int(owner.stdout)
    return windows


def process_start(pid):
    """When `pid` started (in clock ticks since boot), or None once it has
    ended (a zombie counts as ended). Reads /proc, so it also works for
    processes of other users and of no child of ours; comparing start
    times tells a process from a later one that reuses its id."""
    try:
        with open(f"/proc/{pid}/stat", "rb") as stat:
            # The fields after the command name, which is in parentheses.
            fields = stat.read().rsplit(b")", 1)[1].split()
    except (FileNotFoundError, ProcessLookupError, IndexError):
        return None
    return None if fields[0] == b"Z" else int(fields[19])


class ClientWindow(PromptWindow):
    """A login-form window that another program started (ssh-add, sudo,
    git, gpg-agent), or that the test started without a title of its own.
    Found on the display by its WM_CLASS; its process by the window's
    _NET_WM_PID; its widgets over AT-SPI through that process id."""

    secret_entries = frozenset({"Password", "Passphrase", "Repeat"})

    def __init__(self, window, pid):
        super().__init__()
        self.window = window
        self._pid = pid
        self._start = process_start(pid)

    @classmethod
    def next(cls, exclude_pids=(), pid=None, client=None, timeout=WINDOW_TIMEOUT):
        """The next login-form window to be mapped whose process is not in
        `exclude_pids` (and is `pid`, if given). Fails early, with its
        output, if `client` (a Client or Popen) ends before one shows."""
        deadline = time.monotonic() + timeout
        while True:
            # A window of a process that has just ended may linger a moment.
            found = {window: owner for window, owner in visible_windows().items()
                     if owner not in exclude_pids and (pid is None or owner == pid)
                     and process_start(owner) is not None}
            # Two at once may be one going while the next comes: wait.
            if len(found) == 1:
                (window, owner), = found.items()
                return cls(window, owner)
            if client is not None and client.poll() is not None:
                raise AssertionError(f"{client_description(client)} ended before a "
                                     "login-form window showed")
            if time.monotonic() >= deadline:
                if found:
                    raise AssertionError(f"{len(found)} login-form windows at once: {found}")
                raise AssertionError(f"no login-form window after {timeout}s")
            time.sleep(0.05)

    @property
    def pid(self):
        return self._pid

    @property
    def title(self):
        result = xdotool("getwindowname", str(self.window))
        return result.stdout.decode("utf-8", "replace").rstrip("\n")

    def running(self):
        return self._start is not None and process_start(self._pid) == self._start

    def wait_for_window(self, timeout=WINDOW_TIMEOUT):
        """Waits until this process has a window mapped (again: a pinentry
        may show one window per question) and returns its X id."""
        self.window = ClientWindow.next(pid=self._pid, timeout=timeout).window
        return self.window

    def show(self, timeout=WINDOW_TIMEOUT):
        """Waits for the window and its accessible tree, and focuses it.
        Call it again when the same process shows its next question: the
        widgets are looked up afresh."""
        self._widgets.clear()
        self._app = None
        self.wait_for_window(timeout)
        self.wait_until(lambda: self.frame() is not None and self.buttons(),
                        "the window's buttons over AT-SPI", timeout=timeout)
        self.focus()
        return self

    def frame(self):
        """The top-level accessible of the window on screen: the
        application's one showing child (if a window is going while the
        next comes, the one named after the window's title). Looked up
        each time, since a pinentry may show each question in a new window."""
        app = self.app()
        if app is None:
            return None
        showing = [child for child in children(app)
                   if child.getState().contains(pyatspi.STATE_SHOWING)]
        if len(showing) == 1:
            return showing[0]
        title = self.title
        return next((child for child in showing if child.name == title), None)

    def _showing(self):
        frame = self.frame()
        return [] if frame is None else list(walk(frame))

    def entry(self, name):
        """The entry named `name`; fails, saying which entries there are,
        if there is none (a wrong role counts as none)."""
        found = super().entry(name)
        if found is None:
            raise AssertionError(f"no {name} entry of the expected role; "
                                 f"entries: {self.entries()!r}")
        return found

    def focused_entry(self, names=None):
        """The name of the entry with the focus, among `names` (by default
        all the window's entries), or None."""
        if names is None:
            names = [name for _, name in self.entries()]
        return super().focused_entry(names)

    def buttons(self):
        """The names of the window's push buttons, in tree order."""
        return [accessible.name for accessible in self._showing()
                if accessible.getRoleName() == "push button"]

    def entries(self):
        """(role, name) of the window's entries, in tree order."""
        return [(accessible.getRoleName(), accessible.name) for accessible in self._showing()
                if accessible.getRoleName() in ("text", "password text")]

    def check_boxes(self):
        """{name: ticked} of the window's check boxes."""
        return {accessible.name: accessible.getState().contains(pyatspi.STATE_CHECKED)
                for accessible in self._showing() if accessible.getRoleName() == "check box"}

    def tick(self, name):
        """Clicks the named check box with the mouse and waits until it shows
        ticked."""
        box = next((accessible for accessible in self._showing()
                    if accessible.getRoleName() == "check box" and accessible.name == name), None)
        if box is None:
            raise AssertionError(f"no check box {name!r}; check boxes: {self.check_boxes()!r}")
        extents = Atspi.Component.get_extents(box, Atspi.CoordType.SCREEN)
        click_at(extents.x + extents.width // 2, extents.y + extents.height // 2)
        self.wait_until(lambda: self.check_boxes().get(name), f"{name} to be ticked")

    def labels(self):
        """The names (their text) of the window's labels, in tree order."""
        return [accessible.name for accessible in self._showing()
                if accessible.getRoleName() == "label"]

    def wait_for_label(self, predicate, what, timeout=STATE_TIMEOUT):
        """Waits until one of the labels satisfies `predicate`; returns it."""
        def matching():
            return next((label for label in self.labels() if predicate(label)), None)
        return self.wait_until(matching, what, timeout, now=self.labels)

    def wait_gone(self, timeout=EXIT_TIMEOUT):
        poll(lambda: not self.running(), timeout,
             message=f"login-form (pid {self._pid}) did not exit within {timeout}s")

    def kill(self):
        """Kills the window's process if it still runs: cleanup for a test
        that failed before the client ended it."""
        if self.running():
            try:
                os.kill(self._pid, signal.SIGKILL)
            except ProcessLookupError:
                pass


def client_description(client):
    args = getattr(client, "args", None)
    detail = getattr(client, "describe", None)
    return detail() if callable(detail) else f"{args!r} (status {client.poll()})"


def run(*options, env=None, timeout=EXIT_TIMEOUT, **popen):
    """Runs the binary to completion without touching a window; for the
    cases that must end before one shows. Returns (status, stdout, stderr)."""
    result = subprocess.run([BINARY, *options], stdin=subprocess.DEVNULL,
                            capture_output=True, env=env, timeout=timeout, **popen)
    return result.returncode, result.stdout, result.stderr


class PromptTestCase(unittest.TestCase):
    """A test case whose prompts are killed when the test ends, whatever
    happened, so no window outlives its test."""

    @classmethod
    def setUpClass(cls):
        missing = missing_prerequisites()
        if missing:
            reason = "; ".join(missing)
            if in_ci():
                raise RuntimeError("end-to-end tests cannot run: " + reason)
            raise unittest.SkipTest(reason)

    def start(self, *options, **keywords):
        """Starts a prompt titled after this test, waits for its window and
        focuses it."""
        keywords.setdefault("title", unique_title(self._testMethodName))
        prompt = Prompt(*options, **keywords)
        self.addCleanup(prompt.kill)
        prompt.show()
        return prompt

    def launch(self, *options, **keywords):
        """Starts a prompt but does not wait for a window."""
        keywords.setdefault("title", unique_title(self._testMethodName))
        prompt = Prompt(*options, **keywords)
        self.addCleanup(prompt.kill)
        return prompt

    def assertExit(self, prompt, status, stdout, timeout=EXIT_TIMEOUT):
        """Checks the exit status and the exact bytes on stdout; returns stderr."""
        code, out, err = prompt.finish(timeout)
        self.assertEqual((code, out), (status, stdout), f"stderr: {err!r}")
        return err

    def assertOneLine(self, stderr, prefix=b"login-form: "):
        """stderr is exactly one line that starts with `prefix`."""
        self.assertTrue(stderr.endswith(b"\n"), stderr)
        self.assertEqual(stderr.count(b"\n"), 1, stderr)
        self.assertTrue(stderr.startswith(prefix), stderr)
