/*
 * registry.h - the games the daemon runs, by their API names.
 *
 * The one place above the games that knows all of them: the daemon hands
 * game_registry() to the match store (match_config.kinds), and the API
 * lists the kinds and checks a create's "game" against it.  Nothing below
 * (the framework, the store, a game) includes this header.
 */
#ifndef WB_GAMES_REGISTRY_H
#define WB_GAMES_REGISTRY_H

#include <stddef.h>

#include "game.h"

/* The registered games, in a fixed order; *n set to their number.  Static
 * storage: lives as long as the program. */
const game_kind *const *game_registry(size_t *n);
/* The game with this API name, or NULL. */
const game_kind *game_find(const char *name);

#endif
