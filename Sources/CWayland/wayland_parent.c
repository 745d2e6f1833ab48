#include "wayland_parent.h"

#include <stdbool.h>
#include <string.h>
#include <wayland-client.h>

// xdg-foreign-unstable-v1's two client interfaces, as wayland-scanner would
// write them from the protocol's XML: the importer's requests are destroy
// and import(new_id, string); the imported's are destroy and
// set_parent_of(object wl_surface), its one event "destroyed". Written out
// because SwiftPM cannot run wayland-scanner, and these never change.
static const struct wl_interface zxdg_imported_v1_interface;

static const struct wl_interface *importer_import_types[] = {&zxdg_imported_v1_interface, NULL};
static const struct wl_message importer_requests[] = {
    {"destroy", "", NULL},
    {"import", "ns", importer_import_types},
};
static const struct wl_interface zxdg_importer_v1_interface = {
    "zxdg_importer_v1", 1, 2, importer_requests, 0, NULL,
};

static const struct wl_interface *imported_set_parent_of_types[] = {&wl_surface_interface};
static const struct wl_message imported_requests[] = {
    {"destroy", "", NULL},
    {"set_parent_of", "o", imported_set_parent_of_types},
};
static const struct wl_message imported_events[] = {
    {"destroyed", "", NULL},
};
static const struct wl_interface zxdg_imported_v1_interface = {
    "zxdg_imported_v1", 1, 2, imported_requests, 1, imported_events,
};

enum { IMPORTER_DESTROY = 0, IMPORTER_IMPORT = 1, IMPORTED_DESTROY = 0 };

static void on_global(void *data, struct wl_registry *registry, uint32_t name,
                      const char *interface, uint32_t version) {
    (void)version;
    struct wl_proxy **importer = data;
    if (*importer == NULL && strcmp(interface, zxdg_importer_v1_interface.name) == 0)
        *importer = wl_registry_bind(registry, name, &zxdg_importer_v1_interface, 1);
}

static void on_global_remove(void *data, struct wl_registry *registry, uint32_t name) {
    (void)data;
    (void)registry;
    (void)name;
}

static const struct wl_registry_listener registry_listener = {on_global, on_global_remove};

static void on_destroyed(void *data, struct wl_proxy *imported) {
    (void)imported;
    *(bool *)data = true;
}

static const struct {
    void (*destroyed)(void *data, struct wl_proxy *imported);
} imported_listener = {on_destroyed};

LFParentAnswer lf_wayland_probe_parent(struct wl_display *display, const char *handle) {
    // A queue of our own, so that GTK's dispatching never sees these
    // objects' events and ours never run GTK's handlers.
    struct wl_event_queue *queue = wl_display_create_queue(display);
    if (queue == NULL)
        return LF_PARENT_FAILED;
    struct wl_display *wrapper = wl_proxy_create_wrapper(display);
    if (wrapper == NULL) {
        wl_event_queue_destroy(queue);
        return LF_PARENT_FAILED;
    }
    wl_proxy_set_queue((struct wl_proxy *)wrapper, queue);
    struct wl_registry *registry = wl_display_get_registry(wrapper);
    struct wl_proxy *importer = NULL;
    LFParentAnswer answer = LF_PARENT_FAILED;
    if (registry == NULL)
        goto done;
    wl_registry_add_listener(registry, &registry_listener, &importer);
    if (wl_display_roundtrip_queue(display, queue) < 0)
        goto done;
    if (importer == NULL) {
        answer = LF_PARENT_NO_FOREIGN;
        goto done;
    }
    struct wl_proxy *imported =
        wl_proxy_marshal_flags(importer, IMPORTER_IMPORT, &zxdg_imported_v1_interface,
                               wl_proxy_get_version(importer), 0, NULL, handle);
    if (imported != NULL) {
        bool destroyed = false;
        wl_proxy_add_listener(imported, (void (**)(void))&imported_listener, &destroyed);
        if (wl_display_roundtrip_queue(display, queue) >= 0)
            answer = destroyed ? LF_PARENT_UNKNOWN : LF_PARENT_KNOWN;
        wl_proxy_marshal_flags(imported, IMPORTED_DESTROY, NULL, wl_proxy_get_version(imported),
                               WL_MARSHAL_FLAG_DESTROY);
    }
    wl_proxy_marshal_flags(importer, IMPORTER_DESTROY, NULL, wl_proxy_get_version(importer),
                           WL_MARSHAL_FLAG_DESTROY);
done:
    if (registry != NULL)
        wl_registry_destroy(registry);
    wl_proxy_wrapper_destroy(wrapper);
    wl_display_flush(display);
    wl_event_queue_destroy(queue);
    return answer;
}
