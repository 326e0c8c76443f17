/*
 * whirlpool.c - the Whirlpool Pond game kind: its options, the set-up of
 * a match, the state for the codec (game_json.h) and the views.
 *
 * The rules (turns, movement, the four actions, extortion) are the action
 * table of whirlpool_rules.c and the pond is read by whirlpool_board.c;
 * this file only builds, describes and shows a match.  The default pond
 * is data (games/whirlpool/board.txt) embedded into the binary at build
 * time as whirlpool_board_txt; a custom one may come in the options.
 *
 * The default pond is parsed once per process (pthread_once) and shared,
 * read-only, by every state that has it, its text too: a state loaded
 * from a save (a search's every determinization, a rollback) whose board
 * is the default one points at it instead of parsing the text again.  A
 * custom pond is parsed per state and freed with it.
 */
#include "whirlpool.h"

#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "game_data.h"
#include "wb_err.h"
#include "wb_mem.h"
#include "whirlpool_int.h"

extern const unsigned char whirlpool_board_txt[];
extern const size_t whirlpool_board_txt_len;

/* --- options and set-up ----------------------------------------------------- */

static const game_member wp_options[] = {
    {.name = "suits", .type = GAME_T_ARRAY, .optional = 1,
     .def = "[\"suns\", \"crowns\", \"moons\", \"arms\"]",
     .desc = "the suits of the seats in seat order, all different (suns, moons, crowns, "
             "arms); seat i plays the i-th, so a list longer than the seats is fine; by "
             "default the first of [suns, crowns, moons, arms], so two players are on "
             "different ropes"},
    {.name = "board", .type = GAME_T_STRING, .def = "null",
     .desc = "a custom pond in the format of games/whirlpool/board.txt (a grid of rings, the "
             "corner coins, the two ropes, a start per suit); null: the default pond of "
             "games/whirlpool/WHIRLPOOL.md"},
    {NULL},
};

/* The default pond, parsed once; its text as a match saves it. */
static pthread_once_t default_once = PTHREAD_ONCE_INIT;
static wp_board *default_board;
static char *default_text;

static void default_parse(void)
{
    char *why = NULL;
    const char *text = (const char *)whirlpool_board_txt;
    if (wp_board_parse(text, whirlpool_board_txt_len, &default_board, &why) != WB_OK) {
        fprintf(stderr, "wibbelld: whirlpool board.txt: %s\n", why ? why : "bad");
        abort(); /* embedded at build time and tested: cannot happen */
    }
    default_text = game_data_text(text, whirlpool_board_txt_len);
}

static void wp_free(void *state)
{
    wp_state *s = state;
    /* a state with a board exists after default_parse ran */
    if (s->board && s->board != default_board)
        wp_board_free(s->board);
    if (s->board_text && s->board_text != default_text)
        free(s->board_text);
}

/* The board of `text` into s: the shared default one when it is the
 * default text (`canonical`: the text is as a save holds it already). */
static int parse_board(const char *text, size_t len, int canonical, wp_state *s, char **why)
{
    pthread_once(&default_once, default_parse);
    char *mine = canonical ? NULL : game_data_text(text, len);
    if (strcmp(mine ? mine : text, default_text) == 0) {
        free(mine);
        s->board = default_board;
        s->board_text = default_text;
        return WB_OK;
    }
    wp_board *b = NULL;
    int rc = wp_board_parse(text, len, &b, why);
    if (!rc) {
        s->board = b;
        s->board_text = mine ? mine : wb_strdup(text); /* saved with the match */
        mine = NULL;
    }
    free(mine);
    return rc;
}

static int wp_create(void *st, const game_ctx *ctx, const char *const *players,
                     size_t nplayers, const json_t *options, uint64_t seed, char **why)
{
    (void)ctx, (void)players;
    wp_state *s = st;
    json_t *board = json_object_get(options, "board");
    const char *text = json_is_string(board) ? json_string_value(board)
                                             : (const char *)whirlpool_board_txt;
    size_t len = json_is_string(board) ? json_string_length(board) : whirlpool_board_txt_len;
    int rc, suits[WP_NSUITS];
    s->nseats = (int)nplayers;
    /* Seat i plays the i-th suit: the list may be longer than the seats,
     * so that the advertised default works for any number of players. */
    if (game_opt_names(options, "suits", wp_suit_names, nplayers, WP_NSUITS, suits, why) < 0)
        return WB_EINVAL;
    memcpy(s->suit, suits, nplayers * sizeof *suits);
    if ((rc = parse_board(text, len, 0, s, why)))
        return rc;
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
    return WB_OK;
}

/* --- the state, both ways ------------------------------------------------- */

/* Balloons as an array of values, highest first. */

/* The extortion under way, or null; views show it as saved. */
static void io_deal(game_io *io, void *st)
{
    static const char *const waiting[] = {"thrower", "target"};
    wp_state *s = st;
    wp_deal *d = &s->deal;
    int thrower = s->turn;
    if (game_io_null(io, "deal", s->phase != WP_PH_EXTORT)) {
        if (s->phase == WP_PH_EXTORT)
            game_io_fail(io, "deal");
        return;
    }
    game_io_object(io, "deal");
    game_io_int(io, "thrower", &thrower, 0, s->nseats - 1);
    game_io_int(io, "target", &d->target, 0, s->nseats - 1);
    wp_bal_io(io, "demand", d->demand);
    d->has_offer = !game_io_null(io, "offer", !d->has_offer);
    if (d->has_offer)
        wp_bal_io(io, "offer", d->offer);
    game_io_enum(io, "waiting_for", &d->waiting_target, waiting, 2);
    game_io_end(io);
    if (!game_io_loading(io) || !game_io_ok(io))
        return;
    const int *have = s->tube[d->target].bal;
    if (s->phase != WP_PH_EXTORT || thrower != s->turn || d->target == s->turn ||
        s->tube[d->target].at < 0 || !wp_bal_count(d->demand) ||
        !wp_bal_sub(d->demand, have) ||
        (d->has_offer && (!wp_bal_count(d->offer) || !wp_bal_sub(d->offer, have))))
        game_io_fail(io, "deal");
}

/* Who is to move agrees with the phase; the first player is known once
 * the roll-off is over; rolls belong to the roll-off, and only to seats
 * rolling in it; an extortion can only have been called off while the
 * player is choosing an action (or, in a game finished by the throw that
 * followed, when saved by a version that did not clear the flag at the
 * end: such matches must still load). */
static int phase_fits(const wp_state *s)
{
    int alive = 0, waiting = 0;
    for (int k = 0; k < s->nseats; k++) {
        alive += s->tube[k].at >= 0;
        if ((s->phase != WP_PH_ROLL_OFF && s->rolling[k]) || (!s->rolling[k] && s->rolls[k]))
            return 0;
        waiting += s->rolling[k] && !s->rolls[k];
    }
    if (s->extort_off && s->phase != WP_PH_ACT && s->phase != WP_PH_OVER)
        return 0;
    if (s->phase == WP_PH_ROLL_OFF)
        return s->turn < 0 && s->first < 0 && s->winner < 0 && alive == s->nseats &&
               waiting > 0;
    if (s->phase == WP_PH_OVER)
        return s->turn < 0 && s->first >= 0 && s->winner >= 0 &&
               s->tube[s->winner].at >= 0 && alive == 1;
    return s->turn >= 0 && s->first >= 0 && s->tube[s->turn].at >= 0 && s->winner < 0 &&
           alive >= 2;
}

static void wp_io(game_io *io, void *state)
{
    wp_state *s = state;
    int load = game_io_loading(io);
    char *why = NULL;
    game_io_str(io, "board", &s->board_text);
    if (load && game_io_ok(io)) {
        char *text = s->board_text;
        s->board_text = NULL;
        if (!text || parse_board(text, strlen(text), 1, s, &why))
            game_io_fail(io, "board");
        free(text);
        free(why);
        if (!game_io_ok(io))
            return;
    }
    s->nseats = (int)game_io_enum_set(io, "suits", s->suit, (size_t)s->nseats, 2, WP_MAX_SEATS,
                                      wp_suit_names, WP_NSUITS);
    game_io_rng(io, "rng", &s->r);
    wp_bal_io(io, "stash", s->stash);
    if (game_io_array(io, "tubes", (size_t)s->nseats, (size_t)s->nseats, (size_t)s->nseats))
        for (int i = 0; i < s->nseats; i++) {
            game_io_object(io, NULL);
            game_io_xy(io, "at", s->board->g, &s->tube[i].at);
            wp_bal_io(io, "balloons", s->tube[i].bal);
            game_io_end(io);
            /* A tube in the whirlpool gave all its balloons to the stash;
             * two tubes never share a space. */
            for (int j = 0; load && j < i; j++)
                if (s->tube[j].at >= 0 && s->tube[j].at == s->tube[i].at)
                    game_io_fail(io, "tubes");
            if (load && s->tube[i].at < 0 && wp_bal_count(s->tube[i].bal))
                game_io_fail(io, "tubes");
        }
    game_io_end(io);
    game_io_enum(io, "phase", (int *)&s->phase, wp_phase_names, WP_PH_OVER + 1);
    game_io_seat(io, "turn", &s->turn, s->nseats);
    game_io_seat(io, "first", &s->first, s->nseats);
    game_io_seat(io, "winner", &s->winner, s->nseats);
    game_io_int(io, "last_roll", &s->last_roll, 0, 6);
    game_io_flags(io, "rolling", s->rolling, (size_t)s->nseats);
    game_io_ints(io, "rolls", s->rolls, (size_t)s->nseats, 0, 6);
    game_io_bool(io, "extort_off", &s->extort_off);
    if (load && game_io_ok(io) && !phase_fits(s))
        game_io_fail(io, "phase, turn, rolls or winner");
    io_deal(io, s);
}

/* Old saves had no format: the same layout, format 0. */
static const game_added wp_added[] = {{0}};

/* --- views ---------------------------------------------------------------- */

static json_t *board_json(const wp_state *s)
{
    const wp_board *b = s->board;
    json_t *coins = json_array(), *ropes = json_pack("[[],[]]");
    for (int i = 0; i < WP_NCOINS; i++)
        json_array_append_new(coins, json_pack("{s:s,s:i,s:o}", "suit",
                                               wp_suit_names[b->coins[i].suit], "value",
                                               b->coins[i].value, "at",
                                               wp_pos(s, b->coins[i].space)));
    for (int k = 0; k < WP_NSUITS; k++)
        json_array_append_new(json_array_get(ropes, (size_t)b->rope[k]),
                              json_string(wp_suit_names[k]));
    return json_pack("{s:i, s:i, s:o, s:o, s:o}", "width", b->grid.w, "height", b->grid.h,
                     "rows", game_grid_rows(&b->grid), "coins", coins, "ropes", ropes);
}

static json_t *players_json(const wp_state *s)
{
    json_t *a = json_array();
    for (int i = 0; i < s->nseats; i++) {
        int at = s->tube[i].at;
        json_array_append_new(a, json_pack("{s:i,s:s,s:b,s:o,s:o,s:o}", "seat", i, "suit",
                                           wp_suit_names[s->suit[i]], "in_game", at >= 0, "at",
                                           wp_pos(s, at), "ring",
                                           game_json_id(at >= 0 ? wp_space(s, at)->ring : -1),
                                           "balloons", wp_bal_json(s->tube[i].bal)));
    }
    return a;
}

static json_t *roll_off_json(const wp_state *s)
{
    if (s->phase != WP_PH_ROLL_OFF)
        return json_null();
    json_t *rolls = json_array();
    for (int i = 0; i < s->nseats; i++)
        json_array_append_new(rolls, s->rolls[i] ? json_integer(s->rolls[i]) : json_null());
    return json_pack("{s:o,s:o}", "rolling", game_json_seats(s->rolling, s->nseats), "rolls",
                     rolls);
}

/* The last tube out of the whirlpool wins. */
static void wp_result(const void *st, int *winner, json_int_t *score)
{
    const wp_state *s = st;
    for (int i = 0; i < s->nseats; i++)
        winner[i] = score[i] = i == s->winner;
}

static void wp_view(const void *state, int seat, json_t *o)
{
    const wp_state *s = state;
    if (seat >= 0)
        game_put(o, "{s:i}", "seat", seat);
    game_put(o, "{s:s, s:o, s:o, s:o, s:o, s:o, s:o, s:b, s:o, s:o}", "phase",
             wp_phase_names[s->phase], "turn", game_json_id(s->turn), "first_player",
             game_json_id(s->first), "last_roll",
             s->last_roll ? json_integer(s->last_roll) : json_null(), "players", players_json(s),
             "stash", wp_bal_json(s->stash), "roll_off", roll_off_json(s), "extort_called_off",
             s->extort_off, "deal", game_io_member(io_deal, s, "deal"), "board", board_json(s));
}

static const game_def wp_def = {
    .kind = &game_whirlpool,
    .format = 1,
    .added = wp_added,
    .size = sizeof(wp_state),
    .flat = 1, /* the board is read-only during play */
    .options = wp_options,
    .create = wp_create,
    .free = wp_free,
    .io = wp_io,
    .phase_at = offsetof(wp_state, phase),
    .phase_names = wp_phase_names,
    .situation = wp_situation,
    .roles = wp_roles,
    .nseats_at = offsetof(wp_state, nseats),
    .actions = wp_actions,
    .over_phase = WP_PH_OVER,
    .to_act = wp_to_act,
    .result = wp_result,
    .pending = wp_pending,
    .view = wp_view,
    .sample = wp_sample,
};

GAME_DEF_HOOKS(wp_def)

const game_kind game_whirlpool = {
    .name = "whirlpool-pond",
    .title = "Whirlpool Pond (Tube Wars)",
    .min_players = 2,
    .max_players = WP_MAX_SEATS,
    GAME_DEF_KIND(wp_def),
    .determinize = game_def_determinize,
};
