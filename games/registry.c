/*
 * registry.c - the games the daemon runs, by their API names.
 *
 * Adding a game is adding its module and one line to `kinds`.
 */
#include "game.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dumb.h"
#include "wb_mem.h"
#include "whirlpool.h"
#include "wibbell.h"
#include "woobie.h"
#include "woodlouse.h"

static const game_kind *const kinds[] = {
    &game_wibbell,
    &game_whirlpool,
    &game_woodlouse,
    &game_woobie,
    &game_dumbination,
};

const game_kind *const *game_registry(size_t *n)
{
    *n = sizeof kinds / sizeof kinds[0];
    return kinds;
}

const game_kind *game_find(const char *name)
{
    for (size_t i = 0; i < sizeof kinds / sizeof kinds[0]; i++)
        if (strcmp(kinds[i]->name, name) == 0)
            return kinds[i];
    return NULL;
}

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
