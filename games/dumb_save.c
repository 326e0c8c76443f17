/*
 * dumb_save.c - a World Dumbination match as JSON and back.
 *
 * The state is plain ints, so one table per struct names each member,
 * where it lives and the range it may hold; save walks the tables, load
 * walks them again and refuses anything out of range.  Every index the
 * rules follow (cards, spaces, seats) is range-checked here, so a state
 * load() accepts can be played without reading out of bounds.  The board
 * and decks are the built-in ones (custom ones are not taken yet); the
 * saved "format" names the version of this layout.
 */
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "dumb_int.h"
#include "game.h"
#include "wb_err.h"

#define FORMAT 1

/* Upper bounds that depend on the match. */
enum { HI_CARD = -1, HI_SPACE = -2, HI_SEAT = -3, HI_NONE = -4 };

typedef struct field {
    const char *name;
    size_t off;
    int count; /* ints in a row; 0: count given by `count_field` */
    int lo, hi;
} field;

#define S(f, lo, hi) {#f, offsetof(dm_state, f), 1, lo, hi}
#define A(f, n, lo, hi) {#f, offsetof(dm_state, f), n, lo, hi}
static const field state_fields[] = {
    S(short_game, 0, 1), S(end_vp, 1, 1000), S(max_rounds, 0, 10000),
    S(phase, 0, DM_NPHASES - 1), S(round, 0, 100000), S(turn, 0, DM_MAX_SEATS),
    S(last_round, 0, 100001), S(peace_over, 0, 1), S(auc_card, -1, HI_CARD),
    S(auc_high, 0, 100000), S(auc_bidder, -1, HI_SEAT), S(auc_turn, 0, DM_MAX_SEATS - 1),
    A(npile, 2, 0, DM_MAX_CARDS), A(ndisc, 2, 0, DM_MAX_CARDS),
    A(peace, DM_PEACE_SPOTS, -1, HI_SEAT), A(auc_passed, DM_MAX_SEATS, 0, 1),
    A(order, DM_MAX_SEATS, 0, HI_SEAT),
};
#undef S
#undef A

#define P(f, lo, hi) {#f, offsetof(dm_player, f), 1, lo, hi}
#define PA(f, n, lo, hi) {#f, offsetof(dm_player, f), n, lo, hi}
static const field player_fields[] = {
    P(nation, 0, DM_NATIONS - 1), P(out, 0, 1), P(ego, 0, 10), P(pop, 0, 10),
    P(vp, 0, 100000), P(res, 0, 1000000), P(cubes, 0, DM_CUBES), P(hand_limit, 0, DM_HAND_MAX),
    P(nhand, 0, DM_HAND_MAX), PA(hand, DM_HAND_MAX, -1, HI_CARD), P(goal, -1, HI_CARD),
    P(goal_done, 0, 1), P(goal_picked, 0, 1), PA(slot, 2, DM_GOAL_SLOT, HI_CARD),
    PA(slot_alt, 2, 0, 1), P(slot_corrupt, 0, 1), PA(slot_hold, 2, 0, 5),
    PA(slot_done, 2, 0, 1), P(target, -1, DM_PEACE), P(prev_target, -1, DM_PEACE),
    P(ready, 0, 1), P(draw_left, 0, DM_HAND_MAX), P(nproj, 0, DM_PROJ_MAX),
    PA(proj, DM_PROJ_MAX, -1, HI_CARD), P(sabotaged, 0, 100001), P(vacation, 0, 100000),
    P(bonus_strength, -50, 50), P(bonus_moves, -50, 50), P(reached10, 0, 1),
    P(bought_unit, 0, 1), PA(radio, DM_RADIO, -1, HI_SPACE), P(nradio, 0, DM_RADIO),
    P(overtaker, -1, HI_SEAT), P(disarmed_round, 0, 100000),
};
#undef P
#undef PA

#define U(f, lo, hi) {#f, offsetof(dm_unit, f), 1, lo, hi}
static const field unit_fields[] = {
    U(space, -1, HI_SPACE), U(start, -1, HI_SPACE), U(steps, 0, 100), U(stopped, 0, 1),
    U(war, 0, 100000),
};
#undef U

#define C(f, lo, hi) {#f, offsetof(dm_cell, f), 1, lo, hi}
static const field cell_fields[] = {
    C(owner, -1, HI_SEAT), C(cube, 0, 1), C(base, 0, 10), C(stepped, 0, 100000),
    C(radio, -1, HI_SEAT), C(dumb, -1, HI_CARD), C(dumb_up, 0, 1), C(dumb_round, 0, 100000),
};
#undef C

#define N(a) ((int)(sizeof a / sizeof a[0]))

static int *at(void *base, size_t off) { return (int *)(void *)((char *)base + off); }
static const int *cat(const void *base, size_t off)
{
    return (const int *)(const void *)((const char *)base + off);
}

static json_t *ints(const int *v, int n)
{
    json_t *a = json_array();
    for (int i = 0; i < n; i++)
        json_array_append_new(a, json_integer(v[i]));
    return a;
}

static void put_fields(json_t *o, const field *f, int nf, const void *base)
{
    for (int i = 0; i < nf; i++)
        json_object_set_new(o, f[i].name, f[i].count == 1 ? json_integer(*cat(base, f[i].off))
                                                           : ints(cat(base, f[i].off), f[i].count));
}

json_t *dm_save(const dm_state *s)
{
    char hex[65];
    json_t *o = json_object(), *players = json_array(), *cells = json_object();
    rng_save(&s->r, hex);
    json_object_set_new(o, "format", json_integer(FORMAT));
    json_object_set_new(o, "rng", json_string(hex));
    json_object_set_new(o, "nseats", json_integer(s->nseats));
    put_fields(o, state_fields, N(state_fields), s);
    json_object_set_new(o, "where", ints(s->where, s->deck->ncards));
    for (int lv = 0; lv < 2; lv++) {
        json_object_set_new(o, lv ? "pile2" : "pile1", ints(s->pile[lv], s->npile[lv]));
        json_object_set_new(o, lv ? "discard2" : "discard1", ints(s->disc[lv], s->ndisc[lv]));
    }
    for (int i = 0; i < s->nseats; i++) {
        json_t *p = json_object(), *units = json_array();
        put_fields(p, player_fields, N(player_fields), &s->p[i]);
        for (int k = 0; k < DM_UNITS; k++) {
            json_t *u = json_object();
            put_fields(u, unit_fields, N(unit_fields), &s->p[i].u[k]);
            json_array_append_new(units, u);
        }
        json_object_set_new(p, "units", units);
        json_array_append_new(players, p);
    }
    json_object_set_new(o, "players", players);
    /* The cells column by column: a few short arrays, not 253 objects. */
    for (int f = 0; f < N(cell_fields); f++) {
        json_t *a = json_array();
        for (int i = 0; i < s->board->nspaces; i++)
            json_array_append_new(a, json_integer(*cat(&s->cell[i], cell_fields[f].off)));
        json_object_set_new(cells, cell_fields[f].name, a);
    }
    json_object_set_new(o, "cells", cells);
    return o;
}

static int hi_of(const dm_state *s, int hi)
{
    switch (hi) {
    case HI_CARD: return s->deck->ncards - 1;
    case HI_SPACE: return s->board->nspaces - 1;
    case HI_SEAT: return s->nseats - 1;
    default: return hi;
    }
}

static int get_int(const dm_state *s, const json_t *v, int lo, int hi, int *out)
{
    if (!json_is_integer(v) || json_integer_value(v) < lo ||
        json_integer_value(v) > hi_of(s, hi))
        return -1;
    *out = (int)json_integer_value(v);
    return 0;
}

static int get_ints(const dm_state *s, const json_t *a, int n, int lo, int hi, int *out)
{
    if (!json_is_array(a) || (int)json_array_size(a) != n)
        return -1;
    for (int i = 0; i < n; i++)
        if (get_int(s, json_array_get(a, (size_t)i), lo, hi, &out[i]))
            return -1;
    return 0;
}

static const char *get_fields(const dm_state *s, const json_t *o, const field *f, int nf,
                              void *base)
{
    for (int i = 0; i < nf; i++) {
        json_t *v = json_object_get(o, f[i].name);
        int bad = f[i].count == 1 ? get_int(s, v, f[i].lo, f[i].hi, at(base, f[i].off))
                                  : get_ints(s, v, f[i].count, f[i].lo, f[i].hi, at(base, f[i].off));
        if (bad)
            return f[i].name;
    }
    return NULL;
}

int dm_load(const json_t *saved, dm_state **out, char **why)
{
    dm_state *s = calloc(1, sizeof *s);
    const char *bad = NULL;
    json_t *players = json_object_get(saved, "players"), *cells = json_object_get(saved, "cells");
    if (!s)
        abort();
    *out = NULL;
    s->board = dm_board_default(why);
    s->deck = dm_deck_default(why);
    if (!s->board || !s->deck) {
        free(s);
        return WB_EDATA;
    }
    if (json_integer_value(json_object_get(saved, "format")) != FORMAT) {
        bad = "format";
        goto fail;
    }
    if (rng_load(&s->r, json_string_value(json_object_get(saved, "rng")) ?
                 json_string_value(json_object_get(saved, "rng")) : "")) {
        bad = "rng";
        goto fail;
    }
    if (get_int(s, json_object_get(saved, "nseats"), DM_MIN_SEATS, DM_MAX_SEATS, &s->nseats)) {
        bad = "nseats";
        goto fail;
    }
    if ((bad = get_fields(s, saved, state_fields, N(state_fields), s)))
        goto fail;
    if (get_ints(s, json_object_get(saved, "where"), s->deck->ncards, DM_IN_BOX, DM_IN_OUT,
                 s->where)) {
        bad = "where";
        goto fail;
    }
    for (int lv = 0; lv < 2; lv++) {
        if (get_ints(s, json_object_get(saved, lv ? "pile2" : "pile1"), s->npile[lv], 0,
                     HI_CARD, s->pile[lv]) ||
            get_ints(s, json_object_get(saved, lv ? "discard2" : "discard1"), s->ndisc[lv], 0,
                     HI_CARD, s->disc[lv])) {
            bad = "piles";
            goto fail;
        }
    }
    if (!json_is_array(players) || (int)json_array_size(players) != s->nseats) {
        bad = "players";
        goto fail;
    }
    for (int i = 0; i < s->nseats; i++) {
        json_t *p = json_array_get(players, (size_t)i), *units = json_object_get(p, "units");
        if ((bad = get_fields(s, p, player_fields, N(player_fields), &s->p[i])))
            goto fail;
        if (!json_is_array(units) || json_array_size(units) != DM_UNITS) {
            bad = "units";
            goto fail;
        }
        for (int k = 0; k < DM_UNITS; k++)
            if ((bad = get_fields(s, json_array_get(units, (size_t)k), unit_fields,
                                  N(unit_fields), &s->p[i].u[k])))
                goto fail;
        for (int k = 0; k < s->p[i].nhand; k++)
            if (s->p[i].hand[k] < 0) {
                bad = "hand";
                goto fail;
            }
        for (int k = 0; k < s->p[i].nproj; k++)
            if (s->p[i].proj[k] < 0) {
                bad = "proj";
                goto fail;
            }
        for (int k = 0; k < s->p[i].nradio; k++)
            if (s->p[i].radio[k] < 0) {
                bad = "radio";
                goto fail;
            }
    }
    for (int f = 0; f < N(cell_fields); f++) {
        json_t *a = json_object_get(cells, cell_fields[f].name);
        if (!json_is_array(a) || (int)json_array_size(a) != s->board->nspaces) {
            bad = "cells";
            goto fail;
        }
        for (int i = 0; i < s->board->nspaces; i++)
            if (get_int(s, json_array_get(a, (size_t)i), cell_fields[f].lo, cell_fields[f].hi,
                        at(&s->cell[i], cell_fields[f].off))) {
                bad = cell_fields[f].name;
                goto fail;
            }
    }
    for (int i = 0; i < s->nseats; i++)
        if (s->order[i] >= s->nseats) {
            bad = "order";
            goto fail;
        }
    if ((s->phase == DM_PH_AUCTION) != (s->auc_card >= 0)) {
        bad = "auc_card";
        goto fail;
    }
    *out = s;
    return WB_OK;
fail:
    *why = game_why("not a saved World Dumbination match: bad \"%s\"", bad);
    free(s);
    return WB_EINVAL;
}
