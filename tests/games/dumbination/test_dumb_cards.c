/*
 * test_dumb_cards.c - World Dumbination (games/dumbination/), rule by
 * rule: the Nuclear Bomb (and the format that saved it first), the peace
 * track and disarmament, the two-player rules, then the cards and the
 * round: the dumbness auction, the alien ship, vacations, the hand limit,
 * the seven phases, the shorter game, projects, empty piles.
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

/* --- nuclear bomb and the peace track -------------------------------------------------- */

static void test_nuclear_bomb(void **state)
{
    (void)state;
    dm_state *s = plan_scene(2);
    json_t *ev = evs();
    char *why = NULL;
    s->p[0].ego = 9;
    s->p[1].pop = 7;
    int rst = s->board->start[DM_RUSSIA], vz = s->board->start[DM_VENEZUELA];
    put_unit(s, 1, rst); /* 2 units and a 4-base */
    put_base(s, 1, vz, 4);
    put_unit(s, 1, vz);
    /* Seat 1's Nobel Campaign (96) acts after the bomb (90). */
    int left[2] = {find(s, "nuclear-bomb"), find(s, "nobel-campaign")};
    int target[2] = {DM_RUSSIA, DM_USA};
    plan_round(s, left, target, ev);
    /* "removes everything on a space of the board": the bomber chooses
     * the space, a pending decision; the resolution waits for it. */
    assert_int_equal(s->phase, DM_PH_BOMB);
    assert_int_equal(s->bomb_seat, 0);
    assert_int_equal(s->bomb_target, 1);
    assert_int_equal(s->where[find(s, "nobel-campaign")], DM_IN_SLOT);
    int act[DM_MAX_SEATS];
    dm_to_act(s, act);
    assert_true(act[0] && !act[1]);
    /* The legal spaces: those Russia holds or has units on. */
    int sp[DM_MAX_SPACES], n = dm_bomb_spaces(s, 1, sp), has_rst = 0, has_vz = 0;
    for (int i = 0; i < n; i++) {
        assert_true(s->cell[sp[i]].owner == 1 || dm_units_on(s, 1, sp[i]));
        has_rst |= sp[i] == rst;
        has_vz |= sp[i] == vz;
    }
    assert_true(has_rst && has_vz);
    assert_int_equal(dm_bomb(s, 1, rst, ev, &why), WB_ENOTTURN);
    free(why);
    why = NULL;
    assert_int_equal(dm_bomb(s, 0, s->board->start[DM_USA], ev, &why), WB_EILLEGAL);
    free(why);
    why = NULL;
    /* The player need not take the most valuable: Venezuela's space. */
    assert_int_equal(dm_bomb(s, 0, vz, ev, &why), WB_OK);
    /* Everything on the space replaced by a radioactive token of the
     * loser; 1 VP for the unit, 2 for the 4-base; no cube for bomb
     * losses. */
    assert_int_equal(s->cell[vz].radio, 1);
    assert_int_equal(s->cell[vz].base, 0);
    assert_int_equal(s->cell[vz].owner, -1);
    assert_int_equal(dm_units_on(s, 1, vz), 0);
    assert_false(s->cell[vz].cube);
    assert_int_equal(s->p[0].vp, 3);
    assert_int_equal(dm_units_on(s, 1, rst), 2);
    assert_false(s->p[1].out);
    /* The resolution went on: the Nobel Campaign was funded; then the
     * movement phase. */
    assert_int_equal(s->where[find(s, "nobel-campaign")], DM_IN_PROJECT);
    assert_int_equal(s->phase, DM_PH_MOVE);
    assert_int_equal(s->bomb_seat, -1);
    /* The bomb stays on the leaderboard for 2 rounds. */
    assert_int_equal(s->p[0].slot_hold[0], 2);
    /* A radioactive space is a no-go zone and no longer a bomb's space. */
    n = dm_bomb_spaces(s, 1, sp);
    for (int i = 0; i < n; i++)
        assert_int_not_equal(sp[i], vz);
    json_decref(ev);
    free(s);
}

/* The bomb's choice over the game interface: the pending decision, the
 * listed spaces, and save/load while it waits. */
static void test_bomb_space_is_a_pending_decision(void **state)
{
    (void)state;
    void *st = make(2, "{}", 5);
    dm_state *s = st;
    json_t *ev;
    char *why = NULL;
    first_listed_each(st, 2);
    assert_int_equal(s->phase, DM_PH_PLAN);
    int bomb = find(s, "nuclear-bomb");
    s->where[s->p[0].hand[0]] = DM_IN_DISCARD1;
    s->p[0].hand[0] = bomb;
    s->where[bomb] = DM_IN_HAND;
    s->p[0].ego = 9;
    s->p[0].res = 20;
    assert_int_equal(act(st, 0, "{\"type\":\"place\",\"slot\":\"left\",\"card\":\"nuclear-bomb\"}",
                         &ev, &why), WB_OK);
    json_decref(ev);
    const char *plan[][2] = {{"0", "{\"type\":\"target\",\"nation\":\"russia\"}"},
                             {"0", "{\"type\":\"ready\"}"},
                             {"1", "{\"type\":\"target\",\"nation\":\"usa\"}"},
                             {"1", "{\"type\":\"ready\"}"}};
    for (int k = 0; k < 4; k++) {
        assert_int_equal(act(st, plan[k][0][0] - '0', plan[k][1], &ev, &why), WB_OK);
        json_decref(ev);
    }
    assert_int_equal(s->phase, DM_PH_BOMB);
    json_t *v = K->view(st, 1);
    assert_string_equal(json_string_value(json_object_get(v, "phase")), "bomb");
    assert_int_equal(json_integer_value(json_array_get(json_object_get(v, "to_act"), 0)), 0);
    assert_non_null(json_object_get(v, "pending"));
    assert_int_equal(json_integer_value(json_object_get(json_object_get(v, "bomb"), "target")), 1);
    json_decref(v);
    json_t *acts = K->actions(st, 1);
    assert_int_equal(json_array_size(acts), 0);
    json_decref(acts);
    /* Seat 0's list: one "bomb" per space Russia holds or has units on. */
    acts = K->actions(st, 0);
    int sp[DM_MAX_SPACES], n = dm_bomb_spaces(s, 1, sp);
    assert_int_equal(json_array_size(acts), (size_t)n);
    assert_true(n >= 2);
    /* Saved and loaded while it waits. */
    json_t *saved = K->save(st);
    void *again = NULL;
    assert_int_equal(K->load(saved, &again, &why), WB_OK);
    assert_int_equal(((dm_state *)again)->bomb_seat, 0);
    K->destroy(again);
    json_decref(saved);
    char *body = json_dumps(json_array_get(acts, n - 1), 0);
    assert_int_equal(act(st, 0, body, &ev, &why), WB_OK);
    free(body);
    json_decref(ev);
    json_decref(acts);
    assert_int_equal(s->phase, DM_PH_MOVE);
    assert_int_equal(s->cell[sp[n - 1]].radio, 1);
    K->destroy(st);
}

/* A saved state of format 1 (before the bomb's choice) still loads. */
static void test_format_one_loads(void **state)
{
    (void)state;
    void *st = make(3, "{}", 6);
    json_t *saved = K->save(st);
    const char *gone[] = {"rq_n", "rq_at", "rq_seat", "rq_slot", "bomb_seat", "bomb_target",
                          "bomb_card", "bomb_next", "bomb_alt", "used"};
    for (size_t i = 0; i < sizeof gone / sizeof gone[0]; i++)
        json_object_del(saved, gone[i]);
    json_object_set_new(saved, "format", json_integer(1));
    void *again = NULL;
    char *why = NULL;
    assert_int_equal(K->load(saved, &again, &why), WB_OK);
    json_t *a = K->save(st), *b = K->save(again);
    assert_true(json_equal(a, b));
    json_decref(a);
    json_decref(b);
    json_decref(saved);
    K->destroy(again);
    K->destroy(st);
}

static void test_radioactive_tokens_recycle(void **state)
{
    (void)state;
    dm_state *s = plan_scene(3);
    json_t *ev = evs();
    int spaces[4];
    int k = 0;
    for (int i = 0; i < 253 && k < 4; i++)
        if (!(s->board->sp[i].tags & DM_T_SEA) && s->cell[i].owner < 0)
            spaces[k++] = i;
    for (int i = 0; i < 4; i++) {
        put_unit(s, 1, spaces[i]);
        s->p[0].target = DM_RUSSIA;
        s->p[0].ego = 9;
        s->p[0].slot[0] = find(s, "nuclear-bomb");
    }
    /* Four bombs on Russia: three tokens, the oldest moved to the last. */
    for (int i = 0; i < 4; i++) {
        s->p[0].res = 20;
        int bomb = find(s, "nuclear-bomb");
        s->p[0].slot[0] = -1;
        s->p[0].slot_hold[0] = 0;
        int left[3] = {bomb, -1, -1};
        int target[3] = {DM_RUSSIA, DM_USA, DM_USA};
        s->phase = DM_PH_PLAN;
        for (int j = 0; j < 3; j++)
            s->p[j].ready = 0, s->p[j].target = -1;
        plan_round(s, left, target, ev);
        char *why = NULL;
        assert_int_equal(s->phase, DM_PH_BOMB);
        assert_int_equal(dm_bomb(s, 0, spaces[i], ev, &why), WB_OK);
    }
    assert_int_equal(s->p[1].nradio, 3);
    int radio = 0;
    for (int i = 0; i < 253; i++)
        radio += s->cell[i].radio == 1;
    assert_int_equal(radio, 3);
    /* "remove the player's first placed radioactive token and place it on
     * the latest nuked space.  The old space is back to normal, but lost." */
    assert_int_equal(s->cell[spaces[0]].radio, -1);
    assert_int_equal(s->cell[spaces[0]].owner, -1);
    for (int i = 1; i < 4; i++)
        assert_int_equal(s->cell[spaces[i]].radio, 1);
    json_decref(ev);
    free(s);
}

static void test_peace_track(void **state)
{
    (void)state;
    dm_state *s = plan_scene(2);
    json_t *ev = evs();
    /* A bomb with the peace target: disarmed. +1 Popularity, a cube on
     * the lowest spot (4), pay 4, the card onto the spot. */
    int left[2] = {find(s, "nuclear-bomb"), -1};
    int target[2] = {DM_PEACE, DM_USA};
    s->p[0].ego = 5; /* no Ego needed to disarm */
    int res = s->p[0].res, cubes = s->p[0].cubes, pop = s->p[0].pop;
    plan_round(s, left, target, ev);
    assert_int_equal(s->peace[0], 0);
    assert_int_equal(s->p[0].res, res - 4);
    assert_int_equal(s->p[0].cubes, cubes - 1);
    assert_int_equal(s->p[0].pop, pop + 1);
    assert_int_equal(s->where[find(s, "nuclear-bomb")], DM_IN_PEACE);
    /* Two in one round (goal done: both spaces): only the last is paid. */
    s->phase = DM_PH_PLAN;
    for (int j = 0; j < 2; j++)
        s->p[j].ready = 0, s->p[j].target = -1;
    char *why = NULL;
    int b2 = find(s, "nuclear-bomb-2"), b3 = find(s, "nuclear-bomb-3");
    s->p[1].hand[0] = b2, s->p[1].hand[1] = b3, s->p[1].nhand = 2;
    s->where[b2] = s->where[b3] = DM_IN_HAND;
    res = s->p[1].res;
    assert_int_equal(dm_place(s, 1, 0, b2, 0, 0, ev, &why), WB_OK);
    assert_int_equal(dm_place(s, 1, 1, b3, 0, 0, ev, &why), WB_OK);
    assert_int_equal(dm_set_target(s, 1, DM_PEACE, ev, &why), WB_OK);
    assert_int_equal(dm_ready(s, 1, 0, 0, ev, &why), WB_OK);
    assert_int_equal(dm_set_target(s, 0, DM_RUSSIA, ev, &why), WB_OK);
    assert_int_equal(dm_ready(s, 0, 0, 0, ev, &why), WB_OK);
    assert_int_equal(s->peace[1], 1);
    assert_int_equal(s->peace[2], 1);
    assert_int_equal(s->p[1].res, res - 8);
    /* Scores: everyone with a cube gets the highest occupied spot, once. */
    int parts[5];
    dm_score(s, 0, parts);
    assert_int_equal(parts[4], 8);
    dm_score(s, 1, parts);
    assert_int_equal(parts[4], 8);
    /* The fourth spot ends the game at once. */
    s->phase = DM_PH_PLAN;
    for (int j = 0; j < 2; j++)
        s->p[j].ready = 0, s->p[j].target = -1;
    int left2[2] = {find(s, "nuclear-bomb-4"), -1};
    int target2[2] = {DM_PEACE, DM_USA};
    plan_round(s, left2, target2, ev);
    assert_int_equal(s->phase, DM_PH_OVER);
    assert_true(s->peace_over);
    json_decref(ev);
    free(s);
}

/* "A nuclear disarmament requires a cube"; "You cannot disarm a Nuclear
 * Bomb that has already been used": neither can be funded, so the card is
 * discarded with the fine and no spot is taken. */
static void test_disarmament_needs_a_cube_and_an_unused_bomb(void **state)
{
    (void)state;
    for (int k = 0; k < 2; k++) {
        dm_state *s = plan_scene(3);
        json_t *ev = evs();
        int bomb = find(s, "nuclear-bomb");
        if (k == 0)
            s->p[0].cubes = 0;
        else
            s->used[bomb] = 1;
        int res = s->p[0].res;
        int left[3] = {bomb, -1, -1};
        int target[3] = {DM_PEACE, DM_USA, DM_USA};
        plan_round(s, left, target, ev);
        assert_int_equal(s->peace[0], -1);
        assert_int_equal(s->p[0].res, res - 1);
        assert_true(event_index(ev, "unfunded", 0) >= 0);
        json_decref(ev);
        free(s);
    }
    /* A bomb fired is on record as used. */
    dm_state *s = plan_scene(2);
    json_t *ev = evs();
    char *why = NULL;
    s->p[0].ego = 9;
    int left[2] = {find(s, "nuclear-bomb"), -1}, target[2] = {DM_RUSSIA, DM_USA};
    plan_round(s, left, target, ev);
    assert_int_equal(dm_bomb(s, 0, s->board->start[DM_RUSSIA], ev, &why), WB_OK);
    assert_true(s->used[find(s, "nuclear-bomb")]);
    json_decref(ev);
    free(s);
}

static void test_two_player_disarmament_first(void **state)
{
    (void)state;
    dm_state *s = plan_scene(2);
    json_t *ev = evs();
    /* "In a 2 player game flip the Peace Target Token first": seat 1's
     * bomb (90) with the peace target is disarmed before seat 0's Press
     * Conference (12). */
    int left[2] = {find(s, "press-conference"), find(s, "nuclear-bomb")};
    int target[2] = {DM_RUSSIA, DM_PEACE};
    plan_round(s, left, target, ev);
    int d = event_index(ev, "disarmed", 1), p = event_index(ev, "card_played", 0);
    assert_true(d >= 0 && p >= 0);
    assert_true(d < p);
    json_decref(ev);
    free(s);
    /* With three players the numbers decide. */
    s = plan_scene(3);
    ev = evs();
    int left3[3] = {find(s, "press-conference"), find(s, "nuclear-bomb"), -1};
    int target3[3] = {DM_RUSSIA, DM_PEACE, DM_USA};
    plan_round(s, left3, target3, ev);
    assert_true(event_index(ev, "disarmed", 1) > event_index(ev, "card_played", 0));
    json_decref(ev);
    free(s);
}

/* "Flip the Target token when using these cards (except in a 2 player
 * game)": with two players brown cards hit the opponent whatever the
 * token (the peace token there is for disarming); with more, the token
 * decides and the peace token aims at nobody. */
static void test_two_player_brown_cards_hit_the_opponent(void **state)
{
    (void)state;
    dm_state *s = plan_scene(2);
    json_t *ev = evs();
    int left[2] = {find(s, "smear-campaign"), -1};
    int target[2] = {DM_PEACE, DM_USA};
    int pop = s->p[1].pop;
    plan_round(s, left, target, ev);
    assert_int_equal(s->p[1].pop, pop - 1);
    json_decref(ev);
    free(s);
    s = plan_scene(3);
    ev = evs();
    int left3[3] = {find(s, "smear-campaign"), -1, -1};
    int target3[3] = {DM_PEACE, DM_USA, DM_USA};
    int pops[3] = {s->p[0].pop, s->p[1].pop, s->p[2].pop};
    plan_round(s, left3, target3, ev);
    for (int i = 0; i < 3; i++)
        assert_int_equal(s->p[i].pop, pops[i]);
    json_decref(ev);
    free(s);
}

/* Lay a Dumbness card face down on the first Dumbness spot. */
static int lay(dm_state *s, const char *id)
{
    int c = find(s, id);
    for (int i = 0; i < s->board->nspaces; i++)
        if ((s->board->sp[i].tags & DM_T_DUMB) && s->cell[i].dumb < 0) {
            s->cell[i].dumb = c;
            s->where[c] = DM_IN_BOARD;
            return i;
        }
    fail_msg("no Dumbness spot");
    return -1;
}

static void test_dumbness_auction(void **state)
{
    (void)state;
    dm_state *s = plan_scene(3);
    json_t *ev = evs();
    char *why = NULL;
    int spot = lay(s, "auction-crown-jewels"), c = find(s, "auction-crown-jewels");
    int none[3] = {-1, -1, -1}, target[3] = {DM_RUSSIA, DM_USA, DM_USA};
    plan_round(s, none, target, ev);
    /* Revealed after the plan, before the flip; bids in player order. */
    assert_int_equal(s->phase, DM_PH_AUCTION);
    assert_int_equal(dm_bid(s, 1, 5, ev, &why), WB_ENOTTURN);
    free(why);
    why = NULL;
    assert_int_equal(dm_bid(s, 0, 3, ev, &why), WB_EILLEGAL); /* lowest bid: 4 */
    free(why);
    why = NULL;
    assert_int_equal(dm_bid(s, 0, 4, ev, &why), WB_OK);
    assert_int_equal(dm_bid(s, 1, 5, ev, &why), WB_OK);
    assert_int_equal(dm_bid(s, 2, 0, ev, &why), WB_OK); /* pass */
    assert_int_equal(dm_bid(s, 0, 0, ev, &why), WB_OK); /* pass: seat 1 wins */
    assert_int_equal(s->p[1].res, 20 - 5);
    assert_int_equal(s->p[1].vp, 3);
    assert_int_equal(s->where[c], DM_IN_PROJECT);
    assert_int_equal(s->cell[spot].dumb, -1);
    assert_int_equal(s->phase, DM_PH_MOVE);
    json_decref(ev);
    free(s);
    /* Nobody bids: the card stays on the board, face up, for next round. */
    s = plan_scene(2);
    ev = evs();
    spot = lay(s, "auction-moon-rocks");
    int none2[2] = {-1, -1}, target2[2] = {DM_RUSSIA, DM_USA};
    plan_round(s, none2, target2, ev);
    assert_int_equal(dm_bid(s, 0, 0, ev, &why), WB_OK);
    assert_int_equal(dm_bid(s, 1, 0, ev, &why), WB_OK);
    assert_int_equal(s->cell[spot].dumb, find(s, "auction-moon-rocks"));
    assert_true(s->cell[spot].dumb_up);
    assert_int_equal(s->phase, DM_PH_MOVE);
    json_decref(ev);
    free(s);
}

static void test_alien_ship_takes_jimi_and_the_geniuses(void **state)
{
    (void)state;
    dm_state *s = plan_scene(2);
    json_t *ev = evs();
    int none[2] = {-1, -1}, target[2] = {DM_RUSSIA, DM_USA};
    /* No alien in play: the ship waits on the board. */
    int spot = lay(s, "alien-ship");
    plan_round(s, none, target, ev);
    assert_int_equal(s->cell[spot].dumb, find(s, "alien-ship"));
    /* Jimi works for seat 0 (+2 income) and a genius for seat 1. */
    int jimi = find(s, "the-last-alien"), gen = find(s, "hidden-genius-economist");
    int inc0 = dm_income(s, 0);
    s->p[0].proj[s->p[0].nproj++] = jimi;
    s->p[1].proj[s->p[1].nproj++] = gen;
    s->where[jimi] = s->where[gen] = DM_IN_PROJECT;
    assert_int_equal(dm_income(s, 0), inc0 + 2);
    s->round++;
    s->phase = DM_PH_PLAN;
    for (int i = 0; i < 2; i++)
        s->p[i].ready = 0, s->p[i].target = -1;
    plan_round(s, none, target, ev);
    assert_int_equal(s->where[jimi], DM_IN_OUT);
    assert_int_equal(s->where[gen], DM_IN_OUT);
    assert_int_equal(s->p[0].nproj, 0);
    assert_int_equal(s->p[1].nproj, 0);
    assert_int_equal(dm_income(s, 0), inc0);
    assert_int_equal(s->cell[spot].dumb, -1);
    json_decref(ev);
    free(s);
}

static void test_take_a_vacation(void **state)
{
    (void)state;
    dm_state *s = plan_scene(2);
    json_t *ev = evs();
    /* Seat 1 takes a vacation (0): the hand is discarded, nothing but
     * projects this round; seat 0 attacks it by card and loses 1
     * Popularity. */
    for (int k = 0; k < 3; k++) {
        int c = s->pile[0][--s->npile[0]];
        s->p[1].hand[s->p[1].nhand++] = c;
        s->where[c] = DM_IN_HAND;
    }
    s->p[1].goal_done = 0; /* so its next draw is Level 1, at once */
    int left[2] = {find(s, "smear-campaign"), find(s, "take-a-vacation")};
    int target[2] = {DM_RUSSIA, DM_USA};
    int pop0 = s->p[0].pop, pop1 = s->p[1].pop;
    plan_round(s, left, target, ev);
    assert_int_equal(s->p[1].nhand, 0);
    assert_int_equal(s->p[1].vacation, s->round);
    assert_int_equal(s->p[0].pop, pop0 - 1);
    assert_int_equal(s->p[1].pop, pop1 - 1);
    /* Phases 5 and 6 pass seat 1 by. */
    int act[DM_MAX_SEATS];
    dm_to_act(s, act);
    assert_true(act[0]);
    assert_false(act[1]);
    char *why = NULL;
    assert_int_equal(dm_done(s, 0, ev, &why), WB_OK);
    assert_int_equal(s->phase, DM_PH_BUY);
    assert_int_equal(dm_done(s, 0, ev, &why), WB_OK);
    /* Next round: seat 1 draws up to its hand again. */
    assert_int_equal(s->round, 4);
    assert_int_equal(s->p[1].nhand, 5);
    json_decref(ev);
    free(s);
}

/* Illegal card actions: "A player caught having too many cards must
 * discard down to the correct hand limit.  A fine of 1 resource for each
 * card the player has over the hand limit is paid to the bank." */
static void test_over_the_hand_limit_is_fined(void **state)
{
    (void)state;
    dm_state *s = plan_scene(2);
    json_t *ev = evs();
    /* A University (+1 hand) let seat 0 hold 6; sabotaged, the limit is
     * 5 again: with 7 cards at the next draw, 2 go and 2 resources. */
    int uni = find(s, "university");
    s->p[0].proj[s->p[0].nproj++] = uni;
    s->where[uni] = DM_IN_PROJECT;
    for (int k = 0; k < 7; k++) {
        int c = s->pile[0][--s->npile[0]];
        if (s->deck->c[c].type == DM_DUMBNESS) {
            k--;
            continue;
        }
        s->p[0].hand[s->p[0].nhand++] = c;
        s->where[c] = DM_IN_HAND;
    }
    s->p[0].sabotaged = 4;
    s->phase = DM_PH_BUY;
    s->turn = 0;
    int res = s->p[0].res + dm_income(s, 0);
    play_out_round(s, ev);
    assert_int_equal(s->round, 4);
    assert_int_equal(s->p[0].nhand, 5);
    assert_int_equal(s->p[0].res, res - 2);
    assert_int_equal(event_index(ev, "over_hand_limit", 0) >= 0, 1);
    json_decref(ev);
    free(s);
}

/* The seven phases in their order, everyone finishing one before the
 * next: 1 draw, 2 plan, 3 Dumbness cards revealed and resolved before the
 * flip, 4 flip (the order track re-sorted, then the cards act), 5 move,
 * 6 buy, 7 income, then the next round's draw. */
static void test_a_round_runs_the_seven_phases_in_order(void **state)
{
    (void)state;
    dm_state *s = plan_scene(2);
    json_t *ev = evs();
    lay(s, "royal-wedding");
    s->phase = DM_PH_BUY;
    s->turn = 1; /* round 3 ends with the last "done": round 4 from its draw */
    s->p[0].hand[s->p[0].nhand++] = find(s, "rally");
    s->where[find(s, "rally")] = DM_IN_HAND;
    play_out_round(s, ev); /* to round 4 */
    json_decref(ev);
    ev = evs();
    assert_int_equal(s->round, 4);
    assert_int_equal(s->phase, DM_PH_DRAW);
    char *why = NULL;
    /* Not a phase ahead: no move while drawing. */
    assert_int_equal(dm_done(s, s->order[0], ev, &why), WB_ENOTTURN);
    free(why);
    why = NULL;
    /* Draw, then the plan with seat 0's Rally on the left. */
    while (s->phase == DM_PH_DRAW)
        for (int i = 0; i < 2; i++)
            if (s->p[i].draw_left > 0)
                assert_int_equal(dm_draw(s, i, 1, ev, &why), WB_OK);
    assert_int_equal(s->phase, DM_PH_PLAN);
    int rally = find(s, "rally");
    if (s->where[rally] != DM_IN_HAND)
        fail_msg("rally was discarded");
    assert_int_equal(dm_place(s, 0, 0, rally, 0, 0, ev, &why), WB_OK);
    play_out_round(s, ev);
    assert_int_equal(s->round, 5);
    const char *seq[] = {"phase", "ready", "dumbness_revealed", "flipped", "player_order",
                         "card_played", "phase", "phase", "income", "phase"};
    const char *ph[] = {"plan", NULL, NULL, NULL, NULL, NULL, "move", "buy", NULL, "draw"};
    size_t i, at = 0;
    json_t *e;
    json_array_foreach(ev, i, e) {
        if (at < sizeof seq / sizeof seq[0] &&
            strcmp(json_string_value(json_object_get(e, "type")), seq[at]) == 0 &&
            (!ph[at] || strcmp(json_string_value(json_object_get(e, "phase")), ph[at]) == 0))
            at++;
    }
    assert_int_equal(at, sizeof seq / sizeof seq[0]);
    json_decref(ev);
    free(s);
}

/* The shorter game: "play without the First Goal cards.  Each player
 * starts with 15 resources and 5 Victory Points.  The first 5 cards are
 * distributed from the Level 1 card pile, but Level 2 cards can be drawn
 * in the next round." */
static void test_the_shorter_game(void **state)
{
    (void)state;
    dm_state *s = NULL;
    char *why = NULL;
    assert_int_equal(dm_setup(3, 1, 15, 0, 4, &s, &why), WB_OK);
    assert_int_equal(s->round, 1);
    assert_int_equal(s->phase, DM_PH_PLAN);
    for (int c = 0; c < s->deck->ncards; c++)
        assert_int_not_equal(s->where[c], DM_IN_GOAL);
    for (int i = 0; i < 3; i++) {
        assert_int_equal(s->p[i].res, 15);
        assert_int_equal(s->p[i].vp, 5);
        assert_int_equal(s->p[i].goal, -1);
        assert_int_equal(s->p[i].nhand, 5);
        for (int k = 0; k < 5; k++)
            assert_int_equal(s->deck->c[s->p[i].hand[k]].level, 1);
    }
    /* No First Goal holds the right card space. */
    json_t *ev = evs();
    s->p[0].ego = s->p[0].pop = 6;
    assert_int_equal(dm_place(s, 0, 1, s->p[0].hand[0], 0, 0, ev, &why), WB_OK);
    assert_int_equal(dm_place(s, 0, 0, s->p[0].hand[0], 0, 0, ev, &why), WB_OK);
    /* Round 2: seat 0 chooses the pile of its two cards: Level 2 too. */
    s->p[0].res = 100;
    play_out_round(s, ev);
    assert_int_equal(s->round, 2);
    assert_int_equal(s->phase, DM_PH_DRAW);
    assert_true(s->p[0].draw_left > 0);
    int before = s->p[0].nhand;
    assert_int_equal(dm_draw(s, 0, 2, ev, &why), WB_OK);
    assert_int_equal(s->deck->c[s->p[0].hand[before]].level, 2);
    json_decref(ev);
    free(s);
}

/* Markers: "Also place cubes on spaces you lose Units or Bases when
 * attacked by cards (except for Nuclear Bomb attacks)." */
static void test_cards_removing_units_leave_the_losers_cube(void **state)
{
    (void)state;
    dm_state *s = plan_scene(2);
    json_t *ev = evs();
    int rst = s->board->start[DM_RUSSIA], far = land_at(s, rst, 3, -1);
    int k = put_unit(s, 1, far); /* the weakest: 3 from its base */
    assert_int_equal(s->cell[far].owner, 1);
    int cubes = s->p[1].cubes;
    int left[2] = {find(s, "air-strike"), -1};
    int target[2] = {DM_RUSSIA, DM_USA};
    plan_round(s, left, target, ev);
    assert_int_equal(s->p[1].u[k].space, -1);
    assert_true(s->cell[far].cube);
    assert_int_equal(s->cell[far].owner, 1);
    assert_int_equal(s->p[1].cubes, cubes - 1);
    assert_int_equal(s->p[0].vp, 1);
    json_decref(ev);
    free(s);
}

/* Blue projects "can be sabotaged (temporarily) or attacked (removed)";
 * "Popularity, Ego and VPs from Blue Project Cards will stay with you";
 * First Goals cannot be "attacked or sabotaged"; "Player-owned Dumbness
 * Cards may be sabotaged but not attacked!" */
static void test_projects_sabotaged_and_attacked(void **state)
{
    (void)state;
    dm_state *s = plan_scene(3);
    json_t *ev = evs();
    int goal = find(s, "pipeline-empire"), dumb = find(s, "auction-spare-continent");
    int factory = find(s, "factory");
    int own[3] = {goal, dumb, factory};
    for (int i = 0; i < 3; i++) {
        s->p[1].proj[s->p[1].nproj++] = own[i];
        s->where[own[i]] = DM_IN_PROJECT;
    }
    s->p[1].vp = 7;
    int base = dm_income(s, 1) - 3; /* +1 goal, +1 owned Dumbness, +1 factory */
    /* Sabotage: until the end of next round nothing but the First Goal
     * works. */
    int left[3] = {find(s, "spy-scandal"), -1, -1}, target[3] = {DM_RUSSIA, DM_USA, DM_USA};
    plan_round(s, left, target, ev);
    assert_int_equal(s->p[1].sabotaged, 4);
    assert_int_equal(dm_income(s, 1), base + 1);
    s->round = 5;
    assert_int_equal(dm_income(s, 1), base + 3);
    /* Attacked: the factory goes, the goal and the owned Dumbness card
     * stay; the VP stay. */
    s->phase = DM_PH_PLAN;
    for (int i = 0; i < 3; i++)
        s->p[i].ready = 0, s->p[i].target = -1, s->p[i].slot[0] = -1;
    int left2[3] = {find(s, "cyber-attack"), -1, -1};
    plan_round(s, left2, target, ev);
    assert_int_equal(s->where[factory], DM_IN_DISCARD1);
    assert_int_equal(s->where[goal], DM_IN_PROJECT);
    assert_int_equal(s->where[dumb], DM_IN_PROJECT);
    assert_int_equal(s->p[1].nproj, 2);
    assert_int_equal(s->p[1].vp, 7);
    /* A second attack finds no project it may remove. */
    s->phase = DM_PH_PLAN;
    for (int i = 0; i < 3; i++)
        s->p[i].ready = 0, s->p[i].target = -1, s->p[i].slot[0] = -1;
    int left3[3] = {find(s, "cyber-attack-2"), -1, -1};
    plan_round(s, left3, target, ev);
    assert_int_equal(s->p[1].nproj, 2);
    json_decref(ev);
    free(s);
}

/* "If either pile is empty, shuffle the corresponding discard pile as the
 * new pile." */
static void test_an_empty_pile_takes_its_discards(void **state)
{
    (void)state;
    dm_state *s = plan_scene(2);
    json_t *ev = evs();
    char *why = NULL;
    int n2 = s->npile[1];
    for (int i = 0; i < n2; i++) { /* the Level 2 pile onto its discards */
        int c = s->pile[1][i];
        if (s->deck->c[c].type == DM_DUMBNESS) {
            s->where[c] = DM_IN_BOX;
            continue;
        }
        s->disc[1][s->ndisc[1]++] = c;
        s->where[c] = DM_IN_DISCARD2;
    }
    s->npile[1] = 0;
    int disc = s->ndisc[1];
    s->phase = DM_PH_DRAW;
    s->p[0].draw_left = 1;
    s->p[1].draw_left = 0;
    assert_int_equal(dm_draw(s, 0, 2, ev, &why), WB_OK);
    assert_true(event_index(ev, "reshuffled", -1) >= 0);
    assert_int_equal(s->ndisc[1], 0);
    assert_int_equal(s->npile[1], disc - 1);
    assert_int_equal(s->deck->c[s->p[0].hand[0]].level, 2);
    json_decref(ev);
    free(s);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_cards_removing_units_leave_the_losers_cube),
        cmocka_unit_test(test_nuclear_bomb),
        cmocka_unit_test(test_bomb_space_is_a_pending_decision),
        cmocka_unit_test(test_format_one_loads),
        cmocka_unit_test(test_radioactive_tokens_recycle),
        cmocka_unit_test(test_peace_track),
        cmocka_unit_test(test_two_player_disarmament_first),
        cmocka_unit_test(test_disarmament_needs_a_cube_and_an_unused_bomb),
        cmocka_unit_test(test_two_player_brown_cards_hit_the_opponent),
        cmocka_unit_test(test_dumbness_auction),
        cmocka_unit_test(test_alien_ship_takes_jimi_and_the_geniuses),
        cmocka_unit_test(test_take_a_vacation),
        cmocka_unit_test(test_projects_sabotaged_and_attacked),
        cmocka_unit_test(test_an_empty_pile_takes_its_discards),
        cmocka_unit_test(test_over_the_hand_limit_is_fined),
        cmocka_unit_test(test_a_round_runs_the_seven_phases_in_order),
        cmocka_unit_test(test_the_shorter_game),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
