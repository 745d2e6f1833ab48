"""Locked memory as an ordinary user gets it: the limit (ulimit -l) was
64 KiB on many systems and may be 0. Run as nobody, since root may lock
memory whatever its limit."""

import os
import subprocess
import unittest

import harness

NOBODY = ["setpriv", "--reuid=65534", "--regid=65534", "--clear-groups", "--inh-caps=-all"]


def as_nobody(limit, *arguments, input=b""):
    """Runs the binary as nobody with a locked-memory limit of `limit` bytes."""
    command = ["prlimit", f"--memlock={limit}:{limit}", *NOBODY, harness.BINARY, *arguments]
    result = subprocess.run(command, input=input, capture_output=True, timeout=30)
    return result.returncode, result.stdout, result.stderr


@unittest.skipUnless(os.geteuid() == 0 or harness.in_ci(), "needs root to become nobody")
class LockedMemoryLimitTests(unittest.TestCase):
    def test_with_no_lockable_memory_a_password_is_not_asked_for(self):
        for arguments in (["--password-only"], ["Enter passphrase for key: "]):
            with self.subTest(arguments=arguments):
                code, out, err = as_nobody(0, *arguments)
                self.assertEqual((code, out), (2, b""), err)
                self.assertEqual(
                    err, b"login-form: Cannot lock memory for the password: "
                         b"raise the locked-memory limit (ulimit -l)\n")

    def test_the_git_helper_works_within_64_kib(self):
        request = b"protocol=https\nhost=example.com\nusername=bob\npassword=s3cret\n"
        for action in ("store", "erase"):
            with self.subTest(action=action):
                self.assertEqual(as_nobody(65536, action, input=request), (0, b"", b""))
        code, out, err = as_nobody(65536, "get", input=b"protocol=https\nno equals sign\n")
        self.assertEqual((code, out), (2, b""))
        self.assertTrue(err.startswith(b"login-form: ") and err.count(b"\n") == 1, err)
