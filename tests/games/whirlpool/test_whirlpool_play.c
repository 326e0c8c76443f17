/*
 * test_whirlpool_play.c - Whirlpool Pond (Tube Wars), games/whirlpool/:
 * views, save/load and its checks, determinism, whole matches.  Positions
 * and coordinates: whirlpool_test_util.h.
 */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "game.h"
#include "game_data.h"
#include "game_test.h"
#include "rng.h"
#include "wb_err.h"
#include "whirlpool.h"
#include "whirlpool_board.h"
#include "whirlpool_int.h"
#include "whirlpool_test_util.h"

/* --- views, save/load, determinism ---------------------------------------------- */

static void test_views_and_load_errors(void **state)
{
    (void)state;
    gt *st = extortion(2);
    int seats[] = {0, 1, GAME_SEAT_PUBLIC, GAME_SEAT_HOST};
    json_t *saved = K->save(st->st);
    const char *rng_hex = json_string_value(json_object_get(saved, "rng"));
    for (size_t i = 0; i < 4; i++) {
        json_t *v = gt_view(st, seats[i]);
        char *d = json_dumps(v, 0);
        assert_null(strstr(d, rng_hex)); /* never the rng */
        assert_null(json_object_get(v, "rng"));
        assert_string_equal(json_string_value(json_object_get(v, "status")), "active");
        assert_true(json_is_array(json_object_get(v, "to_act")));
        free(d);
        json_decref(v);
    }

    const char *bad[] = {
        "{\"rng\":\"zz\"}",
        "{\"suits\":[\"suns\"]}",
        "{\"phase\":\"dance\"}",
        "{\"tubes\":[{\"at\":[4,1],\"balloons\":[6]},{\"at\":[4,1],\"balloons\":[6]}]}",
        "{\"tubes\":[{\"at\":[4,4],\"balloons\":[6]},{\"at\":[4,1],\"balloons\":[6]}]}",
        "{\"tubes\":[{\"at\":[4,2],\"balloons\":[7]},{\"at\":[4,1],\"balloons\":[6]}]}",
        "{\"turn\":5}",
        "{\"phase\":\"extort\",\"deal\":null}",
        "{\"phase\":\"extort\",\"deal\":{\"thrower\":0,\"target\":1,\"demand\":[4],"
        "\"offer\":null,\"waiting_for\":\"target\"}}",
        "{\"deal\":{\"thrower\":0,\"target\":1,\"demand\":[6],\"offer\":null,"
        "\"waiting_for\":\"target\"}}",
        "{\"board\":\"grid 3 3\"}",
        "{\"phase\":\"finished\",\"winner\":null}",
        "{\"last_roll\":9}",
        "{\"rolls\":[0,0,0,0,0,0,0,0,0]}",
        "{\"rolls\":[3,0]}",
        "{\"rolling\":[0,7]}",
        "{\"phase\":\"roll_off\",\"turn\":null,\"rolling\":[]}",
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        json_t *copy = json_deep_copy(saved), *p = json_loads(bad[i], 0, NULL);
        void *out = NULL;
        char *why = NULL;
        assert_non_null(p);
        json_object_update(copy, p);
        int rc = K->load(copy, &out, &why);
        if (rc == WB_OK)
            fprintf(stderr, "accepted: %s\n", bad[i]);
        assert_int_equal(rc, WB_EINVAL);
        assert_non_null(why);
        assert_null(out);
        free(why);
        json_decref(copy);
        json_decref(p);
    }
    /* The saved state carries its format version; a save from before
     * there was one (same layout) loads as format 0 and saves as 1; a
     * newer or unknown format is refused. */
    {
        json_t *old = json_deep_copy(saved);
        void *st2 = NULL;
        char *w = NULL;
        assert_int_equal(json_integer_value(json_object_get(saved, "format")), 1);
        json_object_del(old, "format");
        assert_int_equal(K->load(old, &st2, &w), WB_OK);
        json_t *again = K->save(st2);
        assert_true(json_equal(again, saved));
        json_decref(again);
        K->destroy(st2);
        json_object_set_new(old, "format", json_integer(2));
        assert_int_equal(K->load(old, &st2, &w), WB_EINVAL);
        assert_non_null(strstr(w, "bad format"));
        free(w);
        json_decref(old);
    }
    json_t *nothing = json_object();
    void *out = NULL;
    char *why = NULL;
    assert_int_equal(K->load(nothing, &out, &why), WB_EINVAL);
    free(why);
    json_decref(nothing);
    json_decref(saved);
    done(st);
}

/* load() of `base` with `patch` merged in: the return code. */
static int load_patched(const json_t *base, const char *patch)
{
    json_t *copy = json_deep_copy(base), *p = json_loads(patch, 0, NULL);
    void *out = NULL;
    char *why = NULL;
    assert_non_null(p);
    assert_int_equal(json_object_update(copy, p), 0);
    int rc = K->load(copy, &out, &why);
    if (rc) {
        assert_non_null(why);
        assert_null(out);
    }
    free(why);
    K->destroy(out);
    json_decref(copy);
    json_decref(p);
    return rc;
}

/* load() takes only states the game can reach: a tube in the whirlpool
 * gave its balloons to the stash; nobody is to move in a finished game;
 * the first player is known exactly when the roll-off is over; an
 * extortion is only ever called off while choosing an action (the game
 * over clears it). */
static void test_load_consistency(void **state)
{
    (void)state;
    gt *st = extortion(2);
    json_t *saved = K->save(st->st);
    const char *over = "{\"phase\":\"finished\",\"winner\":0,\"turn\":null,\"deal\":null,"
                       "\"tubes\":[{\"at\":[4,1],\"balloons\":[6,5]},"
                       "{\"at\":null,\"balloons\":%s}]%s}";
    char patch[512];
    snprintf(patch, sizeof patch, over, "[]", "");
    assert_int_equal(load_patched(saved, patch), WB_OK); /* the control */
    snprintf(patch, sizeof patch, over, "[5]", "");
    assert_int_equal(load_patched(saved, patch), WB_EINVAL);
    snprintf(patch, sizeof patch, over, "[]", ",\"turn\":0");
    assert_int_equal(load_patched(saved, patch), WB_EINVAL);
    /* (A finished game with the flag set was saved by an earlier version:
     * it still loads.) */
    snprintf(patch, sizeof patch, over, "[]", ",\"extort_off\":true");
    assert_int_equal(load_patched(saved, patch), WB_OK);
    const char *deal = "{\"phase\":\"extort\",\"deal\":{\"thrower\":0,\"target\":1,"
                       "\"demand\":[6],\"offer\":null,\"waiting_for\":\"target\"}%s}";
    snprintf(patch, sizeof patch, deal, "");
    assert_int_equal(load_patched(saved, patch), WB_OK);
    snprintf(patch, sizeof patch, deal, ",\"extort_off\":true");
    assert_int_equal(load_patched(saved, patch), WB_EINVAL);
    assert_int_equal(load_patched(saved, "{\"phase\":\"act\",\"extort_off\":true}"), WB_OK);
    assert_int_equal(load_patched(saved, "{\"phase\":\"roll\",\"deal\":null,"
                                         "\"extort_off\":true}"), WB_EINVAL);
    assert_int_equal(load_patched(saved, "{\"phase\":\"roll\",\"deal\":null,"
                                         "\"first\":null}"), WB_EINVAL);
    json_decref(saved);
    done(st);

    /* In the roll-off nobody has won it yet. */
    st = create_opts(2, 1, NULL);
    saved = K->save(st->st);
    assert_int_equal(load_patched(saved, "{}"), WB_OK);
    assert_int_equal(load_patched(saved, "{\"first\":1}"), WB_EINVAL);
    json_decref(saved);
    done(st);

    /* A game won right after calling an extortion off: the finished state
     * carries no "called off" flag, and saves and loads. */
    st = scene(2, "[{\"at\":[1,1],\"balloons\":[4]},{\"at\":[3,3],\"balloons\":[5]}]", 0,
               "act", 0, "[]");
    assert_int_equal(act(st, 0, "{\"type\":\"extort\",\"target\":1,\"demand\":[5]}", NULL),
                     WB_OK);
    assert_int_equal(act(st, 0, "{\"type\":\"call_off\"}", NULL), WB_OK);
    assert_int_equal(act(st, 0, "{\"type\":\"throw\",\"target\":1,\"balloon\":4}", NULL),
                     WB_OK);
    assert_view(st, "status", "\"finished\"");
    assert_view(st, "extort_called_off", "false");
    saved = K->save(st->st);
    assert_int_equal(load_patched(saved, "{}"), WB_OK);
    json_decref(saved);
    done(st);
}

/* A tiny deterministic chooser for the random games below. */
static uint64_t lcg(uint64_t *x)
{
    *x = *x * 6364136223846793005ull + 1442695040888963407ull;
    return *x >> 33;
}

static int total_balloons(json_t *view)
{
    size_t i;
    json_t *p;
    int n = (int)json_array_size(json_object_get(view, "stash"));
    json_array_foreach(json_object_get(view, "players"), i, p)
        n += (int)json_array_size(json_object_get(p, "balloons"));
    return n;
}

/* Play a whole game choosing among the listed actions; check invariants and
 * that every state saves, loads and saves identically.  Returns the log. */
static json_t *play(int n, uint64_t seed, uint64_t choice, int *finished, json_t *seen)
{
    gt *st = create_opts(n, seed, NULL);
    json_t *log = json_array();
    *finished = 0;
    for (int step = 0; step < 600; step++) {
        json_t *v = gt_view(st, GAME_SEAT_PUBLIC), *to_act = json_object_get(v, "to_act");
        /* Balloons never appear or vanish: 2 per player and 4 in the stash. */
        assert_int_equal(total_balloons(v), 2 * n + 4);
        /* No two tubes on a space. */
        for (int a = 0; a < n; a++)
            for (int b = a + 1; b < n; b++) {
                json_t *pa = json_object_get(json_array_get(json_object_get(v, "players"),
                                                            (size_t)a), "at");
                json_t *pb = json_object_get(json_array_get(json_object_get(v, "players"),
                                                            (size_t)b), "at");
                assert_false(!json_is_null(pa) && json_equal(pa, pb));
            }
        if (strcmp(json_string_value(json_object_get(v, "status")), "finished") == 0) {
            *finished = 1;
            json_decref(v);
            break;
        }
        int seat = (int)json_integer_value(
            json_array_get(to_act, (size_t)(lcg(&choice) % json_array_size(to_act))));
        json_decref(v);
        json_t *acts = gt_actions(st, seat);
        assert_true(json_array_size(acts) > 0);
        /* Prefer throwing, so that games end. */
        size_t k = (size_t)(lcg(&choice) % json_array_size(acts));
        for (size_t j = 0; j < json_array_size(acts) && lcg(&choice) % 3; j++)
            if (strcmp(json_string_value(json_object_get(json_array_get(acts, j), "type")),
                       "throw") == 0)
                k = j;
        json_t *body = json_deep_copy(json_array_get(acts, k));
        json_t *params = json_object_get(body, "$params");
        if (params) {
            /* Fill a template with the lowest balloon of the target. */
            json_t *view = gt_view(st, GAME_SEAT_PUBLIC), *deal = json_object_get(view, "deal");
            int target = deal && !json_is_null(deal)
                             ? (int)json_integer_value(json_object_get(deal, "target"))
                             : (int)json_integer_value(json_object_get(body, "target"));
            json_t *bal = json_object_get(
                json_array_get(json_object_get(view, "players"), (size_t)target), "balloons");
            const char *key = json_object_iter_key(json_object_iter(params));
            json_object_set_new(body, key,
                                json_pack("[O]", json_array_get(bal, json_array_size(bal) - 1)));
            json_object_del(body, "$params");
            json_decref(view);
        }
        json_t *ev = json_array();
        char *why = NULL;
        int rc = K->apply(st->st, &ctx, seat, body, ev, &why);
        if (rc)
            fprintf(stderr, "refused a listed action: %s\n", why);
        assert_int_equal(rc, WB_OK);
        size_t ei;
        json_t *e1;
        json_array_foreach(ev, ei, e1)
            json_object_set_new(seen, json_string_value(json_object_get(e1, "type")),
                                json_true());
        json_array_append_new(log, json_pack("{s:i,s:o,s:o}", "seat", seat, "action", body,
                                             "events", ev));
        json_decref(acts);

        /* save -> load -> save is the identity. */
        json_t *s1 = K->save(st->st);
        void *st2 = NULL;
        assert_int_equal(K->load(s1, &st2, &why), WB_OK);
        json_t *s2 = K->save(st2);
        char *d1 = json_dumps(s1, JSON_COMPACT), *d2 = json_dumps(s2, JSON_COMPACT);
        assert_string_equal(d1, d2);
        free(d1);
        free(d2);
        json_decref(s1);
        json_decref(s2);
        /* Go on with the reloaded state: nothing may be lost in the trip. */
        K->destroy(st->st); /* play on from the loaded copy */
        st->st = st2;
    }
    json_t *final = K->save(st->st);
    json_array_append_new(log, final);
    done(st);
    return log;
}

static void test_random_games_and_determinism(void **state)
{
    (void)state;
    int finished_games = 0, fin;
    json_t *seen = json_object();
    for (uint64_t g = 0; g < 60; g++) {
        int n = 2 + (int)(g % 3);
        json_t *a = play(n, 1000 + g, g, &fin, seen), *b = play(n, 1000 + g, g, &fin, seen);
        /* Same seed, same actions: the same game, event for event. */
        assert_true(json_equal(a, b));
        finished_games += fin;
        json_decref(a);
        json_decref(b);
    }
    assert_true(finished_games > 50); /* throwing often, games end */
    /* The random games went through every kind of event. */
    const char *kinds[] = {"rolled", "roll_off_tie", "first_player", "moved", "bumped",
                           "thrown", "eliminated", "extortion", "demanded", "offered",
                           "refused", "paid", "called_off", "tossed", "pulled",
                           "turn_ended", "game_over"};
    for (size_t i = 0; i < sizeof kinds / sizeof kinds[0]; i++) {
        if (!json_object_get(seen, kinds[i]))
            fprintf(stderr, "never seen: %s\n", kinds[i]);
        assert_non_null(json_object_get(seen, kinds[i]));
    }
    json_decref(seen);

    /* The seed matters: the first rolls of seeds 1..20 are not all alike. */
    int first_roll[20], alike = 1;
    for (int i = 0; i < 20; i++) {
        gt *x = create_opts(2, (uint64_t)i + 1, NULL);
        json_t *ev = NULL;
        assert_int_equal(act(x, 0, "{\"type\":\"roll\"}", &ev), WB_OK);
        first_roll[i] = (int)json_integer_value(json_object_get(event(ev, "rolled", 0), "value"));
        alike &= first_roll[i] == first_roll[0];
        json_decref(ev);
        done(x);
    }
    assert_false(alike);
}

/* A hand of balloons (bal[v] of value v, 4 to 6): counted, compared, its
 * lowest, read from a body, as text, as JSON and saved highest first. */
typedef struct hand {
    int bal[WP_NVAL];
} hand;

static void hand_io(game_io *io, void *st) { wp_bal_io(io, "bal", ((hand *)st)->bal); }

static void test_balloons(void **state)
{
    (void)state;
    int a[WP_NVAL] = {0, 0, 0, 0, 1, 2, 0}, b[WP_NVAL] = {0, 0, 0, 0, 1, 1, 1};
    int c[WP_NVAL] = {9, 9};
    assert_int_equal(wp_bal_count(a), 3);
    assert_true(wp_bal_sub(b, b));
    assert_false(wp_bal_sub(a, b)); /* two 5s, b has one */
    assert_int_equal(wp_bal_lowest(a), 4);
    assert_int_equal(wp_bal_lowest(c), -1);
    char *t = wp_bal_str(a), *none = wp_bal_str(c);
    assert_string_equal(t, "5, 5, 4");
    assert_string_equal(none, "");
    free(t);
    free(none);
    json_t *v = json_loads("[6,4,6,9]", 0, NULL);
    wp_bal_of(v, c); /* clears c[0..6]; 9 is outside */
    assert_true(c[0] == 0 && c[4] == 1 && c[5] == 0 && c[6] == 2);
    json_decref(v);
    v = wp_bal_json(a);
    gt_match(v, "[5,5,4]");
    json_decref(v);

    hand h = {{0, 0, 0, 0, 1, 0, 2}}, g = {{9, 9, 9, 9, 9, 9, 9}};
    const char *what = NULL;
    json_t *j = game_io_save(hand_io, &h);
    gt_match(j, "{\"bal\":[6,6,4]}");
    assert_int_equal(game_io_load(hand_io, j, &g, &what), WB_OK);
    assert_memory_equal(g.bal, h.bal, sizeof h.bal); /* cleared first */
    json_decref(j);
    static const char *const bad[] = {"{\"bal\":[3]}", "{\"bal\":[7]}", "{\"bal\":[\"6\"]}"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        j = json_loads(bad[i], 0, NULL);
        assert_int_equal(game_io_load(hand_io, j, &g, &what), WB_EINVAL);
        json_decref(j);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_views_and_load_errors),
        cmocka_unit_test(test_load_consistency),
        cmocka_unit_test(test_random_games_and_determinism),
        cmocka_unit_test(test_balloons),
    };
    return cmocka_run_group_tests_name("whirlpool-play", tests, NULL, NULL);
}
