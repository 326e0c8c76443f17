/*
 * woodlouse.c - Woodlouse Chaos on the game framework (game_def.h): the
 * options, the hooks for the common view fields and the def the registry
 * lists.
 *
 * How a turn is played (the action table) is woodlouse_rules.c's, what
 * each seat sees woodlouse_view.c's, the state for the codec
 * woodlouse_save.c's; the box, the options' defaults read from it and the
 * set-up of a match are woodlouse_box.c's.
 */
#include "woodlouse.h"

#include "game_data.h"
#include "wb_err.h"
#include "woodlouse_int.h"

/* --- options -------------------------------------------------------------- */

/* The variants' names and the default deck are filled in from the box
 * (wl_options_fix, woodlouse_box.c). */
static const game_member wl_options[] = {
    {.name = "variant", .type = GAME_T_STRING, .def = "\"basic\"",
     .desc = "basic: 4 species (40 cards), draw pile 15/16/15/18 for 3/4/5/6 players; "
             "harder: all 5 species (50 cards); easier: 3 species (30 cards), draw pile "
             "12; even-easier: the basic game with the sequence cards never reshuffled"},
    {.name = "fixed_sequence", .type = GAME_T_BOOL, .def = "false",
     .desc = "never reshuffle the sequence cards (the even-easier rule) whatever the "
             "variant"},
    {.name = "species", .type = GAME_T_ARRAY, .def = "null",
     .desc = "the species in play, as many as the variant uses (the basic game: the "
             "players choose which species to leave out); null: chosen by the match's "
             "random generator"},
    {.name = "first_trainer", .type = GAME_T_INT, .def = "0", .seat = 1,
     .desc = "the seat of the first animal trainer (the rules: the youngest player); "
             "seats are clockwise in the order the players are given"},
    {.name = "guess_ms", .type = GAME_T_INT, .def = "0", .has_range = 1, .min = 0,
     .max = WL_MAX_GUESS_MS,
     .desc = "once the code is complete, the guessing closes after this many ms and the "
             "trainer keeps the card; 0: it stays open until every guesser has passed or "
             "is out, or the host closes it (0 to 3600000)"},
    {.name = "deck", .type = GAME_T_OBJECT, .def = "null", .has_range = 1, .min = 1,
     .max = WL_MAX_SPECIES,
     .desc = "the animal cards: {species: [cards showing 1, 2, 3, 4, 5 animals]}, in box "
             "order; the rules give 10 cards per species, the default has two of each "
             "count"},
    {NULL},
};

/* --- the common view fields (game_def hooks) ------------------------------ */

static int wl_to_act(const void *st, int seat)
{
    const wl_state *s = st;
    return ((s->phase == WL_DRAW || s->phase == WL_CODE) && seat == s->trainer) ||
           wl_can_guess(s, seat);
}

/* The final count: most cards wins (the scores), then the higher sum of
 * their values ("values"); every seat level with the best on both wins. */
static void wl_result(const void *st, int *winner, json_int_t *score)
{
    const wl_state *s = st;
    (void)winner; /* highest_wins */
    for (int i = 0; i < s->nseats; i++)
        score[i] = s->score[i].n;
}

static void wl_values(const void *st, json_int_t *values)
{
    const wl_state *s = st;
    for (int i = 0; i < s->nseats; i++)
        for (int k = 0; k < s->score[i].n; k++)
            values[i] += WL_COUNT(s->score[i].c[k]);
}

static char *wl_situation(const void *st)
{
    static const char *const now[] = {
        [WL_DRAW] = "the trainer (seat %d) is to draw a card",
        [WL_CODE] = "the trainer (seat %d) is performing the code",
        [WL_GUESS] = "the code of the trainer (seat %d) is complete: the others guess",
        [WL_OVER] = "the game is over (the last trainer was seat %d)",
    };
    const wl_state *s = st;
    return game_why(now[s->phase], s->phase == WL_OVER ? s->last_trainer : s->trainer);
}

static const game_def wl_def = {
    .kind = &game_woodlouse,
    .format = 1,
    .size = sizeof(wl_state),
    .flat = 1,
    .options = wl_options,
    .options_fix = wl_options_fix,
    .create = wl_setup,
    .io = wl_io,
    .phase_at = offsetof(wl_state, phase),
    .phase_names = wl_phase_names,
    .situation = wl_situation,
    .roles = wl_roles,
    .nseats_at = offsetof(wl_state, nseats),
    .actions = wl_actions,
    .over_phase = WL_OVER,
    .to_act = wl_to_act,
    .result = wl_result,
    .highest_wins = 1,
    .tiebreak = wl_values,
    .tiebreak_name = "values",
    .view = wl_view,
    .sample = wl_sample,
    .deadline_at = offsetof(wl_state, deadline),
    .deadline_phase = WL_GUESS,
};

GAME_DEF_HOOKS(wl_def)

const game_kind game_woodlouse = {
    .name = "woodlouse-chaos",
    .title = "Woodlouse Chaos",
    .min_players = WL_MIN_SEATS,
    .max_players = WL_MAX_SEATS,
    GAME_DEF_KIND(wl_def),
    .determinize = game_def_determinize,
};
