"""What makes the prompt as trustworthy as pinentry, tried the way an
attacker or an unlucky caller would: hostile patterns, self-overlapping
separators, another client on the keyboard, the accessibility bus and the
selections, and what is left in memory at exit."""

import os
import shutil
import signal
import subprocess
import tempfile
import time
import unittest

from gi.repository import Atspi
from Xlib import X, display as xdisplay

import harness
from harness import PromptTestCase, walk, xdotool_or_fail

# Patterns that froze the old prompt (Swift Regex backtracking without limit).
HOSTILE_PATTERNS = ["(a+)+$", r"([a-zA-Z0-9]+[._-]?)+@example\.com"]
HOSTILE_INPUT = "a" * 30 + "!"

# The old prompt froze for 10 to 33 s on these patterns. A wait that gives
# up before that catches a freeze, while a loaded machine, however slow,
# answers well within it: a timeout that only detects the failure.
FROZEN_SECONDS = 8
# The cause, and the next step.
KEYBOARD_HELD = ("Another program is holding the keyboard. Close its open menu or window; "
                 "typing here resumes by itself.")


def set_text(prompt, entry, text):
    """Puts `text` into an entry at once, as a paste would."""
    editable = prompt.entry(entry).get_editable_text_iface()
    if not editable.set_text_contents(text):
        raise AssertionError(f"could not set the text of {entry}")


class HostilePatternTests(PromptTestCase):
    def hostile(self, pattern):
        prompt = self.start(f"--username-pattern={pattern}", "--username-min-length=1")
        set_text(prompt, "Username", HOSTILE_INPUT)
        prompt.wait_for_length("Username", len(HOSTILE_INPUT))
        return prompt

    def test_a_keystroke_is_handled_at_once_and_the_pattern_is_an_issue(self):
        for pattern in HOSTILE_PATTERNS:
            with self.subTest(pattern=pattern):
                prompt = self.hostile(pattern)
                prompt.key("End")
                prompt.type("b")
                prompt.wait_until(
                    lambda: prompt.length("Username") == len(HOSTILE_INPUT) + 1,
                    "the keystroke, which a frozen prompt would not take",
                    timeout=FROZEN_SECONDS)
                prompt.wait_until(
                    lambda: prompt.message("Username") in (
                        "The pattern is too complex to check", "Not in the expected format"),
                    "the pattern's verdict")
                self.assertFalse(prompt.sensitive())
                prompt.key("Escape")
                self.assertExit(prompt, 1, b"")

    def assertAnswers(self, prompt, act, status):
        act()
        self.assertExit(prompt, status, b"", timeout=FROZEN_SECONDS)

    def test_escape_and_sigterm_are_answered_at_once(self):
        for pattern in HOSTILE_PATTERNS:
            with self.subTest(pattern=pattern, by="Escape"):
                prompt = self.hostile(pattern)
                self.assertAnswers(prompt, lambda: prompt.key("Escape"), 1)
            with self.subTest(pattern=pattern, by="SIGTERM"):
                prompt = self.hostile(pattern)
                self.assertAnswers(prompt, lambda: prompt.process.send_signal(signal.SIGTERM), 1)

    def test_the_timeout_fires_on_time(self):
        pattern = HOSTILE_PATTERNS[0]
        prompt = self.launch(f"--username-pattern={pattern}", f"--username={HOSTILE_INPUT}",
                             "--timeout=2")
        prompt.wait_for_window()
        self.assertExit(prompt, 5, b"", timeout=2 + FROZEN_SECONDS)

    def test_a_prefilled_hostile_username_shows_the_window_at_once(self):
        prompt = self.launch(f"--username-pattern={HOSTILE_PATTERNS[1]}",
                             "--username=" + "a" * 20)
        prompt.wait_for_window(timeout=FROZEN_SECONDS)
        prompt.show()
        self.assertEqual(prompt.message("Username"), "Not in the expected format")
        prompt.key("Escape")
        self.assertExit(prompt, 1, b"")


class SeparatorRecipeTests(PromptTestCase):
    """The README's recipe, run by the shell on the real output."""

    def split(self, line, separator):
        script = 'line=$1; sep=$2; printf "%s\\n%s" "${line%%"$sep"*}" "${line#*"$sep"}"'
        result = subprocess.run(["sh", "-c", script, "sh", line, separator],
                                capture_output=True, check=True, timeout=10)
        return result.stdout.decode().split("\n", 1)

    def test_the_recipe_gives_back_what_was_typed(self):
        cases = [("::", "alice", ":hunter22:"), ("||", "bob.b", "|x||y"),
                 ("--", "carol", "-pass--word"), ("  ", "dave.b", " two  spaces ")]
        for separator, username, password in cases:
            with self.subTest(separator=separator):
                prompt = self.start(f"--separator={separator}", "--username-min-length=1",
                                    "--password-min-length=1")
                set_text(prompt, "Username", username)
                prompt.key("Tab")
                prompt.wait_until(lambda: prompt.focused_entry() == "Password", "focus in Password")
                prompt.paste("Password", password)
                prompt.wait_until(prompt.sensitive, "Done to become sensitive")
                prompt.key("Return")
                code, out, err = prompt.finish()
                self.assertEqual(code, 0, err)
                line = out.decode().rstrip("\n")
                self.assertEqual(self.split(line, separator), [username, password])

    def test_a_username_ending_with_the_start_of_the_separator_is_refused(self):
        prompt = self.start("--separator=::", "--password-min-length=1")
        prompt.type_synced("alice:", "Username")
        prompt.key("Tab")
        prompt.type_synced("hunter22", "Password")
        self.assertFalse(prompt.sensitive(), "alice: would print alice:::hunter22")
        self.assertEqual(prompt.message("Username"), "Cannot end with “:”")
        prompt.key("Escape")
        self.assertExit(prompt, 1, b"")


class KeyboardGrabTests(PromptTestCase):
    def other_client(self):
        """A second X client with a window of its own, as an attacker's."""
        client = xdisplay.Display()
        self.addCleanup(client.close)
        window = client.screen().root.create_window(
            0, 0, 200, 100, 0, client.screen().root_depth,
            event_mask=X.KeyPressMask | X.FocusChangeMask)
        window.set_wm_name("other-client")
        window.map()
        client.sync()
        return client, window

    def test_while_grabbed_no_other_client_can_grab_or_receive_the_keys(self):
        prompt = self.start("--grab")
        client, window = self.other_client()
        root = client.screen().root
        status = root.grab_keyboard(True, X.GrabModeAsync, X.GrabModeAsync, X.CurrentTime)
        self.assertEqual(status, X.AlreadyGrabbed)
        # The other window steals the focus; the keys still go to the prompt.
        window.set_input_focus(X.RevertToParent, X.CurrentTime)
        client.sync()
        prompt.type_synced("abcdef", "Username")
        client.sync()
        stolen = []
        while client.pending_events():
            event = client.next_event()
            if event.type == X.KeyPress:
                stolen.append(event.detail)
        self.assertEqual(stolen, [], "the other client received keys")
        prompt.key("Escape")
        self.assertExit(prompt, 1, b"")

    def test_a_keyboard_held_elsewhere_stops_typing_and_says_why(self):
        client, window = self.other_client()
        status = window.grab_keyboard(True, X.GrabModeAsync, X.GrabModeAsync, X.CurrentTime)
        self.assertEqual(status, X.GrabSuccess)
        prompt = self.launch("--grab")
        prompt.wait_for_window()
        prompt.wait_until(lambda: prompt.widget("label", KEYBOARD_HELD),
                          "the keyboard notice", timeout=harness.WINDOW_TIMEOUT)
        entry_state = prompt.entry("Username").getState()
        self.assertFalse(entry_state.contains(harness.pyatspi.STATE_SENSITIVE),
                         "typing is not accepted")
        prompt.click("Cancel")
        self.assertExit(prompt, 4, b"")

    def test_the_prompt_takes_the_keyboard_once_the_other_client_lets_go(self):
        client, window = self.other_client()
        window.grab_keyboard(True, X.GrabModeAsync, X.GrabModeAsync, X.CurrentTime)
        client.sync()
        prompt = self.launch("--grab")
        prompt.wait_for_window()
        prompt.wait_until(lambda: prompt.widget("label", KEYBOARD_HELD),
                          "the keyboard notice", timeout=harness.WINDOW_TIMEOUT)
        client.ungrab_keyboard(X.CurrentTime)
        client.sync()
        prompt.wait_until(
            lambda: prompt.entry("Username").getState().contains(harness.pyatspi.STATE_SENSITIVE),
            "the entries to come back")
        prompt.focus()
        prompt.type("abcdef\tabcdefg")
        prompt.wait_until(prompt.sensitive, "Done to become sensitive")
        prompt.key("Return")
        self.assertExit(prompt, 0, b"abcdef\nabcdefg\n")

    def test_paste_works_when_not_grabbed(self):
        clip = subprocess.Popen(["xclip", "-selection", "clipboard", "-quiet"],
                                stdin=subprocess.PIPE, stdout=subprocess.DEVNULL,
                                stderr=subprocess.DEVNULL)
        clip.stdin.write(b"pasted-secret")
        clip.stdin.close()
        self.addCleanup(lambda: clip.poll() is None and clip.kill())
        harness.wait_for_clipboard("pasted-secret")
        prompt = self.start("--username=alice.b")
        prompt.key("ctrl+v")
        prompt.wait_for_length("Password", len("pasted-secret"))
        prompt.key("Return")
        self.assertExit(prompt, 0, b"alice.b\npasted-secret\n")


PASSWORD = "hunter22secret"


def clipboard(selection):
    result = subprocess.run(["xclip", "-o", "-selection", selection], capture_output=True,
                            timeout=10)
    return result.stdout


class AccessibilityLeakTests(PromptTestCase):
    """Another process on the accessibility bus tries every way GTK 3 offers
    to read a password entry, and finds only bullets or nothing."""

    def revealed(self):
        prompt = self.start("--username=alice.b")
        prompt.type_synced(PASSWORD, "Password")
        entry = prompt.entry("Password")
        peek = next(child for child in harness.children(entry) if child.name == "Show Password")
        self.assertTrue(Atspi.Action.do_action(peek, 0), "the peek action is there")
        prompt.wait_until(
            lambda: any(child.name == "Hide Password" for child in harness.children(entry)),
            "the password to be revealed")
        return prompt, entry

    def assertOnlyBullets(self, text, where):
        self.assertNotIn("hunter", text, where)
        self.assertTrue(set(text) <= {"\u25cf"}, f"{where}: {text!r}")

    def test_revealing_over_atspi_shows_nothing_to_atspi(self):
        prompt, entry = self.revealed()
        self.assertEqual(entry.getRoleName(), "password text")
        self.assertOnlyBullets(Atspi.Text.get_text(entry, 0, -1), "get_text")
        for granularity in (Atspi.TextGranularity.CHAR, Atspi.TextGranularity.WORD,
                            Atspi.TextGranularity.LINE):
            piece = Atspi.Text.get_string_at_offset(entry, 2, granularity)
            self.assertOnlyBullets(piece.content, f"string_at_offset {granularity}")
        Atspi.Text.add_selection(entry, 0, len(PASSWORD))
        for index in range(Atspi.Text.get_n_selections(entry)):
            selection = Atspi.Text.get_selection(entry, index)
            self.assertOnlyBullets(
                Atspi.Text.get_text(entry, selection.start_offset, selection.end_offset),
                "selection")
        prompt.key("Escape")
        self.assertExit(prompt, 1, b"")

    def test_neither_selection_receives_the_password(self):
        prompt, entry = self.revealed()
        subprocess.run(["xclip", "-selection", "clipboard"], input=b"before", timeout=10)
        prompt.key("ctrl+a")
        prompt.key("ctrl+c")
        Atspi.EditableText.copy_text(entry, 0, len(PASSWORD))
        Atspi.EditableText.cut_text(entry, 0, len(PASSWORD))
        time.sleep(0.3)  # time for a wrong copy to show: nothing to wait for
        self.assertNotIn(b"hunter", clipboard("clipboard"))
        self.assertNotIn(b"hunter", clipboard("primary"))
        self.assertEqual(prompt.length("Password"), len(PASSWORD), "cut removed nothing")
        prompt.key("Return")
        self.assertExit(prompt, 0, f"alice.b\n{PASSWORD}\n".encode())

    # What clearing a revealed entry at Done announces is checked in process
    # (SecretEntryTests): its events leave as the process exits, and reach
    # no listener in time to be read here.


@unittest.skipUnless(os.geteuid() == 0 or harness.in_ci(), "taking a core with gdb needs root")
class MemoryAtExitTests(PromptTestCase):
    """A core taken at exit() after Done, as the review took it, holds no
    copy of the password; while the window is open some memory is locked."""

    def core_after_done(self, password, *options, askpass=False, agent_script=None,
                        entry=None):
        """A core of the prompt at exit() after Done. With `agent_script`, the
        prompt is the pinentry, and its agent closes its input after the
        script, before the user answers."""
        folder = tempfile.mkdtemp()
        self.addCleanup(shutil.rmtree, folder, True)
        if agent_script is not None:
            title = harness.unique_title(self._testMethodName)
            script = os.path.join(folder, "agent")
            with open(script, "wb") as agent:
                agent.write(f"SETTITLE {title}\n".encode() + agent_script)
            with open(script, "rb") as agent:
                prompt = harness.Prompt("--pinentry", title=title, add_title=False,
                                        stdin=agent)
        elif askpass:
            prompt = harness.Prompt(*options, title="Unlock SSH Key", add_title=False)
        else:
            prompt = harness.Prompt(*options)
        self.addCleanup(prompt.kill)
        prompt.show()
        core, debugger = harness.core_at_exit(self, prompt.pid)
        prompt.type_synced(password, entry or ("Passphrase" if askpass else "Password"))
        with open(f"/proc/{prompt.pid}/status") as status:
            locked = next(line for line in status if line.startswith("VmLck:"))
        self.assertGreater(int(locked.split()[1]), 0, locked)
        prompt.key("Return")
        debugger.wait(timeout=120)
        _, out, _ = prompt.finish()
        harness.assert_core_taken(self, core)
        delivered = b"D " + password.encode() + b"\n" if agent_script else password.encode() + b"\n"
        self.assertIn(delivered, out, "the password was delivered")
        return core

    def test_no_copy_of_a_long_or_a_short_password_is_left(self):
        for password in ("correct-horse-battery-st26", "hunter22abc"):
            with self.subTest(length=len(password)):
                core = self.core_after_done(password, "--password-only")
                self.assertEqual(harness.core_copies(core, password), 0)

    def test_a_pinentry_whose_agent_closed_its_input_early_leaves_no_copy(self):
        # The agent's input ends while the window is up; it still reads the
        # answer, and the program ends once it is written.
        password = "correct-horse-battery-st26"
        core = self.core_after_done(password, agent_script=b"SETPROMPT PIN:\nGETPIN\n",
                                    entry="PIN")
        self.assertEqual(harness.core_copies(core, password), 0)

    def test_the_askpass_mode_leaves_no_copy_either(self):
        password = "correct-horse-battery-st26"
        core = self.core_after_done(password, "Enter passphrase for key: ", askpass=True)
        self.assertEqual(harness.core_copies(core, password), 0)


class ExitCleanupTests(unittest.TestCase):
    def test_without_a_session_bus_no_process_outlives_the_prompt(self):
        env = {key: value for key, value in os.environ.items()
               if key not in ("DBUS_SESSION_BUS_ADDRESS",)}
        runtime = tempfile.mkdtemp()
        self.addCleanup(shutil.rmtree, runtime, True)
        env["XDG_RUNTIME_DIR"] = runtime

        marker = f"XDG_RUNTIME_DIR={runtime}".encode()

        def started_for_the_prompt():
            """Processes that inherited the prompt's environment: whatever
            it launched (a bus daemon, portals), however it detached."""
            found = {}
            for pid in filter(str.isdigit, os.listdir("/proc")):
                try:
                    with open(f"/proc/{pid}/environ", "rb") as environ:
                        if marker in environ.read().split(b"\0"):
                            with open(f"/proc/{pid}/cmdline", "rb") as cmdline:
                                found[pid] = cmdline.read().replace(b"\0", b" ")
                except OSError:
                    continue
            return found

        result = subprocess.run([harness.BINARY, "--title=bus-less", "--timeout=1"],
                                env=env, capture_output=True, timeout=30)
        self.assertEqual(result.returncode, 5, result.stderr)
        self.assertEqual(result.stderr, b"")
        # What it started may take a moment to end after it.
        harness.poll(lambda: started_for_the_prompt() == {},
                     message="processes started on the prompt's behalf outlived it",
                     now=started_for_the_prompt)


class LongTextTests(PromptTestCase):
    def test_three_thousand_characters_of_text_leave_the_fields_on_screen(self):
        text = " ".join(["Lorem ipsum dolor sit amet."] * 110)
        prompt = self.start(f"--text={text}")
        width, height = map(int, xdotool_or_fail("getdisplaygeometry").stdout.split())
        for entry in ("Username", "Password"):
            box = Atspi.Component.get_extents(prompt.entry(entry), Atspi.CoordType.SCREEN)
            self.assertTrue(0 <= box.y and box.y + box.height <= height, f"{entry}: {box.y}")
        self.assertTrue(0 <= Atspi.Component.get_extents(
            prompt.button("Done"), Atspi.CoordType.SCREEN).y < height)
        prompt.key("Escape")
        self.assertExit(prompt, 1, b"")

    def assertOnScreen(self, window, widgets):
        """Each of `widgets` (accessibles) lies wholly on the screen."""
        width, height = map(int, xdotool_or_fail("getdisplaygeometry").stdout.split())
        for widget in widgets:
            box = Atspi.Component.get_extents(widget, Atspi.CoordType.SCREEN)
            self.assertTrue(0 <= box.y and box.y + box.height <= height,
                            f"{widget.name or widget.getRoleName()}: {box.y}+{box.height} "
                            f"on a screen {height} high")

    def test_blank_lines_and_line_separators_of_every_kind_leave_the_form_on_screen(self):
        for kind, text in [("blank lines", "a" + "\n" * 90 + "b: "),
                           ("carriage returns", "a" + "\r" * 100 + "b: "),
                           ("line separators", "a" + "\u2028" * 100 + "b: "),
                           ("paragraph separators", "a" + "\u2029" * 100 + "b: "),
                           ("a hundred lines", "".join(f"line {n}\n" for n in range(100)) + "b: ")]:
            with self.subTest(kind=kind):
                prompt = self.start(text, add_title=False, title="Authentication",
                                    env={**os.environ, "LOGIN_FORM_GRAB": "0"})
                try:
                    entry = prompt.entry("Password")
                    self.assertOnScreen(prompt,
                                        [entry, prompt.button("OK"), prompt.button("Cancel")])
                    prompt.key("Escape")
                    self.assertExit(prompt, 1, b"")
                finally:
                    prompt.kill()

    def test_a_question_of_a_hundred_lines_keeps_its_buttons_on_screen(self):
        text = "".join(f"line {n}\n" for n in range(100)) + "Continue (yes/no)? "
        prompt = self.start(text, add_title=False, title="OpenSSH",
                            env={**os.environ, "LOGIN_FORM_GRAB": "0"})
        self.assertOnScreen(prompt, [prompt.button("Connect"), prompt.button("Cancel")])
        prompt.key("Escape")
        self.assertExit(prompt, 1, b"")

    def test_text_that_reverses_itself_is_shown_isolated_and_marked(self):
        prompt = self.start("Password for alice@\u202emoc.buhtig\u202c.evil.example: ",
                            add_title=False, title="Authentication",
                            env={**os.environ, "LOGIN_FORM_GRAB": "0"})
        self.assertIn("\u2068Password for alice@⟨RLO⟩moc.buhtig⟨PDF⟩.evil.example:\u2069",
                      [widget.name for widget in walk(prompt.app())
                       if widget.getRoleName() == "label"])
        prompt.key("Escape")
        self.assertExit(prompt, 1, b"")



class InspectorTests(PromptTestCase):
    def test_gtk_debug_interactive_opens_no_inspector(self):
        for mode, keywords in ((["--username=alice.b"], {}),
                               (["Enter passphrase for key: "],
                                {"add_title": False, "title": "Unlock SSH Key"})):
            with self.subTest(mode=mode):
                prompt = self.start(*mode, env={**os.environ, "GTK_DEBUG": "interactive,geometry",
                                                "LOGIN_FORM_GRAB": "0"}, **keywords)
                try:
                    # GTK opens the inspector as it starts, if it is asked to.
                    time.sleep(1)
                    windows = harness.xdotool("search", "--onlyvisible", "--pid",
                                              str(prompt.pid)).stdout.split()
                    self.assertEqual(len(windows), 1, "the prompt's window alone")
                    prompt.key("Escape")
                    self.assertExit(prompt, 1, b"")
                finally:
                    prompt.kill()


if __name__ == "__main__":
    unittest.main()
