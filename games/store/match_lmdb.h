/*
 * match_lmdb.h - the embedded store of matches: an LMDB environment in
 * DATA_DIR/games/ with two databases.
 *
 *   matches  key: match id (32 hex digits)
 *            value: the match record (match_db.h)
 *   log      key: match id + u64 big-endian version (so one match's log is
 *                 contiguous and in order)
 *            value: the log entry (match_db.h)
 *
 * DATA_DIR/games/owner.lock is flock()ed while it is open: one daemon per
 * store (a second one gets WB_ECONFLICT).  Private to games/store/: the
 * functions are match_db.h's, with that contract, for this store; only
 * match_db.c calls them.
 */
#ifndef MATCH_LMDB_H
#define MATCH_LMDB_H

#include <stddef.h>
#include <stdint.h>

typedef struct match_lmdb match_lmdb;
typedef struct match_lmdb_batch match_lmdb_batch;

int match_lmdb_open(const char *data_dir, match_lmdb **out);
void match_lmdb_close(match_lmdb *db);
int match_lmdb_each(match_lmdb *db,
                    int (*cb)(void *ctx, const char *id, const char *rec, size_t len),
                    void *ctx);
int match_lmdb_batch_begin(match_lmdb *db, match_lmdb_batch **out);
int match_lmdb_batch_put(match_lmdb_batch *b, const char *id, const char *rec,
                         uint64_t version, const char *entry);
int match_lmdb_batch_del(match_lmdb_batch *b, const char *id);
int match_lmdb_batch_end(match_lmdb_batch *b, int commit);
int match_lmdb_log(match_lmdb *db, const char *id, uint64_t after,
                   int (*cb)(void *ctx, uint64_t version, const char *entry, size_t len),
                   void *ctx);

#endif
