/*
 * framework_test_util.h - what the framework's test programs share
 * (test_framework.c, test_framework_codec.c, test_framework_graph.c): the
 * example game, a bare kind for hand-made game_defs, and a codec round trip.
 */
#ifndef FRAMEWORK_TEST_UTIL_H
#define FRAMEWORK_TEST_UTIL_H

#include <jansson.h>

#include "game.h"
#include "game_json.h"

/* The example game, Sealed Bids (games/example/example.c). */
extern const game_kind *const K;

/* A bare kind (2-4 players) for the tests' own game_defs. */
extern const game_kind opt_kind;

/* `state` saved through `io` both ways (tree and text) is `want`; the tree. */
json_t *saved_as(void (*io)(game_io *, void *), const void *state, const char *want);

#endif
