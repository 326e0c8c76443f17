/*
 * test_dumb_leaders.c - World Dumbination (games/dumbination/), rule by
 * rule: the leaderboards (income, the player order, funding and fines,
 * elimination, targets, ego, the first goal), the end and scoring, buying.
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

/* --- leaderboards ------------------------------------------------------------------------ */

static void test_low_ego_or_popularity_blocks_the_left_space(void **state)
{
    (void)state;
    dm_state *s = scene(2);
    json_t *ev = evs();
    char *why = NULL;
    s->phase = DM_PH_PLAN;
    for (int v = 1; v <= 10; v++) {
        s->p[0].ego = v;
        s->p[0].pop = 5;
        assert_int_equal(dm_can_place_left(s, 0), !(v == 2 || v == 3));
        s->p[0].ego = 5;
        s->p[0].pop = v;
        assert_int_equal(dm_can_place_left(s, 0), !(v == 2 || v == 3));
    }
    s->p[0].pop = 3;
    assert_int_equal(dm_place(s, 0, 0, s->p[0].hand[0], 0, 0, ev, &why), WB_EILLEGAL);
    free(why);
    json_decref(ev);
    free(s);
}

static void test_popularity_ten_gives_five_income(void **state)
{
    (void)state;
    dm_state *s = setup_n(3, 9);
    int before = dm_income(s, 0);
    s->p[0].pop = 10;
    assert_int_equal(dm_income(s, 0), before + 5);
    s->p[0].pop = 9;
    assert_int_equal(dm_income(s, 0), before);
    free(s);
}

static void test_order_by_lowest_funded_card(void **state)
{
    (void)state;
    dm_state *s = plan_scene(3);
    json_t *ev = evs();
    s->order[0] = 2, s->order[1] = 0, s->order[2] = 1;
    /* Seat 0 plays priority 80, seat 1 priority 12, seat 2 nothing; seat
     * 1 goes first, then seat 0, and seat 2 (no card) last. */
    s->p[1].res = 20;
    int left[3] = {find(s, "propaganda"), find(s, "press-conference"), -1};
    int target[3] = {DM_RUSSIA, DM_USA, DM_USA};
    plan_round(s, left, target, ev);
    assert_int_equal(s->order[0], 1);
    assert_int_equal(s->order[1], 0);
    assert_int_equal(s->order[2], 2);
    assert_int_equal(s->phase, DM_PH_MOVE);
    json_decref(ev);
    free(s);
}

static void test_unfunded_card_is_fined_and_does_not_count(void **state)
{
    (void)state;
    dm_state *s = plan_scene(2);
    json_t *ev = evs();
    s->order[0] = 0, s->order[1] = 1;
    /* Seat 1's card has the lower number but cannot be paid: discarded,
     * 1 resource fine, and its number ignored for the order. */
    s->p[1].res = 1;
    int left[2] = {find(s, "propaganda"), find(s, "press-conference")};
    int target[2] = {DM_RUSSIA, DM_USA};
    s->order[0] = 1, s->order[1] = 0;
    plan_round(s, left, target, ev);
    assert_int_equal(s->p[1].res, 0);
    assert_int_equal(s->order[0], 0);
    assert_int_equal(s->order[1], 1);
    assert_int_equal(s->where[find(s, "press-conference")], DM_IN_DISCARD1);
    assert_int_equal(s->p[0].pop, 7); /* Propaganda: +1 Popularity */
    json_decref(ev);
    free(s);
}

static void test_cube_moving_onto_left_space_discards(void **state)
{
    (void)state;
    dm_state *s = plan_scene(2);
    json_t *ev = evs();
    /* Seat 0's Public Humiliation (6) takes seat 1 from Ego 4 to 2 before
     * seat 1's Rally (20) acts: the Rally is discarded unplayed. */
    s->p[1].ego = 4;
    int left[2] = {find(s, "humiliation"), find(s, "rally")};
    int target[2] = {DM_RUSSIA, DM_USA};
    s->p[0].ego = 6;
    plan_round(s, left, target, ev);
    assert_int_equal(s->p[1].ego, 2);
    assert_int_equal(s->where[find(s, "rally")], DM_IN_DISCARD1);
    json_decref(ev);
    free(s);
}

static void test_zero_popularity_eliminates(void **state)
{
    (void)state;
    dm_state *s = plan_scene(3);
    json_t *ev = evs();
    s->p[1].pop = 2;
    int left[3] = {find(s, "propaganda-war"), -1, -1};
    int target[3] = {DM_RUSSIA, DM_USA, DM_USA};
    plan_round(s, left, target, ev);
    assert_true(s->p[1].out);
    /* The pieces stay on the board to be conquered. */
    assert_int_equal(dm_units_on(s, 1, s->board->start[DM_RUSSIA]), 1);
    /* "Remove all Target tokens for the nation": no target on it. */
    char *why = NULL;
    s->phase = DM_PH_PLAN;
    s->p[2].ready = 0;
    s->p[2].target = -1;
    assert_int_equal(dm_set_target(s, 2, DM_RUSSIA, ev, &why), WB_EILLEGAL);
    free(why);
    json_decref(ev);
    free(s);
    /* Ego 0 too. */
    s = plan_scene(3);
    ev = evs();
    s->p[1].ego = 1;
    int left2[3] = {find(s, "social-media-insult"), -1, -1};
    plan_round(s, left2, target, ev);
    assert_true(s->p[1].out);
    assert_int_equal(s->p[1].ego, 0);
    json_decref(ev);
    free(s);
}

/* "If a nation gets neutralized, the LAST PLAYER ATTACKING the nation
 * will stand as the OVERTAKER.  Remove the neutralized nations Target
 * Tokens.  REPLACE already placed and locked targets with the overtaking
 * nation!" */
static void test_the_overtaker_replaces_targets(void **state)
{
    (void)state;
    dm_state *s = scene(3);
    json_t *ev = evs();
    char *why = NULL;
    int target = sp(s, 5, 11), abase = land_at(s, target, 1, -1);
    put_base(s, 1, target, 4);
    put_base(s, 0, abase, 8);
    int u = put_unit(s, 0, abase);
    /* Seat 2's target is Russia, locked (Ego 10); seat 0's too. */
    s->p[2].ego = 10;
    s->p[2].target = s->p[2].prev_target = DM_RUSSIA;
    s->p[0].target = s->p[0].prev_target = DM_RUSSIA;
    assert_int_equal(dm_attack(s, 0, target, &u, 1, ev, &why), WB_OK);
    assert_true(s->p[1].out);
    assert_int_equal(s->p[1].overtaker, 0);
    assert_int_equal(s->p[2].target, DM_USA);
    assert_int_equal(s->p[2].prev_target, DM_USA);
    assert_int_equal(s->p[0].target, -1); /* not itself */
    json_decref(ev);
    free(s);
}

static void test_ten_vp_gives_one_ego(void **state)
{
    (void)state;
    dm_state *s = plan_scene(2);
    json_t *ev = evs();
    s->p[0].vp = 8;
    s->p[0].ego = 5;
    int left[2] = {find(s, "moon-base"), -1};
    put_base(s, 0, s->board->start[DM_USA], 8); /* Moon Base needs a base of 8 */
    int target[2] = {DM_RUSSIA, DM_USA};
    plan_round(s, left, target, ev);
    assert_int_equal(s->p[0].vp, 12);
    assert_int_equal(s->p[0].ego, 6);
    json_decref(ev);
    free(s);
}

static void test_ego_ten_locks_the_target(void **state)
{
    (void)state;
    dm_state *s = plan_scene(3);
    json_t *ev = evs();
    char *why = NULL;
    s->p[0].ego = 10;
    s->p[0].prev_target = DM_RUSSIA;
    s->round = 4;
    s->phase = DM_PH_BUY;
    s->turn = 3;
    /* A new plan phase: the target is already placed and locked. */
    s->phase = DM_PH_DRAW;
    for (int i = 0; i < 3; i++)
        s->p[i].draw_left = 0;
    assert_int_equal(dm_draw(s, 0, 1, ev, &why), WB_ENOTTURN);
    free(why);
    why = NULL;
    s->p[0].draw_left = 1;
    assert_int_equal(dm_draw(s, 0, 1, ev, &why), WB_OK);
    assert_int_equal(s->phase, DM_PH_PLAN);
    assert_int_equal(s->p[0].target, DM_RUSSIA);
    assert_int_equal(dm_set_target(s, 0, DM_NKOREA, ev, &why), WB_EILLEGAL);
    free(why);
    why = NULL;
    json_decref(ev);
    free(s);

    /* Ego 9 locks nothing: the same target again, then another. */
    s = plan_scene(3);
    ev = evs();
    s->p[0].ego = 9;
    s->p[0].prev_target = DM_RUSSIA;
    s->round = 4;
    s->phase = DM_PH_DRAW;
    for (int i = 0; i < 3; i++)
        s->p[i].draw_left = 0;
    s->p[0].draw_left = 1;
    assert_int_equal(dm_draw(s, 0, 1, ev, &why), WB_OK);
    assert_int_equal(s->phase, DM_PH_PLAN);
    assert_int_not_equal(s->p[0].target, DM_RUSSIA);
    assert_int_equal(dm_set_target(s, 0, DM_RUSSIA, ev, &why), WB_OK);
    assert_int_equal(dm_set_target(s, 0, DM_NKOREA, ev, &why), WB_OK);
    assert_int_equal(s->p[0].target, DM_NKOREA);
    json_decref(ev);
    free(s);
}

static void test_first_goal_funding_and_corruption(void **state)
{
    (void)state;
    dm_state *s = plan_scene(2);
    json_t *ev = evs();
    char *why = NULL;
    int usa = find(s, "make-america-great"), rus = find(s, "restore-the-ussr");
    s->p[0].goal = usa, s->p[1].goal = rus;
    s->where[usa] = s->where[rus] = DM_IN_GOAL;
    s->p[0].goal_done = s->p[1].goal_done = 0;
    s->p[0].ego = 7;
    /* The right space is the First Goal's: no card goes there. */
    s->p[0].hand[s->p[0].nhand++] = find(s, "rally");
    s->where[find(s, "rally")] = DM_IN_HAND;
    assert_int_equal(dm_place(s, 0, 1, find(s, "rally"), 0, 0, ev, &why), WB_EILLEGAL);
    free(why);
    why = NULL;
    /* Flip it with "ready" to fund it (needs Ego 7, cost 6).  Russia
     * does not hold the U.S.S.R. flag: corruption buys it for 12, without
     * the needs ("Build a Wall" excepted); corruption without the goal is
     * refused. */
    assert_int_equal(dm_set_target(s, 0, DM_RUSSIA, ev, &why), WB_OK);
    assert_int_equal(dm_ready(s, 0, 1, 0, ev, &why), WB_OK);
    assert_int_equal(dm_set_target(s, 1, DM_USA, ev, &why), WB_OK);
    assert_int_equal(dm_ready(s, 1, 0, 1, ev, &why), WB_EILLEGAL);
    free(why);
    why = NULL;
    assert_int_equal(dm_ready(s, 1, 1, 1, ev, &why), WB_OK);
    assert_true(s->p[0].goal_done);
    assert_int_equal(s->p[0].vp, 3);
    assert_int_equal(s->p[0].res, 20 - 6);
    assert_int_equal(s->where[usa], DM_IN_PROJECT);
    assert_true(s->p[1].goal_done);
    assert_int_equal(s->p[1].res, 20 - 12);
    assert_int_equal(s->p[1].ego, 7); /* its bonus: +1 Ego */
    json_decref(ev);
    free(s);
    /* Build a Wall cannot be corrupted; an unfundable goal is fined and
     * stays face down for a later round. */
    s = plan_scene(2);
    ev = evs();
    int wall = find(s, "build-a-wall");
    s->p[0].goal = wall;
    s->where[wall] = DM_IN_GOAL;
    s->p[0].goal_done = 0;
    s->p[0].target = DM_RUSSIA;
    assert_int_equal(dm_ready_check(s, 0, 1, 1, &why), WB_EILLEGAL);
    free(why);
    why = NULL;
    assert_int_equal(dm_ready(s, 0, 1, 0, ev, &why), WB_OK); /* needs a base of 6: only a 4 */
    assert_int_equal(dm_set_target(s, 1, DM_USA, ev, &why), WB_OK);
    assert_int_equal(dm_ready(s, 1, 0, 0, ev, &why), WB_OK);
    assert_false(s->p[0].goal_done);
    assert_int_equal(s->p[0].res, 19);
    assert_int_equal(s->p[0].goal, wall);
    assert_int_equal(s->where[wall], DM_IN_GOAL);
    json_decref(ev);
    free(s);
}

static void test_level_two_draws_after_the_first_goal(void **state)
{
    (void)state;
    dm_state *s = plan_scene(2);
    json_t *ev = evs();
    char *why = NULL;
    /* Seat 0's goal is done, seat 1's not: at the next draw seat 0
     * chooses the pile of each card, seat 1 draws Level 1 at once. */
    s->p[1].goal_done = 0;
    s->phase = DM_PH_BUY;
    s->turn = 0;
    s->last_round = 0;
    assert_int_equal(dm_done(s, 0, ev, &why), WB_OK);
    assert_int_equal(dm_done(s, 1, ev, &why), WB_OK);
    assert_int_equal(s->round, 4);
    assert_int_equal(s->phase, DM_PH_DRAW);
    assert_int_equal(s->p[1].nhand, 5);
    assert_int_equal(s->p[0].draw_left, 5);
    for (int k = 0; k < 5; k++)
        assert_int_equal(dm_draw(s, 0, 2, ev, &why), WB_OK);
    assert_int_equal(s->p[0].nhand, 5);
    for (int k = 0; k < 5; k++)
        assert_int_equal(s->deck->c[s->p[0].hand[k]].level, 2);
    for (int k = 0; k < 5; k++)
        assert_int_equal(s->deck->c[s->p[1].hand[k]].level, 1);
    assert_int_equal(s->phase, DM_PH_PLAN);
    json_decref(ev);
    free(s);
}

/* --- end and scoring --------------------------------------------------------------------- */

static void test_scoring_and_ties(void **state)
{
    (void)state;
    dm_state *s = plan_scene(2);
    s->p[0].vp = 10, s->p[0].pop = 5, s->p[0].ego = 4;
    s->p[1].vp = 10, s->p[1].pop = 5, s->p[1].ego = 7;
    int parts[5];
    /* VP + units + income (a 4-base: 2) + Popularity + peace. */
    assert_int_equal(dm_score(s, 0, parts), 10 + 1 + 2 + 5 + 0);
    int score[2], win[2];
    dm_result(s, score, win);
    assert_int_equal(score[0], score[1]);
    /* Ties: most Ego. */
    assert_false(win[0]);
    assert_true(win[1]);
    /* Tied on Ego too: both win. */
    s->p[0].ego = 7;
    dm_result(s, score, win);
    assert_true(win[0] && win[1]);
    s->p[0].ego = 4;
    /* Income counts at most 24. */
    for (int i = 0; i < 6; i++)
        put_base(s, 0, sp(s, 6, 10 + i), 10);
    dm_score(s, 0, parts);
    assert_int_equal(parts[2], 24);
    free(s);
}

static void test_game_ends_one_round_after_fifteen(void **state)
{
    (void)state;
    dm_state *s = plan_scene(2);
    json_t *ev = evs();
    char *why = NULL;
    s->p[0].vp = 14;
    int left[2] = {find(s, "stadium"), -1};
    int target[2] = {DM_RUSSIA, DM_USA};
    plan_round(s, left, target, ev);
    assert_int_equal(s->p[0].vp, 15);
    assert_int_equal(s->last_round, 4);
    /* Round 3 ends; round 4 is played through; then the end. */
    assert_int_equal(dm_done(s, 0, ev, &why), WB_OK);
    assert_int_equal(dm_done(s, 1, ev, &why), WB_OK);
    assert_int_equal(dm_done(s, 0, ev, &why), WB_OK);
    assert_int_equal(dm_done(s, 1, ev, &why), WB_OK);
    assert_int_equal(s->round, 4);
    assert_int_not_equal(s->phase, DM_PH_OVER);
    /* "Play the next round through and finish the game!" */
    play_out_round(s, ev);
    assert_int_equal(s->round, 4);
    assert_int_equal(s->phase, DM_PH_OVER);
    assert_true(event_index(ev, "game_over", -1) >= 0);
    json_decref(ev);
    free(s);
}

/* --- buying ------------------------------------------------------------------------------ */

static void test_buy_and_upgrade(void **state)
{
    (void)state;
    dm_state *s = scene(2);
    json_t *ev = evs();
    char *why = NULL;
    int base = sp(s, 6, 12), land = land_at(s, base, 1, -1), sea = -1;
    for (int i = 0; i < 253 && sea < 0; i++)
        if (s->board->sp[i].tags & DM_T_SEA && dist(s, base, i) <= 2)
            sea = i;
    put_base(s, 0, base, 4);
    put_unit(s, 0, land);
    put_unit(s, 0, sea);
    s->phase = DM_PH_BUY;
    s->p[0].res = 30;
    /* New bases only where the player has units, never at sea. */
    assert_int_equal(dm_build_check(s, 0, sp(s, 8, 12), &why), WB_EILLEGAL);
    free(why);
    assert_int_equal(dm_build_check(s, 0, sea, &why), WB_EILLEGAL);
    free(why);
    assert_int_equal(dm_build(s, 0, land, ev, &why), WB_OK);
    assert_int_equal(s->p[0].res, 26);
    /* Building counts as the base's step this round. */
    assert_int_equal(dm_upgrade(s, 0, land, ev, &why), WB_EILLEGAL);
    free(why);
    assert_int_equal(dm_upgrade(s, 0, base, ev, &why), WB_OK);
    assert_int_equal(s->cell[base].base, 6);
    assert_int_equal(s->p[0].res, 20);
    /* A unit costs its base's strength; then no more bases. */
    assert_int_equal(dm_recruit(s, 0, base, ev, &why), WB_OK);
    assert_int_equal(s->p[0].res, 14);
    assert_int_equal(dm_units_on(s, 0, base), 1);
    assert_int_equal(dm_upgrade_check(s, 0, base, &why), WB_EILLEGAL);
    free(why);
    json_decref(ev);
    free(s);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_low_ego_or_popularity_blocks_the_left_space),
        cmocka_unit_test(test_popularity_ten_gives_five_income),
        cmocka_unit_test(test_order_by_lowest_funded_card),
        cmocka_unit_test(test_unfunded_card_is_fined_and_does_not_count),
        cmocka_unit_test(test_cube_moving_onto_left_space_discards),
        cmocka_unit_test(test_zero_popularity_eliminates),
        cmocka_unit_test(test_the_overtaker_replaces_targets),
        cmocka_unit_test(test_ten_vp_gives_one_ego),
        cmocka_unit_test(test_ego_ten_locks_the_target),
        cmocka_unit_test(test_first_goal_funding_and_corruption),
        cmocka_unit_test(test_level_two_draws_after_the_first_goal),
        cmocka_unit_test(test_scoring_and_ties),
        cmocka_unit_test(test_game_ends_one_round_after_fifteen),
        cmocka_unit_test(test_buy_and_upgrade),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
