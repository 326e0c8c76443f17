/*
 * test_framework.c - the game framework v2 (game_def.h) through its
 * example game, Sealed Bids (games/example/example.c), and through small
 * game_defs of its own: options checked and completed, queries and restore,
 * one refusal code per kind of refusal (400 shape, 409 not you / not now,
 * 422 the rules), the listed actions accepted by construction, secret
 * simultaneous choices hidden in views and events until revealed, a pending
 * decision as to_act and the only open action, the saved format version
 * checked.  The codec: test_framework_codec.c; graphs and boards:
 * test_framework_graph.c.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "example.h"
#include "framework_test_util.h"
#include "game_data.h"
#include "game_def.h"
#include "game_graph.h"
#include "game_json.h"
#include "game_test.h"
#include "wb_err.h"

/* --- options ------------------------------------------------------------- */

static void test_options(void **state)
{
    (void)state;
    json_t *o = K->options();
    gt_match(o, "{\"coins\":{\"type\":\"integer\",\"default\":10},"
                "\"rounds\":{\"type\":\"integer\",\"default\":3}}");
    json_decref(o);
    /* Unknown options, wrong types, values out of range, player counts:
     * WB_EINVAL, the same for every game. */
    assert_int_equal(gt_create_rc(K, 2, "{\"colour\":1}", 1), WB_EINVAL);
    assert_int_equal(gt_create_rc(K, 2, "{\"coins\":\"ten\"}", 1), WB_EINVAL);
    assert_int_equal(gt_create_rc(K, 2, "{\"coins\":21}", 1), WB_EINVAL);
    assert_int_equal(gt_create_rc(K, 1, "{}", 1), WB_EINVAL);
    assert_int_equal(gt_create_rc(K, 5, "{}", 1), WB_EINVAL);
    assert_int_equal(gt_create_rc(K, 4, "{\"coins\":20,\"rounds\":1}", 1), WB_OK);
    /* Defaults are filled in. */
    gt t;
    gt_make(&t, K, 3, "{}", 7);
    json_t *v = gt_view(&t, GAME_SEAT_PUBLIC);
    gt_match(v, "{\"status\":\"active\",\"to_act\":[0,1,2],\"coins\":[10,10,10],"
                "\"rounds\":3,\"round\":1,\"phase\":\"bid\",\"bids\":[null,null,null]}");
    json_decref(v);
    gt_free(&t);
}

/* Options whose allowed values depend on the players (a seat number) or
 * on the game's data (an "enum" that options_fix puts in the
 * description), on a def of options only. */
static json_t *opt_seen; /* the options create() got last */

static int opt_create(void *st, const game_ctx *ctx, const char *const *players, size_t n,
                      const json_t *options, uint64_t seed, char **why)
{
    (void)st, (void)ctx, (void)players, (void)n, (void)seed, (void)why;
    json_decref(opt_seen);
    opt_seen = json_deep_copy(options);
    return WB_OK;
}

static void opt_fix(json_t *desc)
{
    json_object_set_new(json_object_get(desc, "map"), "enum", json_pack("[s,s]", "north", "south"));
}

static const game_member opt_members[] = {
    {.name = "first", .type = GAME_T_INT, .def = "0", .seat = 1, .desc = "a seat"},
    {.name = "map", .type = GAME_T_STRING, .def = "\"north\"", .desc = "a map of the data"},
    {.name = "colours", .type = GAME_T_ARRAY, .optional = 1, .def = "[\"red\", \"blue\"]",
     .desc = "null: the default"},
    {.name = "by_seat", .type = GAME_T_ARRAY, .def = "[]", .seat = 1, .desc = "per seat"},
    {.name = "some", .type = GAME_T_ARRAY, .def = "null", .has_range = 1, .min = 1, .max = 2,
     .desc = "1 or 2 things"},
    {.name = "table", .type = GAME_T_OBJECT, .def = "null", .has_range = 1, .min = 1, .max = 2,
     .desc = "1 or 2 members"},
    {NULL},
};

static const game_def opt_def = {.kind = &opt_kind, .format = 1, .size = sizeof(game_base),
                                 .flat = 1, .options = opt_members, .options_fix = opt_fix,
                                 .create = opt_create};

static int opt_try(size_t n, const char *options, const char *want)
{
    static const char *const players[] = {"a", "b", "c", "d"};
    json_t *o = json_loads(options, 0, NULL);
    void *st = NULL;
    char *why = NULL;
    int rc = game_def_create(&opt_def, NULL, players, n, o, 1, &st, &why);
    if (want)
        assert_string_equal(why, want);
    game_def_destroy(st);
    json_decref(o);
    free(why);
    return rc;
}

static void test_options_of_players_and_data(void **state)
{
    (void)state;
    assert_int_equal(opt_try(3, "{\"first\":3}", "first must be an integer from 0 to 2"),
                     WB_EINVAL);
    assert_int_equal(opt_try(3, "{\"first\":-1}", "first must be an integer from 0 to 2"),
                     WB_EINVAL);
    assert_int_equal(opt_try(4, "{\"first\":3,\"map\":\"south\"}", NULL), WB_OK);
    assert_int_equal(opt_try(2, "{\"map\":\"west\"}", "map must be one of north, south"),
                     WB_EINVAL);
    assert_int_equal(opt_try(2, "{}", NULL), WB_OK);
    /* An optional option sent as null: create() gets the default. */
    static const char *const players[] = {"a", "b"};
    json_t *o = json_loads("{\"colours\":null}", 0, NULL), *got = NULL;
    void *st = NULL;
    char *why = NULL;
    assert_int_equal(game_def_create(&opt_def, NULL, players, 2, o, 1, &st, &why), WB_OK);
    got = json_object_get(opt_seen, "colours");
    assert_true(json_is_array(got) && json_array_size(got) == 2);
    game_def_destroy(st);
    json_decref(o);
    json_decref(opt_seen);
    opt_seen = NULL;
    assert_int_equal(opt_try(2, "{\"by_seat\":[1,2],\"some\":[3,4]}", NULL), WB_OK);
    assert_int_equal(opt_try(2, "{\"by_seat\":[1,2,3]}", "by_seat must be an array of at most "
                                                        "2 elements, one per seat"), WB_EINVAL);
    assert_int_equal(opt_try(2, "{\"some\":[]}", "some must be an array of 1 to 2 elements"),
                     WB_EINVAL);
    assert_int_equal(opt_try(2, "{\"some\":[1,2,3]}", "some must be an array of 1 to 2 "
                                                     "elements"), WB_EINVAL);
    assert_int_equal(opt_try(2, "{\"some\":null}", NULL), WB_OK);
    assert_int_equal(opt_try(2, "{\"some\":[3]}", NULL), WB_OK); /* the minimum */
    assert_int_equal(opt_try(2, "{\"table\":{\"a\":1}}", NULL), WB_OK);
    assert_int_equal(opt_try(2, "{\"table\":{\"a\":1,\"b\":2}}", NULL), WB_OK);
    assert_int_equal(opt_try(2, "{\"table\":{}}", "table must be an object of 1 to 2 members"),
                     WB_EINVAL);
    assert_int_equal(opt_try(2, "{\"table\":{\"a\":1,\"b\":2,\"c\":3}}",
                             "table must be an object of 1 to 2 members"), WB_EINVAL);
}

/* rng_shuffle: over 600 seeds every order of three elements comes out,
 * each about a sixth of the time, and two elements are swapped about half
 * the time (a loop that stopped one step early never swaps the first
 * two). */
static void test_shuffle(void **state)
{
    (void)state;
    int seen[6] = {0}, swapped = 0;
    for (uint64_t seed = 1; seed <= 600; seed++) {
        rng r;
        int v[3] = {0, 1, 2}, w[2] = {0, 1};
        rng_seed(&r, seed);
        rng_shuffle(&r, v, 3, sizeof v[0]);
        rng_shuffle(&r, w, 2, sizeof w[0]);
        assert_true(v[0] != v[1] && v[1] != v[2] && v[0] != v[2]);
        seen[v[0] * 2 + (v[1] > v[2])]++;
        swapped += w[0] == 1;
    }
    for (int k = 0; k < 6; k++)
        assert_in_range(seen[k], 60, 140);
    assert_in_range(swapped, 240, 360);
}

/* --- queries, restore, the highest scores win ------------------------------ */

typedef struct q_state {
    game_base base;
    int nseats, score[3];
} q_state;

static void q_io(game_io *io, void *st)
{
    q_state *s = st;
    game_io_int(io, "nseats", &s->nseats, 2, 3);
    game_io_ints(io, "score", s->score, 3, 0, 99);
}

GAME_ANSWER(q_total)
{
    const q_state *s = state;
    *out = json_pack("{s:i}", "total", s->score[0] + s->score[1] + s->score[2]);
    return WB_OK;
}

static void q_result(const void *st, int *winner, json_int_t *score)
{
    const q_state *s = st;
    for (int i = 0; i < s->nseats; i++)
        score[i] = s->score[i];
    (void)winner; /* the framework's: highest_wins */
}

static const game_query q_queries[] = {
    {"total", GAME_ROLE_HOST | GAME_ROLE_SEAT, q_total},
    {"secret", GAME_ROLE_HOST, q_total},
    {"open", GAME_ROLE_ANYONE, q_total},
    {NULL},
};

static const game_def q_def = {.kind = &opt_kind, .format = 1, .size = sizeof(q_state),
                               .flat = 1, .io = q_io, .nseats_at = offsetof(q_state, nseats),
                               .result = q_result, .highest_wins = 1, .queries = q_queries};

/* A tie-break (tie[] comes zeroed): the later seat. */
static void q_tie(const void *st, json_int_t *tie)
{
    for (int i = 0; i < ((const q_state *)st)->nseats; i++)
        tie[i] += i;
}

static const game_def q_tie_def = {.kind = &opt_kind, .format = 1, .size = sizeof(q_state),
                                   .flat = 1, .io = q_io, .nseats_at = offsetof(q_state, nseats),
                                   .result = q_result, .highest_wins = 1, .tiebreak = q_tie,
                                   .tiebreak_name = "ties"};

/* Ask `name` as `seat`: the code; `want` the refusal, or NULL for the
 * answer (the total of the scores). */
static int q_ask(const q_state *s, int seat, const char *name, const char *want)
{
    json_t *out = NULL;
    char *why = NULL;
    int rc = game_def_query(s, NULL, seat, name, NULL, &out, &why);
    if (want)
        assert_string_equal(why, want);
    else
        assert_int_equal(json_integer_value(json_object_get(out, "total")), 22);
    json_decref(out);
    free(why);
    return rc;
}

static void test_queries_restore(void **state)
{
    (void)state;
    q_state s = {.base = {&q_def}, .nseats = 3, .score = {4, 9, 9}};
    assert_int_equal(q_ask(&s, 1, "total", NULL), WB_OK);
    assert_int_equal(q_ask(&s, GAME_SEAT_PUBLIC, "total", "the query total is for the host "
                           "and the seats of this match: send a seat or host token"), WB_EAUTH);
    assert_int_equal(q_ask(&s, 0, "secret", "the query secret is for the host of this match"),
                     WB_EFORBIDDEN);
    assert_int_equal(q_ask(&s, GAME_SEAT_PUBLIC, "secret", "the query secret is for the host "
                           "of this match"), WB_EFORBIDDEN);
    assert_int_equal(q_ask(&s, GAME_SEAT_HOST, "secret", NULL), WB_OK);
    assert_int_equal(q_ask(&s, GAME_SEAT_PUBLIC, "open", NULL), WB_OK);
    assert_int_equal(q_ask(&s, GAME_SEAT_HOST, "nope", "Opts answers the queries total, "
                           "secret, open, not 'nope'"), WB_ENOTFOUND);
    /* the highest scores win: seats 1 and 2 */
    json_t *o = json_object();
    game_def_put_result(&s, o);
    gt_match(o, "{\"winners\":[1,2],\"scores\":[4,9,9]}");
    assert_null(json_object_get(o, "ties"));
    json_decref(o);
    /* with a tie-break: seat 2 alone, and the tie-breaks shown */
    q_state t = s;
    t.base.def = &q_tie_def;
    o = json_object();
    game_def_put_result(&t, o);
    gt_match(o, "{\"winners\":[2],\"scores\":[4,9,9],\"ties\":[0,1,2]}");
    json_decref(o);
    /* back to a save; a bad save changes nothing */
    json_t *saved = game_def_save(&s), *bad = json_pack("{s:i}", "format", 1);
    char *why = NULL;
    s.score[0] = 50;
    assert_int_equal(game_def_restore(&s, bad, &why), WB_EINVAL);
    assert_string_equal(why, "not a Opts state: bad nseats");
    assert_int_equal(s.score[0], 50);
    free(why);
    why = NULL;
    assert_int_equal(game_def_restore(&s, saved, &why), WB_OK);
    assert_int_equal(s.score[0], 4);
    assert_ptr_equal(s.base.def, &q_def);
    json_decref(saved);
    json_decref(bad);
}

/* --- refusals ------------------------------------------------------------ */

static void test_refusal_codes(void **state)
{
    (void)state;
    gt t;
    gt_make(&t, K, 2, "{\"coins\":5}", 7);
    /* 400: the body's shape. */
    assert_int_equal(gt_act(&t, 0, "{}"), WB_EINVAL);
    assert_int_equal(gt_act(&t, 0, "{\"type\":7}"), WB_EINVAL);
    assert_int_equal(gt_act(&t, 0, "{\"type\":\"juggle\"}"), WB_EINVAL);
    assert_non_null(strstr(t.why, "bid, pick"));
    assert_int_equal(gt_act(&t, 0, "{\"type\":\"bid\"}"), WB_EINVAL);
    assert_int_equal(gt_act(&t, 0, "{\"type\":\"bid\",\"amount\":\"3\"}"), WB_EINVAL);
    assert_int_equal(gt_act(&t, 0, "{\"type\":\"bid\",\"amount\":3,\"x\":1}"), WB_EINVAL);
    assert_non_null(strstr(t.why, "\"x\""));
    /* 422: the rules (allowed values, the check). */
    assert_int_equal(gt_act(&t, 0, "{\"type\":\"bid\",\"amount\":21}"), WB_EILLEGAL);
    assert_int_equal(gt_act(&t, 0, "{\"type\":\"bid\",\"amount\":6}"), WB_EILLEGAL);
    assert_string_equal(t.why, "you have 5 coins");
    /* 409: not you, not now. */
    assert_int_equal(gt_act(&t, GAME_SEAT_HOST, "{\"type\":\"bid\",\"amount\":1}"),
                     WB_ENOTTURN);
    assert_int_equal(gt_act(&t, 0, "{\"type\":\"pick\",\"prize\":1}"), WB_ENOTTURN);
    assert_int_equal(gt_act(&t, 0, "{\"type\":\"bid\",\"amount\":1}"), WB_OK);
    assert_int_equal(gt_act(&t, 0, "{\"type\":\"bid\",\"amount\":1}"), WB_ENOTTURN);
    assert_string_equal(t.why, "you have bid this round: the others are still bidding");
    gt_free(&t);
}

/* --- secret simultaneous choices and a pending decision ------------------ */

static void test_secret_bids(void **state)
{
    (void)state;
    gt t;
    gt_make(&t, K, 3, "{}", 7);
    assert_int_equal(gt_act(&t, 1, "{\"type\":\"bid\",\"amount\":4}"), WB_OK);
    /* The event: the whole bid to its seat, the fact of it to the others. */
    assert_int_equal(json_array_size(t.ev), 2);
    gt_match(json_array_get(t.ev, 0), "{\"type\":\"bid\",\"seat\":1,\"amount\":4,"
                                      "\"private_to\":[1]}");
    gt_match(json_array_get(t.ev, 1), "{\"type\":\"bid\",\"seat\":1,\"sealed\":true,"
                                      "\"private_to\":[0,2]}");
    assert_null(json_object_get(json_array_get(t.ev, 1), "amount"));
    /* The views: the amount to seat 1 and the host only. */
    json_t *mine = gt_view(&t, 1), *other = gt_view(&t, 0), *pub = gt_view(&t, GAME_SEAT_PUBLIC);
    json_t *host = gt_view(&t, GAME_SEAT_HOST);
    gt_match(mine, "{\"bids\":[null,{\"seat\":1,\"amount\":4},null],\"to_act\":[0,2]}");
    gt_match(host, "{\"bids\":[null,{\"seat\":1,\"amount\":4},null]}");
    gt_match(other, "{\"bids\":[null,{\"seat\":1,\"sealed\":true},null]}");
    assert_null(json_object_get(json_array_get(json_object_get(other, "bids"), 1), "amount"));
    assert_null(json_object_get(json_array_get(json_object_get(pub, "bids"), 1), "amount"));
    json_decref(mine);
    json_decref(other);
    json_decref(pub);
    json_decref(host);
    /* Once all have bid: revealed, and the single highest bidder must pick. */
    assert_int_equal(gt_act(&t, 0, "{\"type\":\"bid\",\"amount\":2}"), WB_OK);
    assert_int_equal(gt_act(&t, 2, "{\"type\":\"bid\",\"amount\":3}"), WB_OK);
    gt_match(gt_event(&t, "reveal"), "{\"bids\":[2,4,3],\"winner\":1}");
    json_t *v = gt_view(&t, GAME_SEAT_PUBLIC);
    gt_match(v, "{\"to_act\":[1],\"coins\":[10,6,10],\"phase\":\"pick\","
                "\"pending\":{\"seat\":1,\"prompt\":\"pick a prize\",\"actions\":[\"pick\"]}}");
    /* The pending seat's actions are the candidates, one per prize. */
    json_t *acts = gt_actions(&t, 1);
    assert_int_equal(json_array_size(acts), 6);
    gt_match(json_array_get(acts, 0), "{\"type\":\"pick\"}");
    json_t *prizes = json_object_get(v, "prizes");
    int first = (int)json_integer_value(json_array_get(prizes, 0));
    json_t *none = gt_actions(&t, 0);
    assert_int_equal(json_array_size(none), 0);
    assert_int_equal(gt_act(&t, 0, "{\"type\":\"pick\",\"prize\":%d}", first), WB_ENOTTURN);
    assert_non_null(strstr(t.why, "seat 1 must now choose"));
    assert_int_equal(gt_act(&t, 1, "{\"type\":\"pick\",\"prize\":9}"), WB_EILLEGAL);
    assert_int_equal(gt_act(&t, 1, "{\"type\":\"pick\",\"prize\":%d}", first), WB_OK);
    json_decref(v);
    v = gt_view(&t, GAME_SEAT_PUBLIC);
    gt_match(v, "{\"round\":2,\"phase\":\"bid\",\"to_act\":[0,1,2]}");
    assert_null(json_object_get(v, "pending"));
    json_decref(v);
    json_decref(acts);
    json_decref(none);
    gt_free(&t);
}

/* Random listed actions to the end: every listed action is accepted, the
 * result is in the view, save/load round-trips. */
static void test_play_to_the_end(void **state)
{
    (void)state;
    for (uint64_t seed = 1; seed <= 20; seed++) {
        gt t;
        rng r;
        rng_seed(&r, seed);
        gt_make(&t, K, 2 + (int)(seed % 3), "{\"coins\":6,\"rounds\":4}", seed);
        for (int steps = 0; !K->finished(t.st); steps++) {
            assert_true(steps < 200);
            json_t *v = gt_view(&t, GAME_SEAT_PUBLIC), *to = json_object_get(v, "to_act");
            int seat = (int)json_integer_value(json_array_get(to, rng_below(&r,
                                                               json_array_size(to))));
            json_t *acts = gt_actions(&t, seat);
            assert_true(json_array_size(acts) > 0);
            char *body = json_dumps(json_array_get(acts, rng_below(&r, json_array_size(acts))),
                                    JSON_COMPACT);
            assert_int_equal(gt_act(&t, seat, "%s", body), WB_OK);
            free(body);
            json_decref(acts);
            json_decref(v);
            json_t *saved = K->save(t.st);
            void *copy = NULL;
            char *why = NULL;
            assert_int_equal(K->load(saved, &copy, &why), WB_OK);
            json_t *again = K->save(copy);
            assert_true(json_equal(saved, again));
            json_decref(again);
            json_decref(saved);
            K->destroy(copy);
        }
        json_t *v = gt_view(&t, 0);
        gt_match(v, "{\"status\":\"finished\",\"to_act\":[]}");
        assert_true(json_array_size(json_object_get(v, "winners")) >= 1);
        assert_int_equal(json_array_size(json_object_get(v, "scores")),
                         json_array_size(json_object_get(v, "coins")));
        assert_int_equal(gt_act(&t, 0, "{\"type\":\"bid\",\"amount\":0}"), WB_ENOTTURN);
        json_decref(v);
        gt_free(&t);
    }
}

/* --- the saved state ------------------------------------------------------ */

static void no_format(json_t *s) { json_object_del(s, "format"); }

static void test_format_version(void **state)
{
    (void)state;
    gt t;
    gt_make(&t, K, 2, "{}", 3);
    json_t *saved = K->save(t.st);
    assert_int_equal(json_integer_value(json_object_get(saved, "format")), 1);
    static const char *const bad[] = {
        "{\"format\":2}", "{\"format\":null}", "{\"round\":0}", "{\"phase\":\"nap\"}",
        "{\"seats\":[]}", "{\"prizes\":[1,2,3,4,5,6,7]}", "{\"picker\":0}",
        "{\"seats\":[{\"coins\":1,\"bid\":2,\"won\":0},{\"coins\":1,\"bid\":0,\"won\":0}]}",
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        json_t *b = json_deep_copy(saved), *patch = json_loads(bad[i], 0, NULL);
        void *st = NULL;
        char *why = NULL;
        json_object_update(b, patch);
        if (K->load(b, &st, &why) != WB_EINVAL)
            fail_msg("loaded with %s", bad[i]);
        assert_non_null(strstr(why, "not a Sealed Bids state: bad "));
        assert_null(st);
        free(why);
        json_decref(b);
        json_decref(patch);
    }
    json_t *b = json_deep_copy(saved);
    no_format(b);
    void *st = NULL;
    char *why = NULL;
    assert_int_equal(K->load(b, &st, &why), WB_EINVAL);
    assert_string_equal(why, "not a Sealed Bids state: bad format");
    free(why);
    json_decref(b);
    json_decref(saved);
    gt_free(&t);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_options),
        cmocka_unit_test(test_shuffle),
        cmocka_unit_test(test_refusal_codes),
        cmocka_unit_test(test_options_of_players_and_data),
        cmocka_unit_test(test_secret_bids),
        cmocka_unit_test(test_play_to_the_end),
        cmocka_unit_test(test_format_version),
        cmocka_unit_test(test_queries_restore),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
