"""The prompt on Wayland, under a weston of its own (see run here): keys are
typed into weston's seat with xdotool on the X display weston runs in
(SEAT_DISPLAY); usernames may be filled over AT-SPI's EditableText, as
assistive input would (secret entries refuse that), and buttons are pressed
with their Action."""

import os
import re
import subprocess
import unittest

import harness  # first: it pins the AT-SPI typelib's version
from gi.repository import Atspi
from harness import EXIT_TIMEOUT, WINDOW_TIMEOUT, children, find_application, poll, walk

ON_WAYLAND = bool(os.environ.get("WAYLAND_DISPLAY")) and not os.environ.get("DISPLAY")


def seat_xdotool(*arguments):
    """xdotool on the X display weston's seat reads its keyboard from."""
    subprocess.run(["xdotool", *arguments], env={**os.environ, "DISPLAY": os.environ["SEAT_DISPLAY"]},
                   check=True, timeout=30)


def gtk_messages(stderr):
    """GLib's warnings and criticals, without the pid and time that differ
    from run to run."""
    text = stderr.decode("utf-8", "replace")
    return {re.sub(r"^\(.*?:\d+\): ([\w-]+) \*\*: [\d:.]+: ", r"\1: ", line)
            for line in text.splitlines() if line.strip()}


class WaylandPrompt:
    """One login-form on the Wayland display, driven over AT-SPI only."""

    def __init__(self, *arguments):
        self.process = subprocess.Popen(
            [harness.BINARY, *arguments], stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
            stderr=subprocess.PIPE)

    def frame(self):
        app = find_application(self.process.pid)
        frames = ([child for child in children(app)
                   if child.getRoleName() in harness.TOP_LEVEL_ROLES] if app else [])
        return frames[0] if frames else None

    def show(self):
        poll(lambda: self.process.poll() is None and self.frame()
             and self.widgets("push button"), WINDOW_TIMEOUT,
             message="the window to appear over AT-SPI")
        return self

    def widgets(self, role):
        frame = self.frame()
        return [widget for widget in walk(frame) if widget.getRoleName() == role] if frame else []

    def widget(self, role, name):
        return next((widget for widget in self.widgets(role) if widget.name == name), None)

    def fill(self, name, text):
        """Fills a clear-text entry over AT-SPI."""
        entry = self.widget("text", name)
        if entry is None:
            raise AssertionError(f"no clear-text entry named {name!r}")
        if not Atspi.EditableText.set_text_contents(entry, text):
            raise AssertionError(f"could not fill {name!r}")

    def type(self, name, *keys_and_text):
        """Types into the window once weston has given it the keyboard (its
        focused entry says so over AT-SPI): strings are typed, ("key", NAME)
        tuples pressed; then waits until `name` holds what was typed last."""
        poll(lambda: any(widget.getState().contains(harness.pyatspi.STATE_FOCUSED)
                         for widget in self.widgets("password text") + self.widgets("text")),
             WINDOW_TIMEOUT, message="the window to have the keyboard")
        for item in keys_and_text:
            if isinstance(item, tuple):
                seat_xdotool("key", "--clearmodifiers", item[1])
            else:
                seat_xdotool("type", "--delay", "40", item)
        typed = keys_and_text[-1]
        entry = self.widget("password text", name) or self.widget("text", name)
        poll(lambda: Atspi.Text.get_character_count(entry) == len(typed),
             message=f"{name} to hold what was typed")

    def press(self, name):
        button = self.widget("push button", name)
        poll(lambda: button.getState().contains(harness.pyatspi.STATE_SENSITIVE),
             message=f"{name} to become sensitive")
        if not Atspi.Action.do_action(button, 0):
            raise AssertionError(f"could not press {name!r}")

    def finish(self):
        try:
            out, err = self.process.communicate(timeout=EXIT_TIMEOUT)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.communicate()
            raise AssertionError("login-form did not exit")
        return self.process.returncode, out, err

    def kill(self):
        if self.process.poll() is None:
            self.process.kill()
            self.process.communicate()


@unittest.skipUnless(ON_WAYLAND or harness.in_ci(), "needs a Wayland display (wayland/run)")
class WaylandTests(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        if not ON_WAYLAND:
            raise RuntimeError("WAYLAND_DISPLAY is not set, or DISPLAY is: run wayland/run")
        bare = subprocess.run([os.environ["BARE_WINDOW"]], capture_output=True, timeout=30)
        cls.baseline = gtk_messages(bare.stderr)

    def start(self, *arguments):
        prompt = WaylandPrompt(*arguments)
        self.addCleanup(prompt.kill)
        return prompt.show()

    def assertNothingOfItsOwn(self, stderr):
        """stderr holds nothing but what GTK prints for any window here."""
        self.assertEqual(gtk_messages(stderr) - self.baseline, set(), stderr)

    def test_done_prints_the_credentials(self):
        prompt = self.start("--title=wayland-done")
        prompt.fill("Username", "alice.é")
        prompt.type("Password", ("key", "Tab"), "hunter22 x")
        prompt.press("Done")
        code, out, err = prompt.finish()
        self.assertEqual((code, out), (0, "alice.é\nhunter22 x\n".encode()))
        self.assertNothingOfItsOwn(err)

    def test_a_secret_entry_refuses_text_written_over_atspi(self):
        prompt = self.start("--title=wayland-refuse", "--password-only", "--password-min-length=1")
        entry = prompt.widget("password text", "Password")
        Atspi.EditableText.set_text_contents(entry, "guess")
        self.assertEqual(Atspi.Text.get_character_count(entry), 0)
        prompt.press("Cancel")
        code, out, err = prompt.finish()
        self.assertEqual((code, out), (1, b""))
        self.assertNothingOfItsOwn(err)

    def test_cancel_prints_nothing(self):
        prompt = self.start("--title=wayland-cancel")
        prompt.fill("Username", "alice.b")
        prompt.press("Cancel")
        code, out, err = prompt.finish()
        self.assertEqual((code, out), (1, b""))
        self.assertNothingOfItsOwn(err)

    def test_the_timeout_exits_5(self):
        prompt = self.start("--title=wayland-timeout", "--timeout=1")
        code, out, err = prompt.finish()
        self.assertEqual((code, out), (5, b""))
        self.assertNothingOfItsOwn(err)

    def test_askpass_prints_the_secret_alone(self):
        prompt = self.start("Enter passphrase for /home/alice/.ssh/id_ed25519: ")
        self.assertIsNotNone(prompt.widget(
            "label", "\u2068Passphrase for /home/alice/.ssh/id_ed25519\u2069"))
        prompt.type("Passphrase", "pw pw 123")
        prompt.press("Unlock")
        code, out, err = prompt.finish()
        self.assertEqual((code, out), (0, b"pw pw 123\n"))
        self.assertNothingOfItsOwn(err)

    def test_x11_only_options_say_so_in_one_line_each(self):
        prompt = self.start("--title=wayland-grab", "--grab", "--attach=0x1200007")
        prompt.press("Cancel")
        code, out, err = prompt.finish()
        self.assertEqual((code, out), (1, b""))
        own = gtk_messages(err) - self.baseline
        self.assertEqual(own, {
            "login-form: --grab has no effect on Wayland: the compositor owns the keyboard",
            "login-form: --attach: x11:0x1200007 is an X window, and this prompt is on Wayland; "
            "it is shown on its own"})

    def test_a_compositor_without_xdg_foreign_says_so_and_still_asks(self):
        # Weston 10 has no xdg-foreign: no window can be another program's child.
        prompt = self.start("--title=wayland-no-foreign", "--parent=wayland:0123abcd")
        prompt.fill("Username", "alice.b")
        prompt.press("Cancel")
        code, out, err = prompt.finish()
        self.assertEqual((code, out), (1, b""))
        self.assertEqual(gtk_messages(err) - self.baseline, {
            "login-form: --parent: this compositor cannot keep a window above another program's "
            "(no xdg-foreign); the prompt is shown on its own"})


if __name__ == "__main__":
    unittest.main()
