/*
 * dumb_int.h - what the files of the World Dumbination module share: the
 * board and the cards as read from data, the state of a match as plain C,
 * and the functions each file offers the others.
 *
 * The seams: dumb_data.c reads the board (games/dumbination/board.txt, a
 * hex text map) and the decks (games/dumbination/cards.json) and draws the
 * board as SVG; the rulebook as plain C, driven by small step functions
 * and a seeded rng, is dumb_round.c (set-up, the round, the players'
 * steps), dumb_rules.c (the action table that reads action bodies and
 * calls the steps), dumb_cards.c
 * (Dumbness cards and auctions, flip-fund-resolve, the effect steps, the
 * Nuclear Bomb and the peace track), dumb_board.c (movement, combat,
 * buying) and dumb_state.c (what they share: reading the state, tracks,
 * VP, pieces, scoring); dumb_save.c describes the state for the codec;
 * dumb_sample.c draws again what one seat cannot see (a search bot's
 * determinization); dumb_view.c shows a state (the views, the queries);
 * dumb.c is the game on the framework (options, set-up, the common view
 * fields, the def).  Private to the module: the framework and api/ use
 * dumb.h only.  games/dumbination/DUMBINATION.md is the rulebook as the
 * daemon plays it.
 */
#ifndef DUMB_INT_H
#define DUMB_INT_H

#include <jansson.h>
#include <stddef.h>
#include <stdint.h>

#include "game_def.h"
#include "game_graph.h"
#include "rng.h"

/* --- nations ---------------------------------------------------------- */

enum { DM_USA, DM_RUSSIA, DM_NKOREA, DM_VENEZUELA, DM_TURKEY, DM_NATIONS };
#define DM_PEACE DM_NATIONS /* the peace target token */

#define DM_MIN_SEATS 2
#define DM_MAX_SEATS 5

/* --- the board -------------------------------------------------------- */

/* Tags of a space (bits). */
enum {
    DM_T_SEA = 1 << 0,
    DM_T_RESOURCE = 1 << 1, /* golden frame: 1 resource a round when held */
    DM_T_WAR = 1 << 2,      /* war zone: one extra round to conquer */
    DM_T_DUMB = 1 << 3,     /* a spot for face-down Dumbness cards (sea) */
    DM_T_START = 1 << 4,    /* a nation's start space (its colour) */
    DM_T_CUBED = 1 << 5,    /* printed with a cube: starts under the owner's cube */
    DM_T_USSR = 1 << 6,     /* the U.S.S.R. flag (Russia's First Goal) */
    DM_T_EU = 1 << 7,       /* the EU flag (Turkey's First Goal) */
};

#define DM_MAX_SPACES 400
#define DM_BOARD_SPACES 253 /* the text: "253 hexagonal spaces" */

typedef struct dm_space {
    int col, row;
    int tags;
    int nation;   /* printed colour: the nation owning it at the start, or -1 */
    int nadj;
    int adj[6];
    char code;    /* the map character */
} dm_space;

typedef struct dm_board {
    int width, height, nspaces;
    dm_space sp[DM_MAX_SPACES];
    int start[DM_NATIONS]; /* each nation's start space */
    /* dist[a * nspaces + b]: hex steps between spaces, wrapping east-west. */
    uint16_t *dist;
    /* The same board on the framework's hex grid (game_graph_hex), tagged
     * from the map: what the "board" query serves. */
    game_graph *graph;
} dm_board;

/* The built-in board (parsed once, shared, never freed), or NULL with *why
 * when the embedded data is broken (a build error the tests catch). */
const dm_board *dm_board_default(char **why);
/* Read a board from the hex text map format of games/dumbination/board.txt.
 * WB_OK and a new board in *out (free with dm_board_free), or WB_EINVAL
 * with *why naming what is wrong. */
int dm_board_parse(const char *text, size_t len, dm_board **out, char **why);
void dm_board_free(dm_board *b);
/* "hCOL-ROW" (game_graph_hex's node id), the space's id on the wire;
 * out holds 16 bytes. */
void dm_space_id(const dm_board *b, int space, char out[16]);
/* The space with that id, or -1. */
int dm_space_find(const dm_board *b, const char *id);
/* The board as an area graph (game_graph.h's format): a new reference. */
json_t *dm_board_graph(const dm_board *b);
/* The board drawn as an SVG picture, a string the caller frees. */
char *dm_board_svg(const dm_board *b);

/* --- cards ------------------------------------------------------------ */

enum { DM_GREEN, DM_BROWN, DM_BLUE, DM_DUMBNESS, DM_GOAL, DM_NTYPES };

/* Effect steps: what a card does, read in order by dm_run_steps. */
enum {
    DM_OP_NONE,
    /* you */
    DM_OP_EGO, DM_OP_POP, DM_OP_VP, DM_OP_RES, DM_OP_STRENGTH, DM_OP_MOVES,
    DM_OP_UNITS, DM_OP_UPGRADE, DM_OP_HAND, DM_OP_INCOME, DM_OP_VACATION,
    /* the targeted nation */
    DM_OP_T_EGO, DM_OP_T_POP, DM_OP_T_RES, DM_OP_STEAL, DM_OP_T_UNITS, DM_OP_T_BASE,
    DM_OP_T_PROJECT, DM_OP_T_SABOTAGE, DM_OP_T_CARD, DM_OP_NUKE,
    /* everyone (Dumbness) */
    DM_OP_ALL_EGO, DM_OP_ALL_POP, DM_OP_ALL_RES, DM_OP_ALL_UNITS, DM_OP_AUCTION,
    DM_OP_ALIEN_SHIP,
    DM_NOPS
};
extern const char *const dm_op_names[DM_NOPS];

#define DM_MAX_STEPS 4
typedef struct dm_step {
    int op, n;
} dm_step;

#define DM_ID_MAX 32
#define DM_NAME_MAX 48
#define DM_TEXT_MAX 320

typedef struct dm_card {
    char id[DM_ID_MAX];     /* unique: the kind's id, "-2" etc. for copies */
    char name[DM_NAME_MAX];
    char text[DM_TEXT_MAX];
    int type;               /* DM_GREEN .. DM_GOAL */
    int level;              /* 1, 2; Dumbness: 0 (either pile), 1 or 2; goals 0 */
    int nation;             /* First Goals: the nation; else -1 */
    int link;               /* cards sharing a link group (the alien's), or 0 */
    int vp, cost, rounds, priority;
    int corrupt;            /* First Goals: the corruption price, 0: none */
    int need_ego, need_pop, need_base, need_flag; /* need_flag: DM_T_USSR/EU */
    int need_most_pop;      /* "Be most peaceful": Popularity above everyone */
    int powerful;           /* Dumbness: marked as the most powerful */
    int nsteps, nalt;       /* nalt > 0: an OR card, the player picks */
    dm_step steps[DM_MAX_STEPS], alt[DM_MAX_STEPS];
} dm_card;

#define DM_MAX_CARDS 256

typedef struct dm_deck {
    int ncards;
    dm_card c[DM_MAX_CARDS];
} dm_deck;

/* The built-in decks (parsed once, shared), or NULL with *why. */
const dm_deck *dm_deck_default(char **why);
/* Read decks from JSON (games/dumbination/cards.json's format). */
int dm_deck_parse(const json_t *j, dm_deck **out, char **why);
/* The card with that id, or -1. */
int dm_card_find(const dm_deck *d, const char *id);
/* A card as the API shows it (a new reference). */
json_t *dm_card_json(const dm_card *c);
extern const char *const dm_type_names[DM_NTYPES];
extern const char *const dm_nation_names[DM_NATIONS + 1];

/* --- the state of a match ---------------------------------------------- */

typedef enum dm_phase {
    DM_PH_GOAL,    /* set-up: everyone picks a First Goal, face down */
    DM_PH_DRAW,    /* 1: draw; players past their First Goal pick the level */
    DM_PH_PLAN,    /* 2: cards and target, face down, all at once */
    DM_PH_AUCTION, /* 3: a Dumbness auction, bids in player order */
    DM_PH_MOVE,    /* 5: move units, in player order */
    DM_PH_BUY,     /* 6: buy and upgrade, in player order */
    DM_PH_OVER,
    DM_PH_BOMB,    /* 4: a Nuclear Bomb's player chooses its space (then on with 4) */
    DM_NPHASES
} dm_phase;
extern const char *const dm_phase_names[DM_NPHASES];

#define DM_HAND_MAX 10
#define DM_UNITS 6       /* units per player (the box) */
#define DM_BASES 8       /* base tokens per player */
#define DM_CUBES 14      /* marker cubes on the leaderboard */
#define DM_RADIO 3       /* radioactive tokens */
#define DM_PROJ_MAX 24
#define DM_PEACE_SPOTS 4
#define DM_GOAL_SLOT (-2) /* a slot holding the First Goal card */

/* Where a card is. */
enum { DM_IN_BOX, DM_IN_PILE1, DM_IN_PILE2, DM_IN_DISCARD1, DM_IN_DISCARD2, DM_IN_HAND,
       DM_IN_SLOT, DM_IN_PROJECT, DM_IN_BOARD, DM_IN_PEACE, DM_IN_GOAL, DM_IN_OUT };

typedef struct dm_unit {
    int space;      /* -1: in the box */
    int start;      /* the space it began the round on */
    int steps;      /* spaces moved this round */
    int stopped;    /* conquered or fought: no more moves this round */
    int war;        /* round it entered a war zone, 0: not at war */
} dm_unit;

typedef struct dm_player {
    int nation, out;          /* out: eliminated (removed from office) */
    int ego, pop, vp, res;
    int cubes;                /* on the leaderboard */
    int hand_limit;
    int nhand;
    int hand[DM_HAND_MAX];
    int goal;                 /* the First Goal card, -1 */
    int goal_done;
    int goal_picked;
    int slot[2];              /* card, DM_GOAL_SLOT, or -1; 0 left, 1 right */
    int slot_alt[2];          /* OR cards: 1 = the second side */
    int slot_corrupt;         /* the First Goal is bought by corruption */
    int slot_hold[2];         /* rounds a funded bomb still holds the slot */
    int slot_done[2];         /* the card in the slot has acted (or failed) */
    int target, prev_target;  /* a nation or DM_PEACE; -1 none */
    int target_up;            /* the token was flipped: a card of this round uses it */
    int ready;
    int draw_left;            /* cards still to draw this round (DM_PH_DRAW) */
    int nproj;
    int proj[DM_PROJ_MAX];
    int sabotaged;            /* round until which projects do nothing */
    int vacation;             /* round of a Take a Vacation, 0 */
    int bonus_strength, bonus_moves; /* this round, from green cards */
    int reached10;            /* +1 Ego given on reaching 10 VP */
    int bought_unit;          /* phase 6: units bought, no more bases */
    int radio[DM_RADIO];      /* spaces of the radioactive tokens, oldest first */
    int nradio;
    int overtaker;            /* who neutralized this nation, -1 */
    int disarmed_round;       /* round of the last disarmament payment */
    dm_unit u[DM_UNITS];
} dm_player;

typedef struct dm_cell {
    int owner;    /* the seat holding it, -1 */
    int cube;     /* the owner's marker cube is on it */
    int base;     /* 0 or 4, 6, 8, 10: the owner's base */
    int stepped;  /* round the base was built or upgraded */
    int radio;    /* seat whose radioactive token is here, -1 */
    int dumb;     /* a Dumbness card lying here, -1 */
    int dumb_up;  /* it has been revealed (an auction nobody won) */
    int dumb_round; /* round it was last resolved or auctioned */
} dm_cell;

typedef struct dm_state {
    game_base base;        /* first: the framework (game_def.h) finds the def */
    const dm_board *board; /* the built-in one (shared) or own_board; read-only */
    const dm_deck *deck;   /* the built-in ones (shared) or own_deck; read-only */
    /* A custom board and decks from the create options: owned by the state
     * (dm_release), parsed from their texts, which are saved with it.  No
     * action changes them, so a memcpy copy may share them. */
    dm_board *own_board;
    dm_deck *own_deck;
    char *board_text, *cards_text;
    rng r;
    int nseats;
    int short_game, end_vp, max_rounds;

    dm_phase phase;
    int round;
    int order[DM_MAX_SEATS];   /* the player order track */
    int turn;                  /* index into order: who acts in MOVE/BUY */
    int last_round;            /* the game ends after this round, 0: not yet */
    int peace_over;            /* the fourth peace spot was filled */

    /* the cards: where each is (DM_IN_*), and the piles in order */
    int where[DM_MAX_CARDS];
    int npile[2], pile[2][DM_MAX_CARDS];
    int ndisc[2], disc[2][DM_MAX_CARDS];

    /* the Dumbness auction */
    int auc_card, auc_high, auc_bidder, auc_turn;
    int auc_passed[DM_MAX_SEATS];

    int peace[DM_PEACE_SPOTS]; /* the seat whose cube is on each spot, -1 */

    /* Phase 4: the funded cards in the order they act, and the next one
     * (a bomb's choice interrupts the resolution). */
    int rq_n, rq_at;
    int rq_seat[2 * DM_MAX_SEATS], rq_slot[2 * DM_MAX_SEATS];
    /* A Nuclear Bomb whose player now chooses the space (DM_PH_BOMB):
     * the bomber, the targeted seat, the card, and the card's steps still
     * to run after it (from bomb_next, of its "either" list if bomb_alt). */
    int bomb_seat, bomb_target, bomb_card, bomb_next, bomb_alt;
    /* Cards fired: a used Nuclear Bomb cannot be disarmed, even drawn again. */
    int used[DM_MAX_CARDS];

    dm_player p[DM_MAX_SEATS];
    dm_cell cell[DM_MAX_SPACES];
} dm_state;

static inline int dm_nspaces(const dm_state *s) { return s->board->nspaces; }
/* Hex steps between two spaces. */
static inline int dm_dist(const dm_state *s, int a, int b)
{
    return s->board->dist[(size_t)a * (size_t)dm_nspaces(s) + (size_t)b];
}
/* Card c of the state's decks. */
static inline const dm_card *dm_card_at(const dm_state *s, int c) { return &s->deck->c[c]; }

/* The files of the rules call down only: dumb.c (the game on the
 * framework) calls dumb_rules.c (the action table), dumb_round.c (set-up,
 * the round, the steps) and dumb_view.c (the views, the queries);
 * dumb_rules.c calls dumb_round.c, which calls dumb_cards.c
 * (phases 3 and 4) and dumb_board.c (phases 5 and 6); all of them call
 * dumb_state.c (the common ground), which calls none. */

/* --- dumb_view.c -------------------------------------------------------- */

/* game_def.view, and the queries "board", "board_svg", "cards"
 * (game_def.queries). */
void dm_view(const void *state, int viewer, json_t *o);
extern const game_query dm_queries[];

/* --- dumb_data.c: a match's own board and decks ------------------------ */

/* Use a custom board (hex text map) and/or decks (JSON text) in `s`
 * instead of the built-in ones; NULL: the built-in one.  WB_OK, or
 * WB_EINVAL with *why naming what is wrong.  Call before dm_init; what it
 * allocates is freed by dm_release. */
int dm_custom(dm_state *s, const char *board_text, const char *cards_text, char **why);
void dm_release(dm_state *s);

/* --- dumb_rules.c ------------------------------------------------------ */

/* The action table (game_def.actions), who may send each (game_def.roles)
 * and a playout's move drawn without the list (game_def.draw). */
extern const game_action dm_actions[];
unsigned dm_roles(const void *st, int seat);
int dm_draw_hook(const void *st, const char *type, int seat, rng *r, json_t **out);

/* --- dumb_round.c ------------------------------------------------------ */

/* The nations in play for n players (the text's table), seat order. */
int dm_nations_for(int nseats, int nations[DM_MAX_SEATS]);

/* Set up a match in the zeroed state `s` (its base kept; its board and
 * decks as dm_custom left them).  WB_OK, or WB_EINVAL / WB_EDATA with
 * *why. */
int dm_init(dm_state *s, int nseats, int short_game, int end_vp, int max_rounds,
            uint64_t seed, char **why);
/* The same into a new state (free()), for tests of the rules alone. */
int dm_setup(int nseats, int short_game, int end_vp, int max_rounds, uint64_t seed,
             dm_state **out, char **why);

/* The steps players take; each works on the state and appends events, and
 * returns WB_OK or WB_EILLEGAL / WB_ENOTTURN with *why (then the caller
 * throws the state away: the framework applies to a copy).  After each the phases
 * that need nobody run by themselves. */
int dm_pick_goal(dm_state *s, int seat, int card, json_t *ev, char **why);
int dm_draw(dm_state *s, int seat, int level, json_t *ev, char **why);
int dm_place(dm_state *s, int seat, int slot, int card, int alt, int corrupt, json_t *ev,
             char **why);
int dm_unplace(dm_state *s, int seat, int slot, json_t *ev, char **why);
int dm_set_target(dm_state *s, int seat, int target, json_t *ev, char **why);
/* Ready: the plan is complete; `goal` flips the First Goal this round (its
 * card lies face down on the right space), `corrupt` buys it. */
int dm_ready(dm_state *s, int seat, int goal, int corrupt, json_t *ev, char **why);
/* A bid in a Dumbness auction (0: pass); the bomber's choice of space
 * (DM_PH_BOMB): dumb_cards.c's steps, then the round runs on. */
int dm_bid(dm_state *s, int seat, int amount, json_t *ev, char **why);
int dm_bomb(dm_state *s, int seat, int space, json_t *ev, char **why);
/* The end of a seat's turn in phase 5 or 6. */
int dm_done(dm_state *s, int seat, json_t *ev, char **why);
/* Checks shared by apply and the action list. */
int dm_goal_check(const dm_state *s, int seat, int card, char **why);
int dm_unplace_check(const dm_state *s, int seat, int slot, char **why);
int dm_target_check(const dm_state *s, int seat, int target, char **why);
int dm_place_check(const dm_state *s, int seat, int slot, int card, int corrupt, char **why);
int dm_ready_check(const dm_state *s, int seat, int goal, int corrupt, char **why);

/* --- dumb_board.c: phases 5 and 6 --------------------------------------- */

/* May the units `units` (n of them, in the attacker's order) of `seat`
 * attack `space`?  WB_OK or WB_EILLEGAL with *why. */
int dm_attack_check(const dm_state *s, int seat, int space, const int *units, int n,
                    char **why);
/* How many attackers are lost: units in order join until their summed
 * strength exceeds the defence; the ones before the decisive one are lost.
 * -1 when the group never exceeds it. */
int dm_attack_losses(const int *strength, int n, int defence);
/* The spaces unit k of `seat` may end a move on now: reach[space] = steps
 * (or -1).  Returns how many. */
int dm_reach(const dm_state *s, int seat, int k, int *reach);
int dm_move_check(const dm_state *s, int seat, int k, int to, char **why);
int dm_move(dm_state *s, int seat, int k, int to, int mark, json_t *ev, char **why);
int dm_attack(dm_state *s, int seat, int space, const int *units, int n, json_t *ev,
              char **why);
int dm_build_check(const dm_state *s, int seat, int space, char **why);
int dm_upgrade_check(const dm_state *s, int seat, int space, char **why);
int dm_recruit_check(const dm_state *s, int seat, int space, char **why);
int dm_build(dm_state *s, int seat, int space, json_t *ev, char **why);
int dm_upgrade(dm_state *s, int seat, int space, json_t *ev, char **why);
int dm_recruit(dm_state *s, int seat, int space, json_t *ev, char **why);

/* --- dumb_cards.c: phases 3 and 4 --------------------------------------- */

int dm_dumbness_phase(dm_state *s, json_t *ev);     /* 1: stopped at an auction */
/* Flip, fund, reorder and resolve the cards: 1 when a bomb's player must
 * choose its space first (DM_PH_BOMB), 0 when all have acted. */
int dm_flip_and_resolve(dm_state *s, json_t *ev);
/* Go on resolving after the choice: 1 when another bomb waits. */
int dm_resolve_rest(dm_state *s, json_t *ev);
/* A bid (0: pass) in the auction; the bomber's choice of space.  The
 * round does not run on here: dm_bid and dm_bomb (dumb_round.c) do that. */
int dm_auction_bid(dm_state *s, int seat, int amount, json_t *ev, char **why);
int dm_bid_check(const dm_state *s, int seat, int amount, char **why); /* amount > 0 */
int dm_bomb_check(const dm_state *s, int seat, int space, char **why);
int dm_bomb_hit(dm_state *s, int seat, int space, json_t *ev, char **why);

/* --- dumb_state.c: the common ground ------------------------------------ */

/* The peace track's spots cost (and score) 4, 6, 8, 10. */
extern const int dm_peace_value[DM_PEACE_SPOTS];

/* Reading the state.  A space as its id ("h7-3"), or null for -1. */
json_t *dm_space_json(const dm_state *s, int sp);
int dm_strength_at(const dm_state *s, int seat, int space); /* a unit's strength there */
int dm_moves(const dm_state *s, int seat);                  /* spaces a unit may move */
int dm_strongest_base(const dm_state *s, int seat);
int dm_strongest_base_space(const dm_state *s, int seat);   /* its space, -1 none */
int dm_income(const dm_state *s, int seat);
int dm_units_on(const dm_state *s, int seat, int space);
int dm_units_on_board(const dm_state *s, int seat);
int dm_bases_of(const dm_state *s, int seat);
int dm_units_owner(const dm_state *s, int space); /* a seat with units there, -1 */
int dm_seat_of_nation(const dm_state *s, int nation);       /* -1 when not in play */
/* 1 when the seat played Take a Vacation this round (never before round 1). */
int dm_on_vacation(const dm_state *s, int seat);
int dm_can_place_left(const dm_state *s, int seat);
int dm_hand_limit(const dm_state *s, int seat);
int dm_weakest_unit(const dm_state *s, int seat);   /* -1 none */
/* A seat's bases (spaces and strengths; returns how many), the strength
 * they give at `space` plus `bonus`, and the seat's bonus this round:
 * dm_strength_at in parts, for a search that asks many spaces. */
int dm_bases_list(const dm_state *s, int seat, int *sp, int *st);
int dm_strength_from(const dm_state *s, int seat, const int *sp, const int *st, int n,
                     int bonus, int space);
int dm_strength_bonus(const dm_state *s, int seat);
/* The spaces a Nuclear Bomb on `seat` may hit (those it holds or has
 * units on, not radioactive), in board order; returns how many. */
int dm_bomb_spaces(const dm_state *s, int seat, int *out);
int dm_score(const dm_state *s, int seat, int parts[5]);
/* The winners (1 in win[seat]); scores in score[]. */
void dm_result(const dm_state *s, int score[], int win[]);
/* Who may act now (1 in act[seat]). */
void dm_to_act(const dm_state *s, int act[DM_MAX_SEATS]);
/* WB_OK when it is `seat`'s turn in phase `ph`, else WB_ENOTTURN + *why. */
int dm_phase_is(const dm_state *s, int seat, dm_phase ph, char **why);

/* Changing it: events, piles, tracks, VP, pieces. */
void dm_ev_add(json_t *ev, json_t *e);              /* takes e; ev may be NULL */
void dm_phase_event(dm_state *s, json_t *ev);
void dm_to_discard(dm_state *s, int c);             /* onto its level's discards */
void dm_discard_slot(dm_state *s, int seat, int k, const char *why, json_t *ev);
void dm_track(dm_state *s, int seat, int is_pop, int delta, json_t *ev); /* Ego/Popularity */
void dm_gain_vp(dm_state *s, int seat, int n, const char *why, json_t *ev);
void dm_pay(dm_state *s, int seat, int n);          /* as far as the seat has it */
void dm_cube_on(dm_state *s, int seat, int space);  /* a marker cube, if one is left */
/* The last piece of `seat` left `space` (units that `began_here` mark it
 * with a cube when `mark`). */
void dm_left_space(dm_state *s, int seat, int space, int began_here, int mark);
void dm_lost_by_card(dm_state *s, int seat, int space); /* cube the space */
void dm_check_neutralized(dm_state *s, int seat, int by, json_t *ev);
void dm_remove_unit(dm_state *s, int seat, int k);
int dm_place_unit(dm_state *s, int seat, int space); /* -1: none left */

/* --- dumb_sample.c ------------------------------------------------------ */

/* game_def.sample: what `seat` cannot see (other hands, face-down cards and
 * choices, the piles' order, face-down Dumbness cards, the dice) drawn
 * again from `r` alone. */
void dm_sample(void *st, int seat, rng *r);

/* --- dumb_save.c -------------------------------------------------------- */

/* The state both ways for the codec (game_json.h): every index the rules
 * follow is range-checked on load. */
void dm_io(game_io *io, void *st);
/* Bring a saved state of format `from` up to today's (game_def.upgrade). */
int dm_upgrade_save(json_t *saved, int from);

#endif
