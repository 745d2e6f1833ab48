// The polkit authentication agent's C side: a PolkitAgentListener subclass
// that hands each BeginAuthentication to the program as a request, and the
// PAM conversation of one request (a PolkitAgentSession) as four callbacks.
// Only plain C types cross: the program never sees a polkit object.
#ifndef LOGIN_FORM_POLKIT_AGENT_H
#define LOGIN_FORM_POLKIT_AGENT_H

#include <stdint.h>

/// One authentication polkitd asked for, until it is finished.
typedef struct LfPolkitRequest LfPolkitRequest;
/// One PAM conversation for a request, through polkit's setuid helper.
typedef struct LfPolkitSession LfPolkitSession;
/// The registered listener.
typedef struct LfPolkitAgent LfPolkitAgent;

typedef struct {
  /// polkitd asks: the program shows the request, then finishes it.
  void (*begin)(void *context, LfPolkitRequest *request);
  /// polkitd withdrew the request (CancelAuthentication; its caller is
  /// gone): the program hides it and finishes it.
  void (*cancelled)(void *context, LfPolkitRequest *request);
} LfPolkitListenerCallbacks;

typedef struct {
  /// PAM asks for `text` (PAM_PROMPT_ECHO_OFF, or ECHO_ON when `echo_on`).
  void (*request)(void *context, const char *text, int echo_on);
  /// PAM says something (PAM_TEXT_INFO), or an error (PAM_ERROR_MSG).
  void (*message)(void *context, const char *text, int is_error);
  /// The conversation ended; `gained` when polkitd got the authorization.
  void (*completed)(void *context, int gained);
} LfPolkitSessionCallbacks;

/// How a request ends, as polkitd is told.
typedef enum {
  LF_POLKIT_AUTHENTICATED,
  /// The user dismissed it (polkit's "Cancelled").
  LF_POLKIT_DISMISSED,
  /// It could not be asked (no window, no locked memory).
  LF_POLKIT_FAILED,
} LfPolkitOutcome;

/// A listener calling `callbacks` with `context`; registered with
/// lf_polkit_agent_register().
LfPolkitAgent *lf_polkit_agent_new(const LfPolkitListenerCallbacks *callbacks, void *context);

/// Registers as the authentication agent for process `process_id`, or for
/// this process's login session when it is 0. 0 on success; else -1 with
/// `*message` a newly allocated reason (free with lf_polkit_free()).
int lf_polkit_agent_register(LfPolkitAgent *agent, int process_id, char **message);

/// Calls `changed(context, running)` whenever polkitd leaves the system bus
/// (`running` 0) or comes back (1). 0, or -1 when polkit cannot be reached.
int lf_polkit_agent_watch_daemon(LfPolkitAgent *agent, void (*changed)(void *context, int running));

/// Withdraws the registration, if any (polkitd may already be gone).
void lf_polkit_agent_unregister(LfPolkitAgent *agent);

void lf_polkit_free(void *memory);

/// The program pkexec may run under action `action_id` (its
/// org.freedesktop.policykit.exec.path annotation), newly allocated; NULL
/// when polkitd cannot be asked or the action names none.
char *lf_polkit_action_program(const char *action_id);

/// The request's fields; NULL for a detail polkitd did not give.
const char *lf_polkit_request_action_id(const LfPolkitRequest *request);
const char *lf_polkit_request_message(const LfPolkitRequest *request);
const char *lf_polkit_request_detail(const LfPolkitRequest *request, const char *key);
/// The users whose password would do, in polkitd's order (groups are left
/// out: polkitd names the users of an admin group itself).
unsigned lf_polkit_request_user_count(const LfPolkitRequest *request);
uint32_t lf_polkit_request_user_id(const LfPolkitRequest *request, unsigned index);

/// Tells polkitd how the request ended and frees it.
void lf_polkit_request_finish(LfPolkitRequest *request, LfPolkitOutcome outcome);

/// Starts PAM's conversation for user `user_id` of `request`: the
/// callbacks are called from the main loop with `context` until
/// `completed`, or until the session is stopped.
LfPolkitSession *lf_polkit_session_start(
    LfPolkitRequest *request, uint32_t user_id, const LfPolkitSessionCallbacks *callbacks,
    void *context);

/// Hands PAM's current request `response` (a line; nothing is copied: it
/// goes from this memory to the helper's pipe).
void lf_polkit_session_respond(LfPolkitSession *session, const char *response);

/// Ends the conversation (the helper is killed if it still runs) and frees
/// it; no callback is called after this.
void lf_polkit_session_stop(LfPolkitSession *session);

#endif
