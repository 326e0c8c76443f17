/*
 * game_put.c - the small helpers game modules build with (game_def.h):
 * refusals with a reason, events, view members set one by one, query
 * arguments.  Moved out of game_def.c, which keeps the generic game_kind.
 */
#include "game_def.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "wb_err.h"

int game_refuse(char **why, int rc, const char *fmt, ...)
{
    va_list ap;
    char *msg = NULL;
    if (!why)
        return rc;
    va_start(ap, fmt);
    if (vasprintf(&msg, fmt, ap) < 0)
        abort(); /* out of memory: the policy of wb_malloc */
    va_end(ap);
    *why = msg;
    return rc;
}

void game_event(json_t *ev, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    json_t *e = json_vpack_ex(NULL, 0, fmt, ap);
    va_end(ap);
    if (!e)
        abort(); /* a bad format or a NULL string: a bug in the game */
    json_array_append_new(ev, e);
}

/* Is fmt a flat object of plain members, "{s:s, s:i, s:o, ...}", that
 * game_put can set one by one (views are built this way on every
 * action)? */
static int flat_format(const char *fmt)
{
    const char *p = fmt;
    if (*p++ != '{')
        return 0;
    for (;;) {
        while (*p == ' ' || *p == ',')
            p++;
        if (*p == '}')
            return p[1] == '\0';
        if (p[0] != 's' || p[1] != ':' || !strchr("siIboOn", p[2]) || !p[2])
            return 0;
        p += 3;
        if (*p == '*' && strchr("soO", p[-1]))
            p++; /* an optional member: left out when NULL */
    }
}

void game_put(json_t *o, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    if (flat_format(fmt)) {
        /* what json_pack then json_object_update do, without the object
         * in between */
        for (const char *p = fmt + 1; *p != '}'; p++) {
            if (*p != 's')
                continue;
            const char *key = va_arg(ap, const char *);
            json_t *v = NULL;
            p += 2;
            switch (*p) {
            case 's': {
                const char *str = va_arg(ap, const char *);
                v = str ? json_string(str) : NULL;
                break;
            }
            case 'i': v = json_integer(va_arg(ap, int)); break;
            case 'I': v = json_integer(va_arg(ap, json_int_t)); break;
            case 'b': v = json_boolean(va_arg(ap, int)); break;
            case 'o': v = va_arg(ap, json_t *); break;
            case 'O': v = json_incref(va_arg(ap, json_t *)); break;
            case 'n': v = json_null(); break;
            }
            if (!v && p[1] == '*')
                continue;
            if (!key || !v || json_object_set_new(o, key, v))
                abort(); /* a NULL string or value: a bug in the game */
        }
        va_end(ap);
        return;
    }
    json_t *m = json_vpack_ex(NULL, 0, fmt, ap);
    va_end(ap);
    if (!m || json_object_update(o, m))
        abort(); /* a bad format or a NULL string: a bug in the game */
    json_decref(m);
}

int game_arg_long(const json_t *args, const char *key, long def, long lo, long hi, long *out,
                  char **why)
{
    const char *s = json_string_value(json_object_get(args, key));
    char *end;
    long v;
    if (!json_object_get(args, key)) {
        *out = def;
        return WB_OK;
    }
    errno = 0;
    v = s ? strtol(s, &end, 10) : 0;
    if (!s || !*s || *end || errno || v < lo || v > hi)
        return game_refuse(why, WB_EINVAL, "%s must be a number from %ld to %ld", key, lo, hi);
    *out = v;
    return WB_OK;
}
