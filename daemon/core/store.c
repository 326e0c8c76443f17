/*
 * store.c - LMDB behind the project's error codes.
 *
 * Environments are opened with MDB_NOTLS so that a read transaction is not
 * tied to the thread that began it: libmicrohttpd's pool threads may begin
 * and end transactions freely.
 *
 * Read transactions are kept per thread.  With MDB_NOTLS, beginning a read
 * transaction takes the environment's reader-table mutex to claim a slot
 * and ending it gives the slot back: one process-wide lock on every
 * dictionary check, which is what kept the HTTP workers from scaling
 * across cores.  So a read transaction that ends is reset (it keeps its
 * reader slot, holds no snapshot) and parked in its environment under the
 * ending thread's number; that thread's next read transaction renews it,
 * which takes no lock.  Each thread touches only its own parking place
 * (one cache line each, so threads never share a line); store_env_close
 * aborts what is parked.
 */
#include "store.h"

#include <errno.h>
#include <lmdb.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/stat.h>

#include "wb_err.h"
#include "wb_mem.h"

#define PARKED_MAX 256 /* threads with a parking place; later ones don't park */

struct store_txn {
    MDB_txn *txn;
    int write;
    struct store_env *env;
};

/* A cache line each (64 bytes apart), so that no two threads' pointers
 * share one. */
typedef struct parked {
    store_txn *txn; /* a reset read transaction, or NULL */
    char pad[64 - sizeof(store_txn *)];
} parked;

struct store_env {
    MDB_env *env;
    int flags;
    parked park[PARKED_MAX]; /* by thread number */
};

/* This thread's number: 0, 1, 2... in the order threads first ask. */
static unsigned thread_number(void)
{
    static atomic_uint next;
    static _Thread_local unsigned mine; /* number + 1; 0: none yet */
    if (!mine)
        mine = atomic_fetch_add_explicit(&next, 1, memory_order_relaxed) + 1;
    return mine - 1;
}

#ifdef WB_FAULT_INJECTION
/*
 * Fault injection, compiled into test builds only (meson option
 * fault_injection).  While the file named by $WIBBELLD_FAULT_FILE exists,
 * each write commit reads it:
 *   "ENOSPC [N]" / "EIO [N]"  the commit fails with that error (the
 *                             transaction is aborted, nothing is written);
 *                             with N, only the next N commits, counted
 *                             down in the file, which goes when N reaches 0
 *   "STALL MS"                the commit first sleeps MS milliseconds (a
 *                             stalled disk), then goes ahead
 *   "LOSE [N]"                (PostgreSQL's commits, store_fault_lose) the
 *   "LOSE_UNSENT [N]"         connection is cut once the commit is sent,
 *   "LOSE_BLIND [N]"          before its answer; with _UNSENT cut before
 *                             the commit reaches the server; with _BLIND
 *                             the check of whether it landed cannot tell
 * Anything else, or no file, is no fault.
 */
#include <pthread.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

static pthread_mutex_t fault_mu = PTHREAD_MUTEX_INITIALIZER;

/* Under fault_mu: which of `words` the fault file at `path` holds (1 for
 * the first; 0 for none, another word or no file), and its number in *n
 * (-1 without one). */
static int fault_word(const char *path, const char *const *words, int nwords, long *n)
{
    char buf[64] = "", word[16] = "";
    *n = -1;
    FILE *f = fopen(path, "r");
    if (!f)
        return 0;
    size_t got = fread(buf, 1, sizeof buf - 1, f);
    buf[got] = '\0';
    fclose(f);
    if (sscanf(buf, "%15s %ld", word, n) < 1)
        return 0;
    for (int i = 0; i < nwords; i++)
        if (strcmp(word, words[i]) == 0)
            return i + 1;
    return 0;
}

/* Under fault_mu: one use of a fault counted to `n` (> 0): the file says
 * one fewer, and goes when none is left. */
static void fault_count_down(const char *path, const char *word, long n)
{
    FILE *f;
    if (n == 1)
        unlink(path);
    else if ((f = fopen(path, "w"))) {
        fprintf(f, "%s %ld\n", word, n - 1);
        fclose(f);
    }
}

static int fault_now(void)
{
    static const char *const words[] = {"STALL", "ENOSPC", "EIO"};
    const char *path = getenv("WIBBELLD_FAULT_FILE");
    int err = 0;
    long n;
    if (!path || !*path)
        return 0;
    pthread_mutex_lock(&fault_mu);
    int kind = fault_word(path, words, 3, &n);
    if (kind == 1 && n > 0) {
        struct timespec ts = {n / 1000, (n % 1000) * 1000000L};
        pthread_mutex_unlock(&fault_mu);
        nanosleep(&ts, NULL);
        return 0;
    }
    if (kind >= 2) {
        err = kind == 2 ? ENOSPC : EIO;
        if (n > 0)
            fault_count_down(path, words[kind - 1], n);
    }
    pthread_mutex_unlock(&fault_mu);
    return err;
}

static int fault_lose(void)
{
    static const char *const words[] = {"LOSE", "LOSE_UNSENT", "LOSE_BLIND"};
    const char *path = getenv("WIBBELLD_FAULT_FILE");
    long n;
    if (!path || !*path)
        return 0;
    pthread_mutex_lock(&fault_mu);
    int kind = fault_word(path, words, 3, &n);
    if (kind && n > 0)
        fault_count_down(path, words[kind - 1], n);
    pthread_mutex_unlock(&fault_mu);
    return kind;
}
#endif

int store_fault_lose(void)
{
#ifdef WB_FAULT_INJECTION
    return fault_lose();
#else
    return STORE_FAULT_NONE;
#endif
}

struct store_cur {
    MDB_cursor *cur;
};

static int from_mdb(int rc);

int store_fault_commit(void)
{
#ifdef WB_FAULT_INJECTION
    int fault = fault_now();
    return fault ? from_mdb(fault) : WB_OK;
#else
    return WB_OK;
#endif
}

static int from_mdb(int rc)
{
    switch (rc) {
    case MDB_SUCCESS:
        return WB_OK;
    case MDB_NOTFOUND:
        return WB_ENOTFOUND;
    case MDB_KEYEXIST:
        return WB_EEXIST;
    case MDB_MAP_FULL:
    case MDB_DBS_FULL:
    case MDB_READERS_FULL:
    case MDB_TXN_FULL:
        return WB_EFULL;
    case MDB_CORRUPTED:
    case MDB_INVALID:
    case MDB_VERSION_MISMATCH:
    case MDB_INCOMPATIBLE:
        return WB_ECORRUPT;
    case ENOMEM:
        return WB_ENOMEM;
    case ENOENT:
        return WB_ENOTFOUND;
    case ENOSPC:
    case EDQUOT:
        return WB_EFULL;
    case EACCES:
    case EIO:
        return WB_EIO;
    default:
        return WB_ESTORE;
    }
}

int store_env_open(const char *dir, int flags, size_t mapsize, unsigned maxdbs,
                   store_env **out)
{
    MDB_env *env = NULL;
    int rc;

    *out = NULL;
    if ((flags & STORE_CREATE) && mkdir(dir, 0755) != 0 && errno != EEXIST)
        return WB_EIO;
    rc = mdb_env_create(&env);
    if (rc)
        return from_mdb(rc);
    rc = mdb_env_set_mapsize(env, mapsize ? mapsize : (size_t)1 << 30);
    if (!rc)
        rc = mdb_env_set_maxdbs(env, maxdbs ? maxdbs : 8);
    if (!rc)
        rc = mdb_env_set_maxreaders(env, 512);
    if (!rc) {
        unsigned int f = MDB_NOTLS;
        if (flags & STORE_RDONLY)
            f |= MDB_RDONLY;
        if (flags & STORE_NOSYNC)
            f |= MDB_NOSYNC;
        rc = mdb_env_open(env, dir, f, 0644);
    }
    if (rc) {
        mdb_env_close(env);
        return from_mdb(rc);
    }
    store_env *e = wb_calloc(1, sizeof *e);
    e->env = env;
    e->flags = flags;
    *out = e;
    return WB_OK;
}

int store_env_sync(store_env *env)
{
    return from_mdb(mdb_env_sync(env->env, 1));
}

void store_env_close(store_env *env)
{
    if (!env)
        return;
    if ((env->flags & STORE_NOSYNC) && !(env->flags & STORE_RDONLY))
        mdb_env_sync(env->env, 1);
    for (size_t i = 0; i < PARKED_MAX; i++)
        if (env->park[i].txn) {
            mdb_txn_abort(env->park[i].txn->txn);
            free(env->park[i].txn);
        }
    mdb_env_close(env->env);
    free(env);
}

int store_txn_begin(store_env *env, int write, store_txn **out)
{
    MDB_txn *t = NULL;
    unsigned me = write ? PARKED_MAX : thread_number();
    *out = NULL;
    if (me < PARKED_MAX && env->park[me].txn) {
        store_txn *txn = env->park[me].txn;
        env->park[me].txn = NULL;
        if (mdb_txn_renew(txn->txn) == MDB_SUCCESS) {
            *out = txn;
            return WB_OK;
        }
        mdb_txn_abort(txn->txn);
        free(txn);
    }
    int rc = mdb_txn_begin(env->env, NULL, write ? 0 : MDB_RDONLY, &t);
    if (rc)
        return from_mdb(rc);
    store_txn *txn = wb_malloc(sizeof *txn);
    txn->txn = t;
    txn->write = write;
    txn->env = env;
    *out = txn;
    return WB_OK;
}

int store_txn_commit(store_txn *txn)
{
#ifdef WB_FAULT_INJECTION
    int fault = txn->write ? fault_now() : 0;
    if (fault) {
        mdb_txn_abort(txn->txn);
        free(txn);
        return from_mdb(fault);
    }
#endif
    int rc = mdb_txn_commit(txn->txn);
    free(txn);
    return from_mdb(rc);
}

void store_txn_abort(store_txn *txn)
{
    if (!txn)
        return;
    unsigned me = txn->write ? PARKED_MAX : thread_number();
    if (me < PARKED_MAX && !txn->env->park[me].txn) {
        mdb_txn_reset(txn->txn); /* keeps the reader slot, releases the snapshot */
        txn->env->park[me].txn = txn;
        return;
    }
    mdb_txn_abort(txn->txn);
    free(txn);
}

int store_db_open(store_txn *txn, const char *name, int create, store_db *out)
{
    MDB_dbi dbi;
    int rc = mdb_dbi_open(txn->txn, name, create ? MDB_CREATE : 0, &dbi);
    if (rc)
        return from_mdb(rc);
    *out = dbi;
    return WB_OK;
}

int store_db_clear(store_txn *txn, store_db db)
{
    return from_mdb(mdb_drop(txn->txn, db, 0));
}

int store_get(store_txn *txn, store_db db, const void *key, size_t klen,
              store_val *val)
{
    MDB_val k = {klen, (void *)(unsigned long)key}, v;
    int rc = mdb_get(txn->txn, db, &k, &v);
    if (rc)
        return from_mdb(rc);
    val->data = v.mv_data;
    val->len = v.mv_size;
    return WB_OK;
}

int store_put(store_txn *txn, store_db db, const void *key, size_t klen,
              const void *val, size_t vlen, int flags)
{
    MDB_val k = {klen, (void *)(unsigned long)key};
    MDB_val v = {vlen, (void *)(unsigned long)val};
    unsigned int f = 0;
    if (flags & STORE_PUT_APPEND)
        f |= MDB_APPEND;
    if (flags & STORE_PUT_NOOVERWRITE)
        f |= MDB_NOOVERWRITE;
    return from_mdb(mdb_put(txn->txn, db, &k, &v, f));
}

int store_del(store_txn *txn, store_db db, const void *key, size_t klen)
{
    MDB_val k = {klen, (void *)(unsigned long)key};
    return from_mdb(mdb_del(txn->txn, db, &k, NULL));
}

int store_count(store_txn *txn, store_db db, size_t *count)
{
    MDB_stat st;
    int rc = mdb_stat(txn->txn, db, &st);
    if (rc)
        return from_mdb(rc);
    *count = st.ms_entries;
    return WB_OK;
}

int store_cur_open(store_txn *txn, store_db db, store_cur **out)
{
    MDB_cursor *c = NULL;
    int rc = mdb_cursor_open(txn->txn, db, &c);
    *out = NULL;
    if (rc)
        return from_mdb(rc);
    store_cur *cur = wb_malloc(sizeof *cur);
    cur->cur = c;
    *out = cur;
    return WB_OK;
}

void store_cur_close(store_cur *cur)
{
    if (!cur)
        return;
    mdb_cursor_close(cur->cur);
    free(cur);
}

static int cur_get(store_cur *cur, MDB_val *k, store_val *ko, store_val *vo,
                   MDB_cursor_op op)
{
    MDB_val v;
    int rc = mdb_cursor_get(cur->cur, k, &v, op);
    if (rc)
        return from_mdb(rc);
    if (ko) {
        ko->data = k->mv_data;
        ko->len = k->mv_size;
    }
    if (vo) {
        vo->data = v.mv_data;
        vo->len = v.mv_size;
    }
    return WB_OK;
}

int store_cur_seek(store_cur *cur, const void *key, size_t klen,
                   store_val *k, store_val *v)
{
    MDB_val mk = {klen, (void *)(unsigned long)key};
    if (!key)
        return cur_get(cur, &mk, k, v, MDB_FIRST);
    return cur_get(cur, &mk, k, v, MDB_SET_RANGE);
}

int store_cur_next(store_cur *cur, store_val *k, store_val *v)
{
    MDB_val mk = {0, NULL};
    return cur_get(cur, &mk, k, v, MDB_NEXT);
}

int store_cur_last(store_cur *cur, store_val *k, store_val *v)
{
    MDB_val mk = {0, NULL};
    return cur_get(cur, &mk, k, v, MDB_LAST);
}
