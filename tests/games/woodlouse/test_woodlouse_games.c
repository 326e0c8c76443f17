/*
 * test_woodlouse_games.c - Woodlouse Chaos (games/woodlouse/) as a whole:
 * secrecy of the trainer's card in views, refusals, random whole games,
 * save/load and determinism, and the checks load() makes.
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
#include "rng.h"
#include "wb_err.h"
#include "woodlouse.h"
#include "woodlouse_int.h"
#include "woodlouse_test_util.h"

#define WL_TEST_SEATS 8 /* the host and up to 6 seats */

/* --- helpers: the shared harness (game_test.h), on the heap ------------------ */

static int save_is(const gt *st, const json_t *saved)
{
    json_t *s = K->save(st->st);
    int eq = json_equal(s, saved);
    json_decref(s);
    return eq;
}

static gt *reload(json_t *saved)
{
    gt *t = calloc(1, sizeof *t);
    gt_load(t, K, saved);
    return t;
}

/* --- secrecy -------------------------------------------------------------- */

/* Swap the trainer's card for a card out of the game. */
static void swap_card(json_t *saved)
{
    json_t *out = json_object_get(saved, "out");
    const char *card = json_string_value(json_object_get(saved, "card"));
    for (size_t k = 0; k < json_array_size(out); k++)
        if (strcmp(json_string_value(json_array_get(out, k)), card) != 0) {
            json_t *other = json_incref(json_array_get(out, k));
            json_array_set(out, k, json_object_get(saved, "card"));
            json_object_set_new(saved, "card", other);
            return;
        }
    fail_msg("no other card out of the game");
}

static void test_views_hide_the_card(void **state)
{
    (void)state;
    gt *a = make(4, "{}", 71);
    assert_int_equal(act(a, 0, "{\"type\":\"draw\"}"), WB_OK);
    json_t *sa = K->save(a->st);
    gt *b = reload(sa);
    json_decref(sa);
    b = edited(b, swap_card);
    char ca[32], cb[32];
    int na, nb;
    card_of(a, ca, &na);
    card_of(b, cb, &nb);
    assert_true(strcmp(ca, cb) != 0 || na != nb);
    /* Whatever the card, the others see and may do exactly the same. */
    for (int seat = GAME_SEAT_PUBLIC; seat < 4; seat++) {
        json_t *va = view(a, seat), *vb = view(b, seat);
        json_t *aa = gt_actions(a, seat), *ab = gt_actions(b, seat);
        assert_int_equal(json_equal(va, vb), seat != 0);
        assert_true(json_equal(aa, ab) || seat == 0);
        json_decref(va);
        json_decref(vb);
        json_decref(aa);
        json_decref(ab);
    }
    done(a);
    done(b);

    /* Through a whole game: no other seat's view holds the card while it
     * is secret, and no public event names it before the turn ends. */
    gt *st = make(5, "{\"variant\":\"harder\"}", 72);
    char buf[64];
    while (strcmp(vstr(st, "status", buf), "active") == 0) {
        int tr = trainer(st);
        assert_int_equal(act(st, tr, "{\"type\":\"draw\"}"), WB_OK);
        size_t i;
        json_t *e;
        json_array_foreach(ev, i, e) {
            if (json_object_get(e, "private_to"))
                assert_true(in_array(json_object_get(e, "private_to"), tr));
            else
                assert_null(json_object_get(e, "species"));
        }
        for (int seat = GAME_SEAT_PUBLIC; seat < 5; seat++) {
            if (seat == tr)
                continue;
            json_t *v = view(st, seat);
            assert_null(json_object_get(v, "card"));
            assert_null(json_object_get(v, "score_piles"));
            json_decref(v);
        }
        perform(st);
        json_array_foreach(ev, i, e)
            assert_null(json_object_get(e, "species"));
        for (int seat = GAME_SEAT_PUBLIC; seat < 5; seat++) {
            json_t *v = view(st, seat);
            assert_int_equal(json_object_get(v, "card") != NULL, seat == tr);
            json_decref(v);
        }
        pass_all(st);
    }
    /* The host sees the piles but never the order of the draw pile. */
    json_t *hv = view(st, GAME_SEAT_HOST);
    assert_true(json_is_object(json_object_get(hv, "draw_cards")));
    assert_true(json_is_array(json_object_get(hv, "score_piles")));
    json_decref(hv);
    done(st);
}

/* --- errors --------------------------------------------------------------- */

static void test_refusals(void **state)
{
    (void)state;
    gt *st = make(3, "{}", 81);
    assert_int_equal(act(st, 0, "{\"type\":\"juggle\"}"), WB_EINVAL);
    assert_int_equal(act(st, 0, "{\"type\":7}"), WB_EINVAL);
    assert_int_equal(act(st, 0, "{}"), WB_EINVAL);
    assert_int_equal(act(st, GAME_SEAT_SYSTEM, "{\"type\":\"timer\"}"), WB_EILLEGAL);
    assert_int_equal(act(st, GAME_SEAT_HOST, "{\"type\":\"draw\"}"), WB_ENOTTURN);
    perform(st);
    assert_int_equal(act(st, 1, "{\"type\":\"guess\",\"species\":\"rat\"}"), WB_EINVAL);
    assert_int_equal(act(st, 1, "{\"type\":\"guess\",\"species\":3,\"count\":1}"), WB_EINVAL);
    assert_int_equal(act(st, 1, "{\"type\":\"guess\",\"species\":\"elephant\",\"count\":1}"),
                     WB_EILLEGAL);
    json_t *v = view(st, GAME_SEAT_PUBLIC);
    const char *sp = json_string_value(json_array_get(json_object_get(v, "sequence"), 0));
    char body[128];
    snprintf(body, sizeof body, "{\"type\":\"guess\",\"species\":\"%s\",\"count\":6}", sp);
    assert_int_equal(act(st, 1, body), WB_EILLEGAL);
    snprintf(body, sizeof body, "{\"type\":\"guess\",\"species\":\"%s\",\"count\":0}", sp);
    assert_int_equal(act(st, 1, body), WB_EILLEGAL);
    json_decref(v);
    assert_int_equal(act(st, 0, "{\"type\":\"bang\"}"), WB_ENOTTURN);
    assert_int_equal(act(st, 0, "{\"type\":\"pass\"}"), WB_ENOTTURN);
    assert_int_equal(act(st, 7, "{\"type\":\"pass\"}"), WB_ENOTTURN);
    assert_int_equal(act(st, GAME_SEAT_PUBLIC, "{\"type\":\"pass\"}"), WB_ENOTTURN);
    /* Every listed guess is accepted; the list is the same for all. */
    json_t *a1 = gt_actions(st, 1), *a2 = gt_actions(st, 2);
    assert_int_equal(json_array_size(a1), 4 * 5 + 1);
    assert_true(json_equal(a1, a2));
    json_decref(a1);
    json_decref(a2);
    done(st);
}

/* --- whole games ---------------------------------------------------------- */

/* Play a game to its end with random listed actions of random seats (the
 * host included), and now and then a trainer's mistake.  `log` (if not
 * NULL) receives [seat, action, now] triples.  Returns the steps. */
static int play_random(gt *st, uint64_t seed, int nseats, int total, json_t *log)
{
    rng r;
    int64_t now = T0;
    int steps = 0;
    char buf[64];
    rng_seed(&r, seed);
    while (strcmp(vstr(st, "status", buf), "active") == 0) {
        json_t *saved = K->save(st->st);
        gt *copy = reload(saved);
        assert_true(save_is(copy, saved));
        done(copy);
        json_decref(saved);
        check_cards(st, total);

        int seats[WL_TEST_SEATS], n = 0;
        json_t *v = view(st, GAME_SEAT_PUBLIC), *to = json_object_get(v, "to_act");
        for (int s = GAME_SEAT_HOST; s < nseats; s++) {
            json_t *acts = gt_actions(st, s);
            if (json_array_size(acts)) {
                if (s >= 0)
                    assert_true(in_array(to, s));
                seats[n++] = s;
            }
            json_decref(acts);
        }
        json_decref(v);
        assert_true(n > 0);
        int seat = seats[rng_below(&r, (uint64_t)n)];
        json_t *acts = gt_actions(st, seat), *a;
        if (seat >= 0 && rng_below(&r, 20) == 0 && strcmp(vstr(st, "phase", buf), "code") == 0) {
            static const char *const sig[] = {"bang", "clap", "done"};
            a = json_pack("{s:s}", "type", sig[rng_below(&r, 3)]);
        } else {
            a = json_deep_copy(json_array_get(acts, rng_below(&r, json_array_size(acts))));
        }
        json_decref(acts);
        char *body = json_dumps(a, JSON_COMPACT);
        now += (int64_t)rng_below(&r, 200);
        assert_int_equal(act_at(st, seat, body, now), WB_OK);
        if (log)
            json_array_append_new(log, json_pack("[i,o,I]", seat, a, (json_int_t)now));
        else
            json_decref(a);
        free(body);
        if (++steps > 5000)
            fail_msg("not finished after 5000 steps");
    }
    check_cards(st, total);
    json_t *saved = K->save(st->st);
    gt *copy = reload(saved);
    assert_true(save_is(copy, saved));
    done(copy);
    json_decref(saved);
    return steps;
}

static void test_random_games(void **state)
{
    (void)state;
    static const struct {
        const char *opts;
        int total;
    } v[] = {{"{}", 40}, {"{\"variant\":\"harder\"}", 50}, {"{\"variant\":\"easier\"}", 30},
             {"{\"variant\":\"even-easier\",\"first_trainer\":2}", 40}};
    for (size_t k = 0; k < sizeof v / sizeof v[0]; k++)
        for (int n = 3; n <= 6; n++) {
            gt *st = make(n, v[k].opts, 900 + 10 * k + (uint64_t)n);
            play_random(st, 17 * k + (uint64_t)n, n, v[k].total, NULL);
            json_t *view_over = view(st, GAME_SEAT_PUBLIC);
            assert_true(json_array_size(json_object_get(view_over, "winners")) >= 1);
            assert_int_equal(json_array_size(json_object_get(view_over, "scores")), n);
            json_decref(view_over);
            done(st);
        }
}

static void test_determinism(void **state)
{
    (void)state;
    json_t *log = json_array();
    gt *a = make(4, "{}", 4242);
    play_random(a, 99, 4, 40, log);
    /* The same seed and the same actions at the same times: the same
     * match, byte for byte. */
    gt *b = make(4, "{}", 4242);
    size_t i;
    json_t *step;
    json_array_foreach(log, i, step) {
        char *body = json_dumps(json_array_get(step, 1), JSON_COMPACT);
        assert_int_equal(act_at(b, (int)json_integer_value(json_array_get(step, 0)), body,
                                json_integer_value(json_array_get(step, 2))), WB_OK);
        free(body);
    }
    json_t *sa = K->save(a->st), *sb = K->save(b->st);
    char *da = json_dumps(sa, JSON_COMPACT), *db = json_dumps(sb, JSON_COMPACT);
    assert_string_equal(da, db);
    free(da);
    free(db);
    json_decref(sa);
    json_decref(sb);
    /* Another seed deals another game. */
    gt *c = make(4, "{}", 4243);
    void *d = make(4, "{}", 4242);
    sa = K->save(c->st);
    assert_false(save_is(d, sa));
    json_decref(sa);
    done(a);
    done(b);
    done(c);
    done(d);
    json_decref(log);
}

static void test_load_checks(void **state)
{
    (void)state;
    gt *st = make(3, "{}", 91);
    perform(st);
    json_t *good = K->save(st->st);
    gt *copy = reload(good);
    assert_true(save_is(copy, good));
    done(copy);
    static const char *const breakers[] = {"rng", "phase", "trainer", "card", "draw",
                                           "sequence", "signals", "format", "seats"};
    for (size_t i = 0; i < sizeof breakers / sizeof breakers[0]; i++) {
        json_t *bad = json_deep_copy(good);
        void *out = NULL;
        char *why = NULL;
        if (strcmp(breakers[i], "draw") == 0) /* a card too many */
            json_array_append_new(json_object_get(bad, "draw"), json_string("rat:1"));
        else if (strcmp(breakers[i], "signals") == 0) /* no longer the code */
            json_object_set_new(bad, "signals", json_string("b"));
        else if (strcmp(breakers[i], "phase") == 0)
            json_object_set_new(bad, "phase", json_string("draw"));
        else
            json_object_set_new(bad, breakers[i], json_integer(99));
        assert_int_equal(K->load(bad, &out, &why), WB_EINVAL);
        assert_non_null(why);
        assert_null(out);
        free(why);
        json_decref(bad);
    }
    json_decref(good);
    done(st);
}

/* Set the member of `o` at `path` ("a.2.b": object keys and array
 * indexes) to the JSON text `value`. */
static void set_path(json_t *o, const char *path, const char *value)
{
    char buf[64], *save = NULL, *tok, *next;
    snprintf(buf, sizeof buf, "%s", path);
    tok = strtok_r(buf, ".", &save);
    while ((next = strtok_r(NULL, ".", &save))) {
        o = json_is_array(o) ? json_array_get(o, (size_t)atoi(tok)) : json_object_get(o, tok);
        tok = next;
    }
    json_t *v = json_loads(value, JSON_DECODE_ANY, NULL);
    assert_non_null(v);
    if (json_is_array(o))
        json_array_set_new(o, (size_t)atoi(tok), v);
    else
        json_object_set_new(o, tok, v);
}

static int loads(const json_t *saved)
{
    void *out = NULL;
    char *why = NULL;
    int rc = K->load(saved, &out, &why);
    if (rc) {
        assert_non_null(why);
        assert_null(out);
    }
    free(why);
    K->destroy(out);
    return rc;
}

/* Load refuses states play cannot reach whose counters or seats disagree:
 * such a state would play on wrongly.  round_turns at nseats in a game
 * still going was accepted, and then never reached nseats again: no more
 * reshuffles, and after the next turn a save load() refused. */
static void test_load_checks_consistency(void **state)
{
    (void)state;
    gt *st = make(3, "{\"guess_ms\":1000}", 92);
    perform(st);
    pass_all(st); /* turn 2, seat 1 to draw, round 1 with one turn done */
    json_t *good = K->save(st->st);
    assert_int_equal(loads(good), WB_OK);
    static const struct {
        const char *path, *value;
    } bad[] = {
        {"round_turns", "3"},   /* a round "complete" but not started anew */
        {"round_turns", "0"},   /* one turn has been played this round */
        {"round", "2"},
        {"turn", "3"},          /* seat 1 trains turn 2 */
        {"trainer", "2"},
        {"first_trainer", "1"},
        {"last.turn", "2"},
        {"last.trainer", "1"},
        {"deadline", "1700000001000"}, /* no window while drawing */
        {"seats.2.passed", "true"},    /* nobody has done anything this turn */
        {"seats.2.wrong", "1"},
        {"seats.0.free_used", "true"},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        json_t *b = json_deep_copy(good);
        set_path(b, bad[i].path, bad[i].value);
        if (loads(b) != WB_EINVAL)
            fail_msg("loaded with %s = %s", bad[i].path, bad[i].value);
        json_decref(b);
    }
    /* The last turn was won by a guesser, never by its trainer. */
    json_t *w = json_deep_copy(good);
    set_path(w, "last.outcome", "\"guessed\"");
    set_path(w, "last.winner", "2");
    assert_int_equal(loads(w), WB_OK);
    set_path(w, "last.winner", "0");
    assert_int_equal(loads(w), WB_EINVAL);
    json_decref(w);
    json_decref(good);

    /* Guessing: a window must be open, the trainer does not guess, a free
     * guess needs an empty pile, and somebody must still be able to guess. */
    perform(st);
    good = K->save(st->st);
    assert_int_equal(loads(good), WB_OK);
    static const struct {
        const char *path, *value;
    } bad_guess[] = {
        {"deadline", "-1"},
        {"seats.1.passed", "true"},
        {"seats.2.free_used", "true"},
    };
    for (size_t i = 0; i < sizeof bad_guess / sizeof bad_guess[0]; i++) {
        json_t *b = json_deep_copy(good);
        set_path(b, bad_guess[i].path, bad_guess[i].value);
        if (loads(b) != WB_EINVAL)
            fail_msg("loaded in guessing with %s = %s", bad_guess[i].path, bad_guess[i].value);
        json_decref(b);
    }
    json_t *b = json_deep_copy(good);
    set_path(b, "seats.0.passed", "true");
    assert_int_equal(loads(b), WB_OK); /* seat 2 may still guess */
    set_path(b, "seats.2.passed", "true");
    assert_int_equal(loads(b), WB_EINVAL); /* nobody may: the turn is over */
    json_decref(b);
    json_decref(good);

    /* A finished game has counted its last turn and round_turns may be
     * nseats; it loads, and so does every state of a whole game. */
    gt *g = make(3, "{\"variant\":\"easier\"}", 93);
    char buf[64];
    while (strcmp(vstr(g, "status", buf), "active") == 0) {
        perform(g);
        pass_all(g);
    }
    good = K->save(g->st);
    assert_int_equal(json_integer_value(json_object_get(good, "round_turns")), 3);
    assert_int_equal(loads(good), WB_OK);
    json_decref(good);
    done(g);
    done(st);
}

/* Species and variants are names in rows of a char array, found without
 * regard to case (a guess may say "Spider"). */
static void test_rows_find(void **state)
{
    (void)state;
    char rows[3][6] = {"ant", "bee", "cow-2"};
    assert_int_equal(wl_rows_find(rows[0], sizeof rows[0], 3, "COW-2"), 2);
    assert_int_equal(wl_rows_find(rows[0], sizeof rows[0], 3, "bee"), 1);
    assert_int_equal(wl_rows_find(rows[0], sizeof rows[0], 2, "cow-2"), -1); /* among 2 */
    assert_int_equal(wl_rows_find(rows[0], sizeof rows[0], 3, NULL), -1);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_teardown(test_views_hide_the_card, teardown),
        cmocka_unit_test_teardown(test_refusals, teardown),
        cmocka_unit_test_teardown(test_random_games, teardown),
        cmocka_unit_test_teardown(test_determinism, teardown),
        cmocka_unit_test_teardown(test_load_checks, teardown),
        cmocka_unit_test_teardown(test_load_checks_consistency, teardown),
        cmocka_unit_test(test_rows_find),
    };
    return cmocka_run_group_tests_name("woodlouse-games", tests, NULL, NULL);
}
