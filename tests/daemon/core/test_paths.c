/*
 * test_paths.c - the default data directory and mkdir -p (daemon/core/
 * wb_paths.c), the one pair of functions the daemon, wibbell-dict and the
 * stores share.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <cmocka.h>

#include "wb_err.h"
#include "wb_paths.h"

static char dir[64];

static int setup(void **state)
{
    (void)state;
    snprintf(dir, sizeof dir, "/tmp/wb-paths-XXXXXX");
    return mkdtemp(dir) ? 0 : -1;
}

static int teardown(void **state)
{
    (void)state;
    char cmd[128];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
    return system(cmd) == 0 ? 0 : -1;
}

/* The environment of one case: NULL unsets a variable. */
static void env(const char *data_dir, const char *xdg, const char *home)
{
    const char *names[] = {"WIBBELLD_DATA_DIR", "XDG_DATA_HOME", "HOME"};
    const char *values[] = {data_dir, xdg, home};
    for (int i = 0; i < 3; i++) {
        if (values[i])
            setenv(names[i], values[i], 1);
        else
            unsetenv(names[i]);
    }
}

static void expect_dir(const char *want)
{
    char *got = wb_default_data_dir();
    if (!want) {
        assert_null(got);
        return;
    }
    assert_non_null(got);
    assert_string_equal(got, want);
    free(got);
}

static void test_default_data_dir(void **state)
{
    (void)state;
    /* $WIBBELLD_DATA_DIR first, as given (a relative one too) */
    env("/srv/wb", "/x/share", "/home/ann");
    expect_dir("/srv/wb");
    env("rel/wb", NULL, NULL);
    expect_dir("rel/wb");
    /* an empty one is not set: XDG_DATA_HOME, absolute only */
    env("", "/x/share", "/home/ann");
    expect_dir("/x/share/wibbelld");
    env(NULL, "x/share", "/home/ann");
    expect_dir("/home/ann/.local/share/wibbelld");
    env(NULL, "", "/home/ann");
    expect_dir("/home/ann/.local/share/wibbelld");
    /* then HOME; without any, no default (the caller asks for --data-dir) */
    env(NULL, NULL, "/home/bob");
    expect_dir("/home/bob/.local/share/wibbelld");
    env(NULL, NULL, "");
    expect_dir(NULL);
    env(NULL, "relative", NULL);
    expect_dir(NULL);
}

static int is_dir(const char *p)
{
    struct stat st;
    return stat(p, &st) == 0 && S_ISDIR(st.st_mode);
}

static void test_mkdirs(void **state)
{
    (void)state;
    char p[256], f[256];
    /* parents made, then the path; again: already there is fine */
    snprintf(p, sizeof p, "%s/a/b/c", dir);
    assert_int_equal(wb_mkdirs(p), WB_OK);
    assert_true(is_dir(p));
    assert_int_equal(wb_mkdirs(p), WB_OK);
    /* a trailing slash, and the root */
    snprintf(p, sizeof p, "%s/d/e/", dir);
    assert_int_equal(wb_mkdirs(p), WB_OK);
    snprintf(p, sizeof p, "%s/d/e", dir);
    assert_true(is_dir(p));
    assert_int_equal(wb_mkdirs("/"), WB_OK);
    /* a file in the way, at the end or in the middle: ENOTDIR */
    snprintf(f, sizeof f, "%s/file", dir);
    FILE *fp = fopen(f, "w");
    assert_non_null(fp);
    fclose(fp);
    errno = 0;
    assert_int_equal(wb_mkdirs(f), WB_EIO);
    assert_int_equal(errno, ENOTDIR);
    snprintf(p, sizeof p, "%s/file/under", dir);
    errno = 0;
    assert_int_equal(wb_mkdirs(p), WB_EIO);
    assert_int_equal(errno, ENOTDIR);
    /* an empty path is no directory */
    errno = 0;
    assert_int_equal(wb_mkdirs(""), WB_EIO);
    assert_int_equal(errno, ENOENT);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_default_data_dir),
        cmocka_unit_test_setup_teardown(test_mkdirs, setup, teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
