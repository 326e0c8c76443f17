/*
 * game_def.h - a game as tables and small hooks (the framework, v2).
 *
 * A game module fills one game_def: its options, its state (a plain C
 * struct starting with game_base, described once for the codec), its
 * actions as a table (who may send each, in which phases, its members
 * with types, descriptions and allowed values, a legality check and an
 * apply), the common view fields (finished, to_act, result) and the rest
 * of its views.  The framework turns it into the game_kind that matches.c
 * runs (GAME_DEF_KIND below) and does everything the games used to repeat:
 *
 *  - options: unknown ones, types and ranges refused with one message
 *    shape; create() gets the options object with every default filled in;
 *  - actions: the body's shape is checked (a string "type" naming an
 *    action, its members present with their types, no unknown member):
 *    WB_EINVAL (400 `invalid`) otherwise, the same for every game.  Then
 *    "not you / not now" (role, phase, a pending decision of another seat,
 *    the game is over, the action's `may` hook): WB_ENOTTURN (409
 *    `not_your_turn`).  Then the rules: allowed values of the members and
 *    the action's `check`: WB_EILLEGAL (422 `illegal_action`) with the
 *    game's reason.  Only then `apply`;
 *  - all-or-nothing: apply works on a copy (a flat state: memcpy) or after
 *    a snapshot through the codec (a state with pointers); whatever apply
 *    did before it refused, the state and the events are as they were;
 *  - the legal-action list comes from the same table: every action the
 *    caller's role may send now is enumerated (members with a `domain`
 *    hook or a small range or value list), every candidate goes through
 *    the same checks as a POST, and members that cannot be enumerated make
 *    the action a template ("$params"); so a listed action is accepted by
 *    construction;
 *  - views: "status", "to_act", and once finished "winners" and "scores"
 *    are built here from the hooks; the game's view hook adds the rest;
 *  - pending decisions: when `pending` says a seat must now choose, that
 *    seat is to_act, the views carry "pending", and only the actions that
 *    answer it (role GAME_ROLE_PENDING) are open;
 *  - saved states: {"format": N, ...the described state} with N checked on
 *    load for every game ("not a <Title> state: bad format").
 *
 * Threading: a def is constant; hooks must not keep state outside the
 * match state.  Errors: WB_OK / WB_EINVAL / WB_ENOTTURN / WB_EILLEGAL with
 * a malloc'd *why (game_why()).
 */
#ifndef GAME_DEF_H
#define GAME_DEF_H

#include <jansson.h>
#include <stddef.h>
#include <stdint.h>

#include "game.h"
#include "game_json.h"
#include "rng.h"

#define GAME_MAX_SEATS 16

typedef struct game_def game_def;

/* A member a format added to the saved state, with the value that stands
 * for it in a save of an older format (JSON text). */
typedef struct game_added {
    int format;
    const char *member, *value;
} game_added;

/* The first member of every game state: the framework finds the def of a
 * state through it. */
typedef struct game_base {
    const game_def *def;
} game_base;

/* Roles: a bit set.  The game's `roles` hook gives a seat's roles now (its
 * own bits, below GAME_ROLE_GAME_MAX); the framework adds the others. */
#define GAME_ROLE_SEAT (1u << 0)     /* any seat (the default when no hook) */
#define GAME_ROLE_PENDING (1u << 28) /* the seat a pending decision waits for */
#define GAME_ROLE_HOST (1u << 29)    /* the host token */
#define GAME_ROLE_SYSTEM (1u << 30)  /* the framework's timer */
#define GAME_ROLE_GAME_MAX (1u << 27)

/* Member types (of action bodies and options). */
typedef enum game_type {
    GAME_T_STRING,
    GAME_T_INT,
    GAME_T_BOOL,
    GAME_T_ARRAY,  /* of anything: the check looks inside */
    GAME_T_INTS,   /* array of integers, each in [min, max] */
    GAME_T_OBJECT,
    GAME_T_ANY,
} game_type;

/* A member of an action body, or an option. */
typedef struct game_member {
    const char *name;
    game_type type;
    const char *desc;    /* what to put there: listed in templates and options */
    int optional;        /* actions: may be left out; options: null is
                            accepted (and create() gets the default) */
    /* Allowed values (the rules: 422 for actions, 400 for options):
     * integers (and GAME_T_INTS elements) in [min, max] when has_range;
     * strings among `values` (NULL-terminated) when set. */
    int has_range;
    json_int_t min, max;
    const char *const *values;
    /* Options: the default as JSON text ("0", "false", "null", "\"x\"");
     * "null" also accepts a null value. */
    const char *def;
    /* Options: an integer that names a seat, from 0 to the number of
     * players less one; an array by seat, of at most one element per
     * seat.  (A string option without `values` whose description gets an
     * "enum" from options_fix is checked against it.)  An option array
     * (or object) with has_range: its length (members) in [min, max]. */
    int seat;
    /* Actions: the values that make sense now, for the legal-action list
     * (a new array); NULL: from the range or `values` when small, else a
     * template parameter. */
    json_t *(*domain)(const void *st, int seat);
    /* Actions, template parameters: a description that depends on the
     * state and the rest of the listed body (malloc'd); NULL: `desc`. */
    char *(*describe)(const void *st, int seat, const json_t *body);
} game_member;

/* An action type. */
typedef struct game_action {
    const char *type;
    unsigned who;       /* roles that may send it (GAME_ROLE_*, game bits) */
    unsigned phases;    /* bit (1u << phase) per phase it is open in; 0: all */
    const game_member *members; /* ended by {NULL}; NULL: none */
    /* Optional: more "not now / not you" (WB_ENOTTURN + why). */
    int (*may)(const void *st, const game_ctx *ctx, int seat, char **why);
    /* Optional: the rules (WB_EILLEGAL + why); must not change anything.
     * Listing a template calls it with the template's members only:
     * judge what is there.  Without one, an action of GAME_ROLE_SYSTEM
     * alone (a timer) is refused ("no timer is due") unless the game's
     * deadline (game_def.deadline_at) is set and has come. */
    int (*check)(const void *st, const game_ctx *ctx, int seat, const json_t *a,
                 char **why);
    /* Do it: append the events.  May still refuse (WB_EILLEGAL + why): the
     * framework then restores the state. */
    int (*apply)(void *st, const game_ctx *ctx, int seat, const json_t *a, json_t *events,
                 char **why);
    /* Not offered in the legal-action list (timers). */
    int unlisted;
    /* Optional: offered in the list now?  (An action may be accepted but
     * not offered: a signal that makes the code wrong.) */
    int (*offered)(const void *st, int seat);
} game_action;

/* A query (game_kind.query): its name, who may ask (GAME_ROLE_HOST,
 * GAME_ROLE_SEAT for any seat of the match, GAME_ROLE_PUBLIC for a caller
 * without a token; GAME_ROLE_ANYONE: all three, as the boards and decks of
 * World Dumbination and Woobieworld) and the answer (WB_OK and *out, or WB_EINVAL and *why for bad
 * arguments).  The framework refuses, with one message shape for every
 * game: an unknown name (WB_ENOTFOUND); the public where a seat's token
 * would do (WB_EAUTH: send a token); anyone else who may not ask
 * (WB_EFORBIDDEN: a seat, or the public for a query of the host only). */
#define GAME_ROLE_PUBLIC (1u << 31)
#define GAME_ROLE_ANYONE (GAME_ROLE_PUBLIC | GAME_ROLE_SEAT | GAME_ROLE_HOST)
typedef struct game_query {
    const char *name;
    unsigned who;
    int (*answer)(const void *st, const game_ctx *ctx, int seat, const json_t *args,
                  json_t **out, char **why);
} game_query;
/* A pending decision: `seat` must now choose (its answers are the actions
 * with GAME_ROLE_PENDING in `who`). */
typedef struct game_pending {
    int seat;
    const char *prompt; /* "choose a centre card to take" */
} game_pending;

struct game_def {
    const game_kind *kind; /* name, title, player counts */
    int format;            /* the saved state's format version */
    /* Optional: bring a save of an older format (0: saved without one) up
     * to `format` in place; WB_OK, or WB_EINVAL when it cannot be. */
    int (*upgrade)(json_t *saved, int from);
    /* Or, when the formats since differ only by added members: those
     * members (ended by {0}; none: the same layout), and the oldest
     * format that loads (0: a save without "format"). */
    const game_added *added;
    int oldest;
    size_t size;           /* sizeof the state struct */
    int flat;              /* a memcpy is a working copy: no pointers, or
                              only to data apply never changes */

    const game_member *options; /* ended by {NULL}; NULL: none */
    /* Optional: adjust the options description (defaults from data). */
    void (*options_fix)(json_t *desc);

    /* Fill a zeroed state (base already set) from the players, the
     * complete options and the seed.  WB_EINVAL + why (or WB_EDATA). */
    int (*create)(void *st, const game_ctx *ctx, const char *const *players, size_t n,
                  const json_t *options, uint64_t seed, char **why);
    /* Optional: free what the state points to (not the state).  Unset
     * in a state that is not flat: the framework runs `io` to free
     * (game_io_freeing, game_json.h). */
    void (*free)(void *st);
    /* Optional, for a flat state with `free`: 1 when this state owns
     * nothing `free` would release (a memcpy is then a whole copy, which
     * game_def_determinize takes instead of a trip through the codec). */
    int (*owns_nothing)(const void *st);
    /* The state, both ways (game_json.h); checks invariants on load. */
    void (*io)(game_io *io, void *st);

    /* Phases (optional): the names the current one (phase_at, below)
     * indexes. */
    const char *const *phase_names;
    /* Optional: what is happening now, for "not now" refusals. */
    char *(*situation)(const void *st);
    /* Roles of `seat` (>= 0) now; NULL: GAME_ROLE_SEAT for every seat. */
    unsigned (*roles)(const void *st, int seat);
    int (*nseats)(const void *st);
    /* The phase, an int member of the state: its offset (offsetof; 0: a
     * game of one phase); instead of the nseats hook, for a state that
     * keeps the count as an int member: its offset (0: the hook). */
    size_t phase_at, nseats_at;

    const game_action *actions; /* ended by {NULL} */

    /* Common view fields.  The phase (> 0) in which the game is over. */
    int over_phase;
    /* Optional: may `seat` act now?  NULL: when it has a listed action. */
    int (*to_act)(const void *st, int seat);
    /* Once finished: winner[i] and score[i] per seat. */
    void (*result)(const void *st, int *winner, json_int_t *score);
    /* The highest scores win: `result` gives the scores only. */
    int highest_wins;
    /* Optional, with highest_wins: a second score per seat (tie[] comes
     * zeroed) that breaks ties among the highest (the seats level on both
     * win), shown after "scores" as the member `tiebreak_name`. */
    void (*tiebreak)(const void *st, json_int_t *tie);
    const char *tiebreak_name;
    /* Optional: a pending decision now (1 and *out set). */
    int (*pending)(const void *st, game_pending *out);
    /* Add the game's own members to a view for `seat`. */
    void (*view)(const void *st, int seat, json_t *out);

    /* Optional: game_kind.determinize's drawing (game_def_determinize
     * gives it a copy of the state): draw again, in place and with `r`
     * alone, everything `seat` cannot see, so as to agree with what it
     * sees, and seed the state's rng from `r`.  A game with it puts
     * .determinize = game_def_determinize in its kind. */
    void (*sample)(void *st, int seat, rng *r);
    /* Optional (a search's playouts, game_kind.playout_action): for the
     * action `type` open to `seat` now, 1 and in *out one body the list
     * holds, drawn from `r` (in any proportions), or NULL when the list
     * holds none; 0 when the game draws none of this type itself: the
     * framework then lists the action's bodies and draws one uniformly.
     * For an action whose list is dear to build (World Dumbination's
     * moves: a search of the board per unit and space).
     * tests/games/test_conformance.c checks both halves for every game. */
    int (*draw)(const void *st, const char *type, int seat, rng *r, json_t **out);

    /* Optional, for game_kind.deadline: the int64_t member holding the
     * deadline (offsetof), in force in phase deadline_phase only (-1 in
     * the others); 0: no timers. */
    size_t deadline_at;
    int deadline_phase;
    /* Optional, for game_kind.query: the queries as a table, ended by
     * {NULL}. */
    const game_query *queries;
};

/* --- helpers for game modules -------------------------------------------- */

/* The hooks of an action, as definitions:
 *   GAME_CHECK(check_x) { const x_state *s = state; ... }
 *   GAME_APPLY(do_x) { x_state *s = state; ...; return WB_OK; }
 * with the parameters named as in game_action: state, ctx, seat, a (the
 * body), ev (the events: apply only) and why; any may go unused.
 * GAME_MAY is `may`, GAME_DOMAIN a member's `domain` and GAME_DESCRIBE its
 * `describe` (the listed `body`), GAME_OFFERED an action's `offered`. */
#define GAME_UNUSED __attribute__((unused))
#define GAME_MAY(fn)                                                                 \
    static int fn(const void *state GAME_UNUSED, const game_ctx *ctx GAME_UNUSED,   \
                  int seat GAME_UNUSED, char **why GAME_UNUSED)
#define GAME_CHECK(fn)                                                               \
    static int fn(const void *state GAME_UNUSED, const game_ctx *ctx GAME_UNUSED,   \
                  int seat GAME_UNUSED, const json_t *a GAME_UNUSED,                \
                  char **why GAME_UNUSED)
#define GAME_APPLY(fn)                                                               \
    static int fn(void *state GAME_UNUSED, const game_ctx *ctx GAME_UNUSED,         \
                  int seat GAME_UNUSED, const json_t *a GAME_UNUSED,                \
                  json_t *ev GAME_UNUSED, char **why GAME_UNUSED)
#define GAME_DOMAIN(fn) static json_t *fn(const void *state GAME_UNUSED, int seat GAME_UNUSED)
#define GAME_OFFERED(fn) static int fn(const void *state GAME_UNUSED, int seat GAME_UNUSED)
#define GAME_DESCRIBE(fn)                                                            \
    static char *fn(const void *state GAME_UNUSED, int seat GAME_UNUSED,             \
                    const json_t *body GAME_UNUSED)

/* A query's `answer` (parameters as in game_query: state, ctx, seat,
 * args, out, why). */
#define GAME_ANSWER(fn)                                                              \
    static int fn(const void *state GAME_UNUSED, const game_ctx *ctx GAME_UNUSED,   \
                  int seat GAME_UNUSED, const json_t *args GAME_UNUSED,             \
                  json_t **out GAME_UNUSED, char **why GAME_UNUSED)

/* Refuse: set *why to the message (unless `why` is NULL: a caller that
 * wants the verdict only) and return `rc` (WB_EILLEGAL, WB_EINVAL, ...). */
int game_refuse(char **why, int rc, const char *fmt, ...) __attribute__((format(printf, 3, 4)));

/* Append an event: json_pack(fmt, ...) appended to `ev` (the format's
 * first member is "type" by convention: "{s:s, s:i}", "type", "draw", ...).
 * Here and in game_put, "s:o*" (or s*, O*) is a member left out when its
 * value is NULL (Jansson's optional members). */
void game_event(json_t *ev, const char *fmt, ...);
/* Add members to a view (or any object): json_pack(fmt, ...), an object,
 * merged into `o` in its order. */
void game_put(json_t *o, const char *fmt, ...);

/* A query argument: the decimal string args[key] in [lo, hi] into *out,
 * or `def` when absent.  WB_OK, or WB_EINVAL with *why ("KEY must be a
 * number from LO to HI"). */
int game_arg_long(const json_t *args, const char *key, long def, long lo, long hi, long *out,
                  char **why);

/* Adds "winners" and "scores" (from the result hook), and the tie-break
 * when the def has one, to `o`: for views and for game_over events. */
void game_def_put_result(const void *st, json_t *o);

/* Replace the state `st` by `saved` (a save of the same game), as a game
 * that keeps saves of its own does to undo: WB_OK, or WB_EINVAL with *why
 * ("not a <Title> state: ...") and `st` unchanged. */
int game_def_restore(void *st, const json_t *saved, char **why);

/* A value of the complete options object create() receives. */
json_int_t game_opt_int(const json_t *options, const char *name);
int game_opt_bool(const json_t *options, const char *name);
const char *game_opt_str(const json_t *options, const char *name);
/* An integer member of an action body the framework has checked, as an
 * int (0 when absent). */
int game_body_int(const json_t *body, const char *name);

/* Has `seat` a listed action now (game_def_actions) other than of type
 * `except` (NULL: any)?  For rules such as "when no action is possible,
 * the turn passes". */
int game_def_can_act(const void *st, int seat, const char *except);
/* An option that names lo..hi different things of names[] (NULL-
 * terminated; matched without regard to case): its indexes into idx[] and
 * their number, or -1 with *why ("NAME must be an array of LO to HI
 * different names of a, b, c") when it is not such an array. */
int game_opt_names(const json_t *options, const char *name, const char *const *names,
                   size_t lo, size_t hi, int *idx, char **why);

/* Secret simultaneous choices.  `full` describes a choice `owner` made;
 * the others may only learn that it was made until it is revealed.  For
 * `viewer` (a seat, GAME_SEAT_PUBLIC or GAME_SEAT_HOST): `full` itself
 * (a new reference) when the viewer is the owner or the host or
 * `revealed`; else a copy without the `hidden` members (NULL-terminated),
 * with "sealed": true. */
json_t *game_secret_view(const json_t *full, int viewer, int owner, int revealed,
                         const char *const *hidden);
/* Append an event of a secret choice: `full` private to its owner (the
 * host sees it too), and the copy without `hidden` private to every other
 * seat, so no seat but the owner sees the hidden members before the
 * reveal (events.private_to, game.h).  Takes the reference to `full`. */
void game_secret_event(json_t *events, json_t *full, int owner, int nseats,
                       const char *const *hidden);

/* --- the adapter into game_kind ------------------------------------------ */

json_t *game_def_options(const game_def *d);
int game_def_create(const game_def *d, const game_ctx *ctx, const char *const *players,
                    size_t n, const json_t *options, uint64_t seed, void **state,
                    char **why);
int game_def_load(const game_def *d, const json_t *saved, void **state, char **why);
void game_def_destroy(void *state);
json_t *game_def_save(const void *state);
void game_def_save_text(const void *state, game_text *out);
json_t *game_def_view(const void *state, int seat);
json_t *game_def_actions(const void *state, int seat);
int game_def_apply(void *state, const game_ctx *ctx, int seat, const json_t *action,
                   json_t *events, char **why);
int game_def_apply_raw(void *state, const game_ctx *ctx, int seat, const json_t *action,
                       json_t *events, char **why, int *changed);
int64_t game_def_deadline(const void *state);
int game_def_finished(const void *state);
/* game_kind.determinize for a def with `sample`: a copy of the state
 * (memcpy when flat without a free hook or owning nothing now, else
 * through the codec) given to
 * it with an rng seeded from `seed`. */
int game_def_determinize(const void *state, int seat, uint64_t seed, void **out);
/* game_kind.playout_action for a def's game (GAME_DEF_KIND sets it). */
json_t *game_def_playout_action(const void *state, int seat,
                                int (*rate)(const char *type, void *ctx), void *ctx,
                                struct rng *r);
int game_def_query(const void *state, const game_ctx *ctx, int seat, const char *name,
                   const json_t *args, json_t **out, char **why);

/* In the game's .c file, after its def `D`:
 *   GAME_DEF_HOOKS(D)
 *   const game_kind game_x = {.name = "x", .title = "X", .min_players = 2,
 *                             .max_players = 4, GAME_DEF_KIND(D)};
 * (the def points back to the kind: .kind = &game_x). */
#define GAME_DEF_HOOKS(D)                                                            \
    static json_t *D##_options_(void) { return game_def_options(&D); }              \
    static int D##_create_(const game_ctx *ctx, const char *const *p, size_t n,      \
                           const json_t *o, uint64_t seed, void **st, char **why)    \
    {                                                                                \
        return game_def_create(&D, ctx, p, n, o, seed, st, why);                     \
    }                                                                                \
    static int D##_load_(const json_t *saved, void **st, char **why)                 \
    {                                                                                \
        return game_def_load(&D, saved, st, why);                                    \
    }
#define GAME_DEF_KIND(D)                                                             \
    .options = D##_options_, .create = D##_create_, .destroy = game_def_destroy,     \
    .save = game_def_save, .save_text = game_def_save_text, .load = D##_load_,       \
    .view = game_def_view, .actions = game_def_actions, .apply = game_def_apply,     \
    .apply_raw = game_def_apply_raw,                                                 \
    .deadline = game_def_deadline, .query = game_def_query,                          \
    .finished = game_def_finished, .standing = game_def_put_result,                \
    .playout_action = game_def_playout_action

#endif
