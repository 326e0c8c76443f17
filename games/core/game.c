/*
 * game.c - the small helpers of the game interface (game.h) that every
 * game module uses: an options() entry and a reason string.
 */
#include "game.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

json_t *game_option(const char *type, json_t *def, const char *desc)
{
    json_t *o = json_object();
    if (!o || !def || json_object_set_new(o, "type", json_string(type)) ||
        json_object_set(o, "default", def) ||
        json_object_set_new(o, "description", json_string(desc))) {
        json_decref(o);
        o = NULL;
    }
    json_decref(def);
    return o;
}

char *game_why(const char *fmt, ...)
{
    va_list ap;
    char *s = NULL;
    va_start(ap, fmt);
    int n = vasprintf(&s, fmt, ap);
    va_end(ap);
    if (n < 0) {
        fprintf(stderr, "wibbelld: out of memory\n");
        abort();
    }
    return s;
}
