"""The window as a newcomer meets it: the rules said up front, nothing that
jumps, the options zenity users reach for, and clear errors."""

import os
import subprocess

from gi.repository import Atspi

import harness
from harness import PromptTestCase, run, walk

GERMAN = {"LANG": "C.UTF-8", "LANGUAGE": "de"}


def environment(**changes):
    env = {key: value for key, value in os.environ.items()
           if key not in ("LC_ALL", "LC_MESSAGES", "LANGUAGE", "LANG")}
    env.update(changes)
    return env


def placeholder(entry):
    attributes = dict(item.split(":", 1) for item in entry.getAttributes())
    return attributes.get("placeholder-text")


def layout(prompt):
    """Where every visible widget is, by its place in the tree (names change
    as messages come and go; places must not)."""
    boxes = {}

    def visit(accessible, path):
        try:
            showing = accessible.getState().contains(harness.pyatspi.STATE_SHOWING)
            box = Atspi.Component.get_extents(accessible, Atspi.CoordType.WINDOW)
        except Exception:  # noqa: BLE001 - no component: not laid out
            showing, box = False, None
        if showing and box is not None:
            boxes[path] = (accessible.getRoleName(), box.x, box.y, box.width, box.height)
        for index, child in enumerate(harness.children(accessible)):
            visit(child, path + (index,))

    visit(prompt.frame(), ())
    return boxes


def xprop(window, *names):
    result = subprocess.run(["xprop", "-id", str(window), *names], capture_output=True,
                            text=True, timeout=10)
    return result.stdout


class RulesUpFrontTests(PromptTestCase):
    def test_each_field_says_its_minimum_before_anything_is_typed(self):
        prompt = self.start()
        self.assertEqual(placeholder(prompt.entry("Username")), "At least 6 characters")
        self.assertEqual(placeholder(prompt.entry("Password")), "At least 7 characters")
        prompt.key("Escape")
        self.assertExit(prompt, 1, b"")

    def test_the_minimums_are_said_in_the_users_language(self):
        prompt = self.start(env=environment(**GERMAN))
        self.assertEqual(placeholder(prompt.entry("Benutzername")), "Mindestens 6 Zeichen")
        prompt.key("Escape")
        self.assertExit(prompt, 1, b"")

    def test_no_minimum_no_placeholder(self):
        prompt = self.start("--username-min-length=0", "--password-min-length=1")
        self.assertIsNone(placeholder(prompt.entry("Username")))
        self.assertIsNone(placeholder(prompt.entry("Password")))
        prompt.key("Escape")
        self.assertExit(prompt, 1, b"")

    def test_a_prefilled_name_that_breaks_the_rules_says_so_and_keeps_the_focus(self):
        prompt = self.start("--username=root")
        self.assertEqual(prompt.message("Username"), "2 more characters needed (at least 6)")
        self.assertEqual(prompt.focused_entry(), "Username")
        prompt.key("End")
        prompt.type_synced("ie.b", "Username", before=4)
        self.assertEqual(prompt.message("Username"), "")
        prompt.key("Tab")
        prompt.type_synced("hunter22", "Password")
        prompt.key("Return")
        self.assertExit(prompt, 0, b"rootie.b\nhunter22\n")


class NoJumpTests(PromptTestCase):
    """No widget moves when a message appears or goes, whatever the theme,
    language or scale; a long hint is cut to one line, not wrapped."""

    def assertSteady(self, **settings):
        hint = "Use the staff number printed on the back of your badge, e.g. st123456"
        prompt = self.start("--username-pattern=st[0-9]{6}", f"--username-pattern-hint={hint}",
                            env=environment(**settings))
        entries = {entry.getRoleName(): entry.name for entry in walk(prompt.app())
                   if entry.getRoleName() in ("text", "password text")}
        username, password = entries["text"], entries["password text"]
        before = layout(prompt)
        prompt.type_synced("s", username)
        prompt.wait_until(lambda: prompt.widget_now("text", username).description, "a hint")
        steps = {"a hint": layout(prompt)}
        prompt.key("Tab")
        prompt.wait_until(lambda: prompt.focused_entry_named(password), "focus in the password")
        steps["an error"] = layout(prompt)
        prompt.type_synced("x", password)
        steps["two messages"] = layout(prompt)
        prompt.key("shift+Tab", "End")
        prompt.type_synced("t123456", username, before=1)
        steps["none again"] = layout(prompt)
        for name, boxes in steps.items():
            moved = {path: (before.get(path), box) for path, box in boxes.items()
                     if before.get(path) != box}
            self.assertEqual(moved, {}, f"{settings}: widgets moved with {name}")
        prompt.key("Escape")
        self.assertExit(prompt, 1, b"")

    def test_light(self):
        self.assertSteady()

    def test_dark(self):
        self.assertSteady(GTK_THEME="Adwaita:dark")

    def test_german(self):
        self.assertSteady(**GERMAN)

    def test_double_scale(self):
        self.assertSteady(GDK_SCALE="2")


class ZenityOptionTests(PromptTestCase):
    def test_width(self):
        prompt = self.start("--width=640")
        width = Atspi.Component.get_extents(prompt.frame(), Atspi.CoordType.SCREEN).width
        self.assertGreaterEqual(width, 640)
        self.assertLess(width, 640 + 120, "only the shadow around it")
        prompt.key("Escape")
        self.assertExit(prompt, 1, b"")

    def test_keep_above_and_attach_with_modal(self):
        parent = self.start("--title=" + harness.unique_title("parent"))
        prompt = self.start("--keep-above", f"--attach={parent.window}", "--modal")
        state = xprop(prompt.window, "_NET_WM_STATE", "WM_TRANSIENT_FOR")
        self.assertIn("_NET_WM_STATE_ABOVE", state)
        self.assertIn("_NET_WM_STATE_MODAL", state)
        self.assertIn(hex(parent.window), state)
        prompt.key("Escape")
        self.assertExit(prompt, 1, b"")
        parent.focus()
        parent.key("Escape")
        self.assertExit(parent, 1, b"")

    def test_attach_to_a_window_that_does_not_exist_warns_and_goes_on(self):
        prompt = self.start("--attach=0x7ffffff0")
        prompt.key("Escape")
        err = self.assertExit(prompt, 1, b"")
        self.assertEqual(err, b"login-form: --attach: there is no window 0x7ffffff0\n")

    def test_window_icon_from_a_file_and_from_the_theme(self):
        icon = os.path.join(os.path.dirname(__file__), "..", "..", "resources", "icons",
                            "hicolor", "scalable", "apps", "io.github.loginform.LoginForm.svg")
        for value in (os.path.abspath(icon), "dialog-password"):
            with self.subTest(icon=value):
                prompt = self.start(f"--window-icon={value}")
                self.assertIn("_NET_WM_ICON(CARDINAL)", xprop(prompt.window, "_NET_WM_ICON"))
                prompt.key("Escape")
                self.assertExit(prompt, 1, b"")

    def test_the_time_left_shows_and_typing_stops_the_countdown(self):
        prompt = self.start("--timeout=3")
        prompt.wait_until(lambda: any(
            (label.name or "").startswith("Closes in") for label in walk(prompt.frame())
            if label.getRoleName() == "label"), "the time left")
        prompt.type_synced("a", "Username")
        prompt.wait_until(lambda: not any(
            (label.name or "").startswith("Closes in") for label in walk(prompt.frame())
            if label.getRoleName() == "label"), "the countdown to go")
        self.assertTrue(prompt.still_running_after(3.5), "it closed mid-typing")
        prompt.key("Escape")
        self.assertExit(prompt, 1, b"")

    def test_an_untouched_prompt_still_times_out_with_5(self):
        prompt = self.start("--timeout=1")
        self.assertExit(prompt, 5, b"")

    def test_markup_only_when_asked_for(self):
        prompt = self.start("--text=<b>Bold</b> move")
        self.assertIsNotNone(prompt.widget("label", "<b>Bold</b> move"))
        prompt.key("Escape")
        self.assertExit(prompt, 1, b"")
        prompt = self.start("--text=<b>Bold</b> move", "--text-markup")
        self.assertIsNotNone(prompt.widget("label", "Bold move"))
        prompt.key("Escape")
        self.assertExit(prompt, 1, b"")

    def test_bad_markup_and_empty_labels_are_usage_errors(self):
        for options in (["--text=<b>open", "--text-markup"], ["--ok-label="],
                        ["--cancel-label=_"]):
            with self.subTest(options=options):
                code, out, err = run(*options)
                self.assertEqual((code, out), (2, b""), err)
                self.assertOneLine(err)


class DisplayErrorTests(PromptTestCase):
    """With no display and no terminal to fall back on (a session of its
    own, as from a desktop launcher), the line names both."""

    NO_TERMINAL = b", and the process has no controlling terminal\n"

    def test_an_empty_display_variable_is_named_as_such(self):
        env = environment(DISPLAY="")
        env.pop("WAYLAND_DISPLAY", None)
        code, out, err = run("--title=x", env=env, start_new_session=True)
        self.assertEqual((code, out), (2, b""))
        self.assertEqual(err, b"login-form: Cannot open display: DISPLAY is set but empty"
                         + self.NO_TERMINAL)

    def test_a_failing_wayland_connection_names_wayland_display(self):
        runtime = self.enterContext(harness.temporary_runtime_dir())
        env = environment(GDK_BACKEND="wayland", WAYLAND_DISPLAY="no-such-compositor",
                          XDG_RUNTIME_DIR=runtime)
        code, out, err = run("--title=x", env=env, start_new_session=True)
        self.assertEqual((code, out), (2, b""))
        self.assertEqual(
            err, b"login-form: Cannot open display: WAYLAND_DISPLAY=no-such-compositor failed"
                 + self.NO_TERMINAL)

    def test_both_displays_failing_are_both_named(self):
        runtime = self.enterContext(harness.temporary_runtime_dir())
        env = environment(WAYLAND_DISPLAY="no-such-compositor", DISPLAY=":9999",
                          XDG_RUNTIME_DIR=runtime)
        code, out, err = run("--title=x", env=env, start_new_session=True)
        self.assertEqual((code, out), (2, b""))
        self.assertEqual(
            err, b"login-form: Cannot open display: WAYLAND_DISPLAY=no-such-compositor failed; "
                 b"DISPLAY=:9999 failed" + self.NO_TERMINAL)
