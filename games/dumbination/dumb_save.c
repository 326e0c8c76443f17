/*
 * dumb_save.c - a World Dumbination match described for the framework's
 * state codec (game_json.h): the same function saves and loads.
 *
 * The state is plain ints, so one table per struct names each member,
 * where it lives and the range it may hold; dm_io walks the tables with
 * game_io_int / game_io_ints.  Every index the rules follow (cards,
 * spaces, seats) is range-checked, so a state the codec accepts can be
 * played without reading out of bounds.  A custom board and decks are
 * saved as the texts they came from and parsed again on load; the
 * framework stores and checks the format version.
 */
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "dumb_int.h"
#include "game.h"
#include "wb_err.h"

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
    /* format 2 */
    S(rq_n, 0, 2 * DM_MAX_SEATS), S(rq_at, 0, 2 * DM_MAX_SEATS),
    A(rq_seat, 2 * DM_MAX_SEATS, 0, HI_SEAT), A(rq_slot, 2 * DM_MAX_SEATS, 0, 1),
    S(bomb_seat, -1, HI_SEAT), S(bomb_target, -1, HI_SEAT), S(bomb_card, -1, HI_CARD),
    S(bomb_next, 0, DM_MAX_STEPS), S(bomb_alt, 0, 1),
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
    /* format 3 */
    P(target_up, 0, 1),
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

static int hi_of(const dm_state *s, int hi)
{
    switch (hi) {
    case HI_CARD: return s->deck->ncards - 1;
    case HI_SPACE: return s->board->nspaces - 1;
    case HI_SEAT: return s->nseats - 1;
    default: return hi;
    }
}

static void fields(game_io *io, const dm_state *s, const field *f, int nf, void *base)
{
    for (int i = 0; i < nf; i++) {
        int hi = hi_of(s, f[i].hi);
        if (f[i].count == 1)
            game_io_int(io, f[i].name, at(base, f[i].off), f[i].lo, hi);
        else
            game_io_ints(io, f[i].name, at(base, f[i].off), (size_t)f[i].count, f[i].lo, hi);
    }
}

/* A pile as an array of its cards; loading sets its length. */
static void pile(game_io *io, const dm_state *s, const char *key, int *v, int *n)
{
    *n = (int)game_io_array(io, key, (size_t)*n, 0, DM_MAX_CARDS);
    for (int i = 0; i < *n; i++)
        game_io_int(io, NULL, &v[i], 0, hi_of(s, HI_CARD));
    game_io_end(io);
}

void dm_io(game_io *io, void *st)
{
    dm_state *s = st;
    /* A custom board and decks first: the ranges below depend on them. */
    game_io_str(io, "board", &s->board_text);
    game_io_str(io, "cards", &s->cards_text);
    if (game_io_loading(io)) {
        char *b = s->board_text, *c = s->cards_text, *why = NULL;
        s->board_text = s->cards_text = NULL;
        if (dm_custom(s, b, c, &why))
            game_io_fail(io, "board or cards");
        free(why);
        free(b);
        free(c);
        if (!s->board)
            s->board = dm_board_default(NULL);
        if (!s->deck)
            s->deck = dm_deck_default(NULL);
        for (int i = 0; i < DM_MAX_SPACES; i++)
            s->cell[i].owner = s->cell[i].radio = s->cell[i].dumb = -1;
    }
    game_io_rng(io, "rng", &s->r);
    game_io_int(io, "nseats", &s->nseats, DM_MIN_SEATS, DM_MAX_SEATS);
    fields(io, s, state_fields, N(state_fields), s);
    game_io_ints(io, "where", s->where, (size_t)s->deck->ncards, DM_IN_BOX, DM_IN_OUT);
    game_io_ints(io, "used", s->used, (size_t)s->deck->ncards, 0, 1);
    pile(io, s, "pile1", s->pile[0], &s->npile[0]);
    pile(io, s, "pile2", s->pile[1], &s->npile[1]);
    pile(io, s, "discard1", s->disc[0], &s->ndisc[0]);
    pile(io, s, "discard2", s->disc[1], &s->ndisc[1]);
    size_t n = game_io_array(io, "players", (size_t)s->nseats, (size_t)s->nseats,
                             (size_t)s->nseats);
    for (size_t i = 0; i < n; i++) {
        dm_player *p = &s->p[i];
        game_io_object(io, NULL);
        fields(io, s, player_fields, N(player_fields), p);
        game_io_array(io, "units", DM_UNITS, DM_UNITS, DM_UNITS);
        for (int k = 0; k < DM_UNITS; k++) {
            game_io_object(io, NULL);
            fields(io, s, unit_fields, N(unit_fields), &p->u[k]);
            game_io_end(io);
        }
        game_io_end(io);
        game_io_end(io);
        if (game_io_loading(io)) {
            for (int k = 0; k < p->nhand; k++)
                if (p->hand[k] < 0)
                    game_io_fail(io, "hand");
            for (int k = 0; k < p->nproj; k++)
                if (p->proj[k] < 0)
                    game_io_fail(io, "proj");
            for (int k = 0; k < p->nradio; k++)
                if (p->radio[k] < 0)
                    game_io_fail(io, "radio");
        }
    }
    game_io_end(io);
    /* The cells that differ from an empty space, each as [space, owner,
     * cube, base, ...] in cell_fields order: a few dozen short arrays, not
     * 253 objects. */
    int used[DM_MAX_SPACES], nused = 0;
    for (int i = 0; !game_io_loading(io) && i < s->board->nspaces; i++) {
        const dm_cell *c = &s->cell[i];
        if (c->owner >= 0 || c->cube || c->base || c->stepped || c->radio >= 0 ||
            c->dumb >= 0 || c->dumb_up || c->dumb_round)
            used[nused++] = i;
    }
    size_t m = game_io_array(io, "cells", (size_t)nused, 0, (size_t)s->board->nspaces);
    for (size_t k = 0, prev = 0; k < m; k++) {
        int sp = game_io_loading(io) ? 0 : used[k];
        game_io_array(io, NULL, N(cell_fields) + 1, N(cell_fields) + 1, N(cell_fields) + 1);
        game_io_int(io, NULL, &sp, 0, s->board->nspaces - 1);
        if (game_io_loading(io) && k > 0 && (size_t)sp <= prev)
            game_io_fail(io, "cells (in space order)");
        prev = (size_t)sp;
        for (int f = 0; f < N(cell_fields); f++)
            game_io_int(io, NULL, at(&s->cell[sp], cell_fields[f].off), cell_fields[f].lo,
                        hi_of(s, cell_fields[f].hi));
        game_io_end(io);
    }
    game_io_end(io);
    if (game_io_loading(io)) {
        for (int i = 0; i < s->nseats; i++)
            if (s->order[i] >= s->nseats)
                game_io_fail(io, "order");
        if ((s->phase == DM_PH_AUCTION) != (s->auc_card >= 0))
            game_io_fail(io, "auc_card");
        if ((s->phase == DM_PH_BOMB) != (s->bomb_seat >= 0) ||
            (s->bomb_seat >= 0) != (s->bomb_target >= 0 && s->bomb_card >= 0) ||
            s->rq_at > s->rq_n)
            game_io_fail(io, "bomb");
    }
}

int dm_upgrade_save(json_t *saved, int from)
{
    if ((from != 1 && from != 2) || !json_is_array(json_object_get(saved, "where")) ||
        !json_is_array(json_object_get(saved, "players")))
        return WB_EINVAL;
    /* Format 2 (before a target no card used stayed face down): a target
     * was face up from the flip to the end of the round, as it stays. */
    int phase = (int)json_integer_value(json_object_get(saved, "phase"));
    int up = phase == DM_PH_MOVE || phase == DM_PH_BUY || phase == DM_PH_OVER ||
             phase == DM_PH_BOMB;
    size_t k;
    json_t *p;
    json_array_foreach(json_object_get(saved, "players"), k, p) {
        if (!json_is_object(p))
            return WB_EINVAL;
        json_object_set_new(p, "target_up", json_integer(up));
    }
    if (from == 2)
        return WB_OK;
    /* Format 1 (before the bomb's space was the player's choice): no
     * resolution queue, no bomb waiting, no card fired yet on record. */
    json_t *zeros = json_array(), *used = json_array();
    for (int i = 0; i < 2 * DM_MAX_SEATS; i++)
        json_array_append_new(zeros, json_integer(0));
    for (size_t i = 0; i < json_array_size(json_object_get(saved, "where")); i++)
        json_array_append_new(used, json_integer(0));
    json_object_set_new(saved, "rq_n", json_integer(0));
    json_object_set_new(saved, "rq_at", json_integer(0));
    json_object_set(saved, "rq_seat", zeros);
    json_object_set_new(saved, "rq_slot", zeros);
    json_object_set_new(saved, "bomb_seat", json_integer(-1));
    json_object_set_new(saved, "bomb_target", json_integer(-1));
    json_object_set_new(saved, "bomb_card", json_integer(-1));
    json_object_set_new(saved, "bomb_next", json_integer(0));
    json_object_set_new(saved, "bomb_alt", json_integer(0));
    json_object_set_new(saved, "used", used);
    return WB_OK;
}
