/*
 * test_wibbell_views.c - the Wibbell game module (games/wibbell/): the
 * listed actions, views and queries; save, load and determinism
 * (wibbell_test_util.h: the dictionary, the harness).
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

/* --- actions, views, queries -------------------------------------------------- */

static void test_actions_and_errors(void **state)
{
    (void)state;
    gt *st = mk(3, "{\"tie_window_ms\":0}", 31);
    json_t *a = gt_actions(st, 1);
    assert_int_equal(json_array_size(a), 1);
    assert_string_equal(json_string_value(json_object_get(json_array_get(a, 0), "type")), "claim");
    assert_non_null(json_object_get(json_object_get(json_array_get(a, 0), "$params"), "word"));
    json_decref(a);
    a = gt_actions(st, HOST); /* the teacher's redeal and end */
    assert_int_equal(json_array_size(a), 2);
    json_decref(a);
    /* The framework's codes, the same in every game: 400 for a malformed
     * body, 409 for not you / not now (a phase, the host or the clock
     * sending what is not theirs), 422 for the rules (a value out of its
     * range included). */
    assert_int_equal(act(st, 0, "{\"type\":\"dance\"}"), WB_EINVAL);
    assert_int_equal(act(st, 0, "{\"word\":\"cat\"}"), WB_EINVAL);
    assert_int_equal(act(st, 0, "{\"type\":\"claim\"}"), WB_EINVAL);
    assert_int_equal(act(st, 0, "{\"type\":\"claim\",\"word\":\"two words\"}"), WB_EINVAL);
    assert_int_equal(act(st, 0, "{\"type\":\"claim\",\"word\":\"cat\",\"take\":2}"), WB_EILLEGAL);
    assert_int_equal(act(st, 0, "{\"type\":\"flip\",\"card\":\"NZ\"}"), WB_ENOTTURN);
    assert_int_equal(act(st, HOST, "{\"type\":\"claim\",\"word\":\"cat\"}"), WB_ENOTTURN);
    assert_int_equal(act(st, SYS, "{\"type\":\"claim\",\"word\":\"cat\"}"), WB_ENOTTURN);
    assert_int_equal(act(st, SYS, "{\"type\":\"timer\"}"), WB_EILLEGAL);
    assert_int_equal(act(st, 0, "{\"type\":\"take\",\"card\":0}"), WB_ENOTTURN);
    assert_int_equal(act(st, 0, "{\"type\":\"keep\",\"card\":0}"), WB_ENOTTURN);
    /* nothing of the above changed the match */
    assert_int_equal(json_array_size(json_object_get(V(st, HOST), "vocabulary")), 0);
    claim_valid(st, 1, 1000);
    a = gt_actions(st, 1);
    assert_int_equal(json_array_size(a), 2);
    assert_string_equal(json_string_value(json_object_get(json_array_get(a, 1), "type")), "take");
    assert_int_equal(json_integer_value(json_object_get(json_array_get(a, 1), "card")), 1);
    json_decref(a);
    a = gt_actions(st, 0);
    assert_int_equal(json_array_size(a), 0);
    json_decref(a);
    done(st);
}

/* Collect every "id" member anywhere in v. */
static void collect_ids(const json_t *v, json_t *ids)
{
    const char *k;
    json_t *x;
    size_t i;
    if (json_is_object(v)) {
        json_object_foreach((json_t *)(uintptr_t)v, k, x) {
            if (strcmp(k, "id") == 0)
                json_array_append(ids, x);
            collect_ids(x, ids);
        }
    } else if (json_is_array(v)) {
        json_array_foreach(v, i, x)
            collect_ids(x, ids);
    }
}

static void test_views(void **state)
{
    (void)state;
    gt *st = mk(4, "{\"tie_window_ms\":0}", 41);
    win_take(st, 0);
    OK(act(st, 1, "{\"type\":\"claim\",\"word\":\"qqqq\"}"));
    int seats[] = {GAME_SEAT_PUBLIC, 0, 1, HOST};
    json_t *saved = game_wibbell.save(st->st);
    json_t *deck = json_object_get(saved, "deck");
    assert_int_equal(json_array_size(deck), 45);
    for (size_t s = 0; s < 4; s++) {
        json_t *v = V(st, seats[s]), *ids = json_array();
        size_t i, j;
        json_t *x, *y;
        assert_string_equal(json_string_value(json_object_get(v, "status")), "active");
        assert_true(json_is_array(json_object_get(v, "to_act")));
        assert_int_equal(json_integer_value(json_object_get(v, "deck")), 45);
        assert_int_equal(json_array_size(json_object_get(v, "players")), 4);
        assert_int_equal(json_array_size(json_object_get(v, "used")), 1);
        assert_true(json_is_true(json_object_get(json_array_get(json_object_get(v, "players"), 1),
                                                 "out")));
        assert_true(json_is_integer(json_object_get(v, "seat")) == (seats[s] >= 0));
        assert_true(json_is_array(json_object_get(v, "vocabulary")) == (seats[s] == HOST));
        /* no view holds a card of the deck */
        collect_ids(v, ids);
        assert_true(json_array_size(ids) >= 3);
        json_array_foreach(ids, i, x)
            json_array_foreach(deck, j, y)
                assert_false(json_integer_value(x) == json_integer_value(y));
        json_decref(ids);
    }
    json_decref(saved);
    done(st);
}

static void test_queries(void **state)
{
    (void)state;
    gt *st = micol();
    json_t *args = json_object(), *out = NULL;
    char *why = NULL;
    OK(act_at(st, 1, 5000, "{\"type\":\"claim\",\"word\":\"paris\"}"));
    OK(act_at(st, 2, 6000, "{\"type\":\"claim\",\"word\":\"kissing\"}"));

    /* the vocabulary log: every judged word with its definition */
    OK(game_wibbell.query(st->st, &ctx, 1, "vocabulary", args, &out, &why));
    json_t *rows = json_object_get(out, "rows");
    assert_int_equal(json_array_size(rows), 4);
    json_t *r0 = json_array_get(rows, 0), *r2 = json_array_get(rows, 2),
           *r3 = json_array_get(rows, 3);
    assert_string_equal(json_string_value(json_object_get(r0, "word")), "gosh");
    assert_string_equal(json_string_value(json_object_get(r0, "player")), "ann");
    assert_true(json_is_true(json_object_get(r0, "won")));
    assert_int_equal(json_integer_value(json_object_get(r0, "turn")), 1);
    assert_string_equal(json_string_value(json_object_get(r2, "word")), "paris");
    assert_true(json_is_false(json_object_get(r2, "accepted")));
    assert_non_null(strstr(json_string_value(json_object_get(r2, "reasons")), "proper noun"));
    assert_int_equal(json_integer_value(json_object_get(r2, "at")), 5000);
    assert_int_equal(json_integer_value(json_object_get(r2, "turn")), 3);
    assert_string_equal(json_string_value(json_object_get(r3, "word")), "kissing");
    assert_true(json_is_true(json_object_get(r3, "accepted")));
    assert_string_equal(json_string_value(json_object_get(r3, "reasons")), "");
    assert_true(strlen(json_string_value(json_object_get(r3, "definition"))) > 5);
    /* flat rows: no value is an object or array */
    const char *k;
    json_t *x;
    json_object_foreach(r3, k, x)
        assert_false(json_is_object(x) || json_is_array(x));
    json_decref(out);

    /* hints: host only */
    assert_int_equal(game_wibbell.query(st->st, &ctx, 0, "hints", args, &out, &why), WB_EFORBIDDEN);
    free(why);
    why = NULL;
    assert_int_equal(game_wibbell.query(st->st, &ctx, HOST, "nope", args, &out, &why), WB_ENOTFOUND);
    free(why);
    why = NULL;
    json_decref(args);
    /* turn 3 for Micol: NZ, IQ, SG, SH, with gosh and hang used */
    args = json_pack("{s:s,s:s,s:s}", "turn", "3", "seat", "0", "limit", "5000");
    assert_int_equal(game_wibbell.query(st->st, &ctx, HOST, "hints", args, &out, &why), WB_EINVAL);
    free(why);
    why = NULL;
    json_decref(args);
    args = json_pack("{s:s,s:s,s:s}", "turn", "3", "seat", "0", "limit", "500");
    OK(game_wibbell.query(st->st, &ctx, HOST, "hints", args, &out, &why));
    assert_int_equal(json_integer_value(json_object_get(out, "turn")), 3);
    assert_int_equal(json_array_size(json_object_get(out, "cards")), 4);
    assert_int_equal(json_array_size(json_object_get(out, "used")), 2);
    size_t total = (size_t)json_integer_value(json_object_get(out, "total"));
    assert_true(total > 50);
    int hints = 0, sin = 0;
    size_t i;
    json_array_foreach(json_object_get(out, "words"), i, x) {
        hints |= strcmp(json_string_value(x), "hints") == 0;
        sin |= strcmp(json_string_value(x), "sin") == 0;
    }
    assert_true(hints);
    assert_false(sin);
    json_decref(out);
    json_decref(args);
    /* without a seat: the centre cards only, so more words */
    args = json_pack("{s:s}", "turn", "3");
    OK(game_wibbell.query(st->st, &ctx, HOST, "hints", args, &out, &why));
    assert_int_equal(json_array_size(json_object_get(out, "cards")), 2);
    assert_true((size_t)json_integer_value(json_object_get(out, "total")) > total);
    json_decref(out);
    json_decref(args);
    args = json_pack("{s:s}", "turn", "9");
    assert_int_equal(game_wibbell.query(st->st, &ctx, HOST, "hints", args, &out, &why), WB_EINVAL);
    free(why);
    json_decref(args);
    done(st);
}

/* --- save, load, determinism ------------------------------------------------- */

/* A fixed script over a tie window, a round end and a redeal. */
static void script(gt *st, gt **copies, size_t *ncopies)
{
    char *w;
    copies[(*ncopies)++] = reload(st);
    w = hint(st, 0, 0);
    OK(act_at(st, 0, 5000, "{\"type\":\"claim\",\"word\":\"%s\"}", w));
    free(w);
    OK(act_at(st, 1, 5100, "{\"type\":\"claim\",\"word\":\"qqqq\"}"));
    copies[(*ncopies)++] = reload(st); /* a window open, a seat out */
    OK(act_at(st, SYS, 5400, "{\"type\":\"timer\"}"));
    copies[(*ncopies)++] = reload(st); /* choosing */
    OK(act_at(st, 0, 5500, "{\"type\":\"take\",\"card\":1}"));
    for (int t = 0; t < 2; t++) {
        w = hint(st, 0, 0);
        OK(act_at(st, 0, 6000 + t, "{\"type\":\"claim\",\"word\":\"%s\",\"take\":0}", w));
        free(w);
        OK(act_at(st, SYS, 6400 + t, "{\"type\":\"timer\"}"));
    }
    copies[(*ncopies)++] = reload(st); /* keeping */
    json_int_t keep = json_integer_value(json_array_get(
        json_object_get(V(st, HOST), "keep_choices"), 1));
    OK(act_at(st, 0, 7000, "{\"type\":\"keep\",\"card\":%lld}", (long long)keep));
    w = hint(st, 1, 0);
    OK(act_at(st, 1, 8000, "{\"type\":\"claim\",\"word\":\"%s\"}", w));
    OK(act_at(st, 2, 8001, "{\"type\":\"claim\",\"word\":\"%s\"}", w));
    free(w);
    OK(act_at(st, SYS, 8400, "{\"type\":\"timer\"}"));
    assert_non_null(event("redeal"));
    copies[(*ncopies)++] = reload(st);
}

static void test_save_load(void **state)
{
    (void)state;
    gt *st = mk(3, "{\"handicaps\":[0,1]}", 77), *copies[8];
    size_t n = 0;
    script(st, copies, &n);
    assert_int_equal(n, 5);
    /* a loaded copy carries on exactly like the original */
    gt *b = copies[3];
    json_int_t keep = json_integer_value(json_array_get(
        json_object_get(V(b, HOST), "keep_choices"), 1));
    OK(act_at(b, 0, 7000, "{\"type\":\"keep\",\"card\":%lld}", (long long)keep));
    gt *c = copies[4];
    char *t1 = saved_text(c);
    /* replay the tail of the script on b */
    char *w = hint(b, 1, 0);
    OK(act_at(b, 1, 8000, "{\"type\":\"claim\",\"word\":\"%s\"}", w));
    OK(act_at(b, 2, 8001, "{\"type\":\"claim\",\"word\":\"%s\"}", w));
    free(w);
    OK(act_at(b, SYS, 8400, "{\"type\":\"timer\"}"));
    char *t2 = saved_text(b), *t3 = saved_text(st);
    assert_string_equal(t1, t2);
    assert_string_equal(t1, t3);
    free(t1);
    free(t2);
    free(t3);
    for (size_t i = 0; i < n; i++)
        done(copies[i]);
    done(st);

    /* a finished game and a companion game round-trip too */
    st = micol();
    OK(act(st, 0, "{\"type\":\"claim\",\"word\":\"kissing\"}"));
    gt *cp = reload(st);
    done(cp);
    done(st);
    st = mk(2, "{\"companion\":true}", 1);
    OK(act(st, HOST, "{\"type\":\"flip\",\"card\":\"NZ\"}"));
    cp = reload(st);
    OK(act(cp, HOST, "{\"type\":\"flip\",\"card\":\"IQ\"}"));
    assert_string_equal(phase(cp), "play");
    done(cp);
    done(st);

    /* damaged records are refused, not trusted */
    st = mk(3, NULL, 1);
    json_t *s = game_wibbell.save(st->st);
    char *why = NULL;
    json_object_set_new(s, "centre", json_pack("[i,i,i]", 0, 1, 2));
    void *raw = NULL;
    assert_int_equal(game_wibbell.load(s, &raw, &why), WB_EINVAL);
    free(why);
    why = NULL;
    json_object_set_new(s, "centre", json_pack("[i,i]", 0, 4800));
    assert_int_equal(game_wibbell.load(s, &raw, &why), WB_EINVAL);
    free(why);
    why = NULL;
    json_decref(s);
    s = json_pack("{s:i}", "format", 2);
    assert_int_equal(game_wibbell.load(s, &raw, &why), WB_EINVAL);
    free(why);
    json_decref(s);
    done(st);
}

/* load(s) must refuse s: WB_EINVAL (the framework's code for every game)
 * naming the damaged part. */
static void refuse_load(json_t *s, const char *part)
{
    void *cp = NULL;
    char *why = NULL;
    int rc = game_wibbell.load(s, &cp, &why);
    if (rc != WB_EINVAL) {
        game_wibbell.destroy(cp);
        fail_msg("a record damaged at '%s' was loaded", part);
    }
    assert_null(cp);
    assert_non_null(strstr(why, part));
    free(why);
}

/* A damaged record is refused before the rules code can trust it.  All
 * but the closed window with claims loaded before, and the first crashed
 * the timer (a window open with no claim in it: resolve_window read
 * claims[0] of an empty list). */
static void test_damaged_records(void **state)
{
    (void)state;
    const char *opts = "{\"deck\":[\"AB\",\"CD\",\"AC\",\"BD\"," EASY "],\"shuffle\":false}";
    gt *st = mk(3, opts, 5);
    OK(act_at(st, 1, 10000, "{\"type\":\"claim\",\"word\":\"qqq\"}"));
    OK(act_at(st, 0, 10010, "{\"type\":\"claim\",\"word\":\"cab\"}"));
    json_t *good = game_wibbell.save(st->st), *s;
    done(reload(st));

    /* a tie window open with no claim waiting in it */
    s = json_deep_copy(good);
    json_object_set_new(s, "claims", json_array());
    refuse_load(s, "claims");
    json_decref(s);
    /* a closed window with claims waiting */
    s = json_deep_copy(good);
    json_object_set_new(s, "window_end", json_integer(-1));
    refuse_load(s, "claims");
    json_decref(s);
    /* a claim waiting from a seat that is out */
    s = json_deep_copy(good);
    json_object_set_new(json_array_get(json_object_get(s, "claims"), 0), "seat", json_integer(1));
    refuse_load(s, "claims");
    json_decref(s);
    /* a card held twice: once in the centre, once face-down */
    s = json_deep_copy(good);
    json_array_append(json_object_get(json_array_get(json_object_get(s, "players"), 2), "down"),
                      json_array_get(json_object_get(s, "centre"), 0));
    refuse_load(s, "cards");
    json_decref(s);
    /* cards that are not 1 to 26 letters */
    s = json_deep_copy(good);
    json_array_set_new(json_object_get(s, "cards"), 0, json_pack("[s,i,s]", "", 1, "plain"));
    refuse_load(s, "cards");
    json_array_set_new(json_object_get(s, "cards"), 0, json_pack("[s,i,s]", "A1", 1, "plain"));
    refuse_load(s, "cards");
    json_decref(s);
    /* waiting for a flip in a match where the daemon deals */
    s = json_deep_copy(good);
    json_object_set_new(s, "claims", json_array());
    json_object_set_new(s, "window_end", json_integer(-1));
    json_object_set_new(s, "phase", json_string("flip"));
    refuse_load(s, "phase");
    json_decref(s);
    json_decref(good);

    /* a take with one centre card (do_take would read an empty centre) */
    OK(act_at(st, SYS, 10400, "{\"type\":\"timer\"}"));
    assert_string_equal(phase(st), "take");
    good = game_wibbell.save(st->st);
    done(reload(st));
    s = json_deep_copy(good);
    json_array_remove(json_object_get(s, "centre"), 1);
    refuse_load(s, "centre");
    json_decref(s);
    /* more cards won this round than a round has */
    s = json_deep_copy(good);
    json_object_set_new(json_array_get(json_object_get(s, "players"), 0), "won", json_integer(4));
    refuse_load(s, "won");
    json_decref(s);
    json_decref(good);
    done(st);
}

/* A seat that would have to cover more cards than a claim can be judged
 * against (DICT_CARDS_MAX) has no claim to make: it is not in to_act
 * (nor the host's awaiting list), like its empty action list says.  It
 * still competes: when everyone else errs, it collects the card. */
static void test_too_many_cards(void **state)
{
    (void)state;
    char opts[2048] = "{\"shuffle\":false,\"tie_window_ms\":0,\"deck\":[\"AEIOST\"";
    for (int i = 1; i < 30; i++)
        strcat(opts, ",\"AEIOST\"");
    strcat(opts, "]}");
    gt *st = mk(4, opts, 1);
    json_t *s = game_wibbell.save(st->st), *deck = json_object_get(s, "deck");
    json_t *hcap = json_object_get(json_array_get(json_object_get(s, "players"), 0), "hcap");
    /* seat 0 gets 15 permanent handicaps: 17 cards with the centre */
    for (int i = 0; i < 15; i++) {
        json_array_append(hcap, json_array_get(deck, 0));
        json_array_remove(deck, 0);
    }
    done(st);
    gt *big = loaded(s);
    json_decref(s);
    assert_false(acts(big, 0));
    assert_true(acts(big, 1) && acts(big, 2) && acts(big, 3));
    json_t *a = gt_actions(big, 0);
    assert_int_equal(json_array_size(a), 0);
    json_decref(a);
    assert_int_equal(act(big, 0, "{\"type\":\"claim\",\"word\":\"toast\"}"), WB_EILLEGAL);
    assert_non_null(strstr(last_why, "16"));
    OK(act(big, 1, "{\"type\":\"claim\",\"word\":\"qqq\"}"));
    OK(act(big, 2, "{\"type\":\"claim\",\"word\":\"qqq\"}"));
    assert_null(event("card_won"));
    OK(act(big, 3, "{\"type\":\"claim\",\"word\":\"qqq\"}"));
    assert_int_equal(json_integer_value(json_object_get(event("card_won"), "seat")), 0);
    assert_true(json_is_true(json_object_get(event("card_won"), "automatic")));
    done(big);
}

static void test_determinism(void **state)
{
    (void)state;
    gt *a = mk(3, "{\"handicaps\":[0,1]}", 77), *b = mk(3, "{\"handicaps\":[0,1]}", 77);
    gt *ca[8], *cb[8];
    size_t na = 0, nb = 0;
    script(a, ca, &na);
    script(b, cb, &nb);
    char *ta = saved_text(a), *tb = saved_text(b);
    assert_string_equal(ta, tb);
    free(ta);
    free(tb);
    for (size_t i = 0; i < na; i++) {
        done(ca[i]);
        done(cb[i]);
    }
    done(a);
    done(b);
    /* another seed deals another game */
    a = mk(4, NULL, 1);
    b = mk(4, NULL, 2);
    ta = saved_text(a);
    tb = saved_text(b);
    assert_string_not_equal(ta, tb);
    free(ta);
    free(tb);
    done(a);
    done(b);
}

/* Cards are neither made nor lost: held + centre + deck = dealt. */
static void check_cards(const gt *st, size_t dealt)
{
    json_t *s = game_wibbell.save(st->st), *p;
    size_t n = json_array_size(json_object_get(s, "centre")) +
               json_array_size(json_object_get(s, "deck")), i;
    json_array_foreach(json_object_get(s, "players"), i, p)
        n += json_array_size(json_object_get(p, "up")) +
             json_array_size(json_object_get(p, "down")) +
             json_array_size(json_object_get(p, "hcap"));
    assert_int_equal(n, dealt);
    json_decref(s);
}

/* Whole games by a random bot in every mode: mistakes, ties, takes and
 * keeps, each step saved and reloaded, to the end of the deck. */
static void test_random_games(void **state)
{
    (void)state;
    const char *opts[] = {
        "{\"mode\":\"standard\",\"handicaps\":[1]}", "{\"mode\":\"simple\"}",
        "{\"mode\":\"simpler\",\"learning_aid\":true}", "{\"learning_aid\":true}",
    };
    uint64_t lcg = 12345;
    for (size_t g = 0; g < 8; g++) {
        size_t np = 2 + g % 6, dealt = np == 2 ? 24 : np == 3 ? 36 : 48, steps = 0;
        gt *st = mk(np, opts[g % 4], 1000 + g);
        int64_t now = 100000;
        while (strcmp(phase(st), "over") != 0) {
            json_t *v = V(st, HOST), *to = json_object_get(v, "to_act");
            const char *ph = json_string_value(json_object_get(v, "phase"));
            assert_true(++steps < 2000);
            lcg = lcg * 6364136223846793005ull + 1442695040888963407ull;
            unsigned r = (unsigned)(lcg >> 33);
            now += 50 + r % 300;
            if (strcmp(ph, "play") == 0 && json_array_size(to) == 0) {
                OK(act_at(st, SYS, now, "{\"type\":\"timer\"}"));
            } else if (strcmp(ph, "play") == 0) {
                int seat = (int)json_integer_value(json_array_get(to, r % json_array_size(to)));
                if (json_integer_value(json_object_get(v, "window_until")) > 0 &&
                    now > json_integer_value(json_object_get(v, "window_until"))) {
                    OK(act_at(st, SYS, now, "{\"type\":\"timer\"}"));
                } else if (r % 5 == 0) {
                    OK(act_at(st, seat, now, "{\"type\":\"claim\",\"word\":\"qqq\"}"));
                } else {
                    char *w = hint(st, seat, r % 3);
                    OK(act_at(st, seat, now, "{\"type\":\"claim\",\"word\":\"%s\"}", w));
                    free(w);
                }
            } else if (strcmp(ph, "take") == 0) {
                OK(act_at(st, (int)json_integer_value(json_object_get(v, "turn_winner")), now,
                          "{\"type\":\"take\",\"card\":%u}", r % 2));
            } else {
                json_t *c = json_object_get(v, "keep_choices");
                assert_string_equal(ph, "keep");
                OK(act_at(st, (int)json_integer_value(json_object_get(v, "turn_winner")), now,
                          "{\"type\":\"keep\",\"card\":%lld}", (long long)json_integer_value(
                              json_array_get(c, r % json_array_size(c)))));
            }
            check_cards(st, dealt);
            if (steps % 7 == 0) {
                gt *copy = reload(st);
                done(st);
                st = copy;
            }
        }
        json_t *v = V(st, HOST);
        assert_int_equal(json_integer_value(json_object_get(v, "deck")), 0);
        assert_int_equal(json_array_size(json_object_get(v, "centre")), 0);
        assert_true(json_array_size(json_object_get(v, "winners")) >= 1);
        size_t total = 0, i;
        json_t *x;
        json_array_foreach(json_object_get(v, "scores"), i, x)
            total += (size_t)json_integer_value(x);
        assert_int_equal(total, dealt - (g % 4 == 0 ? 1 : 0));
        done(st);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_actions_and_errors),
        cmocka_unit_test(test_views),
        cmocka_unit_test(test_queries),
        cmocka_unit_test(test_save_load),
        cmocka_unit_test(test_damaged_records),
        cmocka_unit_test(test_too_many_cards),
        cmocka_unit_test(test_determinism),
        cmocka_unit_test(test_random_games),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
