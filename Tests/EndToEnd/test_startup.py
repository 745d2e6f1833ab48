"""The start-up window (issue 36): until the programs harden themselves, a
process of the same user may attach, undo the hardening and read what is
typed later. login-form and the quick pinentry harden before any library's
constructor runs, and refuse to ask when someone is still attached or left
them dumpable."""

import os
import shutil
import subprocess
import tempfile
import unittest

import harness
from harness import BINARY, PINENTRY

PROBE_SOURCE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "fixtures",
                            "startup-probe.c")
# What each program is asked: nothing that needs a display, and nothing
# the program could answer before its check.
ORDINARY = [BINARY, "--title=Start-up", "--password-only"]
PINENTRY_MODE = [BINARY, "--pinentry"]
QUICK_PINENTRY = [PINENTRY]
PINENTRY_INPUT = b"SETDESC Unlock the key\nGETPIN\n"


class StartUpExposureTests(unittest.TestCase):
    def setUp(self):
        folder = tempfile.mkdtemp()
        self.addCleanup(shutil.rmtree, folder, True)
        self.probe = os.path.join(folder, "startup-probe.so")
        self.undoer = os.path.join(folder, "keep-dumpable.so")
        self.report = os.path.join(folder, "report")
        for library, defines in ((self.probe, []), (self.undoer, ["-DKEEP_DUMPABLE"])):
            subprocess.run(["cc", "-Wall", "-Wextra", "-Werror", *defines, "-shared", "-fPIC",
                            "-o", library, PROBE_SOURCE], check=True)

    def run_program(self, arguments, extra_env=None, input=b""):
        env = {key: value for key, value in os.environ.items()
               if key not in ("DISPLAY", "WAYLAND_DISPLAY")}
        env.update(extra_env or {})
        return subprocess.run(arguments, input=input, capture_output=True, env=env,
                              timeout=harness.EXIT_TIMEOUT)

    def assert_refused(self, result, reason):
        self.assertEqual(result.returncode, 7, result.stderr)
        # Not a word for the agent, not even its greeting: nothing was asked.
        self.assertEqual(result.stdout, b"")
        self.assertEqual(result.stderr.decode().splitlines(), [f"login-form: {reason}"])

    def test_a_library_constructor_finds_each_program_no_longer_dumpable(self):
        for name, arguments, input in (("login-form", [BINARY, "--version"], b""),
                                       ("pinentry-login-form", QUICK_PINENTRY, b"BYE\n")):
            with self.subTest(name):
                if os.path.exists(self.report):
                    os.remove(self.report)
                result = self.run_program(arguments, input=input, extra_env={
                    "LD_PRELOAD": self.probe, "STARTUP_PROBE_FILE": self.report})
                self.assertEqual(result.returncode, 0, result.stderr)
                with open(self.report) as report:
                    self.assertEqual(report.read(), "dumpable=0\n")

    def test_started_under_a_tracer_each_program_refuses_to_ask(self):
        for name, arguments, input in (("ordinary", ORDINARY, b""),
                                       ("askpass", [BINARY, "Enter passphrase for key: "], b""),
                                       ("pinentry", PINENTRY_MODE, PINENTRY_INPUT),
                                       ("quick pinentry", QUICK_PINENTRY, PINENTRY_INPUT)):
            with self.subTest(name):
                tracer = subprocess.Popen(
                    ["strace", "-o", "/dev/null", "--", *arguments], stdin=subprocess.PIPE,
                    stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                    env={key: value for key, value in os.environ.items()
                         if key not in ("DISPLAY", "WAYLAND_DISPLAY")})
                out, err = tracer.communicate(input, timeout=harness.EXIT_TIMEOUT)
                self.assert_refused(
                    subprocess.CompletedProcess(arguments, tracer.returncode, out, err),
                    f"Not asking: process {tracer.pid} is tracing this one and could read "
                    "what is typed")

    def test_a_program_left_dumpable_refuses_to_ask(self):
        # As a process that attached while the libraries loaded, undid the
        # hardening and let go leaves it.
        for name, arguments, input in (("ordinary", ORDINARY, b""),
                                       ("pinentry", PINENTRY_MODE, PINENTRY_INPUT),
                                       ("quick pinentry", QUICK_PINENTRY, PINENTRY_INPUT)):
            with self.subTest(name):
                result = self.run_program(arguments, input=input,
                                          extra_env={"LD_PRELOAD": self.undoer})
                self.assert_refused(
                    result, "Not asking: something made this process readable by other "
                    "programs while it started")


if __name__ == "__main__":
    unittest.main()
