/*
 * game_test.c - the shared harness for game tests (game_test.h).
 */
#include "game_test.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "wb_err.h"

static const char *const names[] = {"ann", "bob", "cy", "dee", "eve", "fay", "gus", "hal"};

const dict_lib *gt_dicts;

int gt_create_rc(const game_kind *k, int n, const char *opts, uint64_t seed)
{
    json_t *o = json_loads(opts, 0, NULL);
    game_ctx ctx = {gt_dicts, GT_T0};
    void *st = NULL;
    char *why = NULL;
    assert_non_null(o);
    int rc = k->create(&ctx, names, (size_t)n, o, seed, &st, &why);
    if (rc) {
        assert_non_null(why);
        assert_null(st);
    }
    free(why);
    if (st)
        k->destroy(st);
    json_decref(o);
    return rc;
}

int gt_try_make(gt *t, const game_kind *k, int n, const char *opts, uint64_t seed)
{
    json_t *o = json_loads(opts, 0, NULL);
    memset(t, 0, sizeof *t);
    t->k = k;
    t->now = GT_T0;
    t->dicts = gt_dicts;
    game_ctx ctx = {t->dicts, t->now};
    if (!o)
        fail_msg("bad test options %s", opts);
    int rc = k->create(&ctx, names, (size_t)n, o, seed, &t->st, &t->why);
    if (rc) {
        assert_non_null(t->why);
        assert_null(t->st);
    }
    json_decref(o);
    return rc;
}

void gt_make(gt *t, const game_kind *k, int n, const char *opts, uint64_t seed)
{
    if (gt_try_make(t, k, n, opts, seed))
        fail_msg("create %s with %d players, %s: %s", k->name, n, opts, t->why);
}

void gt_load(gt *t, const game_kind *k, const json_t *saved)
{
    char *why = NULL;
    memset(t, 0, sizeof *t);
    t->k = k;
    t->now = GT_T0;
    t->dicts = gt_dicts;
    if (k->load(saved, &t->st, &why))
        fail_msg("load %s: %s", k->name, why);
}

void gt_free(gt *t)
{
    if (t->st)
        t->k->destroy(t->st);
    json_decref(t->ev);
    free(t->why);
    memset(t, 0, sizeof *t);
}

int gt_act(gt *t, int seat, const char *fmt, ...)
{
    char *body = NULL;
    va_list ap;
    va_start(ap, fmt);
    if (vasprintf(&body, fmt, ap) < 0)
        abort();
    va_end(ap);
    json_error_t err;
    json_t *a = json_loads(body, 0, &err), *before = t->k->save(t->st), *e = json_array();
    game_ctx ctx = {t->dicts, t->now};
    if (!a)
        fail_msg("bad test action %s: %s", body, err.text);
    free(t->why);
    t->why = NULL;
    int rc = t->k->apply(t->st, &ctx, seat, a, e, &t->why);
    if (rc) {
        json_t *after = t->k->save(t->st);
        assert_non_null(t->why);
        if (!json_equal(before, after))
            fail_msg("refused %s changed the state", body);
        assert_int_equal(json_array_size(e), 0);
        json_decref(after);
        json_decref(e);
    } else {
        json_decref(t->ev);
        t->ev = e;
    }
    json_decref(a);
    json_decref(before);
    free(body);
    return rc;
}

json_t *gt_event(const gt *t, const char *type)
{
    size_t i;
    json_t *e;
    json_array_foreach(t->ev, i, e)
        if (strcmp(json_string_value(json_object_get(e, "type")), type) == 0)
            return e;
    return NULL;
}

json_t *gt_view(const gt *t, int seat)
{
    json_t *v = t->k->view(t->st, seat);
    assert_non_null(v);
    return v;
}

json_t *gt_actions(const gt *t, int seat)
{
    json_t *v = t->k->actions(t->st, seat);
    assert_non_null(v);
    return v;
}

static int subset(const json_t *a, const json_t *x)
{
    const char *key;
    json_t *v;
    size_t i;
    if (json_is_object(x)) {
        if (!json_is_object(a))
            return 0;
        json_object_foreach((json_t *)(uintptr_t)x, key, v)
            if (!subset(json_object_get(a, key), v))
                return 0;
        return 1;
    }
    if (json_is_array(x)) {
        if (!json_is_array(a) || json_array_size(a) != json_array_size(x))
            return 0;
        json_array_foreach(x, i, v)
            if (!subset(json_array_get(a, i), v))
                return 0;
        return 1;
    }
    return a && json_equal(a, x);
}

void gt_match(const json_t *actual, const char *expected)
{
    json_error_t err;
    json_t *x = json_loads(expected, JSON_DECODE_ANY, &err);
    if (!x)
        fail_msg("bad expected JSON %s: %s", expected, err.text);
    if (!subset(actual, x)) {
        char *d = json_dumps(actual, JSON_COMPACT);
        fail_msg("%s does not hold %s", d, expected);
    }
    json_decref(x);
}

void gt_patch(gt *t, void (*fn)(json_t *saved))
{
    json_t *saved = t->k->save(t->st);
    void *st = NULL;
    char *why = NULL;
    fn(saved);
    if (t->k->load(saved, &st, &why))
        fail_msg("load of the patched scene: %s", why);
    t->k->destroy(t->st);
    t->st = st;
    json_decref(saved);
}
