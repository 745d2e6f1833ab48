"""What the sway and mutter test beds share (sway_bed.py, mutter_bed.py):
a compositor started in a private runtime directory and stopped with
everything it holds, the helper programs that `run` compiles (a parent
window, a virtual keyboard), and a login-form started on the bed and driven
over AT-SPI.

A bed is a context manager:

    with Sway() as sway:
        parent = sway.parent_window("parent")      # handle, token()
        prompt = sway.start_prompt("--title=x")    # BedPrompt
        prompt.show()

Everything a bed started (prompts, helpers, the compositor, a throwaway
user, directories) is stopped and removed when the `with` ends, also when
the test fails. Tests use one bed per class (enterClassContext) and
addCleanup(prompt.kill) for what they start themselves.
"""

import os
import queue
import shutil
import subprocess
import tempfile
import threading
import unittest

import harness  # first: it pins the AT-SPI typelib's version
from gi.repository import Atspi
from harness import EXIT_TIMEOUT, STATE_TIMEOUT, WINDOW_TIMEOUT, children, find_application, poll, walk

# Variables a client must not inherit from the test's own session: the
# display it would connect to instead, and focus tokens meant for others.
FOREIGN = ("DISPLAY", "WAYLAND_DISPLAY", "WAYLAND_SOCKET", "XDG_ACTIVATION_TOKEN",
           "DESKTOP_STARTUP_ID")


def unavailable(reason):
    """Skips the test for a contributor's machine that lacks something, but
    fails it under CI=true, where everything must be there."""
    if harness.in_ci():
        raise AssertionError(f"{reason} (CI=true: failing, not skipping)")
    raise unittest.SkipTest(reason)


def require_programs(*programs):
    for program in programs:
        if shutil.which(program) is None:
            unavailable(f"needs {program} (apt install; see TEST_PACKAGES in the Makefile)")


def helper(variable):
    """A helper program `run` compiled, named by the variable `variable`."""
    path = os.environ.get(variable)
    if not path or not os.access(path, os.X_OK):
        unavailable(f"{variable} does not name the compiled helper: run Tests/EndToEnd/wayland/run")
    return path


class LineProcess:
    """A helper program spoken to in lines: commands on its stdin, answers
    on its stdout (read by a thread, so that a wait has a deadline). Its
    stderr goes to a file in `log_dir`."""

    def __init__(self, arguments, env, log_dir, name):
        self.name = name
        self.log_path = os.path.join(log_dir, f"{name}.log")
        with open(self.log_path, "wb") as log:
            self.process = subprocess.Popen(
                arguments, env=env, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                stderr=log, text=True, bufsize=1)
        self.lines = queue.Queue()
        self.reader = threading.Thread(target=self._read, daemon=True)
        self.reader.start()

    def _read(self):
        for line in self.process.stdout:
            self.lines.put(line.rstrip("\n"))
        self.lines.put(None)  # end of output

    def log(self):
        with open(self.log_path, errors="replace") as log:
            return log.read()

    def send(self, line):
        self.process.stdin.write(line + "\n")
        self.process.stdin.flush()

    def expect(self, word, timeout=WINDOW_TIMEOUT):
        """The rest of the next line that starts with `word` (lines before it
        are skipped); an "error" line or the end of output fails."""
        try:
            while True:
                line = self.lines.get(timeout=timeout)
                if line is None:
                    raise AssertionError(f"{self.name} exited ({self.process.wait()}) "
                                         f"before saying {word!r}: {self.log()}")
                if line.startswith("error"):
                    raise AssertionError(f"{self.name}: {line}")
                if line == word or line.startswith(word + " "):
                    return line[len(word) + 1:]
        except queue.Empty:
            raise AssertionError(f"{self.name} did not say {word!r} in {timeout}s: "
                                 f"{self.log()}") from None

    def stop(self):
        """Closes its stdin (it exits then), kills it if it does not."""
        if self.process.poll() is None:
            try:
                self.process.stdin.close()
            except OSError:
                pass
            try:
                self.process.wait(timeout=EXIT_TIMEOUT)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        self.reader.join(timeout=EXIT_TIMEOUT)
        self.process.stdout.close()


class ParentWindow(LineProcess):
    """parent_window.c on the bed: a GTK 3 window (app id lf-test-parent)
    that exported itself. `handle` is its xdg-foreign handle,
    percent-encoded, as login-form's --parent=wayland:HANDLE will take it."""

    def __init__(self, bed, title):
        super().__init__([helper("PARENT_WINDOW"), title], bed.env(), bed.log_dir,
                         f"parent-{title}")
        self.title = title
        self.handle = None  # once mapped: Compositor.parent_window waits for it

    @property
    def pid(self):
        return self.process.pid

    def token(self, bare=False):
        """A fresh xdg-activation token made for this window's surface, with
        the serial of the last key (or keyboard entry) it got, if any; bare,
        with neither surface nor serial. sway 1.7 answers a request with a
        serial from a window without the keyboard focus with a token that
        activates nothing, and honours every bare one (see parent_window.c)."""
        self.send("token bare" if bare else "token")
        return self.expect("token")

    def activate(self, token):
        """Asks the compositor to focus this window with `token`; returns once
        the compositor has the request (whether it obeys is the test's
        question)."""
        self.send(f"activate {token}")
        self.expect("activated")


class VirtualKeyboard(LineProcess):
    """virtual_keyboard.c: a keyboard held open on a wlroots compositor for
    the whole bed. type() and key() return once the compositor has handled
    the keys (a roundtrip), so the next call cannot overtake them."""

    def __init__(self, bed):
        super().__init__([helper("VIRTUAL_KEYBOARD")], bed.env(), bed.log_dir, "virtual-keyboard")

    def type(self, text):
        if "\n" in text:
            raise ValueError("type one line at a time; press Return with key()")
        self.send(f"type {text}")
        self.expect("ok")

    def key(self, combination):
        """E.g. "Tab", "Return", "ctrl+a", "Caps_Lock" (which locks)."""
        self.send(f"key {combination}")
        self.expect("ok")


class BedPrompt:
    """One login-form on a bed, driven over AT-SPI (the test's session bus)
    and, where the bed has one, typed into with its keyboard."""

    def __init__(self, arguments, env, keyboard=None, stdin=subprocess.DEVNULL):
        self.keyboard = keyboard
        self.process = subprocess.Popen(
            [harness.BINARY, *arguments], env=env, stdin=stdin, stdout=subprocess.PIPE,
            stderr=subprocess.PIPE)

    @property
    def pid(self):
        return self.process.pid

    def frame(self):
        app = find_application(self.process.pid)
        frames = ([child for child in children(app)
                   if child.getRoleName() in harness.TOP_LEVEL_ROLES] if app else [])
        return frames[0] if frames else None

    def show(self):
        """Waits until the window is there over AT-SPI, buttons and all."""
        poll(lambda: self.process.poll() is None and self.frame()
             and self.widgets("push button"), WINDOW_TIMEOUT,
             message="the window to appear over AT-SPI",
             now=lambda: f"exit status {self.process.poll()}")
        return self

    def active(self):
        """Whether GTK says the window has the keyboard focus."""
        frame = self.frame()
        return bool(frame) and frame.getState().contains(harness.pyatspi.STATE_ACTIVE)

    def widgets(self, role):
        frame = self.frame()
        return [widget for widget in walk(frame) if widget.getRoleName() == role] if frame else []

    def widget(self, role, name):
        return next((widget for widget in self.widgets(role) if widget.name == name), None)

    def entry(self, name):
        return self.widget("password text", name) or self.widget("text", name)

    def focused_entry(self):
        for widget in self.widgets("password text") + self.widgets("text"):
            if widget.getState().contains(harness.pyatspi.STATE_FOCUSED):
                return widget.name
        return None

    def length(self, name):
        return Atspi.Text.get_character_count(self.entry(name))

    def fill(self, name, text):
        """Fills a clear-text entry over AT-SPI (secret entries refuse it)."""
        entry = self.widget("text", name)
        if entry is None:
            raise AssertionError(f"no clear-text entry named {name!r}")
        if not Atspi.EditableText.set_text_contents(entry, text):
            raise AssertionError(f"could not fill {name!r}")

    def type(self, name, *keys_and_text):
        """Types with the bed's keyboard once the window has the keyboard
        (an entry of its own is focused): strings are typed, ("key", NAME)
        tuples pressed; then waits until the entry `name` holds as many
        characters as the last string typed."""
        if self.keyboard is None:
            raise AssertionError("this bed has no keyboard to type with")
        poll(lambda: self.active() and self.focused_entry(), STATE_TIMEOUT,
             message="the window to have the keyboard")
        for item in keys_and_text:
            if isinstance(item, tuple):
                self.keyboard.key(item[1])
            else:
                self.keyboard.type(item)
        typed = next(item for item in reversed(keys_and_text) if not isinstance(item, tuple))
        poll(lambda: self.length(name) == len(typed), STATE_TIMEOUT,
             message=f"{name} to hold what was typed",
             now=lambda: self.length(name))

    def press(self, name):
        button = self.widget("push button", name)
        if button is None:
            raise AssertionError(f"no button named {name!r}")
        poll(lambda: button.getState().contains(harness.pyatspi.STATE_SENSITIVE),
             message=f"{name} to become sensitive")
        if not Atspi.Action.do_action(button, 0):
            raise AssertionError(f"could not press {name!r}")

    def finish(self):
        """(exit status, stdout, stderr) once it exits by itself."""
        try:
            out, err = self.process.communicate(timeout=EXIT_TIMEOUT)
        except subprocess.TimeoutExpired:
            self.kill()
            raise AssertionError("login-form did not exit") from None
        return self.process.returncode, out, err

    def kill(self):
        if self.process.poll() is None:
            self.process.kill()
        self.process.communicate()


class Compositor:
    """A compositor of the test's own; subclasses say how to start it.
    `runtime_dir` is its private XDG_RUNTIME_DIR, `wayland_display` its
    socket's name there, `log_dir` where its log and the helpers' stderr
    go (kept until the bed stops; `log()` reads the compositor's)."""

    name = "compositor"

    def __init__(self):
        self.runtime_dir = None
        self.wayland_display = None
        self.log_dir = None
        self.log_path = None
        self.process = None
        self._cleanups = []
        self._started = []

    # Life ---------------------------------------------------------------

    def __enter__(self):
        try:
            self.start()
        except BaseException:
            self.stop()
            raise
        return self

    def __exit__(self, *exc_info):
        self.stop()

    def start(self):
        raise NotImplementedError

    def defer(self, function, *arguments):
        """Runs function(*arguments) when the bed stops, last deferred first."""
        self._cleanups.append((function, arguments))

    def stop(self):
        """Stops everything it started, newest first; every step runs even if
        one before failed, and the first failure is raised at the end."""
        failure = None
        for thing in reversed(self._started):
            try:
                thing.kill() if isinstance(thing, BedPrompt) else thing.stop()
            except Exception as error:  # noqa: BLE001 - raised after the rest
                failure = failure or error
        self._started.clear()
        while self._cleanups:
            function, arguments = self._cleanups.pop()
            try:
                function(*arguments)
            except Exception as error:  # noqa: BLE001 - raised after the rest
                failure = failure or error
        if failure is not None:
            raise failure

    def log(self):
        if not self.log_path or not os.path.exists(self.log_path):
            return ""
        with open(self.log_path, errors="replace") as log:
            return log.read()

    def make_dirs(self, prefix):
        """A private directory for the bed (removed when it stops) with the
        runtime directory (mode 700) and the logs in it."""
        base = tempfile.mkdtemp(prefix=prefix, dir="/tmp")
        self.defer(shutil.rmtree, base, True)
        self.runtime_dir = os.path.join(base, "run")
        self.log_dir = os.path.join(base, "logs")
        os.mkdir(self.runtime_dir, 0o700)
        os.mkdir(self.log_dir)
        self.log_path = os.path.join(self.log_dir, f"{self.name}.log")
        return base

    def wait_for_socket(self, find):
        """Waits until `find()` names the socket, or the compositor exits."""
        name = poll(lambda: self.process.poll() is not None or find(), WINDOW_TIMEOUT,
                    message=f"{self.name} to make its socket", now=self.log)
        if self.process.poll() is not None:
            raise AssertionError(f"{self.name} exited ({self.process.returncode}): {self.log()}")
        self.wayland_display = name
        return name

    # Clients --------------------------------------------------------------

    def env(self, **extra):
        """The environment of a client of this compositor: the test's own
        (its session bus, for AT-SPI) without any other display or token,
        plus `extra`."""
        env = {key: value for key, value in os.environ.items() if key not in FOREIGN}
        env.update(XDG_RUNTIME_DIR=self.runtime_dir, WAYLAND_DISPLAY=self.wayland_display,
                   GDK_BACKEND="wayland")
        env.update(extra)
        return env

    def keyboard(self):
        """The keyboard to type with, if the bed has one."""
        return None

    def start_prompt(self, *arguments, env_extra=None, stdin=subprocess.DEVNULL):
        """A login-form on this compositor (not waited for: call show())."""
        prompt = BedPrompt(arguments, self.env(**(env_extra or {})), self.keyboard(), stdin)
        self._started.append(prompt)
        return prompt

    def parent_window(self, title):
        """A mapped parent window that printed its handle."""
        window = ParentWindow(self, title)
        self._started.append(window)
        window.handle = window.expect("handle")
        return window
