/*
 * dumb_test_util.c - see dumb_test_util.h.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "dumb.h"
#include "game.h"
#include "wb_err.h"

#include "dumb_test_util.h"

/* The game interface (game.h), as matches.c drives it. */
const game_kind *K = &game_dumbination;

void *make(int n, const char *opts, uint64_t seed)
{
    static const char *const names[] = {"ann", "bob", "cy", "dee", "eve"};
    json_t *o = json_loads(opts, 0, NULL);
    game_ctx ctx = {NULL, 0};
    void *st = NULL;
    char *why = NULL;
    if (K->create(&ctx, names, (size_t)n, o, seed, &st, &why))
        fail_msg("create: %s", why);
    json_decref(o);
    return st;
}

int act(void *st, int seat, const char *text, json_t **ev, char **why)
{
    json_t *a = json_loads(text, 0, NULL);
    game_ctx ctx = {NULL, 0};
    *ev = json_array();
    int rc = K->apply(st, &ctx, seat, a, *ev, why);
    json_decref(a);
    return rc;
}

void first_listed_each(void *st, int n)
{
    json_t *ev;
    char *why = NULL;
    for (int i = 0; i < n; i++) {
        json_t *acts = K->actions(st, i);
        char *body = json_dumps(json_array_get(acts, 0), 0);
        assert_int_equal(act(st, i, body, &ev, &why), WB_OK);
        free(body);
        json_decref(acts);
        json_decref(ev);
    }
}
