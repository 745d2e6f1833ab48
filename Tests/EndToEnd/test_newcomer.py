"""The window as a newcomer meets it: the rules said up front, nothing that
jumps, the options zenity users reach for, and clear errors."""

import collections
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


Box = collections.namedtuple("Box", "x y width height")


def extents(accessible, coordinates=Atspi.CoordType.WINDOW):
    """Where `accessible` is, as a value that compares by value."""
    box = Atspi.Component.get_extents(accessible, coordinates)
    return Box(box.x, box.y, box.width, box.height)


def message_label(prompt, entry):
    """The label of the message line under `entry`: the showing label whose
    text is the entry's description."""
    text = prompt.message(entry)
    return next(label for label in walk(prompt.frame())
                if label.getRoleName() == "label" and label.name == text
                and label.getState().contains(harness.pyatspi.STATE_SHOWING))


class RulesUpFrontTests(PromptTestCase):
    def test_each_field_says_its_minimum_before_anything_is_typed(self):
        prompt = self.start()
        # The focused username too: GTK 3 hides a focused entry's placeholder.
        prompt.wait_for_focus("Username")
        self.assertEqual(prompt.message("Username"), "At least 6 characters")
        self.assertEqual(prompt.message("Password"), "At least 7 characters")
        self.assertIsNone(placeholder(prompt.entry("Username")))
        self.assertIsNotNone(message_label(prompt, "Username"), "shown, not only described")
        prompt.type_synced("ab", "Username")
        self.assertEqual(prompt.message("Username"), "4 more characters needed (at least 6)")
        prompt.key("Escape")
        self.assertExit(prompt, 1, b"")

    def test_the_minimums_are_said_in_the_users_language(self):
        prompt = self.start(env=environment(**GERMAN))
        self.assertEqual(prompt.message("Benutzername"), "Mindestens 6 Zeichen")
        prompt.key("Escape")
        self.assertExit(prompt, 1, b"")

    def test_no_minimum_no_requirement(self):
        prompt = self.start("--username-min-length=0", "--password-min-length=1")
        self.assertEqual(prompt.message("Username"), "")
        self.assertEqual(prompt.message("Password"), "")
        prompt.key("Escape")
        self.assertExit(prompt, 1, b"")

    def test_the_pattern_hint_is_said_before_the_pattern_bites(self):
        prompt = self.start("--username-pattern=st[0-9]{6}",
                            "--username-pattern-hint=Your staff number")
        self.assertEqual(prompt.message("Username"), "At least 6 characters · Your staff number")
        prompt.key("Escape")
        self.assertExit(prompt, 1, b"")

    def test_right_to_left_the_requirement_stays_under_its_entry(self):
        prompt = self.start(env=environment(LANG="C.UTF-8", LANGUAGE="he"))
        for entry in ("Username", "Password"):
            field = extents(prompt.entry(entry))
            line = extents(message_label(prompt, entry))
            self.assertGreaterEqual(line.x, field.x, entry)
            self.assertLessEqual(line.x + line.width, field.x + field.width, entry)
            self.assertGreater(line.y, field.y, entry)
        prompt.key("Escape")
        self.assertExit(prompt, 1, b"")

    def test_a_prefilled_name_that_breaks_the_rules_says_so_and_keeps_the_focus(self):
        prompt = self.start("--username=root")
        self.assertEqual(prompt.message("Username"), "2 more characters needed (at least 6)")
        prompt.wait_for_focus("Username")
        prompt.key("End")
        prompt.type_synced("ie.b", "Username", before=4)
        self.assertEqual(prompt.message("Username"), "")
        prompt.key("Tab")
        prompt.type_synced("hunter22", "Password")
        prompt.key("Return")
        self.assertExit(prompt, 0, b"rootie.b\nhunter22\n")


class NoJumpTests(PromptTestCase):
    """No widget moves when a one-line message appears or goes, whatever the
    theme, language or scale."""

    def assertSteady(self, **settings):
        prompt = self.start("--username-pattern=st[0-9]{6}", "--username-pattern-hint=e.g. st123456",
                            env=environment(**settings))
        entries = {entry.getRoleName(): entry.name for entry in walk(prompt.app())
                   if entry.getRoleName() in ("text", "password text")}
        username, password = entries["text"], entries["password text"]
        requirement = prompt.message(username)
        before = layout(prompt)
        prompt.type_synced("s", username)
        prompt.wait_until(lambda: prompt.message(username) not in ("", requirement), "a hint")
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

    def test_a_three_line_pattern_hint_giving_way_to_one_line(self):
        hint = ("Your university account: st followed by the six digits of your student "
                "number, as printed on the back of your card")
        prompt = self.start("--username-pattern=st[0-9]{6}", f"--username-pattern-hint={hint}")
        requirement = prompt.message("Username")
        self.assertTrue(requirement.endswith(hint), requirement)
        one_line = extents(message_label(prompt, "Password")).height
        self.assertGreater(extents(message_label(prompt, "Username")).height, 2.5 * one_line,
                           "three lines, whole")
        before = layout(prompt)
        prompt.type_synced("ab1", "Username")
        prompt.wait_until(lambda: prompt.message("Username") != requirement, "a shorter message")
        moved = {path: (before.get(path), box) for path, box in layout(prompt).items()
                 if before.get(path) != box}
        self.assertEqual(moved, {}, "widgets moved")
        prompt.key("Escape")
        self.assertExit(prompt, 1, b"")


class WrappingTests(PromptTestCase):
    """A message too long for one line wraps, whole, in room the window kept
    for it from the start: nothing moves and the window does not grow."""

    def test_a_two_line_message_is_whole_and_moves_nothing(self):
        # The German mismatch message, which the window used to cut short.
        prompt = self.start("--width=300", "--new-password", "--username=alice.b",
                            "--password-min-length=1", env=environment(**GERMAN))
        fields = ("Benutzername", "Passwort", "Wiederholen")
        before = {name: extents(prompt.entry(name)) for name in fields}
        frame = extents(prompt.frame(), Atspi.CoordType.SCREEN)
        self.assertLess(frame.width, 300 + 120, "--width holds")
        prompt.type_synced("abc", "Passwort")
        prompt.key("Tab")
        prompt.wait_until(lambda: prompt.focused_entry_named("Wiederholen"), "focus in Repeat")
        prompt.type_synced("x", "Wiederholen")
        prompt.key("shift+Tab")  # leaving it makes its message an error
        message = "Stimmt nicht mit dem Passwort überein"
        prompt.wait_until(lambda: prompt.message("Wiederholen") == message, "the mismatch")
        line = message_label(prompt, "Wiederholen")
        self.assertEqual(Atspi.Text.get_text(line, 0, -1), message, "whole, not cut")
        self.assertEqual(Atspi.Text.get_n_selections(line), 0)
        first, last = (Atspi.Text.get_character_extents(line, index, Atspi.CoordType.WINDOW)
                       for index in (0, len(message) - 1))
        self.assertGreater(last.y, first.y, "two lines")
        self.assertEqual(extents(prompt.frame(), Atspi.CoordType.SCREEN), frame,
                         "the window kept its place and size")
        self.assertEqual({name: extents(prompt.entry(name)) for name in fields}, before,
                         "nothing moved")
        prompt.key("Escape")
        self.assertExit(prompt, 1, b"")


class RhythmTests(PromptTestCase):
    """The spacing of GNOME's 6 px grid, measured on the real window in
    each variant: 18 px from the text to the form, about 24 px from one
    entry to the next, and 18 px under the last row."""

    def assertRhythm(self, names=("Username", "Password", "Done"), **settings):
        prompt = self.start("--text=Sign in to the backup server.",
                            env=environment(**settings))
        text = extents(prompt.widget("label", "Sign in to the backup server."))
        entries = [extents(prompt.entry(name)) for name in names[:2]]
        frame = extents(prompt.frame())
        done = extents(prompt.button(names[2]))
        self.assertEqual(entries[0].y - (text.y + text.height), 18, "text to form")
        gap = entries[1].y - (entries[0].y + entries[0].height)
        self.assertTrue(22 <= gap <= 26, f"between fields: {gap}")
        # The password's message line ("At least 7 characters") is the last
        # row. The frame's extents include the window's border, as wide
        # as the text's 18 px margin is short of its distance to the side.
        last = extents(message_label(prompt, names[1]))
        border = text.x - frame.x - 18
        self.assertEqual(frame.y + frame.height - border - (last.y + last.height), 18,
                         "at the bottom")
        top = text.y - (done.y + done.height)
        self.assertTrue(18 <= top <= 30, f"at the top: {top}")
        prompt.key("Escape")
        self.assertExit(prompt, 1, b"")

    def test_light(self):
        self.assertRhythm()

    def test_dark(self):
        self.assertRhythm(GTK_THEME="Adwaita:dark")

    def test_german(self):
        self.assertRhythm(names=("Benutzername", "Passwort", "Fertig"), **GERMAN)

    def test_right_to_left(self):
        self.assertRhythm(LANG="C.UTF-8", LANGUAGE="he")

    def test_double_scale(self):
        # AT-SPI reports logical pixels, which GTK doubles on the screen.
        self.assertRhythm(GDK_SCALE="2")


class ZenityOptionTests(PromptTestCase):
    def test_width(self):
        for width, text in ((640, None), (300, "Sign in to the backup server “atlas” to "
                                                "continue, with the account the office gave you.")):
            with self.subTest(width=width):
                prompt = self.start(f"--width={width}", *([f"--text={text}"] if text else []))
                shown = Atspi.Component.get_extents(prompt.frame(), Atspi.CoordType.SCREEN).width
                self.assertGreaterEqual(shown, width)
                self.assertLess(shown, width + 120, "only the shadow around it, with text too")
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

    def test_parent_in_the_portals_notation_makes_the_window_its_child(self):
        parent = self.start("--title=" + harness.unique_title("parent"))
        # xdg-desktop-portal writes the id in hex without 0x.
        prompt = self.start(f"--parent=x11:{parent.window:x}", env=environment(LOGIN_FORM_DEBUG="1"))
        self.assertIn(f"window id # {hex(parent.window)}",
                      xprop(prompt.window, "WM_TRANSIENT_FOR"))
        prompt.key("Escape")
        err = self.assertExit(prompt, 1, b"")
        self.assertIn(f"login-form: debug: parent: x11:{hex(parent.window)} from --parent: "
                      f"transient for it\n".encode(), err)
        parent.focus()
        parent.key("Escape")
        self.assertExit(parent, 1, b"")

    def test_the_environment_names_the_parent_of_an_askpass_prompt(self):
        parent = self.start("--title=" + harness.unique_title("parent"))
        prompt = self.start("Password: ", add_title=False, title="Authentication",
                            env=environment(LOGIN_FORM_GRAB="0",
                                            LOGIN_FORM_PARENT=f"x11:{hex(parent.window)}"))
        self.assertIn(f"window id # {hex(parent.window)}",
                      xprop(prompt.window, "WM_TRANSIENT_FOR"))
        prompt.key("Escape")
        self.assertEqual(self.assertExit(prompt, 1, b""), b"")
        parent.focus()
        parent.key("Escape")
        self.assertExit(parent, 1, b"")

    def test_a_wayland_parent_on_x11_and_a_broken_variable_each_say_so_once(self):
        prompt = self.start("--parent=wayland:abc%20def",
                            env=environment(LOGIN_FORM_PARENT="0x2a"))
        self.assertNotIn("window id", xprop(prompt.window, "WM_TRANSIENT_FOR"))
        prompt.key("Escape")
        err = self.assertExit(prompt, 1, b"")
        self.assertEqual(err.decode().splitlines(), [
            'login-form: LOGIN_FORM_PARENT: "0x2a" is neither x11:WINDOW nor wayland:HANDLE; '
            "the prompt is shown on its own",
            "login-form: --parent: wayland:abc%20def is a Wayland window, and this prompt is on "
            "X11; it is shown on its own"])

    def test_attach_to_a_window_that_does_not_exist_warns_and_goes_on(self):
        prompt = self.start("--attach=0x7ffffff0")
        prompt.key("Escape")
        err = self.assertExit(prompt, 1, b"")
        self.assertEqual(err, b"login-form: --attach: there is no window x11:0x7ffffff0; "
                               b"the prompt is shown on its own\n")

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
            (label.name or "").startswith("Cancels in") for label in walk(prompt.frame())
            if label.getRoleName() == "label"), "the time left")
        prompt.type_synced("a", "Username")
        prompt.wait_until(lambda: not any(
            (label.name or "").startswith("Cancels in") for label in walk(prompt.frame())
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
        # Links too: the man page promises none, and a credentials prompt
        # opens nothing.
        for options in (["--text=<b>open", "--text-markup"], ["--ok-label="],
                        ["--cancel-label=_"],
                        ['--text=<a href="https://example.org">help</a>', "--text-markup"]):
            with self.subTest(options=options):
                code, out, err = run(*options)
                self.assertEqual((code, out), (2, b""), err)
                self.assertOneLine(err)


class CommandLineTests(PromptTestCase):
    """What the program says about itself under each of its names."""

    def named(self, name):
        """A link `name` to the program installed under it: pinentry's names
        are the quick pinentry's, which leaves these options to login-form."""
        link = os.path.join(self.enterContext(harness.temporary_runtime_dir()), name)
        os.symlink(harness.PINENTRY if name.startswith("pinentry") else harness.BINARY, link)
        return link

    def test_pinentry_version_exits_zero_under_either_name(self):
        for name in ("pinentry-login-form", "pinentry"):
            with self.subTest(name=name):
                result = subprocess.run([self.named(name), "--version"], capture_output=True,
                                        stdin=subprocess.DEVNULL, timeout=10)
                self.assertEqual(result.returncode, 0, result.stderr)
                self.assertRegex(result.stdout, rf"^{name} \(login-form\) [0-9][^\n]*\n$".encode())
                self.assertEqual(result.stderr, b"")

    def test_pinentry_help_names_the_program_and_the_honoured_timeout(self):
        result = subprocess.run([self.named("pinentry-login-form"), "--help"],
                                capture_output=True, stdin=subprocess.DEVNULL, timeout=10)
        self.assertEqual(result.returncode, 0, result.stderr)
        self.assertIn(b"pinentry-login-form [OPTION", result.stdout)
        line = next(line for line in result.stdout.split(b"\n") if b"--timeout" in line)
        self.assertNotIn(b"compatibility", line, "the timeout is honoured")

    def test_help_mentions_the_output_and_the_drop_in_modes(self):
        code, out, err = run("--help", env=environment(LANG="C.UTF-8"))
        self.assertEqual(code, 0, err)
        for part in (b"two lines", b"--json", b"login-form PROMPT", b"git-credential-login-form",
                     b"pinentry-login-form", b"login-form(1)"):
            self.assertIn(part, out)
        code, out, err = run("--help", env=environment(**GERMAN))
        self.assertIn(b"Ersatzmodi", out)


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
