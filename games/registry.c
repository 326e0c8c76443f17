/*
 * registry.c - the games the daemon runs, by their API names: the one
 * file that knows every game (games/registry.h).
 *
 * Adding a game is adding its folder and one line to `kinds`.
 */
#include "registry.h"

#include <string.h>

#include "dumb.h"
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
