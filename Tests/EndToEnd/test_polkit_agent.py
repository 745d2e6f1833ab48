"""`login-form --polkit-agent --process=PID` against the real polkitd, in
the bed of polkit.py (a private mount namespace with its own system bus,
PAM stack and admin rule; a throwaway user who is asked for).

The bed is first proved with polkit's own text agent, pkttyagent, on a
pseudo-terminal (BedTests): what pkcheck and pkexec do there is what the
login-form tests expect. Each test starts the agent as the throwaway user
for a subject process of that user's, waits for its debug line saying it
registered, then runs pkcheck (or pkexec) as that user; the agent is
stopped with SIGTERM at the end and may leave only its debug lines on
stderr. Needs root: a user is added, and the namespace's mounts.
"""

import os
import re
import select
import shlex
import signal
import subprocess
import time

import harness
from clients import ANSWER_TIMEOUT, AgentProcess, Client, DesktopAgentTestCase, plain, press
from harness import Atspi, poll, visible_windows
from polkit import (AUTHORIZED, DISMISSED, ERROR, HELPER, HELPER_FAILURE, NO_AGENT, NOT_AUTHORIZED,
                    PAM_INFO, PKCHECK_MESSAGE, POLKITD, PolkitBed, stop_process)
from terminal import PseudoTerminal
from test_systemd_agent import DEBUG as SYSTEMD_DEBUG
from test_systemd_agent import SYSTEM_DIRECTORY, Asking

DEBUG = "login-form: debug: polkit agent: "
TITLE = "Authentication Required"
SORRY = "Sorry, that did not work. Please try again."
PKEXEC_MESSAGE = "Authentication is needed to run `/usr/bin/true' as the super user"
# What the helper's PAM says on a wrong password, should an agent show it.
PAM_FAILURE = "Authentication failure"
# The text of the bed's pam_nologin file: a PAM_ERROR_MSG.
PAM_ERROR = "login-form e2e: an error line from the test PAM stack"
# systemd's action for systemd-reply-password, and its message.
REPLY_ACTION = "org.freedesktop.systemd1.reply-password"
REPLY_MESSAGE = "Authentication is required to send the entered passphrase back to the system."
PKEXEC_DISMISSED = "Error executing command as another user: Request dismissed"
DISMISSED_OUTPUT = (DISMISSED, b"polkit\\56dismissed=true\n",
                    b"Authentication request was dismissed.\n")

class UserClient(Client):
    """A client (pkcheck, a shell running pkexec) run as the bed's user:
    Client's bookkeeping, with the bed's command line."""

    def __init__(self, bed, argv, input=None):
        super().__init__(bed.as_user(*argv), env=None, input=input)


class Agent(AgentProcess):
    """One `login-form --polkit-agent --process=PID` run as the bed's user."""

    def __init__(self, test, bed, subject_pid, **extra_environment):
        super().__init__(test, lambda out, err: subprocess.Popen(
            bed.as_user(bed.user.askpass, "--polkit-agent", f"--process={subject_pid}",
                        LOGIN_FORM_DEBUG="1", **extra_environment),
            stdin=subprocess.DEVNULL, stdout=out, stderr=err, start_new_session=True))


def children(pid):
    """The ids of the child processes of `pid`."""
    try:
        with open(f"/proc/{pid}/task/{pid}/children") as file:
            return [int(word) for word in file.read().split()]
    except FileNotFoundError:
        return []


class PkexecShell:
    """A shell of the user's that runs `pkexec COMMAND` once told to (a line
    on its stdin), prints pkexec's status, and stays until its stdin
    closes: pkexec's subject is its parent, this shell, for which an agent
    is registered first, and which outlives pkexec as a terminal's would.
    Its output goes to files."""

    def __init__(self, test, command):
        self.test = test
        folder = test.temp_dir("pkexec")
        self.stdout_path = os.path.join(folder, "stdout")
        self.stderr_path = os.path.join(folder, "stderr")
        self.script = ("read go; pkexec " + " ".join(command) +
                       '; echo "pkexec: $?"; read end')
        with open(self.stdout_path, "wb") as out, open(self.stderr_path, "wb") as err:
            self.process = subprocess.Popen(
                test.bed.as_user("sh", "-c", self.script), stdin=subprocess.PIPE,
                stdout=out, stderr=err, start_new_session=True)
        test.addCleanup(stop_process, self.process, signal.SIGKILL)
        poll(lambda: test.bed.runs_as_user(self.pid, "sh"), message="the shell")

    @property
    def pid(self):
        return self.process.pid

    def run(self):
        """Lets it run pkexec; returns pkexec's process id."""
        self.process.stdin.write(b"go\n")
        self.process.stdin.flush()
        return poll(lambda: next(iter(children(self.pid)), None), message="pkexec to start")

    def output(self):
        with open(self.stdout_path, "rb") as out, open(self.stderr_path, "rb") as err:
            return out.read(), err.read()

    def result(self, since, seconds=ANSWER_TIMEOUT):
        """(pkexec's status, what the command printed, stderr), once the
        shell printed the status; fails unless that was within `seconds`
        of `since`."""
        match = poll(lambda: re.search(rb"pkexec: (\d+)\n$", self.output()[0]),
                     timeout=max(0.1, since + seconds - time.monotonic()),
                     message=f"pkexec to end within {seconds}s", now=self.output)
        out, err = self.output()
        return int(match.group(1)), out[:match.start()], err


class PolkitTestCase(DesktopAgentTestCase):
    required_programs = ("unshare", "nsenter", "setpriv", "dbus-daemon", "dbus-send", "pkcheck",
                         "pkttyagent", "pkexec", POLKITD, HELPER, "useradd", "userdel",
                         "chpasswd", "runuser", "xauth")
    needs_root = True
    nologin = None
    second_admin = False
    reader = False
    action_results = None

    def setUp(self):
        self.bed = PolkitBed(self, nologin=self.nologin, second_admin=self.second_admin,
                             reader=self.reader, action_results=self.action_results)
        self.password = self.bed.user.password
        # The user's name is isolated (FSI ... PDI), as all text from outside.
        self.entry_name = f"Password for \u2068{self.bed.user.name}\u2069"

    def pkcheck(self, subject):
        client = UserClient(self.bed, self.bed.pkcheck_argv(subject.pid))
        self.addCleanup(client.kill)
        return client

    def tty_agent(self, subject_pid):
        """pkttyagent --process, as the user, on a pseudo-terminal of the
        user's; returns (terminal, process) once it is registered (it closes
        its --notify-fd then)."""
        tty = PseudoTerminal(self)
        os.fchown(tty.slave, self.bed.user.uid, -1)
        readable, writable = os.pipe()
        try:
            stderr = open(os.path.join(self.temp_dir("pktty"), "stderr"), "w+b")
            self.addCleanup(stderr.close)
            process = tty.start(self.bed.as_user("pkttyagent", "--process", subject_pid,
                                                 "--notify-fd", writable),
                                env=None, stdout=tty.slave, stderr=stderr, pass_fds=(writable,))
            self.addCleanup(stop_process, process, signal.SIGKILL)
        finally:
            os.close(writable)
        with os.fdopen(readable, "rb") as notified:
            # EOF once registered (or ended).
            if not select.select([notified], [], [], harness.WINDOW_TIMEOUT)[0]:
                raise AssertionError("pkttyagent did not register within "
                                     f"{harness.WINDOW_TIMEOUT}s")
        if process.poll() is not None:
            stderr.seek(0)
            raise AssertionError(f"pkttyagent ended ({process.returncode}): {stderr.read()!r}")
        process.stderr_file = stderr
        return tty, process

    def helper_stderr(self, agent):
        agent.stderr_file.seek(0)
        return agent.stderr_file.read().decode("utf-8", "replace")

    def pkexec_shell(self, *command):
        """A PkexecShell of the user's for `pkexec COMMAND`."""
        return PkexecShell(self, command)

    def assertFinished(self, client, since, expected):
        """The client ends within ANSWER_TIMEOUT of `since` with `expected`:
        a (status, stdout, stderr) triple, or a status alone."""
        result = client.finish_within(ANSWER_TIMEOUT, since=since)
        if isinstance(expected, tuple):
            self.assertEqual(result, expected)
        else:
            self.assertEqual(result[0], expected, result)


class BedTests(PolkitTestCase):
    """The bed with pkttyagent, polkit's own agent: what the login-form
    tests rely on."""

    def test_pkttyagent_right_password_authorizes_pkcheck(self):
        subject = self.bed.subject()
        tty, _ = self.tty_agent(subject.pid)
        check = self.pkcheck(subject)
        since = tty.after("Password: ", timeout=harness.WINDOW_TIMEOUT)
        output = tty.text()
        self.assertIn(PKCHECK_MESSAGE, output)
        self.assertIn(f"Authenticating as: {self.bed.user.name}", output)
        self.assertIn(f"Info: {PAM_INFO}", output)
        tty.type(self.password + "\r")
        tty.wait_for("AUTHENTICATION COMPLETE", since=since, timeout=harness.WINDOW_TIMEOUT)
        self.assertEqual(check.finish(), (AUTHORIZED, b"", b""))

    def test_pkttyagent_wrong_password_is_not_authorized_without_a_show_error(self):
        subject = self.bed.subject()
        tty, agent = self.tty_agent(subject.pid)
        check = self.pkcheck(subject)
        since = tty.after("Password: ", timeout=harness.WINDOW_TIMEOUT)
        tty.type("not the password\r")
        tty.wait_for("AUTHENTICATION FAILED", since=since, timeout=harness.WINDOW_TIMEOUT)
        self.assertEqual(check.finish(), (NOT_AUTHORIZED, b"", b"Not authorized.\n"))
        # PAM's failure reaches no agent as a show-error (pkttyagent would
        # print "Error: ..." on its terminal): only the helper's stderr,
        # which is the agent's, has it.
        self.assertNotIn(b"Error: ", tty.output[since:])
        self.assertNotIn(PAM_FAILURE.encode(), tty.output[since:])
        self.assertIn(HELPER_FAILURE, self.helper_stderr(agent).splitlines())

    def test_without_an_agent_pkcheck_says_none_is_available(self):
        subject = self.bed.subject()
        check = self.pkcheck(subject)
        self.assertEqual(check.finish(), (
            NO_AGENT, b"", b"Authorization requires authentication but no agent is available.\n"))

    def test_pkexec_runs_as_root_for_the_shell_an_agent_serves(self):
        shell = self.pkexec_shell("/usr/bin/id", "-un")
        tty, _ = self.tty_agent(shell.pid)
        shell.run()
        tty.after("Password: ", timeout=harness.WINDOW_TIMEOUT)
        # Its arguments are not in the message.
        self.assertIn("Authentication is needed to run `/usr/bin/id' as the super user",
                      tty.text())
        tty.type(self.password + "\r")
        self.assertEqual(shell.result(time.monotonic(), harness.WINDOW_TIMEOUT),
                         (0, b"root\n", b""))


class BedErrorTests(PolkitTestCase):
    nologin = PAM_ERROR

    def test_pkttyagent_prints_pams_error_line_on_its_terminal(self):
        # A show-error is printed as "Error: TEXT": the wrong password's
        # test above sees that none came.
        subject = self.bed.subject()
        tty, agent = self.tty_agent(subject.pid)
        check = self.pkcheck(subject)
        tty.after("Password: ", timeout=harness.WINDOW_TIMEOUT)
        self.assertIn(f"\r\nError: {PAM_ERROR}\r\n".encode(), tty.output)
        tty.type(self.password + "\r")
        self.assertEqual(check.finish(), (AUTHORIZED, b"", b""))


class AgentTestCase(PolkitTestCase):
    """login-form's agent, for a subject of the user's."""

    def setUp(self):
        super().setUp()
        self.subject = self.bed.subject()

    def start_agent(self, subject_pid=None):
        """Starts the agent and waits until it says it registered."""
        pid = self.subject.pid if subject_pid is None else subject_pid
        self.agent = Agent(self, self.bed, pid)
        self.agent.wait_for_line(f"{DEBUG}registered for process {pid}")
        return self.agent

    def window(self, message=PKCHECK_MESSAGE, timeout=harness.WINDOW_TIMEOUT):
        """The agent's next window, shown and focused: its title, polkit's
        message, the field and the buttons."""
        window = self.next_window(pid=self.agent.pid, timeout=timeout)
        self.assertEqual(window.title, TITLE)
        window.wait_for_label(lambda label: message in plain(label), f"the message {message!r}")
        self.assertEntries(window, [("password text", self.entry_name)])
        self.assertButtons(window, ["Cancel", "Authenticate"])
        return window

    def type_password(self, window, password=None):
        window.wait_for_focus(self.entry_name)
        window.type_synced(self.password if password is None else password, self.entry_name)

    def authenticate(self, window, password=None):
        """Types the password (the user's by default), clicks Authenticate;
        returns when it was clicked."""
        self.type_password(window, password)
        return press(window, "Authenticate")

    def wait_for_retry(self, window):
        """After a wrong password: waits until the field is emptied with a
        message on it, and returns the message."""
        return window.wait_until(
            lambda: window.length(self.entry_name) == 0
            and plain(window.message(self.entry_name) or ""),
            "the field emptied, with a message on it",
            now=lambda: (window.length(self.entry_name), window.message(self.entry_name)))

    def assertAskedBy(self, window, pid, name="pkcheck", parent=None):
        """The window names the requester as the other modes do: its
        systemd service if it runs in one, else its name and id, and its
        parent's command line if the parent is the user's too (`parent`; a
        parent of root's, as the test's own process, is not described)."""
        described = f"{name} ({pid})"
        if parent is not None:
            described += " ← " + (parent if len(parent) <= 60 else parent[:59] + "…")
        labels = [plain(label) for label in window.labels()]
        self.assertIn(self.asked_by(pid, described), labels)

    def assertNoSecret(self):
        """The password is in neither the agent's argv nor its environment."""
        self.assertNotExposed(self.agent.pid, self.password)


class AgentTests(AgentTestCase):
    def test_the_right_password_authorizes_and_the_window_goes(self):
        self.start_agent()
        check = self.pkcheck(self.subject)
        window = self.window()
        self.assertAskedBy(window, check.pid)
        self.type_password(window)
        self.assertNoSecret()
        pressed = press(window, "Authenticate")
        self.assertFinished(check, pressed, (AUTHORIZED, b"", b""))
        self.assertGone(window)
        self.assertNoSecret()
        self.assertQuietAgent()

    def test_the_window_names_pkcheck_and_the_command_that_ran_it(self):
        self.start_agent()
        script = f"{shlex.join(self.bed.pkcheck_argv(self.subject.pid))}; echo \"pkcheck: $?\""
        shell = UserClient(self.bed, ["sh", "-c", script])
        self.addCleanup(shell.kill)
        window = self.window()
        check = poll(lambda: next(iter(children(shell.pid)), None), message="pkcheck's id")
        self.assertAskedBy(window, check, parent="sh -c " + script)
        pressed = self.authenticate(window)
        self.assertFinished(shell, pressed, (0, b"pkcheck: 0\n", b""))
        self.assertQuietAgent()

    def test_pams_info_line_shows_in_the_window(self):
        self.start_agent()
        check = self.pkcheck(self.subject)
        window = self.window()
        window.wait_for_label(lambda label: PAM_INFO in plain(label), "pam_echo's line")
        pressed = self.authenticate(window)
        self.assertFinished(check, pressed, AUTHORIZED)
        self.assertQuietAgent()

    def test_return_in_the_field_authenticates(self):
        self.start_agent()
        check = self.pkcheck(self.subject)
        window = self.window()
        self.type_password(window)
        window.key("Return")
        self.assertFinished(check, time.monotonic(), AUTHORIZED)
        self.assertQuietAgent()

    def test_a_wrong_password_asks_again_in_the_same_window(self):
        self.start_agent()
        check = self.pkcheck(self.subject)
        window = self.window()
        self.authenticate(window, "not the password")
        # polkit's helper sends no error for it (see polkit.py): the agent's own words.
        message = self.wait_for_retry(window)
        self.assertIn(message, (SORRY, PAM_FAILURE))
        self.assertIn(window.window, visible_windows(), "the window went")
        self.assertIsNone(check.poll(), "pkcheck answered after one wrong password")
        pressed = self.authenticate(window)
        self.assertFinished(check, pressed, (AUTHORIZED, b"", b""))
        self.assertGone(window)
        # The helper's own stderr is the agent's.
        self.assertQuietAgent(allowed=(HELPER_FAILURE,))

    def test_cancel_dismisses_the_request(self):
        self.start_agent()
        check = self.pkcheck(self.subject)
        window = self.window()
        self.type_password(window, "half")
        pressed = press(window, "Cancel")
        self.assertFinished(check, pressed, DISMISSED_OUTPUT)
        self.assertGone(window)
        self.assertQuietAgent()

    def test_escape_dismisses_the_request(self):
        self.start_agent()
        check = self.pkcheck(self.subject)
        window = self.window()
        window.wait_for_focus(self.entry_name)
        window.key("Escape")
        self.assertFinished(check, time.monotonic(), DISMISSED_OUTPUT)
        self.assertGone(window)
        self.assertQuietAgent()

    def test_a_killed_client_takes_its_window_and_the_agent_serves_on(self):
        self.start_agent()
        check = self.pkcheck(self.subject)
        window = self.window()
        self.type_password(window, "half")
        check.kill()  # polkitd then sends CancelAuthentication
        self.assertGone(window)
        self.assertIsNone(self.agent.process.poll(), "the agent ended with the request")

        second = self.pkcheck(self.subject)
        window = self.window()
        self.assertAskedBy(window, second.pid)
        pressed = self.authenticate(window)
        self.assertFinished(second, pressed, AUTHORIZED)
        self.assertQuietAgent()

    def test_two_requests_at_once_are_asked_one_after_the_other(self):
        self.start_agent()
        checks = [self.pkcheck(self.subject), self.pkcheck(self.subject)]
        window = self.window()
        labels = [plain(label) for label in window.labels()]
        first = next((check for check in checks
                      if f"Asked by pkcheck ({check.pid})" in labels), None)
        self.assertIsNotNone(first, f"no Asked by for either pkcheck: {labels!r}")
        other = checks[1] if first is checks[0] else checks[0]
        self.type_password(window)
        self.assertEqual(len(visible_windows()), 1, "two windows at once")
        self.assertIsNone(other.poll(), f"the second request was refused: {other.describe()}")
        pressed = press(window, "Authenticate")
        self.assertFinished(first, pressed, AUTHORIZED)
        self.assertGone(window)

        window = self.window()
        self.assertAskedBy(window, other.pid)
        pressed = self.authenticate(window)
        self.assertFinished(other, pressed, AUTHORIZED)
        self.assertQuietAgent()

    def test_after_polkitd_restarts_the_agent_registers_again_and_answers(self):
        self.start_agent()
        self.bed.restart_polkitd()
        self.agent.wait_for_line(f"{DEBUG}registered again")
        check = self.pkcheck(self.subject)
        window = self.window()
        pressed = self.authenticate(window)
        self.assertFinished(check, pressed, AUTHORIZED)
        self.assertQuietAgent()

    def test_polkitd_going_while_a_window_shows_takes_it_and_the_next_is_answered(self):
        self.start_agent()
        check = self.pkcheck(self.subject)
        window = self.window()
        self.type_password(window, "half")
        self.bed.stop_polkitd()
        # pkcheck(1): 127, an error while checking (its call had no reply).
        status, out, err = check.finish()
        self.assertEqual((status, out), (ERROR, b""), err)
        self.assertGone(window)
        self.bed.start_polkitd()
        self.agent.wait_for_line(f"{DEBUG}registered again")
        second = self.pkcheck(self.subject)
        window = self.window()
        pressed = self.authenticate(window)
        self.assertFinished(second, pressed, AUTHORIZED)
        self.assertQuietAgent()

    def test_pkexec_runs_true_as_root_after_the_password(self):
        shell = self.pkexec_shell("/usr/bin/true")
        self.start_agent(shell.pid)
        pkexec = shell.run()
        window = self.window(PKEXEC_MESSAGE)
        self.assertAskedBy(window, pkexec, "pkexec", parent="sh -c " + shell.script)
        pressed = self.authenticate(window)
        self.assertEqual(shell.result(pressed), (0, b"", b""))
        self.assertGone(window)
        self.assertQuietAgent()

    def test_pkexec_cancelled_says_request_dismissed(self):
        shell = self.pkexec_shell("/usr/bin/true")
        self.start_agent(shell.pid)
        shell.run()
        window = self.window(PKEXEC_MESSAGE)
        pressed = press(window, "Cancel")
        self.assertEqual(shell.result(pressed), (
            126, b"", b"Error executing command as another user: Request dismissed\n"))
        self.assertQuietAgent()

    def test_the_agent_stops_quietly_after_its_subject_ended(self):
        self.start_agent()
        check = self.pkcheck(self.subject)
        window = self.window()
        pressed = self.authenticate(window)
        self.assertFinished(check, pressed, AUTHORIZED)
        # A subject may end first (the shell that ran pkexec, a terminal
        # closed): unregistering then fails at polkitd ("Cannot determine
        # user of subject"), which is no failure of the agent's to report.
        stop_process(self.subject, signal.SIGKILL)
        self.assertQuietAgent()


class PamErrorTests(AgentTestCase):
    nologin = PAM_ERROR

    def test_pams_error_line_shows_and_the_password_still_counts(self):
        self.start_agent()
        check = self.pkcheck(self.subject)
        window = self.window()
        window.wait_for_label(lambda label: PAM_ERROR in plain(label), "pam_nologin's error line")
        pressed = self.authenticate(window)
        self.assertFinished(check, pressed, AUTHORIZED)
        self.assertQuietAgent()

    def test_a_wrong_password_is_not_blamed_on_an_error_pam_gave_before_asking(self):
        # pam_nologin's line came before the question: it is not why the
        # password failed, so the field says the agent's own words.
        self.start_agent()
        check = self.pkcheck(self.subject)
        window = self.window()
        self.authenticate(window, "not the password")
        message = self.wait_for_retry(window)
        self.assertEqual(message, SORRY)
        pressed = self.authenticate(window)
        self.assertFinished(check, pressed, AUTHORIZED)
        self.assertQuietAgent(allowed=(HELPER_FAILURE,))


class NoTypingTests(AgentTestCase):
    reader = True

    def test_a_stack_that_asks_nothing_authorizes_without_a_key(self):
        # A fingerprint reader's stack: PAM says what to do and succeeds
        # without a question; the agent must not wait for a password.
        self.start_agent()
        started = time.monotonic()
        check = self.pkcheck(self.subject)
        self.assertFinished(check, started, AUTHORIZED)
        self.assertQuietAgent()


class LockTests(AgentTestCase):
    def test_nothing_shows_while_the_session_is_locked_and_the_request_waits_for_the_unlock(self):
        # Where logind knows the session (here its stand-in), a request
        # made under the screen locker waits: a window there would ask
        # where nobody can see what asks.
        self.bed.start_logind()
        self.bed.set_locked(True)
        self.start_agent()
        check = self.pkcheck(self.subject)
        self.agent.wait_for_line(f"{DEBUG}the session is locked; the request waits")
        self.assertNotIn(self.agent.pid, visible_windows().values(), "no window while locked")
        self.assertIsNone(check.process.poll(), "the request waits, neither refused nor answered")
        self.bed.set_locked(False)
        window = self.window()
        pressed = self.authenticate(window)
        self.assertFinished(check, pressed, AUTHORIZED)
        self.assertQuietAgent()


class ChoiceTests(AgentTestCase):
    second_admin = True

    def combo_box(self, window):
        boxes = [accessible for accessible in window._showing()
                 if accessible.getRoleName() == "combo box"]
        self.assertEqual(len(boxes), 1, "one drop-down of users")
        return boxes[0]

    def test_the_agents_own_user_comes_first_and_another_can_be_chosen(self):
        other = self.bed.other
        self.start_agent()
        check = self.pkcheck(self.subject)
        # "Password for" the agent's own user, though polkitd lists it second.
        window = self.window()
        box = self.combo_box(window)
        menu, = harness.children(box)
        users = [plain(item.name) for item in harness.children(menu)]
        # In polkitd's order, the bed's rule's.
        self.assertEqual(users, [other.name, self.bed.user.name])
        self.assertEqual(plain(box.name), self.bed.user.name)
        # As a screen reader chooses: the drop-down's selection, over AT-SPI.
        self.assertTrue(Atspi.Selection.select_child(box, users.index(other.name)))
        entry = f"Password for \u2068{other.name}\u2069"
        window.wait_until(lambda: (("password text", entry) in window.entries()),
                          f"the field to ask for {other.name}", now=window.entries)
        self.assertEntries(window, [("password text", entry)])
        window.wait_for_focus(entry)
        window.type_synced(other.password, entry)
        pressed = press(window, "Authenticate")
        self.assertFinished(check, pressed, (AUTHORIZED, b"", b""))
        self.assertGone(window)
        self.assertQuietAgent()


class SystemdReplyTestCase(Asking, AgentTestCase):
    """A user's `login-form --systemd-agent` cannot write to a system
    query's socket (root's, mode 0600): it answers through `pkexec
    systemd-reply-password`, under systemd's own polkit action."""

    def start_systemd_agent(self):
        os.makedirs(SYSTEM_DIRECTORY, mode=0o755, exist_ok=True)
        agent = AgentProcess(self, lambda out, err: subprocess.Popen(
            self.bed.as_user(self.bed.user.askpass, "--systemd-agent", LOGIN_FORM_DEBUG="1"),
            stdin=subprocess.DEVNULL, stdout=out, stderr=err, start_new_session=True))
        agent.wait_for_line(f"{SYSTEMD_DEBUG}watching {SYSTEM_DIRECTORY}")
        return agent

    def ask_for_disk(self):
        """Root's `systemd-ask-password --no-tty` for a disk, once its file
        is written."""
        asker = self.ask("Please enter passphrase for disk Backup (backup):",
                         "--id=cryptsetup:/dev/sdb1", "--timeout=120")
        self.assertFalse(os.stat(asker.socket).st_mode & 0o077, "a socket the user may write to")
        return asker

    def unlock(self, systemd_agent, secret):
        """Types `secret` in the systemd agent's window and clicks Unlock;
        returns when it was clicked."""
        query = self.next_window(pid=systemd_agent.pid)
        self.assertEqual(query.title, "Unlock Disk")
        query.wait_for_focus("Passphrase")
        query.type_synced(secret, "Passphrase")
        return press(query, "Unlock")


class SystemdReplyTests(SystemdReplyTestCase):
    """systemd's action asks for an administrator, as it does in an active
    session: here through login-form's polkit agent."""
    action_results = {REPLY_ACTION: "AUTH_ADMIN"}

    def answer_disk_query(self, secret):
        """The user's systemd agent, login-form's polkit agent for it, and a
        disk's query answered with `secret`; returns (systemd agent, asker,
        polkit's window)."""
        systemd_agent = self.start_systemd_agent()
        # pkexec's subject is its parent, the systemd agent.
        self.start_agent(systemd_agent.pid)
        asker = self.ask_for_disk()
        self.unlock(systemd_agent, secret)
        # The action is systemd's own, with its words: pkexec was given the
        # path that action names, not the generic "run a program as root".
        window = self.window(REPLY_MESSAGE)
        self.assertIn(f"Action: {REPLY_ACTION}", window.labels())
        self.assertIsNone(asker.poll(), "the asker ended before polkit's answer")
        self.assertNotExposed(systemd_agent.pid, secret)
        return systemd_agent, asker, window

    def test_a_users_systemd_agent_answers_a_system_query_through_pkexec(self):
        secret = "disk passphrase ünïcödé"
        systemd_agent, asker, window = self.answer_disk_query(secret)
        pressed = self.authenticate(window)
        self.assertAnswered(asker, pressed, secret)
        self.assertGone(window)
        self.assertQuietAgent()
        self.assertQuietAgent(agent=systemd_agent)

    def test_dismissing_polkit_sends_the_asker_nothing(self):
        systemd_agent, asker, window = self.answer_disk_query("disk passphrase")
        press(window, "Cancel")
        self.assertGone(window)
        poll(lambda: not children(systemd_agent.pid), ANSWER_TIMEOUT, message="pkexec to end")
        self.assertIsNone(asker.poll(), "the asker was answered")
        self.assertQuietAgent()
        # pkexec's own line, on the stderr it shares with the agent.
        self.assertQuietAgent(allowed=(PKEXEC_DISMISSED,), agent=systemd_agent)


class SystemdReplyRuleTests(SystemdReplyTestCase):
    """The README's rule: the users it names answer system queries without
    a password (here the throwaway user, for any subject)."""
    action_results = {REPLY_ACTION: "YES"}

    def test_a_rule_for_systemds_action_answers_without_asking(self):
        systemd_agent = self.start_systemd_agent()
        asker = self.ask_for_disk()
        pressed = self.unlock(systemd_agent, "disk passphrase")
        self.assertAnswered(asker, pressed, "disk passphrase")
        self.assertQuietAgent(agent=systemd_agent)


class FailureTests(AgentTestCase):
    """The agent cannot serve: one line on stderr, status 2, no window."""

    def assertFailsClearly(self, *words):
        status, stderr = self.agent.finish()
        self.assertEqual(status, 2, stderr)
        lines = [line for line in stderr.splitlines()
                 if not line.startswith("login-form: debug: ")
                 and not re.match(r"dbus-daemon\[\d+\]: ", line)]
        self.assertEqual(len(lines), 1, stderr)
        self.assertTrue(lines[0].startswith("login-form: "), stderr)
        for word in words:
            self.assertIn(word, lines[0].lower())
        self.assertEqual(self.agent.stdout(), b"")
        self.assertNotIn(self.agent.pid, visible_windows().values())

    def test_another_agent_registered_for_the_process_fails_clearly(self):
        self.tty_agent(self.subject.pid)
        self.agent = Agent(self, self.bed, self.subject.pid)
        # polkit's own words: "An authentication agent already exists for
        # the given subject".
        self.assertFailsClearly("agent", "already")

    def test_without_polkitd_the_agent_fails_clearly(self):
        self.bed.stop_polkitd()
        self.agent = Agent(self, self.bed, self.subject.pid)
        self.assertFailsClearly("polkit")
