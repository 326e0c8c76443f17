/*
 * dumb_rules.c - the World Dumbination rulebook as plain C: the set-up,
 * the round, and the action table that drives them.
 *
 * Set-up for 2 to 5 players, the card piles, the seven phases of a round
 * and the steps of phases 1 and 2 (the First Goal pick, drawing, the plan)
 * and the end of a turn.  Cards are data (dumb_data.c); phases 3 and 4
 * and the cards' steps are dumb_cards.c's, movement, combat and buying
 * dumb_board.c's, and what all of them share dumb_state.c's: this file
 * calls them, none calls it.  Every step function checks before it changes
 * anything where it can, but callers (the framework, the tests) apply to a
 * copy of the state anyway, so a refusal after a change is still
 * all-or-nothing.
 *
 * The phases that need nobody's decision run by themselves (dm_advance()):
 * drawing Level 1 cards, revealing Dumbness cards, flipping, funding and
 * resolving the placed cards, income and the end of a round.  Players act
 * in the first-goal pick, the draw of a player past their First Goal
 * (which level), the plan (cards and target, all at once and secret), a
 * Dumbness auction (in player order), movement and buying (in player
 * order).  games/dumbination/DUMBINATION.md says how each open point was decided.
 *
 * The action table (at the end) declares every action once: who may send
 * it (any seat, the seat whose turn it is in phases 5 and 6, the bidder a
 * Dumbness auction waits for), the phase it belongs to, its members with
 * the values that make sense now (domains), a check that never changes
 * anything and an apply; its hooks only read action bodies and call the
 * steps.  The framework validates bodies, answers "not now" and "not
 * you", lists the legal actions from the same table, and applies on a
 * copy (all-or-nothing).
 */
#include <stdlib.h>
#include <string.h>

#include "dumb_int.h"
#include "game_def.h"
#include "wb_err.h"
#include "wb_mem.h"

/* Start positions of the Ego and Popularity cubes (the text leaves them
 * to the printed leaderboards): see DUMBINATION.md. */
static const int start_ego[DM_NATIONS] = {7, 7, 8, 5, 6};
static const int start_pop[DM_NATIONS] = {5, 4, 4, 6, 5};
/* The first round's player order: North Korea, Russia, USA, Turkey, Venezuela. */
static const int first_order[DM_NATIONS] = {DM_NKOREA, DM_RUSSIA, DM_USA, DM_TURKEY,
                                            DM_VENEZUELA};

int dm_nations_for(int n, int nations[DM_MAX_SEATS])
{
    static const int t2[] = {DM_USA, DM_RUSSIA}, t3[] = {DM_USA, DM_RUSSIA, DM_NKOREA},
                     t4[] = {DM_USA, DM_RUSSIA, DM_VENEZUELA, DM_TURKEY},
                     t5[] = {DM_USA, DM_RUSSIA, DM_NKOREA, DM_VENEZUELA, DM_TURKEY};
    const int *t = n == 2 ? t2 : n == 3 ? t3 : n == 4 ? t4 : n == 5 ? t5 : NULL;
    if (!t)
        return -1;
    memcpy(nations, t, sizeof(int) * (size_t)n);
    return 0;
}

/* The top card of pile `lv` (0 or 1), reshuffling its discards when it is
 * empty; -1 when both are empty. */
static int pop_pile(dm_state *s, int lv, json_t *ev)
{
    if (s->npile[lv] == 0 && s->ndisc[lv] > 0) {
        memcpy(s->pile[lv], s->disc[lv], sizeof(int) * (size_t)s->ndisc[lv]);
        s->npile[lv] = s->ndisc[lv];
        s->ndisc[lv] = 0;
        rng_shuffle(&s->r, s->pile[lv], (size_t)s->npile[lv], sizeof(int));
        for (int i = 0; i < s->npile[lv]; i++)
            s->where[s->pile[lv][i]] = lv ? DM_IN_PILE2 : DM_IN_PILE1;
        dm_ev_add(ev, json_pack("{s:s, s:i, s:i}", "type", "reshuffled", "level", lv + 1,
                                "cards", s->npile[lv]));
    }
    if (s->npile[lv] == 0)
        return -1;
    return s->pile[lv][--s->npile[lv]];
}

/* A Dumbness card drawn goes face down on a free Dumbness spot (then on
 * any free sea space), in board order. */
static void lay_dumbness(dm_state *s, int c, json_t *ev)
{
    int spot = -1;
    for (int pass = 0; pass < 2 && spot < 0; pass++)
        for (int i = 0; i < dm_nspaces(s) && spot < 0; i++) {
            int t = s->board->sp[i].tags;
            if (s->cell[i].dumb < 0 && (t & DM_T_SEA) && (pass || (t & DM_T_DUMB)) &&
                s->cell[i].radio < 0 && dm_units_owner(s, i) < 0)
                spot = i;
        }
    if (spot < 0) { /* no free sea left: the card is discarded */
        dm_to_discard(s, c);
        return;
    }
    s->cell[spot].dumb = c;
    s->cell[spot].dumb_up = 0;
    s->cell[spot].dumb_round = 0;
    s->where[c] = DM_IN_BOARD;
    char id[16];
    dm_space_id(s->board, spot, id);
    dm_ev_add(ev, json_pack("{s:s, s:s}", "type", "dumbness_laid", "space", id));
}

/* Draw one card for `seat` from level `lv` (0, 1): Dumbness cards go onto
 * the board and another is drawn. */
static void draw_one(dm_state *s, int seat, int lv, json_t *ev)
{
    for (;;) {
        int c = pop_pile(s, lv, ev);
        if (c < 0)
            return;
        if (dm_card_at(s, c)->type == DM_DUMBNESS) {
            lay_dumbness(s, c, ev);
            continue;
        }
        dm_player *p = &s->p[seat];
        p->hand[p->nhand++] = c;
        s->where[c] = DM_IN_HAND;
        dm_ev_add(ev, json_pack("{s:s, s:i, s:i, s:s, s:[i]}", "type", "drew", "seat", seat,
                                "level", lv + 1, "card", dm_card_at(s, c)->id, "private_to", seat));
        return;
    }
}

static void hand_remove(dm_player *p, int c)
{
    for (int i = 0; i < p->nhand; i++)
        if (p->hand[i] == c) {
            memmove(&p->hand[i], &p->hand[i + 1], sizeof(int) * (size_t)(p->nhand - i - 1));
            p->nhand--;
            return;
        }
}

static int in_hand(const dm_player *p, int c)
{
    for (int i = 0; i < p->nhand; i++)
        if (p->hand[i] == c)
            return 1;
    return 0;
}

/* --- set-up -------------------------------------------------------------- */

static void start_round(dm_state *s, json_t *ev);
static void dm_advance(dm_state *s, json_t *ev);

int dm_setup(int nseats, int short_game, int end_vp, int max_rounds, uint64_t seed,
             dm_state **out, char **why)
{
    dm_state *s = calloc(1, sizeof *s);
    if (!s)
        abort();
    int rc = dm_init(s, nseats, short_game, end_vp, max_rounds, seed, why);
    if (rc) {
        free(s);
        s = NULL;
    }
    *out = s;
    return rc;
}

int dm_init(dm_state *s, int nseats, int short_game, int end_vp, int max_rounds,
            uint64_t seed, char **why)
{
    int nations[DM_MAX_SEATS];
    const dm_board *b = s->board ? s->board : dm_board_default(why);
    const dm_deck *d = s->deck ? s->deck : dm_deck_default(why);
    if (!b || !d)
        return WB_EDATA;
    if (dm_nations_for(nseats, nations)) {
        *why = game_why("World Dumbination is for 2 to 5 players");
        return WB_EINVAL;
    }
    int level[2] = {0, 0}, ndumb = 0;
    for (int c = 0; c < d->ncards; c++) {
        if (d->c[c].type == DM_DUMBNESS)
            ndumb++;
        else if (d->c[c].type != DM_GOAL)
            level[d->c[c].level == 2]++;
    }
    if (level[0] < 5 * nseats + 1 || level[1] < 1) {
        *why = game_why("the decks need more than 5 Level 1 cards a player (%d for %d "
                        "players) and a Level 2 card", 5 * nseats + 1, nseats);
        return WB_EINVAL;
    }
    s->board = b;
    s->deck = d;
    s->nseats = nseats;
    s->short_game = short_game;
    s->end_vp = end_vp;
    s->max_rounds = max_rounds;
    rng_seed(&s->r, seed);
    s->auc_card = -1;
    s->bomb_seat = s->bomb_target = s->bomb_card = -1;
    for (int i = 0; i < DM_PEACE_SPOTS; i++)
        s->peace[i] = -1;
    for (int i = 0; i < DM_MAX_SPACES; i++) {
        s->cell[i].owner = s->cell[i].radio = s->cell[i].dumb = -1;
    }
    for (int i = 0; i < nseats; i++) {
        dm_player *p = &s->p[i];
        p->nation = nations[i];
        p->ego = start_ego[p->nation];
        p->pop = start_pop[p->nation];
        p->vp = short_game ? 5 : 0;
        p->res = short_game ? 15 : 10;
        p->cubes = DM_CUBES;
        p->hand_limit = 5;
        p->goal = -1;
        p->slot[0] = p->slot[1] = -1;
        p->target = p->prev_target = -1;
        p->overtaker = -1;
        for (int k = 0; k < DM_UNITS; k++)
            p->u[k].space = -1;
    }
    /* The printed spaces of the nations in play; USA and Russia cube their
     * resource spaces; a 4-base on each start space with 2 units (1 each
     * on the two bases of a 2-player game). */
    for (int i = 0; i < b->nspaces; i++) {
        int seat = b->sp[i].nation >= 0 ? dm_seat_of_nation(s, b->sp[i].nation) : -1;
        if (seat < 0)
            continue;
        s->cell[i].owner = seat;
        if (b->sp[i].tags & DM_T_CUBED)
            dm_cube_on(s, seat, i);
        if (b->sp[i].tags & DM_T_START) {
            s->cell[i].base = 4;
            for (int k = 0; k < (nseats == 2 ? 1 : 2); k++)
                dm_place_unit(s, seat, i);
        }
    }
    for (int i = 0; i < nseats; i++)
        for (int k = 0; k < DM_UNITS; k++)
            s->p[i].u[k].stopped = 0;
    /* The cards: Level 1 and 2 piles shuffled, five Level 1 cards each,
     * then the Dumbness cards shuffled into each pile. */
    int dumb[DM_MAX_CARDS];
    ndumb = 0;
    for (int c = 0; c < d->ncards; c++) {
        const dm_card *cd = &d->c[c];
        s->where[c] = DM_IN_BOX;
        if (cd->type == DM_DUMBNESS)
            dumb[ndumb++] = c;
        else if (cd->type == DM_GOAL) {
            int seat = -1;
            for (int i = 0; i < nseats; i++)
                if (s->p[i].nation == cd->nation)
                    seat = i;
            if (seat >= 0 && !short_game)
                s->where[c] = DM_IN_GOAL;
        } else {
            int lv = cd->level == 2;
            s->pile[lv][s->npile[lv]++] = c;
            s->where[c] = lv ? DM_IN_PILE2 : DM_IN_PILE1;
        }
    }
    for (int lv = 0; lv < 2; lv++)
        rng_shuffle(&s->r, s->pile[lv], (size_t)s->npile[lv], sizeof(int));
    for (int k = 0; k < 5; k++)
        for (int i = 0; i < nseats; i++) {
            int c = s->pile[0][--s->npile[0]];
            s->p[i].hand[s->p[i].nhand++] = c;
            s->where[c] = DM_IN_HAND;
        }
    static const int per_pile[6] = {0, 0, 6, 5, 4, 3};
    int want = per_pile[nseats], got[2] = {0, 0};
    rng_shuffle(&s->r, dumb, (size_t)ndumb, sizeof(int));
    int take = 2 * want < ndumb ? 2 * want : ndumb;
    /* Cards marked for a level go to that pile, the others fill up. */
    for (int pass = 0; pass < 2; pass++)
        for (int i = 0; i < take; i++) {
            int c = dumb[i], lv = d->c[c].level - 1;
            if (s->where[c] != DM_IN_BOX || (pass == 0) != (lv >= 0))
                continue;
            if (lv < 0)
                lv = got[0] < want ? 0 : 1;
            if (got[lv] >= want)
                continue; /* more marked cards than the pile takes */
            s->pile[lv][s->npile[lv]++] = c;
            s->where[c] = lv ? DM_IN_PILE2 : DM_IN_PILE1;
            got[lv]++;
        }
    for (int lv = 0; lv < 2; lv++)
        rng_shuffle(&s->r, s->pile[lv], (size_t)s->npile[lv], sizeof(int));
    int n = 0;
    for (int k = 0; k < DM_NATIONS; k++) {
        int seat = -1;
        for (int i = 0; i < nseats; i++)
            if (s->p[i].nation == first_order[k])
                seat = i;
        if (seat >= 0)
            s->order[n++] = seat;
    }
    if (short_game) {
        for (int i = 0; i < nseats; i++)
            s->p[i].goal_done = 1;
        start_round(s, NULL);
        dm_advance(s, NULL);
    } else {
        s->phase = DM_PH_GOAL;
    }
    return WB_OK;
}

/* --- the round ------------------------------------------------------------ */

/* Phase 1: draw up to the hand limit.  Level 1 only until the First Goal
 * is done; a player past it chooses the level of each card (draw_left). */
static void start_round(dm_state *s, json_t *ev)
{
    s->round++;
    s->phase = DM_PH_DRAW;
    dm_phase_event(s, ev);
    for (int i = 0; i < s->nseats; i++) {
        dm_player *p = &s->p[i];
        if (p->out)
            continue;
        int lim = dm_hand_limit(s, i);
        while (p->nhand > lim) { /* over the hand limit: discard, 1 resource each */
            int c = p->hand[--p->nhand];
            dm_to_discard(s, c);
            dm_pay(s, i, 1);
            dm_ev_add(ev, json_pack("{s:s, s:i, s:s}", "type", "over_hand_limit", "seat", i,
                                    "card", dm_card_at(s, c)->id));
        }
        int level2 = p->goal_done && !(s->short_game && s->round == 1);
        p->draw_left = 0;
        while (p->nhand < lim) {
            if (level2) {
                p->draw_left = lim - p->nhand;
                break;
            }
            int before = p->nhand;
            draw_one(s, i, 0, ev);
            if (p->nhand == before)
                break; /* both Level 1 piles are empty */
        }
    }
}

static void start_plan(dm_state *s, json_t *ev)
{
    s->phase = DM_PH_PLAN;
    dm_phase_event(s, ev);
    for (int i = 0; i < s->nseats; i++) {
        dm_player *p = &s->p[i];
        p->ready = 0;
        p->slot_corrupt = 0;
        p->target = -1;
        p->target_up = 0;
        for (int k = 0; k < 2; k++) {
            if (!p->slot_hold[k])
                p->slot[k] = -1;
            p->slot_alt[k] = 0;
            p->slot_done[k] = p->slot_hold[k] > 0;
        }
        /* Ego 10 locks the target: it stays where it was (a nation out
         * of office frees it). */
        int t = p->prev_target >= 0 && p->prev_target < DM_NATIONS
                    ? dm_seat_of_nation(s, p->prev_target) : -1;
        if (p->ego >= 10 && (p->prev_target == DM_PEACE || (t >= 0 && !s->p[t].out)))
            p->target = p->prev_target;
    }
}

/* --- phases 5 to 7 ---------------------------------------------------------- */

static int skips_board_phases(const dm_state *s, int seat)
{
    return s->p[seat].out || dm_on_vacation(s, seat);
}

/* The next seat in player order that plays phases 5 and 6, from s->turn. */
static void seek_turn(dm_state *s)
{
    while (s->turn < s->nseats && skips_board_phases(s, s->order[s->turn]))
        s->turn++;
}

static void start_move(dm_state *s, json_t *ev)
{
    s->phase = DM_PH_MOVE;
    s->turn = 0;
    for (int i = 0; i < s->nseats; i++)
        for (int k = 0; k < DM_UNITS; k++) {
            dm_unit *u = &s->p[i].u[k];
            u->start = u->space;
            u->steps = 0;
            u->stopped = 0;
        }
    dm_phase_event(s, ev);
    seek_turn(s);
}

/* The end of the movement phase: units that joined a war last round have
 * waited their extra round and conquer the war zone. */
static void end_move(dm_state *s, json_t *ev)
{
    for (int i = 0; i < s->nseats; i++)
        for (int k = 0; k < DM_UNITS; k++) {
            dm_unit *u = &s->p[i].u[k];
            if (u->space >= 0 && u->war && u->war < s->round) {
                dm_cell *c = &s->cell[u->space];
                if (c->cube && c->owner >= 0 && c->owner != i)
                    s->p[c->owner].cubes++, c->cube = 0;
                c->owner = i;
                u->war = 0;
                char id[16];
                dm_space_id(s->board, u->space, id);
                dm_ev_add(ev, json_pack("{s:s, s:i, s:s}", "type", "war_won", "seat", i,
                                        "space", id));
            }
        }
    s->phase = DM_PH_BUY;
    s->turn = 0;
    for (int i = 0; i < s->nseats; i++)
        s->p[i].bought_unit = 0;
    dm_phase_event(s, ev);
    seek_turn(s);
}

static void end_round(dm_state *s, json_t *ev)
{
    /* 7: income from the resource track; used cards discarded. */
    for (int i = 0; i < s->nseats; i++) {
        dm_player *p = &s->p[i];
        if (p->out)
            continue;
        int inc = dm_income(s, i);
        p->res += inc;
        dm_ev_add(ev, json_pack("{s:s, s:i, s:i, s:i}", "type", "income", "seat", i, "income", inc,
                                "resources", p->res));
        for (int k = 0; k < 2; k++) {
            if (p->slot_hold[k] > 0 && --p->slot_hold[k] > 0)
                continue; /* a used bomb stays on the leaderboard */
            if (p->slot[k] >= 0 && p->slot[k] != DM_GOAL_SLOT)
                dm_to_discard(s, p->slot[k]);
            p->slot[k] = -1;
        }
        p->prev_target = p->target;
        p->bonus_strength = p->bonus_moves = 0;
    }
    int over = (s->last_round && s->round >= s->last_round) ||
               (s->max_rounds && s->round >= s->max_rounds);
    if (over) {
        s->phase = DM_PH_OVER;
        dm_ev_add(ev, json_pack("{s:s, s:s}", "type", "game_over", "why",
                                s->last_round && s->round >= s->last_round
                                    ? "the round after a player reached the VP goal is over"
                                    : "the round limit is reached"));
        return;
    }
    start_round(s, ev);
}

/* Run the phases that need nobody until someone must act. */
static void dm_advance(dm_state *s, json_t *ev)
{
    for (int guard = 0; guard < 64; guard++) {
        switch (s->phase) {
        case DM_PH_GOAL:
            for (int i = 0; i < s->nseats; i++)
                if (!s->p[i].goal_picked)
                    return;
            start_round(s, ev);
            break;
        case DM_PH_DRAW:
            for (int i = 0; i < s->nseats; i++)
                if (!s->p[i].out && s->p[i].draw_left > 0)
                    return;
            start_plan(s, ev);
            break;
        case DM_PH_PLAN:
            for (int i = 0; i < s->nseats; i++)
                if (!s->p[i].out && !s->p[i].ready)
                    return;
            /* 3: Dumbness cards, then 4: flip and use the cards. */
            if (dm_dumbness_phase(s, ev))
                   return;
            if (dm_flip_and_resolve(s, ev) || s->phase == DM_PH_OVER)
                return;
            start_move(s, ev);
            break;
        case DM_PH_BOMB:
            /* A bomb's space is chosen: the rest of the cards act. */
            if (s->bomb_seat >= 0 || dm_resolve_rest(s, ev) || s->phase == DM_PH_OVER)
                return;
            start_move(s, ev);
            break;
        case DM_PH_AUCTION:
            return;
        case DM_PH_MOVE:
            if (s->turn < s->nseats)
                return;
            end_move(s, ev);
            break;
        case DM_PH_BUY:
            if (s->turn < s->nseats)
                return;
            end_round(s, ev);
            break;
        default:
            return;
        }
    }
}

/* --- the players' steps ----------------------------------------------------- */

/* What the secret events of the plan (phase 2) and the First Goal pick
 * keep from the other seats until the flip (game_secret_event). */
static const char *const hidden_card[] = {"card", NULL};
static const char *const hidden_placed[] = {"card", "second_choice", NULL};
static const char *const hidden_target[] = {"target", NULL};
static const char *const hidden_ready[] = {"fund_goal", "corrupt", NULL};

int dm_goal_check(const dm_state *s, int seat, int c, char **why)
{
    if (c < 0 || s->where[c] != DM_IN_GOAL || dm_card_at(s, c)->nation != s->p[seat].nation)
        return game_refuse(why, WB_EILLEGAL, "pick one of your nation's two First Goal cards");
    return WB_OK;
}

int dm_pick_goal(dm_state *s, int seat, int c, json_t *ev, char **why)
{
    int rc = dm_phase_is(s, seat, DM_PH_GOAL, why);
    if (rc || (rc = dm_goal_check(s, seat, c, why)))
        return rc;
    s->p[seat].goal = c;
    s->p[seat].goal_picked = 1;
    /* The other one goes back to the box. */
    for (int k = 0; k < s->deck->ncards; k++)
        if (k != c && s->where[k] == DM_IN_GOAL && dm_card_at(s, k)->nation == s->p[seat].nation)
            s->where[k] = DM_IN_BOX;
    /* Face down: the others learn that the seat picked, not which. */
    game_secret_event(ev, json_pack("{s:s, s:i, s:s}", "type", "goal_picked", "seat", seat,
                                    "card", dm_card_at(s, c)->id),
                      seat, s->nseats, hidden_card);
    dm_advance(s, ev);
    return WB_OK;
}

int dm_draw(dm_state *s, int seat, int level, json_t *ev, char **why)
{
    int rc = dm_phase_is(s, seat, DM_PH_DRAW, why);
    if (rc)
        return rc;
    if (level != 1 && level != 2)
        return game_refuse(why, WB_EILLEGAL, "draw from level 1 or 2");
    dm_player *p = &s->p[seat];
    int before = p->nhand;
    draw_one(s, seat, level - 1, ev);
    if (p->nhand == before) {
        draw_one(s, seat, 2 - level, ev); /* that pile is gone: the other */
        if (p->nhand == before)
            p->draw_left = 1; /* nothing left to draw at all */
    }
    p->draw_left--;
    dm_advance(s, ev);
    return WB_OK;
}

int dm_place_check(const dm_state *s, int seat, int slot, int c, int corrupt, char **why)
{
    const dm_player *p = &s->p[seat];
    if (slot != 0 && slot != 1)
        return game_refuse(why, WB_EILLEGAL, "the card spaces are left and right");
    if (p->slot[slot] != -1 || p->slot_hold[slot])
        return game_refuse(why, WB_EILLEGAL, "that card space is taken");
    if (slot == 0 && !dm_can_place_left(s, seat))
        return game_refuse(why, WB_EILLEGAL,
                           "with Ego or Popularity at 2 or 3 no card goes on the left space");
    if (c == DM_GOAL_SLOT) {
        if (p->goal_done || p->goal < 0)
            return game_refuse(why, WB_EILLEGAL, "you have no First Goal to fund");
        if (slot != 1)
            return game_refuse(why, WB_EILLEGAL, "the First Goal lies on the right space");
        if (s->round == 1)
            return game_refuse(why, WB_EILLEGAL, "First Goals cannot be funded in the first round");
        if (corrupt && !dm_card_at(s, p->goal)->corrupt)
            return game_refuse(why, WB_EILLEGAL, "this First Goal cannot be bought by corruption");
        return WB_OK;
    }
    if (slot == 1 && !p->goal_done)
        return game_refuse(why, WB_EILLEGAL,
                           "the right space is your First Goal's until it is done");
    if (c < 0 || !in_hand(p, c))
        return game_refuse(why, WB_EILLEGAL, "that card is not in your hand");
    if (corrupt)
        return game_refuse(why, WB_EILLEGAL, "only First Goals are bought by corruption");
    return WB_OK;
}

int dm_place(dm_state *s, int seat, int slot, int c, int alt, int corrupt, json_t *ev,
             char **why)
{
    int rc = dm_phase_is(s, seat, DM_PH_PLAN, why);
    if (rc || (rc = dm_place_check(s, seat, slot, c, corrupt, why)))
        return rc;
    dm_player *p = &s->p[seat];
    if (c != DM_GOAL_SLOT) {
        if (alt && !dm_card_at(s, c)->nalt)
            return game_refuse(why, WB_EILLEGAL, "this card has no second choice");
        hand_remove(p, c);
        s->where[c] = DM_IN_SLOT;
    }
    p->slot[slot] = c;
    p->slot_alt[slot] = alt;
    p->slot_done[slot] = 0;
    if (c == DM_GOAL_SLOT) {
        /* The First Goal lies face down on the right space from the
         * set-up: deciding to flip it shows nothing (dm_ready's event). */
        p->slot_corrupt = corrupt;
        return WB_OK;
    }
    /* A card face down on the leaderboard: the others see that one lies
     * there, not which (the framework's secret choice, game_def.h). */
    game_secret_event(ev, json_pack("{s:s, s:i, s:s, s:s, s:b}", "type", "placed", "seat", seat,
                                    "slot", slot ? "right" : "left", "card", dm_card_at(s, c)->id,
                                    "second_choice", alt),
                      seat, s->nseats, hidden_placed);
    return WB_OK;
}

int dm_unplace_check(const dm_state *s, int seat, int slot, char **why)
{
    const dm_player *p = &s->p[seat];
    if ((slot != 0 && slot != 1) || p->slot[slot] == -1 || p->slot_hold[slot])
        return game_refuse(why, WB_EILLEGAL, "no card of yours to take back there");
    return WB_OK;
}

int dm_unplace(dm_state *s, int seat, int slot, json_t *ev, char **why)
{
    int rc = dm_phase_is(s, seat, DM_PH_PLAN, why);
    if (rc || (rc = dm_unplace_check(s, seat, slot, why)))
        return rc;
    dm_player *p = &s->p[seat];
    int c = p->slot[slot];
    p->slot[slot] = -1;
    if (c == DM_GOAL_SLOT)
        return WB_OK;
    p->hand[p->nhand++] = c;
    s->where[c] = DM_IN_HAND;
    game_secret_event(ev, json_pack("{s:s, s:i, s:s, s:s}", "type", "taken_back", "seat", seat,
                                    "slot", slot ? "right" : "left", "card", dm_card_at(s, c)->id),
                      seat, s->nseats, hidden_card);
    return WB_OK;
}

int dm_target_check(const dm_state *s, int seat, int target, char **why)
{
    const dm_player *p = &s->p[seat];
    if (target != DM_PEACE) {
        int t = target >= 0 && target < DM_NATIONS ? dm_seat_of_nation(s, target) : -1;
        if (t < 0 || t == seat || s->p[t].out || s->p[t].nation != target)
            return game_refuse(why, WB_EILLEGAL,
                               "target another nation in play (still in office), or peace");
    }
    if (p->ego >= 10 && p->target >= 0 && p->target == p->prev_target && target != p->target)
        return game_refuse(why, WB_EILLEGAL, "with Ego 10 your target is locked");
    return WB_OK;
}

int dm_set_target(dm_state *s, int seat, int target, json_t *ev, char **why)
{
    int rc = dm_phase_is(s, seat, DM_PH_PLAN, why);
    if (rc || (rc = dm_target_check(s, seat, target, why)))
        return rc;
    s->p[seat].target = target;
    game_secret_event(ev, json_pack("{s:s, s:i, s:s}", "type", "target_placed", "seat", seat,
                                    "target", dm_nation_names[target]),
                      seat, s->nseats, hidden_target);
    return WB_OK;
}

int dm_ready_check(const dm_state *s, int seat, int goal, int corrupt, char **why)
{
    if (s->p[seat].target < 0)
        return game_refuse(why, WB_EILLEGAL, "every player must place a target token");
    if (corrupt && !goal)
        return game_refuse(why, WB_EILLEGAL,
                           "\"corrupt\" buys the First Goal you fund (\"fund_goal\": true)");
    return goal ? dm_place_check(s, seat, 1, DM_GOAL_SLOT, corrupt, why) : WB_OK;
}

int dm_ready(dm_state *s, int seat, int goal, int corrupt, json_t *ev, char **why)
{
    int rc = dm_phase_is(s, seat, DM_PH_PLAN, why);
    if (rc || (rc = dm_ready_check(s, seat, goal, corrupt, why)))
        return rc;
    if (goal && (rc = dm_place(s, seat, 1, DM_GOAL_SLOT, 0, corrupt, ev, why)))
        return rc;
    s->p[seat].ready = 1;
    /* The plan is complete: the others see that, not what it holds. */
    game_secret_event(ev, json_pack("{s:s, s:i, s:b, s:b}", "type", "ready", "seat", seat,
                                    "fund_goal", goal, "corrupt", corrupt),
                      seat, s->nseats, hidden_ready);
    dm_advance(s, ev);
    return WB_OK;
}

int dm_bid(dm_state *s, int seat, int amount, json_t *ev, char **why)
{
    int rc = dm_auction_bid(s, seat, amount, ev, why);
    if (!rc)
        dm_advance(s, ev);
    return rc;
}

int dm_bomb(dm_state *s, int seat, int space, json_t *ev, char **why)
{
    int rc = dm_bomb_hit(s, seat, space, ev, why);
    if (!rc)
        dm_advance(s, ev);
    return rc;
}

int dm_done(dm_state *s, int seat, json_t *ev, char **why)
{
    int rc = dm_phase_is(s, seat, s->phase == DM_PH_BUY ? DM_PH_BUY : DM_PH_MOVE, why);
    if (rc)
        return rc;
    dm_ev_add(ev, json_pack("{s:s, s:i, s:s}", "type", "done", "seat", seat, "phase",
                            dm_phase_names[s->phase]));
    s->turn++;
    seek_turn(s);
    dm_advance(s, ev);
    return WB_OK;
}

/* --- the action table: who may act -------------------------------------------- */

/* The seat whose turn it is in the movement and buying phases. */
#define ROLE_TURN (1u << 1)

unsigned dm_roles(const void *st, int seat)
{
    const dm_state *s = st;
    unsigned r = GAME_ROLE_SEAT;
    if ((s->phase == DM_PH_MOVE || s->phase == DM_PH_BUY) && s->turn < s->nseats &&
        s->order[s->turn] == seat)
        r |= ROLE_TURN;
    return r;
}

/* --- reading bodies ---------------------------------------------------------- */

static int card_of(const dm_state *s, const json_t *a)
{
    return dm_card_find(s->deck, json_string_value(json_object_get(a, "card")));
}

static int slot_of(const json_t *a)
{
    const char *v = json_string_value(json_object_get(a, "slot"));
    return v && strcmp(v, "right") == 0;
}

static int space_of(const dm_state *s, const json_t *a, const char *key)
{
    return dm_space_find(s->board, json_string_value(json_object_get(a, key)));
}

static int nation_of(const json_t *a)
{
    const char *n = json_string_value(json_object_get(a, "nation"));
    for (int k = 0; n && k <= DM_NATIONS; k++)
        if (strcmp(n, dm_nation_names[k]) == 0)
            return k;
    return -1;
}

static int units_of(const json_t *a, int *units)
{
    json_t *arr = json_object_get(a, "units"), *v;
    size_t i;
    int n = 0;
    json_array_foreach(arr, i, v) {
        if (n == DM_UNITS)
            return DM_UNITS + 1;
        units[n++] = (int)json_integer_value(v);
    }
    return n;
}

/* The card a "place" names (the First Goal is never placed: it lies on
 * the right space, and "ready" says whether it is flipped). */
static int placed_card(const dm_state *s, int seat, const json_t *a)
{
    (void)seat;
    return card_of(s, a);
}

static int is_second(const json_t *a)
{
    const char *v = json_string_value(json_object_get(a, "choice"));
    return v && strcmp(v, "second") == 0;
}

/* --- may, check, apply --------------------------------------------------------- */

GAME_MAY(may_goal)
{
    if (((const dm_state *)state)->p[seat].goal_picked)
        return game_refuse(why, WB_ENOTTURN,
                           "you have picked your First Goal: the others are picking");
    return WB_OK;
}

GAME_MAY(may_draw)
{
    const dm_player *p = &((const dm_state *)state)->p[seat];
    if (p->out || p->draw_left <= 0)
        return game_refuse(why, WB_ENOTTURN, "you have no card to draw now");
    return WB_OK;
}

GAME_MAY(may_plan)
{
    const dm_player *p = &((const dm_state *)state)->p[seat];
    if (p->out)
        return game_refuse(why, WB_ENOTTURN, "you are out of office");
    if (p->ready)
        return game_refuse(why, WB_ENOTTURN, "you are ready: the others are still placing");
    return WB_OK;
}

GAME_CHECK(check_goal) { return dm_goal_check(state, seat, card_of(state, a), why); }

GAME_CHECK(check_place)
{
    const dm_state *s = state;
    int c = placed_card(s, seat, a);
    if (c >= 0 && c == s->p[seat].goal && !s->p[seat].goal_done)
        return game_refuse(why, WB_EILLEGAL, "your First Goal lies face down on the right space "
                           "already: fund it with {\"type\":\"ready\",\"fund_goal\":true}");
    int rc = dm_place_check(s, seat, slot_of(a), c, 0, why);
    if (!rc && is_second(a) && (c < 0 || !s->deck->c[c].nalt))
        return game_refuse(why, WB_EILLEGAL, "this card has no second choice");
    return rc;
}

GAME_CHECK(check_take_back) { return dm_unplace_check(state, seat, slot_of(a), why); }

GAME_CHECK(check_target)
{
    const dm_player *p = &((const dm_state *)state)->p[seat];
    int n = nation_of(a), rc = dm_target_check(state, seat, n, why);
    if (!rc && n == p->target)
        return game_refuse(why, WB_EILLEGAL, "that is your target already");
    return rc;
}

static int fund_goal(const json_t *a) { return json_is_true(json_object_get(a, "fund_goal")); }
static int corrupt(const json_t *a) { return json_is_true(json_object_get(a, "corrupt")); }

GAME_CHECK(check_ready) { return dm_ready_check(state, seat, fund_goal(a), corrupt(a), why); }

GAME_CHECK(check_bid)
{
    return dm_bid_check(state, seat, game_body_int(a, "amount"), why);
}

GAME_CHECK(check_bomb) { return dm_bomb_check(state, seat, space_of(state, a, "space"), why); }

GAME_CHECK(check_move)
{
    const dm_state *s = state;
    json_t *m = json_object_get(a, "mark");
    if (m && !json_is_boolean(m))
        return game_refuse(why, WB_EILLEGAL,
                           "\"mark\" is true (leave a cube where the unit began) or false");
    return dm_move_check(s, seat, game_body_int(a, "unit"), space_of(s, a, "to"), why);
}

GAME_CHECK(check_attack)
{
    const dm_state *s = state;
    int units[DM_UNITS + 1], n = units_of(a, units);
    return dm_attack_check(s, seat, space_of(s, a, "space"), units, n, why);
}

GAME_CHECK(check_build) { return dm_build_check(state, seat, space_of(state, a, "space"), why); }

GAME_CHECK(check_upgrade)
{
    return dm_upgrade_check(state, seat, space_of(state, a, "space"), why);
}

GAME_CHECK(check_recruit)
{
    return dm_recruit_check(state, seat, space_of(state, a, "space"), why);
}

GAME_APPLY(do_goal) { return dm_pick_goal(state, seat, card_of(state, a), ev, why); }

GAME_APPLY(do_draw) { return dm_draw(state, seat, game_body_int(a, "level"), ev, why); }

GAME_APPLY(do_place)
{
    return dm_place(state, seat, slot_of(a), placed_card(state, seat, a), is_second(a), 0, ev, why);
}

GAME_APPLY(do_take_back) { return dm_unplace(state, seat, slot_of(a), ev, why); }

GAME_APPLY(do_target) { return dm_set_target(state, seat, nation_of(a), ev, why); }

GAME_APPLY(do_ready) { return dm_ready(state, seat, fund_goal(a), corrupt(a), ev, why); }

GAME_APPLY(do_bid) { return dm_bid(state, seat, game_body_int(a, "amount"), ev, why); }

GAME_APPLY(do_pass) { return dm_bid(state, seat, 0, ev, why); }

GAME_APPLY(do_bomb) { return dm_bomb(state, seat, space_of(state, a, "space"), ev, why); }

GAME_APPLY(do_move)
{
    return dm_move(state, seat, game_body_int(a, "unit"), space_of(state, a, "to"),
                   !json_is_false(json_object_get(a, "mark")), ev, why);
}

GAME_APPLY(do_attack)
{
    int units[DM_UNITS + 1], n = units_of(a, units);
    return dm_attack(state, seat, space_of(state, a, "space"), units, n, ev, why);
}

GAME_APPLY(do_build) { return dm_build(state, seat, space_of(state, a, "space"), ev, why); }

GAME_APPLY(do_upgrade) { return dm_upgrade(state, seat, space_of(state, a, "space"), ev, why); }

GAME_APPLY(do_recruit) { return dm_recruit(state, seat, space_of(state, a, "space"), ev, why); }

GAME_APPLY(do_done) { return dm_done(state, seat, ev, why); }

/* --- domains: the values worth listing now --------------------------------------- */

GAME_DOMAIN(dom_goal)
{
    const dm_state *s = state;
    json_t *a = json_array();
    for (int c = 0; c < s->deck->ncards; c++)
        if (s->where[c] == DM_IN_GOAL && s->deck->c[c].nation == s->p[seat].nation)
            json_array_append_new(a, json_string(s->deck->c[c].id));
    return a;
}

GAME_DOMAIN(dom_hand)
{
    const dm_state *s = state;
    const dm_player *p = &s->p[seat];
    json_t *a = json_array();
    for (int i = 0; i < p->nhand; i++)
        json_array_append_new(a, json_string(s->deck->c[p->hand[i]].id));
    return a;
}

/* "second" only when an OR card is in the hand; true only when the First
 * Goal may be bought by corruption now: fewer bodies to list and check. */
GAME_DOMAIN(dom_choice)
{
    const dm_state *s = state;
    json_t *a = json_pack("[s]", "first");
    for (int i = 0; i < s->p[seat].nhand; i++)
        if (s->deck->c[s->p[seat].hand[i]].nalt) {
            json_array_append_new(a, json_string("second"));
            break;
        }
    return a;
}

/* Funding the First Goal is listed only when it may be flipped this
 * round; corruption only when its card has a price. */
static int goal_open(const dm_state *s, int seat)
{
    const dm_player *p = &s->p[seat];
    return p->goal >= 0 && !p->goal_done && s->round > 1 && p->slot[1] == -1;
}

GAME_DOMAIN(dom_fund_goal)
{
    return goal_open(state, seat) ? json_pack("[b, b]", 0, 1) : json_pack("[b]", 0);
}

GAME_DOMAIN(dom_corrupt)
{
    const dm_state *s = state;
    int can = goal_open(s, seat) && s->deck->c[s->p[seat].goal].corrupt;
    return can ? json_pack("[b, b]", 0, 1) : json_pack("[b]", 0);
}

GAME_DOMAIN(dom_bid)
{
    const dm_state *s = state;
    json_t *a = json_array();
    int least = s->auc_high ? s->auc_high + 1 : s->deck->c[s->auc_card].cost;
    for (int b = least; b <= s->p[seat].res && b < least + 4; b++)
        json_array_append_new(a, json_integer(b));
    return a;
}

GAME_DOMAIN(dom_units)
{
    const dm_state *s = state;
    json_t *a = json_array();
    for (int k = 0; k < DM_UNITS; k++)
        if (s->p[seat].u[k].space >= 0 && !s->p[seat].u[k].stopped)
            json_array_append_new(a, json_integer(k));
    return a;
}

/* Every space some unit of the seat can reach now. */
GAME_DOMAIN(dom_reach)
{
    const dm_state *s = state;
    int n = s->board->nspaces, *reach = wb_malloc(sizeof(int) * (size_t)n);
    char *any = wb_calloc((size_t)n, 1);
    json_t *a = json_array();
    for (int k = 0; k < DM_UNITS; k++)
        if (dm_reach(s, seat, k, reach))
            for (int i = 0; i < n; i++)
                any[i] |= reach[i] >= 0;
    for (int i = 0; i < n; i++)
        if (any[i])
            json_array_append_new(a, dm_space_json(s, i));
    free(reach);
    free(any);
    return a;
}

/* The units of `seat` that may attack `sp` (next to it, not moved). */
static int attackers(const dm_state *s, int seat, int sp, int *units)
{
    int n = 0;
    for (int k = 0; k < DM_UNITS; k++) {
        const dm_unit *u = &s->p[seat].u[k];
        if (u->space < 0 || u->steps || u->stopped || u->war)
            continue;
        for (int j = 0; j < s->board->sp[u->space].nadj; j++)
            if (s->board->sp[u->space].adj[j] == sp)
                units[n++] = k;
    }
    return n;
}

GAME_DOMAIN(dom_attack_space)
{
    const dm_state *s = state;
    json_t *a = json_array();
    for (int sp = 0; sp < s->board->nspaces; sp++) {
        int units[DM_UNITS], n = attackers(s, seat, sp, units);
        char *why = NULL;
        if (n && dm_attack_check(s, seat, sp, units, n, &why) == WB_OK)
            json_array_append_new(a, dm_space_json(s, sp));
        free(why);
    }
    return a;
}

/* For each space open to attack: all the units that may attack it. */
GAME_DOMAIN(dom_attack_units)
{
    const dm_state *s = state;
    json_t *a = json_array();
    for (int sp = 0; sp < s->board->nspaces; sp++) {
        int units[DM_UNITS], n = attackers(s, seat, sp, units);
        char *why = NULL;
        if (n && dm_attack_check(s, seat, sp, units, n, &why) == WB_OK) {
            json_t *g = game_json_ints(units, (size_t)n);
            size_t i;
            json_t *v;
            int dup = 0;
            json_array_foreach(a, i, v)
                dup |= json_equal(v, g);
            if (dup)
                json_decref(g);
            else
                json_array_append_new(a, g);
        }
        free(why);
    }
    return a;
}

/* Spaces with the seat's units (build), or its bases (upgrade, recruit). */
GAME_DOMAIN(dom_unit_spaces)
{
    const dm_state *s = state;
    json_t *a = json_array();
    for (int sp = 0; sp < s->board->nspaces; sp++)
        if (dm_units_on(s, seat, sp))
            json_array_append_new(a, dm_space_json(s, sp));
    return a;
}

GAME_DOMAIN(dom_bases)
{
    const dm_state *s = state;
    json_t *a = json_array();
    for (int sp = 0; sp < s->board->nspaces; sp++)
        if (s->cell[sp].owner == seat && s->cell[sp].base)
            json_array_append_new(a, dm_space_json(s, sp));
    return a;
}

/* The spaces the waiting bomb may hit. */
GAME_DOMAIN(dom_bomb)
{
    const dm_state *s = state;
    int sp[DM_MAX_SPACES], n = s->bomb_seat == seat ? dm_bomb_spaces(s, s->bomb_target, sp) : 0;
    json_t *a = json_array();
    for (int i = 0; i < n; i++)
        json_array_append_new(a, dm_space_json(s, sp[i]));
    return a;
}

/* --- a playout's move ------------------------------------------------------------ */

/* A move drawn for a search's playout (game_def.draw) without the list's
 * search of the board per unit and space: a unit at random among those
 * that reach some space, then one of the spaces it reaches.  The list
 * holds exactly those (its check is that unit's reach), without "mark".
 * The other actions are drawn from their lists. */
static json_t *draw_move(const dm_state *s, int seat, rng *r)
{
    int reach[DM_MAX_SPACES], order[DM_UNITS];
    for (int k = 0; k < DM_UNITS; k++)
        order[k] = k;
    rng_shuffle(r, order, DM_UNITS, sizeof order[0]);
    for (int i = 0; i < DM_UNITS; i++) {
        int k = order[i], n;
        if (s->p[seat].u[k].space < 0 || s->p[seat].u[k].stopped ||
            (n = dm_reach(s, seat, k, reach)) == 0)
            continue;
        int at = (int)rng_below(r, (uint64_t)n);
        for (int sp = 0; sp < s->board->nspaces; sp++)
            if (reach[sp] >= 0 && at-- == 0)
                return json_pack("{s:s, s:i, s:o}", "type", "move", "unit", k, "to",
                                 dm_space_json(s, sp));
    }
    return NULL;
}

int dm_draw_hook(const void *st, const char *type, int seat, rng *r, json_t **out)
{
    if (strcmp(type, "move") != 0)
        return 0;
    *out = draw_move(st, seat, r);
    return 1;
}

/* --- the table ----------------------------------------------------------------- */

static const char *const slot_names[] = {"left", "right", NULL};
static const char *const choice_names[] = {"first", "second", NULL};
static const char *const target_names[] = {"usa", "russia", "north-korea", "venezuela",
                                           "turkey", "peace", NULL};

static const game_member goal_members[] = {
    {.name = "card", .type = GAME_T_STRING, .desc = "the id of one of your two First Goals",
     .domain = dom_goal},
    {NULL},
};
static const game_member draw_members[] = {
    {.name = "level", .type = GAME_T_INT, .desc = "the pile: 1 or 2", .has_range = 1,
     .min = 1, .max = 2},
    {NULL},
};
static const game_member place_members[] = {
    {.name = "slot", .type = GAME_T_STRING, .desc = "the card space", .values = slot_names},
    {.name = "card", .type = GAME_T_STRING, .desc = "a card of your hand", .domain = dom_hand},
    {.name = "choice", .type = GAME_T_STRING, .optional = 1, .values = choice_names,
     .desc = "OR cards: which side (first by default)", .domain = dom_choice},
    {NULL},
};
static const game_member ready_members[] = {
    {.name = "fund_goal", .type = GAME_T_BOOL, .optional = 1,
     .desc = "flip your First Goal this round to fund it (false by default)",
     .domain = dom_fund_goal},
    {.name = "corrupt", .type = GAME_T_BOOL, .optional = 1,
     .desc = "buy the First Goal by corruption, without its needs", .domain = dom_corrupt},
    {NULL},
};
static const game_member slot_members[] = {
    {.name = "slot", .type = GAME_T_STRING, .desc = "the card space", .values = slot_names},
    {NULL},
};
static const game_member target_members[] = {
    {.name = "nation", .type = GAME_T_STRING, .desc = "the nation to target, or peace",
     .values = target_names},
    {NULL},
};
static const game_member bid_members[] = {
    {.name = "amount", .type = GAME_T_INT, .desc = "resources to bid, e.g. 4",
     .has_range = 1, .min = 1, .max = 1000000, .domain = dom_bid},
    {NULL},
};
static const game_member bomb_members[] = {
    {.name = "space", .type = GAME_T_STRING,
     .desc = "the space your Nuclear Bomb hits: one the targeted nation holds or has units on",
     .domain = dom_bomb},
    {NULL},
};
static const game_member move_members[] = {
    {.name = "unit", .type = GAME_T_INT, .desc = "one of your units (0-5)", .has_range = 1,
     .min = 0, .max = DM_UNITS - 1, .domain = dom_units},
    {.name = "to", .type = GAME_T_STRING, .desc = "the space it moves to, e.g. \"h7-3\"",
     .domain = dom_reach},
    {.name = "mark", .type = GAME_T_ANY, .optional = 1,
     .desc = "leave a cube where the unit began the round (true by default)"},
    {NULL},
};
static const game_member attack_members[] = {
    {.name = "space", .type = GAME_T_STRING, .desc = "the space attacked",
     .domain = dom_attack_space},
    {.name = "units", .type = GAME_T_INTS, .desc = "the attacking units, in joining order",
     .has_range = 1, .min = 0, .max = DM_UNITS - 1, .domain = dom_attack_units},
    {NULL},
};
static const game_member build_members[] = {
    {.name = "space", .type = GAME_T_STRING, .desc = "a space with your units",
     .domain = dom_unit_spaces},
    {NULL},
};
static const game_member base_members[] = {
    {.name = "space", .type = GAME_T_STRING, .desc = "one of your bases", .domain = dom_bases},
    {NULL},
};

#define PH(p) (1u << (p))

const game_action dm_actions[] = {
    {"pick_goal", GAME_ROLE_SEAT, PH(DM_PH_GOAL), goal_members, may_goal, check_goal, do_goal,
     0, NULL},
    {"draw", GAME_ROLE_SEAT, PH(DM_PH_DRAW), draw_members, may_draw, NULL, do_draw, 0, NULL},
    {"place", GAME_ROLE_SEAT, PH(DM_PH_PLAN), place_members, may_plan, check_place, do_place,
     0, NULL},
    {"take_back", GAME_ROLE_SEAT, PH(DM_PH_PLAN), slot_members, may_plan, check_take_back,
     do_take_back, 0, NULL},
    {"target", GAME_ROLE_SEAT, PH(DM_PH_PLAN), target_members, may_plan, check_target,
     do_target, 0, NULL},
    {"ready", GAME_ROLE_SEAT, PH(DM_PH_PLAN), ready_members, may_plan, check_ready, do_ready, 0,
     NULL},
    {"bid", GAME_ROLE_PENDING, PH(DM_PH_AUCTION), bid_members, NULL, check_bid, do_bid, 0,
     NULL},
    {"pass", GAME_ROLE_PENDING, PH(DM_PH_AUCTION), NULL, NULL, NULL, do_pass, 0, NULL},
    {"bomb", GAME_ROLE_PENDING, PH(DM_PH_BOMB), bomb_members, NULL, check_bomb, do_bomb, 0,
     NULL},
    {"move", ROLE_TURN, PH(DM_PH_MOVE), move_members, NULL, check_move, do_move, 0, NULL},
    {"attack", ROLE_TURN, PH(DM_PH_MOVE), attack_members, NULL, check_attack, do_attack, 0,
     NULL},
    {"build", ROLE_TURN, PH(DM_PH_BUY), build_members, NULL, check_build, do_build, 0, NULL},
    {"upgrade", ROLE_TURN, PH(DM_PH_BUY), base_members, NULL, check_upgrade, do_upgrade, 0,
     NULL},
    {"recruit", ROLE_TURN, PH(DM_PH_BUY), base_members, NULL, check_recruit, do_recruit, 0,
     NULL},
    {"done", ROLE_TURN, PH(DM_PH_MOVE) | PH(DM_PH_BUY), NULL, NULL, NULL, do_done, 0, NULL},
    {NULL},
};
