// libpolkit-agent-1, for the polkit authentication agent. Its API is
// declared unstable (and has not changed since polkit 0.105); the headers
// refuse to be included without this promise.
#ifndef LOGIN_FORM_CPOLKIT_SHIM_H
#define LOGIN_FORM_CPOLKIT_SHIM_H

#define POLKIT_AGENT_I_KNOW_API_IS_SUBJECT_TO_CHANGE
#include <polkitagent/polkitagent.h>

#endif
