// gettext, as the C library provides it: the one piece of C the prompt
// contract and the front-end core use, for the words they show.
#ifndef LOGIN_FORM_GETTEXT_H
#define LOGIN_FORM_GETTEXT_H

#include <libintl.h>
#include <locale.h>

#endif
