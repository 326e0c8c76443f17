/*
 * test_bots_hidden.c - the search bot decides from what its seat sees
 * (issue 18 item 3), for every registered game with a determinize hook.
 *
 * A match is played at random; at points along it, for each seat with
 * listed actions, a twin of the state is made that the seat cannot tell
 * from it (its view and its actions are the same) but that differs in
 * what it cannot see (the saves differ: other hands, the deck's order,
 * the dice).  Drawn with the same seed, both give the same sampled state
 * (the hook forgets what the seat cannot see), and the search bot,
 * handed each, makes the same decision with the same seed.  A game whose
 * hook kept any trace of the hidden part (an unsorted pool of cards, the
 * old rng) fails here.  A twin drawn by the hook itself cannot differ in
 * a part the hook forgets to draw, so Woobieworld also gets twins made by
 * hand (swapped_twin), and a second match in its speed variant (cards
 * face down).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>
#include <jansson.h>

#include "bots.h"
#include "game.h"
#include "registry.h"
#include "rng.h"
#include "wb_err.h"

static char *saved(const game_kind *k, const void *st)
{
    json_t *s = k->save(st);
    char *t = json_dumps(s, JSON_COMPACT | JSON_SORT_KEYS);
    json_decref(s);
    return t;
}

/* The search's decision for `seat` handed the sample drawn from `st`. */
static json_t *decide(const game_kind *k, const void *st, int seat, size_t np, uint64_t seed,
                      char **sample)
{
    void *sampled = NULL;
    assert_int_equal(k->determinize(st, seat, seed, &sampled), WB_OK);
    *sample = saved(k, sampled);
    json_t *view = k->view(st, seat), *acts = k->actions(st, seat), *action = NULL;
    game_turn t = {k, "search", BOT_LEVEL_UNTIMED, seat, view, acts, seed + 1, NULL, sampled, np};
    int64_t delay;
    assert_int_equal(bot_decide(&t, &action, &delay), WB_OK);
    json_decref(view);
    json_decref(acts);
    k->destroy(sampled);
    return action;
}

/* The search's decision on `st` and the sample it was handed. */
typedef struct seen {
    json_t *decision;
    char *sample;
} seen;

/* `twin` against `st` (whose decision is `d`) for one seat at one point:
 * the seat cannot tell them apart, the search draws the same sample from
 * both and makes the same decision.  1 when the twin's save differs. */
static int check_pair(const game_kind *k, const void *st, const seen *d, const void *twin,
                      int seat, size_t np, uint64_t seed)
{
    json_t *v1 = k->view(st, seat), *v2 = k->view(twin, seat);
    json_t *a1 = k->actions(st, seat), *a2 = k->actions(twin, seat);
    assert_true(json_equal(v1, v2)); /* the seat cannot tell them apart */
    assert_true(json_equal(a1, a2));
    char *s1 = saved(k, st), *s2 = saved(k, twin);
    int differs = strcmp(s1, s2) != 0;
    char *p2;
    json_t *d2 = decide(k, twin, seat, np, seed, &p2);
    assert_string_equal(d->sample, p2); /* the same sample: nothing hidden kept */
    assert_true(json_equal(d->decision, d2));
    free(s1), free(s2), free(p2);
    json_decref(v1), json_decref(v2), json_decref(a1), json_decref(a2);
    json_decref(d2);
    return differs;
}

/* Woobieworld's twin made by hand, not by the hook under test (so a part
 * the hook forgot to draw again differs too): the save with a card of the
 * next seat's hand (not one it took back this turn: that one is public),
 * or its card face down while the cycle's cards are sealed, swapped with
 * a card of the draw pile, loaded back; NULL when no swap gives a state
 * the seat cannot tell apart (an environment or a volcano never loads in
 * a hand).  *sealed: the swap was of a card face down. */
static void *swapped_twin(const game_kind *k, const void *st, int seat, size_t np, int *sealed)
{
    json_t *save = k->save(st), *v = k->view(st, seat), *l = k->actions(st, seat);
    json_t *other = json_array_get(json_object_get(save, "seats"), (size_t)(seat + 1) % np);
    size_t ndraw = json_array_size(json_object_get(save, "draw"));
    size_t nhand = json_array_size(json_object_get(other, "hand"));
    json_int_t barred = json_integer_value(json_object_get(other, "barred"));
    *sealed = !strcmp(json_string_value(json_object_get(save, "phase")), "choose") &&
              json_integer_value(json_object_get(other, "chosen")) >= 0;
    void *twin = NULL;
    for (size_t i = 0; i < (*sealed ? 1 : nhand) && !twin; i++) {
        for (size_t j = ndraw; j-- > 0 && !twin;) {
            json_t *c = json_deep_copy(save);
            json_t *o = json_array_get(json_object_get(c, "seats"), (size_t)(seat + 1) % np);
            json_t *x = *sealed ? json_object_get(o, "chosen")
                                : json_array_get(json_object_get(o, "hand"), i);
            json_t *y = json_array_get(json_object_get(c, "draw"), j);
            json_int_t xv = json_integer_value(x), yv = json_integer_value(y);
            char *why = NULL;
            void *t = NULL;
            if (xv != barred && xv != yv) {
                json_integer_set(x, yv);
                json_integer_set(y, xv);
                if (k->load(c, &t, &why) == WB_OK) {
                    json_t *tv = k->view(t, seat), *tl = k->actions(t, seat);
                    if (json_equal(v, tv) && json_equal(l, tl))
                        twin = t, t = NULL;
                    json_decref(tv), json_decref(tl);
                }
            }
            if (t)
                k->destroy(t);
            free(why);
            json_decref(c);
        }
    }
    json_decref(save), json_decref(v), json_decref(l);
    return twin;
}

static int hand_twins, sealed_twins; /* checked on a twin made by hand */

/* One seat at one point: a twin drawn by the game's own hook with another
 * seed, and for Woobieworld one made by hand. */
static int check_seat(const game_kind *k, const void *st, int seat, size_t np, uint64_t seed)
{
    seen d;
    d.decision = decide(k, st, seat, np, seed, &d.sample);
    void *twin = NULL;
    assert_int_equal(k->determinize(st, seat, seed ^ 0xabcdef, &twin), WB_OK);
    int differs = check_pair(k, st, &d, twin, seat, np, seed);
    k->destroy(twin);
    int sealed = 0;
    if (!strcmp(k->name, "woobieworld") && (twin = swapped_twin(k, st, seat, np, &sealed))) {
        assert_int_equal(check_pair(k, st, &d, twin, seat, np, seed), 1);
        hand_twins++;
        sealed_twins += sealed;
        k->destroy(twin);
    }
    json_decref(d.decision);
    free(d.sample);
    return differs;
}

/* Play a match of `k` with `options` at random, checking every seat with
 * listed actions every fourth step. */
static void play_checking(const game_kind *k, const char *options)
{
    static const char *const players[] = {"Ann", "Bob", "Cy", "Di"};
    size_t np = k->min_players < 2 ? 2 : k->min_players;
    game_ctx ctx = {NULL, 1000};
    void *st = NULL;
    char *why = NULL;
    json_t *opts = json_loads(options, 0, NULL);
    assert_int_equal(k->create(&ctx, players, np, opts, 18, &st, &why), WB_OK);
    json_decref(opts);
    rng r;
    rng_seed(&r, 3);
    int checked = 0, differed = 0;
    hand_twins = sealed_twins = 0;
    for (int step = 0; step < 120 && !k->finished(st); step++) {
        json_t *pick = NULL;
        int who = -1;
        for (size_t s = 0; s < np; s++) {
            json_t *l = k->actions(st, (int)s);
            if (step % 4 == 0 && json_array_size(l)) {
                differed += check_seat(k, st, (int)s, np, (uint64_t)step * 7919);
                checked++;
            }
            size_t j, nfree = 0;
            json_t *a = NULL;
            json_array_foreach(l, j, a)
                nfree += !json_object_get(a, "$params");
            if (!pick && nfree) {
                size_t at = rng_below(&r, nfree);
                json_array_foreach(l, j, a)
                    if (!json_object_get(a, "$params") && at-- == 0)
                        break;
                pick = json_incref(a);
                who = (int)s;
            }
            json_decref(l);
        }
        json_t *ev = json_array();
        json_t *timer = json_pack("{s:s}", "type", "timer");
        int rc = pick ? k->apply(st, &ctx, who, pick, ev, &why)
                      : k->apply(st, &ctx, GAME_SEAT_SYSTEM, timer, ev, &why);
        json_decref(timer);
        free(why);
        why = NULL;
        json_decref(ev);
        json_decref(pick);
        if (rc != WB_OK)
            break;
    }
    printf("# %s %s: %d decisions checked, %d on a twin that differs; %d twins made by hand, "
           "%d of a card face down\n", k->name, options, checked, differed, hand_twins,
           sealed_twins);
    assert_true(checked > 0 && differed > 0);
    if (!strcmp(k->name, "woobieworld"))
        assert_true(hand_twins > 0 && (!strstr(options, "speed") || sealed_twins > 0));
    k->destroy(st);
}

/* Options that reach hidden parts the defaults do not: Woobieworld's
 * speed variant (cards face down until every seat has chosen). */
static const struct {
    const char *game, *options;
} variants[] = {
    {"woobieworld", "{\"speed\": true}"},
};

static void test_same_decision(void **state)
{
    (void)state;
    size_t nk, hooked = 0;
    const game_kind *const *kinds = game_registry(&nk);
    for (size_t i = 0; i < nk; i++) {
        const game_kind *k = kinds[i];
        if (!k->determinize)
            continue;
        hooked++;
        play_checking(k, "{}");
        for (size_t v = 0; v < sizeof variants / sizeof variants[0]; v++)
            if (strcmp(k->name, variants[v].game) == 0)
                play_checking(k, variants[v].options);
    }
    /* Whirlpool Pond, Woodlouse Chaos and Woobieworld at least */
    assert_true(hooked >= 3);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_same_decision),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
