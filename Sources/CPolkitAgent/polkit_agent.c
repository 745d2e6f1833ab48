// The polkit authentication agent's C side: see polkit_agent.h.
#include "polkit_agent.h"

#define POLKIT_AGENT_I_KNOW_API_IS_SUBJECT_TO_CHANGE
#include <polkitagent/polkitagent.h>
#include <unistd.h>

struct LfPolkitAgent {
  PolkitAgentListener *listener;
  PolkitAuthority *authority;
  void (*daemon_changed)(void *context, int running);
  gpointer registration;
  LfPolkitListenerCallbacks callbacks;
  void *context;
};

struct LfPolkitRequest {
  // One reference for polkitd's call (dropped by lf_polkit_request_finish)
  // and one for each pending report of its cancellation.
  unsigned references;
  gboolean finished;
  LfPolkitAgent *agent;
  GTask *task;
  GCancellable *cancellable;
  gulong cancelled_handler;
  char *action_id;
  char *message;
  char *cookie;
  PolkitDetails *details;
  GArray *users;
};

struct LfPolkitSession {
  PolkitAgentSession *session;
  LfPolkitSessionCallbacks callbacks;
  void *context;
};

// The listener: a PolkitAgentListener whose initiate_authentication makes
// a request and hands it to the program.
typedef struct {
  PolkitAgentListener parent;
  LfPolkitAgent *agent;
} LfPolkitListener;

typedef struct {
  PolkitAgentListenerClass parent;
} LfPolkitListenerClass;

static GType lf_polkit_listener_get_type(void);
G_DEFINE_TYPE(LfPolkitListener, lf_polkit_listener, POLKIT_AGENT_TYPE_LISTENER)

static void request_release(LfPolkitRequest *request) {
  if (--request->references > 0) return;
  g_clear_object(&request->task);
  g_clear_object(&request->cancellable);
  g_clear_object(&request->details);
  g_free(request->action_id);
  g_free(request->message);
  g_free(request->cookie);
  g_array_unref(request->users);
  g_free(request);
}

// Reported from the main loop, never from inside g_cancellable_cancel():
// the program finishes the request there, which disconnects this handler.
static gboolean report_cancellation(gpointer data) {
  LfPolkitRequest *request = data;
  if (!request->finished) request->agent->callbacks.cancelled(request->agent->context, request);
  request_release(request);
  return G_SOURCE_REMOVE;
}

static void on_cancelled(GCancellable *cancellable, gpointer data) {
  (void)cancellable;
  LfPolkitRequest *request = data;
  request->references++;
  g_idle_add(report_cancellation, request);
}

static void initiate_authentication(
    PolkitAgentListener *listener, const gchar *action_id, const gchar *message,
    const gchar *icon_name, PolkitDetails *details, const gchar *cookie, GList *identities,
    GCancellable *cancellable, GAsyncReadyCallback callback, gpointer user_data) {
  (void)icon_name;
  LfPolkitAgent *agent = ((LfPolkitListener *)listener)->agent;
  LfPolkitRequest *request = g_new0(LfPolkitRequest, 1);
  request->references = 1;
  request->agent = agent;
  request->task = g_task_new(listener, cancellable, callback, user_data);
  request->action_id = g_strdup(action_id);
  request->message = g_strdup(message);
  request->cookie = g_strdup(cookie);
  request->details = details != NULL ? g_object_ref(details) : NULL;
  request->users = g_array_new(FALSE, FALSE, sizeof(uint32_t));
  for (GList *each = identities; each != NULL; each = each->next) {
    if (!POLKIT_IS_UNIX_USER(each->data)) continue;
    uint32_t uid = (uint32_t)polkit_unix_user_get_uid(POLKIT_UNIX_USER(each->data));
    g_array_append_val(request->users, uid);
  }
  if (cancellable != NULL) {
    request->cancellable = g_object_ref(cancellable);
    request->cancelled_handler =
        g_cancellable_connect(cancellable, G_CALLBACK(on_cancelled), request, NULL);
  }
  agent->callbacks.begin(agent->context, request);
}

static gboolean initiate_authentication_finish(
    PolkitAgentListener *listener, GAsyncResult *result, GError **error) {
  (void)listener;
  return g_task_propagate_boolean(G_TASK(result), error);
}

static void lf_polkit_listener_init(LfPolkitListener *self) { (void)self; }

static void lf_polkit_listener_class_init(LfPolkitListenerClass *class) {
  PolkitAgentListenerClass *listener = POLKIT_AGENT_LISTENER_CLASS(class);
  listener->initiate_authentication = initiate_authentication;
  listener->initiate_authentication_finish = initiate_authentication_finish;
}

LfPolkitAgent *lf_polkit_agent_new(const LfPolkitListenerCallbacks *callbacks, void *context) {
  LfPolkitAgent *agent = g_new0(LfPolkitAgent, 1);
  agent->callbacks = *callbacks;
  agent->context = context;
  LfPolkitListener *listener = g_object_new(lf_polkit_listener_get_type(), NULL);
  listener->agent = agent;
  agent->listener = POLKIT_AGENT_LISTENER(listener);
  return agent;
}

static int fail(GError *error, char **message) {
  *message = g_strdup(error->message);
  g_error_free(error);
  return -1;
}

int lf_polkit_agent_register(LfPolkitAgent *agent, int process_id, char **message) {
  GError *error = NULL;
  PolkitSubject *subject;
  if (process_id > 0) {
    // Start time and owner are read from /proc, as pkttyagent --process does.
    subject = polkit_unix_process_new_for_owner(process_id, 0, -1);
  } else {
    subject = polkit_unix_session_new_for_process_sync(getpid(), NULL, &error);
    if (subject == NULL) return fail(error, message);
  }
  agent->registration = polkit_agent_listener_register(
      agent->listener, POLKIT_AGENT_REGISTER_FLAGS_NONE, subject, NULL, NULL, &error);
  g_object_unref(subject);
  return agent->registration != NULL ? 0 : fail(error, message);
}

static void on_owner(GObject *authority, GParamSpec *property, gpointer data) {
  (void)property;
  LfPolkitAgent *agent = data;
  char *owner = polkit_authority_get_owner(POLKIT_AUTHORITY(authority));
  agent->daemon_changed(agent->context, owner != NULL);
  g_free(owner);
}

int lf_polkit_agent_watch_daemon(
    LfPolkitAgent *agent, void (*changed)(void *context, int running)) {
  agent->authority = polkit_authority_get_sync(NULL, NULL);
  if (agent->authority == NULL) return -1;
  agent->daemon_changed = changed;
  g_signal_connect(agent->authority, "notify::owner", G_CALLBACK(on_owner), agent);
  return 0;
}

void lf_polkit_agent_unregister(LfPolkitAgent *agent) {
  if (agent->registration == NULL) return;
  polkit_agent_listener_unregister(agent->registration);
  agent->registration = NULL;
}

void lf_polkit_free(void *memory) { g_free(memory); }

char *lf_polkit_action_program(const char *action_id) {
  PolkitAuthority *authority = polkit_authority_get_sync(NULL, NULL);
  if (authority == NULL) return NULL;
  GList *actions = polkit_authority_enumerate_actions_sync(authority, NULL, NULL);
  char *program = NULL;
  for (GList *each = actions; each != NULL; each = each->next) {
    PolkitActionDescription *action = each->data;
    if (g_strcmp0(polkit_action_description_get_action_id(action), action_id) == 0) {
      program = g_strdup(
          polkit_action_description_get_annotation(action, "org.freedesktop.policykit.exec.path"));
      break;
    }
  }
  g_list_free_full(actions, g_object_unref);
  g_object_unref(authority);
  return program;
}

const char *lf_polkit_request_action_id(const LfPolkitRequest *request) {
  return request->action_id;
}

const char *lf_polkit_request_message(const LfPolkitRequest *request) { return request->message; }

const char *lf_polkit_request_detail(const LfPolkitRequest *request, const char *key) {
  return request->details != NULL ? polkit_details_lookup(request->details, key) : NULL;
}

unsigned lf_polkit_request_user_count(const LfPolkitRequest *request) {
  return request->users->len;
}

uint32_t lf_polkit_request_user_id(const LfPolkitRequest *request, unsigned index) {
  return g_array_index(request->users, uint32_t, index);
}

void lf_polkit_request_finish(LfPolkitRequest *request, LfPolkitOutcome outcome) {
  g_return_if_fail(!request->finished);
  request->finished = TRUE;
  if (request->cancellable != NULL)
    g_cancellable_disconnect(request->cancellable, request->cancelled_handler);
  switch (outcome) {
    case LF_POLKIT_AUTHENTICATED:
      g_task_return_boolean(request->task, TRUE);
      break;
    case LF_POLKIT_DISMISSED:
      // polkitd takes this error as "dismissed by the user".
      g_task_return_new_error(
          request->task, POLKIT_ERROR, POLKIT_ERROR_CANCELLED,
          "Authentication dialog was dismissed by the user");
      break;
    case LF_POLKIT_FAILED:
      g_task_return_new_error(
          request->task, POLKIT_ERROR, POLKIT_ERROR_FAILED, "The request could not be shown");
      break;
  }
  request_release(request);
}

static void on_request(PolkitAgentSession *s, const gchar *text, gboolean echo_on, gpointer data) {
  (void)s;
  LfPolkitSession *session = data;
  session->callbacks.request(session->context, text, echo_on);
}

static void on_show_info(PolkitAgentSession *s, const gchar *text, gpointer data) {
  (void)s;
  LfPolkitSession *session = data;
  session->callbacks.message(session->context, text, 0);
}

static void on_show_error(PolkitAgentSession *s, const gchar *text, gpointer data) {
  (void)s;
  LfPolkitSession *session = data;
  session->callbacks.message(session->context, text, 1);
}

static void on_completed(PolkitAgentSession *s, gboolean gained, gpointer data) {
  (void)s;
  LfPolkitSession *session = data;
  session->callbacks.completed(session->context, gained);
}

LfPolkitSession *lf_polkit_session_start(
    LfPolkitRequest *request, uint32_t user_id, const LfPolkitSessionCallbacks *callbacks,
    void *context) {
  LfPolkitSession *session = g_new0(LfPolkitSession, 1);
  session->callbacks = *callbacks;
  session->context = context;
  PolkitIdentity *identity = polkit_unix_user_new((gint)user_id);
  session->session = polkit_agent_session_new(identity, request->cookie);
  g_object_unref(identity);
  g_signal_connect(session->session, "request", G_CALLBACK(on_request), session);
  g_signal_connect(session->session, "show-info", G_CALLBACK(on_show_info), session);
  g_signal_connect(session->session, "show-error", G_CALLBACK(on_show_error), session);
  g_signal_connect(session->session, "completed", G_CALLBACK(on_completed), session);
  polkit_agent_session_initiate(session->session);
  return session;
}

void lf_polkit_session_respond(LfPolkitSession *session, const char *response) {
  polkit_agent_session_response(session->session, response);
}

void lf_polkit_session_stop(LfPolkitSession *session) {
  g_signal_handlers_disconnect_by_data(session->session, session);
  polkit_agent_session_cancel(session->session);
  g_object_unref(session->session);
  g_free(session);
}
