"""Issue 31 under mutter 43 (mutter_bed.py), GNOME's compositor: a known
handle is imported and mutter does not refuse it; an unknown one gives the
one line and a prompt that still answers; the token given is the token
sent (mutter's end in "_TIME0", like X11 startup ids); and, GNOME's way, a new prompt gets the focus
with or without one. mutter has no tree to ask, so what the client said
and heard is read from WAYLAND_DEBUG (nothing secret is typed then)."""

import re
import shutil
import unittest

import harness  # first: it pins the AT-SPI typelib's version
from harness import poll
from mutter_bed import Mutter


def own_lines(stderr):
    return [line for line in stderr.decode("utf-8", "replace").splitlines()
            if line.startswith("login-form: ")]


@unittest.skipUnless(shutil.which("mutter") or harness.in_ci(), "needs mutter (apt install mutter)")
class MutterParentAndFocusTests(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.mutter = cls.enterClassContext(Mutter())

    def parent(self, title):
        parent = self.mutter.parent_window(title)
        self.addCleanup(parent.stop)
        return parent

    def prompt(self, *arguments, **extra):
        prompt = self.mutter.start_prompt(*arguments, env_extra=extra)
        self.addCleanup(prompt.kill)
        return prompt.show()

    def test_a_known_handle_is_imported_and_not_refused(self):
        parent = self.parent("mutter-parent-known")
        prompt = self.prompt("--title=mutter-child", f"--parent=wayland:{parent.handle}",
                             WAYLAND_DEBUG="1", LOGIN_FORM_DEBUG="1")
        prompt.press("Cancel")
        code, out, err = prompt.finish()
        self.assertEqual((code, out), (1, b""))
        text = err.decode("utf-8", "replace")
        parented = re.findall(r"-> zxdg_imported_v1@(\d+)\.set_parent_of\(", text)
        self.assertEqual(len(parented), 1, "GTK made the window the handle's child")
        self.assertNotIn(f"zxdg_imported_v1@{parented[0]}.destroyed()", text)
        self.assertIn(f"login-form: debug: parent: wayland:{parent.handle} from --parent: "
                      "the compositor knows it; imported", own_lines(err))

    def test_an_unknown_handle_says_so_and_the_prompt_still_answers(self):
        prompt = self.prompt("--title=mutter-orphan", "--parent=wayland:no-such-window")
        prompt.type("Username", "alice.m")
        prompt.type("Password", ("key", "Tab"), "pw 12345")
        prompt.press("Done")
        code, out, err = prompt.finish()
        self.assertEqual((code, out), (0, b"alice.m\npw 12345\n"))
        self.assertEqual(own_lines(err), [
            "login-form: --parent: the compositor knows no window wayland:no-such-window "
            "(closed, or on another display); the prompt is shown on its own"])

    def test_the_token_given_is_the_token_sent(self):
        parent = self.parent("mutter-parent-token")
        poll(lambda: self.focused(parent.pid), message="the parent's focus")
        token = parent.token()
        self.assertRegex(token, r"_TIME\d+$", "mutter's kind of token")
        prompt = self.prompt("--title=mutter-token", XDG_ACTIVATION_TOKEN=token,
                             WAYLAND_DEBUG="1")
        poll(prompt.active, message="the prompt to have the focus")
        prompt.press("Cancel")
        code, out, err = prompt.finish()
        self.assertEqual((code, out), (1, b""))
        self.assertRegex(err.decode(), rf'-> xdg_activation_v1@\d+\.activate\("{re.escape(token)}"')

    def test_a_new_prompt_gets_the_focus_even_without_a_token(self):
        parent = self.parent("mutter-parent-none")
        poll(lambda: self.focused(parent.pid), message="the parent's focus")
        prompt = self.prompt("--title=mutter-none", LOGIN_FORM_DEBUG="1")
        poll(prompt.active, message="GNOME's new window to have the focus")
        prompt.press("Cancel")
        code, out, err = prompt.finish()
        self.assertEqual((code, out), (1, b""))
        self.assertIn("login-form: debug: focus: the compositor gave the window the focus",
                      own_lines(err))

    @staticmethod
    def focused(pid):
        app = harness.find_application(pid)
        return bool(app) and any(window.getState().contains(harness.pyatspi.STATE_ACTIVE)
                                 for window in harness.children(app))


if __name__ == "__main__":
    unittest.main()
