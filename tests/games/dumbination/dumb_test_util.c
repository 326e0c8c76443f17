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
#include "game_test.h"
#include "wb_err.h"

#include "dumb_test_util.h"

/* The game interface (game.h), as matches.c drives it. */
const game_kind *K = &game_dumbination;

void *make(int n, const char *opts, uint64_t seed)
{
    gt t;
    gt_make(&t, K, n, opts, seed);
    return t.st;
}

int act(void *st, int seat, const char *text, json_t **ev, char **why)
{
    gt t = {.k = K, .st = st, .dicts = gt_dicts, .now = 0};
    int rc = gt_act(&t, seat, "%s", text);
    *ev = rc ? json_array() : t.ev;
    if (rc)
        *why = t.why;
    else
        free(t.why);
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
