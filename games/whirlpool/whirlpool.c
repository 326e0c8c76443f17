/*
 * whirlpool.c - the Whirlpool Pond game kind: its options, the set-up of
 * a match and its game_def (games/core/game_def.h).
 *
 * The rules (turns, movement, the four actions, extortion) are the action
 * table of whirlpool_rules.c; the views are whirlpool_view.c's, the state
 * for the codec whirlpool_save.c's, and the pond is read and shared by
 * whirlpool_board.c: this file only builds a match and ties the others
 * together.  The default pond is data (games/whirlpool/board.txt)
 * embedded into the binary at build time as whirlpool_board_txt; a custom
 * one may come in the options.
 */
#include "whirlpool.h"

#include <stdint.h>
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
    if ((rc = wp_use_board(s, text, len, 0, why)))
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

/* --- the game ------------------------------------------------------------- */

/* The last tube out of the whirlpool wins. */
static void wp_result(const void *st, int *winner, json_int_t *score)
{
    const wp_state *s = st;
    for (int i = 0; i < s->nseats; i++)
        winner[i] = score[i] = i == s->winner;
}

/* Old saves had no format: the same layout, format 0. */
static const game_added wp_added[] = {{0}};

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
