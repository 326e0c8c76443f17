/*
 * whirlpool_rules.c - the rules of Whirlpool Pond (Tube Wars): the roll
 * for first player, the turn (roll, move counterclockwise with bumps, then
 * at most one action), the four actions with their exact conditions, and
 * the extortion negotiation: a pending decision of the target while a
 * demand waits for an answer (game_def.h).
 *
 * The actions are a table: who may send each (the seats rolling for first
 * player, the mover, the target of an extortion), in which phases, its
 * members, its check (the rules, nothing changed) and its apply.  The
 * framework validates bodies, refuses, lists the legal actions and
 * applies all-or-nothing.  Dice come only from the rng in the state.  The
 * choices where the rules text leaves something open are listed in
 * games/whirlpool/WHIRLPOOL.md.
 */
#include <stdlib.h>
#include <string.h>

#include "wb_err.h"
#include "whirlpool_int.h"

const char *const wp_phase_names[] = {"roll_off", "roll", "act", "extort", "finished"};

/* The eight directions a balloon flies: those of the drawing. */
#define dir_names game_graph_dirs

#define ROLLER (1u << 1) /* still to roll for first player */
#define MOVER (1u << 2)  /* the seat whose turn it is */
#define TARGET (1u << 3) /* the target of an extortion */
#define PH(p) (1u << (p))

/* Refuse with a reason; `why` may be NULL when only the verdict matters. */
#define no(why, ...) game_refuse(why, WB_EILLEGAL, __VA_ARGS__)

/* --- small facts ---------------------------------------------------------- */

static int occupant(const wp_state *s, int space)
{
    for (int i = 0; i < s->nseats; i++)
        if (s->tube[i].at == space)
            return i;
    return -1;
}

static int roll_die(wp_state *s)
{
    return (int)rng_below(&s->r, 6) + 1; /* ace 1 ... null 6 */
}

/* --- who may act (game_def hooks) ----------------------------------------- */

unsigned wp_roles(const void *st, int seat)
{
    const wp_state *s = st;
    unsigned r = 0;
    if (s->phase == WP_PH_ROLL_OFF && s->rolling[seat] && !s->rolls[seat])
        r |= ROLLER;
    if (seat == s->turn)
        r |= MOVER;
    if (s->phase == WP_PH_EXTORT && seat == s->deal.target)
        r |= TARGET;
    return r;
}

/* The thrower may hit at any moment of an extortion; the target only
 * answers, while a demand waits. */
int wp_to_act(const void *st, int seat)
{
    const wp_state *s = st;
    unsigned r = wp_roles(s, seat);
    return s->phase != WP_PH_OVER &&
           ((r & (ROLLER | MOVER)) || ((r & TARGET) && s->deal.waiting_target));
}

int wp_pending(const void *st, game_pending *out)
{
    const wp_state *s = st;
    if (s->phase != WP_PH_EXTORT || !s->deal.waiting_target)
        return 0;
    *out = (game_pending){s->deal.target, "answer the demand: pay, offer or refuse"};
    return 1;
}

char *wp_situation(const void *st)
{
    const wp_state *s = st;
    switch (s->phase) {
    case WP_PH_ROLL_OFF:
        return game_why("the roll for first player is not over: the seats still rolling "
                        "roll");
    case WP_PH_ROLL:
        return game_why("it is seat %d's turn: roll your die (and move) first", s->turn);
    case WP_PH_ACT:
        return game_why("it is seat %d's turn: they have moved and may do one action or "
                        "end_turn", s->turn);
    case WP_PH_EXTORT:
        return game_why("an extortion is under way: seat %d demands balloons of seat %d "
                        "(hit them, call it off, or settle it)", s->turn, s->deal.target);
    default:
        return game_why("the game is over");
    }
}

/* --- the conditions of the four actions ----------------------------------- */

static int check_target(const wp_state *s, int seat, int target, char **why)
{
    if (target < 0 || target >= s->nseats || target == seat)
        return no(why, "the target is another player's seat (0 to %d)", s->nseats - 1);
    if (s->tube[target].at < 0)
        return no(why, "seat %d is already out, in the whirlpool", target);
    return WB_OK;
}

/* Can `seat` hit `target` with a balloon of value `b`?  *dir: its flight. */
static int throw_check(const wp_state *s, int seat, int target, int b, int *dir, char **why)
{
    int rc, dist = 0, land, o;
    if ((rc = check_target(s, seat, target, why)))
        return rc;
    if (b < WP_BAL_MIN || b > WP_BAL_MAX || !s->tube[seat].bal[b])
        return no(why, "you have no #%d water balloon", b);
    *dir = game_graph_line(s->board->g, s->tube[seat].at, s->tube[target].at, &dist);
    if (*dir < 0)
        return no(why, "seat %d is not in a straight line (orthogonal or diagonal) from your tube",
                  target);
    if (dist > b)
        return no(why, "a #%d balloon flies at most %d spaces and seat %d is %d away", b, b, target,
                  dist);
    land = wp_space(s, s->tube[target].at)->in;
    if (land >= 0 && (o = occupant(s, land)) >= 0)
        return no(why, "seat %d would be knocked onto the space of seat %d", target, o);
    return WB_OK;
}

static int can_hit(const wp_state *s, int seat, int target)
{
    int dir;
    for (int b = WP_BAL_MIN; b <= WP_BAL_MAX; b++)
        if (throw_check(s, seat, target, b, &dir, NULL) == WB_OK)
            return 1;
    return 0;
}

static int extort_check(const wp_state *s, int seat, int target, char **why)
{
    int rc;
    if (s->extort_off)
        return no(why, "you called an extortion off this turn: do a different action");
    if ((rc = check_target(s, seat, target, why)))
        return rc;
    if (!wp_bal_count(s->tube[target].bal))
        return no(why, "seat %d has no water balloons to give", target);
    if (!can_hit(s, seat, target))
        return no(why, "seat %d is not in your sights: you could not hit them now", target);
    return WB_OK;
}

static int toss_check(const wp_state *s, int seat, int b, char **why)
{
    if (!game_graph_has(s->board->g, s->tube[seat].at, "near-rope"))
        return no(why, "a friend can only toss you a balloon when you are on a rope coin or "
                  "orthogonally next to one");
    if (!wp_bal_count(s->stash))
        return no(why, "the water balloon stash is empty");
    if (b < WP_BAL_MIN || b > WP_BAL_MAX || !s->stash[b])
        return no(why, "there is no #%d balloon in the stash", b);
    return WB_OK;
}

static int pull_check(const wp_state *s, int seat, char **why)
{
    const game_node *sp = wp_space(s, s->tube[seat].at);
    int o, coin = wp_board_coin(s->board, s->tube[seat].at);
    if (coin < 0)
        return no(why, "you are not on a rope coin");
    const wp_coin *c = &s->board->coins[coin];
    if (s->board->rope[c->suit] != s->board->rope[s->suit[seat]])
        return no(why, "this %s coin is on the other rope: you would be pummeled from the shore",
                  wp_suit_names[c->suit]);
    if (sp->out < 0)
        return no(why, "you are already in the outside ring");
    if ((o = occupant(s, sp->out)) >= 0)
        return no(why, "seat %d is in the way", o);
    return WB_OK;
}

/* Can `seat` throw, extort, be tossed a balloon or pull itself out?
 * (After every roll: asked directly, not by listing every action.) */
static int any_action(const wp_state *s, int seat)
{
    for (int t = 0; t < s->nseats; t++)
        if (t != seat && s->tube[t].at >= 0 && can_hit(s, seat, t))
            return 1;
    for (int b = WP_BAL_MIN; b <= WP_BAL_MAX; b++)
        if (toss_check(s, seat, b, NULL) == WB_OK)
            return 1;
    return pull_check(s, seat, NULL) == WB_OK;
}

/* --- what happens ----------------------------------------------------------- */

/* Move `seat` `steps` spaces counterclockwise along its ring.  A tube in
 * the way is bumped: the mover stops behind it, it loses its lowest
 * balloon to the stash and moves the spaces the mover did not use, which
 * may bump the next one. */
static void move_tube(wp_state *s, int seat, int steps, json_t *ev)
{
    int from = s->tube[seat].at, at = from, moved = 0, hit = -1;
    while (moved < steps) {
        int next = wp_space(s, at)->next, o = occupant(s, next);
        if (o >= 0 && o != seat) {
            hit = o;
            break;
        }
        at = next;
        moved++;
    }
    s->tube[seat].at = at;
    game_event(ev, "{s:s,s:i,s:o,s:o,s:i}", "type", "moved", "seat", seat, "from", wp_pos(s, from),
               "to", wp_pos(s, at), "spaces", moved);
    if (hit < 0)
        return;
    int lost = wp_bal_lowest(s->tube[hit].bal);
    if (lost >= 0) {
        s->tube[hit].bal[lost]--;
        s->stash[lost]++;
    }
    game_event(ev, "{s:s,s:i,s:i,s:i,s:o}", "type", "bumped", "seat", hit, "by", seat, "spaces",
               steps - moved, "lost", game_json_id(lost));
    move_tube(s, hit, steps - moved, ev);
}

/* The turn passes to the next seat still in the game; when there is none
 * (the mover knocked the last other tube into the whirlpool), the last
 * tube floating wins. */
static void end_turn(wp_state *s, json_t *ev, int no_action)
{
    int from = s->turn, next = from;
    do
        next = (next + 1) % s->nseats;
    while (s->tube[next].at < 0);
    s->extort_off = 0;
    memset(&s->deal, 0, sizeof s->deal);
    if (next == from) {
        s->phase = WP_PH_OVER;
        s->winner = from;
        s->turn = -1;
        game_event(ev, "{s:s,s:[i]}", "type", "game_over", "winners", from);
        return;
    }
    json_t *e = json_pack("{s:s,s:i,s:i}", "type", "turn_ended", "seat", from, "next", next);
    if (no_action)
        game_put(e, "{s:b}", "no_action_possible", 1);
    json_array_append_new(ev, e);
    s->turn = next;
    s->phase = WP_PH_ROLL;
}

static void hit(wp_state *s, int seat, int target, int b, int dir, json_t *ev)
{
    int from = s->tube[target].at, to = wp_space(s, from)->in;
    s->tube[seat].bal[b]--;
    s->stash[b]++;
    s->tube[target].at = to;
    game_event(ev, "{s:s,s:i,s:i,s:i,s:s,s:o,s:o}", "type", "thrown", "seat", seat, "target",
               target, "balloon", b, "direction", dir_names[dir], "from", wp_pos(s, from), "to",
               wp_pos(s, to));
    if (to < 0) {
        game_event(ev, "{s:s,s:i,s:o}", "type", "eliminated", "seat", target, "balloons",
                   wp_bal_json(s->tube[target].bal));
        for (int v = 0; v < WP_NVAL; v++) {
            s->stash[v] += s->tube[target].bal[v];
            s->tube[target].bal[v] = 0;
        }
    }
    end_turn(s, ev, 0);
}

/* --- the actions: checks (nothing changes) --------------------------------- */

/* A non-empty selection of the target's balloons, from member `key`
 * (values already checked to be balloon values). */
static int check_deal(const wp_state *s, int target, const json_t *a, const char *key,
                      char **why)
{
    int bal[WP_NVAL], rc;
    json_t *v = json_object_get(a, key);
    if (!v)
        return WB_OK; /* a template */
    wp_bal_of(v, bal);
    if (wp_bal_count(bal) && wp_bal_sub(bal, s->tube[target].bal))
        return WB_OK;
    char *have = wp_bal_str(s->tube[target].bal);
    rc = no(why, "name at least one of seat %d's balloons, each at most as often as they have "
            "it: [%s]", target, have);
    free(have);
    return rc;
}

GAME_CHECK(check_throw)
{
    const wp_state *s = state;
    int target = game_body_int(a, "target"), dir, rc;
    json_t *d = json_object_get(a, "direction");
    if (s->phase == WP_PH_EXTORT && target != s->deal.target)
        return no(why, "while you extort seat %d you can only hit them; call the deal off first",
                  s->deal.target);
    if ((rc = throw_check(s, seat, target, game_body_int(a, "balloon"), &dir, why)))
        return rc;
    if (d && strcmp(json_string_value(d), dir_names[dir]) != 0)
        return no(why, "seat %d is to the %s of you, not %s", target, dir_names[dir],
                  json_string_value(d));
    return WB_OK;
}

GAME_CHECK(check_extort)
{
    int target = game_body_int(a, "target"), rc;
    if ((rc = extort_check(state, seat, target, why)))
        return rc;
    return check_deal(state, target, a, "demand", why);
}

GAME_CHECK(check_demand)
{
    return check_deal(state, ((const wp_state *)state)->deal.target, a, "balloons", why);
}

GAME_CHECK(check_offer)
{
    return check_deal(state, seat, a, "balloons", why);
}

GAME_OFFERED(has_offer)
{
    return ((const wp_state *)state)->deal.has_offer;
}

GAME_CHECK(check_accept)
{
    const wp_state *s = state;
    if (!s->deal.has_offer)
        return no(why, "seat %d has made no offer to accept", s->deal.target);
    return WB_OK;
}

/* The target answers only while a demand waits for an answer. */
GAME_MAY(may_answer)
{
    const wp_state *s = state;
    if (!s->deal.waiting_target)
        return game_refuse(why, WB_ENOTTURN, "seat %d is considering your answer", s->turn);
    return WB_OK;
}

GAME_CHECK(check_toss)
{
    int b = game_body_int(a, "balloon");
    if (!b)
        return no(why, "there is no #0 balloon in the stash");
    return toss_check(state, seat, b, why);
}

GAME_CHECK(check_pull)
{
    return pull_check(state, seat, why);
}

/* --- the actions: what they do ---------------------------------------------- */

static void roll_off(wp_state *s, int seat, json_t *ev)
{
    int v = roll_die(s), best = 0, ntied = 0, tied[WP_MAX_SEATS];
    s->rolls[seat] = v;
    game_event(ev, "{s:s,s:i,s:i,s:s}", "type", "rolled", "seat", seat, "value", v, "for",
               "first_player");
    for (int i = 0; i < s->nseats; i++) {
        if (s->rolling[i] && !s->rolls[i])
            return; /* someone still has to roll in this round */
        if (s->rolling[i] && s->rolls[i] > best)
            best = s->rolls[i];
    }
    for (int i = 0; i < s->nseats; i++)
        if (s->rolling[i] && s->rolls[i] == best)
            tied[ntied++] = i;
    memset(s->rolling, 0, sizeof s->rolling);
    memset(s->rolls, 0, sizeof s->rolls);
    if (ntied == 1) {
        s->first = s->turn = tied[0];
        s->phase = WP_PH_ROLL;
        game_event(ev, "{s:s,s:i,s:i}", "type", "first_player", "seat", tied[0], "value", best);
        return;
    }
    for (int i = 0; i < ntied; i++)
        s->rolling[tied[i]] = 1;
    game_event(ev, "{s:s,s:o,s:i}", "type", "roll_off_tie", "seats",
               game_json_ints(tied, (size_t)ntied), "value", best);
}

GAME_APPLY(do_roll)
{
    wp_state *s = state;
    if (s->phase == WP_PH_ROLL_OFF) {
        roll_off(s, seat, ev);
        return WB_OK;
    }
    int v = roll_die(s);
    s->last_roll = v;
    game_event(ev, "{s:s,s:i,s:i,s:s}", "type", "rolled", "seat", seat, "value", v, "for", "move");
    move_tube(s, seat, v, ev);
    s->phase = WP_PH_ACT;
    s->extort_off = 0;
    /* None of the four actions is possible: the turn passes by itself. */
    if (!any_action(s, seat))
        end_turn(s, ev, 1);
    return WB_OK;
}

GAME_APPLY(do_throw)
{
    wp_state *s = state;
    int target = game_body_int(a, "target"), b = game_body_int(a, "balloon"), dir;
    throw_check(s, seat, target, b, &dir, why);
    hit(s, seat, target, b, dir, ev);
    return WB_OK;
}

GAME_APPLY(do_extort)
{
    wp_state *s = state;
    memset(&s->deal, 0, sizeof s->deal);
    s->deal.target = game_body_int(a, "target");
    wp_bal_of(json_object_get(a, "demand"), s->deal.demand);
    s->deal.waiting_target = 1;
    s->phase = WP_PH_EXTORT;
    game_event(ev, "{s:s,s:i,s:i,s:o}", "type", "extortion", "seat", seat, "target", s->deal.target,
               "demand", wp_bal_json(s->deal.demand));
    return WB_OK;
}

GAME_APPLY(do_demand)
{
    wp_state *s = state;
    wp_bal_of(json_object_get(a, "balloons"), s->deal.demand);
    memset(s->deal.offer, 0, sizeof s->deal.offer);
    s->deal.has_offer = 0;
    s->deal.waiting_target = 1;
    game_event(ev, "{s:s,s:i,s:i,s:o}", "type", "demanded", "seat", seat, "target", s->deal.target,
               "balloons", wp_bal_json(s->deal.demand));
    return WB_OK;
}

GAME_APPLY(do_offer)
{
    wp_state *s = state;
    wp_bal_of(json_object_get(a, "balloons"), s->deal.offer);
    s->deal.has_offer = 1;
    s->deal.waiting_target = 0;
    game_event(ev, "{s:s,s:i,s:i,s:o}", "type", "offered", "seat", seat, "to", s->turn, "balloons",
               wp_bal_json(s->deal.offer));
    return WB_OK;
}

GAME_APPLY(do_refuse)
{
    wp_state *s = state;
    memset(s->deal.offer, 0, sizeof s->deal.offer);
    s->deal.has_offer = 0;
    s->deal.waiting_target = 0;
    game_event(ev, "{s:s,s:i,s:i}", "type", "refused", "seat", seat, "to", s->turn);
    return WB_OK;
}

/* The target pays what was demanded, or the thrower accepts the offer:
 * the target gives it to the thrower; the extortion was the action. */
GAME_APPLY(do_settle)
{
    wp_state *s = state;
    int target = s->deal.target, pay = strcmp(json_string_value(json_object_get(a, "type")),
                                              "pay") == 0;
    const int *bal = pay ? s->deal.demand : s->deal.offer;
    game_event(ev, "{s:s,s:i,s:i,s:o}", "type", "paid", "seat", target, "to", s->turn, "balloons",
               wp_bal_json(bal));
    for (int v = 0; v < WP_NVAL; v++) {
        s->tube[target].bal[v] -= bal[v];
        s->tube[s->turn].bal[v] += bal[v];
    }
    end_turn(s, ev, 0); /* clears the deal, after its use */
    return WB_OK;
}

GAME_APPLY(do_call_off)
{
    wp_state *s = state;
    game_event(ev, "{s:s,s:i,s:i}", "type", "called_off", "seat", seat, "target", s->deal.target);
    memset(&s->deal, 0, sizeof s->deal);
    s->phase = WP_PH_ACT;
    s->extort_off = 1;
    /* Nothing moved during the talks: the hit that made the threat is
     * still there, so the player always has something left to do. */
    return WB_OK;
}

GAME_APPLY(do_toss)
{
    wp_state *s = state;
    int b = game_body_int(a, "balloon");
    s->stash[b]--;
    s->tube[seat].bal[b]++;
    game_event(ev, "{s:s,s:i,s:i}", "type", "tossed", "seat", seat, "balloon", b);
    end_turn(s, ev, 0);
    return WB_OK;
}

GAME_APPLY(do_pull)
{
    wp_state *s = state;
    int from = s->tube[seat].at, to = wp_space(s, from)->out;
    s->tube[seat].at = to;
    game_event(ev, "{s:s,s:i,s:o,s:o}", "type", "pulled", "seat", seat, "from", wp_pos(s, from),
               "to", wp_pos(s, to));
    end_turn(s, ev, 0);
    return WB_OK;
}

GAME_APPLY(do_end_turn)
{
    end_turn(state, ev, 0);
    return WB_OK;
}

/* --- the table ---------------------------------------------------------------- */

/* The other seats still in the game: what a throw or an extortion names. */
GAME_DOMAIN(other_seats)
{
    const wp_state *s = state;
    json_t *a = json_array();
    for (int t = 0; t < s->nseats; t++)
        if (t != seat && s->tube[t].at >= 0)
            json_array_append_new(a, json_integer(t));
    return a;
}

GAME_DOMAIN(balloon_values)
{
    return json_pack("[i,i,i]", 6, 5, 4);
}

/* The description of a selection of the target's balloons: what an
 * extortion demands of the seat it names, a new demand, or the target's
 * offer of its own. */
GAME_DESCRIBE(deal_desc)
{
    const wp_state *s = state;
    const char *type = json_string_value(json_object_get(body, "type"));
    int extort = strcmp(type, "extort") == 0, offer = strcmp(type, "offer") == 0;
    int target = extort ? game_body_int(body, "target") : offer ? seat : s->deal.target;
    char *have = wp_bal_str(s->tube[target].bal);
    char *d = game_why("%s: an array of balloon values, a non-empty selection of seat %d's "
                       "balloons [%s], e.g. [%d]", extort ? "the balloons you want for not "
                       "hitting them" : offer ? "what you offer instead" : "a new demand",
                       target, have, wp_bal_lowest(s->tube[target].bal));
    free(have);
    return d;
}

#define BALLOONS(key_)                                                                     \
    {.name = key_, .type = GAME_T_INTS, .has_range = 1, .min = WP_BAL_MIN,                 \
     .max = WP_BAL_MAX, .desc = "an array of balloon values, e.g. [5]",                   \
     .describe = deal_desc}

static const game_member throw_members[] = {
    {.name = "target", .type = GAME_T_INT, .desc = "the seat to hit", .domain = other_seats},
    {.name = "balloon", .type = GAME_T_INT, .desc = "the value of the balloon thrown",
     .domain = balloon_values},
    {.name = "direction", .type = GAME_T_STRING, .optional = 1, .values = dir_names,
     .desc = "n, ne, e, se, s, sw, w or nw: where the target is (checked when given)"},
    {NULL},
};
static const game_member extort_members[] = {
    {.name = "target", .type = GAME_T_INT, .desc = "the seat to extort", .domain = other_seats},
    BALLOONS("demand"),
    {NULL},
};
static const game_member balloons_members[] = {BALLOONS("balloons"), {NULL}};
static const game_member toss_members[] = {
    {.name = "balloon", .type = GAME_T_INT, .desc = "the value of a balloon in the stash",
     .domain = balloon_values},
    {NULL},
};

#define ANSWER (GAME_ROLE_PENDING | TARGET)

const game_action wp_actions[] = {
    {.type = "roll", .who = ROLLER | MOVER, .phases = PH(WP_PH_ROLL_OFF) | PH(WP_PH_ROLL),
     .apply = do_roll},
    {.type = "throw", .who = MOVER, .phases = PH(WP_PH_ACT) | PH(WP_PH_EXTORT),
     .members = throw_members, .check = check_throw, .apply = do_throw},
    {.type = "extort", .who = MOVER, .phases = PH(WP_PH_ACT), .members = extort_members,
     .check = check_extort, .apply = do_extort},
    {.type = "demand", .who = MOVER, .phases = PH(WP_PH_EXTORT), .members = balloons_members,
     .check = check_demand, .apply = do_demand},
    {.type = "accept", .who = MOVER, .phases = PH(WP_PH_EXTORT), .check = check_accept,
     .apply = do_settle, .offered = has_offer},
    {.type = "call_off", .who = MOVER, .phases = PH(WP_PH_EXTORT), .apply = do_call_off},
    {.type = "pay", .who = ANSWER, .phases = PH(WP_PH_EXTORT), .may = may_answer,
     .apply = do_settle},
    {.type = "offer", .who = ANSWER, .phases = PH(WP_PH_EXTORT), .members = balloons_members,
     .may = may_answer, .check = check_offer, .apply = do_offer},
    {.type = "refuse", .who = ANSWER, .phases = PH(WP_PH_EXTORT), .may = may_answer,
     .apply = do_refuse},
    {.type = "toss", .who = MOVER, .phases = PH(WP_PH_ACT), .members = toss_members,
     .check = check_toss, .apply = do_toss},
    {.type = "pull", .who = MOVER, .phases = PH(WP_PH_ACT), .check = check_pull,
     .apply = do_pull},
    {.type = "end_turn", .who = MOVER, .phases = PH(WP_PH_ACT), .apply = do_end_turn},
    {NULL},
};
