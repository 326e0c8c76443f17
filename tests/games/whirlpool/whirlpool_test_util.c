/*
 * whirlpool_test_util.c - see whirlpool_test_util.h.
 */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "game.h"
#include "game_data.h"
#include "game_test.h"
#include "rng.h"
#include "wb_err.h"
#include "whirlpool.h"
#include "whirlpool_board.h"
#include "whirlpool_int.h"

#include "whirlpool_test_util.h"

const game_kind *const K = &game_whirlpool;

const game_ctx ctx = {NULL, 0};

gt *create_opts(int n, uint64_t seed, const char *opts)
{
    gt *t = calloc(1, sizeof *t);
    gt_make(t, K, n, opts ? opts : "{}", seed);
    t->now = 0;
    return t;
}

void done(gt *t)
{
    gt_free(t);
    free(t);
}

/* The rng state (hex) whose next die roll is `v` (the module rolls
 * rng_below(6) + 1). */
void rng_for(int v, char out[65])
{
    for (uint64_t seed = 1;; seed++) {
        rng r, probe;
        rng_seed(&r, seed);
        probe = r;
        if ((int)rng_below(&probe, 6) + 1 == v) {
            rng_save(&r, out);
            return;
        }
    }
}

/* A fresh match of `n` players with `patch` (a JSON object) merged into
 * its saved state, loaded back (gt_patch). */
static const char *the_patch;

static void merge_patch(json_t *saved)
{
    json_error_t err;
    json_t *p = json_loads(the_patch, 0, &err);
    if (!p)
        fail_msg("patch: %s", err.text);
    assert_int_equal(json_object_update(saved, p), 0);
    json_decref(p);
}

gt *patched(int n, const char *patch)
{
    gt *t = create_opts(n, 1, NULL);
    the_patch = patch;
    gt_patch(t, merge_patch);
    return t;
}

/* A position in the middle of the game: `tubes` is the JSON array of
 * tubes, `turn` moves, in `phase` ("roll" or "act"); when rolling, the
 * die will show `roll`; `stash` is a JSON array. */
gt *scene(int n, const char *tubes, int turn, const char *phase, int roll,
          const char *stash)
{
    char hex[65], patch[2048], rolls[32] = "[0,0", *p = rolls + strlen(rolls);
    for (int i = 2; i < n; i++, p += 2)
        memcpy(p, ",0", 3);
    strcat(rolls, "]");
    rng_for(roll ? roll : 1, hex);
    snprintf(patch, sizeof patch,
             "{\"tubes\":%s,\"phase\":\"%s\",\"turn\":%d,\"first\":%d,\"rolling\":[],"
             "\"rolls\":%s,\"rng\":\"%s\",\"stash\":%s,\"last_roll\":%d}",
             tubes, phase, turn, turn, rolls, hex, stash, roll);
    return patched(n, patch);
}

/* Apply `body` from `seat` (gt_act: a refusal changes nothing and says
 * why); the events (if asked) are a new reference, empty on a refusal. */
int act(gt *st, int seat, const char *body, json_t **events)
{
    int rc = gt_act(st, seat, "%s", body);
    if (events)
        *events = rc ? json_array() : json_incref(st->ev);
    return rc;
}

static json_t *player(gt *st, int seat, json_t **view)
{
    *view = gt_view(st, GAME_SEAT_PUBLIC);
    return json_array_get(json_object_get(*view, "players"), (size_t)seat);
}

void assert_at(gt *st, int seat, int col, int row)
{
    json_t *v, *p = player(st, seat, &v), *at = json_object_get(p, "at");
    if (col < 0) {
        assert_true(json_is_null(at));
        assert_false(json_is_true(json_object_get(p, "in_game")));
    } else {
        assert_int_equal(json_integer_value(json_array_get(at, 0)), col);
        assert_int_equal(json_integer_value(json_array_get(at, 1)), row);
    }
    json_decref(v);
}

/* Compare a JSON member with JSON text. */
void assert_json(const json_t *got, const char *want)
{
    json_t *w = json_loads(want, JSON_DECODE_ANY, NULL);
    assert_non_null(w);
    if (!json_equal(got, w)) {
        char *g = json_dumps(got, JSON_COMPACT | JSON_ENCODE_ANY);
        fprintf(stderr, "got %s, want %s\n", g ? g : "NULL", want);
        free(g);
    }
    assert_true(json_equal(got, w));
    json_decref(w);
}

void assert_balloons(gt *st, int seat, const char *want)
{
    json_t *v, *p = player(st, seat, &v);
    assert_json(json_object_get(p, "balloons"), want);
    json_decref(v);
}

void assert_view(gt *st, const char *key, const char *want)
{
    json_t *v = gt_view(st, GAME_SEAT_PUBLIC);
    assert_json(json_object_get(v, key), want);
    json_decref(v);
}

/* The k-th event of `type` (0-based), or NULL. */
json_t *event(json_t *events, const char *type, int k)
{
    size_t i;
    json_t *e;
    json_array_foreach(events, i, e)
        if (strcmp(json_string_value(json_object_get(e, "type")), type) == 0 && k-- == 0)
            return e;
    return NULL;
}

static char *saved_text(gt *st)
{
    json_t *s = K->save(st->st);
    char *t = json_dumps(s, JSON_COMPACT | JSON_SORT_KEYS);
    json_decref(s);
    return t;
}

/* An illegal action must change nothing. */
void assert_refused(gt *st, int seat, const char *body, int want)
{
    char *before = saved_text(st), *after;
    assert_int_equal(act(st, seat, body, NULL), want);
    after = saved_text(st);
    assert_string_equal(before, after);
    free(before);
    free(after);
}

/* Suns at (4,1) with [6,5] has Crowns at (4,6) (5 spaces south, [6,5])
 * in its sights, and Moons (third seat, if any) at (3,2), diagonally
 * next to it. */
gt *extortion(int n)
{
    return scene(n, n == 2 ? "[{\"at\":[4,1],\"balloons\":[6,5]},{\"at\":[4,6],\"balloons\":[6,5]}]"
                           : "[{\"at\":[4,1],\"balloons\":[6,5]},{\"at\":[4,6],\"balloons\":[6,5]},"
                             "{\"at\":[3,2],\"balloons\":[4]}]",
                 0, "act", 0, "[4]");
}
