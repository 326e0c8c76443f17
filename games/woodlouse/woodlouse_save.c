/*
 * woodlouse_save.c - Woodlouse Chaos: a match's state for the codec
 * (game_json.h), both ways, and what a loaded state must satisfy; the
 * names and the reading of a state that the rules (woodlouse_rules.c, above)
 * share with it.
 *
 * The save holds everything, in order (the draw pile and the score piles
 * bottom first, the rng): the framework stores it with every action, and
 * loading it must give a state that saves the same.  Loading trusts
 * nothing: every member is checked, and then that the turn, round and
 * trainer counters agree, that what the seats did this turn fits the
 * phase, that the code so far fits the card, and that every card of the
 * species in play is in exactly one place, so a state it accepts is safe
 * to play (and every state play leads it to saves and loads again).
 */
#include <stdio.h>
#include <string.h>

#include "game_data.h"
#include "woodlouse_int.h"

const char *const wl_phase_names[] = {"draw", "code", "guess", "over"};
const char *const wl_outcome_names[] = {"none", "guessed", "kept", "mistake"};

int wl_signals(const wl_state *s, char which)
{
    int n = 0;
    for (int i = 0; s->signals[i]; i++)
        n += s->signals[i] == which;
    return n;
}

int wl_position(const wl_state *s, int species)
{
    for (int i = 0; i < s->nseq; i++)
        if (s->seq[i] == species)
            return i + 1;
    return 0;
}

/* Every card of the species in play is somewhere, once; no other card is. */
static int cards_conserved(const wl_state *s)
{
    int n[WL_KINDS] = {0};
    const wl_pile *p[WL_MAX_SEATS + 2] = {&s->draw, &s->out};
    for (int i = 0; i < s->nseats; i++)
        p[i + 2] = &s->score[i];
    for (int q = 0; q < s->nseats + 2; q++)
        for (int i = 0; i < p[q]->n; i++)
            n[p[q]->c[i]]++;
    if (s->phase == WL_CODE || s->phase == WL_GUESS)
        n[s->card]++;
    for (int c = 0; c < s->nspecies * WL_VALUES; c++)
        if (n[c] != (wl_position(s, WL_SPECIES(c)) ? s->counts[c] : 0))
            return 0;
    return 1;
}

/* The code so far fits the card (no signal too many); in the guessing
 * phase it is complete. */
static int code_fits(const wl_state *s)
{
    int bangs = wl_signals(s, 'b'), claps = wl_signals(s, 'c');
    if (bangs + claps != (int)strlen(s->signals))
        return 0;
    if (s->phase == WL_DRAW || s->phase == WL_OVER)
        return s->signals[0] == '\0';
    int pos = wl_position(s, WL_SPECIES(s->card)), count = WL_COUNT(s->card);
    if (s->phase == WL_GUESS)
        return bangs == pos && claps == count;
    return pos && bangs <= pos && claps <= count;
}

/* The counters agree with each other as play leaves them: the trainer
 * moves one seat a turn from the first trainer, a round is nseats turns,
 * and a finished game has counted its last turn but not started another.
 * A round_turns of nseats in a game still going, say, would never reach
 * nseats again: no reshuffle, and a save that no longer loads. */
static int counters_fit(const wl_state *s)
{
    int over = s->phase == WL_OVER, done = s->turn - 1; /* turns finished before this one */
    if (s->trainer != (s->first_trainer + done) % s->nseats ||
        s->round != done / s->nseats + 1 || s->round_turns != done % s->nseats + over)
        return 0;
    if (s->last_outcome == WL_NONE)
        return done == 0 && !over && s->last_turn == 0 && s->last_trainer == 0;
    return s->last_turn == (over ? s->turn : done) &&
           (over || s->last_trainer == (s->trainer + s->nseats - 1) % s->nseats) &&
           (!over || s->last_trainer == s->trainer);
}

/* What the seats did this turn and the guessing window fit the phase:
 * only guessers in the guessing phase have passed, guessed or used their
 * one free guess (which needs an empty pile: a guesser's pile never grows
 * during a turn); a window is open exactly when guess_ms asks for one; and
 * while the guessing is open somebody may still guess (play ends the turn
 * the moment nobody may). */
static int turn_fits(const wl_state *s)
{
    int guessing = s->phase == WL_GUESS, window = guessing && s->guess_ms;
    if (window ? s->deadline < 0 : s->deadline != -1)
        return 0;
    int open = 0; /* seats that may still guess: none ends the turn */
    for (int i = 0; i < s->nseats; i++) {
        const wl_seat *q = &s->seat[i];
        if ((!guessing || i == s->trainer) && (q->passed || q->free_used || q->wrong))
            return 0;
        if (q->free_used && (s->score[i].n > 0 || q->wrong < 1))
            return 0;
        open += i != s->trainer && !q->passed && (s->score[i].n > 0 || !q->free_used);
    }
    return !guessing || open > 0;
}

/* The box, the variant and the sequence: what the cards are read against. */
static void io_table(game_io *io, wl_state *s)
{
    s->nspecies = (int)game_io_slugs(io, "species", (char *)s->species, WL_NAME_MAX + 1,
                                     (size_t)s->nspecies, 1, WL_MAX_SPECIES);
    if (game_io_array(io, "counts", (size_t)s->nspecies, (size_t)s->nspecies,
                      (size_t)s->nspecies) == (size_t)s->nspecies)
        for (int i = 0; i < s->nspecies; i++)
            game_io_ints(io, NULL, &s->counts[i * WL_VALUES], WL_VALUES, 0, WL_MAX_PER_VALUE);
    game_io_end(io);
    game_io_slug(io, "variant", s->variant, sizeof s->variant);
    const char *names[WL_MAX_SPECIES];
    for (int i = 0; i < s->nspecies; i++)
        names[i] = s->species[i];
    s->nseq = (int)game_io_enum_set(io, "sequence", s->seq, (size_t)s->nseq, 1,
                                    (size_t)s->nspecies, names, s->nspecies);
}

/* A pile of cards in order, bottom first, saved by the cards' names. */
static void io_pile(game_io *io, const char *key, wl_pile *p, const char *const *card,
                    int ncards)
{
    p->n = (int)game_io_array(io, key, (size_t)p->n, 0, WL_MAX_CARDS);
    for (int i = 0; i < p->n; i++)
        game_io_enum(io, NULL, &p->c[i], card, ncards);
    game_io_end(io);
}

void wl_io(game_io *io, void *state)
{
    wl_state *s = state;
    char buf[WL_KINDS][WL_NAME_MAX + 16];
    const char *card[WL_KINDS]; /* the cards' names, "spider:4" */
    int load = game_io_loading(io), ncards;
    game_io_rng(io, "rng", &s->r);
    io_table(io, s);
    ncards = s->nspecies * WL_VALUES;
    for (int c = 0; c < ncards; c++) {
        snprintf(buf[c], sizeof buf[c], "%s:%d", s->species[WL_SPECIES(c)], WL_COUNT(c));
        card[c] = buf[c];
    }
    s->nseats = (int)game_io_array(io, "seats", (size_t)s->nseats, WL_MIN_SEATS,
                                   WL_MAX_SEATS);
    for (int i = 0; i < s->nseats; i++) {
        game_io_object(io, NULL);
        game_io_bool(io, "passed", &s->seat[i].passed);
        game_io_bool(io, "free_used", &s->seat[i].free_used);
        game_io_int(io, "wrong", &s->seat[i].wrong, 0, WL_MAX_CARDS * 4);
        io_pile(io, "score", &s->score[i], card, ncards);
        game_io_end(io);
    }
    game_io_end(io);
    game_io_bool(io, "reshuffle", &s->reshuffle);
    game_io_int(io, "guess_ms", &s->guess_ms, 0, WL_MAX_GUESS_MS);
    game_io_int(io, "first_trainer", &s->first_trainer, 0, s->nseats - 1);
    game_io_enum(io, "phase", (int *)&s->phase, wl_phase_names, WL_OVER + 1);
    game_io_int(io, "trainer", &s->trainer, 0, s->nseats - 1);
    game_io_int(io, "turn", &s->turn, 1, 1 << 30);
    game_io_int(io, "round", &s->round, 1, 1 << 30);
    game_io_int(io, "round_turns", &s->round_turns, 0, s->nseats);
    game_io_i64(io, "deadline", &s->deadline, -1, INT64_MAX);
    if (game_io_present(io, "card", s->phase == WL_CODE || s->phase == WL_GUESS))
        game_io_enum(io, "card", &s->card, card, ncards);
    game_io_chars(io, "signals", s->signals, sizeof s->signals);
    io_pile(io, "draw", &s->draw, card, ncards);
    io_pile(io, "out", &s->out, card, ncards);
    game_io_object(io, "last");
    game_io_enum(io, "outcome", (int *)&s->last_outcome, wl_outcome_names, WL_MISTAKE + 1);
    game_io_int(io, "turn", &s->last_turn, 0, 1 << 30);
    game_io_int(io, "trainer", &s->last_trainer, 0, s->nseats - 1);
    game_io_int(io, "winner", &s->last_winner, -1, s->nseats - 1);
    if (game_io_present(io, "card", s->last_outcome != WL_NONE))
        game_io_enum(io, "card", &s->last_card, card, ncards);
    game_io_end(io);
    if (!load || !game_io_ok(io))
        return;
    if ((s->last_outcome == WL_GUESSED) != (s->last_winner >= 0) ||
        (s->last_winner >= 0 && s->last_winner == s->last_trainer))
        game_io_fail(io, "last");
    else if (!counters_fit(s))
        game_io_fail(io, "turn, round or trainer (they disagree)");
    else if (!turn_fits(s))
        game_io_fail(io, "seats or deadline (they do not fit the phase)");
    else if (!code_fits(s))
        game_io_fail(io, "signals");
    else if (!cards_conserved(s))
        game_io_fail(io, "cards (every card of the species in play must be in one place)");
    else if ((s->phase == WL_OVER) != (s->draw.n == 0) && s->phase != WL_CODE &&
             s->phase != WL_GUESS)
        game_io_fail(io, "phase");
}
