/*
 * dumb_cards.c - World Dumbination's cards in play: phase 3 (the Dumbness
 * cards on the board, their auctions) and phase 4 (flip, fund, reorder the
 * player order, resolve from the lowest number up), and the interpreter of
 * the cards' effect steps (DM_OP_*), the Nuclear Bomb and the peace track.
 *
 * The round is dumb_round.c's: it calls the phases here, and runs on
 * (dm_advance) after the steps a seat takes here (a bid, a bomb's space);
 * the board, the tracks and the pieces are dumb_state.c's, which this file
 * calls.  It calls nothing above it.
 */
#include <stdlib.h>
#include <string.h>

#include "dumb_int.h"
#include "game_def.h"
#include "wb_err.h"

/* --- phase 3: Dumbness cards ---------------------------------------------- */

static int alien_in_play(const dm_state *s)
{
    for (int i = 0; i < s->nseats; i++)
        for (int k = 0; k < s->p[i].nproj; k++)
            if (dm_card_at(s, s->p[i].proj[k])->link &&
                dm_card_at(s, s->p[i].proj[k])->type != DM_DUMBNESS)
                return 1;
    return 0;
}

static void run_steps(dm_state *s, int seat, int c, const dm_step *st, int n, json_t *ev);

/* Resolve the Dumbness card on `space`; returns 1 when an auction opened. */
static int resolve_dumbness(dm_state *s, int space, json_t *ev)
{
    dm_cell *cl = &s->cell[space];
    int c = cl->dumb;
    const dm_card *cd = dm_card_at(s, c);
    char id[16];
    dm_space_id(s->board, space, id);
    cl->dumb_round = s->round;
    dm_ev_add(ev, json_pack("{s:s, s:s, s:s, s:s}", "type", "dumbness_revealed", "space", id,
                            "card", cd->id, "name", cd->name));
    cl->dumb_up = 1;
    if (cd->nsteps && cd->steps[0].op == DM_OP_AUCTION) {
        s->auc_card = c;
        s->auc_high = 0;
        s->auc_bidder = -1;
        s->auc_turn = 0;
        memset(s->auc_passed, 0, sizeof s->auc_passed);
        for (int i = 0; i < s->nseats; i++)
            s->auc_passed[i] = s->p[i].out;
        while (s->auc_turn < s->nseats && s->auc_passed[s->order[s->auc_turn]])
            s->auc_turn++;
        if (s->auc_turn == s->nseats) { /* nobody left to bid */
            s->auc_card = -1;
            return 0;
        }
        s->phase = DM_PH_AUCTION;
        dm_phase_event(s, ev);
        return 1;
    }
    if (cd->nsteps && cd->steps[0].op == DM_OP_ALIEN_SHIP && !alien_in_play(s))
        return 0; /* not completed: it waits on the board for Jimi */
    for (int i = 0; i < s->nseats; i++)
        if (!s->p[i].out)
            run_steps(s, i, c, cd->steps, cd->nsteps, ev);
    cl->dumb = -1;
    dm_to_discard(s, c);
    return 0;
}

/* Reveal and resolve every Dumbness card on the board not yet dealt with
 * this round, in board order; stops at an auction (1). */
int dm_dumbness_phase(dm_state *s, json_t *ev)
{
    for (int i = 0; i < dm_nspaces(s); i++)
        if (s->cell[i].dumb >= 0 && s->cell[i].dumb_round != s->round)
            if (resolve_dumbness(s, i, ev) || s->phase == DM_PH_OVER)
                return 1;
    return 0;
}

/* May `seat` still raise?  Not when out, passed, or the high bidder. */
static int may_bid(const dm_state *s, int seat)
{
    return !s->auc_passed[seat] && seat != s->auc_bidder;
}

/* The auction ends when every seat but the high bidder has passed (or
 * everyone passed without a bid: the card stays on the board).  Else the
 * turn goes to the next seat in player order that may raise. */
static void auction_step(dm_state *s, json_t *ev)
{
    int left = 0;
    for (int i = 0; i < s->nseats; i++)
        left += may_bid(s, i);
    if (left > 0) {
        do
            s->auc_turn = (s->auc_turn + 1) % s->nseats;
        while (!may_bid(s, s->order[s->auc_turn]));
        return;
    }
    int c = s->auc_card;
    const dm_card *cd = dm_card_at(s, c);
    int space = -1;
    for (int i = 0; i < dm_nspaces(s); i++)
        if (s->cell[i].dumb == c)
            space = i;
    s->auc_card = -1;
    s->phase = DM_PH_PLAN; /* back to the Dumbness phase of this round */
    if (s->auc_bidder < 0) {
        dm_ev_add(ev, json_pack("{s:s, s:s, s:n}", "type", "auction_end", "card", cd->id,
                                "winner"));
        return;
    }
    int w = s->auc_bidder;
    dm_pay(s, w, s->auc_high);
    s->cell[space].dumb = -1;
    s->p[w].proj[s->p[w].nproj++] = c;
    s->where[c] = DM_IN_PROJECT;
    dm_ev_add(ev, json_pack("{s:s, s:s, s:i, s:i}", "type", "auction_end", "card", cd->id,
                            "winner", w, "paid", s->auc_high));
    dm_gain_vp(s, w, cd->vp, cd->name, ev);
    run_steps(s, w, c, cd->steps + 1, cd->nsteps - 1, ev);
}

int dm_bid_check(const dm_state *s, int seat, int amount, char **why)
{
    int least = s->auc_high ? s->auc_high + 1 : dm_card_at(s, s->auc_card)->cost;
    if (amount < least || amount > s->p[seat].res)
        return game_refuse(why, WB_EILLEGAL, "a bid is at least %d and at most your %d resources",
                           least, s->p[seat].res);
    return WB_OK;
}

int dm_auction_bid(dm_state *s, int seat, int amount, json_t *ev, char **why)
{
    int rc;
    if (s->phase != DM_PH_AUCTION || s->order[s->auc_turn] != seat)
        return game_refuse(why, WB_ENOTTURN, "it is not your turn to bid");
    if (amount > 0) {
        if ((rc = dm_bid_check(s, seat, amount, why)))
            return rc;
        s->auc_high = amount;
        s->auc_bidder = seat;
        dm_ev_add(ev, json_pack("{s:s, s:i, s:i}", "type", "bid", "seat", seat, "amount", amount));
    } else {
        s->auc_passed[seat] = 1;
        dm_ev_add(ev, json_pack("{s:s, s:i}", "type", "bid_pass", "seat", seat));
    }
    auction_step(s, ev);
    return WB_OK;
}

/* --- phase 4: flip, fund, resolve ----------------------------------------- */

static int meets_needs(const dm_state *s, int seat, const dm_card *c)
{
    const dm_player *p = &s->p[seat];
    if (p->ego < c->need_ego || p->pop < c->need_pop || dm_strongest_base(s, seat) < c->need_base)
        return 0;
    if (c->need_flag) {
        int ok = 0;
        for (int i = 0; i < dm_nspaces(s); i++)
            if ((s->board->sp[i].tags & c->need_flag) && s->cell[i].owner == seat)
                ok = 1;
        if (!ok)
            return 0;
    }
    if (c->need_most_pop)
        for (int i = 0; i < s->nseats; i++)
            if (i != seat && !s->p[i].out && s->p[i].pop >= p->pop)
                return 0;
    return 1;
}

/* The card in a slot (the First Goal for DM_GOAL_SLOT). */
static int slot_card(const dm_state *s, int seat, int k)
{
    int c = s->p[seat].slot[k];
    return c == DM_GOAL_SLOT ? s->p[seat].goal : c;
}

static int is_bomb(const dm_state *s, int c)
{
    return dm_card_at(s, c)->nsteps && dm_card_at(s, c)->steps[0].op == DM_OP_NUKE;
}

/* Does a card of `seat` flipped now use its Target token?  "Flip the
 * Target token when using these cards (except in a 2 player game)": a
 * brown card does; in a 2-player game, where brown cards hit the opponent
 * whatever the token, only a Nuclear Bomb does (the peace token disarms
 * it).  Any other token stays face down. */
static int uses_target(const dm_state *s, int seat)
{
    const dm_player *p = &s->p[seat];
    for (int k = 0; k < 2; k++) {
        if (p->slot[k] == -1 || p->slot_hold[k])
            continue;
        int c = slot_card(s, seat, k);
        if (s->nseats == 2 ? is_bomb(s, c) : dm_card_at(s, c)->type == DM_BROWN)
            return 1;
    }
    return 0;
}

static int is_disarm(const dm_state *s, int seat, int c)
{
    return is_bomb(s, c) && s->p[seat].target == DM_PEACE;
}

/* What funding the card in slot k costs, and whether the needs are met. */
static int slot_price(const dm_state *s, int seat, int k, int *ok)
{
    int c = slot_card(s, seat, k);
    const dm_card *cd = dm_card_at(s, c);
    *ok = 1;
    if (is_disarm(s, seat, c)) { /* the peace track sets the price */
        int spot = 0;
        while (spot < DM_PEACE_SPOTS && s->peace[spot] >= 0)
            spot++;
        /* A cube for the spot; a used bomb cannot be disarmed. */
        *ok = spot < DM_PEACE_SPOTS && s->p[seat].cubes > 0 && !s->used[c];
        return spot < DM_PEACE_SPOTS ? dm_peace_value[spot] : 0;
    }
    if (s->p[seat].slot[k] == DM_GOAL_SLOT && s->p[seat].slot_corrupt)
        return cd->corrupt;
    *ok = meets_needs(s, seat, cd);
    return cd->cost;
}

/* An unfundable card: discarded with a fine of 1 resource. */
static void unfunded(dm_state *s, int seat, int k, json_t *ev)
{
    dm_pay(s, seat, 1);
    dm_ev_add(ev, json_pack("{s:s, s:i, s:s}", "type", "unfunded", "seat", seat, "slot",
                            k ? "right" : "left"));
    if (s->p[seat].slot[k] == DM_GOAL_SLOT) {
        s->p[seat].slot[k] = -1; /* the goal stays face down for later */
        s->p[seat].slot_done[k] = 1;
    } else {
        dm_discard_slot(s, seat, k, "could not be funded", ev);
    }
}

static void disarm(dm_state *s, int seat, int k, json_t *ev)
{
    dm_player *p = &s->p[seat];
    int c = p->slot[k], spot = 0, other = p->slot[1 - k];
    while (spot < DM_PEACE_SPOTS && s->peace[spot] >= 0)
        spot++;
    /* Two in a round: only the last is paid. */
    int later = other >= 0 && !p->slot_done[1 - k] && is_disarm(s, seat, slot_card(s, seat, 1 - k));
    if (!later)
        dm_pay(s, seat, dm_peace_value[spot]);
    s->peace[spot] = seat;
    p->cubes--;
    s->where[c] = DM_IN_PEACE;
    p->slot[k] = -1;
    p->slot_done[k] = 1;
    dm_ev_add(ev, json_pack("{s:s, s:i, s:i, s:i, s:b}", "type", "disarmed", "seat", seat, "spot",
                            spot + 1, "value", dm_peace_value[spot], "paid", !later));
    dm_track(s, seat, 1, 1, ev);
    if (spot == DM_PEACE_SPOTS - 1) {
        s->peace_over = 1;
        s->phase = DM_PH_OVER;
        dm_ev_add(ev, json_pack("{s:s, s:s}", "type", "game_over", "why",
                                "world peace: the fourth spot of the peace track is filled"));
    }
}

/* The bomb of `seat` on space `sp` of the targeted seat `t`. */
static void nuke(dm_state *s, int seat, int t, int sp, json_t *ev)
{
    dm_cell *c = &s->cell[sp];
    int units = 0, base = c->owner == t ? c->base : 0;
    for (int k = 0; k < DM_UNITS; k++)
        if (s->p[t].u[k].space == sp) {
            dm_remove_unit(s, t, k);
            units++;
        }
    if (c->cube && c->owner >= 0)
        s->p[c->owner].cubes++;
    c->cube = 0;
    c->base = 0;
    c->owner = -1;
    dm_player *lp = &s->p[t];
    if (lp->nradio == DM_RADIO) { /* the oldest token moves: that space is back, but lost */
        s->cell[lp->radio[0]].radio = -1;
        memmove(lp->radio, lp->radio + 1, sizeof(int) * (DM_RADIO - 1));
        lp->nradio--;
    }
    lp->radio[lp->nradio++] = sp;
    c->radio = t;
    char id[16];
    dm_space_id(s->board, sp, id);
    dm_ev_add(ev, json_pack("{s:s, s:i, s:i, s:s, s:i, s:i}", "type", "nuked", "seat", seat,
                            "target", t, "space", id, "units", units, "base", base));
    dm_gain_vp(s, seat, units + base / 2, "Nuclear Bomb", ev);
    dm_check_neutralized(s, t, seat, ev);
}

/* The seat a card of `seat` targets now, -1 none.  In a 2-player game
 * brown cards hit the opponent without the target token ("Flip the
 * Target token when using these cards (except in a 2 player game)"): the
 * token there is the peace token or not, for the bombs. */
static int target_seat(const dm_state *s, int seat)
{
    int tg = s->p[seat].target;
    int t = tg >= 0 && tg < DM_NATIONS ? dm_seat_of_nation(s, tg) : -1;
    if (s->nseats == 2)
        t = 1 - seat;
    return t == seat || (t >= 0 && s->p[t].out) ? -1 : t;
}

static void run_steps(dm_state *s, int seat, int c, const dm_step *st, int n, json_t *ev)
{
    dm_player *p = &s->p[seat];
    const dm_card *cd = dm_card_at(s, c);
    int blue = cd->type == DM_BLUE || cd->type == DM_GOAL || cd->type == DM_DUMBNESS;
    int t = target_seat(s, seat);
    for (int i = 0; i < n && !p->out && s->phase != DM_PH_OVER; i++) {
        int v = st[i].n;
        switch (st[i].op) {
        case DM_OP_EGO: dm_track(s, seat, 0, v, ev); break;
        case DM_OP_POP: dm_track(s, seat, 1, v, ev); break;
        case DM_OP_VP: dm_gain_vp(s, seat, v, cd->name, ev); break;
        case DM_OP_RES:
            if (v > 0)
                p->res += v;
            else
                dm_pay(s, seat, -v);
            break;
        case DM_OP_STRENGTH:
            if (!blue)
                p->bonus_strength += v;
            break;
        case DM_OP_MOVES:
            if (!blue)
                p->bonus_moves += v;
            break;
        case DM_OP_UNITS: {
            int b = dm_strongest_base_space(s, seat);
            for (int k = 0; k < v && b >= 0; k++)
                if (dm_place_unit(s, seat, b) >= 0)
                    dm_ev_add(ev, json_pack("{s:s, s:i}", "type", "free_unit", "seat", seat));
            break;
        }
        case DM_OP_UPGRADE: {
            int best = -1;
            for (int sp = 0; sp < dm_nspaces(s); sp++)
                if (s->cell[sp].owner == seat && s->cell[sp].base && s->cell[sp].base < 10 &&
                    s->cell[sp].stepped != s->round &&
                    (best < 0 || s->cell[sp].base < s->cell[best].base))
                    best = sp;
            if (best >= 0) {
                s->cell[best].base += 2;
                s->cell[best].stepped = s->round;
                dm_ev_add(ev, json_pack("{s:s, s:i, s:i}", "type", "free_upgrade", "seat", seat,
                                        "base", s->cell[best].base));
            }
            break;
        }
        case DM_OP_HAND:
        case DM_OP_INCOME:
            break; /* lasting: read from the projects */
        case DM_OP_VACATION:
            p->vacation = s->round;
            while (p->nhand)
                dm_to_discard(s, p->hand[--p->nhand]);
            dm_ev_add(ev, json_pack("{s:s, s:i}", "type", "vacation", "seat", seat));
            break;
        case DM_OP_T_EGO:
            if (t >= 0)
                dm_track(s, t, 0, v, ev);
            break;
        case DM_OP_T_POP:
            if (t >= 0)
                dm_track(s, t, 1, v, ev);
            break;
        case DM_OP_T_RES:
            if (t >= 0)
                dm_pay(s, t, v < 0 ? -v : v);
            break;
        case DM_OP_STEAL:
            if (t >= 0) {
                int x = v > s->p[t].res ? s->p[t].res : v;
                s->p[t].res -= x;
                p->res += x;
            }
            break;
        case DM_OP_T_UNITS:
            for (int k = 0; t >= 0 && k < v; k++) {
                int u = dm_weakest_unit(s, t);
                if (u < 0)
                    break;
                int sp = s->p[t].u[u].space;
                dm_remove_unit(s, t, u);
                dm_lost_by_card(s, t, sp);
                dm_gain_vp(s, seat, 1, cd->name, ev);
            }
            if (t >= 0)
                dm_check_neutralized(s, t, seat, ev);
            break;
        case DM_OP_T_BASE: {
            int sp = t >= 0 ? dm_strongest_base_space(s, t) : -1;
            if (sp < 0)
                break;
            int old = s->cell[sp].base, now = old - 2 * v;
            if (now < 4)
                now = 0;
            s->cell[sp].base = now;
            if (!now)
                dm_lost_by_card(s, t, sp);
            dm_gain_vp(s, seat, (old - now) / 2, cd->name, ev);
            dm_check_neutralized(s, t, seat, ev);
            break;
        }
        case DM_OP_T_PROJECT:
            for (int k = t >= 0 ? s->p[t].nproj - 1 : -1; k >= 0; k--) {
                int pc = s->p[t].proj[k];
                if (dm_card_at(s, pc)->type != DM_BLUE)
                    continue; /* First Goals and owned Dumbness cannot be attacked */
                memmove(&s->p[t].proj[k], &s->p[t].proj[k + 1],
                        sizeof(int) * (size_t)(s->p[t].nproj - k - 1));
                s->p[t].nproj--;
                dm_to_discard(s, pc);
                dm_ev_add(ev, json_pack("{s:s, s:i, s:s}", "type", "project_removed", "seat", t,
                                        "card", dm_card_at(s, pc)->id));
                break;
            }
            break;
        case DM_OP_T_SABOTAGE:
            if (t >= 0) {
                s->p[t].sabotaged = s->round + 1;
                dm_ev_add(ev, json_pack("{s:s, s:i, s:i}", "type", "sabotaged", "seat", t,
                                        "until_round", s->round + 1));
            }
            break;
        case DM_OP_T_CARD:
            for (int k = 0; t >= 0 && k < 2; k++)
                if (s->p[t].slot[k] >= 0 && !s->p[t].slot_done[k] &&
                    s->p[t].slot[k] != DM_GOAL_SLOT) {
                    dm_discard_slot(s, t, k, cd->name, ev);
                    break;
                }
            break;
        case DM_OP_NUKE: {
            /* Fired: the player chooses the space (a pending decision);
             * the card's other steps wait for the choice. */
            int sp[DM_MAX_SPACES];
            s->used[c] = 1;
            if (t < 0 || dm_bomb_spaces(s, t, sp) == 0)
                break;
            s->bomb_seat = seat;
            s->bomb_target = t;
            s->bomb_card = c;
            s->bomb_next = i + 1;
            s->bomb_alt = st == cd->alt;
            s->phase = DM_PH_BOMB;
            dm_ev_add(ev, json_pack("{s:s, s:i, s:i}", "type", "bomb_fired", "seat", seat,
                                    "target", t));
            return;
        }
        case DM_OP_ALL_EGO: dm_track(s, seat, 0, v, ev); break;
        case DM_OP_ALL_POP: dm_track(s, seat, 1, v, ev); break;
        case DM_OP_ALL_RES: dm_pay(s, seat, v < 0 ? -v : v); break;
        case DM_OP_ALL_UNITS:
            for (int k = 0; k < v; k++) {
                int u = dm_weakest_unit(s, seat);
                if (u < 0)
                    break;
                int sp = p->u[u].space;
                dm_remove_unit(s, seat, u);
                dm_lost_by_card(s, seat, sp);
            }
            break;
        case DM_OP_ALIEN_SHIP:
            for (int k = p->nproj - 1; k >= 0; k--)
                if (dm_card_at(s, p->proj[k])->link && dm_card_at(s, p->proj[k])->type == DM_BLUE) {
                    s->where[p->proj[k]] = DM_IN_OUT;
                    dm_ev_add(ev, json_pack("{s:s, s:i, s:s}", "type", "left_with_the_aliens",
                                            "seat", seat, "card", dm_card_at(s, p->proj[k])->id));
                    memmove(&p->proj[k], &p->proj[k + 1], sizeof(int) * (size_t)(p->nproj - k - 1));
                    p->nproj--;
                }
            break;
        default:
            break;
        }
    }
}

/* Resolve the card in slot k of `seat`: pay, act, and put it where it
 * goes (projects beside the leaderboard, goals done, bombs held). */
static void resolve_slot(dm_state *s, int seat, int k, json_t *ev)
{
    dm_player *p = &s->p[seat];
    int c = slot_card(s, seat, k), ok;
    const dm_card *cd = dm_card_at(s, c);
    int price = slot_price(s, seat, k, &ok);
    if (!ok || price > p->res) {
        unfunded(s, seat, k, ev);
        return;
    }
    /* On vacation: nothing but projects this round. */
    if (dm_on_vacation(s, seat) && cd->type != DM_BLUE && cd->type != DM_GOAL &&
        cd->steps[0].op != DM_OP_VACATION) {
        dm_discard_slot(s, seat, k, "on vacation", ev);
        return;
    }
    if (is_disarm(s, seat, c)) {
        disarm(s, seat, k, ev);
        return;
    }
    dm_pay(s, seat, price);
    dm_ev_add(ev, json_pack("{s:s, s:i, s:s, s:s, s:i}", "type", "card_played", "seat", seat,
                            "slot", k ? "right" : "left", "card", cd->id, "paid", price));
    p->slot_done[k] = 1;
    int t = target_seat(s, seat);
    if (cd->type == DM_BROWN && t >= 0 && dm_on_vacation(s, t))
        dm_track(s, seat, 1, -1, ev); /* attacking a vacationer costs Popularity */
    if (cd->type == DM_GOAL) {
        p->goal_done = 1;
        p->slot[k] = -1;
        p->proj[p->nproj++] = c;
        s->where[c] = DM_IN_PROJECT;
        dm_gain_vp(s, seat, cd->vp, cd->name, ev);
        run_steps(s, seat, c, cd->steps, cd->nsteps, ev);
        return;
    }
    if (cd->type == DM_BLUE) {
        p->slot[k] = -1;
        p->proj[p->nproj++] = c;
        s->where[c] = DM_IN_PROJECT;
        dm_gain_vp(s, seat, cd->vp, cd->name, ev);
    }
    if (cd->rounds)
        p->slot_hold[k] = cd->rounds;
    if (p->slot_alt[k] && cd->nalt)
        run_steps(s, seat, c, cd->alt, cd->nalt, ev);
    else
        run_steps(s, seat, c, cd->steps, cd->nsteps, ev);
}

int dm_resolve_rest(dm_state *s, json_t *ev)
{
    while (s->rq_at < s->rq_n && s->phase != DM_PH_OVER) {
        int seat = s->rq_seat[s->rq_at], k = s->rq_slot[s->rq_at];
        const dm_player *p = &s->p[seat];
        s->rq_at++;
        if (p->out || p->slot[k] == -1 || p->slot_done[k])
            continue; /* discarded meanwhile */
        resolve_slot(s, seat, k, ev);
        if (s->bomb_seat >= 0)
            return 1;
    }
    s->rq_n = s->rq_at = 0;
    return 0;
}

int dm_bomb_check(const dm_state *s, int seat, int space, char **why)
{
    int sp[DM_MAX_SPACES], n = s->phase == DM_PH_BOMB ? dm_bomb_spaces(s, s->bomb_target, sp) : 0;
    if (s->phase != DM_PH_BOMB || seat != s->bomb_seat)
        return game_refuse(why, WB_ENOTTURN, "no bomb of yours waits for its space");
    for (int i = 0; i < n; i++)
        if (sp[i] == space)
            return WB_OK;
    return game_refuse(why, WB_EILLEGAL, "the bomb hits a space the targeted nation holds or has "
                                         "units on, not a radioactive one");
}

int dm_bomb_hit(dm_state *s, int seat, int space, json_t *ev, char **why)
{
    int rc = dm_bomb_check(s, seat, space, why);
    if (rc)
        return rc;
    const dm_card *cd = dm_card_at(s, s->bomb_card);
    int c = s->bomb_card, next = s->bomb_next;
    const dm_step *st = s->bomb_alt ? cd->alt : cd->steps;
    int n = s->bomb_alt ? cd->nalt : cd->nsteps;
    s->bomb_seat = s->bomb_card = -1;
    nuke(s, seat, s->bomb_target, space, ev);
    s->bomb_target = -1;
    if (s->phase != DM_PH_OVER && next < n)
        run_steps(s, seat, c, st + next, n - next, ev);
    return WB_OK;
}

int dm_flip_and_resolve(dm_state *s, json_t *ev)
{
    int low[DM_MAX_SEATS], n = 0;
    /* A funded card: its number, the seat, the slot, and its place in
     * the resolution (the number, but a 2-player disarmament goes first). */
    struct play {
        int pri, seat, slot, key;
    } q[2 * DM_MAX_SEATS];
    /* Flip: the cards are public from here, and the targets that a card
     * uses (the others stay face down). */
    for (int i = 0; i < s->nseats; i++) {
        dm_player *p = &s->p[i];
        p->target_up = p->target >= 0 && uses_target(s, i);
        json_t *cards = json_array();
        for (int k = 0; k < 2; k++)
            json_array_append_new(cards, p->slot[k] != -1 && !p->slot_hold[k]
                                             ? json_string(dm_card_at(s, slot_card(s, i, k))->id)
                                             : json_null());
        if (p->out) {
            json_decref(cards);
            continue;
        }
        json_t *e = json_pack("{s:s, s:i, s:o}", "type", "flipped", "seat", i, "cards", cards);
        if (p->target_up)
            json_object_set_new(e, "target", json_string(dm_nation_names[p->target]));
        dm_ev_add(ev, e);
    }
    /* Fund: a card the player cannot pay for (or whose needs are not met)
     * is discarded with a fine; its number does not count for the order.
     * A player's cards are checked from the lower number up. */
    for (int i = 0; i < s->nseats; i++) {
        dm_player *p = &s->p[i];
        int ks[2], nk = 0, spent = 0;
        low[i] = 1000;
        for (int k = 0; k < 2 && !p->out; k++)
            if (p->slot[k] != -1 && !p->slot_done[k]) /* a card or the First Goal */
                ks[nk++] = k;
        if (nk == 2 && dm_card_at(s, slot_card(s, i, ks[1]))->priority <
                           dm_card_at(s, slot_card(s, i, ks[0]))->priority) {
            ks[0] = 1;
            ks[1] = 0;
        }
        for (int j = 0; j < nk; j++) {
            int k = ks[j], ok, price = slot_price(s, i, k, &ok);
            if (!ok || spent + price > p->res) {
                unfunded(s, i, k, ev);
                continue;
            }
            spent += price;
            q[n].pri = dm_card_at(s, slot_card(s, i, k))->priority;
            q[n].seat = i;
            q[n].slot = k;
            /* "In a 2 player game flip the Peace Target Token first to do a
             * nuclear disarmament!" */
            q[n].key = s->nseats == 2 && is_disarm(s, i, slot_card(s, i, k)) ? -1 : q[n].pri;
            if (q[n].pri < low[i])
                low[i] = q[n].pri;
            n++;
        }
    }
    /* Reorder the player order track: lowest funded number first; players
     * without cards keep their previous order, after them. */
    /* (A stable insertion sort keeps the previous order among equals.) */
    for (int a = 1; a < s->nseats; a++)
        for (int b = a; b > 0; b--) {
            int x = s->order[b - 1], y = s->order[b];
            int lx = s->p[x].out ? 2000 : low[x], ly = s->p[y].out ? 2000 : low[y];
            if (ly < lx) {
                s->order[b - 1] = y;
                s->order[b] = x;
            }
        }
    json_t *ord = json_array();
    for (int a = 0; a < s->nseats; a++)
        json_array_append_new(ord, json_integer(s->order[a]));
    dm_ev_add(ev, json_pack("{s:s, s:o}", "type", "player_order", "order", ord));
    /* Resolve from the lowest number up, across players (ties: order; a
     * 2-player disarmament first). */
    int rank[DM_MAX_SEATS];
    for (int a = 0; a < s->nseats; a++)
        rank[s->order[a]] = a;
    for (int a = 1; a < n; a++)
        for (int b = a; b > 0; b--) {
            int sw = q[b].key < q[b - 1].key ||
                     (q[b].key == q[b - 1].key && rank[q[b].seat] < rank[q[b - 1].seat]);
            if (!sw)
                break;
            struct play tmp = q[b];
            q[b] = q[b - 1];
            q[b - 1] = tmp;
        }
    for (int a = 0; a < n; a++) {
        s->rq_seat[a] = q[a].seat;
        s->rq_slot[a] = q[a].slot;
    }
    s->rq_n = n;
    s->rq_at = 0;
    return dm_resolve_rest(s, ev);
}
