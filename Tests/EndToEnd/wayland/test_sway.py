"""The sway bed (sway_bed.py) with login-form as it is: the parent helper
maps, exports itself and makes tokens; a new login-form gets no focus of its
own (no_focus) while the parent keeps it; the bed's keyboard types into a
login-form that sway was told to focus. The parenting and activation tests
proper build on these."""

import os
import shutil
import unittest

import harness  # first: it pins the AT-SPI typelib's version
from gi.repository import Atspi
from sway_bed import LOGIN_FORM_APP_ID, Sway


@unittest.skipUnless(os.geteuid() == 0 or harness.in_ci(),
                     "needs root: sway runs as a throwaway user the bed creates")
@unittest.skipUnless(shutil.which("sway") or harness.in_ci(), "needs sway (apt install sway)")
class SwayBedTests(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.sway = cls.enterClassContext(Sway())

    def parent(self, title):
        window = self.sway.parent_window(title)
        self.addCleanup(window.stop)
        return window

    def prompt(self, *arguments, **options):
        prompt = self.sway.start_prompt(*arguments, **options)
        self.addCleanup(prompt.kill)
        return prompt

    def test_the_parent_window_maps_and_exports_a_handle(self):
        parent = self.parent("parent-handle")
        self.assertRegex(parent.handle, r"^[A-Za-z0-9%._~-]+$")
        node = self.sway.node_of(parent.pid)
        self.assertEqual((node["app_id"], node["name"]), ("lf-test-parent", "parent-handle"))

    def test_the_parent_window_makes_activation_tokens(self):
        parent = self.parent("parent-token")
        self.sway.wait_for_focus(parent.pid)
        first, second = parent.token(), parent.token()
        self.assertTrue(first)
        self.assertNotEqual(first, second)

    def test_a_new_login_form_does_not_take_the_focus_from_its_parent(self):
        parent = self.parent("parent-nofocus")
        self.sway.wait_for_focus(parent.pid)
        prompt = self.prompt("--title=sway-nofocus").show()
        node = self.sway.node_of(prompt.pid)
        self.assertEqual(node["app_id"], LOGIN_FORM_APP_ID)
        self.assertFalse(self.sway.is_floating(node))  # no parent given: tiled
        self.assertEqual(self.sway.focused_node()["pid"], parent.pid)
        self.assertFalse(prompt.active())
        prompt.press("Cancel")
        self.assertEqual(prompt.finish()[:2], (1, b""))

    def test_keys_typed_into_a_focused_login_form_arrive(self):
        prompt = self.prompt("--title=sway-typing").show()
        self.sway.node_of(prompt.pid)
        self.sway.swaymsg(f"[pid={prompt.pid}]", "focus")
        self.sway.wait_for_focus(prompt.pid)
        prompt.type("Username", "alice.é")
        prompt.type("Password", ("key", "Tab"), "hunter22 x")
        prompt.press("Done")
        code, out, _ = prompt.finish()
        self.assertEqual((code, out), (0, "alice.é\nhunter22 x\n".encode()))

    def test_the_keyboard_locks_caps_and_holds_modifiers(self):
        """Caps_Lock locks (wtype's does not); ctrl+a selects all."""
        prompt = self.prompt("--title=sway-keys").show()
        self.sway.node_of(prompt.pid)
        self.sway.swaymsg(f"[pid={prompt.pid}]", "focus")
        self.sway.wait_for_focus(prompt.pid)
        prompt.type("Username", ("key", "Caps_Lock"), "abc")
        self.assertEqual(Atspi.Text.get_text(prompt.entry("Username"), 0, -1), "ABC")
        prompt.type("Username", ("key", "Caps_Lock"), ("key", "ctrl+a"), "d")
        self.assertEqual(Atspi.Text.get_text(prompt.entry("Username"), 0, -1), "d")
        prompt.press("Cancel")
        self.assertEqual(prompt.finish()[:2], (1, b""))

    def test_a_token_of_the_focused_window_moves_the_focus(self):
        """What the activation tests rely on: a token made by the focused
        window, used by another mapped window, gives that one the focus."""
        first = self.parent("parent-first")
        self.sway.wait_for_focus(first.pid)
        second = self.parent("parent-second")
        self.sway.wait_for_focus(second.pid)
        first.activate(second.token())
        self.sway.wait_for_focus(first.pid)

    def test_a_token_with_the_serial_of_an_unfocused_window_activates_nothing(self):
        """sway 1.7 (wlroots 0.15) checks a token request's serial and focus;
        activate() returns after sway handled the request, so the focus
        read afterwards is final."""
        first = self.parent("parent-stale")
        self.sway.wait_for_focus(first.pid)
        second = self.parent("parent-current")
        self.sway.wait_for_focus(second.pid)
        second.activate(first.token())
        first.activate(first.token())
        self.assertEqual(self.sway.focused_node()["pid"], second.pid)

    def test_a_bare_token_activates_whoever_asked_for_it(self):
        """...but one asked for with no serial and no surface, it honours from
        anyone: a bed can hand login-form a token without focusing first."""
        first = self.parent("parent-bare")
        self.sway.wait_for_focus(first.pid)
        second = self.parent("parent-other")
        self.sway.wait_for_focus(second.pid)
        first.activate(first.token(bare=True))
        self.sway.wait_for_focus(first.pid)


if __name__ == "__main__":
    unittest.main()
