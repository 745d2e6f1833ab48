// GcrSecureEntryBuffer, which this replaces, keeps its text in a locked pool
// of its own and, when that pool cannot grow, goes on in ordinary memory
// without a word; it also leaves deleted bytes past the end of its text. This
// buffer allocates from gcr's shared pool (the one gcr_secure_memory_*
// serves, and every other secret here uses), refuses text rather than fall
// back, and wipes the bytes it drops.
#define GCR_API_SUBJECT_TO_CHANGE
#include "secret_buffer.h"

#include <gcr/gcr-base.h>
#include <string.h>

// Room at creation: more than most secrets need, so typing rarely grows it.
#define INITIAL_SIZE 256

struct _LfSecretBuffer {
    GtkEntryBuffer parent_instance;
    gchar *text;   // NUL-terminated; NULL only when nothing could be locked
    gsize size;    // bytes allocated
    gsize bytes;   // bytes of text, without the NUL
    guint chars;   // characters of text
    gboolean exhausted;
};

G_DEFINE_TYPE(LfSecretBuffer, lf_secret_buffer, GTK_TYPE_ENTRY_BUFFER)

enum { PROP_0, PROP_EXHAUSTED, N_PROPS };
static GParamSpec *properties[N_PROPS];

static void set_exhausted(LfSecretBuffer *self) {
    if (self->exhausted) return;
    self->exhausted = TRUE;
    g_object_notify_by_pspec(G_OBJECT(self), properties[PROP_EXHAUSTED]);
}

// Moves the text into a locked block of at least `needed` bytes; FALSE when
// the pool cannot supply one (the text stays where it was).
static gboolean reserve(LfSecretBuffer *self, gsize needed) {
    if (needed <= self->size) return TRUE;
    gsize size = MAX(self->size, INITIAL_SIZE);
    while (size < needed) size *= 2;
    gchar *text = gcr_secure_memory_try_alloc(size);
    if (text == NULL) return FALSE;
    if (self->text != NULL) {
        memcpy(text, self->text, self->bytes + 1);
        explicit_bzero(self->text, self->size);
        gcr_secure_memory_free(self->text);
    }
    self->text = text;
    self->size = size;
    return TRUE;
}

static const gchar *get_text(GtkEntryBuffer *buffer, gsize *n_bytes) {
    LfSecretBuffer *self = LF_SECRET_BUFFER(buffer);
    if (n_bytes != NULL) *n_bytes = self->bytes;
    return self->text != NULL ? self->text : "";
}

static guint get_length(GtkEntryBuffer *buffer) { return LF_SECRET_BUFFER(buffer)->chars; }

static guint insert_text(GtkEntryBuffer *buffer, guint position, const gchar *chars,
                         guint n_chars) {
    LfSecretBuffer *self = LF_SECRET_BUFFER(buffer);
    gsize n_bytes = g_utf8_offset_to_pointer(chars, n_chars) - chars;
    if (!reserve(self, self->bytes + n_bytes + 1)) {
        set_exhausted(self);
        return 0;
    }
    position = MIN(position, self->chars);
    gsize at = g_utf8_offset_to_pointer(self->text, position) - self->text;
    memmove(self->text + at + n_bytes, self->text + at, self->bytes - at + 1);
    memcpy(self->text + at, chars, n_bytes);
    self->bytes += n_bytes;
    self->chars += n_chars;
    gtk_entry_buffer_emit_inserted_text(buffer, position, chars, n_chars);
    return n_chars;
}

static guint delete_text(GtkEntryBuffer *buffer, guint position, guint n_chars) {
    LfSecretBuffer *self = LF_SECRET_BUFFER(buffer);
    if (self->text == NULL || position >= self->chars) return 0;
    n_chars = MIN(n_chars, self->chars - position);
    gsize start = g_utf8_offset_to_pointer(self->text, position) - self->text;
    gsize end = g_utf8_offset_to_pointer(self->text, position + n_chars) - self->text;
    memmove(self->text + start, self->text + end, self->bytes + 1 - end);
    // The bytes past the new end held the deleted text's tail: wipe them.
    explicit_bzero(self->text + self->bytes + 1 - (end - start), end - start);
    self->bytes -= end - start;
    self->chars -= n_chars;
    gtk_entry_buffer_emit_deleted_text(buffer, position, n_chars);
    return n_chars;
}

static void get_property(GObject *object, guint id, GValue *value, GParamSpec *pspec) {
    if (id == PROP_EXHAUSTED) {
        g_value_set_boolean(value, LF_SECRET_BUFFER(object)->exhausted);
    } else {
        G_OBJECT_WARN_INVALID_PROPERTY_ID(object, id, pspec);
    }
}

static void finalize(GObject *object) {
    LfSecretBuffer *self = LF_SECRET_BUFFER(object);
    if (self->text != NULL) {
        explicit_bzero(self->text, self->size);
        gcr_secure_memory_free(self->text);
    }
    G_OBJECT_CLASS(lf_secret_buffer_parent_class)->finalize(object);
}

static void lf_secret_buffer_class_init(LfSecretBufferClass *klass) {
    GtkEntryBufferClass *buffer = GTK_ENTRY_BUFFER_CLASS(klass);
    buffer->get_text = get_text;
    buffer->get_length = get_length;
    buffer->insert_text = insert_text;
    buffer->delete_text = delete_text;
    GObjectClass *object = G_OBJECT_CLASS(klass);
    object->get_property = get_property;
    object->finalize = finalize;
    properties[PROP_EXHAUSTED] =
        g_param_spec_boolean("exhausted", "Exhausted", "Whether locked memory ran out", FALSE,
                             G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
    g_object_class_install_properties(object, N_PROPS, properties);
}

static void lf_secret_buffer_init(LfSecretBuffer *self) {
    if (reserve(self, INITIAL_SIZE)) {
        self->text[0] = '\0';
    } else {
        self->exhausted = TRUE;
    }
}

GtkEntryBuffer *lf_secret_buffer_new(void) { return g_object_new(LF_TYPE_SECRET_BUFFER, NULL); }

gboolean lf_secret_buffer_is_exhausted(LfSecretBuffer *self) { return self->exhausted; }
