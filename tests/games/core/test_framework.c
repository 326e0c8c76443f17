/*
 * test_framework.c - the game framework v2 (game_def.h, game_json.h,
 * game_graph.h) through its example game, Sealed Bids (games/example/example.c),
 * and directly: options checked and completed, one refusal code per kind
 * of refusal (400 shape, 409 not you / not now, 422 the rules), the listed
 * actions accepted by construction, secret simultaneous choices hidden in
 * views and events until revealed, a pending decision as to_act and the
 * only open action, the saved format version checked, the codec's
 * refusals, the area-graph loader and the board generators.
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
#include "game_def.h"
#include "game_data.h"
#include "game_graph.h"
#include "game_json.h"
#include "game_test.h"
#include "wb_err.h"

static const game_kind *const K = &game_example;

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
static const game_kind opt_kind = {.name = "opts", .title = "Opts", .min_players = 2,
                                   .max_players = 4};
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
    assert_int_equal(opt_try(2, "{\"table\":{\"a\":1,\"b\":2}}", NULL), WB_OK);
    assert_int_equal(opt_try(2, "{\"table\":{}}", "table must be an object of 1 to 2 members"),
                     WB_EINVAL);
    assert_int_equal(opt_try(2, "{\"table\":{\"a\":1,\"b\":2,\"c\":3}}",
                             "table must be an object of 1 to 2 members"), WB_EINVAL);
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

/* --- the codec directly ----------------------------------------------------- */

typedef struct thing {
    int n, flag, kind;
    int64_t big;
    char name[8];
    char *text;
    int v[3];
} thing;

static void thing_io(game_io *io, void *p)
{
    static const char *const kinds[] = {"a", "b"};
    thing *t = p;
    game_io_int(io, "n", &t->n, 0, 9);
    game_io_bool(io, "flag", &t->flag);
    game_io_enum(io, "kind", &t->kind, kinds, 2);
    game_io_i64(io, "big", &t->big, -1, INT64_MAX);
    game_io_chars(io, "name", t->name, sizeof t->name);
    game_io_str(io, "text", &t->text);
    game_io_object(io, "inner");
    game_io_ints(io, "v", t->v, 3, 0, 100);
    game_io_end(io);
}

/* game_io_enum_set and game_io_flags: different names, flags as indexes;
 * game_io_slug, game_io_slugs (different ones) and game_io_seat (game_data.h). */
typedef struct sets {
    int nv, v[4], flag[3], nrows, seat;
    char name[8], rows[3][6];
} sets;

static void sets_io(game_io *io, void *st)
{
    static const char *const names[] = {"a", "b", "c", "d"};
    sets *s = st;
    s->nv = (int)game_io_enum_set(io, "names", s->v, (size_t)s->nv, 1, 3, names, 4);
    game_io_flags(io, "flags", s->flag, 3);
    game_io_slug(io, "name", s->name, sizeof s->name);
    s->nrows = (int)game_io_slugs(io, "rows", (char *)s->rows, 6, (size_t)s->nrows, 1, 3);
    game_io_seat(io, "seat", &s->seat, 3);
}

static void text_io(game_io *io, void *st) { game_io_text(io, "t", (char **)st); }

/* `state` saved through `io` both ways (tree and text) is `want`; the tree. */
static json_t *saved_as(void (*io)(game_io *, void *), const void *state, const char *want)
{
    game_text t = {0};
    json_t *j = game_io_save(io, state);
    gt_match(j, want);
    game_io_save_text(io, state, NULL, &t);
    assert_string_equal(t.s, want);
    free(t.s);
    return j;
}

static void test_codec_sets(void **state)
{
    (void)state;
    sets a = {2, {3, 0}, {1, 0, 1}, 2, -1, "ant", {"bee", "cow-2"}};
    sets b = {0, {0}, {1, 1, 1}, 0, 0, "", {""}};
    const char *what = NULL, *want = "{\"names\":[\"d\",\"a\"],\"flags\":[0,2],"
                                     "\"name\":\"ant\",\"rows\":[\"bee\",\"cow-2\"],"
                                     "\"seat\":null}";
    json_t *j = saved_as(sets_io, &a, want);
    assert_int_equal(game_io_load(sets_io, j, &b, &what), WB_OK);
    assert_true(b.nv == 2 && b.v[0] == 3 && b.v[1] == 0);
    assert_true(b.flag[0] == 1 && b.flag[1] == 0 && b.flag[2] == 1);
    assert_true(b.nrows == 2 && b.seat == -1 && strcmp(b.rows[1], "cow-2") == 0);
    assert_string_equal(b.name, "ant");
    /* game_io_text: a string that may not be null. */
    char *txt = NULL;
    json_t *nul = json_pack("{s:n}", "t"), *str = json_pack("{s:s}", "t", "x");
    assert_int_equal(game_io_load(text_io, nul, &txt, &what), WB_EINVAL);
    assert_string_equal(what, "t");
    assert_int_equal(game_io_load(text_io, str, &txt, &what), WB_OK);
    assert_string_equal(txt, "x");
    free(txt);
    json_decref(nul);
    json_decref(str);
    json_t *ids = json_pack("[o,o]", game_json_id(4), game_json_id(-1));
    char *text = json_dumps(ids, JSON_COMPACT);
    assert_string_equal(text, "[4,null]");
    free(text);
    json_decref(ids);
    json_decref(j);
    /* game_json_seats: the seats of the n whose flag is set, none past n */
    int flags4[4] = {1, 0, 1, 1};
    j = game_json_seats(flags4, 3);
    text = json_dumps(j, JSON_COMPACT);
    assert_string_equal(text, "[0,2]");
    free(text);
    json_decref(j);
    static const char *const bad[][2] = {
        {"{\"names\":[\"a\",\"a\"]}", "names"},
        {"{\"flags\":[1,1]}", "flags"},
        {"{\"names\":[\"e\"]}", NULL},
        {"{\"names\":[]}", NULL},
        {"{\"flags\":[3]}", NULL},
        {"{\"name\":\"Ant\"}", "name"},
        {"{\"rows\":[\"bee\",\"bee\"]}", "rows"},
        {"{\"rows\":[\"ant\",\"bee\",\"bee\"]}", "rows"}, /* each against all before */
        {"{\"rows\":[\"b e\"]}", "rows"},
        {"{\"seat\":3}", "seat"},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        sets x = {0};
        json_t *c = json_loads(want, 0, NULL), *p = json_loads(bad[i][0], 0, NULL);
        json_object_update(c, p);
        json_decref(p);
        assert_int_equal(game_io_load(sets_io, c, &x, &what), WB_EINVAL);
        if (bad[i][1])
            assert_string_equal(what, bad[i][1]);
        json_decref(c);
    }
}

/* Saves of an older format load with the members added since (the def's
 * `added` and `oldest`), here over sets_io: format 1 had no "seat". */
typedef struct sets_state {
    game_base base;
    sets s;
    int phase;
    int64_t deadline;
} sets_state;

static void sets_state_io(game_io *io, void *st) { sets_io(io, &((sets_state *)st)->s); }

/* A timer with no check: the framework applies it only when due. */
GAME_APPLY(sets_tick)
{
    ((sets_state *)state)->phase = 0;
    game_event(ev, "{s:s}", "type", "tick");
    return WB_OK;
}

static const game_action sets_actions[] = {
    {.type = "timer", .who = GAME_ROLE_SYSTEM, .apply = sets_tick, .unlisted = 1},
    {NULL},
};

static const game_added sets_added[] = {{2, "seat", "2"}, {0}};
static const game_def sets_def = {.kind = &opt_kind, .format = 2, .size = sizeof(sets_state),
                                  .flat = 1, .io = sets_state_io, .added = sets_added,
                                  .oldest = 1, .phase_at = offsetof(sets_state, phase),
                                  .deadline_at = offsetof(sets_state, deadline),
                                  .deadline_phase = 1, .actions = sets_actions,
                                  .over_phase = 2};

static int sets_load(const char *format, int *seat, char **why)
{
    char text[256];
    void *st = NULL;
    snprintf(text, sizeof text, "{\"names\":[\"a\"],\"flags\":[],\"name\":\"x\","
                                "\"rows\":[\"y\"]%s}", format);
    json_t *j = json_loads(text, 0, NULL);
    int rc = game_def_load(&sets_def, j, &st, why);
    if (!rc)
        *seat = ((sets_state *)st)->s.seat;
    game_def_destroy(st);
    json_decref(j);
    return rc;
}

static void test_format_added(void **state)
{
    (void)state;
    int seat = -1;
    char *why = NULL;
    assert_int_equal(sets_load(",\"format\":1", &seat, &why), WB_OK);
    assert_int_equal(seat, 2);
    assert_int_equal(sets_load(",\"format\":2,\"seat\":1", &seat, &why), WB_OK);
    assert_int_equal(seat, 1);
    assert_int_equal(sets_load(",\"format\":2", &seat, &why), WB_EINVAL);
    assert_string_equal(why, "not a Opts state: bad seat");
    free(why);
    why = NULL;
    assert_int_equal(sets_load("", &seat, &why), WB_EINVAL); /* format 0: older than oldest */
    assert_string_equal(why, "not a Opts state: bad format");
    free(why);
    /* The deadline from the state's member, in its phase only. */
    sets_state x = {.base = {&sets_def}, .phase = 1, .deadline = 77};
    assert_int_equal(game_def_deadline(&x), 77);
    x.phase = 0;
    assert_int_equal(game_def_deadline(&x), -1);
    /* Its timer: refused before the deadline, applied when it has come,
     * refused once no deadline is in force. */
    game_ctx ctx = {.now_ms = 76};
    json_t *ev = json_array(), *timer = json_pack("{s:s}", "type", "timer");
    x.phase = 1;
    assert_int_equal(game_def_apply(&x, &ctx, GAME_SEAT_SYSTEM, timer, ev, &why), WB_EILLEGAL);
    assert_string_equal(why, "no timer is due");
    free(why);
    why = NULL;
    ctx.now_ms = 77;
    assert_int_equal(game_def_apply(&x, &ctx, GAME_SEAT_SYSTEM, timer, ev, &why), WB_OK);
    assert_int_equal(x.phase, 0);
    assert_int_equal(json_array_size(ev), 1);
    assert_int_equal(game_def_apply(&x, &ctx, GAME_SEAT_SYSTEM, timer, ev, &why), WB_EILLEGAL);
    free(why);
    json_decref(ev);
    json_decref(timer);
}

static void test_codec(void **state)
{
    (void)state;
    thing a = {3, 1, 1, 1LL << 40, "abc", (char *)"hello", {1, 2, 3}}, b = {0};
    const char *what = NULL;
    json_t *j = game_io_save(thing_io, &a);
    gt_match(j, "{\"n\":3,\"flag\":true,\"kind\":\"b\",\"big\":1099511627776,\"name\":\"abc\","
                "\"text\":\"hello\",\"inner\":{\"v\":[1,2,3]}}");
    assert_int_equal(game_io_load(thing_io, j, &b, &what), WB_OK);
    assert_int_equal(b.n, 3);
    assert_string_equal(b.text, "hello");
    /* One member as saved, for views. */
    json_t *m = game_io_member(thing_io, &a, "inner");
    gt_match(m, "{\"v\":[1,2,3]}");
    json_decref(m);
    assert_null(game_io_member(thing_io, &a, "absent"));
    assert_int_equal(b.v[2], 3);
    free(b.text);
    static const struct {
        const char *patch, *what;
    } bad[] = {
        {"{\"n\":10}", "n"},          {"{\"flag\":1}", "flag"},
        {"{\"kind\":\"c\"}", "kind"}, {"{\"name\":\"too long!\"}", "name"},
        {"{\"text\":5}", "text"},     {"{\"inner\":{\"v\":[1,2]}}", "v"},
        {"{\"inner\":{\"v\":[1,2,101]}}", "v"}, {"{\"inner\":[]}", "inner"},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        json_t *c = json_deep_copy(j), *p = json_loads(bad[i].patch, 0, NULL);
        thing x = {0};
        json_object_update(c, p);
        assert_int_equal(game_io_load(thing_io, c, &x, &what), WB_EINVAL);
        assert_string_equal(what, bad[i].what);
        free(x.text);
        json_decref(c);
        json_decref(p);
    }
    json_decref(j);
}

/* --- data files and id lists ----------------------------------------------- */

typedef struct recs {
    int n, lines[8], words[8];
    char first[8][16];
} recs;

static int take_record(void *ctx, char **w, int nw, int line, char **why)
{
    recs *r = ctx;
    if (strcmp(w[0], "bad") == 0) {
        *why = game_why("line %d: bad", line);
        return WB_EINVAL;
    }
    r->lines[r->n] = line;
    r->words[r->n] = nw;
    snprintf(r->first[r->n++], 16, "%s", w[0]);
    return WB_OK;
}

/* The small helpers game modules share: refusals, events, view members,
 * query arguments. */
static void test_helpers(void **state)
{
    (void)state;
    char *why = NULL;
    assert_int_equal(game_refuse(&why, WB_EILLEGAL, "seat %d is out", 2), WB_EILLEGAL);
    assert_string_equal(why, "seat 2 is out");
    free(why);
    assert_int_equal(game_refuse(NULL, WB_EINVAL, "verdict only"), WB_EINVAL);

    json_t *ev = json_array(), *o = json_pack("{s:i}", "a", 1);
    game_event(ev, "{s:s, s:i}", "type", "draw", "seat", 3);
    game_event(ev, "{s:s}", "type", "pass");
    gt_match(ev, "[{\"type\":\"draw\",\"seat\":3},{\"type\":\"pass\"}]");
    game_put(o, "{s:s, s:b, s:o, s:o*, s:s*}", "b", "x", "c", 1, "d", json_null(), "e", NULL,
             "f", NULL);
    gt_match(o, "{\"a\":1,\"b\":\"x\",\"c\":true,\"d\":null}");
    assert_int_equal(json_object_size(o), 4); /* the optional members left out */
    game_event(ev, "{s:s, s:o*, s:o*}", "type", "opt", "x", game_json_opt(-1), "y",
               game_json_opt(2));
    gt_match(json_array_get(ev, 2), "{\"type\":\"opt\",\"y\":2}");
    assert_int_equal(json_object_size(json_array_get(ev, 2)), 2);
    const char *key;
    json_t *v;
    const char *order[] = {"a", "b", "c", "d"};
    size_t k = 0;
    json_object_foreach(o, key, v)
        assert_string_equal(key, order[k++]); /* members keep the order given */
    json_decref(ev);
    json_decref(o);

    json_t *args = json_pack("{s:s, s:s, s:s}", "turn", "3", "seat", "x", "limit", "900");
    long n = 0;
    assert_int_equal(game_arg_long(args, "turn", 1, 1, 5, &n, &why), WB_OK);
    assert_int_equal(n, 3);
    assert_int_equal(game_arg_long(args, "absent", 20, 1, 50, &n, &why), WB_OK);
    assert_int_equal(n, 20);
    assert_int_equal(game_arg_long(args, "seat", -1, 0, 3, &n, &why), WB_EINVAL);
    assert_string_equal(why, "seat must be a number from 0 to 3");
    free(why);
    assert_int_equal(game_arg_long(args, "limit", 20, 1, 500, &n, &why), WB_EINVAL);
    free(why);
    json_decref(args);
}

/* A state with pointers freed through its description: strings, id
 * lists and vectors (of elements that own strings), after a load that
 * failed half-way too.  (The ASan build checks nothing leaks and nothing
 * is freed twice.) */
typedef struct owner {
    char *title;
    game_ids ids;
    struct row {
        char *word;
        int n;
    } *rows;
    size_t nrows;
} owner;

static void owner_io(game_io *io, void *p)
{
    owner *o = p;
    game_io_str(io, "title", &o->title);
    game_io_ids(io, "ids", &o->ids, 99);
    size_t n = game_io_vec(io, "rows", (void **)&o->rows, &o->nrows, sizeof *o->rows, 0, 9);
    for (size_t i = 0; i < n; i++) {
        game_io_object(io, NULL);
        game_io_str(io, "word", &o->rows[i].word);
        game_io_int(io, "n", &o->rows[i].n, 0, 9);
        game_io_end(io);
    }
    game_io_end(io);
}

/* Whether a seat has a listed action now, maybe other than one type (a
 * "no action possible" rule), and a checked body member as an int. */
static void test_can_act(void **state)
{
    (void)state;
    gt t;
    gt_make(&t, K, 2, "{}", 7);
    assert_true(game_def_can_act(t.st, 0, NULL));
    assert_false(game_def_can_act(t.st, 0, "bid")); /* bidding is all there is now */
    assert_false(game_def_can_act(t.st, GAME_SEAT_PUBLIC, NULL));
    gt_free(&t);
    json_t *body = json_pack("{s:s, s:i}", "type", "bid", "coins", 4);
    assert_int_equal(game_body_int(body, "coins"), 4);
    assert_int_equal(game_body_int(body, "absent"), 0);
    json_decref(body);
}

static void test_codec_free(void **state)
{
    (void)state;
    const char *what = NULL;
    json_t *j = json_pack("{s:s, s:[i,i], s:[{s:s, s:i}, {s:s, s:i}]}", "title", "t", "ids", 4,
                          7, "rows", "word", "ab", "n", 1, "word", "cd", "n", 2);
    owner a = {0}, b = {0};
    assert_int_equal(game_io_load(owner_io, j, &a, &what), WB_OK);
    assert_int_equal(a.nrows, 2);
    assert_string_equal(a.rows[1].word, "cd");
    json_t *again = game_io_save(owner_io, &a);
    assert_true(json_equal(again, j));
    game_io_free(owner_io, &a);
    assert_null(a.title);
    assert_null(a.rows);
    assert_null(a.ids.v);
    /* Half-way: the second row is bad; what was loaded is freed all the same. */
    json_object_set_new(json_array_get(json_object_get(j, "rows"), 1), "n", json_integer(10));
    assert_int_equal(game_io_load(owner_io, j, &b, &what), WB_EINVAL);
    assert_string_equal(what, "n");
    game_io_free(owner_io, &b);
    assert_null(b.rows);
    json_decref(again);
    json_decref(j);
}

/* JSON text written directly (records, answers): what json_dumps writes,
 * escapes and UTF-8 included; text Jansson would refuse is flagged. */
static void test_text(void **state)
{
    static const char *const strs[] = {
        "", "plain", "a\"quote\\back/slash", "\b\f\n\r\t\x01\x1f\x7f end",
        "exactly8", "sixteen bytes!!!", "long enough to take the word-at-a-time path \"x\"",
        "caf\xc3\xa9 \xe2\x82\xac \xf0\x9f\x8e\xb2 \xe4\xb8\xad\xe6\x96\x87 mixed 12345678",
    };
    (void)state;
    json_t *a = json_array();
    for (size_t i = 0; i < sizeof strs / sizeof *strs; i++)
        json_array_append_new(a, json_string(strs[i]));
    json_array_append_new(a, json_pack("{s:I, s:I, s:b, s:n, s:[i, s], s:{}}", "min",
                                       (json_int_t)INT64_MIN, "max", (json_int_t)INT64_MAX,
                                       "t", 1, "z", "l", -7, "s", "e"));
    json_array_append_new(a, json_integer(0));
    json_array_append_new(a, json_stringn("nul\0inside", 11));
    game_text t = {0};
    char *js = json_dumps(a, JSON_COMPACT);
    game_text_json(&t, a);
    assert_false(t.bad);
    assert_int_equal(t.len, strlen(js));
    assert_memory_equal(t.s, js, t.len);
    size_t dlen = 0;
    char *d = game_text_dump(a, &dlen); /* the same as a new string */
    assert_int_equal(dlen, t.len);
    assert_memory_equal(d, js, dlen);
    free(d);
    assert_null(game_text_dump(NULL, &dlen));
    json_t *bad_str = json_stringn_nocheck("x\x80", 2);
    assert_null(game_text_dump(bad_str, &dlen)); /* not UTF-8: no text */
    json_decref(bad_str);
    free(js);
    free(t.s);
    json_decref(a);
    /* not UTF-8: a lone continuation byte, an overlong form, a surrogate,
     * a sequence cut short at the end, one cut short after 8 good bytes */
    static const char *const bad[] = {"x\x80", "\xc0\xaf", "\xed\xa0\x80", "ab\xe2\x82",
                                      "12345678\xf0\x9f"};
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
        game_text b = {0};
        game_text_str(&b, bad[i]);
        assert_true(b.bad);
        free(b.s);
    }
}

/* game_data_vec's element in the test: two numbers 1..9. */
static int pair_one(void *elem, char **w, int nw, char **why)
{
    if (nw != 2 || game_data_nums(w, 2, 1, 9, elem))
        return game_refuse(why, WB_EINVAL, "two numbers 1..9");
    return WB_OK;
}

static void test_data_files(void **state)
{
    (void)state;
    static const char text[] = "# a comment\n\ncard spider 2 2 2  # trailing\n"
                               "\t variant   basic\r\nlast";
    recs r = {0};
    char *why = NULL;

    int(*pairs)[2] = NULL;
    size_t np = 9;
    assert_int_equal(game_data_vec("1 2\n# c\n3 4\n", 12, "pairs", sizeof *pairs, 5, pair_one,
                                   (void **)&pairs, &np, &why), WB_OK);
    assert_int_equal(np, 2);
    assert_int_equal(pairs[0][0] * 1000 + pairs[1][1], 1004);
    free(pairs);
    pairs = NULL;
    assert_int_equal(game_data_vec("1 2\n3\n", 6, "pairs", sizeof *pairs, 5, pair_one,
                                   (void **)&pairs, &np, &why), WB_EINVAL);
    assert_string_equal(why, "pairs line 2: two numbers 1..9");
    assert_null(pairs);
    free(why);
    why = NULL;
    assert_int_equal(game_data_vec("1 2\n3 4", 7, NULL, sizeof *pairs, 1, pair_one,
                                   (void **)&pairs, &np, &why), WB_EINVAL);
    assert_string_equal(why, "line 2: at most 1 record");
    free(why);
    why = NULL;
    assert_int_equal(game_data_vec("0 2", 3, NULL, sizeof *pairs, 1, pair_one,
                                   (void **)&pairs, &np, &why), WB_EINVAL);
    assert_string_equal(why, "two numbers 1..9"); /* a record alone: no line */
    free(why);
    why = NULL;
    int pair[2] = {0};
    assert_int_equal(game_data_one(" 4 5 # a pair", sizeof pair, pair_one, pair, &why), WB_OK);
    assert_int_equal(pair[0] * 10 + pair[1], 45);
    assert_int_equal(game_data_one("# none", sizeof pair, pair_one, pair, &why), WB_EINVAL);
    assert_string_equal(why, "'# none' holds no record");
    free(why);
    why = NULL;
    assert_int_equal(game_data_one("1 2\n3 4", sizeof pair, pair_one, pair, &why), WB_EINVAL);
    assert_string_equal(why, "line 2: at most 1 record");
    free(why);
    why = NULL;
    assert_int_equal(game_data_read(text, sizeof text - 1, take_record, &r, &why), WB_OK);
    assert_int_equal(r.n, 3);
    assert_int_equal(r.lines[0], 3);
    assert_int_equal(r.words[0], 5);
    assert_string_equal(r.first[1], "variant");
    assert_int_equal(r.words[1], 2);
    assert_int_equal(r.lines[2], 5);
    memset(&r, 0, sizeof r);
    assert_int_equal(game_data_read("a\nbad x\nc", 9, take_record, &r, &why), WB_EINVAL);
    assert_string_equal(why, "line 2: bad");
    assert_int_equal(r.n, 1); /* the first error stops */
    free(why);
    assert_int_equal(game_data_num("42", 0, 99), 42);
    assert_int_equal(game_data_num("100", 0, 99), -1);
    assert_int_equal(game_data_num("-1", -5, 99), -1);
    assert_int_equal(game_data_num("4x", 0, 99), -1);
    assert_int_equal(game_data_num("", 0, 99), -1);
    const char *box = "# a box\ncard  ant 1 2\t3\n\n  variant x # y";
    char *canon = game_data_text(box, strlen(box));
    assert_string_equal(canon, "card ant 1 2 3\nvariant x\n");
    char *again = game_data_text(canon, strlen(canon));
    assert_string_equal(again, canon); /* canonical text is its own canonical form */
    free(canon);
    free(again);
    char *nums[] = {"3", "0", "7"}, *badnums[] = {"3", "x"};
    int got[3] = {0};
    assert_int_equal(game_data_nums(nums, 3, 0, 9, got), 0);
    assert_int_equal(got[0] * 100 + got[1] * 10 + got[2], 307);
    assert_int_equal(game_data_nums(nums, 3, 1, 9, got), -1); /* 0 is out of range */
    assert_int_equal(game_data_nums(badnums, 2, 0, 9, got), -1);
    assert_true(game_slug_ok("doom-grove_2", 31));
    assert_false(game_slug_ok("Doom", 31));
    assert_false(game_slug_ok("", 31));
    assert_false(game_slug_ok("abcd", 3));

    game_ids l = {0};
    for (int i = 0; i < 5; i++)
        game_ids_push(&l, 10 + i);
    game_ids_remove(&l, 1);
    assert_int_equal(l.n, 4);
    assert_int_equal(game_ids_find(&l, 12), 1);
    game_ids m = {0};
    assert_int_equal(game_ids_take(&l, 0, &m), 10); /* 12 13 14 | 10 */
    game_ids_append(&m, &l);                        /* 10 12 13 14 */
    assert_int_equal(l.n, 3);
    assert_int_equal(m.n, 4);
    assert_int_equal(m.v[0] * 1000 + m.v[3], 10014);
    game_ids_insert(&m, 1, 11); /* 10 11 12 13 14 */
    game_ids_insert(&m, 5, 15); /* at the end */
    game_ids_insert(&m, 0, 9);  /* at the start */
    assert_int_equal(m.n, 7);
    for (size_t i = 0; i < m.n; i++)
        assert_int_equal(m.v[i], 9 + (int)i);
    const game_ids *lists[] = {&l, &m}; /* 12 13 14 | 9 .. 15 */
    assert_int_equal(game_ids_once(lists, 2, 16), -1);
    assert_int_equal(game_ids_once(lists + 1, 1, 16), 7);
    game_ids_remove(&m, 3); /* 9 10 11 13 14 15 */
    assert_int_equal(game_ids_once(lists, 2, 16), -1);
    m.n = 3;                /* 9 10 11 */
    assert_int_equal(game_ids_once(lists, 2, 16), 6);
    assert_int_equal(game_ids_once(lists, 0, 0), 0);
    free(m.v);
    assert_int_equal(game_ids_find(&l, 11), -1);
    free(l.v);
}

/* A grid drawn in a record file, read through game_grid_record. */
typedef struct grid_file {
    game_grid g;
    int others; /* records after the grid */
} grid_file;

static int grid_take(void *ctx, char **w, int nw, int line, char **why)
{
    grid_file *f = ctx;
    int rc = game_grid_record(&f->g, w, nw, line, why);
    f->others += rc == GAME_GRID_OTHER;
    return rc == GAME_GRID_OTHER ? WB_OK : rc;
}

/* Read `text`: its rc; *why (malloc'd) or the cells in *cells. */
static int grid_read(const char *text, char **why, char **cells, int *others)
{
    grid_file f = {{.what = "map", .cells = ".*O", .min = 2, .max = 4}, 0};
    int rc = game_data_read(text, strlen(text), grid_take, &f, why);
    if (!rc)
        rc = game_grid_end(&f.g, why);
    *cells = f.g.c;
    *others = f.others;
    return rc;
}

static void test_grid_records(void **state)
{
    (void)state;
    char *why = NULL, *c = NULL;
    int others = 0;
    /* Rows as blank-separated cells or as one word; records after it. */
    assert_int_equal(grid_read("# a map\ngrid 3 2\n. * O\n*O.\nstart 1 1\n", &why, &c, &others),
                     WB_OK);
    assert_memory_equal(c, ".*O*O.", 6);
    assert_int_equal(others, 1);
    game_grid g = {.w = 3, .h = 2, .c = c};
    json_t *rows = game_grid_rows(&g);
    gt_match(rows, "[\".*O\",\"*O.\"]");
    json_decref(rows);
    free(c);
    /* Rings drawn on a grid of a file; the messages name its subject. */
    char pond[] = "111" "1O1" "111", open[] = "111" "1O1" "11.";
    game_grid ring = {.what = "pond", .w = 3, .h = 3, .c = pond};
    game_graph *gr = game_grid_rings(&ring, 1, &why);
    assert_non_null(gr);
    assert_int_equal(gr->n, 8);
    game_graph_free(gr);
    ring.c = open;
    why = NULL;
    assert_null(game_grid_rings(&ring, 1, &why));
    assert_non_null(strstr(why, "pond: ring 1"));
    free(why);
    static const struct {
        const char *text, *why;
    } bad[] = {
        {"grid 5 2\n", "map line 1: one \"grid WIDTH HEIGHT\" (2 to 4)"},
        {"grid 2 2\n..\n. . .\n", "map line 3: a grid row of 2 cells, not 3"},
        {"grid 2 2\n..\n..\ngrid 2 2\n", "map line 4: one \"grid WIDTH HEIGHT\" (2 to 4)"},
        {"start 1 1\ngrid 2 2\n", "map line 1: the grid comes first"},
        {"grid 2 2\n. .\n. x\n", "map line 3: \"x\" is not one of . * O"},
        {"grid 2 2\n. .\n.x\n", "map line 3: 'x' is not one of . * O"},
        {"grid 2 2\n. .\n", "map: no complete grid"},
        {"", "map: no complete grid"},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        why = NULL;
        assert_int_equal(grid_read(bad[i].text, &why, &c, &others), WB_EINVAL);
        assert_string_equal(why, bad[i].why);
        free(why);
        free(c);
    }
}

/* --- graphs ----------------------------------------------------------------- */

static void test_graph_load(void **state)
{
    (void)state;
    static const char text[] =
        "{\"nodes\":[{\"id\":\"doom-grove\",\"name\":\"Doom Grove\",\"tags\":[\"land\","
        "\"mountain\"],\"x\":120.5,\"y\":80},{\"id\":\"woobania\",\"tags\":[\"land\"]},"
        "{\"id\":\"sea\",\"tags\":[\"water\"]}],"
        "\"edges\":[[\"doom-grove\",\"woobania\"],[\"woobania\",\"sea\"]]}";
    game_graph *g = NULL;
    char *why = NULL;
    assert_int_equal(game_graph_parse(text, sizeof text - 1, &g, &why), WB_OK);
    assert_int_equal(g->n, 3);
    int dg = game_graph_find(g, "doom-grove"), wb = game_graph_find(g, "woobania");
    int sea = game_graph_find(g, "sea");
    assert_string_equal(g->nodes[dg].name, "Doom Grove");
    assert_string_equal(g->nodes[wb].name, "woobania");
    assert_true(g->nodes[dg].has_xy && g->nodes[dg].x == 120.5);
    assert_false(g->nodes[wb].has_xy);
    assert_true(game_graph_has(g, dg, "mountain"));
    assert_false(game_graph_has(g, wb, "mountain"));
    assert_true(g->nodes[sea].tags & game_graph_tag(g, "water"));
    assert_true(game_graph_adjacent(g, dg, wb) && game_graph_adjacent(g, wb, dg));
    assert_false(game_graph_adjacent(g, dg, sea));
    assert_int_equal(game_graph_find(g, "nowhere"), -1);
    /* Round trip through the format. */
    json_t *j = game_graph_json(g);
    game_graph *g2 = NULL;
    assert_int_equal(game_graph_load(j, &g2, &why), WB_OK);
    json_t *j2 = game_graph_json(g2);
    assert_true(json_equal(j, j2));
    json_decref(j);
    json_decref(j2);
    game_graph_free(g2);
    game_graph_free(g);
    static const char *const bad[] = {
        "[]", "{\"nodes\":[],\"edges\":[]}", "{\"nodes\":[{\"id\":\"A\"}],\"edges\":[]}",
        "{\"nodes\":[{\"id\":\"a\"},{\"id\":\"a\"}],\"edges\":[]}",
        "{\"nodes\":[{\"id\":\"a\"}],\"edges\":[[\"a\",\"b\"]]}",
        "{\"nodes\":[{\"id\":\"a\"}],\"edges\":[[\"a\",\"a\"]]}",
        "{\"nodes\":[{\"id\":\"a\"},{\"id\":\"b\"}],\"edges\":[[\"a\",\"b\"],[\"b\",\"a\"]]}",
        "{\"nodes\":[{\"id\":\"a\",\"x\":1}],\"edges\":[]}",
        "{\"nodes\":[{\"id\":\"a\",\"tags\":[1]}],\"edges\":[]}", "{\"nodes\":",
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        if (game_graph_parse(bad[i], strlen(bad[i]), &g, &why) != WB_EINVAL)
            fail_msg("loaded %s", bad[i]);
        assert_non_null(why);
        assert_null(g);
        free(why);
        why = NULL;
    }
}

static void test_square_rings(void **state)
{
    (void)state;
    game_graph *g = game_graph_square_rings(3);
    assert_int_equal(g->n, 1 + 8 + 16 + 24);
    int centre = game_graph_find(g, "centre");
    assert_int_equal(g->nodes[centre].nadj, 8);
    for (int r = 1; r <= 3; r++) {
        char tag[16];
        int n = 0, corners = 0;
        snprintf(tag, sizeof tag, "ring-%d", r);
        for (int i = 0; i < g->n; i++)
            if (game_graph_has(g, i, tag)) {
                n++;
                corners += game_graph_has(g, i, "corner");
            }
        assert_int_equal(n, 8 * r);
        assert_int_equal(corners, 4);
    }
    /* The top-left corner of ring 2 is at (1, 1): its two ring
     * neighbours, the corner of ring 1 diagonally inward, and three of
     * ring 3 (the corner diagonally, two orthogonally). */
    int c2 = game_graph_find(g, "r2-0"), c1 = game_graph_find(g, "r1-0");
    int c3 = game_graph_find(g, "r3-0");
    assert_true(g->nodes[c2].x == 1 && g->nodes[c2].y == 1);
    assert_true(game_graph_adjacent(g, c2, c1) && game_graph_adjacent(g, c2, c3));
    assert_true(game_graph_adjacent(g, c2, game_graph_find(g, "r2-1")));
    assert_true(game_graph_adjacent(g, c2, game_graph_find(g, "r2-15")));
    assert_int_equal(g->nodes[c2].nadj, 6);
    /* A side cell: two along the ring, one in, one out. */
    int s2 = game_graph_find(g, "r2-2");
    assert_int_equal(g->nodes[s2].nadj, 4);
    assert_true(game_graph_adjacent(g, s2, game_graph_find(g, "r1-1")));
    /* The direction along the rings: counterclockwise, down the west side
     * first; inward to the centre from ring 1; a corner's way out. */
    assert_int_equal(g->nodes[c2].ring, 2);
    assert_int_equal(g->nodes[c2].next, game_graph_find(g, "r2-1"));
    assert_int_equal(g->nodes[game_graph_find(g, "r2-15")].next, c2);
    assert_true(g->nodes[g->nodes[c2].next].x == 1 && g->nodes[g->nodes[c2].next].y == 2);
    assert_int_equal(g->nodes[c1].in, centre);
    assert_int_equal(g->nodes[c2].in, c1);
    assert_int_equal(g->nodes[s2].in, game_graph_find(g, "r1-1"));
    assert_int_equal(g->nodes[c1].out, c2);
    assert_int_equal(g->nodes[c2].out, c3);
    assert_int_equal(g->nodes[c3].out, -1); /* the outermost ring */
    assert_int_equal(g->nodes[s2].out, -1); /* not a corner */
    assert_int_equal(g->nodes[centre].ring, 0);
    game_graph_free(g);
}

/* Rings drawn on a grid: a rectangular pond around a 3x1 hole. */
static void test_grid_rings(void **state)
{
    (void)state;
    static const char pond[] = "2222222"
                               "2111112"
                               "21OOO12"
                               "2111112"
                               "2222222";
    char *why = NULL;
    game_graph *g = game_graph_grid_rings(pond, 7, 5, 2, &why);
    assert_non_null(g);
    assert_int_equal(g->n, 12 + 20);
    int c11 = game_graph_at(g, 1, 1), c00 = game_graph_at(g, 0, 0), corners = 0;
    assert_int_equal(game_graph_find(g, "c1-1"), c11);
    assert_int_equal(game_graph_at(g, 3, 2), -1); /* the hole */
    json_t *xy = game_graph_xy(g, c11), *none = game_graph_xy(g, -1);
    assert_true(json_integer_value(json_array_get(xy, 0)) == 1 &&
                json_integer_value(json_array_get(xy, 1)) == 1 && json_is_null(none));
    json_decref(xy);
    for (int i = 0; i < g->n; i++) {
        int len = 0, k = i;
        corners += game_graph_has(g, i, "corner");
        do /* around the ring, back where it started */
            k = g->nodes[k].next, len++;
        while (k != i && len < 100);
        assert_int_equal(len, g->nodes[i].ring == 1 ? 12 : 20);
        assert_true(game_graph_adjacent(g, i, g->nodes[i].next));
        if (g->nodes[i].ring == 1)
            assert_int_equal(g->nodes[i].in, -1); /* into the hole */
        else
            assert_int_equal(g->nodes[g->nodes[i].in].ring, 1);
    }
    assert_int_equal(corners, 8);
    /* Counterclockwise: down the west side, west along the top. */
    assert_int_equal(g->nodes[c11].next, game_graph_at(g, 1, 2));
    assert_int_equal(g->nodes[game_graph_at(g, 3, 1)].next, game_graph_at(g, 2, 1));
    assert_int_equal(g->nodes[game_graph_at(g, 3, 0)].in, game_graph_at(g, 3, 1));
    assert_int_equal(g->nodes[c00].in, c11); /* diagonally from a corner */
    assert_int_equal(g->nodes[c11].out, c00);
    assert_int_equal(g->nodes[game_graph_at(g, 3, 1)].out, -1);
    assert_int_equal(g->nodes[c00].out, -1);
    game_graph_free(g);

    /* What rings must be. */
    static const struct {
        const char *cells, *needle;
    } bad[] = {
        {"2222222" "2111112" "21OOO12" "2111122" "2222222", "ring 1"}, /* not closed */
        {"2222222" "2111112" "21xxx12" "2111112" "2222222", "hole"},
        {"2222222" "2111112" "21OOO12" "2111112" "22222..", "outward"},
        {"2222222" "2111112" "21OOO12" "2111112" "222.222", "ring 2 is not"},
        {"2222...", "ring 1 has no spaces"},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        int h = (int)strlen(bad[i].cells) / 7;
        assert_null(game_graph_grid_rings(bad[i].cells, 7, h, 2, &why));
        if (!strstr(why, bad[i].needle))
            fail_msg("%s: %s", bad[i].needle, why);
        free(why);
    }
}

/* Grid geometry for the games drawn on a grid: the line (direction and
 * distance) between two nodes, and a node saved as where it is drawn. */
typedef struct at_state {
    const game_graph *g;
    int at[2];
} at_state;

static void at_io(game_io *io, void *st)
{
    at_state *s = st;
    game_io_xy(io, "a", s->g, &s->at[0]);
    game_io_xy(io, "b", s->g, &s->at[1]);
}

static void test_grid_lines_and_positions(void **state)
{
    (void)state;
    game_graph *g = game_graph_square_rings(2); /* a 5 x 5 square, the centre at (2, 2) */
    int c = game_graph_at(g, 2, 2), d = -1;
    static const int to[][2] = {{2, 0}, {4, 0}, {4, 2}, {3, 3}, {2, 4}, {0, 4}, {1, 2}, {0, 0}};
    for (int k = 0; k < 8; k++) {
        assert_int_equal(game_graph_line(g, c, game_graph_at(g, to[k][0], to[k][1]), &d), k);
        assert_int_equal(d, k == 3 || k == 6 ? 1 : 2);
    }
    assert_string_equal(game_graph_dirs[5], "sw");
    assert_null(game_graph_dirs[8]);
    assert_int_equal(game_graph_line(g, c, c, &d), -1);
    assert_int_equal(game_graph_line(g, c, game_graph_at(g, 3, 0), &d), -1); /* a knight's move */

    at_state a = {g, {game_graph_at(g, 4, 1), -1}}, b = {g, {0, 0}};
    const char *what = NULL;
    json_t *j = game_io_save(at_io, &a);
    gt_match(j, "{\"a\":[4,1],\"b\":null}");
    assert_int_equal(game_io_load(at_io, j, &b, &what), WB_OK);
    assert_int_equal(b.at[0], a.at[0]);
    assert_int_equal(b.at[1], -1);
    static const char *const bad[] = {"{\"a\":[5,1]}", "{\"a\":[4]}", "{\"a\":\"c4-1\"}"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        json_t *x = json_deep_copy(j), *p = json_loads(bad[i], 0, NULL);
        json_object_update(x, p);
        assert_int_equal(game_io_load(at_io, x, &b, &what), WB_EINVAL);
        assert_string_equal(what, "a");
        json_decref(x);
        json_decref(p);
    }
    json_decref(j);
    game_graph_free(g);
}

/* Name look-ups. */
static void test_name_index(void **state)
{
    (void)state;
    static const char *const names[] = {"suns", "moons", "crowns"};
    assert_int_equal(game_name_index(names, 3, "crowns"), 2);
    assert_int_equal(game_name_index(names, 2, "crowns"), -1);
    assert_int_equal(game_name_index(names, 3, NULL), -1);
}

static void test_hex_wrap(void **state)
{
    (void)state;
    game_graph *g = game_graph_hex(8, 5, 1);
    assert_int_equal(g->n, 40);
    /* Inner hexes have six neighbours, the east edge wraps to the west. */
    for (int i = 0; i < g->n; i++) {
        int north = game_graph_has(g, i, "north-edge"), south = game_graph_has(g, i, "south-edge");
        assert_int_equal(g->nodes[i].nadj, north || south ? 4 : 6);
    }
    assert_true(game_graph_adjacent(g, game_graph_find(g, "h7-2"), game_graph_find(g, "h0-2")));
    assert_true(game_graph_adjacent(g, game_graph_find(g, "h7-1"), game_graph_find(g, "h0-2")));
    assert_false(game_graph_has(g, 0, "west-edge"));
    game_graph_free(g);
    g = game_graph_hex(4, 3, 0);
    assert_false(game_graph_adjacent(g, game_graph_find(g, "h3-1"), game_graph_find(g, "h0-1")));
    assert_true(game_graph_has(g, game_graph_find(g, "h0-1"), "west-edge"));
    assert_int_equal(g->nodes[game_graph_find(g, "h1-1")].nadj, 6);
    game_graph_free(g);
}

/* A pile of ids in order (repeats allowed), by name or as ints, from the
 * codec's arrays, enums and ints; game_io_present; game_opt_names: an
 * option naming different things. */
typedef struct piles {
    int na, a[4], nb, b[4], top; /* top: there when na > 0 (game_io_present) */
} piles;

static void io_pile(game_io *io, const char *key, int *v, int *n, int max,
                    const char *const *names, int nnames)
{
    *n = (int)game_io_array(io, key, (size_t)*n, 0, (size_t)max);
    for (int i = 0; i < *n; i++)
        if (names)
            game_io_enum(io, NULL, &v[i], names, nnames);
        else
            game_io_int(io, NULL, &v[i], 0, nnames - 1);
    game_io_end(io);
}

static void piles_io(game_io *io, void *st)
{
    static const char *const names[] = {"ant", "bee", "cow"};
    piles *p = st;
    io_pile(io, "named", p->a, &p->na, 4, names, 3);
    io_pile(io, "ids", p->b, &p->nb, 4, NULL, 3);
    if (game_io_present(io, "top", p->na > 0))
        game_io_int(io, "top", &p->top, 0, 2);
}

static void test_piles_and_names(void **state)
{
    (void)state;
    piles a = {3, {2, 0, 2}, 2, {1, 1}, 2}, b = {0}, e = {0};
    const char *what = NULL,
               *want = "{\"named\":[\"cow\",\"ant\",\"cow\"],\"ids\":[1,1],\"top\":2}";
    json_t *j = saved_as(piles_io, &a, want);
    assert_int_equal(game_io_load(piles_io, j, &b, &what), WB_OK);
    assert_true(b.na == 3 && b.a[0] == 2 && b.a[1] == 0 && b.a[2] == 2);
    assert_true(b.nb == 2 && b.b[0] == 1 && b.b[1] == 1 && b.top == 2);
    json_decref(j);
    j = game_io_save(piles_io, &e);
    gt_match(j, "{\"named\":[],\"ids\":[],\"top\":null}");
    assert_int_equal(game_io_load(piles_io, j, &b, &what), WB_OK);
    assert_int_equal(b.na, 0);
    json_decref(j);
    static const char *const bad[][2] = {
        {"{\"named\":[\"dog\"],\"ids\":[]}", "named"},
        {"{\"named\":[\"Ant\"],\"ids\":[]}", "named"},
        {"{\"named\":[\"ant\",\"ant\",\"ant\",\"ant\",\"ant\"],\"ids\":[]}", "named"},
        {"{\"named\":[],\"ids\":[3],\"top\":null}", "ids"},
        {"{\"named\":[],\"ids\":[-1],\"top\":null}", "ids"},
        {"{\"named\":[],\"top\":null}", "ids"},
        {"{\"named\":[],\"ids\":[],\"top\":1}", "top"},
        {"{\"named\":[\"ant\"],\"ids\":[],\"top\":null}", "top"},
        {"{\"named\":[\"ant\"],\"ids\":[]}", "top"},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        piles x = {0};
        json_t *c = json_loads(bad[i][0], 0, NULL);
        assert_int_equal(game_io_load(piles_io, c, &x, &what), WB_EINVAL);
        assert_string_equal(what, bad[i][1]);
        json_decref(c);
    }

    static const char *const kinds[] = {"ant", "bee", "cow", NULL};
    int idx[4] = {0};
    char *why = NULL;
    json_t *o = json_pack("{s:[s,s]}", "k", "Cow", "ant");
    assert_int_equal(game_opt_names(o, "k", kinds, 1, 3, idx, &why), 2);
    assert_true(idx[0] == 2 && idx[1] == 0);
    assert_null(why);
    json_decref(o);
    static const char *const refused[] = {
        "{\"k\":[\"ant\",\"ANT\"]}", "{\"k\":[\"dog\"]}", "{\"k\":[]}",
        "{\"k\":\"ant\"}", "{\"k\":[1]}", "{\"k\":[\"ant\",\"bee\",\"cow\",\"ant\"]}",
        "{}",
    };
    for (size_t i = 0; i < sizeof refused / sizeof refused[0]; i++) {
        o = json_loads(refused[i], 0, NULL);
        assert_int_equal(game_opt_names(o, "k", kinds, 1, 3, idx, &why), -1);
        assert_string_equal(why, "k must be an array of 1 to 3 different names of ant, bee, cow");
        free(why);
        why = NULL;
        json_decref(o);
    }
    o = json_pack("{s:[s]}", "k", "bee");
    assert_int_equal(game_opt_names(o, "k", kinds, 2, 2, idx, &why), -1);
    assert_string_equal(why, "k must be an array of 2 different names of ant, bee, cow");
    free(why);
    json_decref(o);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_options),        cmocka_unit_test(test_refusal_codes),
        cmocka_unit_test(test_options_of_players_and_data),
        cmocka_unit_test(test_secret_bids),    cmocka_unit_test(test_play_to_the_end),
        cmocka_unit_test(test_format_version), cmocka_unit_test(test_codec),
        cmocka_unit_test(test_codec_sets),
        cmocka_unit_test(test_format_added),
        cmocka_unit_test(test_queries_restore),
        cmocka_unit_test(test_helpers),
        cmocka_unit_test(test_codec_free),
        cmocka_unit_test(test_text),
        cmocka_unit_test(test_data_files),   cmocka_unit_test(test_graph_load),     cmocka_unit_test(test_square_rings),
        cmocka_unit_test(test_grid_rings),
        cmocka_unit_test(test_hex_wrap),
        cmocka_unit_test(test_grid_lines_and_positions),
        cmocka_unit_test(test_name_index),
        cmocka_unit_test(test_piles_and_names),
        cmocka_unit_test(test_grid_records),
        cmocka_unit_test(test_can_act),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
