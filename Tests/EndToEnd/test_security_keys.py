"""Security keys and tokens under the real OpenSSH 9.2 clients: a software
FIDO key (fixtures/soft-sk.c, built here) behind ssh-agent, a SoftHSM
PKCS#11 token behind `ssh-add -s`, and ssh's exact PIN and one-time-code
prompts fed to `login-form PROMPT`.

The touch notice is checked with a window manager (openbox) running and a
window of the test's own focused, as a person would have it: the notice
must take neither the focus nor the keyboard, and end without a word when
ssh-agent ends it (SIGTERM) once the key was touched."""

import os
import time

import pyatspi

from clients import (ANSWER_TIMEOUT, ClientTestCase, SshAgent, answer, askpass_environment,
                     base_environment, tool)
from desktop import TypingWindow, WindowManager
from harness import BINARY, ClientWindow

FIXTURE_SOURCE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "fixtures", "soft-sk.c")
SECURITY_KEY_PIN = "4242 0000"
TOKEN_PIN = "123456"
SOFTHSM = "/usr/lib/softhsm/libsofthsm2.so"

# OpenSSH 9.2p1's prompts (ssh-agent.c, sshconnect2.c, ssh-pkcs11.c, ssh-add.c).
FINGERPRINT = "SHA256:7Tc3gPdr8ufJ9SmmXGEExZ2AasMsnNlUoQdVLA3o+cU"
PIN_AND_TOUCH_PROMPT = f"Enter PIN and confirm user presence for ED25519-SK key {FINGERPRINT}: "
KEY_PIN_PROMPT = "Enter PIN for ECDSA-SK key /home/alice/.ssh/id_ecdsa_sk: "
PKCS11_PROMPT = "Enter passphrase for PKCS#11: "
OTP_PROMPT = "(alice@build.example.org) Verification code: "


def build_fixture(directory):
    """The software security key, compiled for this run."""
    library = os.path.join(directory, "soft-sk.so")
    tool("cc", "-Wall", "-Wextra", "-Werror", "-shared", "-fPIC", "-o", library, FIXTURE_SOURCE,
         "-lcrypto")
    return library


def fingerprint_of(public_key):
    return tool("ssh-keygen", "-l", "-f", public_key).stdout.decode().split()[1]


class AskpassPromptTests(ClientTestCase):
    """ssh's PIN and code prompts, exactly as ssh passes them."""

    def ask(self, prompt):
        client = self.start_client([BINARY, prompt], askpass_environment())
        return client, self.next_window(client=client, pid=client.pid)

    def test_pin_then_touch_asks_for_the_pin_and_says_a_touch_follows(self):
        client, window = self.ask(PIN_AND_TOUCH_PROMPT)
        self.assertEntries(window, [("password text", "PIN")])
        self.assertLabel(window, "Enter the PIN of your security key for the ED25519-SK key "
                                 f"{FINGERPRINT}, then touch your security key.")
        answer(window, SECURITY_KEY_PIN, "PIN")
        self.assertEqual(client.finish(), (0, SECURITY_KEY_PIN.encode() + b"\n", b""))

    def test_a_key_files_pin_is_a_pin(self):
        client, window = self.ask(KEY_PIN_PROMPT)
        self.assertEntries(window, [("password text", "PIN")])
        self.assertLabel(window, "Enter the PIN of your security key for the ECDSA-SK key "
                                 "/home/alice/.ssh/id_ecdsa_sk.")
        window.key("Escape")
        self.assertEqual(client.finish(), (1, b"", b""))

    def test_the_pkcs11_passphrase_is_labelled_pin(self):
        client, window = self.ask(PKCS11_PROMPT)
        self.assertEntries(window, [("password text", "PIN")])
        answer(window, TOKEN_PIN, "PIN")
        self.assertEqual(client.finish(), (0, TOKEN_PIN.encode() + b"\n", b""))

    def test_a_verification_code_is_typed_in_clear(self):
        client, window = self.ask(OTP_PROMPT)
        self.assertEntries(window, [("text", "Verification code")])
        self.assertLabel(window, OTP_PROMPT.rstrip(": "))
        window.type_synced("123 456", "Verification code")
        self.assertEqual(window.text("Verification code"), "123 456")
        window.key("Return")
        self.assertEqual(client.finish(), (0, b"123 456\n", b""))


class SecurityKeyTests(ClientTestCase):
    """ssh-agent signing with a key on the software security key."""

    required_programs = ("ssh-agent", "ssh-add", "ssh-keygen", "cc", "openbox")

    def setUp(self):
        self.directory = self.temp_dir("sk")
        self.library = build_fixture(self.directory)
        self.touch = os.path.join(self.directory, "touched")
        self.message = os.path.join(self.directory, "message")
        with open(self.message, "w") as file:
            file.write("signed with a touch\n")

    def make_key(self, *options):
        key = os.path.join(self.directory, "id_ed25519_sk")
        tool("ssh-keygen", "-q", "-t", "ed25519-sk", "-w", self.library, "-N", "", "-C",
             "e2e@security-key", *options, "-f", key)
        return key

    def start_agent(self, **fixture_environment):
        # The agent runs the key's middleware (through ssh-sk-helper) with
        # its own environment, and asks its askpass for touches and PINs.
        self.agent = SshAgent(self, self.directory,
                              askpass_environment(LF_SK_TOUCH=self.touch, **fixture_environment),
                              options=("-P", os.path.join(self.directory, "*")))
        self.environment = askpass_environment(SSH_AUTH_SOCK=self.agent.socket)

    def add(self, key):
        adding = self.start_client(["ssh-add", "-S", self.library, key], self.environment)
        status, _, err = adding.finish()
        self.assertEqual(status, 0, err)

    def sign(self, key):
        return self.start_client(
            ["ssh-keygen", "-Y", "sign", "-n", "file", "-f", key + ".pub", self.message],
            self.environment)

    def assertSigned(self, signing, key, since):
        status, _, err = signing.finish_within(ANSWER_TIMEOUT, since=since)
        self.assertEqual(status, 0, err)
        with open(self.message, "rb") as message:
            tool("ssh-keygen", "-Y", "check-novalidate", "-n", "file", "-f", key + ".pub",
                 "-s", self.message + ".sig", input=message.read())

    def test_the_touch_notice_takes_no_focus_and_no_keyboard_and_ends_quietly(self):
        manager = WindowManager(self, self.directory)
        typing = TypingWindow(self, manager)
        key = self.make_key()
        self.start_agent()
        self.add(key)

        signing = self.sign(key)
        notice = ClientWindow.next(client=signing)
        self.addCleanup(notice.kill)
        notice.wait_until(lambda: notice.frame() is not None and notice.buttons() == ["Close"],
                          "the notice's Close button over AT-SPI")
        notice.wait_for_label(lambda text: text == "Touch your security key", "the heading")
        text = notice.wait_for_label(lambda text: "OpenSSH needs" in text, "the text")
        self.assertIn(f"the ED25519-SK key {fingerprint_of(key + '.pub')}.", text)
        self.assertEqual(notice.entries(), [])
        close = notice.widget("push button", "Close").getState()
        self.assertFalse(close.contains(pyatspi.STATE_IS_DEFAULT), "Close is the default")

        # The notice is up, and the person's window still has the keys. The
        # pause gives a wrong focus change time to show: nothing to wait for.
        time.sleep(0.5)
        self.assertEqual(manager.active_window(), typing.id, "_NET_ACTIVE_WINDOW moved")
        self.assertTrue(typing.has_input_focus(), "XGetInputFocus moved")
        self.assertTrue(typing.can_grab_keyboard(), "the notice holds the keyboard")
        self.assertTrue(notice.running() and signing.poll() is None)

        # The touch: the key signs, and ssh-agent ends the notice with SIGTERM.
        with open(self.touch, "w"):
            pass
        touched = time.monotonic()
        self.assertSigned(signing, key, touched)
        notice.wait_gone(ANSWER_TIMEOUT)
        self.assertEqual(self.agent.stderr(), b"", "stderr of the agent and its notice")
        self.assertEqual(manager.active_window(), typing.id)

    def test_pin_then_touch_through_the_agent(self):
        key = self.make_key("-O", "verify-required")
        self.start_agent(LF_SK_PIN=SECURITY_KEY_PIN)
        self.add(key)

        signing = self.sign(key)
        window = self.next_window(client=signing)
        fingerprint = fingerprint_of(key + ".pub")
        self.assertEntries(window, [("password text", "PIN")])
        self.assertLabel(window, "Enter the PIN of your security key for the ED25519-SK key "
                                 f"{fingerprint}, then touch your security key.")
        answer(window, SECURITY_KEY_PIN, "PIN")
        with open(self.touch, "w"):
            pass
        self.assertSigned(signing, key, time.monotonic())


class Pkcs11TokenTests(ClientTestCase):
    """`ssh-add -s` with a SoftHSM token holding one key."""

    required_programs = ("ssh-agent", "ssh-add", "softhsm2-util", "pkcs11-tool")

    def setUp(self):
        if not os.path.exists(SOFTHSM):
            raise AssertionError(f"{SOFTHSM} is missing (softhsm2)")
        self.directory = self.temp_dir("p11")
        tokens = os.path.join(self.directory, "tokens")
        os.mkdir(tokens)
        config = os.path.join(self.directory, "softhsm2.conf")
        with open(config, "w") as file:
            file.write(f"directories.tokendir = {tokens}\nobjectstore.backend = file\n")
        self.token_environment = base_environment(SOFTHSM2_CONF=config)
        tool("softhsm2-util", "--init-token", "--free", "--label", "login-form e2e",
             "--pin", TOKEN_PIN, "--so-pin", "87654321", env=self.token_environment)
        tool("pkcs11-tool", "--module", SOFTHSM, "--login", "--pin", TOKEN_PIN, "--keypairgen",
             "--key-type", "EC:prime256v1", "--id", "01", "--label", "e2e key",
             env=self.token_environment)
        self.agent = SshAgent(self, self.directory, askpass_environment(SOFTHSM2_CONF=config))

    def test_the_tokens_pin_adds_its_key(self):
        adding = self.start_client(
            ["ssh-add", "-s", SOFTHSM],
            askpass_environment(SSH_AUTH_SOCK=self.agent.socket, SOFTHSM2_CONF=os.environ.get(
                "SOFTHSM2_CONF", self.token_environment["SOFTHSM2_CONF"])))
        window = self.next_window(client=adding)
        self.assertEntries(window, [("password text", "PIN")])
        self.assertLabel(window, "Enter the PIN of the PKCS#11 token (a smart card or a "
                                 "software token).")
        pressed = answer(window, TOKEN_PIN, "PIN")
        status, out, err = adding.finish_within(ANSWER_TIMEOUT, since=pressed)
        self.assertEqual(status, 0, err)
        self.assertEqual(err, f"Card added: {SOFTHSM}\n".encode())
        listed_status, listed = self.agent.listed()
        self.assertEqual(listed_status, 0)
        self.assertIn("(ECDSA)", listed)
