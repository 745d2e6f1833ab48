"""mutter 43, headless, as a test bed (see beds.py): GNOME's compositor, which
speaks xdg-foreign v1 and xdg-activation v1 and has a seat with a keyboard.

mutter runs as root, inside a session bus of its own (dbus-run-session),
so that the names it owns there do not meet the test's bus, where the
clients' AT-SPI lives. Its log (and the bus's) goes to `log_path`.

    with Mutter() as mutter:
        mutter.wayland_display, mutter.runtime_dir, mutter.env(**extra), mutter.log()
        mutter.parent_window(title); mutter.start_prompt(*arguments, env_extra={})

There is no keyboard to type with here (mutter's virtual input is a D-Bus
remote-desktop session): fill clear-text entries over AT-SPI.
"""

import os
import subprocess

from beds import Compositor, require_programs
from harness import EXIT_TIMEOUT

SOCKET = "lf-mutter"


class Mutter(Compositor):
    name = "mutter"

    def __init__(self, size="1280x800"):
        super().__init__()
        self.size = size

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
