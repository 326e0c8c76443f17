/*
 * woodlouse_test_util.h - what the Woodlouse Chaos test programs share
 * (test_woodlouse_turn.c, test_woodlouse_round.c, test_woodlouse_games.c):
 * the shared harness (game_test.h) on the heap, the last action's events,
 * views read as numbers, a turn performed and guessed, scenes arranged by
 * editing a saved state (every card stays somewhere: load() checks it).
 */
#ifndef WOODLOUSE_TEST_UTIL_H
#define WOODLOUSE_TEST_UTIL_H

#include <stdint.h>

#include <jansson.h>

#include "game.h"
#include "game_test.h"

extern const game_kind *const K;
extern const int64_t T0;
extern json_t *ev;
int teardown(void **state);
gt *make(int n, const char *opts, uint64_t seed);
void done(gt *t);

/* Apply `body` from `seat` at `now` (gt_act: a refusal must change
 * nothing and say why). */
int act_at(gt *st, int seat, const char *body, int64_t now);

int act(gt *st, int seat, const char *body);
json_t *view(const gt *st, int seat);
json_int_t vint(const gt *st, const char *key);
const char *vstr(const gt *st, const char *key, char buf[64]);
int pile(const gt *st, int seat);
int in_array(const json_t *a, json_int_t x);

/* The trainer's card (from the host view) and its code. */
void card_of(const gt *st, char species[32], int *count);

int position_of(const gt *st, const char *species);

/* The first event of `type` among the last events, or NULL. */
json_t *event(const char *type);

int trainer(const gt *st);

/* Draw (if not yet) and perform the right code, claps and bangs mixed;
 * guessing is then open. */
void perform(gt *st);

void guess(gt *st, int seat, const char *species, int count, int want);

/* A guess that is wrong for the current card. */
void wrong_guess(gt *st, int seat, int want);

void pass_all(gt *st);

/* `st` rebuilt after `fn` edits its save (gt_patch). */
gt *edited(gt *st, void (*fn)(json_t *saved));

/* Every card of the species in play is in exactly one place. */
void check_cards(const gt *st, int total);

#endif
