/*
 * dumb.c - World Dumbination as a game on the framework (game_def.h): the
 * options, the set-up of a match, the common view fields and the def the
 * registry lists.  The action table is dumb_rules.c's, with the rules it
 * calls in the files dumb_int.h names; the views and the queries are
 * dumb_view.c's, the state for the codec dumb_save.c's.
 */
#include "dumb.h"

#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "dumb_int.h"
#include "game_def.h"
#include "wb_err.h"
#include "wb_mem.h"

/* --- options and set-up ---------------------------------------------------- */

static const game_member dm_options[] = {
    {.name = "end_vp", .type = GAME_T_INT, .def = "15", .has_range = 1, .min = 1, .max = 1000,
     .desc = "the game ends one round after a player reaches this many VP (the rulebook: "
             "15; raise it for a longer game)"},
    {.name = "short_game", .type = GAME_T_BOOL, .def = "false",
     .desc = "the rulebook's shorter game: no First Goals, 15 resources and 5 VP each, "
             "Level 2 from the second round"},
    {.name = "max_rounds", .type = GAME_T_INT, .def = "0", .has_range = 1, .min = 0,
     .max = 10000,
     .desc = "a house rule: the game also ends after this round (0: no limit, as in the "
             "rulebook)"},
    {.name = "board", .type = GAME_T_STRING, .def = "null",
     .desc = "null: the built-in board (query \"board\"); or a custom board, a hex text map "
             "in the format of games/dumbination/board.txt"},
    {.name = "cards", .type = GAME_T_OBJECT, .def = "null",
     .desc = "null: the built-in decks (query \"cards\"); or custom decks, "
             "{\"cards\": [card kinds]} as games/dumbination/cards.json"},
    {NULL},
};

static int dm_create(void *st, const game_ctx *ctx, const char *const *players, size_t n,
                     const json_t *options, uint64_t seed, char **why)
{
    (void)ctx, (void)players;
    const char *board = json_string_value(json_object_get(options, "board"));
    json_t *cards = json_object_get(options, "cards");
    char *text = json_is_object(cards) ? json_dumps(cards, JSON_COMPACT) : NULL;
    int rc = dm_custom(st, board, text, why);
    free(text);
    if (rc)
        return rc;
    return dm_init(st, (int)n, game_opt_bool(options, "short_game"),
                   (int)game_opt_int(options, "end_vp"), (int)game_opt_int(options, "max_rounds"),
                   seed, why);
}

static void dm_free(void *st) { dm_release(st); }

/* The built-in board and decks are shared: such a state owns nothing. */
static int dm_owns_nothing(const void *st)
{
    const dm_state *s = st;
    return !s->own_board && !s->own_deck && !s->board_text && !s->cards_text;
}

/* --- the common view fields ------------------------------------------------ */

static int dm_to_act_hook(const void *st, int seat)
{
    int act[DM_MAX_SEATS];
    dm_to_act(st, act);
    return seat >= 0 && seat < ((const dm_state *)st)->nseats && act[seat];
}

static void dm_result_hook(const void *st, int *winner, json_int_t *score)
{
    const dm_state *s = st;
    int sc[DM_MAX_SEATS], win[DM_MAX_SEATS];
    dm_result(s, sc, win);
    for (int i = 0; i < s->nseats; i++) {
        winner[i] = win[i];
        score[i] = sc[i];
    }
}

static int dm_pending(const void *st, game_pending *out)
{
    const dm_state *s = st;
    if (s->phase == DM_PH_BOMB) {
        *out = (game_pending){s->bomb_seat, "choose the space your Nuclear Bomb hits"};
        return 1;
    }
    if (s->phase != DM_PH_AUCTION)
        return 0;
    *out = (game_pending){s->order[s->auc_turn], "bid in the Dumbness auction, or pass"};
    return 1;
}

static const game_def dm_def = {
    .kind = &game_dumbination,
    .format = 3,
    .upgrade = dm_upgrade_save,
    .size = sizeof(dm_state),
    .flat = 1, /* the board and decks it points to are read-only: copies share them */
    .options = dm_options,
    .create = dm_create,
    .free = dm_free,
    .owns_nothing = dm_owns_nothing,
    .io = dm_io,
    .phase_at = offsetof(dm_state, phase),
    .phase_names = dm_phase_names,
    .roles = dm_roles,
    .nseats_at = offsetof(dm_state, nseats),
    .actions = dm_actions,
    .over_phase = DM_PH_OVER,
    .to_act = dm_to_act_hook,
    .result = dm_result_hook,
    .pending = dm_pending,
    .view = dm_view,
    .queries = dm_queries,
    .sample = dm_sample,
    .draw = dm_draw_hook,
};

GAME_DEF_HOOKS(dm_def)

const game_kind game_dumbination = {
    .name = "world-dumbination",
    .title = "World Dumbination",
    .min_players = DM_MIN_SEATS,
    .max_players = DM_MAX_SEATS,
    GAME_DEF_KIND(dm_def),
    .determinize = game_def_determinize,
};
