"""mutter 43, headless, as a test bed (see beds.py): GNOME's compositor, which
speaks xdg-foreign v1 and xdg-activation v1 and has a seat with a keyboard.

mutter runs as root, inside a session bus of its own (dbus-run-session),
so that the names it owns there do not meet the test's bus, where the
clients' AT-SPI lives. Its log (and the bus's) goes to `log_path`.

    with Mutter() as mutter:
        mutter.wayland_display, mutter.runtime_dir, mutter.env(**extra), mutter.log()
        mutter.parent_window(title); mutter.start_prompt(*arguments, env_extra={})

        mutter.keyboard()                         # MutterKeyboard: type(), key()

Headless mutter has no input device of its own: its seat offers no
keyboard, and no window is focused, not even on map, until input arrives.
The bed opens a remote-desktop session on mutter's bus (what GNOME's screen
sharing uses), whose virtual keyboard types with NotifyKeyboardKeysym, and
presses Shift once, so that from then on mutter focuses as on a desktop:
new windows on map, a window that asks with a valid xdg-activation token.
mutter types only characters its keymap (us) has: an "é" is dropped.
"""

import ctypes
import os
import subprocess

from gi.repository import Gio, GLib

from beds import Compositor, require_programs
from harness import EXIT_TIMEOUT, STATE_TIMEOUT, poll

SOCKET = "lf-mutter"
REMOTE_DESKTOP = "org.gnome.Mutter.RemoteDesktop"
SESSION = REMOTE_DESKTOP + ".Session"
MODIFIERS = {"shift": 0xFFE1, "ctrl": 0xFFE3, "alt": 0xFFE9, "super": 0xFFEB}  # the left ones

_xkb = ctypes.CDLL("libxkbcommon.so.0")
_xkb.xkb_utf32_to_keysym.restype = ctypes.c_uint32
_xkb.xkb_utf32_to_keysym.argtypes = [ctypes.c_uint32]
_xkb.xkb_keysym_from_name.restype = ctypes.c_uint32
_xkb.xkb_keysym_from_name.argtypes = [ctypes.c_char_p, ctypes.c_int]


class MutterKeyboard:
    """Keys typed through a remote-desktop session on mutter's own bus. Each
    call returns once mutter has queued the key; the session (and its
    virtual keyboard) lasts as long as this connection."""

    def __init__(self, bus_address):
        self.connection = Gio.DBusConnection.new_for_address_sync(
            bus_address, Gio.DBusConnectionFlags.AUTHENTICATION_CLIENT
            | Gio.DBusConnectionFlags.MESSAGE_BUS_CONNECTION, None, None)
        self.session = None
        # mutter owns its names a moment after its socket is there.
        poll(lambda: self._call("org.freedesktop.DBus", "/org/freedesktop/DBus",
                                "org.freedesktop.DBus", "NameHasOwner",
                                GLib.Variant("(s)", (REMOTE_DESKTOP,)))[0],
             STATE_TIMEOUT, message="mutter's remote-desktop service")
        self.session = self._call(REMOTE_DESKTOP, "/org/gnome/Mutter/RemoteDesktop",
                                  REMOTE_DESKTOP, "CreateSession")[0]
        self._call(REMOTE_DESKTOP, self.session, SESSION, "Start")

    def _call(self, name, path, interface, method, arguments=None):
        result = self.connection.call_sync(name, path, interface, method, arguments, None,
                                           Gio.DBusCallFlags.NONE, int(EXIT_TIMEOUT * 1000), None)
        return result.unpack() if result is not None else ()

    def _keysym(self, keysym, pressed):
        self._call(REMOTE_DESKTOP, self.session, SESSION, "NotifyKeyboardKeysym",
                   GLib.Variant("(ub)", (keysym, pressed)))

    def _press(self, keysym, modifiers=()):
        for modifier in modifiers:
            self._keysym(modifier, True)
        self._keysym(keysym, True)
        self._keysym(keysym, False)
        for modifier in reversed(modifiers):
            self._keysym(modifier, False)

    def type(self, text):
        for character in text:
            keysym = _xkb.xkb_utf32_to_keysym(ord(character))
            if not keysym:
                raise ValueError(f"no keysym for {character!r}")
            self._press(keysym)

    def key(self, combination):
        """E.g. "Tab", "ctrl+a", "Caps_Lock"."""
        *modifiers, name = combination.split("+")
        keysym = _xkb.xkb_keysym_from_name(name.encode(), 0)
        if not keysym or any(modifier not in MODIFIERS for modifier in modifiers):
            raise ValueError(f"cannot press {combination!r}")
        self._press(keysym, [MODIFIERS[modifier] for modifier in modifiers])

    def stop(self):
        try:
            if self.session is not None:
                self._call(REMOTE_DESKTOP, self.session, SESSION, "Stop")
        finally:
            self.connection.close_sync(None)


class Mutter(Compositor):
    name = "mutter"

    def __init__(self, size="1280x800"):
        super().__init__()
        self.size = size
        self._keyboard = None

    def start(self):
        require_programs("mutter", "dbus-run-session")
        base = self.make_dirs("lf-mutter.")
        home = os.path.join(base, "home")
        os.mkdir(home, 0o700)
        # Nothing of the test's session: no display to nest in, no bus, and
        # settings in memory rather than in a dconf of the machine's.
        env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "HOME": home,
               "LANG": "C.UTF-8", "XDG_RUNTIME_DIR": self.runtime_dir,
               "XDG_CONFIG_HOME": os.path.join(home, ".config"),
               "GSETTINGS_BACKEND": "memory"}
        with open(self.log_path, "wb") as log:
            self.process = subprocess.Popen(
                ["dbus-run-session", "--", "mutter", "--headless", "--wayland", "--no-x11",
                 "--virtual-monitor", self.size, "--wayland-display", SOCKET],
                env=env, cwd=home, stdin=subprocess.DEVNULL, stdout=log,
                stderr=subprocess.STDOUT, start_new_session=True)
        self.defer(self._stop_mutter)
        self.wait_for_socket(lambda: os.path.exists(os.path.join(self.runtime_dir, SOCKET))
                             and SOCKET)
        self._keyboard = MutterKeyboard(self._bus_address())
        self._started.insert(0, self._keyboard)  # stopped after the windows
        self._keyboard.key("Shift_L")

    def keyboard(self):
        return self._keyboard

    def _bus_address(self):
        """The address of mutter's own bus, from its environment."""
        pid = poll(self._mutter_pid, message="mutter's process", now=self.log)
        with open(f"/proc/{pid}/environ", "rb") as file:
            for entry in file.read().split(b"\0"):
                if entry.startswith(b"DBUS_SESSION_BUS_ADDRESS="):
                    return entry.split(b"=", 1)[1].decode()
        raise AssertionError("mutter has no DBUS_SESSION_BUS_ADDRESS")

    def _mutter_pid(self):
        """mutter, the child of our dbus-run-session (its other child is the
        bus daemon, which it stops itself once mutter exits)."""
        pid = self.process.pid
        try:
            with open(f"/proc/{pid}/task/{pid}/children") as file:
                children = [int(child) for child in file.read().split()]
        except OSError:
            return None
        for child in children:
            try:
                with open(f"/proc/{child}/comm") as file:
                    if file.read().strip() == "mutter":
                        return child
            except OSError:
                continue
        return None

    def _stop_mutter(self):
        """dbus-run-session does not pass signals on: stop mutter, its child,
        and dbus-run-session ends the bus and exits."""
        if self.process.poll() is None:
            mutter = self._mutter_pid()
            if mutter is not None:
                os.kill(mutter, 15)
            try:
                self.process.wait(timeout=EXIT_TIMEOUT)
            except subprocess.TimeoutExpired:
                # Still ours: the session this bed started for it.
                os.killpg(self.process.pid, 9)
                self.process.wait()
