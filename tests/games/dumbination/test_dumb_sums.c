/*
 * test_dumb_sums.c - World Dumbination: what a seat's projects, bonuses
 * and bases add up to (games/dumbination/), rule by rule.
 *
 * These are the rules a mutation sample (tests/mutation/) found that no
 * test held: a hand limit that a project lowered instead of raising, a
 * strength bonus dropped, a cubed space counted as a base.  Each test
 * quotes the sentence it holds (the rulebook's, as DUMBINATION.md gives
 * it, or the card's own text in cards.json) and is built on a scene
 * (dumb_scene.h) where only that rule decides the outcome.
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
#include "wb_err.h"

/* A card of the pile into seat's hand (no Dumbness card: those go to the
 * board when drawn). */
static void deal(dm_state *s, int seat, int n)
{
    while (n > 0) {
        int c = s->pile[0][--s->npile[0]];
        if (s->deck->c[c].type == DM_DUMBNESS)
            continue;
        s->p[seat].hand[s->p[seat].nhand++] = c;
        s->where[c] = DM_IN_HAND;
        n--;
    }
}

static void stand_project(dm_state *s, int seat, const char *id)
{
    int c = find(s, id);
    s->p[seat].proj[s->p[seat].nproj++] = c;
    s->where[c] = DM_IN_PROJECT;
}

/* "Players draw cards up to their hand limit; which is five cards at the
 * beginning of the game."  University: "Project. ... Hand limit +1."  With
 * a standing University a seat keeps six cards at the draw, unfined; a
 * seat without one is fined for its sixth (the rule of page 8: "A fine of
 * 1 resource for each card the player has over the hand limit"). */
static void test_a_hand_project_raises_the_hand_limit(void **state)
{
    (void)state;
    dm_state *s = plan_scene(2);
    json_t *ev = evs();
    stand_project(s, 0, "university");
    deal(s, 0, 6);
    deal(s, 1, 6);
    s->phase = DM_PH_BUY;
    s->turn = 0;
    int res = s->p[0].res + dm_income(s, 0);
    play_out_round(s, ev);
    assert_int_equal(s->round, 4);
    assert_int_equal(s->p[0].nhand, 6);
    assert_int_equal(s->p[0].res, res);
    assert_int_equal(event_index(ev, "over_hand_limit", 0), -1);
    /* The other seat, with none, keeps five and is fined for the sixth. */
    assert_int_equal(s->p[1].nhand, 5);
    assert_true(event_index(ev, "over_hand_limit", 1) >= 0);
    json_decref(ev);
    free(s);
}

/* "A Unit standing on a Base has the same strength as the Base ... The
 * strength decreases with 1 for each space a Unit moves away from the
 * Base"; Green cards "may increase the strength of your units" (Military
 * Parade: "Your Units get +1 strength this round"; Military Academy:
 * "Project. Your Units get +1 strength every round.").  The bonuses add
 * to the strength a base gives wherever it gives any (DUMBINATION.md:
 * "plus strength bonuses while it is above 0"). */
static void test_strength_bonuses_add_to_the_base_strength(void **state)
{
    (void)state;
    dm_state *s = scene(2);
    int b = sp(s, 6, 6);
    put_base(s, 0, b, 4);
    s->p[0].bonus_strength = 1; /* a Military Parade this round */
    stand_project(s, 0, "military-academy");
    for (int i = 0; i < s->board->nspaces; i++) {
        int d = dist(s, b, i);
        assert_int_equal(dm_strength_at(s, 0, i), d < 4 ? 4 - d + 2 : 0);
    }
    /* The other seat has no bonus. */
    put_base(s, 1, sp(s, 2, 18), 6);
    assert_int_equal(dm_strength_at(s, 1, sp(s, 2, 18)), 6);
    free(s);
}

/* "8 Two sided Base tokens" per player, and "a player can lose all Bases
 * and Units without the opportunity to get back in the game" (then it is
 * neutralized).  A base is a token with a strength: a space the player
 * only holds with a cube is no base, neither against the token count nor
 * against being neutralized. */
static void test_cubed_spaces_are_not_bases(void **state)
{
    (void)state;
    dm_state *s = scene(2);
    json_t *ev = evs();
    char *why = NULL;
    int land[40], n = 0;
    for (int i = 0; i < s->board->nspaces && n < 40; i++)
        if (!(s->board->sp[i].tags & (DM_T_SEA | DM_T_WAR)) && s->board->sp[i].nation < 0)
            land[n++] = i;
    assert_int_equal(n, 40);
    /* Seat 1 holds ten spaces with cubes, and no base and no unit; seat 0
     * seven bases (one token left), ten cubed spaces and two units on
     * spaces of its own. */
    for (int k = 0; k < 10; k++)
        s->cell[land[k]].owner = 1, s->cell[land[k]].cube = 1;
    for (int k = 10; k < 10 + DM_BASES - 1; k++)
        put_base(s, 0, land[k], 4);
    for (int k = 20; k < 30; k++)
        s->cell[land[k]].owner = 0, s->cell[land[k]].cube = 1;
    int at = land[30], at2 = land[31];
    put_unit(s, 0, at);
    put_unit(s, 0, at2);
    s->phase = DM_PH_BUY;
    s->p[0].res = 20;
    assert_int_equal(dm_build(s, 0, at, ev, &why), WB_OK);
    /* The eighth was the last token. */
    assert_int_equal(dm_build_check(s, 0, at2, &why), WB_EILLEGAL);
    assert_string_equal(why, "all your base tokens are on the board");
    free(why);
    /* Seat 1's cubes do not keep it in the game. */
    dm_check_neutralized(s, 1, 0, ev);
    assert_true(s->p[1].out);
    assert_int_equal(s->p[1].overtaker, 0);
    json_decref(ev);
    free(s);
}

/* The draws of phase 1 played until the plan (phase 2) begins. */
static void draw_to_plan(dm_state *s, json_t *ev)
{
    char *why = NULL;
    for (int guard = 0; guard < 100 && s->phase == DM_PH_DRAW; guard++) {
        int act[DM_MAX_SEATS];
        dm_to_act(s, act);
        for (int i = 0; i < s->nseats; i++)
            if (act[i]) {
                if (dm_draw(s, i, 1, ev, &why))
                    fail_msg("draw: %s", why);
                break;
            }
    }
    assert_int_equal(s->phase, DM_PH_PLAN);
}

/* "The number of rounds that the card stays on the Leaderboard when
 * funded.  Only the Nuclear Bomb has this symbol and remains in effect
 * for two rounds."  A bomb funded this round still holds its card space
 * when the next round's plan begins; the other space is free for a card. */
static void test_a_funded_bomb_holds_its_card_space(void **state)
{
    (void)state;
    dm_state *s = plan_scene(2);
    json_t *ev = evs();
    int bomb = find(s, "nuclear-bomb");
    s->where[bomb] = DM_IN_SLOT;
    s->p[0].slot[0] = bomb;
    s->p[0].slot_hold[0] = 2;
    s->p[0].slot_done[0] = 1;
    s->phase = DM_PH_BUY;
    s->turn = 0;
    play_out_round(s, ev);
    draw_to_plan(s, ev);
    assert_int_equal(s->p[0].slot[0], bomb);
    assert_int_equal(s->p[0].slot_hold[0], 1);
    assert_int_equal(s->where[bomb], DM_IN_SLOT);
    assert_int_equal(s->p[0].slot[1], -1);
    json_decref(ev);
    free(s);
}

/* "Choose a Target Token and place it face down on the Target Spot": face
 * down to the others, not to the seat that chose it, whichever nation it
 * names (the USA, the first, too).  And "players may place 2 cards": the
 * view has the Leaderboard's two card spaces, no more. */
static void test_a_seat_sees_its_own_target(void **state)
{
    (void)state;
    static const char *const names[] = {"ann", "bob"};
    game_ctx ctx = {NULL, 0};
    void *st = NULL;
    char *why = NULL;
    json_t *o = json_object();
    assert_int_equal(game_dumbination.create(&ctx, names, 2, o, 1, &st, &why), WB_OK);
    json_decref(o);
    dm_state *s = st;
    s->p[1].target = DM_USA;
    json_t *v = game_dumbination.view(st, 1);
    json_t *me = json_array_get(json_object_get(v, "seats"), 1);
    assert_string_equal(json_string_value(json_object_get(me, "target")), "usa");
    assert_int_equal(json_array_size(json_object_get(me, "slots")), 2);
    json_decref(v);
    v = game_dumbination.view(st, 0);
    me = json_array_get(json_object_get(v, "seats"), 1);
    assert_string_equal(json_string_value(json_object_get(me, "target")), "face_down");
    json_decref(v);
    game_dumbination.destroy(st);
}

/* "If Units moves away from a space that gives resources, the income is
 * lost if the space isn't marked with a cube": a unit on a resource space
 * holds its income, whichever space it is - the board's first (A1) too, a
 * resource space on this custom board (the built-in one has sea there). */
static void test_a_unit_holds_a_resource_space(void **state)
{
    (void)state;
    char *board = strdup((const char *)dumbination_board_txt);
    char *grid = strstr(board, "grid 23 11\n");
    assert_non_null(grid);
    grid[strlen("grid 23 11\n")] = '$';
    json_t *opts = json_pack("{s:s}", "board", board);
    static const char *const names[] = {"ann", "bob"};
    game_ctx ctx = {NULL, 0};
    void *st = NULL;
    char *why = NULL;
    assert_int_equal(game_dumbination.create(&ctx, names, 2, opts, 1, &st, &why), WB_OK);
    dm_state *s = st;
    assert_true(s->board->sp[0].tags & DM_T_RESOURCE);
    s->cell[0].owner = 0; /* held, no cube, no base, no unit: no income */
    int without = dm_income(s, 0), k = 0;
    while (s->p[0].u[k].space >= 0)
        k++;
    s->p[0].u[k].space = 0;
    assert_int_equal(dm_income(s, 0), without + 1);
    game_dumbination.destroy(st);
    json_decref(opts);
    free(board);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_a_hand_project_raises_the_hand_limit),
        cmocka_unit_test(test_strength_bonuses_add_to_the_base_strength),
        cmocka_unit_test(test_cubed_spaces_are_not_bases),
        cmocka_unit_test(test_a_funded_bomb_holds_its_card_space),
        cmocka_unit_test(test_a_seat_sees_its_own_target),
        cmocka_unit_test(test_a_unit_holds_a_resource_space),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
