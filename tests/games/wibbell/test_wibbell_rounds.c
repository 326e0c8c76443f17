/*
 * test_wibbell_rounds.c - the Wibbell game module (games/wibbell/),
 * scenario by scenario from the rules (WIBBELL.md): rounds, the end of the game,
 * and companion mode (wibbell_test_util.h: the dictionary, the harness).
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

#include "dict.h"
#include "game.h"
#include "game_test.h"
#include "wb_err.h"
#include "wibbell.h"
#include "wibbell_int.h"
#include "wibbell_test_util.h"

/* --- helpers -------------------------------------------------------------- */

static json_int_t pint(const gt *st, int seat, const char *key)
{
    return json_integer_value(json_object_get(player(st, seat), key));
}

static int score(const gt *st, int seat)
{
    return (int)json_integer_value(json_array_get(json_object_get(V(st, HOST), "scores"),
                                                  (size_t)seat));
}

/* --- rounds ----------------------------------------------------------------- */

static void test_round_standard(void **state)
{
    (void)state;
    gt *st = mk(4, "{\"tie_window_ms\":0}", 11);
    win_take(st, 1);
    win_take(st, 0);
    win_take(st, 0);
    assert_int_equal(pint(st, 0, "cards_this_round"), 2);
    assert_int_equal(json_array_size(json_object_get(player(st, 0), "face_up")), 2);
    json_int_t deck = vint(st, "deck");
    claim_valid(st, 0, 1000);
    /* the 3rd card: both centre cards, and a handicap to choose */
    assert_int_equal(count_events("card_taken"), 2);
    assert_non_null(event("round_won"));
    assert_string_equal(phase(st), "keep");
    assert_true(acts(st, 0));
    assert_false(acts(st, 1));
    assert_int_equal(json_array_size(json_object_get(V(st, HOST), "centre")), 0);
    json_t *choices = json_object_get(V(st, HOST), "keep_choices");
    assert_int_equal(json_array_size(choices), 4);
    json_int_t keep = json_integer_value(json_array_get(choices, 2));
    json_t *acts0 = gt_actions(st, 0);
    assert_int_equal(json_array_size(acts0), 4);
    json_decref(acts0);
    acts0 = gt_actions(st, 1);
    assert_int_equal(json_array_size(acts0), 0);
    json_decref(acts0);
    assert_int_equal(act(st, 1, "{\"type\":\"keep\",\"card\":%lld}", (long long)keep), WB_ENOTTURN);
    assert_int_equal(act(st, 0, "{\"type\":\"claim\",\"word\":\"cat\"}"), WB_ENOTTURN);
    assert_int_equal(act(st, 0, "{\"type\":\"keep\",\"card\":999}"), WB_EILLEGAL);
    OK(act(st, 0, "{\"type\":\"keep\",\"card\":%lld}", (long long)keep));
    assert_int_equal(json_integer_value(json_object_get(json_object_get(
        event("handicap_kept"), "card"), "id")), keep);
    assert_non_null(event("round_started"));
    assert_int_equal(count_events("card_flipped"), 2);
    /* everyone's other round cards are face-down; the handicap stays up */
    assert_int_equal(vint(st, "round"), 2);
    assert_string_equal(phase(st), "play");
    assert_int_equal(vint(st, "deck"), deck - 2);
    assert_int_equal(json_array_size(json_object_get(player(st, 0), "face_up")), 0);
    assert_int_equal(pint(st, 0, "face_down"), 3);
    json_t *h = json_object_get(player(st, 0), "handicaps");
    assert_int_equal(json_array_size(h), 1);
    assert_int_equal(json_integer_value(json_object_get(json_array_get(h, 0), "id")), keep);
    assert_true(json_is_false(json_object_get(json_array_get(h, 0), "starting")));
    assert_int_equal(pint(st, 1, "face_down"), 1);
    assert_int_equal(pint(st, 0, "cards_this_round"), 0);
    assert_int_equal(pint(st, 0, "rounds_won"), 1);
    assert_int_equal(score(st, 0), 4);
    assert_int_equal(score(st, 1), 1);
    /* the handicap constrains: the hints of seat 0 name three cards */
    json_t *args = json_pack("{s:s}", "seat", "0"), *out = NULL;
    char *why = NULL;
    OK(game_wibbell.query(st->st, &ctx, HOST, "hints", args, &out, &why));
    assert_int_equal(json_array_size(json_object_get(out, "cards")), 3);
    json_decref(out);
    json_decref(args);
    /* the face-down cards no longer do: seat 1 covers the centre only */
    args = json_pack("{s:s}", "seat", "1");
    OK(game_wibbell.query(st->st, &ctx, HOST, "hints", args, &out, &why));
    assert_int_equal(json_array_size(json_object_get(out, "cards")), 2);
    json_decref(out);
    json_decref(args);
    /* a second round won gives a second handicap */
    win_take(st, 0);
    win_take(st, 0);
    claim_valid(st, 0, 1000);
    assert_string_equal(phase(st), "keep");
    choices = json_object_get(V(st, HOST), "keep_choices");
    OK(act(st, 0, "{\"type\":\"keep\",\"card\":%lld}",
           (long long)json_integer_value(json_array_get(choices, 0))));
    assert_int_equal(json_array_size(json_object_get(player(st, 0), "handicaps")), 2);
    assert_int_equal(score(st, 0), 8);
    done(st);
}

static void test_round_simple_modes(void **state)
{
    (void)state;
    /* simple: the 4th card ends the round, the 5th is a bonus */
    gt *st = mk(4, "{\"mode\":\"simple\",\"tie_window_ms\":0}", 12);
    win_take(st, 2);
    win_take(st, 2);
    win_take(st, 2);
    assert_string_equal(phase(st), "play");
    assert_int_equal(json_array_size(json_object_get(player(st, 2), "face_up")), 3);
    claim_valid(st, 2, 1000);
    assert_string_equal(phase(st), "take"); /* which is the 4th card? */
    json_int_t other = json_integer_value(json_object_get(
        json_array_get(json_object_get(V(st, HOST), "centre"), 0), "id"));
    OK(act(st, 2, "{\"type\":\"take\",\"card\":1}"));
    assert_int_equal(count_events("card_taken"), 2);
    json_t *bonus = NULL;
    size_t i;
    json_t *e;
    json_array_foreach(last_ev, i, e)
        if (json_is_true(json_object_get(e, "bonus")))
            bonus = e;
    assert_non_null(bonus);
    assert_int_equal(json_integer_value(json_object_get(json_object_get(bonus, "card"), "id")),
                     other);
    assert_string_equal(phase(st), "keep");
    assert_int_equal(json_array_size(json_object_get(V(st, HOST), "keep_choices")), 4);
    assert_int_equal(act(st, 2, "{\"type\":\"keep\",\"card\":%lld}", (long long)other),
                     WB_EILLEGAL);
    assert_non_null(strstr(last_why, "bonus"));
    json_int_t keep = json_integer_value(json_array_get(
        json_object_get(V(st, HOST), "keep_choices"), 3));
    OK(act(st, 2, "{\"type\":\"keep\",\"card\":%lld}", (long long)keep));
    assert_int_equal(pint(st, 2, "face_down"), 4);
    assert_int_equal(json_array_size(json_object_get(player(st, 2), "handicaps")), 1);
    assert_int_equal(score(st, 2), 5);
    done(st);

    /* simpler: the 3rd card ends it, the 4th is a bonus, no handicaps */
    st = mk(4, "{\"mode\":\"simpler\",\"tie_window_ms\":0}", 13);
    win_take(st, 3);
    win_take(st, 3);
    claim_valid(st, 3, 1000);
    assert_int_equal(count_events("card_taken"), 2);
    assert_non_null(event("round_won"));
    assert_non_null(event("round_started"));
    assert_null(event("handicap_kept"));
    assert_string_equal(phase(st), "play");
    assert_int_equal(vint(st, "round"), 2);
    assert_int_equal(pint(st, 3, "face_down"), 4);
    assert_int_equal(json_array_size(json_object_get(player(st, 3), "handicaps")), 0);
    assert_int_equal(json_array_size(json_object_get(player(st, 3), "face_up")), 0);
    assert_int_equal(score(st, 3), 4);
    done(st);
}

static void test_starting_handicaps(void **state)
{
    (void)state;
    /* seat 0 starts with Z (dealt from the top), seat 1 with named QU */
    gt *st = mk(4, "{\"deck\":[\"Z\",\"AB\",\"CD\",\"QU\"," EASY "],\"shuffle\":false,"
                     "\"tie_window_ms\":0,\"handicaps\":[1,[\"uq\"]]}", 3);
    json_t *h = json_object_get(player(st, 0), "handicaps");
    assert_int_equal(json_array_size(h), 1);
    assert_string_equal(json_string_value(json_object_get(json_array_get(h, 0), "letters")), "Z");
    assert_true(json_is_true(json_object_get(json_array_get(h, 0), "starting")));
    h = json_object_get(player(st, 1), "handicaps");
    assert_string_equal(json_string_value(json_object_get(json_array_get(h, 0), "letters")), "QU");
    assert_string_equal(centre(st, 0), "AB");
    assert_string_equal(centre(st, 1), "CD");
    assert_int_equal(score(st, 0), 0);
    /* the handicap constrains from the first turn */
    OK(act(st, 0, "{\"type\":\"claim\",\"word\":\"cab\"}"));
    assert_non_null(event("claim_refused"));
    OK(act(st, 2, "{\"type\":\"claim\",\"word\":\"cab\"}"));
    assert_null(event("claim_refused"));
    assert_int_equal(json_integer_value(json_object_get(event("card_won"), "seat")), 2);
    OK(act(st, 2, "{\"type\":\"take\",\"card\":0}"));
    OK(act(st, 0, "{\"type\":\"claim\",\"word\":\"dazed\"}"));
    assert_int_equal(json_integer_value(json_object_get(event("card_won"), "seat")), 0);
    OK(act(st, 0, "{\"type\":\"take\",\"card\":0}"));
    /* but does not score */
    assert_int_equal(score(st, 0), 1);
    assert_int_equal(score(st, 2), 1);
    done(st);
}

static void test_learning_aid(void **state)
{
    (void)state;
    gt *st = mk(3, "{\"learning_aid\":true,\"tie_window_ms\":0}", 21);
    win_take(st, 0);
    win_take(st, 0);
    claim_valid(st, 0, 1000);
    json_int_t keep = json_integer_value(json_array_get(
        json_object_get(V(st, HOST), "keep_choices"), 0));
    OK(act(st, 0, "{\"type\":\"keep\",\"card\":%lld}", (long long)keep));
    /* round 2: ann won round 1, so she may not win this one */
    assert_int_equal(vint(st, "round"), 2);
    assert_true(json_is_true(json_object_get(player(st, 0), "barred")));
    assert_false(acts(st, 0));
    json_t *a = gt_actions(st, 0);
    assert_int_equal(json_array_size(a), 0);
    json_decref(a);
    char *w = hint(st, 0, 0);
    assert_int_equal(act(st, 0, "{\"type\":\"claim\",\"word\":\"%s\"}", w), WB_EILLEGAL);
    assert_non_null(strstr(last_why, "learning aid"));
    free(w);
    /* only bob and cy compete: bob's mistake leaves cy alone */
    OK(act(st, 1, "{\"type\":\"claim\",\"word\":\"qqqq\"}"));
    assert_true(json_is_true(json_object_get(event("card_won"), "automatic")));
    assert_int_equal(json_integer_value(json_object_get(event("card_won"), "seat")), 2);
    OK(act(st, 2, "{\"type\":\"take\",\"card\":0}"));
    win_take(st, 2);
    claim_valid(st, 2, 1000);
    assert_string_equal(phase(st), "keep");
    keep = json_integer_value(json_array_get(json_object_get(V(st, HOST), "keep_choices"), 0));
    OK(act(st, 2, "{\"type\":\"keep\",\"card\":%lld}", (long long)keep));
    /* round 3: cy is barred, ann is back */
    assert_false(json_is_true(json_object_get(player(st, 0), "barred")));
    assert_true(json_is_true(json_object_get(player(st, 2), "barred")));
    assert_true(acts(st, 0));
    claim_valid(st, 0, 1000);
    assert_int_equal(json_integer_value(json_object_get(event("card_won"), "seat")), 0);
    done(st);

    /* two players and the learning aid: the lone competitor's mistake
     * leaves nobody, and the centre is redealt */
    st = mk(2, "{\"learning_aid\":true,\"tie_window_ms\":0,\"mode\":\"simpler\"}", 22);
    win_take(st, 1);
    win_take(st, 1);
    claim_valid(st, 1, 1000);
    assert_true(json_is_true(json_object_get(player(st, 1), "barred")));
    OK(act(st, 0, "{\"type\":\"claim\",\"word\":\"qqqq\"}"));
    assert_string_equal(json_string_value(json_object_get(event("redeal"), "reason")),
                        "nobody_eligible");
    assert_true(acts(st, 0));
    done(st);
}

/* --- the end of the game ---------------------------------------------------- */

static void test_final_cards(void **state)
{
    (void)state;
    /* 5 cards: turns 1-3 take one card each; turn 4 is the last turn of
     * the game (the deck is out) and its winner takes the final card */
    const char *opts = "{\"deck\":[\"AEIOST\",\"AEIOST\",\"AEIOST\",\"AEIOST\",\"AEIOST\"],"
                       "\"shuffle\":false,\"tie_window_ms\":0}";
    gt *st = mk(4, opts, 1);
    assert_int_equal(vint(st, "deck"), 3);
    win_take(st, 2);
    win_take(st, 2);
    win_take(st, 0);
    assert_int_equal(vint(st, "deck"), 0);
    assert_string_equal(phase(st), "play");
    claim_valid(st, 1, 1000);
    assert_int_equal(count_events("card_taken"), 2);
    json_t *over = event("game_over");
    assert_non_null(over);
    assert_string_equal(json_string_value(json_object_get(over, "reason")), "deck_out");
    assert_string_equal(phase(st), "over");
    json_t *v = V(st, HOST);
    assert_string_equal(json_string_value(json_object_get(v, "status")), "finished");
    assert_int_equal(json_array_size(json_object_get(v, "to_act")), 0);
    /* scores: 1, 2, 2, 0; the tie at the top shares the win */
    json_t *sc = json_object_get(v, "scores"), *wn = json_object_get(v, "winners");
    assert_int_equal(json_integer_value(json_array_get(sc, 0)), 1);
    assert_int_equal(json_integer_value(json_array_get(sc, 1)), 2);
    assert_int_equal(json_integer_value(json_array_get(sc, 2)), 2);
    assert_int_equal(json_integer_value(json_array_get(sc, 3)), 0);
    assert_int_equal(json_array_size(wn), 2);
    assert_int_equal(json_integer_value(json_array_get(wn, 0)), 1);
    assert_int_equal(json_integer_value(json_array_get(wn, 1)), 2);
    assert_true(json_equal(json_object_get(over, "winners"), wn));
    assert_int_equal(act(st, 0, "{\"type\":\"claim\",\"word\":\"toast\"}"), WB_ENOTTURN);
    json_t *a = gt_actions(st, 0);
    assert_int_equal(json_array_size(a), 0);
    json_decref(a);
    done(st);

    /* the round is reset with 1 card in the deck: the round winner takes it */
    opts = "{\"deck\":[\"AEIOST\",\"AEIOST\",\"AEIOST\",\"AEIOST\",\"AEIOST\",\"AEIOST\"],"
           "\"shuffle\":false,\"tie_window_ms\":0}";
    st = mk(4, opts, 1);
    win_take(st, 3);
    win_take(st, 3);
    assert_int_equal(vint(st, "deck"), 2);
    win_take(st, 1);
    assert_int_equal(vint(st, "deck"), 1);
    claim_valid(st, 3, 1000);
    assert_string_equal(phase(st), "keep");
    json_int_t keep = json_integer_value(json_array_get(
        json_object_get(V(st, HOST), "keep_choices"), 0));
    OK(act(st, 3, "{\"type\":\"keep\",\"card\":%lld}", (long long)keep));
    json_t *fin = NULL;
    size_t i;
    json_t *e;
    json_array_foreach(last_ev, i, e)
        if (json_is_true(json_object_get(e, "final")))
            fin = e;
    assert_non_null(fin);
    assert_int_equal(json_integer_value(json_object_get(fin, "seat")), 3);
    assert_null(event("round_started"));
    assert_non_null(event("game_over"));
    assert_int_equal(score(st, 3), 5);
    assert_int_equal(score(st, 1), 1);
    wn = json_object_get(V(st, HOST), "winners");
    assert_int_equal(json_array_size(wn), 1);
    assert_int_equal(json_integer_value(json_array_get(wn, 0)), 3);
    done(st);
}

/* The learning aid's bar lifts when the round ends, also when the deck
 * running out ends it (the finished view bars nobody). */
static void test_learning_aid_game_end(void **state)
{
    (void)state;
    gt *st = mk(4, "{\"deck\":[\"AEIOST\",\"AEIOST\",\"AEIOST\",\"AEIOST\",\"AEIOST\","
                     "\"AEIOST\",\"AEIOST\",\"AEIOST\",\"AEIOST\"],\"shuffle\":false,"
                     "\"tie_window_ms\":0,\"learning_aid\":true}", 1);
    win_take(st, 3);
    win_take(st, 3);
    claim_valid(st, 3, 1000);
    json_int_t keep = json_integer_value(json_array_get(
        json_object_get(V(st, HOST), "keep_choices"), 0));
    OK(act(st, 3, "{\"type\":\"keep\",\"card\":%lld}", (long long)keep));
    assert_true(json_is_true(json_object_get(player(st, 3), "barred")));
    win_take(st, 0);
    win_take(st, 1);
    win_take(st, 2);
    assert_int_equal(vint(st, "deck"), 0);
    claim_valid(st, 0, 1000); /* the last turn */
    assert_string_equal(phase(st), "over");
    for (int s = 0; s < 4; s++)
        assert_false(json_is_true(json_object_get(player(st, s), "barred")));
    done(st);
}

/* --- companion mode --------------------------------------------------------- */

static void test_companion(void **state)
{
    (void)state;
    gt *st = mk(3, "{\"companion\":true,\"handicaps\":[[],[\"EX\"]]}", 1);
    assert_string_equal(phase(st), "flip");
    assert_int_equal(vint(st, "deck"), 48 - 12 - 1);
    json_t *a = gt_actions(st, HOST);
    assert_string_equal(json_string_value(json_object_get(json_array_get(a, 0), "type")), "flip");
    assert_non_null(json_object_get(json_array_get(a, 0), "$params"));
    json_decref(a);
    /* seats only watch */
    assert_int_equal(act(st, 0, "{\"type\":\"claim\",\"word\":\"zip\"}"), WB_ENOTTURN);
    assert_int_equal(act(st, HOST, "{\"type\":\"flip\",\"card\":\"QZ\"}"), WB_EILLEGAL);
    assert_int_equal(act(st, HOST, "{\"type\":\"flip\",\"card\":\"EX\"}"), WB_EILLEGAL);
    assert_int_equal(act(st, HOST, "{\"type\":\"claim\",\"seat\":0,\"word\":\"zip\"}"),
                     WB_ENOTTURN);
    OK(act(st, HOST, "{\"type\":\"flip\",\"card\":\"nz\"}"));
    assert_string_equal(phase(st), "flip");
    OK(act(st, HOST, "{\"type\":\"flip\",\"card\":\"QI\"}"));
    assert_string_equal(phase(st), "play");
    assert_string_equal(centre(st, 0), "NZ");
    assert_string_equal(centre(st, 1), "IQ");
    assert_int_equal(vint(st, "deck"), 48 - 12 - 3);
    /* no seat acts; the host records the shouts of all three */
    assert_int_equal(json_array_size(json_object_get(V(st, 0), "to_act")), 0);
    assert_int_equal(json_array_size(json_object_get(V(st, 0), "awaiting")), 3);
    assert_true(json_is_true(json_object_get(V(st, 0), "companion")));
    /* bob must cover his handicap EX too */
    OK(act(st, HOST, "{\"type\":\"claim\",\"seat\":1,\"word\":\"zip\"}"));
    assert_non_null(event("claim_refused"));
    assert_int_equal(act(st, HOST, "{\"type\":\"claim\",\"seat\":1,\"word\":\"zinc\"}"),
                     WB_EILLEGAL);
    assert_int_equal(act(st, HOST, "{\"type\":\"claim\",\"word\":\"zip\"}"), WB_EINVAL);
    /* no tie window in companion mode: the first valid shout wins */
    OK(act(st, HOST, "{\"type\":\"claim\",\"seat\":2,\"word\":\"zip\"}"));
    assert_int_equal(json_integer_value(json_object_get(event("card_won"), "seat")), 2);
    assert_int_equal(game_wibbell.deadline(st->st), -1);
    assert_string_equal(phase(st), "take");
    a = gt_actions(st, HOST); /* take 0, take 1, undo */
    assert_int_equal(json_array_size(a), 3);
    assert_int_equal(json_integer_value(json_object_get(json_array_get(a, 0), "seat")), 2);
    json_decref(a);
    assert_int_equal(act(st, 2, "{\"type\":\"take\",\"card\":0}"), WB_ENOTTURN);
    assert_int_equal(act(st, HOST, "{\"type\":\"take\",\"seat\":1,\"card\":0}"), WB_EILLEGAL);
    OK(act(st, HOST, "{\"type\":\"take\",\"seat\":2,\"card\":1}"));
    assert_string_equal(phase(st), "flip");
    assert_string_equal(centre(st, 0), "NZ");
    OK(act(st, HOST, "{\"type\":\"flip\",\"card\":\"SG\"}"));
    /* the host may redeal: both cards go back to the deck */
    OK(act(st, HOST, "{\"type\":\"redeal\"}"));
    assert_non_null(event("redeal"));
    assert_string_equal(phase(st), "flip");
    assert_int_equal(vint(st, "deck"), 48 - 12 - 2); /* EX and IQ are out */
    OK(act(st, HOST, "{\"type\":\"flip\",\"card\":\"NZ\"}"));
    OK(act(st, HOST, "{\"type\":\"flip\",\"card\":\"SG\"}"));
    OK(act(st, HOST, "{\"type\":\"claim\",\"seat\":0,\"word\":\"sing\",\"take\":0}"));
    assert_string_equal(phase(st), "flip");
    /* the physical deck is out: the game ends, the last turn's winner takes
     * the card left in the centre */
    OK(act(st, HOST, "{\"type\":\"end\"}"));
    json_t *over = event("game_over");
    assert_non_null(over);
    assert_string_equal(json_string_value(json_object_get(over, "reason")), "host_ended");
    assert_int_equal(score(st, 0), 2);
    assert_int_equal(score(st, 1), 0); /* the starting handicap does not score */
    assert_int_equal(score(st, 2), 1);
    assert_int_equal(json_integer_value(json_array_get(json_object_get(V(st, 1), "winners"), 0)), 0);
    assert_int_equal(act(st, HOST, "{\"type\":\"end\"}"), WB_ENOTTURN);
    done(st);
}

/* The companion table: shouts the table could not order, a recounted
 * deck, take and keep by the letters on the cards. */
static void test_companion_table(void **state)
{
    (void)state;
    gt *st = mk(3, "{\"companion\":true}", 1);
    assert_int_equal(vint(st, "deck"), 36);
    /* the table removed 6 cards, not 12: it counts 42 left; 49 cannot be */
    assert_int_equal(act(st, 0, "{\"type\":\"deck\",\"count\":42}"), WB_ENOTTURN);
    assert_int_equal(act(st, HOST, "{\"type\":\"deck\",\"count\":49}"), WB_EILLEGAL);
    OK(act(st, HOST, "{\"type\":\"deck\",\"count\":42}"));
    assert_int_equal(json_integer_value(json_object_get(event("deck_corrected"), "was")), 36);
    assert_int_equal(vint(st, "deck"), 42);
    /* at most every card not in play: 48 can be, 49 cannot (above) */
    OK(act(st, HOST, "{\"type\":\"deck\",\"count\":48}"));
    assert_int_equal(vint(st, "deck"), 48);
    OK(act(st, HOST, "{\"type\":\"deck\",\"count\":42}"));
    assert_int_equal(vint(st, "deck"), 42);
    OK(act(st, HOST, "{\"type\":\"flip\",\"card\":\"NZ\"}"));
    OK(act(st, HOST, "{\"type\":\"flip\",\"card\":\"IQ\"}"));
    assert_int_equal(vint(st, "deck"), 40);
    /* the host is offered both as templates */
    json_t *a = gt_actions(st, HOST), *x;
    size_t i, templates = 0;
    json_array_foreach(a, i, x) {
        const char *t = json_string_value(json_object_get(x, "type"));
        if (strcmp(t, "simultaneous") == 0 || strcmp(t, "deck") == 0)
            templates += json_object_get(x, "$params") != NULL;
    }
    assert_int_equal(templates, 2);
    json_decref(a);
    /* one shout, or a seat twice, is no simultaneous event */
    assert_int_equal(act(st, HOST, "{\"type\":\"simultaneous\",\"shouts\":[{\"seat\":0,"
                                   "\"word\":\"zip\"}]}"), WB_EINVAL);
    assert_int_equal(act(st, HOST, "{\"type\":\"simultaneous\",\"shouts\":[{\"seat\":0,"
                                   "\"word\":\"zip\"},{\"seat\":0,\"word\":\"nip\"}]}"),
                     WB_EILLEGAL);
    /* the same length: the first alphabetically wins */
    OK(act(st, HOST, "{\"type\":\"simultaneous\",\"shouts\":[{\"seat\":0,\"word\":\"zip\"},"
                     "{\"seat\":1,\"word\":\"nip\"}]}"));
    assert_int_equal(json_array_size(json_object_get(event("claims_revealed"), "claims")), 2);
    assert_int_equal(json_integer_value(json_object_get(event("card_won"), "seat")), 1);
    assert_string_equal(phase(st), "take");
    assert_int_equal(act(st, HOST, "{\"type\":\"take\",\"letters\":\"ZZ\"}"), WB_EILLEGAL);
    assert_int_equal(act(st, HOST, "{\"type\":\"take\",\"card\":0,\"letters\":\"NZ\"}"),
                     WB_EINVAL);
    /* neither: refused (it crashed the daemon, reading letters it had not) */
    assert_int_equal(act(st, HOST, "{\"type\":\"take\"}"), WB_EINVAL);
    OK(act(st, HOST, "{\"type\":\"take\",\"letters\":\"zn\"}"));
    assert_string_equal(json_string_value(json_object_get(json_array_get(
                            json_object_get(player(st, 1), "face_up"), 0), "letters")), "NZ");
    /* identical words: both centre cards go back, the deck count with them */
    OK(act(st, HOST, "{\"type\":\"flip\",\"card\":\"SG\"}"));
    OK(act(st, HOST, "{\"type\":\"simultaneous\",\"shouts\":[{\"seat\":0,\"word\":\"sing\"},"
                     "{\"seat\":2,\"word\":\"sing\"}]}"));
    assert_string_equal(json_string_value(json_object_get(event("redeal"), "reason")),
                        "identical_words");
    assert_string_equal(phase(st), "flip");
    assert_int_equal(vint(st, "deck"), 41);
    OK(act(st, HOST, "{\"type\":\"flip\",\"card\":\"IQ\"}"));
    OK(act(st, HOST, "{\"type\":\"flip\",\"card\":\"SG\"}"));
    /* the shorter word beats the first alphabetically; a wrong shout is a
     * mistake */
    OK(act(st, HOST, "{\"type\":\"simultaneous\",\"shouts\":[{\"seat\":0,\"word\":\"qqq\"},"
                     "{\"seat\":2,\"word\":\"aging\"},{\"seat\":1,\"word\":\"sing\"}]}"));
    assert_int_equal(json_integer_value(json_object_get(event("claim_refused"), "seat")), 0);
    assert_int_equal(json_integer_value(json_object_get(event("card_won"), "seat")), 1);
    OK(act(st, HOST, "{\"type\":\"take\",\"seat\":1,\"letters\":\"GS\"}"));
    /* both shouts wrong: the one player left competing collects the card */
    OK(act(st, HOST, "{\"type\":\"flip\",\"card\":\"SH\"}"));
    OK(act(st, HOST, "{\"type\":\"simultaneous\",\"shouts\":[{\"seat\":0,\"word\":\"qqq\"},"
                     "{\"seat\":2,\"word\":\"zzzx\"}]}"));
    assert_int_equal(count_events("claim_refused"), 2);
    assert_true(json_is_true(json_object_get(event("card_won"), "automatic")));
    /* bob's 3rd card ends the round: he keeps SH by its letters */
    assert_string_equal(phase(st), "keep");
    assert_int_equal(act(st, HOST, "{\"type\":\"keep\",\"letters\":\"AB\"}"), WB_EILLEGAL);
    assert_int_equal(act(st, HOST, "{\"type\":\"keep\"}"), WB_EINVAL);
    OK(act(st, HOST, "{\"type\":\"keep\",\"letters\":\"hs\"}"));
    assert_string_equal(json_string_value(json_object_get(
                            json_object_get(event("handicap_kept"), "card"), "letters")), "SH");
    /* the table finds its deck empty: the game ends */
    assert_string_equal(phase(st), "flip");
    gt *copy = reload(st);
    done(st);
    st = copy;
    OK(act(st, HOST, "{\"type\":\"deck\",\"count\":0}"));
    assert_string_equal(json_string_value(json_object_get(event("game_over"), "reason")),
                        "deck_out");
    assert_int_equal(score(st, 1), 4);
    done(st);
}

/* forgive_typos: a non-word is no mistake; other refusals still are. */
static void test_forgive_typos(void **state)
{
    (void)state;
    const char *deck = "\"deck\":[\"NZ\",\"IQ\",\"SG\",\"SH\",\"AE\",\"OT\",\"RL\",\"DU\"]";
    char opts[256];
    snprintf(opts, sizeof opts, "{\"tie_window_ms\":0,\"shuffle\":false,%s,"
             "\"forgive_typos\":true}", deck);
    gt *st = mk(2, opts, 1);
    OK(act(st, 0, "{\"type\":\"claim\",\"word\":\"zqxv\"}"));
    assert_true(json_is_true(json_object_get(event("claim_refused"), "forgiven")));
    assert_false(json_is_true(json_object_get(player(st, 0), "out")));
    assert_true(acts(st, 0));
    assert_true(json_is_true(json_object_get(V(st, 0), "forgive_typos")));
    /* a real word that misses a card is still a mistake: bob collects */
    OK(act(st, 0, "{\"type\":\"claim\",\"word\":\"cat\"}"));
    assert_null(json_object_get(event("claim_refused"), "forgiven"));
    assert_true(json_is_true(json_object_get(event("card_won"), "automatic")));
    /* the digital winner takes by letters too */
    OK(act(st, 1, "{\"type\":\"take\",\"letters\":\"QI\"}"));
    assert_string_equal(centre(st, 0), "NZ");
    assert_int_equal(json_array_size(json_object_get(V(st, HOST), "vocabulary")), 2);
    /* a save of format 1 (before the option) loads with it off */
    json_t *s = game_wibbell.save(st->st);
    json_object_del(s, "forgive_typos");
    json_object_set_new(s, "format", json_integer(1));
    gt *old = loaded(s);
    assert_false(json_is_true(json_object_get(V(old, 0), "forgive_typos")));
    json_decref(s);
    done(old);
    /* one of format 2 (the option, before undo) keeps it on */
    s = game_wibbell.save(st->st);
    json_object_del(s, "undo");
    json_object_set_new(s, "format", json_integer(2));
    old = loaded(s);
    assert_true(json_is_true(json_object_get(V(old, 0), "forgive_typos")));
    json_decref(s);
    done(old);
    done(st);
    /* off by default: a typo is a mistake */
    snprintf(opts, sizeof opts, "{\"tie_window_ms\":0,\"shuffle\":false,%s}", deck);
    st = mk(2, opts, 1);
    OK(act(st, 0, "{\"type\":\"claim\",\"word\":\"zqxv\"}"));
    assert_non_null(event("card_won"));
    done(st);
}

/* The host's script at a companion table: `wrong` records a flip and a
 * shout wrongly first and undoes each; the result must be the match as
 * recorded right (so a replay of a log with undo is the replay of one
 * without).  Returns the saved text. */
static char *companion_script(int wrong)
{
    gt *st = mk(3, "{\"companion\":true}", 8);
    char *out;
    OK(act(st, HOST, "{\"type\":\"flip\",\"card\":\"NZ\"}"));
    if (wrong) {
        OK(act(st, HOST, "{\"type\":\"flip\",\"card\":\"SG\"}"));
        assert_string_equal(phase(st), "play");
        OK(act(st, HOST, "{\"type\":\"undo\"}"));
        assert_string_equal(json_string_value(json_object_get(
            json_object_get(event("undone"), "action"), "card")), "SG");
        assert_string_equal(phase(st), "flip");
        assert_int_equal(json_array_size(json_object_get(V(st, HOST), "centre")), 1);
        /* one level: the undo itself cannot be undone */
        assert_int_equal(act(st, HOST, "{\"type\":\"undo\"}"), WB_EILLEGAL);
    }
    OK(act(st, HOST, "{\"type\":\"flip\",\"card\":\"IQ\"}"));
    OK(act(st, HOST, "{\"type\":\"claim\",\"seat\":0,\"word\":\"qqq\"}"));
    if (wrong) {
        /* a shout recorded against the wrong player: it won, bob is on to take */
        OK(act(st, HOST, "{\"type\":\"claim\",\"seat\":1,\"word\":\"zip\"}"));
        assert_string_equal(phase(st), "take");
        gt *copy = reload(st); /* the undo survives a save and a load */
        OK(act(copy, HOST, "{\"type\":\"undo\"}"));
        assert_int_equal(act(st, 1, "{\"type\":\"undo\"}"), WB_ENOTTURN);
        OK(act(st, HOST, "{\"type\":\"undo\"}"));
        char *tc = saved_text(copy), *ts = saved_text(st);
        assert_string_equal(tc, ts); /* undone the same way */
        free(tc);
        free(ts);
        done(copy);
        assert_string_equal(phase(st), "play");
        assert_int_equal(json_array_size(json_object_get(V(st, HOST), "used")), 0);
        assert_int_equal(json_array_size(json_object_get(V(st, HOST), "vocabulary")), 1);
        assert_true(json_is_true(json_object_get(player(st, 0), "out"))); /* still out */
        assert_int_equal(pint(st, 1, "score"), 0);
    }
    OK(act(st, HOST, "{\"type\":\"claim\",\"seat\":2,\"word\":\"zip\"}"));
    assert_int_equal(vint(st, "turn_winner"), 2);
    out = saved_text(st);
    done(st);
    return out;
}

/* Companion mode: the referee undoes the last action it recorded. */
static void test_companion_undo(void **state)
{
    (void)state;
    gt *st = mk(3, "{\"companion\":true}", 8);
    assert_int_equal(act(st, HOST, "{\"type\":\"undo\"}"), WB_EILLEGAL); /* nothing yet */
    assert_non_null(strstr(last_why, "nothing to undo"));
    done(st);
    st = mk(3, "{\"tie_window_ms\":0}", 8); /* not in a digital match */
    assert_int_equal(act(st, HOST, "{\"type\":\"undo\"}"), WB_ENOTTURN);
    claim_valid(st, 0, 1000);
    assert_int_equal(act(st, HOST, "{\"type\":\"undo\"}"), WB_ENOTTURN);
    done(st);
    char *right = companion_script(0), *fixed = companion_script(1);
    assert_string_equal(fixed, right);
    free(right);
    free(fixed);
}

/* The host of a digital match (the teacher at the projector): a redeal
 * when nobody finds a word, never over a claim in the tie window, and the
 * end with the scores so far; the rest stays the seats'. */
static void test_teacher(void **state)
{
    (void)state;
    gt *st = mk(3, "{\"deck\":[\"AB\",\"CD\",\"AC\",\"BD\"," EASY "],\"shuffle\":false}", 5);
    json_int_t deck = vint(st, "deck");
    json_t *a = gt_actions(st, HOST);
    assert_string_equal(json_string_value(json_object_get(json_array_get(a, 0), "type")), "redeal");
    assert_string_equal(json_string_value(json_object_get(json_array_get(a, 1), "type")), "end");
    json_decref(a);
    OK(act(st, HOST, "{\"type\":\"redeal\"}"));
    assert_string_equal(json_string_value(json_object_get(event("redeal"), "reason")), "host");
    assert_string_equal(centre(st, 0), "AC"); /* AB and CD went under the deck */
    assert_int_equal(vint(st, "deck"), deck);
    assert_int_equal(act(st, HOST, "{\"type\":\"flip\",\"card\":\"AB\"}"), WB_ENOTTURN);
    assert_int_equal(act(st, HOST, "{\"type\":\"claim\",\"word\":\"cab\"}"), WB_ENOTTURN);
    OK(act_at(st, 0, 10000, "{\"type\":\"claim\",\"word\":\"cab\"}"));
    assert_int_equal(act_at(st, HOST, 10001, "{\"type\":\"redeal\"}"), WB_EILLEGAL);
    a = gt_actions(st, HOST); /* only the end is offered now */
    assert_int_equal(json_array_size(a), 1);
    json_decref(a);
    OK(act_at(st, SYS, 10400, "{\"type\":\"timer\"}"));
    assert_int_equal(act(st, HOST, "{\"type\":\"end\"}"), WB_ENOTTURN); /* seat 0 takes */
    OK(act(st, 0, "{\"type\":\"take\",\"card\":0}"));
    OK(act(st, HOST, "{\"type\":\"end\"}"));
    json_t *over = event("game_over");
    assert_string_equal(json_string_value(json_object_get(over, "reason")), "host_ended");
    assert_int_equal(json_array_size(json_object_get(over, "winners")), 1);
    assert_int_equal(score(st, 0), 1);
    done(st);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_round_standard),
        cmocka_unit_test(test_round_simple_modes),
        cmocka_unit_test(test_starting_handicaps),
        cmocka_unit_test(test_learning_aid),
        cmocka_unit_test(test_final_cards),
        cmocka_unit_test(test_learning_aid_game_end),
        cmocka_unit_test(test_companion),
        cmocka_unit_test(test_companion_table),
        cmocka_unit_test(test_forgive_typos),
        cmocka_unit_test(test_teacher),
        cmocka_unit_test(test_companion_undo),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
