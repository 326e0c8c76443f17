/*
 * dumb_test_util.h - what the World Dumbination rule tests share beside
 * their scenes (dumb_scene.h): the game interface (game.h) as matches.c
 * drives it: a match made, an action applied, a view searched, in the
 * shared harness (game_test.h: gt_make, and gt_act's check that a refusal
 * changes nothing and says why).
 */
#ifndef DUMB_TEST_UTIL_H
#define DUMB_TEST_UTIL_H

#include <stdint.h>

#include <jansson.h>

#include "game.h"

/* The game interface (game.h), as matches.c drives it. */
extern const game_kind *K;

/* A match (gt_make: the test fails when create does), a state to destroy. */
void *make(int n, const char *opts, uint64_t seed);
/* Apply `text` from `seat` at time 0 (gt_act): the code; *ev the events
 * (a new reference, empty on a refusal), and on a refusal *why the reason
 * (to free). */
int act(void *st, int seat, const char *text, json_t **ev, char **why);
/* Seats 0..n-1 each play the first action listed for them (asserted WB_OK). */
void first_listed_each(void *st, int n);

#endif
