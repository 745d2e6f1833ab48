"""git with the binary as its credential helper (`git-credential-login-form`
on PATH, credential.helper=login-form) and as GIT_ASKPASS: `git credential
fill`, and ls-remote against a local dumb-HTTP server that wants Basic auth."""

import os
import time

from clients import (ANSWER_TIMEOUT, BasicAuthServer, ClientTestCase, GitSetup, answer,
                     press, tool)
from harness import BINARY

DESCRIPTION = b"protocol=https\nhost=example.com\n"


class CredentialFillTests(ClientTestCase):
    """`git credential fill` with the helper: what git hands it and what git
    makes of the answer."""

    required_programs = ("git",)

    def setUp(self):
        self.git = GitSetup(self)

    def fill(self, description):
        client = self.git.git("credential", "fill", input=description)
        return client, self.next_window(client=client)

    def assertCredentialWindow(self, window, username, focused):
        self.assertEntries(window, [("text", "Username"), ("password text", "Password")])
        self.assertButtons(window, ["Cancel", "Sign In"])
        self.assertEqual(window.title, "Sign In to example.com")
        self.assertEqual(window.text("Username"), username)
        window.wait_for_focus(focused)

    def test_known_username_is_prefilled_and_the_password_asked(self):
        client, window = self.fill(DESCRIPTION + b"username=bob\n\n")
        self.assertCredentialWindow(window, "bob", "Password")
        pressed = answer(window, "s3cret pass%20+", "Password")
        self.assertEqual(
            client.finish_within(ANSWER_TIMEOUT, since=pressed),
            (0, DESCRIPTION + b"username=bob\npassword=s3cret pass%20+\n", b""))

    def test_username_from_the_url(self):
        client, window = self.fill(b"url=https://bob@example.com\n\n")
        self.assertCredentialWindow(window, "bob", "Password")
        pressed = answer(window, "from the url", "Password")
        self.assertEqual(
            client.finish_within(ANSWER_TIMEOUT, since=pressed),
            (0, DESCRIPTION + b"username=bob\npassword=from the url\n", b""))

    def test_unknown_username_is_asked_first(self):
        client, window = self.fill(DESCRIPTION + b"\n")
        self.assertCredentialWindow(window, "", "Username")
        window.type_synced("alice", "Username")
        window.key("Tab")
        window.wait_for_focus("Password")
        pressed = answer(window, "wonderland", "Password")
        self.assertEqual(
            client.finish_within(ANSWER_TIMEOUT, since=pressed),
            (0, DESCRIPTION + b"username=alice\npassword=wonderland\n", b""))

    def test_cancel_makes_git_stop_at_once(self):
        client, window = self.fill(DESCRIPTION + b"username=bob\n\n")
        window.type_synced("half", "Password")
        pressed = press(window, "Cancel")
        status, out, err = client.finish_within(ANSWER_TIMEOUT, since=pressed)
        self.assertEqual((status, out), (128, b""), err)
        self.assertEqual(err, b"fatal: credential helper 'login-form' told us to quit\n")

    def test_escape_makes_git_stop_at_once(self):
        client, window = self.fill(DESCRIPTION + b"username=bob\n\n")
        window.key("Escape")
        pressed = time.monotonic()
        status, out, err = client.finish_within(ANSWER_TIMEOUT, since=pressed)
        self.assertEqual((status, out), (128, b""), err)


class HelperProtocolTests(ClientTestCase):
    """The helper run directly, as git runs it: ACTION as the last argument,
    the description on stdin, only stdout read."""

    required_programs = ("git",)

    def setUp(self):
        self.git = GitSetup(self)
        self.helper = os.path.join(self.git.bin, "git-credential-login-form")

    def test_get_prints_exactly_username_and_password(self):
        client = self.start_client([self.helper, "get"], self.git.environment(),
                                   input=DESCRIPTION + b"username=bob\n")
        window = self.next_window(client=client, pid=client.pid)
        pressed = answer(window, "pw with = sign", "Password")
        self.assertEqual(client.finish_within(ANSWER_TIMEOUT, since=pressed),
                         (0, b"username=bob\npassword=pw with = sign\n", b""))

    def test_get_cancelled_prints_quit(self):
        client = self.start_client([self.helper, "get"], self.git.environment(),
                                   input=DESCRIPTION + b"username=bob\n")
        window = self.next_window(client=client, pid=client.pid)
        pressed = press(window, "Cancel")
        # git ignores a helper's exit status; only stdout counts.
        status, out, err = client.finish_within(ANSWER_TIMEOUT, since=pressed)
        self.assertEqual((out, err), (b"quit=1\n", b""), f"status {status}")

    def test_option_form_of_get(self):
        client = self.start_client([BINARY, "--git-credential", "get"], self.git.environment(),
                                   input=DESCRIPTION + b"username=bob\n")
        window = self.next_window(client=client, pid=client.pid)
        self.assertEqual(window.text("Username"), "bob")
        pressed = answer(window, "by option", "Password")
        self.assertEqual(client.finish_within(ANSWER_TIMEOUT, since=pressed),
                         (0, b"username=bob\npassword=by option\n", b""))

    def test_store_and_erase_show_no_window(self):
        full = DESCRIPTION + b"username=bob\npassword=secret\n"
        for action in ("store", "erase"):
            with self.subTest(action=action):
                started = time.monotonic()
                client = self.start_client([self.helper, action], self.git.environment(),
                                           input=full)
                self.assertEqual(client.finish_within(ANSWER_TIMEOUT, since=started),
                                 (0, b"", b""))
                self.assertNoWindowFor(0.3)

    def test_an_absolute_helper_path_gets_the_helper_not_the_askpass(self):
        # credential.helper=/usr/bin/login-form runs "login-form ACTION".
        full = DESCRIPTION + b"username=bob\npassword=secret\n"
        client = self.start_client([BINARY, "store"], self.git.environment(), input=full)
        self.assertEqual(client.finish_within(ANSWER_TIMEOUT, since=time.monotonic()),
                         (0, b"", b""))
        self.assertNoWindowFor(0.3)


class DumbHttpTests(ClientTestCase):
    """git ls-remote against a 127.0.0.1 server that answers 401 until it
    gets the right Basic credentials, which only the window can give."""

    required_programs = ("git",)
    USERNAME = "carol"
    PASSWORD = "horse battery 9%"

    def setUp(self):
        self.git = GitSetup(self)
        served = self.temp_dir("served")
        self.expected = self.git.bare_repository(served)
        self.server = BasicAuthServer(self, served, self.USERNAME, self.PASSWORD)
        self.url = self.server.url("repo.git")
        self.origin = f"http://127.0.0.1:{self.server.port}"

    def test_ls_remote_through_the_credential_helper(self):
        client = self.git.git("ls-remote", self.url)
        window = self.next_window(client=client)
        self.assertEntries(window, [("text", "Username"), ("password text", "Password")])
        window.wait_for_focus("Username")
        window.type_synced(self.USERNAME, "Username")
        window.key("Tab")
        window.wait_for_focus("Password")
        # Then git runs `store`, which must not show a window (git would wait).
        pressed = answer(window, self.PASSWORD, "Password")
        self.assertEqual(client.finish_within(ANSWER_TIMEOUT, since=pressed),
                         (0, self.expected, b""))

    def test_wrong_password_fails_and_erase_shows_no_window(self):
        client = self.git.git("ls-remote", self.url)
        window = self.next_window(client=client)
        window.type_synced(self.USERNAME, "Username")
        window.key("Tab")
        window.wait_for_focus("Password")
        pressed = answer(window, "not it", "Password")
        status, out, err = client.finish_within(ANSWER_TIMEOUT, since=pressed)
        self.assertEqual((status, out), (128, b""), err)
        self.assertIn(f"fatal: Authentication failed for '{self.url}/'".encode(), err)

    def askpass_windows(self, client):
        """Answers git's two askpass calls: Username, then Password."""
        first = self.next_window(client=client)
        self.assertEqual(first.title, f"Sign In to 127.0.0.1:{self.server.port}")
        self.assertLabel(first, f"Username for {self.origin}")
        self.assertEntries(first, [("text", "Username")])
        self.assertButtons(first, ["Cancel", "Next"])
        answer(first, self.USERNAME, "Username")
        first.wait_gone()

        second = self.next_window(client=client, exclude_pids={first.pid})
        self.assertLabel(second, f"Password for http://{self.USERNAME}@127.0.0.1:"
                                 f"{self.server.port}")
        self.assertEntries(second, [("password text", "Password")])
        self.assertButtons(second, ["Cancel", "Sign In"])
        pressed = answer(second, self.PASSWORD, "Password")
        self.assertEqual(client.finish_within(ANSWER_TIMEOUT, since=pressed),
                         (0, self.expected, b""))

    def test_ls_remote_through_git_askpass(self):
        env = self.git.environment(GIT_ASKPASS=BINARY)
        self.askpass_windows(self.git.git("ls-remote", self.url, env=env, helper=None))

    def test_ls_remote_through_core_askpass(self):
        self.askpass_windows(
            self.git.git("-c", f"core.askPass={BINARY}", "ls-remote", self.url, helper=None))

    def test_git_askpass_cancelled(self):
        env = self.git.environment(GIT_ASKPASS=BINARY)
        client = self.git.git("ls-remote", self.url, env=env, helper=None)
        window = self.next_window(client=client)
        window.key("Escape")
        pressed = time.monotonic()
        status, out, err = client.finish_within(ANSWER_TIMEOUT, since=pressed)
        self.assertEqual((status, out), (128, b""), err)
        self.assertTrue(all(authorization is None for _, authorization in self.server.requests),
                        self.server.requests)


class ToolSanityTests(ClientTestCase):
    """The server itself: without credentials, git fails at once (no
    window, no terminal prompt), so the tests above prove the window."""

    required_programs = ("git",)

    def test_without_any_way_to_ask_git_fails(self):
        git = GitSetup(self)
        served = self.temp_dir("served")
        git.bare_repository(served)
        server = BasicAuthServer(self, served, "carol", "pw")
        result = tool("git", "-c", "credential.helper=", "ls-remote", server.url("repo.git"),
                      env=git.environment(), check=False)
        self.assertEqual(result.returncode, 128, result.stderr)
        self.assertEqual(result.stdout, b"")
