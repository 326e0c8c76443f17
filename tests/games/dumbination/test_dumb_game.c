/*
 * test_dumb_game.c - World Dumbination (games/dumbination/) through the
 * game interface: secrets in the views and the secret plan, refusals that
 * change nothing, options, custom boards and decks, and seeded random
 * matches to the end for 2-5 players.
 * Scenarios are built on a real set-up whose board is cleared and arranged
 * piece by piece through the module's internal header (the rules are plain
 * C; dumb_scene.h), matches through the game interface (dumb_test_util.h).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "dumb.h"
#include "dumb_int.h"
#include "dumb_scene.h"
#include "dumb_test_util.h"
#include "game.h"
#include "rng.h"
#include "wb_err.h"

/* --- helpers (and dumb_scene.h) --------------------------------------------- */

static int view_has(void *st, int seat, const char *needle)
{
    json_t *v = K->view(st, seat);
    char *d = json_dumps(v, JSON_COMPACT);
    int has = strstr(d, needle) != NULL;
    free(d);
    json_decref(v);
    return has;
}

/* --- the game interface ------------------------------------------------------------------ */

static void test_views_hide_hands_cards_and_targets(void **state)
{
    (void)state;
    void *st = make(3, "{}", 42);
    dm_state *s = st;
    json_t *ev;
    char *why = NULL;
    /* Before the first round nobody has taken a vacation. */
    assert_int_equal(s->round, 0);
    assert_false(view_has(st, GAME_SEAT_HOST, "\"on_vacation\":true"));
    first_listed_each(st, 3);
    assert_int_equal(s->phase, DM_PH_PLAN);
    /* Hands: only their owner sees the card ids. */
    char needle[64];
    snprintf(needle, sizeof needle, "\"id\":\"%s\"", s->deck->c[s->p[0].hand[0]].id);
    assert_true(view_has(st, 0, needle));
    assert_false(view_has(st, 1, needle));
    assert_false(view_has(st, GAME_SEAT_PUBLIC, needle));
    assert_true(view_has(st, GAME_SEAT_HOST, needle));
    /* A placed card and a target: face down for the others. */
    const char *cid = s->deck->c[s->p[0].hand[0]].id;
    char body[160], cardneedle[80];
    snprintf(cardneedle, sizeof cardneedle, "\"%s\"", cid);
    snprintf(body, sizeof body, "{\"type\":\"place\",\"slot\":\"left\",\"card\":\"%s\"}", cid);
    if (dm_can_place_left(s, 0)) {
        assert_int_equal(act(st, 0, body, &ev, &why), WB_OK);
        json_decref(ev);
        assert_true(view_has(st, 0, cardneedle));
        assert_false(view_has(st, 1, cardneedle));
        assert_true(view_has(st, 1, "face_down"));
    }
    assert_int_equal(act(st, 0, "{\"type\":\"target\",\"nation\":\"russia\"}", &ev, &why), WB_OK);
    json_decref(ev);
    assert_true(view_has(st, 0, "\"target\":\"russia\""));
    assert_false(view_has(st, 1, "\"target\":\"russia\""));
    assert_false(view_has(st, GAME_SEAT_PUBLIC, "\"target\":\"russia\""));
    K->destroy(st);
}

/* Does `seat` (GAME_SEAT_PUBLIC: a reader without a seat) see event `e`?
 * As matches.c shows them: "private_to" lists who may. */
static int sees(const json_t *e, int seat)
{
    json_t *to = json_object_get(e, "private_to"), *v;
    size_t i;
    if (!to)
        return 1;
    json_array_foreach(to, i, v)
        if (json_integer_value(v) == seat)
            return 1;
    return 0;
}

/* The events of `ev` that `seat` sees, as one string. */
static char *seen(const json_t *ev, int seat)
{
    json_t *a = json_array(), *e;
    size_t i;
    json_array_foreach(ev, i, e)
        if (sees(e, seat))
            json_array_append(a, e);
    char *d = json_dumps(a, JSON_COMPACT);
    json_decref(a);
    return d;
}

/* Phase 2 is a secret simultaneous choice (the framework's): until every
 * seat has planned and the cards are flipped, no other seat and no
 * reader without a seat learns a placed card, a target, a First Goal or
 * whether it is flipped, from the views or the events; they learn that a
 * seat placed, targeted and is ready. */
static void test_the_plan_is_secret_until_the_flip(void **state)
{
    (void)state;
    void *st = make(3, "{}", 42);
    dm_state *s = st;
    json_t *ev;
    char *why = NULL, needle[96];
    const int others[] = {1, 2, GAME_SEAT_PUBLIC};
    for (int i = 0; i < 3; i++) {
        char body[96];
        int c = -1;
        for (int k = 0; k < s->deck->ncards && c < 0; k++)
            if (s->where[k] == DM_IN_GOAL && s->deck->c[k].nation == s->p[i].nation)
                c = k;
        snprintf(body, sizeof body, "{\"type\":\"pick_goal\",\"card\":\"%s\"}",
                 s->deck->c[c].id);
        assert_int_equal(act(st, i, body, &ev, &why), WB_OK);
        /* The pick: the others see that, not which. */
        snprintf(needle, sizeof needle, "\"%s\"", s->deck->c[c].id);
        for (int j = 0; j < 3; j++) {
            char *d = seen(ev, j);
            assert_int_equal(strstr(d, needle) != NULL, j == i);
            assert_non_null(strstr(d, "goal_picked"));
            free(d);
        }
        char *d = seen(ev, GAME_SEAT_PUBLIC);
        assert_null(strstr(d, needle));
        free(d);
        json_decref(ev);
    }
    assert_int_equal(s->phase, DM_PH_PLAN);
    /* Round 2, so that the First Goal may be flipped. */
    s->round = 2;
    s->p[0].ego = s->p[0].pop = 8;
    s->p[0].res = 30;
    const char *cid = s->deck->c[s->p[0].hand[0]].id;
    const char *goal = s->deck->c[s->p[0].goal].id;
    char body[160], cardneedle[80], goalneedle[80];
    snprintf(cardneedle, sizeof cardneedle, "\"%s\"", cid);
    snprintf(goalneedle, sizeof goalneedle, "\"%s\"", goal);
    snprintf(body, sizeof body, "{\"type\":\"place\",\"slot\":\"left\",\"card\":\"%s\"}", cid);
    /* The First Goal is never placed: it lies on the right space. */
    char gbody[160];
    snprintf(gbody, sizeof gbody, "{\"type\":\"place\",\"slot\":\"right\",\"card\":\"%s\"}",
             goal);
    assert_int_equal(act(st, 0, gbody, &ev, &why), WB_EILLEGAL);
    assert_non_null(strstr(why, "fund_goal"));
    free(why);
    why = NULL;
    json_decref(ev);
    json_t *all = json_array();
    const char *plan[] = {body, "{\"type\":\"take_back\",\"slot\":\"left\"}", body,
                          "{\"type\":\"target\",\"nation\":\"russia\"}",
                          "{\"type\":\"ready\",\"fund_goal\":true}"};
    for (size_t k = 0; k < sizeof plan / sizeof plan[0]; k++) {
        assert_int_equal(act(st, 0, plan[k], &ev, &why), WB_OK);
        json_array_extend(all, ev);
        json_decref(ev);
        /* The views of the others and of the public, after each step. */
        for (size_t j = 0; j < 3; j++) {
            json_t *v = K->view(st, others[j]);
            char *d = json_dumps(v, JSON_COMPACT);
            assert_null(strstr(d, cardneedle));
            assert_null(strstr(d, goalneedle));
            assert_null(strstr(d, "\"target\":\"russia\""));
            json_t *me = json_array_get(json_object_get(v, "seats"), 0);
            /* The First Goal lies face down on the right, flipped or not. */
            assert_string_equal(json_string_value(json_array_get(json_object_get(me, "slots"), 1)),
                                "face_down");
            free(d);
            json_decref(v);
        }
    }
    /* The owner sees it all. */
    json_t *v = K->view(st, 0);
    json_t *me = json_array_get(json_object_get(v, "seats"), 0);
    assert_string_equal(json_string_value(json_object_get(
                            json_array_get(json_object_get(me, "slots"), 0), "card")), cid);
    assert_string_equal(json_string_value(json_object_get(
                            json_array_get(json_object_get(me, "slots"), 1), "card")), goal);
    assert_string_equal(json_string_value(json_object_get(me, "target")), "russia");
    json_decref(v);
    /* The others: that a card lies on the left, a target is placed and the
     * seat is ready; not what. */
    v = K->view(st, 1);
    me = json_array_get(json_object_get(v, "seats"), 0);
    assert_string_equal(json_string_value(json_array_get(json_object_get(me, "slots"), 0)),
                        "face_down");
    assert_string_equal(json_string_value(json_object_get(me, "target")), "face_down");
    assert_true(json_is_true(json_object_get(me, "ready")));
    json_decref(v);
    /* The events as each other seat and the public read them. */
    for (size_t j = 0; j < 3; j++) {
        char *d = seen(all, others[j]);
        assert_null(strstr(d, cardneedle));
        assert_null(strstr(d, goalneedle));
        assert_null(strstr(d, "russia"));
        assert_null(strstr(d, "fund_goal"));
        if (others[j] != GAME_SEAT_PUBLIC) {
            assert_non_null(strstr(d, "\"type\":\"placed\""));
            assert_non_null(strstr(d, "\"type\":\"target_placed\""));
            assert_non_null(strstr(d, "\"type\":\"ready\""));
        }
        free(d);
    }
    char *d = seen(all, 0);
    assert_non_null(strstr(d, cardneedle));
    assert_non_null(strstr(d, "\"target\":\"russia\""));
    assert_non_null(strstr(d, "\"fund_goal\":true"));
    free(d);
    json_decref(all);
    /* Everyone planned: the flip shows the cards and the target. */
    for (int i = 1; i < 3; i++) {
        assert_int_equal(act(st, i, "{\"type\":\"target\",\"nation\":\"usa\"}", &ev, &why),
                         WB_OK);
        json_decref(ev);
        assert_int_equal(act(st, i, "{\"type\":\"ready\"}", &ev, &why), WB_OK);
        if (i == 2) {
            d = seen(ev, 1);
            assert_non_null(strstr(d, "\"type\":\"flipped\""));
            assert_non_null(strstr(d, goalneedle));
            free(d);
        }
        json_decref(ev);
    }
    assert_int_equal(s->phase, DM_PH_MOVE);
    assert_true(view_has(st, 1, "\"target\":\"russia\""));
    assert_true(view_has(st, GAME_SEAT_PUBLIC, "\"target\":\"russia\""));
    K->destroy(st);
}

static void test_refusals_change_nothing(void **state)
{
    (void)state;
    void *st = make(2, "{}", 3);
    json_t *before = K->save(st), *ev;
    char *why = NULL;
    assert_int_equal(act(st, 0, "{\"type\":\"fly\"}", &ev, &why), WB_EINVAL);
    free(why);
    json_decref(ev);
    assert_int_equal(act(st, 0, "{\"type\":\"move\",\"unit\":0,\"to\":\"h7-3\"}", &ev, &why),
                     WB_ENOTTURN);
    free(why);
    json_decref(ev);
    assert_int_equal(act(st, 0, "{\"type\":\"pick_goal\",\"card\":\"restore-the-ussr\"}", &ev,
                         &why), WB_EILLEGAL);
    free(why);
    json_decref(ev);
    json_t *after = K->save(st);
    assert_true(json_equal(before, after));
    json_decref(before);
    json_decref(after);
    K->destroy(st);
}

static void test_options(void **state)
{
    (void)state;
    json_t *o = K->options();
    assert_non_null(json_object_get(o, "end_vp"));
    assert_non_null(json_object_get(o, "short_game"));
    json_decref(o);
    /* The shorter game: no First Goals, 15 resources, 5 VP each. */
    dm_state *s = make(4, "{\"short_game\":true}", 8);
    assert_int_equal(s->phase, DM_PH_PLAN);
    assert_int_equal(s->round, 1);
    for (int i = 0; i < 4; i++) {
        assert_int_equal(s->p[i].res, 15);
        assert_int_equal(s->p[i].vp, 5);
    }
    K->destroy(s);
    game_ctx ctx = {NULL, 0};
    static const char *const names[] = {"a", "b"};
    json_t *bad = json_loads("{\"end_vp\":0}", 0, NULL);
    void *st = NULL;
    char *why = NULL;
    assert_int_equal(K->create(&ctx, names, 2, bad, 1, &st, &why), WB_EINVAL);
    free(why);
    json_decref(bad);
}

static void test_custom_board_and_decks(void **state)
{
    (void)state;
    /* The built-in board with one more resource space (h0-0, sea, made
     * land with a golden frame) and decks with Propaganda renumbered. */
    char *board = strdup((const char *)dumbination_board_txt);
    char *grid = strstr(board, "grid 23 11\n");
    assert_non_null(grid);
    grid[strlen("grid 23 11\n")] = '$';
    json_t *cards = json_loads((const char *)dumbination_cards_json, 0, NULL);
    json_t *kinds = json_object_get(cards, "cards"), *k;
    size_t i;
    json_array_foreach(kinds, i, k)
        if (strcmp(json_string_value(json_object_get(k, "id")), "propaganda") == 0)
            json_object_set_new(k, "priority", json_integer(81));
    json_t *opts = json_pack("{s:s, s:O}", "board", board, "cards", cards);
    static const char *const names[] = {"ann", "bob", "cy"};
    game_ctx ctx = {NULL, 0};
    void *st = NULL;
    char *why = NULL;
    assert_int_equal(K->create(&ctx, names, 3, opts, 9, &st, &why), WB_OK);
    dm_state *s = st;
    assert_true(s->board->sp[0].tags & DM_T_RESOURCE);
    assert_int_equal(s->deck->c[dm_card_find(s->deck, "propaganda")].priority, 81);
    /* Saved with the match, read again on load. */
    json_t *saved = K->save(st);
    void *again = NULL;
    assert_int_equal(K->load(saved, &again, &why), WB_OK);
    assert_true(((dm_state *)again)->board->sp[0].tags & DM_T_RESOURCE);
    json_t *saved2 = K->save(again);
    assert_true(json_equal(saved, saved2));
    json_decref(saved);
    json_decref(saved2);
    K->destroy(again);
    K->destroy(st);
    json_decref(opts);
    /* Broken ones are refused with the reason. */
    opts = json_pack("{s:s}", "board", "grid 3 1\n~~~\n");
    assert_int_equal(K->create(&ctx, names, 3, opts, 9, &st, &why), WB_EINVAL);
    assert_non_null(strstr(why, "option board"));
    free(why);
    why = NULL;
    json_decref(opts);
    json_array_remove(kinds, json_array_size(kinds) - 1); /* a Venezuelan goal */
    opts = json_pack("{s:O}", "cards", cards);
    assert_int_equal(K->create(&ctx, names, 3, opts, 9, &st, &why), WB_EINVAL);
    assert_non_null(strstr(why, "venezuela"));
    free(why);
    json_decref(opts);
    json_decref(cards);
    free(board);
}

/* Random matches through the interface: listed actions are accepted,
 * save/load round-trips, and the match ends (by VP or the peace track in
 * most; the round limit catches the rest). */
static void play_random(int n, uint64_t seed, int *by_vp)
{
    char opts[64];
    snprintf(opts, sizeof opts, "{\"max_rounds\":30}");
    void *st = make(n, opts, seed);
    rng r;
    rng_seed(&r, seed);
    game_ctx ctx = {NULL, 0};
    int steps = 0;
    for (; steps < 20000; steps++) {
        dm_state *s = st;
        if (s->phase == DM_PH_OVER)
            break;
        int who[DM_MAX_SEATS], nw = 0;
        dm_to_act(s, who);
        for (int i = 0; i < n; i++)
            if (who[i])
                who[nw++] = i;
        assert_true(nw > 0);
        int seat = who[rng_below(&r, (uint64_t)nw)];
        json_t *acts = K->actions(st, seat), *ev = json_array();
        assert_true(json_array_size(acts) > 0);
        json_t *a = json_array_get(acts, rng_below(&r, json_array_size(acts)));
        char *why = NULL;
        if (K->apply(st, &ctx, seat, a, ev, &why))
            fail_msg("listed %s refused: %s", json_dumps(a, 0), why);
        json_decref(ev);
        json_decref(acts);
        if (steps % 97 == 0) {
            json_t *sv = K->save(st);
            void *cp = NULL;
            assert_int_equal(K->load(sv, &cp, &why), WB_OK);
            json_t *sv2 = K->save(cp);
            assert_true(json_equal(sv, sv2));
            json_decref(sv);
            json_decref(sv2);
            K->destroy(cp);
        }
    }
    dm_state *s = st;
    assert_int_equal(s->phase, DM_PH_OVER);
    *by_vp += s->last_round > 0 || s->peace_over;
    K->destroy(st);
}

static void test_random_matches_end(void **state)
{
    (void)state;
    int by_vp = 0, total = 0;
    for (int n = 2; n <= 5; n++)
        for (uint64_t seed = 1; seed <= 2; seed++, total++)
            play_random(n, seed * 31 + (uint64_t)n, &by_vp);
    printf("# %d random matches ended, %d by the VP goal or world peace\n", total, by_vp);
    assert_true(by_vp > 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_views_hide_hands_cards_and_targets),
        cmocka_unit_test(test_the_plan_is_secret_until_the_flip),
        cmocka_unit_test(test_refusals_change_nothing),
        cmocka_unit_test(test_options),
        cmocka_unit_test(test_custom_board_and_decks),
        cmocka_unit_test(test_random_matches_end),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
