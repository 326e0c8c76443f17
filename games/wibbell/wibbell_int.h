/*
 * wibbell_int.h - private to the Wibbell module: the state of a match as
 * plain C, and what the module's files share.  They depend one way:
 *
 * wibbell.c        the game kind: options, set-up, the game_def;
 * wibbell_rules.c  the state machine: the action table (who, when, the
 *                  checks) and everything an action does;
 * wibbell_view.c   the views and the queries;
 * wibbell_save.c   the state for the codec;
 * wibbell_cards.c  cards, decks, id lists and the small facts about a
 *                  state that the rules and the views both read;
 * wibbell_sample.c the determinization (what a seat cannot see, drawn
 *                  again).
 *
 * Cards are identified by their index in `cards` (the deck as given or as
 * read from games/wibbell/deck.txt); every list of cards below holds
 * such ids.  See games/wibbell/WIBBELL.md for the rules choices.
 */
#ifndef WIBBELL_INT_H
#define WIBBELL_INT_H

#include <jansson.h>
#include <stddef.h>
#include <stdint.h>

#include "dict.h"
#include "game_data.h"
#include "game_def.h"
#include "rng.h"

#define WIBBELL_SEATS_MAX 7     /* players */
#define WIBBELL_LETTERS_MAX 26  /* letters on one card */
#define WIBBELL_BORDER_MAX 24   /* bytes of a border name, with the NUL */
#define WIBBELL_DECK_MAX 500    /* cards in a custom deck */
#define WIBBELL_HANDICAPS_MAX 2 /* starting handicaps per seat */
#define WIBBELL_TIE_MAX 5000    /* longest tie window, ms */
#define WIBBELL_HINTS_MAX 500   /* most words one hints query returns */

/* The default deck, embedded at build time from games/wibbell/deck.txt. */
extern const unsigned char wibbell_deck_txt[];
extern const size_t wibbell_deck_txt_len;

typedef enum wibbell_mode {
    WIBBELL_STANDARD, /* round ends on the 3rd card; one permanent handicap */
    WIBBELL_SIMPLE,   /* round ends on the 4th; the 5th is a bonus */
    WIBBELL_SIMPLER,  /* round ends on the 3rd, the 4th a bonus; no handicaps */
} wibbell_mode;

typedef enum wibbell_phase {
    WIBBELL_FLIP, /* companion mode: waiting for the host to flip a card */
    WIBBELL_PLAY, /* two cards in the centre: claims are open */
    WIBBELL_TAKE, /* the turn's winner chooses a centre card */
    WIBBELL_KEEP, /* the round's winner chooses a permanent handicap */
    WIBBELL_OVER, /* the game is over */
} wibbell_phase;

typedef struct wibbell_card {
    char letters[WIBBELL_LETTERS_MAX + 1]; /* upper-case ASCII, "NZ" */
    int value;                             /* printed on the card; not scored */
    char border[WIBBELL_BORDER_MAX];       /* printed border pattern */
} wibbell_card;

typedef struct wibbell_player {
    char *name;
    game_ids up;   /* face-up cards of this round, in the order taken */
    game_ids down; /* face-down cards of earlier rounds */
    game_ids hcap; /* permanent handicaps; the first nstart were dealt
                         at set-up and do not score */
    size_t nstart;
    size_t won;       /* cards won by turns this round (bonus not counted) */
    int out;          /* made a mistake on the current card */
    size_t rounds_won;
} wibbell_player;

/* A valid claim waiting in the tie window. */
typedef struct wibbell_claim {
    int seat;
    char *word; /* normalised */
    int64_t at;
    int take;   /* centre card chosen in advance, or -1 */
    size_t row; /* its row in the vocabulary log */
    int member; /* class session: the member who shouted (the store's id), or -1 */
} wibbell_claim;

/* One row of the classroom log: every judged claim. */
typedef struct wibbell_vocab {
    size_t turn;
    int seat;
    char *word;       /* normalised when it could be, else as given */
    int accepted;     /* the dictionary accepted it */
    int won;          /* it won the card */
    char *reasons;    /* the refusal reasons, "; "-joined ("" if accepted) */
    char *pos;        /* part of speech of the first definition, or "" */
    char *definition; /* first WordNet definition at the time, or "" */
    char *translation; /* into the learner language at the time, ", "-joined, or "" */
    int64_t at;
    int member;     /* class session: the member who shouted, or -1 */
    char *nickname; /* that member's nickname at the time, or "" */
} wibbell_vocab;

/* What a turn was played with, for the hints query. */
typedef struct wibbell_turn {
    size_t round;
    game_ids centre;
    size_t nused;       /* the first nused words of `used` were used before */
    game_ids *cons;  /* per seat: handicaps then face-up cards */
    size_t ncons;    /* nplayers */
} wibbell_turn;

typedef struct wibbell_state {
    game_base base;
    /* options, fixed at creation */
    wibbell_mode mode;
    int companion, learning_aid, shuffle;
    int forgive_typos; /* a claim that is not a word is no mistake */
    int classroom;     /* definitions as the class setting shows them */
    int class_grade;   /* the class setting's grade of its list of offensive
                          words (DICT_CLASS_*: wibbell_class_grade_names) */
    int compounds;     /* 1: a compound of a used word is a derivative (DICT_COMPOUNDS) */
    int class_session; /* the seats are teams whose members join by a code */
    int member_mistake; /* class session: 0, a mistake bars the member alone for the
                           card; 1, the whole team (wibbell_mistake_names) */
    int64_t tie_ms;
    char *dict_id;
    char *learner; /* learner_language: translations logged into it ("fr"), or NULL */

    rng rng;
    wibbell_card *cards; /* every card of the deck; ids index this */
    size_t ncards;
    /* Normal mode: the face-down deck, top first.  Companion mode: the
     * cards of the deck not seen in play, by id (the physical order is the
     * table's); ntrim of them are out of the game (2 or 3 players). */
    game_ids deck;
    size_t ntrim;
    game_ids centre; /* 0..2 cards, in view order */
    game_ids out_members; /* class session: the members out for this card */

    size_t nplayers;
    wibbell_player *p;

    char **used; /* the words that took cards, in order */
    size_t nused, capused;

    wibbell_phase phase;
    size_t round;          /* 1-based */
    int winner;            /* TAKE/KEEP: the seat that won; else -1 */
    int bonus;             /* KEEP in simple mode: the bonus card, else -1 */
    int last_winner;       /* the seat that won the latest turn, or -1 */
    int last_round_winner; /* or -1 */
    int barred;            /* learning aid: may not win this round, or -1 */
    int64_t window_end;    /* the tie window closes then; -1 when closed */
    char *end_reason;      /* OVER: "deck_out" or "host_ended" */
    char *undo; /* companion mode: {"action","state"} before the host's last
                   action, as JSON text (the state without an undo), or NULL */

    wibbell_claim *claims;
    size_t nclaims, capclaims;
    wibbell_vocab *vocab;
    size_t nvocab, capvocab;
    wibbell_turn *turns;
    size_t nturns, capturns;
} wibbell_state;

/* --- wibbell_cards.c ---------------------------------------------------- */

/* Parse one card line "NZ [value [border]]" (no comment, trimmed):
 * WB_EINVAL with *why on a bad line. */
int wibbell_card_parse(const char *line, wibbell_card *c, char **why);
/* Parse a whole deck file: one card a line, '#' comments. */
int wibbell_deck_parse(const char *text, size_t len, wibbell_card **cards,
                       size_t *ncards, char **why);
/* The position in `l` of a card with these letters (any case, any order),
 * skipping the card `skip` (an id, or -1); -1 when there is none. */
long wibbell_find(const wibbell_state *st, const game_ids *l, const char *letters, int skip);

extern const char *const wibbell_mode_names[];  /* by wibbell_mode */
extern const char *const wibbell_compounds_names[]; /* "separate", "derivative" */
/* "school", "adult", "young": DICT_CLASS_SCHOOL, _ADULT, _YOUNG */
extern const char *const wibbell_class_grade_names[];
/* The dictionary options of the match's class setting: DICT_LOOKUP_CLASS at
 * its grade, or 0 without the setting. */
static inline unsigned wibbell_class_opts(const wibbell_state *st)
{
    return st->classroom ? DICT_LOOKUP_CLASS | DICT_CLASS_GRADE(st->class_grade) : 0;
}
extern const char *const wibbell_phase_names[]; /* by wibbell_phase */
extern const char *const wibbell_mistake_names[]; /* "member", "team" */

/* Cards a seat wins in a round before it ends: 3, or 4 in simple mode. */
size_t wibbell_round_cards(const wibbell_state *st);
/* Number of cards still to come from the deck. */
size_t wibbell_remaining(const wibbell_state *st);
/* A seat's score: every card held except starting handicaps. */
size_t wibbell_score(const wibbell_state *st, size_t seat);
/* May `seat` still win the current card (not out, not barred)? */
int wibbell_eligible(const wibbell_state *st, size_t seat);
/* Index of the pending claim of `seat` in the window, or -1. */
long wibbell_claim_of(const wibbell_state *st, size_t seat);
/* Index of the pending claim of class member `member` (>= 0), or -1. */
long wibbell_member_claim(const wibbell_state *st, int member);
/* Is class member `member` out for the current card? */
int wibbell_member_out(const wibbell_state *st, int member);
/* Does `seat` have to act now (or, in companion mode, does the host
 * await its shout or choice)? */
int wibbell_to_act(const wibbell_state *st, size_t seat);
/* The cards a claim of `seat` must satisfy, as letter strings: the
 * centre, then the seat's handicaps, then its face-up cards.  Returns the
 * count (may exceed DICT_CARDS_MAX; only that many are written). */
size_t wibbell_claim_cards(const wibbell_state *st, size_t seat,
                           const char *out[DICT_CARDS_MAX]);

/* Is s a language code as learner_language takes it: 2 to 8 letters a-z? */
int wibbell_language_code(const char *s);

/* A card as {"id","letters","value","border"}, and a list of them. */
json_t *wibbell_card_json(const wibbell_state *st, int id);
json_t *wibbell_cards_json(const wibbell_state *st, const game_ids *l);

/* --- wibbell_rules.c ---------------------------------------------------- */

extern const game_action wibbell_actions[];
/* KEEP: the ids of the winner's cards that may become the handicap (the
 * keep action's domain, and the view's keep_choices). */
json_t *wibbell_keep_choices(const void *state, int seat);
/* Companion mode: the seats whose shout or choice the host may record now
 * (the claim's seat domain, and the view's "awaiting"); NULL otherwise. */
json_t *wibbell_awaiting(const void *state, int seat);
/* After set-up: fill the centre and start the first turn. */
void wibbell_start(wibbell_state *st);
int wibbell_pending(const void *state, game_pending *out);
char *wibbell_situation(const void *state);

/* --- wibbell_view.c ----------------------------------------------------- */

void wibbell_view(const void *state, int seat, json_t *out);
/* The classroom queries, "vocabulary" and "hints" (game_def.queries). */
extern const game_query wibbell_queries[];

/* --- wibbell_save.c ----------------------------------------------------- */

void wibbell_io(game_io *io, void *state);

/* --- wibbell_sample.c ----------------------------------------------------- */

/* game_def.sample: draw again what `seat` cannot see (the deck's order and
 * the cards set aside, other seats' words in the tie window). */
void wibbell_sample(void *state, int seat, rng *r);

#endif
