/*
 * matches_int.h - what the files of the match store share.  Private to
 * games/store/.
 *
 * The floors: each file calls only files below it in this list (its
 * "calls" column), never one above, so there is no circle of calls.
 *
 *   file            what                                      calls
 *   match_bots.c    the bot workers (match_bots.h)            matches.c,
 *                                                             writer, table
 *   matches.c       the public store (matches.h): open and    every file
 *                   close, create, the checks on an action,   below
 *                   staging for the writer, end, delete, the
 *                   synchronous calls
 *   match_read.c    views, legal actions, the log, listings,  writer, table,
 *                   auth, queries, versions, subscribers      db
 *   match_timer.c   the timer thread: due timers, pruning     writer, table
 *   match_writer.c  group commit: the writer thread           replay, table, db
 *   match_replay.c  a match's state from its record and log   table, db
 *   match_table.c   a match in memory (with its tail) and     -
 *                   the table of them
 *   match_seats.c   who plays each seat: parsed, stored, shown -
 *   match_class.c   a class session's members: joined,        -
 *                   changed, stored, shown
 *   match_db.c      LMDB: the records and logs                -
 *
 * A lower file that must report up calls a callback it was handed when
 * it started (as an event loop calls the handlers it was given): the
 * timer calls match_timer_fn for each due match (matches.c stages the
 * timer action), and the writer calls match_kick_fn after a failed commit
 * moved deadlines (matches.c hands it match_timer_kick).  The bot
 * workers set the store's bot hooks (ms->bot_kick, bot_stop, bot_known)
 * when they start, and the store calls them when a match with bot seats
 * changes and at closing.
 *
 * Locks (the hierarchy; a thread takes them only in this order, and holds
 * at most one match's mutex at a time):
 *
 *   1. m->lock         one match: its state, records and in-flight count
 *   2. ms->lock        the table: buckets, refs, counts, pending creates
 *   3. leaf locks      ms->q_lock (the writer's queue), ms->timer_lock
 *                      (the timer's wake-up), ms->sub_lock (subscribers),
 *                      the bot workers' queue (match_bots.c), m->logc_lock
 *                      (a match's cache of log entries, match_read.c)
 *
 * Nothing is taken while a leaf lock is held, except that subscriber
 * callbacks run under ms->sub_lock and take only their own stream's lock.
 * ms->lock is never held while taking a match's mutex: scans of the table
 * (the timer, listings, the cap) read the match fields kept in atomics
 * (deadline, updated, version, finished, ended, gone) and take references.
 */
#ifndef MATCHES_INT_H
#define MATCHES_INT_H

#include <pthread.h>
#include <stdatomic.h>

#include "match_db.h"
#include "matches.h"
#include "wb_err.h"

#define MATCH_BUCKETS 1024
#define MATCH_ID_LEN 32
#define MATCH_TOKEN_LEN 43 /* 32 random bytes, base64url without padding */

typedef struct match match;
typedef struct match_job match_job;
typedef struct match_bots match_bots;

/* Who plays a seat: a person (bot[0] == 0) or a bot of the daemon's
 * (games/bots/, run by match_bots.c) of that kind and level. */
#define MATCH_BOT_NAME_MAX 15
typedef struct match_seat_bot {
    char bot[MATCH_BOT_NAME_MAX + 1];
    int level;
} match_seat_bot;

/* A class session's member (match_class.c): its id is its index in
 * match_class.v, never reused. */
#define MATCH_CODE_LEN 6
typedef struct match_member {
    char *nickname;
    int seat;                         /* its team */
    char token[MATCH_TOKEN_LEN + 1];  /* "" once removed */
    int64_t joined;                   /* ms since the epoch */
    int removed;
} match_member;

typedef struct match_class {
    int locked;  /* no one may join */
    int started; /* the teacher locked it once: the members may play */
    match_member *v;
    size_t n, cap;
    json_t *roster; /* the views' roster, made when first shown after a
                       change (NULL: to make); shared, never changed */
} match_class;

/* A match's record (its whole state) is written at its creation, every
 * this many actions, when it finishes or is ended and when the store
 * closes; the log entries after it replay to the state (match_replay.c).
 * A record larger than those actions' log entries waits until the log
 * since it holds as many bytes as it does: a class session's state grows
 * with its vocabulary (180 KB after 800 shouts), and written every 16
 * shouts it would be most of what the disk writes, its flushes the slow
 * tail of every shout's answer.  So what is written stays within twice
 * the log, and a start replays at most a record's worth of log. */
#define MATCH_SNAPSHOT_EVERY 16

/* A durable log entry as each seat sees it (match_read.c's cache of the
 * latest, for the streams): by seat from GAME_SEAT_SYSTEM (the public,
 * the host, seats 0..15). */
#define MATCH_LOG_CACHE 64
#define MATCH_LOG_SEATS 19 /* GAME_SEAT_SYSTEM .. seat 15 */
typedef struct match_log_cached {
    uint64_t version;
    json_t *entry;               /* the entry parsed once, for the seats to come; or NULL */
    char *text[MATCH_LOG_SEATS]; /* the entry's JSON text as that seat sees it, or NULL */
    size_t len[MATCH_LOG_SEATS];
} match_log_cached;

/* A log entry kept in memory: those after the last durable record. */
typedef struct match_tail_entry {
    uint64_t version;
    char *entry;
    size_t len; /* strlen(entry) */
} match_tail_entry;

struct match_sub {
    match_store *ms;
    match *m;
    void (*fn)(void *ctx);
    void *ctx;
    match_sub *next, *prev;
};

struct match {
    /* fixed once created */
    char id[MATCH_ID_LEN + 1];
    const game_kind *kind;
    uint64_t seed;
    char host_token[MATCH_TOKEN_LEN + 1];
    size_t nseats;
    char **names;
    char (*tokens)[MATCH_TOKEN_LEN + 1];
    match_seat_bot *bots; /* by seat */
    size_t nbots;         /* seats played by a bot */
    int64_t created;
    char join_code[MATCH_CODE_LEN + 1]; /* a class session's, else "" */

    /* under lock */
    pthread_mutex_t lock;
    void *state;         /* the latest applied state (maybe not yet durable) */
    char *saved;         /* the last durable record */
    uint64_t saved_snap; /* its version */
    uint64_t saved_version; /* the last durable version: saved + durable log */
    const char *latest;  /* the newest record: saved, or a queued job's */
    size_t latest_len;   /* strlen(latest) */
    uint64_t latest_snap; /* its version */
    match_tail_entry *tail; /* the log after saved_snap, in order */
    size_t ntail, captail;
    match_class *cls;    /* a class session's members, or NULL */
    unsigned gen;        /* bumped when a failed commit rolls the match back */
    unsigned inflight;   /* jobs queued and not yet done */
    pthread_cond_t durable; /* signalled when inflight drops to 0 */
    int deleting;        /* a delete is queued: no more actions */
    int timer_refused;   /* the game refused its own timer: ignore deadline */
    int64_t backoff_ms;  /* after a failed timer commit: the next wait */

    /* written under lock, read anywhere */
    _Atomic uint64_t version;  /* of `state` */
    _Atomic int64_t deadline;  /* of `state` (-1: none) */
    _Atomic int64_t retry_at;  /* no timer before this (backoff) */
    _Atomic int64_t updated;   /* time of the latest action */
    _Atomic int finished;      /* the game is over */
    _Atomic int ended;         /* the host ended (abandoned) it */
    _Atomic int gone;          /* deleted: out of the table */
    _Atomic int bot_queued;    /* match_bots.c: a decision is queued */
    _Atomic unsigned bot_waiting; /* match_bots.c: seats whose bot waits to act */

    /* the writer's alone (match_writer.c): the last taking of its queue
     * that found a job of this match someone waits for */
    unsigned taken_pass;

    /* under ms->lock */
    unsigned refs;
    int in_table;
    match *next; /* bucket chain */

    /* under ms->sub_lock */
    match_sub *subs;

    /* under logc_lock (a leaf): the latest entries as seats saw them */
    pthread_mutex_t logc_lock;
    match_log_cached *logc; /* MATCH_LOG_CACHE of them, by version; NULL: none yet */
};

enum { JOB_ACTION, JOB_CREATE, JOB_DELETE };

/* Called when a job is done: rc WB_OK (out: the answer, owned by the
 * callee) or the commit's error (out NULL). */
typedef void (*match_job_fn)(void *ctx, int rc, json_t *out);

struct match_job {
    match_job *next;
    int type;
    int timer;        /* a timer action of the framework */
    match *m;         /* a reference (JOB_CREATE: the only one) */
    unsigned gen;     /* m->gen when staged */
    uint64_t version; /* the version this job makes durable */
    char *rec;        /* the new record (NULL for JOB_DELETE) */
    char *entry;      /* the log entry, or NULL */
    json_t *out;      /* the answer to give once durable */
    match_job_fn done;
    char *text;       /* or an action's answer as text, for `answer` */
    size_t text_len;
    match_answer_fn answer;
    void *ctx;
};

/* The callbacks by which the timer and the writer report up to the store
 * that started them (see match_timer_start, match_writer_start). */
typedef int (*match_timer_fn)(match_store *ms, match *m, int64_t now);
typedef void (*match_kick_fn)(match_store *ms);

struct match_store {
    match_config cfg;
    const game_kind *const *kinds;
    size_t nkinds;
    match_db *db;

    pthread_mutex_t lock; /* level 2 */
    match *buckets[MATCH_BUCKETS];
    size_t nmatches;
    size_t pending_creates;

    pthread_mutex_t sub_lock;

    pthread_mutex_t timer_lock;
    pthread_cond_t timer_cond;
    unsigned timer_gen; /* bumped by every kick, so none is lost */
    pthread_t timer;
    match_timer_fn timer_run; /* the store's, run for each due match */
    int timer_running, timer_stop;
    int64_t next_prune;

    pthread_mutex_t q_lock;
    pthread_cond_t q_cond;
    match_job *q_head, *q_tail;
    size_t q_unawaited;   /* queued jobs no one waits for (bots', timers') */
    pthread_cond_t q_room; /* broadcast when the writer took some */
    unsigned q_pass;      /* the writer's takings so far */
    pthread_t writer;
    match_kick_fn writer_moved; /* the store's, after a failure moved deadlines */
    int writer_running, writer_stop;

    /* The bots (match_bots.c), set by match_bots_start before any other
     * call: bot_kick(ms, m) is called (under m->lock or none, taking only
     * a leaf lock) whenever a match with bot seats changed; bot_stop at
     * closing, first to stop the workers, then (`release`) after the
     * writer stopped; bot_known says whether a seat may be that bot.
     * NULL: the store runs no bots and refuses bot seats. */
    void (*bot_kick)(match_store *ms, match *m);
    void (*bot_stop)(match_store *ms, int release);
    int (*bot_known)(const game_kind *kind, const char *bot, int level);
    match_bots *bots;

    /* statistics, written by the writer */
    _Atomic uint64_t n_actions, n_commits, n_batches, n_commit_failures, commit_ns;
    uint64_t n_replayed; /* log entries applied again at opening */
    _Atomic int writable;
    _Atomic int64_t failing_since;
};

/* match_table.c */
int64_t match_now_ms(void);
/* A match with no state, id or tokens yet (nseats names and tokens), not
 * in the table. */
match *match_new(const game_kind *kind, size_t nseats);
void match_free(match *m);
/* After the state changed, under m->lock: deadline and finished again. */
void match_refresh(match *m);
/* Keep the log entry of `version` (copied), dropping those that the last
 * durable record made useless. */
void match_tail_add(match *m, uint64_t version, const char *entry);
/* Drop the entries that the last durable record made useless. */
void match_tail_trim(match *m);
void match_tail_free(match *m);
/* Find a match and take a reference, or NULL. */
match *match_get_ref(match_store *ms, const char *id);
/* Take one more reference to a match already held. */
void match_take_ref(match_store *ms, match *m);
void match_put_ref(match_store *ms, match *m);
void match_insert(match_store *ms, match *m);
void match_unlink(match_store *ms, match *m);
/* Call m's subscribers (under ms->sub_lock). */
void match_notify(match_store *ms, match *m);
int match_is_abandoned(const match_store *ms, const match *m, int64_t now);
/* Active matches: not finished, ended or abandoned (under ms->lock). */
size_t match_live_count_locked(match_store *ms, int64_t now);

/* match_replay.c */
/* Load record `rec` and replay the tail's entries with versions in
 * (from, upto]: the state at version min(upto, the tail's last).  Under
 * m->lock.  Aborts if they do not replay: memory could no longer be
 * kept equal to the disk. */
void match_restore(match_store *ms, match *m, const char *rec, uint64_t from, uint64_t upto);
/* While the store opens: replay m's stored log after its record. */
int match_replay_stored(match_store *ms, match *m);

/* match_seats.c: who plays each seat (names, bots), a leaf */
/* Read a create request's players (strings: people; objects
 * {"name","bot","level"}: bots of a kind that plays `kind`) into names[]
 * (borrowed from `players`) and bots[]; WB_EINVAL with *why. */
int match_seats_parse(const match_store *ms, const game_kind *kind, const json_t *players,
                      const char **names, match_seat_bot *bots, char **why);
/* The record's "players" array: [{"name","token"[,"bot","level"]}]. */
void match_seats_text(const match *m, struct game_text *t);
/* A record's players back into m (names, tokens, bots). */
void match_seats_load(match *m, const json_t *players);
/* Hand `seat` of m to other hands (under m->lock): `body` is
 * {"bot":"random"[,"level"][,"name"]} or {"bot":null,"name"}; the seat's
 * token becomes `token`.  On WB_OK m is changed, *action is the log's
 * action ({"type":"seat_change","seat","name","bot"[,"level"]}, no token)
 * and *event the event (the same, with the token for a person, to the
 * host alone).  WB_EINVAL / WB_ENOTFOUND (no such seat) with *why, m
 * unchanged. */
int match_seats_change(const match_store *ms, match *m, size_t seat, const json_t *body,
                       const char *token, json_t **action, json_t **event, char **why);
/* The create answer's players: [{"seat","name","token"}] for people,
 * [{"seat","name","bot","level"}] for bots (no token: no one plays it). */
json_t *match_seats_json(const match *m);
/* The views' "bots": [{"seat","bot","level"}], or NULL when none. */
json_t *match_seats_bots(const match *m);

/* match_class.c: a class session's members, a leaf */
/* Is c a character of join codes (either case)? */
int match_class_code_char(char c);
/* A new code from MATCH_CODE_LEN random bytes. */
void match_class_new_code(char code[MATCH_CODE_LEN + 1], const unsigned char *random);
/* Is `given` the code `code` (either case)? */
int match_class_code_eq(const char *code, const char *given);
match_class *match_class_create(void);
void match_class_free(match_class *c);
/* Is `nick` a nickname: 1..MATCH_NICKNAME_MAX characters, letters (any
 * script), digits, single spaces inside and hyphens?  WB_EINVAL + *why. */
int match_class_nickname_ok(const char *nick, char **why);
/* The member (not removed) called `nick` (ASCII case ignored) other than
 * `except`, or -1. */
long match_class_find_nickname(const match_class *c, const char *nick, long except);
/* Members of team `seat`; members in all (not removed); the most a team
 * takes in a match of `nseats` teams; the team a newcomer joins (the
 * smallest, the first of those). */
size_t match_class_team_size(const match_class *c, int seat);
size_t match_class_count(const match_class *c);
size_t match_class_team_max(size_t nseats);
int match_class_balanced_team(const match_class *c, size_t nseats);
/* A caller value (matches.h) as the seat it acts as and the member (or
 * -1); under m->lock.  WB_EFORBIDDEN for a member removed or unknown. */
int match_class_caller(const match *m, int caller, int *seat, int *member);
/* The record's "class": {"code","locked","members":[...]}, and back
 * (m->cls made when missing; a record without one leaves m alone). */
void match_class_text(const match *m, struct game_text *t);
void match_class_load(match *m, const json_t *cls);
/* The views' "class": the roster (no tokens), the count, "code" for all
 * but the public, "you" for a member.  Under m->lock (it may make the
 * roster the views share). */
json_t *match_class_json(const match *m, int seat, int member);
/* A member joins (under m->lock): team -1 for the balanced choice.  On
 * WB_OK *member is its id and *action, *event the log's and the stream's
 * (no token in either).  WB_ECONFLICT (locked, full, a nickname taken),
 * WB_ENOTFOUND (no such team) with *why and *reason (a stable code:
 * "class_locked", "class_full", "nickname_taken", "team_full",
 * "unknown_team"); m unchanged. */
int match_class_join(match *m, const char *nick, int team, const char *token, int64_t now,
                     json_t **action, json_t **event, size_t *member, const char **reason,
                     char **why);
/* The teacher changes member k: body {"nickname","seat","removed":true,
 * "new_token":true} (new_token: `token` replaces its token).  As above. */
int match_class_change(match *m, size_t k, const json_t *body, const char *token,
                       json_t **action, json_t **event, const char **reason, char **why);
/* {"locked": bool}. */
int match_class_lock(match *m, const json_t *body, json_t **action, json_t **event, char **why);

/* match_writer.c */
/* Start the writer thread.  `moved` is called (no lock held) after a
 * failed commit put a match back to its durable state or set a timer's
 * retry time: the deadlines changed, and whoever runs them must look
 * again (matches.c hands it match_timer_kick). */
int match_writer_start(match_store *ms, match_kick_fn moved);
void match_writer_stop(match_store *ms);
/* Queue a job (the writer owns it from here).  While this thread holds
 * the writer (matches_hold) the writer is woken only at the release. */
void match_writer_push(match_store *ms, match_job *j);
/* Whether someone waits for j: a person's request (its answer or done
 * callback), not a bot's action, a timer or the pruning. */
int match_job_awaited(const match_job *j);
/* The most jobs no one waits for that one commit holds, beside the
 * awaited ones (match_writer.c says why). */
#define MATCH_COMMIT_UNAWAITED 16
/* The next commit's jobs, taken from the queue *head .. *tail (in queue
 * order, linked by next): every awaited job, every other job of a match
 * that has an awaited one queued (a match's jobs are written in the order
 * they were staged), and the first `cap` of the others; *unawaited is set
 * to how many of the taken are not awaited.  What is left stays queued in
 * its order.  `pass` differs from the last call's (it marks the matches in
 * m->taken_pass).  The writer's, under ms->q_lock; its own so that a test
 * can check the order. */
match_job *match_queue_take(match_job **head, match_job **tail, size_t cap, unsigned pass,
                            size_t *unawaited);
/* A bot worker's pacing: wait (no lock held) while the writer's queue
 * holds `most` or more jobs no one waits for, so that bots never queue
 * more than the writer commits and a person's action never stands behind
 * a backlog of them. */
void match_writer_wait_room(match_store *ms, size_t most);
/* Wake the writer for what this thread queued while holding it: before
 * this thread waits for a job to be written. */
void match_writer_wake_held(void);

/* match_timer.c */
/* Start the timer thread.  For each match whose deadline (or retry time)
 * has come it calls run(ms, m, now) under m->lock, with no other lock
 * held: matches.c stages the timer action (1 when it did). */
int match_timer_start(match_store *ms, match_timer_fn run);
void match_timer_stop(match_store *ms);
/* The deadlines changed: scan again before sleeping. */
void match_timer_kick(match_store *ms);

/* Whether the store serves its matches now (PostgreSQL: the shard's lease
 * is held and locally valid, match_db_serving): WB_OK, else WB_ESTORE.
 * Checked first by every call that reads or acts, and by timers and bots
 * before they act. */
static inline int match_serving(const match_store *ms)
{
    return match_db_serving(ms->db) ? WB_OK : WB_ESTORE;
}

/* match_read.c */
/* The events `seat` may see, without their "private_to" (a new array). */
json_t *match_events_for(const json_t *events, int seat);
/* The view of `seat` with "id", "game" and "version"; a match its host
 * ended is over for everyone.  Under m->lock. */
json_t *match_view_of(const match *m, int seat);

#endif
