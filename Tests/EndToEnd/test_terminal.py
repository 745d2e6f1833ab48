"""The prompt on a terminal, where there is no display: a real
pseudo-terminal (Python's pty) that the real clients name or own, typed into
and read byte for byte. What is asked, refused and answered is the model's,
as in the window; the terminal's settings (`stty -a`) are as they were
afterwards, however the prompt ends."""

import os
import shutil
import signal
import subprocess
import sys
import tempfile
import termios
import time

import harness
from clients import (ANSWER_TIMEOUT, BasicAuthServer, ClientTestCase, DropbearServer, GitSetup,
                     GnuPGHome, askpass_environment, base_environment, make_ssh_key,
                     ssh_fingerprint_line, tool)
from harness import BINARY, PromptTestCase, poll, run, unique_title
from terminal import PseudoTerminal, flag, process_state
from test_security_keys import build_fixture
from test_pinentry import (GPG_PROGRAMS, KEY_PASSPHRASE, PLAINTEXT, UID, WEAK_DESCRIPTION,
                           unlock_description)

# How long a person takes to answer, at most.
PROMPT_TIMEOUT = 20.0

USERNAME_LINE = "Username (At least 6 characters): "
PASSWORD_LINE = "Password (At least 7 characters): "

# A key's description that becomes OSC 52 (a clipboard write) and CSI 2 J in
# KOI8-R: "²", "°" and "⌡" are the 8-bit controls 0x9D, 0x9C and 0x9B there.
KOI8_PAYLOAD = "Key of ²52;c;ZXZpbA==° and ⌡2J"
# How the terminal shows it: neither set has a character there for those.
PAYLOAD_SHOWN = b"Key of ?52;c;ZXZpbA==? and ?2J"


def without_display(**extra):
    """The test's environment with no display at all."""
    return base_environment(DISPLAY=None, WAYLAND_DISPLAY=None, **extra)


def screen(raw):
    """Terminal bytes as the lines left on the screen: a carriage return
    goes back to the start of the line, a backspace one column left, and
    what is written overwrites what was there (one column a character)."""
    lines = []
    for line in raw.decode("utf-8", errors="replace").split("\r\n"):
        cells, column = [], 0
        for character in line:
            if character == "\r":
                column = 0
            elif character == "\b":
                column = max(0, column - 1)
            elif character != "\a":
                cells[column:column + 1] = [character]
                column += 1
        lines.append("".join(cells).rstrip())
    return lines


class OrdinaryTerminalTests(PromptTestCase):
    """`login-form` on its controlling terminal: with --tty, or when no
    display opens."""

    def setUp(self):
        self.tty = PseudoTerminal(self)

    def start(self, *options, env=None, job=False):
        process = self.tty.start([BINARY, *options], env or without_display(), job=job)
        self.addCleanup(process.kill)
        return process

    def finish(self, process):
        out, err = process.communicate(timeout=harness.EXIT_TIMEOUT)
        return process.returncode, out, err

    def test_without_a_display_the_form_asks_on_the_terminal(self):
        before = self.tty.settings()
        process = self.start("--title=Mail", "--text=Sign in to atlas")
        self.tty.wait_for(USERNAME_LINE)
        self.assertFalse(flag(self.tty.settings(), "echo"), "typing would show")
        self.tty.type("ali\r")
        self.tty.wait_for("! 3 more characters needed (at least 6)")
        self.tty.type("ce_1\r")
        self.tty.wait_for(PASSWORD_LINE)
        self.tty.type("short\r")
        refused = self.tty.after("! 2 more characters needed (at least 7)")
        self.tty.wait_for(PASSWORD_LINE, since=refused)
        self.tty.type("longpass1\r")
        self.assertEqual(self.finish(process), (0, b"alice_1\nlongpass1\n", b""))
        self.assertEqual(screen(self.tty.output), [
            "Mail", "Sign in to atlas", "", "Enter: Done, Esc: Cancel",
            USERNAME_LINE + "ali", "  ! 3 more characters needed (at least 6)",
            USERNAME_LINE + "alice_1",
            PASSWORD_LINE.rstrip(), "  ! 2 more characters needed (at least 7)",
            PASSWORD_LINE.rstrip(), ""])
        self.assertEqual(self.tty.settings(), before)

    def test_the_output_is_byte_for_byte_the_windows(self):
        cases = [(["--json"], 'zoë "q" \\ é', 'pa"ss\\w::rd 🔑'),
                 (["--separator=::"], "alice.b", "p::w d%+"),
                 (["--password-only"], None, "s3cret pw")]
        for options, username, password in cases:
            with self.subTest(options=options):
                window = PromptTestCase.start(self, *options)
                if username is not None:
                    window.type_synced(username, "Username")
                    window.key("Return")
                    window.wait_until(lambda: window.focused_entry() == "Password",
                                      "focus in Password")
                window.type_synced(password, "Password")
                window.wait_until(window.sensitive, "Done to become sensitive")
                window.key("Return")
                in_window = window.finish()

                # --tty with a display there: the terminal, no window.
                mark = self.tty.mark()
                process = self.start("--tty", f"--title={unique_title('tty')}", *options,
                                     env=base_environment())
                if username is not None:
                    self.tty.wait_for(USERNAME_LINE, since=mark)
                    self.tty.type(username + "\r")
                self.tty.wait_for(PASSWORD_LINE, since=mark)
                self.tty.type(password + "\r")
                on_terminal = self.finish(process)
                self.assertEqual(on_terminal[:2], in_window[:2])
                self.assertEqual(in_window[0], 0, in_window)
                self.assertNotIn(password.encode(), self.tty.output, "the password was echoed")

    def test_a_stop_gives_the_terminal_back_and_a_continue_takes_it_again(self):
        before = self.tty.settings()
        process = self.start("--title=Jobs", job=True)
        self.tty.wait_for(USERNAME_LINE)
        job = poll(lambda: self.tty.foreground_process() != process.pid
                   and self.tty.foreground_process(), message="the job in the foreground")
        self.tty.type("alice_")
        for stop in (lambda: os.kill(job, signal.SIGTSTP), lambda: self.tty.type("\x1a")):
            drawn = self.tty.output.count((USERNAME_LINE + "alice_").encode())
            stop()
            poll(lambda: process_state(job) == "T", message="the job to stop")
            self.assertEqual(self.tty.settings(), before, "settings while stopped")
            os.kill(job, signal.SIGCONT)
            poll(lambda: not flag(self.tty.settings(), "echo"), message="no echo again")
            # Drawn again, under what a shell would have printed.
            self.tty.wait_for(USERNAME_LINE + "alice_", count=drawn + 1)
        self.tty.type("1\rlongpass1\r")
        self.assertEqual(self.finish(process), (0, b"alice_1\nlongpass1\n", b""))
        self.assertEqual(self.tty.settings(), before)

    def test_a_stop_the_kernel_discards_leaves_the_echo_off(self):
        # A session leader's process group is orphaned: SIGTSTP cannot stop
        # it, and the settings given back for the stop must be taken again.
        process = self.start("--password-only")
        self.tty.wait_for(PASSWORD_LINE)
        process.send_signal(signal.SIGTSTP)
        self.tty.wait_for(PASSWORD_LINE, count=2)
        self.assertNotEqual(process_state(process.pid), "T")
        self.assertFalse(flag(self.tty.settings(), "echo"), "typing would show")
        self.tty.type("s3cret pw\r")
        self.assertEqual(self.finish(process), (0, b"s3cret pw\n", b""))
        self.assertNotIn(b"s3cret", self.tty.output)

    def test_a_signal_mid_prompt_leaves_the_terminal_as_it_was(self):
        before = self.tty.settings()
        # SIGTERM ends the prompt (status 1); SIGQUIT ends the process.
        for number, status in ((signal.SIGTERM, 1), (signal.SIGQUIT, -signal.SIGQUIT)):
            with self.subTest(signal=number):
                process = self.start("--new-password")
                shown = self.tty.mark()
                self.tty.wait_for(USERNAME_LINE, since=shown)
                self.tty.type("alice_1\rhalf")
                self.tty.wait_for(PASSWORD_LINE, since=shown)
                self.assertFalse(flag(self.tty.settings(), "echo"))
                process.send_signal(number)
                self.assertEqual(self.finish(process), (status, b"", b""))
                self.assertEqual(self.tty.settings(), before)

    def test_an_askpass_prompt_never_reaches_a_koi8_terminal_as_a_c1_control(self):
        # A KOI8-R locale of the test's own: Debian generates only those
        # asked for.
        locales = tempfile.mkdtemp()
        self.addCleanup(shutil.rmtree, locales)
        subprocess.run(["localedef", "-i", "ru_RU", "-f", "KOI8-R",
                        os.path.join(locales, "ru_RU.KOI8-R")], check=False)
        self.assertTrue(os.path.isdir(os.path.join(locales, "ru_RU.KOI8-R")), "localedef")
        env = base_environment(LOCPATH=locales, LANG="ru_RU.KOI8-R", LC_ALL=None)
        process = self.start("--tty", f"Пароль: {KOI8_PAYLOAD}", env=env)
        # In Russian, the locale's language, converted to KOI8-R too.
        output = self.tty.wait_for("Esc: Отменить\r\n\rПароль: ".encode("koi8_r"))
        for control in (b"\x1b", b"\x9b", b"\x9c", b"\x9d"):
            self.assertNotIn(control, output)
        self.assertIn("Пароль: ".encode("koi8_r") + PAYLOAD_SHOWN + b"\r\n", output)
        self.tty.type("1234\r")
        self.assertEqual(self.finish(process), (0, b"1234\n", b""))

    def test_every_other_signal_that_ends_the_process_leaves_the_terminal_as_it_was(self):
        # Those the prompt does not end itself for (SIGINT, SIGTERM, SIGHUP
        # end it above): the default action, after the settings go back.
        before, saved = self.tty.settings(), termios.tcgetattr(self.tty.slave)
        names = ("QUIT ILL TRAP ABRT BUS FPE USR1 SEGV USR2 ALRM STKFLT XCPU XFSZ VTALRM PROF "
                 "IO PWR SYS").split()
        signals = [(f"SIG{name}", getattr(signal, f"SIG{name}")) for name in names]
        signals += [(f"SIGRTMIN+{number - signal.SIGRTMIN}", number)
                    for number in range(signal.SIGRTMIN, signal.SIGRTMAX + 1)]
        for name, number in signals:
            with self.subTest(signal=name):
                # Whatever a signal before left: each is judged on its own.
                termios.tcsetattr(self.tty.slave, termios.TCSANOW, saved)
                process = self.start("--password-only")
                poll(lambda: not flag(self.tty.settings(), "echo"), message=f"no echo ({name})")
                process.send_signal(number)
                status, out, err = self.finish(process)
                self.assertEqual((status, out), (-number, b""), f"{name}: {err!r}")
                after = self.tty.settings()
                self.assertTrue(flag(after, "echo") and flag(after, "icanon"),
                                f"{name} left {after!r}")
                self.assertEqual(after, before, name)

    def test_an_ignored_sigpipe_stays_ignored(self):
        process = self.start("--password-only")
        shown = self.tty.after(PASSWORD_LINE)
        poll(lambda: not flag(self.tty.settings(), "echo"), message="no echo")
        process.send_signal(signal.SIGPIPE)
        # Still asking: what is typed is its answer.
        self.tty.type("s3cret pw\r")
        self.assertEqual(self.finish(process), (0, b"s3cret pw\n", b""))
        self.assertNotIn(b"s3cret", self.tty.output[shown:])

    def test_a_terminal_that_hangs_up_cancels(self):
        process = self.start()
        self.tty.wait_for(USERNAME_LINE)
        self.tty.type("alice")
        self.tty.hang_up()
        status, out, err = self.finish(process)
        self.assertEqual((status, out), (1, b""), err)

    def test_an_askpass_wrapper_asks_on_the_terminal_with_tty(self):
        process = self.start("--tty", "PIN of the token: ", env=base_environment())
        shown = self.tty.wait_for("PIN of the token:\r\n\r\nEnter: OK, Esc: Cancel\r\n\rPIN: ")
        title, asker = screen(shown)[:2]
        self.assertEqual(title, "Authentication")
        self.assertTrue(asker.startswith(f"Asked by python3 ({os.getpid()}) ← "), asker)
        self.tty.type("1234\r")
        self.assertEqual(self.finish(process), (0, b"1234\n", b""))

    def test_an_asker_that_renamed_itself_is_named_by_its_program(self):
        # One prctl names a process anything; the program it runs it cannot.
        renamed = ("import ctypes, subprocess, sys; ctypes.CDLL(None).prctl(15, b'sudo', 0, 0, 0);"
                   " sys.exit(subprocess.call(sys.argv[1:]))")
        process = self.tty.start([sys.executable, "-c", renamed, BINARY, "--tty", "PIN: "],
                                 base_environment())
        self.addCleanup(process.kill)
        shown = self.tty.wait_for("Enter: OK, Esc: Cancel")
        asker = screen(shown)[1]
        program = os.path.realpath(sys.executable)
        self.assertTrue(asker.startswith(f"Asked by {program} ("), asker)
        self.tty.type("\x1b")
        self.assertEqual(self.finish(process)[:2], (1, b""))

    def test_with_neither_display_nor_terminal_one_line_names_both(self):
        code, out, err = run("--title=x", env=without_display(), start_new_session=True)
        self.assertEqual((code, out), (2, b""))
        self.assertEqual(err, b"login-form: Cannot open display: DISPLAY is not set, "
                              b"and the process has no controlling terminal\n")
        code, out, err = run("--tty", env=base_environment(), start_new_session=True)
        self.assertEqual((code, out), (2, b""))
        self.assertEqual(err, b"login-form: Cannot ask on a terminal: "
                              b"the process has no controlling terminal\n")


class GpgTerminalTests(ClientTestCase):
    """gpg with no display: gpg-agent names the terminal (GPG_TTY) and
    login-form asks there."""

    required_programs = GPG_PROGRAMS

    def setUp(self):
        self.gnupg = GnuPGHome(self, wrapper=True)
        self.tty = PseudoTerminal(self)
        self.plain = os.path.join(self.gnupg.directory, "plain.txt")
        with open(self.plain, "wb") as file:
            file.write(PLAINTEXT)

    def gpg(self, *argv, input=None, **extra):
        env = self.gnupg.environment(DISPLAY=None, WAYLAND_DISPLAY=None, GPG_TTY=self.tty.path,
                                     **extra)
        return self.start_client(["gpg", "--batch", "--pinentry-mode", "ask", *argv], env,
                                 input=input)

    def clearsign(self):
        self.gnupg.generate_key(UID, KEY_PASSPHRASE)
        return self.gpg("--clearsign", "--local-user", "n@example.org", input=b"signed text\n")

    def pinentry_pid(self):
        return poll(lambda: self.gnupg.pinentry_starts()
                    and int(open(self.gnupg.starts_path).read().split()[-1]),
                    message="the pinentry's process id")

    def assertQuiet(self, starts):
        self.assertEqual(self.gnupg.pinentry_starts(), starts, "pinentry processes started")
        self.assertEqual(self.gnupg.pinentry_stderr(), b"", "the pinentries' stderr")

    def test_sign_after_a_wrong_passphrase(self):
        before = self.tty.settings()
        signing = self.clearsign()
        description = unlock_description(self.gnupg).rstrip("\n").split("\n")
        self.tty.wait_for("Passphrase: ")
        shown = screen(self.tty.output)[:len(description) + 4]
        self.assertEqual(shown[0], "Unlock GnuPG Key")
        self.assertTrue(shown[1].startswith("Asked by gpg ("), shown[1])
        self.assertEqual(shown[2:], [*description, "", "Enter: Unlock, Esc: Cancel"])
        self.tty.type("wrong passphrase\r")
        again = self.tty.after("! Bad Passphrase (try 2 of 3)")
        self.tty.wait_for("Passphrase: ", since=again)
        self.tty.type(KEY_PASSPHRASE + "\r")
        status, out, err = signing.finish_within(ANSWER_TIMEOUT, since=time.monotonic())
        self.assertEqual(status, 0, err)
        self.assertTrue(out.startswith(b"-----BEGIN PGP SIGNED MESSAGE-----\n"), out)
        tool("gpg", "--batch", "--verify", input=out, env=self.gnupg.environment())
        for secret in (b"wrong passphrase", KEY_PASSPHRASE.encode()):
            self.assertNotIn(secret, self.tty.output, "a passphrase was echoed")
        self.assertEqual(self.tty.settings(), before)
        self.assertQuiet(1)  # both tries in one pinentry

    def test_ctrl_c_cancels(self):
        before = self.tty.settings()
        signing = self.clearsign()
        self.tty.wait_for("Passphrase: ")
        self.tty.type("half\x03")
        status, out, err = signing.finish_within(ANSWER_TIMEOUT, since=time.monotonic())
        self.assertEqual(status, 2, err)
        self.assertIn(b"gpg: signing failed: Operation cancelled\n", err)
        self.assertEqual(self.tty.settings(), before)
        self.assertQuiet(1)

    def test_sigterm_mid_prompt_leaves_the_terminal_as_it_was(self):
        before = self.tty.settings()
        signing = self.clearsign()
        self.tty.wait_for("Passphrase: ")
        self.tty.type("half")
        self.assertFalse(flag(self.tty.settings(), "echo"))
        os.kill(self.pinentry_pid(), signal.SIGTERM)
        status, out, err = signing.finish_within(ANSWER_TIMEOUT, since=time.monotonic())
        self.assertEqual(status, 2, err)
        self.assertEqual(self.tty.settings(), before)

    def test_a_terminal_that_hangs_up_cancels(self):
        signing = self.clearsign()
        self.tty.wait_for("Passphrase: ")
        self.tty.hang_up()
        status, out, err = signing.finish_within(ANSWER_TIMEOUT, since=time.monotonic())
        self.assertEqual(status, 2, err)
        self.assertIn(b"gpg: signing failed: Operation cancelled\n", err)

    def test_symmetric_repeat_refused_until_it_matches(self):
        passphrase = "50% naïve Größe +1"
        before = self.tty.settings()
        encrypted = self.plain + ".gpg"
        client = self.gpg("--symmetric", "--output", encrypted, self.plain)
        refusal = "  ! Does not match the passphrase\r\n"
        for refused, repeat in enumerate((passphrase[:-1], "something else", passphrase)):
            asked = self.tty.after(refusal, count=refused) if refused else 0
            self.tty.wait_for("Passphrase: ", since=asked)
            self.tty.type(passphrase + "\r")
            self.tty.wait_for("Repeat: ", since=asked)
            self.tty.type(repeat + "\r")
        status, out, err = client.finish_within(ANSWER_TIMEOUT, since=time.monotonic())
        self.assertEqual(status, 0, err)
        # The prefix and the other both refused, in the agent's words.
        self.assertEqual(self.tty.output.count(refusal.encode()), 2)
        self.assertEqual(self.gnupg.decrypt_with(passphrase.encode(), encrypted), PLAINTEXT)
        self.assertNotIn(passphrase.encode(), self.tty.output)
        self.assertEqual(self.tty.settings(), before)
        self.assertQuiet(1)

    def test_a_weak_passphrase_is_confirmed_with_a_key(self):
        encrypted = self.plain + ".gpg"
        client = self.gpg("--symmetric", "--output", encrypted, self.plain)
        self.tty.wait_for("Passphrase: ")
        self.tty.type("abc\r")
        self.tty.wait_for("Repeat: ")
        self.tty.type("abc\r")
        choices = ("[Take] this one anyway / [Enter] new passphrase "
                   "(Enter: Enter new passphrase): ")
        shown = self.tty.wait_for(choices)
        # The warning's first line is its heading; the rest follows it.
        self.assertIn("\r\n".join(WEAK_DESCRIPTION.split("\n")).encode(), shown)
        self.assertIn(b"GnuPG\r\nAsked by gpg (", shown)
        self.tty.type("take\r")
        status, out, err = client.finish_within(ANSWER_TIMEOUT, since=time.monotonic())
        self.assertEqual(status, 0, err)
        self.assertIn(choices + "take", screen(self.tty.output))
        self.assertEqual(self.gnupg.decrypt_with(b"abc", encrypted), PLAINTEXT)
        self.assertQuiet(2)

    def test_suggest_shows_a_passphrase_that_enter_takes(self):
        encrypted = self.plain + ".gpg"
        client = self.gpg("--symmetric", "--output", encrypted, self.plain)
        self.tty.wait_for("Enter: OK, Esc: Cancel, Tab: Suggest\r\n")
        self.tty.wait_for("Passphrase: ")
        self.tty.type("\t")
        shown = self.tty.after("Suggested passphrase: ")
        self.tty.wait_for("Enter takes it, typing starts over): ", since=shown)
        suggested = self.tty.output[shown:].split(b"\r\n")[0]
        self.assertRegex(suggested, rb"^[!-~]{8,}$")
        self.tty.type("\r")
        status, out, err = client.finish_within(ANSWER_TIMEOUT, since=time.monotonic())
        self.assertEqual(status, 0, err)
        self.assertEqual(self.gnupg.decrypt_with(suggested, encrypted), PLAINTEXT)
        self.assertNotIn(b"Repeat", self.tty.output[shown:], "the suggestion's repeat was asked")
        self.assertQuiet(1)

    def test_pinentry_user_data_asks_on_the_terminal_even_with_a_display(self):
        encrypted = self.plain + ".gpg"
        env = self.gnupg.environment(GPG_TTY=self.tty.path, PINENTRY_USER_DATA="tty")
        client = self.start_client(["gpg", "--batch", "--symmetric", "--output", encrypted,
                                    self.plain], env)
        self.tty.wait_for("Passphrase: ")
        self.tty.type("long enough 1\r")
        self.tty.wait_for("Repeat: ")
        self.tty.type("long enough 1\r")
        status, out, err = client.finish_within(ANSWER_TIMEOUT, since=time.monotonic())
        self.assertEqual(status, 0, err)
        self.assertEqual(harness.visible_windows(), {})
        self.assertEqual(self.gnupg.decrypt_with(b"long enough 1", encrypted), PLAINTEXT)

    def test_a_terminal_that_is_none_is_a_clear_error(self):
        self.gnupg.generate_key(UID, KEY_PASSPHRASE)
        cases = [("/dev/null", b"/dev/null is not a terminal"),
                 (None, b"no terminal was named (set GPG_TTY to the output of tty)")]
        for tty, reason in cases:
            with self.subTest(GPG_TTY=tty):
                env = self.gnupg.environment(DISPLAY=None, WAYLAND_DISPLAY=None)
                if tty:
                    env["GPG_TTY"] = tty
                self.gnupg.kill_agent()
                stderr_before = self.gnupg.pinentry_stderr()
                signing = self.start_client(
                    ["gpg", "--batch", "--clearsign", "--local-user", "n@example.org"], env,
                    input=b"text\n")
                status, out, err = signing.finish_within(PROMPT_TIMEOUT, since=time.monotonic())
                self.assertEqual(status, 2, err)
                self.assertIn(b"gpg: signing failed: Inappropriate ioctl for device\n", err)
                said = self.gnupg.pinentry_stderr()[len(stderr_before):]
                self.assertEqual(said, b"login-form: Cannot open display: DISPLAY is not set, "
                                       b"and " + reason + b"\n")


class GpgConstraintsTerminalTests(ClientTestCase):
    """gpg-agent with enforce-passphrase-constraints on the terminal: its
    verdict (INQUIRE CHECKPIN) holds Enter as it holds OK in a window."""

    required_programs = GPG_PROGRAMS

    def setUp(self):
        self.gnupg = GnuPGHome(self, conf=("enforce-passphrase-constraints",), wrapper=True)
        self.tty = PseudoTerminal(self)
        self.plain = os.path.join(self.gnupg.directory, "plain.txt")
        with open(self.plain, "wb") as file:
            file.write(PLAINTEXT)

    def test_a_passphrase_the_agent_refuses_is_asked_again_before_its_repeat(self):
        before = self.tty.settings()
        encrypted = self.plain + ".gpg"
        env = self.gnupg.environment(DISPLAY=None, WAYLAND_DISPLAY=None, GPG_TTY=self.tty.path)
        client = self.start_client(["gpg", "--batch", "--pinentry-mode", "ask", "--symmetric",
                                    "--output", encrypted, self.plain], env)
        self.tty.wait_for("Passphrase: ")
        self.tty.type("short\r")
        # The agent's words, under the field, and the field again: never
        # the repeat of a passphrase it refuses.
        refused = self.tty.after("\r\n  ! ")
        self.tty.wait_for("Passphrase: ", since=refused)
        self.assertNotIn(b"Repeat", self.tty.output)
        passphrase = "much better 42"
        self.tty.type(passphrase + "\r")
        repeat = self.tty.after("Repeat: ")
        self.tty.type(passphrase + "\r")
        status, out, err = client.finish_within(ANSWER_TIMEOUT, since=time.monotonic())
        self.assertEqual(status, 0, err)
        self.assertNotIn(b"  ! ", self.tty.output[repeat:])
        self.assertEqual(self.gnupg.decrypt_with(passphrase.encode(), encrypted), PLAINTEXT)
        for secret in (b"short", passphrase.encode()):
            self.assertNotIn(secret, self.tty.output, "a passphrase was echoed")
        self.assertEqual(self.tty.settings(), before)


class AssuanTerminalTests(ClientTestCase):
    """`login-form --pinentry` spoken to directly, with the terminal named:
    what gpg-agent 2.2 never sends (a quality bar) and a client whose
    terminal is not UTF-8."""

    def setUp(self):
        self.tty = PseudoTerminal(self)

    def pinentry(self):
        process = subprocess.Popen([BINARY, "--pinentry"], env=without_display(),
                                   stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                   stderr=subprocess.PIPE, start_new_session=True)
        self.addCleanup(process.kill)
        greeting = process.stdout.readline()
        self.assertTrue(greeting.startswith(b"OK "), greeting)
        return process

    @staticmethod
    def send(process, line):
        process.stdin.write(line + b"\n")
        process.stdin.flush()
        return process.stdout.readline()

    def test_the_quality_is_rated_while_typing(self):
        process = self.pinentry()
        for line in (f"OPTION ttyname={self.tty.path}".encode(), b"OPTION lc-ctype=C.UTF-8",
                     b"SETPROMPT Passphrase:", b"SETQUALITYBAR Quality:"):
            self.assertEqual(self.send(process, line), b"OK\n", line)
        process.stdin.write(b"GETPIN\n")
        process.stdin.flush()
        self.tty.wait_for("Passphrase: ")
        for typed, score in (("c", b"5"), ("d", b"-20"), ("e", b"85")):
            self.tty.type(typed)
            inquiry = process.stdout.readline()
            self.assertTrue(inquiry.startswith(b"INQUIRE QUALITY "), inquiry)
            process.stdin.write(b"D " + score + b"\nEND\n")
            process.stdin.flush()
        # In words, as the window says it beside its bar.
        self.tty.wait_for("Passphrase (Quality: Weak): ")
        self.tty.wait_for("Passphrase (Quality: 20 % — does not meet the agent’s rules): ")
        self.tty.wait_for("Passphrase (Quality: Strong): ")
        self.tty.type("\r")
        self.assertEqual(process.stdout.readline(), b"D cde\n")
        self.assertEqual(process.stdout.readline(), b"OK\n")
        self.assertTrue(self.send(process, b"BYE").startswith(b"OK"))
        self.assertEqual(process.wait(timeout=harness.EXIT_TIMEOUT), 0)

    def test_an_agent_that_closed_its_input_early_leaves_no_copy_at_exit(self):
        # It still reads the answer; the program ends once that is written.
        process = self.pinentry()
        for line in (f"OPTION ttyname={self.tty.path}".encode(), b"OPTION lc-ctype=C.UTF-8",
                     b"SETPROMPT Passphrase:"):
            self.assertEqual(self.send(process, line), b"OK\n", line)
        process.stdin.write(b"GETPIN\n")
        process.stdin.close()
        self.tty.wait_for("Passphrase: ")
        core, debugger = harness.core_at_exit(self, process.pid)
        password = "correct-horse-battery-st26"
        self.tty.type(password + "\r")
        self.assertEqual(process.stdout.readline(), f"D {password}\n".encode())
        self.assertEqual(process.stdout.readline(), b"OK\n")
        debugger.wait(timeout=120)
        harness.assert_core_taken(self, core)
        self.assertEqual(harness.core_copies(core, password), 0)

    def test_a_latin1_client_is_shown_and_read_in_latin1(self):
        process = self.pinentry()
        for line in (f"OPTION ttyname={self.tty.path}".encode(),
                     b"OPTION lc-ctype=de_DE.ISO-8859-1",
                     "SETDESC Schlüssel für Jürgen, 100€".encode(), b"SETPROMPT Passwort:"):
            self.assertEqual(self.send(process, line), b"OK\n", line)
        process.stdin.write(b"GETPIN\n")
        process.stdin.flush()
        self.tty.wait_for(b"Passwort: ")
        self.assertIn("Schlüssel für Jürgen, 100?\r\n".encode("latin-1"), self.tty.output)
        self.tty.type(b"gr\xfc\xdfe\r")  # "grüße", as a Latin-1 terminal sends it
        self.assertEqual(process.stdout.readline(), "D grüße\n".encode())
        self.assertEqual(process.stdout.readline(), b"OK\n")
        process.stdin.close()
        self.assertEqual(process.wait(timeout=harness.EXIT_TIMEOUT), 0)


    def test_what_would_be_a_c1_control_in_the_clients_charset_shows_as_a_question_mark(self):
        # The payload: OSC 52 (a clipboard write) and CSI 2 J as
        # 8-bit controls once converted (0x9D, 0x9C, 0x9B), through each text
        # a client sets; and a word of the language, which must stay itself.
        cases = (("ru_RU.KOI8-R", KOI8_PAYLOAD, "Пароль", "koi8_r", PAYLOAD_SHOWN),
                 ("ru_RU.CP1251", "Key of ќ52;c;ZXZpbA==њ and ›2J", "Пароль", "cp1251",
                  PAYLOAD_SHOWN),
                 ("ja_JP.SJIS", KOI8_PAYLOAD, "パスワード", "shift_jis",
                  b"Key of ?52;c;ZXZpbA==\x81\x8b and ?2J"))
        for locale, payload, word, codec, shown in cases:
            with self.subTest(locale=locale):
                tty = PseudoTerminal(self)
                process = self.pinentry()
                for line in (f"OPTION ttyname={tty.path}", f"OPTION lc-ctype={locale}",
                             f"SETTITLE {payload}", f"SETDESC {word}: {payload}",
                             f"SETERROR {payload}", f"SETOK {payload}",
                             f"SETPROMPT {payload} {word}:"):
                    self.assertEqual(self.send(process, line.encode()), b"OK\n", line)
                process.stdin.write(b"GETPIN\n")
                process.stdin.flush()
                word = word.encode(codec)
                output = tty.wait_for(shown + b" " + word + b": ")
                for control in (b"\x1b", b"\x9b", b"\x9c", b"\x9d"):
                    self.assertNotIn(control, output)
                for each in (shown + b"\r\n", word + b": " + shown + b"\r\n", b"! " + shown,
                             b"Enter: " + shown + b", Esc: Cancel"):
                    self.assertIn(each, output)
                tty.type(b"pw\r")
                self.assertEqual(process.stdout.readline(), b"D pw\n")
                self.assertEqual(process.stdout.readline(), b"OK\n")
                process.stdin.close()
                self.assertEqual(process.wait(timeout=harness.EXIT_TIMEOUT), 0)


class SshTerminalTests(ClientTestCase):
    """ssh's askpass with no display: the prompt on the caller's terminal."""

    required_programs = ("ssh-add", "ssh-agent", "ssh-keygen")

    def setUp(self):
        self.directory = self.temp_dir("ssh")
        self.tty = PseudoTerminal(self)
        self.socket = os.path.join(self.directory, "agent.sock")

    def start_agent(self, on_terminal=False, **language):
        env = askpass_environment(DISPLAY=None, WAYLAND_DISPLAY=None, **language)
        argv = ["ssh-agent", "-D", "-a", self.socket]
        if on_terminal:
            agent = self.tty.start(argv, env, stdout=subprocess.DEVNULL)
        else:
            agent = subprocess.Popen(argv, env=env, start_new_session=True,
                                     stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                                     stderr=subprocess.PIPE)
        self.addCleanup(agent.kill)
        poll(lambda: os.path.exists(self.socket), timeout=10, message="the agent's socket")
        return agent

    def ssh_add(self, *argv):
        env = askpass_environment(SSH_AUTH_SOCK=self.socket, DISPLAY=None, WAYLAND_DISPLAY=None)
        process = self.tty.start(["ssh-add", *argv], env)
        self.addCleanup(process.kill)
        return process

    def listed(self):
        return tool("ssh-add", "-l", env=base_environment(SSH_AUTH_SOCK=self.socket),
                    check=False).stdout.decode()

    def test_ssh_add_asks_on_the_controlling_terminal(self):
        before = self.tty.settings()
        key = make_ssh_key(self.directory, "pw pw")
        self.start_agent()
        adding = self.ssh_add(key)
        self.tty.wait_for(f"Passphrase for {key}\r\n\r\nEnter: Unlock, Esc: Cancel\r\n\r"
                          "Passphrase: ")
        self.tty.type("wrong\r")
        # ssh-add asks again in a new askpass.
        again = self.tty.after("! Wrong passphrase, try again\r\n")
        self.tty.wait_for("Passphrase: ", since=again)
        self.tty.type("pw pw\r")
        out, err = adding.communicate(timeout=ANSWER_TIMEOUT + harness.EXIT_TIMEOUT)
        self.assertEqual(adding.returncode, 0, err)
        self.assertIn(ssh_fingerprint_line(key + ".pub").split()[1], self.listed())
        self.assertNotIn(b"pw pw", self.tty.output)
        self.assertEqual(self.tty.settings(), before)

    def test_a_hostile_key_path_never_reaches_the_terminal_as_it_is(self):
        folder = os.path.join(self.directory, "\x1b[2J\x1b]0;owned\x07")
        os.mkdir(folder)
        key = make_ssh_key(folder, "pw pw", name="key\u202etxt.exe")
        self.start_agent()
        adding = self.ssh_add(key)
        shown = self.tty.wait_for("Passphrase: ")
        self.assertNotIn(b"\x1b", shown, "an escape sequence of the client reached the terminal")
        self.assertNotIn("\u202e".encode(), shown)
        self.assertIn(b"Passphrase for " + self.directory.encode()
                      + "/^[[2J^[]0;owned^G/key⟨RLO⟩txt.exe\r\n".encode(), shown)
        self.tty.type("\x03")
        adding.communicate(timeout=ANSWER_TIMEOUT + harness.EXIT_TIMEOUT)
        self.assertNotEqual(adding.returncode, 0)
        self.assertNotIn("key", self.listed())

    def confirm_signatures(self, prompt, answers, **language):
        """Signs with a key added with -c once for each (typed, signed) of
        `answers`, answering ssh-agent's question on its terminal."""
        key = make_ssh_key(self.directory, "")
        self.start_agent(on_terminal=True, **language)
        tool("ssh-add", "-c", key, env=base_environment(SSH_AUTH_SOCK=self.socket))
        message = os.path.join(self.directory, "message")
        with open(message, "w") as file:
            file.write("signed\n")
        # The agent names the key by its comment (ssh-keygen -C).
        _, fingerprint, comment, _ = ssh_fingerprint_line(key + ".pub").split()
        for answer, signed in answers:
            mark = self.tty.mark()
            signing = self.start_client(
                ["ssh-keygen", "-Y", "sign", "-n", "file", "-f", key + ".pub", message],
                base_environment(SSH_AUTH_SOCK=self.socket))
            shown = self.tty.wait_for(prompt, since=mark)
            self.assertIn(f"{comment}?\r\n{fingerprint}\r\n".encode(), shown[mark:])
            self.tty.type(answer)
            status, out, err = signing.finish_within(ANSWER_TIMEOUT, since=time.monotonic())
            self.assertEqual(status == 0, signed, f"{answer!r}: {err}")
            self.assertEqual(os.path.exists(message + ".sig"), signed, answer)
            if signed:
                os.unlink(message + ".sig")
        return self.tty.output

    def test_ssh_agents_confirmation_on_its_terminal(self):
        prompt = "[Allow] / [Deny] (Enter: Deny): "
        shown = self.confirm_signatures(
            prompt, (("\r", False), ("no\r", False), ("deny\r", False), ("allow\r", True)))
        self.assertIn(f"{prompt}Deny\r\n".encode(), shown)
        self.assertIn(f"{prompt}allow\r\n".encode(), shown)

    def test_in_german_nein_denies_and_ja_allows(self):
        # "nein" once allowed: its "e" was the mnemonic of "_Erlauben".
        self.confirm_signatures(
            "[Erlauben] / [Verweigern] (Eingabetaste: Verweigern): ",
            (("nein\r", False), ("\r", False), ("ja\r", True)), LANG="C.UTF-8", LANGUAGE="de")


class SecurityKeyTerminalTests(ClientTestCase):
    """A security key's touch with no display: ssh-agent, started on the
    terminal, shows its notice there (the software key of
    test_security_keys); the notice takes no key and ends when the agent
    ends it once the key was touched."""

    required_programs = ("ssh-agent", "ssh-add", "ssh-keygen", "cc")

    def setUp(self):
        self.directory = self.temp_dir("sk")
        self.library = build_fixture(self.directory)
        self.tty = PseudoTerminal(self)
        self.socket = os.path.join(self.directory, "agent.sock")

    def test_the_touch_notice_is_written_and_ends_with_the_touch(self):
        key = os.path.join(self.directory, "id_ed25519_sk")
        tool("ssh-keygen", "-q", "-t", "ed25519-sk", "-w", self.library, "-N", "", "-C",
             "e2e@security-key", "-f", key)
        message = os.path.join(self.directory, "message")
        with open(message, "w") as file:
            file.write("signed with a touch\n")
        touch = os.path.join(self.directory, "touched")
        before = self.tty.settings()
        agent = self.tty.start(
            ["ssh-agent", "-D", "-a", self.socket, "-P", os.path.join(self.directory, "*")],
            askpass_environment(DISPLAY=None, WAYLAND_DISPLAY=None, LF_SK_TOUCH=touch),
            stdout=subprocess.DEVNULL)
        self.addCleanup(agent.kill)
        poll(lambda: os.path.exists(self.socket), timeout=10, message="the agent's socket")
        client = base_environment(SSH_AUTH_SOCK=self.socket, DISPLAY=None, WAYLAND_DISPLAY=None)
        tool("ssh-add", "-S", self.library, key, env=client)

        signing = subprocess.Popen(
            ["ssh-keygen", "-Y", "sign", "-n", "file", "-f", key + ".pub", message], env=client,
            stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        self.addCleanup(signing.kill)
        self.tty.wait_for("Touch your security key\r\nOpenSSH needs a signature")
        # Keys typed meanwhile are not the notice's: it neither ends nor
        # takes them, and leaves the terminal's settings alone.
        self.tty.type("\r")
        time.sleep(0.5)  # time for a wrong end to show: nothing to wait for
        self.assertIsNone(signing.poll(), "the signature did not wait for the touch")
        self.assertEqual(self.tty.settings(), before)
        with open(touch, "w"):
            pass
        _, err = signing.communicate(timeout=ANSWER_TIMEOUT + harness.EXIT_TIMEOUT)
        self.assertEqual(signing.returncode, 0, err)
        self.assertTrue(os.path.exists(message + ".sig"))
        agent.terminate()
        _, agent_err = agent.communicate(timeout=harness.EXIT_TIMEOUT)
        self.assertNotIn(b"login-form", agent_err, "the notice complained")
        self.assertEqual(self.tty.settings(), before)


class SshHostKeyTerminalTests(ClientTestCase):
    """ssh's unknown host key on the terminal, against a local dropbear: a
    whole word answers, so "no" (whose "o" once stood for Connect) or a
    pasted fingerprint that differs never writes known_hosts."""

    required_programs = ("ssh", "dropbear", "dropbearkey")
    PROMPT = "[Connect] / [Cancel] (Enter: Cancel): "

    def setUp(self):
        directory = self.temp_dir("ssh")
        self.server = DropbearServer(self, directory)
        self.known_hosts = os.path.join(directory, "known_hosts")
        self.host = f"[127.0.0.1]:{self.server.port}"
        self.fingerprint = ssh_fingerprint_line(self.server.public_key_path).split()[1]
        self.tty = PseudoTerminal(self)

    def connect(self):
        """Starts ssh, waits for the question and returns ssh and what the
        terminal showed."""
        connecting = self.tty.start(
            ["ssh", "-F", "/dev/null", "-p", str(self.server.port),
             "-o", f"UserKnownHostsFile={self.known_hosts}", "-o", "GlobalKnownHostsFile=/dev/null",
             "-o", "StrictHostKeyChecking=ask", "-o", "PubkeyAuthentication=no",
             "-o", "PasswordAuthentication=no", "-o", "KbdInteractiveAuthentication=no",
             "-o", "ConnectTimeout=10", "e2e@127.0.0.1", "true"],
            askpass_environment(DISPLAY=None, WAYLAND_DISPLAY=None))
        self.addCleanup(connecting.kill)
        return connecting, self.tty.wait_for(self.PROMPT)

    def finish(self, connecting):
        connecting.communicate(timeout=ANSWER_TIMEOUT + harness.EXIT_TIMEOUT)
        # No key: dropbear refuses every login, after the host key was settled.
        self.assertEqual(connecting.returncode, 255)

    def assertKnown(self):
        with open(self.known_hosts) as known:
            self.assertEqual(known.read(), f"{self.host} {self.server.public_key}\n")

    def assertUnknown(self):
        self.assertFalse(os.path.exists(self.known_hosts) and os.path.getsize(self.known_hosts),
                         "the host key was trusted")

    def test_the_host_key_question_is_answered_with_a_word(self):
        connecting, shown = self.connect()
        self.assertIn(f"Connect to {self.host}?\r\n".encode(), shown)
        self.assertIn(f"\r\nED25519 {self.fingerprint}\r\n".encode(), shown)
        self.assertIn(b"\r\nOr paste the fingerprint you expect\r\n", shown)
        self.tty.type("connect\r")
        self.finish(connecting)
        self.assertKnown()

    def test_no_leaves_the_host_unknown(self):
        connecting, _ = self.connect()
        self.tty.type("no\r")
        self.finish(connecting)
        self.assertUnknown()

    def test_the_pasted_fingerprint_connects_and_one_that_differs_asks_again(self):
        connecting, _ = self.connect()
        # One character changed, to an "o", which once meant Connect.
        changed = self.fingerprint[:-2] + ("o" if self.fingerprint[-2] != "o" else "p") \
            + self.fingerprint[-1]
        self.tty.type(changed + "\r")
        again = self.tty.after("  ! Does not match the fingerprint the server sent\r\n")
        self.tty.wait_for(self.PROMPT, since=again)
        self.assertIsNone(connecting.poll(), "a differing fingerprint ended the question")
        self.tty.type(self.fingerprint + "\r")
        self.finish(connecting)
        self.assertKnown()


class GitTerminalTests(ClientTestCase):
    """git's credential helper with no display: the same form on git's
    terminal, unless git's own terminal prompts are turned off."""

    required_programs = ("git",)

    def setUp(self):
        self.git = GitSetup(self)
        root = self.temp_dir("served")
        self.listing = self.git.bare_repository(root)
        self.server = BasicAuthServer(self, root, "alice", "s3cret pw")
        self.url = self.server.url("repo.git")

    def test_the_credential_helper_asks_on_the_terminal(self):
        tty = PseudoTerminal(self)
        env = self.git.environment(DISPLAY=None, WAYLAND_DISPLAY=None)
        del env["GIT_TERMINAL_PROMPT"]
        listing = tty.start(["git", "-c", "credential.helper=", "-c",
                             "credential.helper=login-form", "ls-remote", self.url], env)
        self.addCleanup(listing.kill)
        tty.wait_for(f"Sign in to http://127.0.0.1:{self.server.port}\r\n")
        tty.wait_for("Username: ")
        tty.type("alice\r")
        tty.wait_for("Password: ")
        tty.type("s3cret pw\r")
        out, err = listing.communicate(timeout=ANSWER_TIMEOUT + harness.EXIT_TIMEOUT)
        self.assertEqual((listing.returncode, out), (0, self.listing), err)

    def test_with_gits_terminal_prompts_off_nothing_asks(self):
        listing = self.git.git("ls-remote", self.url,
                               env=self.git.environment(DISPLAY=None, WAYLAND_DISPLAY=None))
        status, out, err = listing.finish()
        self.assertEqual(status, 128, err)
        self.assertIn(b"login-form: Cannot open display: DISPLAY is not set, and terminal "
                      b"prompts are turned off (GIT_TERMINAL_PROMPT=0)\n", err)
