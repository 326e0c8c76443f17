/*
 * dumb_rules.c - the World Dumbination rulebook as plain C.
 *
 * Set-up for 2 to 5 players, the seven phases of a round, the
 * leaderboards (Ego and Popularity), bases, units, strength and movement,
 * combat, markers, buying, the end and the scoring.  Cards are data
 * (dumb_data.c); phases 3 and 4 and the cards' steps are dumb_cards.c's.
 * Every step function checks before it changes anything where it can, but
 * callers (the framework, the tests) apply to a copy of the state anyway,
 * so a refusal after a change is still all-or-nothing.
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
#include "game.h"
#include "wb_err.h"

const int dm_peace_value[DM_PEACE_SPOTS] = {4, 6, 8, 10};

const char *const dm_phase_names[DM_NPHASES] = {"first_goal", "draw", "plan", "auction",
                                                "move", "buy", "over", "bomb"};

/* Start positions of the Ego and Popularity cubes (the text leaves them
 * to the printed leaderboards): see DUMBINATION.md. */
static const int start_ego[DM_NATIONS] = {7, 7, 8, 5, 6};
static const int start_pop[DM_NATIONS] = {5, 4, 4, 6, 5};
/* The first round's player order: North Korea, Russia, USA, Turkey, Venezuela. */
static const int first_order[DM_NATIONS] = {DM_NKOREA, DM_RUSSIA, DM_USA, DM_TURKEY,
                                            DM_VENEZUELA};

void dm_ev_add(json_t *ev, json_t *e)
{
    if (ev && e)
        json_array_append_new(ev, e);
    else
        json_decref(e);
}

static int refuse(char **why, int rc, const char *fmt, const char *arg)
{
    *why = game_why(fmt, arg);
    return rc;
}

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

static int nspaces(const dm_state *s) { return s->board->nspaces; }
static int dist(const dm_state *s, int a, int b)
{
    return s->board->dist[(size_t)a * (size_t)nspaces(s) + (size_t)b];
}

static const dm_card *card(const dm_state *s, int c) { return &s->deck->c[c]; }

/* --- reading the state --------------------------------------------------- */

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
        const dm_card *c = card(s, p->proj[i]);
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
    for (int i = 0; i < nspaces(s); i++)
        if (s->cell[i].owner == seat && s->cell[i].base > best)
            best = s->cell[i].base;
    return best;
}

/* A seat's bases: spaces and strengths; returns how many. */
static int bases_list(const dm_state *s, int seat, int *sp, int *st)
{
    int n = 0;
    for (int i = 0; i < nspaces(s) && n < DM_MAX_SPACES; i++)
        if (s->cell[i].owner == seat && s->cell[i].base) {
            sp[n] = i;
            st[n++] = s->cell[i].base;
        }
    return n;
}

static int strength_from(const dm_state *s, int seat, const int *sp, const int *st, int n,
                         int bonus, int space)
{
    int best = 0;
    for (int i = 0; i < n; i++) {
        int v = st[i] - dist(s, sp[i], space);
        best = v > best ? v : best;
    }
    (void)seat;
    return best > 0 ? best + bonus : 0;
}

static int strength_bonus(const dm_state *s, int seat)
{
    return s->p[seat].bonus_strength + project_sum(s, seat, DM_OP_STRENGTH);
}

int dm_strength_at(const dm_state *s, int seat, int space)
{
    int sp[DM_MAX_SPACES], st[DM_MAX_SPACES], n = bases_list(s, seat, sp, st);
    int v = strength_from(s, seat, sp, st, n, strength_bonus(s, seat), space);
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

static int units_on_board(const dm_state *s, int seat)
{
    int n = 0;
    for (int k = 0; k < DM_UNITS; k++)
        n += s->p[seat].u[k].space >= 0;
    return n;
}

static int bases_of(const dm_state *s, int seat)
{
    int n = 0;
    for (int i = 0; i < nspaces(s); i++)
        n += s->cell[i].owner == seat && s->cell[i].base > 0;
    return n;
}

/* Some other seat's units stand on `space`: -1 none, else the seat. */
static int units_owner(const dm_state *s, int space)
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
    for (int i = 0; i < nspaces(s); i++) {
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

static int hand_limit(const dm_state *s, int seat)
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
    const dm_card *cd = card(s, c);
    int lv = cd->level == 2 ? 1 : 0;
    if (cd->type == DM_GOAL) {
        s->where[c] = DM_IN_OUT;
        return;
    }
    s->disc[lv][s->ndisc[lv]++] = c;
    s->where[c] = lv ? DM_IN_DISCARD2 : DM_IN_DISCARD1;
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
        for (int i = 0; i < nspaces(s) && spot < 0; i++) {
            int t = s->board->sp[i].tags;
            if (s->cell[i].dumb < 0 && (t & DM_T_SEA) && (pass || (t & DM_T_DUMB)) &&
                s->cell[i].radio < 0 && units_owner(s, i) < 0)
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
        if (card(s, c)->type == DM_DUMBNESS) {
            lay_dumbness(s, c, ev);
            continue;
        }
        dm_player *p = &s->p[seat];
        p->hand[p->nhand++] = c;
        s->where[c] = DM_IN_HAND;
        dm_ev_add(ev, json_pack("{s:s, s:i, s:i, s:s, s:[i]}", "type", "drew", "seat", seat,
                                "level", lv + 1, "card", card(s, c)->id, "private_to", seat));
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
                            "slot", k ? "right" : "left", "card", card(s, c)->id, "why", why));
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

static void cube_on(dm_state *s, int seat, int space)
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
static void left_space(dm_state *s, int seat, int space, int began_here, int mark)
{
    dm_cell *c = &s->cell[space];
    if (c->owner != seat || c->base || dm_units_on(s, seat, space) || c->cube)
        return;
    if (began_here && mark)
        cube_on(s, seat, space);
    if (!c->cube && dm_seat_of_nation(s, s->board->sp[space].nation) != seat)
        c->owner = -1;
}

/* Units and bases removed by a card (not a bomb): the loser cubes the
 * space, so it must still be conquered. */
void dm_lost_by_card(dm_state *s, int seat, int space)
{
    if (!dm_units_on(s, seat, space) && !s->cell[space].base) {
        cube_on(s, seat, space);
        if (!s->cell[space].cube)
            s->cell[space].owner = -1;
    }
}

void dm_check_neutralized(dm_state *s, int seat, int by, json_t *ev)
{
    if (s->p[seat].out || units_on_board(s, seat) || bases_of(s, seat))
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
    for (int i = 0; i < nspaces(s); i++)
        if (s->cell[i].owner == seat && s->cell[i].base &&
            (best < 0 || s->cell[i].base > s->cell[best].base))
            best = i;
    return best;
}

int dm_bomb_spaces(const dm_state *s, int seat, int *out)
{
    int n = 0;
    for (int i = 0; i < nspaces(s); i++)
        if (s->cell[i].radio < 0 && (s->cell[i].owner == seat || dm_units_on(s, seat, i)))
            out[n++] = i;
    return n;
}

/* --- set-up -------------------------------------------------------------- */

static void start_round(dm_state *s, json_t *ev);

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
            cube_on(s, seat, i);
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

void dm_phase_event(dm_state *s, json_t *ev)
{
    dm_ev_add(ev, json_pack("{s:s, s:s, s:i}", "type", "phase", "phase", dm_phase_names[s->phase],
                            "round", s->round));
}

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
        int lim = hand_limit(s, i);
        while (p->nhand > lim) { /* over the hand limit: discard, 1 resource each */
            int c = p->hand[--p->nhand];
            dm_to_discard(s, c);
            dm_pay(s, i, 1);
            dm_ev_add(ev, json_pack("{s:s, s:i, s:s}", "type", "over_hand_limit", "seat", i,
                                    "card", card(s, c)->id));
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
void dm_advance(dm_state *s, json_t *ev)
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

/* --- the players' steps ----------------------------------------------------- */

/* What the secret events of the plan (phase 2) and the First Goal pick
 * keep from the other seats until the flip (game_secret_event). */
static const char *const hidden_card[] = {"card", NULL};
static const char *const hidden_placed[] = {"card", "second_choice", NULL};
static const char *const hidden_target[] = {"target", NULL};
static const char *const hidden_ready[] = {"fund_goal", "corrupt", NULL};

static int phase_is(const dm_state *s, int seat, dm_phase ph, char **why)
{
    int act[DM_MAX_SEATS];
    if (s->phase == DM_PH_OVER)
        return refuse(why, WB_ENOTTURN, "%s", "the game is over");
    if (s->phase != ph) {
        *why = game_why("now is the %s phase, not the %s phase", dm_phase_names[s->phase],
                        dm_phase_names[ph]);
        return WB_ENOTTURN;
    }
    dm_to_act(s, act);
    if (seat < 0 || seat >= s->nseats || !act[seat])
        return refuse(why, WB_ENOTTURN, "%s", "it is not your turn");
    return WB_OK;
}

int dm_pick_goal(dm_state *s, int seat, int c, json_t *ev, char **why)
{
    int rc = phase_is(s, seat, DM_PH_GOAL, why);
    if (rc)
        return rc;
    if (c < 0 || s->where[c] != DM_IN_GOAL || card(s, c)->nation != s->p[seat].nation)
        return refuse(why, WB_EILLEGAL, "%s", "pick one of your nation's two First Goal cards");
    s->p[seat].goal = c;
    s->p[seat].goal_picked = 1;
    /* The other one goes back to the box. */
    for (int k = 0; k < s->deck->ncards; k++)
        if (k != c && s->where[k] == DM_IN_GOAL && card(s, k)->nation == s->p[seat].nation)
            s->where[k] = DM_IN_BOX;
    /* Face down: the others learn that the seat picked, not which. */
    game_secret_event(ev, json_pack("{s:s, s:i, s:s}", "type", "goal_picked", "seat", seat,
                                    "card", card(s, c)->id),
                      seat, s->nseats, hidden_card);
    dm_advance(s, ev);
    return WB_OK;
}

int dm_draw(dm_state *s, int seat, int level, json_t *ev, char **why)
{
    int rc = phase_is(s, seat, DM_PH_DRAW, why);
    if (rc)
        return rc;
    if (level != 1 && level != 2)
        return refuse(why, WB_EILLEGAL, "%s", "draw from level 1 or 2");
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
        return refuse(why, WB_EILLEGAL, "%s", "the card spaces are left and right");
    if (p->slot[slot] != -1 || p->slot_hold[slot])
        return refuse(why, WB_EILLEGAL, "%s", "that card space is taken");
    if (slot == 0 && !dm_can_place_left(s, seat))
        return refuse(why, WB_EILLEGAL, "%s",
                      "with Ego or Popularity at 2 or 3 no card goes on the left space");
    if (c == DM_GOAL_SLOT) {
        if (p->goal_done || p->goal < 0)
            return refuse(why, WB_EILLEGAL, "%s", "you have no First Goal to fund");
        if (slot != 1)
            return refuse(why, WB_EILLEGAL, "%s", "the First Goal lies on the right space");
        if (s->round == 1)
            return refuse(why, WB_EILLEGAL, "%s",
                          "First Goals cannot be funded in the first round");
        if (corrupt && !card(s, p->goal)->corrupt)
            return refuse(why, WB_EILLEGAL, "%s", "this First Goal cannot be bought by corruption");
        return WB_OK;
    }
    if (slot == 1 && !p->goal_done)
        return refuse(why, WB_EILLEGAL, "%s",
                      "the right space is your First Goal's until it is done");
    if (c < 0 || !in_hand(p, c))
        return refuse(why, WB_EILLEGAL, "%s", "that card is not in your hand");
    if (corrupt)
        return refuse(why, WB_EILLEGAL, "%s", "only First Goals are bought by corruption");
    return WB_OK;
}

int dm_place(dm_state *s, int seat, int slot, int c, int alt, int corrupt, json_t *ev,
             char **why)
{
    int rc = phase_is(s, seat, DM_PH_PLAN, why);
    if (rc || (rc = dm_place_check(s, seat, slot, c, corrupt, why)))
        return rc;
    dm_player *p = &s->p[seat];
    if (c != DM_GOAL_SLOT) {
        if (alt && !card(s, c)->nalt)
            return refuse(why, WB_EILLEGAL, "%s", "this card has no second choice");
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
                                    "slot", slot ? "right" : "left", "card", card(s, c)->id,
                                    "second_choice", alt),
                      seat, s->nseats, hidden_placed);
    return WB_OK;
}

int dm_unplace(dm_state *s, int seat, int slot, json_t *ev, char **why)
{
    int rc = phase_is(s, seat, DM_PH_PLAN, why);
    if (rc)
        return rc;
    dm_player *p = &s->p[seat];
    if ((slot != 0 && slot != 1) || p->slot[slot] == -1 || p->slot_hold[slot])
        return refuse(why, WB_EILLEGAL, "%s", "no card of yours to take back there");
    int c = p->slot[slot];
    p->slot[slot] = -1;
    if (c == DM_GOAL_SLOT)
        return WB_OK;
    p->hand[p->nhand++] = c;
    s->where[c] = DM_IN_HAND;
    game_secret_event(ev, json_pack("{s:s, s:i, s:s, s:s}", "type", "taken_back", "seat", seat,
                                    "slot", slot ? "right" : "left", "card", card(s, c)->id),
                      seat, s->nseats, hidden_card);
    return WB_OK;
}

int dm_set_target(dm_state *s, int seat, int target, json_t *ev, char **why)
{
    int rc = phase_is(s, seat, DM_PH_PLAN, why);
    if (rc)
        return rc;
    dm_player *p = &s->p[seat];
    if (target != DM_PEACE) {
        int t = target >= 0 && target < DM_NATIONS ? dm_seat_of_nation(s, target) : -1;
        if (t < 0 || t == seat || s->p[t].out || s->p[t].nation != target)
            return refuse(why, WB_EILLEGAL, "%s",
                          "target another nation in play (still in office), or peace");
    }
    if (p->ego >= 10 && p->target >= 0 && p->target == p->prev_target && target != p->target)
        return refuse(why, WB_EILLEGAL, "%s", "with Ego 10 your target is locked");
    p->target = target;
    game_secret_event(ev, json_pack("{s:s, s:i, s:s}", "type", "target_placed", "seat", seat,
                                    "target", dm_nation_names[target]),
                      seat, s->nseats, hidden_target);
    return WB_OK;
}

int dm_ready_check(const dm_state *s, int seat, int goal, int corrupt, char **why)
{
    if (s->p[seat].target < 0)
        return refuse(why, WB_EILLEGAL, "%s", "every player must place a target token");
    if (corrupt && !goal)
        return refuse(why, WB_EILLEGAL, "%s",
                      "\"corrupt\" buys the First Goal you fund (\"fund_goal\": true)");
    return goal ? dm_place_check(s, seat, 1, DM_GOAL_SLOT, corrupt, why) : WB_OK;
}

int dm_ready(dm_state *s, int seat, int goal, int corrupt, json_t *ev, char **why)
{
    int rc = phase_is(s, seat, DM_PH_PLAN, why);
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

/* --- movement and combat ------------------------------------------------------ */

static int enemy_piece(const dm_state *s, int seat, int space)
{
    int o = units_owner(s, space);
    return (o >= 0 && o != seat) || (s->cell[space].base && s->cell[space].owner != seat);
}

static int unit_can_move(const dm_state *s, int seat, int k)
{
    const dm_unit *u = &s->p[seat].u[k];
    return u->space >= 0 && !u->stopped && !(u->war && s->round <= u->war + 1);
}

int dm_reach(const dm_state *s, int seat, int k, int *reach)
{
    int n = nspaces(s), count = 0, *queue = malloc(sizeof(int) * (size_t)n);
    const dm_unit *u = &s->p[seat].u[k];
    if (!queue)
        abort();
    for (int i = 0; i < n; i++)
        reach[i] = -1;
    if (!unit_can_move(s, seat, k)) {
        free(queue);
        return 0;
    }
    int left = dm_moves(s, seat) - u->steps, head = 0, tail = 0;
    int bsp[DM_MAX_SPACES], bst[DM_MAX_SPACES], nb = bases_list(s, seat, bsp, bst);
    int bonus = strength_bonus(s, seat);
    reach[u->space] = 0;
    queue[tail++] = u->space;
    while (head < tail) {
        int x = queue[head++];
        if (reach[x] >= left)
            continue;
        /* A conquest or a war stops the unit: no passing through. */
        if (x != u->space) {
            const dm_cell *c = &s->cell[x];
            if ((c->cube && c->owner != seat) ||
                ((s->board->sp[x].tags & DM_T_WAR) && c->owner != seat))
                continue;
        }
        for (int a = 0; a < s->board->sp[x].nadj; a++) {
            int y = s->board->sp[x].adj[a];
            if (reach[y] >= 0 || s->cell[y].radio >= 0 || enemy_piece(s, seat, y))
                continue;
            if (s->cell[y].owner != seat && strength_from(s, seat, bsp, bst, nb, bonus, y) <= 0)
                continue; /* no strength: only own spaces */
            reach[y] = reach[x] + 1;
            queue[tail++] = y;
            count++;
        }
    }
    reach[u->space] = -1;
    free(queue);
    return count;
}

/* The steps unit k needs to reach `to` now, or -1 (and *why). */
static int move_steps(const dm_state *s, int seat, int k, int to, char **why)
{
    if (k < 0 || k >= DM_UNITS || s->p[seat].u[k].space < 0)
        return refuse(why, -1, "%s", "no such unit of yours on the board");
    if (to < 0 || to >= nspaces(s))
        return refuse(why, -1, "%s", "no such space");
    const dm_unit *u = &s->p[seat].u[k];
    /* Cheap first: too far for the moves left. */
    if (!unit_can_move(s, seat, k) || dist(s, u->space, to) > dm_moves(s, seat) - u->steps)
        return refuse(why, -1, "%s", "that unit cannot get there this round");
    int *reach = malloc(sizeof(int) * (size_t)nspaces(s));
    if (!reach)
        abort();
    dm_reach(s, seat, k, reach);
    int steps = reach[to];
    free(reach);
    if (steps < 0)
        return refuse(why, -1, "%s",
                      "that unit cannot get there this round (moves, strength, cubes, war)");
    return steps;
}

int dm_move_check(const dm_state *s, int seat, int k, int to, char **why)
{
    return move_steps(s, seat, k, to, why) < 0 ? WB_EILLEGAL : WB_OK;
}

int dm_move(dm_state *s, int seat, int k, int to, int mark, json_t *ev, char **why)
{
    int rc = phase_is(s, seat, DM_PH_MOVE, why);
    if (rc)
        return rc;
    int steps = move_steps(s, seat, k, to, why);
    if (steps < 0)
        return WB_EILLEGAL;
    dm_unit *u = &s->p[seat].u[k];
    int from = u->space;
    char a[16], b[16];
    dm_space_id(s->board, from, a);
    dm_space_id(s->board, to, b);
    u->space = to;
    u->steps += steps;
    left_space(s, seat, from, from == u->start, mark);
    dm_cell *c = &s->cell[to];
    const char *how = "moved";
    if (c->cube && c->owner != seat) { /* conquered: the cube goes home */
        s->p[c->owner].cubes++;
        c->cube = 0;
        c->owner = seat;
        u->stopped = 1;
        how = "conquered";
    } else if ((s->board->sp[to].tags & DM_T_WAR) && c->owner != seat) {
        u->war = s->round;
        u->stopped = 1;
        how = "joined_war";
    } else {
        c->owner = seat;
    }
    dm_ev_add(ev, json_pack("{s:s, s:i, s:i, s:s, s:s, s:i}", "type", how, "seat", seat, "unit",
                            k, "from", a, "to", b, "steps", steps));
    return WB_OK;
}

int dm_attack_losses(const int *strength, int n, int defence)
{
    int sum = 0;
    for (int i = 0; i < n; i++) {
        sum += strength[i];
        if (sum > defence)
            return i;
    }
    return -1;
}

static int defence_of(const dm_state *s, int space, int *def_seat)
{
    int d = units_owner(s, space), total = 0;
    if (d < 0 && s->cell[space].base)
        d = s->cell[space].owner;
    *def_seat = d;
    if (d < 0)
        return 0;
    total += dm_units_on(s, d, space) * dm_strength_at(s, d, space);
    if (s->cell[space].owner == d)
        total += s->cell[space].base;
    return total;
}

int dm_attack_check(const dm_state *s, int seat, int space, const int *units, int n,
                    char **why)
{
    int d;
    if (space < 0 || space >= nspaces(s) || !enemy_piece(s, seat, space))
        return refuse(why, WB_EILLEGAL, "%s", "attack a space with another player's units or base");
    if (n < 1 || n > DM_UNITS)
        return refuse(why, WB_EILLEGAL, "%s", "attack with 1 to 6 of your units");
    for (int i = 0; i < n; i++) {
        int k = units[i];
        if (k < 0 || k >= DM_UNITS || s->p[seat].u[k].space < 0)
            return refuse(why, WB_EILLEGAL, "%s", "no such unit of yours on the board");
        for (int j = 0; j < i; j++)
            if (units[j] == k)
                return refuse(why, WB_EILLEGAL, "%s", "each unit attacks once");
        const dm_unit *u = &s->p[seat].u[k];
        if (dist(s, u->space, space) != 1)
            return refuse(why, WB_EILLEGAL, "%s", "attackers stand next to the space they attack");
        if (!unit_can_move(s, seat, k) || u->steps)
            return refuse(why, WB_EILLEGAL, "%s",
                          "an attacking unit moves just the one space: it must not have moved");
    }
    int def = defence_of(s, space, &d), str = dm_strength_at(s, seat, space);
    if (str * n <= def) {
        *why = game_why("attackers must be stronger: %d x %d against %d", n, str, def);
        return WB_EILLEGAL;
    }
    return WB_OK;
}

int dm_attack(dm_state *s, int seat, int space, const int *units, int n, json_t *ev,
              char **why)
{
    int rc = phase_is(s, seat, DM_PH_MOVE, why), d;
    if (rc || (rc = dm_attack_check(s, seat, space, units, n, why)))
        return rc;
    int def = defence_of(s, space, &d), str = dm_strength_at(s, seat, space);
    int strength[DM_UNITS];
    for (int i = 0; i < n; i++)
        strength[i] = str;
    int lost = dm_attack_losses(strength, n, def);
    int killed = 0, base = s->cell[space].owner == d ? s->cell[space].base : 0;
    for (int k = 0; k < DM_UNITS; k++)
        if (s->p[d].u[k].space == space) {
            dm_remove_unit(s, d, k);
            killed++;
        }
    if (s->cell[space].cube && s->cell[space].owner >= 0)
        s->p[s->cell[space].owner].cubes++;
    s->cell[space].base = 0;
    s->cell[space].cube = 0;
    s->cell[space].owner = seat;
    for (int i = 0; i < n; i++) {
        dm_unit *u = &s->p[seat].u[units[i]];
        int from = u->space, began = from == u->start;
        if (i < lost)
            dm_remove_unit(s, seat, units[i]);
        else {
            u->space = space;
            u->steps = 1;
            u->stopped = 1;
        }
        left_space(s, seat, from, began, 1);
    }
    char id[16];
    dm_space_id(s->board, space, id);
    dm_ev_add(ev, json_pack("{s:s, s:i, s:i, s:s, s:i, s:i, s:i, s:i, s:i}", "type", "battle",
                            "seat", seat, "defender", d, "space", id, "attack", str * n, "defence",
                            def, "attackers_lost", lost, "units_removed", killed, "base_removed",
                            base));
    if (dm_on_vacation(s, d))
        dm_track(s, seat, 1, -1, ev);
    dm_gain_vp(s, seat, killed + base / 2, "battle", ev);
    dm_check_neutralized(s, d, seat, ev);
    return WB_OK;
}

/* --- buying --------------------------------------------------------------------- */

int dm_build_check(const dm_state *s, int seat, int space, char **why)
{
    if (space < 0 || space >= nspaces(s))
        return refuse(why, WB_EILLEGAL, "%s", "no such space");
    if (s->p[seat].bought_unit)
        return refuse(why, WB_EILLEGAL, "%s", "bases come before units");
    if (!dm_units_on(s, seat, space))
        return refuse(why, WB_EILLEGAL, "%s", "a new base goes where you have units");
    if (s->board->sp[space].tags & DM_T_SEA)
        return refuse(why, WB_EILLEGAL, "%s", "no bases at sea");
    /* A war zone is the player's only when its war is won. */
    if ((s->board->sp[space].tags & DM_T_WAR) && s->cell[space].owner != seat)
        return refuse(why, WB_EILLEGAL, "%s", "the war for this space is not won yet");
    if (s->cell[space].base)
        return refuse(why, WB_EILLEGAL, "%s", "there is a base already");
    if (bases_of(s, seat) >= DM_BASES)
        return refuse(why, WB_EILLEGAL, "%s", "all your base tokens are on the board");
    if (s->p[seat].res < 4)
        return refuse(why, WB_EILLEGAL, "%s", "a new base costs 4");
    return WB_OK;
}

int dm_upgrade_check(const dm_state *s, int seat, int space, char **why)
{
    if (space < 0 || space >= nspaces(s) || s->cell[space].owner != seat || !s->cell[space].base)
        return refuse(why, WB_EILLEGAL, "%s", "upgrade one of your bases");
    if (s->p[seat].bought_unit)
        return refuse(why, WB_EILLEGAL, "%s", "bases come before units");
    if (s->cell[space].base >= 10)
        return refuse(why, WB_EILLEGAL, "%s", "10 is the strongest base");
    if (s->cell[space].stepped == s->round)
        return refuse(why, WB_EILLEGAL, "%s", "a base goes up one step a round (building counts)");
    if (s->p[seat].res < s->cell[space].base + 2)
        return refuse(why, WB_EILLEGAL, "%s", "an upgrade costs the new strength");
    return WB_OK;
}

int dm_recruit_check(const dm_state *s, int seat, int space, char **why)
{
    if (space < 0 || space >= nspaces(s) || s->cell[space].owner != seat || !s->cell[space].base)
        return refuse(why, WB_EILLEGAL, "%s", "a new unit is placed on one of your bases");
    if (units_on_board(s, seat) >= DM_UNITS)
        return refuse(why, WB_EILLEGAL, "%s", "all six of your units are on the board");
    if (s->p[seat].res < s->cell[space].base)
        return refuse(why, WB_EILLEGAL, "%s", "a unit costs the strength of its base");
    return WB_OK;
}

int dm_build(dm_state *s, int seat, int space, json_t *ev, char **why)
{
    int rc = phase_is(s, seat, DM_PH_BUY, why);
    if (rc || (rc = dm_build_check(s, seat, space, why)))
        return rc;
    dm_cell *c = &s->cell[space];
    if (c->cube && c->owner == seat)
        s->p[seat].cubes++, c->cube = 0; /* the base marks it now */
    c->base = 4;
    c->owner = seat;
    c->stepped = s->round;
    dm_pay(s, seat, 4);
    char id[16];
    dm_space_id(s->board, space, id);
    dm_ev_add(ev, json_pack("{s:s, s:i, s:s}", "type", "built", "seat", seat, "space", id));
    return WB_OK;
}

int dm_upgrade(dm_state *s, int seat, int space, json_t *ev, char **why)
{
    int rc = phase_is(s, seat, DM_PH_BUY, why);
    if (rc || (rc = dm_upgrade_check(s, seat, space, why)))
        return rc;
    dm_cell *c = &s->cell[space];
    c->base += 2;
    c->stepped = s->round;
    dm_pay(s, seat, c->base);
    char id[16];
    dm_space_id(s->board, space, id);
    dm_ev_add(ev, json_pack("{s:s, s:i, s:s, s:i}", "type", "upgraded", "seat", seat, "space", id,
                            "base", c->base));
    return WB_OK;
}

int dm_recruit(dm_state *s, int seat, int space, json_t *ev, char **why)
{
    int rc = phase_is(s, seat, DM_PH_BUY, why);
    if (rc || (rc = dm_recruit_check(s, seat, space, why)))
        return rc;
    dm_pay(s, seat, s->cell[space].base);
    dm_place_unit(s, seat, space);
    s->p[seat].bought_unit = 1;
    char id[16];
    dm_space_id(s->board, space, id);
    dm_ev_add(ev, json_pack("{s:s, s:i, s:s}", "type", "recruited", "seat", seat, "space", id));
    return WB_OK;
}

int dm_done(dm_state *s, int seat, json_t *ev, char **why)
{
    int rc = phase_is(s, seat, s->phase == DM_PH_BUY ? DM_PH_BUY : DM_PH_MOVE, why);
    if (rc)
        return rc;
    dm_ev_add(ev, json_pack("{s:s, s:i, s:s}", "type", "done", "seat", seat, "phase",
                            dm_phase_names[s->phase]));
    s->turn++;
    seek_turn(s);
    dm_advance(s, ev);
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
    parts[1] = units_on_board(s, seat);
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
