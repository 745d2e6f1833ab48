"""A desktop around a notice: a window manager (openbox) on the test's
display, and a window of the test's own that the person is typing in, to
show that a notice takes neither the focus nor the keyboard.

The end-to-end tests otherwise run without a window manager, where no
window is focused unless a test focuses it; with one, a window that asks
for the focus gets it, so "no focus taken" means something.
"""

import os
import time
import subprocess

from Xlib import X, Xatom, display as xdisplay

from harness import poll, stop_group, xdotool


class WindowManager:
    """openbox on this display for one test, stopped when the test ends."""

    def __init__(self, test, directory):
        self.connection = xdisplay.Display()
        self.root = self.connection.screen().root
        config = os.path.join(directory, "openbox-rc.xml")
        with open(config, "w") as file:
            # openbox's defaults, but no desktop switching or menus to wait for.
            file.write("<?xml version=\"1.0\"?>\n"
                       "<openbox_config xmlns=\"http://openbox.org/3.4/rc\">"
                       "<focus><focusNew>yes</focusNew></focus></openbox_config>\n")
        self.process = subprocess.Popen(
            ["openbox", "--sm-disable", "--config-file", config],
            stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
            start_new_session=True)
        test.addCleanup(self.stop)
        check = self.connection.intern_atom("_NET_SUPPORTING_WM_CHECK")
        poll(lambda: self.process.poll() is not None
             or self.root.get_full_property(check, X.AnyPropertyType) is not None,
             timeout=10, message="openbox to manage the display")
        if self.process.poll() is not None:
            raise AssertionError(f"openbox exited ({self.process.returncode})")

    def active_window(self):
        """_NET_ACTIVE_WINDOW: the window the window manager has focused."""
        atom = self.connection.intern_atom("_NET_ACTIVE_WINDOW")
        value = self.root.get_full_property(atom, Xatom.WINDOW)
        return value.value[0] if value is not None and len(value.value) else None

    def stop(self):
        stop_group(self.process)
        self.connection.close()


class TypingWindow:
    """A plain X window of the test's own, mapped and focused by the window
    manager: where the person was typing when the notice came."""

    def __init__(self, test, manager):
        self.manager = manager
        self.connection = xdisplay.Display()
        screen = self.connection.screen()
        self.window = screen.root.create_window(
            40, 40, 300, 200, 0, screen.root_depth, X.InputOutput, X.CopyFromParent,
            background_pixel=screen.white_pixel, event_mask=X.KeyPressMask | X.FocusChangeMask)
        self.window.set_wm_name("e2e typing window")
        self.window.set_wm_hints(flags=1, input=1)  # InputHint: it takes the focus
        self.window.map()
        self.connection.sync()
        test.addCleanup(self.close)
        self.id = self.window.id
        poll(self._activated,
             timeout=10, message=f"the typing window {self.id:#x} to be focused",
             now=lambda: (manager.active_window(), self.connection.get_input_focus().focus))

    def _activated(self):
        if self.manager.active_window() == self.id and self.has_input_focus():
            return True
        # As a person's click would: openbox, while still starting, may map
        # a new window without focusing it.
        xdotool("windowactivate", str(self.id))
        time.sleep(0.1)
        return False

    def has_input_focus(self):
        """Whether XGetInputFocus names this window."""
        focus = self.connection.get_input_focus().focus
        return getattr(focus, "id", focus) == self.id

    def can_grab_keyboard(self):
        """Whether this client can grab the keyboard now (nobody else holds
        it); lets go at once."""
        status = self.window.grab_keyboard(True, X.GrabModeAsync, X.GrabModeAsync, X.CurrentTime)
        if status == X.GrabSuccess:
            self.connection.ungrab_keyboard(X.CurrentTime)
            self.connection.sync()
        return status == X.GrabSuccess

    def close(self):
        self.window.destroy()
        self.connection.close()
