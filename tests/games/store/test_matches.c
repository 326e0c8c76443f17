/*
 * test_matches.c - the game framework (games/store/matches.c) on a real LMDB
 * environment in a temporary directory, driven through a small game
 * defined here ("tally": seats take turns adding 1..3 to a total; each
 * add also draws a private number from the match's rng).  It checks what
 * the framework promises whatever the game: tokens and seats, versions,
 * If-Match, illegal actions changing nothing, private events, the durable
 * log, resumption after reopening, replay from the seed, timers,
 * subscribers, the live-match cap and deletion.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <cmocka.h>

#include "game.h"
#include "match_db.h"
#include "match_sync.h"
#include "matches.h"
#include "rng.h"
#include "wb_err.h"
#include "wb_mem.h"

/* --- the tally game ----------------------------------------------------- */

typedef struct tally {
    rng r;
    int nseats, turn, total, target, timer_ms;
    int pad; /* bytes of padding in its record (option "state_pad") */
    int64_t deadline;
    int ticks;
} tally;

static json_t *t_options(void)
{
    return json_pack("{s:{s:s,s:i}}", "target", "type", "integer", "default", 10);
}

static int t_create(const game_ctx *ctx, const char *const *players, size_t n,
                    const json_t *options, uint64_t seed, void **state, char **why)
{
    (void)ctx;
    (void)players;
    json_t *t = json_object_get(options, "target");
    if (t && (!json_is_integer(t) || json_integer_value(t) < 1)) {
        *why = game_why("target must be a positive integer");
        return WB_EINVAL;
    }
    tally *s = wb_calloc(1, sizeof *s);
    rng_seed(&s->r, seed);
    s->nseats = (int)n;
    s->target = t ? (int)json_integer_value(t) : 10;
    s->timer_ms = (int)json_integer_value(json_object_get(options, "timer_ms"));
    s->pad = (int)json_integer_value(json_object_get(options, "state_pad"));
    s->deadline = -1;
    *state = s;
    return WB_OK;
}

static void t_destroy(void *state) { free(state); }

static json_t *t_save(const void *state)
{
    const tally *s = state;
    char hex[65];
    rng_save(&s->r, hex);
    json_t *o = json_pack("{s:s,s:i,s:i,s:i,s:i,s:i,s:I,s:i}", "rng", hex, "nseats", s->nseats,
                          "turn", s->turn, "total", s->total, "target", s->target, "timer_ms",
                          s->timer_ms, "deadline", (json_int_t)s->deadline, "ticks", s->ticks);
    if (s->pad > 0) { /* a state that is large beside its log entries */
        char *p = wb_malloc((size_t)s->pad + 1);
        memset(p, 'x', (size_t)s->pad);
        p[s->pad] = 0;
        json_object_set_new(o, "pad", json_string(p));
        free(p);
    }
    return o;
}

static int t_load(const json_t *saved, void **state, char **why)
{
    tally *s = wb_calloc(1, sizeof *s);
    json_int_t deadline = -1;
    const char *hex = NULL;
    if (json_unpack((json_t *)(uintptr_t)saved, "{s:s,s:i,s:i,s:i,s:i,s:i,s:I,s:i}", "rng",
                    &hex, "nseats", &s->nseats, "turn", &s->turn, "total", &s->total,
                    "target", &s->target, "timer_ms", &s->timer_ms, "deadline", &deadline,
                    "ticks", &s->ticks) ||
        rng_load(&s->r, hex)) {
        free(s);
        *why = game_why("bad tally state");
        return WB_EINVAL;
    }
    s->deadline = deadline;
    const char *pad = json_string_value(json_object_get(saved, "pad"));
    s->pad = pad ? (int)strlen(pad) : 0;
    *state = s;
    return WB_OK;
}

static int t_done(const tally *s) { return s->total >= s->target; }

static json_t *t_view(const void *state, int seat)
{
    const tally *s = state;
    json_t *v = json_pack("{s:s,s:i,s:i}", "status", t_done(s) ? "finished" : "active",
                          "total", s->total, "ticks", s->ticks);
    json_object_set_new(v, "to_act", t_done(s) ? json_array() : json_pack("[i]", s->turn));
    if (t_done(s)) {
        int winner = (s->turn + s->nseats - 1) % s->nseats;
        json_object_set_new(v, "winners", json_pack("[i]", winner));
        json_t *scores = json_array();
        for (int i = 0; i < s->nseats; i++)
            json_array_append_new(scores, json_integer(i == winner));
        json_object_set_new(v, "scores", scores);
    }
    if (seat == GAME_SEAT_HOST)
        json_object_set_new(v, "host", json_true());
    return v;
}

static json_t *t_actions(const void *state, int seat)
{
    const tally *s = state;
    if (t_done(s) || seat != s->turn)
        return json_array();
    return json_pack("[{s:s,s:i},{s:s,s:i},{s:s,s:i}]", "type", "add", "n", 1, "type", "add",
                     "n", 2, "type", "add", "n", 3);
}

static int t_apply(void *state, const game_ctx *ctx, int seat, const json_t *a,
                   json_t *events, char **why)
{
    tally *s = state;
    const char *type = json_string_value(json_object_get(a, "type"));
    if (seat == GAME_SEAT_SYSTEM && strcmp(type, "timer") == 0) {
        s->ticks++;
        s->deadline = -1;
        json_array_append_new(events, json_pack("{s:s}", "type", "tick"));
        return WB_OK;
    }
    if (strcmp(type, "mess") == 0) {
        /* changes the state, then refuses: the framework must undo it */
        s->total += 100;
        s->turn = (s->turn + 1) % s->nseats;
        *why = game_why("no mess allowed");
        return WB_EILLEGAL;
    }
    if (strcmp(type, "add") != 0) {
        *why = game_why("unknown action %s", type);
        return WB_EINVAL;
    }
    if (t_done(s) || seat != s->turn) {
        *why = game_why("it is seat %d's turn", s->turn);
        return WB_ENOTTURN;
    }
    json_int_t n = json_integer_value(json_object_get(a, "n"));
    if (n < 1 || n > 3) {
        *why = game_why("add 1, 2 or 3");
        return WB_EILLEGAL;
    }
    s->total += (int)n;
    s->turn = (s->turn + 1) % s->nseats;
    json_array_append_new(events, json_pack("{s:s,s:i,s:I}", "type", "added", "seat", seat,
                                            "n", n));
    json_array_append_new(events, json_pack("{s:s,s:I,s:[i]}", "type", "secret", "roll",
                                            (json_int_t)rng_below(&s->r, 1000000),
                                            "private_to", seat));
    if (s->timer_ms)
        s->deadline = ctx->now_ms + s->timer_ms;
    return WB_OK;
}

static int64_t t_deadline(const void *state) { return ((const tally *)state)->deadline; }

static const game_kind tally_kind = {
    .name = "tally", .title = "Tally", .min_players = 2, .max_players = 4,
    .options = t_options, .create = t_create, .destroy = t_destroy, .save = t_save,
    .load = t_load, .view = t_view, .actions = t_actions, .apply = t_apply,
    .deadline = t_deadline,
};
static const game_kind *const kinds[] = {&tally_kind};

/* --- fixtures ----------------------------------------------------------- */

static char dir[64];

/* The store under test: LMDB in dir/games (the default), or, when
 * $WB_TEST_PG is set (tests/pg_run.py starts a PostgreSQL and exports
 * PGHOST, PGPORT and PGUSER), a database of its own per test. */
static char pg_url[128];
static int pg_count;

static const char *store_url(void)
{
    return pg_url[0] ? pg_url : NULL;
}

static int pg_cmd(const char *verb)
{
    char cmd[256];
    snprintf(cmd, sizeof cmd, "%s 'wbt_%d_%d'", verb, (int)getpid(), pg_count);
    return system(cmd) == 0 ? 0 : -1;
}

static match_store *open_store_keep(size_t max_live, size_t keep)
{
    match_config cfg = {.data_dir = dir, .max_live = max_live, .kinds = kinds, .nkinds = 1,
                        .keep_finished = keep, .store = store_url()};
    match_store *ms = NULL;
    assert_int_equal(match_store_open(&cfg, &ms), WB_OK);
    return ms;
}

static match_store *open_store(size_t max_live)
{
    match_config cfg = {.data_dir = dir, .max_live = max_live, .kinds = kinds, .nkinds = 1,
                        .store = store_url()};
    match_store *ms = NULL;
    assert_int_equal(match_store_open(&cfg, &ms), WB_OK);
    return ms;
}

static int setup(void **state)
{
    (void)state;
    snprintf(dir, sizeof dir, "/tmp/wb-matches-XXXXXX");
    if (!mkdtemp(dir))
        return -1;
    if (!getenv("WB_TEST_PG"))
        return 0;
    pg_count++;
    snprintf(pg_url, sizeof pg_url, "postgresql:///wbt_%d_%d", (int)getpid(), pg_count);
    return pg_cmd("createdb");
}

static int teardown(void **state)
{
    (void)state;
    char cmd[128];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
    if (pg_url[0] && pg_cmd("dropdb --force") != 0)
        return -1;
    return system(cmd) == 0 ? 0 : -1;
}

typedef struct created {
    char id[64], host[64], tok[4][64];
} created;

static void create(match_store *ms, int nplayers, uint64_t seed, const char *opts,
                   created *c)
{
    json_t *players = json_array(), *out = NULL, *options = json_loads(opts, 0, NULL);
    char *why = NULL;
    for (int i = 0; i < nplayers; i++)
        json_array_append_new(players, json_sprintf("p%d", i));
    assert_int_equal(match_create(ms, "tally", players, options, seed, 1, &out, &why), WB_OK);
    snprintf(c->id, sizeof c->id, "%s", json_string_value(json_object_get(out, "id")));
    snprintf(c->host, sizeof c->host, "%s",
             json_string_value(json_object_get(out, "host_token")));
    for (int i = 0; i < nplayers; i++)
        snprintf(c->tok[i], sizeof c->tok[i], "%s",
                 json_string_value(json_object_get(
                     json_array_get(json_object_get(out, "players"), (size_t)i), "token")));
    assert_int_equal(json_integer_value(json_object_get(out, "version")), 1);
    assert_true(json_is_true(json_object_get(json_object_get(out, "state"), "host")));
    json_decref(out);
    json_decref(players);
    json_decref(options);
}

static int add(match_store *ms, const char *id, int seat, int n, uint64_t if_match,
               json_t **out)
{
    json_t *a = json_pack("{s:s,s:i}", "type", "add", "n", n), *o = NULL;
    char *why = NULL;
    int rc = match_apply(ms, id, seat, a, if_match, &o, &why);
    if (rc)
        assert_non_null(why != NULL || rc == WB_ESTALE || rc == WB_EAUTH || rc == WB_EFULL ||
                                rc == WB_ESTORE
                            ? "ok"
                            : NULL);
    free(why);
    json_decref(a);
    if (out)
        *out = o;
    else
        json_decref(o);
    return rc;
}

/* --- tests -------------------------------------------------------------- */

static void test_tokens_and_seats(void **state)
{
    (void)state;
    match_store *ms = open_store(0);
    created c;
    int seat = 99;
    create(ms, 3, 7, "{}", &c);
    assert_int_equal(strlen(c.id), 32);
    assert_int_equal(strlen(c.host), 43);
    assert_string_not_equal(c.tok[0], c.tok[1]);
    assert_string_not_equal(c.tok[0], c.host);
    assert_int_equal(match_auth(ms, c.id, c.tok[2], &seat), WB_OK);
    assert_int_equal(seat, 2);
    assert_int_equal(match_auth(ms, c.id, c.host, &seat), WB_OK);
    assert_int_equal(seat, GAME_SEAT_HOST);
    assert_int_equal(match_auth(ms, c.id, NULL, &seat), WB_OK);
    assert_int_equal(seat, GAME_SEAT_PUBLIC);
    assert_int_equal(match_auth(ms, c.id, "not-a-token", &seat), WB_EFORBIDDEN);
    /* a token is the whole token: one character more or less opens nothing */
    char longer[128], shorter[128];
    snprintf(longer, sizeof longer, "%sA", c.tok[2]);
    snprintf(shorter, sizeof shorter, "%.*s", (int)strlen(c.tok[2]) - 1, c.tok[2]);
    assert_int_equal(match_auth(ms, c.id, longer, &seat), WB_EFORBIDDEN);
    assert_int_equal(match_auth(ms, c.id, shorter, &seat), WB_EFORBIDDEN);
    snprintf(longer, sizeof longer, "%sA", c.host);
    assert_int_equal(match_auth(ms, c.id, longer, &seat), WB_EFORBIDDEN);
    assert_int_equal(match_auth(ms, "0123456789abcdef0123456789abcdef", NULL, &seat),
                     WB_ENOTFOUND);
    /* Another match's token does not open this one. */
    created d;
    create(ms, 2, 8, "{}", &d);
    assert_int_equal(match_auth(ms, c.id, d.tok[0], &seat), WB_EFORBIDDEN);

    json_t *players = json_pack("[s]", "solo"), *out = NULL;
    char *why = NULL;
    assert_int_equal(match_create(ms, "tally", players, NULL, 1, 1, &out, &why), WB_EINVAL);
    assert_non_null(why);
    free(why);
    why = NULL;
    assert_int_equal(match_create(ms, "chess", players, NULL, 1, 1, &out, &why), WB_ENOTFOUND);
    json_decref(players);
    match_store_close(ms);
}

static void test_actions_versions_and_privacy(void **state)
{
    (void)state;
    match_store *ms = open_store(0);
    created c;
    json_t *out = NULL, *v = NULL;
    uint64_t ver = 0;
    create(ms, 2, 42, "{}", &c);

    assert_int_equal(add(ms, c.id, GAME_SEAT_PUBLIC, 1, 0, NULL), WB_EAUTH);
    assert_int_equal(add(ms, c.id, 1, 1, 0, NULL), WB_ENOTTURN);
    assert_int_equal(add(ms, c.id, 0, 9, 0, NULL), WB_EILLEGAL);
    assert_int_equal(add(ms, c.id, 0, 1, 5, NULL), WB_ESTALE);
    assert_int_equal(match_view(ms, c.id, 0, &v, &ver), WB_OK);
    assert_int_equal(ver, 1); /* nothing above changed anything */
    assert_int_equal(json_integer_value(json_object_get(v, "total")), 0);
    json_decref(v);

    assert_int_equal(add(ms, c.id, 0, 2, 1, &out), WB_OK);
    assert_int_equal(json_integer_value(json_object_get(out, "version")), 2);
    /* Seat 0 sees its own secret event. */
    assert_int_equal(json_array_size(json_object_get(out, "events")), 2);
    json_decref(out);
    /* If-Match with a past version (the match is at 2) is refused as a
     * future one is, changing nothing */
    assert_int_equal(add(ms, c.id, 1, 3, 1, NULL), WB_ESTALE);
    assert_int_equal(match_version(ms, c.id), 2);
    assert_int_equal(add(ms, c.id, 1, 3, 3, NULL), WB_ESTALE);
    assert_int_equal(match_version(ms, c.id), 2);
    assert_int_equal(add(ms, c.id, 1, 3, 2, &out), WB_OK);
    json_decref(out);

    /* An action's body is its seat's (and the host's): other seats and
     * the public read its type alone in the log. */
    struct {
        int seat;
        json_int_t n1, n2; /* "n" of entry 1 (seat 0's), of entry 2 (seat 1's); 0: absent */
    } bodies[] = {{0, 2, 0}, {1, 0, 3}, {GAME_SEAT_HOST, 2, 3}, {GAME_SEAT_PUBLIC, 0, 0}};
    for (size_t k = 0; k < sizeof bodies / sizeof *bodies; k++) {
        json_t *lg = NULL;
        assert_int_equal(match_log(ms, c.id, bodies[k].seat, 0, &lg), WB_OK);
        json_t *es = json_object_get(lg, "entries");
        assert_int_equal(json_array_size(es), 2);
        for (size_t i = 0; i < 2; i++) {
            json_t *a = json_object_get(json_array_get(es, i), "action");
            json_int_t want = i ? bodies[k].n2 : bodies[k].n1;
            assert_string_equal(json_string_value(json_object_get(a, "type")), "add");
            if (want ? json_integer_value(json_object_get(a, "n")) != want
                     : json_object_get(a, "n") != NULL || json_object_size(a) != 1)
                fail_msg("seat %d reads entry %zu's action as %s", bodies[k].seat, i + 1,
                         json_dumps(a, JSON_COMPACT));
        }
        json_decref(lg);
    }

    json_t *log = NULL;
    assert_int_equal(match_log(ms, c.id, 0, 0, &log), WB_OK);
    json_t *entries = json_object_get(log, "entries");
    assert_int_equal(json_array_size(entries), 2);
    /* Seat 0 sees its secret on entry 1, not seat 1's on entry 2. */
    assert_int_equal(json_array_size(json_object_get(json_array_get(entries, 0), "events")), 2);
    assert_int_equal(json_array_size(json_object_get(json_array_get(entries, 1), "events")), 1);
    char *dump = json_dumps(log, 0);
    assert_null(strstr(dump, "private_to"));
    free(dump);
    json_decref(log);
    /* Versions start at 1 at creation: the first action made version 2. */
    assert_int_equal(match_log(ms, c.id, GAME_SEAT_HOST, 2, &log), WB_OK);
    entries = json_object_get(log, "entries");
    assert_int_equal(json_array_size(entries), 1);
    assert_int_equal(json_array_size(json_object_get(json_array_get(entries, 0), "events")), 2);
    json_decref(log);

    json_t *acts = NULL;
    assert_int_equal(match_actions(ms, c.id, 0, &acts), WB_OK);
    assert_int_equal(json_array_size(json_object_get(acts, "actions")), 3);
    json_decref(acts);
    assert_int_equal(match_actions(ms, c.id, GAME_SEAT_PUBLIC, &acts), WB_OK);
    assert_int_equal(json_array_size(json_object_get(acts, "actions")), 0);
    json_decref(acts);
    match_store_close(ms);
}

/* Replay the log from the seed through the game alone: same state. */
static void test_restart_and_replay(void **state)
{
    (void)state;
    match_store *ms = open_store(0);
    created c;
    create(ms, 3, 1234, "{\"target\":30}", &c);
    srand(5);
    for (int i = 0; i < 9; i++)
        assert_int_equal(add(ms, c.id, i % 3, 1 + rand() % 3, 0, NULL), WB_OK);
    json_t *before = NULL;
    assert_int_equal(match_view(ms, c.id, GAME_SEAT_HOST, &before, NULL), WB_OK);
    match_store_close(ms);

    ms = open_store(0);
    json_t *after = NULL, *log = NULL;
    uint64_t ver = 0;
    assert_int_equal(match_view(ms, c.id, GAME_SEAT_HOST, &after, &ver), WB_OK);
    assert_int_equal(ver, 10);
    assert_true(json_equal(before, after));
    assert_int_equal(match_log(ms, c.id, GAME_SEAT_HOST, 0, &log), WB_OK);
    json_t *entries = json_object_get(log, "entries");
    assert_int_equal(json_array_size(entries), 9);

    void *st = NULL;
    char *why = NULL;
    json_t *opts = json_pack("{s:i}", "target", 30);
    const char *names[] = {"p0", "p1", "p2"}; /* the match's, as create() named them */
    game_ctx ctx = {NULL, 0};
    assert_int_equal(tally_kind.create(&ctx, names, 3, opts, 1234, &st, &why), WB_OK);
    size_t i;
    json_t *e;
    json_array_foreach(entries, i, e) {
        json_t *ev = json_array();
        ctx.now_ms = json_integer_value(json_object_get(e, "at"));
        assert_int_equal(json_integer_value(json_object_get(e, "version")), (json_int_t)i + 2);
        assert_int_equal(tally_kind.apply(st, &ctx,
                                          (int)json_integer_value(json_object_get(e, "seat")),
                                          json_object_get(e, "action"), ev, &why), WB_OK);
        /* The replayed events are the logged ones, secrets included (the
         * host's log shows them without their "private_to" marks). */
        size_t k;
        json_t *one;
        json_array_foreach(ev, k, one)
            json_object_del(one, "private_to");
        assert_true(json_equal(ev, json_object_get(e, "events")));
        json_decref(ev);
    }
    /* the store's view: the game's, with the match's common fields */
    json_t *replayed = tally_kind.view(st, GAME_SEAT_HOST);
    game_view_common(replayed, GAME_SEAT_HOST, names, 3);
    json_object_set_new(replayed, "id", json_string(c.id));
    json_object_set_new(replayed, "game", json_string("tally"));
    json_object_set_new(replayed, "version", json_integer(10));
    assert_true(json_equal(replayed, after));
    tally_kind.destroy(st);
    json_decref(replayed);
    json_decref(opts);
    json_decref(log);
    json_decref(before);
    json_decref(after);
    match_store_close(ms);
}

struct counter {
    int n;
};

static void bump(void *ctx) { __atomic_add_fetch(&((struct counter *)ctx)->n, 1, __ATOMIC_SEQ_CST); }

static void test_timers_and_subscribers(void **state)
{
    (void)state;
    match_store *ms = open_store(0);
    created c;
    struct counter k = {0};
    match_sub *sub = NULL;
    create(ms, 2, 9, "{\"timer_ms\":50}", &c);
    assert_int_equal(match_subscribe(ms, c.id, bump, &k, &sub), WB_OK);
    assert_int_equal(add(ms, c.id, 0, 1, 0, NULL), WB_OK);
    /* The subscribers hear of an action just after its answer (from the
     * writer, which answers first): wait for it. */
    for (int i = 0; i < 200 && __atomic_load_n(&k.n, __ATOMIC_SEQ_CST) < 1; i++)
        usleep(10000);
    assert_int_equal(__atomic_load_n(&k.n, __ATOMIC_SEQ_CST), 1);
    /* The framework applies the timer by itself, logs it and notifies. */
    uint64_t ver = 0;
    int seen = 0;
    /* The notification follows the commit (outside the match's lock), so
     * wait for both. */
    for (int i = 0; i < 200; i++) {
        ver = match_version(ms, c.id);
        seen = __atomic_load_n(&k.n, __ATOMIC_SEQ_CST);
        if (ver >= 3 && seen >= 2)
            break;
        usleep(10000);
    }
    assert_int_equal(ver, 3);
    assert_int_equal(seen, 2);
    json_t *log = NULL;
    assert_int_equal(match_log(ms, c.id, 1, 2, &log), WB_OK);
    json_t *e = json_array_get(json_object_get(log, "entries"), 0);
    assert_int_equal(json_integer_value(json_object_get(e, "seat")), GAME_SEAT_SYSTEM);
    assert_string_equal(json_string_value(json_object_get(json_object_get(e, "action"), "type")),
                        "timer");
    json_decref(log);
    match_unsubscribe(sub);
    assert_int_equal(add(ms, c.id, 1, 1, 0, NULL), WB_OK);
    assert_int_equal(__atomic_load_n(&k.n, __ATOMIC_SEQ_CST), 2);
    match_store_close(ms);
}

static void test_cap_list_delete(void **state)
{
    (void)state;
    match_store *ms = open_store(2);
    created a, b;
    char *why = NULL;
    create(ms, 2, 1, "{\"target\":1}", &a);
    create(ms, 2, 2, "{}", &b);
    json_t *players = json_pack("[s,s]", "x", "y"), *out = NULL;
    assert_int_equal(match_create(ms, "tally", players, NULL, 3, 1, &out, &why), WB_ELIMIT);
    /* Finishing a match frees a place. */
    assert_int_equal(add(ms, a.id, 0, 1, 0, NULL), WB_OK);
    assert_int_equal(match_create(ms, "tally", players, NULL, 3, 1, &out, &why), WB_OK);
    json_decref(out);
    json_decref(players);

    json_t *list = NULL;
    assert_int_equal(match_list(ms, "finished", NULL, 100, &list), WB_OK);
    assert_int_equal(json_array_size(json_object_get(list, "matches")), 1);
    json_decref(list);
    assert_int_equal(match_list(ms, NULL, NULL, 100, &list), WB_OK);
    assert_int_equal(json_array_size(json_object_get(list, "matches")), 3);
    json_decref(list);

    assert_int_equal(match_delete(ms, a.id, 0, &why), WB_EFORBIDDEN);
    assert_int_equal(match_delete(ms, a.id, GAME_SEAT_HOST, &why), WB_OK);
    assert_int_equal(match_version(ms, a.id), 0);
    json_t *v = NULL;
    assert_int_equal(match_view(ms, a.id, 0, &v, NULL), WB_ENOTFOUND);
    match_store_close(ms);

    /* Deleted for good: gone after reopening, log included. */
    ms = open_store(2);
    json_t *log = NULL;
    assert_int_equal(match_log(ms, a.id, GAME_SEAT_HOST, 0, &log), WB_ENOTFOUND);
    assert_int_not_equal(match_version(ms, b.id), 0);
    match_store_close(ms);
}

static int count_entry(void *ctx, uint64_t version, const char *entry, size_t len)
{
    (void)version, (void)entry, (void)len;
    ++*(size_t *)ctx;
    return 0;
}

/* match_db.h: a deletion removes "the record and the whole log" of a
 * match: of a match with three logged actions, no entry is left in the
 * file (the API cannot tell: without its record the match is not found). */
static void test_delete_leaves_no_log(void **state)
{
    (void)state;
    match_store *ms = open_store(2);
    created c;
    char *why = NULL;
    create(ms, 2, 7, "{}", &c);
    for (int i = 0; i < 3; i++)
        assert_int_equal(add(ms, c.id, i % 2, 1, 0, NULL), WB_OK);
    assert_int_equal(match_delete(ms, c.id, GAME_SEAT_HOST, &why), WB_OK);
    match_store_close(ms);
    match_db *db = NULL;
    size_t left = 0;
    assert_int_equal(match_db_open(dir, store_url(), NULL, &db), WB_OK);
    assert_int_equal(match_db_log(db, c.id, 0, count_entry, &left), WB_OK);
    assert_int_equal(left, 0);
    match_db_close(db);
}

struct last_entry {
    uint64_t version;
    char text[64];
};

static int keep_last(void *ctx, uint64_t version, const char *entry, size_t len)
{
    struct last_entry *l = ctx;
    l->version = version;
    snprintf(l->text, sizeof l->text, "%.*s", (int)len, entry);
    return 0;
}

/* match_db_each's callback: the record of the id 0123... into ctx. */
static int record_of(void *ctx, const char *id, const char *rec, size_t len)
{
    if (strcmp(id, "0123456789abcdef0123456789abcdef") == 0 && len < 32)
        memcpy(ctx, rec, len + 1);
    return 0;
}

/* PostgreSQL (match_pg.h): a log entry is inserted, never overwritten: a
 * batch that writes a stored version again fails whole (its other puts
 * are not written either), what was stored stays, and the next batch
 * commits (the connection came through the failed pipeline).  LMDB's
 * store replaces it; the test is the PostgreSQL store's (run only then). */
static void test_pg_log_entry_never_overwritten(void **state)
{
    (void)state;
    const char *id = "0123456789abcdef0123456789abcdef";
    const char *other = "fedcba9876543210fedcba9876543210";
    match_db *db = NULL;
    match_db_batch *b = NULL;
    struct last_entry l = {0, ""};
    size_t n = 0;
    assert_int_equal(match_db_open(dir, store_url(), NULL, &db), WB_OK);
    assert_string_equal(match_db_kind(db), "postgresql");
    assert_int_equal(match_db_commit(db, id, "{\"r\":1}", 2, "{\"first\":2}"), WB_OK);
    assert_int_equal(match_db_batch_begin(db, &b), WB_OK);
    assert_int_equal(match_db_batch_put(b, other, "{\"r\":2}", 2, "{\"o\":2}"), WB_OK);
    assert_int_equal(match_db_batch_put(b, id, NULL, 2, "{\"second\":2}"), WB_OK);
    assert_int_not_equal(match_db_batch_end(b, 1), WB_OK);
    assert_int_equal(match_db_log(db, id, 0, keep_last, &l), WB_OK);
    assert_int_equal(l.version, 2);
    assert_string_equal(l.text, "{\"first\":2}");
    assert_int_equal(match_db_log(db, other, 0, count_entry, &n), WB_OK);
    assert_int_equal(n, 0);
    assert_int_equal(match_db_commit(db, id, NULL, 3, "{\"third\":3}"), WB_OK);
    assert_int_equal(match_db_log(db, id, 2, keep_last, &l), WB_OK);
    assert_int_equal(l.version, 3);
    assert_string_equal(l.text, "{\"third\":3}");
    /* a record never replaces a newer one: the version 1 put leaves 3 */
    assert_int_equal(match_db_commit(db, id, "{\"r\":3}", 3, NULL), WB_OK);
    assert_int_equal(match_db_commit(db, id, "{\"r\":1}", 1, NULL), WB_OK);
    char rec[32] = "";
    assert_int_equal(match_db_each(db, record_of, rec), WB_OK);
    assert_string_equal(rec, "{\"r\":3}");
    match_db_close(db);
}

/* What a crash of the open store of `from` leaves, for a second store to
 * open: LMDB's file copied to `copy` as it is now (after the last
 * commit); with PostgreSQL the first store's connections cut, as its end
 * would, and its lease gone to a daemon that died at once (a crash whose
 * lease then expired): the first renews nothing more, and the second
 * takes the lease over at once instead of waiting as a standby. */
static void crash(const char *from, const char *copy)
{
    char cmd[1024];
    if (store_url())
        snprintf(cmd, sizeof cmd,
                 "psql -qAt -o /dev/null -d '%s' -c 'SELECT pg_terminate_backend(pid, 10000) "
                 "FROM pg_stat_activity WHERE datname = current_database() "
                 "AND pid <> pg_backend_pid()' -c \"UPDATE wibbelld_leases SET "
                 "owner = 'gone', epoch = epoch + 1, expires = now() - interval '1 s'\"",
                 store_url());
    else
        snprintf(cmd, sizeof cmd, "mkdir -p %s/games && cp %s/games/data.mdb %s/games/", copy,
                 from, copy);
    assert_int_equal(system(cmd), 0);
}

/* A match's record is written every MATCH_SNAPSHOT_EVERY actions, when it
 * ends and when the store closes; after a crash in between, the opening
 * replays the log after the record.  A copy of the data file taken while
 * the store is open (after the last commit) is what a crash leaves. */
static void test_opens_from_record_and_log(void **state)
{
    (void)state;
    match_store *ms = open_store(10);
    created c, e;
    create(ms, 2, 11, "{\"target\":1000}", &c);
    create(ms, 3, 12, "{\"target\":1000}", &e);
    for (int i = 0; i < 21; i++)
        assert_int_equal(add(ms, c.id, i % 2, 1 + i % 3, 0, NULL), WB_OK);
    for (int i = 0; i < 3; i++)
        assert_int_equal(add(ms, e.id, i, 2, 0, NULL), WB_OK);
    json_t *out = NULL;
    char *why = NULL;
    assert_int_equal(match_end(ms, e.id, GAME_SEAT_HOST, &out, &why), WB_OK);
    json_decref(out);

    /* what the first store shows, before its crash */
    json_t *v1[2], *l1[2];
    for (int k = 0; k < 2; k++) {
        assert_int_equal(match_view(ms, k ? e.id : c.id, GAME_SEAT_HOST, &v1[k], NULL), WB_OK);
        assert_int_equal(match_log(ms, k ? e.id : c.id, GAME_SEAT_HOST, 0, &l1[k]), WB_OK);
    }
    char copy[sizeof dir + 16];
    snprintf(copy, sizeof copy, "%s/crash", dir);
    crash(dir, copy);
    match_config cfg = {.data_dir = copy, .kinds = kinds, .nkinds = 1, .store = store_url()};
    match_store *ms2 = NULL;
    assert_int_equal(match_store_open(&cfg, &ms2), WB_OK);
    match_stats st;
    match_store_stats(ms2, &st);
    /* versions 18..22 of c are after its record of version 17; e's end
     * wrote its record */
    assert_int_equal(st.replayed, 5);
    for (int k = 0; k < 2; k++) {
        const char *id = k ? e.id : c.id;
        json_t *v2 = NULL, *l2 = NULL;
        assert_int_equal(match_view(ms2, id, GAME_SEAT_HOST, &v2, NULL), WB_OK);
        assert_true(json_equal(v1[k], v2));
        assert_int_equal(match_log(ms2, id, GAME_SEAT_HOST, 0, &l2), WB_OK);
        assert_true(json_equal(l1[k], l2));
        json_decref(v1[k]);
        json_decref(v2);
        json_decref(l1[k]);
        json_decref(l2);
    }
    assert_int_equal(match_version(ms2, c.id), 22);
    if (store_url()) {
        /* the first store writes nothing more: its connection is made
         * again but the lease is the second's */
        match_store_close(ms);
        ms = NULL;
    }
    /* the replayed match plays on, and the next opening replays nothing */
    assert_int_equal(add(ms2, c.id, 1, 3, 0, NULL), WB_OK);
    match_store_close(ms2);
    assert_int_equal(match_store_open(&cfg, &ms2), WB_OK);
    match_store_stats(ms2, &st);
    assert_int_equal(st.replayed, 0);
    assert_int_equal(match_version(ms2, c.id), 23);
    match_store_close(ms2);
    match_store_close(ms);
}

/* One keyed add of `seat` (the body of add()): its rc, *version and
 * whether the store answered it as a replay. */
static int keyed_add(match_store *ms, const char *id, int seat, int n, const char *key,
                     uint64_t *version, int *replayed)
{
    json_t *a = json_pack("{s:s,s:i}", "type", "add", "n", n), *o = NULL;
    char *why = NULL;
    match_key k = {key, 0, 0};
    int rc = match_apply_keyed(ms, id, seat, a, &k, &o, &why);
    *version = (uint64_t)json_integer_value(json_object_get(o, "version"));
    *replayed = k.replayed;
    free(why);
    json_decref(a);
    json_decref(o);
    return rc;
}

/* A match holds the keys of its latest MATCH_KEYS_KEPT keyed changes: of
 * 65, the first is forgotten (a retry of it is a new request) and the
 * others answered again without a change; an opening after a crash (the
 * latest record, the log after it replayed) holds the same keys. */
static void test_request_ids_kept_and_replayed(void **state)
{
    (void)state;
    match_store *ms = open_store(0);
    created c;
    char key[16];
    uint64_t v;
    int replayed;
    create(ms, 2, 21, "{\"target\":100000}", &c);
    for (int i = 0; i <= MATCH_KEYS_KEPT; i++) { /* 65 keys: versions 2..66 */
        snprintf(key, sizeof key, "k%d", i);
        assert_int_equal(keyed_add(ms, c.id, i % 2, 1, key, &v, &replayed), WB_OK);
        assert_int_equal(v, (uint64_t)i + 2);
        assert_false(replayed);
    }
    /* the second is held: the first answer, nothing applied */
    assert_int_equal(keyed_add(ms, c.id, 1, 1, "k1", &v, &replayed), WB_OK);
    assert_true(replayed);
    assert_int_equal(v, 3);
    assert_int_equal(match_version(ms, c.id), 66);
    /* another request with a held key: refused, nothing applied */
    match_key k = {"k2", 0, 0};
    json_t *a = json_pack("{s:s,s:i}", "type", "add", "n", 2), *o = NULL;
    char *why = NULL;
    assert_int_equal(match_apply_keyed(ms, c.id, 0, a, &k, &o, &why), WB_ECONFLICT);
    assert_true(k.reused);
    free(why);
    json_decref(a);
    /* the first is forgotten: applied as a new request */
    assert_int_equal(keyed_add(ms, c.id, 1, 1, "k-new", &v, &replayed), WB_OK);
    assert_int_equal(keyed_add(ms, c.id, 0, 1, "k0", &v, &replayed), WB_OK);
    assert_false(replayed);
    assert_int_equal(v, 68);

    /* a crash: the next opening replays the log after the last record */
    char copy[sizeof dir + 16];
    snprintf(copy, sizeof copy, "%s/crash", dir);
    crash(dir, copy);
    match_config cfg = {.data_dir = copy, .kinds = kinds, .nkinds = 1, .store = store_url()};
    match_store *ms2 = NULL;
    assert_int_equal(match_store_open(&cfg, &ms2), WB_OK);
    match_stats st;
    match_store_stats(ms2, &st);
    assert_true(st.replayed > 0); /* some keys came from the log */
    if (store_url()) {
        match_store_close(ms);
        ms = NULL;
    }
    /* k0 is held again (version 68), k1 was pushed out by it and k-new */
    assert_int_equal(keyed_add(ms2, c.id, 0, 1, "k0", &v, &replayed), WB_OK);
    assert_true(replayed);
    assert_int_equal(v, 68);
    assert_int_equal(keyed_add(ms2, c.id, 0, 1, "k64", &v, &replayed), WB_OK);
    assert_true(replayed);
    assert_int_equal(v, 66);
    assert_int_equal(keyed_add(ms2, c.id, 1, 1, "k3", &v, &replayed), WB_OK);
    assert_true(replayed);
    assert_int_equal(v, 5);
    assert_int_equal(keyed_add(ms2, c.id, 1, 1, "k1", &v, &replayed), WB_OK);
    assert_false(replayed); /* forgotten: a new action, seat 1's turn */
    assert_int_equal(v, 69);
    assert_int_equal(match_version(ms2, c.id), 69);
    match_store_close(ms2);
    match_store_close(ms);
}

/* A record much larger than the log entries after it waits until they
 * hold as many bytes as it does (a class's vocabulary is not written again
 * every 16 shouts): after 40 actions of about 150 bytes a 20 KB record is
 * still the creation's, and the opening after a crash replays all 40. */
static void test_large_record_waits_for_its_log(void **state)
{
    (void)state;
    if (store_url())
        skip(); /* the crash copies LMDB's file; the rule is the store's, not the backend's */
    match_store *ms = open_store(10);
    created c;
    create(ms, 2, 11, "{\"target\":100000,\"state_pad\":20000}", &c);
    for (int i = 0; i < 40; i++)
        assert_int_equal(add(ms, c.id, i % 2, 1, 0, NULL), WB_OK);
    char copy[sizeof dir + 16], cmd[512];
    snprintf(copy, sizeof copy, "%s/crash", dir);
    snprintf(cmd, sizeof cmd, "mkdir -p %s/games && cp %s/games/data.mdb %s/games/", copy, dir,
             copy);
    assert_int_equal(system(cmd), 0);
    match_config cfg = {.data_dir = copy, .kinds = kinds, .nkinds = 1};
    match_store *ms2 = NULL;
    assert_int_equal(match_store_open(&cfg, &ms2), WB_OK);
    match_stats st;
    match_store_stats(ms2, &st);
    assert_int_equal(st.replayed, 40); /* 16 at most with a record every 16 */
    assert_int_equal(match_version(ms2, c.id), 41);
    json_t *v1 = NULL, *v2 = NULL;
    assert_int_equal(match_view(ms, c.id, GAME_SEAT_HOST, &v1, NULL), WB_OK);
    assert_int_equal(match_view(ms2, c.id, GAME_SEAT_HOST, &v2, NULL), WB_OK);
    assert_true(json_equal(v1, v2));
    json_decref(v1);
    json_decref(v2);
    match_store_close(ms2);
    /* and it is written once the log has caught up with it */
    for (int i = 0; i < 200; i++)
        assert_int_equal(add(ms, c.id, i % 2, 1, 0, NULL), WB_OK);
    assert_int_equal(system(cmd), 0);
    assert_int_equal(match_store_open(&cfg, &ms2), WB_OK);
    match_store_stats(ms2, &st);
    assert_in_range(st.replayed, 0, 180); /* a record came after version 41 */
    assert_int_equal(match_version(ms2, c.id), 241);
    match_store_close(ms2);
    match_store_close(ms);
}

/* An action body of `bytes` bytes of compact JSON: an add with padding. */
static json_t *padded_action(size_t bytes)
{
    json_t *a = json_pack("{s:s,s:i,s:s}", "type", "add", "n", 1, "pad", "");
    size_t base = json_dumpb(a, NULL, 0, JSON_COMPACT);
    char *pad = malloc(bytes - base + 1);
    memset(pad, 'x', bytes - base);
    pad[bytes - base] = '\0';
    json_object_set_new(a, "pad", json_string(pad));
    free(pad);
    assert_int_equal(json_dumpb(a, NULL, 0, JSON_COMPACT), bytes);
    return a;
}

/* The store's limit on an action's size: 4096 bytes of compact JSON reach
 * the game (which then judges it), 4097 do not. */
static void test_action_size_limit(void **state)
{
    (void)state;
    match_store *ms = open_store(10);
    created c;
    create(ms, 2, 7, "{}", &c);
    json_t *o = NULL;
    for (size_t bytes = 4095; bytes <= 4097; bytes++) {
        json_t *a = padded_action(bytes);
        char *why = NULL;
        int rc = match_apply(ms, c.id, 0, a, 0, &o, &why);
        int too_big = why && strstr(why, "at most 4096 bytes") != NULL;
        assert_int_equal(too_big, bytes > 4096);
        if (too_big)
            assert_int_equal(rc, WB_EINVAL);
        free(why);
        json_decref(o);
        o = NULL;
        json_decref(a);
    }
    match_store_close(ms);
}

static void test_refusal_leaves_no_trace(void **state)
{
    (void)state;
    match_store *ms = open_store(10);
    created c;
    create(ms, 2, 7, "{}", &c);
    assert_int_equal(add(ms, c.id, 0, 2, 0, NULL), WB_OK);
    json_t *before = NULL, *after = NULL, *a = json_pack("{s:s}", "type", "mess"), *o = NULL;
    assert_int_equal(match_view(ms, c.id, GAME_SEAT_HOST, &before, NULL), WB_OK);
    char *why = NULL;
    assert_int_equal(match_apply(ms, c.id, 1, a, 0, &o, &why), WB_EILLEGAL);
    free(why);
    json_decref(a);
    assert_int_equal(match_view(ms, c.id, GAME_SEAT_HOST, &after, NULL), WB_OK);
    assert_true(json_equal(before, after));
    /* and the next action works on the state from before */
    assert_int_equal(add(ms, c.id, 1, 1, 0, &o), WB_OK);
    assert_int_equal(json_integer_value(json_object_get(json_object_get(o, "state"), "total")), 3);
    json_decref(o);
    json_decref(before);
    json_decref(after);
    match_store_close(ms);
}

static void test_pages_end_and_keep(void **state)
{
    (void)state;
    match_store *ms = open_store_keep(100, 3);
    created c[6];
    char *why = NULL;
    for (int i = 0; i < 6; i++)
        create(ms, 2, (uint64_t)i, "{\"target\":1}", &c[i]);
    /* pages of 4 then 2, in creation order, each match once */
    json_t *p1 = NULL, *p2 = NULL;
    assert_int_equal(match_list(ms, NULL, NULL, 4, &p1), WB_OK);
    const char *next = json_string_value(json_object_get(p1, "next"));
    assert_non_null(next);
    assert_int_equal(match_list(ms, NULL, next, 4, &p2), WB_OK);
    assert_int_equal(json_array_size(json_object_get(p1, "matches")), 4);
    assert_int_equal(json_array_size(json_object_get(p2, "matches")), 2);
    assert_true(json_is_null(json_object_get(p2, "next")));
    int seen[6] = {0};
    for (int k = 0; k < 6; k++) {
        json_t *x = json_array_get(json_object_get(k < 4 ? p1 : p2, "matches"), (size_t)(k % 4));
        for (int i = 0; i < 6; i++)
            seen[i] += strcmp(json_string_value(json_object_get(x, "id")), c[i].id) == 0;
    }
    for (int i = 0; i < 6; i++)
        assert_int_equal(seen[i], 1);
    json_decref(p1);
    json_decref(p2);
    /* a page that holds every match has no next; one short of it has */
    assert_int_equal(match_list(ms, NULL, NULL, 6, &p1), WB_OK);
    assert_int_equal(json_array_size(json_object_get(p1, "matches")), 6);
    assert_true(json_is_null(json_object_get(p1, "next")));
    json_decref(p1);
    assert_int_equal(match_list(ms, NULL, NULL, 5, &p1), WB_OK);
    assert_non_null(json_string_value(json_object_get(p1, "next")));
    json_decref(p1);
    assert_int_equal(match_list(ms, NULL, "nonsense", 4, &p1), WB_EINVAL);

    /* the host ends a match at any time; then nobody acts */
    json_t *o = NULL;
    assert_int_equal(match_end(ms, c[0].id, 0, &o, &why), WB_EFORBIDDEN);
    assert_int_equal(match_end(ms, c[0].id, GAME_SEAT_HOST, &o, &why), WB_OK);
    json_t *st = json_object_get(o, "state");
    assert_string_equal(json_string_value(json_object_get(st, "status")), "finished");
    assert_true(json_is_true(json_object_get(st, "ended")));
    assert_int_equal(json_array_size(json_object_get(st, "to_act")), 0);
    json_decref(o);
    assert_int_equal(add(ms, c[0].id, 0, 1, 0, NULL), WB_ECONFLICT);
    assert_int_equal(match_end(ms, c[0].id, GAME_SEAT_HOST, &o, &why), WB_ECONFLICT);
    free(why);
    why = NULL;

    /* four more over: at most 3 finished or ended matches are kept, the
     * oldest go first; the two active ones stay */
    struct timespec ms5 = {0, 5000000};
    nanosleep(&ms5, NULL); /* the end is older by the clock, not by chance */
    for (int i = 1; i < 4; i++)
        assert_int_equal(add(ms, c[i].id, 0, 1, 0, NULL), WB_OK);
    match_stats stats;
    for (int tries = 0; tries < 100; tries++) {
        match_store_stats(ms, &stats);
        if (stats.stored == 5)
            break;
        struct timespec ts = {0, 50000000};
        nanosleep(&ts, NULL);
    }
    assert_int_equal(stats.stored, 5);
    assert_int_equal(stats.live, 2);
    assert_int_equal(match_version(ms, c[0].id), 0); /* ended first: oldest */
    assert_int_not_equal(match_version(ms, c[4].id), 0);
    match_store_close(ms);
    /* and gone for good */
    ms = open_store_keep(100, 3);
    assert_int_equal(match_version(ms, c[0].id), 0);
    assert_int_equal(match_version(ms, c[3].id), 2);
    match_store_close(ms);
}

#ifdef WB_FAULT_INJECTION
static char fault_path[96];

static void fault(const char *text)
{
    FILE *f = fopen(fault_path, "w");
    assert_non_null(f);
    fputs(text, f);
    fclose(f);
}

/* A store whose commits fail while fault_path holds a fault (store.c). */
static match_store *open_faulty_store(void)
{
    snprintf(fault_path, sizeof fault_path, "%s/fault", dir);
    setenv("WIBBELLD_FAULT_FILE", fault_path, 1);
    return open_store(10);
}

static void test_failed_commit_rolls_back(void **state)
{
    (void)state;
    match_store *ms = open_faulty_store();
    created c;
    create(ms, 2, 9, "{}", &c);
    assert_int_equal(add(ms, c.id, 0, 2, 0, NULL), WB_OK);
    fault("ENOSPC 1");
    assert_int_equal(add(ms, c.id, 1, 3, 0, NULL), WB_EFULL);
    match_stats st;
    match_store_stats(ms, &st);
    assert_int_equal(st.writable, 0);
    assert_int_equal(match_version(ms, c.id), 2);
    json_t *v = NULL;
    assert_int_equal(match_view(ms, c.id, GAME_SEAT_HOST, &v, NULL), WB_OK);
    assert_int_equal(json_integer_value(json_object_get(v, "total")), 2);
    json_decref(v);
    /* the fault was for one commit: the same action goes through now */
    assert_int_equal(add(ms, c.id, 1, 3, 0, NULL), WB_OK);
    match_store_stats(ms, &st);
    assert_int_equal(st.writable, 1);
    fault("EIO 1");
    assert_int_equal(add(ms, c.id, 0, 1, 0, NULL), WB_ESTORE);
    match_store_close(ms);
    ms = open_store(10);
    assert_int_equal(match_version(ms, c.id), 3);
    json_t *log = NULL;
    assert_int_equal(match_log(ms, c.id, GAME_SEAT_HOST, 0, &log), WB_OK);
    assert_int_equal(json_array_size(json_object_get(log, "entries")), 2);
    json_decref(log);
    match_store_close(ms);
    unsetenv("WIBBELLD_FAULT_FILE");
}

static void test_failed_timer_is_retried(void **state)
{
    (void)state;
    match_store *ms = open_faulty_store();
    created c;
    create(ms, 2, 11, "{\"timer_ms\":200}", &c);
    assert_int_equal(add(ms, c.id, 0, 1, 0, NULL), WB_OK);
    fault("EIO 3"); /* the timer's first three commits fail */
    /* The durable log tells: the timer must get there by itself. */
    int ticks = 0;
    for (int tries = 0; tries < 200 && ticks == 0; tries++) {
        struct timespec ts = {0, 50000000};
        nanosleep(&ts, NULL);
        json_t *log = NULL;
        assert_int_equal(match_log(ms, c.id, GAME_SEAT_HOST, 0, &log), WB_OK);
        ticks = (int)json_array_size(json_object_get(log, "entries")) - 1;
        json_decref(log);
    }
    assert_int_equal(ticks, 1);
    match_stats st;
    match_store_stats(ms, &st);
    assert_true(st.commit_failures >= 3);
    assert_int_equal(st.writable, 1);
    assert_int_equal(match_version(ms, c.id), 3);
    match_store_close(ms);
    unsetenv("WIBBELLD_FAULT_FILE");
}
#endif

/* Done callbacks of the hold test: they run on the writer thread, so
 * they count what they got and the test thread asserts it. */
static atomic_int held_done, held_good;

static void count_done(void *ctx, int rc, char *text, size_t len, uint64_t version)
{
    (void)ctx;
    (void)len;
    if (rc == WB_OK && version > 1 && text && strstr(text, "\"state\""))
        atomic_fetch_add(&held_good, 1);
    free(text);
    atomic_fetch_add(&held_done, 1);
}

/* While a thread holds the writer, what it stages waits; the release
 * commits all of it in one transaction.  A synchronous call made while
 * holding wakes the writer itself (else it would wait for ever). */
static void test_hold_groups_commits(void **state)
{
    (void)state;
    match_store *ms = open_store(0);
    created c[3];
    match_stats before, after;
    for (int i = 0; i < 3; i++)
        create(ms, 2, 7 + (uint64_t)i, "{}", &c[i]);
    /* the writer answers a creation before it goes back to its queue:
     * let it get there, or it would find the held jobs by itself */
    struct timespec pause = {0, 100 * 1000000L};
    nanosleep(&pause, NULL);
    match_store_stats(ms, &before);
    atomic_store(&held_done, 0);
    atomic_store(&held_good, 0);
    json_t *a = json_pack("{s:s,s:i}", "type", "add", "n", 1);
    matches_hold();
    for (int i = 0; i < 3; i++)
        assert_int_equal(match_apply_async(ms, c[i].id, 0, a, 0, NULL, count_done, NULL, NULL), WB_OK);
    nanosleep(&pause, NULL);
    assert_int_equal(atomic_load(&held_done), 0); /* not woken, not written */
    match_store_stats(ms, &after);
    assert_int_equal(after.commits, before.commits);
    matches_release();
    for (int i = 0; i < 500 && atomic_load(&held_done) < 3; i++)
        nanosleep(&(struct timespec){0, 10 * 1000000L}, NULL);
    assert_int_equal(atomic_load(&held_done), 3);
    assert_int_equal(atomic_load(&held_good), 3); /* answered with a view */
    match_store_stats(ms, &after);
    assert_int_equal(after.commits, before.commits + 1); /* one group */
    assert_int_equal(after.actions, before.actions + 3);

    /* holding, then waiting for one's own action (a view waits for what
     * is in flight, and wakes the writer for it first): no hang */
    matches_hold();
    assert_int_equal(match_apply_async(ms, c[0].id, 1, a, 0, NULL, count_done, NULL, NULL), WB_OK);
    json_t *v = NULL;
    assert_int_equal(match_view(ms, c[0].id, 0, &v, NULL), WB_OK); /* waits for it */
    assert_int_equal(json_integer_value(json_object_get(v, "total")), 2);
    json_decref(v);
    matches_release();
    json_decref(a);
    match_store_close(ms);
}

/* An instance prefix (--instance) starts every new id, which keeps its 32
 * characters; ids made without one stay found after a restart with one. */
static void test_id_prefix(void **state)
{
    (void)state;
    created plain, c, c2;
    match_store *ms = open_store(0);
    create(ms, 2, 1, "{}", &plain);
    match_store_close(ms);
    assert_int_equal(strlen(plain.id), 32);
    assert_null(strchr(plain.id, '-'));

    match_config cfg = {.data_dir = dir, .kinds = kinds, .nkinds = 1, .id_prefix = "b7",
                        .store = store_url()};
    assert_int_equal(match_store_open(&cfg, &ms), WB_OK);
    create(ms, 2, 2, "{}", &c);
    create(ms, 2, 3, "{}", &c2);
    assert_int_equal(strlen(c.id), 32);
    assert_memory_equal(c.id, "b7-", 3);
    assert_int_equal(strspn(c.id + 3, "0123456789abcdef"), 29);
    assert_string_not_equal(c.id, c2.id);
    json_t *v = NULL;
    uint64_t ver = 0;
    assert_int_equal(match_view(ms, c.id, 0, &v, &ver), WB_OK);
    json_decref(v);
    /* LMDB keeps one daemon's matches; in PostgreSQL a store reads its
     * shard's (its prefix's) only */
    v = NULL;
    assert_int_equal(match_view(ms, plain.id, 0, &v, &ver), store_url() ? WB_ENOTFOUND : WB_OK);
    json_decref(v);
    match_store_close(ms);

    /* the longest prefix still leaves 23 random hex digits */
    cfg.id_prefix = "abcdefgh";
    assert_int_equal(match_store_open(&cfg, &ms), WB_OK);
    create(ms, 2, 4, "{}", &c);
    assert_int_equal(strlen(c.id), 32);
    assert_memory_equal(c.id, "abcdefgh-", 9);
    assert_int_equal(strspn(c.id + 9, "0123456789abcdef"), 23);
    assert_int_equal(match_version(ms, c.id), 1);
    match_store_close(ms);
}

/* The fence: a store whose lease another store took over (it expired
 * while the first stood still: made so here by the server's clock) has
 * its next commit refused by the fence in the commit's own transaction,
 * before its renewal finds out; the lease is lost, nothing is written. */
static int psql_c(const char *sql, char *out, size_t len)
{
    char cmd[512];
    snprintf(cmd, sizeof cmd, "psql -qAt -d '%s' -c \"%s\"", store_url(), sql);
    FILE *p = popen(cmd, "r");
    if (!p)
        return -1;
    size_t n = fread(out, 1, len - 1, p);
    out[n] = '\0';
    while (n && out[n - 1] == '\n')
        out[--n] = '\0';
    return pclose(p) == 0 ? 0 : -1;
}

static void test_pg_fence_refuses_a_taken_over_store(void **state)
{
    (void)state;
    char got[128];
    /* a long lease: the first store renews nothing during the test */
    match_config cfg = {.data_dir = dir, .kinds = kinds, .nkinds = 1, .store = store_url(),
                        .lease_ms = 60000, .owner = "first"};
    match_store *ms = NULL, *ms2 = NULL;
    assert_int_equal(match_store_open(&cfg, &ms), WB_OK);
    created c;
    create(ms, 2, 1, "{}", &c);
    assert_int_equal(add(ms, c.id, 0, 1, 0, NULL), WB_OK);
    assert_int_equal(psql_c("UPDATE wibbelld_leases SET expires = now() - interval '1 s'",
                            got, sizeof got), 0);
    match_config cfg2 = cfg;
    cfg2.lease_ms = 0;
    cfg2.owner = "second";
    assert_int_equal(match_store_open(&cfg2, &ms2), WB_OK);
    assert_int_equal(psql_c("SELECT owner || ' ' || epoch FROM wibbelld_leases", got,
                            sizeof got), 0);
    assert_string_equal(got, "second 2");
    assert_false(match_store_lease_lost(ms));
    /* the first store's next commits: the first may fail on its session,
     * which the takeover ended; made again, the fence refuses the next */
    assert_int_equal(add(ms, c.id, 1, 1, 0, NULL), WB_ESTORE);
    if (!match_store_lease_lost(ms))
        assert_int_equal(add(ms, c.id, 1, 1, 0, NULL), WB_ESTORE);
    assert_true(match_store_lease_lost(ms));
    assert_int_equal(add(ms, c.id, 1, 1, 0, NULL), WB_ESTORE); /* and serves nothing */
    assert_int_equal(psql_c("SELECT count(*) FROM wibbelld_log WHERE version > 2 OR epoch <> 1",
                            got, sizeof got), 0);
    assert_string_equal(got, "0");
    match_store_close(ms); /* its closing writes nothing either */
    assert_int_equal(psql_c("SELECT count(*) FROM wibbelld_matches WHERE epoch <> 1", got,
                            sizeof got), 0);
    assert_string_equal(got, "0");
    /* the second plays on from the first's last acknowledged action */
    assert_int_equal(match_version(ms2, c.id), 2);
    assert_int_equal(add(ms2, c.id, 1, 1, 0, NULL), WB_OK);
    assert_int_equal(psql_c("SELECT epoch FROM wibbelld_log WHERE version = 3", got,
                            sizeof got), 0);
    assert_string_equal(got, "2");
    match_store_close(ms2);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(test_tokens_and_seats, setup, teardown),
        cmocka_unit_test_setup_teardown(test_action_size_limit, setup, teardown),
        cmocka_unit_test_setup_teardown(test_id_prefix, setup, teardown),
        cmocka_unit_test_setup_teardown(test_hold_groups_commits, setup, teardown),
        cmocka_unit_test_setup_teardown(test_actions_versions_and_privacy, setup, teardown),
        cmocka_unit_test_setup_teardown(test_restart_and_replay, setup, teardown),
        cmocka_unit_test_setup_teardown(test_timers_and_subscribers, setup, teardown),
        cmocka_unit_test_setup_teardown(test_cap_list_delete, setup, teardown),
        cmocka_unit_test_setup_teardown(test_refusal_leaves_no_trace, setup, teardown),
        cmocka_unit_test_setup_teardown(test_opens_from_record_and_log, setup, teardown),
        cmocka_unit_test_setup_teardown(test_request_ids_kept_and_replayed, setup, teardown),
        cmocka_unit_test_setup_teardown(test_large_record_waits_for_its_log, setup, teardown),
        cmocka_unit_test_setup_teardown(test_delete_leaves_no_log, setup, teardown),
        cmocka_unit_test_setup_teardown(test_pages_end_and_keep, setup, teardown),
#ifdef WB_FAULT_INJECTION
        cmocka_unit_test_setup_teardown(test_failed_commit_rolls_back, setup, teardown),
        cmocka_unit_test_setup_teardown(test_failed_timer_is_retried, setup, teardown),
#endif
    };
    const struct CMUnitTest pg_tests[] = {
        cmocka_unit_test_setup_teardown(test_pg_log_entry_never_overwritten, setup, teardown),
        cmocka_unit_test_setup_teardown(test_pg_fence_refuses_a_taken_over_store, setup,
                                        teardown),
    };
    int failed = cmocka_run_group_tests_name("matches", tests, NULL, NULL);
    if (getenv("WB_TEST_PG")) /* tests/pg_run.py joins the two groups' TAP */
        failed += cmocka_run_group_tests_name("matches-pg-only", pg_tests, NULL, NULL);
    return failed;
}
