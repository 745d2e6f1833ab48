"""Hostile input and lost surroundings: a 1 MiB paste, the X server or the
Wayland compositor going away, and the secrets a process must not leak."""

import os
import shutil
import signal
import subprocess
import tempfile
import unittest

import harness
from harness import PromptTestCase, put_on_clipboard

MEBIBYTE = 1 << 20
# The entries cap what they hold at 8 code points per allowed character.
ENTRY_CAP = 256 * 8


class PasteTests(PromptTestCase):
    def test_a_mebibyte_paste_is_capped_and_judged_and_the_window_stays_usable(self):
        put_on_clipboard("x" * MEBIBYTE)
        prompt = self.start()
        for entry in ("Username", "Password"):
            prompt.key("ctrl+v")
            prompt.wait_for_length(entry, ENTRY_CAP)
            self.assertEqual(prompt.message(entry), "At most 256 characters")
            self.assertFalse(prompt.sensitive())
            # Still responsive: replace the paste by typing.
            prompt.key("ctrl+a")
            value = "abcdef" if entry == "Username" else "abcdefg"
            prompt.type(value)
            prompt.wait_for_length(entry, len(value))
            prompt.key("Tab")
        prompt.wait_until(prompt.sensitive, "Done to become sensitive")
        prompt.key("alt+d")
        self.assertExit(prompt, 0, b"abcdef\nabcdefg\n")


class LostDisplayTests(unittest.TestCase):
    def test_the_prompt_exits_when_the_x_server_goes_away(self):
        read_end, write_end = os.pipe()
        server = subprocess.Popen(
            ["Xvfb", "-displayfd", str(write_end), "-screen", "0", "800x600x24", "-nolisten", "tcp"],
            pass_fds=[write_end], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        os.close(write_end)
        self.addCleanup(lambda: server.poll() is None and server.kill())
        with os.fdopen(read_end) as numbers:
            display = ":" + numbers.readline().strip()
        env = dict(os.environ, DISPLAY=display, NO_AT_BRIDGE="1")
        title = harness.unique_title("lost-display")
        prompt = subprocess.Popen([harness.BINARY, f"--title={title}"], env=env,
                                  stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                                  stderr=subprocess.PIPE)
        self.addCleanup(lambda: prompt.poll() is None and prompt.kill())
        subprocess.run(["xdotool", "search", "--sync", "--name", f"^{title}$"], env=env,
                       capture_output=True, timeout=20, check=True)
        server.kill()
        server.wait()
        out, err = prompt.communicate(timeout=10)
        # Its own status, not Cancel's: the user did not back out.
        self.assertEqual(prompt.returncode, 6, err)
        self.assertEqual(out, b"")
        self.assertEqual(err, b"login-form: Lost the connection to the display\n")

    def test_gits_helper_says_nothing_to_git_when_the_compositor_goes_away(self):
        # Not quit=1, which would stop git as a cancel does: with nothing
        # printed, git asks its next helper or the terminal.
        runtime = tempfile.mkdtemp(prefix="lf-lost-wayland.")
        self.addCleanup(shutil.rmtree, runtime, True)
        os.chmod(runtime, 0o700)
        compositor = subprocess.Popen(
            ["weston", "--backend=headless-backend.so", "--socket=lost", "--idle-time=0"],
            env=dict(os.environ, XDG_RUNTIME_DIR=runtime), stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL)
        self.addCleanup(lambda: compositor.poll() is None and compositor.kill())
        harness.poll(lambda: os.path.exists(os.path.join(runtime, "lost")), timeout=20,
                     message="weston to listen")
        env = {key: value for key, value in os.environ.items() if key != "DISPLAY"}
        # A headless weston has no AT-SPI client to ask whether the window
        # is up: the helper's own log of the protocol says when it has
        # committed its first frame after the compositor configured it.
        env.update(XDG_RUNTIME_DIR=runtime, WAYLAND_DISPLAY="lost", GDK_BACKEND="wayland",
                   NO_AT_BRIDGE="1", WAYLAND_DEBUG="client")
        request = os.path.join(runtime, "request")
        with open(request, "wb") as file:
            file.write(b"protocol=https\nhost=example.com\n")
        log = os.path.join(runtime, "stderr")
        with open(request, "rb") as stdin, open(log, "wb") as stderr:
            helper = subprocess.Popen([harness.BINARY, "get"], env=env, stdin=stdin,
                                      stdout=subprocess.PIPE, stderr=stderr)
        self.addCleanup(lambda: helper.poll() is None and helper.kill())

        def first_frame():
            with open(log, "rb") as written:
                _, configured, after = written.read().partition(b".ack_configure(")
            return configured and b".commit()" in after
        harness.poll(lambda: first_frame() or helper.poll() is not None,
                     timeout=harness.WINDOW_TIMEOUT, message="the helper's window")
        self.assertIsNone(helper.poll(), "the helper is waiting for the person")
        compositor.kill()
        compositor.wait()
        out, _ = helper.communicate(timeout=10)
        with open(log, "rb") as written:
            err = written.read()
        self.assertEqual((helper.returncode, out), (6, b""), err[-2000:])
        self.assertIn(b"login-form: Lost the connection to the display\n", err)


class SecretTests(PromptTestCase):
    def test_core_dumps_are_off_and_the_password_is_in_no_argv_or_environment(self):
        prompt = self.start()
        prompt.type("abcdef\thunter22secret")
        prompt.wait_until(prompt.sensitive, "Done to become sensitive")
        with open(f"/proc/{prompt.pid}/limits") as limits:
            core = next(line for line in limits if line.startswith("Max core file size"))
        self.assertEqual(core.split()[4:6], ["0", "0"], core)
        for name in ("cmdline", "environ"):
            try:
                with open(f"/proc/{prompt.pid}/{name}", "rb") as exposed:
                    self.assertNotIn(b"hunter22", exposed.read(), name)
            except PermissionError:
                # Not root: a process that is not dumpable keeps its
                # environment even from the other processes of its user.
                self.assertEqual((name, os.geteuid() == 0), ("environ", False))
        prompt.key("Return")
        err = self.assertExit(prompt, 0, b"abcdef\nhunter22secret\n")
        self.assertNotIn(b"hunter22", err)

    def test_a_terminating_signal_while_typing_prints_nothing(self):
        prompt = self.start()
        prompt.type("abcdef\thunter2")
        os.kill(prompt.pid, signal.SIGTERM)
        err = self.assertExit(prompt, 1, b"")
        self.assertNotIn(b"hunter2", err)


if __name__ == "__main__":
    unittest.main()
