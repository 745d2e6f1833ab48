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
import signal
import subprocess
import time

import harness
from clients import ANSWER_TIMEOUT, ClientTestCase, Client, press
from harness import ClientWindow, poll, visible_windows
from polkit import (AUTHORIZED, DISMISSED, HELPER, HELPER_FAILURE, NO_AGENT, NOT_AUTHORIZED,
                    PAM_INFO, PKCHECK_MESSAGE, POLKITD, PolkitBed, stop_process)
from terminal import PseudoTerminal

DEBUG = "login-form: debug: polkit agent: "
TITLE = "Authentication Required"
SORRY = "Sorry, that didn't work. Please try again."
# What the helper's PAM says on a wrong password, should an agent show it.
PAM_FAILURE = "Authentication failure"
# The text of the bed's pam_nologin file: a PAM_ERROR_MSG.
PAM_ERROR = "login-form e2e: an error line from the test PAM stack"
DISMISSED_OUTPUT = (DISMISSED, b"polkit\\56dismissed=true\n",
                    b"Authentication request was dismissed.\n")

ISOLATES = str.maketrans("", "", "\u2066\u2067\u2068\u2069")


def plain(text):
    """A label's text without the isolating characters around client text."""
    return text.translate(ISOLATES)


class UserClient(Client):
    """A client (pkcheck, a shell running pkexec) run as the bed's user:
    Client's bookkeeping, with the bed's command line."""

    def __init__(self, bed, argv, input=None):
        super().__init__(bed.as_user(*argv), env=None, input=input)


class Agent:
    """One `login-form --polkit-agent --process=PID` run as the bed's user,
    its output in files. Stopped (SIGTERM) when the test ends."""

    def __init__(self, test, bed, subject_pid, **extra_environment):
        folder = test.temp_dir("pkagent")
        self.stderr_path = os.path.join(folder, "stderr")
        self.stdout_path = os.path.join(folder, "stdout")
        with open(self.stderr_path, "wb") as err, open(self.stdout_path, "wb") as out:
            self.process = subprocess.Popen(
                bed.as_user(bed.user.askpass, "--polkit-agent", f"--process={subject_pid}",
                            LOGIN_FORM_DEBUG="1", **extra_environment),
                stdin=subprocess.DEVNULL, stdout=out, stderr=err, start_new_session=True)
        test.addCleanup(self.stop)

    @property
    def pid(self):
        return self.process.pid

    def stderr(self):
        with open(self.stderr_path, "rb") as file:
            return file.read().decode("utf-8", "replace")

    def stdout(self):
        with open(self.stdout_path, "rb") as file:
            return file.read()

    def wait_for_line(self, line, timeout=harness.WINDOW_TIMEOUT):
        """Waits until the agent said `line` (a whole line) on stderr."""
        def said():
            if line in self.stderr().splitlines():
                return True
            if self.process.poll() is not None:
                raise AssertionError(f"the agent ended ({self.process.returncode}): "
                                     f"{self.stderr()!r}")
            return False
        poll(said, timeout, message=f"the agent to say {line!r}", now=self.stderr)

    def finish(self, timeout=harness.EXIT_TIMEOUT):
        """Waits for the agent to end on its own; returns (status, stderr)."""
        try:
            self.process.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            raise AssertionError(f"the agent still runs after {timeout}s: {self.stderr()!r}")
        return self.process.returncode, self.stderr()

    def stop(self):
        """SIGTERM, as a session ends; returns the exit status."""
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                self.process.wait(timeout=harness.EXIT_TIMEOUT)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(timeout=5)
                raise AssertionError("the agent did not end within "
                                     f"{harness.EXIT_TIMEOUT}s of SIGTERM")
        return self.process.returncode


class PolkitTestCase(ClientTestCase):
    required_programs = ("unshare", "nsenter", "setpriv", "dbus-daemon", "dbus-send", "pkcheck",
                         "pkttyagent", "pkexec", POLKITD, HELPER, "useradd", "userdel",
                         "chpasswd", "runuser", "xauth")
    needs_root = True
    nologin = None

    def setUp(self):
        self.bed = PolkitBed(self, nologin=self.nologin)
        self.password = self.bed.user.password
        self.entry_name = f"Password for {self.bed.user.name}"

    def pkcheck(self, subject):
        client = UserClient(self.bed, self.bed.pkcheck_argv(subject.pid))
        self.addCleanup(client.kill)
        return client

    def pkexec_shell(self, *command):
        """A shell of the user's that runs `pkexec COMMAND` once it reads a
        line: pkexec's subject is its parent, this shell, for which an agent
        is registered first. Its stdin is a pipe, its output is collected."""
        script = "read go && pkexec " + " ".join(command)
        shell = subprocess.Popen(self.bed.as_user("sh", "-c", script), stdin=subprocess.PIPE,
                                 stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                 start_new_session=True)
        self.addCleanup(stop_process, shell, signal.SIGKILL)
        poll(lambda: self.bed.runs_as_user(shell.pid, "sh"), message="the shell")
        return shell

    def run_pkexec(self, shell):
        """Lets the shell of pkexec_shell() run pkexec."""
        shell.stdin.write(b"go\n")
        shell.stdin.close()
        shell.stdin = None  # so that communicate() leaves it be

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
            notified.read()  # EOF once registered (or ended)
        if process.poll() is not None:
            stderr.seek(0)
            raise AssertionError(f"pkttyagent ended ({process.returncode}): {stderr.read()!r}")
        process.stderr_file = stderr
        return tty, process

    def helper_stderr(self, agent):
        agent.stderr_file.seek(0)
        return agent.stderr_file.read().decode("utf-8", "replace")

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
        # print it on its terminal): only the helper's stderr has it.
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
        self.run_pkexec(shell)
        tty.after("Password: ", timeout=harness.WINDOW_TIMEOUT)
        self.assertIn("Authentication is needed to run `/usr/bin/id' as the super user",
                      tty.text())
        tty.type(self.password + "\r")
        out, err = shell.communicate(timeout=harness.WINDOW_TIMEOUT)
        self.assertEqual((shell.returncode, out, err), (0, b"root\n", b""))
