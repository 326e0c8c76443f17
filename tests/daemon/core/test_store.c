/*
 * test_store.c - the LMDB wrapper (daemon/core/store.c) on a real LMDB
 * environment in a temporary directory.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <pthread.h>
#include <unistd.h>
#include <cmocka.h>

#include "store.h"
#include "wb_err.h"

static char dir[64];

static int setup(void **state)
{
    (void)state;
    snprintf(dir, sizeof dir, "/tmp/wb-store-XXXXXX");
    return mkdtemp(dir) ? 0 : -1;
}

static int teardown(void **state)
{
    (void)state;
    char p[128];
    snprintf(p, sizeof p, "%s/data.mdb", dir);
    unlink(p);
    snprintf(p, sizeof p, "%s/lock.mdb", dir);
    unlink(p);
    rmdir(dir);
    return 0;
}

static void test_put_get_del(void **state)
{
    (void)state;
    store_env *env;
    store_txn *t;
    store_db db;
    store_val v;
    assert_int_equal(store_env_open(dir, 0, 1 << 20, 4, &env), WB_OK);
    assert_int_equal(store_txn_begin(env, 1, &t), WB_OK);
    assert_int_equal(store_db_open(t, "kv", 1, &db), WB_OK);
    assert_int_equal(store_put(t, db, "b", 1, "two", 4, 0), WB_OK);
    assert_int_equal(store_put(t, db, "a", 1, "one", 4, 0), WB_OK);
    assert_int_equal(store_put(t, db, "c", 1, "three", 6, 0), WB_OK);
    assert_int_equal(store_put(t, db, "a", 1, "uno", 4, STORE_PUT_NOOVERWRITE), WB_EEXIST);
    assert_int_equal(store_txn_commit(t), WB_OK);

    /* A read transaction sees what was committed. */
    assert_int_equal(store_txn_begin(env, 0, &t), WB_OK);
    assert_int_equal(store_get(t, db, "a", 1, &v), WB_OK);
    assert_string_equal(v.data, "one");
    assert_int_equal(store_get(t, db, "zz", 2, &v), WB_ENOTFOUND);
    size_t n = 0;
    assert_int_equal(store_count(t, db, &n), WB_OK);
    assert_int_equal(n, 3);
    store_txn_abort(t);

    /* An aborted write changes nothing. */
    assert_int_equal(store_txn_begin(env, 1, &t), WB_OK);
    assert_int_equal(store_del(t, db, "a", 1), WB_OK);
    assert_int_equal(store_del(t, db, "a", 1), WB_ENOTFOUND);
    store_txn_abort(t);
    assert_int_equal(store_txn_begin(env, 0, &t), WB_OK);
    assert_int_equal(store_get(t, db, "a", 1, &v), WB_OK);
    store_txn_abort(t);
    store_env_close(env);
}

static void test_cursor_and_reopen(void **state)
{
    (void)state;
    store_env *env;
    store_txn *t;
    store_db db;
    store_cur *c;
    store_val k, v;
    assert_int_equal(store_env_open(dir, 0, 1 << 20, 4, &env), WB_OK);
    assert_int_equal(store_txn_begin(env, 1, &t), WB_OK);
    assert_int_equal(store_db_open(t, "words", 1, &db), WB_OK);
    const char *w[] = {"apple", "apply", "banana", "apt"};
    for (size_t i = 0; i < 4; i++)
        assert_int_equal(store_put(t, db, w[i], strlen(w[i]), "", 1, 0), WB_OK);
    assert_int_equal(store_txn_commit(t), WB_OK);
    store_env_close(env);

    /* Reopened read-only: the data survived; the cursor walks in order. */
    assert_int_equal(store_env_open(dir, STORE_RDONLY, 1 << 20, 4, &env), WB_OK);
    assert_int_equal(store_txn_begin(env, 0, &t), WB_OK);
    assert_int_equal(store_db_open(t, "words", 0, &db), WB_OK);
    assert_int_equal(store_cur_open(t, db, &c), WB_OK);
    assert_int_equal(store_cur_seek(c, "app", 3, &k, &v), WB_OK);
    assert_memory_equal(k.data, "apple", 5);
    assert_int_equal(store_cur_next(c, &k, &v), WB_OK);
    assert_memory_equal(k.data, "apply", 5);
    assert_int_equal(store_cur_next(c, &k, &v), WB_OK);
    assert_memory_equal(k.data, "apt", 3);
    assert_int_equal(store_cur_last(c, &k, &v), WB_OK);
    assert_memory_equal(k.data, "banana", 6);
    assert_int_equal(store_cur_next(c, &k, &v), WB_ENOTFOUND);
    assert_int_equal(store_cur_seek(c, "zebra", 5, &k, &v), WB_ENOTFOUND);
    store_cur_close(c);
    /* A read-only environment refuses writes. */
    store_txn_abort(t);
    assert_int_not_equal(store_txn_begin(env, 1, &t), WB_OK);
    store_env_close(env);
}

/* Read transactions are parked per thread between uses (store.c): a
 * renewed one must see the newest commit, never the snapshot it had, and
 * parking must not run the environment out of reader slots (512) however
 * many threads come and go. */
static store_env *par_env;
static store_db par_db;
static int par_bad;

static void put_k(store_env *env, store_db db, const char *val)
{
    store_txn *t;
    assert_int_equal(store_txn_begin(env, 1, &t), WB_OK);
    assert_int_equal(store_put(t, db, "k", 1, val, strlen(val) + 1, 0), WB_OK);
    assert_int_equal(store_txn_commit(t), WB_OK);
}

static void *read_k(void *arg)
{
    int rounds = *(int *)arg;
    for (int i = 0; i < rounds; i++) {
        store_txn *t;
        store_val v;
        if (store_txn_begin(par_env, 0, &t) != WB_OK) {
            __atomic_add_fetch(&par_bad, 1, __ATOMIC_RELAXED);
            continue;
        }
        if (store_get(t, par_db, "k", 1, &v) != WB_OK || strcmp(v.data, "2") != 0)
            __atomic_add_fetch(&par_bad, 1, __ATOMIC_RELAXED);
        store_txn_abort(t);
    }
    return NULL;
}

static void test_parked_read_txns(void **state)
{
    (void)state;
    store_txn *t;
    store_val v;
    assert_int_equal(store_env_open(dir, 0, 1 << 20, 4, &par_env), WB_OK);
    assert_int_equal(store_txn_begin(par_env, 1, &t), WB_OK);
    assert_int_equal(store_db_open(t, "kv", 1, &par_db), WB_OK);
    assert_int_equal(store_txn_commit(t), WB_OK);
    put_k(par_env, par_db, "1");

    assert_int_equal(store_txn_begin(par_env, 0, &t), WB_OK);
    assert_int_equal(store_get(t, par_db, "k", 1, &v), WB_OK);
    assert_string_equal(v.data, "1");
    store_txn_abort(t); /* parked */
    put_k(par_env, par_db, "2");
    assert_int_equal(store_txn_begin(par_env, 0, &t), WB_OK); /* renewed */
    assert_int_equal(store_get(t, par_db, "k", 1, &v), WB_OK);
    assert_string_equal(v.data, "2");
    /* while it is out, a second read transaction of the same thread is a
     * transaction of its own */
    store_txn *t2;
    assert_int_equal(store_txn_begin(par_env, 0, &t2), WB_OK);
    assert_int_equal(store_get(t2, par_db, "k", 1, &v), WB_OK);
    store_txn_abort(t2);
    store_txn_abort(t);

    /* 700 threads one after another (more than the 512 reader slots),
     * then 8 at once, each reading many times */
    int one = 1, many = 2000;
    for (int i = 0; i < 700; i++) {
        pthread_t th;
        assert_int_equal(pthread_create(&th, NULL, read_k, &one), 0);
        pthread_join(th, NULL);
    }
    pthread_t th[8];
    for (int i = 0; i < 8; i++)
        assert_int_equal(pthread_create(&th[i], NULL, read_k, &many), 0);
    for (int i = 0; i < 8; i++)
        pthread_join(th[i], NULL);
    assert_int_equal(par_bad, 0);
    store_env_close(par_env); /* aborts what is parked (LeakSanitizer checks) */
}

static void test_missing_dir(void **state)
{
    (void)state;
    store_env *env = NULL;
    assert_int_not_equal(store_env_open("/nonexistent/wb/x", STORE_RDONLY, 0, 4, &env), WB_OK);
    assert_null(env);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(test_put_get_del, setup, teardown),
        cmocka_unit_test_setup_teardown(test_cursor_and_reopen, setup, teardown),
        cmocka_unit_test_setup_teardown(test_parked_read_txns, setup, teardown),
        cmocka_unit_test(test_missing_dir),
    };
    return cmocka_run_group_tests_name("store", tests, NULL, NULL);
}
