/*
 * store.h - the storage module: a thin wrapper over LMDB.
 *
 * Only this module includes lmdb.h.  It exists so that the rest of the
 * project speaks the project's error codes and never sees LMDB types, and
 * so that the few LMDB habits we rely on (read transactions usable from any
 * thread, map size, named databases) are decided in one place.
 *
 * Lifetimes: a store_val filled by a get or a cursor points into the memory
 * map and is valid only until the end of the transaction it came from.
 * Copy out what must outlive it.
 */
#ifndef STORE_H
#define STORE_H

#include <stddef.h>

typedef struct store_env store_env;
typedef struct store_txn store_txn;
typedef struct store_cur store_cur;
typedef unsigned int store_db;

typedef struct store_val {
    const void *data;
    size_t len;
} store_val;

enum {
    STORE_RDONLY = 1 << 0, /* open the environment read-only */
    STORE_CREATE = 1 << 1, /* create the directory if missing */
    STORE_NOSYNC = 1 << 2, /* bulk loads: skip fsync per commit (sync at close) */
};

enum {
    STORE_PUT_APPEND = 1 << 0, /* keys arrive in sorted order (bulk load) */
    STORE_PUT_NOOVERWRITE = 1 << 1,
};

/* Open the LMDB environment in directory `dir`.  `mapsize` is the upper
 * bound of the data size in bytes (0: 1 GiB), `maxdbs` the number of named
 * databases.  Returns WB_OK and sets *out, or an error. */
int store_env_open(const char *dir, int flags, size_t mapsize, unsigned maxdbs,
                   store_env **out);
/* Flush (when opened with STORE_NOSYNC) and close.  NULL is accepted. */
void store_env_close(store_env *env);
/* Force a flush of the environment to disk. */
int store_env_sync(store_env *env);

/* Begin a transaction; `write` non-zero for a write transaction (only one
 * at a time per environment; others wait).  Read transactions may be used
 * by any thread but by one at a time. */
int store_txn_begin(store_env *env, int write, store_txn **out);
/* Commit and free the transaction, also on failure. */
int store_txn_commit(store_txn *txn);

/* The storage fault point of test builds (-Dfault_injection=true,
 * $WIBBELLD_FAULT_FILE; see store.c), for a write commit made elsewhere
 * (the PostgreSQL store of matches): WB_OK, or the error the commit is
 * to fail with (WB_EFULL, WB_EIO); a STALL sleeps first.  Always WB_OK in
 * other builds. */
int store_fault_commit(void);
/* The fault point of a commit sent to a server (PostgreSQL's), once it is
 * sent: STORE_FAULT_NONE, or the connection is to be cut before the
 * answer (LOSE), before the commit reached the server (LOSE_UNSENT), or
 * before the answer with the check of whether it landed unable to tell
 * (LOSE_BLIND).  Always STORE_FAULT_NONE in other builds. */
enum { STORE_FAULT_NONE, STORE_FAULT_LOSE, STORE_FAULT_LOSE_UNSENT, STORE_FAULT_LOSE_BLIND };
int store_fault_lose(void);
/* Abort and free the transaction.  NULL is accepted. */
void store_txn_abort(store_txn *txn);

/* Open (with `create`, in a write transaction: create) the named database. */
int store_db_open(store_txn *txn, const char *name, int create, store_db *out);
/* Remove every record of the database. */
int store_db_clear(store_txn *txn, store_db db);

/* Get the value of `key`; WB_ENOTFOUND when absent. */
int store_get(store_txn *txn, store_db db, const void *key, size_t klen,
              store_val *val);
int store_put(store_txn *txn, store_db db, const void *key, size_t klen,
              const void *val, size_t vlen, int flags);
/* Delete `key`; WB_ENOTFOUND when absent. */
int store_del(store_txn *txn, store_db db, const void *key, size_t klen);
/* Number of records in the database. */
int store_count(store_txn *txn, store_db db, size_t *count);

/* Cursors, closed before their transaction ends. */
int store_cur_open(store_txn *txn, store_db db, store_cur **out);
void store_cur_close(store_cur *cur);
/* Position at the first key >= `key` (or the first key when `key` is NULL);
 * WB_ENOTFOUND when there is none. */
int store_cur_seek(store_cur *cur, const void *key, size_t klen,
                   store_val *k, store_val *v);
/* Move to the next record; WB_ENOTFOUND at the end. */
int store_cur_next(store_cur *cur, store_val *k, store_val *v);
/* Position at the last record; WB_ENOTFOUND when empty. */
int store_cur_last(store_cur *cur, store_val *k, store_val *v);

#endif
