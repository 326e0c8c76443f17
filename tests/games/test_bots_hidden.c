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
 * old rng) fails here.
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

/* One seat at one point: the twin, and the decisions on both. */
static int check_seat(const game_kind *k, const void *st, int seat, size_t np, uint64_t seed)
{
    void *twin = NULL;
    assert_int_equal(k->determinize(st, seat, seed ^ 0xabcdef, &twin), WB_OK);
    json_t *v1 = k->view(st, seat), *v2 = k->view(twin, seat);
    json_t *a1 = k->actions(st, seat), *a2 = k->actions(twin, seat);
    assert_true(json_equal(v1, v2)); /* the seat cannot tell them apart */
    assert_true(json_equal(a1, a2));
    char *s1 = saved(k, st), *s2 = saved(k, twin);
    int differs = strcmp(s1, s2) != 0;
    char *p1, *p2;
    json_t *d1 = decide(k, st, seat, np, seed, &p1), *d2 = decide(k, twin, seat, np, seed, &p2);
    assert_string_equal(p1, p2); /* the same sample: nothing hidden kept */
    assert_true(json_equal(d1, d2));
    free(s1), free(s2), free(p1), free(p2);
    json_decref(v1), json_decref(v2), json_decref(a1), json_decref(a2);
    json_decref(d1), json_decref(d2);
    k->destroy(twin);
    return differs;
}

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
        static const char *const players[] = {"Ann", "Bob", "Cy", "Di"};
        size_t np = k->min_players < 2 ? 2 : k->min_players;
        game_ctx ctx = {NULL, 1000};
        void *st = NULL;
        char *why = NULL;
        json_t *opts = json_object();
        assert_int_equal(k->create(&ctx, players, np, opts, 18, &st, &why), WB_OK);
        json_decref(opts);
        rng r;
        rng_seed(&r, 3);
        int checked = 0, differed = 0;
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
        printf("# %s: %d decisions checked, %d on a twin that differs\n", k->name, checked,
               differed);
        assert_true(checked > 0 && differed > 0);
        k->destroy(st);
    }
    assert_true(hooked >= 2); /* Whirlpool Pond and Woodlouse Chaos at least */
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_same_decision),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
