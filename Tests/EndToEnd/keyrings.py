"""The password manager for the end-to-end tests: a session bus of the
test's own with gnome-keyring-daemon's Secret Service on it (unlocked with a
password fed on stdin, in a private HOME and XDG_RUNTIME_DIR), secret-tool
to read and plant items, and a bus with no Secret Service or another user's.

The buses activate nothing: a name is owned only by what the test started.
"""

import os
import subprocess
import time

import harness
from clients import ClientTestCase, tool
from harness import poll

SECRETS_NAME = "org.freedesktop.secrets"
KEYRING_PASSWORD = "keyring pass"

BUS_CONFIG = """<!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN"
 "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
<busconfig>
  <type>session</type>
  <listen>unix:path={socket}</listen>
  <auth>EXTERNAL</auth>
  <policy context="default">
    <allow send_destination="*" eavesdrop="true"/>
    <allow eavesdrop="true"/>
    <allow own="*"/>
    {users}
  </policy>
</busconfig>
"""


class SessionBus:
    """A dbus-daemon of the test's own, with no service files: nothing is
    activated. `any_user` lets other local users connect (for a service run
    as another user). Stopped when the test ends."""

    def __init__(self, test, any_user=False):
        self.directory = test.temp_dir("bus")
        os.chmod(self.directory, 0o755)
        socket = os.path.join(self.directory, "bus")
        config = os.path.join(self.directory, "bus.conf")
        with open(config, "w") as file:
            file.write(BUS_CONFIG.format(
                socket=socket, users='<allow user="*"/>' if any_user else ""))
        self.address = f"unix:path={socket}"
        self.process = subprocess.Popen(
            ["dbus-daemon", f"--config-file={config}", "--nofork", "--nopidfile",
             "--syslog-only"], stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL, start_new_session=True)
        test.addCleanup(self.stop)
        poll(lambda: os.path.exists(socket) or self.process.poll() is not None, timeout=10,
             message="the session bus to listen")
        if self.process.poll() is not None:
            raise AssertionError(f"dbus-daemon exited ({self.process.returncode})")

    def has_owner(self, name):
        result = tool("dbus-send", f"--bus={self.address}", "--print-reply",
                      "--dest=org.freedesktop.DBus", "/org/freedesktop/DBus",
                      "org.freedesktop.DBus.NameHasOwner", f"string:{name}")
        return b"boolean true" in result.stdout

    def stop(self):
        if self.process.poll() is None:
            self.process.terminate()
            self.process.wait(timeout=5)


class SecretService:
    """gnome-keyring-daemon's Secret Service on a bus of the test's own,
    with its login keyring created and unlocked. `environment()` is what a
    client needs to use it; `lookup`, `search` and `store` are secret-tool's."""

    def __init__(self, test):
        self.test = test
        self.bus = SessionBus(test)
        self.directory = test.temp_dir("keyring")
        self.home = os.path.join(self.directory, "home")
        self.runtime = os.path.join(self.directory, "run")
        os.mkdir(self.home, 0o700)
        os.mkdir(self.runtime, 0o700)
        env = self.environment(base=os.environ, HOME=self.home)
        self.process = subprocess.Popen(
            ["gnome-keyring-daemon", "--foreground", "--unlock", "--components=secrets"],
            env=env, stdin=subprocess.PIPE, stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL, start_new_session=True)
        self.process.stdin.write(KEYRING_PASSWORD.encode() + b"\n")
        self.process.stdin.close()
        test.addCleanup(self.stop)
        poll(lambda: self.bus.has_owner(SECRETS_NAME) or self.process.poll() is not None,
             timeout=10, message="gnome-keyring-daemon to own org.freedesktop.secrets")
        if self.process.poll() is not None:
            raise AssertionError(f"gnome-keyring-daemon exited ({self.process.returncode})")

    def environment(self, base=None, **extra):
        """`base` (a dict) with the service's bus and runtime directory."""
        env = dict(base if base is not None else {})
        env.update(DBUS_SESSION_BUS_ADDRESS=self.bus.address, XDG_RUNTIME_DIR=self.runtime)
        env.update(extra)
        return env

    def secret_tool(self, *argv, input=None, check=True):
        return tool("secret-tool", *argv, input=input, check=check,
                    env=self.environment(base=os.environ))

    def lookup(self, **attributes):
        """The secret of the item with these attributes, or None."""
        result = self.secret_tool("lookup", *flatten(attributes), check=False)
        return result.stdout.decode() if result.returncode == 0 else None

    def store(self, label, secret, **attributes):
        self.secret_tool("store", f"--label={label}", *flatten(attributes),
                         input=secret.encode())

    def search(self, **attributes):
        """Every item with these attributes, as dicts of secret-tool's
        fields (`label`, `secret`, `schema`, `attribute.NAME`)."""
        # secret-tool writes the attributes to stderr and the rest to
        # stdout: one unbuffered stream keeps them in order.
        result = subprocess.run(
            ["stdbuf", "-o0", "-e0", "secret-tool", "search", "--all", "--unlock",
             *flatten(attributes)], env=self.environment(base=os.environ),
            stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
            timeout=30)
        items = []
        for line in result.stdout.decode().splitlines():
            if line.startswith("["):
                items.append({})
            elif " = " in line and items:
                key, value = line.split(" = ", 1)
                items[-1][key] = value
        return items

    def lock(self):
        """Locks the login keyring, as Seahorse's Lock would."""
        tool("dbus-send", f"--bus={self.bus.address}", "--print-reply",
             f"--dest={SECRETS_NAME}", "/org/freedesktop/secrets",
             "org.freedesktop.Secret.Service.Lock",
             "array:objpath:/org/freedesktop/secrets/collection/login")

    def stop(self):
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=5)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(timeout=5)


def flatten(attributes):
    """secret-tool's `name value` pairs; `xdg_schema` stands for xdg:schema."""
    words = []
    for name, value in attributes.items():
        words += [name.replace("xdg_schema", "xdg:schema"), value]
    return words


class KeyringTestCase(ClientTestCase):
    """Tests of the password manager: they need gnome-keyring and
    secret-tool besides the client's programs."""

    required_programs = ("dbus-daemon", "dbus-send", "gnome-keyring-daemon", "secret-tool")

    def assertNoWindowUntilEnd(self, client, timeout=harness.WINDOW_TIMEOUT):
        """The client ends without any login-form window mapping meanwhile;
        returns its result."""
        deadline = time.monotonic() + timeout
        while client.poll() is None:
            self.assertEqual(harness.visible_windows(), {},
                             f"a login-form window showed for {client.describe()}")
            if time.monotonic() > deadline:
                raise AssertionError(f"{client.describe()} did not end within {timeout}s")
            time.sleep(0.02)
        return client.finish()


# A Secret Service impostor: owns the name on the bus given and logs every
# method call it receives, one per line, to the file given; with a third
# argument, `mute`, it never answers them; with `hostile`, it answers each
# with an error whose message holds terminal escapes and a line break; with
# `plain`, it offers only a plain session (no properties, nothing else).
IMPOSTOR = r"""
import sys
from gi.repository import Gio, GLib
address, log = sys.argv[1], sys.argv[2]
mode = sys.argv[3] if len(sys.argv) > 3 else None
HOSTILE = "\x1b]0;PWNED-title\x07\x1b[2J\u009b31m\u2026\nsecond line"
connection = Gio.DBusConnection.new_for_address_sync(
    address, Gio.DBusConnectionFlags.AUTHENTICATION_CLIENT
    | Gio.DBusConnectionFlags.MESSAGE_BUS_CONNECTION, None, None)
def note(connection, message, incoming):
    if incoming and message.get_message_type() == Gio.DBusMessageType.METHOD_CALL:
        with open(log, "a") as file:
            file.write(f"{message.get_interface()}.{message.get_member()}\n")
        if mode == "hostile":
            connection.send_message(Gio.DBusMessage.new_method_error_literal(
                message, "org.freedesktop.DBus.Error.Failed", HOSTILE),
                Gio.DBusSendMessageFlags.NONE)
        elif mode == "plain":
            reply = Gio.DBusMessage.new_method_reply(message)
            member, body = message.get_member(), message.get_body()
            if member == "GetAll":
                reply.set_body(GLib.Variant("(a{sv})", ({},)))
            elif member == "OpenSession" and body[0] == "plain":
                reply.set_body(GLib.Variant("(vo)", (GLib.Variant("s", ""),
                                                    "/org/freedesktop/secrets/session/s1")))
            else:
                reply = Gio.DBusMessage.new_method_error_literal(
                    message, "org.freedesktop.DBus.Error.NotSupported", "not here")
            connection.send_message(reply, Gio.DBusSendMessageFlags.NONE)
        if mode:
            return None
    return message
connection.add_filter(note)
connection.call_sync("org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus",
                     "RequestName", GLib.Variant("(su)", ("org.freedesktop.secrets", 4)),
                     None, Gio.DBusCallFlags.NONE, -1, None)
print("owned", flush=True)
GLib.MainLoop().run()
"""


def start_impostor(test, bus, command=(), mode="mute"):
    """Runs the impostor (as `command`'s user, if given, which answers;
    otherwise in `mode`) on `bus` until it owns the name; returns the file
    it logs calls to."""
    directory = test.temp_dir("impostor")
    os.chmod(directory, 0o777)
    script = os.path.join(directory, "impostor.py")
    with open(script, "w") as file:
        file.write(IMPOSTOR)
    os.chmod(script, 0o644)
    log = os.path.join(directory, "calls")
    impostor = test.start_client([*command, "/usr/bin/python3", script, bus.address, log,
                                  *(() if command else (mode,))], os.environ.copy())
    test.assertEqual(impostor.process.stdout.readline(), b"owned\n")
    test.assertTrue(bus.has_owner("org.freedesktop.secrets"))
    return log
