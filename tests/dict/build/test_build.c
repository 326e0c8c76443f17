/*
 * test_build.c - the dictionary build (dict/build/build.c) on small sources
 * written here: real Hunspell files, a word list, a real LMDB result.
 * Checks what is classified as a word or a proper noun, that stems relate
 * forms, that a rebuild replaces the dictionary as a whole while a
 * failed build leaves the old one in place, and that a build waits for
 * the lock of another and removes what dead builds left.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <fcntl.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>
#include <cmocka.h>

#include "dict.h"
#include "dict_build.h"
#include "store.h"
#include "wb_err.h"

static char root[64];
static char aff[128], dic[128], list[128], data[128];

static void write_file(const char *path, const char *text)
{
    FILE *f = fopen(path, "w");
    assert_non_null(f);
    fputs(text, f);
    fclose(f);
}

static const char *AFF =
    "SET UTF-8\n"
    "SFX S Y 1\nSFX S 0 s .\n"
    "SFX D Y 2\nSFX D 0 d e\nSFX D 0 ed [^e]\n"
    "SFX G Y 2\nSFX G e ing e\nSFX G 0 ing [^e]\n";

static int setup(void **state)
{
    (void)state;
    snprintf(root, sizeof root, "/tmp/wb-build-XXXXXX");
    if (!mkdtemp(root))
        return -1;
    snprintf(aff, sizeof aff, "%s/t.aff", root);
    snprintf(dic, sizeof dic, "%s/t.dic", root);
    snprintf(list, sizeof list, "%s/words", root);
    snprintf(data, sizeof data, "%s/data", root);
    return 0;
}

static int teardown(void **state)
{
    (void)state;
    char cmd[256];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", root);
    return system(cmd) == 0 ? 0 : -1;
}

static void opts(dict_build_opts *o)
{
    memset(o, 0, sizeof *o);
    o->id = "tt";
    o->language = "test";
    o->aff = aff;
    o->dic = dic;
    o->wordlist = list;
}

static size_t words_of(const char *d, size_t *proper)
{
    dict_lib *lib;
    dict_info in;
    assert_int_equal(dict_lib_open(d, "tt", &lib), WB_OK);
    dict_get_info(dict_lib_default(lib), &in);
    *proper = in.proper_nouns;
    size_t n = in.words;
    dict_lib_close(lib);
    return n;
}

static void test_build_and_rebuild(void **state)
{
    (void)state;
    dict_build_opts o;
    size_t proper = 0;
    write_file(aff, AFF);
    write_file(dic, "4\ncat/S\nwalk/DGS\nParis\nexplore/DGS\n");
    write_file(list, "cats\nwalking\nParis\nLondon\ndog's\nzzzq\n");
    opts(&o);
    assert_int_equal(dict_build_exists(data, "tt"), 0);
    assert_int_equal(dict_build(data, &o), WB_OK);
    assert_int_equal(dict_build_exists(data, "tt"), 1);
    /* cat cats walk walking explore; zzzq is only in the list in lower
     * case, which counts; dog's is a possessive. */
    assert_int_equal(words_of(data, &proper), 6);
    assert_int_equal(proper, 2); /* paris, london */

    dict_lib *lib;
    assert_int_equal(dict_lib_open(data, "tt", &lib), WB_OK);
    const dict *d = dict_lib_default(lib);
    int rel = -1;
    assert_int_equal(dict_related(d, "walking", 7, "walk", 4, &rel), WB_OK);
    assert_true(rel);
    assert_int_equal(dict_related(d, "cats", 4, "cat", 3, &rel), WB_OK);
    assert_true(rel);
    assert_int_equal(dict_related(d, "cat", 3, "walk", 4, &rel), WB_OK);
    assert_false(rel);
    dict_entry *e;
    assert_int_equal(dict_lookup(d, "dog's", 5, 5, 5, &e), WB_ENOTWORD);
    dict_lib_close(lib);

    /* A stale temporary directory from a crashed build is no obstacle,
     * and a rebuild takes the new sources. */
    char tmp[192];
    snprintf(tmp, sizeof tmp, "%s/dict/tt.tmp", data);
    assert_int_equal(mkdir(tmp, 0755), 0);
    write_file(dic, "5\ncat/S\nwalk/DGS\nParis\nexplore/DGS\ndog/S\n");
    assert_int_equal(dict_build(data, &o), WB_OK);
    assert_int_equal(words_of(data, &proper), 7);
    assert_int_not_equal(access(tmp, F_OK), 0);

    /* A dictionary of another format (an older build) is not there for
     * dict_build_exists, so the daemon builds it again. */
    char dir[192];
    snprintf(dir, sizeof dir, "%s/dict/tt", data);
    store_env *env;
    store_txn *t;
    store_db meta;
    assert_int_equal(store_env_open(dir, 0, (size_t)2 << 30, 16, &env), WB_OK);
    assert_int_equal(store_txn_begin(env, 1, &t), WB_OK);
    assert_int_equal(store_db_open(t, "meta", 0, &meta), WB_OK);
    assert_int_equal(store_put(t, meta, "format", 6, "3", 2, 0), WB_OK);
    assert_int_equal(store_txn_commit(t), WB_OK);
    store_env_close(env);
    assert_int_equal(dict_build_exists(data, "tt"), 0);
    assert_int_equal(dict_build(data, &o), WB_OK);
    assert_int_equal(dict_build_exists(data, "tt"), 1);

    /* A build whose sources are missing fails before touching anything. */
    o.aff = "/nonexistent.aff";
    assert_int_equal(dict_build(data, &o), WB_EDATA);
    assert_int_equal(words_of(data, &proper), 7);
}

static void test_defaults(void **state)
{
    (void)state;
    dict_build_opts o;
    assert_int_equal(dict_build_defaults("en_US", &o), WB_OK);
    assert_string_equal(o.id, "en_US");
    assert_int_equal(dict_build_defaults("en_GB", &o), WB_OK);
    assert_non_null(o.stem_dic);
    assert_int_equal(dict_build_defaults("xx", &o), WB_ENOTFOUND);
    opts(&o);
    o.id = "../evil";
    assert_int_equal(dict_build(data, &o), WB_EINVAL);
}

/* Is process `pid` waiting for a lock (a "->" line of /proc/locks)? */
static int waits_for_lock(pid_t pid)
{
    FILE *f = fopen("/proc/locks", "r");
    assert_non_null(f);
    char line[256];
    int found = 0;
    while (!found && fgets(line, sizeof line, f)) {
        char kind[16];
        long who = 0;
        if (strstr(line, " -> ") &&
            sscanf(strstr(line, " -> ") + 4, "%15s %*s %*s %ld", kind, &who) == 2)
            found = who == pid;
    }
    fclose(f);
    return found;
}

static ino_t inode_of(const char *path)
{
    struct stat st;
    assert_int_equal(stat(path, &st), 0);
    return st.st_ino;
}

/* One build at a time: while another holds the dictionary's lock a build
 * waits, touching nothing; then it removes what builds that died left
 * (temporary directories, a dictionary moved aside) and builds.  With
 * if_missing a build that finds the dictionary built once it has the lock
 * leaves it be. */
static void test_lock_and_leftovers(void **state)
{
    (void)state;
    dict_build_opts o;
    write_file(aff, AFF);
    write_file(dic, "2\ncat/S\nwalk/DGS\n");
    write_file(list, "cats\n");
    opts(&o);
    assert_int_equal(dict_build(data, &o), WB_OK);

    char dead_tmp[192], dead_mdb[224], aside[192], lock[192], mdb[192];
    snprintf(dead_tmp, sizeof dead_tmp, "%s/dict/tt.tmp.Ab12Cd", data);
    snprintf(dead_mdb, sizeof dead_mdb, "%s/data.mdb", dead_tmp);
    snprintf(aside, sizeof aside, "%s/dict/tt.old", data);
    snprintf(lock, sizeof lock, "%s/dict/tt.lock", data);
    snprintf(mdb, sizeof mdb, "%s/dict/tt/data.mdb", data);
    assert_int_equal(mkdir(dead_tmp, 0755), 0);
    write_file(dead_mdb, "half a dictionary");
    assert_int_equal(mkdir(aside, 0755), 0);

    int fd = open(lock, O_RDWR);
    assert_true(fd >= 0);
    assert_int_equal(flock(fd, LOCK_EX), 0);
    ino_t before = inode_of(mdb);
    pid_t pid = fork();
    assert_true(pid >= 0);
    if (pid == 0) {
        close(fd); /* the lock is the parent's (a copy would hold it too) */
        _exit(dict_build(data, &o) == WB_OK ? 0 : 1);
    }
    /* until the build waits for the lock (or ends: it did not wait) */
    int st = 0, ended = 0;
    while (!waits_for_lock(pid) && !(ended = waitpid(pid, &st, WNOHANG) == pid))
        usleep(10000);
    if (ended)
        fail_msg("the build did not wait for the lock another held (exit %d)",
                 WIFEXITED(st) ? WEXITSTATUS(st) : -1);
    /* waiting, it has touched nothing */
    assert_int_equal(access(dead_mdb, F_OK), 0);
    assert_int_equal(access(aside, F_OK), 0);
    assert_int_equal(inode_of(mdb), before);
    close(fd);
    assert_int_equal(waitpid(pid, &st, 0), pid);
    assert_true(WIFEXITED(st) && WEXITSTATUS(st) == 0);
    assert_int_not_equal(access(dead_tmp, F_OK), 0);
    assert_int_not_equal(access(aside, F_OK), 0);
    assert_int_not_equal(inode_of(mdb), before); /* built anew, swapped in */
    assert_int_equal(dict_build_exists(data, "tt"), 1);

    /* built already: with if_missing the build leaves it be */
    before = inode_of(mdb);
    o.if_missing = 1;
    assert_int_equal(dict_build(data, &o), WB_OK);
    assert_int_equal(inode_of(mdb), before);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_build_and_rebuild),
        cmocka_unit_test(test_defaults),
        cmocka_unit_test(test_lock_and_leftovers),
    };
    return cmocka_run_group_tests_name("build", tests, setup, teardown);
}
