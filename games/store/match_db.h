/*
 * match_db.h - where matches are kept: the seam between the match store
 * and its storage, one of two chosen when it is opened:
 *
 *   LMDB        the embedded default, in DATA_DIR/games/ (match_lmdb.h)
 *   PostgreSQL  a database named by a postgresql:// URL (match_pg.h)
 *
 * Either keeps, per match id (32 characters):
 *   the record  JSON: game, version, seed, tokens, players (and a class
 *               session's members), times and the game's saved state;
 *               written now and then (match_replay.c): the log entries
 *               after its version replay to the match's latest state
 *   the log     one entry per version, JSON: version, seat, action, at,
 *               events; read back in order of version
 *
 * Private to games/.  An action's log entry (and its record, when one is
 * written) are put in one write transaction, committed durably before
 * match_db_commit (or match_db_batch_end) returns.
 */
#ifndef MATCH_DB_H
#define MATCH_DB_H

#include <stddef.h>
#include <stdint.h>

typedef struct match_db match_db;

/* With PostgreSQL, the shard this daemon owns and its lease
 * (match_lease.h); LMDB ignores it. */
typedef struct match_db_lease {
    const char *shard; /* the instance name; NULL or "": none */
    const char *owner; /* who this daemon is: host, pid, listen address */
    int lease_ms;      /* 0: the default (3000) */
    int (*standby)(void *ctx, const char *status); /* match_lease_config's */
    void (*lost)(void *ctx);
    void *ctx;
    void (*paused)(void *pctx); /* match_lease_config's */
    void *pctx;
} match_db_lease;

/* Open the store: `store` NULL or "" for LMDB in data_dir/games/, else a
 * PostgreSQL URL (match_db_is_pg()), whose shard's lease is taken first
 * (waiting as a standby while another daemon holds it; `lease` may be
 * NULL: the defaults).  WB_ECONFLICT when another daemon has the LMDB
 * store open, or when lease->standby stopped the wait; WB_ESTORE when it
 * cannot be reached or read (the reason on stderr); WB_ECORRUPT when it
 * holds a schema of another version. */
int match_db_open(const char *data_dir, const char *store, const match_db_lease *lease,
                  match_db **out);

/* Whether the store's matches may be served now: always with LMDB; with
 * PostgreSQL while the lease is held and locally valid (cheap). */
int match_db_serving(const match_db *db);
/* For how long (ms) the store has not been serving: 0 while it serves
 * (and always with LMDB). */
int64_t match_db_unserved_ms(const match_db *db);
/* Whether the PostgreSQL lease is lost for good (the daemon must stop). */
int match_db_lost(const match_db *db);
/* PostgreSQL: the owner the shard was taken over from (NULL when none, and
 * with LMDB), its shard and the epoch now held. */
const char *match_db_took_over(const match_db *db, const char **shard, uint64_t *epoch);
void match_db_close(match_db *db);

/* Whether `store` names PostgreSQL (begins with postgresql:// or
 * postgres://, libpq's URI forms). */
int match_db_is_pg(const char *store);

/* "lmdb" or "postgresql": which store `db` is. */
const char *match_db_kind(const match_db *db);

/* Call cb for every stored match record (`rec` NUL-terminated, valid only
 * during the call).  Stops at the first non-zero return of cb. */
int match_db_each(match_db *db, int (*cb)(void *ctx, const char *id,
                                          const char *rec, size_t len),
                  void *ctx);

/* Store the record of `id` (when `rec` is not NULL) and its log entry
 * for `version` (when `entry` is not NULL), in one durable transaction. */
int match_db_commit(match_db *db, const char *id, const char *rec,
                    uint64_t version, const char *entry);

/* Group commit: one write transaction for many matches' records, log
 * entries and deletions, made durable by one match_db_batch_end().  Only
 * one batch at a time (one writer); with LMDB the other calls here wait
 * for it (PostgreSQL reads on a connection of its own).  On any error the
 * batch must still be ended (commit = 0). */
typedef struct match_db_batch match_db_batch;
int match_db_batch_begin(match_db *db, match_db_batch **out);
int match_db_batch_put(match_db_batch *b, const char *id, const char *rec,
                       uint64_t version, const char *entry);
/* Remove the record and the whole log of `id`. */
int match_db_batch_del(match_db_batch *b, const char *id);
/* Commit (durably) when `commit`, else abort; frees the batch. */
int match_db_batch_end(match_db_batch *b, int commit);

/* Uncertain commits.  A commit sent to a server (PostgreSQL) whose
 * answer was lost with the connection may or may not have happened: then
 * match_db_batch_end fails (WB_ESTORE) and match_db_uncertain, asked
 * before the next batch, says 1.  match_db_landed then tells whether the
 * log entry `version` of `id` (one the batch wrote) is stored, waiting
 * until the server process that had the commit is gone and connecting
 * again (about 2 s at most): 1 it is (the batch committed), 0 it is not
 * and will not be, -1 cannot tell (no server).  LMDB's commits are never
 * uncertain: the commit is a call in this process that returns once the
 * data is on disk, or fails having written nothing. */
int match_db_uncertain(const match_db *db);
int match_db_landed(match_db *db, const char *id, uint64_t version);
/* After a commit that could not be told (match_db_landed -1): WB_OK once
 * no such commit can still happen (the server processes that had them
 * are gone: waited for about 2 s at most), else WB_ESTORE.  What is read
 * before then may miss what such a commit is about to store. */
int match_db_settled(match_db *db);

/* Call cb for the log entries of `id` with version > after, in order. */
int match_db_log(match_db *db, const char *id, uint64_t after,
                 int (*cb)(void *ctx, uint64_t version, const char *entry,
                           size_t len),
                 void *ctx);


#endif
