"""The prompt as a person uses it: real keys in, exit status and stdout out."""

import json
import os
import time
import unittest

from harness import PromptTestCase, run


class DoneButtonTests(PromptTestCase):
    def test_done_turns_sensitive_exactly_when_both_rules_hold(self):
        prompt = self.start()
        self.assertFalse(prompt.sensitive(), "Done at launch")
        prompt.wait_for_focus("Username")

        for count in prompt.each_typed("abcdef", "Username"):
            self.assertFalse(prompt.sensitive(), f"{count} username characters, no password")
        prompt.key("Return")
        prompt.wait_until(lambda: prompt.focused_entry() == "Password", "focus in Password")
        self.assertFalse(prompt.sensitive())

        for count in prompt.each_typed("abcdefg", "Password"):
            self.assertEqual(prompt.sensitive(), count >= 7, f"{count} password characters")

        prompt.key("BackSpace")
        prompt.wait_for_length("Password", 6)
        self.assertFalse(prompt.sensitive(), "BackSpace to 6 password characters")
        prompt.type_synced("g", "Password", before=6)
        self.assertTrue(prompt.sensitive(), "back to 7 password characters")

        prompt.key("Escape")
        self.assertExit(prompt, 1, b"")

    def test_username_boundary_with_a_valid_password(self):
        prompt = self.start()
        prompt.type_synced("abcde", "Username")
        prompt.key("Return")
        prompt.wait_until(lambda: prompt.focused_entry() == "Password", "focus in Password")
        prompt.type_synced("abcdefg", "Password")
        self.assertFalse(prompt.sensitive(), "5-character username, valid password")
        self.assertEqual(prompt.message("Username"), "1 more character needed (at least 6)")

        # Back to the username by its mnemonic (Alt+U); focusing an entry
        # selects its text, so go to the end before typing.
        prompt.key("alt+u")
        prompt.wait_until(lambda: prompt.focused_entry() == "Username", "focus in Username")
        prompt.key("End")
        prompt.type_synced("f", "Username", before=5)
        self.assertTrue(prompt.sensitive(), "6-character username, valid password")
        self.assertEqual(prompt.message("Username"), "")

        prompt.key("Escape")
        self.assertExit(prompt, 1, b"")


class SubmitTests(PromptTestCase):
    def test_enter_on_an_invalid_form_stays_and_shows_every_message(self):
        prompt = self.start()
        prompt.type_synced("abc", "Username")
        self.assertEqual(prompt.message("Username"), "3 more characters needed (at least 6)")
        prompt.key("Return")
        prompt.wait_until(lambda: prompt.focused_entry() == "Password", "focus in Password")
        self.assertEqual(prompt.message("Password"), "At least 7 characters",
                         "an untouched password says only its rule")

        prompt.key("Return")  # in Password, form invalid
        self.assertTrue(prompt.still_running_after(0.5), "exited on an invalid submit")
        # Now an error (the in-process KeyboardTests see its style), in the
        # same words: the rule, not "7 more characters needed (at least 7)".
        self.assertEqual(prompt.message("Password"), "At least 7 characters")
        self.assertFalse(prompt.sensitive())
        self.assertEqual(prompt.focused_entry(), "Password", "focus stays where it was")
        self.assertEqual(prompt.message("Username"), "3 more characters needed (at least 6)")

        prompt.type_synced("abcdefg", "Password")
        self.assertEqual(prompt.message("Password"), "")
        prompt.key("alt+u")
        prompt.wait_until(lambda: prompt.focused_entry() == "Username", "focus in Username")
        prompt.key("End")
        prompt.type_synced("def", "Username", before=3)
        self.assertTrue(prompt.sensitive())
        # The form is valid now, so Enter in the username submits it.
        prompt.key("Return")
        self.assertExit(prompt, 0, b"abcdef\nabcdefg\n")

    def test_clicking_done_with_the_mouse_submits(self):
        prompt = self.start()
        prompt.type("abcdef\tabcdefg")
        prompt.wait_until(prompt.sensitive, "Done to become sensitive")
        prompt.click("Done")
        self.assertExit(prompt, 0, b"abcdef\nabcdefg\n")

    def test_separator(self):
        prompt = self.start("--separator=|")
        prompt.type_synced("abcdef", "Username")
        prompt.key("Return")
        prompt.type_synced("abc|defg", "Password")
        prompt.key("Return")
        self.assertExit(prompt, 0, b"abcdef|abc|defg\n")

    def test_separator_is_refused_in_the_username(self):
        prompt = self.start("--separator=|")
        prompt.type_synced("ann|smith", "Username")
        self.assertEqual(
            prompt.message("Username"), "Cannot contain “|”")
        prompt.key("Return")
        prompt.type_synced("abcdefg", "Password")
        self.assertFalse(prompt.sensitive(), "a username with the separator")
        prompt.key("alt+u", "End", "BackSpace", "BackSpace", "BackSpace", "BackSpace",
                   "BackSpace", "BackSpace")
        prompt.wait_for_length("Username", 3)
        prompt.type_synced("-smith", "Username", before=3)
        prompt.wait_until(prompt.sensitive, "Done once the separator is gone")
        prompt.key("alt+d")
        self.assertExit(prompt, 0, b"ann-smith|abcdefg\n")

    def test_json_escapes_quotes_and_backslashes(self):
        password = 'pa"ss\\wd"\\'
        prompt = self.start("--json")
        prompt.type_synced('jo"e\\q', "Username")
        self.assertEqual(prompt.text("Username"), 'jo"e\\q', "what xdotool typed")
        prompt.key("Return")
        prompt.type_synced(password, "Password")
        prompt.key("Return")
        code, out, err = prompt.finish()
        self.assertEqual(code, 0, err)
        self.assertTrue(out.endswith(b"}\n") and out.count(b"\n") == 1, out)
        self.assertEqual(json.loads(out), {"username": 'jo"e\\q', "password": password})

    def test_prefilled_username_starts_in_password(self):
        prompt = self.start("--username=alice.b")
        prompt.wait_for_focus("Password")
        self.assertEqual(prompt.text("Username"), "alice.b")
        self.assertEqual(prompt.message("Username"), "")
        prompt.type("hunter22")
        prompt.wait_for_length("Password", 8)
        self.assertEqual(prompt.text("Username"), "alice.b", "typing went to Username")
        prompt.key("Return")
        self.assertExit(prompt, 0, b"alice.b\nhunter22\n")


class CancelTests(PromptTestCase):
    def test_escape_cancels(self):
        prompt = self.start()
        prompt.type_synced("abcdef", "Username")
        prompt.key("Escape")
        self.assertExit(prompt, 1, b"")

    def test_escape_cancels_a_valid_form(self):
        prompt = self.start()
        prompt.type("abcdef\tabcdefg")
        prompt.wait_until(prompt.sensitive, "Done to become sensitive")
        prompt.key("Escape")
        self.assertExit(prompt, 1, b"")

    def test_closing_the_window_cancels(self):
        prompt = self.start()
        prompt.type("abcdef\tabcdefg")
        prompt.wait_until(prompt.sensitive, "Done to become sensitive")
        prompt.close_window()
        self.assertExit(prompt, 1, b"")

    def test_clicking_cancel_with_the_mouse_cancels(self):
        prompt = self.start()
        prompt.type("abcdef\tabcdefg")
        prompt.wait_until(prompt.sensitive, "Done to become sensitive")
        prompt.click("Cancel")
        self.assertExit(prompt, 1, b"")

    def test_timeout_exits_5(self):
        started = time.monotonic()
        prompt = self.launch("--timeout=1")
        prompt.wait_for_window()
        self.assertExit(prompt, 5, b"")
        self.assertGreaterEqual(time.monotonic() - started, 1.0)


class StartupErrorTests(PromptTestCase):
    def test_bad_option_value(self):
        code, out, err = run("--timeout=abc", "--title=e2e-never-shown")
        self.assertEqual((code, out), (2, b""), err)
        self.assertOneLine(err)

    def test_no_display(self):
        # No terminal either: a session of its own (test_terminal.py has the rest).
        env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY")}
        code, out, err = run("--title=e2e-never-shown", env=env, start_new_session=True)
        self.assertEqual((code, out), (2, b""), err)
        self.assertOneLine(err)


class TextTests(PromptTestCase):
    """Text typed through X reaches the output intact. How characters are
    counted and trimmed is the model's (UnicodeCountingTests) and the
    window's hand-over (ResultTests), tested in process."""

    def submit_typed(self, username, password):
        prompt = self.start()
        prompt.type_synced(username, "Username")
        self.assertEqual(prompt.text("Username"), username, "what xdotool typed")
        prompt.key("Return")
        prompt.wait_until(lambda: prompt.focused_entry() == "Password", "focus in Password")
        prompt.type_synced(password, "Password")
        prompt.wait_until(prompt.sensitive, "Done to become sensitive")
        prompt.key("Return")
        expected = username + "\n" + password + "\n"
        self.assertExit(prompt, 0, expected.encode("utf-8"))

    def test_latin_letters_with_diacritics_and_an_emoji(self):
        self.submit_typed("zoë_müller", "pässwörd🔑")

    def test_cjk_username(self):
        self.submit_typed("山田太郎花子", "pässwörd🔑")


if __name__ == "__main__":
    unittest.main()
