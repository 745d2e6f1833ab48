"""A bed for polkit authentication agents: the real polkitd (Debian 12: 122)
on a system bus of the test's own, a throwaway user it asks for, and that
user's processes (the subject, pkcheck, pkexec, the agent), all inside a
private mount namespace that goes when the test ends.

Why a mount namespace: polkit-agent-helper-1 and pkexec are setuid root,
and GLib ignores DBUS_SYSTEM_BUS_ADDRESS in setuid programs: they always
use /run/dbus/system_bus_socket. The namespace (held by a `sleep infinity`
started with `unshare -m --propagation private`) gets, without touching
the machine's own files or bus:
- a tmpfs on /run/dbus, where a dbus-daemon of the bed's own listens,
  with the system bus's policy (/usr/share/dbus-1/system.d) and no service
  directories, so that nobody but the test starts (or restarts) polkitd;
- /etc/pam.d replaced by a copy of it in which `polkit-1` (the service of
  the helper and of pkexec) is the bed's stack: a pam_echo line (a
  PAM_TEXT_INFO), optionally a pam_nologin file (its text comes as a
  PAM_ERROR_MSG and, the module being optional, does not refuse), then
  pam_unix with `nodelay` (no fail delay after a wrong password), and the
  account, password and session parts as Debian's own polkit-1 has;
- /etc/polkit-1/rules.d replaced by one rule naming the throwaway user as
  the only administrator (Debian's rule names `unix-group:sudo`, whose
  members vary from machine to machine and meanwhile: another run's
  throwaway users, a contributor): the agent is always asked for that user
  (or, for a test of the choice, for one of two throwaway users).
Every command runs as `nsenter -t HOLDER -m -- setpriv ... env -i ...
PROGRAM`, each of which executes the next, so a process the test starts
has the program's own process id (pkcheck's pid is polkit's caller-pid).

What the real polkitd and helper do here (checked with pkttyagent and with
a probe agent speaking the D-Bus interface):
- the action org.freedesktop.policykit.exec for a process subject with no
  session is `auth_admin`: one BeginAuthentication per check, with the
  message "Authentication is required to run a program as another user"
  (pkcheck) or "Authentication is needed to run `/usr/bin/true' as the
  super user" (pkexec), details polkit.caller-pid and polkit.subject-pid;
- the helper sends show-info (the pam_echo line), then request
  ("Password: ", echo off); a wrong password ends the session with
  completed(FALSE) and no show-error: PAM's "Authentication failure" only
  goes to the helper's stderr, which is the agent's, as the line
  "polkit-agent-helper-1: pam_authenticate failed: Authentication failure";
- pkcheck --allow-user-interaction exits 0 when authorized, 1 ("Not
  authorized.") when the agent answers with anything but Cancelled, 2
  ("Authorization requires authentication but no agent is available.")
  without an agent, 3 ("Authentication request was dismissed.", stdout
  `polkit\\56dismissed=true`) when the agent answers
  org.freedesktop.PolicyKit1.Error.Cancelled (POLKIT_ERROR_CANCELLED, what
  polkit-gnome returns for its Cancel button), and 127 when polkitd goes
  before answering ("...NoReply: Message recipient disconnected");
  pkexec exits 0, 127 ("Not authorized"), 126 ("Request dismissed");
- two checks at once reach the agent as two BeginAuthentication calls; a
  caller that ends makes polkitd send CancelAuthentication for its cookie.
"""

import os
import pwd
import shutil
import signal
import subprocess

import harness
from clients import ThrowawayUser, tool
from harness import poll

POLKITD = "/usr/lib/polkit-1/polkitd"
HELPER = "/usr/lib/polkit-1/polkit-agent-helper-1"
EXEC_ACTION = "org.freedesktop.policykit.exec"
# What polkit says for the exec action when pkcheck asks for it.
PKCHECK_MESSAGE = "Authentication is required to run a program as another user"
# The text the bed's PAM stack shows first (pam_echo: a PAM_TEXT_INFO).
PAM_INFO = "login-form e2e: the test PAM stack says hello"
# What the stand-in fingerprint reader says (pam_stack's `reader`).
READER_INFO = "Place your finger on the reader"
# What polkit-agent-helper-1 writes to its stderr (the agent's) when PAM
# refuses the password.
HELPER_FAILURE = "polkit-agent-helper-1: pam_authenticate failed: Authentication failure"

# pkcheck --allow-user-interaction's exit statuses (pkcheck(1)); ERROR:
# the check itself failed (polkitd went away before it answered).
AUTHORIZED, NOT_AUTHORIZED, NO_AGENT, DISMISSED, ERROR = 0, 1, 2, 3, 127

# The system bus of the bed: the system bus's policy files (which let
# polkitd own its name and anyone call it), no service directories.
BUS_CONFIG = """<!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-BUS Bus Configuration 1.0//EN"
 "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
<busconfig>
  <type>system</type>
  <user>messagebus</user>
  <auth>EXTERNAL</auth>
  <listen>unix:path=/run/dbus/system_bus_socket</listen>
  <policy context="default">
    <allow user="*"/>
    <deny own="*"/>
    <deny send_type="method_call"/>
    <allow send_type="signal"/>
    <allow send_requested_reply="true" send_type="method_return"/>
    <allow send_requested_reply="true" send_type="error"/>
    <allow receive_type="method_call"/>
    <allow receive_type="method_return"/>
    <allow receive_type="error"/>
    <allow receive_type="signal"/>
    <allow send_destination="org.freedesktop.DBus" send_interface="org.freedesktop.DBus"/>
    <allow send_destination="org.freedesktop.DBus"
           send_interface="org.freedesktop.DBus.Introspectable"/>
    <allow send_destination="org.freedesktop.DBus"
           send_interface="org.freedesktop.DBus.Properties"/>
  </policy>
  <policy user="root">
    <allow send_destination="org.freedesktop.DBus"
           send_interface="org.freedesktop.DBus.Monitoring"/>
  </policy>
  <includedir>/usr/share/dbus-1/system.d</includedir>
  <includedir>/etc/dbus-1/system.d</includedir>
</busconfig>
"""


def pam_stack(nologin=None, reader=False):
    """The bed's `polkit-1` PAM service. `reader`: a stand-in for a
    fingerprint reader that the finger is already on: a line saying so,
    then success without a question."""
    lines = ["#%PAM-1.0",
             "# login-form's polkit tier: an info line, then pam_unix without a fail delay.",
             f"auth      optional   pam_echo.so {PAM_INFO}"]
    if reader:
        lines += [f"auth      optional   pam_echo.so {READER_INFO}",
                  "auth      sufficient pam_permit.so"]
    if nologin is not None:
        # Its text comes as a PAM_ERROR_MSG for a user who is not root;
        # optional, so the stack still decides by the password.
        lines.append(f"auth      optional   pam_nologin.so file={nologin}")
    lines += ["auth      [success=1 default=ignore]  pam_unix.so nodelay",
              "auth      requisite  pam_deny.so",
              "auth      required   pam_permit.so",
              "@include common-account",
              "@include common-password",
              "session   required   pam_env.so readenv=1 user_readenv=0",
              "@include common-session-noninteractive"]
    return "\n".join(lines) + "\n"


def stop_process(process, sig=signal.SIGTERM, timeout=10):
    """Ends one process the bed or a test started, by its id: `sig`, then
    SIGKILL; reaps it and closes its pipes. Returns its exit status."""
    if process.poll() is None:
        try:
            process.send_signal(sig)
            process.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            process.kill()
    process.wait(timeout=5)
    for stream in (process.stdin, process.stdout, process.stderr):
        if stream is not None and not stream.closed:
            stream.close()
    return process.returncode


class MountNamespace:
    """A private mount namespace, held open by a `sleep infinity` in it.
    Its mounts go with the last process in it: the holder is stopped last
    (cleanups run last-in first-out)."""

    def __init__(self, test, directory):
        log_path = os.path.join(directory, "unshare.log")
        with open(log_path, "wb") as log:
            self.holder = subprocess.Popen(
                ["unshare", "--mount", "--propagation", "private", "sleep", "infinity"],
                stdin=subprocess.DEVNULL, stdout=log, stderr=log, start_new_session=True)
        test.addCleanup(stop_process, self.holder, signal.SIGKILL)
        own = os.readlink("/proc/self/ns/mnt")

        def entered():
            if self.holder.poll() is not None:
                with open(log_path, "rb") as log:
                    raise AssertionError(f"unshare ended ({self.holder.returncode}): "
                                         f"{log.read()!r}")
            # Until unshare has executed sleep, /proc/HOLDER/ns/mnt is ours.
            with open(f"/proc/{self.holder.pid}/comm") as comm:
                return comm.read().strip() == "sleep" and \
                    os.readlink(f"/proc/{self.holder.pid}/ns/mnt") != own
        poll(entered, timeout=harness.STATE_TIMEOUT, message="the mount namespace")

    @property
    def pid(self):
        return self.holder.pid

    def command(self, *argv):
        """argv that runs `argv` (as root) in the namespace."""
        return ["nsenter", "-t", str(self.pid), "-m", "--", *map(str, argv)]

    def run(self, *argv):
        return tool(*self.command(*argv))

    def path(self, path):
        """Where the namespace's `path` is seen from outside it."""
        return f"/proc/{self.pid}/root{path}"


class PolkitBed:
    """The namespace, its system bus, PAM stack and rule, polkitd, and the
    throwaway user. `nologin`: a text the PAM stack sends as an error
    message (pam_nologin). `action_results`: what polkit answers for an
    action, by its id ("AUTH_ADMIN", "YES": a polkit.Result). Everything
    is stopped and removed when the test ends, failed assertions included."""

    def __init__(self, test, nologin=None, start_polkitd=True, second_admin=False,
                 reader=False, action_results=None):
        self.test = test
        self.directory = test.temp_dir("polkit")
        os.chmod(self.directory, 0o755)
        self.user = ThrowawayUser(test, sudoers=False)
        self.gid = pwd.getpwnam(self.user.name).pw_gid
        # With `second_admin`, another throwaway user is an administrator
        # too, listed before the one who runs the agent.
        self.other = ThrowawayUser(test, sudoers=False) if second_admin else None
        self.namespace = MountNamespace(test, self.directory)
        self._mount_pam(nologin, reader)
        self._mount_rules(action_results or {})
        self.namespace.run("mount", "-t", "tmpfs", "-o", "mode=755", "tmpfs", "/run/dbus")
        self.bus = self._start_bus()
        self.polkitd = None
        if start_polkitd:
            self.start_polkitd()

    # Setup ----------------------------------------------------------------

    def _mount_pam(self, nologin, reader):
        copy = os.path.join(self.directory, "pam.d")
        shutil.copytree("/etc/pam.d", copy, symlinks=True)
        if nologin is not None:
            path = os.path.join(self.directory, "nologin")
            with open(path, "w") as file:
                file.write(nologin + "\n")
            os.chmod(path, 0o644)
            nologin = path
        with open(os.path.join(copy, "polkit-1"), "w") as file:
            file.write(pam_stack(nologin, reader))
        os.chmod(copy, 0o755)
        self.namespace.run("mount", "--bind", copy, "/etc/pam.d")

    def _mount_rules(self, action_results):
        rules = os.path.join(self.directory, "rules.d")
        os.mkdir(rules, 0o755)
        path = os.path.join(rules, "00-login-form-e2e.rules")
        admins = [self.user.name] if self.other is None else [self.other.name, self.user.name]
        listed = ", ".join(f'"unix-user:{name}"' for name in admins)
        with open(path, "w") as file:
            file.write("// login-form's polkit tier: its throwaway users are the administrators.\n"
                       "polkit.addAdminRule(function(action, subject) {\n"
                       f"    return [{listed}];\n"
                       "});\n")
            # Whatever the subject: a stand-in for an active session (systemd's
            # reply-password is "no" outside one), or a site's own rule.
            for action, result in action_results.items():
                file.write("polkit.addRule(function(action, subject) {\n"
                           f'    if (action.id == "{action}") return polkit.Result.{result};\n'
                           "});\n")
        os.chmod(path, 0o644)
        os.chmod(rules, 0o755)  # polkitd reads it as the polkitd user
        self.namespace.run("mount", "--bind", rules, "/etc/polkit-1/rules.d")

    def _start_bus(self):
        config = os.path.join(self.directory, "system-bus.conf")
        with open(config, "w") as file:
            file.write(BUS_CONFIG)
        log = open(os.path.join(self.directory, "dbus-daemon.log"), "wb")
        self.test.addCleanup(log.close)
        bus = subprocess.Popen(
            self.namespace.command("dbus-daemon", f"--config-file={config}", "--nofork",
                                   "--nopidfile", "--nosyslog"),
            stdin=subprocess.DEVNULL, stdout=log, stderr=log, start_new_session=True)
        self.test.addCleanup(stop_process, bus)
        socket_path = self.namespace.path("/run/dbus/system_bus_socket")

        def listening():
            if bus.poll() is not None:
                raise AssertionError(f"the bed's dbus-daemon ended ({bus.returncode}): "
                                     f"{self._read('dbus-daemon.log')!r}")
            return os.path.exists(socket_path)
        poll(listening, timeout=harness.STATE_TIMEOUT, message="the bed's system bus")
        return bus

    def _read(self, name):
        try:
            with open(os.path.join(self.directory, name), "rb") as file:
                return file.read().decode("utf-8", "replace")
        except FileNotFoundError:
            return ""

    # logind's screen lock ---------------------------------------------------

    def start_logind(self):
        """Starts the stand-in for logind's session lock (fixtures/
        logind_lock.py: GetSessionByPID and a session's LockedHint) on the
        bed's bus; waits until it owns org.freedesktop.login1."""
        fixture = os.path.join(os.path.dirname(os.path.abspath(__file__)), "fixtures",
                               "logind_lock.py")
        log = open(os.path.join(self.directory, "logind.log"), "wb")
        self.test.addCleanup(log.close)
        process = subprocess.Popen(self.namespace.command("/usr/bin/python3", fixture),
                                   stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                                   stderr=log, start_new_session=True)
        self.test.addCleanup(stop_process, process)
        line = process.stdout.readline()
        if line != b"ready\n":
            raise AssertionError(f"the logind stand-in did not start: {line!r} "
                                 f"{self._read('logind.log')!r}")
        return process

    def set_locked(self, locked):
        """As a screen locker does: the session's LockedHint, through
        logind's SetLockedHint."""
        tool(*self.namespace.command(
            "dbus-send", "--system", "--print-reply", "--dest=org.freedesktop.login1",
            "/org/freedesktop/login1/session/_31", "org.freedesktop.login1.Session.SetLockedHint",
            f"boolean:{'true' if locked else 'false'}"))

    # polkitd --------------------------------------------------------------

    def name_owner(self):
        """Whether org.freedesktop.PolicyKit1 has an owner on the bed's bus."""
        result = tool(*self.namespace.command(
            "dbus-send", "--system", "--print-reply", "--dest=org.freedesktop.DBus",
            "/org/freedesktop/DBus", "org.freedesktop.DBus.NameHasOwner",
            "string:org.freedesktop.PolicyKit1"))
        return b"boolean true" in result.stdout

    def start_polkitd(self):
        """Starts polkitd in the namespace (it drops to the polkitd user)
        and waits until it owns its name on the bus."""
        log = open(os.path.join(self.directory, "polkitd.log"), "ab")
        self.test.addCleanup(log.close)
        process = subprocess.Popen(self.namespace.command(POLKITD, "--no-debug"),
                                   stdin=subprocess.DEVNULL, stdout=log, stderr=log,
                                   start_new_session=True)
        self.test.addCleanup(stop_process, process)
        self.polkitd = process

        def owning():
            if process.poll() is not None:
                raise AssertionError(f"polkitd ended ({process.returncode}): "
                                     f"{self._read('polkitd.log')!r}")
            return self.name_owner()
        poll(owning, timeout=harness.STATE_TIMEOUT, interval=0.1,
             message="polkitd to own org.freedesktop.PolicyKit1",
             now=lambda: self._read("polkitd.log"))
        return process

    def stop_polkitd(self):
        """SIGTERM to polkitd; waits until its name is gone from the bus."""
        if self.polkitd is not None:
            stop_process(self.polkitd)
            self.polkitd = None
        poll(lambda: not self.name_owner(), timeout=harness.STATE_TIMEOUT, interval=0.1,
             message="polkitd's name to go")

    def restart_polkitd(self):
        self.stop_polkitd()
        return self.start_polkitd()

    # The user's processes -------------------------------------------------

    def environment(self, **extra):
        """The throwaway user's environment (display, buses, HOME...)."""
        env = self.user.environment(**extra)
        env.pop("SUDO_ASKPASS", None)
        return env

    def as_user(self, *argv, **extra_environment):
        """argv that runs `argv` as the throwaway user, in the namespace, in
        exactly environment(); the process keeps the id of the first."""
        env = self.environment(**extra_environment)
        assignments = [f"{key}={value}" for key, value in sorted(env.items())
                       if value is not None]
        return self.namespace.command(
            "setpriv", f"--reuid={self.user.uid}", f"--regid={self.gid}",
            "--init-groups", "--", "env", "-i", *assignments, *map(str, argv))

    def start(self, argv, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
              stderr=subprocess.DEVNULL, **extra_environment):
        """Starts a process of the user's (in a session of its own), killed
        when the test ends; returns its Popen."""
        process = subprocess.Popen(self.as_user(*argv, **extra_environment), stdin=stdin,
                                   stdout=stdout, stderr=stderr, start_new_session=True)
        self.test.addCleanup(stop_process, process, signal.SIGKILL, 5)
        return process

    def subject(self):
        """A process of the user's that does nothing, for an agent to be
        registered for and pkcheck to ask about; returns its Popen once it
        runs as the user."""
        process = self.start(["sleep", "infinity"])
        poll(lambda: self.runs_as_user(process.pid, "sleep"), timeout=harness.STATE_TIMEOUT,
             message="the subject process")
        return process

    def runs_as_user(self, pid, name):
        """Whether `pid` is `name` running as the throwaway user."""
        try:
            with open(f"/proc/{pid}/comm") as comm:
                return comm.read().strip() == name and os.stat(f"/proc/{pid}").st_uid == \
                    self.user.uid
        except FileNotFoundError:
            return False

    def pkcheck_argv(self, subject_pid, action=EXEC_ACTION):
        return ["pkcheck", "--action-id", action, "--process", str(subject_pid),
                "--allow-user-interaction"]
