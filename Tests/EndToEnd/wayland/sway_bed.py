"""sway 1.7, headless, as a test bed for parenting and focus (see beds.py).

sway refuses to run as root, so the bed makes a throwaway system user
(lf-sway-XXXXXX, no login shell, its home in the bed's directory), gives it
the runtime directory, starts sway as that user with runuser, and deletes
the user when the bed stops. The tests and login-form stay root and connect
to the user's socket, which root may.

    with Sway() as sway:
        sway.wayland_display, sway.runtime_dir, sway.env(**extra)
        sway.swaymsg("[pid=1234]", "focus")      # parsed JSON; fails on failure
        sway.tree(); sway.find_node(app_id=..., pid=..., title=...)
        sway.focused_node(); sway.is_floating(node)
        sway.node_of(pid); sway.wait_for_focus(pid)  # waiting for sway
        sway.keyboard()                           # VirtualKeyboard, held open
        sway.parent_window(title); sway.start_prompt(*arguments, env_extra={})

The config focuses a window that asks with a valid xdg-activation token
(focus_on_window_activation focus) and gives a new login-form window no
focus of its own (no_focus [app_id=LOGIN_FORM_APP_ID]): what a strict compositor
does, where only a token can give the prompt the keyboard.
"""

import glob
import json
import os
import secrets
import shutil
import subprocess

from beds import Compositor, VirtualKeyboard, require_programs, unavailable
from harness import EXIT_TIMEOUT, WINDOW_TIMEOUT, poll

# login-form's Wayland app id: its GtkApplication id (the Makefile's APP_ID),
# not its program name, as a run under sway shows.
LOGIN_FORM_APP_ID = "io.github.loginform.LoginForm"

CONFIG = f"""\
# login-form's test bed (Tests/EndToEnd/wayland/sway_bed.py)
xwayland disable
output HEADLESS-1 resolution 1280x800
focus_on_window_activation focus
no_focus [app_id="^{LOGIN_FORM_APP_ID.replace('.', '[.]')}$"]
"""


class Sway(Compositor):
    name = "sway"

    def __init__(self, config=CONFIG):
        super().__init__()
        self.config = config
        self.user = None
        self.swaysock = None
        self._keyboard = None

    def start(self):
        if os.geteuid() != 0:
            unavailable("needs root: sway runs as a throwaway user the bed creates")
        require_programs("sway", "swaymsg", "runuser", "useradd", "userdel")
        base = self.make_dirs("lf-sway.")
        os.chmod(base, 0o711)  # the user reaches its runtime dir and the config
        home = os.path.join(base, "home")
        self.user = f"lf-sway-{secrets.token_hex(3)}"
        subprocess.run(["useradd", "--system", "--no-create-home", "--user-group",
                        "--home-dir", home, "--shell", "/usr/sbin/nologin", self.user],
                       check=True, capture_output=True, timeout=EXIT_TIMEOUT)
        self.defer(self._delete_user)
        os.mkdir(home, 0o700)
        for path in (home, self.runtime_dir):
            shutil.chown(path, self.user, self.user)
        config = os.path.join(base, "config")
        with open(config, "w") as file:
            file.write(self.config)
        os.chmod(config, 0o644)
        env = {"PATH": "/usr/sbin:/usr/bin:/sbin:/bin", "HOME": home, "LANG": "C.UTF-8",
               "XDG_RUNTIME_DIR": self.runtime_dir, "WLR_BACKENDS": "headless",
               "WLR_LIBINPUT_NO_DEVICES": "1", "WLR_RENDERER": "pixman"}
        with open(self.log_path, "wb") as log:
            self.process = subprocess.Popen(
                # -d: wlroots says at debug level which activation requests it
                # rejects, the one sign a refused token leaves.
                ["runuser", "-u", self.user, "--", "sway", "-d", "-c", config], env=env, cwd=home,
                stdin=subprocess.DEVNULL, stdout=log, stderr=subprocess.STDOUT,
                start_new_session=True)
        self.defer(self._stop_sway)
        self.wait_for_socket(self._find_socket)
        self.swaysock = self._find_ipc_socket()
        # The seat has a keyboard before any window maps, and keeps it.
        self.keyboard()

    def _find_socket(self):
        names = [os.path.basename(path)
                 for path in glob.glob(os.path.join(self.runtime_dir, "wayland-*"))
                 if not path.endswith(".lock")]
        return names[0] if names else None

    def _find_ipc_socket(self):
        return poll(lambda: glob.glob(os.path.join(self.runtime_dir, "sway-ipc.*.sock")),
                    message="sway's IPC socket", now=self.log)[0]

    def _stop_sway(self):
        """runuser passes the signal to sway and waits for it."""
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=EXIT_TIMEOUT)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()

    def _delete_user(self):
        subprocess.run(["userdel", self.user], check=True, capture_output=True,
                       timeout=EXIT_TIMEOUT)

    # IPC ------------------------------------------------------------------

    def swaymsg(self, *arguments):
        """swaymsg's answer, parsed. A command (no -t) fails the test unless
        sway says it succeeded."""
        result = subprocess.run(["swaymsg", "-s", self.swaysock, "-r", *arguments],
                                capture_output=True, text=True, timeout=EXIT_TIMEOUT)
        try:
            answer = json.loads(result.stdout)
        except json.JSONDecodeError:
            raise AssertionError(f"swaymsg {arguments}: {result.stdout!r} {result.stderr!r}") from None
        if "-t" not in arguments and isinstance(answer, list):
            failed = [reply for reply in answer if not reply.get("success")]
            if failed:
                raise AssertionError(f"swaymsg {arguments}: {failed}")
        return answer

    def tree(self):
        return self.swaymsg("-t", "get_tree")

    @staticmethod
    def _nodes(node):
        yield node
        for child in node.get("nodes", []) + node.get("floating_nodes", []):
            yield from Sway._nodes(child)

    def nodes(self):
        """Every node of the tree, tiled and floating."""
        return list(self._nodes(self.tree()))

    def find_node(self, app_id=None, pid=None, title=None):
        """The first window (a node with a pid) that matches all that is
        given, or None."""
        for node in self.nodes():
            if node.get("pid") is None:
                continue
            if app_id is not None and node.get("app_id") != app_id:
                continue
            if pid is not None and node.get("pid") != pid:
                continue
            if title is not None and node.get("name") != title:
                continue
            return node
        return None

    def focused_node(self):
        return next((node for node in self.nodes() if node.get("focused")), None)

    def node_of(self, pid):
        """The window of process `pid`, once sway has it."""
        return poll(lambda: self.find_node(pid=pid), WINDOW_TIMEOUT,
                    message=f"a sway window of pid {pid}", now=self.nodes)

    def wait_for_focus(self, pid):
        """Waits until sway focuses the window of process `pid`."""
        poll(lambda: (self.focused_node() or {}).get("pid") == pid,
             message=f"sway to focus pid {pid}", now=self.focused_node)

    def is_floating(self, node):
        """Whether `node` is among a workspace's floating nodes (where a
        dialog parented with xdg-foreign goes), however deep."""
        floating = set()
        for workspace in self.nodes():
            if workspace.get("type") == "workspace":
                for top in workspace.get("floating_nodes", []):
                    floating.update(child["id"] for child in self._nodes(top))
        return node["id"] in floating

    # Input ----------------------------------------------------------------

    def keyboard(self):
        """The bed's virtual keyboard, connected when the bed starts and held
        open until it stops (headless sway has no other)."""
        if self._keyboard is None:
            keyboard = VirtualKeyboard(self)
            self._started.insert(0, keyboard)  # stopped after the windows
            keyboard.expect("ready")
            self._keyboard = keyboard
        return self._keyboard
