// GIO, for the systemd password agent's directory monitors: no GTK.
#ifndef LOGIN_FORM_CGIO_SHIM_H
#define LOGIN_FORM_CGIO_SHIM_H

#include <gio/gio.h>

#endif
