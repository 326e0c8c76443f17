/*
 * dumb_state.c - World Dumbination: the common ground of the rules and the
 * cards.  Reading a state (strength, moves, income, who may act), and the
 * small changes both make (events, discards, the Ego and Popularity
 * tracks, VP, pieces on the board, elimination), and the final score.
 *
 * The bottom of the module's rules: dumb_round.c (the round), dumb_cards.c
 * (phases 3 and 4, the cards' effects) and dumb_board.c (movement, combat,
 * buying) call it; it calls none of them.
 */
#include <stdlib.h>
#include <string.h>

#include "dumb_int.h"
#include "game_def.h"
#include "wb_err.h"

const int dm_peace_value[DM_PEACE_SPOTS] = {4, 6, 8, 10};

const char *const dm_phase_names[DM_NPHASES] = {"first_goal", "draw", "plan", "auction",
                                                "move", "buy", "over", "bomb"};

void dm_ev_add(json_t *ev, json_t *e)
{
    if (ev && e)
        json_array_append_new(ev, e);
    else
        json_decref(e);
}

int dm_on_vacation(const dm_state *s, int seat)
{
    /* vacation 0 is "never": round 0 is the set-up before the first round */
    return s->round > 0 && s->p[seat].vacation == s->round;
}

int dm_seat_of_nation(const dm_state *s, int nation)
{
    for (int i = 0; i < s->nseats; i++)
        if (s->p[i].nation == nation)
            return i;
    /* 2 players: USA plays NATO with Turkey, Russia a coalition with
     * Venezuela. */
    if (s->nseats == 2 && nation == DM_TURKEY)
        return dm_seat_of_nation(s, DM_USA);
    if (s->nseats == 2 && nation == DM_VENEZUELA)
        return dm_seat_of_nation(s, DM_RUSSIA);
    return -1;
}

/* --- reading the state --------------------------------------------------- */

json_t *dm_space_json(const dm_state *s, int sp)
{
    char id[16];
    if (sp < 0)
        return json_null();
    dm_space_id(s->board, sp, id);
    return json_string(id);
}

static int project_active(const dm_state *s, int seat)
{
    return s->p[seat].sabotaged < s->round;
}

/* The sum of `op` over a seat's standing projects (and its First Goal's
 * lasting bonus), unless sabotaged. */
static int project_sum(const dm_state *s, int seat, int op)
{
    const dm_player *p = &s->p[seat];
    int sum = 0;
    for (int i = 0; i < p->nproj; i++) {
        const dm_card *c = dm_card_at(s, p->proj[i]);
        if (c->type == DM_GOAL ? 0 : !project_active(s, seat))
            continue;
        for (int k = 0; k < c->nsteps; k++)
            if (c->steps[k].op == op)
                sum += c->steps[k].n;
    }
    return sum;
}

int dm_strongest_base(const dm_state *s, int seat)
{
    int best = 0;
    for (int i = 0; i < dm_nspaces(s); i++)
        if (s->cell[i].owner == seat && s->cell[i].base > best)
            best = s->cell[i].base;
    return best;
}

/* A seat's bases: spaces and strengths; returns how many. */
int dm_bases_list(const dm_state *s, int seat, int *sp, int *st)
{
    int n = 0;
    for (int i = 0; i < dm_nspaces(s) && n < DM_MAX_SPACES; i++)
        if (s->cell[i].owner == seat && s->cell[i].base) {
            sp[n] = i;
            st[n++] = s->cell[i].base;
        }
    return n;
}

int dm_strength_from(const dm_state *s, int seat, const int *sp, const int *st, int n,
                         int bonus, int space)
{
    int best = 0;
    for (int i = 0; i < n; i++) {
        int v = st[i] - dm_dist(s, sp[i], space);
        best = v > best ? v : best;
    }
    (void)seat;
    return best > 0 ? best + bonus : 0;
}

int dm_strength_bonus(const dm_state *s, int seat)
{
    return s->p[seat].bonus_strength + project_sum(s, seat, DM_OP_STRENGTH);
}

int dm_strength_at(const dm_state *s, int seat, int space)
{
    int sp[DM_MAX_SPACES], st[DM_MAX_SPACES], n = dm_bases_list(s, seat, sp, st);
    int v = dm_strength_from(s, seat, sp, st, n, dm_strength_bonus(s, seat), space);
    return v < 0 ? 0 : v;
}

int dm_moves(const dm_state *s, int seat)
{
    int b = dm_strongest_base(s, seat);
    /* No base: units still move on their own spaces, as far as a 4-base
     * would let them (DUMBINATION.md). */
    int m = b ? b / 2 : 2;
    return m + s->p[seat].bonus_moves + project_sum(s, seat, DM_OP_MOVES);
}

int dm_units_on(const dm_state *s, int seat, int space)
{
    int n = 0;
    for (int k = 0; k < DM_UNITS; k++)
        n += s->p[seat].u[k].space == space;
    return n;
}

int dm_units_on_board(const dm_state *s, int seat)
{
    int n = 0;
    for (int k = 0; k < DM_UNITS; k++)
        n += s->p[seat].u[k].space >= 0;
    return n;
}

int dm_bases_of(const dm_state *s, int seat)
{
    int n = 0;
    for (int i = 0; i < dm_nspaces(s); i++)
        n += s->cell[i].owner == seat && s->cell[i].base > 0;
    return n;
}

/* Some other seat's units stand on `space`: -1 none, else the seat. */
int dm_units_owner(const dm_state *s, int space)
{
    for (int i = 0; i < s->nseats; i++)
        if (dm_units_on(s, i, space))
            return i;
    return -1;
}

int dm_income(const dm_state *s, int seat)
{
    int inc = 0;
    char here[DM_MAX_SPACES] = {0}; /* the seat's units stand there */
    for (int k = 0; k < DM_UNITS; k++)
        if (s->p[seat].u[k].space >= 0)
            here[s->p[seat].u[k].space] = 1;
    for (int i = 0; i < dm_nspaces(s); i++) {
        const dm_cell *c = &s->cell[i];
        if (c->owner != seat)
            continue;
        inc += c->base / 2;
        /* A resource space held: the seat's cube, base or units on it. */
        if ((s->board->sp[i].tags & DM_T_RESOURCE) && c->radio < 0 &&
            (c->cube || c->base || here[i]))
            inc++;
    }
    if (s->p[seat].pop >= 10)
        inc += 5;
    inc += project_sum(s, seat, DM_OP_INCOME);
    return inc;
}

int dm_hand_limit(const dm_state *s, int seat)
{
    return s->p[seat].hand_limit + project_sum(s, seat, DM_OP_HAND);
}

int dm_can_place_left(const dm_state *s, int seat)
{
    const dm_player *p = &s->p[seat];
    return !(p->ego == 2 || p->ego == 3 || p->pop == 2 || p->pop == 3);
}

static int in_office(const dm_state *s)
{
    int n = 0;
    for (int i = 0; i < s->nseats; i++)
        n += !s->p[i].out;
    return n;
}

/* --- piles --------------------------------------------------------------- */

void dm_to_discard(dm_state *s, int c)
{
    const dm_card *cd = dm_card_at(s, c);
    int lv = cd->level == 2 ? 1 : 0;
    if (cd->type == DM_GOAL) {
        s->where[c] = DM_IN_OUT;
        return;
    }
    s->disc[lv][s->ndisc[lv]++] = c;
    s->where[c] = lv ? DM_IN_DISCARD2 : DM_IN_DISCARD1;
}

/* --- tracks, VP, elimination --------------------------------------------- */

void dm_discard_slot(dm_state *s, int seat, int k, const char *why, json_t *ev)
{
    dm_player *p = &s->p[seat];
    int c = p->slot[k];
    if (c < 0)
        return;
    if (c == DM_GOAL_SLOT) {
        p->slot[k] = -1;
        return;
    }
    dm_ev_add(ev, json_pack("{s:s, s:i, s:s, s:s, s:s}", "type", "card_discarded", "seat", seat,
                            "slot", k ? "right" : "left", "card", dm_card_at(s, c)->id, "why",
                            why));
    dm_to_discard(s, c);
    p->slot[k] = -1;
    p->slot_done[k] = 1;
    p->slot_hold[k] = 0;
}

static void eliminate(dm_state *s, int seat, const char *why, json_t *ev)
{
    dm_player *p = &s->p[seat];
    if (p->out)
        return;
    p->out = 1;
    for (int k = 0; k < 2; k++)
        if (p->slot[k] != -1)
            dm_discard_slot(s, seat, k, "eliminated", ev);
    dm_ev_add(ev, json_pack("{s:s, s:i, s:s}", "type", "eliminated", "seat", seat, "why", why));
    /* Neutralized by an attack: the overtaker replaces the nation on
     * every placed target. */
    if (p->overtaker >= 0)
        for (int i = 0; i < s->nseats; i++) {
            int *t[2] = {&s->p[i].target, &s->p[i].prev_target};
            for (int j = 0; j < 2; j++)
                if (*t[j] == p->nation)
                    *t[j] = i == p->overtaker ? -1 : s->p[p->overtaker].nation;
        }
    if (in_office(s) < 2 && s->phase != DM_PH_OVER) {
        s->phase = DM_PH_OVER;
        dm_ev_add(ev, json_pack("{s:s, s:s}", "type", "game_over", "why",
                                "fewer than two leaders are left in office"));
    }
}

/* Move a track cube; 0 removes the player from office; at 2 or 3 no card
 * may lie on the left space (a card that has not acted is discarded). */
void dm_track(dm_state *s, int seat, int is_pop, int delta, json_t *ev)
{
    dm_player *p = &s->p[seat];
    int *v = is_pop ? &p->pop : &p->ego, old = *v;
    if (p->out || delta == 0)
        return;
    *v += delta;
    *v = *v < 0 ? 0 : *v > 10 ? 10 : *v;
    if (*v == old)
        return;
    dm_ev_add(ev, json_pack("{s:s, s:i, s:s, s:i, s:i}", "type", "track", "seat", seat, "track",
                            is_pop ? "popularity" : "ego", "from", old, "to", *v));
    if (*v == 0) {
        eliminate(s, seat, is_pop ? "Popularity fell to 0" : "Ego fell to 0", ev);
        return;
    }
    if ((*v == 2 || *v == 3) && p->slot[0] != -1 && !p->slot_done[0])
        dm_discard_slot(s, seat, 0, "the track cube moved onto the left card space", ev);
}

static void check_end_vp(dm_state *s, json_t *ev)
{
    if (s->last_round)
        return;
    for (int i = 0; i < s->nseats; i++)
        if (s->p[i].vp >= s->end_vp) {
            s->last_round = s->round + 1;
            dm_ev_add(ev, json_pack("{s:s, s:i, s:i}", "type", "final_round_next", "seat", i,
                                    "last_round", s->last_round));
            return;
        }
}

void dm_gain_vp(dm_state *s, int seat, int n, const char *why, json_t *ev)
{
    dm_player *p = &s->p[seat];
    if (n <= 0)
        return;
    p->vp += n;
    dm_ev_add(ev, json_pack("{s:s, s:i, s:i, s:i, s:s}", "type", "vp", "seat", seat, "gain", n,
                            "vp", p->vp, "why", why));
    if (p->vp >= 10 && !p->reached10) {
        p->reached10 = 1;
        dm_track(s, seat, 0, 1, ev);
    }
    check_end_vp(s, ev);
}

void dm_pay(dm_state *s, int seat, int n)
{
    s->p[seat].res -= n > s->p[seat].res ? s->p[seat].res : n;
}

/* --- the board: pieces --------------------------------------------------- */

void dm_cube_on(dm_state *s, int seat, int space)
{
    dm_cell *c = &s->cell[space];
    if (c->cube || s->p[seat].cubes == 0 || (s->board->sp[space].tags & DM_T_SEA))
        return;
    c->cube = 1;
    c->owner = seat;
    s->p[seat].cubes--;
}

/* The last piece of `seat` left `space`: mark it with a cube where units
 * began the round (if wanted and a cube is left), keep printed own spaces,
 * lose the rest. */
void dm_left_space(dm_state *s, int seat, int space, int began_here, int mark)
{
    dm_cell *c = &s->cell[space];
    if (c->owner != seat || c->base || dm_units_on(s, seat, space) || c->cube)
        return;
    if (began_here && mark)
        dm_cube_on(s, seat, space);
    if (!c->cube && dm_seat_of_nation(s, s->board->sp[space].nation) != seat)
        c->owner = -1;
}

/* Units and bases removed by a card (not a bomb): the loser cubes the
 * space, so it must still be conquered. */
void dm_lost_by_card(dm_state *s, int seat, int space)
{
    if (!dm_units_on(s, seat, space) && !s->cell[space].base) {
        dm_cube_on(s, seat, space);
        if (!s->cell[space].cube)
            s->cell[space].owner = -1;
    }
}

void dm_check_neutralized(dm_state *s, int seat, int by, json_t *ev)
{
    if (s->p[seat].out || dm_units_on_board(s, seat) || dm_bases_of(s, seat))
        return;
    s->p[seat].overtaker = by;
    eliminate(s, seat, "no Bases and no Units left: neutralized", ev);
}

/* The weakest unit of `seat` (strength where it stands), -1 none. */
int dm_weakest_unit(const dm_state *s, int seat)
{
    int best = -1, bs = 0;
    for (int k = 0; k < DM_UNITS; k++) {
        int sp = s->p[seat].u[k].space;
        if (sp < 0)
            continue;
        int st = dm_strength_at(s, seat, sp);
        if (best < 0 || st < bs)
            best = k, bs = st;
    }
    return best;
}

void dm_remove_unit(dm_state *s, int seat, int k)
{
    s->p[seat].u[k].space = -1;
    s->p[seat].u[k].war = 0;
    s->p[seat].u[k].stopped = 0;
    s->p[seat].u[k].steps = 0;
}

int dm_place_unit(dm_state *s, int seat, int space)
{
    for (int k = 0; k < DM_UNITS; k++)
        if (s->p[seat].u[k].space < 0) {
            dm_unit *u = &s->p[seat].u[k];
            memset(u, 0, sizeof *u);
            u->space = u->start = space;
            u->stopped = 1; /* new units wait for the next movement phase */
            return k;
        }
    return -1;
}

/* The strongest base of `seat` (its space), -1 none. */
int dm_strongest_base_space(const dm_state *s, int seat)
{
    int best = -1;
    for (int i = 0; i < dm_nspaces(s); i++)
        if (s->cell[i].owner == seat && s->cell[i].base &&
            (best < 0 || s->cell[i].base > s->cell[best].base))
            best = i;
    return best;
}

int dm_bomb_spaces(const dm_state *s, int seat, int *out)
{
    int n = 0;
    for (int i = 0; i < dm_nspaces(s); i++)
        if (s->cell[i].radio < 0 && (s->cell[i].owner == seat || dm_units_on(s, seat, i)))
            out[n++] = i;
    return n;
}

/* --- the round's common ground ---------------------------------------- */

void dm_phase_event(dm_state *s, json_t *ev)
{
    dm_ev_add(ev, json_pack("{s:s, s:s, s:i}", "type", "phase", "phase", dm_phase_names[s->phase],
                            "round", s->round));
}

void dm_to_act(const dm_state *s, int act[DM_MAX_SEATS])
{
    memset(act, 0, sizeof(int) * DM_MAX_SEATS);
    for (int i = 0; i < s->nseats; i++) {
        const dm_player *p = &s->p[i];
        switch (s->phase) {
        case DM_PH_GOAL: act[i] = !p->goal_picked; break;
        case DM_PH_DRAW: act[i] = !p->out && p->draw_left > 0; break;
        case DM_PH_PLAN: act[i] = !p->out && !p->ready; break;
        case DM_PH_AUCTION: act[i] = s->order[s->auc_turn] == i; break;
        case DM_PH_BOMB: act[i] = s->bomb_seat == i; break;
        case DM_PH_MOVE:
        case DM_PH_BUY: act[i] = s->turn < s->nseats && s->order[s->turn] == i; break;
        default: break;
        }
    }
}

int dm_phase_is(const dm_state *s, int seat, dm_phase ph, char **why)
{
    int act[DM_MAX_SEATS];
    if (s->phase == DM_PH_OVER)
        return game_refuse(why, WB_ENOTTURN, "the game is over");
    if (s->phase != ph) {
        *why = game_why("now is the %s phase, not the %s phase", dm_phase_names[s->phase],
                        dm_phase_names[ph]);
        return WB_ENOTTURN;
    }
    dm_to_act(s, act);
    if (seat < 0 || seat >= s->nseats || !act[seat])
        return game_refuse(why, WB_ENOTTURN, "it is not your turn");
    return WB_OK;
}

/* --- the end -------------------------------------------------------------------- */

int dm_score(const dm_state *s, int seat, int parts[5])
{
    int peace = 0, top = -1;
    for (int i = 0; i < DM_PEACE_SPOTS; i++)
        if (s->peace[i] >= 0)
            top = i;
    for (int i = 0; i < DM_PEACE_SPOTS; i++)
        if (s->peace[i] == seat)
            peace = dm_peace_value[top];
    int inc = dm_income(s, seat);
    parts[0] = s->p[seat].vp;
    parts[1] = dm_units_on_board(s, seat);
    parts[2] = inc > 24 ? 24 : inc;
    parts[3] = s->p[seat].pop;
    parts[4] = peace;
    return parts[0] + parts[1] + parts[2] + parts[3] + parts[4];
}

void dm_result(const dm_state *s, int score[], int win[])
{
    int parts[5], best = -1;
    for (int i = 0; i < s->nseats; i++) {
        score[i] = dm_score(s, i, parts);
        win[i] = 0;
        if (s->p[i].out)
            continue;
        if (best < 0 || score[i] > score[best] ||
            (score[i] == score[best] && s->p[i].ego > s->p[best].ego))
            best = i;
    }
    for (int i = 0; i < s->nseats && best >= 0; i++)
        win[i] = !s->p[i].out && score[i] == score[best] && s->p[i].ego == s->p[best].ego;
}
