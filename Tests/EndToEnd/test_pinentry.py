"""The pinentry mode under gpg-agent 2.2: a GNUPGHOME of the test's own
whose pinentry-program is the quick pinentry, which becomes login-form for
each window.
What was typed is checked byte for byte by decrypting again with the
loopback pinentry (no window), so a pinentry that mangled `%`, `+`, spaces
or UTF-8 the same way twice could not pass."""

import os
import subprocess
import time

import harness

from clients import (ANSWER_TIMEOUT, Client, ClientTestCase, GnuPGHome, answer, press, shown_as,
                     tool)
from harness import BINARY, PINENTRY

GPG_PROGRAMS = ("gpg", "gpg-agent", "gpgconf")
PLAINTEXT = b"attack at dawn\n"
UID = "Name <n@example.org>"
KEY_PASSPHRASE = "key pass 2+2%"
KEYGEN_TIMEOUT = 3 * ANSWER_TIMEOUT

# What gpg-agent 2.2.40 sends (SETDESC, SETOK/SETCANCEL), decoded.
SYMMETRIC_DESCRIPTION = "Enter passphrase"
# The warning's first line is the alert's heading, the rest its text.
WEAK_HEADING = "Warning: You have entered an insecure passphrase."
WEAK_DESCRIPTION = ("A passphrase should be at least 8 characters long.\n"
                    "A passphrase should contain at least 1 digit or\nspecial character.")
TAKE_IT = "Take this one anyway"
NEW_ONE = "Enter new passphrase"
NEW_KEY_DESCRIPTION = "Please enter the passphrase to\nprotect your new key"

PASSPHRASE_AND_REPEAT = [("password text", "Passphrase"), ("password text", "Repeat")]
PASSPHRASE_ONLY = [("password text", "Passphrase")]


class PinentryTestCase(ClientTestCase):
    required_programs = GPG_PROGRAMS
    conf = ()

    def setUp(self):
        # The wrapper counts pinentry starts and keeps their stderr.
        self.gnupg = GnuPGHome(self, conf=self.conf, wrapper=True)
        self.plain = os.path.join(self.gnupg.directory, "plain.txt")
        with open(self.plain, "wb") as file:
            file.write(PLAINTEXT)
        self.encrypted = self.plain + ".gpg"

    def encrypt(self):
        return self.gnupg.gpg("--symmetric", "--output", self.encrypted, self.plain)

    def type_twice(self, window, passphrase):
        """Types the passphrase, Tab, and the same again."""
        window.wait_for_focus("Passphrase")
        window.type_synced(passphrase, "Passphrase")
        window.key("Tab")
        window.wait_for_focus("Repeat")
        window.type_synced(passphrase, "Repeat")

    def assertEncrypted(self, client, since, passphrase):
        status, out, err = client.finish_within(ANSWER_TIMEOUT, since=since)
        self.assertEqual(status, 0, err)
        self.assertEqual(self.gnupg.decrypt_with(passphrase.encode("utf-8"), self.encrypted),
                         PLAINTEXT)

    def assertQuietPinentries(self, starts):
        self.assertEqual(self.gnupg.pinentry_starts(), starts, "pinentry processes started")
        self.assertEqual(self.gnupg.pinentry_stderr(), b"", "the pinentries' stderr")


class SymmetricTests(PinentryTestCase):
    def test_encrypt_with_a_repeated_passphrase(self):
        passphrase = "50%25 + naïve Größe"
        client = self.encrypt()
        window = self.next_window(client=client)
        self.assertLabel(window, SYMMETRIC_DESCRIPTION)
        self.assertEntries(window, PASSPHRASE_AND_REPEAT)
        # gpg offers a generated passphrase for a new one (SETGENPIN).
        self.assertButtons(window, ["Cancel", "OK", "Suggest"])

        window.wait_for_focus("Passphrase")
        window.type_synced(passphrase, "Passphrase")
        window.key("Tab")
        window.wait_for_focus("Repeat")
        # A prefix, then the last character wrong: OK stays off throughout.
        for count in window.each_typed(passphrase[:-1] + "X", "Repeat"):
            self.assertFalse(window.sensitive("OK"), f"{count} characters in Repeat")
        window.key("Return")  # a submit that must not happen
        time.sleep(0.5)  # time for it to show: nothing to wait for
        self.assertTrue(window.running() and client.poll() is None,
                        "Return submitted two different passphrases")
        window.wait_until(lambda: window.message("Repeat") == "Does not match the passphrase",
                          "a message that names what Repeat must match")

        window.key("BackSpace")
        window.wait_for_length("Repeat", len(passphrase) - 1)
        window.type_synced(passphrase[-1], "Repeat", before=len(passphrase) - 1)
        window.wait_until(lambda: window.sensitive("OK"), "OK once the two are the same")
        window.wait_until(lambda: window.message("Passphrase") + window.message("Repeat") == "",
                          "the messages to go once the two are the same")
        window.key("Return")
        pressed = time.monotonic()
        # One pinentry for both entries: with S PIN_REPEATED the agent does
        # not start a second one to ask again.
        self.assertEncrypted(client, pressed, passphrase)
        self.assertQuietPinentries(1)

    def suggest(self, window):
        """Presses Suggest; waits for both fields to hold the same generated
        passphrase, shown, and for the focus on OK."""
        window.wait_for_focus("Passphrase")
        window.key("alt+s")
        window.wait_until(lambda: window.length("Passphrase") > 0
                          and window.length("Passphrase") == window.length("Repeat"),
                          "the generated passphrase in both fields")
        window.wait_until(
            lambda: window.button("OK").getState().contains(harness.pyatspi.STATE_FOCUSED),
            "the focus on OK, so that Enter submits what is shown")
        for entry in ("Passphrase", "Repeat"):
            shown = [child.name for child in harness.walk(window.entry(entry))]
            self.assertIn("Hide Password", shown, f"{entry} is shown")

    def test_enter_after_suggest_encrypts_with_what_is_shown(self):
        client = self.encrypt()
        window = self.next_window(client=client)
        self.suggest(window)
        window.key("Return")
        status, out, err = client.finish_within(ANSWER_TIMEOUT, since=time.monotonic())
        self.assertEqual(status, 0, err)
        self.assertTrue(os.path.getsize(self.encrypted) > 0)
        self.assertQuietPinentries(1)

    def test_a_suggested_passphrase_can_be_copied_for_the_users_records(self):
        client = self.encrypt()
        window = self.next_window(client=client)
        self.suggest(window)
        window.key("alt+p")  # back to the field, which does not select by itself
        window.wait_for_focus("Passphrase")
        # What an earlier test left on the clipboard is not the copy.
        harness.put_on_clipboard("before the copy")
        window.key("ctrl+a", "ctrl+c")

        def copy():
            text = subprocess.run(["xclip", "-o", "-selection", "clipboard"],
                                  capture_output=True, timeout=10).stdout.decode()
            return None if text in ("", "before the copy") else text
        copied = window.wait_until(copy, "the copy on the clipboard")
        self.assertEqual(len(copied), window.length("Passphrase"))
        window.key("Return")
        self.assertEncrypted(client, time.monotonic(), copied)
        self.assertQuietPinentries(1)

    def test_decrypt_through_the_window(self):
        passphrase = "dé jà vu 100%"
        tool("gpg", "--batch", "--pinentry-mode", "loopback", "--passphrase", passphrase,
             "--symmetric", "--output", self.encrypted, self.plain, env=self.gnupg.environment())
        self.gnupg.kill_agent()

        client = self.gnupg.gpg("--decrypt", self.encrypted)
        window = self.next_window(client=client)
        self.assertEntries(window, PASSPHRASE_ONLY)
        self.assertButtons(window, ["Cancel", "OK"])
        pressed = answer(window, passphrase, "Passphrase")
        status, out, err = client.finish_within(ANSWER_TIMEOUT, since=pressed)
        self.assertEqual((status, out), (0, PLAINTEXT), err)
        self.assertQuietPinentries(1)

    def test_255_bytes_are_accepted_and_256_are_not(self):
        # 255 UTF-8 bytes in 128 characters: the limit counts bytes.
        bulk = "9" + "é" * 126                  # 253 bytes, pasted
        passphrase = bulk + "é"                 # 255 bytes, the last typed
        self.assertEqual(len(passphrase.encode()), 255)
        client = self.encrypt()
        window = self.next_window(client=client)
        for entry in ("Passphrase", "Repeat"):
            window.wait_for_focus(entry)
            window.paste(entry, bulk)
            window.key("End")
            window.type_synced("é", entry, before=len(bulk))
            if entry == "Passphrase":
                window.key("Tab")
        window.wait_until(lambda: window.sensitive("OK"), "OK with 255 bytes in both")

        # One more byte in each: equal again, but too long.
        window.type_synced("x", "Repeat", before=len(passphrase))
        window.key("shift+Tab")
        window.wait_for_focus("Passphrase")
        window.key("End")
        window.type_synced("x", "Passphrase", before=len(passphrase))
        self.assertFalse(window.sensitive("OK"), "OK with 256 bytes in both")
        window.key("Return")  # a submit that must not happen
        time.sleep(0.5)  # time for it to show: nothing to wait for
        self.assertTrue(window.running() and client.poll() is None,
                        "Return submitted 256 bytes")
        window.wait_until(lambda: window.message("Passphrase"),
                          "a message that 256 bytes are too many")

        # Enter on an invalid form moves on to the next field: go back.
        if window.focused_entry() != "Passphrase":
            window.key("shift+Tab")
            window.wait_for_focus("Passphrase")
        window.key("End", "BackSpace")
        window.wait_for_length("Passphrase", len(passphrase))
        window.key("Tab")
        window.wait_for_focus("Repeat")
        window.key("End", "BackSpace")
        window.wait_for_length("Repeat", len(passphrase))
        window.wait_until(lambda: window.sensitive("OK"), "OK back at 255 bytes")
        window.wait_until(lambda: window.message("Passphrase") == "",
                          "the message to go at 255 bytes")
        window.key("Return")
        self.assertEncrypted(client, time.monotonic(), passphrase)
        self.assertQuietPinentries(1)


class WeakPassphraseTests(PinentryTestCase):
    """gpg-agent's passphrase constraints (by default at least 8 characters,
    one of them not a letter) make it ask CONFIRM in a second pinentry."""

    def weak_then_confirm_window(self, client):
        first = self.next_window(client=client)
        self.type_twice(first, "abc")
        first.key("Return")
        first.wait_gone()
        confirm = self.next_window(client=client, exclude_pids={first.pid})
        self.assertLabel(confirm, WEAK_HEADING)
        self.assertLabel(confirm, WEAK_DESCRIPTION)
        self.assertButtons(confirm, [NEW_ONE, TAKE_IT])
        self.assertEntries(confirm, [])
        return confirm

    def test_take_this_one_anyway(self):
        client = self.encrypt()
        confirm = self.weak_then_confirm_window(client)
        pressed = press(confirm, TAKE_IT)
        self.assertEncrypted(client, pressed, "abc")
        self.assertQuietPinentries(2)

    def test_a_stray_return_does_not_take_the_weak_passphrase(self):
        client = self.encrypt()
        confirm = self.weak_then_confirm_window(client)
        confirm.wait_until(
            lambda: confirm.button(NEW_ONE).getState().contains(harness.pyatspi.STATE_FOCUSED),
            "the focus on the safe answer")
        self.assertFalse(
            confirm.button(TAKE_IT).getState().contains(harness.pyatspi.STATE_IS_DEFAULT))
        confirm.key("Return")
        confirm.wait_gone()
        again = self.next_window(client=client, exclude_pids={confirm.pid})
        self.assertEntries(again, PASSPHRASE_AND_REPEAT)
        again.key("Escape")
        status, _, err = client.finish_within(ANSWER_TIMEOUT, since=time.monotonic())
        self.assertEqual(status, 2, err)

    def test_enter_new_passphrase(self):
        client = self.encrypt()
        confirm = self.weak_then_confirm_window(client)
        press(confirm, NEW_ONE)
        confirm.wait_gone()
        again = self.next_window(client=client, exclude_pids={confirm.pid})
        self.assertEntries(again, PASSPHRASE_AND_REPEAT)
        self.type_twice(again, "much better 42")
        again.key("Return")
        self.assertEncrypted(client, time.monotonic(), "much better 42")
        self.assertQuietPinentries(3)


def unlock_description(gnupg):
    """The SETDESC gpg-agent sends to unlock the key of UID, decoded."""
    listing = tool("gpg", "--batch", "--with-colons", "--list-keys", UID,
                   env=gnupg.environment()).stdout.decode()
    fields = next(line.split(":") for line in listing.splitlines() if line.startswith("pub:"))
    created = time.strftime("%Y-%m-%d", time.gmtime(int(fields[5])))
    return ("Please enter the passphrase to unlock the OpenPGP secret key:\n"
            f'"{UID}"\n255-bit EDDSA key, ID {fields[4]},\ncreated {created}.\n')


class SigningKeyTests(PinentryTestCase):
    def clearsign(self):
        """Starts gpg --clearsign; returns it and the description to expect."""
        description = unlock_description(self.gnupg)
        client = self.gnupg.gpg("--clearsign", "--local-user", "n@example.org",
                                input=b"signed text\n")
        return client, description

    def unlock_window(self, client, description):
        window = self.next_window(client=client)
        self.assertEqual(window.title, "Unlock GnuPG Key")
        self.assertLabel(window, description)
        # gpg-agent's OPTION owner names gpg, started by this test.
        window.wait_for_label(lambda text: text.startswith("Asked by \u2068gpg (")
                              and " ← " in text, "who asks")
        self.assertEntries(window, PASSPHRASE_ONLY)
        self.assertButtons(window, ["Cancel", "Unlock"])
        return window

    def test_new_key_then_sign_after_a_wrong_passphrase(self):
        making = self.gnupg.gpg("--quick-gen-key", UID, "ed25519", "sign", "never")
        window = self.next_window(client=making)
        self.assertLabel(window, NEW_KEY_DESCRIPTION)
        self.assertEntries(window, PASSPHRASE_AND_REPEAT)
        self.type_twice(window, KEY_PASSPHRASE)
        window.key("Return")
        # Making the key itself takes gpg about 3 s here, loopback or not.
        status, _, err = making.finish_within(KEYGEN_TIMEOUT, since=time.monotonic())
        self.assertEqual(status, 0, err)
        self.gnupg.kill_agent()

        signing, description = self.clearsign()
        window = self.unlock_window(signing, description)
        answer(window, "wrong passphrase", "Passphrase")
        # The agent asks again in the same pinentry, with SETERROR.
        window.wait_for_label(lambda text: text == shown_as("Bad Passphrase (try 2 of 3)"),
                              "the Bad Passphrase message")
        pid = window.pid
        window.show()
        self.assertEqual(window.pid, pid)
        self.assertLabel(window, description)
        self.assertEqual(window.length("Passphrase"), 0, "the wrong passphrase is still there")
        # The agent's error is the field's, until the first key.
        self.assertEqual(window.message("Passphrase"), shown_as("Bad Passphrase (try 2 of 3)"))
        window.type_synced(KEY_PASSPHRASE[0], "Passphrase")
        window.wait_until(lambda: window.message("Passphrase") == "", "the error to go")
        window.key("BackSpace")
        window.wait_for_length("Passphrase", 0)
        pressed = answer(window, KEY_PASSPHRASE, "Passphrase")
        status, out, err = signing.finish_within(ANSWER_TIMEOUT, since=pressed)
        self.assertEqual(status, 0, err)
        self.assertTrue(out.startswith(b"-----BEGIN PGP SIGNED MESSAGE-----\n"), out)
        tool("gpg", "--batch", "--verify", input=out, env=self.gnupg.environment())
        self.assertQuietPinentries(2)  # one for the new key, one for signing

    def cancelled(self, cancel, message):
        self.gnupg.generate_key(UID, KEY_PASSPHRASE)
        signing, description = self.clearsign()
        window = self.unlock_window(signing, description)
        window.type_synced("half", "Passphrase")
        cancel(window)
        pressed = time.monotonic()
        status, out, err = signing.finish_within(ANSWER_TIMEOUT, since=pressed)
        self.assertEqual(status, 2, err)
        self.assertIn(f"gpg: signing failed: {message}\n".encode(), err)
        self.assertQuietPinentries(1)

    def test_escape_cancels(self):
        self.cancelled(lambda window: window.key("Escape"), "Operation cancelled")

    def test_cancel_button_cancels(self):
        self.cancelled(lambda window: window.click("Cancel"), "Operation cancelled")

    def test_closing_the_window_cancels_fully(self):
        self.cancelled(lambda window: window.close_window(), "Operation fully cancelled")


class TimeoutTests(PinentryTestCase):
    conf = ("pinentry-timeout 2",)

    def test_untouched_window_times_out(self):
        self.gnupg.generate_key(UID, KEY_PASSPHRASE)
        signing = self.gnupg.gpg("--clearsign", "--local-user", "n@example.org",
                                 input=b"signed text\n")
        window = self.next_window(client=signing)
        shown = time.monotonic()
        status, out, err = signing.finish_within(2 + ANSWER_TIMEOUT, since=shown)
        self.assertEqual(status, 2, err)
        self.assertIn(b"gpg: signing failed: Timeout\n", err)
        self.assertGreater(signing.ended - shown, 1.0, "ended long before the 2 s timeout")
        window.wait_gone()
        self.assertQuietPinentries(1)


class AssuanTests(ClientTestCase):
    """`login-form --pinentry` spoken to directly: the bytes of the answer."""

    def test_as_the_pinentry_alternative_its_window_is_still_login_forms(self):
        # /usr/bin/pinentry when login-form is the alternative: the window's
        # class (and so the desktop's idea of the program) stays login-form.
        link = os.path.join(self.temp_dir(), "pinentry")
        os.symlink(PINENTRY, link)
        client = Client([link], os.environ.copy(), input=b"SETDESC Via the alternative\nGETPIN\n")
        self.addCleanup(client.kill)
        window = self.next_window(client=client, pid=client.pid)
        self.assertLabel(window, "Via the alternative")
        classes = subprocess.run(["xprop", "-id", str(window.window), "WM_CLASS"],
                                 capture_output=True, text=True, timeout=10).stdout
        self.assertIn('"login-form", "Login-form"', classes)
        window.key("Escape")

    def test_the_agents_window_in_decimal_or_hex_becomes_the_parent(self):
        parent = harness.Prompt()
        self.addCleanup(parent.kill)
        parent.show()
        for how, argv, option in (
                ("OPTION parent-wid in decimal", [BINARY, "--pinentry"],
                 f"OPTION parent-wid={parent.window}\n"),
                ("--parent-wid in hex", [BINARY, "--pinentry", f"--parent-wid={hex(parent.window)}"],
                 "")):
            with self.subTest(how=how):
                script = (option + "SETDESC Parented\nGETPIN\nBYE\n").encode()
                client = Client(argv, {**os.environ, "LOGIN_FORM_GRAB": "0"}, input=script)
                self.addCleanup(client.kill)
                window = self.next_window(client=client, pid=client.pid)
                transient = subprocess.run(
                    ["xprop", "-id", str(window.window), "WM_TRANSIENT_FOR"],
                    capture_output=True, text=True, timeout=10).stdout
                self.assertIn(f"window id # {hex(parent.window)}", transient)
                window.key("Escape")
                status, out, err = client.finish()
                self.assertEqual((status, err), (0, b""))

    def test_getpin_answers_with_escaped_data(self):
        script = (b"OPTION lc-ctype=C.UTF-8\n"
                  b"SETDESC Line one%0ALine two: 100%25 sure+\n"
                  b"SETPROMPT Passphrase:\n"
                  b"GETPIN\n"
                  b"BYE\n")
        client = Client([BINARY, "--pinentry"], os.environ.copy(), input=script)
        self.addCleanup(client.kill)
        window = self.next_window(client=client, pid=client.pid)
        self.assertLabel(window, "Line one\nLine two: 100% sure+")
        self.assertEntries(window, PASSPHRASE_ONLY)
        pressed = answer(window, "50% a+b é", "Passphrase")
        status, out, err = client.finish_within(ANSWER_TIMEOUT, since=pressed)
        self.assertEqual((status, err), (0, b""))
        lines = out.decode("utf-8").split("\n")
        self.assertTrue(lines[0].startswith("OK"), out)
        self.assertEqual(lines[1:5], ["OK", "OK", "OK", "D 50%25 a+b é"], out)
        self.assertEqual(lines[5], "OK", out)
        self.assertTrue(lines[6].startswith("OK"), out)  # BYE
        self.assertEqual(lines[7:], [""], out)
