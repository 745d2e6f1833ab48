// gcr's locked memory (gcr-base-3): the one pool every secret here lives in.
// No GTK: what holds a secret needs no display.
#ifndef LOGIN_FORM_GCR_H
#define LOGIN_FORM_GCR_H

// gcr's API is stable in 3.x, but its headers insist on this.
#define GCR_API_SUBJECT_TO_CHANGE
#include <gcr/gcr-base.h>

#endif
