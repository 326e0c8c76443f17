/*
 * whirlpool_int.h - the state of a Whirlpool Pond match and what the
 * module's files share (private to games/whirlpool/).
 *
 * The files depend one way: whirlpool.c (the game kind: options, set-up,
 * the game_def) uses whirlpool_rules.c (the turn, the movement, the four
 * actions, the extortion as a pending decision: the action table and the
 * hooks on who may act), whirlpool_view.c (the views) and
 * whirlpool_save.c (the state for the codec), which use
 * whirlpool_board.c (the pond: its reader, and the default one shared);
 * all use whirlpool_balloons.c (a hand of water balloons).
 */
#ifndef WHIRLPOOL_INT_H
#define WHIRLPOOL_INT_H

#include <jansson.h>

#include "game_data.h"
#include "game_def.h"
#include "rng.h"
#include "whirlpool_board.h"

#define WP_MAX_SEATS 4
#define WP_NVAL 7 /* balloon counts are indexed by value; coins 4, 5, 6 exist */
#define WP_BAL_MIN 4
#define WP_BAL_MAX 6

typedef enum wp_phase {
    WP_PH_ROLL_OFF, /* everyone still in the roll-off rolls for first player */
    WP_PH_ROLL,     /* the player to move rolls (and so moves) */
    WP_PH_ACT,      /* the player who moved may do one of the four actions */
    WP_PH_EXTORT,   /* an extortion is being negotiated */
    WP_PH_OVER
} wp_phase;

typedef struct wp_tube {
    int at;           /* a space of the board; -1 once in the whirlpool */
    int bal[WP_NVAL]; /* water balloons held, by value */
} wp_tube;

typedef struct wp_deal {
    int target;          /* the seat being extorted (the thrower is `turn`) */
    int demand[WP_NVAL]; /* what the thrower asks for, by value */
    int offer[WP_NVAL];  /* the target's counter-offer, when has_offer */
    int has_offer;
    int waiting_target;  /* 1: the target must answer; 0: the thrower */
} wp_deal;

typedef struct wp_state {
    game_base base;
    wp_board *board;       /* never changed: the state is flat; the default
                              one is shared by all states (whirlpool_board.c) */
    char *board_text;      /* the board as given, saved with the state (the
                              default one's shared too) */
    rng r;
    int nseats;
    int suit[WP_MAX_SEATS];
    wp_tube tube[WP_MAX_SEATS];
    int stash[WP_NVAL];
    wp_phase phase;
    int turn;                    /* the player moving; -1 during the roll-off */
    int first;                   /* who won the roll-off; -1 before */
    int last_roll;               /* the last movement roll; 0: none yet */
    int rolling[WP_MAX_SEATS];   /* roll-off: still rolling in this round */
    int rolls[WP_MAX_SEATS];     /* roll-off: this round's rolls; 0: not yet */
    int extort_off;              /* an extortion was called off this turn */
    wp_deal deal;                /* valid in WP_PH_EXTORT */
    int winner;                  /* -1 until the game is over */
} wp_state;

/* The space `i` of the pond (a node of its graph: x, y the column and
 * row, ring, next, in, out). */
static inline const game_node *wp_space(const wp_state *s, int i)
{
    return &s->board->g->nodes[i];
}

/* whirlpool_rules.c: the actions, who may act, and what views share. */
extern const game_action wp_actions[];
extern const char *const wp_phase_names[];
unsigned wp_roles(const void *st, int seat);
int wp_to_act(const void *st, int seat);
int wp_pending(const void *st, game_pending *out);
char *wp_situation(const void *st);
/* whirlpool_board.c: the pond of a match, from `text` (len bytes; the
 * shared default one when it is the default text; `canonical`: the text
 * is as a save holds it already), or WB_EINVAL with *why; game_def.free
 * (a custom pond and its text). */
int wp_use_board(wp_state *s, const char *text, size_t len, int canonical, char **why);
void wp_free(void *state);
/* whirlpool_view.c: game_def.view. */
void wp_view(const void *state, int seat, json_t *o);
/* whirlpool_save.c: game_def.io, and the extortion under way alone (the
 * views show it as saved). */
void wp_io(game_io *io, void *state);
void wp_io_deal(game_io *io, void *st);
/* whirlpool_sample.c: game_def.sample (the dice drawn again). */
void wp_sample(void *st, int seat, rng *r);
/* [col, row] of a space; null for -1. */
#define wp_pos(s, space) game_graph_xy((s)->board->g, space)
/* whirlpool_balloons.c: a hand of balloons, bal[v] of each value v. */
#define WP_BAL_SAVED_MAX 64 /* balloons in a saved hand, at most */
/* How many; whether `part` is a selection of `whole`; the lowest value
 * held (-1: none); the values of a body's array (others ignored), into
 * bal (cleared first); the values as text, highest first ("6, 5, 5",
 * malloc'd); as an array of values, highest first; the same saved and
 * loaded (game_json.h; loading clears bal first). */
int wp_bal_count(const int *bal);
int wp_bal_sub(const int *part, const int *whole);
int wp_bal_lowest(const int *bal);
void wp_bal_of(const json_t *values, int *bal);
char *wp_bal_str(const int *bal);
json_t *wp_bal_json(const int *bal);
void wp_bal_io(game_io *io, const char *key, int *bal);

#endif
