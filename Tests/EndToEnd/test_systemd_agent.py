"""`login-form --systemd-agent`: systemd's password agent, answering the
real `systemd-ask-password --no-tty` (systemd 252) through the ask files it
writes into /run/systemd/ask-password, and files the tests plant there or in
the user's runtime directory the way systemd writes them (a temporary name,
then a rename).

Each test starts an agent of its own, waits for it to watch the directory,
and stops it (SIGTERM) at the end; the agent's stderr may hold only its
debug lines. Needs root: the system directory is root's. The system
directory is shared: another agent running meanwhile (a desktop's, or a
second run of these tests) would see the same queries.
"""

import os
import socket
import subprocess
import tempfile
import time

import harness
from clients import (ANSWER_TIMEOUT, AgentProcess, DesktopAgentTestCase, base_environment, plain,
                     press)
from harness import BINARY, ClientWindow, poll, visible_windows
from terminal import PseudoTerminal, flag

SYSTEM_DIRECTORY = "/run/systemd/ask-password"
DEBUG = "login-form: debug: systemd agent: "
# How long the no-window checks look: the agent decides before its debug
# line, so a window that would show is on its way by then.
NO_WINDOW_SECONDS = 2.0

def ask_files(directory=SYSTEM_DIRECTORY):
    try:
        names = os.listdir(directory)
    except FileNotFoundError:
        return []
    return [os.path.join(directory, name) for name in names if name.startswith("ask.")]


def ask_file_of(pid, directory=SYSTEM_DIRECTORY):
    """The ask file that process `pid` wrote, or None."""
    for path in ask_files(directory):
        try:
            with open(path) as file:
                if f"\nPID={pid}\n" in "\n" + file.read():
                    return path
        except FileNotFoundError:
            continue
    return None


def fields_of(path):
    """The key=value lines of an ask file."""
    with open(path) as file:
        return dict(line.rstrip("\n").split("=", 1) for line in file if "=" in line)


def plant(directory, fields):
    """Writes an ask file as systemd does: a temporary file, renamed into
    place once complete. Returns its path."""
    handle, temporary = tempfile.mkstemp(prefix="tmp.", dir=directory)
    with os.fdopen(handle, "w") as file:
        file.write("[Ask]\n" + "".join(f"{key}={value}\n" for key, value in fields.items()))
    path = temporary.replace(os.path.join(directory, "tmp."), os.path.join(directory, "ask."))
    os.rename(temporary, path)
    return path


def remove(path):
    try:
        os.unlink(path)
    except FileNotFoundError:
        pass


def remove_leftovers(pid):
    """What an asker killed with SIGKILL leaves: its file and socket."""
    path = ask_file_of(pid)
    if path is not None:
        socket_path = fields_of(path).get("Socket")
        remove(path)
        if socket_path and socket_path.startswith(SYSTEM_DIRECTORY + "/"):
            remove(socket_path)


class Agent(AgentProcess):
    """One `login-form --systemd-agent` of the test's own, on the
    terminal `tty` when given."""

    def __init__(self, test, env, tty=None):
        def start(out, err):
            if tty is None:
                return subprocess.Popen(
                    [BINARY, "--systemd-agent"], env=env, stdin=subprocess.DEVNULL,
                    stdout=out, stderr=err, start_new_session=True)
            return tty.start([BINARY, "--systemd-agent"], env, stdout=out, stderr=err)
        super().__init__(test, start)

    def wait_watching(self, directory=SYSTEM_DIRECTORY):
        self.wait_for_line(f"{DEBUG}watching {directory}")


class Asking:
    """Root's `systemd-ask-password --no-tty`, for a test case of the
    systemd agent's (a mixin: it has no tests of its own)."""

    def ask(self, message, *options):
        """Starts `systemd-ask-password --no-tty` and waits for its ask file;
        leaves no file or socket behind, whatever happens to it."""
        asker = self.start_client(["systemd-ask-password", "--no-tty", *options, message],
                                  env=base_environment())
        self.addCleanup(remove_leftovers, asker.pid)
        path = poll(lambda: ask_file_of(asker.pid) or asker.poll() is not None and "ended",
                    harness.WINDOW_TIMEOUT, message="systemd-ask-password's ask file")
        if path == "ended":
            raise AssertionError(f"systemd-ask-password ended first: {asker.describe()}")
        asker.ask_file = path
        asker.socket = fields_of(path).get("Socket")
        return asker

    def assertAnswered(self, asker, since, secret):
        status, out, err = asker.finish_within(ANSWER_TIMEOUT, since=since)
        self.assertEqual((status, out), (0, secret.encode("utf-8") + b"\n"), err)


class SystemdAgentTestCase(Asking, DesktopAgentTestCase):
    required_programs = ("systemd-ask-password",)
    needs_root = True

    def setUp(self):
        os.makedirs(SYSTEM_DIRECTORY, mode=0o755, exist_ok=True)
        self.askers = []

    def start_agent(self, env=None, tty=None, directories=(SYSTEM_DIRECTORY,)):
        agent = Agent(self, env or base_environment(LOGIN_FORM_DEBUG="1"), tty=tty)
        for directory in directories:
            agent.wait_watching(directory)
        self.agent = agent
        return agent

    def window(self, title):
        """The agent's next window, shown and focused; checks its title."""
        window = self.next_window(pid=self.agent.pid)
        self.assertEqual(window.title, title)
        return window

    def assertRefused(self, asker, since):
        status, out, err = asker.finish_within(ANSWER_TIMEOUT, since=since)
        self.assertNotEqual(status, 0, err)
        self.assertEqual(out, b"", err)

    def assertPlainLabels(self, window, text):
        labels = [plain(label) for label in window.labels()]
        self.assertIn(text, labels)

    def assertAskedBy(self, window, asker):
        """The window names the asker: its systemd service if it runs in
        one, else its process and its parent's."""
        expected = self.asked_by(asker.pid, f"systemd-ask-pas ({asker.pid}) ← ")
        labels = [plain(label) for label in window.labels()]
        self.assertTrue(any(label.startswith(expected) for label in labels),
                        f"no label starting {expected!r}: {labels!r}")


class WindowTests(SystemdAgentTestCase):
    def test_a_disk_passphrase_with_spaces_and_accents_reaches_the_asker(self):
        secret = "correct horse ünïcödé €5"
        self.start_agent()
        asker = self.ask("Please enter passphrase for disk Backup (backup):",
                         "--id=cryptsetup:/dev/sdb1", "--icon=drive-harddisk", "--timeout=60")
        window = self.window("Unlock Disk")
        self.assertPlainLabels(window, "Unlock the encrypted disk “Backup (backup)” (/dev/sdb1).")
        self.assertEntries(window, [("password text", "Passphrase")])
        self.assertButtons(window, ["Cancel", "Unlock"])
        self.assertAskedBy(window, asker)
        window.wait_for_focus("Passphrase")
        window.type_synced(secret, "Passphrase")
        pressed = press(window, "Unlock")
        self.assertAnswered(asker, pressed, secret)
        self.assertGone(window)
        self.assertQuietAgent()

    def test_a_security_token_asks_for_a_pin_and_to_touch_the_key(self):
        self.start_agent()
        asker = self.ask("Please enter security token PIN:", "--timeout=60")
        window = self.window("Security Key PIN")
        self.assertPlainLabels(window, "Please enter security token PIN:\n"
                               "After the PIN, touch the security key if it blinks.")
        self.assertEntries(window, [("password text", "PIN")])
        self.assertButtons(window, ["Cancel", "OK"])
        window.wait_for_focus("PIN")
        window.type_synced("123456", "PIN")
        window.key("Return")
        self.assertAnswered(asker, time.monotonic(), "123456")
        self.assertQuietAgent()

    def test_a_secret_of_2047_bytes_is_sent_and_2049_are_refused(self):
        # systemd's askers read one datagram of at most LINE_MAX (2048)
        # bytes, the + included.
        longest = "€" * 682 + "a"  # 2047 bytes
        self.assertEqual(len(longest.encode("utf-8")), 2047)
        self.start_agent()
        asker = self.ask("Passphrase, long:", "--timeout=60")
        window = self.window("Password Required")
        window.wait_for_focus("Password")
        window.paste("Password", "€" * 683)  # 2049 bytes
        window.wait_until(lambda: window.message("Password"), "a message that it is too long")
        self.assertFalse(window.sensitive("OK"), "OK with 2049 bytes")
        window.paste("Password", longest)
        window.wait_until(lambda: window.sensitive("OK"), "OK with 2047 bytes")
        window.key("Return")
        self.assertAnswered(asker, time.monotonic(), longest)
        self.assertQuietAgent()

    def test_2047_ascii_characters_are_sent_whole(self):
        # The character limit is the byte limit too: one byte each.
        longest = "a" * 2047
        self.start_agent()
        asker = self.ask("Passphrase, long:", "--timeout=60")
        window = self.window("Password Required")
        window.wait_for_focus("Password")
        window.paste("Password", longest)
        window.wait_until(lambda: window.sensitive("OK"), "OK with 2047 characters")
        window.key("Return")
        self.assertAnswered(asker, time.monotonic(), longest)
        self.assertQuietAgent()

    def test_cancel_refuses_and_the_asker_gets_no_password(self):
        self.start_agent()
        asker = self.ask("Passphrase for cancel:", "--timeout=60")
        window = self.window("Password Required")
        self.assertPlainLabels(window, "Passphrase for cancel:")
        self.assertButtons(window, ["Cancel", "OK"])
        window.type_synced("not sent", "Password")
        pressed = press(window, "Cancel")
        self.assertRefused(asker, pressed)
        self.assertGone(window)
        self.assertQuietAgent()

    def test_escape_refuses_and_the_asker_gets_no_password(self):
        self.start_agent()
        asker = self.ask("Passphrase for escape:", "--timeout=60")
        window = self.window("Password Required")
        window.type_synced("not sent", "Password")
        window.key("Escape")
        self.assertRefused(asker, time.monotonic())
        self.assertGone(window)
        self.assertQuietAgent()

    def test_closing_the_window_refuses_and_the_asker_gets_no_password(self):
        self.start_agent()
        asker = self.ask("Passphrase for closing:", "--timeout=60")
        window = self.window("Password Required")
        window.type_synced("not sent", "Password")
        window.close_window()
        self.assertRefused(asker, time.monotonic())
        self.assertGone(window)
        self.assertQuietAgent()

    def test_an_asker_killed_takes_its_window_and_the_agent_answers_the_next(self):
        self.start_agent()
        first = self.ask("Passphrase for the killed:", "--timeout=60")
        window = self.window("Password Required")
        first.kill()
        # SIGKILL leaves its file behind: only the asker's end can tell.
        self.assertTrue(os.path.exists(first.ask_file), "the killed asker's file")
        self.assertGone(window)
        self.agent.wait_for_line(f"{DEBUG}{first.ask_file} withdrawn: its asker ended")
        self.assertIsNone(self.agent.process.poll(), "the agent ended with the asker")

        second = self.ask("Passphrase for the next:", "--timeout=60")
        window = self.window("Password Required")
        self.assertPlainLabels(window, "Passphrase for the next:")
        pressed = answer_password(window, "next one")
        self.assertAnswered(second, pressed, "next one")
        self.assertQuietAgent()

    def test_the_window_goes_when_the_asker_gives_up(self):
        self.start_agent()
        asker = self.ask("Passphrase in a hurry:", "--timeout=5")
        window = ClientWindow.next(pid=self.agent.pid, client=asker)
        self.addCleanup(window.kill)
        status, out, err = asker.finish(timeout=harness.WINDOW_TIMEOUT)
        self.assertEqual((status == 0, out), (False, b""), err)
        self.assertGone(window)
        self.assertIsNone(self.agent.process.poll(), "the agent ended with the query")
        self.assertQuietAgent()

    def test_two_askers_are_asked_one_after_the_other_in_their_order(self):
        self.start_agent()
        first = self.ask("Passphrase for the first:", "--timeout=60")
        second = self.ask("Passphrase for the second:", "--timeout=60")
        window = self.window("Password Required")
        self.assertPlainLabels(window, "Passphrase for the first:")
        self.assertEqual(len(visible_windows()), 1, "two windows at once")
        pressed = answer_password(window, "first secret")
        self.assertAnswered(first, pressed, "first secret")
        self.assertGone(window)

        window = self.window("Password Required")
        self.assertPlainLabels(window, "Passphrase for the second:")
        pressed = answer_password(window, "second secret")
        self.assertAnswered(second, pressed, "second secret")
        self.assertQuietAgent()

    def test_when_the_shown_query_goes_the_queued_one_shows(self):
        self.start_agent()
        first = self.ask("Passphrase for the killed first:", "--timeout=60")
        second = self.ask("Passphrase for the second:", "--timeout=60")
        window = self.window("Password Required")
        self.assertPlainLabels(window, "Passphrase for the killed first:")
        first.kill()
        self.assertGone(window)
        window = self.window("Password Required")
        self.assertPlainLabels(window, "Passphrase for the second:")
        pressed = answer_password(window, "second secret")
        self.assertAnswered(second, pressed, "second secret")
        self.assertQuietAgent()

    def test_a_queued_query_whose_asker_ends_is_never_shown(self):
        self.start_agent()
        first = self.ask("Passphrase for the first:", "--timeout=60")
        second = self.ask("Passphrase for the killed second:", "--timeout=60")
        window = self.window("Password Required")
        self.assertPlainLabels(window, "Passphrase for the first:")
        second.kill()
        self.agent.wait_for_line(f"{DEBUG}{second.ask_file} withdrawn: its asker ended")
        pressed = answer_password(window, "first secret")
        self.assertAnswered(first, pressed, "first secret")
        self.assertGone(window)
        self.assertNoWindowFor(NO_WINDOW_SECONDS)
        self.assertQuietAgent()

    def test_a_stopped_agent_leaves_its_query_to_the_next_agent(self):
        self.start_agent()
        asker = self.ask("Passphrase for two agents:", "--timeout=60")
        window = self.window("Password Required")
        self.assertQuietAgent()  # SIGTERM: the window goes, unanswered
        self.assertGone(window)
        self.assertIsNone(asker.poll(), "the asker got an answer from a stopped agent")

        self.start_agent()  # finds the file already there
        window = self.window("Password Required")
        self.assertPlainLabels(window, "Passphrase for two agents:")
        pressed = answer_password(window, "second agent")
        self.assertAnswered(asker, pressed, "second agent")
        self.assertQuietAgent()

    def test_echo_shows_the_password_from_the_start(self):
        self.start_agent()
        asker = self.ask("Passphrase shown:", "--timeout=60", "--echo=yes")
        window = self.window("Password Required")
        window.wait_for_focus("Password")
        # Shown from the start: the peek icon offers to hide it. Over AT-SPI
        # the entry stays bullets all the same (test_accessibility.PeekTests:
        # revealing is for the eyes at the screen).
        entry = window.entry("Password")
        self.assertEqual([child.name for child in harness.children(entry)], ["Hide Password"])
        window.type_synced("seen it", "Password")
        self.assertEqual(window.text("Password"), "\u25cf" * len("seen it"))
        window.key("Return")
        self.assertAnswered(asker, time.monotonic(), "seen it")
        self.assertQuietAgent()

    def test_silent_shows_nothing_not_even_a_count(self):
        self.start_agent()
        asker = self.ask("Passphrase unseen:", "--timeout=60", "--echo=no")
        window = self.window("Password Required")
        window.wait_for_focus("Password")
        entry = window.entry("Password")
        icons = [child.name for child in harness.children(entry)]
        self.assertNotIn("Show Password", icons)
        self.assertNotIn("Hide Password", icons)
        for character in "hush":
            window.type(character)
            self.assertEqual(window.length("Password"), 0)
        # Tab is handled after the keys before it: once the focus has left,
        # all four are in, and still nothing shows.
        window.key("Tab")
        window.wait_until(lambda: window.focused_entry() is None, "the focus to leave")
        self.assertEqual((window.length("Password"), window.text("Password")), (0, ""))
        window.key("shift+Tab")
        window.wait_for_focus("Password")
        window.key("Return")
        self.assertAnswered(asker, time.monotonic(), "hush")
        self.assertQuietAgent()


def answer_password(window, secret):
    """Types `secret` into the Password entry and presses Return."""
    window.wait_for_focus("Password")
    window.type_synced(secret, "Password")
    window.key("Return")
    return time.monotonic()


class PlantedFileTests(SystemdAgentTestCase):
    def receiver(self, directory):
        """A datagram socket bound in `directory`, as an asker's."""
        receiver = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
        self.addCleanup(receiver.close)
        path = os.path.join(directory, f"sck.{os.getpid()}")
        receiver.bind(path)
        self.addCleanup(remove, path)
        return receiver, path

    def test_a_file_whose_asker_is_gone_is_not_asked(self):
        ended = subprocess.Popen(["true"])
        ended.wait()
        receiver, path = self.receiver(self.temp_dir("sock"))
        self.start_agent()
        planted = plant(SYSTEM_DIRECTORY, {
            "PID": ended.pid, "Socket": path, "AcceptCached": 0, "Echo": 0, "NotAfter": 0,
            "Silent": 0, "Message": "Nobody asks this"})
        self.addCleanup(remove, planted)
        self.agent.wait_for_line(f"{DEBUG}{planted} not asked: its asker is gone",
                                 no_window=True)
        self.assertNoWindowFor(NO_WINDOW_SECONDS)
        self.assertNothingReceived(receiver)
        self.assertQuietAgent()

    def plant_query(self, message, **fields):
        """A query of this test's own process in the system directory, with
        a socket of its own; returns (file, receiving socket)."""
        receiver, path = self.receiver(self.temp_dir("sock"))
        values = {"PID": os.getpid(), "Socket": path, "AcceptCached": 0, "Echo": 0,
                  "NotAfter": 0, "Silent": 0, "Message": message}
        values.update(fields)
        planted = plant(SYSTEM_DIRECTORY, values)
        self.addCleanup(remove, planted)
        return planted, receiver

    def assertNothingReceived(self, receiver):
        receiver.setblocking(False)
        with self.assertRaises(BlockingIOError, msg="the agent answered"):
            receiver.recv(4096)

    def test_a_query_whose_time_passes_is_withdrawn_unanswered(self):
        self.start_agent()
        # NotAfter is CLOCK_MONOTONIC in µs, the agent's clock too.
        soon = int(time.clock_gettime(time.CLOCK_MONOTONIC) * 1_000_000) + 4_000_000
        planted, receiver = self.plant_query("Quick, a password:", NotAfter=soon)
        window = ClientWindow.next(pid=self.agent.pid)
        self.addCleanup(window.kill)
        # The file stays and its asker (this process) runs: only the time is up.
        self.assertGone(window)
        self.agent.wait_for_line(f"{DEBUG}{planted} withdrawn: its time is up")
        self.assertLessEqual(soon, int(time.clock_gettime(time.CLOCK_MONOTONIC) * 1_000_000),
                             "withdrawn before its time")
        self.assertNothingReceived(receiver)
        self.assertQuietAgent()

    def test_a_query_past_its_time_is_not_asked(self):
        self.start_agent()
        past = int(time.clock_gettime(time.CLOCK_MONOTONIC) * 1_000_000) - 1_000_000
        planted, receiver = self.plant_query("Too late:", NotAfter=past)
        self.agent.wait_for_line(f"{DEBUG}{planted} not asked: its time is up", no_window=True)
        self.assertNoWindowFor(NO_WINDOW_SECONDS)
        self.assertNothingReceived(receiver)
        self.assertQuietAgent()

    def test_a_query_answered_elsewhere_takes_its_window(self):
        self.start_agent()
        planted, receiver = self.plant_query("Answered by another agent:")
        window = self.window("Password Required")
        self.assertPlainLabels(window, "Answered by another agent:")
        window.type_synced("not sent", "Password")
        os.unlink(planted)  # what the asker does once it has an answer
        self.assertGone(window)
        self.agent.wait_for_line(f"{DEBUG}{planted} withdrawn: its file is gone")
        self.assertNothingReceived(receiver)
        self.assertQuietAgent()

    def test_a_name_that_comes_again_is_asked_again(self):
        self.start_agent()
        receiver, path = self.receiver(self.temp_dir("sock"))
        fields = {"PID": os.getpid(), "Socket": path, "AcceptCached": 0, "Echo": 0,
                  "NotAfter": 0, "Silent": 0, "Message": "First of its name:"}
        planted = plant(SYSTEM_DIRECTORY, fields)
        self.addCleanup(remove, planted)
        first = self.window("Password Required")
        os.unlink(planted)
        self.assertGone(first)
        self.agent.wait_for_line(f"{DEBUG}{planted} withdrawn: its file is gone")
        # Another query under the same name, moved into place as systemd does.
        temporary = os.path.join(SYSTEM_DIRECTORY, "tmp." + os.path.basename(planted)[4:])
        with open(temporary, "w") as file:
            file.write("[Ask]\n" + "".join(f"{key}={value}\n" for key, value in
                                           {**fields, "Message": "Second of its name:"}.items()))
        os.rename(temporary, planted)
        second = self.window("Password Required")
        self.assertPlainLabels(second, "Second of its name:")
        answer_password(second, "again")
        receiver.settimeout(ANSWER_TIMEOUT)
        self.assertEqual(receiver.recv(4096), b"+again")
        self.assertQuietAgent()

    def test_a_file_written_in_place_is_asked_once_it_is_closed(self):
        self.start_agent()
        receiver, path = self.receiver(self.temp_dir("sock"))
        planted = os.path.join(SYSTEM_DIRECTORY, f"ask.inplace{os.getpid()}")
        self.addCleanup(remove, planted)
        with open(planted, "w") as file:
            file.write("[Ask]\n")
            file.flush()
            # The agent sees the file created, with no Socket= yet.
            self.agent.wait_for_line(f"{DEBUG}{planted} not whole yet: no absolute Socket=")
            file.write(f"PID={os.getpid()}\nSocket={path}\nMessage=Written in place:\n")
        window = self.window("Password Required")
        self.assertPlainLabels(window, "Written in place:")
        answer_password(window, "in place")
        receiver.settimeout(ANSWER_TIMEOUT)
        self.assertEqual(receiver.recv(4096), b"+in place")
        self.assertQuietAgent()

    def test_the_users_own_directory_is_watched_and_answered(self):
        runtime = self.temp_dir("runtime")
        os.chmod(runtime, 0o700)
        directory = os.path.join(runtime, "systemd", "ask-password")
        os.makedirs(directory, mode=0o700)
        receiver, path = self.receiver(directory)
        self.start_agent(env=base_environment(LOGIN_FORM_DEBUG="1", XDG_RUNTIME_DIR=runtime),
                         directories=(SYSTEM_DIRECTORY, directory))
        planted = plant(directory, {
            "PID": os.getpid(), "Socket": path, "AcceptCached": 0, "Echo": 0, "NotAfter": 0,
            "Silent": 0, "Message": "A user's query:"})
        self.addCleanup(remove, planted)
        window = self.window("Password Required")
        self.assertPlainLabels(window, "A user's query:")
        secret = "mine, ü"
        answer_password(window, secret)
        receiver.settimeout(ANSWER_TIMEOUT)
        self.assertEqual(receiver.recv(4096), b"+" + secret.encode("utf-8"))
        self.assertGone(window)
        self.assertQuietAgent()


class TerminalTests(SystemdAgentTestCase):
    def setUp(self):
        super().setUp()
        self.tty = PseudoTerminal(self)
        self.start_agent(env=base_environment(LOGIN_FORM_DEBUG="1", DISPLAY=None,
                                              WAYLAND_DISPLAY=None), tty=self.tty)

    def wait_for_question(self, message, count=1):
        """Waits for the `count`th question on the terminal: its message,
        then the `count`th password prompt after it."""
        since = self.tty.after(message, timeout=harness.WINDOW_TIMEOUT)
        self.tty.wait_for("Password: ", since=since, timeout=harness.WINDOW_TIMEOUT)
        self.tty.wait_for("Password: ", count=count, timeout=harness.WINDOW_TIMEOUT)

    def test_without_a_display_the_agent_asks_on_its_terminal(self):
        asker = self.ask("Passphrase on the terminal:", "--timeout=60")
        self.wait_for_question("Passphrase on the terminal:")
        self.assertEqual(visible_windows(), {}, "a window with no display")
        self.assertFalse(flag(self.tty.settings(), "echo"), "the terminal echoes the secret")
        self.tty.type("typed here\r")
        self.assertAnswered(asker, time.monotonic(), "typed here")
        self.assertNotIn(b"typed here", self.tty.output, "the secret echoed")
        self.assertQuietAgent()
        self.assertTrue(flag(self.tty.settings(), "echo"), "the echo left off")

    def test_the_terminal_asks_two_queries_in_their_order(self):
        first = self.ask("First on the terminal:", "--timeout=60")
        second = self.ask("Second on the terminal:", "--timeout=60")
        self.wait_for_question("First on the terminal:")
        self.assertNotIn(b"Second on the terminal:", self.tty.output, "both asked at once")
        self.tty.type("one\r")
        self.assertAnswered(first, time.monotonic(), "one")
        self.wait_for_question("Second on the terminal:", count=2)
        self.tty.type("two\r")
        self.assertAnswered(second, time.monotonic(), "two")
        self.assertQuietAgent()

    def test_a_query_withdrawn_from_the_terminal_leaves_it_to_the_next(self):
        first = self.ask("First on the terminal:", "--timeout=60")
        second = self.ask("Second on the terminal:", "--timeout=60")
        self.wait_for_question("First on the terminal:")
        self.tty.type("half")  # typed, never sent
        first.kill()
        self.agent.wait_for_line(f"{DEBUG}{first.ask_file} withdrawn: its asker ended")
        self.wait_for_question("Second on the terminal:", count=2)
        self.tty.type("two\r")
        self.assertAnswered(second, time.monotonic(), "two")
        self.assertQuietAgent()
