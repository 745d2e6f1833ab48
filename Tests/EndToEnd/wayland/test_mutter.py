"""The mutter bed (mutter_bed.py) with login-form as it is: the prompt maps
under mutter and Cancel over AT-SPI exits 1; the parent helper maps and
prints its xdg-foreign handle; a new window gets the focus, as on GNOME,
and keys typed with the bed's keyboard arrive."""

import shutil
import unittest

import harness  # first: it pins the AT-SPI typelib's version
from harness import children, find_application, poll
from mutter_bed import Mutter


def active(pid):
    """Whether a window of process `pid` says over AT-SPI it has the focus."""
    app = find_application(pid)
    return bool(app) and any(window.getState().contains(harness.pyatspi.STATE_ACTIVE)
                             for window in children(app))


@unittest.skipUnless(shutil.which("mutter") or harness.in_ci(), "needs mutter (apt install mutter)")
class MutterBedTests(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.mutter = cls.enterClassContext(Mutter())

    def test_cancel_exits_1(self):
        prompt = self.mutter.start_prompt("--title=mutter-cancel")
        self.addCleanup(prompt.kill)
        prompt.show()
        prompt.fill("Username", "alice.m")
        prompt.press("Cancel")
        code, out, _ = prompt.finish()
        self.assertEqual((code, out), (1, b""))

    def test_the_parent_window_maps_and_exports_a_handle(self):
        parent = self.mutter.parent_window("parent-mutter")
        self.addCleanup(parent.stop)
        # Mutter's handles hold quotes, dollars and backslashes: the helper
        # percent-encodes them.
        self.assertRegex(parent.handle, r"^[A-Za-z0-9%._~-]+$")

    def test_the_parent_window_makes_activation_tokens(self):
        parent = self.mutter.parent_window("parent-mutter-token")
        self.addCleanup(parent.stop)
        self.assertTrue(parent.token())

    def test_a_new_window_gets_the_focus_and_a_token_moves_it(self):
        first = self.mutter.parent_window("parent-mutter-first")
        self.addCleanup(first.stop)
        poll(lambda: active(first.pid), message="the first window to have the focus")
        second = self.mutter.parent_window("parent-mutter-second")
        self.addCleanup(second.stop)
        poll(lambda: active(second.pid), message="the second window to have the focus")
        first.activate(second.token())
        poll(lambda: active(first.pid), message="the token to give the first window the focus")

    def test_keys_typed_into_login_form_arrive(self):
        prompt = self.mutter.start_prompt("--title=mutter-typing")
        self.addCleanup(prompt.kill)
        prompt.show()
        prompt.type("Username", "alice.m")
        prompt.type("Password", ("key", "Tab"), "hunter22 x")
        prompt.press("Done")
        code, out, _ = prompt.finish()
        self.assertEqual((code, out), (0, b"alice.m\nhunter22 x\n"))


if __name__ == "__main__":
    unittest.main()
