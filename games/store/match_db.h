/*
 * match_db.h - where matches are kept: an LMDB environment in
 * DATA_DIR/games/ with two databases.
 *
 *   matches  key: match id (32 hex digits)
 *            value: the match record, JSON: game, version, seed, tokens,
 *                   players, times and the game's saved state; written
 *                   now and then (match_replay.c): the log entries after
 *                   its version replay to the match's latest state
 *   log      key: match id + u64 big-endian version (so one match's log is
 *                 contiguous and in order)
 *            value: the log entry, JSON: version, seat, action, at, events
 *
 * Private to games/.  An action's log entry (and its record, when one is
 * written) are put in one write transaction, committed durably before
 * match_db_commit returns.
 */
#ifndef MATCH_DB_H
#define MATCH_DB_H

#include <stddef.h>
#include <stdint.h>

typedef struct match_db match_db;

int match_db_open(const char *data_dir, match_db **out);
void match_db_close(match_db *db);

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
 * one batch at a time (LMDB has one writer); the other calls here wait for
 * it.  On any error the batch must still be ended (commit = 0). */
typedef struct match_db_batch match_db_batch;
int match_db_batch_begin(match_db *db, match_db_batch **out);
int match_db_batch_put(match_db_batch *b, const char *id, const char *rec,
                       uint64_t version, const char *entry);
/* Remove the record and the whole log of `id`. */
int match_db_batch_del(match_db_batch *b, const char *id);
/* Commit (durably) when `commit`, else abort; frees the batch. */
int match_db_batch_end(match_db_batch *b, int commit);

/* Call cb for the log entries of `id` with version > after, in order. */
int match_db_log(match_db *db, const char *id, uint64_t after,
                 int (*cb)(void *ctx, uint64_t version, const char *entry,
                           size_t len),
                 void *ctx);


#endif
