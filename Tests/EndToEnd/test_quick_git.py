"""git's helper as the quick program (`git-credential-login-form`, a link
to `pinentry-login-form`, as installed): `store`, `erase` and a stored
`get` without GTK; a `get` to be shown becomes login-form, handed git's
request and the password manager's answers, with nothing asked twice."""

import os
import subprocess

import harness
from clients import GitSetup, tool
from harness import BINARY
from keyrings import KeyringTestCase, SecretService, SessionBus, start_impostor
from test_keyring import without_display

REQUEST = b"protocol=https\nhost=git.example.org\nusername=alice\n\n"


class QuickGitTests(KeyringTestCase):
    """What git sees of the quick program, against a real keyring."""

    def setUp(self):
        self.keyring = SecretService(self)
        self.git = GitSetup(self)
        self.helper = os.path.join(self.git.bin, "git-credential-login-form")

    def test_a_stored_password_is_answered_without_loading_gtk(self):
        # What git-credential-libsecret stores for this request.
        self.keyring.store("Git: https://git.example.org/", "stored pw",
                           xdg_schema="org.gnome.keyring.NetworkPassword", user="alice",
                           protocol="https", server="git.example.org")
        traces = self.temp_dir("ld")
        env = self.keyring.environment(base=self.git.environment(
            LD_DEBUG="files", LD_DEBUG_OUTPUT=os.path.join(traces, "trace")))
        result = tool(self.helper, "get", env=env, input=REQUEST)
        self.assertEqual((result.stdout, result.stderr),
                         (b"username=alice\npassword=stored pw\n", b""))
        # The password manager's library, and nothing a window needs.
        loaded = harness.loaded_libraries(traces)
        self.assertIn("libsecret-1.so.0", loaded)
        for name in ("libgtk-3", "libgdk-3", "libX11", "libwayland-client", "libgcr-ui-3"):
            self.assertEqual([path for path in loaded if path.startswith(name)], [], name)

    def test_a_window_gets_gits_request_as_its_input_and_no_second_copy(self):
        client = self.start_client(
            [self.helper, "get"], self.keyring.environment(base=self.git.environment()),
            input=b"protocol=https\nhost=window.example\nusername=bob\n\n")
        window = self.next_window(client=client, pid=client.pid)
        self.assertLabel(window, "Sign in to https://window.example")
        descriptors = f"/proc/{client.pid}/fd"
        request = os.readlink(os.path.join(descriptors, "0"))
        self.assertTrue(request.startswith("pipe:"), request)
        copies = [name for name in os.listdir(descriptors)
                  if os.readlink(os.path.join(descriptors, name)) == request]
        self.assertEqual(copies, ["0"])
        window.key("Escape")
        self.assertEqual(client.finish()[:2], (1, b"quit=1\n"))

    def test_what_it_says_is_in_the_users_language(self):
        # The catalogue is bound with the first translated line, not at
        # start: a line must still come translated.
        env = dict(self.git.environment(), LANG="C.UTF-8", LANGUAGE="de")
        env.pop("LC_ALL", None)
        result = tool(self.helper, env=env, check=False)
        self.assertEqual((result.returncode, result.stdout), (2, b""))
        self.assertEqual(result.stderr.decode(), "login-form: Welche Aktion? Erwartet wird get, "
                                                 "store oder erase\n")


class QuickGitHandOffTests(KeyringTestCase):
    """What the quick program learnt before handing over is not asked again."""

    def test_the_hand_off_answers_as_login_form_alone_and_waits_for_the_service_once(self):
        # A Secret Service that never answers, no display and no terminal
        # prompt: the get is refused as by login-form alone, after one wait.
        bus = SessionBus(self)
        log = start_impostor(self, bus)
        git = GitSetup(self)
        env = without_display(git.environment(DBUS_SESSION_BUS_ADDRESS=bus.address))
        results = []
        for program in ([os.path.join(git.bin, "git-credential-login-form"), "get"],
                        [BINARY, "--git-credential", "get"]):
            with open(log, "w"):
                pass
            result = subprocess.run(program, env=env, input=REQUEST, capture_output=True,
                                    timeout=harness.WINDOW_TIMEOUT, start_new_session=True)
            with open(log) as calls:
                results.append((result.returncode, result.stdout, result.stderr, calls.read()))
        self.assertEqual(results[0], results[1])
        status, out, err, calls = results[0]
        self.assertEqual(err.splitlines()[0], b"login-form: The password manager is not used: "
                                              b"no answer within 2 seconds")
        self.assertEqual(len(err.splitlines()), 2, err)
        self.assertEqual(calls, "org.freedesktop.DBus.Properties.GetAll\n")
