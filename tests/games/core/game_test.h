/*
 * game_test.h - the shared harness for game tests (cmocka), through the
 * game interface alone: create a match, act as a seat at a given time
 * (a refusal is checked to change nothing and to say why), find the
 * events of the last action, patch a scene (save, edit the JSON, load),
 * and assert that a view or event holds a JSON subset.
 */
#ifndef GAME_TEST_H
#define GAME_TEST_H

#include <jansson.h>
#include <stdint.h>

#include "dict.h"
#include "game.h"

#define GT_T0 1700000000000

/* The dictionaries every match the harness creates sees (NULL: none);
 * a test program with a dictionary sets it once. */
extern const dict_lib *gt_dicts;

typedef struct gt {
    const game_kind *k;
    void *st;
    json_t *ev;          /* the events of the last accepted action */
    char *why;           /* the reason of the last refusal */
    const dict_lib *dicts;
    int64_t now;         /* the time of the next action */
} gt;

/* Create a match of `n` players with options (JSON text) and a seed; the
 * test fails when create does. */
void gt_make(gt *t, const game_kind *k, int n, const char *opts, uint64_t seed);
/* A match loaded from a saved state; the test fails when load does. */
void gt_load(gt *t, const game_kind *k, const json_t *saved);
/* Create's code only (*why freed here), for refusals. */
int gt_create_rc(const game_kind *k, int n, const char *opts, uint64_t seed);
/* Create's code: on success t holds the match, on a refusal t->why the
 * reason (the test fails if there is none) and t no match. */
int gt_try_make(gt *t, const game_kind *k, int n, const char *opts, uint64_t seed);
void gt_free(gt *t);

/* Apply the action (printf-style JSON text) from `seat` at t->now: the
 * code.  On a refusal the saved state is unchanged, no event came and
 * t->why holds the reason. */
int gt_act(gt *t, int seat, const char *fmt, ...) __attribute__((format(printf, 3, 4)));

/* The first event of `type` of the last accepted action, or NULL. */
json_t *gt_event(const gt *t, const char *type);
/* The view for `seat`, a new reference. */
json_t *gt_view(const gt *t, int seat);
/* The legal actions of `seat`, a new reference. */
json_t *gt_actions(const gt *t, int seat);

/* Fail unless `actual` holds `expected` (JSON text): objects hold every
 * member of expected (recursively), arrays are equal element by element
 * in length and in subset, scalars equal. */
void gt_match(const json_t *actual, const char *expected);

/* A patched scene: save, edit with `fn`, load back (the test fails when
 * load refuses). */
void gt_patch(gt *t, void (*fn)(json_t *saved));

#endif
