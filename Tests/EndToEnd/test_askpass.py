"""The askpass mode (`login-form PROMPT`): first as ssh, sudo and git call
it, one positional argument and SSH_ASKPASS_PROMPT, checking the exact
bytes it prints; then under the real ssh-add, ssh-agent and ssh (the
host-key question, against a dropbear on 127.0.0.1)."""

import os
import signal
import subprocess
import time

import harness
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
HOST_KEY_FINGERPRINT = "SHA256:7Tc3gPdr8ufJ9SmmXGEExZ2AasMsnNlUoQdVLA3o+cU"
CONFIRM_PROMPT = ("Allow use of key alice@laptop?\n"
                  "Key fingerprint SHA256:7Tc3gPdr8ufJ9SmmXGEExZ2AasMsnNlUoQdVLA3o+cU.")
PASTE_LABEL = "Or paste the fingerprint you expect"


def paste(test, window, text, mnemonic="alt+p"):
    """Puts `text` on the clipboard (xclip serves it until the test ends),
    moves to the entry with its mnemonic and pastes with Ctrl+V, as a
    person pasting the fingerprint they were given would."""
    clip = subprocess.Popen(["xclip", "-selection", "clipboard", "-quiet"],
                            stdin=subprocess.PIPE, stdout=subprocess.DEVNULL,
                            stderr=subprocess.DEVNULL)
    clip.stdin.write(text.encode())
    clip.stdin.close()
    test.addCleanup(lambda: (clip.kill(), clip.wait()))
    harness.wait_for_clipboard(text)
    window.key(mnemonic)
    window.wait_for_focus(PASTE_LABEL)
    window.key("ctrl+v")
    window.wait_for_length(PASTE_LABEL, len(text))


def has_state(accessible, state):
    return accessible.getState().contains(state)


def assertSafeStart(test, window, safe, risky):
    """The focus starts on the safe button, and the risky one is neither
    the default nor styled as the suggested action (read as: not default)."""
    window.wait_until(lambda: has_state(window.button(safe), harness.pyatspi.STATE_FOCUSED),
                      f"the focus on {safe}")
    test.assertFalse(has_state(window.button(risky), harness.pyatspi.STATE_IS_DEFAULT),
                     f"{risky} is the default button")


class AskpassOutputTests(ClientTestCase):
    """The binary run exactly as ssh runs its askpass: argv is [program,
    prompt], stdin is /dev/null, and only stdout and the status count."""

    def ask(self, prompt, **environment):
        client = self.start_client([BINARY, prompt], askpass_environment(**environment))
        window = self.next_window(client=client, pid=client.pid)
        return client, window

    def test_passphrase_prompt_prints_the_passphrase_and_a_newline(self):
        client, window = self.ask(PASSPHRASE_PROMPT)
        self.assertEqual(window.title, "Unlock SSH Key")
        self.assertLabel(window, "Passphrase for /tmp/lf-e2e/id_ed25519")
        # Who asks: this test process, named from /proc, with its parent.
        with open("/proc/self/comm") as comm:
            # The asker is the client's text, isolated as every client text is.
            asker = f"Asked by \u2068{comm.read().strip()} ({os.getpid()}) ← "
        window.wait_for_label(lambda text: text.startswith(asker), asker)
        self.assertEntries(window, [("password text", "Passphrase")])
        self.assertButtons(window, ["Cancel", "Unlock"])
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
        self.assertEqual(window.title, "Sign In to build.example.org")
        self.assertLabel(window, "Password for alice@build.example.org")
        self.assertButtons(window, ["Cancel", "Sign In"])
        self.assertEntries(window, [("password text", "Password")])
        answer(window, "pa ss%word+", "Password")
        self.assertEqual(client.finish(), (0, b"pa ss%word+\n", b""))

    def test_bad_passphrase_is_said_on_the_field_until_the_first_key(self):
        prompt = "Bad passphrase, try again for /tmp/lf-e2e/id_ed25519: "
        client, window = self.ask(prompt)
        self.assertLabel(window, "Passphrase for /tmp/lf-e2e/id_ed25519")
        self.assertEntries(window, [("password text", "Passphrase")])
        self.assertEqual(window.message("Passphrase"), "Wrong passphrase, try again")
        window.type_synced("x", "Passphrase")
        window.wait_until(lambda: window.message("Passphrase") == "", "the error to go")
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
        press(window, "Sign In")
        self.assertEqual(client.finish(), (0, b"by mouse\n", b""))

    def test_closing_the_window_prints_nothing(self):
        client, window = self.ask(PASSWORD_PROMPT)
        window.type_synced("typed", "Password")
        window.close_window()
        self.assertEqual(client.finish(), (1, b"", b""))

    def test_confirm_allow_prints_an_empty_line(self):
        client, window = self.ask(CONFIRM_PROMPT, SSH_ASKPASS_PROMPT="confirm")
        self.assertEqual(window.title, "Allow Use of SSH Key")
        self.assertLabel(window, "Allow use of key alice@laptop?")
        self.assertExactLabel(window, HOST_KEY_FINGERPRINT)
        self.assertButtons(window, ["Deny", "Allow"])
        self.assertEntries(window, [])
        press(window, "Allow")
        self.assertEqual(client.finish(), (0, b"\n", b""))

    def test_confirm_deny_prints_nothing(self):
        client, window = self.ask(CONFIRM_PROMPT, SSH_ASKPASS_PROMPT="confirm")
        press(window, "Deny")
        self.assertEqual(client.finish(), (1, b"", b""))

    def test_a_stray_return_at_a_confirmation_denies(self):
        client, window = self.ask(CONFIRM_PROMPT, SSH_ASKPASS_PROMPT="confirm")
        window.key("Return")
        self.assertEqual(client.finish(), (1, b"", b""), "Return allowed the key's use")

    def test_a_confirmation_starts_on_deny_with_no_default(self):
        client, window = self.ask(CONFIRM_PROMPT, SSH_ASKPASS_PROMPT="confirm")
        assertSafeStart(self, window, "Deny", "Allow")
        window.key("Escape")
        self.assertEqual(client.finish(), (1, b"", b""))

    def test_notification_stays_until_terminated(self):
        # Any notice; the touch notice has its own tests (test_security_keys).
        prompt = "Waiting for the token to be inserted"
        client, window = self.ask(prompt, SSH_ASKPASS_PROMPT="none")
        self.assertLabel(window, prompt)
        self.assertButtons(window, ["Close"])
        self.assertEntries(window, [])
        time.sleep(1.0)  # time for a wrong end to show: nothing to wait for
        self.assertIsNone(client.poll(), "the notification went away by itself")
        os.kill(client.pid, signal.SIGTERM)
        sent = time.monotonic()
        status, out, err = client.finish_within(ANSWER_TIMEOUT, since=sent)
        self.assertEqual((out, err), (b"", b""), f"status {status}")

    def host_key_window(self):
        client, window = self.ask(HOST_KEY_PROMPT)
        self.assertEqual(window.title, "Verify Host Key")
        self.assertLabel(window, "Connect to [127.0.0.1]:2222?")
        self.assertExactLabel(window, "ED25519 " + HOST_KEY_FINGERPRINT)
        self.assertNotIn("yes/no", "".join(window.labels()), "the terminal's tail is gone")
        self.assertButtons(window, ["Cancel", "Connect"])
        self.assertEntries(window, [("text", PASTE_LABEL)])
        return client, window

    def test_a_stray_return_at_the_host_key_prints_nothing_and_fails(self):
        # Nothing of the window's looks is assumed: only what Return does.
        client, window = self.ask(HOST_KEY_PROMPT)
        window.key("Return")
        status, out, err = client.finish()
        self.assertNotEqual(status, 0, f"Return trusted an unknown host key, printing {out!r}")
        self.assertEqual((out, err), (b"", b""))

    def test_the_focus_starts_on_cancel_and_connect_is_not_the_default(self):
        client, window = self.host_key_window()
        assertSafeStart(self, window, "Cancel", "Connect")
        press(window, "Cancel")
        self.assertEqual(client.finish(), (1, b"", b""))

    def test_connect_answers_to_its_mnemonic(self):
        client, window = self.host_key_window()
        window.key("alt+o")
        self.assertEqual(client.finish(), (0, b"yes\n", b""))

    def test_connect_prints_yes(self):
        client, window = self.host_key_window()
        press(window, "Connect")
        self.assertEqual(client.finish(), (0, b"yes\n", b""))

    def test_the_pasted_fingerprint_makes_connect_the_default_and_is_printed(self):
        client, window = self.host_key_window()
        paste(self, window, "  " + HOST_KEY_FINGERPRINT.split(":", 1)[1] + "\n")
        window.wait_until(lambda: window.message(PASTE_LABEL)
                          == "Matches the fingerprint the server sent", "the match")
        window.wait_until(
            lambda: has_state(window.button("Connect"), harness.pyatspi.STATE_IS_DEFAULT),
            "Connect to become the default")
        window.key("Return")
        self.assertEqual(client.finish(), (0, (HOST_KEY_FINGERPRINT + "\n").encode(), b""))

    def test_a_wrong_fingerprint_keeps_connect_insensitive(self):
        client, window = self.host_key_window()
        wrong = HOST_KEY_FINGERPRINT[:-1] + "X"
        paste(self, window, wrong)
        window.wait_until(lambda: window.message(PASTE_LABEL)
                          == "Does not match the fingerprint the server sent", "the mismatch")
        self.assertFalse(window.sensitive("Connect"))
        window.key("Return")  # an answer that must not happen
        time.sleep(0.5)  # time for it to show: nothing to wait for
        self.assertIsNone(client.poll(), "Return answered with a wrong fingerprint")
        # Mending it makes Connect usable again.
        window.key("BackSpace")
        window.type_synced(HOST_KEY_FINGERPRINT[-1], PASTE_LABEL, before=len(wrong) - 1)
        window.wait_until(lambda: window.sensitive("Connect"), "Connect once it matches")
        press(window, "Connect")
        self.assertEqual(client.finish(), (0, (HOST_KEY_FINGERPRINT + "\n").encode(), b""))

    def test_git_username_is_visible(self):
        prompt = "Username for 'https://example.com': "
        client, window = self.ask(prompt)
        self.assertEqual(window.title, "Sign In to example.com")
        self.assertLabel(window, "Username for https://example.com")
        self.assertEntries(window, [("text", "Username")])
        self.assertButtons(window, ["Cancel", "Next"])
        window.type_synced("bob", "Username")
        self.assertEqual(window.text("Username"), "bob", "the username is shown as typed")
        window.key("Return")
        self.assertEqual(client.finish(), (0, b"bob\n", b""))

    def test_git_password_is_hidden(self):
        prompt = "Password for 'https://bob@example.com': "
        client, window = self.ask(prompt)
        self.assertEqual(window.title, "Sign In to example.com")
        self.assertLabel(window, "Password for https://bob@example.com")
        self.assertButtons(window, ["Cancel", "Sign In"])
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
        self.assertLabel(window, f"Passphrase for {key}")
        self.assertEntries(window, [("password text", "Passphrase")])
        self.assertButtons(window, ["Cancel", "Unlock"])
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
        self.assertLabel(second, f"Passphrase for {key}")
        self.assertEntries(second, [("password text", "Passphrase")])
        self.assertEqual(second.message("Passphrase"), "Wrong passphrase, try again")
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
        self.assertLabel(window, f"Allow use of key {comment}?")
        self.assertExactLabel(window, fingerprint)
        self.assertButtons(window, ["Deny", "Allow"])
        self.assertEntries(window, [])
        return window

    def test_yes_lets_the_agent_sign(self):
        key = make_ssh_key(self.directory, "confirm me 7")
        adding = self.start_client(["ssh-add", "-c", key], self.environment)
        window = self.next_window(client=adding)
        self.assertLabel(window, f"Passphrase for {key}\n"
                         "Each use of the key will ask you to confirm it.")
        self.assertEntries(window, [("password text", "Passphrase")])
        pressed = answer(window, "confirm me 7", "Passphrase")
        status, _, err = adding.finish_within(ANSWER_TIMEOUT, since=pressed)
        self.assertEqual(status, 0, err)
        window.wait_gone()

        signing = self.sign(key)
        window = self.confirm_window(signing, key)
        pressed = press(window, "Allow")
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
        pressed = press(window, "Deny")
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
        self.fingerprint = ssh_fingerprint_line(self.server.public_key_path).split()[1]
        self.assertLabel(window, f"Connect to {self.host}?")
        self.assertExactLabel(window, f"ED25519 {self.fingerprint}")
        self.assertButtons(window, ["Cancel", "Connect"])
        self.assertEntries(window, [("text", PASTE_LABEL)])
        return window

    def assertTrusted(self, client, since):
        status, out, err = client.finish_within(ANSWER_TIMEOUT, since=since)
        self.assertEqual((status, out), (255, b""), err)
        self.assertIn(f"Warning: Permanently added '{self.host}' (ED25519) to the list of "
                      "known hosts.\r\n".encode(), err)
        # Past the host key: the server then refuses the login, as set up.
        self.assertIn(b"Permission denied", err)
        with open(self.known_hosts) as known:
            self.assertEqual(known.read(), f"{self.host} {self.server.public_key}\n")

    def assertRefused(self, client, since):
        status, out, err = client.finish_within(ANSWER_TIMEOUT, since=since)
        self.assertEqual((status, out), (255, b""), err)
        self.assertIn(b"Host key verification failed.\r\n", err)
        self.assertFalse(os.path.exists(self.known_hosts) and os.path.getsize(self.known_hosts))

    def test_connect_trusts_the_host_key(self):
        client = self.connect()
        window = self.question_window(client)
        self.assertTrusted(client, press(window, "Connect"))

    def test_pasting_the_fingerprint_trusts_the_host_key(self):
        client = self.connect()
        window = self.question_window(client)
        paste(self, window, self.fingerprint)
        window.wait_until(lambda: window.sensitive("Connect"), "Connect with a match")
        window.key("Return")
        self.assertTrusted(client, time.monotonic())

    def test_a_stray_return_refuses_the_host(self):
        client = self.connect()
        window = self.next_window(client=client)
        window.key("Return")
        self.assertRefused(client, time.monotonic())

    def test_a_wrong_fingerprint_cannot_connect(self):
        client = self.connect()
        window = self.question_window(client)
        paste(self, window, "SHA256:7Tc3gPdr8ufJ9SmmXGEExZ2AasMsnNlUoQdVLA3o+cU")
        window.wait_until(lambda: not window.sensitive("Connect"), "Connect to go insensitive")
        window.key("Return")  # an answer that must not happen
        time.sleep(0.5)  # time for it to show: nothing to wait for
        self.assertIsNone(client.poll(), "a wrong fingerprint answered")
        self.assertRefused(client, press(window, "Cancel"))
