/*
 * dumb_round.c - the World Dumbination rulebook as plain C: the set-up,
 * the round, and the players' steps.
 *
 * Set-up for 2 to 5 players, the card piles, the seven phases of a round
 * and the steps of phases 1 and 2 (the First Goal pick, drawing, the plan)
 * and the end of a turn.  Cards are data (dumb_data.c); phases 3 and 4
 * and the cards' steps are dumb_cards.c's, movement, combat and buying
 * dumb_board.c's, and what all of them share dumb_state.c's: this file
 * calls them, and only the action table (dumb_rules.c), the game's set-up
 * (dumb.c) and the tests call it.  Every step function checks before it
 * changes anything where it can, but callers (the framework, the tests)
 * apply to a copy of the state anyway, so a refusal after a change is
 * still all-or-nothing.
 *
 * The phases that need nobody's decision run by themselves (dm_advance()):
 * drawing Level 1 cards, revealing Dumbness cards, flipping, funding and
 * resolving the placed cards, income and the end of a round.  Players act
 * in the first-goal pick, the draw of a player past their First Goal
 * (which level), the plan (cards and target, all at once and secret), a
 * Dumbness auction (in player order), movement and buying (in player
 * order).  games/dumbination/DUMBINATION.md says how each open point was decided.
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

