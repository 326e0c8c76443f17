/*
 * registry.c - the games the daemon runs, by their API names.
 *
 * Adding a game is adding its module and one line to `kinds`.
 */
#include "game.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "wb_mem.h"
#include "wibbell.h"

static const game_kind *const kinds[] = {
    &game_wibbell,
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

char *game_why(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(NULL, 0, fmt, ap);
    va_end(ap);
    char *s = wb_malloc((size_t)(n > 0 ? n : 0) + 1);
    va_start(ap, fmt);
    vsnprintf(s, (size_t)(n > 0 ? n : 0) + 1, fmt, ap);
    va_end(ap);
    return s;
}
