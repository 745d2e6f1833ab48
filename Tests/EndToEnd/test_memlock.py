"""Locked memory as an ordinary user gets it: the limit (ulimit -l) was
64 KiB on many systems and may be 0. Run as nobody, since root may lock
memory whatever its limit."""

import os
import subprocess
import tempfile
import time
import unittest

import harness
from clients import ANSWER_TIMEOUT, ClientTestCase, ThrowawayUser, base_environment
from keyrings import SessionBus, start_impostor
from terminal import PseudoTerminal

NOBODY = ["setpriv", "--reuid=65534", "--regid=65534", "--clear-groups", "--inh-caps=-all"]


def as_nobody(limit, *arguments, input=b"", env=None, program=harness.BINARY):
    """Runs the binary (or `program`) as nobody with a locked-memory limit
    of `limit` bytes."""
    command = ["prlimit", f"--memlock={limit}:{limit}", *NOBODY, program, *arguments]
    result = subprocess.run(command, input=input, capture_output=True, timeout=30, env=env)
    return result.returncode, result.stdout, result.stderr


def quick_git_helper(test):
    """git's helper as installed: `git-credential-login-form`, a link to
    the quick program, in a directory nobody can reach."""
    directory = test.enterContext(tempfile.TemporaryDirectory())
    os.chmod(directory, 0o755)
    helper = os.path.join(directory, "git-credential-login-form")
    os.symlink(harness.PINENTRY, helper)
    return helper


@unittest.skipUnless(os.geteuid() == 0 or harness.in_ci(), "needs root to become nobody")
class LockedMemoryLimitTests(unittest.TestCase):
    def test_with_no_lockable_memory_a_password_is_not_asked_for(self):
        for arguments in (["--password-only"], ["Enter passphrase for key: "]):
            with self.subTest(arguments=arguments):
                code, out, err = as_nobody(0, *arguments)
                self.assertEqual((code, out), (2, b""), err)
                self.assertEqual(
                    err, b"login-form: Cannot lock memory for the password: "
                         b"raise the locked-memory limit (ulimit -l)\n")

    def test_the_git_helper_works_within_64_kib(self):
        request = b"protocol=https\nhost=example.com\nusername=bob\npassword=s3cret\n"
        for program in (harness.BINARY, quick_git_helper(self)):
            for action in ("store", "erase"):
                with self.subTest(program=program, action=action):
                    self.assertEqual(as_nobody(65536, action, input=request, program=program),
                                     (0, b"", b""))
            code, out, err = as_nobody(65536, "get", input=b"protocol=https\nno equals sign\n",
                                       program=program)
            self.assertEqual((code, out), (2, b""))
            self.assertTrue(err.startswith(b"login-form: ") and err.count(b"\n") == 1, err)

    def test_the_quick_git_helper_without_lockable_memory_reads_nothing_and_says_so(self):
        # It becomes login-form with git's request unread, and login-form
        # refuses in its own words, as when it is the helper itself.
        code, out, err = as_nobody(0, "get", input=b"protocol=https\nhost=example.com\n",
                                   program=quick_git_helper(self))
        self.assertEqual((code, out), (2, b""), err)
        self.assertEqual(err, b"login-form: Cannot lock memory for the password: "
                              b"raise the locked-memory limit (ulimit -l)\n")

    def test_a_terminal_pinentry_with_too_little_locked_memory_for_the_pin_says_so(self):
        # Enough to start (16 KiB) but not for the terminal's fields: the
        # agent hears GPG_ERR_ENOMEM, as the manual says, not a cancel.
        for limit in (16384, 28672):
            with self.subTest(limit=limit):
                tty = PseudoTerminal(self)
                os.chown(tty.path, 65534, -1)
                script = (f"OPTION ttyname={tty.path}\nOPTION lc-ctype=C.UTF-8\n"
                          "SETDESC Unlock the key\nGETPIN\n").encode()
                code, out, err = as_nobody(limit, "--pinentry", input=script,
                                           env=base_environment(DISPLAY=None,
                                                                WAYLAND_DISPLAY=None))
                self.assertEqual(out.split(b"\n")[1:5], [
                    b"OK", b"OK", b"OK", b"ERR 83918934 Cannot allocate memory <Pinentry>"], err)
                self.assertEqual(code, 0, err)


def locked_and_unlocked(pid, needle):
    """Where `needle` is in the memory of process `pid`: the count of
    copies in locked mappings (VmFlags "lo" in smaps) and in others. Needs
    root (the process is not dumpable)."""
    regions = []
    with open(f"/proc/{pid}/smaps") as smaps:
        for line in smaps:
            fields = line.split()
            if "-" in fields[0] and len(fields) >= 5 and ":" not in fields[0]:
                start, end = (int(part, 16) for part in fields[0].split("-"))
                regions.append([start, end, fields[1].startswith("r"), False, fields[-1]])
            elif line.startswith("VmFlags:"):
                regions[-1][3] = " lo" in line or line.rstrip().endswith("lo")
    locked = unlocked = 0
    with open(f"/proc/{pid}/mem", "rb", buffering=0) as memory:
        for start, end, readable, is_locked, name in regions:
            if not readable or name in ("[vvar]", "[vsyscall]"):
                continue
            try:
                memory.seek(start)
                content = memory.read(end - start)
            except OSError:
                continue
            copies = content.count(needle)
            if is_locked:
                locked += copies
            else:
                unlocked += copies
    return locked, unlocked


class LockedMemoryWindowTests(ClientTestCase):
    """Prompts with a window, as an ordinary user with a small locked-memory
    limit (root locks whatever its limit)."""
    required_programs = ("prlimit", "runuser", "useradd", "xauth")
    needs_root = True
    PIN = "Zq7 locked pin"

    def setUp(self):
        self.user = ThrowawayUser(self)

    def limited(self, limit, *argv, input=None):
        command = ["prlimit", f"--memlock={limit}:{limit}",
                   *self.user.command(self.user.askpass, *argv, LOGIN_FORM_GRAB="0")]
        return self.start_client(command, env=None, input=input)

    def test_the_pin_is_only_ever_in_locked_memory(self):
        script = b"SETDESC Unlock%0Athe key\nSETPROMPT PIN:\nGETPIN\nBYE\n"
        for limit in (16384, 24576):
            with self.subTest(limit=limit):
                client = self.limited(limit, "--pinentry", input=script)
                window = self.next_window(client=client)
                window.wait_for_focus("PIN")
                window.type_synced(self.PIN, "PIN")
                locked, unlocked = locked_and_unlocked(window.pid, self.PIN.encode())
                self.assertEqual(unlocked, 0, "a copy of the PIN in memory that is not locked")
                self.assertGreaterEqual(locked, 1, "the PIN is where the entry keeps it")
                window.key("Return")
                status, out, err = client.finish_within(ANSWER_TIMEOUT, since=time.monotonic())
                self.assertEqual((status, err), (0, b""))
                self.assertIn(b"\nD Zq7 locked pin\nOK\n", out)

    def test_askpass_and_git_finish_within_16_kib(self):
        client = self.limited(16384, "Enter passphrase for /home/k/.ssh/id_ed25519: ")
        window = self.next_window(client=client)
        window.type_synced("pw pw", "Passphrase")
        pressed = answer_pressed(window)
        self.assertEqual(client.finish_within(ANSWER_TIMEOUT, since=pressed), (0, b"pw pw\n", b""))

        client = self.limited(16384, "get", input=b"protocol=https\nhost=example.com\n")
        window = self.next_window(client=client)
        window.type_synced("bob.b", "Username")
        window.key("Tab")
        window.wait_for_focus("Password")
        window.type_synced("hunter22", "Password")
        pressed = answer_pressed(window)
        self.assertEqual(client.finish_within(ANSWER_TIMEOUT, since=pressed),
                         (0, b"username=bob.b\npassword=hunter22\n", b""))


class PasswordManagerLockedMemoryTests(ClientTestCase):
    """libsecret copies each secret it reads into a locked pool of its own,
    beside login-form's, and falls back to ordinary memory when that pool
    cannot lock its 16 KiB block: below 32 KiB the password manager is not
    used. The Secret Service is an impostor of the same user, which logs
    every call it gets."""
    required_programs = ("prlimit", "runuser", "useradd", "xauth", "dbus-daemon")
    needs_root = True
    SCRIPT = b"OPTION allow-external-password-cache\nSETKEYINFO n/0A1B\nGETPIN\nBYE\n"

    def setUp(self):
        self.user = ThrowawayUser(self)
        self.bus = SessionBus(self, any_user=True)
        self.log = start_impostor(self, self.bus, command=self.user.command())

    def quick_pinentry(self, limit):
        """The quick pinentry as the user, with `limit` bytes of locked
        memory, on the impostor's bus; cancelled in the window it hands
        the request to. Returns its stdout and stderr."""
        pinentry = os.path.join(os.path.dirname(self.user.askpass), "pinentry-login-form")
        command = ["prlimit", f"--memlock={limit}:{limit}",
                   *self.user.command(pinentry, LOGIN_FORM_GRAB="0",
                                      DBUS_SESSION_BUS_ADDRESS=self.bus.address)]
        client = self.start_client(command, env=None, input=self.SCRIPT)
        self.next_window(client=client).key("Escape")
        status, out, err = client.finish_within(ANSWER_TIMEOUT, since=time.monotonic())
        self.assertNotIn(b"PASSWORD_FROM_CACHE", out)
        return out, err

    def test_below_32_kib_the_quick_pinentry_does_not_read_the_password_manager(self):
        for limit in (16384, 28672):
            with self.subTest(limit=limit):
                out, err = self.quick_pinentry(limit)
                self.assertEqual(err, (
                    "login-form: The password manager is not used: the locked-memory limit "
                    f"(ulimit -l) is {limit // 1024} KiB, and it needs 32 KiB\n").encode())
                self.assertFalse(os.path.exists(self.log), "the Secret Service was called")
        # With 32 KiB it is asked (and the impostor answers nothing useful).
        self.quick_pinentry(32768)
        self.assertTrue(os.path.exists(self.log), "the Secret Service was not called")


def answer_pressed(window):
    """Presses Return and says when."""
    window.key("Return")
    return time.monotonic()
