"""The prompt as assistive technology sees it: names, roles, states,
relations and descriptions read over AT-SPI, the keyboard alone, the
password's secrecy, the peek and Caps Lock aids, German, and odd display
settings."""

import ctypes
import os
import unittest
import warnings

import harness
from harness import (Atspi, PromptTestCase, children, click_at, poll, pyatspi, walk,
                     xdotool_or_fail)

PASSWORD = "hunter22secret"

# Roles a person can operate; each of these must carry a name.
INTERACTIVE_ROLES = {"push button", "toggle button", "check box", "radio button", "text",
                     "password text", "entry", "combo box", "menu item", "link",
                     "spin button", "slider", "icon"}


# ------------------------------------------------------------ helpers ----

def has(accessible, state):
    return accessible.getState().contains(state)


def focused(prompt):
    """(role, name) of every accessible of the prompt that has the focus,
    the window itself aside."""
    return [(accessible.getRoleName(), accessible.name) for accessible in walk(prompt.app())
            if accessible.getRoleName() not in harness.TOP_LEVEL_ROLES
            and has(accessible, pyatspi.STATE_FOCUSED)]


def wait_for(predicate, what, now, timeout=harness.STATE_TIMEOUT):
    """poll(), whose failure also says what `now()` returns at the deadline."""
    return poll(predicate, timeout, message=f"timed out waiting for {what}", now=now)


def wait_for_focus(prompt, role, name):
    wait_for(lambda: focused(prompt) == [(role, name)], f"focus on the {role} {name!r}",
             lambda: focused(prompt))


def icons(entry):
    """Names of the entry's icon children, in order."""
    return [child.name for child in children(entry) if child.getRoleName() == "icon"]


def icon(entry, name):
    for child in children(entry):
        if child.getRoleName() == "icon" and child.name == name:
            return child
    return None


def labelled_by(accessible):
    """(role, name) of every target of the accessible's labelled-by relations."""
    targets = []
    for relation in accessible.getRelationSet():
        if relation.getRelationType() == pyatspi.RELATION_LABELLED_BY:
            for index in range(relation.getNTargets()):
                target = relation.getTarget(index)
                targets.append((target.getRoleName(), target.name))
    return targets


def all_text(accessible):
    """The accessible's whole text through its Text interface (what
    pyatspi's queryText().getText(0, -1) returns), or None without one.
    Atspi's own calls: pyatspi's query*() warn that they are deprecated."""
    if "Text" not in Atspi.Accessible.get_interfaces(accessible):
        return None
    return Atspi.Text.get_text(accessible, 0, -1)


def action_names(accessible):
    if "Action" not in Atspi.Accessible.get_interfaces(accessible):
        return []
    with warnings.catch_warnings():  # get_action_name is deprecated, and the only one
        warnings.simplefilter("ignore", DeprecationWarning)
        return [Atspi.Action.get_action_name(accessible, index)
                for index in range(Atspi.Action.get_n_actions(accessible))]


def do_action(accessible, index=0):
    """pyatspi's queryAction().doAction(index)."""
    return Atspi.Action.do_action(accessible, index)


def substrings(text, shortest=3):
    return {text[start:start + length]
            for length in range(shortest, len(text) + 1)
            for start in range(len(text) - length + 1)}


def window_name(window_id):
    return xdotool_or_fail("getwindowname", str(window_id)).stdout.decode("utf-8", "replace").rstrip("\n")


def raw_key(*keys):
    """Presses keys without xdotool's --clearmodifiers, which would undo a
    Caps Lock press (it turns Caps Lock off around the key and back after)."""
    xdotool_or_fail("key", *keys)


def caps_lock_is_on():
    """Whether the X server's Lock modifier is set (XQueryPointer's mask)."""
    x11 = harness.libx11()
    display = x11.XOpenDisplay(None)
    if not display:
        raise RuntimeError("XOpenDisplay failed")
    try:
        root, child = ctypes.c_ulong(), ctypes.c_ulong()
        ints = [ctypes.c_int() for _ in range(4)]
        mask = ctypes.c_uint()
        x11.XQueryPointer(display, x11.XDefaultRootWindow(display), ctypes.byref(root),
                           ctypes.byref(child), *map(ctypes.byref, ints), ctypes.byref(mask))
        return bool(mask.value & 2)  # LockMask
    finally:
        x11.XCloseDisplay(display)


def caps_lock_off():
    """Turns Caps Lock off if it is on: the next test shares the X server."""
    if caps_lock_is_on():
        raw_key("Caps_Lock")
        poll(lambda: not caps_lock_is_on(), message="Caps Lock to go off")


def german_environment():
    env = {key: value for key, value in os.environ.items()
           if key not in ("LC_ALL", "LC_MESSAGES", "LANGUAGE", "LANG")}
    env.update(LANG="C.UTF-8", LANGUAGE="de")
    return env


def screen_size():
    width, height = xdotool_or_fail("getdisplaygeometry").stdout.split()
    return int(width), int(height)


def frames(prompt):
    """Names of the prompt's top-level windows as AT-SPI has them."""
    return [child.name for child in children(prompt.app())
            if child.getRoleName() in harness.TOP_LEVEL_ROLES]


def extents(accessible):
    return Atspi.Component.get_extents(accessible, Atspi.CoordType.SCREEN)


# -------------------------------------------------------------- tests ----

class NameAndRoleTests(PromptTestCase):
    def test_every_interactive_widget_has_a_name_and_a_role(self):
        prompt = self.start()
        app = prompt.app()
        unnamed = []
        seen = []
        for accessible in walk(app):
            role = accessible.getRoleName()
            interactive = (role in INTERACTIVE_ROLES
                           or has(accessible, pyatspi.STATE_FOCUSABLE))
            if not interactive:
                continue
            seen.append((role, accessible.name))
            if not accessible.name or role in ("unknown", "invalid", "filler", "panel"):
                unnamed.append((role, accessible.name))
            self.assertNotIn("_", accessible.name, f"mnemonic underscore in {role} name")
        self.assertEqual(unnamed, [], f"interactive widgets without a name or role: {seen}")

        self.assertEqual(prompt.entry("Username").getRoleName(), "text")
        self.assertEqual(prompt.entry("Password").getRoleName(), "password text")
        buttons = sorted(accessible.name for accessible in walk(app)
                         if accessible.getRoleName() == "push button")
        self.assertEqual(buttons, ["Cancel", "Done"])
        entries = sorted((accessible.getRoleName(), accessible.name) for accessible in walk(app)
                         if accessible.getRoleName() in ("text", "password text"))
        self.assertEqual(entries, [("password text", "Password"), ("text", "Username")])
        # The visible labels, too, are named without their underscores.
        for name in ("Username", "Password"):
            self.assertIsNotNone(prompt.widget("label", name), f"label {name!r}")

        prompt.key("Escape")
        self.assertExit(prompt, 1, b"")


class DescriptionAndRelationTests(PromptTestCase):
    def test_message_is_the_entry_description_and_follows_changes(self):
        prompt = self.start()
        username = prompt.entry("Username")
        self.assertEqual(username.description, "At least 6 characters",
                         "an untouched username says its rule")
        self.assertIn(("label", "Username"), labelled_by(username))
        self.assertIn(("label", "Password"), labelled_by(prompt.entry("Password")))

        prompt.type_synced("bob", "Username")
        wait_for(lambda: username.description == "3 more characters needed (at least 6)",
                 "the description after 'bob'", lambda: username.description)
        prompt.type_synced("by1", "Username", before=3)
        wait_for(lambda: username.description == "", "the description to clear",
                 lambda: username.description)

        prompt.key("Escape")
        self.assertExit(prompt, 1, b"")


class SensitivityTests(PromptTestCase):
    def test_done_is_insensitive_over_atspi_until_the_form_is_valid(self):
        prompt = self.start()
        done = prompt.button("Done")
        self.assertFalse(has(done, pyatspi.STATE_SENSITIVE), "Done sensitive at launch")
        self.assertFalse(has(done, pyatspi.STATE_ENABLED), "Done enabled at launch")
        cancel = prompt.button("Cancel")
        self.assertTrue(has(cancel, pyatspi.STATE_SENSITIVE) and has(cancel, pyatspi.STATE_ENABLED))

        prompt.type("abcdef\tabcdefg")
        prompt.wait_until(lambda: has(done, pyatspi.STATE_SENSITIVE)
                          and has(done, pyatspi.STATE_ENABLED), "Done sensitive and enabled")

        prompt.key("BackSpace")
        prompt.wait_until(lambda: not has(done, pyatspi.STATE_SENSITIVE)
                          and not has(done, pyatspi.STATE_ENABLED), "Done insensitive again")
        prompt.key("Escape")
        self.assertExit(prompt, 1, b"")


class SecrecyTests(PromptTestCase):
    def assertNotExposed(self, prompt, where):
        text = all_text(prompt.entry("Password"))
        leaked = sorted(part for part in substrings(PASSWORD) if part in text)
        self.assertEqual(leaked, [], f"password text over AT-SPI {where}: {text!r}")
        self.assertEqual(frames(prompt), [prompt.title], where)
        self.assertEqual(window_name(prompt.window), prompt.title, where)
        for accessible in walk(prompt.app()):
            for value in (accessible.name, accessible.description, all_text(accessible) or ""):
                self.assertNotIn(PASSWORD, value,
                                 f"{accessible.getRoleName()} {accessible.name!r} {where}")

    def test_password_never_shows_over_atspi_nor_in_the_title(self):
        # The title must not share three characters with the password.
        prompt = self.start(title=harness.unique_title("mask"))
        prompt.type("abcdef\t")
        prompt.wait_until(lambda: prompt.focused_entry() == "Password", "focus in Password")
        for count in prompt.each_typed(PASSWORD, "Password"):
            self.assertNotExposed(prompt, f"after {count} characters")
        self.assertEqual(all_text(prompt.entry("Password")), "\u25cf" * len(PASSWORD))

        # Done's own action, as a screen reader would press it.
        self.assertTrue(do_action(prompt.button("Done")))
        err = self.assertExit(prompt, 0, f"abcdef\n{PASSWORD}\n".encode())
        self.assertEqual(err, b"")


class KeyboardTests(PromptTestCase):
    def test_mnemonics_focus_the_fields_and_cancel(self):
        prompt = self.start()
        wait_for_focus(prompt, "text", "Username")
        prompt.key("alt+p")
        wait_for_focus(prompt, "password text", "Password")
        prompt.key("alt+u")
        wait_for_focus(prompt, "text", "Username")
        prompt.key("alt+c")
        self.assertExit(prompt, 1, b"")

    def test_alt_d_submits_a_valid_form_and_not_an_invalid_one(self):
        prompt = self.start()
        prompt.type_synced("abcdef", "Username")
        prompt.key("alt+d")
        self.assertTrue(prompt.still_running_after(0.3), "Alt+D submitted an invalid form")
        prompt.key("alt+p")
        wait_for_focus(prompt, "password text", "Password")
        prompt.type_synced("abcdefg", "Password")
        prompt.wait_until(prompt.sensitive, "Done to become sensitive")
        prompt.key("alt+d")
        self.assertExit(prompt, 0, b"abcdef\nabcdefg\n")

    def tab_cycle(self, prompt):
        """Tabs from Username until focus is back in an entry; returns the
        focus after each Tab."""
        wait_for_focus(prompt, "text", "Username")
        stops = []
        current = [("text", "Username")]
        for _ in range(8):
            prompt.key("Tab")
            previous = current

            def moved():
                now = focused(prompt)
                return now if len(now) == 1 and now != previous else None

            current = wait_for(moved, f"focus to move on from {previous}",
                               lambda: focused(prompt))
            stops.append(current[0])
            if len(stops) > 1 and current[0][0] in ("text", "password text"):
                return stops
        self.fail(f"Tab never came back to an entry: {stops}")

    def test_tab_order_goes_from_the_fields_to_the_buttons(self):
        prompt = self.start()
        # Invalid: Done is insensitive, so Cancel is the only button to stop at.
        stops = self.tab_cycle(prompt)
        self.assertEqual(stops, [("password text", "Password"), ("push button", "Cancel"),
                                 ("text", "Username")])

        # Valid: both buttons are stops, after the fields.
        prompt.type_synced("abcdef", "Username")
        prompt.key("alt+p")
        wait_for_focus(prompt, "password text", "Password")
        prompt.type_synced("abcdefg", "Password")
        prompt.wait_until(prompt.sensitive, "Done to become sensitive")
        prompt.key("alt+u")
        stops = self.tab_cycle(prompt)
        self.assertEqual(stops[0], ("password text", "Password"), stops)
        self.assertEqual(sorted(stops[1:-1]), [("push button", "Cancel"), ("push button", "Done")],
                         stops)
        self.assertEqual(stops[-1], ("text", "Username"), stops)

        prompt.key("Escape")
        self.assertExit(prompt, 1, b"")

    def test_keyboard_only_with_text(self):
        prompt = self.start("--text=Log in to the example service.")
        self.assertIsNotNone(prompt.widget("label", "Log in to the example service."))
        wait_for_focus(prompt, "text", "Username")
        prompt.type_synced("abcdef", "Username")
        prompt.key("Tab")
        wait_for_focus(prompt, "password text", "Password")
        prompt.type_synced("abcdefg", "Password")
        prompt.key("Return")
        self.assertExit(prompt, 0, b"abcdef\nabcdefg\n")

    def test_keyboard_only_with_text_and_a_prefilled_username(self):
        prompt = self.start("--text=Log in to the example service.", "--username=alice.b")
        wait_for_focus(prompt, "password text", "Password")
        prompt.type_synced("hunter22", "Password")
        prompt.key("Return")
        self.assertExit(prompt, 0, b"alice.b\nhunter22\n")


class PeekTests(PromptTestCase):
    def assertRevealed(self, prompt, revealed):
        """The icon says which way the entry is; over AT-SPI the entry stays
        a password of bullets either way: revealing is for the eyes at the
        screen, never for another process."""
        entry = prompt.entry("Password")
        name = "Hide Password" if revealed else "Show Password"
        text = "\u25cf" * len(PASSWORD)
        state = lambda: (entry.getRoleName(), all_text(entry), icons(entry))  # noqa: E731
        wait_for(lambda: state() == ("password text", text, [name]),
                 f"role 'password text', text {text!r} and icons {[name]!r}", state)

    def type_password(self):
        prompt = self.start("--username=alice.b")
        wait_for_focus(prompt, "password text", "Password")
        prompt.type_synced(PASSWORD, "Password")
        self.assertRevealed(prompt, False)
        return prompt

    # GTK 3.24's GtkEntryIconAccessible emits "icon-press" with a stray 0
    # argument; the app decodes that call (see SignalConnection.swift).
    def test_peek_icon_action_over_atspi_reveals_and_hides(self):
        prompt = self.type_password()
        peek = icon(prompt.entry("Password"), "Show Password")
        self.assertIsNotNone(peek, icons(prompt.entry("Password")))
        self.assertEqual(action_names(peek), ["activate"])
        self.assertTrue(do_action(peek))
        self.assertRevealed(prompt, True)
        hide = icon(prompt.entry("Password"), "Hide Password")
        self.assertTrue(do_action(hide))
        self.assertRevealed(prompt, False)
        prompt.key("Return")
        self.assertExit(prompt, 0, f"alice.b\n{PASSWORD}\n".encode())

    def click_peek(self, prompt, name, offset=0):
        """Clicks the peek icon, `offset` pixels right of its middle."""
        area = extents(icon(prompt.entry("Password"), name))
        self.assertGreater(area.width * area.height, 0)
        click_at(area.x + area.width // 2 + offset, area.y + area.height // 2)

    def test_peek_icon_clicked_reveals_and_hides(self):
        prompt = self.type_password()
        # Two single clicks, 9 pixels apart: more than GTK's double-click
        # distance (5), so not a double click however fast.
        self.click_peek(prompt, "Show Password", offset=-5)
        self.assertRevealed(prompt, True)
        self.click_peek(prompt, "Hide Password", offset=4)
        self.assertRevealed(prompt, False)
        self.assertEqual(prompt.focused_entry(), "Password")
        prompt.key("Return")
        self.assertExit(prompt, 0, f"alice.b\n{PASSWORD}\n".encode())

    # A quick second click also brings a GDK_2BUTTON_PRESS, for which GTK
    # emits "icon-press" too; the app counts only single presses.
    def test_two_quick_clicks_on_the_peek_icon_reveal_then_hide(self):
        prompt = self.type_password()
        self.click_peek(prompt, "Show Password")
        self.assertRevealed(prompt, True)
        xdotool_or_fail("click", "1")  # same place, at once
        self.assertRevealed(prompt, False)
        prompt.key("Return")
        self.assertExit(prompt, 0, f"alice.b\n{PASSWORD}\n".encode())


class CapsLockTests(PromptTestCase):
    def test_caps_lock_warning_appears_in_password(self):
        caps_lock_off()
        self.addCleanup(caps_lock_off)
        prompt = self.start("--username=alice.b")
        wait_for_focus(prompt, "password text", "Password")
        entry = prompt.entry("Password")
        self.assertEqual(icons(entry), ["Show Password"])

        raw_key("Caps_Lock")
        poll(caps_lock_is_on, message="Caps Lock to go on")
        wait_for(lambda: icon(entry, "Caps Lock is on") is not None, "the Caps Lock icon",
                 lambda: icons(entry))
        self.assertEqual(icons(entry), ["Caps Lock is on", "Show Password"])
        # Said in words too, under the field, before the rule it keeps in
        # sight, and in the entry's description.
        said = "Caps Lock is on · At least 7 characters"
        self.assertIsNotNone(prompt.widget("label", said))
        self.assertEqual(entry.description, said)
        self.assertEqual(prompt.focused_entry(), "Password")

        raw_key("Caps_Lock")
        poll(lambda: not caps_lock_is_on(), message="Caps Lock to go off")
        wait_for(lambda: icons(entry) == ["Show Password"], "the Caps Lock icon to go",
                 lambda: icons(entry))
        self.assertIsNone(prompt.widget_now("label", said))
        self.assertEqual(entry.description, "At least 7 characters")
        prompt.type_synced("hunter22", "Password")
        prompt.key("Return")
        self.assertExit(prompt, 0, b"alice.b\nhunter22\n")


class GermanTests(PromptTestCase):
    def show(self, prompt):
        prompt.wait_for_window()
        prompt.wait_until(lambda: prompt.widget("push button", "Fertig"), "the Fertig button",
                          timeout=harness.WINDOW_TIMEOUT)
        prompt.focus()
        return prompt

    def test_german_names_and_message(self):
        prompt = self.show(self.launch(env=german_environment()))
        username = prompt.widget("text", "Benutzername")
        password = prompt.widget("password text", "Passwort")
        self.assertIsNotNone(username, "entry 'Benutzername'")
        self.assertIsNotNone(password, "password entry 'Passwort'")
        self.assertIsNotNone(prompt.widget("push button", "Abbrechen"))
        self.assertIn(("label", "Benutzername"), labelled_by(username))
        self.assertTrue(has(username, pyatspi.STATE_FOCUSED))

        for count, character in enumerate("bob", start=1):
            prompt.type(character)
            prompt.wait_until(lambda: Atspi.Text.get_character_count(username) == count,
                              f"{count} characters")
        wait_for(lambda: username.description == "Noch 3 Zeichen nötig (mindestens 6)",
                 "the German message", lambda: username.description)
        # The translated mnemonics: Alt+A is Abbrechen.
        prompt.key("alt+a")
        self.assertExit(prompt, 1, b"")

    def test_german_default_title(self):
        # The one prompt without a --title of its own: the default is the point.
        prompt = self.launch(env=german_environment(), title="Anmelden", add_title=False)
        self.show(prompt)
        self.assertEqual(frames(prompt), ["Anmelden"])
        self.assertEqual(window_name(prompt.window), "Anmelden")
        # And a whole German form by its mnemonics: Alt+P (Passwort), Alt+F (Fertig).
        username = prompt.widget("text", "Benutzername")
        password = prompt.widget("password text", "Passwort")
        prompt.type("abcdef")
        wait_for(lambda: Atspi.Text.get_character_count(username) == 6, "6 characters",
                 lambda: Atspi.Text.get_text(username, 0, -1))
        prompt.key("alt+p")
        wait_for_focus(prompt, "password text", "Passwort")
        prompt.type("abcdefg")
        wait_for(lambda: Atspi.Text.get_character_count(password) == 7, "7 characters",
                 lambda: Atspi.Text.get_character_count(password))
        prompt.key("alt+f")
        self.assertExit(prompt, 0, b"abcdef\nabcdefg\n")


class DisplaySettingTests(PromptTestCase):
    def valid_form_with(self, **settings):
        prompt = self.start(env={**os.environ, **settings})
        width, height = screen_size()
        for widget in (prompt.entry("Username"), prompt.entry("Password"),
                       prompt.button("Cancel"), prompt.button("Done")):
            self.assertTrue(has(widget, pyatspi.STATE_SHOWING), widget.name)
            area = extents(widget)
            self.assertTrue(area.width > 0 and area.height > 0 and area.x >= 0 and area.y >= 0
                            and area.x + area.width <= width
                            and area.y + area.height <= height,
                            f"{widget.name} at {area.x},{area.y} {area.width}x{area.height} "
                            f"on a {width}x{height} screen")
        prompt.type_synced("abcdef", "Username")
        prompt.key("Tab")
        wait_for_focus(prompt, "password text", "Password")
        prompt.type_synced("abcdefg", "Password")
        prompt.wait_until(prompt.sensitive, "Done to become sensitive")
        prompt.key("Return")
        err = self.assertExit(prompt, 0, b"abcdef\nabcdefg\n")
        self.assertEqual(err, b"")

    def test_dark_theme(self):
        self.valid_form_with(GTK_THEME="Adwaita:dark")

    def test_double_text_size(self):
        self.valid_form_with(GDK_DPI_SCALE="2")


if __name__ == "__main__":
    unittest.main()
