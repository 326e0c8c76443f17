/*
 * woodlouse_test_util.c - see woodlouse_test_util.h.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "game.h"
#include "game_test.h"
#include "wb_err.h"
#include "woodlouse.h"
#include "woodlouse_int.h"

#include "woodlouse_test_util.h"

const game_kind *const K = &game_woodlouse;

const int64_t T0 = GT_T0;

/* The match of the last accepted action, and its events (the harness's:
 * valid until that match acts again or is freed). */
static gt *last_t;

json_t *ev;

int teardown(void **state)
{
    (void)state;
    last_t = NULL;
    ev = NULL;
    return 0;
}

gt *make(int n, const char *opts, uint64_t seed)
{
    gt *t = calloc(1, sizeof *t);
    gt_make(t, K, n, opts, seed);
    return t;
}

void done(gt *t)
{
    if (t == last_t)
        last_t = NULL, ev = NULL;
    gt_free(t);
    free(t);
}

/* Apply `body` from `seat` at `now` (gt_act: a refusal must change
 * nothing and say why). */
int act_at(gt *st, int seat, const char *body, int64_t now)
{
    st->now = now;
    int rc = gt_act(st, seat, "%s", body);
    st->now = T0;
    if (!rc) {
        last_t = st;
        ev = st->ev;
    }
    return rc;
}

int act(gt *st, int seat, const char *body) { return act_at(st, seat, body, T0); }

json_t *view(const gt *st, int seat) { return gt_view(st, seat); }

json_int_t vint(const gt *st, const char *key)
{
    json_t *v = view(st, GAME_SEAT_PUBLIC);
    json_int_t n = json_integer_value(json_object_get(v, key));
    json_decref(v);
    return n;
}

const char *vstr(const gt *st, const char *key, char buf[64])
{
    json_t *v = view(st, GAME_SEAT_PUBLIC);
    snprintf(buf, 64, "%s", json_string_value(json_object_get(v, key)));
    json_decref(v);
    return buf;
}

int pile(const gt *st, int seat)
{
    json_t *v = view(st, GAME_SEAT_PUBLIC);
    int n = (int)json_integer_value(
        json_object_get(json_array_get(json_object_get(v, "seats"), (size_t)seat), "score_pile"));
    json_decref(v);
    return n;
}

int in_array(const json_t *a, json_int_t x)
{
    size_t i;
    json_t *v;
    json_array_foreach(a, i, v)
        if (json_integer_value(v) == x)
            return 1;
    return 0;
}

/* The trainer's card (from the host view) and its code. */
void card_of(const gt *st, char species[32], int *count)
{
    json_t *v = view(st, GAME_SEAT_HOST), *c = json_object_get(v, "card");
    assert_non_null(c);
    snprintf(species, 32, "%s", json_string_value(json_object_get(c, "species")));
    *count = (int)json_integer_value(json_object_get(c, "count"));
    json_decref(v);
}

int position_of(const gt *st, const char *species)
{
    json_t *v = view(st, GAME_SEAT_PUBLIC), *seq = json_object_get(v, "sequence");
    int pos = 0;
    for (size_t i = 0; i < json_array_size(seq); i++)
        if (strcmp(json_string_value(json_array_get(seq, i)), species) == 0)
            pos = (int)i + 1;
    json_decref(v);
    return pos;
}

/* The first event of `type` among the last events, or NULL. */
json_t *event(const char *type) { return last_t ? gt_event(last_t, type) : NULL; }

int trainer(const gt *st) { return (int)vint(st, "trainer"); }

/* Draw (if not yet) and perform the right code, claps and bangs mixed;
 * guessing is then open. */
void perform(gt *st)
{
    char buf[64], sp[32];
    int tr = trainer(st), count;
    if (strcmp(vstr(st, "phase", buf), "draw") == 0)
        assert_int_equal(act(st, tr, "{\"type\":\"draw\"}"), WB_OK);
    card_of(st, sp, &count);
    int bangs = position_of(st, sp), claps = count;
    assert_true(bangs >= 1);
    while (bangs || claps) {
        if (claps) {
            assert_int_equal(act(st, tr, "{\"type\":\"clap\"}"), WB_OK);
            claps--;
        }
        if (bangs) {
            assert_int_equal(act(st, tr, "{\"type\":\"bang\"}"), WB_OK);
            bangs--;
        }
    }
    assert_int_equal(act(st, tr, "{\"type\":\"done\"}"), WB_OK);
    assert_non_null(event("code_complete"));
    assert_string_equal(vstr(st, "phase", buf), "guess");
}

void guess(gt *st, int seat, const char *species, int count, int want)
{
    char body[128];
    snprintf(body, sizeof body, "{\"type\":\"guess\",\"species\":\"%s\",\"count\":%d}",
             species, count);
    assert_int_equal(act(st, seat, body), want);
}

/* A guess that is wrong for the current card. */
void wrong_guess(gt *st, int seat, int want)
{
    char sp[32];
    int count;
    card_of(st, sp, &count);
    guess(st, seat, sp, count == 5 ? 4 : count + 1, want);
}

void pass_all(gt *st)
{
    json_t *v = view(st, GAME_SEAT_PUBLIC), *to = json_deep_copy(json_object_get(v, "to_act"));
    size_t i;
    json_t *s;
    json_decref(v);
    json_array_foreach(to, i, s)
        assert_int_equal(act(st, (int)json_integer_value(s), "{\"type\":\"pass\"}"), WB_OK);
    json_decref(to);
}

/* `st` rebuilt after `fn` edits its save (gt_patch). */
gt *edited(gt *st, void (*fn)(json_t *saved))
{
    gt_patch(st, fn);
    return st;
}

/* Every card of the species in play is in exactly one place. */
void check_cards(const gt *st, int total)
{
    json_t *v = view(st, GAME_SEAT_HOST), *piles = json_object_get(v, "score_piles");
    int n = (int)json_integer_value(json_object_get(v, "draw_pile"));
    const char *key;
    json_t *a;
    for (size_t i = 0; i < json_array_size(piles); i++)
        n += (int)json_array_size(json_array_get(piles, i));
    json_object_foreach(json_object_get(v, "out_of_game"), key, a)
        for (size_t k = 0; k < json_array_size(a); k++)
            n += (int)json_integer_value(json_array_get(a, k));
    n += json_object_get(v, "card") != NULL;
    assert_int_equal(n, total);
    json_decref(v);
}
