/*
 * game.c - the small helpers of the game interface (game.h) that every
 * game module uses: an options() entry and a reason string; and the
 * common view fields the store adds to every view (who looks, the names).
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

void game_view_common(json_t *view, int seat, const char *const *names, size_t n)
{
    json_t *pl = json_object_get(view, "players");
    json_object_set_new(view, "role", json_string(seat >= 0                 ? "seat"
                                                  : seat == GAME_SEAT_HOST ? "host"
                                                                           : "watcher"));
    if (seat >= 0)
        json_object_set_new(view, "seat", json_integer(seat));
    if (!json_is_array(pl) || json_array_size(pl) != n) {
        pl = json_array();
        json_object_set_new(view, "players", pl);
    }
    for (size_t i = 0; i < n; i++) {
        json_t *p = json_array_get(pl, i);
        if (!json_is_object(p)) {
            p = json_object();
            if (i < json_array_size(pl))
                json_array_set_new(pl, i, p);
            else
                json_array_append_new(pl, p);
        }
        if (!json_object_get(p, "seat"))
            json_object_set_new(p, "seat", json_integer((json_int_t)i));
        /* the seat's name is the match's, one fact: a seat that changed
         * hands shows its new name, whatever the game kept */
        json_object_set_new(p, "name", json_string(names[i]));
    }
}
