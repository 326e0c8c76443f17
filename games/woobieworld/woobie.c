/*
 * woobie.c - Woobieworld on the game framework (game_def.h): the options,
 * the hooks for the common view fields and the def the registry lists.
 *
 * The rules themselves are in woobie_rules.c (set-up, phases, and the
 * actions as the framework's table, ww_actions: who, phases, members with
 * their domains, the checks and the changes) and woobie_fx.c (the card
 * interpreter); the view and the queries are woobie_view.c's, the state
 * for the codec woobie_save.c's.
 */
#include "woobie.h"

#include <stddef.h>
#include <stdlib.h>

#include "game_def.h"
#include "wb_err.h"
#include "wb_mem.h"
#include "woobie_int.h"

/* --- the common view fields ------------------------------------------------------ */

static void ww_result(const void *st, int *winner, json_int_t *score)
{
    int sc[WW_MAX_SEATS];
    const ww_state *s = st;
    ww_scores(s, sc, winner);
    for (int i = 0; i < s->nseats; i++)
        score[i] = sc[i];
}

static int ww_to_act_hook(const void *st, int seat)
{
    int act[WW_MAX_SEATS];
    ww_to_act(st, act);
    return act[seat];
}

/* Who the seat is now: the player to act, or a seat still to choose its
 * card in a cycle.  (A pending decision's seat gets GAME_ROLE_PENDING from
 * the framework.) */
static unsigned ww_roles(const void *st, int seat)
{
    const ww_state *s = st;
    switch (s->phase) {
    case P_CHOOSE:
        return s->seat[seat].chosen < 0 && s->seat[seat].nhand > 0 ? GAME_ROLE_SEAT : 0;
    case P_EFFECT:
    case P_OVER:
        return 0;
    default:
        return seat == s->player ? GAME_ROLE_SEAT : 0;
    }
}

static int ww_pending(const void *st, game_pending *out)
{
    static const char *const prompts[ASK_COUNT_] = {
        [ASK_SIDE] = "choose the side of the OR card to play",
        [ASK_AREA] = "choose an area for the card",
        [ASK_INDUSTRY] = "choose an industry for the card",
        [ASK_GAIN] = "choose the colour of a support your home gains",
        [ASK_LOSE] = "choose a support your home loses",
        [ASK_PLACE] = "choose the colour of an industry to place",
        [ASK_ENV] = "choose an ENVIRONMENT card to remove",
    };
    const ww_state *s = st;
    if (s->phase != P_EFFECT)
        return 0;
    *out = (game_pending){s->run.ask_seat, prompts[s->run.ask]};
    return 1;
}

static char *ww_situation(const void *st)
{
    const ww_state *s = st;
    switch (s->phase) {
    case P_SETUP:
        return game_why("seat %d is picking a home", s->player);
    case P_CHOOSE:
        return game_why("the seats are choosing their cards for cycle %d", s->cycle);
    case P_EFFECT:
        return game_why("seat %d's card waits for seat %d to choose", s->player, s->run.ask_seat);
    case P_OVER:
        return game_why("the game is over");
    default:
        return game_why("it is seat %d's %s phase", s->player, ww_phase_names[s->phase]);
    }
}

/* --- options ------------------------------------------------------------------------ */

static const game_member ww_option_table[] = {
    {.name = "speed", .type = GAME_T_BOOL, .def = "false",
     .desc = "the speed variant: cycles in which every seat picks a card face down at once, "
             "then whole turns in increasing card number"},
    {.name = "support", .type = GAME_T_INT, .def = "30", .has_range = 1, .min = 1, .max = 200,
     .desc = "coloured support of each colour in the unused pile"},
    {.name = "anarchs", .type = GAME_T_INT, .def = "30", .has_range = 1, .min = 0, .max = 200,
     .desc = "Anarchs in the unused pile"},
    {.name = "industries", .type = GAME_T_INT, .def = "8", .has_range = 1, .min = 0, .max = 50,
     .desc = "industries of each colour in the unused pile"},
    {.name = "map", .type = GAME_T_OBJECT, .def = "null",
     .desc = "the map as an area graph {\"nodes\":[{\"id\",\"name\",\"tags\":[\"land\"|"
             "\"water\",\"mountain\"],\"x\",\"y\"}],\"edges\":[[id,id]]} (coastal is derived); "
             "null: the built-in island, which is the default shown here"},
    {.name = "deck", .type = GAME_T_ANY, .def = "null",
     .desc = "null: the built-in deck (query \"deck\"); or a custom deck, an array of lines "
             "\"TYPE | NUMBER | NAME | TEXT | STEPS | QUOTE\" (games/woobieworld/WOOBIEWORLD.md)"},
    {NULL},
};

/* The game's description shows the built-in map as the map's default. */
static void ww_options_fix(json_t *desc)
{
    json_object_set_new(json_object_get(desc, "map"), "default", ww_map_default_json());
}

/* --- the def -------------------------------------------------------------------------- */

static int ww_create(void *st, const game_ctx *ctx, const char *const *players, size_t n,
                     const json_t *options, uint64_t seed, char **why)
{
    (void)ctx, (void)players;
    return ww_setup(st, n, options, seed, why);
}

static void ww_free(void *st) { ww_state_release(st); }

/* Flat: the state points only to its map, deck and custom texts, which no
 * action ever changes, so a memcpy copy shares them safely (the framework
 * frees a copy with free(), never with the free hook). */
static const game_def ww_def = {
    .kind = &game_woobie,
    .format = 1,
    .size = sizeof(ww_state),
    .flat = 1,
    .options = ww_option_table,
    .options_fix = ww_options_fix,
    .create = ww_create,
    .free = ww_free,
    .io = ww_io,
    .phase_at = offsetof(ww_state, phase),
    .phase_names = ww_phase_names,
    .situation = ww_situation,
    .roles = ww_roles,
    .nseats_at = offsetof(ww_state, nseats),
    .actions = ww_actions,
    .over_phase = P_OVER,
    .to_act = ww_to_act_hook,
    .result = ww_result,
    .pending = ww_pending,
    .view = ww_view,
    .queries = ww_queries,
    .sample = ww_sample,
};

GAME_DEF_HOOKS(ww_def)

const game_kind game_woobie = {
    .name = "woobieworld",
    .title = "Woobieworld",
    .min_players = WW_MIN_SEATS,
    .max_players = WW_MAX_SEATS,
    GAME_DEF_KIND(ww_def),
    .determinize = game_def_determinize,
};
