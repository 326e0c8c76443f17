/* match_lmdb.c - match records and event logs in LMDB, the embedded
 * default store (match_lmdb.h; the contract is match_db.h's). */
#include "match_lmdb.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <sys/file.h>
#include <unistd.h>
#include <stdlib.h>
#include <string.h>

#include "store.h"
#include "wb_err.h"
#include "wb_mem.h"
#include "wb_paths.h"

#define ID_LEN 32

struct match_lmdb {
    store_env *env;
    store_db matches, log;
    int lockfd; /* flock()ed: one daemon per games store */
};

int match_lmdb_open(const char *data_dir, match_lmdb **out)
{
    match_lmdb *db = wb_calloc(1, sizeof *db);
    store_txn *t = NULL;
    char *dir = wb_asprintf("%s/games", data_dir);
    int rc = wb_mkdirs(dir);
    *out = NULL;
    db->lockfd = -1;
    if (!rc) {
        char *lp = wb_asprintf("%s/owner.lock", dir);
        db->lockfd = open(lp, O_RDWR | O_CREAT | O_CLOEXEC, 0644);
        free(lp);
        if (db->lockfd < 0)
            rc = WB_EIO;
        else if (flock(db->lockfd, LOCK_EX | LOCK_NB) != 0)
            rc = errno == EWOULDBLOCK ? WB_ECONFLICT : WB_EIO;
    }
    if (!rc)
        rc = store_env_open(dir, STORE_CREATE, (size_t)8 << 30, 4, &db->env);
    if (!rc)
        rc = store_txn_begin(db->env, 1, &t);
    if (!rc)
        rc = store_db_open(t, "matches", 1, &db->matches);
    if (!rc)
        rc = store_db_open(t, "log", 1, &db->log);
    if (!rc) {
        rc = store_txn_commit(t);
        t = NULL;
    }
    store_txn_abort(t);
    free(dir);
    if (rc) {
        match_lmdb_close(db);
        return rc;
    }
    *out = db;
    return WB_OK;
}

void match_lmdb_close(match_lmdb *db)
{
    if (!db)
        return;
    store_env_close(db->env);
    if (db->lockfd >= 0)
        close(db->lockfd);
    free(db);
}

static void log_key(const char *id, uint64_t version, unsigned char key[ID_LEN + 8])
{
    memcpy(key, id, ID_LEN);
    for (int i = 0; i < 8; i++)
        key[ID_LEN + i] = (unsigned char)(version >> (56 - 8 * i));
}

/* Visit, in a read transaction, the records of `dbi` from the first key
 * >= seek (NULL: the first) while the key begins with prefix[0..plen).
 * visit() gets the record copied out (NUL-terminated); non-zero stops. */
static int walk(match_lmdb *db, store_db dbi, const void *seek, size_t seeklen,
                const void *prefix, size_t plen,
                int (*visit)(void *ctx, const store_val *k, const char *val, size_t len),
                void *ctx)
{
    store_txn *t = NULL;
    store_cur *c = NULL;
    store_val k, v;
    int rc = store_txn_begin(db->env, 0, &t);
    if (!rc)
        rc = store_cur_open(t, dbi, &c);
    if (!rc)
        rc = store_cur_seek(c, seek, seeklen, &k, &v);
    while (!rc && k.len >= plen && memcmp(k.data, prefix, plen) == 0) {
        char *val = wb_strndup(v.data, v.len);
        int stop = visit(ctx, &k, val, v.len);
        free(val);
        if (stop)
            break;
        rc = store_cur_next(c, &k, &v);
    }
    if (rc == WB_ENOTFOUND)
        rc = WB_OK;
    store_cur_close(c);
    store_txn_abort(t);
    return rc;
}

struct each_ctx {
    int (*cb)(void *, const char *, const char *, size_t);
    void *ctx;
};

static int each_visit(void *ctx, const store_val *k, const char *val, size_t len)
{
    struct each_ctx *e = ctx;
    char id[ID_LEN + 1];
    if (k->len != ID_LEN)
        return 0;
    memcpy(id, k->data, ID_LEN);
    id[ID_LEN] = '\0';
    return e->cb(e->ctx, id, val, len);
}

int match_lmdb_each(match_lmdb *db, int (*cb)(void *, const char *, const char *, size_t),
                  void *ctx)
{
    struct each_ctx e = {cb, ctx};
    return walk(db, db->matches, NULL, 0, "", 0, each_visit, &e);
}

struct match_lmdb_batch {
    match_lmdb *db;
    store_txn *t;
};

int match_lmdb_batch_begin(match_lmdb *db, match_lmdb_batch **out)
{
    match_lmdb_batch *b = wb_calloc(1, sizeof *b);
    int rc = store_txn_begin(db->env, 1, &b->t);
    if (rc) {
        free(b);
        *out = NULL;
        return rc;
    }
    b->db = db;
    *out = b;
    return WB_OK;
}

int match_lmdb_batch_put(match_lmdb_batch *b, const char *id, const char *rec,
                       uint64_t version, const char *entry)
{
    unsigned char key[ID_LEN + 8];
    int rc = rec ? store_put(b->t, b->db->matches, id, ID_LEN, rec, strlen(rec), 0) : WB_OK;
    if (!rc && entry) {
        log_key(id, version, key);
        rc = store_put(b->t, b->db->log, key, sizeof key, entry, strlen(entry), 0);
    }
    return rc;
}

int match_lmdb_batch_end(match_lmdb_batch *b, int commit)
{
    int rc = WB_OK;
    if (commit)
        rc = store_txn_commit(b->t);
    else
        store_txn_abort(b->t);
    free(b);
    return rc;
}

struct log_ctx {
    int (*cb)(void *, uint64_t, const char *, size_t);
    void *ctx;
};

static int log_visit(void *ctx, const store_val *k, const char *val, size_t len)
{
    struct log_ctx *l = ctx;
    uint64_t ver = 0;
    if (k->len != ID_LEN + 8)
        return 0;
    for (int i = 0; i < 8; i++)
        ver = ver << 8 | ((const unsigned char *)k->data)[ID_LEN + i];
    return l->cb(l->ctx, ver, val, len);
}

int match_lmdb_log(match_lmdb *db, const char *id, uint64_t after,
                 int (*cb)(void *, uint64_t, const char *, size_t), void *ctx)
{
    unsigned char key[ID_LEN + 8];
    struct log_ctx l = {cb, ctx};
    log_key(id, after + 1, key);
    return walk(db, db->log, key, sizeof key, id, ID_LEN, log_visit, &l);
}

int match_lmdb_batch_del(match_lmdb_batch *b, const char *id)
{
    store_cur *c = NULL;
    store_val k, v;
    unsigned char key[ID_LEN + 8], (*keys)[ID_LEN + 8] = NULL;
    size_t n = 0, cap = 0;
    int rc = store_del(b->t, b->db->matches, id, ID_LEN);
    if (rc == WB_ENOTFOUND)
        rc = WB_OK;
    log_key(id, 0, key);
    if (!rc)
        rc = store_cur_open(b->t, b->db->log, &c);
    if (!rc)
        rc = store_cur_seek(c, key, sizeof key, &k, &v);
    while (!rc && k.len == sizeof key && memcmp(k.data, id, ID_LEN) == 0) {
        keys = wb_grow(keys, &cap, n + 1, sizeof *keys);
        memcpy(keys[n++], k.data, sizeof key);
        rc = store_cur_next(c, &k, &v);
    }
    if (rc == WB_ENOTFOUND)
        rc = WB_OK;
    store_cur_close(c);
    for (size_t i = 0; i < n && !rc; i++)
        rc = store_del(b->t, b->db->log, keys[i], sizeof key);
    free(keys);
    return rc;
}
