/*
 * test_woodlouse.c - the Woodlouse Chaos module (games/woodlouse/),
 * scenario by scenario, through the game interface alone (the shared
 * harness, game_test.h: create, act with the all-or-nothing check, events,
 * patched scenes): set-up per
 * variant and player count, the sequence cards, a turn (draw, code,
 * guesses), wrong-guess penalties and the empty-pile rule, trainer
 * mistakes, passing, the guessing window, rotation and reshuffles, the
 * end and its tie-breaks, secrecy of the trainer's card, save/load and
 * determinism.  Scenarios that need particular cards arrange them by
 * editing a saved state (every card stays somewhere: load() checks it).
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

static const game_kind *const K = &game_woodlouse;
static const int64_t T0 = GT_T0;
#define WL_TEST_SEATS 8 /* the host and up to 6 seats */

/* The match of the last accepted action, and its events (the harness's:
 * valid until that match acts again or is freed). */
static gt *last_t;
static json_t *ev;

static int teardown(void **state)
{
    (void)state;
    last_t = NULL;
    ev = NULL;
    return 0;
}

/* --- helpers: the shared harness (game_test.h), on the heap ------------------ */

static gt *make(int n, const char *opts, uint64_t seed)
{
    gt *t = calloc(1, sizeof *t);
    gt_make(t, K, n, opts, seed);
    return t;
}

static void done(gt *t)
{
    if (t == last_t)
        last_t = NULL, ev = NULL;
    gt_free(t);
    free(t);
}

/* Apply `body` from `seat` at `now` (gt_act: a refusal must change
 * nothing and say why). */
static int act_at(gt *st, int seat, const char *body, int64_t now)
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

static int act(gt *st, int seat, const char *body) { return act_at(st, seat, body, T0); }

static json_t *view(const gt *st, int seat) { return gt_view(st, seat); }

static int save_is(const gt *st, const json_t *saved)
{
    json_t *s = K->save(st->st);
    int eq = json_equal(s, saved);
    json_decref(s);
    return eq;
}

static json_int_t vint(const gt *st, const char *key)
{
    json_t *v = view(st, GAME_SEAT_PUBLIC);
    json_int_t n = json_integer_value(json_object_get(v, key));
    json_decref(v);
    return n;
}

static const char *vstr(const gt *st, const char *key, char buf[64])
{
    json_t *v = view(st, GAME_SEAT_PUBLIC);
    snprintf(buf, 64, "%s", json_string_value(json_object_get(v, key)));
    json_decref(v);
    return buf;
}

static int pile(const gt *st, int seat)
{
    json_t *v = view(st, GAME_SEAT_PUBLIC);
    int n = (int)json_integer_value(
        json_object_get(json_array_get(json_object_get(v, "seats"), (size_t)seat), "score_pile"));
    json_decref(v);
    return n;
}

static int in_array(const json_t *a, json_int_t x)
{
    size_t i;
    json_t *v;
    json_array_foreach(a, i, v)
        if (json_integer_value(v) == x)
            return 1;
    return 0;
}

static int count_in_to_act(const gt *st)
{
    json_t *v = view(st, GAME_SEAT_PUBLIC);
    int n = (int)json_array_size(json_object_get(v, "to_act"));
    json_decref(v);
    return n;
}

/* The trainer's card (from the host view) and its code. */
static void card_of(const gt *st, char species[32], int *count)
{
    json_t *v = view(st, GAME_SEAT_HOST), *c = json_object_get(v, "card");
    assert_non_null(c);
    snprintf(species, 32, "%s", json_string_value(json_object_get(c, "species")));
    *count = (int)json_integer_value(json_object_get(c, "count"));
    json_decref(v);
}

static int position_of(const gt *st, const char *species)
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
static json_t *event(const char *type) { return last_t ? gt_event(last_t, type) : NULL; }

static int trainer(const gt *st) { return (int)vint(st, "trainer"); }

/* Draw (if not yet) and perform the right code, claps and bangs mixed;
 * guessing is then open. */
static void perform(gt *st)
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

static void guess(gt *st, int seat, const char *species, int count, int want)
{
    char body[128];
    snprintf(body, sizeof body, "{\"type\":\"guess\",\"species\":\"%s\",\"count\":%d}",
             species, count);
    assert_int_equal(act(st, seat, body), want);
}

/* A guess that is wrong for the current card. */
static void wrong_guess(gt *st, int seat, int want)
{
    char sp[32];
    int count;
    card_of(st, sp, &count);
    guess(st, seat, sp, count == 5 ? 4 : count + 1, want);
}

static void pass_all(gt *st)
{
    json_t *v = view(st, GAME_SEAT_PUBLIC), *to = json_deep_copy(json_object_get(v, "to_act"));
    size_t i;
    json_t *s;
    json_decref(v);
    json_array_foreach(to, i, s)
        assert_int_equal(act(st, (int)json_integer_value(s), "{\"type\":\"pass\"}"), WB_OK);
    json_decref(to);
}

static gt *reload(json_t *saved)
{
    gt *t = calloc(1, sizeof *t);
    gt_load(t, K, saved);
    return t;
}
/* Move cards into place in a saved state (in the draw phase): the score
 * piles and the draw pile as given (card strings, bottom first, each list
 * NULL-terminated), every other card out of the game. */
static void arrange(json_t *saved, const char *const piles[][8], int nseats,
                    const char *const *draw)
{
    json_t *pool = json_array(), *seats = json_object_get(saved, "seats");
    json_array_extend(pool, json_object_get(saved, "draw"));
    json_array_extend(pool, json_object_get(saved, "out"));
    for (int i = 0; i < nseats; i++)
        json_array_extend(pool, json_object_get(json_array_get(seats, (size_t)i), "score"));
    for (int i = -1; i < nseats; i++) {
        const char *const *want = i < 0 ? draw : piles[i];
        json_t *dest = json_array();
        for (; *want; want++) {
            size_t k = 0;
            while (k < json_array_size(pool) &&
                   strcmp(json_string_value(json_array_get(pool, k)), *want) != 0)
                k++;
            if (k == json_array_size(pool))
                fail_msg("arrange: no %s left", *want);
            json_array_append(dest, json_array_get(pool, k));
            json_array_remove(pool, k);
        }
        if (i < 0)
            json_object_set_new(saved, "draw", dest);
        else
            json_object_set_new(json_array_get(seats, (size_t)i), "score", dest);
    }
    json_object_set_new(saved, "out", pool);
}

/* `st` rebuilt after `fn` edits its save (gt_patch). */
static gt *edited(gt *st, void (*fn)(json_t *saved))
{
    gt_patch(st, fn);
    return st;
}
/* Every card of the species in play is in exactly one place. */
static void check_cards(const gt *st, int total)
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

/* --- options and set-up --------------------------------------------------- */

static void test_options(void **state)
{
    (void)state;
    json_t *o = K->options();
    assert_non_null(o);
    assert_string_equal(json_string_value(json_object_get(json_object_get(o, "variant"),
                                                          "default")), "basic");
    assert_int_equal(json_array_size(json_object_get(json_object_get(o, "variant"), "enum")),
                     4);
    assert_true(json_is_false(json_object_get(json_object_get(o, "fixed_sequence"), "default")));
    assert_true(json_is_null(json_object_get(json_object_get(o, "species"), "default")));
    assert_int_equal(json_integer_value(json_object_get(json_object_get(o, "first_trainer"),
                                                        "default")), 0);
    assert_int_equal(json_integer_value(json_object_get(json_object_get(o, "guess_ms"),
                                                        "default")), 0);
    json_t *deck = json_object_get(json_object_get(o, "deck"), "default");
    assert_int_equal(json_object_size(deck), 5);
    json_t *two = json_pack("[i,i,i,i,i]", 2, 2, 2, 2, 2);
    for (const char *const *sp = (const char *const[]){"woodlouse", "spider", "fly", "rat",
                                                       "snail", NULL}; *sp; sp++)
        assert_true(json_equal(json_object_get(deck, *sp), two));
    json_decref(two);
    json_decref(o);
    assert_string_equal(K->name, "woodlouse-chaos");
    assert_int_equal(K->min_players, 3);
    assert_int_equal(K->max_players, 6);
}

static void test_setup_sizes(void **state)
{
    (void)state;
    static const struct {
        const char *opts;
        int species, reshuffle, pile[4];
    } cases[] = {
        {"{}", 4, 1, {15, 16, 15, 18}},
        {"{\"variant\":\"basic\"}", 4, 1, {15, 16, 15, 18}},
        {"{\"variant\":\"harder\"}", 5, 1, {15, 16, 15, 18}},
        {"{\"variant\":\"easier\"}", 3, 1, {12, 12, 12, 12}},
        {"{\"variant\":\"even-easier\"}", 4, 0, {15, 16, 15, 18}},
        {"{\"variant\":\"harder\",\"fixed_sequence\":true}", 5, 0, {15, 16, 15, 18}},
    };
    for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++)
        for (int n = 3; n <= 6; n++) {
            gt *st = make(n, cases[c].opts, 100 + (uint64_t)n);
            json_t *v = view(st, GAME_SEAT_HOST);
            json_t *piles = json_object_get(v, "score_piles"), *sp = json_object_get(v, "species");
            json_t *seq = json_object_get(v, "sequence");
            assert_int_equal(json_array_size(piles), n);
            for (int i = 0; i < n; i++)
                assert_int_equal(json_array_size(json_array_get(piles, (size_t)i)), 3);
            assert_int_equal(json_integer_value(json_object_get(v, "draw_pile")),
                             cases[c].pile[n - 3]);
            assert_int_equal(json_array_size(sp), cases[c].species);
            /* One sequence card per species in play, each once. */
            assert_int_equal(json_array_size(seq), cases[c].species);
            for (size_t i = 0; i < json_array_size(sp); i++) {
                int found = 0;
                for (size_t k = 0; k < json_array_size(seq); k++)
                    found += json_equal(json_array_get(sp, i), json_array_get(seq, k));
                assert_int_equal(found, 1);
            }
            assert_int_equal(json_is_true(json_object_get(v, "reshuffle")), cases[c].reshuffle);
            /* 10 cards a species in play; the rest of them out of the game. */
            check_cards(st, 10 * cases[c].species);
            assert_string_equal(json_string_value(json_object_get(v, "phase")), "draw");
            assert_string_equal(json_string_value(json_object_get(v, "status")), "active");
            assert_int_equal(json_array_size(json_object_get(v, "to_act")), 1);
            assert_true(in_array(json_object_get(v, "to_act"), 0));
            json_decref(v);
            done(st);
        }
}

static void test_species_choice(void **state)
{
    (void)state;
    gt *st = make(4, "{\"species\":[\"rat\",\"snail\",\"fly\",\"woodlouse\"]}", 1);
    assert_int_equal(position_of(st, "spider"), 0);
    assert_true(position_of(st, "rat") >= 1);
    done(st);
    st = make(3, "{\"variant\":\"easier\",\"species\":[\"rat\",\"snail\",\"fly\"]}", 1);
    assert_int_equal(position_of(st, "spider"), 0);
    assert_int_equal(position_of(st, "woodlouse"), 0);
    check_cards(st, 30);
    done(st);

    /* Without the option the rng chooses the species left out, and lays
     * the sequence cards out at random: over 40 seeds every species is
     * left out, and every species in play is seen at position 1. */
    int left_out[5] = {0}, first[5] = {0};
    static const char *const all[] = {"woodlouse", "spider", "fly", "rat", "snail"};
    for (uint64_t seed = 1; seed <= 40; seed++) {
        st = make(3, "{}", seed);
        for (int i = 0; i < 5; i++) {
            left_out[i] += position_of(st, all[i]) == 0;
            first[i] += position_of(st, all[i]) == 1;
        }
        done(st);
    }
    for (int i = 0; i < 5; i++) {
        assert_true(left_out[i] > 0);
        assert_true(first[i] > 0);
    }
}

static void test_bad_options(void **state)
{
    (void)state;
    static const struct {
        int n;
        const char *opts;
    } bad[] = {
        {2, "{}"},
        {7, "{}"},
        {3, "{\"colour\":\"red\"}"},
        {3, "{\"variant\":\"hardest\"}"},
        {3, "{\"variant\":4}"},
        {3, "{\"fixed_sequence\":1}"},
        {3, "{\"first_trainer\":3}"},
        {3, "{\"first_trainer\":-1}"},
        {3, "{\"guess_ms\":-5}"},
        {3, "{\"species\":[\"rat\",\"fly\",\"snail\"]}"},
        {3, "{\"species\":[\"rat\",\"fly\",\"snail\",\"rat\"]}"},
        {3, "{\"species\":[\"rat\",\"fly\",\"snail\",\"elephant\"]}"},
        {3, "{\"deck\":{\"rat\":[1,1,1]}}"},
        /* The easier game's playable deck below (30 cards) with one bad
         * count: 10 cards of a value at most, integers, five of them. */
        {3, "{\"variant\":\"easier\",\"deck\":{\"ant\":[2,2,2,2,11],"
            "\"bee\":[2,2,2,2,2],\"cow\":[2,2,2,2,2]}}"},
        {3, "{\"variant\":\"easier\",\"deck\":{\"ant\":[2,2,-1,2,2],"
            "\"bee\":[2,2,2,2,2],\"cow\":[2,2,2,2,2]}}"},
        {3, "{\"variant\":\"easier\",\"deck\":{\"ant\":[2,\"2\",2,2,2],"
            "\"bee\":[2,2,2,2,2],\"cow\":[2,2,2,2,2]}}"},
        {3, "{\"variant\":\"easier\",\"deck\":{\"ant\":[2,2,2,2,2,2],"
            "\"bee\":[2,2,2,2,2],\"cow\":[2,2,2,2,2]}}"},
        {3, "{\"deck\":{\"Rat!\":[2,2,2,2,2]}}"},
        /* 4 species of 5 cards: 20 cards, but 3 players need 9 + 15. */
        {3, "{\"deck\":{\"a\":[1,1,1,1,1],\"b\":[1,1,1,1,1],\"c\":[1,1,1,1,1],"
            "\"d\":[1,1,1,1,1]}}"},
        /* The harder game needs 5 species. */
        {3, "{\"variant\":\"harder\",\"deck\":{\"a\":[2,2,2,2,2],\"b\":[2,2,2,2,2],"
            "\"c\":[2,2,2,2,2],\"d\":[2,2,2,2,2]}}"},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        /* gt_create_rc: a refusal says why and makes no match. */
        assert_int_equal(gt_create_rc(K, bad[i].n, bad[i].opts, 1), WB_EINVAL);
    }
    /* A custom deck that is big enough plays with its own species. */
    gt *st = make(3, "{\"variant\":\"easier\",\"deck\":{\"ant\":[2,2,2,2,2],"
                       "\"bee\":[2,2,2,2,2],\"cow\":[2,2,2,2,2]}}", 5);
    assert_true(position_of(st, "ant") && position_of(st, "bee") && position_of(st, "cow"));
    check_cards(st, 30);
    done(st);
}

/* --- a turn --------------------------------------------------------------- */

static void test_draw_is_private(void **state)
{
    (void)state;
    gt *st = make(4, "{\"first_trainer\":2}", 7);
    json_t *v = view(st, GAME_SEAT_PUBLIC);
    assert_int_equal(json_array_size(json_object_get(v, "to_act")), 1);
    assert_true(in_array(json_object_get(v, "to_act"), 2));
    json_decref(v);
    assert_int_equal(act(st, 0, "{\"type\":\"draw\"}"), WB_ENOTTURN);
    assert_int_equal(act(st, 2, "{\"type\":\"bang\"}"), WB_ENOTTURN);
    assert_int_equal(act(st, 1, "{\"type\":\"pass\"}"), WB_ENOTTURN);
    assert_int_equal(act(st, 2, "{\"type\":\"draw\"}"), WB_OK);
    assert_int_equal(vint(st, "draw_pile"), 15);
    json_t *d = event("draw"), *c = event("card");
    assert_non_null(d);
    assert_null(json_object_get(d, "private_to"));
    assert_null(json_object_get(d, "species"));
    assert_non_null(c);
    assert_int_equal(json_array_size(json_object_get(c, "private_to")), 1);
    assert_true(in_array(json_object_get(c, "private_to"), 2));
    char sp[32];
    int count;
    card_of(st, sp, &count);
    assert_string_equal(json_string_value(json_object_get(c, "species")), sp);
    assert_int_equal(json_integer_value(json_object_get(c, "count")), count);
    /* The trainer's view shows the card; nobody else's. */
    for (int seat = GAME_SEAT_PUBLIC; seat < 4; seat++) {
        v = view(st, seat);
        if (seat == 2) {
            assert_string_equal(json_string_value(json_object_get(json_object_get(v, "card"),
                                                                  "species")), sp);
        } else {
            assert_null(json_object_get(v, "card"));
            assert_null(json_object_get(v, "score_piles"));
            assert_null(json_object_get(v, "draw_cards"));
        }
        json_decref(v);
    }
    /* Guessing opens only once the code is complete. */
    guess(st, 0, sp, count, WB_ENOTTURN);
    done(st);
}

static void test_correct_guess(void **state)
{
    (void)state;
    gt *st = make(3, "{}", 11);
    char sp[32], buf[64];
    int count;
    perform(st);
    json_t *v = view(st, GAME_SEAT_PUBLIC);
    json_t *to = json_object_get(v, "to_act");
    assert_int_equal(json_array_size(to), 2);
    assert_true(in_array(to, 1) && in_array(to, 2));
    json_decref(v);
    card_of(st, sp, &count);
    guess(st, 0, sp, count, WB_ENOTTURN); /* the trainer does not guess */
    guess(st, 2, sp, count, WB_OK);
    json_t *g = event("guess"), *end = event("turn_end");
    assert_true(json_is_true(json_object_get(g, "correct")));
    assert_string_equal(json_string_value(json_object_get(end, "outcome")), "guessed");
    assert_int_equal(json_integer_value(json_object_get(end, "winner")), 2);
    assert_string_equal(json_string_value(json_object_get(json_object_get(end, "card"),
                                                          "species")), sp);
    assert_int_equal(pile(st, 2), 4);
    assert_int_equal(pile(st, 0), 3);
    assert_int_equal(pile(st, 1), 3);
    /* The card is shown face-up to all; the next trainer is to draw. */
    v = view(st, GAME_SEAT_PUBLIC);
    json_t *last = json_object_get(v, "last_turn");
    assert_int_equal(json_integer_value(json_object_get(json_object_get(last, "card"), "count")),
                     count);
    assert_int_equal(json_integer_value(json_object_get(last, "winner")), 2);
    json_decref(v);
    assert_int_equal(trainer(st), 1);
    assert_string_equal(vstr(st, "phase", buf), "draw");
    /* The guessed card went on top of the winner's pile. */
    v = view(st, GAME_SEAT_HOST);
    json_t *top = json_array_get(json_array_get(json_object_get(v, "score_piles"), 2), 3);
    assert_string_equal(json_string_value(json_object_get(top, "species")), sp);
    json_decref(v);
    done(st);
}

static void test_wrong_guess_penalty(void **state)
{
    (void)state;
    gt *st = make(4, "{}", 12);
    char sp[32];
    int count;
    perform(st);
    json_t *before = view(st, GAME_SEAT_HOST);
    json_t *top1 = json_deep_copy(
        json_array_get(json_array_get(json_object_get(before, "score_piles"), 1), 2));
    json_decref(before);
    wrong_guess(st, 1, WB_OK);
    json_t *g = event("guess");
    assert_true(json_is_false(json_object_get(g, "correct")));
    assert_true(json_is_true(json_object_get(g, "paid")));
    assert_null(event("turn_end"));
    assert_int_equal(pile(st, 1), 2);
    assert_int_equal(pile(st, 0), 4);
    /* It was the top card of the guesser's pile, now on the trainer's. */
    json_t *after = view(st, GAME_SEAT_HOST);
    assert_true(json_equal(json_array_get(json_array_get(json_object_get(after, "score_piles"),
                                                         0), 3), top1));
    json_decref(after);
    json_decref(top1);
    /* Every wrong shout costs a card; the guesser may keep shouting. */
    wrong_guess(st, 1, WB_OK);
    wrong_guess(st, 3, WB_OK);
    assert_int_equal(pile(st, 1), 1);
    assert_int_equal(pile(st, 3), 2);
    assert_int_equal(pile(st, 0), 6);
    json_t *v = view(st, GAME_SEAT_PUBLIC);
    json_t *seat1 = json_array_get(json_object_get(v, "seats"), 1);
    assert_int_equal(json_integer_value(json_object_get(seat1, "wrong_guesses")), 2);
    json_decref(v);
    card_of(st, sp, &count);
    guess(st, 2, sp, count, WB_OK);
    assert_int_equal(pile(st, 2), 4);
    assert_int_equal(pile(st, 0), 6);
    check_cards(st, 40);
    /* Nothing of the last turn lingers. */
    v = view(st, GAME_SEAT_PUBLIC);
    seat1 = json_array_get(json_object_get(v, "seats"), 1);
    assert_int_equal(json_integer_value(json_object_get(seat1, "wrong_guesses")), 0);
    json_decref(v);
    done(st);
}

static void test_empty_pile_guesses_once(void **state)
{
    (void)state;
    gt *st = make(3, "{}", 13);
    perform(st);
    for (int i = 0; i < 3; i++)
        wrong_guess(st, 1, WB_OK);
    assert_int_equal(pile(st, 1), 0);
    /* Empty: one more guess this turn, which costs nothing. */
    json_t *acts = gt_actions(st, 1);
    assert_true(json_array_size(acts) > 1);
    json_decref(acts);
    wrong_guess(st, 1, WB_OK);
    assert_true(json_is_false(json_object_get(event("guess"), "paid")));
    assert_int_equal(pile(st, 0), 6);
    wrong_guess(st, 1, WB_EILLEGAL);
    /* The refusal says why, in a whole sentence. */
    {
        json_t *a = json_pack("{s:s, s:s, s:i}", "type", "guess", "species", "rat", "count", 1),
               *e = json_array();
        game_ctx ctx = {NULL, T0};
        char *why = NULL;
        assert_int_equal(K->apply(st->st, &ctx, 1, a, e, &why), WB_EILLEGAL);
        assert_non_null(strstr(why, "once per turn"));
        assert_non_null(strstr(why, "you have guessed"));
        free(why);
        json_decref(a);
        json_decref(e);
    }
    acts = gt_actions(st, 1);
    assert_int_equal(json_array_size(acts), 0);
    json_decref(acts);
    json_t *v = view(st, GAME_SEAT_PUBLIC);
    assert_false(in_array(json_object_get(v, "to_act"), 1));
    assert_true(in_array(json_object_get(v, "to_act"), 2));
    json_decref(v);
    /* The last guesser passes: the trainer keeps the card. */
    assert_int_equal(act(st, 2, "{\"type\":\"pass\"}"), WB_OK);
    assert_string_equal(json_string_value(json_object_get(event("turn_end"), "outcome")), "kept");
    assert_int_equal(pile(st, 0), 7);

    /* Next turn (seat 1 trains), seat 0 guesses right.  The turn after
     * (seat 2 trains): seat 1, still empty, may guess once again. */
    char sp[32];
    int count;
    perform(st);
    card_of(st, sp, &count);
    guess(st, 0, sp, count, WB_OK);
    assert_int_equal(trainer(st), 2);
    assert_int_equal(pile(st, 1), 0);
    perform(st);
    card_of(st, sp, &count);
    wrong_guess(st, 1, WB_OK);
    guess(st, 1, sp, count, WB_EILLEGAL);
    done(st);

    st = make(3, "{}", 14);
    for (int t = 0; t < 2; t++) {
        perform(st);
        if (t == 0) {
            for (int i = 0; i < 3; i++)
                wrong_guess(st, 2, WB_OK);
            pass_all(st);
        }
    }
    card_of(st, sp, &count);
    assert_int_equal(pile(st, 2), 0);
    guess(st, 2, sp, count, WB_OK);
    assert_int_equal(pile(st, 2), 1);
    done(st);
}

/* --- trainer mistakes ----------------------------------------------------- */

static void test_mistake_done_too_early(void **state)
{
    (void)state;
    gt *st = make(3, "{}", 21);
    char sp[32], card[48], buf[64];
    int count;
    json_t *s0 = K->save(st->st);
    char top[48];
    json_t *sc = json_object_get(json_array_get(json_object_get(s0, "seats"), 0), "score");
    snprintf(top, sizeof top, "%s", json_string_value(json_array_get(sc, 2)));
    json_decref(s0);

    assert_int_equal(act(st, 0, "{\"type\":\"draw\"}"), WB_OK);
    card_of(st, sp, &count);
    snprintf(card, sizeof card, "%s:%d", sp, count);
    assert_int_equal(act(st, 0, "{\"type\":\"clap\"}"), WB_OK);
    /* Done too early: the code is wrong. */
    assert_int_equal(act(st, 0, "{\"type\":\"done\"}"), WB_OK);
    json_t *end = event("turn_end");
    assert_string_equal(json_string_value(json_object_get(end, "outcome")), "mistake");
    assert_int_equal(json_integer_value(json_object_get(end, "returned")), 2);
    assert_string_equal(json_string_value(json_object_get(json_object_get(end, "card"),
                                                          "species")), sp);
    assert_null(event("code_complete"));
    assert_int_equal(vint(st, "draw_pile"), 15 - 1 + 2);
    assert_int_equal(pile(st, 0), 2);
    assert_int_equal(trainer(st), 1);
    assert_string_equal(vstr(st, "phase", buf), "draw");
    /* Under the draw pile: the trainer's top score card, the card above. */
    json_t *s = K->save(st->st), *draw = json_object_get(s, "draw");
    assert_string_equal(json_string_value(json_array_get(draw, 0)), top);
    assert_string_equal(json_string_value(json_array_get(draw, 1)), card);
    json_decref(s);
    check_cards(st, 40);
    done(st);
}

static void empty_trainer_pile(json_t *saved)
{
    json_t *seats = json_object_get(saved, "seats");
    json_t *sc = json_object_get(json_array_get(seats, 0), "score");
    json_array_extend(json_object_get(saved, "out"), sc);
    json_array_clear(sc);
}

static void test_mistake_signal_too_many(void **state)
{
    (void)state;
    for (int which = 0; which < 2; which++) {
        gt *st = make(5, "{}", 22 + (uint64_t)which);
        char sp[32];
        int count;
        if (which)
            st = edited(st, empty_trainer_pile);
        assert_int_equal(act(st, 0, "{\"type\":\"draw\"}"), WB_OK);
        card_of(st, sp, &count);
        int n = which ? count : position_of(st, sp);
        const char *sig = which ? "{\"type\":\"clap\"}" : "{\"type\":\"bang\"}";
        for (int i = 0; i < n; i++) {
            assert_int_equal(act(st, 0, sig), WB_OK);
            assert_null(event("turn_end"));
        }
        /* The listed actions no longer offer this signal... */
        json_t *acts = gt_actions(st, 0);
        char *d = json_dumps(acts, JSON_COMPACT);
        assert_null(strstr(d, which ? "clap" : "bang"));
        free(d);
        json_decref(acts);
        /* ...and one more is a mistake at once. */
        assert_int_equal(act(st, 0, sig), WB_OK);
        json_t *end = event("turn_end");
        assert_non_null(end);
        assert_string_equal(json_string_value(json_object_get(end, "outcome")), "mistake");
        /* With an empty score pile only the card goes back. */
        assert_int_equal(json_integer_value(json_object_get(end, "returned")), which ? 1 : 2);
        assert_int_equal(vint(st, "draw_pile"), which ? 15 : 16);
        assert_int_equal(pile(st, 0), which ? 0 : 2);
        done(st);
    }
}

/* --- the sequence cards --------------------------------------------------- */

static const char *fix_card = NULL;

/* The rat at position 3 and the next card drawn a rat showing 2. */
static void rat_third(json_t *saved)
{
    json_t *seq = json_pack("[s,s,s,s]", "spider", "fly", "rat", "woodlouse");
    json_object_set_new(saved, "sequence", seq);
    json_t *draw = json_object_get(saved, "draw"), *out = json_object_get(saved, "out");
    /* Swap a rat:2 to the top of the draw pile. */
    json_t *where[2] = {draw, out};
    for (int w = 0; w < 2; w++)
        for (size_t k = 0; k < json_array_size(where[w]); k++)
            if (strcmp(json_string_value(json_array_get(where[w], k)), fix_card) == 0) {
                json_t *top = json_incref(json_array_get(draw, json_array_size(draw) - 1));
                json_array_set(where[w], k, top);
                json_array_set_new(draw, json_array_size(draw) - 1, json_string(fix_card));
                json_decref(top);
                return;
            }
    fail_msg("no %s in the draw pile or out of the game", fix_card);
}

static void test_sequence_positions(void **state)
{
    (void)state;
    fix_card = "rat:2";
    /* Right: 3 bangs (rat at position 3) and 2 claps, in any order. */
    gt *st = edited(make(3, "{\"species\":[\"spider\",\"fly\",\"rat\",\"woodlouse\"]}", 31),
                      rat_third);
    assert_int_equal(position_of(st, "rat"), 3);
    assert_int_equal(act(st, 0, "{\"type\":\"draw\"}"), WB_OK);
    const char *right[] = {"bang", "clap", "bang", "clap", "bang"};
    for (int i = 0; i < 5; i++) {
        char body[32];
        json_t *acts = gt_actions(st, 0);
        char *d = json_dumps(acts, JSON_COMPACT);
        assert_null(strstr(d, "done"));
        free(d);
        json_decref(acts);
        snprintf(body, sizeof body, "{\"type\":\"%s\"}", right[i]);
        assert_int_equal(act(st, 0, body), WB_OK);
        json_t *sig = json_array_get(ev, 0);
        assert_string_equal(json_string_value(json_object_get(sig, "type")), right[i]);
        assert_int_equal(json_integer_value(json_object_get(sig, "signals")), i + 1);
    }
    json_t *acts = gt_actions(st, 0);
    assert_int_equal(json_array_size(acts), 1);
    assert_string_equal(json_string_value(json_object_get(json_array_get(acts, 0), "type")),
                        "done");
    json_decref(acts);
    json_t *v = view(st, 1);
    assert_int_equal(json_array_size(json_object_get(v, "signals")), 5);
    json_decref(v);
    assert_int_equal(act(st, 0, "{\"type\":\"done\"}"), WB_OK);
    assert_non_null(event("code_complete"));
    done(st);

    /* Wrong: 2 bangs (the fly's position) and 2 claps. */
    st = edited(make(3, "{\"species\":[\"spider\",\"fly\",\"rat\",\"woodlouse\"]}", 31),
                rat_third);
    assert_int_equal(act(st, 0, "{\"type\":\"draw\"}"), WB_OK);
    for (int i = 0; i < 2; i++) {
        assert_int_equal(act(st, 0, "{\"type\":\"bang\"}"), WB_OK);
        assert_int_equal(act(st, 0, "{\"type\":\"clap\"}"), WB_OK);
    }
    assert_int_equal(act(st, 0, "{\"type\":\"done\"}"), WB_OK);
    assert_string_equal(json_string_value(json_object_get(event("turn_end"), "outcome")),
                        "mistake");
    done(st);
}

/* --- nobody right --------------------------------------------------------- */

static void test_everyone_passes(void **state)
{
    (void)state;
    gt *st = make(4, "{}", 41);
    perform(st);
    assert_int_equal(act(st, 1, "{\"type\":\"pass\"}"), WB_OK);
    assert_null(event("turn_end"));
    wrong_guess(st, 1, WB_ENOTTURN); /* passed: no more guesses this turn */
    wrong_guess(st, 2, WB_OK);
    assert_int_equal(act(st, 2, "{\"type\":\"pass\"}"), WB_OK);
    assert_int_equal(count_in_to_act(st), 1);
    assert_int_equal(act(st, 3, "{\"type\":\"pass\"}"), WB_OK);
    json_t *end = event("turn_end");
    assert_string_equal(json_string_value(json_object_get(end, "outcome")), "kept");
    assert_null(json_object_get(end, "winner"));
    assert_int_equal(pile(st, 0), 3 + 1 + 1); /* the wrong guess and the card */
    assert_int_equal(trainer(st), 1);

    /* The host may close the guessing: the same as everyone passing. */
    perform(st);
    json_t *acts = gt_actions(st, GAME_SEAT_HOST);
    assert_int_equal(json_array_size(acts), 1);
    json_decref(acts);
    assert_int_equal(act(st, 2, "{\"type\":\"close\"}"), WB_ENOTTURN);
    assert_int_equal(act(st, GAME_SEAT_HOST, "{\"type\":\"close\"}"), WB_OK);
    assert_string_equal(json_string_value(json_object_get(event("guessing_closed"), "by")),
                        "host");
    assert_string_equal(json_string_value(json_object_get(event("turn_end"), "outcome")),
                        "kept");
    assert_int_equal(pile(st, 1), 4);
    done(st);
}

static void test_guess_window(void **state)
{
    (void)state;
    gt *st = make(3, "{\"guess_ms\":3000}", 42);
    assert_int_equal(K->deadline(st->st), -1);
    assert_int_equal(act_at(st, 0, "{\"type\":\"draw\"}", T0), WB_OK);
    char sp[32];
    int count;
    card_of(st, sp, &count);
    for (int i = 0; i < position_of(st, sp); i++)
        assert_int_equal(act_at(st, 0, "{\"type\":\"bang\"}", T0 + 10), WB_OK);
    for (int i = 0; i < count; i++)
        assert_int_equal(act_at(st, 0, "{\"type\":\"clap\"}", T0 + 20), WB_OK);
    assert_int_equal(K->deadline(st->st), -1);
    assert_int_equal(act_at(st, 0, "{\"type\":\"done\"}", T0 + 100), WB_OK);
    assert_int_equal(K->deadline(st->st), T0 + 3100);
    assert_int_equal(json_integer_value(json_object_get(event("code_complete"),
                                                        "guess_deadline")), T0 + 3100);
    assert_int_equal(act_at(st, GAME_SEAT_SYSTEM, "{\"type\":\"timer\"}", T0 + 3099),
                     WB_EILLEGAL);
    assert_int_equal(act_at(st, 1, "{\"type\":\"timer\"}", T0 + 3100), WB_ENOTTURN);
    wrong_guess(st, 1, WB_OK);
    /* A guess at the deadline is too late, even the right one. */
    char body[128];
    snprintf(body, sizeof body, "{\"type\":\"guess\",\"species\":\"%s\",\"count\":%d}", sp,
             count);
    assert_int_equal(act_at(st, 2, body, T0 + 3100), WB_EILLEGAL);
    assert_int_equal(act_at(st, GAME_SEAT_SYSTEM, "{\"type\":\"timer\"}", T0 + 3100), WB_OK);
    assert_string_equal(json_string_value(json_object_get(event("guessing_closed"), "by")),
                        "timer");
    assert_string_equal(json_string_value(json_object_get(event("turn_end"), "outcome")),
                        "kept");
    assert_int_equal(pile(st, 0), 5);
    assert_int_equal(K->deadline(st->st), -1);
    done(st);
}

/* --- rotation and reshuffle ----------------------------------------------- */

static void test_rotation_and_reshuffle(void **state)
{
    (void)state;
    gt *st = make(3, "{\"first_trainer\":1}", 51);
    static const int order[] = {1, 2, 0, 1, 2, 0, 1, 2, 0, 1, 2, 0, 1, 2};
    int changed = 0;
    for (int t = 0; t < 14; t++) {
        assert_int_equal(trainer(st), order[t]);
        assert_int_equal(vint(st, "round"), 1 + t / 3);
        json_t *v = view(st, GAME_SEAT_PUBLIC);
        json_t *seq = json_deep_copy(json_object_get(v, "sequence"));
        json_decref(v);
        perform(st);
        pass_all(st);
        json_t *r = event("round");
        if (t % 3 == 2) {
            /* Everyone has trained: the sequence cards are reshuffled. */
            assert_non_null(r);
            assert_true(json_is_true(json_object_get(r, "reshuffled")));
            assert_int_equal(json_integer_value(json_object_get(r, "round")), 2 + t / 3);
            v = view(st, GAME_SEAT_PUBLIC);
            assert_true(json_equal(json_object_get(r, "sequence"), json_object_get(v, "sequence")));
            changed += !json_equal(seq, json_object_get(v, "sequence"));
            json_decref(v);
        } else {
            assert_null(r);
            v = view(st, GAME_SEAT_PUBLIC);
            assert_true(json_equal(seq, json_object_get(v, "sequence")));
            json_decref(v);
        }
        json_decref(seq);
    }
    assert_true(changed >= 2);
    done(st);
}

static void test_even_easier_keeps_sequence(void **state)
{
    (void)state;
    for (int k = 0; k < 2; k++) {
        gt *st = make(4, k ? "{\"variant\":\"easier\",\"fixed_sequence\":true}"
                             : "{\"variant\":\"even-easier\"}", 52);
        json_t *v = view(st, GAME_SEAT_PUBLIC);
        json_t *seq = json_deep_copy(json_object_get(v, "sequence"));
        json_decref(v);
        int rounds = 0;
        char buf[64];
        while (strcmp(vstr(st, "status", buf), "active") == 0) {
            perform(st);
            pass_all(st);
            json_t *r = event("round");
            if (r) {
                rounds++;
                assert_true(json_is_false(json_object_get(r, "reshuffled")));
            }
            v = view(st, GAME_SEAT_PUBLIC);
            assert_true(json_equal(seq, json_object_get(v, "sequence")));
            json_decref(v);
        }
        assert_int_equal(rounds, k ? 2 : 3); /* 12 or 16 turns of 4 seats */
        json_decref(seq);
        done(st);
    }
}

/* --- the end -------------------------------------------------------------- */

static const char *const (*end_piles)[8];
static const char *const *end_draw;

static void arrange_end(json_t *saved) { arrange(saved, end_piles, 3, end_draw); }

/* Play out a last card that seat 0 draws and keeps; return the state. */
static gt *last_turn(const char *const piles[][8], const char *const *draw)
{
    end_piles = piles;
    end_draw = draw;
    gt *st = edited(make(3, "{\"species\":[\"woodlouse\",\"spider\",\"fly\",\"rat\"]}", 61),
                      arrange_end);
    perform(st);
    pass_all(st);
    return st;
}

static void check_result(gt *st, const char *winners, const char *scores, const char *values)
{
    char buf[64];
    json_t *v = view(st, 1);
    json_t *w = json_loads(winners, 0, NULL), *s = json_loads(scores, 0, NULL),
           *va = json_loads(values, 0, NULL);
    assert_string_equal(vstr(st, "status", buf), "finished");
    assert_true(json_equal(json_object_get(v, "winners"), w));
    assert_true(json_equal(json_object_get(v, "scores"), s));
    assert_true(json_equal(json_object_get(v, "values"), va));
    assert_int_equal(json_array_size(json_object_get(v, "to_act")), 0);
    json_t *over = event("game_over");
    assert_non_null(over);
    assert_true(json_equal(json_object_get(over, "winners"), w));
    for (int seat = GAME_SEAT_HOST; seat < 3; seat++) {
        json_t *acts = gt_actions(st, seat);
        assert_int_equal(json_array_size(acts), 0);
        json_decref(acts);
    }
    assert_int_equal(act(st, 0, "{\"type\":\"draw\"}"), WB_ENOTTURN);
    json_decref(w);
    json_decref(s);
    json_decref(va);
    json_decref(v);
}

static void test_end_and_tie_breaks(void **state)
{
    (void)state;
    static const char *const draw[] = {"rat:1", NULL};
    /* Most cards wins, whatever the values. */
    static const char *const most[][8] = {
        {"woodlouse:1", "woodlouse:1", "spider:1", NULL},
        {"fly:5", "fly:5", "rat:5", NULL},
        {"spider:2", "spider:3", NULL}};
    gt *st = last_turn(most, draw);
    check_result(st, "[0]", "[4,3,2]", "[4,15,5]");
    done(st);
    /* Equal cards: the higher sum of values wins. */
    static const char *const values[][8] = {
        {"woodlouse:1", "woodlouse:1", NULL},
        {"fly:5", "spider:1", "rat:2", NULL},
        {"spider:2", "spider:3", NULL}};
    st = last_turn(values, draw);
    check_result(st, "[1]", "[3,3,2]", "[3,8,5]");
    done(st);
    /* Equal on both: the win is shared. */
    static const char *const shared[][8] = {
        {"woodlouse:2", "woodlouse:2", NULL},
        {"spider:1", "spider:1", "fly:3", NULL},
        {"fly:2", "fly:4", NULL}};
    st = last_turn(shared, draw);
    check_result(st, "[0,1]", "[3,3,2]", "[5,5,6]");
    done(st);
    static const char *const all[][8] = {
        {"woodlouse:2", "woodlouse:3", NULL},
        {"spider:1", "spider:4", "fly:1", NULL},
        {"fly:2", "fly:3", "rat:1", NULL}};
    st = last_turn(all, draw);
    check_result(st, "[0,1,2]", "[3,3,3]", "[6,6,6]");
    done(st);
}

static void test_no_end_while_cards_return(void **state)
{
    (void)state;
    static const char *const draw[] = {"rat:1", NULL};
    static const char *const piles[][8] = {
        {"woodlouse:1", NULL}, {"fly:5", NULL}, {"spider:2", NULL}};
    char buf[64];
    end_piles = piles;
    end_draw = draw;
    gt *st = edited(make(3, "{\"species\":[\"woodlouse\",\"spider\",\"fly\",\"rat\"]}", 62),
                      arrange_end);
    assert_int_equal(act(st, 0, "{\"type\":\"draw\"}"), WB_OK);
    assert_int_equal(vint(st, "draw_pile"), 0);
    assert_string_equal(vstr(st, "status", buf), "active");
    assert_int_equal(act(st, 0, "{\"type\":\"done\"}"), WB_OK); /* a mistake */
    assert_int_equal(vint(st, "draw_pile"), 2);
    assert_string_equal(vstr(st, "status", buf), "active");
    assert_null(event("game_over"));
    /* The rat went back above the trainer's card: seat 1 draws it and
     * keeps it; seat 2 draws the woodlouse, which seat 0 guesses.  The
     * pile is empty: the game is over. */
    char sp[32];
    int count;
    perform(st);
    card_of(st, sp, &count);
    assert_string_equal(sp, "rat");
    pass_all(st);
    assert_int_equal(pile(st, 1), 2);
    perform(st);
    guess(st, 0, "woodlouse", 1, WB_OK);
    check_result(st, "[1]", "[1,2,1]", "[1,6,2]");
    done(st);
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
        cmocka_unit_test_teardown(test_options, teardown),
        cmocka_unit_test_teardown(test_setup_sizes, teardown),
        cmocka_unit_test_teardown(test_species_choice, teardown),
        cmocka_unit_test_teardown(test_bad_options, teardown),
        cmocka_unit_test_teardown(test_draw_is_private, teardown),
        cmocka_unit_test_teardown(test_correct_guess, teardown),
        cmocka_unit_test_teardown(test_wrong_guess_penalty, teardown),
        cmocka_unit_test_teardown(test_empty_pile_guesses_once, teardown),
        cmocka_unit_test_teardown(test_mistake_done_too_early, teardown),
        cmocka_unit_test_teardown(test_mistake_signal_too_many, teardown),
        cmocka_unit_test_teardown(test_sequence_positions, teardown),
        cmocka_unit_test_teardown(test_everyone_passes, teardown),
        cmocka_unit_test_teardown(test_guess_window, teardown),
        cmocka_unit_test_teardown(test_rotation_and_reshuffle, teardown),
        cmocka_unit_test_teardown(test_even_easier_keeps_sequence, teardown),
        cmocka_unit_test_teardown(test_end_and_tie_breaks, teardown),
        cmocka_unit_test_teardown(test_no_end_while_cards_return, teardown),
        cmocka_unit_test_teardown(test_views_hide_the_card, teardown),
        cmocka_unit_test_teardown(test_refusals, teardown),
        cmocka_unit_test_teardown(test_random_games, teardown),
        cmocka_unit_test_teardown(test_determinism, teardown),
        cmocka_unit_test_teardown(test_load_checks, teardown),
        cmocka_unit_test_teardown(test_load_checks_consistency, teardown),
        cmocka_unit_test(test_rows_find),
    };
    return cmocka_run_group_tests_name("woodlouse", tests, NULL, NULL);
}
