/*
 * matches.h - the game framework: live matches, their persistence and
 * their event logs.  The one API of games/ that api/ uses.
 *
 * A match is an instance of a game (game.h) with an id, a version (the
 * number of applied actions plus one), a host token and one token per seat.
 * Every applied action is appended to the match's log in a write
 * transaction of its store (LMDB, or PostgreSQL when configured; it stores
 * the whole new state too every few actions),
 * and the answer to an action is given only once that transaction is
 * durable: an acknowledged action is never lost, and opening the store
 * again resumes every match from its last stored state and the log after
 * it.  Writes
 * go through one writer thread that commits whatever has queued up in one
 * transaction (group commit), so the *_async calls never wait for a disk.
 * A request that has an answer to give (a person's) goes into the writer's
 * next commit before what no one waits for (bots' actions, timers), of
 * which a commit holds a few at most; the bots pace themselves to that.
 * A view asked for while an action's commit is in flight waits for it (up
 * to a second; past that it shows the action anyway); if the commit
 * fails, the match goes back to its last durable state.
 *
 * Thread safety: every function may be called from any thread.  Actions
 * on one match are serialised; different matches proceed in parallel.
 *
 * Ownership: json_t results are new references the caller decrefs;
 * strings set through `why` are malloc'd and freed by the caller.
 */
#ifndef MATCHES_H
#define MATCHES_H

#include <jansson.h>
#include <stddef.h>
#include <stdint.h>

#include "dict.h"
#include "game.h"

typedef struct match_store match_store;
typedef struct match_sub match_sub;

typedef struct match_config {
    const char *data_dir;  /* matches live in data_dir/games/ (LMDB) */
    /* NULL or "": LMDB in data_dir/games/; else a PostgreSQL URL
     * (postgresql://...): the matches, their logs and members live there
     * (match_db.h).  Borrowed: must outlive the store. */
    const char *store;
    size_t max_live;       /* cap on active matches; 0: 1000 */
    int64_t abandon_ms;    /* an active match untouched this long counts as
                              abandoned (listable, deletable); 0: 24 h */
    const dict_lib *dicts; /* borrowed, for games that judge words */
    /* The games this store runs (the daemon passes game_registry(), from
     * games/registry.h; tests pass their own small games); borrowed. */
    const game_kind *const *kinds;
    size_t nkinds;
    /* Finished, ended and abandoned matches are kept this many (0: 1000)
     * and this long after their last action (0: 30 days), then removed
     * oldest first; class sessions (the teacher's report) are kept until
     * their host deletes them, and not counted. */
    size_t keep_finished;
    int64_t keep_finished_ms;
    /* NULL or "": ids are 32 random hex digits.  Else 1..MATCH_PREFIX_MAX
     * of [a-z0-9]: new ids are the prefix, '-', then random hex digits, 32
     * characters in all, so an id tells which daemon owns it (a proxy
     * routes on it).  Borrowed: must outlive the store. */
    const char *id_prefix;
    /* PostgreSQL only: the shard (id_prefix, "" without one) is owned
     * through a lease of lease_ms (0: 3000; at least 300), renewed every
     * lease_ms / 3 (match_lease.h).  `owner` names this daemon in the
     * lease row and its sessions (host, pid, listen address; NULL: the
     * store's "wibbelld").  While another daemon holds the lease the
     * opening waits as a standby, calling standby(ctx, status) about every
     * 250 ms (`status` the line to show, once per holder, else NULL): a
     * non-zero return gives up (match_store_open: WB_ECONFLICT).  lost(ctx)
     * is called once, from a thread of the store, when the lease is lost
     * for good (another daemon took the shard): from then on the store
     * serves nothing (WB_ESTORE), and the daemon should close it and exit
     * (match_store_lease_lost).  Borrowed. */
    int lease_ms;
    const char *owner;
    int (*standby)(void *ctx, const char *status);
    void (*lost)(void *ctx);
    void *lease_ctx;
} match_config;

#define MATCH_PREFIX_MAX 8

/* Called once when an asynchronous call is done: rc WB_OK with `out` (a
 * new reference the callee owns), or the storage error (WB_EFULL: the disk
 * or map is full; WB_ESTORE: storage unavailable) with out NULL.  Runs on
 * the writer thread, with no lock of the store held: keep it short, and
 * never wait in it for another call of this store to finish. */
typedef void (*match_done_fn)(void *ctx, int rc, json_t *out);

/* Called once when an action (match_apply_async, match_end_async) is
 * done: rc WB_OK with its answer as JSON text ({"version","events",
 * "state"}; `text` malloc'd, the callee owns
 * it; NULL if the view could not be written as JSON) and the version it
 * made; or the storage error with text NULL.  The text is written by the
 * thread that applied the action, so the view is built and freed on one
 * thread (freed on the writer's, its memory would go back to another
 * thread's malloc arena at every action).  Same rules as match_done_fn. */
typedef void (*match_answer_fn)(void *ctx, int rc, char *text, size_t len, uint64_t version);

/* Group commit across requests.  Between matches_hold() and
 * matches_release() the actions this thread stages are queued without
 * waking the writer; the release wakes it once, so that what an HTTP
 * worker reads in one turn of its event loop is committed together.  A
 * call that waits for the writer wakes it first.  Per thread; not nested. */
void matches_hold(void);
void matches_release(void);

/* --- Request ids ---------------------------------------------------------
 *
 * Every call below that changes a match (an action, the end, a seat's or a
 * class's change; a creation too, see there) takes a client's request id, its idempotency key, or
 * NULL.  The key is stored with the change (in its log entry, and in the
 * match's record for the match's latest MATCH_KEYS_KEPT keyed changes),
 * so it survives a restart and a replay.  A call whose key this match
 * already holds for the same caller (seat, member or host) applies
 * nothing: when the request is the same as that first one (a hash of the
 * route and the body), done() gets the first answer's version and events
 * with the caller's view as it is now, once everything of the match
 * staged before it is durable, and `replayed` is set (before done() can
 * run); when it differs, WB_ECONFLICT (+why) with `reused` set.  A key is
 * per match and caller: two seats may use the same one.  Keys older than
 * the match's latest MATCH_KEYS_KEPT keyed changes are forgotten (such a
 * request is applied as new). */
#define MATCH_KEY_MAX 64
#define MATCH_KEYS_KEPT 64
typedef struct match_key {
    const char *key; /* the client's: match_key_ok; borrowed for the call */
    int replayed;    /* out: answered as the first time, nothing applied */
    int reused;      /* out: WB_ECONFLICT because the key was another request's */
} match_key;
/* Is `key` one: 1..MATCH_KEY_MAX visible ASCII characters (0x21..0x7e)? */
int match_key_ok(const char *key, size_t len);

/* Open (creating if needed) the store and load every match in it.  One
 * daemon at a time owns a games store: WB_ECONFLICT when
 * another process holds it (matches live in memory, so two daemons on one
 * store would each miss the other's moves); with PostgreSQL one daemon
 * owns each shard, the others wait here as standbys (match_config.lease_ms)
 * and WB_ECONFLICT is a wait that standby() stopped.  While the lease is
 * not held (locally valid), every call that reads or acts answers
 * WB_ESTORE, and timers and bots do nothing.  With PostgreSQL: WB_ESTORE
 * when the database cannot be reached or used, WB_ECORRUPT when it holds
 * a schema of another version (the reason on stderr in both cases).
 * A match of an unknown game or with a state its game cannot load is
 * skipped with a message on stderr, never deleted. */
int match_store_open(const match_config *cfg, match_store **out);
/* Whether `store` names a PostgreSQL store (match_config.store): it
 * begins with postgresql:// or postgres://. */
int match_store_is_pg(const char *store);
/* Whether the store lost its shard's lease for good (PostgreSQL; 0 with
 * LMDB): every call since answers WB_ESTORE; the daemon stops. */
int match_store_lease_lost(const match_store *ms);
/* Stop timers, wake and detach subscribers, close.  NULL accepted. */
void match_store_close(match_store *ms);

/* Create a match.  `players`: array of 1..n names; `options`: object or
 * NULL; `seed`: used when `has_seed`, else random.  On WB_OK *out is
 * {"id","game","version":1,"seed","host_token",
 *  "players":[{"seat","name","token"}],"state":<host view>}.
 * WB_EINVAL (+why) bad request for this game, WB_ENOTFOUND unknown game,
 * WB_ELIMIT too many live matches, WB_EFULL / WB_ESTORE storage errors.
 * (That is what done() gets as `out`, once the creation is durable.)
 * WB_OK means done() will be called (perhaps before this returns), any
 * other code means it will not.  Every call of this store returns at once
 * and reports through its callback (the unit test waits for them:
 * tests/games/store/match_sync.h).
 * With a request id (`key`, see "Request ids" below): no caller is known
 * before a match exists, so a creation's key is the store's, kept with its
 * match (in its record) for as long as the match is: a creation whose key
 * a match of this store was created with answers that match's creation
 * answer (the tokens, the host's view as it is now) with key->replayed,
 * once what it staged before is durable; another request with the key is
 * WB_ECONFLICT with key->reused; while the first creation with the key is
 * still being committed, WB_ECONFLICT (+why).  A key whose match was
 * deleted or pruned is forgotten (a retry creates a new match). */
int match_create_async(match_store *ms, const char *game, const json_t *players,
                       const json_t *options, uint64_t seed, int has_seed, match_key *key,
                       match_done_fn done, void *ctx, char **why);

/* Who is calling: `token` NULL -> GAME_SEAT_PUBLIC; the host token ->
 * GAME_SEAT_HOST; a seat token -> that seat; a class member's token ->
 * MATCH_MEMBER(id) (below).  WB_ENOTFOUND no such match; WB_EFORBIDDEN a
 * token that is not one of this match's. */
int match_auth(match_store *ms, const char *id, const char *token, int *seat);

/* --- Class sessions ------------------------------------------------------
 *
 * A match whose game says its seats are teams (game_kind.teams: Wibbell's
 * class_session) is a class session: it gets a join code at creation
 * (MATCH_CODE_LEN characters of an alphabet without look-alikes, shown in
 * every view but the public's under "class"), and any number of members
 * (students) join a team with it and a nickname, each getting a token of
 * its own.  The members play once the teacher has locked joining for the
 * first time (the class "started"; opening it again for a latecomer does
 * not stop the game): before that a member's action is WB_ENOTTURN.  A
 * member's token gives the caller value MATCH_MEMBER(id),
 * which every call below takes where it takes a seat: it acts as its
 * team's seat (the same view, actions and log), its bodies of the game's
 * member_actions carry "member" and "nickname", its queries the argument
 * "member", and its views "class"."you".  Members change through the log
 * like seats (an entry {"type":"class_change",...} by GAME_SEAT_SYSTEM
 * with the record that holds them), so they survive a restart and a
 * failed commit undoes them. */
#define MATCH_MEMBER_BASE 0x10000
#define MATCH_MEMBER(id) (MATCH_MEMBER_BASE + (int)(id))
#define MATCH_MEMBERS_MAX 60   /* members of one class */
#define MATCH_NICKNAME_MAX 24  /* characters of a nickname */

/* Join the class whose code is `code` (either case) as `nickname`, in
 * team `team` (-1: the team with fewest members).  On WB_OK done() will be
 * called once durable, with the answer of an action whose "state" is the
 * member's view ("class"."you" says who it is), and `token` (a buffer of
 * MATCH_TOKEN_MAX + 1, written before done() can run) holds the member's
 * token.  Errors, with *why and *reason (a stable code for the client):
 * WB_ENOTFOUND no class with that code ("unknown_join_code") or no such
 * team ("unknown_team"); WB_EINVAL a nickname that is not one, or that
 * the game refuses ("bad_nickname"); WB_ECONFLICT the class is locked,
 * full, over or has that nickname, or the team is full ("class_locked",
 * "class_full", "class_over", "nickname_taken", "team_full"); storage
 * errors as for an action.  With `key` (an Idempotency-Key: match_key) a
 * retry of the same join is answered as the first time, with the member
 * it made and its token as it is now (key->replayed); the same key with
 * another code, nickname or team WB_ECONFLICT (key->reused). */
int match_join_async(match_store *ms, const char *code, const char *nickname, int team,
                     match_key *key, match_answer_fn done, void *ctx, char *token,
                     const char **reason, char **why);
/* The host changes member `member` of match `id` (body: see
 * match_class_change in matches_int.h: "nickname", "seat", "removed",
 * "new_token"): WB_EAUTH / WB_EFORBIDDEN for others, WB_ENOTFOUND (+why)
 * no such match, class or member, WB_EINVAL / WB_ECONFLICT (+why, and
 * *reason "nickname_taken" or "team_full" where it is one of those).  With
 * new_token *token (a buffer of MATCH_TOKEN_MAX + 1) is the member's new
 * token; the old one stops working. */
#define MATCH_TOKEN_MAX 43
int match_member_async(match_store *ms, const char *id, int caller, size_t member,
                       const json_t *body, match_key *key, match_answer_fn done, void *ctx,
                       char *token, const char **reason, char **why);
/* The host locks or opens the class to joining: body {"locked": bool}. */
int match_class_async(match_store *ms, const char *id, int caller, const json_t *body,
                      match_key *key, match_answer_fn done, void *ctx, char **why);

/* The view for `seat`, with "id", "game" and "version" added.  Sets
 * *version.  WB_ENOTFOUND. */
int match_view(match_store *ms, const char *id, int seat, json_t **view,
               uint64_t *version);

/* {"actions":[...]} for `seat`; empty for the public. */
int match_actions(match_store *ms, const char *id, int seat, json_t **out);

/* Apply an action.  `if_match`: the version the caller saw, or 0 for
 * none.  The answer is {"version","events":[...],"state":<view of seat>}.
 * Errors: WB_ENOTFOUND; WB_EAUTH (public caller); WB_ESTALE (if_match is
 * not the current version); WB_EILLEGAL / WB_ENOTTURN / WB_EINVAL with
 * *why from the game (nothing changed, nothing logged; an action deeper
 * than 8 levels or larger than 4 KiB is WB_EINVAL before the game sees it);
 * WB_ECONFLICT (+why) the host ended the match; WB_EFULL / WB_ESTORE the
 * commit failed (nothing changed).  Whatever the game did to its state
 * before refusing is undone.
 * It returns WB_OK when the action was applied and queued (done() gets
 * the answer or the storage error), or any error above at once (done()
 * is not called). */
int match_apply_async(match_store *ms, const char *id, int seat,
                      const json_t *action, uint64_t if_match, match_key *key,
                      match_answer_fn done, void *ctx, char **why);

/* End (abandon) a match at any time: only its host (WB_EFORBIDDEN).  Its
 * views then say "status":"finished", "ended":true, no one is to act and
 * no one wins; actions are refused (WB_ECONFLICT).  Logged as
 * {"type":"abandon"} by the host (a type no game's action uses, so a log
 * replays unambiguously) with the event {"type":"match_ended"}.  The
 * answer as for an action.  WB_ECONFLICT (+why) when already ended. */
int match_end_async(match_store *ms, const char *id, int seat, match_key *key,
                    match_answer_fn done, void *ctx, char **why);

/* Hand seat `seat` to a bot or back to a person while the match runs
 * (the host only: WB_EAUTH for the public, WB_EFORBIDDEN for a seat):
 * `body` {"bot":"random"[,"level":3][,"name":"Robo"]} or
 * {"bot":null,"name":"Ann"} (a name left out stays).  The seat gets a new
 * token either way: the old one stops working.  Logged as
 * {"type":"seat_change","seat","name","bot"[,"level"]} by the host (a type
 * no game's action uses), with the event {"type":"seat_changed",...} that
 * carries, for a person, the new "token" (to the host alone); the record
 * holding the new hands is written with it.  done() as for an action.
 * WB_EINVAL (+why) a bad body, a bot the daemon does not play, a bot in a
 * match that takes none (companion-mode Wibbell); WB_ENOTFOUND no such
 * match or seat (+why); WB_ECONFLICT (+why) ended or finished. */
int match_seat_async(match_store *ms, const char *id, int caller, size_t seat,
                     const json_t *body, match_key *key, match_answer_fn done, void *ctx,
                     char **why);

/* The log as `seat` may see it: {"entries":[{"version","seat","action",
 * "at","events":[...]}]} for versions > after (0: all).  Private events of
 * other seats are left out; other seats' actions are shown as the game's
 * events show them (the action body only to its seat and the host). */
int match_log(match_store *ms, const char *id, int seat, uint64_t after,
              json_t **out);

/* The same entries as JSON text, for an event stream: fn(ctx, version,
 * text, len) for each entry after `after`, in order (the text is valid
 * for the call; a non-zero return stops the walk).  The texts of the
 * latest entries are kept per seat, so the streams of one match make each
 * once.  WB_ENOTFOUND, or the storage's error. */
typedef int (*match_entry_fn)(void *ctx, uint64_t version, const char *text, size_t len);
int match_log_each(match_store *ms, const char *id, int seat, uint64_t after,
                   match_entry_fn fn, void *ctx);

/* Matches as a list, oldest first: {"matches":[{"id","game","status",
 * "version","players","created","updated","abandoned","ended"}],
 * "next":<cursor or null>}; `status` filter "active", "finished",
 * "abandoned" or NULL for all; at most `limit` (1..1000) of them after
 * `cursor` (NULL: from the start; else the "next" of an earlier page).
 * WB_EINVAL for a cursor that is not one. */
int match_list(match_store *ms, const char *status, const char *cursor,
               size_t limit, json_t **out);

/* Delete a match and its log, at any time.  Only by its host (seat must
 * be GAME_SEAT_HOST: else WB_EFORBIDDEN).  done(ctx, rc, NULL) is called
 * once it is durable (when it returns WB_OK). */
int match_delete_async(match_store *ms, const char *id, int seat, match_done_fn done,
                       void *ctx);

/* What the store has done, for metrics and health. */
typedef struct match_stats {
    size_t stored;        /* matches in the store */
    size_t live;          /* of which active (not finished, ended or abandoned) */
    uint64_t actions;     /* actions made durable since opening */
    uint64_t commits;     /* durable write transactions (group commits) */
    uint64_t commit_failures;
    double commit_seconds; /* total time spent committing */
    uint64_t replayed;    /* log entries after the records, applied again at opening */
    int writable;         /* 0 while commits are failing */
    int64_t failing_since; /* ms since the epoch, when writable is 0 */
} match_stats;
void match_store_stats(match_store *ms, match_stats *out);

/* Ask the match's game a read-only question (game_kind.query) as `seat`.
 * WB_ENOTFOUND (no such match or question), WB_EINVAL / WB_EFORBIDDEN
 * with *why. */
int match_query(match_store *ms, const char *id, int seat, const char *name,
                const json_t *args, json_t **out, char **why);

/* Subscribe to a match: `fn(ctx)` is called (from the thread that applied
 * the action, after it is durable) whenever the version changes, and once
 * with the match gone (deleted or store closing).  It runs with the
 * store's subscriber lock held and no other: keep it short (wake the
 * subscriber, which then reads with match_log / match_view) and never call
 * match_subscribe or match_unsubscribe from it.  WB_ENOTFOUND. */
int match_subscribe(match_store *ms, const char *id, void (*fn)(void *ctx),
                    void *ctx, match_sub **out);
/* After this returns, fn is not running and will not be called again. */
void match_unsubscribe(match_sub *sub);

/* The current version, or 0 when the match does not exist (any more). */
uint64_t match_version(match_store *ms, const char *id);
/* Is the match over (finished, or ended by its host)?  Read without
 * building a view (an event stream asks after every action).  Of the
 * latest applied state, which may not be durable yet.  WB_ENOTFOUND. */
int match_finished(match_store *ms, const char *id, int *finished);

#endif
