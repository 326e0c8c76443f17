/*
 * test_whirlpool_moves.c - Whirlpool Pond (Tube Wars), games/whirlpool/,
 * rule by rule: movement, throw, extort, friend toss and rope pull, and
 * the list of actions.  Positions and coordinates: whirlpool_test_util.h.
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

/* --- helpers: the shared harness (game_test.h), on the heap ------------------ */

static int count_actions(gt *st, int seat, const char *type)
{
    json_t *a = gt_actions(st, seat), *e;
    size_t i;
    int n = 0;
    json_array_foreach(a, i, e)
        n += !type || strcmp(json_string_value(json_object_get(e, "type")), type) == 0;
    json_decref(a);
    return n;
}

/* --- movement ----------------------------------------------------------------- */

static void test_move_corner(void **state)
{
    (void)state;
    /* Suns at (3,1) rolls 4: left to the corner coin (1,1), a 90 degree
     * left turn, down the left side to (1,3). */
    gt *st = scene(2, "[{\"at\":[3,1],\"balloons\":[6,5]},{\"at\":[7,4],\"balloons\":[6,5]}]",
                     0, "roll", 4, "[4]");
    json_t *ev = NULL;
    assert_view(st, "to_act", "[0]");
    assert_refused(st, 1, "{\"type\":\"roll\"}", WB_ENOTTURN);
    /* Not before rolling (not now: 409). */
    assert_refused(st, 0, "{\"type\":\"throw\",\"target\":1,\"balloon\":6}", WB_ENOTTURN);
    assert_int_equal(act(st, 0, "{\"type\":\"roll\"}", &ev), WB_OK);
    json_t *m = event(ev, "moved", 0);
    assert_json(json_object_get(m, "from"), "[3,1]");
    assert_json(json_object_get(m, "to"), "[1,3]");
    assert_int_equal(json_integer_value(json_object_get(m, "spaces")), 4);
    assert_at(st, 0, 1, 3);
    assert_view(st, "last_roll", "4");
    /* Nothing to do from (1,3): the turn passes by itself. */
    json_t *te = event(ev, "turn_ended", 0);
    assert_non_null(te);
    assert_true(json_is_true(json_object_get(te, "no_action_possible")));
    assert_view(st, "to_act", "[1]");
    assert_view(st, "phase", "\"roll\"");
    json_decref(ev);
    done(st);

    /* The smallest ring: from (4,3), 6 spaces all but round: (5,4). */
    st = scene(2, "[{\"at\":[4,3],\"balloons\":[]},{\"at\":[1,7],\"balloons\":[]}]", 0, "roll",
               6, "[]");
    assert_int_equal(act(st, 0, "{\"type\":\"roll\"}", NULL), WB_OK);
    assert_at(st, 0, 5, 4);
    done(st);

    /* Seat 1 on the middle ring, through the bottom-right corner. */
    st = scene(2, "[{\"at\":[4,1],\"balloons\":[]},{\"at\":[4,6],\"balloons\":[]}]", 1, "roll",
               5, "[]");
    assert_int_equal(act(st, 1, "{\"type\":\"roll\"}", NULL), WB_OK);
    assert_at(st, 1, 6, 3); /* (5,6), the corner (6,6), then up: (6,5) (6,4) (6,3) */
    done(st);
}

static void test_bump(void **state)
{
    (void)state;
    json_t *ev = NULL;
    /* Moons at (2,1) is 2 spaces ahead of Suns at (4,1), who rolls 4: Suns
     * stops behind it at (3,1); Moons moves the 3 spaces Suns did not use,
     * round the corner to (1,3), and drops its lowest balloon. */
    gt *st = scene(2, "[{\"at\":[4,1],\"balloons\":[6,5]},{\"at\":[2,1],\"balloons\":[6,5]}]",
                     0, "roll", 4, "[]");
    assert_int_equal(act(st, 0, "{\"type\":\"roll\"}", &ev), WB_OK);
    assert_at(st, 0, 3, 1);
    assert_at(st, 1, 1, 3);
    json_t *b = event(ev, "bumped", 0);
    assert_non_null(b);
    assert_int_equal(json_integer_value(json_object_get(b, "seat")), 1);
    assert_int_equal(json_integer_value(json_object_get(b, "by")), 0);
    assert_int_equal(json_integer_value(json_object_get(b, "spaces")), 3);
    assert_int_equal(json_integer_value(json_object_get(b, "lost")), 5);
    assert_json(json_object_get(event(ev, "moved", 1), "to"), "[1,3]");
    assert_balloons(st, 1, "[6]");
    assert_balloons(st, 0, "[6,5]");
    assert_view(st, "stash", "[5]");
    json_decref(ev);
    done(st);

    /* One space between and a roll of 2: fewer spaces between than to
     * move, so a bump (Moons pushed 1 space onto the corner). */
    st = scene(2, "[{\"at\":[4,1],\"balloons\":[6,5]},{\"at\":[2,1],\"balloons\":[4]}]", 0,
               "roll", 2, "[]");
    assert_int_equal(act(st, 0, "{\"type\":\"roll\"}", NULL), WB_OK);
    assert_at(st, 0, 3, 1);
    assert_at(st, 1, 1, 1);
    assert_balloons(st, 1, "[]");
    assert_view(st, "stash", "[4]");
    done(st);

    /* Two spaces between and a roll of 2: no bump, Suns stops right
     * behind; nobody ever shares a space or passes. */
    st = scene(2, "[{\"at\":[4,1],\"balloons\":[6,5]},{\"at\":[1,1],\"balloons\":[6,5]}]", 0,
               "roll", 2, "[]");
    assert_int_equal(act(st, 0, "{\"type\":\"roll\"}", &ev), WB_OK);
    assert_null(event(ev, "bumped", 0));
    assert_at(st, 0, 2, 1);
    assert_at(st, 1, 1, 1);
    assert_balloons(st, 1, "[6,5]");
    json_decref(ev);
    done(st);

    /* Right behind and a roll of 6: the mover does not move at all, the
     * bumped tube moves all 6. A bumped tube without balloons loses none. */
    st = scene(2, "[{\"at\":[4,1],\"balloons\":[6,5]},{\"at\":[3,1],\"balloons\":[]}]", 0,
               "roll", 6, "[]");
    assert_int_equal(act(st, 0, "{\"type\":\"roll\"}", &ev), WB_OK);
    assert_at(st, 0, 4, 1);
    assert_at(st, 1, 1, 5);
    assert_true(json_is_null(json_object_get(event(ev, "bumped", 0), "lost")));
    assert_int_equal(json_integer_value(json_object_get(event(ev, "moved", 0), "spaces")), 0);
    json_decref(ev);
    done(st);

    /* Tubes on other rings are not in the way. */
    st = scene(2, "[{\"at\":[4,1],\"balloons\":[6,5]},{\"at\":[3,2],\"balloons\":[6,5]}]", 0,
               "roll", 3, "[]");
    assert_int_equal(act(st, 0, "{\"type\":\"roll\"}", NULL), WB_OK);
    assert_at(st, 0, 1, 1);
    assert_at(st, 1, 3, 2);
    done(st);
}

static void test_chain_bump(void **state)
{
    (void)state;
    json_t *ev = NULL;
    /* Suns (5,1) rolls 5 with Crowns right ahead at (4,1) and Moons at
     * (2,1): Suns stays, Crowns moves 1 (to (3,1), behind Moons), Moons
     * moves the remaining 4, round the corner to (1,4).  Both bumped
     * players lose their lowest balloon. */
    gt *st = scene(3,
                     "[{\"at\":[5,1],\"balloons\":[6,5]},{\"at\":[4,1],\"balloons\":[6,5]},"
                     "{\"at\":[2,1],\"balloons\":[6,4]}]",
                     0, "roll", 5, "[]");
    assert_int_equal(act(st, 0, "{\"type\":\"roll\"}", &ev), WB_OK);
    assert_at(st, 0, 5, 1);
    assert_at(st, 1, 3, 1);
    assert_at(st, 2, 1, 4);
    json_t *b1 = event(ev, "bumped", 0), *b2 = event(ev, "bumped", 1);
    assert_int_equal(json_integer_value(json_object_get(b1, "seat")), 1);
    assert_int_equal(json_integer_value(json_object_get(b1, "spaces")), 5);
    assert_int_equal(json_integer_value(json_object_get(b2, "seat")), 2);
    assert_int_equal(json_integer_value(json_object_get(b2, "by")), 1);
    assert_int_equal(json_integer_value(json_object_get(b2, "spaces")), 4);
    assert_balloons(st, 0, "[6,5]");
    assert_balloons(st, 1, "[6]");
    assert_balloons(st, 2, "[6]");
    assert_view(st, "stash", "[5,4]");
    json_decref(ev);
    done(st);

    /* On the smallest ring (8 spaces) a chain can come round to the mover:
     * Suns (4,3) rolls 6 with Crowns right ahead (3,3), Moons at (3,5) and
     * Arms at (5,4).  Crowns moves 1 and bumps Moons, who moves 2 and
     * bumps Arms, who moves 1 and runs into Suns from behind: by the same
     * rule Suns is bumped too (loses a balloon, moves the 2 left over)
     * and bumps Crowns once more, who moves the last space. */
    st = scene(4,
               "[{\"at\":[4,3],\"balloons\":[6,5]},{\"at\":[3,3],\"balloons\":[6,5]},"
               "{\"at\":[3,5],\"balloons\":[6,5]},{\"at\":[5,4],\"balloons\":[6,5]}]",
               0, "roll", 6, "[]");
    assert_int_equal(act(st, 0, "{\"type\":\"roll\"}", &ev), WB_OK);
    assert_at(st, 0, 3, 3);
    assert_at(st, 1, 3, 5);
    assert_at(st, 2, 5, 5);
    assert_at(st, 3, 5, 3);
    int by[5] = {0, 1, 2, 3, 0}, who[5] = {1, 2, 3, 0, 1}, spaces[5] = {6, 5, 3, 2, 1};
    for (int k = 0; k < 5; k++) {
        json_t *b = event(ev, "bumped", k);
        assert_non_null(b);
        assert_int_equal(json_integer_value(json_object_get(b, "seat")), who[k]);
        assert_int_equal(json_integer_value(json_object_get(b, "by")), by[k]);
        assert_int_equal(json_integer_value(json_object_get(b, "spaces")), spaces[k]);
    }
    assert_null(event(ev, "bumped", 5));
    assert_balloons(st, 0, "[6]");
    assert_balloons(st, 1, "[]");
    assert_balloons(st, 2, "[6]");
    assert_balloons(st, 3, "[6]");
    assert_view(st, "stash", "[6,5,5,5,5]");
    json_decref(ev);
    done(st);
}

/* --- throw --------------------------------------------------------------------- */

static void test_throw(void **state)
{
    (void)state;
    json_t *ev = NULL;
    /* Suns at (4,1); Crowns at (4,6), 5 spaces south, beyond Moons at
     * (4,2) and the whirlpool: the #5 reaches (over both), the #4 does not. */
    const char *tubes = "[{\"at\":[4,1],\"balloons\":[5,4]},{\"at\":[4,6],\"balloons\":[6]},"
                        "{\"at\":[4,2],\"balloons\":[]}]";
    gt *st = scene(3, tubes, 0, "act", 0, "[]");
    assert_refused(st, 0, "{\"type\":\"throw\",\"target\":1,\"balloon\":4}", WB_EILLEGAL);
    assert_refused(st, 0, "{\"type\":\"throw\",\"target\":1,\"balloon\":6}", WB_EILLEGAL);
    assert_refused(st, 0, "{\"type\":\"throw\",\"target\":0,\"balloon\":5}", WB_EILLEGAL);
    assert_refused(st, 0, "{\"type\":\"throw\",\"target\":1,\"balloon\":5,\"direction\":\"n\"}",
                   WB_EILLEGAL);
    assert_refused(st, 0, "{\"type\":\"throw\",\"target\":\"bob\",\"balloon\":5}", WB_EINVAL);
    assert_refused(st, 1, "{\"type\":\"throw\",\"target\":0,\"balloon\":6}", WB_ENOTTURN);
    assert_int_equal(act(st, 0, "{\"type\":\"throw\",\"target\":1,\"balloon\":5,"
                                "\"direction\":\"s\"}", &ev), WB_OK);
    json_t *t = event(ev, "thrown", 0);
    assert_json(json_object_get(t, "from"), "[4,6]");
    assert_json(json_object_get(t, "to"), "[4,5]");
    assert_at(st, 1, 4, 5); /* one ring in, orthogonally */
    assert_balloons(st, 0, "[4]");
    assert_view(st, "stash", "[5]"); /* the used balloon goes to the stash */
    assert_view(st, "to_act", "[1]"); /* the action ends the turn */
    json_decref(ev);
    done(st);

    /* Blocked: the space the target would be knocked onto is taken. */
    st = scene(3, "[{\"at\":[4,1],\"balloons\":[5]},{\"at\":[4,6],\"balloons\":[6]},"
                  "{\"at\":[4,5],\"balloons\":[]}]",
               0, "act", 0, "[]");
    assert_refused(st, 0, "{\"type\":\"throw\",\"target\":1,\"balloon\":5}", WB_EILLEGAL);
    /* ... but the blocker itself can be hit, into the whirlpool. */
    assert_int_equal(count_actions(st, 0, "throw"), 1);
    done(st);

    /* Not on a straight line: no throw. */
    st = scene(2, "[{\"at\":[4,1],\"balloons\":[6,5]},{\"at\":[5,6],\"balloons\":[6]}]", 0, "act",
               0, "[]");
    assert_refused(st, 0, "{\"type\":\"throw\",\"target\":1,\"balloon\":6}", WB_EILLEGAL);
    assert_int_equal(count_actions(st, 0, "throw"), 0);
    done(st);

    /* A corner hit moves diagonally: from the Moons #3 corner (7,7) to the
     * Moons #2 (6,6); the null flies 6, the #5 only 5, diagonally. */
    st = scene(2, "[{\"at\":[1,1],\"balloons\":[6,5]},{\"at\":[7,7],\"balloons\":[]}]", 0,
               "act", 0, "[]");
    assert_refused(st, 0, "{\"type\":\"throw\",\"target\":1,\"balloon\":5}", WB_EILLEGAL);
    assert_int_equal(act(st, 0, "{\"type\":\"throw\",\"target\":1,\"balloon\":6}", &ev), WB_OK);
    assert_string_equal(json_string_value(json_object_get(event(ev, "thrown", 0), "direction")),
                        "se");
    assert_at(st, 1, 6, 6);
    json_decref(ev);
    done(st);
}

static void test_whirlpool_and_game_over(void **state)
{
    (void)state;
    json_t *ev = NULL;
    /* Three players: Crowns on the smallest ring is hit into the
     * whirlpool, out of the game, its balloons to the stash; the turn
     * skips it from then on. */
    gt *st = scene(3, "[{\"at\":[4,1],\"balloons\":[4]},{\"at\":[4,3],\"balloons\":[6,5]},"
                  "{\"at\":[7,7],\"balloons\":[6,5]}]",
               0, "act", 0, "[]");
    assert_int_equal(act(st, 0, "{\"type\":\"throw\",\"target\":1,\"balloon\":4}", &ev), WB_OK);
    assert_true(json_is_null(json_object_get(event(ev, "thrown", 0), "to")));
    json_t *el = event(ev, "eliminated", 0);
    assert_int_equal(json_integer_value(json_object_get(el, "seat")), 1);
    assert_json(json_object_get(el, "balloons"), "[6,5]");
    assert_at(st, 1, -1, -1);
    assert_balloons(st, 1, "[]");
    assert_view(st, "stash", "[6,5,4]");
    assert_view(st, "status", "\"active\"");
    assert_view(st, "to_act", "[2]"); /* seat 1 is skipped */
    assert_int_equal(json_integer_value(json_object_get(event(ev, "turn_ended", 0), "next")), 2);
    assert_refused(st, 1, "{\"type\":\"roll\"}", WB_ENOTTURN);
    json_decref(ev);
    done(st);

    /* Two players: a corner of the smallest ring falls in diagonally; the
     * last tube left wins. */
    st = scene(2, "[{\"at\":[1,1],\"balloons\":[4]},{\"at\":[3,3],\"balloons\":[5]}]", 0, "act",
               0, "[]");
    assert_int_equal(act(st, 0, "{\"type\":\"throw\",\"target\":1,\"balloon\":4}", &ev), WB_OK);
    assert_non_null(event(ev, "game_over", 0));
    assert_json(json_object_get(event(ev, "game_over", 0), "winners"), "[0]");
    json_t *v = gt_view(st, 1);
    assert_string_equal(json_string_value(json_object_get(v, "status")), "finished");
    assert_json(json_object_get(v, "to_act"), "[]");
    assert_json(json_object_get(v, "winners"), "[0]");
    assert_json(json_object_get(v, "scores"), "[1,0]");
    json_decref(v);
    assert_refused(st, 0, "{\"type\":\"roll\"}", WB_ENOTTURN);
    assert_int_equal(count_actions(st, 0, NULL), 0);
    json_decref(ev);

    /* A finished game saves and loads too. */
    json_t *saved = K->save(st->st);
    void *st2 = NULL;
    char *why = NULL;
    assert_int_equal(K->load(saved, &st2, &why), WB_OK);
    json_t *saved2 = K->save(st2);
    assert_true(json_equal(saved, saved2));
    json_decref(saved);
    json_decref(saved2);
    K->destroy(st2);
    done(st);
}

/* --- extort ------------------------------------------------------------------- */

static void test_extort_pay(void **state)
{
    (void)state;
    json_t *ev = NULL;
    gt *st = extortion(2);
    /* The demand must be balloons the target has. */
    assert_refused(st, 0, "{\"type\":\"extort\",\"target\":1,\"demand\":[]}", WB_EILLEGAL);
    assert_refused(st, 0, "{\"type\":\"extort\",\"target\":1,\"demand\":[6,6]}", WB_EILLEGAL);
    assert_refused(st, 0, "{\"type\":\"extort\",\"target\":1,\"demand\":[4]}", WB_EILLEGAL);
    /* A value that is no balloon: outside the member's allowed values (422). */
    assert_refused(st, 0, "{\"type\":\"extort\",\"target\":1,\"demand\":[9]}", WB_EILLEGAL);
    assert_refused(st, 0, "{\"type\":\"extort\",\"target\":1,\"demand\":[\"6\"]}", WB_EINVAL);
    assert_refused(st, 0, "{\"type\":\"extort\",\"target\":1}", WB_EINVAL);
    assert_int_equal(act(st, 0, "{\"type\":\"extort\",\"target\":1,\"demand\":[6]}", &ev), WB_OK);
    assert_non_null(event(ev, "extortion", 0));
    json_decref(ev);
    /* Both may act: the target answers, the thrower may hit at any moment. */
    assert_view(st, "to_act", "[0,1]");
    assert_view(st, "phase", "\"extort\"");
    json_t *v = gt_view(st, GAME_SEAT_PUBLIC);
    assert_json(json_object_get(v, "deal"), "{\"thrower\":0,\"target\":1,\"demand\":[6],"
                                            "\"offer\":null,\"waiting_for\":\"target\"}");
    json_decref(v);
    assert_int_equal(count_actions(st, 1, NULL), 3); /* pay, offer, refuse */
    assert_int_equal(count_actions(st, 0, "throw"), 2);
    assert_int_equal(count_actions(st, 0, "accept"), 0);
    /* The target cannot throw, the thrower cannot pay for them nor end
     * the turn while the deal is open (not you / not now: 409). */
    assert_refused(st, 1, "{\"type\":\"throw\",\"target\":0,\"balloon\":6}", WB_ENOTTURN);
    assert_refused(st, 0, "{\"type\":\"pay\"}", WB_ENOTTURN);
    assert_refused(st, 0, "{\"type\":\"end_turn\"}", WB_ENOTTURN);
    /* He pays: the balloons change hands, he is not hit, the turn ends. */
    assert_int_equal(act(st, 1, "{\"type\":\"pay\"}", &ev), WB_OK);
    assert_json(json_object_get(event(ev, "paid", 0), "balloons"), "[6]");
    assert_balloons(st, 0, "[6,6,5]");
    assert_balloons(st, 1, "[5]");
    assert_at(st, 1, 4, 6);
    assert_view(st, "to_act", "[1]");
    assert_view(st, "phase", "\"roll\"");
    assert_view(st, "deal", "null");
    json_decref(ev);
    done(st);
}

static void test_extort_refuse_then_hit(void **state)
{
    (void)state;
    gt *st = extortion(3);
    assert_int_equal(act(st, 0, "{\"type\":\"extort\",\"target\":1,\"demand\":[6,5]}", NULL),
                     WB_OK);
    assert_int_equal(act(st, 1, "{\"type\":\"refuse\"}", NULL), WB_OK);
    /* Now only the thrower acts; the target waits. */
    assert_view(st, "to_act", "[0]");
    assert_refused(st, 1, "{\"type\":\"pay\"}", WB_ENOTTURN);
    assert_refused(st, 0, "{\"type\":\"accept\"}", WB_EILLEGAL); /* nothing offered */
    /* While extorting Crowns, only Crowns can be hit. */
    assert_refused(st, 0, "{\"type\":\"throw\",\"target\":2,\"balloon\":6}", WB_EILLEGAL);
    assert_int_equal(act(st, 0, "{\"type\":\"throw\",\"target\":1,\"balloon\":6}", NULL), WB_OK);
    assert_at(st, 1, 4, 5);
    assert_balloons(st, 1, "[6,5]");
    assert_balloons(st, 0, "[5]");
    assert_view(st, "to_act", "[1]");
    assert_view(st, "deal", "null");
    done(st);

    /* Hit in the middle of the talks, before the target has answered. */
    st = extortion(2);
    assert_int_equal(act(st, 0, "{\"type\":\"extort\",\"target\":1,\"demand\":[5]}", NULL),
                     WB_OK);
    assert_int_equal(act(st, 0, "{\"type\":\"throw\",\"target\":1,\"balloon\":5}", NULL), WB_OK);
    assert_at(st, 1, 4, 5);
    assert_balloons(st, 1, "[6,5]");
    done(st);
}

static void test_extort_offer(void **state)
{
    (void)state;
    json_t *ev = NULL;
    gt *st = extortion(2);
    assert_int_equal(act(st, 0, "{\"type\":\"extort\",\"target\":1,\"demand\":[6,5]}", NULL),
                     WB_OK);
    assert_refused(st, 1, "{\"type\":\"offer\",\"balloons\":[4]}", WB_EILLEGAL);
    assert_int_equal(act(st, 1, "{\"type\":\"offer\",\"balloons\":[5]}", NULL), WB_OK);
    assert_view(st, "to_act", "[0]");
    assert_int_equal(count_actions(st, 0, "accept"), 1);
    /* A new demand withdraws the offer from the table. */
    assert_int_equal(act(st, 0, "{\"type\":\"demand\",\"balloons\":[6]}", NULL), WB_OK);
    assert_view(st, "to_act", "[0,1]");
    assert_refused(st, 0, "{\"type\":\"accept\"}", WB_EILLEGAL);
    assert_int_equal(act(st, 1, "{\"type\":\"offer\",\"balloons\":[5]}", NULL), WB_OK);
    assert_int_equal(act(st, 0, "{\"type\":\"accept\"}", &ev), WB_OK);
    json_t *p = event(ev, "paid", 0);
    assert_int_equal(json_integer_value(json_object_get(p, "seat")), 1);
    assert_int_equal(json_integer_value(json_object_get(p, "to")), 0);
    assert_balloons(st, 0, "[6,5,5]");
    assert_balloons(st, 1, "[6]");
    assert_at(st, 1, 4, 6);
    assert_view(st, "to_act", "[1]");
    json_decref(ev);
    done(st);
}

static void test_extort_call_off(void **state)
{
    (void)state;
    gt *st = extortion(3);
    assert_int_equal(act(st, 0, "{\"type\":\"extort\",\"target\":1,\"demand\":[6]}", NULL),
                     WB_OK);
    assert_int_equal(act(st, 0, "{\"type\":\"call_off\"}", NULL), WB_OK);
    assert_view(st, "phase", "\"act\"");
    assert_view(st, "to_act", "[0]");
    assert_view(st, "extort_called_off", "true");
    /* A different action, then: not another extortion. */
    assert_refused(st, 0, "{\"type\":\"extort\",\"target\":1,\"demand\":[6]}", WB_EILLEGAL);
    assert_int_equal(count_actions(st, 0, "extort"), 0);
    assert_int_equal(count_actions(st, 0, "throw"), 4);
    assert_int_equal(act(st, 0, "{\"type\":\"end_turn\"}", NULL), WB_OK);
    assert_view(st, "to_act", "[1]");
    assert_view(st, "extort_called_off", "false");
    assert_balloons(st, 1, "[6,5]");
    done(st);

    /* Nothing to take: no extortion of a player without balloons. */
    st = scene(2, "[{\"at\":[4,1],\"balloons\":[6]},{\"at\":[4,6],\"balloons\":[]}]", 0, "act",
               0, "[]");
    assert_refused(st, 0, "{\"type\":\"extort\",\"target\":1,\"demand\":[]}", WB_EILLEGAL);
    assert_int_equal(count_actions(st, 0, "extort"), 0);
    done(st);

    /* Not in the sights (not on a straight line): no extortion. */
    st = scene(2, "[{\"at\":[4,1],\"balloons\":[6]},{\"at\":[5,6],\"balloons\":[5]}]", 0, "act",
               0, "[]");
    assert_refused(st, 0, "{\"type\":\"extort\",\"target\":1,\"demand\":[5]}", WB_EILLEGAL);
    assert_int_equal(count_actions(st, 0, "extort"), 0);
    done(st);

    /* In line but the knock-back space is taken: not in the sights either. */
    st = scene(3, "[{\"at\":[4,1],\"balloons\":[6]},{\"at\":[4,6],\"balloons\":[5]},"
                  "{\"at\":[4,5],\"balloons\":[]}]", 0, "act", 0, "[]");
    assert_refused(st, 0, "{\"type\":\"extort\",\"target\":1,\"demand\":[5]}", WB_EILLEGAL);
    done(st);
}

/* --- friend toss and rope pull ---------------------------------------------- */

static void test_toss(void **state)
{
    (void)state;
    /* On a rope coin (the Suns #3 at (1,1)), stash [5,4]: take the #5. */
    gt *st = scene(2, "[{\"at\":[1,1],\"balloons\":[]},{\"at\":[7,4],\"balloons\":[]}]", 0,
                     "act", 0, "[5,4]");
    assert_int_equal(count_actions(st, 0, "toss"), 2);
    assert_refused(st, 0, "{\"type\":\"toss\",\"balloon\":6}", WB_EILLEGAL);
    assert_int_equal(act(st, 0, "{\"type\":\"toss\",\"balloon\":5}", NULL), WB_OK);
    assert_balloons(st, 0, "[5]");
    assert_view(st, "stash", "[4]");
    assert_view(st, "to_act", "[1]");
    done(st);

    /* Orthogonally next to a coin (of any rope), even on another ring. */
    st = scene(2, "[{\"at\":[3,2],\"balloons\":[6]},{\"at\":[7,4],\"balloons\":[]}]", 0, "act",
               0, "[4]");
    assert_int_equal(act(st, 0, "{\"type\":\"toss\",\"balloon\":4}", NULL), WB_OK);
    assert_balloons(st, 0, "[6,4]"); /* no limit on how many */
    done(st);

    /* Not near a rope. */
    st = scene(2, "[{\"at\":[4,2],\"balloons\":[]},{\"at\":[7,4],\"balloons\":[]}]", 0, "act", 0,
               "[4]");
    assert_refused(st, 0, "{\"type\":\"toss\",\"balloon\":4}", WB_EILLEGAL);
    assert_int_equal(count_actions(st, 0, "toss"), 0);
    done(st);

    /* Empty stash. */
    st = scene(2, "[{\"at\":[1,1],\"balloons\":[]},{\"at\":[7,4],\"balloons\":[]}]", 0, "act",
               0, "[]");
    assert_refused(st, 0, "{\"type\":\"toss\",\"balloon\":4}", WB_EILLEGAL);
    done(st);
}

static void test_pull(void **state)
{
    (void)state;
    /* Suns on the Suns #2 coin (2,2) pulls diagonally out to (1,1). */
    gt *st = scene(2, "[{\"at\":[2,2],\"balloons\":[]},{\"at\":[7,4],\"balloons\":[]}]", 0,
                     "act", 0, "[]");
    assert_int_equal(count_actions(st, 0, "pull"), 1);
    json_t *ev = NULL;
    assert_int_equal(act(st, 0, "{\"type\":\"pull\"}", &ev), WB_OK);
    assert_json(json_object_get(event(ev, "pulled", 0), "to"), "[1,1]");
    assert_at(st, 0, 1, 1);
    assert_view(st, "to_act", "[1]");
    json_decref(ev);
    done(st);

    /* The rope partner's coin works: Suns on the Moons ace (5,5). */
    st = scene(2, "[{\"at\":[5,5],\"balloons\":[]},{\"at\":[7,4],\"balloons\":[]}]", 0, "act",
               0, "[]");
    assert_int_equal(act(st, 0, "{\"type\":\"pull\"}", NULL), WB_OK);
    assert_at(st, 0, 6, 6);
    done(st);

    /* The other rope: Suns on the Crowns #2 (6,2). */
    st = scene(2, "[{\"at\":[6,2],\"balloons\":[]},{\"at\":[7,4],\"balloons\":[]}]", 0, "act",
               0, "[]");
    assert_refused(st, 0, "{\"type\":\"pull\"}", WB_EILLEGAL);
    assert_int_equal(count_actions(st, 0, "pull"), 0);
    done(st);

    /* Already in the outside ring: the Suns #3 (1,1). */
    st = scene(2, "[{\"at\":[1,1],\"balloons\":[]},{\"at\":[7,4],\"balloons\":[]}]", 0, "act",
               0, "[]");
    assert_refused(st, 0, "{\"type\":\"pull\"}", WB_EILLEGAL);
    done(st);

    /* Another tube in the way. */
    st = scene(2, "[{\"at\":[2,2],\"balloons\":[]},{\"at\":[1,1],\"balloons\":[]}]", 0, "act",
               0, "[]");
    assert_refused(st, 0, "{\"type\":\"pull\"}", WB_EILLEGAL);
    done(st);

    /* Not on a coin at all. */
    st = scene(2, "[{\"at\":[3,2],\"balloons\":[]},{\"at\":[7,4],\"balloons\":[]}]", 0, "act",
               0, "[]");
    assert_refused(st, 0, "{\"type\":\"pull\"}", WB_EILLEGAL);
    done(st);

    /* Landing on a coin by the roll, then pulling: Arms (seat 1) on the
     * middle ring at (2,5) rolls 1 onto its own #2 coin at (2,6). */
    char hex[65], patch[256];
    rng_for(1, hex);
    snprintf(patch, sizeof patch,
             "{\"suits\":[\"suns\",\"arms\"],\"tubes\":[{\"at\":[7,4],\"balloons\":[]},"
             "{\"at\":[2,5],\"balloons\":[]}],\"phase\":\"roll\",\"turn\":1,\"first\":1,"
             "\"rolling\":[],\"rolls\":[0,0],\"stash\":[],\"rng\":\"%s\"}",
             hex);
    st = patched(2, patch);
    assert_int_equal(act(st, 1, "{\"type\":\"roll\"}", NULL), WB_OK);
    assert_at(st, 1, 2, 6);
    assert_view(st, "phase", "\"act\"");
    assert_int_equal(act(st, 1, "{\"type\":\"pull\"}", NULL), WB_OK);
    assert_at(st, 1, 1, 7);
    done(st);
}

/* --- the list of actions ------------------------------------------------------- */

static void test_actions_list(void **state)
{
    (void)state;
    gt *st = extortion(2);
    json_t *a = gt_actions(st, 0);
    assert_json(a, "[{\"type\":\"throw\",\"target\":1,\"balloon\":6,\"direction\":\"s\"},"
                   "{\"type\":\"throw\",\"target\":1,\"balloon\":5,\"direction\":\"s\"},"
                   "{\"type\":\"extort\",\"target\":1,\"$params\":{\"demand\":"
                   "\"the balloons you want for not hitting them: an array of balloon values, "
                   "a non-empty selection of seat 1's balloons [6, 5], e.g. [5]\"}},"
                   "{\"type\":\"end_turn\"}]");
    /* Every listed body (templates filled) is accepted. */
    size_t i;
    json_t *e;
    json_array_foreach(a, i, e) {
        json_t *saved = K->save(st->st), *body = json_deep_copy(e), *ev = json_array();
        void *copy = NULL;
        char *why = NULL;
        assert_int_equal(K->load(saved, &copy, &why), WB_OK);
        if (json_object_get(body, "$params")) {
            json_object_del(body, "$params");
            json_object_set_new(body, "demand", json_pack("[i]", 5));
        }
        assert_int_equal(K->apply(copy, &ctx, 0, body, ev, &why), WB_OK);
        K->destroy(copy);
        json_decref(saved);
        json_decref(body);
        json_decref(ev);
    }
    json_decref(a);
    /* Others have nothing to do; the host and the public do not play. */
    assert_int_equal(count_actions(st, 1, NULL), 0);
    assert_int_equal(count_actions(st, GAME_SEAT_HOST, NULL), 0);
    assert_int_equal(count_actions(st, GAME_SEAT_PUBLIC, NULL), 0);
    assert_refused(st, GAME_SEAT_HOST, "{\"type\":\"end_turn\"}", WB_ENOTTURN);
    assert_refused(st, 0, "{\"type\":\"dance\"}", WB_EINVAL);
    assert_refused(st, 0, "{\"type\":\"roll\"}", WB_ENOTTURN); /* rolled already: not now */
    done(st);

    /* On a rope coin of its own rope with balloons in the stash: toss by
     * value and pull are listed. */
    st = scene(2, "[{\"at\":[2,2],\"balloons\":[]},{\"at\":[7,4],\"balloons\":[]}]", 0, "act",
               0, "[6,4,4]");
    a = gt_actions(st, 0);
    assert_json(a, "[{\"type\":\"toss\",\"balloon\":6},{\"type\":\"toss\",\"balloon\":4},"
                   "{\"type\":\"pull\"},{\"type\":\"end_turn\"}]");
    json_decref(a);
    done(st);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_move_corner),
        cmocka_unit_test(test_bump),
        cmocka_unit_test(test_chain_bump),
        cmocka_unit_test(test_throw),
        cmocka_unit_test(test_whirlpool_and_game_over),
        cmocka_unit_test(test_extort_pay),
        cmocka_unit_test(test_extort_refuse_then_hit),
        cmocka_unit_test(test_extort_offer),
        cmocka_unit_test(test_extort_call_off),
        cmocka_unit_test(test_toss),
        cmocka_unit_test(test_pull),
        cmocka_unit_test(test_actions_list),
    };
    return cmocka_run_group_tests_name("whirlpool-moves", tests, NULL, NULL);
}
