/*
 * game.h - the interface every game implements (the registry of games is
 * games/registry.h, above the games).
 *
 * In the spirit of OpenSpiel's Game/State and boardgame.io's game
 * definitions: a game module creates a match state from players, options
 * and a seed; gives the view of the state for one seat, for the host and
 * for the public; lists the legal actions of a seat; applies an action
 * from a seat, answering either an error with a reason a player
 * understands or the events the action caused; saves and restores its
 * whole state.
 *
 * The framework (matches.h) does everything else: ids, tokens, versions,
 * persistence, the event log, locking, subscribers.  A game module never
 * sees HTTP, LMDB or the clock (the time of an action comes in game_ctx
 * and is recorded in the log, so replays are exact).  Randomness comes
 * only from an rng (rng.h) kept in the state.
 *
 * Wire format.  Views, actions and events are Jansson values: views and
 * actions are JSON objects with a "type"; the state itself is plain C in
 * the module.  Conventions every game keeps:
 *  - every view has "status" ("active" or "finished"), "to_act" (array of
 *    seats that may act now; several at once in real-time games) and, when
 *    finished, "winners" (array of seats) and "scores" (array by seat);
 *    the store adds "id", "game", "version" and, through game_view_common,
 *    who is looking ("role", "seat") and "players" with each seat's name;
 *  - an event object may carry "private_to": [seat, ...]; the framework
 *    then shows it only to those seats and the host, and removes the key;
 *  - a listed action with a free argument is a template: it carries
 *    "$params": {"name": "what to put there"} instead of that member.
 *
 * Seats are 0..n-1 in the order the players were given.
 */
#ifndef GAME_H
#define GAME_H

#include <jansson.h>
#include <stddef.h>
#include <stdint.h>

#include "dict.h"

struct game_text; /* game_json.h */
struct rng;       /* rng.h */

/* Callers that are not a seat. */
#define GAME_SEAT_PUBLIC (-1) /* no token: what everyone at the table sees */
#define GAME_SEAT_HOST (-2)   /* the host token: everything (referee, projector) */
#define GAME_SEAT_SYSTEM (-3) /* the framework itself: timers (see deadline) */

/* What a module may use besides its state.  Borrowed for the call. */
typedef struct game_ctx {
    const dict_lib *dicts; /* the dictionary service, for games judging words */
    int64_t now_ms;        /* time of the action, ms since the epoch; comes
                              from the log when a match is replayed */
} game_ctx;

typedef struct game_kind {
    const char *name;  /* "wibbell": the name in the API */
    const char *title; /* "Wibbell" */
    unsigned min_players, max_players;

    /* The options the game takes, with defaults and descriptions:
     * {"simple_mode": {"type":"boolean","default":false,"description":...}}.
     * A new reference. */
    json_t *(*options)(void);

    /* Create a match.  `options` is an object (possibly empty) checked here:
     * WB_EINVAL with *why (malloc'd) for a bad option or player count. */
    int (*create)(const game_ctx *ctx, const char *const *players,
                  size_t nplayers, const json_t *options, uint64_t seed,
                  void **state, char **why);
    void (*destroy)(void *state);

    /* The whole state as JSON (a new reference), and back.  load() must
     * give a state whose save() is equal to `saved`. */
    json_t *(*save)(const void *state);
    int (*load)(const json_t *saved, void **state, char **why);
    /* Optional (NULL: json_dumps of save()): the same save appended to
     * `out` as compact JSON text, exactly what json_dumps(save(state),
     * JSON_COMPACT) gives, without building the tree.  The framework
     * writes a match's record this way (every 16 actions or so, see
     * matches_int.h). */
    void (*save_text)(const void *state, struct game_text *out);

    /* The view for `seat` (>= 0), GAME_SEAT_PUBLIC or GAME_SEAT_HOST; a
     * new reference.  A seat's view holds no other seat's secrets. */
    json_t *(*view)(const void *state, int seat);

    /* The legal actions of `seat` (or GAME_SEAT_HOST) now, as an array of
     * action bodies and templates; a new reference. */
    json_t *(*actions)(const void *state, int seat);

    /* Apply `action` from `seat` (a seat, GAME_SEAT_HOST, or
     * GAME_SEAT_SYSTEM for {"type":"timer"}).  On WB_OK the state has
     * changed and the caused events were appended to `events` (an array).
     * WB_EILLEGAL with *why: the rules do not allow it (nothing changed);
     * WB_ENOTTURN with *why: this seat may not act now; WB_EINVAL with
     * *why: the body is malformed (unknown type, missing member).  Must be
     * deterministic in (state, seat, action, ctx->now_ms). */
    int (*apply)(void *state, const game_ctx *ctx, int seat,
                 const json_t *action, json_t *events, char **why);
    /* Optional: apply without the all-or-nothing promise.  The same as
     * apply, except that after a refusal the state may have changed, and
     * then *changed is set: the caller puts it back itself (the framework
     * loads its last record and replays the log after it), so the game
     * need keep no copy to undo with. */
    int (*apply_raw)(void *state, const game_ctx *ctx, int seat,
                     const json_t *action, json_t *events, char **why, int *changed);

    /* For real-time rules (a tie window): the time (ms since the epoch) at
     * which the framework must apply {"type":"timer"} as GAME_SEAT_SYSTEM,
     * or -1 for none.  NULL when the game has no timers. */
    int64_t (*deadline)(const void *state);

    /* Optional read-only questions a game answers beyond its views (NULL
     * when none): `name` names the question, `args` is an object of string
     * arguments (from the query string).  On WB_OK *out is a new reference.
     * A result of the form {"rows":[{...flat...}]} can also be served as
     * CSV by the API.  WB_ENOTFOUND for an unknown name, WB_EINVAL (+why)
     * for bad arguments, WB_EFORBIDDEN when `seat` may not ask.
     * Wibbell: "vocabulary" (the classroom log) and "hints" (words that
     * would have worked on a turn). */
    int (*query)(const void *state, const game_ctx *ctx, int seat,
                 const char *name, const json_t *args, json_t **out,
                 char **why);

    /* Optional (NULL: read "status" from the public view): 1 when the
     * match is over.  Cheaper than building a view after each action. */
    int (*finished)(const void *state);

    /* Optional (NULL: a bot may play any seat): why no seat of this match
     * may be played by a bot (the daemon's bots, games/bots/), a malloc'd
     * sentence, or NULL when one may.  Wibbell's companion mode: the host
     * records a physical table, no seat acts. */
    char *(*no_bots)(const void *state);

    /* Optional (NULL: no "search" bot plays this game, games/bots/): a
     * determinization of `state` for `seat`.  *out is a new state (free it
     * with destroy) equal to `state` in everything `seat` sees, with
     * everything it cannot see drawn again at random from `seed` so as to
     * agree with what it sees (other hands, the deck's order, sealed
     * choices: the same cards, dealt again), and its rng seeded again.
     * What it draws depends on `seed` and the seat's view alone: two
     * states that differ only in what the seat cannot see give the same
     * *out.  Applied to its own *out it samples again (a search does so
     * once per iteration).  WB_OK, or WB_ENOMEM. */
    int (*determinize)(const void *state, int seat, uint64_t seed, void **out);
    /* Optional: the result as it stands (adds "winners" and "scores" to
     * `out` as if the match ended now): how a search scores a playout it
     * cut short.  The games of game_def.h have it. */
    void (*standing)(const void *state, json_t *out);
    /* Optional (NULL: a search picks from actions()): one listed action of
     * `seat`, not a template, drawn without listing them all (a search's
     * playout takes thousands), or NULL when the seat has none.  The
     * action types open to the seat now are tried best first by `rate` (a
     * type's worth to the caller, with its `ctx`; ties in an order drawn
     * from `r`), each by drawing one of its listed bodies (uniformly, or
     * as the game's own sampler draws them: game_def.h's `draw`), until one
     * has a body.  What it returns is in actions()' list.  A new
     * reference.  The games of game_def.h have it. */
    json_t *(*playout_action)(const void *state, int seat,
                              int (*rate)(const char *type, void *ctx), void *ctx,
                              struct rng *r);

    /* Class sessions (matches.h, "Class sessions").  Optional (NULL:
     * never): 1 when this match's seats are teams that any number of
     * members join with the match's join code.  Wibbell: class_session. */
    int (*teams)(const void *state);
    /* The action types (NULL-terminated) in whose bodies the store sets
     * "member" (the member's id, an integer) and "nickname" when a class
     * member sends them, and removes both when anyone else does; the
     * game declares both as optional members of those actions. */
    const char *const *member_actions;
    /* Optional: why `nickname` may not name a member of this match (a
     * malloc'd sentence), or NULL when it may.  Wibbell in the class
     * setting: a word the class setting hides. */
    char *(*nickname_refused)(const void *state, const dict_lib *dicts, const char *nickname);
    /* Optional: seat `seat` is now called `name` (it changed hands), for a
     * game that shows the names it was created with beyond the views
     * (Wibbell's vocabulary rows).  The record written with the change
     * holds the renamed state. */
    void (*rename)(void *state, int seat, const char *name);
} game_kind;

/* One decision of a player the daemon runs in a seat (games/bots/): what
 * it is given is what that seat sees, never the state.  The store fills
 * it and hands it to the bot through a callback.  Borrowed for the call. */
typedef struct game_turn {
    const game_kind *kind;
    const char *bot;       /* the bot's kind ("random") */
    int level;             /* its level, 1..5 */
    int seat;
    const json_t *view;    /* kind->view(state, seat) */
    const json_t *actions; /* kind->actions(state, seat): not empty */
    uint64_t seed;         /* the same seed, view and actions: the same choice */
    const dict_lib *dicts; /* for the word games; may be NULL */
    /* For a "search" bot of a game with kind->determinize: a state drawn
     * by determinize(state, seat, seed), which the bot may sample again
     * and play out (it agrees with the view, the true state's secrets are
     * not in it); NULL otherwise. */
    const void *sampled;
    size_t nseats; /* the match's seats */
} game_turn;

/* Helpers for modules.  game_option: one entry of an options() object,
 * {"type","default","description"}; takes the reference to `def`; NULL
 * when out of memory. */
json_t *game_option(const char *type, json_t *def, const char *desc);
/* A malloc'd printf string for *why. */
char *game_why(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* The common view fields that come from the match, not the game: "role"
 * ("seat", "host" or "watcher" for `seat` >= 0, GAME_SEAT_HOST, else),
 * "seat" (the viewer's, for a seat), and "players": one object per seat,
 * in seat order, with "seat" and "name" (names[i], n of them).  A game
 * whose own view has a "players" array of n objects keeps it: each object
 * gains "seat" if it lacks it, and "name" is always the match's (a seat
 * handed to other hands shows the new name).  Adds to `view` in place. */
void game_view_common(json_t *view, int seat, const char *const *names, size_t n);

#endif
