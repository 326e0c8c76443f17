/*
 * dumb_rules.c - World Dumbination's action table: what drives the rules
 * of dumb_round.c (the set-up, the round, the players' steps).
 *
 * The table (at the end) declares every action once: who may send it
 * (any seat, the seat whose turn it is in phases 5 and 6, the bidder a
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
