/*
 * test_conformance.c - one harness for every registered game, in the
 * spirit of OpenSpiel's random simulation tests.
 *
 * For each game in game_registry() (and the framework's example game) it plays seeded matches through the
 * game interface alone, choosing random listed actions (templates filled
 * with random or dictionary words) for random seats that may act, and
 * random illegal actions, and checks at every step:
 *  - every listed action (not a template) is accepted;
 *  - playout_action (a search's playouts) draws a listed body of each
 *    listed type, and nothing when the list holds none;
 *  - a rejected action changes nothing (save() equal before and after);
 *  - save/load round-trips exactly, and save_text writes what json_dumps
 *    makes of save;
 *  - every view has status and to_act, and winners and scores once
 *    finished (and the finished() hook agrees with status); a seat with
 *    actions is in to_act; nothing to do when over;
 *  - no other seat's view, nor the public one, holds the content of an
 *    event private to a seat, right after it happened;
 *  - the match ends within a bound;
 *  - replaying the recorded actions from the seed gives the same state.
 * The same properties are checked over HTTP by tests/e2e/test_conformance.py.
 *
 *   CONFORMANCE_MATCHES=N  matches per game (default 12; the soak script
 *                          tests/conformance-soak.sh runs many more)
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "dict.h"
#include "example.h"
#include "game.h"
#include "game_json.h"
#include "registry.h"
#include "rng.h"
#include "wb_err.h"

#define MAX_STEPS 4000

static dict_lib *lib;

typedef struct step {
    int seat;
    json_t *action;
    int64_t at;
} step;

static int save_equal(const game_kind *k, const void *a, const json_t *b)
{
    json_t *x = k->save(a);
    int eq = json_equal(x, b);
    json_decref(x);
    return eq;
}

/* game_text_json writes what json_dumps writes (the API's answers). */
static void check_text(const json_t *v)
{
    game_text t = {0};
    char *js = json_dumps(v, JSON_COMPACT);
    game_text_json(&t, v);
    assert_non_null(js);
    assert_false(t.bad);
    assert_string_equal(t.s, js);
    free(js);
    free(t.s);
}

static void check_round_trip(const game_kind *k, const void *st, int text)
{
    json_t *s1 = k->save(st);
    void *copy = NULL;
    char *why = NULL;
    assert_int_equal(k->load(s1, &copy, &why), WB_OK);
    assert_true(save_equal(k, copy, s1));
    k->destroy(copy);
    if (text && k->save_text) { /* the record as text: what Jansson writes */
        game_text t = {0};
        char *js = json_dumps(s1, JSON_COMPACT);
        k->save_text(st, &t);
        assert_non_null(js);
        assert_false(t.bad);
        assert_string_equal(t.s, js);
        free(js);
        free(t.s);
    }
    if (text)
        check_text(s1);
    json_decref(s1);
}

static int contains(const json_t *hay, const json_t *needle)
{
    if (json_equal(hay, needle))
        return 1;
    if (json_is_object(hay)) {
        const char *key;
        json_t *v;
        json_object_foreach((json_t *)(uintptr_t)hay, key, v)
            if (contains(v, needle))
                return 1;
    } else if (json_is_array(hay)) {
        size_t i;
        json_t *v;
        json_array_foreach(hay, i, v)
            if (contains(v, needle))
                return 1;
    }
    return 0;
}

static int in_list(const json_t *arr, int seat)
{
    size_t i;
    json_t *v;
    json_array_foreach(arr, i, v)
        if (json_integer_value(v) == seat)
            return 1;
    return 0;
}

/* The structured members (objects, arrays) of events private to some
 * seats must not show in the views of the others right after. */
static void check_secrets(const game_kind *k, const void *st, const json_t *events,
                          int nseats)
{
    size_t i;
    json_t *ev;
    json_array_foreach(events, i, ev) {
        json_t *to = json_object_get(ev, "private_to");
        if (!to)
            continue;
        for (int seat = GAME_SEAT_PUBLIC; seat < nseats; seat++) {
            if (seat >= 0 && in_list(to, seat))
                continue;
            json_t *view = k->view(st, seat);
            const char *key;
            json_t *v;
            json_object_foreach(ev, key, v) {
                if ((json_is_object(v) || (json_is_array(v) && json_array_size(v))) &&
                    strcmp(key, "private_to") != 0 && contains(view, v)) {
                    char *d = json_dumps(v, JSON_COMPACT);
                    fail_msg("%s: seat %d sees %s of a private event", k->name, seat, d);
                }
            }
            json_decref(view);
        }
    }
}

static void check_view(const game_kind *k, const void *st, int seat, int *finished,
                       int text)
{
    json_t *v = k->view(st, seat);
    if (text)
        check_text(v);
    const char *status = json_string_value(json_object_get(v, "status"));
    assert_non_null(status);
    assert_true(json_is_array(json_object_get(v, "to_act")));
    *finished = strcmp(status, "finished") == 0;
    if (k->finished) /* the cheap hook agrees with the view */
        assert_int_equal(k->finished(st), *finished);
    if (*finished) {
        assert_true(json_is_array(json_object_get(v, "winners")));
        assert_true(json_is_array(json_object_get(v, "scores")));
    }
    json_decref(v);
}

/* A value for a "$params" template member, from its description: the
 * example it gives ("e.g. [5]") half the time, else a dictionary-ish word
 * for words, a small array of numbers for arrays, a small number. */
static json_t *fill_param(rng *r, const char *name, const char *desc)
{
    static const char *const words[] = {
        "kissing", "hints", "mission", "explore", "cat", "zebra", "quiz", "jump",
        "rhythm", "strength", "apple", "exploring", "paris", "xqzt", "teach", "taught"};
    const char *eg = desc ? strstr(desc, "e.g. ") : NULL;
    if (eg && rng_below(r, 2)) {
        json_t *v = json_loads(eg + 5, JSON_DECODE_ANY | JSON_DISABLE_EOF_CHECK, NULL);
        if (v)
            return v;
    }
    if (strstr(name, "word") || (desc && strstr(desc, "word")))
        return json_string(words[rng_below(r, sizeof words / sizeof *words)]);
    if (desc && strstr(desc, "array")) {
        json_t *a = json_array();
        for (uint64_t i = 0, n = 1 + rng_below(r, 2); i < n; i++)
            json_array_append_new(a, json_integer((json_int_t)(1 + rng_below(r, 6))));
        return a;
    }
    return json_integer((json_int_t)rng_below(r, 6));
}

static json_t *instantiate(rng *r, const json_t *a, int *is_template)
{
    json_t *params = json_object_get(a, "$params");
    json_t *out = json_deep_copy(a);
    *is_template = params != NULL;
    if (params) {
        const char *key;
        json_t *v;
        json_object_del(out, "$params");
        json_object_foreach(params, key, v)
            json_object_set_new(out, key, fill_param(r, key, json_string_value(v)));
    }
    return out;
}

static json_t *illegal_action(rng *r, json_t *listed_elsewhere)
{
    switch (rng_below(r, 3)) {
    case 0:
        return json_pack("{s:s}", "type", "no-such-action");
    case 1:
        return json_pack("{s:i}", "type", 7);
    default:
        return listed_elsewhere ? json_incref(listed_elsewhere)
                                : json_pack("{s:s,s:i}", "type", "take", "card", 99);
    }
}

/* playout_action (a search's playouts) draws only what the list holds, and
 * finds a body of every type the list holds: with each listed type rated
 * first in turn, it must answer a listed body of that type; with a type
 * the list lacks rated first, a listed body of another (NULL when the list
 * holds no body but templates).  Its own dice, not the match's. */
static int rate_first(const char *type, void *ctx)
{
    return strcmp(type, ctx) == 0;
}

static void check_playout_action(const game_kind *k, const void *st, int seat,
                                 const json_t *acts, uint64_t seed)
{
    json_t *a, *types = json_object();
    size_t i;
    if (!k->playout_action)
        return;
    json_array_foreach(acts, i, a)
        if (!json_object_get(a, "$params"))
            json_object_set(types, json_string_value(json_object_get(a, "type")), json_true());
    json_object_set(types, "no such type", json_false());
    const char *type;
    json_t *listed;
    json_object_foreach(types, type, listed) {
        rng r;
        rng_seed(&r, seed);
        json_t *b = k->playout_action(st, seat, rate_first, (void *)(uintptr_t)type, &r);
        if (json_object_size(types) == 1 && b)
            fail_msg("%s: seat %d: playout_action drew %s, the list holds no body", k->name,
                     seat, json_dumps(b, JSON_COMPACT));
        if (json_object_size(types) > 1 && !b)
            fail_msg("%s: seat %d: playout_action drew nothing, the list holds bodies",
                     k->name, seat);
        if (b && json_is_true(listed) &&
            strcmp(json_string_value(json_object_get(b, "type")), type) != 0)
            fail_msg("%s: seat %d: playout_action drew no %s, the list holds one", k->name,
                     seat, type);
        int found = 0;
        json_array_foreach(acts, i, a)
            found |= b && json_equal(a, b);
        if (b && !found)
            fail_msg("%s: seat %d: playout_action drew %s, not in the list", k->name, seat,
                     json_dumps(b, JSON_COMPACT));
        json_decref(b);
    }
    json_decref(types);
}

static json_t *options_for(const game_kind *k)
{
    /* Timers are driven here with a simulated clock; Wibbell's tie
     * window is kept to exercise them.  World Dumbination plays a shorter
     * game (its options: 6 VP to end, 3 rounds at most): random play takes
     * ~100 actions a round with 5 players (tests/games/dumbination/
     * test_dumb_game.c plays whole games). */
    if (strcmp(k->name, "world-dumbination") == 0)
        return json_pack("{s:i, s:i}", "end_vp", 6, "max_rounds", 3);
    return json_object();
}

static void play_one(const game_kind *k, uint64_t seed, unsigned nplayers)
{
    const char *names[8] = {"ann", "bob", "cy", "dee", "eve", "fay", "gus", "hal"};
    json_t *opts = options_for(k);
    void *st = NULL;
    char *why = NULL;
    rng r;
    step *log = NULL;
    size_t nlog = 0;
    int64_t now = 1700000000000;
    game_ctx ctx = {lib, now};
    int finished = 0, rc = k->create(&ctx, names, nplayers, opts, seed, &st, &why);
    if (rc)
        fail_msg("%s: create with %u players failed: %s", k->name, nplayers, why);
    rng_seed(&r, seed ^ 0x5eed);
    log = calloc(MAX_STEPS + 1, sizeof *log);

    for (size_t n = 0; n < MAX_STEPS; n++) {
        check_round_trip(k, st, n % 8 == 0);
        for (int s = GAME_SEAT_HOST; s < (int)nplayers; s++)
            check_view(k, st, s, &finished, n % 16 == 0); /* not cheap: sampled */
        if (finished)
            break;
        now += (int64_t)rng_below(&r, 150);
        ctx.now_ms = now;
        int64_t dl = k->deadline ? k->deadline(st) : -1;
        int seat;
        json_t *action;
        int is_template = 0;
        if (dl >= 0 && (rng_below(&r, 3) == 0 || dl <= now)) {
            if (dl > now)
                now = ctx.now_ms = dl;
            seat = GAME_SEAT_SYSTEM;
            action = json_pack("{s:s}", "type", "timer");
        } else {
            /* A random seat (or the host) with something to do. */
            json_t *v = k->view(st, GAME_SEAT_PUBLIC), *choices = json_array();
            json_t *to_act = json_object_get(v, "to_act");
            int cands[10], nc = 0;
            for (int s = GAME_SEAT_HOST; s < (int)nplayers; s++) {
                json_t *acts = k->actions(st, s);
                check_playout_action(k, st, s, acts, seed + n);
                if (json_array_size(acts)) {
                    if (s >= 0 && !in_list(to_act, s))
                        fail_msg("%s: seat %d has actions but is not in to_act", k->name, s);
                    cands[nc++] = s;
                }
                json_decref(acts);
            }
            json_decref(v);
            json_decref(choices);
            if (nc == 0 && dl < 0)
                fail_msg("%s: nobody can act and no timer, but not finished", k->name);
            if (nc == 0) {
                now = ctx.now_ms = dl > now ? dl : now;
                seat = GAME_SEAT_SYSTEM;
                action = json_pack("{s:s}", "type", "timer");
            } else {
                seat = cands[rng_below(&r, (uint64_t)nc)];
                json_t *acts = k->actions(st, seat);
                /* The host's "end" (a referee ending the match) is chosen
                 * one time in 40 when it has others, so matches are played. */
                if (seat == GAME_SEAT_HOST && json_array_size(acts) > 1 && rng_below(&r, 40))
                    for (size_t i = json_array_size(acts); i-- > 0;)
                        if (strcmp(json_string_value(json_object_get(json_array_get(acts, i),
                                                                     "type")), "end") == 0)
                            json_array_remove(acts, i);
                /* Now and then, first something illegal: nothing changes. */
                if (rng_below(&r, 4) == 0) {
                    int other = (seat + 1) % (int)nplayers;
                    json_t *oa = k->actions(st, other);
                    json_t *bad = illegal_action(&r, json_array_size(oa) && other != seat
                                                         ? json_array_get(oa, 0) : NULL);
                    json_t *before = k->save(st), *ev = json_array();
                    char *w = NULL;
                    int brc = k->apply(st, &ctx, seat, bad, ev, &w);
                    if (brc != WB_OK) {
                        assert_true(brc == WB_EILLEGAL || brc == WB_ENOTTURN || brc == WB_EINVAL);
                        assert_non_null(w);
                        assert_true(save_equal(k, st, before));
                        assert_int_equal(json_array_size(ev), 0);
                    } else {
                        /* It was legal after all (the other seat's action
                         * may be open to this one too): record it. */
                        log[nlog++] = (step){seat, json_incref(bad), now};
                        check_secrets(k, st, ev, (int)nplayers);
                    }
                    free(w);
                    json_decref(before);
                    json_decref(ev);
                    json_decref(bad);
                    json_decref(oa);
                    json_decref(acts);
                    continue;
                }
                action = instantiate(&r, json_array_get(acts, rng_below(&r, json_array_size(acts))),
                                     &is_template);
                json_decref(acts);
            }
        }
        json_t *ev = json_array(), *before = k->save(st);
        char *w = NULL;
        rc = k->apply(st, &ctx, seat, action, ev, &w);
        if (rc != WB_OK) {
            if (!is_template) {
                char *d = json_dumps(action, JSON_COMPACT);
                fail_msg("%s: listed action %s of seat %d refused: %s", k->name, d, seat,
                         w ? w : wb_strerror(rc));
            }
            assert_true(save_equal(k, st, before));
            json_decref(action);
        } else {
            log[nlog++] = (step){seat, action, now};
            check_secrets(k, st, ev, (int)nplayers);
        }
        free(w);
        json_decref(ev);
        json_decref(before);
    }
    if (!finished)
        fail_msg("%s: seed %llu, %u players: not finished after %d steps", k->name,
                 (unsigned long long)seed, nplayers, MAX_STEPS);

    /* Replay from the seed: the same state, byte for byte. */
    void *again = NULL;
    ctx.now_ms = 1700000000000;
    assert_int_equal(k->create(&ctx, names, nplayers, opts, seed, &again, &why), WB_OK);
    for (size_t i = 0; i < nlog; i++) {
        json_t *ev = json_array();
        char *w = NULL;
        ctx.now_ms = log[i].at;
        assert_int_equal(k->apply(again, &ctx, log[i].seat, log[i].action, ev, &w), WB_OK);
        json_decref(ev);
        json_decref(log[i].action);
    }
    json_t *final = k->save(st);
    assert_true(save_equal(k, again, final));
    json_decref(final);
    k->destroy(again);
    k->destroy(st);
    json_decref(opts);
    free(log);
}

static void test_game(void **state)
{
    const game_kind *k = *state;
    const char *env = getenv("CONFORMANCE_MATCHES");
    unsigned per = env ? (unsigned)atoi(env) : 12;
    json_t *o = k->options();
    assert_true(json_is_object(o));
    json_decref(o);
    for (unsigned m = 0; m < per; m++) {
        unsigned players = k->min_players + m % (k->max_players - k->min_players + 1);
        play_one(k, 1000 + 17 * m, players);
    }
    printf("# %s: %u matches played to the end\n", k->name, per);
}

static int setup(void **state)
{
    (void)state; /* the group state; each test has its game */
    const char *dir = getenv("WIBBELLD_TEST_DATA");
    return dir && dict_lib_open(dir, "en_US", &lib) == WB_OK ? 0 : -1;
}

static int teardown(void **state)
{
    (void)state;
    dict_lib_close(lib);
    return 0;
}

int main(void)
{
    size_t n;
    const game_kind *const *kinds = game_registry(&n);
    struct CMUnitTest *tests = calloc(n + 2, sizeof *tests);
    /* One test per registered game, named after it, and the framework's
     * example game (games/example/example.c); CONFORMANCE_GAME=name plays
     * that one only (the mutation sampler, tests/mutation/). */
    const char *only = getenv("CONFORMANCE_GAME");
    size_t t = 0;
    for (size_t g = 0; g <= n; g++) {
        const game_kind *k = g < n ? kinds[g] : &game_example;
        if (only && strcmp(only, k->name) != 0)
            continue;
        tests[t].name = k->name;
        tests[t].test_func = test_game;
        tests[t++].initial_state = (void *)(uintptr_t)k;
    }
    if (t == 0) {
        fprintf(stderr, "CONFORMANCE_GAME=%s: no such game\n", only);
        free(tests);
        return 1;
    }
    int rc = _cmocka_run_group_tests("conformance", tests, t, setup, teardown);
    free(tests);
    return rc;
}
