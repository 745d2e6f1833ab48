"""The prompt when things go wrong around it: closed or broken stdout,
signals, other prompts at once, odd option values."""

import fcntl
import os
import signal
import subprocess
import unittest

import harness
from harness import Atspi, PromptTestCase, run, unique_title

# fcntl has it from Python 3.10; Linux's number.
F_GETPIPE_SZ = getattr(fcntl, "F_GETPIPE_SZ", 1032)


class OutputTests(PromptTestCase):
    def test_closed_stdout_fails_before_any_window(self):
        title = unique_title("closed-stdout")
        # A prompt that waited for a person instead would run into the timeout.
        result = subprocess.run(
            ["sh", "-c", 'exec "$0" "$1" >&-', harness.BINARY, f"--title={title}"],
            stdin=subprocess.DEVNULL, stderr=subprocess.PIPE, timeout=harness.EXIT_TIMEOUT)
        self.assertEqual(result.returncode, 3, result.stderr)
        self.assertOneLine(result.stderr)

    def test_reader_gone_before_done(self):
        """`login-form | true`: the credentials cannot be delivered."""
        read_end, write_end = os.pipe()
        try:
            prompt = self.launch(stdout=write_end)
        finally:
            os.close(write_end)
        prompt.show()
        prompt.type("abcdef\tabcdefg")
        prompt.wait_until(prompt.sensitive, "Done to become sensitive")
        os.close(read_end)  # the reader goes away
        prompt.key("Return")
        code, out, err = prompt.finish()
        self.assertEqual(code, 3, err)
        self.assertEqual(err, b"login-form: Could not write the answer: Broken pipe\n")

    def test_a_full_pipe_leaves_no_window_behind(self):
        """The reader has not read yet and the pipe is full: the write
        blocks, but the window is gone first, not frozen on the screen."""
        read_end, write_end = os.pipe()
        capacity = fcntl.fcntl(write_end, F_GETPIPE_SZ)
        os.write(write_end, b"x" * capacity)
        try:
            prompt = self.launch(stdout=write_end)
        finally:
            os.close(write_end)
        self.addCleanup(os.close, read_end)
        prompt.show()
        prompt.type("abcdef\tabcdefg")
        prompt.wait_until(prompt.sensitive, "Done to become sensitive")
        prompt.key("Return")
        harness.poll(lambda: not harness.xdotool("search", "--onlyvisible", "--name",
                                                 f"^{prompt.title}$").stdout.split(),
                     message="the window to go while the write waits")
        self.assertTrue(prompt.running(), "still waiting to write")
        received = b""
        while not received.endswith(b"abcdefg\n"):
            received += os.read(read_end, 1 << 16)
        code, _, err = prompt.finish()
        self.assertEqual((code, received[capacity:]), (0, b"abcdef\nabcdefg\n"), err)


class SignalTests(PromptTestCase):
    def interrupt_while_typing(self, signal_number):
        prompt = self.start()
        prompt.type_synced("abc", "Username")
        # Keep typing in the background and signal in the middle of it.
        typist = subprocess.Popen(
            ["xdotool", "type", "--delay", "40", "defghijklmnop"],
            stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        try:
            prompt.wait_until(lambda: prompt.length("Username") >= 5, "typing to go on")
            prompt.process.send_signal(signal_number)
            self.assertExit(prompt, 1, b"")
        finally:
            # Let it finish rather than kill it between a key press and its
            # release, which would leave the key down for the next test.
            typist.wait(timeout=10)

    def test_sigterm(self):
        self.interrupt_while_typing(signal.SIGTERM)

    def test_sigint(self):
        self.interrupt_while_typing(signal.SIGINT)

    def test_sighup(self):
        self.interrupt_while_typing(signal.SIGHUP)


class ConcurrencyTests(PromptTestCase):
    def test_two_prompts_typed_independently(self):
        first = self.start(title=unique_title("first"))
        second = self.start(title=unique_title("second"))
        self.assertNotEqual(first.pid, second.pid)

        first.focus()
        first.type_synced("first-user", "Username")
        second.focus()
        second.type_synced("second-user", "Username")
        self.assertEqual(first.text("Username"), "first-user")

        first.focus()
        first.key("Return")
        first.wait_until(lambda: first.focused_entry() == "Password", "first's Password")
        first.type_synced("first-pass", "Password")
        second.focus()
        second.key("Return")
        second.wait_until(lambda: second.focused_entry() == "Password", "second's Password")
        second.type_synced("second-pass", "Password")

        second.key("Return")
        self.assertExit(second, 0, b"second-user\nsecond-pass\n")
        self.assertTrue(first.running(), "the first prompt ended with the second")
        first.focus()
        first.key("Return")
        self.assertExit(first, 0, b"first-user\nfirst-pass\n")


class OddOptionTests(PromptTestCase):
    def assertUsageError(self, *options):
        code, out, err = run(*options)
        self.assertEqual((code, out), (2, b""), f"{options!r}: stderr {err!r}")
        self.assertOneLine(err)

    def test_invalid_utf8_title(self):
        self.assertUsageError(b"--title=e2e-bad-\xff\xfe")

    def test_invalid_utf8_text(self):
        self.assertUsageError(b"--text=caf\xe9", "--title=e2e-never-shown")

    def test_invalid_utf8_username(self):
        self.assertUsageError(b"--username=\xc3(", "--title=e2e-never-shown")

    def test_empty_separator(self):
        self.assertUsageError("--separator=", "--title=e2e-never-shown")

    def test_newline_separator_gives_two_lines(self):
        prompt = self.start("--separator=\n")
        prompt.type("abcdef\tabcdefg")
        prompt.wait_until(prompt.sensitive, "Done to become sensitive")
        prompt.key("Return")
        self.assertExit(prompt, 0, b"abcdef\nabcdefg\n")

    def test_huge_text_still_shows_the_window(self):
        # The window's timeout only catches a hang; how long a text takes
        # to show is for make bench (BENCHMARKS.md), not for a test.
        for kind, text in (("words", ("A rather long explanation. " * 4000)[:100_000]),
                           ("one word", "x" * 100_000),
                           ("lines", ("A rather long explanation.\n" * 4000)[:100_000])):
            with self.subTest(kind=kind):
                prompt = self.start(f"--text={text}")
                prompt.wait_for_focus("Username")
                # All of it reaches a screen reader: the rest of a long text
                # follows the window's first frame.
                prompt.wait_until(lambda: len(text) in self.text_lengths(prompt),
                                  f"{len(text)} characters of text",
                                  now=lambda: self.text_lengths(prompt))
                prompt.key("Escape")
                self.assertExit(prompt, 1, b"")

    @staticmethod
    def text_lengths(prompt):
        """How many characters each of the window's texts holds."""
        return [Atspi.Text.get_character_count(accessible)
                for accessible in harness.walk(prompt.app())
                if accessible.getRoleName() == "text"]


if __name__ == "__main__":
    unittest.main()
