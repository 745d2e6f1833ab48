"""Another process on the accessibility bus tries to learn the password from
what the window shows, not from its text: the Repeat field's message as a
prefix oracle, and a revealed password's glyph widths."""

from harness import Atspi, PromptTestCase, walk

PASSWORD = "Tr0ub4dor&3 x"
# What the oracle tries at each position: printable ASCII.
ALPHABET = [chr(code) for code in range(0x20, 0x7F)]


def says_error(prompt):
    """What the oracle reads: a field's message icon (role "redundant
    object": screen readers skip it) has a name, and an image with a size,
    only while its field is in error. The password itself has none here, so
    any such icon is the Repeat's."""
    def in_error(icon):
        size = Atspi.Image.get_image_size(icon)
        return icon.name == "Error" or (size.x > 0 and size.y > 0)
    return any(in_error(widget) for widget in walk(prompt.frame())
               if widget.getRoleName() == "redundant object")


def probe_repeat(prompt, password_length):
    """The review's script: write guesses into Repeat over AT-SPI and extend
    the guess while the message is not an error (a start of the password).
    Returns what it recovered and how many guesses it made. It stops when a
    write does not land, or when no character extends the guess."""
    repeat = prompt.entry("Repeat")
    recovered = ""
    probes = 0
    while len(recovered) <= password_length:
        extended = False
        for character in ALPHABET:
            guess = recovered + character
            probes += 1
            Atspi.EditableText.set_text_contents(repeat, guess)
            if Atspi.Text.get_character_count(repeat) != len(guess):
                return recovered, probes
            if not says_error(prompt):
                recovered, extended = guess, True
                break
        if not extended or prompt.sensitive():
            break
    Atspi.EditableText.set_text_contents(repeat, "")
    return recovered, probes


class RepeatOracleTests(PromptTestCase):
    def typed_password(self, *options):
        prompt = self.start("--password-only", "--new-password", "--password-min-length=1",
                            *options)
        prompt.type_synced(PASSWORD, "Password")
        prompt.key("Tab")
        prompt.wait_until(lambda: prompt.focused_entry_named("Repeat"), "focus in Repeat")
        return prompt

    def test_writing_guesses_into_repeat_recovers_nothing(self):
        prompt = self.typed_password()
        recovered, probes = probe_repeat(prompt, len(PASSWORD))
        print(f"\n    repeat oracle: {probes} probes, recovered {recovered!r}", end=" ")
        self.assertEqual(recovered, "")
        self.assertEqual(prompt.length("Repeat"), 0, "no guess landed in Repeat")
        self.assertFalse(prompt.sensitive())
        prompt.key("Escape")
        self.assertExit(prompt, 1, b"")

    def test_the_repeat_says_the_same_for_a_start_and_a_wrong_guess_while_typed(self):
        prompt = self.typed_password()
        prompt.type_synced("Tr0", "Repeat")
        start = (prompt.message("Repeat"), says_error(prompt))
        prompt.key("BackSpace")
        prompt.type_synced("x", "Repeat", before=2)
        wrong = (prompt.message("Repeat"), says_error(prompt))
        self.assertEqual(start, wrong)
        self.assertEqual(start, ("Does not match the password", False))
        prompt.key("Escape")
        self.assertExit(prompt, 1, b"")


class RevealedExtentsTests(PromptTestCase):
    def test_a_revealed_password_shows_only_bullet_widths(self):
        prompt = self.start("--password-only", "--password-min-length=1")
        prompt.type_synced("iiiWWWmm", "Password")
        entry = prompt.entry("Password")

        def widths():
            return [Atspi.Text.get_character_extents(entry, offset, Atspi.CoordType.WINDOW).width
                    for offset in range(8)]

        hidden = widths()
        prompt.key("ctrl+h")
        prompt.wait_until(lambda: "Hide Password" in [
            child.name for child in walk(entry)], "the password to be shown")
        revealed = widths()
        self.assertEqual(revealed, hidden)
        self.assertEqual(len(set(revealed)), 1, f"one width for every character: {revealed}")
        prompt.key("Escape")
        self.assertExit(prompt, 1, b"")

