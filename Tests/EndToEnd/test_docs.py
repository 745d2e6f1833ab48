"""Every example in the man page and the README, run as written: once
filled in and submitted, once cancelled. A script example must hand on
what was typed, and must stop cleanly (no traceback, no empty variable
used as a value) when the user cancels."""

import os
import re
import shutil
import subprocess
import tempfile
import unittest

import harness
from harness import PromptTestCase, poll, xdotool, xdotool_or_fail

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

# What to type into each example's window (fields in order, Tab between
# them) and what the script then prints; None: nothing to type (a prefilled
# field). Every example is also cancelled, which must exit 1 and print no
# more than `cancelled`'s text on stderr.
EXAMPLES = {
    "lines": (["alice.b", "hunter22"], b"Signing in as alice.b\n"),
    "statuses": ([None, "hunter22"], b"Connecting as bob\n"),
    "separator": (["alice.b", "hunter:22"], b"Signing in as alice.b\n"),
    "chpasswd": (["alice_1", "newpass99", "newpass99"], b""),
    "json": (["alice.b", "hunter22"], b"Logging in as alice.b\n"),
    "password-only": (["s3cret pw"], b""),
}
CANCELLED_STDERR = {"statuses": b"Cancelled.\n"}

ROFF = {r"\-": "-", r"\e": "\\", r"\(aq": "'", r"\(dq": '"', r"\(lq": "\u201c",
        r"\(rq": "\u201d", r"\&": ""}


def man_examples():
    with open(os.path.join(ROOT, "resources", "login-form.1"), encoding="utf-8") as page:
        text = page.read()
    found = {}
    for match in re.finditer(r'^\.\\" example: (\S+)\n(?:.*\n)*?\.EX\n((?:.*\n)*?)\.EE$', text,
                             re.MULTILINE):
        body = match.group(2)
        for escape, plain in ROFF.items():
            body = body.replace(escape, plain)
        found[match.group(1)] = body
    return found


def readme_examples():
    with open(os.path.join(ROOT, "README.md"), encoding="utf-8") as readme:
        text = readme.read()
    return {name: body for name, body in re.findall(
        r"<!-- example: (\S+) -->\n```sh\n(.*?)```", text, re.DOTALL)}


class DocumentedExampleTests(PromptTestCase):
    @classmethod
    def setUpClass(cls):
        super().setUpClass()
        cls.bin = tempfile.mkdtemp(prefix="login-form-docs-")
        os.symlink(harness.BINARY, os.path.join(cls.bin, "login-form"))
        # `sudo chpasswd` must not change a real account: sudo runs its
        # arguments as they are, and chpasswd writes what it got to a file.
        with open(os.path.join(cls.bin, "sudo"), "w") as sudo:
            sudo.write('#!/bin/sh\nexec "$@"\n')
        with open(os.path.join(cls.bin, "chpasswd"), "w") as chpasswd:
            chpasswd.write('#!/bin/sh\ncat >"$CHPASSWD_OUT"\n')
        for name in ("sudo", "chpasswd"):
            os.chmod(os.path.join(cls.bin, name), 0o755)

    @classmethod
    def tearDownClass(cls):
        shutil.rmtree(cls.bin, ignore_errors=True)

    def run_example(self, script, fields, cancel):
        output = os.path.join(self.bin, "chpasswd.out")
        if os.path.exists(output):
            os.unlink(output)
        env = dict(os.environ, PATH=self.bin + os.pathsep + os.environ["PATH"], USER="bob",
                   CHPASSWD_OUT=output)
        shell = subprocess.Popen(["bash", "-c", script], env=env, stdin=subprocess.DEVNULL,
                                 stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        self.addCleanup(lambda: shell.poll() is None and shell.kill())
        window = poll(lambda: xdotool("search", "--onlyvisible", "--class", "login-form")
                      .stdout.split(), harness.WINDOW_TIMEOUT, message="the example's window")
        xdotool_or_fail("windowfocus", "--sync", window[0].decode())
        if cancel:
            xdotool_or_fail("key", "Escape")
        else:
            # Focus starts in the first field that needs typing.
            for index, text in enumerate(field for field in fields if field is not None):
                if index:
                    xdotool_or_fail("key", "Tab")
                harness.type_text(text)
            xdotool_or_fail("key", "Return")
        out, err = shell.communicate(timeout=30)
        chpasswd = None
        if os.path.exists(output):
            with open(output, "rb") as written:
                chpasswd = written.read()
        return shell.returncode, out, err, chpasswd

    def check(self, source, examples):
        self.assertEqual(sorted(examples), sorted(EXAMPLES), f"examples in {source}")
        for name, script in examples.items():
            fields, expected = EXAMPLES[name]
            with self.subTest(source=source, example=name, run="done"):
                code, out, err, chpasswd = self.run_example(script, fields, cancel=False)
                self.assertEqual((code, out), (0, expected), err)
                if name == "chpasswd":
                    self.assertEqual(chpasswd, b"alice_1:newpass99\n")
            with self.subTest(source=source, example=name, run="cancel"):
                code, out, err, chpasswd = self.run_example(script, fields, cancel=True)
                self.assertEqual((code, out, err), (1, b"", CANCELLED_STDERR.get(name, b"")))
                self.assertIsNone(chpasswd, "chpasswd ran after a cancel")

    def test_the_man_pages_examples(self):
        self.check("login-form.1", man_examples())

    def test_the_readmes_examples(self):
        self.check("README.md", readme_examples())


if __name__ == "__main__":
    unittest.main()
