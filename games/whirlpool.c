/*
 * whirlpool.c - the Whirlpool Pond game kind: its options, the set-up of
 * a match, save/load and the views.
 *
 * The rules (turns, movement, the four actions, extortion) are in
 * whirlpool_rules.c and the pond in whirlpool_board.c; this file only
 * builds, reads and shows a match.  The default pond is data
 * (data/whirlpool-board.txt) embedded into the binary at build time as
 * whirlpool_board_txt; a custom one may come in the options.
 */
#include "whirlpool.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "wb_err.h"
#include "wb_mem.h"
#include "whirlpool_int.h"

extern const unsigned char whirlpool_board_txt[];
extern const size_t whirlpool_board_txt_len;

/* The suits the seats play when the options do not say. */
static const int default_suits[WP_MAX_SEATS] = {WP_SUNS, WP_CROWNS, WP_MOONS, WP_ARMS};

static const char *const phase_names[] = {"roll_off", "roll", "act", "extort", "finished"};

/* --- JSON helpers --------------------------------------------------------- */

int wp_set(json_t *o, const char *key, json_t *v)
{
    if (!o || !v) {
        json_decref(v);
        return -1;
    }
    return json_object_set_new(o, key, v);
}

int wp_push(json_t *a, json_t *v)
{
    if (!a || !v) {
        json_decref(v);
        return -1;
    }
    return json_array_append_new(a, v);
}

json_t *wp_pos(const wp_state *s, int space)
{
    if (space < 0)
        return json_null();
    const wp_space *sp = &s->board->spaces[space];
    return json_pack("[ii]", sp->col, sp->row);
}

json_t *wp_bal_json(const int bal[WP_NVAL])
{
    json_t *a = json_array();
    int rc = !a;
    for (int v = WP_NVAL - 1; v >= 0 && !rc; v--)
        for (int k = 0; k < bal[v] && !rc; k++)
            rc = wp_push(a, json_integer(v));
    if (rc) {
        json_decref(a);
        return NULL;
    }
    return a;
}

int wp_bal_parse(const json_t *a, int bal[WP_NVAL])
{
    size_t i;
    json_t *v;
    memset(bal, 0, WP_NVAL * sizeof *bal);
    if (!json_is_array(a) || json_array_size(a) > 64)
        return WB_EINVAL;
    json_array_foreach(a, i, v) {
        json_int_t x = json_integer_value(v);
        if (!json_is_integer(v) || x < WP_BAL_MIN || x > WP_BAL_MAX)
            return WB_EINVAL;
        bal[x]++;
    }
    return WB_OK;
}

int wp_bal_sub(const int part[WP_NVAL], const int whole[WP_NVAL])
{
    for (int v = 0; v < WP_NVAL; v++)
        if (part[v] > whole[v])
            return 0;
    return 1;
}

int wp_bal_count(const int bal[WP_NVAL])
{
    int n = 0;
    for (int v = 0; v < WP_NVAL; v++)
        n += bal[v];
    return n;
}

/* --- options -------------------------------------------------------------- */

static json_t *wp_options(void)
{
    json_t *o = json_object();
    int rc = !o;
    rc |= wp_set(o, "suits",
                 game_option("array", json_pack("[ssss]", "suns", "crowns", "moons", "arms"),
                        "the suits of the seats in seat order, all different (suns, moons, "
                        "crowns, arms); seat i plays the i-th, so a list longer than the "
                        "seats is fine; by default the first of [suns, crowns, moons, arms], "
                        "so two players are on different ropes"));
    rc |= wp_set(o, "board",
                 game_option("string", json_null(),
                        "a custom pond in the format of data/whirlpool-board.txt (a grid "
                        "of rings, the corner coins, the two ropes, a start per suit); "
                        "null: the default pond of games/WHIRLPOOL.md"));
    if (rc) {
        json_decref(o);
        return NULL;
    }
    return o;
}

/* --- create and destroy --------------------------------------------------- */

static void wp_destroy(void *state)
{
    wp_state *s = state;
    if (!s)
        return;
    wp_board_free(s->board);
    free(s->board_text);
    free(s);
}

static int parse_board(const char *text, size_t len, wp_state *s, char **why)
{
    int rc = wp_board_parse(text, len, &s->board, why);
    if (!rc)
        s->board_text = wp_board_text(s->board);
    return rc;
}

/* The suits of the seats: seat i plays the i-th suit of the list.  The
 * list may be longer than the seats (up to the four suits, all different),
 * so that the advertised default works for any number of players. */
static int parse_suits(const json_t *a, int nseats, int suit[WP_MAX_SEATS], char **why)
{
    int all[WP_NSUITS], n;
    if (!a || json_is_null(a)) {
        for (int i = 0; i < nseats; i++)
            suit[i] = default_suits[i];
        return WB_OK;
    }
    n = json_is_array(a) ? (int)json_array_size(a) : -1;
    if (n < nseats || n > WP_NSUITS) {
        *why = game_why("suits: an array of %d to %d different suit names; seat i plays the "
                        "i-th", nseats, WP_NSUITS);
        return WB_EINVAL;
    }
    for (int i = 0; i < n; i++) {
        all[i] = wp_suit_find(json_string_value(json_array_get(a, (size_t)i)));
        for (int j = 0; j < i && all[i] >= 0; j++)
            if (all[j] == all[i])
                all[i] = -1;
        if (all[i] < 0) {
            *why = game_why("suits[%d]: one of suns, moons, crowns, arms, each once", i);
            return WB_EINVAL;
        }
    }
    for (int i = 0; i < nseats; i++)
        suit[i] = all[i];
    return WB_OK;
}

static int wp_create(const game_ctx *ctx, const char *const *players, size_t nplayers,
                     const json_t *options, uint64_t seed, void **state, char **why)
{
    wp_state *s = NULL;
    const char *key;
    json_t *v, *board;
    int rc = WB_OK;

    (void)ctx;
    (void)players;
    *state = NULL;
    if (nplayers < 2 || nplayers > WP_MAX_SEATS) {
        *why = game_why("Whirlpool Pond takes 2 to 4 players");
        return WB_EINVAL;
    }
    if (options && !json_is_object(options)) {
        *why = game_why("options must be an object");
        return WB_EINVAL;
    }
    json_object_foreach((json_t *)(uintptr_t)options, key, v)
        if (strcmp(key, "suits") != 0 && strcmp(key, "board") != 0) {
            *why = game_why("unknown option \"%s\" (suits, board)", key);
            return WB_EINVAL;
        }
    s = wb_calloc(1, sizeof *s);
    s->nseats = (int)nplayers;
    if ((rc = parse_suits(json_object_get(options, "suits"), s->nseats, s->suit, why)))
        goto out;
    board = json_object_get(options, "board");
    if (board && !json_is_null(board) && !json_is_string(board)) {
        *why = game_why("board: a string in the format of data/whirlpool-board.txt");
        rc = WB_EINVAL;
        goto out;
    }
    if (json_is_string(board))
        rc = parse_board(json_string_value(board), json_string_length(board), s, why);
    else
        rc = parse_board((const char *)whirlpool_board_txt, whirlpool_board_txt_len, s, why);
    if (rc)
        goto out;
    rng_seed(&s->r, seed);
    for (int i = 0; i < s->nseats; i++) {
        s->tube[i].at = s->board->start[s->suit[i]];
        s->tube[i].bal[6] = 1; /* the null coin */
        s->tube[i].bal[5] = 1; /* the #5 coin */
        s->rolling[i] = 1;
    }
    s->stash[4] = 4; /* the four #4 coins */
    s->phase = WP_PH_ROLL_OFF;
    s->turn = s->first = s->winner = -1;
    *state = s;
    s = NULL;
out:
    wp_destroy(s);
    return rc;
}

/* --- save and load -------------------------------------------------------- */

static json_t *seat_or_null(int seat)
{
    return seat >= 0 ? json_integer(seat) : json_null();
}

static json_t *deal_json(const wp_state *s)
{
    if (s->phase != WP_PH_EXTORT)
        return json_null();
    const wp_deal *d = &s->deal;
    json_t *o = json_object();
    int rc = !o;
    rc |= wp_set(o, "thrower", json_integer(s->turn));
    rc |= wp_set(o, "target", json_integer(d->target));
    rc |= wp_set(o, "demand", wp_bal_json(d->demand));
    rc |= wp_set(o, "offer", d->has_offer ? wp_bal_json(d->offer) : json_null());
    rc |= wp_set(o, "waiting_for", json_string(d->waiting_target ? "target" : "thrower"));
    if (rc) {
        json_decref(o);
        return NULL;
    }
    return o;
}

static json_t *wp_save(const void *state)
{
    const wp_state *s = state;
    char hex[65];
    json_t *o = json_object(), *suits = json_array(), *tubes = json_array();
    json_t *rolling = json_array(), *rolls = json_array();
    int rc = !o;
    rng_save(&s->r, hex);
    for (int i = 0; i < s->nseats; i++) {
        rc |= wp_push(suits, json_string(wp_suit_name(s->suit[i])));
        rc |= wp_push(tubes, json_pack("{s:o,s:o}", "at", wp_pos(s, s->tube[i].at),
                                       "balloons", wp_bal_json(s->tube[i].bal)));
        if (s->rolling[i])
            rc |= wp_push(rolling, json_integer(i));
        rc |= wp_push(rolls, json_integer(s->rolls[i]));
    }
    rc |= wp_set(o, "board", json_string(s->board_text));
    rc |= wp_set(o, "rng", json_string(hex));
    rc |= wp_set(o, "suits", suits);
    rc |= wp_set(o, "phase", json_string(phase_names[s->phase]));
    rc |= wp_set(o, "turn", seat_or_null(s->turn));
    rc |= wp_set(o, "first", seat_or_null(s->first));
    rc |= wp_set(o, "last_roll", json_integer(s->last_roll));
    rc |= wp_set(o, "tubes", tubes);
    rc |= wp_set(o, "stash", wp_bal_json(s->stash));
    rc |= wp_set(o, "rolling", rolling);
    rc |= wp_set(o, "rolls", rolls);
    rc |= wp_set(o, "extort_off", json_boolean(s->extort_off));
    rc |= wp_set(o, "deal", deal_json(s));
    rc |= wp_set(o, "winner", seat_or_null(s->winner));
    if (rc) {
        json_decref(o);
        return NULL;
    }
    return o;
}

/* A seat member: null gives -1; *ok cleared when it is neither a seat of
 * this match nor (when allowed) null. */
static int seat_member(const json_t *o, const char *key, const wp_state *s, int nullable,
                       int *ok)
{
    json_t *v = json_object_get(o, key);
    if (nullable && json_is_null(v))
        return -1;
    if (!json_is_integer(v) || json_integer_value(v) < 0 ||
        json_integer_value(v) >= s->nseats) {
        *ok = 0;
        return -1;
    }
    return (int)json_integer_value(v);
}

static int load_tubes(const json_t *saved, wp_state *s, char **why)
{
    json_t *tubes = json_object_get(saved, "tubes");
    if (!json_is_array(tubes) || json_array_size(tubes) != (size_t)s->nseats)
        goto bad;
    for (int i = 0; i < s->nseats; i++) {
        json_t *t = json_array_get(tubes, (size_t)i), *at = json_object_get(t, "at");
        if (wp_bal_parse(json_object_get(t, "balloons"), s->tube[i].bal))
            goto bad;
        s->tube[i].at = -1;
        /* A tube in the whirlpool gave all its balloons to the stash. */
        if (json_is_null(at) && wp_bal_count(s->tube[i].bal))
            goto bad;
        if (json_is_null(at))
            continue;
        json_t *c = json_array_get(at, 0), *r = json_array_get(at, 1);
        if (json_array_size(at) != 2 || !json_is_integer(c) || !json_is_integer(r))
            goto bad;
        json_int_t ci = json_integer_value(c), ri = json_integer_value(r);
        if (ci < 0 || ri < 0 || ci >= WP_GRID_MAX || ri >= WP_GRID_MAX)
            goto bad;
        s->tube[i].at = wp_board_space(s->board, (int)ci, (int)ri);
        if (s->tube[i].at < 0)
            goto bad;
        for (int j = 0; j < i; j++)
            if (s->tube[j].at == s->tube[i].at)
                goto bad;
    }
    return WB_OK;
bad:
    *why = game_why("whirlpool state: bad tubes (one per seat, on distinct water spaces; "
                    "none in the whirlpool with balloons)");
    return WB_EINVAL;
}

static int load_deal(const json_t *saved, wp_state *s, char **why)
{
    json_t *d = json_object_get(saved, "deal"), *offer = json_object_get(d, "offer");
    const char *w = json_string_value(json_object_get(d, "waiting_for"));
    int ok = 1;
    if (s->phase != WP_PH_EXTORT) {
        if (json_is_null(d))
            return WB_OK;
        *why = game_why("whirlpool state: a deal outside an extortion");
        return WB_EINVAL;
    }
    s->deal.target = seat_member(d, "target", s, 0, &ok);
    ok = ok && seat_member(d, "thrower", s, 0, &ok) == s->turn && s->deal.target != s->turn &&
         s->tube[s->deal.target].at >= 0 && w &&
         (strcmp(w, "target") == 0 || strcmp(w, "thrower") == 0) &&
         !wp_bal_parse(json_object_get(d, "demand"), s->deal.demand) &&
         wp_bal_count(s->deal.demand) > 0 && wp_bal_sub(s->deal.demand, s->tube[s->deal.target].bal);
    if (ok && !json_is_null(offer)) {
        s->deal.has_offer = 1;
        ok = !wp_bal_parse(offer, s->deal.offer) && wp_bal_count(s->deal.offer) > 0 &&
             wp_bal_sub(s->deal.offer, s->tube[s->deal.target].bal);
    }
    if (!ok) {
        *why = game_why("whirlpool state: bad deal");
        return WB_EINVAL;
    }
    s->deal.waiting_target = strcmp(w, "target") == 0;
    return WB_OK;
}

static int load_phase(const json_t *saved, wp_state *s, char **why)
{
    const char *ph = json_string_value(json_object_get(saved, "phase"));
    json_t *rolling = json_object_get(saved, "rolling"), *rolls = json_object_get(saved, "rolls");
    json_t *lr = json_object_get(saved, "last_roll"), *v;
    int ok = 0, alive = 0, waiting = 0;
    size_t i;
    for (int p = 0; ph && p <= WP_PH_OVER; p++)
        if (strcmp(ph, phase_names[p]) == 0) {
            s->phase = (wp_phase)p;
            ok = 1;
        }
    s->turn = seat_member(saved, "turn", s, 1, &ok);
    s->first = seat_member(saved, "first", s, 1, &ok);
    s->winner = seat_member(saved, "winner", s, 1, &ok);
    ok = ok && json_is_integer(lr) && json_integer_value(lr) >= 0 && json_integer_value(lr) <= 6;
    s->last_roll = (int)json_integer_value(lr);
    ok = ok && json_is_boolean(json_object_get(saved, "extort_off"));
    s->extort_off = json_is_true(json_object_get(saved, "extort_off"));
    ok = ok && json_is_array(rolling) && json_is_array(rolls) &&
         json_array_size(rolls) == (size_t)s->nseats;
    json_array_foreach(rolling, i, v) {
        json_int_t x = json_integer_value(v);
        ok = ok && json_is_integer(v) && x >= 0 && x < s->nseats && !s->rolling[x];
        if (ok)
            s->rolling[x] = 1;
    }
    for (i = 0; ok && i < (size_t)s->nseats; i++) {
        v = json_array_get(rolls, i);
        ok = json_is_integer(v) && json_integer_value(v) >= 0 && json_integer_value(v) <= 6;
        s->rolls[i] = (int)json_integer_value(v);
    }
    for (int k = 0; ok && k < s->nseats; k++) {
        alive += s->tube[k].at >= 0;
        /* Rolls belong to the roll-off, and only to seats rolling in it. */
        ok = (s->phase == WP_PH_ROLL_OFF || !s->rolling[k]) && (s->rolling[k] || !s->rolls[k]);
        waiting += s->rolling[k] && !s->rolls[k];
    }
    /* Who is to move must agree with the phase; the first player is known
     * once the roll-off is over; an extortion can only have been called
     * off while the player is choosing an action (or, in a game finished
     * by the throw that followed, when saved by a version that did not
     * clear the flag at the end: such matches must still load). */
    if (ok && s->phase == WP_PH_ROLL_OFF)
        ok = s->turn < 0 && s->first < 0 && s->winner < 0 && alive == s->nseats &&
             waiting > 0;
    else if (ok && s->phase == WP_PH_OVER)
        ok = s->turn < 0 && s->first >= 0 && s->winner >= 0 && s->tube[s->winner].at >= 0 &&
             alive == 1;
    else if (ok)
        ok = s->turn >= 0 && s->first >= 0 && s->tube[s->turn].at >= 0 && s->winner < 0 &&
             alive >= 2;
    ok = ok && (!s->extort_off || s->phase == WP_PH_ACT || s->phase == WP_PH_OVER);
    if (!ok) {
        *why = game_why("whirlpool state: bad phase, turn, rolls or winner");
        return WB_EINVAL;
    }
    return load_deal(saved, s, why);
}

static int wp_load(const json_t *saved, void **state, char **why)
{
    wp_state *s = wb_calloc(1, sizeof *s);
    json_t *board = json_object_get(saved, "board"), *suits = json_object_get(saved, "suits");
    int rc = WB_EINVAL;

    *state = NULL;
    if (!json_is_object(saved) || !json_is_string(board) || !json_is_array(suits) ||
        json_array_size(suits) < 2 || json_array_size(suits) > WP_MAX_SEATS) {
        *why = game_why("whirlpool state: needs a board and 2 to 4 suits");
        goto out;
    }
    s->nseats = (int)json_array_size(suits);
    if ((rc = parse_suits(suits, s->nseats, s->suit, why)) ||
        (rc = parse_board(json_string_value(board), json_string_length(board), s, why)))
        goto out;
    rc = WB_EINVAL;
    if (rng_load(&s->r, json_string_value(json_object_get(saved, "rng")))) {
        *why = game_why("whirlpool state: bad rng");
        goto out;
    }
    if (wp_bal_parse(json_object_get(saved, "stash"), s->stash)) {
        *why = game_why("whirlpool state: bad stash");
        goto out;
    }
    if ((rc = load_tubes(saved, s, why)) || (rc = load_phase(saved, s, why)))
        goto out;
    *state = s;
    s = NULL;
out:
    wp_destroy(s);
    return rc;
}

/* --- views ---------------------------------------------------------------- */

static json_t *board_json(const wp_state *s)
{
    const wp_board *b = s->board;
    json_t *o = json_object(), *rows = json_array(), *coins = json_array(), *ropes;
    char line[WP_GRID_MAX + 1];
    int rc = !o;
    for (int r = 0; r < b->height; r++) {
        memcpy(line, b->cells + r * b->width, (size_t)b->width);
        line[b->width] = '\0';
        rc |= wp_push(rows, json_string(line));
    }
    for (int i = 0; i < WP_NCOINS; i++)
        rc |= wp_push(coins, json_pack("{s:s,s:i,s:o}", "suit", wp_suit_name(b->coins[i].suit),
                                       "value", b->coins[i].value, "at",
                                       wp_pos(s, b->coins[i].space)));
    ropes = json_pack("[[],[]]");
    for (int k = 0; k < WP_NSUITS; k++)
        rc |= wp_push(json_array_get(ropes, (size_t)b->rope[k]), json_string(wp_suit_name(k)));
    rc |= wp_set(o, "width", json_integer(b->width));
    rc |= wp_set(o, "height", json_integer(b->height));
    rc |= wp_set(o, "rows", rows);
    rc |= wp_set(o, "coins", coins);
    rc |= wp_set(o, "ropes", ropes);
    if (rc) {
        json_decref(o);
        return NULL;
    }
    return o;
}

static json_t *players_json(const wp_state *s)
{
    json_t *a = json_array();
    int rc = !a;
    for (int i = 0; i < s->nseats; i++) {
        int at = s->tube[i].at;
        rc |= wp_push(a, json_pack("{s:i,s:s,s:b,s:o,s:o,s:o}", "seat", i, "suit",
                                   wp_suit_name(s->suit[i]), "in_game", at >= 0, "at",
                                   wp_pos(s, at), "ring",
                                   at >= 0 ? json_integer(s->board->spaces[at].ring)
                                           : json_null(),
                                   "balloons", wp_bal_json(s->tube[i].bal)));
    }
    if (rc) {
        json_decref(a);
        return NULL;
    }
    return a;
}

static json_t *roll_off_json(const wp_state *s)
{
    if (s->phase != WP_PH_ROLL_OFF)
        return json_null();
    json_t *rolling = json_array(), *rolls = json_array();
    int rc = 0;
    for (int i = 0; i < s->nseats; i++) {
        if (s->rolling[i])
            rc |= wp_push(rolling, json_integer(i));
        rc |= wp_push(rolls, s->rolls[i] ? json_integer(s->rolls[i]) : json_null());
    }
    json_t *o = json_pack("{s:o,s:o}", "rolling", rolling, "rolls", rolls);
    if (rc) {
        json_decref(o);
        return NULL;
    }
    return o;
}

static json_t *wp_view(const void *state, int seat)
{
    const wp_state *s = state;
    json_t *o = json_object(), *to_act = json_array();
    int seats[WP_MAX_SEATS], n = wp_to_act(s, seats), over = s->phase == WP_PH_OVER;
    int rc = !o;
    for (int i = 0; i < n; i++)
        rc |= wp_push(to_act, json_integer(seats[i]));
    rc |= wp_set(o, "status", json_string(over ? "finished" : "active"));
    rc |= wp_set(o, "to_act", to_act);
    if (over) {
        json_t *scores = json_array();
        for (int i = 0; i < s->nseats; i++)
            rc |= wp_push(scores, json_integer(i == s->winner));
        rc |= wp_set(o, "winners", json_pack("[i]", s->winner));
        rc |= wp_set(o, "scores", scores);
    }
    if (seat >= 0)
        rc |= wp_set(o, "seat", json_integer(seat));
    rc |= wp_set(o, "phase", json_string(phase_names[s->phase]));
    rc |= wp_set(o, "turn", seat_or_null(s->turn));
    rc |= wp_set(o, "first_player", seat_or_null(s->first));
    rc |= wp_set(o, "last_roll", s->last_roll ? json_integer(s->last_roll) : json_null());
    rc |= wp_set(o, "players", players_json(s));
    rc |= wp_set(o, "stash", wp_bal_json(s->stash));
    rc |= wp_set(o, "roll_off", roll_off_json(s));
    rc |= wp_set(o, "extort_called_off", json_boolean(s->extort_off));
    rc |= wp_set(o, "deal", deal_json(s));
    rc |= wp_set(o, "board", board_json(s));
    if (rc) {
        json_decref(o);
        return NULL;
    }
    return o;
}

const game_kind game_whirlpool = {
    .name = "whirlpool-pond",
    .title = "Whirlpool Pond (Tube Wars)",
    .min_players = 2,
    .max_players = WP_MAX_SEATS,
    .options = wp_options,
    .create = wp_create,
    .destroy = wp_destroy,
    .save = wp_save,
    .load = wp_load,
    .view = wp_view,
    .actions = wp_actions,
    .apply = wp_apply,
    .deadline = NULL,
    .query = NULL,
};
