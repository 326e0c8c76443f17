/*
 * test_framework_codec.c - the framework's codec (game_json.h) directly:
 * values, sets and flags saved both ways (tree and text), members added by a
 * later format, the codec's refusals and what it frees, JSON text written
 * directly; the small helpers game modules share; data files, id lists and
 * grids drawn in record files (game_data.h).
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

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_codec),
        cmocka_unit_test(test_codec_sets),
        cmocka_unit_test(test_format_added),
        cmocka_unit_test(test_helpers),
        cmocka_unit_test(test_codec_free),
        cmocka_unit_test(test_text),
        cmocka_unit_test(test_data_files),
        cmocka_unit_test(test_grid_records),
        cmocka_unit_test(test_can_act),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
