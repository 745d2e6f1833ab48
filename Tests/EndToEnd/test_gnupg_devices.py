"""Smart cards and gpg-agent's passphrase rules in the pinentry mode.

Cards: no virtual OpenPGP card exists in Debian, so the agent's card
requests are played as scripted Assuan sessions, with the exact commands
gnupg 2.2.40's agent/divert-scd.c and agent/call-pinentry.c send.

Rules: a real gpg-agent 2.2.40 with enforce-passphrase-constraints. Debian's
help.txt has no constraint hints, which an administrator adds to
/etc/gnupg/help.txt; rather than touch /etc, the test runs a copy of the
agent beside a gpgconf.ctl naming a sysconfdir of its own (the agent's
documented relocation, common/homedir.c). The 2.2.40 agent sends its rules
only when asking for a symmetric key's passphrase (GET_PASSPHRASE
--newsymkey); `gpg --passwd` and `--quick-gen-key` (agent_askpin) check the
rules only after the fact, in a SETERROR."""

import os
import shlex
import shutil
import signal
import subprocess
import time

from clients import (ANSWER_TIMEOUT, Client, ClientTestCase, GnuPGHome, answer, base_environment,
                     shown_as)
from desktop import TypingWindow, WindowManager
from harness import BINARY, ClientWindow

SHORT_HINT = "At least 12 characters, 2 of them not letters."
LONG_HINT = ("At least 12 characters, 2 of them digits or punctuation,\n"
             "and no word from the list of known passwords.")
PLAINTEXT = b"rules checked live\n"


def pinentry_script(*lines):
    return ("\n".join(lines) + "\n").encode()


class CardTests(ClientTestCase):
    """The agent's card PIN requests, as divert-scd.c's getpin_cb sends them."""

    def run_script(self, *lines):
        client = Client([BINARY, "--pinentry"], base_environment(), input=pinentry_script(*lines))
        self.addCleanup(client.kill)
        return client

    def assertNoCheckBox(self, window):
        roles = [accessible.getRoleName() for accessible in window._showing()]
        self.assertNotIn("check box", roles, "a card PIN is never kept in the keyring")

    def test_each_card_secret_is_labelled_with_the_cards_word(self):
        for prompt in ("PIN", "Admin PIN", "PUK", "Reset Code"):
            with self.subTest(prompt=prompt):
                client = self.run_script(
                    "OPTION allow-external-password-cache", "SETKEYINFO --clear",
                    "SETDESC Please enter the PIN%0A%0ANumber: D2760001240103040005000012340000",
                    f"SETPROMPT {prompt}", "GETPIN", "BYE")
                window = self.next_window(client=client, pid=client.pid)
                self.assertEntries(window, [("password text", prompt)])
                self.assertLabel(window,
                                 "Please enter the PIN\n\nNumber: D2760001240103040005000012340000")
                self.assertNoCheckBox(window)
                pressed = answer(window, "123456", prompt)
                status, out, err = client.finish_within(ANSWER_TIMEOUT, since=pressed)
                self.assertEqual((status, err), (0, b""))
                self.assertIn(b"\nD 123456\nOK\n", out)

    def test_a_new_pin_is_asked_again_under_the_same_label(self):
        client = self.run_script(
            "SETKEYINFO --clear", "SETDESC |N|New PIN", "SETPROMPT PIN", "GETPIN",
            "SETKEYINFO --clear", "SETDESC Repeat this PIN", "SETPROMPT PIN", "GETPIN", "BYE")
        first = self.next_window(client=client, pid=client.pid)
        self.assertEntries(first, [("password text", "PIN")])
        answer(first, "654321", "PIN")
        second = first.show()
        second.wait_for_label(lambda text: text == shown_as("Repeat this PIN"),
                              "the repeat's description")
        self.assertEntries(second, [("password text", "PIN")])
        self.assertNoCheckBox(second)
        pressed = answer(second, "654321", "PIN")
        status, out, err = client.finish_within(ANSWER_TIMEOUT, since=pressed)
        self.assertEqual((status, err), (0, b""))
        self.assertEqual(out.count(b"\nD 654321\nOK\n"), 2, out)


class PinpadTests(ClientTestCase):
    """The reader's pinpad: CONFIRM --one-button, which the agent ends."""

    required_programs = ("openbox",)
    PINPAD = ["SETDESC Please enter the PIN%0A%0AUse the reader's pinpad for input.",
              "CONFIRM --one-button"]

    def notice(self):
        directory = self.temp_dir("pinpad")
        manager = WindowManager(self, directory)
        typing = TypingWindow(self, manager)
        process = subprocess.Popen([BINARY, "--pinentry"], stdin=subprocess.PIPE,
                                   stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                   env=base_environment())
        self.addCleanup(lambda: process.poll() is None and process.kill())
        process.stdin.write(pinentry_script(*self.PINPAD))
        process.stdin.flush()
        notice = ClientWindow.next(pid=process.pid)
        self.addCleanup(notice.kill)
        notice.wait_for_label(lambda text: text == "Type the PIN on the card reader",
                              "the notice's heading")
        self.assertLabel(notice, "Please enter the PIN\n\nUse the reader's pinpad for input.")
        self.assertEqual(notice.buttons(), ["Close"])
        time.sleep(0.5)  # time for a wrong focus change to show: nothing to wait for
        self.assertEqual(manager.active_window(), typing.id, "_NET_ACTIVE_WINDOW moved")
        self.assertTrue(typing.has_input_focus(), "XGetInputFocus moved")
        self.assertTrue(typing.can_grab_keyboard(), "the notice holds the keyboard")
        return process, notice

    def test_the_agents_sigint_ends_it_quietly(self):
        process, notice = self.notice()
        os.kill(process.pid, signal.SIGINT)
        out, err = process.communicate(timeout=ANSWER_TIMEOUT)
        self.assertEqual((process.returncode, err), (1, b""))
        # The greeting, the SETDESC's OK, and no answer to the CONFIRM.
        self.assertEqual(out.count(b"\n"), 2, out)
        notice.wait_gone(ANSWER_TIMEOUT)

    def test_an_agent_that_goes_away_ends_it(self):
        process, notice = self.notice()
        process.stdin.close()
        process.stdout.close()
        self.assertEqual(process.wait(timeout=ANSWER_TIMEOUT), 0)
        self.assertEqual(process.stderr.read(), b"")
        process.stderr.close()
        notice.wait_gone(ANSWER_TIMEOUT)

    def test_an_agent_that_closes_its_pipes_one_after_the_other_still_ends_it(self):
        # Input first, and the output only once the end of input was seen
        # (the notice stays for a client that still reads): the output's
        # end must end it too, not leave it open with nobody to answer.
        process, notice = self.notice()
        process.stdin.close()
        time.sleep(0.5)  # time for a wrong end to show: nothing to wait for
        self.assertIsNone(process.poll(), "it ended before the agent stopped reading")
        process.stdout.close()
        self.assertEqual(process.wait(timeout=ANSWER_TIMEOUT), 0)
        self.assertEqual(process.stderr.read(), b"")
        process.stderr.close()
        notice.wait_gone(ANSWER_TIMEOUT)


class ConstraintTests(ClientTestCase):
    """gpg --symmetric under an agent that enforces its passphrase rules."""

    required_programs = ("gpg", "gpg-agent", "gpgconf")

    def setUp(self):
        self.gnupg = GnuPGHome(self)
        root = os.path.join(self.gnupg.directory, "agent")
        for folder in ("bin", "etc", "libexec"):
            os.makedirs(os.path.join(root, folder))
        self.agent_program = os.path.join(root, "bin", "gpg-agent")
        shutil.copy2(shutil.which("gpg-agent"), self.agent_program)
        with open(os.path.join(root, "bin", "gpgconf.ctl"), "w") as file:
            file.write(f"rootdir={root}\nsysconfdir={root}/etc\n")
        os.symlink("/usr/lib/gnupg/gpg-check-pattern",
                   os.path.join(root, "libexec", "gpg-check-pattern"))
        with open(os.path.join(root, "etc", "help.txt"), "w") as file:
            file.write(f".pinentry.constraints.hint.short\n{SHORT_HINT}\n.\n\n"
                       f".pinentry.constraints.hint.long\n{LONG_HINT}\n.\n")
        patterns = os.path.join(self.gnupg.directory, "known-passwords")
        with open(patterns, "w") as file:
            # gpg-check-pattern: a /regular expression/ matches anywhere.
            file.write("/horse/\n")
        # The pinentry's side of the conversation, through tee.
        self.transcript = os.path.join(self.gnupg.directory, "pinentry-transcript")
        wrapper = os.path.join(self.gnupg.directory, "bin", "pinentry-tee")
        with open(wrapper, "w") as script:
            script.write("#!/bin/sh\n"
                         f"{shlex.quote(self.gnupg.symlink)} \"$@\" "
                         f"| tee -a {shlex.quote(self.transcript)}\n")
        os.chmod(wrapper, 0o755)
        self.log = os.path.join(self.gnupg.directory, "agent.log")
        with open(os.path.join(self.gnupg.home, "gpg-agent.conf"), "w") as file:
            file.write(f"pinentry-program {wrapper}\n"
                       "enforce-passphrase-constraints\nmin-passphrase-len 12\n"
                       f"min-passphrase-nonalpha 2\ncheck-passphrase-pattern {patterns}\n"
                       f"log-file {self.log}\ndebug ipc\ndebug-pinentry\n")
        self.plain = os.path.join(self.gnupg.directory, "plain.txt")
        with open(self.plain, "wb") as file:
            file.write(PLAINTEXT)
        self.encrypted = self.plain + ".gpg"

    def both(self, window, text):
        """Pastes `text` into both entries, from Repeat, where the focus is (a
        secret entry refuses text written over AT-SPI)."""
        window.key("shift+Tab")
        window.wait_for_focus("Passphrase")
        window.paste("Passphrase", text)
        window.key("Tab")
        window.wait_for_focus("Repeat")
        window.paste("Repeat", text)

    def test_the_rules_show_before_typing_and_ok_waits_for_the_agent(self):
        client = self.gnupg.gpg("--agent-program", self.agent_program, "--symmetric",
                                "--output", self.encrypted, self.plain)
        window = self.next_window(client=client)
        self.assertEntries(window, [("password text", "Passphrase"),
                                    ("password text", "Repeat")])
        # The agent's rule stands under the field before anything is typed;
        # what a screen reader says of the field is all of it.
        self.assertIn(SHORT_HINT, window.labels())
        self.assertEqual(window.message("Passphrase"), LONG_HINT)
        self.assertFalse(window.sensitive("OK"))

        window.wait_for_focus("Passphrase")
        window.type_synced("short", "Passphrase")
        window.key("Tab")
        window.wait_for_focus("Repeat")
        window.type_synced("short", "Repeat")
        window.wait_until(lambda: "at least 12 characters" in window.message("Passphrase"),
                          "the agent's refusal of a short one",
                          now=lambda: window.message("Passphrase"))
        self.assertFalse(window.sensitive("OK"), "OK for a short passphrase")

        self.both(window, "my horse 42 !!")
        window.wait_until(lambda: "known term" in window.message("Passphrase"),
                          "the agent's refusal of a known word",
                          now=lambda: window.message("Passphrase"))
        self.assertFalse(window.sensitive("OK"), "OK for a passphrase in the pattern file")

        passphrase = "Tr0ub4dor & 3 zebras"
        self.both(window, passphrase)
        window.wait_until(lambda: window.sensitive("OK"), "OK once the agent accepts it")
        self.assertEqual(window.message("Passphrase"), "")
        window.key("Return")
        status, _, err = client.finish_within(ANSWER_TIMEOUT, since=time.monotonic())
        self.assertEqual(status, 0, err)
        self.assertEqual(self.gnupg.decrypt_with(passphrase.encode(), self.encrypted), PLAINTEXT)

        with open(self.log, "rb") as log:
            self.assertIn(b"-> OPTION constraints-enforce\n", log.read())
        with open(self.transcript, "rb") as transcript:
            lines = transcript.read().split(b"\n")
        # The agent hides GETPIN's exchange from its log; the pinentry's
        # side shows the checks, the last one on the accepted passphrase.
        checks = [line for line in lines if line.startswith(b"INQUIRE CHECKPIN ")]
        self.assertIn(b"INQUIRE CHECKPIN short", checks)
        self.assertEqual(checks[-1], b"INQUIRE CHECKPIN Tr0ub4dor+&+3+zebras")
        self.assertEqual(lines.count(b"D " + passphrase.encode()), 1)
