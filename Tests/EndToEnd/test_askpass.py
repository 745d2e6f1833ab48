"""The askpass mode (`login-form PROMPT`): first as ssh, sudo and git call
it, one positional argument and SSH_ASKPASS_PROMPT, checking the exact
bytes it prints; then under the real ssh-add, ssh-agent and ssh (the
host-key question, against a dropbear on 127.0.0.1)."""

import os
import signal
import time

from clients import (ANSWER_TIMEOUT, ClientTestCase, DropbearServer, SshAgent, answer,
                     askpass_environment, make_ssh_key, press, ssh_fingerprint_line, tool)
from harness import BINARY

# Prompts as OpenSSH 9.2 words them (see /work/shared/notes/integrations.md).
PASSPHRASE_PROMPT = "Enter passphrase for /tmp/lf-e2e/id_ed25519: "
PASSWORD_PROMPT = "alice@build.example.org's password: "
HOST_KEY_PROMPT = (
    "The authenticity of host '[127.0.0.1]:2222 ([127.0.0.1]:2222)' can't be established.\n"
    "ED25519 key fingerprint is SHA256:7Tc3gPdr8ufJ9SmmXGEExZ2AasMsnNlUoQdVLA3o+cU.\n"
    "This key is not known by any other names.\n"
    "Are you sure you want to continue connecting (yes/no/[fingerprint])? ")
CONFIRM_PROMPT = ("Allow use of key alice@laptop?\n"
                  "Key fingerprint SHA256:7Tc3gPdr8ufJ9SmmXGEExZ2AasMsnNlUoQdVLA3o+cU.")


class AskpassOutputTests(ClientTestCase):
    """The binary run exactly as ssh runs its askpass: argv is [program,
    prompt], stdin is /dev/null, and only stdout and the status count."""

    def ask(self, prompt, **environment):
        client = self.start_client([BINARY, prompt], askpass_environment(**environment))
        window = self.next_window(client=client, pid=client.pid)
        return client, window

    def test_passphrase_prompt_prints_the_passphrase_and_a_newline(self):
        client, window = self.ask(PASSPHRASE_PROMPT)
        self.assertLabel(window, PASSPHRASE_PROMPT)
        self.assertEntries(window, [("password text", "Passphrase")])
        self.assertButtons(window, ["Cancel", "OK"])
        window.wait_for_focus("Passphrase")
        answer(window, "correct horse", "Passphrase")
        self.assertEqual(client.finish(), (0, b"correct horse\n", b""))

    def test_as_the_ssh_askpass_alternative_even_without_a_prompt(self):
        # Debian's /usr/bin/ssh-askpass alternative starts the binary under
        # that name; with no argument it must still print the secret alone.
        link = os.path.join(self.temp_dir(), "ssh-askpass")
        os.symlink(BINARY, link)
        client = self.start_client([link], askpass_environment())
        window = self.next_window(client=client, pid=client.pid)
        self.assertEntries(window, [("password text", "Password")])
        answer(window, "s3cret", "Password")
        self.assertEqual(client.finish(), (0, b"s3cret\n", b""))

    def test_other_prompts_ask_for_a_password(self):
        client, window = self.ask(PASSWORD_PROMPT)
        self.assertLabel(window, PASSWORD_PROMPT)
        self.assertEntries(window, [("password text", "Password")])
        answer(window, "pa ss%word+", "Password")
        self.assertEqual(client.finish(), (0, b"pa ss%word+\n", b""))

    def test_bad_passphrase_prompt_asks_for_a_passphrase(self):
        prompt = "Bad passphrase, try again for /tmp/lf-e2e/id_ed25519: "
        client, window = self.ask(prompt)
        self.assertLabel(window, prompt)
        self.assertEntries(window, [("password text", "Passphrase")])
        window.key("Escape")
        self.assertEqual(client.finish(), (1, b"", b""))

    def test_escape_prints_nothing(self):
        client, window = self.ask(PASSPHRASE_PROMPT)
        window.type_synced("typed", "Passphrase")
        window.key("Escape")
        self.assertEqual(client.finish(), (1, b"", b""))

    def test_cancel_button_prints_nothing(self):
        client, window = self.ask(PASSWORD_PROMPT)
        window.type_synced("typed", "Password")
        press(window, "Cancel")
        self.assertEqual(client.finish(), (1, b"", b""))

    def test_ok_button_prints_the_secret(self):
        client, window = self.ask(PASSWORD_PROMPT)
        window.type_synced("by mouse", "Password")
        press(window, "OK")
        self.assertEqual(client.finish(), (0, b"by mouse\n", b""))

    def test_closing_the_window_prints_nothing(self):
        client, window = self.ask(PASSWORD_PROMPT)
        window.type_synced("typed", "Password")
        window.close_window()
        self.assertEqual(client.finish(), (1, b"", b""))

    def test_confirm_yes_prints_an_empty_line(self):
        client, window = self.ask(CONFIRM_PROMPT, SSH_ASKPASS_PROMPT="confirm")
        self.assertLabel(window, CONFIRM_PROMPT)
        self.assertButtons(window, ["No", "Yes"])
        self.assertEntries(window, [])
        press(window, "Yes")
        self.assertEqual(client.finish(), (0, b"\n", b""))

    def test_confirm_no_prints_nothing(self):
        client, window = self.ask(CONFIRM_PROMPT, SSH_ASKPASS_PROMPT="confirm")
        press(window, "No")
        self.assertEqual(client.finish(), (1, b"", b""))

    def test_notification_stays_until_terminated(self):
        # Any notice; the touch notice has its own tests (test_security_keys).
        prompt = "Waiting for the token to be inserted"
        client, window = self.ask(prompt, SSH_ASKPASS_PROMPT="none")
        self.assertLabel(window, prompt)
        self.assertButtons(window, ["Close"])
        self.assertEntries(window, [])
        time.sleep(1.0)
        self.assertIsNone(client.poll(), "the notification went away by itself")
        os.kill(client.pid, signal.SIGTERM)
        sent = time.monotonic()
        status, out, err = client.finish_within(ANSWER_TIMEOUT, since=sent)
        self.assertEqual((out, err), (b"", b""), f"status {status}")

    def test_host_key_question_yes(self):
        client, window = self.ask(HOST_KEY_PROMPT)
        self.assertLabel(window, HOST_KEY_PROMPT)
        self.assertButtons(window, ["No", "Yes"])
        self.assertEntries(window, [])
        press(window, "Yes")
        self.assertEqual(client.finish(), (0, b"yes\n", b""))

    def test_host_key_question_no(self):
        client, window = self.ask(HOST_KEY_PROMPT)
        press(window, "No")
        status, out, err = client.finish()
        self.assertEqual((out, err), (b"no\n", b""), f"status {status}")

    def test_git_username_is_visible(self):
        prompt = "Username for 'https://example.com': "
        client, window = self.ask(prompt)
        self.assertLabel(window, prompt)
        self.assertEntries(window, [("text", "Username")])
        self.assertButtons(window, ["Cancel", "OK"])
        window.type_synced("bob", "Username")
        self.assertEqual(window.text("Username"), "bob", "the username is shown as typed")
        window.key("Return")
        self.assertEqual(client.finish(), (0, b"bob\n", b""))

    def test_git_password_is_hidden(self):
        prompt = "Password for 'https://bob@example.com': "
        client, window = self.ask(prompt)
        self.assertLabel(window, prompt)
        self.assertEntries(window, [("password text", "Password")])
        answer(window, "hunter2 and more", "Password")
        self.assertEqual(client.finish(), (0, b"hunter2 and more\n", b""))


class SshAddTests(ClientTestCase):
    """ssh-add, without a terminal, asking the binary for a key's passphrase."""

    required_programs = ("ssh-agent", "ssh-add", "ssh-keygen")

    def setUp(self):
        self.directory = self.temp_dir("ssh")
        self.agent = SshAgent(self, self.directory, askpass_environment())

    def ssh_add(self, *argv):
        return self.start_client(["ssh-add", *argv],
                                 askpass_environment(SSH_AUTH_SOCK=self.agent.socket))

    def assertAdded(self, client, key, since):
        status, out, err = client.finish_within(ANSWER_TIMEOUT, since=since)
        self.assertEqual((status, out, err),
                         (0, b"", f"Identity added: {key} (e2e@login-form)\n".encode()))
        self.assertEqual(self.agent.listed(), (0, ssh_fingerprint_line(key + ".pub") + "\n"))

    def test_right_passphrase_adds_the_key(self):
        key = make_ssh_key(self.directory, "Open sesame 42")
        client = self.ssh_add(key)
        window = self.next_window(client=client)
        self.assertLabel(window, f"Enter passphrase for {key}: ")
        self.assertEntries(window, [("password text", "Passphrase")])
        self.assertButtons(window, ["Cancel", "OK"])
        pressed = answer(window, "Open sesame 42", "Passphrase")
        self.assertAdded(client, key, pressed)

    def test_passphrase_with_spaces_at_both_ends(self):
        passphrase = "  two  spaces each side  "
        key = make_ssh_key(self.directory, passphrase)
        client = self.ssh_add(key)
        window = self.next_window(client=client)
        pressed = answer(window, passphrase, "Passphrase")
        self.assertAdded(client, key, pressed)

    def test_wrong_then_right_passphrase(self):
        key = make_ssh_key(self.directory, "the right one")
        client = self.ssh_add(key)
        first = self.next_window(client=client)
        answer(first, "the wrong one", "Passphrase")
        first.wait_gone()

        # ssh-add asks again, with a new askpass process and window.
        second = self.next_window(client=client, exclude_pids={first.pid})
        second.wait_for_label(lambda text: "Bad passphrase" in text, "the Bad passphrase prompt")
        self.assertLabel(second, f"Bad passphrase, try again for {key}: ")
        self.assertEntries(second, [("password text", "Passphrase")])
        pressed = answer(second, "the right one", "Passphrase")
        self.assertAdded(client, key, pressed)

    def test_escape_adds_nothing(self):
        key = make_ssh_key(self.directory, "never typed")
        client = self.ssh_add(key)
        window = self.next_window(client=client)
        window.type_synced("half", "Passphrase")
        window.key("Escape")
        pressed = time.monotonic()
        status, out, err = client.finish_within(ANSWER_TIMEOUT, since=pressed)
        self.assertNotEqual(status, 0, err)
        self.assertEqual(out, b"")
        self.assertEqual(self.agent.listed(), (1, "The agent has no identities.\n"))


class AgentConfirmTests(ClientTestCase):
    """ssh-agent asking, through its own SSH_ASKPASS, before each use of a
    key added with `ssh-add -c`."""

    required_programs = ("ssh-agent", "ssh-add", "ssh-keygen")

    def setUp(self):
        self.directory = self.temp_dir("ssh")
        # The agent asks with the environment it was started with.
        self.agent = SshAgent(self, self.directory, askpass_environment())
        self.environment = askpass_environment(SSH_AUTH_SOCK=self.agent.socket)
        self.message = os.path.join(self.directory, "message")
        with open(self.message, "w") as file:
            file.write("signed through the agent\n")

    def sign(self, key):
        return self.start_client(
            ["ssh-keygen", "-Y", "sign", "-n", "file", "-f", key + ".pub", self.message],
            self.environment)

    def confirm_window(self, client, key):
        window = self.next_window(client=client)
        # The agent names the key by its comment (ssh-keygen -C).
        _, fingerprint, comment, _ = ssh_fingerprint_line(key + ".pub").split()
        self.assertLabel(window, f"Allow use of key {comment}?\nKey fingerprint {fingerprint}.")
        self.assertButtons(window, ["No", "Yes"])
        self.assertEntries(window, [])
        return window

    def test_yes_lets_the_agent_sign(self):
        key = make_ssh_key(self.directory, "confirm me 7")
        adding = self.start_client(["ssh-add", "-c", key], self.environment)
        window = self.next_window(client=adding)
        self.assertLabel(window, f"Enter passphrase for {key} (will confirm each use): ")
        self.assertEntries(window, [("password text", "Passphrase")])
        pressed = answer(window, "confirm me 7", "Passphrase")
        status, _, err = adding.finish_within(ANSWER_TIMEOUT, since=pressed)
        self.assertEqual(status, 0, err)
        window.wait_gone()

        signing = self.sign(key)
        window = self.confirm_window(signing, key)
        pressed = press(window, "Yes")
        status, out, err = signing.finish_within(ANSWER_TIMEOUT, since=pressed)
        self.assertEqual((status, out), (0, b""), err)
        signature = self.message + ".sig"
        self.assertTrue(os.path.exists(signature), err)
        with open(self.message, "rb") as message:
            tool("ssh-keygen", "-Y", "check-novalidate", "-n", "file", "-f", key + ".pub",
                 "-s", signature, input=message.read())
        self.assertEqual(self.agent.stderr(), b"", "stderr of the agent and its askpass")

    def test_no_refuses_the_signature(self):
        key = make_ssh_key(self.directory, "")
        adding = self.start_client(["ssh-add", "-c", key], self.environment)
        status, _, err = adding.finish()
        self.assertEqual(status, 0, err)

        signing = self.sign(key)
        window = self.confirm_window(signing, key)
        pressed = press(window, "No")
        status, _, err = signing.finish_within(ANSWER_TIMEOUT, since=pressed)
        self.assertNotEqual(status, 0, err)
        self.assertFalse(os.path.exists(self.message + ".sig"))
        self.assertEqual(self.agent.stderr(), b"", "stderr of the agent and its askpass")


class SshHostKeyTests(ClientTestCase):
    """ssh meeting an unknown host key, with StrictHostKeyChecking=ask and no
    terminal: it asks the askpass, and takes only `yes` for an answer."""

    required_programs = ("ssh", "dropbear", "dropbearkey")

    def setUp(self):
        self.directory = self.temp_dir("ssh")
        self.server = DropbearServer(self, self.directory)
        self.known_hosts = os.path.join(self.directory, "known_hosts")
        self.host = f"[127.0.0.1]:{self.server.port}"

    def connect(self):
        # Nothing of the machine's ssh configuration; no way to log in, so
        # ssh ends (255) right after the host-key question.
        return self.start_client(
            ["ssh", "-F", "/dev/null", "-p", str(self.server.port),
             "-o", f"UserKnownHostsFile={self.known_hosts}",
             "-o", "GlobalKnownHostsFile=/dev/null", "-o", "StrictHostKeyChecking=ask",
             "-o", "PubkeyAuthentication=no", "-o", "PasswordAuthentication=no",
             "-o", "KbdInteractiveAuthentication=no", "-o", "ConnectTimeout=10",
             "e2e@127.0.0.1", "true"],
            askpass_environment())

    def question_window(self, client):
        window = self.next_window(client=client)
        fingerprint = ssh_fingerprint_line(self.server.public_key_path).split()[1]
        self.assertLabel(window,
                         f"The authenticity of host '{self.host} ({self.host})' can't be "
                         f"established.\nED25519 key fingerprint is {fingerprint}.\n"
                         "This key is not known by any other names.\n"
                         "Are you sure you want to continue connecting (yes/no/[fingerprint])? ")
        self.assertButtons(window, ["No", "Yes"])
        self.assertEntries(window, [])
        return window

    def test_yes_trusts_the_host_key(self):
        client = self.connect()
        window = self.question_window(client)
        pressed = press(window, "Yes")
        status, out, err = client.finish_within(ANSWER_TIMEOUT, since=pressed)
        self.assertEqual((status, out), (255, b""), err)
        self.assertIn(f"Warning: Permanently added '{self.host}' (ED25519) to the list of "
                      "known hosts.\r\n".encode(), err)
        with open(self.known_hosts) as known:
            self.assertEqual(known.read(), f"{self.host} {self.server.public_key}\n")

    def test_no_refuses_the_host(self):
        client = self.connect()
        window = self.question_window(client)
        pressed = press(window, "No")
        status, out, err = client.finish_within(ANSWER_TIMEOUT, since=pressed)
        self.assertEqual((status, out), (255, b""), err)
        self.assertIn(b"Host key verification failed.\r\n", err)
        self.assertFalse(os.path.exists(self.known_hosts) and os.path.getsize(self.known_hosts))
