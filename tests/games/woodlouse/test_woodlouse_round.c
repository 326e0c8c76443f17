/*
 * test_woodlouse_round.c - Woodlouse Chaos (games/woodlouse/) past one
 * turn: the sequence cards, passing and the guessing window when nobody is
 * right, rotation and reshuffles, the end and its tie-breaks.
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

/* --- helpers: the shared harness (game_test.h), on the heap ------------------ */

static int count_in_to_act(const gt *st)
{
    json_t *v = view(st, GAME_SEAT_PUBLIC);
    int n = (int)json_array_size(json_object_get(v, "to_act"));
    json_decref(v);
    return n;
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

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_teardown(test_sequence_positions, teardown),
        cmocka_unit_test_teardown(test_everyone_passes, teardown),
        cmocka_unit_test_teardown(test_guess_window, teardown),
        cmocka_unit_test_teardown(test_rotation_and_reshuffle, teardown),
        cmocka_unit_test_teardown(test_even_easier_keeps_sequence, teardown),
        cmocka_unit_test_teardown(test_end_and_tie_breaks, teardown),
        cmocka_unit_test_teardown(test_no_end_while_cards_return, teardown),
    };
    return cmocka_run_group_tests_name("woodlouse-round", tests, NULL, NULL);
}
