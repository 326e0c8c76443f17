/*
 * whirlpool_save.c - what Whirlpool Pond stores: the state for the codec
 * (game_json.h: one description, both ways) and what a loaded state must
 * satisfy.  The pond is saved as its text and read again on load (the
 * default one shared, whirlpool_board.c).  Nothing here changes a match.
 */
#include <stdlib.h>
#include <string.h>

#include "game_data.h"
#include "wb_err.h"
#include "whirlpool_int.h"

/* --- the state, both ways ------------------------------------------------- */

/* Balloons as an array of values, highest first. */

/* The extortion under way, or null; views show it as saved. */
void wp_io_deal(game_io *io, void *st)
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

void wp_io(game_io *io, void *state)
{
    wp_state *s = state;
    int load = game_io_loading(io);
    char *why = NULL;
    game_io_str(io, "board", &s->board_text);
    if (load && game_io_ok(io)) {
        char *text = s->board_text;
        s->board_text = NULL;
        if (!text || wp_use_board(s, text, strlen(text), 1, &why))
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
    wp_io_deal(io, s);
}
