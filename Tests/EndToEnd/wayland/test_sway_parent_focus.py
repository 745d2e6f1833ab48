"""Issue 31 under sway 1.7 (sway_bed.py): a prompt given a window's handle
floats over that window as its child; an unknown handle says so in one line
and the prompt still works; with `no_focus` for login-form, as strict
compositors behave, the prompt has the keyboard with a fresh activation
token and not without one, nor with a bogus one; and a pinentry that a real
gpg-agent starts with KDE's PINENTRY_GEOM_HINT is parented."""

import os
import shutil
import subprocess
import tempfile
import unittest

import harness  # first: it pins the AT-SPI typelib's version
from harness import PINENTRY, WINDOW_TIMEOUT, children, find_application, poll, walk
from sway_bed import LOGIN_FORM_APP_ID, Sway

DEBUG = {"LOGIN_FORM_DEBUG": "1"}


def own_lines(stderr):
    """login-form's own lines, without the session bus's chatter."""
    return [line for line in stderr.decode("utf-8", "replace").splitlines()
            if line.startswith("login-form: ")]


def focused_secret(pid):
    """Whether a window of `pid` has the keyboard in a secret entry."""
    app = find_application(pid)
    return bool(app) and any(
        widget.getRoleName() == "password text"
        and widget.getState().contains(harness.pyatspi.STATE_FOCUSED)
        and frame.getState().contains(harness.pyatspi.STATE_ACTIVE)
        for frame in children(app) for widget in walk(frame))


@unittest.skipUnless(os.geteuid() == 0 or harness.in_ci(),
                     "needs root: sway runs as a throwaway user the bed creates")
@unittest.skipUnless(shutil.which("sway") or harness.in_ci(), "needs sway (apt install sway)")
class SwayParentAndFocusTests(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.sway = cls.enterClassContext(Sway())

    def focused_parent(self, title):
        """A parent window that has the focus, as the window that asks has."""
        parent = self.sway.parent_window(title)
        self.addCleanup(parent.stop)
        self.sway.wait_for_focus(parent.pid)
        return parent

    def prompt(self, *arguments, **options):
        prompt = self.sway.start_prompt(*arguments, **options)
        self.addCleanup(prompt.kill)
        return prompt.show()

    def test_a_known_handle_makes_the_prompt_float_over_its_parent(self):
        parent = self.focused_parent("parent-known")
        prompt = self.prompt("--title=sway-child", f"--parent=wayland:{parent.handle}",
                             env_extra=DEBUG)
        node = self.sway.node_of(prompt.pid)
        self.assertTrue(self.sway.is_floating(node), "a child dialog floats in sway")
        self.assertFalse(self.sway.is_floating(self.sway.node_of(parent.pid)))
        prompt.press("Cancel")
        code, out, err = prompt.finish()
        self.assertEqual((code, out), (1, b""))
        self.assertIn(f"login-form: debug: parent: wayland:{parent.handle} from --parent: "
                      "the compositor knows it; imported", own_lines(err))

    def test_an_unknown_handle_says_so_and_the_prompt_still_answers(self):
        prompt = self.prompt("--title=sway-orphan", "--parent=wayland:no-such-window")
        node = self.sway.node_of(prompt.pid)
        self.assertFalse(self.sway.is_floating(node), "not anyone's child: tiled")
        self.sway.swaymsg(f"[pid={prompt.pid}]", "focus")
        self.sway.wait_for_focus(prompt.pid)
        prompt.type("Username", "alice.s")
        prompt.type("Password", ("key", "Tab"), "pw 12345")
        prompt.press("Done")
        code, out, err = prompt.finish()
        self.assertEqual((code, out), (0, b"alice.s\npw 12345\n"))
        self.assertEqual(own_lines(err), [
            "login-form: --parent: the compositor knows no window wayland:no-such-window "
            "(closed, or on another display); the prompt is shown on its own"])

    def test_the_environment_parents_an_askpass_prompt(self):
        parent = self.focused_parent("parent-askpass")
        prompt = self.prompt("Enter passphrase for /home/alice/.ssh/id_ed25519: ",
                             env_extra={"LOGIN_FORM_PARENT": f"wayland:{parent.handle}"})
        self.assertTrue(self.sway.is_floating(self.sway.node_of(prompt.pid)))
        prompt.press("Cancel")
        self.assertEqual(prompt.finish()[:2], (1, b""))

    def test_a_fresh_token_gives_the_prompt_the_keyboard(self):
        for variable in ("XDG_ACTIVATION_TOKEN", "DESKTOP_STARTUP_ID"):
            with self.subTest(variable=variable):
                parent = self.focused_parent(f"parent-{variable}")
                prompt = self.prompt(f"--title=sway-{variable}",
                                     env_extra={variable: parent.token(), **DEBUG})
                self.sway.wait_for_focus(prompt.pid)
                # No focus command: the keys reach the prompt because the
                # token gave it the keyboard.
                prompt.type("Username", "alice.t")
                prompt.type("Password", ("key", "Tab"), "typed here")
                prompt.press("Done")
                code, out, err = prompt.finish()
                self.assertEqual((code, out), (0, b"alice.t\ntyped here\n"))
                self.assertIn(f"login-form: debug: activation: the token from {variable} "
                              "sent after the window's first frame", own_lines(err))
                self.assertIn("login-form: debug: focus: the compositor gave the window "
                              "the focus", own_lines(err))

    def rejected_activations(self):
        return self.sway.log().count("Rejecting activate request")

    def test_without_a_token_or_with_a_bogus_one_the_parent_keeps_the_keyboard(self):
        # GTK asks to be activated as a window shows, with a token it asks
        # for itself, which sway refuses to a window without the keyboard;
        # a bogus token is a second refusal. Once sway has refused them all,
        # nothing else can move the focus.
        for name, extra, refusals in (
                ("none", {}, 1), ("bogus", {"XDG_ACTIVATION_TOKEN": "bogus-token"}, 2)):
            with self.subTest(token=name):
                parent = self.focused_parent(f"parent-{name}")
                before = self.rejected_activations()
                prompt = self.prompt(f"--title=sway-{name}", env_extra=extra)
                self.sway.node_of(prompt.pid)
                poll(lambda: self.rejected_activations() >= before + refusals,
                     message=f"sway to refuse {refusals} activation(s)",
                     now=self.rejected_activations)
                self.assertEqual(self.sway.focused_node()["pid"], parent.pid)
                self.assertFalse(prompt.active())
                prompt.press("Cancel")
                self.assertEqual(prompt.finish()[:2], (1, b""))

    def test_a_pinentry_under_gpg_agent_belongs_to_kdes_window(self):
        parent = self.focused_parent("parent-kleopatra")
        home = tempfile.mkdtemp(prefix="lf-gnupg-")
        self.addCleanup(shutil.rmtree, home, ignore_errors=True)
        os.chmod(home, 0o700)
        with open(os.path.join(home, "gpg-agent.conf"), "w") as conf:
            conf.write(f"pinentry-program {PINENTRY}\n")
        # Debian 12's gpg-agent (2.2.40) does not pass PINENTRY_GEOM_HINT on
        # from its client; the pinentry inherits the agent's environment,
        # which has it when the agent starts in Kleopatra's session.
        env = self.sway.env(GNUPGHOME=home, PINENTRY_GEOM_HINT=parent.handle,
                            LOGIN_FORM_GRAB="0")
        self.addCleanup(subprocess.run, ["gpgconf", "--kill", "gpg-agent"], env=env,
                        check=False, timeout=30)
        client = subprocess.Popen(
            ["gpg-connect-agent", "GET_PASSPHRASE --data --repeat=0 lf-test X Passphrase "
             "Unlock+the+test+key", "/bye"], env=env, stdin=subprocess.DEVNULL,
            stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        self.addCleanup(lambda: client.poll() is None and client.kill())
        node = poll(lambda: self.sway.find_node(app_id=LOGIN_FORM_APP_ID), WINDOW_TIMEOUT,
                    message="the pinentry's window", now=self.sway.nodes)
        self.assertTrue(self.sway.is_floating(node), "the pinentry floats over Kleopatra")
        self.sway.swaymsg(f"[pid={node['pid']}]", "focus")
        self.sway.wait_for_focus(node["pid"])
        poll(lambda: focused_secret(node["pid"]), WINDOW_TIMEOUT,
             message="the pinentry's passphrase entry to have the keyboard")
        keyboard = self.sway.keyboard()
        keyboard.type("kde pass")
        keyboard.key("Return")
        out, err = client.communicate(timeout=WINDOW_TIMEOUT)
        self.assertEqual(out.decode().splitlines()[0], "D kde pass", err)


if __name__ == "__main__":
    unittest.main()
