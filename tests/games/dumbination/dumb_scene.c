/*
 * dumb_scene.c - World Dumbination's test scenes (tests/games/dumbination/).
 *
 * A real set-up cleared and arranged piece by piece through the module's
 * internal header, and rounds played on from it: shared by the rule tests
 * (the test_dumb_*.c programs).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "dumb_scene.h"
#include "wb_err.h"

dm_state *setup_n(int n, uint64_t seed)
{
    dm_state *s = NULL;
    char *why = NULL;
    if (dm_setup(n, 0, 15, 0, seed, &s, &why))
        fail_msg("setup %d: %s", n, why);
    return s;
}

int sp(const dm_state *s, int row, int col) { return row * s->board->width + col; }

/* A scene: the set-up of `n` players with every piece taken off the board
 * and every cube home, in the movement phase of round 3 in seat order. */
dm_state *scene(int n)
{
    dm_state *s = setup_n(n, 1);
    for (int i = 0; i < s->board->nspaces; i++) {
        s->cell[i].owner = -1;
        s->cell[i].cube = s->cell[i].base = 0;
        s->cell[i].radio = s->cell[i].dumb = -1;
    }
    for (int p = 0; p < n; p++) {
        s->p[p].cubes = DM_CUBES;
        s->p[p].goal_picked = s->p[p].goal_done = 1;
        for (int k = 0; k < DM_UNITS; k++)
            memset(&s->p[p].u[k], 0, sizeof(dm_unit)), s->p[p].u[k].space = -1;
        s->order[p] = p;
    }
    s->round = 3;
    s->phase = DM_PH_MOVE;
    s->turn = 0;
    return s;
}

void put_base(dm_state *s, int seat, int space, int strength)
{
    s->cell[space].owner = seat;
    s->cell[space].base = strength;
}

int put_unit(dm_state *s, int seat, int space)
{
    for (int k = 0; k < DM_UNITS; k++)
        if (s->p[seat].u[k].space < 0) {
            memset(&s->p[seat].u[k], 0, sizeof(dm_unit));
            s->p[seat].u[k].space = s->p[seat].u[k].start = space;
            if (s->cell[space].owner < 0)
                s->cell[space].owner = seat;
            return k;
        }
    fail_msg("no unit left");
    return -1;
}

int dist(const dm_state *s, int a, int b)
{
    return s->board->dist[(size_t)a * (size_t)s->board->nspaces + (size_t)b];
}


json_t *evs(void) { return json_array(); }


/* A land space at exactly distance d from `from` (not `not`), -1 none. */
int land_at(const dm_state *s, int from, int d, int not)
{
    for (int i = 0; i < s->board->nspaces; i++)
        if (dist(s, from, i) == d && i != not && !(s->board->sp[i].tags & (DM_T_SEA | DM_T_WAR)) &&
            s->board->sp[i].nation < 0)
            return i;
    return -1;
}


/* Play one round of the plan with the given cards: each seat's left card
 * (-1 none) and target; everyone else none. */
void plan_round(dm_state *s, const int *left, const int *target, json_t *ev)
{
    char *why = NULL;
    for (int i = 0; i < s->nseats; i++) {
        if (s->p[i].out)
            continue;
        if (left[i] >= 0) {
            s->p[i].hand[s->p[i].nhand++] = left[i];
            s->where[left[i]] = DM_IN_HAND;
            if (dm_place(s, i, 0, left[i], 0, 0, ev, &why))
                fail_msg("place: %s", why);
        }
        if (dm_set_target(s, i, target[i], ev, &why) || dm_ready(s, i, 0, 0, ev, &why))
            fail_msg("target/ready: %s", why);
    }
}

/* A scene in the plan phase (no Dumbness cards around). */
dm_state *plan_scene(int n)
{
    dm_state *s = scene(n);
    for (int i = 0; i < n; i++) {
        s->p[i].nhand = 0;
        s->p[i].ego = s->p[i].pop = 6;
        s->p[i].res = 20;
        int st = s->board->start[s->p[i].nation];
        put_base(s, i, st, 4);
        put_unit(s, i, st);
    }
    s->phase = DM_PH_PLAN;
    return s;
}

int find(const dm_state *s, const char *id) { return dm_card_find(s->deck, id); }


int event_index(const json_t *ev, const char *type, int seat)
{
    size_t i;
    json_t *e;
    json_array_foreach(ev, i, e)
        if (strcmp(json_string_value(json_object_get(e, "type")), type) == 0 &&
            (seat < 0 || json_integer_value(json_object_get(e, "seat")) == seat))
            return (int)i;
    return -1;
}


/* Play the state on to the next round (or the end): Level 1 draws,
 * targets (the next seat's nation) and ready, auctions passed, done in
 * movement and buying. */
void play_out_round(dm_state *s, json_t *ev)
{
    int round = s->round;
    char *why = NULL;
    for (int guard = 0; guard < 200 && s->round == round && s->phase != DM_PH_OVER; guard++) {
        int act[DM_MAX_SEATS], rc = WB_OK;
        dm_to_act(s, act);
        for (int i = 0; i < s->nseats && rc == WB_OK; i++) {
            if (!act[i])
                continue;
            if (s->phase == DM_PH_DRAW)
                rc = dm_draw(s, i, 1, ev, &why);
            else if (s->phase == DM_PH_PLAN) {
                int t = s->p[(i + 1) % s->nseats].nation;
                if (s->p[i].target < 0)
                    rc = dm_set_target(s, i, t, ev, &why);
                if (rc == WB_OK)
                    rc = dm_ready(s, i, 0, 0, ev, &why);
            } else if (s->phase == DM_PH_AUCTION)
                rc = dm_bid(s, i, 0, ev, &why);
            else
                rc = dm_done(s, i, ev, &why);
            break;
        }
        if (rc)
            fail_msg("play_out_round: %s", why);
    }
}

