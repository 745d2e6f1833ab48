"""`sudo -A` with the binary as SUDO_ASKPASS, run by a throwaway user (see
clients.ThrowawayUser for how that user's window reaches the display and
the tests' AT-SPI reads)."""

import time

from clients import ANSWER_TIMEOUT, ClientTestCase, ThrowawayUser, answer, press


class SudoAskpassTests(ClientTestCase):
    required_programs = ("sudo", "visudo", "useradd", "userdel", "chpasswd", "runuser", "xauth")
    needs_root = True

    def setUp(self):
        self.user = ThrowawayUser(self)
        # sudo's "[sudo] password for NAME: ", without the tag and the colon.
        self.prompt = f"Password for {self.user.name}"

    def sudo(self):
        # -k: ask even if a password was given moments ago.
        return self.start_client(self.user.command("sudo", "-A", "-k", "id", "-un"), env=None)

    def password_window(self, client, **keywords):
        window = self.next_window(client=client, **keywords)
        self.assertEqual(window.title, "Authentication for sudo")
        self.assertLabel(window, self.prompt)
        self.assertEntries(window, [("password text", "Password")])
        self.assertButtons(window, ["Cancel", "Authenticate"])
        return window

    def test_right_password_runs_the_command_as_root(self):
        client = self.sudo()
        window = self.password_window(client)
        pressed = answer(window, self.user.password, "Password")
        # Empty stderr: neither sudo nor the askpass said anything.
        self.assertEqual(client.finish_within(ANSWER_TIMEOUT, since=pressed), (0, b"root\n", b""))

    def test_wrong_then_right_password(self):
        client = self.sudo()
        first = self.password_window(client)
        answer(first, "not the password", "Password")
        first.wait_gone()
        second = self.password_window(client, exclude_pids={first.pid})
        pressed = answer(second, self.user.password, "Password")
        self.assertEqual(client.finish_within(ANSWER_TIMEOUT, since=pressed),
                         (0, b"root\n", b"Sorry, try again.\n"))

    def test_cancel_gives_no_password(self):
        client = self.sudo()
        window = self.password_window(client)
        window.type_synced("half", "Password")
        pressed = press(window, "Cancel")
        status, out, err = client.finish_within(ANSWER_TIMEOUT, since=pressed)
        self.assertEqual((status, out), (1, b""), err)
        self.assertEqual(err, b"sudo: no password was provided\nsudo: a password is required\n")

    def test_escape_gives_no_password(self):
        client = self.sudo()
        window = self.password_window(client)
        window.key("Escape")
        pressed = time.monotonic()
        status, out, err = client.finish_within(ANSWER_TIMEOUT, since=pressed)
        self.assertEqual((status, out), (1, b""), err)
        self.assertIn(b"sudo: no password was provided\n", err)
