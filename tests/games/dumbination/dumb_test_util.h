/*
 * dumb_test_util.h - what the World Dumbination rule tests share beside
 * their scenes (dumb_scene.h): the game interface (game.h) as matches.c
 * drives it: a match made, an action applied, a view searched.
 */
#ifndef DUMB_TEST_UTIL_H
#define DUMB_TEST_UTIL_H

#include <stdint.h>

#include <jansson.h>

#include "game.h"

/* The game interface (game.h), as matches.c drives it. */
extern const game_kind *K;

void *make(int n, const char *opts, uint64_t seed);
int act(void *st, int seat, const char *text, json_t **ev, char **why);
/* Seats 0..n-1 each play the first action listed for them (asserted WB_OK). */
void first_listed_each(void *st, int n);

#endif
