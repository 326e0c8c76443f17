/*
 * woodlouse_int.h - what the files of the Woodlouse Chaos module share: the
 * state of a match as plain C, and the functions each file offers the
 * others.
 *
 * The seams: woodlouse_box.c knows the box (the card set and the variants,
 * games/woodlouse/cards.txt) and turns options into a dealt table;
 * woodlouse_save.c describes a state for the codec (game_json.h) and checks
 * what a loaded one must satisfy (and names and reads a state for both);
 * woodlouse_rules.c knows how a turn is played and what each seat may do
 * (the action table, game_def.h), woodlouse_view.c what each seat sees;
 * woodlouse.c ties them into the game kind (the options, the common view
 * fields, the def).  Calls go one way: woodlouse.c calls the others,
 * woodlouse_view.c the rules, and woodlouse_rules.c the save and the box;
 * none calls up.
 * Private to the module: the framework and api/ use woodlouse.h only.
 */
#ifndef WOODLOUSE_INT_H
#define WOODLOUSE_INT_H

#include <jansson.h>
#include <stddef.h>
#include <stdint.h>

#include "game_def.h"
#include "rng.h"

#define WL_MIN_SEATS 3
#define WL_MAX_SEATS 6
#define WL_MAX_SPECIES 8     /* in a custom deck; the box holds 5 */
#define WL_VALUES 5          /* a card shows 1 to 5 animals */
#define WL_MAX_PER_VALUE 10  /* cards of one species and value, custom decks */
#define WL_KINDS (WL_MAX_SPECIES * WL_VALUES) /* kinds of card */
#define WL_MAX_CARDS (WL_KINDS * WL_MAX_PER_VALUE)
#define WL_NAME_MAX 24       /* bytes of a species or variant name */
#define WL_MAX_SIGNALS (WL_MAX_SPECIES + WL_VALUES + 1)
#define WL_MAX_GUESS_MS 3600000
#define WL_START_CARDS 3     /* face-down cards dealt to each score pile */

/* A card (an int): its species (index into the box) and how many animals
 * it shows.  Cards of the same species and count are alike, so this is all
 * of it: the kind, species * WL_VALUES + count - 1. */
#define WL_CARD(species, count) ((species) * WL_VALUES + (count) - 1)
#define WL_SPECIES(c) ((c) / WL_VALUES)
#define WL_COUNT(c) ((c) % WL_VALUES + 1)

/* A pile of face-down cards; c[0] is the bottom, c[n - 1] the top. */
typedef struct wl_pile {
    int n;
    int c[WL_MAX_CARDS];
} wl_pile;

typedef enum wl_phase {
    WL_DRAW,  /* the trainer is to draw a card */
    WL_CODE,  /* the trainer is performing the code */
    WL_GUESS, /* the code is complete: the others may shout guesses */
    WL_OVER   /* the draw pile is empty: the game is over */
} wl_phase;

typedef enum wl_outcome {
    WL_NONE,    /* no turn has ended yet */
    WL_GUESSED, /* a guesser named the card and won it */
    WL_KEPT,    /* nobody guessed right: the trainer keeps the card */
    WL_MISTAKE  /* the code was wrong: the card goes under the draw pile */
} wl_outcome;

/* What a seat did during the current turn (reset when a turn starts). */
typedef struct wl_seat {
    int passed;    /* said it will not guess (again) this turn */
    int free_used; /* made its one guess with an empty score pile */
    int wrong;     /* wrong guesses this turn */
} wl_seat;

typedef struct wl_state {
    game_base base;
    rng r;
    int nseats;

    /* The box: every species of the deck and its cards by count. */
    int nspecies;
    char species[WL_MAX_SPECIES][WL_NAME_MAX + 1];
    int counts[WL_KINDS]; /* cards of each kind (WL_CARD) */

    /* The variant, resolved from the options. */
    char variant[WL_NAME_MAX + 1];
    int reshuffle; /* reshuffle the sequence after each round */
    int guess_ms;  /* the guessing window, 0: none */
    int first_trainer;

    /* The sequence cards: seq[i] is the species at position i + 1 (the
     * card next to the box is position 1).  Exactly the species in play. */
    int nseq;
    int seq[WL_MAX_SPECIES];

    /* Progress. */
    wl_phase phase;
    int trainer;
    int turn;        /* 1, 2, ...: the turn being played */
    int round;       /* 1, 2, ...: a round is one turn of every seat */
    int round_turns; /* turns finished in this round */
    int card;        /* the trainer's card, in WL_CODE and WL_GUESS */
    char signals[WL_MAX_SIGNALS + 1]; /* 'b' bang, 'c' clap, in order */
    int64_t deadline;                 /* end of the guessing window, -1 */
    wl_seat seat[WL_MAX_SEATS];

    wl_pile score[WL_MAX_SEATS]; /* face-down score piles */
    wl_pile draw;                /* the draw pile */
    wl_pile out;                 /* out of the game (back in the box) */

    /* The last finished turn, shown face-up in the views. */
    wl_outcome last_outcome;
    int last_turn, last_trainer, last_winner; /* winner -1: none */
    int last_card;
} wl_state;

/* --- woodlouse_box.c --- */

/* Names kept in rows of `size` bytes (the species, the variants): the
 * index of the row that is `name` without regard to case, among the first
 * n, or -1 (also for a NULL name). */
int wl_rows_find(const char *rows, size_t size, int n, const char *name);

/* The options' defaults read from the box (game_def.options_fix). */
void wl_options_fix(json_t *desc);

/* Set up a match (game_def.create): check the options against the box and
 * the player count, choose the species in play, deal, lay the sequence
 * cards.  WB_EINVAL with *why for a bad option; WB_EDATA with *why when
 * the built-in box (games/woodlouse/cards.txt) cannot be read. */
int wl_setup(void *st, const game_ctx *ctx, const char *const *players, size_t n,
             const json_t *options, uint64_t seed, char **why);

/* --- woodlouse_rules.c --- */

/* The action table (game_def.actions) and who may send each
 * (game_def.roles). */
extern const game_action wl_actions[];
unsigned wl_roles(const void *st, int seat);
/* `seat` may shout a guess now. */
int wl_can_guess(const wl_state *s, int seat);
/* A card as the API shows it ({"species": "spider", "count": 4}); the
 * signals of the code so far (["bang", "clap", ...]); the sequence cards
 * as their species' names, position 1 first; the species in play, in box
 * order (what a guess may name: the guess's domain). */
json_t *wl_card_json(const wl_state *s, int c);
json_t *wl_signals_json(const wl_state *s);
json_t *wl_sequence_json(const wl_state *s);
json_t *wl_species_in_play(const void *state, int seat);

/* --- woodlouse_view.c --- */

/* game_def.view. */
void wl_view(const void *state, int seat, json_t *o);

/* --- woodlouse_sample.c --- */
/* game_def.sample: the cards a seat cannot see, dealt again. */
void wl_sample(void *st, int seat, rng *r);
/* --- woodlouse_save.c --- */

/* The state, both ways (game_def.io); loading checks that the counters,
 * the seats, the code and the cards agree, so a state it accepts is safe
 * to play. */
void wl_io(game_io *io, void *st);

/* The position (1..nseq) of a species on the sequence cards, or 0 when it
 * is not in play. */
int wl_position(const wl_state *s, int species);
/* The signals `which` ('b' bang, 'c' clap) of the code so far. */
int wl_signals(const wl_state *s, char which);

/* The names of the phases and outcomes, in enum order, for the wire. */
extern const char *const wl_phase_names[];
extern const char *const wl_outcome_names[];

#endif
