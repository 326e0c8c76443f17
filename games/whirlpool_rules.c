/*
 * whirlpool_rules.c - the rules of Whirlpool Pond (Tube Wars): the roll
 * for first player, the turn (roll, move counterclockwise with bumps, then
 * at most one action), the four actions with their exact conditions, the
 * extortion negotiation as a small sub-state machine, and the list of
 * legal actions of a seat.
 *
 * Every action is checked completely before anything changes, so an
 * illegal one leaves the state as it was.  Dice come only from the rng in
 * the state.  The choices where the rules text leaves something open are
 * listed in games/WHIRLPOOL.md.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "wb_err.h"
#include "whirlpool_int.h"

/* The eight directions a balloon flies, clockwise from north (rows grow
 * downward). */
static const char *const dir_names[8] = {"n", "ne", "e", "se", "s", "sw", "w", "nw"};
static const int dir_dx[8] = {0, 1, 1, 1, 0, -1, -1, -1};
static const int dir_dy[8] = {-1, -1, 0, 1, 1, 1, 0, -1};

/* An event must not get lost half-way through an action that has already
 * changed the state: out of memory here is fatal, as in wb_mem. */
static void emit(json_t *events, json_t *ev)
{
    if (!ev || json_array_append_new(events, ev) != 0) {
        fprintf(stderr, "wibbelld: whirlpool: out of memory building an event\n");
        abort();
    }
}

/* Refuse with a reason; `why` may be NULL when only the verdict matters. */
static int no(char **why, char *msg)
{
    if (why)
        *why = msg;
    else
        free(msg);
    return WB_EILLEGAL;
}

/* --- small facts ---------------------------------------------------------- */

static int occupant(const wp_state *s, int space)
{
    for (int i = 0; i < s->nseats; i++)
        if (s->tube[i].at == space)
            return i;
    return -1;
}

static int lowest(const int bal[WP_NVAL])
{
    for (int v = 0; v < WP_NVAL; v++)
        if (bal[v])
            return v;
    return 0;
}

static void bal_str(const int bal[WP_NVAL], char *buf, size_t size)
{
    size_t n = 0;
    buf[0] = '\0';
    for (int v = WP_NVAL - 1; v >= 0; v--)
        for (int k = 0; k < bal[v] && n + 4 < size; k++)
            n += (size_t)snprintf(buf + n, size - n, "%s%d", n ? ", " : "", v);
}

static int roll_die(wp_state *s)
{
    return (int)rng_below(&s->r, 6) + 1; /* ace 1 ... null 6 */
}

int wp_to_act(const wp_state *s, int out[WP_MAX_SEATS])
{
    int n = 0;
    switch (s->phase) {
    case WP_PH_ROLL_OFF:
        for (int i = 0; i < s->nseats; i++)
            if (s->rolling[i] && !s->rolls[i])
                out[n++] = i;
        break;
    case WP_PH_ROLL:
    case WP_PH_ACT:
        out[n++] = s->turn;
        break;
    case WP_PH_EXTORT:
        /* The thrower may hit at any moment; the target only answers. */
        if (s->deal.waiting_target && s->deal.target < s->turn)
            out[n++] = s->deal.target;
        out[n++] = s->turn;
        if (s->deal.waiting_target && s->deal.target > s->turn)
            out[n++] = s->deal.target;
        break;
    case WP_PH_OVER:
        break;
    }
    return n;
}

static int may_act(const wp_state *s, int seat)
{
    int seats[WP_MAX_SEATS], n = wp_to_act(s, seats);
    for (int i = 0; i < n; i++)
        if (seats[i] == seat)
            return 1;
    return 0;
}

/* --- the conditions of the four actions ----------------------------------- */

/* The direction from space `from` to space `to` when they are on one line
 * (orthogonal or diagonal), with the distance in spaces; -1 otherwise. */
static int aim(const wp_state *s, int from, int to, int *dist)
{
    const wp_space *a = &s->board->spaces[from], *b = &s->board->spaces[to];
    int dx = b->col - a->col, dy = b->row - a->row, ax = abs(dx), ay = abs(dy);
    if ((!dx && !dy) || (dx && dy && ax != ay))
        return -1;
    *dist = ax > ay ? ax : ay;
    for (int d = 0; d < 8; d++)
        if (dir_dx[d] == (dx > 0) - (dx < 0) && dir_dy[d] == (dy > 0) - (dy < 0))
            return d;
    return -1;
}

static int check_target(const wp_state *s, int seat, int target, char **why)
{
    if (target < 0 || target >= s->nseats || target == seat)
        return no(why, game_why("the target is another player's seat (0 to %d)",
                                s->nseats - 1));
    if (s->tube[target].at < 0)
        return no(why, game_why("seat %d is already out, in the whirlpool", target));
    return WB_OK;
}

/* Can `seat` hit `target` with a balloon of value `b`?  *dir: its flight. */
static int throw_check(const wp_state *s, int seat, int target, int b, int *dir, char **why)
{
    int rc, dist = 0, land, o;
    if ((rc = check_target(s, seat, target, why)))
        return rc;
    if (b < WP_BAL_MIN || b > WP_BAL_MAX || !s->tube[seat].bal[b])
        return no(why, game_why("you have no #%d water balloon", b));
    *dir = aim(s, s->tube[seat].at, s->tube[target].at, &dist);
    if (*dir < 0)
        return no(why, game_why("seat %d is not in a straight line (orthogonal or diagonal) "
                                "from your tube", target));
    if (dist > b)
        return no(why, game_why("a #%d balloon flies at most %d spaces and seat %d is %d "
                                "away", b, b, target, dist));
    land = s->board->spaces[s->tube[target].at].in;
    if (land >= 0 && (o = occupant(s, land)) >= 0)
        return no(why, game_why("seat %d would be knocked onto the space of seat %d", target,
                                o));
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
        return no(why, game_why("you called an extortion off this turn: do a different "
                                "action"));
    if ((rc = check_target(s, seat, target, why)))
        return rc;
    if (!wp_bal_count(s->tube[target].bal))
        return no(why, game_why("seat %d has no water balloons to give", target));
    if (!can_hit(s, seat, target))
        return no(why, game_why("seat %d is not in your sights: you could not hit them now",
                                target));
    return WB_OK;
}

/* `b` = 0: any balloon of the stash. */
static int toss_check(const wp_state *s, int seat, int b, char **why)
{
    if (!s->board->spaces[s->tube[seat].at].near_rope)
        return no(why, game_why("a friend can only toss you a balloon when you are on a rope "
                                "coin or orthogonally next to one"));
    if (!wp_bal_count(s->stash))
        return no(why, game_why("the water balloon stash is empty"));
    if (b && (b < WP_BAL_MIN || b > WP_BAL_MAX || !s->stash[b]))
        return no(why, game_why("there is no #%d balloon in the stash", b));
    return WB_OK;
}

static int pull_check(const wp_state *s, int seat, char **why)
{
    const wp_space *sp = &s->board->spaces[s->tube[seat].at];
    int o;
    if (sp->coin < 0)
        return no(why, game_why("you are not on a rope coin"));
    const wp_coin *c = &s->board->coins[sp->coin];
    if (s->board->rope[c->suit] != s->board->rope[s->suit[seat]])
        return no(why, game_why("this %s coin is on the other rope: you would be pummeled "
                                "from the shore", wp_suit_name(c->suit)));
    if (sp->out < 0)
        return no(why, game_why("you are already in the outside ring"));
    if ((o = occupant(s, sp->out)) >= 0)
        return no(why, game_why("seat %d is in the way", o));
    return WB_OK;
}

/* Is any of the four actions possible for the player who just moved? */
static int any_action(const wp_state *s, int seat)
{
    for (int t = 0; t < s->nseats; t++)
        if (t != seat && s->tube[t].at >= 0 && can_hit(s, seat, t))
            return 1;
    return toss_check(s, seat, 0, NULL) == WB_OK || pull_check(s, seat, NULL) == WB_OK;
}

/* --- what happens ----------------------------------------------------------- */

/* Move `seat` `steps` spaces counterclockwise along its ring.  A tube in
 * the way is bumped: the mover stops behind it, it loses its lowest
 * balloon to the stash and moves the spaces the mover did not use, which
 * may bump the next one. */
static void move_tube(wp_state *s, int seat, int steps, json_t *events)
{
    int from = s->tube[seat].at, at = from, moved = 0, hit = -1;
    while (moved < steps) {
        int next = s->board->spaces[at].next, o = occupant(s, next);
        if (o >= 0 && o != seat) {
            hit = o;
            break;
        }
        at = next;
        moved++;
    }
    s->tube[seat].at = at;
    emit(events, json_pack("{s:s,s:i,s:o,s:o,s:i}", "type", "moved", "seat", seat, "from",
                           wp_pos(s, from), "to", wp_pos(s, at), "spaces", moved));
    if (hit < 0)
        return;
    int lost = lowest(s->tube[hit].bal);
    if (lost) {
        s->tube[hit].bal[lost]--;
        s->stash[lost]++;
    }
    emit(events, json_pack("{s:s,s:i,s:i,s:i,s:o}", "type", "bumped", "seat", hit, "by", seat,
                           "spaces", steps - moved,
                           "lost", lost ? json_integer(lost) : json_null()));
    move_tube(s, hit, steps - moved, events);
}

static void end_turn(wp_state *s, json_t *events, int no_action)
{
    int from = s->turn, next = from;
    do
        next = (next + 1) % s->nseats;
    while (s->tube[next].at < 0);
    json_t *ev = json_pack("{s:s,s:i,s:i}", "type", "turn_ended", "seat", from, "next", next);
    if (ev && no_action)
        json_object_set_new(ev, "no_action_possible", json_true());
    emit(events, ev);
    s->turn = next;
    s->phase = WP_PH_ROLL;
    s->extort_off = 0;
    memset(&s->deal, 0, sizeof s->deal);
}

static void hit(wp_state *s, int seat, int target, int b, int dir, json_t *events)
{
    int from = s->tube[target].at, to = s->board->spaces[from].in, alive = 0, last = -1;
    s->tube[seat].bal[b]--;
    s->stash[b]++;
    s->tube[target].at = to;
    emit(events, json_pack("{s:s,s:i,s:i,s:i,s:s,s:o,s:o}", "type", "thrown", "seat", seat,
                           "target", target, "balloon", b, "direction", dir_names[dir],
                           "from", wp_pos(s, from), "to", wp_pos(s, to)));
    if (to < 0) {
        emit(events, json_pack("{s:s,s:i,s:o}", "type", "eliminated", "seat", target,
                               "balloons", wp_bal_json(s->tube[target].bal)));
        for (int v = 0; v < WP_NVAL; v++) {
            s->stash[v] += s->tube[target].bal[v];
            s->tube[target].bal[v] = 0;
        }
    }
    for (int i = 0; i < s->nseats; i++)
        if (s->tube[i].at >= 0) {
            alive++;
            last = i;
        }
    if (alive > 1) {
        end_turn(s, events, 0);
        return;
    }
    s->phase = WP_PH_OVER;
    s->winner = last;
    s->turn = -1;
    s->extort_off = 0;
    memset(&s->deal, 0, sizeof s->deal);
    emit(events, json_pack("{s:s,s:[i]}", "type", "game_over", "winners", last));
}

/* --- members of action bodies ------------------------------------------------ */

static int int_member(const json_t *a, const char *key, int *out, char **why)
{
    json_t *v = json_object_get(a, key);
    if (!json_is_integer(v) || json_integer_value(v) < -1000 || json_integer_value(v) > 1000) {
        *why = game_why("\"%s\" must be an integer", key);
        return WB_EINVAL;
    }
    *out = (int)json_integer_value(v);
    return WB_OK;
}

/* A non-empty selection of the target's balloons, from member `key`. */
static int deal_member(const wp_state *s, int target, const json_t *a, const char *key,
                       int bal[WP_NVAL], char **why)
{
    char have[128];
    if (wp_bal_parse(json_object_get(a, key), bal)) {
        *why = game_why("\"%s\" must be an array of balloon values (%d to %d)", key,
                        WP_BAL_MIN, WP_BAL_MAX);
        return WB_EINVAL;
    }
    bal_str(s->tube[target].bal, have, sizeof have);
    if (!wp_bal_count(bal) || !wp_bal_sub(bal, s->tube[target].bal))
        return no(why, game_why("name at least one of seat %d's balloons, each at most as "
                                "often as they have it: [%s]", target, have));
    return WB_OK;
}

/* --- the actions ---------------------------------------------------------------- */

/* The phase every action of the four (and end_turn) needs. */
static int need_act(const wp_state *s, char **why)
{
    switch (s->phase) {
    case WP_PH_ACT:
        return WB_OK;
    case WP_PH_ROLL:
        return no(why, game_why("roll your die (and move) first"));
    case WP_PH_ROLL_OFF:
        return no(why, game_why("the roll for first player is not over"));
    case WP_PH_EXTORT:
        return no(why, game_why("an extortion is under way: hit seat %d, call it off, or "
                                "settle it", s->deal.target));
    default:
        return no(why, game_why("the game is over"));
    }
}

/* The thrower's side of an extortion. */
static int need_thrower(const wp_state *s, int seat, char **why)
{
    if (s->phase != WP_PH_EXTORT)
        return no(why, game_why("no extortion is under way"));
    if (seat != s->turn)
        return no(why, game_why("seat %d answers a demand with pay, offer or refuse", seat));
    return WB_OK;
}

/* The target's side: only while a demand waits for an answer. */
static int need_target(const wp_state *s, int seat, char **why)
{
    if (s->phase != WP_PH_EXTORT)
        return no(why, game_why("no extortion is under way"));
    if (seat != s->deal.target)
        return no(why, game_why("only seat %d, the target, answers the demand",
                                s->deal.target));
    return WB_OK;
}

static void roll_off(wp_state *s, int seat, json_t *events)
{
    int v = roll_die(s), best = 0, ntied = 0, tied[WP_MAX_SEATS];
    s->rolls[seat] = v;
    emit(events, json_pack("{s:s,s:i,s:i,s:s}", "type", "rolled", "seat", seat, "value", v,
                           "for", "first_player"));
    for (int i = 0; i < s->nseats; i++) {
        if (s->rolling[i] && !s->rolls[i])
            return; /* someone still has to roll in this round */
        if (s->rolling[i] && s->rolls[i] > best)
            best = s->rolls[i];
    }
    for (int i = 0; i < s->nseats; i++)
        if (s->rolling[i] && s->rolls[i] == best)
            tied[ntied++] = i;
    for (int i = 0; i < s->nseats; i++) {
        s->rolling[i] = 0;
        s->rolls[i] = 0;
    }
    if (ntied == 1) {
        s->first = s->turn = tied[0];
        s->phase = WP_PH_ROLL;
        emit(events, json_pack("{s:s,s:i,s:i}", "type", "first_player", "seat", tied[0],
                               "value", best));
        return;
    }
    json_t *seats = json_array();
    for (int i = 0; i < ntied; i++) {
        s->rolling[tied[i]] = 1;
        if (wp_push(seats, json_integer(tied[i]))) {
            json_decref(seats);
            seats = NULL; /* emit reports it */
        }
    }
    emit(events, json_pack("{s:s,s:o,s:i}", "type", "roll_off_tie", "seats", seats, "value",
                           best));
}

static int do_roll(wp_state *s, int seat, const json_t *a, json_t *events, char **why)
{
    (void)a;
    if (s->phase == WP_PH_ROLL_OFF) {
        roll_off(s, seat, events);
        return WB_OK;
    }
    if (s->phase != WP_PH_ROLL)
        return no(why, game_why("you have already rolled this turn"));
    int v = roll_die(s);
    s->last_roll = v;
    emit(events, json_pack("{s:s,s:i,s:i,s:s}", "type", "rolled", "seat", seat, "value", v,
                           "for", "move"));
    move_tube(s, seat, v, events);
    s->phase = WP_PH_ACT;
    s->extort_off = 0;
    if (!any_action(s, seat))
        end_turn(s, events, 1);
    return WB_OK;
}

static int do_throw(wp_state *s, int seat, const json_t *a, json_t *events, char **why)
{
    int rc, target, b, dir;
    json_t *d = json_object_get(a, "direction");
    if (s->phase == WP_PH_EXTORT) {
        if ((rc = need_thrower(s, seat, why)))
            return rc;
    } else if ((rc = need_act(s, why))) {
        return rc;
    }
    if ((rc = int_member(a, "target", &target, why)) || (rc = int_member(a, "balloon", &b, why)))
        return rc;
    if (d && !json_is_string(d)) {
        *why = game_why("\"direction\" must be one of n, ne, e, se, s, sw, w, nw");
        return WB_EINVAL;
    }
    if (s->phase == WP_PH_EXTORT && target != s->deal.target)
        return no(why, game_why("while you extort seat %d you can only hit them; call the "
                                "deal off first", s->deal.target));
    if ((rc = throw_check(s, seat, target, b, &dir, why)))
        return rc;
    if (d && strcmp(json_string_value(d), dir_names[dir]) != 0)
        return no(why, game_why("seat %d is to the %s of you, not %s", target, dir_names[dir],
                                json_string_value(d)));
    hit(s, seat, target, b, dir, events);
    return WB_OK;
}

static int do_extort(wp_state *s, int seat, const json_t *a, json_t *events, char **why)
{
    int rc, target, demand[WP_NVAL];
    if ((rc = need_act(s, why)) || (rc = int_member(a, "target", &target, why)) ||
        (rc = extort_check(s, seat, target, why)) ||
        (rc = deal_member(s, target, a, "demand", demand, why)))
        return rc;
    memset(&s->deal, 0, sizeof s->deal);
    s->deal.target = target;
    memcpy(s->deal.demand, demand, sizeof demand);
    s->deal.waiting_target = 1;
    s->phase = WP_PH_EXTORT;
    emit(events, json_pack("{s:s,s:i,s:i,s:o}", "type", "extortion", "seat", seat, "target",
                           target, "demand", wp_bal_json(demand)));
    return WB_OK;
}

static int do_demand(wp_state *s, int seat, const json_t *a, json_t *events, char **why)
{
    int rc, demand[WP_NVAL];
    if ((rc = need_thrower(s, seat, why)) ||
        (rc = deal_member(s, s->deal.target, a, "balloons", demand, why)))
        return rc;
    memcpy(s->deal.demand, demand, sizeof demand);
    memset(s->deal.offer, 0, sizeof s->deal.offer);
    s->deal.has_offer = 0;
    s->deal.waiting_target = 1;
    emit(events, json_pack("{s:s,s:i,s:i,s:o}", "type", "demanded", "seat", seat, "target",
                           s->deal.target, "balloons", wp_bal_json(demand)));
    return WB_OK;
}

static int do_offer(wp_state *s, int seat, const json_t *a, json_t *events, char **why)
{
    int rc, offer[WP_NVAL];
    if ((rc = need_target(s, seat, why)) ||
        (rc = deal_member(s, seat, a, "balloons", offer, why)))
        return rc;
    memcpy(s->deal.offer, offer, sizeof offer);
    s->deal.has_offer = 1;
    s->deal.waiting_target = 0;
    emit(events, json_pack("{s:s,s:i,s:i,s:o}", "type", "offered", "seat", seat, "to", s->turn,
                           "balloons", wp_bal_json(offer)));
    return WB_OK;
}

static int do_refuse(wp_state *s, int seat, const json_t *a, json_t *events, char **why)
{
    int rc;
    (void)a;
    if ((rc = need_target(s, seat, why)))
        return rc;
    memset(s->deal.offer, 0, sizeof s->deal.offer);
    s->deal.has_offer = 0;
    s->deal.waiting_target = 0;
    emit(events, json_pack("{s:s,s:i,s:i}", "type", "refused", "seat", seat, "to", s->turn));
    return WB_OK;
}

/* The target gives `bal` to the thrower; the extortion was the action. */
static void settle(wp_state *s, const int bal[WP_NVAL], json_t *events)
{
    int target = s->deal.target;
    emit(events, json_pack("{s:s,s:i,s:i,s:o}", "type", "paid", "seat", target, "to", s->turn,
                           "balloons", wp_bal_json(bal)));
    for (int v = 0; v < WP_NVAL; v++) {
        s->tube[target].bal[v] -= bal[v];
        s->tube[s->turn].bal[v] += bal[v];
    }
    end_turn(s, events, 0);
}

static int do_pay(wp_state *s, int seat, const json_t *a, json_t *events, char **why)
{
    int rc, bal[WP_NVAL];
    (void)a;
    if ((rc = need_target(s, seat, why)))
        return rc;
    memcpy(bal, s->deal.demand, sizeof bal);
    settle(s, bal, events);
    return WB_OK;
}

static int do_accept(wp_state *s, int seat, const json_t *a, json_t *events, char **why)
{
    int rc, bal[WP_NVAL];
    (void)a;
    if ((rc = need_thrower(s, seat, why)))
        return rc;
    if (!s->deal.has_offer)
        return no(why, game_why("seat %d has made no offer to accept", s->deal.target));
    memcpy(bal, s->deal.offer, sizeof bal);
    settle(s, bal, events);
    return WB_OK;
}

static int do_call_off(wp_state *s, int seat, const json_t *a, json_t *events, char **why)
{
    int rc;
    (void)a;
    if ((rc = need_thrower(s, seat, why)))
        return rc;
    emit(events, json_pack("{s:s,s:i,s:i}", "type", "called_off", "seat", seat, "target",
                           s->deal.target));
    memset(&s->deal, 0, sizeof s->deal);
    s->phase = WP_PH_ACT;
    s->extort_off = 1;
    /* Nothing moved during the talks: the hit that made the threat is
     * still there, so the player always has something left to do. */
    return WB_OK;
}

static int do_toss(wp_state *s, int seat, const json_t *a, json_t *events, char **why)
{
    int rc, b;
    if ((rc = need_act(s, why)) || (rc = int_member(a, "balloon", &b, why)))
        return rc;
    if (!b)
        return no(why, game_why("there is no #0 balloon in the stash"));
    if ((rc = toss_check(s, seat, b, why)))
        return rc;
    s->stash[b]--;
    s->tube[seat].bal[b]++;
    emit(events, json_pack("{s:s,s:i,s:i}", "type", "tossed", "seat", seat, "balloon", b));
    end_turn(s, events, 0);
    return WB_OK;
}

static int do_pull(wp_state *s, int seat, const json_t *a, json_t *events, char **why)
{
    int rc;
    (void)a;
    if ((rc = need_act(s, why)) || (rc = pull_check(s, seat, why)))
        return rc;
    int from = s->tube[seat].at, to = s->board->spaces[from].out;
    s->tube[seat].at = to;
    emit(events, json_pack("{s:s,s:i,s:o,s:o}", "type", "pulled", "seat", seat, "from",
                           wp_pos(s, from), "to", wp_pos(s, to)));
    end_turn(s, events, 0);
    return WB_OK;
}

static int do_end_turn(wp_state *s, int seat, const json_t *a, json_t *events, char **why)
{
    int rc;
    (void)a;
    (void)seat;
    if ((rc = need_act(s, why)))
        return rc;
    end_turn(s, events, 0);
    return WB_OK;
}

typedef int (*handler)(wp_state *s, int seat, const json_t *a, json_t *events, char **why);

static const struct {
    const char *type;
    handler fn;
} handlers[] = {
    {"roll", do_roll},       {"throw", do_throw},   {"extort", do_extort},
    {"demand", do_demand},   {"offer", do_offer},   {"refuse", do_refuse},
    {"pay", do_pay},         {"accept", do_accept}, {"call_off", do_call_off},
    {"toss", do_toss},       {"pull", do_pull},     {"end_turn", do_end_turn},
};

int wp_apply(void *state, const game_ctx *ctx, int seat, const json_t *action,
             json_t *events, char **why)
{
    wp_state *s = state;
    const char *type = json_string_value(json_object_get(action, "type"));
    handler fn = NULL;

    (void)ctx;
    for (size_t i = 0; type && i < sizeof handlers / sizeof handlers[0]; i++)
        if (strcmp(type, handlers[i].type) == 0)
            fn = handlers[i].fn;
    if (!fn) {
        *why = game_why("unknown action \"%s\": roll, throw, extort, demand, offer, refuse, "
                        "pay, accept, call_off, toss, pull or end_turn",
                        type ? type : "");
        return WB_EINVAL;
    }
    if (seat < 0 || seat >= s->nseats) {
        *why = game_why("only the players' seats act in Whirlpool Pond");
        return WB_ENOTTURN;
    }
    if (s->phase == WP_PH_OVER) {
        *why = game_why("the game is over");
        return WB_ENOTTURN;
    }
    if (s->phase == WP_PH_EXTORT && seat == s->deal.target && s->deal.waiting_target &&
        fn != do_pay && fn != do_offer && fn != do_refuse) {
        *why = game_why("seat %d demands balloons of you: pay, offer or refuse", s->turn);
        return WB_EILLEGAL;
    }
    if (!may_act(s, seat)) {
        if (s->phase == WP_PH_ROLL_OFF)
            *why = game_why("you are not (or no longer) rolling for first player");
        else if (s->phase == WP_PH_EXTORT && seat == s->deal.target)
            *why = game_why("seat %d is considering your answer", s->turn);
        else
            *why = game_why("it is seat %d's turn", s->turn);
        return WB_ENOTTURN;
    }
    return fn(s, seat, action, events, why);
}

/* --- the legal actions --------------------------------------------------------- */

static int push_throws(const wp_state *s, int seat, int only, json_t *out)
{
    int rc = 0, dir;
    for (int t = 0; t < s->nseats; t++) {
        if (only >= 0 && t != only)
            continue;
        for (int b = WP_BAL_MAX; b >= WP_BAL_MIN; b--)
            if (throw_check(s, seat, t, b, &dir, NULL) == WB_OK)
                rc |= wp_push(out, json_pack("{s:s,s:i,s:i,s:s}", "type", "throw", "target", t,
                                             "balloon", b, "direction", dir_names[dir]));
    }
    return rc;
}

/* A template whose member `key` is a selection of `target`'s balloons. */
static json_t *deal_template(const wp_state *s, const char *type, int target, const char *key,
                             const char *what)
{
    char have[128], *desc;
    bal_str(s->tube[target].bal, have, sizeof have);
    desc = game_why("%s: an array of balloon values, a non-empty selection of seat %d's "
                    "balloons [%s], e.g. [%d]", what, target, have,
                    lowest(s->tube[target].bal));
    json_t *o = json_pack("{s:s,s:{s:s}}", "type", type, "$params", key, desc);
    free(desc);
    if (o && strcmp(type, "extort") == 0 && json_object_set_new(o, "target", json_integer(target))) {
        json_decref(o);
        o = NULL;
    }
    return o;
}

static int push_act(const wp_state *s, int seat, json_t *out)
{
    int rc = push_throws(s, seat, -1, out);
    for (int t = 0; t < s->nseats; t++)
        if (extort_check(s, seat, t, NULL) == WB_OK)
            rc |= wp_push(out, deal_template(s, "extort", t, "demand",
                                             "the balloons you want for not hitting them"));
    for (int b = WP_BAL_MAX; b >= WP_BAL_MIN; b--)
        if (toss_check(s, seat, b, NULL) == WB_OK)
            rc |= wp_push(out, json_pack("{s:s,s:i}", "type", "toss", "balloon", b));
    if (pull_check(s, seat, NULL) == WB_OK)
        rc |= wp_push(out, json_pack("{s:s}", "type", "pull"));
    rc |= wp_push(out, json_pack("{s:s}", "type", "end_turn"));
    return rc;
}

static int push_deal(const wp_state *s, int seat, json_t *out)
{
    int rc = 0, target = s->deal.target;
    if (seat == s->turn) {
        rc |= push_throws(s, seat, target, out);
        rc |= wp_push(out, deal_template(s, "demand", target, "balloons",
                                         "a new demand"));
        if (s->deal.has_offer)
            rc |= wp_push(out, json_pack("{s:s}", "type", "accept"));
        rc |= wp_push(out, json_pack("{s:s}", "type", "call_off"));
    } else {
        rc |= wp_push(out, json_pack("{s:s}", "type", "pay"));
        rc |= wp_push(out, deal_template(s, "offer", target, "balloons",
                                         "what you offer instead"));
        rc |= wp_push(out, json_pack("{s:s}", "type", "refuse"));
    }
    return rc;
}

json_t *wp_actions(const void *state, int seat)
{
    const wp_state *s = state;
    json_t *out = json_array();
    int rc = !out;
    if (rc || seat < 0 || !may_act(s, seat))
        return out;
    switch (s->phase) {
    case WP_PH_ROLL_OFF:
    case WP_PH_ROLL:
        rc = wp_push(out, json_pack("{s:s}", "type", "roll"));
        break;
    case WP_PH_ACT:
        rc = push_act(s, seat, out);
        break;
    case WP_PH_EXTORT:
        rc = push_deal(s, seat, out);
        break;
    case WP_PH_OVER:
        break;
    }
    if (rc) {
        json_decref(out);
        return NULL;
    }
    return out;
}
