/*
 * test_dumb_combat.c - World Dumbination (games/dumbination/), rule by
 * rule: strength and movement, the rulebook's two combat examples
 * literally, markers.
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

/* --- strength and movement --------------------------------------------------------- */

static void test_strength_from_the_strongest_base_in_reach(void **state)
{
    (void)state;
    dm_state *s = scene(2);
    int b4 = sp(s, 6, 6), b8 = sp(s, 6, 12);
    put_base(s, 0, b4, 4);
    /* "A Unit standing on a Base has the same strength as the Base"; -1 a
     * space; a unit next to a 4-base goes 2 more before it has none. */
    assert_int_equal(dm_strength_at(s, 0, b4), 4);
    for (int i = 0; i < s->board->nspaces; i++) {
        int d = dist(s, b4, i);
        assert_int_equal(dm_strength_at(s, 0, i), d < 4 ? 4 - d : 0);
    }
    /* Two bases: the strongest in reach, never summed. */
    put_base(s, 0, b8, 8);
    for (int i = 0; i < s->board->nspaces; i++) {
        int a = 4 - dist(s, b4, i), b = 8 - dist(s, b8, i), m = a > b ? a : b;
        assert_int_equal(dm_strength_at(s, 0, i), m > 0 ? m : 0);
    }
    /* Moves: half the strongest base, even for a unit near the weaker. */
    assert_int_equal(dm_moves(s, 0), 4);
    free(s);
}

static void test_movement_range_and_zero_strength(void **state)
{
    (void)state;
    dm_state *s = scene(2);
    int base = sp(s, 7, 12);
    put_base(s, 0, base, 6);
    int u = put_unit(s, 0, base);
    int *reach = malloc(sizeof(int) * 253);
    dm_reach(s, 0, u, reach);
    for (int i = 0; i < 253; i++) {
        int d = dist(s, base, i);
        /* A 6-base: 3 spaces (war zones stop a unit: 2 for sure). */
        if (i == base)
            assert_int_equal(reach[i], -1);
        else if (d <= 2)
            assert_true(reach[i] >= 0);
        else if (d > 3)
            assert_int_equal(reach[i], -1);
    }
    /* No strength, no entry where it is not the player's own. */
    s->cell[base].base = 2; /* a 2-base gives strength 1 next to it only */
    dm_reach(s, 0, u, reach);
    for (int i = 0; i < 253; i++)
        if (reach[i] >= 0)
            assert_true(dist(s, base, i) <= 1);
    free(reach);
    free(s);
}

static void test_moving_into_cubed_space_conquers_and_stops(void **state)
{
    (void)state;
    dm_state *s = scene(2);
    int base = sp(s, 6, 12);
    put_base(s, 0, base, 8);
    int u = put_unit(s, 0, base);
    int next = land_at(s, base, 1, -1), far = -1;
    for (int i = 0; i < 253; i++)
        if (dist(s, base, i) == 2 && dist(s, next, i) == 1 &&
            (s->board->sp[i].tags & DM_T_SEA) == 0)
            far = i;
    assert_true(next >= 0 && far >= 0);
    /* Every route to `far` but through `next` is blocked by cubes too. */
    for (int i = 0; i < 253; i++)
        if (dist(s, base, i) == 1 || (dist(s, base, i) == 2 && i != far)) {
            s->cell[i].owner = 1;
            s->cell[i].cube = 1;
        }
    int *reach = malloc(sizeof(int) * 253);
    dm_reach(s, 0, u, reach);
    /* Units may not pass through opponents' cubed spaces. */
    assert_int_equal(reach[far], -1);
    assert_int_equal(reach[next], 1);
    json_t *ev = evs();
    char *why = NULL;
    int cubes1 = s->p[1].cubes;
    assert_int_equal(dm_move(s, 0, u, next, 1, ev, &why), WB_OK);
    assert_int_equal(s->cell[next].owner, 0);
    assert_int_equal(s->cell[next].cube, 0);
    assert_int_equal(s->p[1].cubes, cubes1 + 1); /* the cube goes home */
    assert_true(s->p[0].u[u].stopped);
    assert_int_equal(dm_reach(s, 0, u, reach), 0);
    free(reach);
    json_decref(ev);
    free(s);
}

static void test_war_zone_takes_an_extra_round(void **state)
{
    (void)state;
    dm_state *s = scene(2);
    int war = -1;
    for (int i = 0; i < 253 && war < 0; i++)
        if (s->board->sp[i].tags & DM_T_WAR)
            war = i;
    int base = land_at(s, war, 1, -1);
    put_base(s, 0, base, 6);
    int u = put_unit(s, 0, base);
    json_t *ev = evs();
    char *why = NULL;
    assert_int_equal(dm_move(s, 0, u, war, 1, ev, &why), WB_OK);
    assert_int_equal(s->p[0].u[u].war, 3);
    assert_int_not_equal(s->cell[war].owner, 0); /* not conquered yet */
    /* Nor by building a base there while the war goes on. */
    s->p[0].res = 20;
    assert_int_equal(dm_build_check(s, 0, war, &why), WB_EILLEGAL);
    free(why);
    why = NULL;
    /* The end of this round's movement phase: the war goes on. */
    int phase = s->phase;
    s->turn = 0;
    s->p[1].out = 0;
    assert_int_equal(dm_done(s, 0, ev, &why), WB_OK);
    assert_int_equal(dm_done(s, 1, ev, &why), WB_OK);
    assert_int_not_equal(s->cell[war].owner, 0);
    assert_int_equal(s->p[0].u[u].war, 3);
    s->phase = phase;
    /* Round 4: the unit lies down and cannot move; at the end of the
     * movement phase the war zone is won. */
    s->round = 4;
    s->p[0].u[u].stopped = 0;
    s->p[0].u[u].steps = 0;
    int *reach = malloc(sizeof(int) * 253);
    assert_int_equal(dm_reach(s, 0, u, reach), 0);
    free(reach);
    s->turn = 0;
    s->p[1].out = 0;
    assert_int_equal(dm_done(s, 0, ev, &why), WB_OK);
    assert_int_equal(dm_done(s, 1, ev, &why), WB_OK);
    assert_int_equal(s->cell[war].owner, 0);
    assert_int_equal(s->p[0].u[u].war, 0);
    json_decref(ev);
    free(s);
}

/* "If a player suddenly has no Bases, the Units have no strength and
 * cannot move to conquer new spaces.  They can only move on the player's
 * own spaces." */
static void test_without_bases_units_move_only_on_own_spaces(void **state)
{
    (void)state;
    dm_state *s = scene(2);
    int a = sp(s, 6, 12), b = land_at(s, a, 1, -1);
    int u = put_unit(s, 0, a);
    s->cell[b].owner = 0;
    s->cell[b].cube = 1;
    assert_int_equal(dm_strength_at(s, 0, a), 0);
    int *reach = malloc(sizeof(int) * 253);
    assert_int_equal(dm_reach(s, 0, u, reach), 1);
    assert_int_equal(reach[b], 1);
    free(reach);
    free(s);
}

/* --- combat: the rulebook's examples, literally ----------------------------------- */

static void test_attack_losses_rule(void **state)
{
    (void)state;
    /* "3 Units ... 7 in strength each, and the defending player has 2
     * units with 8 in strength each.  The attacking player loses 2." */
    int three7[3] = {7, 7, 7};
    assert_int_equal(dm_attack_losses(three7, 3, 2 * 8), 2);
    /* "2 Units with 5 in strength attack a Base with 8 in strength, one
     * of the attacking Units are lost." */
    int two5[2] = {5, 5};
    assert_int_equal(dm_attack_losses(two5, 2, 8), 1);
    /* Only if stronger: a tie is no attack. */
    int two4[2] = {4, 4};
    assert_int_equal(dm_attack_losses(two4, 2, 8), -1);
    int one9[1] = {9};
    assert_int_equal(dm_attack_losses(one9, 1, 8), 0);
    /* The chapter's example: the red Unit has 7; "If yellow attacks with
     * the two Units [4 each, 8 together on its space], one of them will be
     * lost." */
    int two4y[2] = {4, 4};
    assert_int_equal(dm_attack_losses(two4y, 2, 7), 1);
}

static void test_three_sevens_against_two_eights(void **state)
{
    (void)state;
    dm_state *s = scene(2);
    /* The target: two defending units with 8 each (2 away from their
     * 10-base).  The attackers: three units with 7 each at the target
     * (their 8-base next to it). */
    int target = sp(s, 5, 11);
    int dbase = -1, abase = -1;
    for (int i = 0; i < 253 && dbase < 0; i++)
        if (dist(s, target, i) == 2 && !(s->board->sp[i].tags & DM_T_SEA))
            dbase = i;
    for (int i = 0; i < 253 && abase < 0; i++)
        if (dist(s, target, i) == 1 && dist(s, dbase, i) >= 2 &&
            !(s->board->sp[i].tags & DM_T_SEA))
            abase = i;
    assert_true(dbase >= 0 && abase >= 0);
    put_base(s, 1, dbase, 10);
    put_unit(s, 1, target);
    put_unit(s, 1, target);
    put_base(s, 0, abase, 8);
    int units[3];
    for (int i = 0; i < 3; i++)
        units[i] = put_unit(s, 0, abase);
    assert_int_equal(dm_strength_at(s, 0, target), 7);
    assert_int_equal(dm_strength_at(s, 1, target), 8);
    json_t *ev = evs();
    char *why = NULL;
    assert_int_equal(dm_attack(s, 0, target, units, 3, ev, &why), WB_OK);
    /* Loses two; the third stands on the conquered space and stops. */
    assert_int_equal(dm_units_on(s, 0, target), 1);
    assert_int_equal(dm_units_on(s, 1, target), 0);
    assert_int_equal(s->cell[target].owner, 0);
    int alive = 0;
    for (int k = 0; k < DM_UNITS; k++)
        alive += s->p[0].u[k].space >= 0;
    assert_int_equal(alive, 1);
    /* 1 VP per unit removed. */
    assert_int_equal(s->p[0].vp, 2);
    json_decref(ev);
    free(s);
}

static void test_two_fives_against_a_base_of_eight(void **state)
{
    (void)state;
    dm_state *s = scene(2);
    int target = sp(s, 5, 11);
    int abase = land_at(s, target, 1, -1);
    put_base(s, 1, target, 8);
    put_base(s, 0, abase, 6);
    int units[2] = {put_unit(s, 0, abase), put_unit(s, 0, abase)};
    assert_int_equal(dm_strength_at(s, 0, target), 5);
    json_t *ev = evs();
    char *why = NULL;
    /* One unit alone (5) is not stronger than 8: refused. */
    assert_int_equal(dm_attack(s, 0, target, units, 1, ev, &why), WB_EILLEGAL);
    free(why);
    why = NULL;
    assert_int_equal(dm_attack(s, 0, target, units, 2, ev, &why), WB_OK);
    assert_int_equal(dm_units_on(s, 0, target), 1);
    assert_int_equal(s->cell[target].base, 0);
    /* VP = the resources removed: a base of 8 gives 4. */
    assert_int_equal(s->p[0].vp, 4);
    /* The defender has nothing left: neutralized, the attacker overtakes. */
    assert_true(s->p[1].out);
    assert_int_equal(s->p[1].overtaker, 0);
    json_decref(ev);
    free(s);
}

static void test_attackers_must_stand_next_and_not_have_moved(void **state)
{
    (void)state;
    dm_state *s = scene(2);
    int target = sp(s, 5, 11);
    int abase = land_at(s, target, 2, -1);
    put_base(s, 1, target, 4);
    put_base(s, 0, abase, 10);
    int u = put_unit(s, 0, abase);
    json_t *ev = evs();
    char *why = NULL;
    assert_int_equal(dm_attack(s, 0, target, &u, 1, ev, &why), WB_EILLEGAL);
    assert_non_null(strstr(why, "next"));
    free(why);
    why = NULL;
    int step = -1;
    for (int i = 0; i < 253 && step < 0; i++)
        if (dist(s, abase, i) == 1 && dist(s, target, i) == 1 &&
            !(s->board->sp[i].tags & DM_T_SEA))
            step = i;
    assert_int_equal(dm_move(s, 0, u, step, 1, ev, &why), WB_OK);
    assert_int_equal(dm_attack(s, 0, target, &u, 1, ev, &why), WB_EILLEGAL);
    assert_non_null(strstr(why, "moved"));
    free(why);
    json_decref(ev);
    free(s);
}

/* --- markers ------------------------------------------------------------------------- */

static void test_markers_where_units_began(void **state)
{
    (void)state;
    dm_state *s = scene(2);
    int base = sp(s, 6, 12);
    put_base(s, 0, base, 8);
    int a = land_at(s, base, 1, -1);
    int b = land_at(s, a, 1, base), c = -1;
    for (int i = 0; i < 253; i++)
        if (dist(s, b, i) == 1 && dist(s, a, i) == 2 && !(s->board->sp[i].tags & DM_T_SEA))
            c = i;
    int u = put_unit(s, 0, a);
    json_t *ev = evs();
    char *why = NULL;
    int cubes = s->p[0].cubes;
    /* a -> b -> c in two moves: a cube on a (where it began), none on b. */
    assert_int_equal(dm_move(s, 0, u, b, 1, ev, &why), WB_OK);
    assert_int_equal(dm_move(s, 0, u, c, 1, ev, &why), WB_OK);
    assert_true(s->cell[a].cube);
    assert_int_equal(s->cell[a].owner, 0);
    assert_false(s->cell[b].cube);
    assert_int_equal(s->cell[b].owner, -1);
    assert_int_equal(s->p[0].cubes, cubes - 1);
    json_decref(ev);
    free(s);
}

static void test_unmarked_resource_space_loses_income(void **state)
{
    (void)state;
    dm_state *s = scene(2);
    int res = -1;
    for (int i = 0; i < 253 && res < 0; i++)
        if ((s->board->sp[i].tags & DM_T_RESOURCE) && s->board->sp[i].nation < 0)
            res = i;
    int base = land_at(s, res, 1, -1);
    put_base(s, 0, base, 6);
    int u = put_unit(s, 0, res);
    assert_int_equal(dm_income(s, 0), 3 + 1);
    int to = land_at(s, res, 1, base);
    json_t *ev = evs();
    char *why = NULL;
    /* Leaving without a cube ("mark": false): the income is lost. */
    assert_int_equal(dm_move(s, 0, u, to, 0, ev, &why), WB_OK);
    assert_int_equal(dm_income(s, 0), 3);
    assert_int_equal(s->cell[res].owner, -1);
    json_decref(ev);
    free(s);
}

static void test_out_of_cubes_keeps_nothing(void **state)
{
    (void)state;
    dm_state *s = scene(2);
    int base = sp(s, 6, 12), a = land_at(s, base, 1, -1), b = land_at(s, a, 1, base);
    put_base(s, 0, base, 8);
    int u = put_unit(s, 0, a);
    s->p[0].cubes = 0;
    json_t *ev = evs();
    char *why = NULL;
    assert_int_equal(dm_move(s, 0, u, b, 1, ev, &why), WB_OK);
    assert_int_equal(s->cell[a].owner, -1);
    json_decref(ev);
    free(s);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_strength_from_the_strongest_base_in_reach),
        cmocka_unit_test(test_movement_range_and_zero_strength),
        cmocka_unit_test(test_moving_into_cubed_space_conquers_and_stops),
        cmocka_unit_test(test_war_zone_takes_an_extra_round),
        cmocka_unit_test(test_without_bases_units_move_only_on_own_spaces),
        cmocka_unit_test(test_attack_losses_rule),
        cmocka_unit_test(test_three_sevens_against_two_eights),
        cmocka_unit_test(test_two_fives_against_a_base_of_eight),
        cmocka_unit_test(test_attackers_must_stand_next_and_not_have_moved),
        cmocka_unit_test(test_markers_where_units_began),
        cmocka_unit_test(test_unmarked_resource_space_loses_income),
        cmocka_unit_test(test_out_of_cubes_keeps_nothing),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
