"""One round trip through the installed package, as its callers make it.

    roundtrip.py gpg   gpg-agent, with pinentry-program /usr/bin/pinentry set
                       to login-form, asks for a new passphrase: the window
                       must show password entries named "Passphrase" and
                       "Repeat" and OK and Cancel buttons; the passphrase,
                       Tab, the passphrase again and Return must encrypt a
                       file that the same passphrase then decrypts.
    roundtrip.py git   `git credential fill` with credential.helper=login-form
                       must find git-credential-login-form on PATH; its window
                       has "Username" and "Password" entries, and git must
                       print what was typed as username=… and password=….

The window is found as a person's window manager would, by its class
(`xdotool search --onlyvisible --class login-form`), typed into with X key
events and read over AT-SPI, with Tests/EndToEnd/harness.py. Run by
Tests/deb-check under xvfb-run and dbus-run-session, as root, with the package
installed. Prints one line saying what failed and exits 1, or exits 0. Every
process it started, directly or through gpg and git, is gone when it exits.
"""

import os
import shutil
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))),
                                "EndToEnd"))
from harness import (WINDOW_TIMEOUT, Atspi, find_application, poll, pyatspi,  # noqa: E402
                     walk, xdotool, xdotool_or_fail)

# Long enough and with a digit and a space, so that gpg-agent's passphrase
# constraints ask no extra question and the pinentry's percent-escaping is
# exercised.
PASSPHRASE = "deb check 42 login"
USERNAME = "deb-check-user"
PASSWORD = "deb check 42 password"
EXIT_TIMEOUT = 20.0


class Failure(Exception):
    """A check that failed; its message is the report."""


class Window:
    """The one visible login-form window and its accessible tree."""

    def __init__(self, caller, what):
        """Waits for the window; fails at once if `caller` exits first."""
        deadline = time.monotonic() + WINDOW_TIMEOUT
        while True:
            ids = xdotool("search", "--onlyvisible", "--class", "login-form").stdout.split()
            if ids:
                break
            if caller.poll() is not None:
                raise Failure(f"{what} exited with status {caller.returncode} without a "
                              f"login-form window; its stderr: {stderr_of(caller)!r}")
            if time.monotonic() >= deadline:
                raise Failure(f"no visible window of class login-form after {WINDOW_TIMEOUT:.0f}s;"
                              f" visible windows' classes: {visible_classes()}")
            time.sleep(0.05)
        if len(ids) != 1:
            raise Failure(f"{len(ids)} visible login-form windows, expected one")
        self.id = int(ids[0])
        pid = xdotool("getwindowpid", str(self.id)).stdout.strip()
        self.pid = int(pid) if pid.isdigit() else None
        if self.pid is None:
            raise Failure("the login-form window has no _NET_WM_PID")
        try:
            self.app = poll(lambda: find_application(self.pid), WINDOW_TIMEOUT)
        except AssertionError:
            self.kill()
            raise Failure("the login-form window never appeared over AT-SPI") from None

    def widget(self, role, name, timeout=5.0):
        def find():
            for accessible in walk(self.app):
                if accessible.getRoleName() == role and accessible.name == name:
                    return accessible
            return None
        try:
            return poll(find, timeout)
        except AssertionError:
            seen = sorted({(a.getRoleName(), a.name) for a in walk(self.app)
                           if a.getRoleName() in ("text", "password text", "push button")})
            raise Failure(f"no {role} named {name!r} in the window; it has {seen}") from None

    def focus(self, first_entry):
        xdotool_or_fail("windowfocus", "--sync", str(self.id))
        self.wait_for_focus(first_entry)

    def wait_for_focus(self, entry):
        try:
            poll(lambda: entry.getState().contains(pyatspi.STATE_FOCUSED))
        except AssertionError:
            raise Failure(f"{entry.name!r} never had the keyboard focus") from None

    def type_into(self, entry, text):
        """Types `text` into `entry`, which has the focus, and waits until it
        holds that many characters."""
        xdotool_or_fail("type", "--delay", "30", "--", text, timeout=60)
        try:
            poll(lambda: Atspi.Text.get_character_count(entry) == len(text))
        except AssertionError:
            raise Failure(f"{entry.name!r} does not hold the {len(text)} characters typed "
                          f"into it") from None

    def key(self, name):
        xdotool_or_fail("key", "--clearmodifiers", name)

    def kill(self):
        """Ends the prompt if it still runs: gpg-agent or git started it, and
        a prompt that ignores them would outlive the test."""
        try:
            os.kill(self.pid, 9)
        except ProcessLookupError:
            pass


def visible_classes():
    """The WM_CLASS of each visible window: a prompt that takes its class
    from argv[0] (pinentry, say) shows up here under that name."""
    from Xlib import display  # python3-xlib, a test package
    screen = display.Display()
    classes = []
    for window_id in xdotool("search", "--onlyvisible", "--name", ".").stdout.split():
        try:
            classes.append(screen.create_resource_object("window", int(window_id)).get_wm_class())
        except Exception:  # noqa: BLE001 - a window that went away
            continue
    screen.close()
    return [wm_class for wm_class in classes if wm_class] or "none"


def stderr_of(process):
    try:
        return process.communicate(timeout=5)[1]
    except (subprocess.TimeoutExpired, ValueError):
        return b""


def finish(process, what):
    """Waits for `process`; returns (status, stdout, stderr)."""
    try:
        out, err = process.communicate(timeout=EXIT_TIMEOUT)
    except subprocess.TimeoutExpired:
        if xdotool("search", "--onlyvisible", "--class", "login-form").stdout.split():
            raise Failure(f"{what} did not finish, and a login-form window is showing again "
                          "(gpg-agent asks again when the pinentry does not report "
                          "S PIN_REPEATED for a repeated passphrase)") from None
        raise Failure(f"{what} did not finish within {EXIT_TIMEOUT:.0f}s") from None
    return process.returncode, out, err


def gpg_round_trip(scratch):
    home = os.path.join(scratch, "gnupg")
    os.mkdir(home, 0o700)
    with open(os.path.join(home, "gpg-agent.conf"), "w") as conf:
        conf.write("pinentry-program /usr/bin/pinentry\n")
    environment = dict(os.environ, GNUPGHOME=home)
    plain = os.path.join(scratch, "plain")
    with open(plain, "wb") as file:
        file.write(b"login-form deb-check\n")
    cipher = plain + ".gpg"
    gpg = subprocess.Popen(
        ["gpg", "--batch", "--yes", "--symmetric", "--output", cipher, plain],
        stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
        env=environment)
    window = None
    try:
        window = Window(gpg, "gpg --symmetric")
        passphrase = window.widget("password text", "Passphrase")
        repeat = window.widget("password text", "Repeat")
        window.widget("push button", "OK")
        window.widget("push button", "Cancel")
        window.focus(passphrase)
        window.type_into(passphrase, PASSPHRASE)
        window.key("Tab")
        window.wait_for_focus(repeat)
        window.type_into(repeat, PASSPHRASE)
        window.key("Return")
        status, _, err = finish(gpg, "gpg --symmetric")
        if status != 0:
            raise Failure(f"gpg --symmetric exited with status {status}: {err!r}")
        # A fresh agent forgets the cached passphrase, so the decryption
        # proves that the typed one is what encrypted the file.
        subprocess.run(["gpgconf", "--kill", "gpg-agent"], env=environment, check=False)
        decrypted = subprocess.run(
            ["gpg", "--batch", "--pinentry-mode", "loopback", "--passphrase-fd", "0",
             "--decrypt", cipher],
            input=PASSPHRASE.encode(), capture_output=True, env=environment)
        if decrypted.stdout != b"login-form deb-check\n":
            raise Failure("the typed passphrase does not decrypt what gpg encrypted: "
                          f"{decrypted.stderr!r}")
    finally:
        if gpg.poll() is None:
            gpg.kill()
        stderr_of(gpg)
        if window is not None:
            window.kill()
        subprocess.run(["gpgconf", "--kill", "gpg-agent"], env=environment, check=False,
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


def git_round_trip(scratch):
    home = os.path.join(scratch, "home")
    os.mkdir(home)
    environment = {key: value for key, value in os.environ.items()
                   if key not in ("GIT_ASKPASS", "SSH_ASKPASS")}
    # No configuration but the helper, and no question on a terminal if the
    # helper gives nothing.
    environment.update(HOME=home, XDG_CONFIG_HOME=home, GIT_CONFIG_NOSYSTEM="1",
                       GIT_TERMINAL_PROMPT="0")
    request = os.path.join(scratch, "request")
    with open(request, "wb") as file:
        file.write(b"protocol=https\nhost=git.example.org\n\n")
    with open(request, "rb") as stdin:
        git = subprocess.Popen(
            ["git", "-c", "credential.helper=login-form", "credential", "fill"],
            stdin=stdin, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=environment)
    window = None
    try:
        window = Window(git, "git credential fill")
        username = window.widget("text", "Username")
        password = window.widget("password text", "Password")
        window.focus(username)
        window.type_into(username, USERNAME)
        window.key("Tab")
        window.wait_for_focus(password)
        window.type_into(password, PASSWORD)
        window.key("Return")
        status, out, err = finish(git, "git credential fill")
        if status != 0:
            raise Failure(f"git credential fill exited with status {status}: {err!r}")
        lines = out.decode(errors="replace").splitlines()
        for expected in (f"username={USERNAME}", f"password={PASSWORD}"):
            if expected not in lines:
                raise Failure(f"git credential fill printed no line {expected.split('=')[0]}=… "
                              f"with what was typed; it printed {len(lines)} lines")
    finally:
        if git.poll() is None:
            git.kill()
        stderr_of(git)
        if window is not None:
            window.kill()


def main():
    round_trips = {"gpg": gpg_round_trip, "git": git_round_trip}
    if len(sys.argv) != 2 or sys.argv[1] not in round_trips:
        sys.exit(f"usage: {sys.argv[0]} gpg|git")
    if pyatspi is None:
        sys.exit("roundtrip.py: pyatspi is not importable (use /usr/bin/python3)")
    scratch = tempfile.mkdtemp(prefix="deb-check-")
    try:
        round_trips[sys.argv[1]](scratch)
    except Failure as failure:
        print(failure, file=sys.stderr)
        sys.exit(1)
    finally:
        shutil.rmtree(scratch, ignore_errors=True)


if __name__ == "__main__":
    main()
