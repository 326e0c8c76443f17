/*
 * woodlouse_view.c - what Woodlouse Chaos shows: the view of a seat, of
 * the host and of the public.  Nothing here changes a match.
 *
 * The card drawn is the trainer's secret until the turn ends (the host
 * sees it too); the score piles and the draw pile are face down: every
 * seat sees how many cards each holds, only the host which (the draw
 * pile as a tally, never in order).  The shapes are documented in
 * games/woodlouse/WOODLOUSE.md.
 */
#include "game_data.h"
#include "woodlouse_int.h"

/* --- views ---------------------------------------------------------------- */

/* A pile as the number of its cards of each species and count, in box
 * order: {"spider": [n1, n2, n3, n4, n5], ...}; order is not shown. */
static json_t *pile_tally(const wl_state *s, const wl_pile *p)
{
    int n[WL_MAX_SPECIES][WL_VALUES] = {{0}};
    json_t *o = json_object();
    for (int i = 0; i < p->n; i++)
        n[WL_SPECIES(p->c[i])][WL_COUNT(p->c[i]) - 1]++;
    for (int sp = 0; sp < s->nspecies; sp++)
        if (wl_position(s, sp))
            json_object_set_new(o, s->species[sp], game_json_ints(n[sp], WL_VALUES));
    return o;
}

static json_t *last_turn_json(const wl_state *s)
{
    if (s->last_outcome == WL_NONE)
        return json_null();
    return json_pack("{s:i, s:i, s:s, s:o, s:o*}", "turn", s->last_turn, "trainer",
                     s->last_trainer, "outcome", wl_outcome_names[s->last_outcome], "card",
                     wl_card_json(s, s->last_card), "winner", game_json_opt(s->last_winner));
}

static json_t *seats_json(const wl_state *s)
{
    json_t *a = json_array();
    for (int i = 0; i < s->nseats; i++)
        json_array_append_new(
            a, json_pack("{s:i, s:i, s:i, s:b, s:b, s:b}", "seat", i, "score_pile",
                         s->score[i].n, "wrong_guesses", s->seat[i].wrong, "passed",
                         s->seat[i].passed, "free_guess_used", s->seat[i].free_used,
                         "can_guess", wl_can_guess(s, i)));
    return a;
}

/* What only the host sees: the face-down piles.  The draw pile is shown
 * as a tally, never in order, even to the host. */
static void put_host(const wl_state *s, json_t *o)
{
    json_t *piles = json_array();
    for (int i = 0; i < s->nseats; i++) {
        json_t *p = json_array();
        for (int k = 0; k < s->score[i].n; k++)
            json_array_append_new(p, wl_card_json(s, s->score[i].c[k]));
        json_array_append_new(piles, p);
    }
    game_put(o, "{s:o, s:o, s:o}", "score_piles", piles, "draw_cards", pile_tally(s, &s->draw),
             "out_of_game", pile_tally(s, &s->out));
}

void wl_view(const void *state, int seat, json_t *o)
{
    const wl_state *s = state;
    game_put(o, "{s:s, s:b, s:o, s:o, s:s, s:i, s:i, s:i, s:o, s:i, s:o, s:o}", "variant",
             s->variant, "reshuffle", s->reshuffle, "species", wl_species_in_play(s, seat),
             "sequence", wl_sequence_json(s), "phase", wl_phase_names[s->phase], "turn", s->turn,
             "round", s->round, "trainer", s->trainer, "signals", wl_signals_json(s), "draw_pile",
             s->draw.n, "seats", seats_json(s), "last_turn", last_turn_json(s));
    if (s->phase == WL_GUESS && s->deadline >= 0)
        game_put(o, "{s:I}", "guess_deadline", (json_int_t)s->deadline);
    /* The card is the trainer's secret until the turn ends. */
    if ((s->phase == WL_CODE || s->phase == WL_GUESS) &&
        (seat == s->trainer || seat == GAME_SEAT_HOST))
        game_put(o, "{s:o}", "card", wl_card_json(s, s->card));
    if (seat == GAME_SEAT_HOST)
        put_host(s, o);
}
