"""The quick pinentry (`pinentry-login-form`): gpg-agent's conversation
without GTK until something has to be shown, then login-form in the same
process, going on from the same line with nothing said twice."""

import fcntl
import os
import shutil
import subprocess

import harness
from clients import ANSWER_TIMEOUT, ClientTestCase, answer, tool
from harness import BINARY, PINENTRY
from keyrings import KeyringTestCase, SecretService, SessionBus, start_impostor
from test_keyring import PINENTRY_ITEM, without_display

UNLOCK = (b"OPTION allow-external-password-cache\nSETKEYINFO n/0A1B\n"
          b"SETDESC Unlock the key\nGETPIN\n")


class QuickPinentryTests(KeyringTestCase):
    """What gpg-agent sees of the quick pinentry, against a real keyring."""

    def setUp(self):
        self.keyring = SecretService(self)

    def test_it_loads_no_gtk(self):
        # The whole point: the cached answer costs no GTK start-up.
        libraries = tool("ldd", PINENTRY).stdout.decode()
        self.assertIn("libsecret-1.so", libraries)
        for name in ("libgtk-3", "libgdk-3", "libX11", "libwayland-client", "libatk"):
            self.assertNotIn(name, libraries)

    def test_its_version_comes_without_gtk(self):
        traces = self.temp_dir("ld")
        env = dict(os.environ, LD_DEBUG="files", LD_DEBUG_OUTPUT=os.path.join(traces, "trace"))
        result = tool(PINENTRY, "--version", env=env)
        self.assertRegex(result.stdout.decode(), r"^pinentry-login-form \(login-form\) \S+\n$")
        loaded = harness.loaded_libraries(traces)
        # One process: an exec'ed login-form would have loaded GTK.
        self.assertIn("libsecret-1.so.0", loaded)
        self.assertNotIn("libgtk-3.so.0", loaded)

    def test_a_stale_cached_pin_then_the_retry_in_login_forms_window(self):
        # What gpg-agent does with a stored passphrase that is wrong: it
        # has the item deleted and asks again, with the error.
        self.keyring.store("GnuPG: n/0A1B", "stale", keygrip="n/0A1B", **PINENTRY_ITEM)
        script = UNLOCK + (b"CLEARPASSPHRASE n/0A1B\nSETERROR Bad passphrase (try 2 of 3)\n"
                           b"GETPIN\nGETINFO pid\nBYE\n")
        client = self.start_client([PINENTRY], self.keyring.environment(base=os.environ),
                                   input=script)
        window = self.next_window(client=client, pid=client.pid)
        # The agent's text, isolated as every client text is.
        self.assertIn("\u2068Bad passphrase (try 2 of 3)\u2069", window.labels())
        pressed = answer(window, "fresh", "PIN")
        status, out, err = client.finish_within(ANSWER_TIMEOUT, since=pressed)
        self.assertEqual((status, err), (0, b""))
        self.assertEqual(out.decode().split("\n")[1:], [
            "OK", "OK", "OK", "S PASSWORD_FROM_CACHE", "D stale", "OK", "OK", "OK", "D fresh",
            "OK", f"D {client.pid}", "OK", "OK closing connection", ""])
        self.assertIsNone(self.keyring.lookup(keygrip="n/0A1B"))

    def test_without_login_form_beside_it_a_request_gets_one_line_and_status_2(self):
        # A copy on its own: the window it has to hand over has nowhere to go.
        alone = os.path.join(self.temp_dir("alone"), "pinentry-login-form")
        shutil.copy(PINENTRY, alone)
        result = subprocess.run([alone], env=without_display(dict(os.environ)),
                                input=b"SETDESC Unlock\nGETPIN\n", capture_output=True,
                                timeout=harness.WINDOW_TIMEOUT)
        self.assertEqual(result.returncode, 2, result.stderr)
        self.assertEqual(result.stdout.split(b"\n")[1:], [b"OK", b""])
        self.assertEqual(result.stderr, f"login-form: Cannot start {os.path.dirname(alone)}"
                                        "/login-form: No such file or directory\n".encode())


class HandOffTests(KeyringTestCase):
    """What the quick pinentry said before handing over is not said again."""

    def test_every_line_before_the_hand_off_is_answered_once_and_a_warning_said_once(self):
        # A Secret Service that never answers, no display and no terminal:
        # the request is refused after the lines before it were answered,
        # exactly as by login-form alone, and the service cost its wait once.
        bus = SessionBus(self)
        log = start_impostor(self, bus)
        script = UNLOCK + b"SETPROMPT Passphrase:\nGETINFO version\nBYE\n"
        env = without_display(dict(os.environ, DBUS_SESSION_BUS_ADDRESS=bus.address))
        env.pop("GPG_TTY", None)
        results = []
        for program in ([PINENTRY], [BINARY, "--pinentry"]):
            with open(log, "w"):
                pass
            result = subprocess.run(program, env=env, input=script, capture_output=True,
                                    timeout=harness.WINDOW_TIMEOUT, start_new_session=True)
            greeting, _, rest = result.stdout.partition(b"\n")
            self.assertTrue(greeting.startswith(b"OK Pleased to meet you"), result.stdout)
            with open(log) as calls:
                results.append((result.returncode, rest, result.stderr, calls.read()))
        self.assertEqual(results[0], results[1])
        status, out, err, calls = results[0]
        self.assertIn(b"\nERR 83918950 Inappropriate ioctl for device <Pinentry>\n", out)
        self.assertEqual(err.splitlines()[0], b"login-form: The password manager is not used: "
                                              b"no answer within 2 seconds")
        self.assertEqual(len(err.splitlines()), 2, err)
        self.assertEqual(calls, "org.freedesktop.DBus.Properties.GetAll\n")


class HandOffRecordTests(ClientTestCase):
    """login-form refuses a hand-off it cannot read, in one line."""

    def sealed(self, record):
        """A memfd holding `record`, sealed as the quick pinentry seals it."""
        descriptor = os.memfd_create("record", os.MFD_ALLOW_SEALING)
        self.addCleanup(os.close, descriptor)
        os.write(descriptor, record)
        os.lseek(descriptor, 0, os.SEEK_SET)
        fcntl.fcntl(descriptor, fcntl.F_ADD_SEALS, fcntl.F_SEAL_WRITE | fcntl.F_SEAL_SEAL)
        return descriptor

    def run_with(self, value, descriptor=None):
        env = dict(os.environ, LOGIN_FORM_HAND_OFF=value)
        return subprocess.run([BINARY, "--pinentry"], env=env, input=b"GETPIN\n",
                              pass_fds=() if descriptor is None else (descriptor,),
                              capture_output=True, timeout=harness.WINDOW_TIMEOUT)

    def assertRefused(self, result, message):
        self.assertEqual((result.returncode, result.stdout), (2, b""), result.stderr)
        self.assertIn(message, result.stderr)
        self.assertEqual(len(result.stderr.splitlines()), 1, result.stderr)

    def test_a_record_that_cannot_be_read_ends_with_status_2_and_one_line(self):
        cases = ((b"login-form hand-off 1\nopen maybe\n\n", b"cannot be read"),
                 (b"login-form hand-off 1\nopen available\n", b"cannot be read"),
                 (b"login-form hand-off 9\n\nGETPIN\n", b"different versions"))
        for record, message in cases:
            with self.subTest(record=record):
                descriptor = self.sealed(record)
                self.assertRefused(self.run_with(str(descriptor), descriptor), message)

    def test_a_descriptor_that_is_no_sealed_record_is_not_waited_on(self):
        # A pipe whose writer never closes would hang a reader.
        read_end, write_end = os.pipe()
        self.addCleanup(os.close, read_end)
        self.addCleanup(os.close, write_end)
        for value, descriptor in (("not a number", None), ("1", None),
                                  (str(read_end), read_end)):
            with self.subTest(value=value):
                self.assertRefused(self.run_with(value, descriptor), b"cannot be read")
