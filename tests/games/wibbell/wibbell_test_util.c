/*
 * wibbell_test_util.c - see wibbell_test_util.h.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include <jansson.h>

#include "dict.h"
#include "game.h"
#include "game_test.h"
#include "wb_err.h"
#include "wibbell.h"
#include "wibbell_int.h"

#include "wibbell_test_util.h"

dict_lib *lib;

game_ctx ctx;

json_t *last_ev;   /* events of the last apply */

char last_why[512];

static json_t *cur_view;  /* the last view asked for */

int setup(void **state)
{
    (void)state;
    const char *dir = getenv("WIBBELLD_TEST_DATA");
    if (!dir || dict_lib_open(dir, "en_US", &lib) != WB_OK)
        return -1;
    ctx.dicts = lib;
    gt_dicts = lib; /* the harness's matches judge with it */
    return 0;
}

int teardown(void **state)
{
    (void)state;
    json_decref(last_ev);
    json_decref(cur_view);
    last_ev = cur_view = NULL;
    dict_lib_close(lib);
    return 0;
}

/* Matches run in the shared harness (game_test.h), on the heap. */
void done(gt *t)
{
    gt_free(t);
    free(t);
}

/* Create (at time 1000); the reason of a refusal stays in last_why. */
int try_create(size_t n, const char *opts, uint64_t seed, gt **st)
{
    gt *t = calloc(1, sizeof *t);
    int rc = gt_try_make(t, &game_wibbell, (int)n, opts ? opts : "{}", seed);
    snprintf(last_why, sizeof last_why, "%s", t->why ? t->why : "");
    t->now = 1000;
    if (rc) {
        done(t);
        t = NULL;
    }
    *st = t;
    return rc;
}

gt *mk(size_t n, const char *opts, uint64_t seed)
{
    gt *st = NULL;
    int rc = try_create(n, opts, seed, &st);
    if (rc)
        fail_msg("create %s: %s", opts ? opts : "{}", last_why);
    return st;
}

/* gt_act at `now` (a refusal changes nothing and says why); the events
 * stay in last_ev (none after a refusal), the reason in last_why. */
static int vact_at(gt *st, int seat, int64_t now, const char *fmt, va_list ap)
{
    char buf[1024];
    vsnprintf(buf, sizeof buf, fmt, ap);
    st->now = now;
    int rc = gt_act(st, seat, "%s", buf);
    snprintf(last_why, sizeof last_why, "%s", st->why ? st->why : "");
    json_decref(last_ev);
    last_ev = rc ? json_array() : json_incref(st->ev);
    return rc;
}

int act_at(gt *st, int seat, int64_t now, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int rc = vact_at(st, seat, now, fmt, ap);
    va_end(ap);
    return rc;
}

int act(gt *st, int seat, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int rc = vact_at(st, seat, 1000, fmt, ap);
    va_end(ap);
    return rc;
}

json_t *V(const gt *st, int seat)
{
    json_decref(cur_view);
    cur_view = gt_view(st, seat);
    return cur_view;
}

const char *phase(const gt *st)
{
    return json_string_value(json_object_get(V(st, HOST), "phase"));
}

json_int_t vint(const gt *st, const char *key)
{
    return json_integer_value(json_object_get(V(st, HOST), key));
}

json_t *player(const gt *st, int seat)
{
    return json_array_get(json_object_get(V(st, HOST), "players"), (size_t)seat);
}

const char *centre(const gt *st, size_t i)
{
    return json_string_value(json_object_get(
        json_array_get(json_object_get(V(st, HOST), "centre"), i), "letters"));
}

/* The first event of this type in the last apply, or NULL (borrowed). */
json_t *event(const char *type)
{
    size_t i;
    json_t *e;
    json_array_foreach(last_ev, i, e)
        if (strcmp(json_string_value(json_object_get(e, "type")), type) == 0)
            return e;
    return NULL;
}

size_t count_events(const char *type)
{
    size_t i, n = 0;
    json_t *e;
    json_array_foreach(last_ev, i, e)
        n += strcmp(json_string_value(json_object_get(e, "type")), type) == 0;
    return n;
}

/* Is `seat` in the view's to_act? */
int acts(const gt *st, int seat)
{
    size_t i;
    json_t *s;
    json_array_foreach(json_object_get(V(st, HOST), "to_act"), i, s)
        if (json_integer_value(s) == seat)
            return 1;
    return 0;
}

/* The k-th word (0-based) that satisfies the current turn for `seat`. */
char *hint(gt *st, int seat, size_t k)
{
    char sb[16], lb[16];
    json_t *args, *out = NULL;
    char *why = NULL, *w;
    snprintf(sb, sizeof sb, "%d", seat);
    snprintf(lb, sizeof lb, "%zu", k + 1);
    args = json_pack("{s:s,s:s}", "seat", sb, "limit", lb);
    int rc = game_wibbell.query(st->st, &ctx, HOST, "hints", args, &out, &why);
    if (rc)
        fail_msg("hints: %s", why);
    json_t *words = json_object_get(out, "words");
    assert_true(json_array_size(words) > k);
    w = strdup(json_string_value(json_array_get(words, k)));
    json_decref(out);
    json_decref(args);
    return w;
}

/* `seat` claims a valid word (with tie window 0 or in companion mode, it
 * wins at once). */
void claim_valid(gt *st, int seat, int64_t now)
{
    char *w = hint(st, seat, 0);
    OK(act_at(st, seat, now, "{\"type\":\"claim\",\"word\":\"%s\"}", w));
    assert_non_null(event("claim_accepted"));
    free(w);
}

/* `seat` wins the current turn and takes centre card 0. */
void win_take(gt *st, int seat)
{
    claim_valid(st, seat, 1000);
    assert_string_equal(phase(st), "take");
    OK(act(st, seat, "{\"type\":\"take\",\"card\":0}"));
}

char *saved_text(const gt *st)
{
    json_t *s = game_wibbell.save(st->st);
    assert_non_null(s);
    char *t = json_dumps(s, JSON_SORT_KEYS | JSON_COMPACT);
    json_decref(s);
    return t;
}

/* A match loaded from a saved state (gt_load: the test fails if load
 * refuses), acting at time 1000. */
gt *loaded(const json_t *saved)
{
    gt *t = calloc(1, sizeof *t);
    gt_load(t, &game_wibbell, saved);
    t->now = 1000;
    return t;
}

/* load(save(x)) saves to the same JSON, and returns the copy. */
gt *reload(const gt *st)
{
    json_t *s = game_wibbell.save(st->st), *s2;
    assert_non_null(s);
    gt *copy = loaded(s);
    s2 = game_wibbell.save(copy->st);
    assert_true(json_equal(s, s2));
    json_decref(s);
    json_decref(s2);
    return copy;
}

/* Micol (seat 0) wins SG then SH, leaving NZ and IQ in the centre. */
gt *micol(void)
{
    gt *st = mk(4, "{\"deck\":[\"SG\",\"SH\",\"NZ\",\"IQ\"," EASY "],\"shuffle\":false,"
                     "\"tie_window_ms\":0}", 7);
    OK(act(st, 0, "{\"type\":\"claim\",\"word\":\"gosh\",\"take\":0}"));
    assert_string_equal(centre(st, 0), "SH");
    assert_string_equal(centre(st, 1), "NZ");
    OK(act(st, 0, "{\"type\":\"claim\",\"word\":\"hang\",\"take\":0}"));
    return st;
}
