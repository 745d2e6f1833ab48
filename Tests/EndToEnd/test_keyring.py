"""The password manager (the "Save in password manager" box) against a
real gnome-keyring-daemon on a bus of the test's own: gpg through gpg-agent,
ssh-add, git with its Basic-auth server, interop with pinentry-gtk-2 and
git's own git-credential-libsecret, and no check box where there is no
Secret Service or another user's."""

import os
import shutil
import tempfile
import time

from clients import (ANSWER_TIMEOUT, BasicAuthServer, GitSetup, GnuPGHome, SshAgent,
                     ThrowawayUser, answer, askpass_environment, make_ssh_key, tool)
from harness import BINARY, PINENTRY
from keyrings import KeyringTestCase, SecretService, SessionBus, flatten, start_impostor

UID = "Name <n@example.org>"
KEY_PASSPHRASE = "key pass 2+2%"
SAVE = "Save in password manager"
PINENTRY_ITEM = {"xdg_schema": "org.gnupg.Passphrase", "stored-by": "GnuPG Pinentry"}


def without_display(env):
    """`env` with no display to open: an answer from the password manager
    must start no GTK."""
    return {key: value for key, value in env.items()
            if key not in ("DISPLAY", "WAYLAND_DISPLAY")}


def keygrip(gnupg):
    """The keygrip of UID's primary key."""
    listing = tool("gpg", "--batch", "--with-colons", "--with-keygrip", "--list-secret-keys",
                   UID, env=gnupg.environment()).stdout.decode().splitlines()
    return next(line.split(":")[9] for line in listing if line.startswith("grp:"))


class GnuPGKeyringTests(KeyringTestCase):
    """gpg --clearsign with a key that has a passphrase: the window's check
    box saves pinentry's item, and the next signature needs no window."""

    required_programs = KeyringTestCase.required_programs + ("gpg", "gpg-agent", "gpgconf")

    def setUp(self):
        self.keyring = SecretService(self)
        self.gnupg = GnuPGHome(self, wrapper=True)
        self.gnupg.generate_key(UID, KEY_PASSPHRASE)
        self.grip = keygrip(self.gnupg)

    def clearsign(self):
        return self.start_client(["gpg", "--batch", "--clearsign", "--local-user", "n@example.org"],
                                 self.keyring.environment(base=self.gnupg.environment()),
                                 input=b"signed text\n")

    def assertSigned(self, result):
        status, out, err = result
        self.assertEqual(status, 0, err)
        tool("gpg", "--batch", "--verify", input=out, env=self.gnupg.environment())

    def test_a_ticked_box_saves_and_the_next_signature_asks_nothing(self):
        signing = self.clearsign()
        window = self.next_window(client=signing)
        self.assertEqual(window.check_boxes(), {SAVE: False})
        window.wait_for_focus("Passphrase")
        window.type_synced(KEY_PASSPHRASE, "Passphrase")
        window.tick(SAVE)
        window.key("Return")
        self.assertSigned(signing.finish_within(ANSWER_TIMEOUT, since=time.monotonic()))
        self.assertEqual(self.keyring.lookup(keygrip=f"n/{self.grip}"), KEY_PASSPHRASE)
        items = self.keyring.search(keygrip=f"n/{self.grip}")
        self.assertEqual([(item["label"], item["schema"], item["attribute.stored-by"])
                          for item in items],
                         [(f"GnuPG: n/{self.grip}", "org.gnupg.Passphrase", "GnuPG Pinentry")])

        self.gnupg.kill_agent()  # gpg-agent's own cache goes with it
        self.assertSigned(self.assertNoWindowUntilEnd(self.clearsign()))
        self.assertEqual(self.gnupg.pinentry_starts(), 2)
        self.assertEqual(self.gnupg.pinentry_stderr(), b"")

    def test_without_ticking_nothing_is_stored(self):
        signing = self.clearsign()
        window = self.next_window(client=signing)
        pressed = answer(window, KEY_PASSPHRASE, "Passphrase")
        self.assertSigned(signing.finish_within(ANSWER_TIMEOUT, since=pressed))
        self.assertEqual(self.keyring.search(keygrip=f"n/{self.grip}"), [])

    def test_a_wrong_stored_passphrase_is_cleared_and_the_next_run_asks(self):
        self.keyring.store(f"GnuPG: n/{self.grip}", "not the passphrase",
                           keygrip=f"n/{self.grip}", **PINENTRY_ITEM)
        status, _, err = self.assertNoWindowUntilEnd(self.clearsign())
        self.assertEqual(status, 2, err)
        self.assertIn(b"gpg: signing failed: Bad passphrase\n", err)
        # One pinentry answered from the keyring, a second only cleared it.
        self.assertEqual(self.gnupg.pinentry_starts(), 2)
        self.assertIsNone(self.keyring.lookup(keygrip=f"n/{self.grip}"))

        signing = self.clearsign()
        window = self.next_window(client=signing)
        pressed = answer(window, KEY_PASSPHRASE, "Passphrase")
        self.assertSigned(signing.finish_within(ANSWER_TIMEOUT, since=pressed))


class PinentryInteropTests(KeyringTestCase):
    """pinentry-gtk-2 (Debian's, built with libsecret) and login-form find
    each other's saved passphrases: the same item, to the attribute."""

    required_programs = KeyringTestCase.required_programs + ("pinentry-gtk-2",)

    def setUp(self):
        self.keyring = SecretService(self)

    def script(self, key):
        return (b"OPTION allow-external-password-cache\n"
                + f"SETKEYINFO {key}\n".encode() + b"SETDESC Unlock the key\nGETPIN\nBYE\n")

    def pinentry(self, program, key, display=True):
        """Runs `program` with the Assuan script for `key`."""
        env = self.keyring.environment(base=os.environ)
        return self.start_client(program, env if display else without_display(env),
                                 input=self.script(key))

    def test_pinentry_gtk_2_finds_what_login_form_saved(self):
        client = self.pinentry([PINENTRY], "n/0A1B")
        window = self.next_window(client=client, pid=client.pid)
        window.wait_for_focus("PIN")
        window.type_synced("saved by login-form", "PIN")
        window.tick(SAVE)
        window.key("Return")
        status, out, err = client.finish_within(ANSWER_TIMEOUT, since=time.monotonic())
        self.assertEqual((status, err), (0, b""))
        self.assertIn(b"\nD saved by login-form\nOK\n", out)
        self.assertNotIn(b"PASSWORD_FROM_CACHE", out)

        status, out, err = self.assertNoWindowUntilEnd(self.pinentry(["pinentry-gtk-2"], "n/0A1B"))
        self.assertEqual(status, 0, err)
        self.assertIn(b"\nS PASSWORD_FROM_CACHE\nD saved by login-form\nOK\n", out)

    def test_login_form_finds_what_pinentry_saved(self):
        # pinentry-gtk-2's password_cache_save, attribute for attribute.
        self.keyring.store("GnuPG: n/2C3D", "saved by pinentry 50%", keygrip="n/2C3D",
                           **PINENTRY_ITEM)
        status, out, err = self.assertNoWindowUntilEnd(
            self.pinentry([PINENTRY], "n/2C3D", display=False))
        self.assertEqual((status, err), (0, b""))
        lines = out.decode().split("\n")
        self.assertEqual(lines[4:7], ["S PASSWORD_FROM_CACHE", "D saved by pinentry 50%25", "OK"],
                         out)
        # The same answer from pinentry-gtk-2, byte for byte after its greeting.
        status, theirs, err = self.assertNoWindowUntilEnd(
            self.pinentry(["pinentry-gtk-2"], "n/2C3D"))
        self.assertEqual(theirs.split(b"\n")[1:], out.split(b"\n")[1:])

    def test_a_card_pin_or_a_session_without_the_option_is_never_offered(self):
        for script in (b"OPTION allow-external-password-cache\nSETKEYINFO --clear\nGETPIN\nBYE\n",
                       b"SETKEYINFO n/0A1B\nGETPIN\nBYE\n"):
            with self.subTest(script=script):
                client = self.start_client([BINARY, "--pinentry"],
                                           self.keyring.environment(base=os.environ),
                                           input=script)
                window = self.next_window(client=client, pid=client.pid)
                self.assertEqual(window.check_boxes(), {})
                window.key("Escape")
                client.finish_within(ANSWER_TIMEOUT, since=time.monotonic())


class UnusableSecretTests(KeyringTestCase):
    """An item whose secret is not UTF-8 text (stored through libsecret's
    secret-tool, which keeps the bytes) is not handed to the agent: the
    pinentry asks as if nothing were stored, and says so in one line."""

    def test_a_secret_that_is_not_utf8_is_asked_for_instead(self):
        keyring = SecretService(self)
        keyring.secret_tool("store", "--label=GnuPG: n/3E4F", "keygrip", "n/3E4F",
                            *flatten(PINENTRY_ITEM), input=b"p\xffw")
        client = self.start_client([PINENTRY], keyring.environment(base=os.environ),
                                   input=GETPIN_SCRIPT.replace(b"n/0A1B", b"n/3E4F"))
        window = self.next_window(client=client, pid=client.pid)
        pressed = answer(window, "typed", "Passphrase")
        status, out, err = client.finish_within(ANSWER_TIMEOUT, since=pressed)
        self.assertEqual(status, 0, err)
        self.assertIn(b"\nD typed\nOK\n", out)
        self.assertNotIn(b"PASSWORD_FROM_CACHE", out)
        self.assertEqual(err, b"login-form: A stored password is not used: "
                              b"it is not UTF-8 text\n")


class SshKeyringTests(KeyringTestCase):
    """ssh-add through SSH_ASKPASS=login-form: gnome-keyring's item for the
    key, found by the absolute path however ssh-add named the file."""

    required_programs = KeyringTestCase.required_programs + ("ssh-agent", "ssh-add", "ssh-keygen")
    PASSPHRASE = "ssh key pass %s"

    def setUp(self):
        self.keyring = SecretService(self)
        self.directory = self.temp_dir("ssh")
        self.key = make_ssh_key(self.directory, self.PASSPHRASE)
        self.agent = SshAgent(self, self.directory, askpass_environment())
        self.unique = f"ssh-store:{self.key}"

    def ssh_add(self, *argv, cwd=None, display=True):
        env = self.keyring.environment(base=askpass_environment(SSH_AUTH_SOCK=self.agent.socket))
        return self.start_client(["ssh-add", *argv], env if display else without_display(env),
                                 cwd=cwd)

    def assertAdded(self, result):
        status, out, err = result
        self.assertEqual(status, 0, err)
        self.assertIn(b"Identity added: ", err)
        self.assertEqual(self.agent.listed()[0], 0)

    def test_a_ticked_box_once_then_ssh_add_asks_nothing(self):
        # ssh-add names the file as given, relative here; the item has the
        # absolute path, as gnome-keyring's.
        adding = self.ssh_add("key", cwd=self.directory)
        window = self.next_window(client=adding)
        self.assertLabel(window, "Passphrase for key")
        self.assertEqual(window.check_boxes(), {SAVE: False})
        window.wait_for_focus("Passphrase")
        window.type_synced(self.PASSPHRASE, "Passphrase")
        window.tick(SAVE)
        window.key("Return")
        self.assertAdded(adding.finish_within(ANSWER_TIMEOUT, since=time.monotonic()))
        items = self.keyring.search(unique=self.unique)
        self.assertEqual([(item["label"], item["schema"], item["secret"]) for item in items],
                         [("Unlock password for: e2e@login-form",
                           "org.freedesktop.Secret.Generic", self.PASSPHRASE)])

        tool("ssh-add", "-D", env=askpass_environment(SSH_AUTH_SOCK=self.agent.socket))
        self.assertEqual(self.agent.listed()[0], 1)
        self.assertAdded(self.assertNoWindowUntilEnd(self.ssh_add(self.key, display=False)))

    def test_a_key_unlocked_through_gnome_keyring_before_is_found(self):
        # gnome-keyring's ssh agent's "unlock whenever I'm logged in" item.
        self.keyring.store("Unlock password for: e2e@login-form", self.PASSPHRASE,
                           unique=self.unique, xdg_schema="org.freedesktop.Secret.Generic")
        self.assertAdded(self.assertNoWindowUntilEnd(self.ssh_add(self.key)))

    def test_a_wrong_stored_passphrase_makes_the_retry_ask_and_goes(self):
        self.keyring.store("Unlock password for: e2e@login-form", "not it",
                           unique=self.unique, xdg_schema="org.freedesktop.Secret.Generic")
        adding = self.ssh_add(self.key)
        window = self.next_window(client=adding)
        self.assertLabel(window, f"Passphrase for {self.key}")
        self.assertEqual(window.message("Passphrase"), "Wrong passphrase, try again")
        self.assertEqual(window.check_boxes(), {SAVE: False})
        pressed = answer(window, self.PASSPHRASE, "Passphrase")
        self.assertAdded(adding.finish_within(ANSWER_TIMEOUT, since=pressed))
        self.assertEqual(self.keyring.search(unique=self.unique), [])

    def test_without_ticking_nothing_is_stored(self):
        adding = self.ssh_add(self.key)
        window = self.next_window(client=adding)
        pressed = answer(window, self.PASSPHRASE, "Passphrase")
        self.assertAdded(adding.finish_within(ANSWER_TIMEOUT, since=pressed))
        self.assertEqual(self.keyring.search(unique=self.unique), [])


LIBSECRET_SOURCES = "/usr/share/doc/git/contrib/credential/libsecret"


class GitKeyringTests(KeyringTestCase):
    """git ls-remote against the Basic-auth server with the helper: the
    "Save in password manager" box, the item git-credential-libsecret keeps, and erase after
    a 401; interop with that helper built from Debian's git sources."""

    required_programs = KeyringTestCase.required_programs + ("git", "make", "gcc")
    USERNAME = "carol"
    PASSWORD = "horse battery 9%"
    helper = None

    @classmethod
    def setUpClass(cls):
        super().setUpClass()
        source = os.path.join(LIBSECRET_SOURCES, "git-credential-libsecret.c")
        if not os.path.exists(source):
            raise RuntimeError(f"{source} is missing: Debian's git package ships it")
        cls.build = tempfile.mkdtemp(prefix="lf-libsecret.", dir="/tmp")
        shutil.copytree(LIBSECRET_SOURCES, cls.build, dirs_exist_ok=True)
        tool("make", "-s", "-C", cls.build)
        cls.helper = os.path.join(cls.build, "git-credential-libsecret")

    @classmethod
    def tearDownClass(cls):
        shutil.rmtree(cls.build, ignore_errors=True)
        super().tearDownClass()

    def setUp(self):
        self.keyring = SecretService(self)
        self.git = GitSetup(self)
        served = self.temp_dir("served")
        self.expected = self.git.bare_repository(served)
        self.server = BasicAuthServer(self, served, self.USERNAME, self.PASSWORD)
        self.url = self.server.url("repo.git")

    def environment(self):
        return self.keyring.environment(base=self.git.environment())

    def ls_remote(self, helper="login-form", display=True):
        env = self.environment()
        return self.git.git("ls-remote", self.url, env=env if display else without_display(env),
                            helper=helper)

    def sign_in(self, remember):
        """Runs ls-remote, answering its window (ticking the box or not)."""
        client = self.ls_remote()
        window = self.next_window(client=client)
        self.assertEqual(window.check_boxes(), {"Save in password manager": False})
        window.type_synced(self.USERNAME, "Username")
        window.key("Tab")
        window.wait_for_focus("Password")
        window.type_synced(self.PASSWORD, "Password")
        if remember:
            window.tick("Save in password manager")
        window.key("Return")
        self.assertEqual(client.finish_within(ANSWER_TIMEOUT, since=time.monotonic()),
                         (0, self.expected, b""))

    def items(self):
        return self.keyring.search(server="127.0.0.1")

    def test_remember_then_no_window_then_erase_after_a_401(self):
        self.sign_in(remember=True)
        item, = self.items()
        self.assertEqual(
            (item["label"], item["schema"], item["secret"], item["attribute.user"],
             item["attribute.protocol"], item["attribute.port"]),
            (f"Git: http://127.0.0.1:{self.server.port}/", "org.gnome.keyring.NetworkPassword",
             self.PASSWORD,
             self.USERNAME, "http", str(self.server.port)))
        # No note is left behind in the runtime directory.
        self.assertEqual(os.listdir(os.path.join(self.keyring.runtime, "login-form")), [])

        self.assertEqual(self.assertNoWindowUntilEnd(self.ls_remote(display=False)),
                         (0, self.expected, b""))

        # The password changes on the server: 401, and git's erase takes the item.
        self.server.password = "changed"
        status, out, err = self.assertNoWindowUntilEnd(self.ls_remote())
        self.assertEqual((status, out), (128, b""), err)
        self.assertEqual(self.items(), [])
        client = self.ls_remote()
        self.next_window(client=client).key("Escape")
        client.finish()

    def test_without_remember_the_next_run_asks_again(self):
        self.sign_in(remember=False)
        self.assertEqual(self.items(), [])
        self.sign_in(remember=False)

    def test_another_programs_item_with_gits_attributes_is_left_alone(self):
        port = str(self.server.port)
        account = dict(user=self.USERNAME, protocol="http", server="127.0.0.1", port=port)
        self.keyring.store("Mail: carol", "mail pw", xdg_schema="org.example.MailClient",
                           **account)
        self.keyring.store("carol@127.0.0.1", "web pw",
                           xdg_schema="org.gnome.keyring.NetworkPassword", **account)
        before = sorted(self.items(), key=lambda item: item["label"])
        self.assertEqual([(item["label"], item["schema"], item["secret"]) for item in before],
                         [("Mail: carol", "org.example.MailClient", "mail pw"),
                          ("carol@127.0.0.1", "org.gnome.keyring.NetworkPassword", "web pw")])
        helper = os.path.join(self.git.bin, "git-credential-login-form")
        description = f"protocol=http\nhost=127.0.0.1:{port}\nusername={self.USERNAME}\n"
        # No Remember note: store saves nothing and replaces nothing.
        for action, password in (("store", "git pw"), ("erase", "mail pw"),
                                 ("erase", "web pw"), ("erase", None)):
            lines = description + (f"password={password}\n" if password else "")
            result = tool(helper, action, env=self.environment(), input=lines.encode())
            self.assertEqual((result.returncode, result.stderr), (0, b""), action)
            self.assertEqual(sorted(self.items(), key=lambda item: item["label"]), before,
                             f"{action} {password}")

    def test_git_credential_libsecret_finds_what_login_form_saved(self):
        self.sign_in(remember=True)
        fill = tool(self.helper, "get", env=self.environment(),
                    input=f"protocol=http\nhost=127.0.0.1:{self.server.port}\n".encode())
        self.assertEqual(fill.stdout,
                         f"username={self.USERNAME}\npassword={self.PASSWORD}\n".encode())

    def test_login_form_finds_what_git_credential_libsecret_saved(self):
        tool(self.helper, "store", env=self.environment(),
             input=(f"protocol=http\nhost=127.0.0.1:{self.server.port}\n"
                    f"username={self.USERNAME}\npassword={self.PASSWORD}\n").encode())
        self.assertEqual(self.assertNoWindowUntilEnd(self.ls_remote()), (0, self.expected, b""))
        # Current git's helper writes org.git.Password: found as well.
        self.keyring.secret_tool("clear", "server", "127.0.0.1")
        self.keyring.store("Git: current helper", self.PASSWORD, xdg_schema="org.git.Password",
                           user=self.USERNAME, protocol="http", server="127.0.0.1",
                           port=str(self.server.port))
        self.assertEqual(self.assertNoWindowUntilEnd(self.ls_remote()), (0, self.expected, b""))
        # And when its password changes, login-form's store replaces it.
        helper = os.path.join(self.git.bin, "git-credential-login-form")
        description = (f"protocol=http\nhost=127.0.0.1:{self.server.port}\n"
                       f"username={self.USERNAME}\n")
        tool(helper, "store", env=self.environment(),
             input=(description + "password=new\npassword_expiry_utc=1700000000\n"
                    "oauth_refresh_token=tok=en\n").encode())
        item, = self.items()
        self.assertEqual((item["schema"], item["secret"]),
                         ("org.gnome.keyring.NetworkPassword", "new"))
        # The lines git 2.41 and later send round-trip untouched.
        got = tool(helper, "get", env=self.environment(), input=description.encode())
        self.assertEqual(got.stdout, (f"username={self.USERNAME}\npassword=new\n"
                                      "password_expiry_utc=1700000000\n"
                                      "oauth_refresh_token=tok=en\n").encode())


GETPIN_SCRIPT = (b"OPTION allow-external-password-cache\nSETKEYINFO n/0A1B\n"
                 b"SETPROMPT Passphrase:\nGETPIN\nBYE\n")


class NoCheckBoxTestCase(KeyringTestCase):
    def pinentry(self, env):
        """Runs a GETPIN that the agent lets the password manager answer,
        which must ask with no check box as before; returns the stderr."""
        client = self.start_client([PINENTRY], env, input=GETPIN_SCRIPT)
        window = self.next_window(client=client, pid=client.pid)
        self.assertEqual(window.check_boxes(), {})
        pressed = answer(window, "typed", "Passphrase")
        status, out, err = client.finish_within(ANSWER_TIMEOUT, since=pressed)
        self.assertEqual(status, 0, err)
        self.assertIn(b"\nD typed\nOK\n", out)
        self.assertNotIn(b"PASSWORD_FROM_CACHE", out)
        return err


class WithoutAUsableServiceTests(NoCheckBoxTestCase):
    """No Secret Service on the bus, or a locked keyring: no check box, and
    each mode asks as it always did."""

    def test_no_secret_service_no_check_box_in_any_mode(self):
        bus = SessionBus(self)
        env = dict(os.environ, DBUS_SESSION_BUS_ADDRESS=bus.address)
        self.assertEqual(self.pinentry(env), b"")

        key = make_ssh_key(self.temp_dir("ssh"), "pw")
        client = self.start_client([BINARY, f"Enter passphrase for {key}: "],
                                   askpass_environment(DBUS_SESSION_BUS_ADDRESS=bus.address))
        window = self.next_window(client=client, pid=client.pid)
        self.assertEqual(window.check_boxes(), {})
        pressed = answer(window, "pw", "Passphrase")
        self.assertEqual(client.finish_within(ANSWER_TIMEOUT, since=pressed), (0, b"pw\n", b""))

        git = GitSetup(self)
        client = self.start_client(
            [os.path.join(git.bin, "git-credential-login-form"), "get"],
            git.environment(DBUS_SESSION_BUS_ADDRESS=bus.address),
            input=b"protocol=https\nhost=example.com\nusername=bob\n")
        window = self.next_window(client=client, pid=client.pid)
        self.assertEqual(window.check_boxes(), {})
        pressed = answer(window, "pw", "Password")
        self.assertEqual(client.finish_within(ANSWER_TIMEOUT, since=pressed),
                         (0, b"username=bob\npassword=pw\n", b""))

    def test_an_unreachable_session_bus(self):
        missing = os.path.join(self.temp_dir("bus"), "no-such-socket")
        self.assertEqual(self.pinentry(dict(os.environ,
                                            DBUS_SESSION_BUS_ADDRESS=f"unix:path={missing}")),
                         b"")

    def test_no_session_bus_at_all(self):
        # No window can be read over AT-SPI without a bus: git's store and
        # erase show none anyway, and must stay quiet.
        git = GitSetup(self)
        env = {key: value for key, value in git.environment().items()
               if key not in ("DBUS_SESSION_BUS_ADDRESS", "XDG_RUNTIME_DIR")}
        helper = os.path.join(git.bin, "git-credential-login-form")
        for action in ("store", "erase"):
            result = tool(helper, action, env=env, input=b"protocol=https\nhost=example.com\n"
                          b"username=bob\npassword=pw\n")
            self.assertEqual((result.returncode, result.stdout, result.stderr), (0, b"", b""))

    def test_a_locked_keyring_is_not_used(self):
        keyring = SecretService(self)
        keyring.store("GnuPG: n/0A1B", "stored", keygrip="n/0A1B", **PINENTRY_ITEM)
        keyring.lock()
        self.assertEqual(self.pinentry(keyring.environment(base=os.environ)), b"")


class SilentServiceTests(NoCheckBoxTestCase):
    """A Secret Service that never answers costs its 2 seconds once."""

    def test_a_service_that_never_answers_is_given_up_with_one_line(self):
        bus = SessionBus(self)
        log = start_impostor(self, bus)
        err = self.pinentry(dict(os.environ, DBUS_SESSION_BUS_ADDRESS=bus.address))
        self.assertEqual(err, b"login-form: The password manager is not used: "
                              b"no answer within 2 seconds\n")
        with open(log) as calls:
            # libsecret asks for its properties first; nothing after that.
            self.assertEqual(calls.read(), "org.freedesktop.DBus.Properties.GetAll\n")


class HostileErrorTests(NoCheckBoxTestCase):
    """A Secret Service whose error message holds terminal escapes and a
    line break: said as one line on which nothing is obeyed."""

    def test_a_service_error_with_escapes_is_said_as_one_printable_line(self):
        bus = SessionBus(self)
        start_impostor(self, bus, mode="hostile")
        err = self.pinentry(dict(os.environ, DBUS_SESSION_BUS_ADDRESS=bus.address))
        self.assertTrue(err.startswith(b"login-form: The password manager is not used: "), err)
        self.assertIn("^[]0;PWNED-title^G^[[2J<U+009B>31m\u2026 second line".encode(), err)
        self.assertEqual(err.count(b"\n"), 1, err)
        self.assertTrue(err.endswith(b"\n"), err)
        self.assertFalse(any(byte < 0x20 for byte in err[:-1]), err)
        self.assertNotIn("\u009b".encode(), err)

    def test_the_git_helpers_warning_is_one_printable_line_too(self):
        bus = SessionBus(self)
        start_impostor(self, bus, mode="hostile")
        git = GitSetup(self)
        result = tool(os.path.join(git.bin, "git-credential-login-form"), "erase",
                      env=git.environment(DBUS_SESSION_BUS_ADDRESS=bus.address),
                      input=b"protocol=https\nhost=example.com\nusername=bob\npassword=pw\n")
        self.assertEqual(result.returncode, 0, result.stderr)
        self.assertEqual(result.stderr,
                         "login-form: The password manager is not used: ^[]0;PWNED-title^G"
                         "^[[2J<U+009B>31m\u2026 second line\n".encode())


class PlainSessionTests(NoCheckBoxTestCase):
    """A Secret Service that offers only a plain session: libsecret would
    fall back to it, and each secret would sit unencrypted in GDBus's
    buffers, in ordinary memory."""

    def test_a_service_without_an_encrypted_session_is_not_used(self):
        bus = SessionBus(self)
        log = start_impostor(self, bus, mode="plain")
        err = self.pinentry(dict(os.environ, DBUS_SESSION_BUS_ADDRESS=bus.address))
        self.assertEqual(err, b"login-form: The password manager is not used: "
                              b"it offers no encrypted session\n")
        with open(log) as calls:
            called = calls.read().splitlines()
        # libsecret asked for dh, then fell back to plain; nothing was looked up.
        self.assertEqual(called.count("org.freedesktop.Secret.Service.OpenSession"), 2, called)
        self.assertLessEqual(set(called), {"org.freedesktop.DBus.Properties.GetAll",
                                           "org.freedesktop.Secret.Service.OpenSession"})


class ForeignServiceTests(NoCheckBoxTestCase):
    """A Secret Service that another user's process owns: gpg-agent passes
    the client's bus to the pinentry, and a sandboxed client may choose it."""

    needs_root = True
    required_programs = KeyringTestCase.required_programs + ("runuser", "useradd")

    def test_another_users_service_gets_no_call_and_no_check_box(self):
        user = ThrowawayUser(self)
        bus = SessionBus(self, any_user=True)
        log = start_impostor(self, bus, command=user.command())
        err = self.pinentry(dict(os.environ, DBUS_SESSION_BUS_ADDRESS=bus.address))
        self.assertEqual(err, ("login-form: The password manager is not used: it belongs to "
                               f"another user (uid {user.uid})\n").encode())
        self.assertFalse(os.path.exists(log), "the impostor was called")
