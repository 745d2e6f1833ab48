/* A keyboard for a headless wlroots compositor (sway), held open for as long
 * as the test runs: headless sway has no keyboard until a virtual-keyboard
 * client connects, and a window that gets its first keyboard (and keymap)
 * while a key is being typed loses that key; wtype connects, types and
 * leaves for every call, so each call is such a first key.
 *
 * Reads commands on stdin, one a line, and answers each with "ok" once the
 * compositor has handled it (a wl_display roundtrip: the key events are then
 * on their way to the focused client), or "error ..." :
 *   type TEXT        types TEXT (any Unicode; each character its own key)
 *   key NAME[+NAME]  presses a combination: modifiers shift, ctrl, alt,
 *                    super, then an xkb keysym name (Tab, Return, a, ...);
 *                    Caps_Lock toggles the locked Lock modifier as a real
 *                    keyboard does
 * Prints "ready" once its keyboard exists; exits when stdin closes.
 *
 * virtual-keyboard-unstable-v1 is a wlroots/misc protocol that Debian 12
 * ships in no package (wayland-protocols has not got it, libwlroots-dev
 * installs no XML), so its two interfaces are described here by hand: the
 * five requests, as wayland-scanner would write them. */
#define _GNU_SOURCE
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>
#include <unistd.h>
#include <wayland-client.h>
#include <xkbcommon/xkbcommon.h>

/* -------------------------------------- the protocol, described by hand -- */

static const struct wl_interface virtual_keyboard_interface;

static const struct wl_interface *create_types[] = {&wl_seat_interface, &virtual_keyboard_interface};
static const struct wl_interface *no_types[] = {NULL, NULL, NULL, NULL, NULL};

static const struct wl_message manager_requests[] = {
    {"create_virtual_keyboard", "on", create_types},
};
static const struct wl_interface manager_interface = {
    "zwp_virtual_keyboard_manager_v1", 1, 1, manager_requests, 0, NULL,
};

enum { VK_KEYMAP, VK_KEY, VK_MODIFIERS, VK_DESTROY };
static const struct wl_message keyboard_requests[] = {
    {"keymap", "uhu", no_types},
    {"key", "uuu", no_types},
    {"modifiers", "uuuuu", no_types},
    {"destroy", "", no_types},
};
static const struct wl_interface virtual_keyboard_interface = {
    "zwp_virtual_keyboard_v1", 1, 4, keyboard_requests, 0, NULL,
};

/* ------------------------------------------------------------ the client -- */

static struct wl_display *display;
static struct wl_seat *seat;
static struct wl_proxy *manager;
static struct wl_proxy *keyboard;

/* The keysyms the keymap holds; keysym i is evdev key i + 1. */
static xkb_keysym_t keysyms[248];
static size_t keysym_count;

/* Shift, Lock, Control, Mod1 (Alt), ..., Mod4 (Super): xkb's real modifiers
 * in their fixed order, which is what the modifiers request's masks index. */
enum { SHIFT = 1, LOCK = 2, CTRL = 4, ALT = 8, SUPER = 64 };
static uint32_t locked;

static void global(void *data, struct wl_registry *registry, uint32_t name,
                   const char *interface, uint32_t version)
{
    (void)data;
    (void)version;
    if (strcmp(interface, "wl_seat") == 0 && seat == NULL)
        seat = wl_registry_bind(registry, name, &wl_seat_interface, 1);
    else if (strcmp(interface, manager_interface.name) == 0)
        manager = wl_registry_bind(registry, name, &manager_interface, 1);
}

static void global_remove(void *data, struct wl_registry *registry, uint32_t name)
{
    (void)data;
    (void)registry;
    (void)name;
}

static const struct wl_registry_listener registry_listener = {global, global_remove};

static uint32_t now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint32_t)(ts.tv_sec * 1000 + ts.tv_nsec / 1000000);
}

/* Sends the keymap of all keysyms so far: one key each, on its first level. */
static int upload_keymap(void)
{
    size_t size = 4096 + keysym_count * 96;
    char *text = malloc(size);
    if (text == NULL)
        return -1;
    size_t used = (size_t)snprintf(text, size,
        "xkb_keymap {\nxkb_keycodes \"lf\" {\nminimum = 8;\nmaximum = %zu;\n",
        keysym_count + 9 > 255 ? (size_t)255 : keysym_count + 9);
    for (size_t i = 0; i < keysym_count; i++)
        used += (size_t)snprintf(text + used, size - used, "<K%zu> = %zu;\n", i + 1, i + 9);
    used += (size_t)snprintf(text + used, size - used,
        "};\nxkb_types \"lf\" { include \"complete\" };\n"
        "xkb_compat \"lf\" { include \"complete\" };\nxkb_symbols \"lf\" {\n");
    for (size_t i = 0; i < keysym_count; i++) {
        char name[64];
        xkb_keysym_get_name(keysyms[i], name, sizeof name);
        used += (size_t)snprintf(text + used, size - used, "key <K%zu> {[ %s ]};\n", i + 1, name);
    }
    used += (size_t)snprintf(text + used, size - used, "};\n};\n");
    int fd = memfd_create("lf-keymap", MFD_CLOEXEC);
    if (fd < 0 || write(fd, text, used + 1) != (ssize_t)(used + 1)) {
        free(text);
        return -1;
    }
    wl_proxy_marshal_flags(keyboard, VK_KEYMAP, NULL, 1, 0, (uint32_t)XKB_KEYMAP_FORMAT_TEXT_V1,
                           fd, (uint32_t)(used + 1));
    close(fd);
    free(text);
    return 0;
}

/* The evdev key of `keysym`, added to the keymap (and the keymap sent
 * again) if it is new; 0 when the keymap is full. */
static uint32_t key_of(xkb_keysym_t keysym)
{
    for (size_t i = 0; i < keysym_count; i++)
        if (keysyms[i] == keysym)
            return (uint32_t)i + 1;
    if (keysym_count == sizeof keysyms / sizeof *keysyms)
        return 0;
    keysyms[keysym_count++] = keysym;
    if (upload_keymap() < 0)
        return 0;
    return (uint32_t)keysym_count;
}

static void modifiers(uint32_t depressed)
{
    wl_proxy_marshal_flags(keyboard, VK_MODIFIERS, NULL, 1, 0, depressed, 0u, locked, 0u);
}

static int press(xkb_keysym_t keysym, uint32_t mods)
{
    uint32_t key = key_of(keysym);
    if (key == 0)
        return -1;
    if (mods)
        modifiers(mods);
    wl_proxy_marshal_flags(keyboard, VK_KEY, NULL, 1, 0, now_ms(), key, 1u);
    wl_proxy_marshal_flags(keyboard, VK_KEY, NULL, 1, 0, now_ms(), key, 0u);
    if (keysym == XKB_KEY_Caps_Lock) {
        locked ^= LOCK;
        modifiers(mods);
    }
    if (mods)
        modifiers(0);
    return 0;
}

static int type_text(const char *text)
{
    for (const char *p = text; *p;) {
        /* One UTF-8 sequence. */
        uint32_t c = (unsigned char)*p;
        int extra = c >= 0xF0 ? 3 : c >= 0xE0 ? 2 : c >= 0xC0 ? 1 : 0;
        c &= extra == 3 ? 0x07 : extra == 2 ? 0x0F : extra == 1 ? 0x1F : 0x7F;
        p++;
        for (; extra > 0; extra--, p++) {
            if ((*p & 0xC0) != 0x80)
                return -1;
            c = (c << 6) | ((unsigned char)*p & 0x3F);
        }
        xkb_keysym_t keysym = c == '\n' ? XKB_KEY_Return : c == '\t' ? XKB_KEY_Tab
                                                          : xkb_utf32_to_keysym(c);
        if (keysym == XKB_KEY_NoSymbol || press(keysym, 0) < 0)
            return -1;
    }
    return 0;
}

static int combination(char *names)
{
    uint32_t mods = 0;
    char *save = NULL;
    for (char *name = strtok_r(names, "+", &save); name; name = strtok_r(NULL, "+", &save)) {
        if (strcmp(name, "shift") == 0)
            mods |= SHIFT;
        else if (strcmp(name, "ctrl") == 0)
            mods |= CTRL;
        else if (strcmp(name, "alt") == 0)
            mods |= ALT;
        else if (strcmp(name, "super") == 0)
            mods |= SUPER;
        else {
            xkb_keysym_t keysym = xkb_keysym_from_name(name, XKB_KEYSYM_NO_FLAGS);
            if (keysym == XKB_KEY_NoSymbol)
                return -1;
            return press(keysym, mods);
        }
    }
    return -1;
}

int main(void)
{
    display = wl_display_connect(NULL);
    if (display == NULL) {
        fprintf(stderr, "virtual-keyboard: cannot connect to the Wayland display\n");
        return 1;
    }
    struct wl_registry *registry = wl_display_get_registry(display);
    wl_registry_add_listener(registry, &registry_listener, NULL);
    wl_display_roundtrip(display);
    if (seat == NULL || manager == NULL) {
        fprintf(stderr, "virtual-keyboard: the compositor offers no %s\n",
                seat == NULL ? "seat" : manager_interface.name);
        return 1;
    }
    keyboard = wl_proxy_marshal_flags(manager, 0, &virtual_keyboard_interface, 1, 0, seat, NULL);
    /* Printable ASCII and the usual named keys from the start, so that the
     * keymap rarely changes while a window has the keyboard. */
    for (uint32_t c = 0x20; c < 0x7F; c++)
        keysyms[keysym_count++] = xkb_utf32_to_keysym(c);
    const xkb_keysym_t named[] = {XKB_KEY_Tab, XKB_KEY_Return, XKB_KEY_Escape, XKB_KEY_BackSpace,
                                  XKB_KEY_Delete, XKB_KEY_Left, XKB_KEY_Right, XKB_KEY_Up,
                                  XKB_KEY_Down, XKB_KEY_Home, XKB_KEY_End, XKB_KEY_Caps_Lock};
    for (size_t i = 0; i < sizeof named / sizeof *named; i++)
        keysyms[keysym_count++] = named[i];
    if (upload_keymap() < 0 || wl_display_roundtrip(display) < 0) {
        fprintf(stderr, "virtual-keyboard: the compositor refused the keyboard\n");
        return 1;
    }
    printf("ready\n");
    fflush(stdout);

    char *line = NULL;
    size_t capacity = 0;
    ssize_t length;
    while ((length = getline(&line, &capacity, stdin)) > 0) {
        if (line[length - 1] == '\n')
            line[--length] = '\0';
        int status = -1;
        if (strncmp(line, "type ", 5) == 0)
            status = type_text(line + 5);
        else if (strncmp(line, "key ", 4) == 0)
            status = combination(line + 4);
        if (wl_display_roundtrip(display) < 0) {
            fprintf(stderr, "virtual-keyboard: lost the compositor\n");
            return 1;
        }
        printf(status == 0 ? "ok\n" : "error %s\n", line);
        fflush(stdout);
    }
    free(line);
    wl_proxy_marshal_flags(keyboard, VK_DESTROY, NULL, 1, WL_MARSHAL_FLAG_DESTROY);
    wl_display_roundtrip(display);
    wl_display_disconnect(display);
    return 0;
}
