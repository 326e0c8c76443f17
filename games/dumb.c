/*
 * dumb.c - World Dumbination as a game kind: options, views, the legal
 * actions and applying them.  The rules themselves are in dumb_rules.c;
 * this file only translates between JSON bodies and the rule steps.
 *
 * One table declares every action: its type, the phase it belongs to, a
 * lister (the legal bodies of a seat now, built with the same checks the
 * steps use) and an apply function.  Apply works on a copy of the state
 * and hands over its events only when the step succeeded, so a refused
 * action changes nothing.
 *
 * Secrets: a seat sees its own hand, its face-down cards, its First Goal
 * and its target; the others see counts and "face_down" until the flip
 * (phase 4).  Events about secret things carry "private_to".
 */
#include "dumb.h"

#include <stdlib.h>
#include <string.h>

#include "dumb_int.h"
#include "wb_err.h"
#include "wb_mem.h"

/* --- options ---------------------------------------------------------- */

#define DEFAULT_END_VP 15
#define DEFAULT_MAX_ROUNDS 0

static json_t *dm_options(void)
{
    json_t *o = json_object();
    json_object_set_new(o, "end_vp",
                        game_option("integer", json_integer(DEFAULT_END_VP),
                                    "the game ends one round after a player reaches this "
                                    "many VP (the rulebook: 15; raise it for a longer game)"));
    json_object_set_new(o, "short_game",
                        game_option("boolean", json_false(),
                                    "the rulebook's shorter game: no First Goals, 15 "
                                    "resources and 5 VP each, Level 2 from the second round"));
    json_object_set_new(o, "max_rounds",
                        game_option("integer", json_integer(DEFAULT_MAX_ROUNDS),
                                    "a house rule: the game also ends after this round (0: "
                                    "no limit, as in the rulebook)"));
    return o;
}

static int opt_int(const json_t *o, const char *k, int def, int lo, int hi, int *out, char **why)
{
    json_t *v = json_object_get(o, k);
    *out = def;
    if (!v)
        return 0;
    if (!json_is_integer(v) || json_integer_value(v) < lo || json_integer_value(v) > hi) {
        *why = game_why("option %s is an integer from %d to %d", k, lo, hi);
        return -1;
    }
    *out = (int)json_integer_value(v);
    return 0;
}

static int dm_create(const game_ctx *ctx, const char *const *players, size_t nplayers,
                     const json_t *options, uint64_t seed, void **state, char **why)
{
    (void)ctx, (void)players;
    int end_vp, max_rounds, short_game = 0;
    const char *key;
    json_t *v;
    *state = NULL;
    json_object_foreach((json_t *)(uintptr_t)options, key, v)
        if (strcmp(key, "end_vp") && strcmp(key, "short_game") && strcmp(key, "max_rounds")) {
            *why = game_why("unknown option \"%s\": end_vp, short_game, max_rounds", key);
            return WB_EINVAL;
        }
    v = json_object_get(options, "short_game");
    if (v && !json_is_boolean(v)) {
        *why = game_why("option short_game is true or false");
        return WB_EINVAL;
    }
    short_game = json_is_true(v);
    if (opt_int(options, "end_vp", DEFAULT_END_VP, 1, 1000, &end_vp, why) ||
        opt_int(options, "max_rounds", DEFAULT_MAX_ROUNDS, 0, 10000, &max_rounds, why))
        return WB_EINVAL;
    if (nplayers < DM_MIN_SEATS || nplayers > DM_MAX_SEATS) {
        *why = game_why("World Dumbination is for 2 to 5 players");
        return WB_EINVAL;
    }
    dm_state *s = NULL;
    int rc = dm_setup((int)nplayers, short_game, end_vp, max_rounds, seed, &s, why);
    *state = s;
    return rc;
}

static void dm_destroy(void *state) { free(state); }
static json_t *dm_kind_save(const void *state) { return dm_save(state); }
static int dm_kind_load(const json_t *saved, void **state, char **why)
{
    dm_state *s = NULL;
    int rc = dm_load(saved, &s, why);
    *state = s;
    return rc;
}

/* --- small helpers ------------------------------------------------------ */

static const char *slot_name(int k) { return k ? "right" : "left"; }

static json_t *space_json(const dm_state *s, int sp)
{
    char id[16];
    if (sp < 0)
        return json_null();
    dm_space_id(s->board, sp, id);
    return json_string(id);
}

static const dm_card *card(const dm_state *s, int c) { return &s->deck->c[c]; }

/* Cards and targets are face up from the flip (phase 4) to the end of the
 * round: in the movement and buying phases, and when the game is over. */
static int flipped(const dm_state *s)
{
    return s->phase == DM_PH_MOVE || s->phase == DM_PH_BUY || s->phase == DM_PH_OVER;
}

/* --- views ---------------------------------------------------------------- */

static json_t *slot_json(const dm_state *s, int seat, int k, int show)
{
    const dm_player *p = &s->p[seat];
    int c = p->slot[k];
    if (c == -1)
        return json_null();
    if (p->slot_hold[k] || show || (flipped(s) && p->slot_done[k]))
        return json_pack("{s:s, s:s}", "card", card(s, c == DM_GOAL_SLOT ? p->goal : c)->id,
                         "name", card(s, c == DM_GOAL_SLOT ? p->goal : c)->name);
    return json_string("face_down");
}

static json_t *seat_json(const dm_state *s, int seat, int viewer)
{
    const dm_player *p = &s->p[seat];
    int own = viewer == seat || viewer == GAME_SEAT_HOST;
    json_t *slots = json_array(), *proj = json_array(), *units = json_array();
    for (int k = 0; k < 2; k++)
        json_array_append_new(slots, slot_json(s, seat, k, own));
    for (int i = 0; i < p->nproj; i++)
        json_array_append_new(proj, json_string(card(s, p->proj[i])->id));
    int inbox = 0;
    for (int k = 0; k < DM_UNITS; k++) {
        const dm_unit *u = &p->u[k];
        if (u->space < 0) {
            inbox++;
            continue;
        }
        json_array_append_new(units, json_pack("{s:i, s:o, s:i, s:i, s:b, s:b}", "unit", k,
                                               "space", space_json(s, u->space), "strength",
                                               dm_strength_at(s, seat, u->space), "moved",
                                               u->steps, "stopped", u->stopped, "at_war",
                                               u->war != 0));
    }
    json_t *target;
    if (p->target < 0)
        target = json_null();
    else if (own || !(s->phase == DM_PH_PLAN || s->phase == DM_PH_AUCTION))
        target = json_string(dm_nation_names[p->target]);
    else
        target = json_string("face_down");
    json_t *o = json_pack(
        "{s:i, s:s, s:b, s:i, s:i, s:i, s:i, s:i, s:i, s:i, s:i, s:o, s:o, s:b, s:o, s:o, "
        "s:i, s:b, s:b}",
        "seat", seat, "nation", dm_nation_names[p->nation], "out", p->out, "ego", p->ego,
        "popularity", p->pop, "vp", p->vp, "resources", p->res, "income", dm_income(s, seat),
        "cubes", p->cubes, "hand", p->nhand, "units_in_box", inbox, "slots", slots, "target",
        target, "ready", p->ready, "projects", proj, "units", units, "moves",
        dm_moves(s, seat), "first_goal_done", p->goal_done, "on_vacation",
        p->vacation == s->round);
    if (p->sabotaged >= s->round)
        json_object_set_new(o, "sabotaged_until_round", json_integer(p->sabotaged));
    if (own) {
        json_t *hand = json_array();
        for (int i = 0; i < p->nhand; i++)
            json_array_append_new(hand, dm_card_json(card(s, p->hand[i])));
        json_object_set_new(o, "hand_cards", hand);
        json_object_set_new(o, "first_goal",
                            p->goal >= 0 ? dm_card_json(card(s, p->goal)) : json_null());
    }
    return o;
}

static json_t *board_json(const dm_state *s)
{
    json_t *a = json_array();
    for (int i = 0; i < s->board->nspaces; i++) {
        const dm_cell *c = &s->cell[i];
        int units[DM_MAX_SEATS], any = 0;
        for (int k = 0; k < s->nseats; k++)
            any |= (units[k] = dm_units_on(s, k, i)) != 0;
        if (c->owner < 0 && !c->cube && !c->base && c->radio < 0 && c->dumb < 0 && !any)
            continue;
        json_t *o = json_pack("{s:o}", "space", space_json(s, i));
        if (c->owner >= 0)
            json_object_set_new(o, "owner", json_integer(c->owner));
        if (c->cube)
            json_object_set_new(o, "cube", json_true());
        if (c->base)
            json_object_set_new(o, "base", json_integer(c->base));
        if (c->radio >= 0)
            json_object_set_new(o, "radioactive", json_integer(c->radio));
        if (c->dumb >= 0)
            json_object_set_new(o, "dumbness", c->dumb_up ? json_string(card(s, c->dumb)->id)
                                                          : json_string("face_down"));
        for (int k = 0; k < s->nseats; k++)
            if (units[k])
                json_object_set_new(o, "units", json_pack("{s:i, s:i}", "seat", k, "count",
                                                          units[k]));
        json_array_append_new(a, o);
    }
    return a;
}

static json_t *to_act_json(const dm_state *s)
{
    int act[DM_MAX_SEATS];
    json_t *a = json_array();
    dm_to_act(s, act);
    for (int i = 0; i < s->nseats; i++)
        if (act[i])
            json_array_append_new(a, json_integer(i));
    return a;
}

static json_t *dm_view(const void *state, int viewer)
{
    const dm_state *s = state;
    json_t *o = json_object(), *seats = json_array(), *order = json_array(),
           *peace = json_array();
    for (int i = 0; i < s->nseats; i++) {
        json_array_append_new(seats, seat_json(s, i, viewer));
        json_array_append_new(order, json_integer(s->order[i]));
    }
    for (int i = 0; i < DM_PEACE_SPOTS; i++)
        json_array_append_new(peace, s->peace[i] >= 0 ? json_integer(s->peace[i]) : json_null());
    json_object_set_new(o, "status", json_string(s->phase == DM_PH_OVER ? "finished" : "active"));
    json_object_set_new(o, "to_act", to_act_json(s));
    json_object_set_new(o, "phase", json_string(dm_phase_names[s->phase]));
    json_object_set_new(o, "round", json_integer(s->round));
    json_object_set_new(o, "order", order);
    json_object_set_new(o, "end_vp", json_integer(s->end_vp));
    json_object_set_new(o, "max_rounds", json_integer(s->max_rounds));
    json_object_set_new(o, "short_game", json_boolean(s->short_game));
    json_object_set_new(o, "last_round", s->last_round ? json_integer(s->last_round) : json_null());
    json_object_set_new(o, "peace_track", peace);
    json_object_set_new(o, "level1_pile", json_integer(s->npile[0]));
    json_object_set_new(o, "level2_pile", json_integer(s->npile[1]));
    json_object_set_new(o, "seats", seats);
    json_object_set_new(o, "board", board_json(s));
    if (s->phase == DM_PH_AUCTION)
        json_object_set_new(o, "auction",
                            json_pack("{s:s, s:s, s:i, s:o, s:i}", "card",
                                      card(s, s->auc_card)->id, "name",
                                      card(s, s->auc_card)->name, "high_bid", s->auc_high,
                                      "high_bidder", s->auc_bidder >= 0
                                                         ? json_integer(s->auc_bidder)
                                                         : json_null(),
                                      "bidder", s->order[s->auc_turn]));
    if (s->phase == DM_PH_OVER) {
        int score[DM_MAX_SEATS], win[DM_MAX_SEATS];
        json_t *w = json_array(), *sc = json_array(), *parts = json_array();
        dm_result(s, score, win);
        for (int i = 0; i < s->nseats; i++) {
            int pt[5];
            dm_score(s, i, pt);
            if (win[i])
                json_array_append_new(w, json_integer(i));
            json_array_append_new(sc, json_integer(score[i]));
            json_array_append_new(parts, json_pack("{s:i, s:i, s:i, s:i, s:i}", "vp", pt[0],
                                                   "units", pt[1], "income", pt[2],
                                                   "popularity", pt[3], "peace", pt[4]));
        }
        json_object_set_new(o, "winners", w);
        json_object_set_new(o, "scores", sc);
        json_object_set_new(o, "score_parts", parts);
    }
    return o;
}

/* --- actions: one table ---------------------------------------------------- */

typedef struct act_args {
    int card, slot, alt, corrupt, level, target, unit, space, mark, amount;
    int units[DM_UNITS], nunits;
} act_args;

typedef int (*apply_fn)(dm_state *s, int seat, const act_args *a, json_t *ev, char **why);
typedef void (*list_fn)(const dm_state *s, int seat, json_t *out);

static void add(json_t *out, json_t *a) { json_array_append_new(out, a); }

/* Listers: the legal bodies, from the same checks the steps make. */
static void list_goal(const dm_state *s, int seat, json_t *out)
{
    for (int c = 0; c < s->deck->ncards; c++)
        if (s->where[c] == DM_IN_GOAL && card(s, c)->nation == s->p[seat].nation)
            add(out, json_pack("{s:s, s:s}", "type", "pick_goal", "card", card(s, c)->id));
}

static void list_draw(const dm_state *s, int seat, json_t *out)
{
    (void)s, (void)seat;
    for (int lv = 1; lv <= 2; lv++)
        add(out, json_pack("{s:s, s:i}", "type", "draw", "level", lv));
}

static void list_plan(const dm_state *s, int seat, json_t *out)
{
    const dm_player *p = &s->p[seat];
    char *why = NULL;
    for (int k = 0; k < 2; k++) {
        if (p->slot[k] >= 0 && !p->slot_hold[k])
            add(out, json_pack("{s:s, s:s}", "type", "take_back", "slot", slot_name(k)));
        for (int i = 0; i < p->nhand; i++) {
            int c = p->hand[i];
            if (dm_place_check(s, seat, k, c, 0, &why) == WB_OK) {
                add(out, json_pack("{s:s, s:s, s:s}", "type", "place", "slot", slot_name(k),
                                   "card", card(s, c)->id));
                if (card(s, c)->nalt)
                    add(out, json_pack("{s:s, s:s, s:s, s:s}", "type", "place", "slot",
                                       slot_name(k), "card", card(s, c)->id, "choice",
                                       "second"));
            }
            free(why);
            why = NULL;
        }
        for (int corrupt = 0; corrupt < 2; corrupt++) {
            if (dm_place_check(s, seat, k, DM_GOAL_SLOT, corrupt, &why) == WB_OK) {
                json_t *a = json_pack("{s:s, s:s, s:s}", "type", "place", "slot",
                                      slot_name(k), "card", card(s, p->goal)->id);
                if (corrupt)
                    json_object_set_new(a, "corrupt", json_true());
                add(out, a);
            }
            free(why);
            why = NULL;
        }
    }
    for (int n = 0; n <= DM_NATIONS; n++) {
        int t = n < DM_NATIONS ? dm_seat_of_nation(s, n) : -1;
        int ok = n == DM_PEACE || (t >= 0 && t != seat && !s->p[t].out && s->p[t].nation == n);
        int locked = p->ego >= 10 && p->target >= 0 && p->target == p->prev_target;
        if (ok && n != p->target && !locked)
            add(out, json_pack("{s:s, s:s}", "type", "target", "nation", dm_nation_names[n]));
    }
    if (p->target >= 0)
        add(out, json_pack("{s:s}", "type", "ready"));
}

static void list_auction(const dm_state *s, int seat, json_t *out)
{
    int least = s->auc_high ? s->auc_high + 1 : card(s, s->auc_card)->cost;
    for (int b = least; b <= s->p[seat].res && b < least + 4; b++)
        add(out, json_pack("{s:s, s:i}", "type", "bid", "amount", b));
    add(out, json_pack("{s:s}", "type", "pass"));
}

static void list_move(const dm_state *s, int seat, json_t *out)
{
    int *reach = wb_malloc(sizeof(int) * (size_t)s->board->nspaces);
    char *why = NULL;
    for (int k = 0; k < DM_UNITS; k++) {
        if (!dm_reach(s, seat, k, reach))
            continue;
        for (int sp = 0; sp < s->board->nspaces; sp++)
            if (reach[sp] >= 0)
                add(out, json_pack("{s:s, s:i, s:o}", "type", "move", "unit", k, "to",
                                   space_json(s, sp)));
    }
    /* Attacks: every space next to units that have not moved, with all of
     * them (a smaller group may be sent too). */
    for (int sp = 0; sp < s->board->nspaces; sp++) {
        int units[DM_UNITS], n = 0;
        for (int k = 0; k < DM_UNITS; k++) {
            const dm_unit *u = &s->p[seat].u[k];
            if (u->space < 0 || u->steps || u->stopped)
                continue;
            for (int a = 0; a < s->board->sp[u->space].nadj; a++)
                if (s->board->sp[u->space].adj[a] == sp)
                    units[n++] = k;
        }
        if (n && dm_attack_check(s, seat, sp, units, n, &why) == WB_OK) {
            json_t *ua = json_array();
            for (int i = 0; i < n; i++)
                json_array_append_new(ua, json_integer(units[i]));
            add(out, json_pack("{s:s, s:o, s:o}", "type", "attack", "space", space_json(s, sp),
                               "units", ua));
        }
        free(why);
        why = NULL;
    }
    free(reach);
    add(out, json_pack("{s:s}", "type", "done"));
}

static void list_buy(const dm_state *s, int seat, json_t *out)
{
    char *why = NULL;
    static const struct {
        const char *type;
        int (*check)(const dm_state *, int, int, char **);
    } kinds[] = {{"build", dm_build_check}, {"upgrade", dm_upgrade_check},
                 {"recruit", dm_recruit_check}};
    for (size_t k = 0; k < sizeof kinds / sizeof kinds[0]; k++)
        for (int sp = 0; sp < s->board->nspaces; sp++) {
            if (kinds[k].check(s, seat, sp, &why) == WB_OK)
                add(out, json_pack("{s:s, s:o}", "type", kinds[k].type, "space",
                                   space_json(s, sp)));
            free(why);
            why = NULL;
        }
    add(out, json_pack("{s:s}", "type", "done"));
}

static int ap_goal(dm_state *s, int seat, const act_args *a, json_t *ev, char **why)
{
    return dm_pick_goal(s, seat, a->card, ev, why);
}
static int ap_draw(dm_state *s, int seat, const act_args *a, json_t *ev, char **why)
{
    return dm_draw(s, seat, a->level, ev, why);
}
static int ap_place(dm_state *s, int seat, const act_args *a, json_t *ev, char **why)
{
    int c = a->card;
    if (c >= 0 && c == s->p[seat].goal && !s->p[seat].goal_done)
        c = DM_GOAL_SLOT;
    return dm_place(s, seat, a->slot, c, a->alt, a->corrupt, ev, why);
}
static int ap_take_back(dm_state *s, int seat, const act_args *a, json_t *ev, char **why)
{
    return dm_unplace(s, seat, a->slot, ev, why);
}
static int ap_target(dm_state *s, int seat, const act_args *a, json_t *ev, char **why)
{
    return dm_set_target(s, seat, a->target, ev, why);
}
static int ap_ready(dm_state *s, int seat, const act_args *a, json_t *ev, char **why)
{
    (void)a;
    return dm_ready(s, seat, ev, why);
}
static int ap_bid(dm_state *s, int seat, const act_args *a, json_t *ev, char **why)
{
    if (a->amount < 1) {
        *why = game_why("a bid is a positive amount (or pass)");
        return WB_EILLEGAL;
    }
    return dm_bid(s, seat, a->amount, ev, why);
}
static int ap_pass(dm_state *s, int seat, const act_args *a, json_t *ev, char **why)
{
    (void)a;
    return dm_bid(s, seat, 0, ev, why);
}
static int ap_move(dm_state *s, int seat, const act_args *a, json_t *ev, char **why)
{
    return dm_move(s, seat, a->unit, a->space, a->mark, ev, why);
}
static int ap_attack(dm_state *s, int seat, const act_args *a, json_t *ev, char **why)
{
    return dm_attack(s, seat, a->space, a->units, a->nunits, ev, why);
}
static int ap_build(dm_state *s, int seat, const act_args *a, json_t *ev, char **why)
{
    return dm_build(s, seat, a->space, ev, why);
}
static int ap_upgrade(dm_state *s, int seat, const act_args *a, json_t *ev, char **why)
{
    return dm_upgrade(s, seat, a->space, ev, why);
}
static int ap_recruit(dm_state *s, int seat, const act_args *a, json_t *ev, char **why)
{
    return dm_recruit(s, seat, a->space, ev, why);
}
static int ap_done(dm_state *s, int seat, const act_args *a, json_t *ev, char **why)
{
    (void)a;
    return dm_done(s, seat, ev, why);
}

/* Members an action body carries (bits). */
enum { M_CARD = 1, M_SLOT = 2, M_LEVEL = 4, M_NATION = 8, M_UNIT = 16, M_TO = 32,
       M_SPACE = 64, M_UNITS = 128, M_AMOUNT = 256 };

static const struct action {
    const char *type;
    dm_phase phase; /* the phase it belongs to; DM_NPHASES: move or buy */
    int members;
    apply_fn apply;
    list_fn list;   /* NULL: listed by another entry's lister */
} actions[] = {
    {"pick_goal", DM_PH_GOAL, M_CARD, ap_goal, list_goal},
    {"draw", DM_PH_DRAW, M_LEVEL, ap_draw, list_draw},
    {"place", DM_PH_PLAN, M_SLOT | M_CARD, ap_place, list_plan},
    {"take_back", DM_PH_PLAN, M_SLOT, ap_take_back, NULL},
    {"target", DM_PH_PLAN, M_NATION, ap_target, NULL},
    {"ready", DM_PH_PLAN, 0, ap_ready, NULL},
    {"bid", DM_PH_AUCTION, M_AMOUNT, ap_bid, list_auction},
    {"pass", DM_PH_AUCTION, 0, ap_pass, NULL},
    {"move", DM_PH_MOVE, M_UNIT | M_TO, ap_move, list_move},
    {"attack", DM_PH_MOVE, M_SPACE | M_UNITS, ap_attack, NULL},
    {"build", DM_PH_BUY, M_SPACE, ap_build, list_buy},
    {"upgrade", DM_PH_BUY, M_SPACE, ap_upgrade, NULL},
    {"recruit", DM_PH_BUY, M_SPACE, ap_recruit, NULL},
    {"done", DM_NPHASES, 0, ap_done, NULL},
};

static json_t *dm_actions(const void *state, int seat)
{
    const dm_state *s = state;
    int act[DM_MAX_SEATS];
    json_t *out = json_array();
    dm_to_act(s, act);
    if (seat < 0 || seat >= s->nseats || !act[seat])
        return out;
    for (size_t i = 0; i < sizeof actions / sizeof actions[0]; i++)
        if (actions[i].list && actions[i].phase == s->phase)
            actions[i].list(s, seat, out);
    return out;
}

/* Read the members of `body` that `members` names into *a; WB_EINVAL with
 * *why when one is missing or of the wrong shape. */
static int read_args(const dm_state *s, int members, const json_t *body, act_args *a,
                     char **why)
{
    memset(a, 0, sizeof *a);
    a->card = a->space = a->target = a->unit = -1;
    a->mark = 1;
    if (members & M_CARD) {
        const char *id = json_string_value(json_object_get(body, "card"));
        if (!id) {
            *why = game_why("this action names a \"card\" (its id)");
            return WB_EINVAL;
        }
        a->card = dm_card_find(s->deck, id);
        const char *ch = json_string_value(json_object_get(body, "choice"));
        a->alt = ch && strcmp(ch, "second") == 0;
        a->corrupt = json_is_true(json_object_get(body, "corrupt"));
    }
    if (members & M_SLOT) {
        const char *sl = json_string_value(json_object_get(body, "slot"));
        if (!sl || (strcmp(sl, "left") && strcmp(sl, "right"))) {
            *why = game_why("\"slot\" is \"left\" or \"right\"");
            return WB_EINVAL;
        }
        a->slot = strcmp(sl, "right") == 0;
    }
    if (members & M_LEVEL) {
        json_t *v = json_object_get(body, "level");
        if (!json_is_integer(v)) {
            *why = game_why("\"level\" is 1 or 2");
            return WB_EINVAL;
        }
        a->level = json_integer_value(v) == 1 ? 1 : json_integer_value(v) == 2 ? 2 : 0;
    }
    if (members & M_NATION) {
        const char *n = json_string_value(json_object_get(body, "nation"));
        if (!n) {
            *why = game_why("\"nation\": usa, russia, north-korea, venezuela, turkey or peace");
            return WB_EINVAL;
        }
        for (int k = 0; k <= DM_NATIONS; k++)
            if (strcmp(n, dm_nation_names[k]) == 0)
                a->target = k;
    }
    if (members & M_UNIT) {
        json_t *v = json_object_get(body, "unit");
        if (!json_is_integer(v)) {
            *why = game_why("\"unit\" is the number of one of your units (0-5)");
            return WB_EINVAL;
        }
        a->unit = json_integer_value(v) >= 0 && json_integer_value(v) < DM_UNITS
                      ? (int)json_integer_value(v) : -1;
        json_t *m = json_object_get(body, "mark");
        if (m && !json_is_boolean(m)) {
            *why = game_why("\"mark\" is true (leave a cube where the unit began) or false");
            return WB_EINVAL;
        }
        a->mark = !json_is_false(m);
    }
    if (members & (M_TO | M_SPACE)) {
        const char *key = members & M_TO ? "to" : "space";
        const char *id = json_string_value(json_object_get(body, key));
        if (!id) {
            *why = game_why("\"%s\" is a space id such as \"h-3-6\"", key);
            return WB_EINVAL;
        }
        a->space = dm_space_find(s->board, id);
    }
    if (members & M_UNITS) {
        json_t *u = json_object_get(body, "units"), *v;
        size_t i;
        if (!json_is_array(u) || json_array_size(u) > DM_UNITS) {
            *why = game_why("\"units\" is an array of up to 6 unit numbers");
            return WB_EINVAL;
        }
        json_array_foreach(u, i, v) {
            if (!json_is_integer(v)) {
                *why = game_why("\"units\" is an array of unit numbers");
                return WB_EINVAL;
            }
            a->units[a->nunits++] = json_integer_value(v) >= 0 &&
                                            json_integer_value(v) < DM_UNITS
                                        ? (int)json_integer_value(v) : -1;
        }
    }
    if (members & M_AMOUNT) {
        json_t *v = json_object_get(body, "amount");
        if (!json_is_integer(v)) {
            *why = game_why("\"amount\" is a whole number of resources");
            return WB_EINVAL;
        }
        a->amount = json_integer_value(v) > 0 && json_integer_value(v) < 1000000
                        ? (int)json_integer_value(v) : 0;
    }
    return WB_OK;
}

static int dm_apply(void *state, const game_ctx *ctx, int seat, const json_t *action,
                    json_t *events, char **why)
{
    (void)ctx;
    dm_state *s = state;
    const char *type = json_string_value(json_object_get(action, "type"));
    const struct action *ac = NULL;
    act_args a;
    for (size_t i = 0; type && i < sizeof actions / sizeof actions[0]; i++)
        if (strcmp(type, actions[i].type) == 0)
            ac = &actions[i];
    if (!ac) {
        *why = type ? game_why("unknown action \"%s\" (see games/DUMBINATION.md)", type)
                    : game_why("an action is an object with a string \"type\"");
        return WB_EINVAL;
    }
    int rc = read_args(s, ac->members, action, &a, why);
    if (rc)
        return rc;
    if (seat < 0 || seat >= s->nseats) {
        *why = game_why("only the players act in World Dumbination");
        return WB_ENOTTURN;
    }
    dm_state *t = wb_malloc(sizeof *t);
    memcpy(t, s, sizeof *t);
    json_t *ev = json_array();
    rc = ac->apply(t, seat, &a, ev, why);
    if (!rc) {
        json_array_extend(events, ev);
        memcpy(s, t, sizeof *s);
    }
    json_decref(ev);
    free(t);
    return rc;
}

/* --- queries: the board and the cards ------------------------------------------ */

static int dm_query(const void *state, const game_ctx *ctx, int seat, const char *name,
                    const json_t *args, json_t **out, char **why)
{
    (void)ctx, (void)seat, (void)args, (void)why;
    const dm_state *s = state;
    if (strcmp(name, "board") == 0) {
        *out = dm_board_graph(s->board);
        return WB_OK;
    }
    if (strcmp(name, "board_svg") == 0) {
        char *svg = dm_board_svg(s->board);
        *out = json_pack("{s:s}", "svg", svg);
        free(svg);
        return WB_OK;
    }
    if (strcmp(name, "cards") == 0) {
        json_t *a = json_array();
        for (int c = 0; c < s->deck->ncards; c++)
            json_array_append_new(a, dm_card_json(card(s, c)));
        *out = json_pack("{s:o}", "cards", a);
        return WB_OK;
    }
    return WB_ENOTFOUND;
}

const game_kind game_dumbination = {
    .name = "world-dumbination",
    .title = "World Dumbination",
    .min_players = DM_MIN_SEATS,
    .max_players = DM_MAX_SEATS,
    .options = dm_options,
    .create = dm_create,
    .destroy = dm_destroy,
    .save = dm_kind_save,
    .load = dm_kind_load,
    .view = dm_view,
    .actions = dm_actions,
    .apply = dm_apply,
    .deadline = NULL,
    .query = dm_query,
};
