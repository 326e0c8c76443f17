/*
 * test_woodlouse_turn.c - Woodlouse Chaos (games/woodlouse/), set-up and
 * a turn, through the game interface alone (woodlouse_test_util.h): options
 * and set-up per variant and player count, the draw (private), the code and
 * the guesses, wrong-guess penalties and the empty-pile rule, trainer
 * mistakes.
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
    /* The view says who may still shout: not seat 1, seat 2. */
    {
        json_t *v = view(st, GAME_SEAT_PUBLIC), *seats = json_object_get(v, "seats");
        assert_true(json_is_false(json_object_get(json_array_get(seats, 1), "can_guess")));
        assert_true(json_is_true(json_object_get(json_array_get(seats, 2), "can_guess")));
        json_decref(v);
    }
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
    };
    return cmocka_run_group_tests_name("woodlouse-turn", tests, NULL, NULL);
}
