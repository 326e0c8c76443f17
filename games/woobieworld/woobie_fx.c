/*
 * woobie_fx.c - Woobieworld's effect interpreter: runs a card's steps one
 * at a time, in order, each seeing what the previous did, as the rules ask
 * ("performing the action described in each sentence before going on to
 * the next").
 *
 * A step that needs someone to choose (an area, an industry, the side of
 * an OR card, the colour of a piece gained, the kind of a piece lost, an
 * environment to remove) sets a pending decision (run.ask, run.ask_seat)
 * and stops; ww_fx_decide() feeds the answer back into the same step and
 * runs on.  Choices with one candidate are made at once, and a choice that
 * does not matter (losing every piece one has) is not asked.  The progress
 * through a step (which home, which term, how many pieces left) lives in
 * the state, so a saved match resumes in the middle of a card.
 *
 * Homes in turn: a step acting on several homes takes them clockwise
 * (in seat order) starting with the card's player; each gains all it can
 * before the next, so when the supply runs dry the later homes get less or
 * nothing.  Losses go back to the supply and never run dry.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "game.h"
#include "woobie_int.h"

const char *const ww_ask_names[] = {"none", "side", "area", "industry",
                                    "gain", "lose", "place", "environment"};

/* --- reading the board -------------------------------------------------------- */

/* The area a register names: X, Y, or the card player's home (REG_ME). */
static int reg_area(const ww_state *s, int reg)
{
    return reg == REG_ME ? s->seat[s->run.player].home : s->run.reg[reg];
}

static int colour_value(const ww_state *s, int colour)
{
    return colour == COL_C ? s->run.colour : colour;
}

static int area_ok(const ww_state *s, const ww_step *st, int a)
{
    const ww_area *ar = &s->map->a[a];
    int f = st->filter, home = ww_home_of(s, a);
    if (((f & F_LAND) && ar->water) || ((f & F_WATER) && !ar->water) ||
        ((f & F_COASTAL) && !ar->coastal) || ((f & F_INLAND) && (ar->water || ar->coastal)) ||
        ((f & F_MOUNTAIN) && !ar->mountain) || ((f & F_HOME) && home < 0) ||
        ((f & F_MYHOME) && home != s->run.player) ||
        ((f & F_OTHERHOME) && (home < 0 || home == s->run.player)) ||
        ((f & F_NOTHOME) && home >= 0) || ((f & F_ANARCHS) && !s->support[a][WW_ANARCH]))
        return 0;
    if (f & F_INDUSTRY) {
        int c = colour_value(s, st->colour), n = 0;
        for (int k = 0; k < WW_COLOURS; k++)
            n += (c < 0 || c == k) ? s->industries[a][k] : 0;
        if (!n || (st->colour == COL_C && c < 0))
            return 0;
    }
    if (f & (F_NEAR | F_ADJ)) {
        int r = reg_area(s, st->reg2);
        if (r < 0 || !((f & F_NEAR ? ww_near(s->map, r) : s->map->adj[r]) >> a & 1))
            return 0;
    }
    return 1;
}

/* A home or an area a step works on. */
typedef struct unit {
    int area, seat; /* seat: whose home it is, or -1 */
} unit;

/* The homes (clockwise from the card's player) or areas a step targets. */
static int units(const ww_state *s, const ww_step *st, unit u[])
{
    int n = 0, p = s->run.player;
    uint64_t set = 0;
    switch (st->target) {
    case T_ME:
        if (s->seat[p].home >= 0)
            u[n++] = (unit){s->seat[p].home, p};
        return n;
    case T_REG: {
        int a = reg_area(s, st->reg);
        if (a >= 0)
            u[n++] = (unit){a, ww_home_of(s, a)};
        return n;
    }
    case T_AREAS:
    case T_BOARD: {
        int a = reg_area(s, st->reg);
        set = st->target == T_BOARD ? ~UINT64_C(0) : a >= 0 ? ww_near(s->map, a) : 0;
        for (int i = 0; i < s->map->n; i++)
            if (set >> i & 1)
                u[n++] = (unit){i, ww_home_of(s, i)};
        return n;
    }
    case T_NEAR: {
        int a = reg_area(s, st->reg);
        if (a < 0)
            return 0;
        set = ww_near(s->map, a);
        break;
    }
    default: /* T_ALL, T_OTHERS */
        set = ~UINT64_C(0);
        break;
    }
    for (int k = 0; k < s->nseats; k++) {
        int seat = (p + k) % s->nseats, h = s->seat[seat].home;
        if (h >= 0 && (set >> h & 1) && !(st->target == T_OTHERS && seat == p))
            u[n++] = (unit){h, seat};
    }
    return n;
}

/* --- moving pieces --------------------------------------------------------------- */

static json_t *area_id(const ww_state *s, int a) { return json_string(s->map->a[a].id); }

/* Move `n` pieces of `kind` between the supply and `area` (n < 0: to the
 * supply), with an event. */
static void support_move(ww_state *s, int area, int kind, int n, json_t *ev)
{
    if (!n)
        return;
    s->support[area][kind] += n;
    s->supply[kind] -= n;
    int home = ww_home_of(s, area);
    game_event(ev, "{s:s, s:o, s:o, s:s, s:i}", "type", n > 0 ? "gain" : "lose", "area",
                   area_id(s, area), "seat", home >= 0 ? json_integer(home) : json_null(),
                   "kind", ww_kind_names[kind], "n", n > 0 ? n : -n);
}

static int min_i(int a, int b) { return a < b ? a : b; }

static int term_count(const ww_state *s, int count)
{
    return count == AMT_N ? s->run.counter : count;
}

/* The kinds a loss of `kind` may take (a bit per support kind). */
static unsigned lose_mask(int kind)
{
    return kind == K_CHOICE_ANY ? 0x1fu : kind == K_CHOICE_COLOURED ? 0x0fu : 1u << kind;
}

static int pieces_in(const ww_state *s, int area, unsigned mask)
{
    int n = 0;
    for (int k = 0; k < WW_KINDS; k++)
        n += (mask >> k & 1) ? s->support[area][k] : 0;
    return n;
}

/* Lose up to run.left pieces of the kinds in `mask` from u, the owner
 * choosing piece by piece when it matters.  1 done, 0 waiting. */
static int lose_pieces(ww_state *s, const unit *u, unsigned mask, int *choice, json_t *ev)
{
    ww_run *r = &s->run;
    while (r->left > 0) {
        int have = pieces_in(s, u->area, mask), kinds = 0, only = -1;
        for (int k = 0; k < WW_KINDS; k++)
            if ((mask >> k & 1) && s->support[u->area][k])
                kinds++, only = k;
        if (have == 0) {
            r->left = 0;
        } else if (r->left >= have) { /* no choice: everything goes */
            for (int k = 0; k < WW_KINDS; k++)
                if (mask >> k & 1)
                    support_move(s, u->area, k, -s->support[u->area][k], ev);
            r->left = 0;
        } else if (kinds == 1) {
            support_move(s, u->area, only, -r->left, ev);
            r->left = 0;
        } else if (*choice >= 0) {
            support_move(s, u->area, *choice, -1, ev);
            *choice = -1;
            r->left--;
        } else {
            r->ask = ASK_LOSE;
            r->ask_seat = u->seat >= 0 ? u->seat : r->player;
            return 0;
        }
    }
    return 1;
}

/* One term of a gain for one unit.  1 done, 0 waiting. */
static int gain_term(ww_state *s, const unit *u, const ww_term *t, int *choice, json_t *ev)
{
    ww_run *r = &s->run;
    int n = term_count(s, t->count);
    if (t->kind == WW_ANARCH)
        support_move(s, u->area, WW_ANARCH, min_i(n, s->supply[WW_ANARCH]), ev);
    if (u->seat < 0) /* coloured support lives in homes only */
        return 1;
    if (t->kind < WW_COLOURS)
        support_move(s, u->area, t->kind, min_i(n, s->supply[t->kind]), ev);
    if (t->kind == K_MATCHING)
        for (int k = 0; k < WW_COLOURS; k++)
            support_move(s, u->area, k, min_i(n * r->tally[k], s->supply[k]), ev);
    if (t->kind != K_CHOICE_COLOURED)
        return 1;
    if (r->left < 0)
        r->left = n;
    while (r->left > 0) {
        int avail = 0, only = -1;
        for (int k = 0; k < WW_COLOURS; k++)
            if (s->supply[k])
                avail++, only = k;
        if (!avail) {
            r->left = 0;
        } else if (avail == 1 || *choice >= 0) {
            support_move(s, u->area, avail == 1 ? only : *choice, 1, ev);
            *choice = -1;
            r->left--;
        } else {
            r->ask = ASK_GAIN;
            r->ask_seat = u->seat;
            return 0;
        }
    }
    return 1;
}

/* One term of a loss for one unit.  1 done, 0 waiting. */
static int lose_term(ww_state *s, const unit *u, const ww_term *t, int *choice, json_t *ev)
{
    ww_run *r = &s->run;
    int n = term_count(s, t->count);
    if (t->kind == K_MATCHING) {
        /* "of each colour for each industry removed": a piece of the
         * matching colour per removed industry, as far as the home has
         * them; other colours and Anarchs untouched. */
        for (int k = 0; k < WW_COLOURS; k++)
            support_move(s, u->area, k, -min_i(n * r->tally[k], s->support[u->area][k]), ev);
        return 1;
    }
    unsigned mask = lose_mask(t->kind);
    if (r->left < 0)
        r->left = t->count == AMT_ALL ? pieces_in(s, u->area, mask) : n;
    return lose_pieces(s, u, mask, choice, ev);
}

/* --- the steps ---------------------------------------------------------------------- */

typedef int (*op_fn)(ww_state *s, const ww_step *st, int *choice, json_t *ev);

static int area_cands(const ww_state *s, const ww_step *st, int out[])
{
    int n = 0;
    for (int a = 0; a < s->map->n; a++)
        if (area_ok(s, st, a))
            out[n++] = a;
    return n;
}

/* Industries as area * 4 + colour. */
static int industry_cands(const ww_state *s, const ww_step *st, int out[])
{
    int n = 0, c = colour_value(s, st->colour);
    if (st->colour == COL_C && c < 0) /* "chooseind Y C": no colour was chosen */
        return 0;
    for (int a = 0; a < s->map->n; a++)
        for (int k = 0; k < WW_COLOURS; k++)
            if (s->industries[a][k] && (c < 0 || c == k) && area_ok(s, st, a))
                out[n++] = a * WW_COLOURS + k;
    return n;
}

static void chosen_event(ww_state *s, const char *what, int reg, json_t *ev)
{
    int a = s->run.reg[reg];
    json_t *e = json_pack("{s:s, s:s, s:s, s:o}", "type", "chosen", "what", what, "register",
                          reg == REG_X ? "X" : "Y", "area",
                          a >= 0 ? area_id(s, a) : json_null());
    if (e && !strcmp(what, "industry") && a >= 0)
        json_object_set_new(e, "colour", json_string(ww_kind_names[s->run.colour]));
    json_array_append_new(ev, e);
}

static int op_choose(ww_state *s, const ww_step *st, int *choice, json_t *ev)
{
    int c[WW_MAX_AREAS * WW_COLOURS], n, ind = st->op == OP_CHOOSE_IND;
    if (*choice < 0) {
        n = ind ? industry_cands(s, st, c) : area_cands(s, st, c);
        if (n > 1) {
            s->run.ask = ind ? ASK_INDUSTRY : ASK_AREA;
            s->run.ask_seat = s->run.player;
            return 0;
        }
        *choice = n ? c[0] : -1; /* one candidate: no need to ask */
    }
    if (ind) {
        s->run.reg[st->reg] = *choice < 0 ? -1 : *choice / WW_COLOURS;
        s->run.colour = *choice < 0 ? -1 : *choice % WW_COLOURS;
    } else {
        s->run.reg[st->reg] = *choice;
    }
    *choice = -1;
    chosen_event(s, ind ? "industry" : "area", st->reg, ev);
    return 1;
}

/* gain, lose and half: every unit, every term. */
static int op_pieces(ww_state *s, const ww_step *st, int *choice, json_t *ev)
{
    unit u[WW_MAX_AREAS];
    ww_run *r = &s->run;
    int nu = units(s, st, u);
    for (; r->unit < nu; r->unit++, r->term = 0, r->left = -1) {
        for (; r->term < st->nterms; r->term++, r->left = -1) {
            const ww_term *t = &st->t[r->term];
            int done;
            if (st->op == OP_GAIN) {
                done = gain_term(s, &u[r->unit], t, choice, ev);
            } else if (st->op == OP_LOSE) {
                done = lose_term(s, &u[r->unit], t, choice, ev);
            } else { /* half, rounded down: the loser keeps the odd piece */
                unsigned mask = lose_mask(t->kind);
                if (r->left < 0)
                    r->left = pieces_in(s, u[r->unit].area, mask) / 2;
                done = lose_pieces(s, &u[r->unit], mask, choice, ev);
            }
            if (!done)
                return 0;
        }
    }
    return 1;
}

static int op_remove_ind(ww_state *s, const ww_step *st, int *choice, json_t *ev)
{
    (void)choice;
    unit u[WW_MAX_AREAS];
    ww_step areas = *st;
    int removed[WW_COLOURS] = {0}, left = st->count == AMT_ALL ? 1 << 30 : st->count;
    int c = colour_value(s, st->colour), total = 0;
    json_t *where = json_array();
    if (areas.target == T_NEAR) /* industries in every neighbouring area */
        areas.target = T_AREAS;
    int nu = (st->colour == COL_C && c < 0) ? 0 : units(s, &areas, u);
    for (int i = 0; i < nu && left > 0; i++) {
        int here[WW_COLOURS] = {0}, any = 0;
        for (int k = 0; k < WW_COLOURS && left > 0; k++) {
            if (c >= 0 && c != k)
                continue;
            int n = min_i(left, s->industries[u[i].area][k]);
            s->industries[u[i].area][k] -= n;
            s->supply_ind[k] += n;
            here[k] = n, removed[k] += n, left -= n, total += n, any |= n;
        }
        if (any)
            json_array_append_new(where, json_pack("{s:o, s:i, s:i, s:i, s:i}", "area",
                                                   area_id(s, u[i].area), "red", here[0],
                                                   "yellow", here[1], "green", here[2], "blue",
                                                   here[3]));
    }
    for (int k = 0; k < WW_COLOURS; k++)
        s->run.tally[k] += removed[k];
    game_event(ev, "{s:s, s:i, s:o, s:[i,i,i,i]}", "type", "industries_removed", "n",
                   total, "areas", where, "tally", s->run.tally[0], s->run.tally[1],
                   s->run.tally[2], s->run.tally[3]);
    return 1;
}

static void industry_move(ww_state *s, int area, int colour, int n, json_t *ev)
{
    if (!n)
        return;
    s->industries[area][colour] += n;
    s->supply_ind[colour] -= n;
    game_event(ev, "{s:s, s:o, s:s, s:i}", "type", n > 0 ? "industry_placed"
                                                         : "industry_removed",
                   "area", area_id(s, area), "colour", ww_kind_names[colour], "n",
                   n > 0 ? n : -n);
}

static int op_place_ind(ww_state *s, const ww_step *st, int *choice, json_t *ev)
{
    ww_run *r = &s->run;
    int a = reg_area(s, st->reg), c = colour_value(s, st->colour);
    if (a < 0)
        return 1;
    if (st->colour != COL_CHOICE) {
        if (c >= 0)
            industry_move(s, a, c, min_i(st->count, s->supply_ind[c]), ev);
        return 1;
    }
    if (r->left < 0)
        r->left = st->count;
    while (r->left > 0) {
        int avail = 0, only = -1;
        for (int k = 0; k < WW_COLOURS; k++)
            if (s->supply_ind[k])
                avail++, only = k;
        if (!avail) {
            r->left = 0;
        } else if (avail == 1 || *choice >= 0) {
            industry_move(s, a, avail == 1 ? only : *choice, 1, ev);
            *choice = -1;
            r->left--;
        } else {
            r->ask = ASK_PLACE;
            r->ask_seat = r->player;
            return 0;
        }
    }
    return 1;
}

static int op_move(ww_state *s, const ww_step *st, int *choice, json_t *ev)
{
    (void)choice;
    int from = reg_area(s, st->reg), to = reg_area(s, st->reg2), c = s->run.colour;
    if (from < 0 || to < 0 || from == to)
        return 1;
    if (st->op == OP_MOVE_IND) {
        if (c < 0 || !s->industries[from][c])
            return 1;
        s->industries[from][c]--;
        s->industries[to][c]++;
        game_event(ev, "{s:s, s:o, s:o, s:s}", "type", "industry_moved", "from",
                       area_id(s, from), "to", area_id(s, to), "colour",
                       ww_kind_names[c]);
        return 1;
    }
    int n = st->count == AMT_ALL ? s->support[from][WW_ANARCH]
                                 : min_i(st->count, s->support[from][WW_ANARCH]);
    if (!n)
        return 1;
    s->support[from][WW_ANARCH] -= n;
    s->support[to][WW_ANARCH] += n;
    game_event(ev, "{s:s, s:o, s:o, s:i}", "type", "anarchs_moved", "from",
                   area_id(s, from), "to", area_id(s, to), "n", n);
    return 1;
}

static int env_cands(const ww_state *s, const ww_step *st, int out[])
{
    int n = 0;
    for (int i = 0; i < s->nenv; i++) {
        const ww_card *c = &s->deck->c[s->env[i].card];
        int match = st->what < 0;
        for (int k = 0; k < c->nsteps; k++)
            match |= c->s[k].what == st->what;
        if (match)
            out[n++] = s->env[i].card;
    }
    return n;
}

static int op_drop_env(ww_state *s, const ww_step *st, int *choice, json_t *ev)
{
    int c[WW_MAX_CARDS], n = env_cands(s, st, c);
    if (*choice < 0 && n > 1) {
        s->run.ask = ASK_ENV;
        s->run.ask_seat = s->run.player;
        return 0;
    }
    int card = *choice >= 0 ? *choice : n ? c[0] : -1;
    *choice = -1;
    if (card < 0) {
        game_event(ev, "{s:s}", "type", "no_environment");
        return 1;
    }
    for (int i = 0; i < s->nenv; i++)
        if (s->env[i].card == card) {
            memmove(&s->env[i], &s->env[i + 1], (size_t)(s->nenv - i - 1) * sizeof s->env[0]);
            s->nenv--;
            break;
        }
    s->discard[s->ndiscard++] = (int16_t)card;
    game_event(ev, "{s:s, s:o}", "type", "environment_removed", "card",
                   ww_card_json(s->deck, card));
    return 1;
}

static int op_count(ww_state *s, const ww_step *st, int *choice, json_t *ev)
{
    (void)choice;
    unit u[WW_MAX_AREAS];
    ww_step areas = *st;
    int n = 0, c = colour_value(s, st->colour);
    if (st->what == 0) {
        n = s->nvolcano;
    } else if (st->what == 3) {
        n = units(s, st, u); /* homes near */
    } else {
        if (areas.target == T_NEAR)
            areas.target = T_AREAS;
        int nu = units(s, &areas, u);
        for (int i = 0; i < nu; i++)
            for (int k = 0; k < WW_COLOURS; k++)
                n += st->what == 2 ? (k == 0 ? s->support[u[i].area][WW_ANARCH] : 0)
                                   : (c < 0 || c == k) ? s->industries[u[i].area][k] : 0;
    }
    s->run.counter = n;
    game_event(ev, "{s:s, s:i}", "type", "counted", "n", n);
    return 1;
}

static int op_extra(ww_state *s, const ww_step *st, int *choice, json_t *ev)
{
    (void)st, (void)choice;
    s->extra = 1;
    game_event(ev, "{s:s, s:i}", "type", "extra_play", "seat", s->run.player);
    return 1;
}

static int op_draw(ww_state *s, const ww_step *st, int *choice, json_t *ev)
{
    (void)choice;
    for (int i = 0; i < st->count && s->phase != P_OVER; i++)
        ww_draw(s, s->run.player, ev);
    return 1;
}

static int op_rule(ww_state *s, const ww_step *st, int *choice, json_t *ev)
{
    (void)s, (void)st, (void)choice, (void)ev; /* on the table, not played */
    return 1;
}

static const op_fn ops[OP_COUNT_] = {
    [OP_CHOOSE] = op_choose,       [OP_CHOOSE_IND] = op_choose,
    [OP_GAIN] = op_pieces,         [OP_LOSE] = op_pieces,
    [OP_HALF] = op_pieces,         [OP_REMOVE_IND] = op_remove_ind,
    [OP_PLACE_IND] = op_place_ind, [OP_MOVE_IND] = op_move,
    [OP_MOVE_ANARCH] = op_move,    [OP_RULE] = op_rule,
    [OP_DROP_ENV] = op_drop_env,   [OP_COUNT] = op_count,
    [OP_EXTRA] = op_extra,         [OP_DRAW] = op_draw,
};

/* --- running a card -------------------------------------------------------------- */

/* The card is done: discard it.  What comes next (another card, the end
 * of the turn) is the rules' (ww_fx_start's caller). */
static void finish(ww_state *s, json_t *ev)
{
    int card = s->run.card, player = s->run.player;
    s->discard[s->ndiscard++] = (int16_t)card;
    memset(&s->run, 0, sizeof s->run);
    s->run.card = -1;
    s->run.player = player;
    s->run.side = -1;
    s->run.reg[0] = s->run.reg[1] = s->run.colour = -1;
    s->run.left = -1;
    game_event(ev, "{s:s, s:i, s:i}", "type", "card_done", "seat", player, "card", card);
}

/* Run the card on from its step; 1 when it is done, 0 when it waits for
 * a decision (P_EFFECT). */
static int fx_run(ww_state *s, int choice, json_t *ev)
{
    ww_run *r = &s->run;
    const ww_card *c = &s->deck->c[r->card];
    r->ask = ASK_NONE;
    if (r->side < 0 && c->or_at) {
        if (choice < 0) {
            r->ask = ASK_SIDE;
            r->ask_seat = r->player;
            s->phase = P_EFFECT;
            return 0;
        }
        r->side = choice;
        r->step = choice ? c->or_at : 0;
        r->end = choice ? c->nsteps : c->or_at;
        choice = -1;
        game_event(ev, "{s:s, s:s}", "type", "side_chosen", "side",
                       r->side ? "second" : "first");
    }
    while (r->step < r->end) {
        if (!ops[c->s[r->step].op](s, &c->s[r->step], &choice, ev)) {
            s->phase = P_EFFECT;
            return 0;
        }
        if (s->phase == P_OVER)
            break;
        r->step++;
        r->unit = r->term = 0;
        r->left = -1;
    }
    finish(s, ev);
    return 1;
}

int ww_fx_start(ww_state *s, int card, json_t *ev)
{
    ww_run *r = &s->run;
    memset(r, 0, sizeof *r);
    r->card = card;
    r->player = s->player;
    r->side = -1;
    r->end = s->deck->c[card].nsteps;
    r->reg[0] = r->reg[1] = r->colour = -1;
    r->left = -1;
    game_event(ev, "{s:s, s:i, s:o}", "type", "card_played", "seat", s->player, "card",
                   ww_card_json(s->deck, card));
    return fx_run(s, -1, ev);
}

int ww_fx_decide(ww_state *s, int code, json_t *ev)
{
    game_event(ev, "{s:s, s:i, s:s}", "type", "decided", "seat", s->run.ask_seat, "ask",
                   ww_ask_names[s->run.ask]);
    return fx_run(s, code, ev);
}

int ww_fx_candidates(const ww_state *s, int out[], int max)
{
    const ww_run *r = &s->run;
    int tmp[WW_MAX_AREAS * WW_COLOURS + WW_MAX_CARDS], n = 0;
    if (s->phase != P_EFFECT || r->card < 0)
        return 0;
    const ww_step *st = &s->deck->c[r->card].s[r->step];
    switch (r->ask) {
    case ASK_SIDE:
        tmp[n++] = 0, tmp[n++] = 1;
        break;
    case ASK_AREA:
        n = area_cands(s, st, tmp);
        break;
    case ASK_INDUSTRY:
        n = industry_cands(s, st, tmp);
        break;
    case ASK_GAIN:
    case ASK_PLACE:
        for (int k = 0; k < WW_COLOURS; k++)
            if (r->ask == ASK_GAIN ? s->supply[k] : s->supply_ind[k])
                tmp[n++] = k;
        break;
    case ASK_LOSE: {
        unit u[WW_MAX_AREAS];
        int nu = units(s, st, u);
        unsigned mask = lose_mask(st->t[r->term].kind);
        for (int k = 0; r->unit < nu && k < WW_KINDS; k++)
            if ((mask >> k & 1) && s->support[u[r->unit].area][k])
                tmp[n++] = k;
        break;
    }
    case ASK_ENV:
        n = env_cands(s, st, tmp);
        break;
    default:
        break;
    }
    if (n > max)
        n = max;
    memcpy(out, tmp, (size_t)n * sizeof *out);
    return n;
}

const char *ww_choice_str(const ww_state *s, int code, char buf[64])
{
    switch (s->run.ask) {
    case ASK_SIDE:
        return code ? "second" : "first";
    case ASK_AREA:
        return s->map->a[code].id;
    case ASK_INDUSTRY:
        snprintf(buf, 64, "%s:%s", s->map->a[code / WW_COLOURS].id,
                 ww_kind_names[code % WW_COLOURS]);
        return buf;
    case ASK_GAIN:
    case ASK_PLACE:
    case ASK_LOSE:
        return ww_kind_names[code];
    case ASK_ENV:
        snprintf(buf, 64, "%d", code);
        return buf;
    default:
        return "";
    }
}

int ww_choice_parse(const ww_state *s, const char *str)
{
    int c[WW_MAX_AREAS * WW_COLOURS + WW_MAX_CARDS];
    char buf[64];
    int n = ww_fx_candidates(s, c, (int)(sizeof c / sizeof c[0]));
    for (int i = 0; str && i < n; i++)
        if (strcmp(ww_choice_str(s, c[i], buf), str) == 0)
            return c[i];
    return -1;
}

char *ww_fx_prompt(const ww_state *s)
{
    const ww_run *r = &s->run;
    const ww_card *c = &s->deck->c[r->card];
    switch (r->ask) {
    case ASK_SIDE:
        return game_why("%s: play the first side or the second (OR)", c->name);
    case ASK_AREA:
        return game_why("%s, step %d: choose an area (register %s)", c->name, r->step + 1,
                        c->s[r->step].reg == REG_X ? "X" : "Y");
    case ASK_INDUSTRY:
        return game_why("%s, step %d: choose an industry (area:colour)", c->name, r->step + 1);
    case ASK_GAIN:
        return game_why("%s: your home gains a coloured support; choose its colour (%d to go)",
                        c->name, r->left);
    case ASK_LOSE:
        return game_why("%s: your home loses a support; choose which (%d to go)", c->name,
                        r->left);
    case ASK_PLACE:
        return game_why("%s: choose the colour of the industry to place (%d to go)", c->name,
                        r->left);
    case ASK_ENV:
        return game_why("%s: choose the ENVIRONMENT card to remove from the table", c->name);
    default:
        return game_why("nothing to decide");
    }
}

/* The pending decision's candidates as the wire strings. */
json_t *ww_fx_choices_json(const ww_state *s)
{
    int c[WW_MAX_AREAS * WW_COLOURS + WW_MAX_CARDS];
    int n = ww_fx_candidates(s, c, (int)(sizeof c / sizeof c[0]));
    char buf[64];
    json_t *choices = json_array();
    for (int i = 0; i < n; i++)
        json_array_append_new(choices, json_string(ww_choice_str(s, c[i], buf)));
    return choices;
}
