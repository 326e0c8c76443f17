/* match_db.c - the store of matches, LMDB or PostgreSQL, chosen when it is
 * opened (match_db.h); each call goes to the one that was chosen. */
#include "match_db.h"

#include <stdlib.h>
#include <string.h>

#include "match_lmdb.h"
#include "match_pg.h"
#include "wb_err.h"
#include "wb_mem.h"

struct match_db {
    match_lmdb *lmdb; /* exactly one of the two */
    match_pg *pg;
};

struct match_db_batch {
    match_lmdb_batch *lmdb;
    match_pg_batch *pg;
};

int match_db_is_pg(const char *store)
{
    return store && (strncmp(store, "postgresql://", 13) == 0 ||
                     strncmp(store, "postgres://", 11) == 0);
}

int match_db_open(const char *data_dir, const char *store, const match_db_lease *lease,
                  match_db **out)
{
    match_db *db = wb_calloc(1, sizeof *db);
    int rc;
    *out = NULL;
    if (!store || !*store) {
        rc = match_lmdb_open(data_dir, &db->lmdb);
    } else if (match_db_is_pg(store)) {
        rc = match_pg_open(store, lease, &db->pg);
    } else
        rc = WB_EINVAL;
    if (rc) {
        free(db);
        return rc;
    }
    *out = db;
    return WB_OK;
}

void match_db_close(match_db *db)
{
    if (!db)
        return;
    match_lmdb_close(db->lmdb);
    match_pg_close(db->pg);
    free(db);
}

int match_db_serving(const match_db *db)
{
    return db->pg ? match_pg_serving(db->pg) : 1;
}

int64_t match_db_unserved_ms(const match_db *db)
{
    return db->pg ? match_pg_unserved_ms(db->pg) : 0;
}

int match_db_lost(const match_db *db)
{
    return db->pg ? match_pg_lost(db->pg) : 0;
}

const char *match_db_took_over(const match_db *db, const char **shard, uint64_t *epoch)
{
    *shard = "";
    *epoch = 0;
    return db->pg ? match_pg_took_over(db->pg, shard, epoch) : NULL;
}

const char *match_db_kind(const match_db *db)
{
    return db->pg ? "postgresql" : "lmdb";
}

int match_db_each(match_db *db, int (*cb)(void *, const char *, const char *, size_t),
                  void *ctx)
{
    return db->pg ? match_pg_each(db->pg, cb, ctx) : match_lmdb_each(db->lmdb, cb, ctx);
}

int match_db_batch_begin(match_db *db, match_db_batch **out)
{
    match_db_batch *b = wb_calloc(1, sizeof *b);
    int rc = db->pg ? match_pg_batch_begin(db->pg, &b->pg)
                    : match_lmdb_batch_begin(db->lmdb, &b->lmdb);
    if (rc) {
        free(b);
        *out = NULL;
        return rc;
    }
    *out = b;
    return WB_OK;
}

int match_db_batch_put(match_db_batch *b, const char *id, const char *rec,
                       uint64_t version, const char *entry)
{
    return b->pg ? match_pg_batch_put(b->pg, id, rec, version, entry)
                 : match_lmdb_batch_put(b->lmdb, id, rec, version, entry);
}

int match_db_batch_del(match_db_batch *b, const char *id)
{
    return b->pg ? match_pg_batch_del(b->pg, id) : match_lmdb_batch_del(b->lmdb, id);
}

int match_db_batch_end(match_db_batch *b, int commit)
{
    int rc = b->pg ? match_pg_batch_end(b->pg, commit) : match_lmdb_batch_end(b->lmdb, commit);
    free(b);
    return rc;
}

int match_db_commit(match_db *db, const char *id, const char *rec,
                    uint64_t version, const char *entry)
{
    match_db_batch *b;
    int rc = match_db_batch_begin(db, &b);
    if (rc)
        return rc;
    rc = match_db_batch_put(b, id, rec, version, entry);
    return rc ? (match_db_batch_end(b, 0), rc) : match_db_batch_end(b, 1);
}

int match_db_uncertain(const match_db *db)
{
    return db->pg ? match_pg_uncertain(db->pg) : 0; /* LMDB: never */
}

int match_db_landed(match_db *db, const char *id, uint64_t version)
{
    return db->pg ? match_pg_landed(db->pg, id, version) : 0;
}

int match_db_settled(match_db *db)
{
    return db->pg ? match_pg_settled(db->pg) : WB_OK;
}

int match_db_log(match_db *db, const char *id, uint64_t after,
                 int (*cb)(void *, uint64_t, const char *, size_t), void *ctx)
{
    return db->pg ? match_pg_log(db->pg, id, after, cb, ctx)
                  : match_lmdb_log(db->lmdb, id, after, cb, ctx);
}
