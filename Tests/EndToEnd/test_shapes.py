"""The password alone, a new password asked twice, and the caller's labels,
driven with real keys and read over AT-SPI."""

from harness import PromptTestCase


class ShapeTests(PromptTestCase):
    def test_password_only_asks_and_prints_the_password_alone(self):
        prompt = self.start("--password-only", "--password-min-length=1")
        self.assertIsNone(prompt.widget_now("text", "Username"))
        self.assertTrue(prompt.focused_entry_named("Password"))
        prompt.type_synced("pw 1", "Password")
        prompt.key("Return")
        self.assertExit(prompt, 0, b"pw 1\n")

    def test_password_only_json(self):
        prompt = self.start("--password-only", "--json", "--password-min-length=1")
        prompt.type_synced('a"b', "Password")
        prompt.key("Return")
        self.assertExit(prompt, 0, b'{"password":"a\\"b"}\n')

    def test_a_new_password_must_be_repeated_exactly(self):
        prompt = self.start("--new-password", "--username=alice.b")
        prompt.type_synced("correct horse", "Password")
        prompt.key("Tab")
        prompt.wait_until(lambda: prompt.focused_entry_named("Repeat"), "focus in Repeat")
        prompt.type_synced("correct hors", "Repeat")
        self.assertFalse(prompt.sensitive(), "a repeat that is only the start")
        prompt.type_synced("x", "Repeat", before=12)
        self.assertFalse(prompt.sensitive(), "a repeat that differs")
        self.assertEqual(prompt.message("Repeat"), "Does not match the password")
        prompt.key("BackSpace")
        prompt.wait_for_length("Repeat", 12)
        prompt.type_synced("e", "Repeat", before=12)
        prompt.wait_until(prompt.sensitive, "Done once they match")
        self.assertEqual(prompt.message("Repeat"), "")
        prompt.key("Return")
        self.assertExit(prompt, 0, b"alice.b\ncorrect horse\n")

    def test_the_callers_labels_name_the_fields_and_their_mnemonics_work(self):
        prompt = self.start("--username-label=_Account", "--password-label=P_IN",
                            "--password-min-length=4")
        self.assertIsNotNone(prompt.widget("text", "Account"))
        self.assertIsNotNone(prompt.widget("password text", "PIN"))
        prompt.key("alt+i")
        prompt.wait_until(lambda: prompt.focused_entry_named("PIN"), "Alt+I to focus the PIN")
        prompt.type_synced("1234", "PIN")
        prompt.key("alt+a")
        prompt.wait_until(lambda: prompt.focused_entry_named("Account"), "Alt+A to the account")
        prompt.type_synced("alice.b", "Account")
        prompt.key("Return")
        self.assertExit(prompt, 0, b"alice.b\n1234\n")
