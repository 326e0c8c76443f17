/*
 * woobie_int.h - what the files of the Woobieworld module share: the map,
 * the deck and the state of a match as plain C, and the functions each
 * file offers the others.
 *
 * The seams: woobie_map.c reads an area graph (games/woobieworld/map.json
 * or a custom one) and draws it as SVG; woobie_deck.c reads a deck (data/
 * woobieworld/deck.txt or a custom one) and compiles each card's sentences
 * into effect steps; woobie_fx.c is the effect interpreter that runs those
 * steps one at a time, asking seats through pending decisions;
 * woobie_rules.c is the turn (set-up, the four phases, cycles, the
 * actions); woobie_state.c what they share (the state's map and deck,
 * reading it, drawing, scoring); woobie_view.c shows a state (the view,
 * the queries); woobie_save.c saves and loads it; woobie.c is the glue to
 * the game interface (options, the common view fields, the def).  Private
 * to the module: the framework and api/ use woobie.h only.
 */
#ifndef WOOBIE_INT_H
#define WOOBIE_INT_H

#include <jansson.h>
#include <stddef.h>
#include <stdint.h>

#include "game_def.h"
#include "rng.h"

#define WW_MIN_SEATS 2
#define WW_MAX_SEATS 8
#define WW_MAX_AREAS 64    /* adjacency is a 64-bit set per area */
#define WW_MAX_CARDS 200   /* in a deck */
#define WW_MAX_STEPS 16    /* effect steps of one card, both sides of an OR */
#define WW_MAX_TERMS 6     /* "+1R+1Y+1G+1B" */
#define WW_MAX_HAND 24
#define WW_HAND_START 4
#define WW_VOLCANOES_END 4 /* the fourth Mount Saint Woobie card ends it */
#define WW_ID_MAX 32       /* bytes of an area id */
#define WW_NAME_MAX 48     /* bytes of an area or card name */

/* Support kinds: the four colours, then Anarchs.  Industries come in the
 * four colours only. */
enum { WW_RED, WW_YELLOW, WW_GREEN, WW_BLUE, WW_ANARCH, WW_KINDS };
#define WW_COLOURS 4
extern const char *const ww_kind_names[WW_KINDS]; /* "red" ... "anarch" */
extern const char ww_kind_letters[WW_KINDS + 1];  /* "RYGBA" */

/* --- the map (woobie_map.c) ----------------------------------------------- */

typedef struct ww_area {
    char id[WW_ID_MAX + 1];
    char name[WW_NAME_MAX + 1];
    int water;    /* a body of water; else a land area */
    int mountain; /* a mountain area */
    int coastal;  /* derived: a land area touching a body of water */
    int has_xy;
    double x, y;
} ww_area;

typedef struct ww_map {
    int n;
    ww_area a[WW_MAX_AREAS];
    uint64_t adj[WW_MAX_AREAS]; /* bordering areas, never the area itself */
} ww_map;

/* NEIGHBOURING, as the rules define it: the bordering areas and the area
 * itself. */
static inline uint64_t ww_near(const ww_map *m, int area)
{
    return m->adj[area] | (UINT64_C(1) << area);
}

/* Read an area graph ({"nodes":[...],"edges":[...]}, game_graph.h).  On WB_OK
 * *out is a new map the caller frees with free().  WB_EINVAL with *why
 * (malloc'd) naming the first problem. */
int ww_map_read(const json_t *graph, ww_map **out, char **why);
/* The built-in map (games/woobieworld/map.json) as JSON: a new reference. */
json_t *ww_map_default_json(void);
/* The map as an area graph with the derived tags ("coastal"); new ref. */
json_t *ww_map_json(const ww_map *m);
/* The map drawn as an SVG document; malloc'd. */
char *ww_map_svg(const ww_map *m);
/* The area with this id, or -1. */
int ww_area_find(const ww_map *m, const char *id);

/* --- the deck (woobie_deck.c) --------------------------------------------- */

typedef enum ww_ctype {
    WW_ACTION,        /* ACTION: needs nothing */
    WW_COLOUR_ACTION, /* RED ACTION etc.: needs one support of its colour */
    WW_ENVIRONMENT,   /* put on the table when drawn; changes rules */
    WW_VOLCANO        /* MOUNT SAINT WOOBIE */
} ww_ctype;

typedef enum ww_op {
    OP_CHOOSE,      /* choose an area by filter into a register */
    OP_CHOOSE_IND,  /* choose an industry: its area into a register, colour C */
    OP_GAIN,        /* homes (or areas, Anarchs) gain from the supply */
    OP_LOSE,        /* homes (or areas, Anarchs) lose to the supply */
    OP_HALF,        /* homes lose half of some support, rounded down */
    OP_REMOVE_IND,  /* remove industries, counting them by colour */
    OP_PLACE_IND,   /* place industries from the supply */
    OP_MOVE_IND,    /* move the chosen industry */
    OP_MOVE_ANARCH, /* move Anarchs between areas */
    OP_RULE,        /* an ENVIRONMENT's rule hook */
    OP_DROP_ENV,    /* remove an ENVIRONMENT from the table */
    OP_COUNT,       /* count something into N */
    OP_EXTRA,       /* play another card this turn */
    OP_DRAW,        /* draw cards */
    OP_COUNT_
} ww_op;

/* Registers a card's steps share: two chosen areas, the chosen colour, a
 * counter.  A register that was never set (nothing to choose) is -1 and
 * every later step that needs it does nothing. */
enum { REG_X, REG_Y, REG_ME };

/* Where a step acts. */
typedef enum ww_target {
    T_ME,     /* the card player's home */
    T_ALL,    /* every home */
    T_OTHERS, /* every other home */
    T_REG,    /* the area in a register: its home, or the area (Anarchs) */
    T_NEAR,   /* the homes NEIGHBOURING a register's area (itself included) */
    T_AREAS,  /* every area NEIGHBOURING a register's area (Anarchs) */
    T_BOARD   /* every area (industry steps) */
} ww_target;

/* Amount kinds beyond the five support kinds. */
enum {
    K_CHOICE_COLOURED = WW_KINDS, /* "c": coloured, the owner chooses */
    K_CHOICE_ANY,                 /* "S": any support, Anarchs too */
    K_MATCHING,                   /* "M": per removed industry, by colour */
};
/* Counts beyond a number. */
#define AMT_N (-1)   /* the counter N */
#define AMT_ALL (-2) /* "*": all of them */

typedef struct ww_term {
    int8_t kind;  /* WW_RED..WW_ANARCH or K_* */
    int8_t count; /* >= 1, AMT_N or AMT_ALL */
} ww_term;

/* Area filters of OP_CHOOSE / OP_CHOOSE_IND, ANDed. */
enum {
    F_LAND = 1 << 0, F_WATER = 1 << 1, F_COASTAL = 1 << 2, F_INLAND = 1 << 3,
    F_MOUNTAIN = 1 << 4, F_HOME = 1 << 5, F_MYHOME = 1 << 6, F_OTHERHOME = 1 << 7,
    F_NOTHOME = 1 << 8, F_INDUSTRY = 1 << 9, F_ANARCHS = 1 << 10, F_NEAR = 1 << 11,
    F_ADJ = 1 << 12,
};
#define COL_ANY (-1)
#define COL_C (-2)      /* the chosen colour */
#define COL_CHOICE (-3) /* the player chooses (placing) */

typedef struct ww_step {
    uint8_t op;       /* ww_op */
    int8_t reg;       /* register written (CHOOSE) or read */
    int8_t reg2;      /* second register (MOVE_*), near-register of a filter */
    int8_t target;    /* ww_target */
    int8_t colour;    /* a colour, COL_ANY, COL_C or COL_CHOICE */
    int8_t nterms;
    int8_t count;     /* PLACE_IND, MOVE_ANARCH, DRAW: >= 1 or AMT_* */
    int8_t what;      /* COUNT: what is counted; RULE/DROP_ENV: the hook */
    uint16_t filter;  /* F_* */
    ww_term t[WW_MAX_TERMS];
} ww_step;

/* ENVIRONMENT rule hooks: what an environment on the table changes.  The
 * card beats the rules: hooks change the phases and the scoring, never
 * what an action card says it does. */
typedef enum ww_hook {
    H_NO_INDUSTRY,      /* no industry phase */
    H_DOUBLE_SUPPORT,   /* the support phase places two coloured support */
    H_ANARCHS_FROZEN,   /* the support phase may not move Anarchs */
    H_FREE_COLOUR,      /* COLOUR ACTIONs need no support of their colour */
    H_DRY_INDUSTRY,     /* the industry phase may not use bodies of water */
    H_MOUNTAIN_SHELTER, /* scoring: homes in mountain areas lose nothing for Anarchs */
    H_COUNT_
} ww_hook;
extern const char *const ww_hook_names[H_COUNT_];

typedef struct ww_card {
    ww_ctype type;
    int colour; /* COLOUR ACTION: its colour; else -1 */
    int number; /* for the speed variant; 0 for environments and volcanoes */
    char name[WW_NAME_MAX + 1];
    const char *text;  /* the sentences as printed (in the deck's pool) */
    const char *quote; /* may be "" */
    int nsteps;
    int or_at; /* OR cards: the second side starts at this step; else 0 */
    ww_step s[WW_MAX_STEPS];
} ww_card;

typedef struct ww_deck {
    int n;
    ww_card c[WW_MAX_CARDS];
    int volcanoes, actions; /* how many of each */
    char *pool;             /* the texts and quotes */
} ww_deck;

/* Read a deck in the line format of games/woobieworld/deck.txt.  On WB_OK
 * *out is a new deck (free with ww_deck_free).  WB_EINVAL with *why naming
 * the line, the card and the step at fault. */
int ww_deck_read(const char *text, size_t len, ww_deck **out, char **why);
void ww_deck_free(ww_deck *d);
/* The built-in deck's text (embedded games/woobieworld/deck.txt). */
const char *ww_deck_default_text(size_t *len);
/* A card as the API shows it: {"id","number","type","name","text","quote"}. */
json_t *ww_card_json(const ww_deck *d, int id);
extern const char *const ww_ctype_names[]; /* "action", ... */

/* --- the state ------------------------------------------------------------- */

typedef enum ww_phase {
    P_SETUP,    /* seats pick their homes, clockwise from the first */
    P_CHOOSE,   /* speed variant: every seat picks a card face down */
    P_SUPPORT,  /* a) */
    P_INDUSTRY, /* b) */
    P_PLAY,     /* c) */
    P_EFFECT,   /* c) a card's steps are running, waiting for a decision */
    P_OVER
} ww_phase;
extern const char *const ww_phase_names[];

/* What a pending decision asks for. */
typedef enum ww_ask {
    ASK_NONE,
    ASK_SIDE,     /* an OR card: which side */
    ASK_AREA,     /* an area (OP_CHOOSE, the destination of a move) */
    ASK_INDUSTRY, /* an industry: area and colour */
    ASK_GAIN,     /* the colour of one coloured piece gained */
    ASK_LOSE,     /* the kind of one piece lost */
    ASK_PLACE,    /* the colour of one industry placed */
    ASK_ENV,      /* an environment to remove */
    ASK_COUNT_
} ww_ask;
extern const char *const ww_ask_names[];

/* The interpreter's progress through the card being played. */
typedef struct ww_run {
    int card;     /* the card, -1 when none */
    int player;   /* the seat that played it */
    int side;     /* OR cards: 0 or 1; -1 until chosen */
    int step;     /* the step running */
    int end;      /* one past the last step of the side played */
    int reg[2];   /* X, Y: areas, -1 when unset */
    int colour;   /* C, -1 when unset */
    int counter;  /* N */
    int tally[WW_COLOURS]; /* industries removed by this card, by colour */
    /* within a step */
    int unit;     /* the home or area being worked on (index into units) */
    int term;     /* the term of the step for that unit */
    int left;     /* pieces still to move for that term, -1: not begun */
    /* the decision the interpreter waits for */
    ww_ask ask;
    int ask_seat;
} ww_run;

typedef struct ww_seat {
    int home; /* area, -1 before set-up */
    int nhand;
    int16_t hand[WW_MAX_HAND];
    int chosen; /* speed variant: the card face down (or being played), -1 */
    int barred; /* speed variant: the card taken back this turn, -1 */
} ww_seat;

typedef struct ww_table_card {
    int16_t card;
    int8_t caretaker;
} ww_table_card;

typedef struct ww_state {
    game_base base; /* first: the framework finds the def through it */
    rng r;
    int nseats;
    /* options */
    int speed;
    int start_support[WW_KINDS]; /* the unused pile at the start */
    int start_industries[WW_COLOURS];
    json_t *custom_map;  /* NULL: the built-in map; else owned (for save) */
    char *custom_deck;   /* NULL: the built-in deck; else owned (for save) */
    ww_map *map;         /* owned */
    ww_deck *deck;       /* owned */

    /* the board */
    int support[WW_MAX_AREAS][WW_KINDS];
    int industries[WW_MAX_AREAS][WW_COLOURS];
    int supply[WW_KINDS];
    int supply_ind[WW_COLOURS];

    /* the cards */
    int ndraw, ndiscard, nremoved, nenv, nvolcano;
    int16_t draw[WW_MAX_CARDS]; /* draw[ndraw - 1] is the top */
    int16_t discard[WW_MAX_CARDS];
    int16_t removed[WW_MAX_CARDS]; /* disputed: out of the game */
    ww_table_card env[WW_MAX_CARDS];
    int16_t volcano[WW_MAX_CARDS];
    ww_seat seat[WW_MAX_SEATS];

    /* progress */
    ww_phase phase;
    int player;       /* whose turn (or whose home pick) */
    int turn;         /* 1, 2, ...: turns begun */
    int cycle;        /* speed variant: 1, 2, ... */
    int order[WW_MAX_SEATS]; /* speed: the cycle's order of seats */
    int order_pos;    /* speed: index of `player` in order */
    int support_left; /* support placements left this phase */
    int must_rehome;  /* the home has no support: place on a new home */
    int extra;        /* a card said: play another card this turn */
    ww_run run;
} ww_state;

/* The files call down only: woobie.c (the game on the framework) calls
 * woobie_rules.c (set-up, the turn, the actions), which calls woobie_fx.c
 * (the card interpreter); woobie_view.c (the view, the queries) and
 * woobie_save.c (the codec) call woobie_fx.c; all of them call
 * woobie_state.c, woobie_map.c and woobie_deck.c, which call none of
 * them. */

/* --- woobie_view.c --------------------------------------------------------- */

/* game_def.view, and the queries "map" and "deck" (game_def.queries). */
void ww_view(const void *st, int seat, json_t *o);
extern const game_query ww_queries[];

/* --- woobie_rules.c -------------------------------------------------------- */

/* Set up a zeroed state from the complete options (the framework filled
 * in the defaults): WB_OK, or WB_EINVAL with *why (the framework then
 * releases the state). */
int ww_setup(ww_state *s, size_t nplayers, const json_t *options, uint64_t seed, char **why);

/* --- woobie_state.c -------------------------------------------------------- */

/* Free what the state points to (not the state); NULL members are fine. */
void ww_state_release(ww_state *s);
/* Read the map and deck of a state whose custom_map / custom_deck are set
 * (NULL: the built-in ones) into s->map and s->deck. */
int ww_state_tables(ww_state *s, char **why);

int ww_hook_on(const ww_state *s, ww_hook h);
/* May `seat` play `card` from its hand now (its colour requirement)? */
int ww_playable(const ww_state *s, int seat, int card);
/* Some card in seat's hand it could play now (a card taken back this turn
 * excepted). */
int ww_can_play_any(const ww_state *s, int seat);
/* The pieces of all kinds at an area. */
int ww_pieces(const ww_state *s, int area);
/* The seat whose home is `area`, or -1. */
int ww_home_of(const ww_state *s, int area);
/* Scores by seat (negative allowed) and the winners (1/0 by seat). */
void ww_scores(const ww_state *s, int score[], int winner[]);
/* The seats that must act now (1/0 by seat); returns how many. */
int ww_to_act(const ww_state *s, int act[]);

/* Draw one card for `seat`: environments and volcanoes go to the table at
 * once and another is drawn; returns 1 when the fourth volcano ended the
 * game.  Events appended to `ev` (the card itself private to the seat). */
int ww_draw(ww_state *s, int seat, json_t *ev);
/* Remove card `card` from seat's hand; 1 when it was there. */
int ww_hand_take(ww_state *s, int seat, int card);

/* --- woobie_fx.c: the effect interpreter ----------------------------------- */

/* Start playing `card` (already out of the hand) for s->player: runs its
 * steps until one waits for a decision (phase P_EFFECT: 0) or the card is
 * done and discarded (1: the caller goes on with the turn, unless the card
 * ended the game). */
int ww_fx_start(ww_state *s, int card, json_t *ev);
/* The candidates of the pending decision as choice codes (see ww_choice_*);
 * returns how many (at most `max`). */
int ww_fx_candidates(const ww_state *s, int out[], int max);
/* A choice code as the wire string (buf of 64) and back (-1: unknown). */
const char *ww_choice_str(const ww_state *s, int code, char buf[64]);
int ww_choice_parse(const ww_state *s, const char *str);
/* Answer the pending decision with a candidate's code and run on; 1 when
 * the card is done, as ww_fx_start. */
int ww_fx_decide(ww_state *s, int code, json_t *ev);
/* The prompt of the pending decision, for views; malloc'd. */
char *ww_fx_prompt(const ww_state *s);
/* The candidates of the pending decision as the wire strings (a new array). */
json_t *ww_fx_choices_json(const ww_state *s);

/* The actions: the framework's table (who, phases, members with their
 * domains, the rule check shared by apply and by the legal-action list,
 * the change). */
extern const game_action ww_actions[];

/* --- woobie_save.c --------------------------------------------------------- */

/* The state both ways for the framework's codec (game_json.h); loading
 * reads the custom map and deck and checks every invariant. */
void ww_io(game_io *io, void *st);

/* --- woobie_sample.c ------------------------------------------------------- */

/* game_def.sample: what `seat` cannot see (the other hands, cards face
 * down, the draw pile's order) dealt again from `r` alone. */
void ww_sample(void *st, int seat, rng *r);

#endif
