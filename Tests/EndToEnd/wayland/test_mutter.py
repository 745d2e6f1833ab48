"""The mutter bed (mutter_bed.py) with login-form as it is: the prompt maps
under mutter and Cancel over AT-SPI exits 1; the parent helper maps and
prints its xdg-foreign handle."""

import shutil
import unittest

import harness  # first: it pins the AT-SPI typelib's version
from mutter_bed import Mutter


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


if __name__ == "__main__":
    unittest.main()
