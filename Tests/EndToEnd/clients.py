"""Fixtures for the end-to-end tests of the drop-in modes: the real clients
(ssh-agent and ssh-add, sudo, git, gpg-agent) set up in temporary places,
started with what they need to reach the display, and torn down whatever
happens, failed assertions included.

A client runs in a session of its own (no controlling terminal, as from a
desktop launcher), so ssh and sudo turn to their askpass program; the
login-form window it starts is found with ClientTestCase.next_window().
"""

import base64
import functools
import http.server
import os
import pwd
import re
import shlex
import shutil
import signal
import socket
import subprocess
import tempfile
import threading
import time
import unittest

import harness
from harness import BINARY, PINENTRY, ClientWindow, PromptTestCase, poll, stop_group

# The longest a client may run, windows and typing included.
CLIENT_TIMEOUT = 60.0
# How soon a client must end once its last window has been answered.
ANSWER_TIMEOUT = 2.0
# For the client's helper commands (ssh-keygen, gpgconf, useradd...).
TOOL_TIMEOUT = 30.0

# Variables from the caller's environment that would make a client use
# something other than what the test set up.
FOREIGN_VARIABLES = (
    "SSH_AUTH_SOCK", "SSH_AGENT_PID", "SSH_ASKPASS", "SSH_ASKPASS_REQUIRE", "SSH_ASKPASS_PROMPT",
    "SUDO_ASKPASS", "GIT_ASKPASS", "GIT_TERMINAL_PROMPT", "GIT_CONFIG_GLOBAL",
    "GIT_CONFIG_SYSTEM", "GIT_CONFIG_NOSYSTEM", "GIT_CONFIG_PARAMETERS", "GIT_CONFIG_COUNT",
    "GNUPGHOME", "GPG_AGENT_INFO", "GPG_TTY", "LOGIN_FORM_GRAB", "LANGUAGE")


def tool(*argv, input=None, env=None, timeout=TOOL_TIMEOUT, check=True, **popen):
    """Runs a helper command to completion; fails the test, with its output,
    if it fails (unless check=False). Returns the CompletedProcess."""
    result = subprocess.run(argv, input=input, capture_output=True, env=env, timeout=timeout,
                            stdin=None if input is not None else subprocess.DEVNULL, **popen)
    if check and result.returncode != 0:
        raise AssertionError(f"{shlex.join(map(str, argv))} failed ({result.returncode}): "
                             f"stdout={result.stdout!r} stderr={result.stderr!r}")
    return result


def base_environment(**overrides):
    """This process's environment (so the display and the buses: DISPLAY,
    XAUTHORITY, DBUS_SESSION_BUS_ADDRESS, AT_SPI_BUS_ADDRESS) without the
    variables that would steer a client elsewhere, in English, with
    `overrides` on top (None removes)."""
    env = {key: value for key, value in os.environ.items() if key not in FOREIGN_VARIABLES}
    env["LC_ALL"] = "C.UTF-8"
    for key, value in overrides.items():
        if value is None:
            env.pop(key, None)
        else:
            env[key] = value
    return env


# ------------------------------------------------------------- clients ----

def shown_as(text):
    """How a client's text shows in a window (ClientText in the prompt
    contract): line by line, each isolated between FSI and PDI, without blank
    lines at either end; enough for the texts the tests send, which have no
    runs of blank lines or reordering characters."""
    lines = text.replace("\r\n", "\n").rstrip().split("\n")
    return "\n".join("\u2068" + line.rstrip() + "\u2069" if line.strip() else ""
                     for line in lines)


class Client:
    """One client program run by a test: in a new session (no controlling
    terminal), with stdin from /dev/null or the given bytes, its output
    collected. kill() ends it and everything it started in its process
    group (the askpass and its window among them)."""

    def __init__(self, argv, env, input=None, cwd=None):
        self.args = [str(word) for word in argv]
        self.started = time.monotonic()
        self.process = subprocess.Popen(
            self.args, env=env, cwd=cwd, start_new_session=True,
            stdin=subprocess.PIPE if input is not None else subprocess.DEVNULL,
            stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        self.ended = None
        self._result = None
        if input is not None:
            # Small enough for the pipe: written at once, then EOF.
            self.process.stdin.write(input)
            self.process.stdin.close()
            self.process.stdin = None  # so that communicate() leaves it be

    @property
    def pid(self):
        return self.process.pid

    def poll(self):
        status = self.process.poll()
        if status is not None and self.ended is None:
            self.ended = time.monotonic()
        return status

    def describe(self):
        text = f"{shlex.join(self.args)} (status {self.process.poll()})"
        if self._result is None and self.process.poll() is not None:
            self.finish()
        if self._result is not None:
            text += f" stdout={self._result[1]!r} stderr={self._result[2]!r}"
        return text

    def finish(self, timeout=CLIENT_TIMEOUT):
        """Waits for the client to end; returns (status, stdout, stderr)."""
        if self._result is None:
            try:
                out, err = self.process.communicate(timeout=timeout)
            except subprocess.TimeoutExpired:
                self.kill()
                raise AssertionError(f"{shlex.join(self.args)} did not end within {timeout:.1f}s")
            self.poll()
            if self.ended is None:
                self.ended = time.monotonic()
            self._result = (self.process.returncode, out, err)
        return self._result

    def finish_within(self, seconds, since):
        """finish(), and fails unless the client ended within `seconds` of
        the monotonic time `since` (a key press, say)."""
        # Waits a little longer than allowed, to say how late it was.
        result = self.finish(timeout=max(0.1, since + seconds + 1.0 - time.monotonic()))
        took = self.ended - since
        if took > seconds:
            raise AssertionError(f"{shlex.join(self.args)} ended {took:.2f}s after the answer, "
                                 f"more than {seconds}s; result {result!r}")
        return result

    def kill(self):
        if self.process.poll() is None:
            try:
                os.killpg(self.process.pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
        try:
            self.process.communicate(timeout=5)
        except (subprocess.TimeoutExpired, ValueError):
            pass


class AgentProcess:
    """One desktop agent of the test's own (`--systemd-agent`,
    `--polkit-agent`) that serves until stopped: `start(out, err)` starts it
    with its output going to files, since nobody reads a pipe while it
    serves. Stopped (SIGTERM, as a session ends) when the test ends."""

    def __init__(self, test, start):
        folder = test.temp_dir("agent")
        self.stderr_path = os.path.join(folder, "stderr")
        self.stdout_path = os.path.join(folder, "stdout")
        with open(self.stderr_path, "wb") as err, open(self.stdout_path, "wb") as out:
            self.process = start(out, err)
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

    def wait_for_line(self, line, timeout=harness.WINDOW_TIMEOUT, no_window=False):
        """Waits until the agent said `line` (a whole line) on stderr; with
        `no_window`, fails at once if the agent shows a window meanwhile."""
        def said():
            if no_window and self.pid in harness.visible_windows().values():
                return "a window"
            return line in self.stderr().splitlines() or self.fail_if_ended()
        if poll(said, timeout, message=f"the agent to say {line!r}",
                now=self.stderr) == "a window":
            raise AssertionError(f"the agent showed a window; its stderr: {self.stderr()!r}")

    def fail_if_ended(self):
        if self.process.poll() is not None:
            raise AssertionError(f"the agent ended ({self.process.returncode}): {self.stderr()!r}")
        return False

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


class ClientTestCase(PromptTestCase):
    """A test case that runs real clients. Lists the programs it needs in
    `required_programs` (the class is skipped without them, or fails under
    CI=true), and cleans up every temporary directory, client and window."""

    required_programs = ()
    needs_root = False

    @classmethod
    def setUpClass(cls):
        super().setUpClass()
        missing = [program for program in cls.required_programs if shutil.which(program) is None]
        reason = ""
        if missing:
            reason = "not installed: " + ", ".join(missing)
        elif cls.needs_root and os.geteuid() != 0:
            reason = "needs root (to add a throwaway user)"
        if reason:
            if harness.in_ci():
                raise RuntimeError(f"{cls.__name__} cannot run: {reason}")
            raise unittest.SkipTest(reason)

    def temp_dir(self, prefix="e2e"):
        """A new directory under /tmp (short, for socket paths), removed
        when the test ends."""
        path = tempfile.mkdtemp(prefix=f"lf-{prefix}.", dir="/tmp")
        self.addCleanup(shutil.rmtree, path, ignore_errors=True)
        return path

    def start_client(self, argv, env, input=None, cwd=None):
        client = Client(argv, env, input=input, cwd=cwd)
        self.addCleanup(client.kill)
        return client

    def next_window(self, client=None, exclude_pids=(), pid=None, timeout=harness.WINDOW_TIMEOUT):
        """The next login-form window to appear (see ClientWindow.next),
        shown and focused. Its process is killed when the test ends, in
        case the client did not end it."""
        window = ClientWindow.next(exclude_pids=exclude_pids, pid=pid, client=client,
                                   timeout=timeout)
        self.addCleanup(window.kill)
        return window.show(timeout)

    def assertLabel(self, window, text):
        """The window shows the client's `text` in a label: each line isolated
        (FSI ... PDI), blank runs collapsed, trailing white space aside."""
        labels = window.labels()
        self.assertIn(shown_as(text), [label.rstrip() for label in labels],
                      f"no label {text!r}; labels: {labels!r}")

    def assertExactLabel(self, window, text):
        """The window shows `text` in a label exactly, with nothing added: a
        fingerprint, which is read and copied character by character."""
        labels = window.labels()
        self.assertIn(text, labels, f"no label {text!r}; labels: {labels!r}")

    def assertButtons(self, window, names):
        """The window's push buttons are exactly `names` (in any order)."""
        self.assertEqual(sorted(window.buttons()), sorted(names))

    def assertEntries(self, window, entries):
        """The window's entries are exactly `entries`, (role, name) pairs in
        any order: the accessible tree need not follow the layout (the
        standard window lists Password before Username)."""
        self.assertEqual(sorted(window.entries()), sorted(entries))

    def assertNoWindowFor(self, seconds):
        """No login-form window shows during the next `seconds`."""
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            windows = harness.visible_windows()
            self.assertEqual(windows, {}, "a login-form window showed")
            time.sleep(0.05)



# The isolating characters login-form puts around text from outside.
ISOLATES = str.maketrans("", "", "\u2066\u2067\u2068\u2069")


def plain(text):
    """A label's text without the isolating characters around client text."""
    return text.translate(ISOLATES)


class DesktopAgentTestCase(ClientTestCase):
    """A tier of a desktop agent (`--systemd-agent`, `--polkit-agent`):
    the one under test is `self.agent`, an AgentProcess."""

    def asked_by(self, pid, described):
        """What the window says of who asks: "Asked by" the systemd service
        `pid` runs in, if it runs in one (a CI runner's may), else
        `described`."""
        with open(f"/proc/{pid}/cgroup") as file:
            unit = next((line.rstrip("\n").rsplit("/", 1)[-1] for line in file
                         if line.startswith("0::")), "")
        return f"Asked by {unit if unit.endswith('.service') else described}"

    def assertGone(self, window):
        poll(lambda: window.window not in harness.visible_windows(), harness.EXIT_TIMEOUT,
             message="the agent's window to go")

    def assertNotExposed(self, pid, secret):
        """`secret` is in neither the argv nor the environment of `pid`."""
        for name in ("cmdline", "environ"):
            with open(f"/proc/{pid}/{name}", "rb") as file:
                self.assertNotIn(secret.encode(), file.read(), f"the secret in {name}")

    def assertQuietAgent(self, allowed=(), agent=None):
        """Stops the agent (`self.agent` unless `agent` is given): it ends
        with 1, nothing on stdout, and only its debug lines (the session
        bus's, and the `allowed` lines) on stderr."""
        agent = agent or self.agent
        self.assertEqual(agent.stop(), 1, agent.stderr())
        self.assertEqual(agent.stdout(), b"")
        unexpected = [line for line in agent.stderr().splitlines()
                      if not line.startswith("login-form: debug: ")
                      and not re.match(r"dbus-daemon\[\d+\]: ", line) and line not in allowed]
        self.assertEqual(unexpected, [], "the agent's stderr")


def answer(window, text, entry):
    """Types `text` into `entry` of the window and presses Return; returns
    the monotonic time of the key press (to time the client's ending)."""
    window.type_synced(text, entry)
    window.key("Return")
    return time.monotonic()


def press(window, button):
    """Clicks the named button with the mouse; returns when that was."""
    window.click(button)
    return time.monotonic()


# ----------------------------------------------------------------- ssh ----

def make_ssh_key(directory, passphrase, name="key", comment="e2e@login-form"):
    """An ed25519 key pair in `directory`; returns the private key's path."""
    path = os.path.join(directory, name)
    tool("ssh-keygen", "-q", "-t", "ed25519", "-N", passphrase, "-C", comment, "-f", path)
    return path


def ssh_fingerprint_line(public_key_path):
    """What `ssh-add -l` lists for this key: `256 SHA256:... comment (ED25519)`."""
    return tool("ssh-keygen", "-l", "-f", public_key_path).stdout.decode().strip()


def askpass_environment(**extra):
    """ssh's askpass variables pointing at the binary under test, forced
    (ssh then uses it even without DISPLAY and without asking for a tty)."""
    return base_environment(SSH_ASKPASS=BINARY, SSH_ASKPASS_REQUIRE="force", **extra)


class SshAgent:
    """An ssh-agent of the test's own on a socket in `directory`, started in
    the foreground (so its process is ours to stop) with the askpass
    environment: it asks for confirmations itself, with its own variables.
    Its stderr (and so its askpass's) goes to a file."""

    def __init__(self, test, directory, env, options=()):
        self.socket = os.path.join(directory, "agent.sock")
        self.stderr_path = os.path.join(directory, "agent.stderr")
        with open(self.stderr_path, "wb") as stderr:
            self.process = subprocess.Popen(
                ["ssh-agent", "-D", "-a", self.socket, *options], env=env,
                start_new_session=True,
                stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=stderr)
        test.addCleanup(self.stop)
        poll(lambda: os.path.exists(self.socket) or self.process.poll() is not None,
             timeout=10, message="ssh-agent to create its socket")
        if self.process.poll() is not None:
            raise AssertionError(f"ssh-agent exited ({self.process.returncode}): {self.stderr()!r}")

    def stderr(self):
        with open(self.stderr_path, "rb") as stderr:
            return stderr.read()

    def stop(self):
        # The whole group: the agent and any askpass it still runs.
        stop_group(self.process)

    def listed(self):
        """(status, stdout) of `ssh-add -l` against this agent."""
        result = tool("ssh-add", "-l", env=base_environment(SSH_AUTH_SOCK=self.socket),
                      check=False)
        return result.returncode, result.stdout.decode()


class DropbearServer:
    """An SSH server on 127.0.0.1 for ssh's host-key question: dropbear
    (from dropbear-bin, which installs no service) in the foreground with a
    fresh ed25519 host key, stopped when the test ends. Nobody can log in:
    password logins are off and the test offers no key."""

    def __init__(self, test, directory):
        self.host_key = os.path.join(directory, "dropbear_ed25519_host_key")
        tool("dropbearkey", "-t", "ed25519", "-f", self.host_key)
        # "ssh-ed25519 AAAA... root@host": the line known_hosts gets, comment aside.
        public = tool("dropbearkey", "-y", "-f", self.host_key).stdout.decode()
        self.public_key = " ".join(next(line for line in public.splitlines()
                                        if line.startswith("ssh-ed25519 ")).split()[:2])
        self.public_key_path = self.host_key + ".pub"
        with open(self.public_key_path, "w") as file:
            file.write(self.public_key + "\n")
        self.log_path = os.path.join(directory, "dropbear.log")
        for _ in range(5):  # another process may take the free port first
            self.port = free_port()
            with open(self.log_path, "wb") as log:
                self.process = subprocess.Popen(
                    ["dropbear", "-F", "-E", "-s", "-p", f"127.0.0.1:{self.port}",
                     "-r", self.host_key, "-P", os.path.join(directory, "dropbear.pid")],
                    stdin=subprocess.DEVNULL, stdout=log, stderr=log, start_new_session=True)
            test.addCleanup(stop_group, self.process)
            poll(lambda: self.process.poll() is not None or port_open(self.port),
                 timeout=10, message="dropbear to listen")
            if self.process.poll() is None:
                return
        raise AssertionError(f"dropbear did not start: {self.log()!r}")

    def log(self):
        with open(self.log_path, "rb") as log:
            return log.read()



def free_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def port_open(port):
    with socket.socket() as probe:
        probe.settimeout(1)
        return probe.connect_ex(("127.0.0.1", port)) == 0


# ---------------------------------------------------------------- sudo ----

_user_counter = iter(range(1, 1_000_000))


def process_ids_of(uid):
    """Every process running as `uid`, from /proc."""
    pids = []
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                if os.stat(f"/proc/{entry}").st_uid == uid:
                    pids.append(int(entry))
            except FileNotFoundError:
                pass
    return pids


class ThrowawayUser:
    """A local user made for one test, with a password and, unless
    `sudoers=False`, a sudoers drop-in (`NAME ALL=(ALL:ALL) ALL`), who can
    open windows on the test display and whose windows show up over AT-SPI.
    Removed, with home, processes, sudoers file and sudo's records, when the
    test ends.

    How the user's prompt reaches the display and the buses:
    - X: a copy of the display's cookie (`xauth extract` | `xauth merge`)
      in a file the user owns, named by XAUTHORITY. The display's own
      Xauthority file (xvfb-run's) is readable by root only.
    - AT-SPI: Tests/EndToEnd/run starts the run's accessibility bus with a
      rule that admits any local user; AT_SPI_BUS_ADDRESS names it.
      XDG_RUNTIME_DIR is a directory the user cannot write: GTK's
      accessibility bridge then cannot make its peer-to-peer socket, which
      admits only its own user (not root), so the tests' reads go over the
      bus instead (at-spi2-core 2.46 has no switch to turn that socket off).
    - Session bus: DBUS_SESSION_BUS_ADDRESS is the test session's. The user
      is refused there, and GtkApplication then runs on its own, silently;
      without the variable GLib would autolaunch a bus through X11 that
      outlives the test.
    - The binary: used in place when the user can reach it; otherwise a
      copy (with the ../share beside it) in a directory the user can read.
    """

    def __init__(self, test, sudoers=True):
        if not os.environ.get("AT_SPI_BUS_ADDRESS"):
            raise AssertionError("AT_SPI_BUS_ADDRESS is not set: run through Tests/EndToEnd/run, "
                                 "whose accessibility bus admits the throwaway user")
        self.test = test
        self.name = f"lfe2e{os.getpid() % 100000}x{next(_user_counter)}"
        self.password = "Sud0 pass-" + base64.b32encode(os.urandom(5)).decode().lower()
        self.directory = test.temp_dir("sudo")
        os.chmod(self.directory, 0o755)  # reachable by the user, writable by root only
        self.sudoers = f"/etc/sudoers.d/{self.name}"
        # Cleanups run last-in first-out: the user goes after its processes.
        test.addCleanup(self.remove)
        tool("useradd", "--create-home", "--shell", "/bin/sh", self.name)
        tool("chpasswd", input=f"{self.name}:{self.password}\n".encode())
        self.uid = pwd.getpwnam(self.name).pw_uid
        self.home = pwd.getpwnam(self.name).pw_dir
        if sudoers:
            self._install_sudoers()
        self.xauthority = self._copy_cookie()
        self.askpass = self._reachable_binary()

    def _install_sudoers(self):
        draft = os.path.join(self.directory, "sudoers")
        with open(draft, "w") as file:
            file.write(f"{self.name} ALL=(ALL:ALL) ALL\n")
        os.chmod(draft, 0o440)
        tool("visudo", "-c", "-q", "-f", draft)
        # sudo skips files in sudoers.d whose name has a dot, so the file
        # becomes active only with the rename.
        staging = f"{self.sudoers}.e2e-tmp"
        shutil.copyfile(draft, staging)
        os.chmod(staging, 0o440)
        os.rename(staging, self.sudoers)

    def _copy_cookie(self):
        display = os.environ["DISPLAY"]
        cookie = tool("xauth", "extract", "-", display).stdout
        path = os.path.join(self.directory, "Xauthority")
        tool("xauth", "-q", "-f", path, "merge", "-", input=cookie)
        os.chown(path, self.uid, -1)
        os.chmod(path, 0o600)
        return path

    def can(self, test_flag, path):
        return tool("runuser", "-u", self.name, "--", "test", test_flag, path,
                    check=False).returncode == 0

    def _reachable_binary(self):
        if self.can("-x", BINARY) and self.can("-r", BINARY):
            return BINARY
        # bin/login-form with its ../share (style sheet, translations).
        root = os.path.join(self.directory, "prefix")
        os.makedirs(os.path.join(root, "bin"))
        copy = os.path.join(root, "bin", "login-form")
        shutil.copy2(BINARY, copy)
        share = os.path.join(os.path.dirname(os.path.dirname(BINARY)), "share")
        if os.path.isdir(share):
            shutil.copytree(share, os.path.join(root, "share"))
        for folder, directories, files in os.walk(root):
            os.chmod(folder, 0o755)
            for file in files:
                path = os.path.join(folder, file)
                os.chmod(path, 0o755 if path == copy else 0o644)
        if not self.can("-x", copy):
            raise AssertionError(f"{self.name} cannot execute {copy}")
        return copy

    def environment(self, **extra):
        """The user's environment for `sudo -A`: a clean one, as a login
        would give, plus the display, the buses and SUDO_ASKPASS."""
        env = {
            "PATH": "/usr/local/bin:/usr/bin:/bin",
            "HOME": self.home, "USER": self.name, "LOGNAME": self.name, "SHELL": "/bin/sh",
            "LC_ALL": "C.UTF-8",
            "XAUTHORITY": self.xauthority,
            "XDG_RUNTIME_DIR": self.directory,
            "SUDO_ASKPASS": self.askpass,
        }
        for key in ("DISPLAY", "DBUS_SESSION_BUS_ADDRESS", "AT_SPI_BUS_ADDRESS"):
            if key in os.environ:
                env[key] = os.environ[key]
        env.update(extra)
        return env

    def command(self, *argv, **extra_environment):
        """argv that runs `argv` as the user, in exactly environment()."""
        assignments = [f"{key}={value}" for key, value
                       in sorted(self.environment(**extra_environment).items())]
        return ["runuser", "-u", self.name, "--", "env", "-i", *assignments, *argv]

    def remove(self):
        for _ in range(3):
            pids = process_ids_of(self.uid) if hasattr(self, "uid") else []
            if not pids:
                break
            for pid in pids:
                try:
                    os.kill(pid, signal.SIGKILL)
                except ProcessLookupError:
                    pass
            time.sleep(0.2)
        for path in (self.sudoers, f"{self.sudoers}.e2e-tmp",
                     f"/run/sudo/ts/{self.name}", f"/var/lib/sudo/lectured/{self.name}"):
            try:
                os.remove(path)
            except FileNotFoundError:
                pass
        if tool("id", "-u", self.name, check=False).returncode == 0:
            # --remove takes the home and mail spool; the group goes with
            # the user (USERGROUPS_ENAB).
            tool("userdel", "--remove", self.name, check=False)
            if tool("id", "-u", self.name, check=False).returncode == 0:
                raise AssertionError(f"could not remove the user {self.name}")


# ----------------------------------------------------------------- git ----

class GitSetup:
    """A git that sees nothing of this machine's configuration: a temporary
    HOME and XDG_CONFIG_HOME, no system config, no terminal prompt, no
    askpass unless asked for, and `git-credential-login-form` (a symlink to
    the quick program, as installed, which becomes the binary under test for
    a window) first on PATH."""

    def __init__(self, test):
        self.test = test
        self.directory = test.temp_dir("git")
        self.home = os.path.join(self.directory, "home")
        os.mkdir(self.home)
        self.bin = os.path.join(self.directory, "bin")
        os.mkdir(self.bin)
        os.symlink(PINENTRY, os.path.join(self.bin, "git-credential-login-form"))

    def environment(self, **extra):
        return base_environment(
            HOME=self.home, XDG_CONFIG_HOME=os.path.join(self.home, ".config"),
            GIT_CONFIG_NOSYSTEM="1", GIT_TERMINAL_PROMPT="0",
            PATH=self.bin + os.pathsep + os.environ.get("PATH", "/usr/bin:/bin"), **extra)

    def git(self, *argv, input=None, env=None, helper="login-form"):
        """Starts `git -c credential.helper= [-c credential.helper=HELPER] ARGV`:
        the empty value clears any helper configured elsewhere."""
        options = ["-c", "credential.helper="]
        if helper:
            options += ["-c", f"credential.helper={helper}"]
        return self.test.start_client(["git", *options, *argv],
                                      env if env is not None else self.environment(),
                                      input=input)

    def bare_repository(self, root, name="repo.git"):
        """A bare repository under `root` with one commit on main, ready for
        dumb HTTP; returns what `git ls-remote` lists for it."""
        env = self.environment(GIT_AUTHOR_DATE="2024-01-01T00:00:00Z",
                               GIT_COMMITTER_DATE="2024-01-01T00:00:00Z")
        bare = os.path.join(root, name)
        work = os.path.join(self.directory, "work")
        tool("git", "init", "-q", "--bare", "-b", "main", bare, env=env)
        tool("git", "init", "-q", "-b", "main", work, env=env)
        with open(os.path.join(work, "README"), "w") as file:
            file.write("served over dumb HTTP\n")
        identity = ["-c", "user.name=E2E", "-c", "user.email=e2e@example.org"]
        tool("git", "-C", work, "add", "README", env=env)
        tool("git", "-C", work, *identity, "commit", "-q", "-m", "first", env=env)
        tool("git", "-C", work, "push", "-q", bare, "main", env=env)
        tool("git", "-C", bare, "update-server-info", env=env)
        return tool("git", "ls-remote", bare, env=env).stdout


class BasicAuthServer:
    """An HTTP server on 127.0.0.1 (a free port) that serves `root` to
    requests carrying `Authorization: Basic` for username:password and
    answers 401 with a Basic challenge to all others. Runs in a thread of
    the test; stopped when the test ends. Setting `password` changes it."""

    def __init__(self, test, root, username, password):
        self.username = username
        self.password = password
        self.requests = []  # (path, Authorization header or None)
        requests = self.requests
        server = self

        class Handler(http.server.SimpleHTTPRequestHandler):
            def do_GET(self):
                authorization = self.headers.get("Authorization")
                requests.append((self.path, authorization))
                if authorization != server.expected_authorization():
                    self.send_response(401)
                    self.send_header("WWW-Authenticate", 'Basic realm="login-form e2e"')
                    self.send_header("Content-Length", "0")
                    self.end_headers()
                    return
                super().do_GET()

            def log_message(self, *arguments):
                pass

        handler = functools.partial(Handler, directory=root)
        self.server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
        self.server.daemon_threads = True
        self.port = self.server.server_address[1]
        self.thread = threading.Thread(target=self.server.serve_forever,
                                       kwargs={"poll_interval": 0.1}, daemon=True)
        self.thread.start()
        test.addCleanup(self.stop)

    def expected_authorization(self):
        credentials = f"{self.username}:{self.password}".encode()
        return "Basic " + base64.b64encode(credentials).decode()

    def url(self, path):
        return f"http://127.0.0.1:{self.port}/{path}"

    def stop(self):
        self.server.shutdown()
        self.server.server_close()
        self.thread.join(timeout=5)


# ----------------------------------------------------------------- gpg ----

class GnuPGHome:
    """A GNUPGHOME (mode 700) of the test's own whose gpg-agent uses the
    quick pinentry beside the binary under test (which becomes it when a
    window is needed), through a symlink as the pinentry alternative is.
    With `wrapper`, pinentry-program is instead a small script that notes
    each start and the pinentry's stderr, then runs the symlink.
    The agent is killed when the test ends."""

    def __init__(self, test, conf=(), wrapper=False):
        self.test = test
        self.directory = test.temp_dir("gpg")
        self.home = os.path.join(self.directory, "gnupg")
        os.mkdir(self.home, 0o700)
        bin_dir = os.path.join(self.directory, "bin")
        os.mkdir(bin_dir)
        self.symlink = os.path.join(bin_dir, "pinentry-login-form")
        os.symlink(PINENTRY, self.symlink)
        self.starts_path = os.path.join(self.directory, "pinentry-starts")
        self.stderr_path = os.path.join(self.directory, "pinentry-stderr")
        program = self.symlink
        if wrapper:
            program = os.path.join(bin_dir, "pinentry-wrapper")
            with open(program, "w") as script:
                script.write("#!/bin/sh\n"
                             f"echo \"$$\" >>{shlex.quote(self.starts_path)}\n"
                             f"exec {shlex.quote(self.symlink)} \"$@\" "
                             f"2>>{shlex.quote(self.stderr_path)}\n")
            os.chmod(program, 0o755)
        with open(os.path.join(self.home, "gpg-agent.conf"), "w") as file:
            file.write(f"pinentry-program {program}\n")
            for line in conf:
                file.write(line + "\n")
        test.addCleanup(self.kill_agent)

    def environment(self, **extra):
        # TZ: the dates in gpg-agent's descriptions are the tests' too.
        return base_environment(GNUPGHOME=self.home, TZ="UTC", **extra)

    def gpg(self, *argv, input=None):
        """Starts `gpg --batch ARGV` against this home."""
        return self.test.start_client(["gpg", "--batch", *argv], self.environment(), input=input)

    def kill_agent(self):
        """Stops the agent, so that the next gpg starts a fresh one (and
        forgets cached passphrases)."""
        tool("gpgconf", "--kill", "gpg-agent", env=self.environment(), check=False)

    def pinentry_starts(self):
        """How many pinentries the agent started (wrapper only)."""
        try:
            with open(self.starts_path) as file:
                return len(file.read().split())
        except FileNotFoundError:
            return 0

    def pinentry_stderr(self):
        try:
            with open(self.stderr_path, "rb") as file:
                return file.read()
        except FileNotFoundError:
            return b""

    def decrypt_with(self, passphrase, path):
        """Decrypts `path` with exactly these passphrase bytes, given over
        the loopback pinentry (no window); returns gpg's stdout. Checks the
        bytes that a pinentry handed over, not just what it shows."""
        secret = os.path.join(self.directory, "passphrase")
        with open(os.open(secret, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600), "wb") as file:
            file.write(passphrase)
        try:
            self.kill_agent()
            return tool("gpg", "--batch", "--pinentry-mode", "loopback",
                        "--passphrase-file", secret, "--decrypt", path,
                        env=self.environment()).stdout
        finally:
            os.remove(secret)

    def generate_key(self, uid, passphrase):
        """An ed25519 signing key made without a window (loopback)."""
        tool("gpg", "--batch", "--pinentry-mode", "loopback", "--passphrase", passphrase,
             "--quick-gen-key", uid, "ed25519", "sign", "never", env=self.environment())
        self.kill_agent()
