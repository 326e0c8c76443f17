/*
 * whirlpool_test_util.h - what the Whirlpool Pond test programs share
 * (test_whirlpool_pond.c, test_whirlpool_moves.c, test_whirlpool_play.c).
 *
 * Matches run in the shared harness (game_test.h: gt_make, gt_act with
 * the all-or-nothing check, gt_patch).  Positions are built exactly with
 * load() of a saved state patched by hand (tubes, balloons, stash, phase,
 * whose turn), and the next die roll
 * is chosen by putting in an rng state found to give it, so every
 * scenario is a precise position from the rules text.  Coordinates are
 * [column, row] of the default pond (games/whirlpool/WHIRLPOOL.md):
 *
 *      0 1 2 3 4 5 6 7 8
 *   0  . x x x x . . . .
 *   1  . S 3 3 s 3 3 C x     S: suns 3   C: crowns 3   (ring 3, outer)
 *   2  . 3 S 2 2 2 C 3 x     s, c, m, a: where the tubes start
 *   3  . 3 2 S 1 C 2 3 x
 *   4  x a 2 1 O 1 2 c x     O: the whirlpool
 *   5  x 3 2 A 1 M 2 3 .
 *   6  x 3 A 2 2 2 M 3 .
 *   7  x A 3 3 m 3 3 M .     A: arms   M: moons
 *   8  . . . . x x x x .
 */
#ifndef WHIRLPOOL_TEST_UTIL_H
#define WHIRLPOOL_TEST_UTIL_H

#include <stddef.h>
#include <stdint.h>

#include <jansson.h>

#include "game.h"
#include "game_test.h"
#include "whirlpool_int.h"

extern const game_kind *const K;
extern const game_ctx ctx;
gt *create_opts(int n, uint64_t seed, const char *opts);
void done(gt *t);

/* The rng state (hex) whose next die roll is `v` (the module rolls
 * rng_below(6) + 1). */
void rng_for(int v, char out[65]);

gt *patched(int n, const char *patch);

/* A position in the middle of the game: `tubes` is the JSON array of
 * tubes, `turn` moves, in `phase` ("roll" or "act"); when rolling, the
 * die will show `roll`; `stash` is a JSON array. */
gt *scene(int n, const char *tubes, int turn, const char *phase, int roll, const char *stash);

/* Apply `body` from `seat` (gt_act: a refusal changes nothing and says
 * why); the events (if asked) are a new reference, empty on a refusal. */
int act(gt *st, int seat, const char *body, json_t **events);

void assert_at(gt *st, int seat, int col, int row);

/* Compare a JSON member with JSON text. */
void assert_json(const json_t *got, const char *want);

void assert_balloons(gt *st, int seat, const char *want);
void assert_view(gt *st, const char *key, const char *want);

/* The k-th event of `type` (0-based), or NULL. */
json_t *event(json_t *events, const char *type, int k);

/* An illegal action must change nothing. */
void assert_refused(gt *st, int seat, const char *body, int want);

/* Suns at (4,1) with [6,5] has Crowns at (4,6) (5 spaces south, [6,5])
 * in its sights, and Moons (third seat, if any) at (3,2), diagonally
 * next to it. */
gt *extortion(int n);

#endif
