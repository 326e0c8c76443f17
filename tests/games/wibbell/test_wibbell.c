/*
 * test_wibbell.c - the Wibbell game module (games/wibbell/), scenario by
 * scenario from rules/wibbell.md, judged by the real en_US dictionary the
 * build made ($WIBBELLD_TEST_DATA).
 *
 * Matches are driven through the game_kind interface exactly as the
 * framework does, in the shared harness (game_test.h: gt_act checks that a
 * refusal changes nothing and says why), with explicit times and timer
 * actions, and
 * custom decks in a given order (shuffle: false) where a scenario needs
 * known cards.  Words for long scenarios come from the module's own hints
 * query (the words that satisfy a turn), so they are always valid.
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

static dict_lib *lib;
static game_ctx ctx;
static json_t *last_ev;   /* events of the last apply */
static char last_why[512];
static json_t *cur_view;  /* the last view asked for */

#define HOST GAME_SEAT_HOST
#define SYS GAME_SEAT_SYSTEM

static int setup(void **state)
{
    (void)state;
    const char *dir = getenv("WIBBELLD_TEST_DATA");
    if (!dir || dict_lib_open(dir, "en_US", &lib) != WB_OK)
        return -1;
    ctx.dicts = lib;
    gt_dicts = lib; /* the harness's matches judge with it */
    return 0;
}

static int teardown(void **state)
{
    (void)state;
    json_decref(last_ev);
    json_decref(cur_view);
    last_ev = cur_view = NULL;
    dict_lib_close(lib);
    return 0;
}

/* --- helpers -------------------------------------------------------------- */

/* Matches run in the shared harness (game_test.h), on the heap. */
static void done(gt *t)
{
    gt_free(t);
    free(t);
}

/* Create (at time 1000); the reason of a refusal stays in last_why. */
static int try_create(size_t n, const char *opts, uint64_t seed, gt **st)
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

static gt *mk(size_t n, const char *opts, uint64_t seed)
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

/* Apply at time `now`; the events stay in last_ev, the reason in last_why. */
static int act_at(gt *st, int seat, int64_t now, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
static int act_at(gt *st, int seat, int64_t now, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int rc = vact_at(st, seat, now, fmt, ap);
    va_end(ap);
    return rc;
}

static int act(gt *st, int seat, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static int act(gt *st, int seat, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int rc = vact_at(st, seat, 1000, fmt, ap);
    va_end(ap);
    return rc;
}

#define OK(call) do { int rc_ = (call); if (rc_) fail_msg("%s -> %s: %s", #call, \
                      wb_errname(rc_), last_why); } while (0)

static json_t *V(const gt *st, int seat)
{
    json_decref(cur_view);
    cur_view = gt_view(st, seat);
    return cur_view;
}

static const char *phase(const gt *st)
{
    return json_string_value(json_object_get(V(st, HOST), "phase"));
}

static json_int_t vint(const gt *st, const char *key)
{
    return json_integer_value(json_object_get(V(st, HOST), key));
}

static json_t *player(const gt *st, int seat)
{
    return json_array_get(json_object_get(V(st, HOST), "players"), (size_t)seat);
}

static json_int_t pint(const gt *st, int seat, const char *key)
{
    return json_integer_value(json_object_get(player(st, seat), key));
}

static const char *centre(const gt *st, size_t i)
{
    return json_string_value(json_object_get(
        json_array_get(json_object_get(V(st, HOST), "centre"), i), "letters"));
}

static int score(const gt *st, int seat)
{
    return (int)json_integer_value(json_array_get(json_object_get(V(st, HOST), "scores"),
                                                  (size_t)seat));
}

/* The first event of this type in the last apply, or NULL (borrowed). */
static json_t *event(const char *type)
{
    size_t i;
    json_t *e;
    json_array_foreach(last_ev, i, e)
        if (strcmp(json_string_value(json_object_get(e, "type")), type) == 0)
            return e;
    return NULL;
}

static size_t count_events(const char *type)
{
    size_t i, n = 0;
    json_t *e;
    json_array_foreach(last_ev, i, e)
        n += strcmp(json_string_value(json_object_get(e, "type")), type) == 0;
    return n;
}

/* Is `seat` in the view's to_act? */
static int acts(const gt *st, int seat)
{
    size_t i;
    json_t *s;
    json_array_foreach(json_object_get(V(st, HOST), "to_act"), i, s)
        if (json_integer_value(s) == seat)
            return 1;
    return 0;
}

/* The k-th word (0-based) that satisfies the current turn for `seat`. */
static char *hint(gt *st, int seat, size_t k)
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
static void claim_valid(gt *st, int seat, int64_t now)
{
    char *w = hint(st, seat, 0);
    OK(act_at(st, seat, now, "{\"type\":\"claim\",\"word\":\"%s\"}", w));
    assert_non_null(event("claim_accepted"));
    free(w);
}

/* `seat` wins the current turn and takes centre card 0. */
static void win_take(gt *st, int seat)
{
    claim_valid(st, seat, 1000);
    assert_string_equal(phase(st), "take");
    OK(act(st, seat, "{\"type\":\"take\",\"card\":0}"));
}

static char *saved_text(const gt *st)
{
    json_t *s = game_wibbell.save(st->st);
    assert_non_null(s);
    char *t = json_dumps(s, JSON_SORT_KEYS | JSON_COMPACT);
    json_decref(s);
    return t;
}

/* A match loaded from a saved state (gt_load: the test fails if load
 * refuses), acting at time 1000. */
static gt *loaded(const json_t *saved)
{
    gt *t = calloc(1, sizeof *t);
    gt_load(t, &game_wibbell, saved);
    t->now = 1000;
    return t;
}

/* load(save(x)) saves to the same JSON, and returns the copy. */
static gt *reload(const gt *st)
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
/* A deck in a given order, many easy letters on each card so that words
 * are plentiful, with `first` cards put on top. */
#define EASY "\"AEIOST\",\"AEIOST\",\"AEIOST\",\"AEIOST\",\"AEIOST\",\"AEIOST\",\"AEIOST\",\"AEIOST\""

/* --- the deck --------------------------------------------------------------- */

static void test_default_deck(void **state)
{
    (void)state;
    wibbell_card *cards = NULL;
    size_t n = 0, worst = SIZE_MAX;
    char *why = NULL;
    unsigned seen[26] = {0};
    const dict *us = dict_lib_find(lib, "en_US");

    assert_int_equal(wibbell_deck_parse((const char *)wibbell_deck_txt, wibbell_deck_txt_len,
                                        &cards, &n, &why), WB_OK);
    assert_int_equal(n, 48);
    for (size_t i = 0; i < n; i++) {
        size_t rare = 0;
        assert_int_equal(strlen(cards[i].letters), 2);
        assert_true(cards[i].value >= 1 && cards[i].value <= 3);
        assert_true(strlen(cards[i].border) > 0);
        for (const char *c = cards[i].letters; *c; c++) {
            seen[*c - 'A']++;
            rare += strchr("JQXZ", *c) != NULL;
        }
        assert_true(rare <= 1);
        for (size_t j = 0; j < i; j++) /* no two cards alike */
            assert_string_not_equal(cards[i].letters, cards[j].letters);
    }
    for (int l = 0; l < 26; l++)
        assert_true(seen[l] >= 1);
    /* every pair of cards is playable */
    for (size_t i = 0; i < n; i++)
        for (size_t j = i + 1; j < n; j++) {
            const char *pair[2] = {cards[i].letters, cards[j].letters};
            dict_cards dc = {pair, 2};
            dict_list *l = NULL;
            assert_int_equal(dict_match(us, &dc, NULL, 0, 0, 0, &l), WB_OK);
            if (l->total < worst)
                worst = l->total;
            if (l->total < 50)
                fail_msg("cards %s and %s admit only %zu words", pair[0], pair[1], l->total);
            dict_list_free(l);
        }
    assert_true(worst >= 50);
    free(cards);

    /* the options are described with their defaults */
    json_t *o = game_wibbell.options();
    assert_non_null(o);
    assert_string_equal(json_string_value(json_object_get(json_object_get(o, "mode"), "default")),
                        "standard");
    assert_int_equal(json_integer_value(json_object_get(json_object_get(o, "tie_window_ms"),
                                                        "default")), 400);
    assert_true(json_is_false(json_object_get(json_object_get(o, "companion"), "default")));
    json_decref(o);
}

static void test_deck_sizes(void **state)
{
    (void)state;
    /* 2 players: 24 removed; 3: 12; 4-7: the whole deck; 2 in the centre */
    const json_int_t want[] = {0, 0, 22, 34, 46, 46, 46, 46};
    for (size_t n = 2; n <= 7; n++) {
        gt *st = mk(n, NULL, 42 + n);
        assert_int_equal(vint(st, "deck"), want[n]);
        assert_int_equal(json_array_size(json_object_get(V(st, HOST), "centre")), 2);
        assert_string_equal(phase(st), "play");
        assert_int_equal(json_array_size(json_object_get(V(st, HOST), "to_act")), n);
        assert_int_equal(vint(st, "round"), 1);
        done(st);
    }
    /* a custom deck is cut by the same shares: 10 cards, 2 players -> 5 */
    gt *st = mk(2, "{\"deck\":[\"A\",\"B\",\"C\",\"D\",\"E\",\"F\",\"G\",\"H\",\"I\",\"J\"],"
                     "\"shuffle\":false}", 1);
    assert_int_equal(vint(st, "deck"), 3);
    assert_string_equal(centre(st, 0), "A"); /* unshuffled: the top first */
    assert_string_equal(centre(st, 1), "B");
    done(st);
}

static void test_bad_options(void **state)
{
    (void)state;
    gt *st = NULL;
    const char *bad[] = {
        "{\"nope\":1}", "{\"mode\":\"hard\"}", "{\"dictionary\":\"xx_XX\"}",
        "{\"tie_window_ms\":6000}", "{\"tie_window_ms\":-1}", "{\"deck\":[\"N2\",\"AB\"]}",
        "{\"deck\":[\"AB\"]}", "{\"handicaps\":[3]}", "{\"handicaps\":[[\"QQQ\"]]}",
        "{\"companion\":true,\"handicaps\":[1]}", "{\"learning_aid\":1}",
        "{\"deck\":[\"AB\",\"CD\"],\"handicaps\":[1]}",
        "{\"deck\":[\"AB 2 dots x\",\"CD\"]}", "{\"deck\":[\"AB x\",\"CD\"]}",
        "{\"deck\":[\"AB 100\",\"CD\"]}", "{\"deck\":[\"AB 1 Dots\",\"CD\"]}",
        "{\"deck\":[{\"letters\":\"AB\",\"value\":\"2\"},\"CD\"]}",
    };
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
        assert_int_equal(try_create(3, bad[i], 1, &st), WB_EINVAL);
        assert_null(st);
        assert_true(strlen(last_why) > 0);
    }
    assert_int_equal(try_create(1, NULL, 1, &st), WB_EINVAL);
    assert_int_equal(try_create(8, NULL, 1, &st), WB_EINVAL);
    /* en_GB is a known dictionary; cards may be objects with a value */
    assert_int_equal(try_create(2, "{\"dictionary\":\"en_GB\",\"shuffle\":false,\"deck\":[{\"letters\":\"nz\","
                                   "\"value\":3,\"border\":\"dots\"},\"IQ 2\",\"SG\",\"SH\"]}",
                                1, &st), WB_OK);
    assert_string_equal(json_string_value(json_object_get(V(st, HOST), "dictionary")), "en_GB");
    json_t *c0 = json_array_get(json_object_get(V(st, HOST), "centre"), 0);
    assert_string_equal(json_string_value(json_object_get(c0, "letters")), "NZ");
    assert_int_equal(json_integer_value(json_object_get(c0, "value")), 3);
    assert_string_equal(json_string_value(json_object_get(c0, "border")), "dots");
    done(st);
}

/* --- claims ----------------------------------------------------------------- */

/* Micol (seat 0) wins SG then SH, leaving NZ and IQ in the centre. */
static gt *micol(void)
{
    gt *st = mk(4, "{\"deck\":[\"SG\",\"SH\",\"NZ\",\"IQ\"," EASY "],\"shuffle\":false,"
                     "\"tie_window_ms\":0}", 7);
    OK(act(st, 0, "{\"type\":\"claim\",\"word\":\"gosh\",\"take\":0}"));
    assert_string_equal(centre(st, 0), "SH");
    assert_string_equal(centre(st, 1), "NZ");
    OK(act(st, 0, "{\"type\":\"claim\",\"word\":\"hang\",\"take\":0}"));
    return st;
}

static void test_rules_example(void **state)
{
    (void)state;
    const char *good[] = {"hints", "mission", "kissing"};
    for (size_t i = 0; i < 3; i++) {
        gt *st = micol();
        json_t *up = json_object_get(player(st, 0), "face_up");
        assert_int_equal(json_array_size(up), 2);
        assert_string_equal(json_string_value(json_object_get(json_array_get(up, 0), "letters")), "SG");
        assert_string_equal(json_string_value(json_object_get(json_array_get(up, 1), "letters")), "SH");
        assert_string_equal(centre(st, 0), "NZ");
        assert_string_equal(centre(st, 1), "IQ");
        OK(act(st, 0, "{\"type\":\"claim\",\"word\":\"%s\"}", good[i]));
        assert_non_null(event("claim_accepted"));
        json_t *won = event("card_won");
        assert_non_null(won);
        assert_int_equal(json_integer_value(json_object_get(won, "seat")), 0);
        assert_string_equal(json_string_value(json_object_get(won, "word")), good[i]);
        assert_true(json_is_false(json_object_get(won, "automatic")));
        /* the third card of the round: both centre cards, then a handicap */
        assert_string_equal(phase(st), "keep");
        done(st);
    }

    gt *st = micol();
    OK(act(st, 0, "{\"type\":\"claim\",\"word\":\"sin\"}"));
    json_t *e = event("claim_refused");
    assert_non_null(e);
    assert_string_equal(json_string_value(json_object_get(e, "word")), "sin");
    assert_string_equal(json_string_value(json_object_get(
        json_array_get(json_object_get(e, "reasons"), 0), "code")), "cards_not_covered");
    assert_null(event("card_won"));
    /* the same word is fine for bob, who has no cards in front */
    OK(act(st, 1, "{\"type\":\"claim\",\"word\":\"zip\"}"));
    assert_int_equal(json_integer_value(json_object_get(event("card_won"), "seat")), 1);
    done(st);
}

static void test_mistake(void **state)
{
    (void)state;
    gt *st = mk(3, "{\"deck\":[\"SG\",\"SH\",\"NZ\",\"IQ\"," EASY "],\"shuffle\":false,"
                     "\"tie_window_ms\":0}", 7);
    /* not a word; a proper noun; a word missing a card */
    OK(act(st, 0, "{\"type\":\"claim\",\"word\":\"gshx\"}"));
    assert_string_equal(json_string_value(json_object_get(json_array_get(
        json_object_get(event("claim_refused"), "reasons"), 0), "code")), "not_a_word");
    assert_true(json_is_true(json_object_get(player(st, 0), "out")));
    assert_false(acts(st, 0));
    assert_true(acts(st, 1));
    /* a seat that made a mistake cannot claim this card any more */
    assert_int_equal(act(st, 0, "{\"type\":\"claim\",\"word\":\"gosh\"}"), WB_EILLEGAL);
    assert_non_null(strstr(last_why, "mistake"));
    OK(act(st, 1, "{\"type\":\"claim\",\"word\":\"paris\"}"));
    assert_string_equal(json_string_value(json_object_get(json_array_get(
        json_object_get(event("claim_refused"), "reasons"), 0), "code")), "proper_noun");
    /* seat 2 is the only one left: it collects the card automatically */
    json_t *won = event("card_won");
    assert_non_null(won);
    assert_int_equal(json_integer_value(json_object_get(won, "seat")), 2);
    assert_true(json_is_true(json_object_get(won, "automatic")));
    assert_true(json_is_null(json_object_get(won, "word")));
    assert_string_equal(phase(st), "take");
    assert_true(acts(st, 2));
    assert_false(acts(st, 0));
    /* only the winner takes */
    assert_int_equal(act(st, 0, "{\"type\":\"take\",\"card\":0}"), WB_ENOTTURN);
    assert_int_equal(act(st, 2, "{\"type\":\"take\",\"card\":2}"), WB_EILLEGAL);
    assert_int_equal(act(st, 2, "{\"type\":\"claim\",\"word\":\"gosh\"}"), WB_ENOTTURN);
    OK(act(st, 2, "{\"type\":\"take\",\"card\":1}"));
    assert_string_equal(json_string_value(json_object_get(json_object_get(
        event("card_taken"), "card"), "letters")), "SH");
    assert_non_null(event("card_flipped"));
    assert_string_equal(centre(st, 0), "SG");
    assert_string_equal(centre(st, 1), "NZ");
    /* a new card was flipped: everyone may claim again */
    assert_false(json_is_true(json_object_get(player(st, 0), "out")));
    OK(act(st, 0, "{\"type\":\"claim\",\"word\":\"gosh\"}"));
    assert_non_null(event("claim_refused")); /* SG and NZ: no n or z */
    OK(act(st, 1, "{\"type\":\"claim\",\"word\":\"sign\"}"));
    assert_int_equal(json_integer_value(json_object_get(event("card_won"), "seat")), 1);
    assert_null(event("claim_refused"));
    /* nothing of an automatic win is a used word */
    assert_int_equal(json_array_size(json_object_get(V(st, HOST), "used")), 1);
    done(st);

    /* with two players, one mistake hands the card to the other */
    st = mk(2, "{\"deck\":[\"SG\",\"SH\",\"NZ\",\"IQ\"],\"shuffle\":false}", 7);
    OK(act(st, 1, "{\"type\":\"claim\",\"word\":\"sin\"}"));
    assert_non_null(event("claim_refused"));
    assert_int_equal(json_integer_value(json_object_get(event("card_won"), "seat")), 0);
    done(st);
}

static void test_used_words(void **state)
{
    (void)state;
    gt *st = mk(4, "{\"deck\":[\"EX\",\"PL\",\"OR\",\"AB\",\"CD\",\"AC\",\"BD\"," EASY "],"
                     "\"shuffle\":false,\"tie_window_ms\":0}", 3);
    OK(act(st, 0, "{\"type\":\"claim\",\"word\":\"explore\",\"take\":0}"));
    assert_string_equal(centre(st, 0), "PL");
    assert_string_equal(centre(st, 1), "OR");
    /* a derivative of a used word is refused, naming the word */
    OK(act(st, 1, "{\"type\":\"claim\",\"word\":\"exploring\"}"));
    json_t *r = json_array_get(json_object_get(event("claim_refused"), "reasons"), 0);
    assert_string_equal(json_string_value(json_object_get(r, "code")), "derivative");
    assert_string_equal(json_string_value(json_object_get(r, "of")), "explore");
    /* and so is the used word itself */
    OK(act(st, 2, "{\"type\":\"claim\",\"word\":\"explore\"}"));
    r = json_array_get(json_object_get(event("claim_refused"), "reasons"), 0);
    assert_string_equal(json_string_value(json_object_get(r, "code")), "already_used");
    done(st);
}

/* --- simultaneous claims ---------------------------------------------------- */

/* Issue 8: a claim waiting in the tie window is its seat's secret.  The
 * other seats (and the public) learn that a claim was made, not its word,
 * in the events and in the views, until the window closes; the host sees
 * everything.  So a fast client cannot copy a rival's word to force an
 * identical-words redeal. */
static void test_tie_window_secret(void **state)
{
    (void)state;
    const char *opts = "{\"deck\":[\"AB\",\"CD\",\"AC\",\"BD\",\"EF\",\"GH\"," EASY "],"
                       "\"shuffle\":false}";
    gt *st = mk(3, opts, 5);
    OK(act_at(st, 0, 10000, "{\"type\":\"claim\",\"word\":\"cabs\"}"));
    /* the events: the word to seat 0 only, the fact of it to the others */
    assert_int_equal(json_array_size(last_ev), 2);
    json_t *mine = json_array_get(last_ev, 0), *theirs = json_array_get(last_ev, 1);
    assert_string_equal(json_string_value(json_object_get(mine, "word")), "cabs");
    assert_int_equal(json_array_size(json_object_get(mine, "private_to")), 1);
    assert_int_equal(json_integer_value(json_array_get(json_object_get(mine, "private_to"), 0)),
                     0);
    assert_null(json_object_get(theirs, "word"));
    assert_true(json_is_true(json_object_get(theirs, "sealed")));
    assert_int_equal(json_integer_value(json_object_get(theirs, "seat")), 0);
    assert_int_equal(json_integer_value(json_object_get(theirs, "window_until")), 10400);
    json_t *to = json_object_get(theirs, "private_to");
    assert_int_equal(json_array_size(to), 2);
    assert_int_equal(json_integer_value(json_array_get(to, 0)), 1);
    assert_int_equal(json_integer_value(json_array_get(to, 1)), 2);
    /* the views: the word to seat 0 and the host */
    const int viewers[] = {0, HOST, 1, 2, GAME_SEAT_PUBLIC};
    for (size_t k = 0; k < 5; k++) {
        json_t *c = json_array_get(json_object_get(V(st, viewers[k]), "claims"), 0);
        assert_int_equal(json_integer_value(json_object_get(c, "seat")), 0);
        if (k < 2) {
            assert_string_equal(json_string_value(json_object_get(c, "word")), "cabs");
        } else {
            assert_null(json_object_get(c, "word"));
            assert_true(json_is_true(json_object_get(c, "sealed")));
            char *d = json_dumps(V(st, viewers[k]), JSON_COMPACT);
            assert_null(strstr(d, "cabs"));
            free(d);
        }
    }
    /* seat 1 claims in the window: it sees its own word, not seat 0's */
    OK(act_at(st, 1, 10100, "{\"type\":\"claim\",\"word\":\"bad\"}"));
    json_t *c = json_object_get(V(st, 1), "claims");
    assert_null(json_object_get(json_array_get(c, 0), "word"));
    assert_string_equal(json_string_value(json_object_get(json_array_get(c, 1), "word")), "bad");
    /* the window closes: every claim is revealed to all, the best wins */
    OK(act_at(st, SYS, 10400, "{\"type\":\"timer\"}"));
    json_t *rev = event("claims_revealed");
    assert_non_null(rev);
    assert_null(json_object_get(rev, "private_to"));
    assert_string_equal(json_string_value(json_object_get(json_array_get(
        json_object_get(rev, "claims"), 0), "word")), "cabs");
    assert_string_equal(json_string_value(json_object_get(json_array_get(
        json_object_get(rev, "claims"), 1), "word")), "bad");
    assert_string_equal(json_string_value(json_object_get(event("card_won"), "word")), "bad");
    done(st);
}

static void test_tie_window(void **state)
{
    (void)state;
    const char *opts = "{\"deck\":[\"AB\",\"CD\",\"AC\",\"BD\",\"EF\",\"GH\"," EASY "],"
                       "\"shuffle\":false}";
    gt *st = mk(5, opts, 5);
    assert_int_equal(game_wibbell.deadline(st->st), -1);
    OK(act_at(st, 0, 10000, "{\"type\":\"claim\",\"word\":\"cabs\"}"));
    assert_int_equal(json_integer_value(json_object_get(event("claim_accepted"), "window_until")),
                     10400);
    assert_null(event("card_won"));
    assert_int_equal(game_wibbell.deadline(st->st), 10400);
    assert_string_equal(phase(st), "play");
    assert_false(acts(st, 0));
    /* one claim per seat in the window */
    assert_int_equal(act_at(st, 0, 10100, "{\"type\":\"claim\",\"word\":\"cab\"}"), WB_EILLEGAL);
    OK(act_at(st, 1, 10200, "{\"type\":\"claim\",\"word\":\"cab\"}"));
    /* a wrong claim in the window is still a mistake */
    OK(act_at(st, 3, 10300, "{\"type\":\"claim\",\"word\":\"qqqq\"}"));
    assert_non_null(event("claim_refused"));
    assert_true(json_is_true(json_object_get(player(st, 3), "out")));
    OK(act_at(st, 2, 10400, "{\"type\":\"claim\",\"word\":\"bad\"}"));
    assert_int_equal(json_array_size(json_object_get(V(st, HOST), "claims")), 3);
    /* after the window nobody else competes */
    assert_int_equal(act_at(st, 4, 10401, "{\"type\":\"claim\",\"word\":\"dab\"}"), WB_EILLEGAL);
    assert_non_null(strstr(last_why, "too late"));
    /* only the clock closes it */
    assert_int_equal(act_at(st, 1, 10500, "{\"type\":\"timer\"}"), WB_ENOTTURN);
    OK(act_at(st, SYS, 10400, "{\"type\":\"timer\"}"));
    /* shortest wins; on equal length the first alphabetically: bad < cab */
    json_t *won = event("card_won");
    assert_int_equal(json_integer_value(json_object_get(won, "seat")), 2);
    assert_string_equal(json_string_value(json_object_get(won, "word")), "bad");
    assert_string_equal(phase(st), "take");
    assert_int_equal(game_wibbell.deadline(st->st), -1);
    assert_int_equal(act_at(st, SYS, 10500, "{\"type\":\"timer\"}"), WB_EILLEGAL);
    OK(act(st, 2, "{\"type\":\"take\",\"card\":0}"));
    assert_string_equal(centre(st, 0), "CD");
    assert_string_equal(centre(st, 1), "AC");
    /* "cab" did not win a card, so bob may say it again */
    OK(act_at(st, 1, 20000, "{\"type\":\"claim\",\"word\":\"cab\"}"));
    assert_non_null(event("claim_accepted"));
    OK(act_at(st, SYS, 20400, "{\"type\":\"timer\"}"));
    assert_int_equal(json_integer_value(json_object_get(event("card_won"), "seat")), 1);
    done(st);

    /* a shorter word beats an earlier one */
    st = mk(4, opts, 5);
    OK(act_at(st, 0, 10000, "{\"type\":\"claim\",\"word\":\"cabs\",\"take\":1}"));
    OK(act_at(st, 3, 10100, "{\"type\":\"claim\",\"word\":\"dab\",\"take\":1}"));
    OK(act_at(st, SYS, 10400, "{\"type\":\"timer\"}"));
    assert_int_equal(json_integer_value(json_object_get(event("card_won"), "seat")), 3);
    /* the take chosen in advance was applied */
    assert_string_equal(json_string_value(json_object_get(json_object_get(
        event("card_taken"), "card"), "letters")), "CD");
    assert_string_equal(phase(st), "play");
    assert_string_equal(centre(st, 0), "AB");
    done(st);

    /* identical words: the centre goes under the deck and two are flipped */
    st = mk(4, opts, 5);
    json_int_t deck = vint(st, "deck");
    OK(act_at(st, 0, 10000, "{\"type\":\"claim\",\"word\":\"cab\"}"));
    OK(act_at(st, 1, 10001, "{\"type\":\"claim\",\"word\":\"CAB\"}"));
    OK(act_at(st, 2, 10002, "{\"type\":\"claim\",\"word\":\"cabs\"}"));
    OK(act_at(st, SYS, 10400, "{\"type\":\"timer\"}"));
    json_t *rd = event("redeal");
    assert_non_null(rd);
    assert_string_equal(json_string_value(json_object_get(rd, "reason")), "identical_words");
    assert_null(event("card_won"));
    assert_int_equal(count_events("card_flipped"), 2);
    assert_string_equal(centre(st, 0), "AC");
    assert_string_equal(centre(st, 1), "BD");
    assert_int_equal(vint(st, "deck"), deck);
    assert_int_equal(json_array_size(json_object_get(V(st, HOST), "used")), 0);
    assert_int_equal(json_array_size(json_object_get(V(st, HOST), "claims")), 0);
    done(st);

    /* the last eligible seat with a pending claim wins at once */
    st = mk(3, "{\"deck\":[\"AB\",\"CD\",\"AC\",\"BD\"," EASY "],\"shuffle\":false}", 5);
    OK(act_at(st, 0, 10000, "{\"type\":\"claim\",\"word\":\"cab\"}"));
    OK(act_at(st, 1, 10010, "{\"type\":\"claim\",\"word\":\"qqq\"}"));
    assert_null(event("card_won"));
    OK(act_at(st, 2, 10020, "{\"type\":\"claim\",\"word\":\"qqq\"}"));
    won = event("card_won");
    assert_int_equal(json_integer_value(json_object_get(won, "seat")), 0);
    assert_string_equal(json_string_value(json_object_get(won, "word")), "cab");
    assert_int_equal(game_wibbell.deadline(st->st), -1);
    done(st);
}

/* --- rounds ----------------------------------------------------------------- */

static void test_round_standard(void **state)
{
    (void)state;
    gt *st = mk(4, "{\"tie_window_ms\":0}", 11);
    win_take(st, 1);
    win_take(st, 0);
    win_take(st, 0);
    assert_int_equal(pint(st, 0, "cards_this_round"), 2);
    assert_int_equal(json_array_size(json_object_get(player(st, 0), "face_up")), 2);
    json_int_t deck = vint(st, "deck");
    claim_valid(st, 0, 1000);
    /* the 3rd card: both centre cards, and a handicap to choose */
    assert_int_equal(count_events("card_taken"), 2);
    assert_non_null(event("round_won"));
    assert_string_equal(phase(st), "keep");
    assert_true(acts(st, 0));
    assert_false(acts(st, 1));
    assert_int_equal(json_array_size(json_object_get(V(st, HOST), "centre")), 0);
    json_t *choices = json_object_get(V(st, HOST), "keep_choices");
    assert_int_equal(json_array_size(choices), 4);
    json_int_t keep = json_integer_value(json_array_get(choices, 2));
    json_t *acts0 = gt_actions(st, 0);
    assert_int_equal(json_array_size(acts0), 4);
    json_decref(acts0);
    acts0 = gt_actions(st, 1);
    assert_int_equal(json_array_size(acts0), 0);
    json_decref(acts0);
    assert_int_equal(act(st, 1, "{\"type\":\"keep\",\"card\":%lld}", (long long)keep), WB_ENOTTURN);
    assert_int_equal(act(st, 0, "{\"type\":\"claim\",\"word\":\"cat\"}"), WB_ENOTTURN);
    assert_int_equal(act(st, 0, "{\"type\":\"keep\",\"card\":999}"), WB_EILLEGAL);
    OK(act(st, 0, "{\"type\":\"keep\",\"card\":%lld}", (long long)keep));
    assert_int_equal(json_integer_value(json_object_get(json_object_get(
        event("handicap_kept"), "card"), "id")), keep);
    assert_non_null(event("round_started"));
    assert_int_equal(count_events("card_flipped"), 2);
    /* everyone's other round cards are face-down; the handicap stays up */
    assert_int_equal(vint(st, "round"), 2);
    assert_string_equal(phase(st), "play");
    assert_int_equal(vint(st, "deck"), deck - 2);
    assert_int_equal(json_array_size(json_object_get(player(st, 0), "face_up")), 0);
    assert_int_equal(pint(st, 0, "face_down"), 3);
    json_t *h = json_object_get(player(st, 0), "handicaps");
    assert_int_equal(json_array_size(h), 1);
    assert_int_equal(json_integer_value(json_object_get(json_array_get(h, 0), "id")), keep);
    assert_true(json_is_false(json_object_get(json_array_get(h, 0), "starting")));
    assert_int_equal(pint(st, 1, "face_down"), 1);
    assert_int_equal(pint(st, 0, "cards_this_round"), 0);
    assert_int_equal(pint(st, 0, "rounds_won"), 1);
    assert_int_equal(score(st, 0), 4);
    assert_int_equal(score(st, 1), 1);
    /* the handicap constrains: the hints of seat 0 name three cards */
    json_t *args = json_pack("{s:s}", "seat", "0"), *out = NULL;
    char *why = NULL;
    OK(game_wibbell.query(st->st, &ctx, HOST, "hints", args, &out, &why));
    assert_int_equal(json_array_size(json_object_get(out, "cards")), 3);
    json_decref(out);
    json_decref(args);
    /* the face-down cards no longer do: seat 1 covers the centre only */
    args = json_pack("{s:s}", "seat", "1");
    OK(game_wibbell.query(st->st, &ctx, HOST, "hints", args, &out, &why));
    assert_int_equal(json_array_size(json_object_get(out, "cards")), 2);
    json_decref(out);
    json_decref(args);
    /* a second round won gives a second handicap */
    win_take(st, 0);
    win_take(st, 0);
    claim_valid(st, 0, 1000);
    assert_string_equal(phase(st), "keep");
    choices = json_object_get(V(st, HOST), "keep_choices");
    OK(act(st, 0, "{\"type\":\"keep\",\"card\":%lld}",
           (long long)json_integer_value(json_array_get(choices, 0))));
    assert_int_equal(json_array_size(json_object_get(player(st, 0), "handicaps")), 2);
    assert_int_equal(score(st, 0), 8);
    done(st);
}

static void test_round_simple_modes(void **state)
{
    (void)state;
    /* simple: the 4th card ends the round, the 5th is a bonus */
    gt *st = mk(4, "{\"mode\":\"simple\",\"tie_window_ms\":0}", 12);
    win_take(st, 2);
    win_take(st, 2);
    win_take(st, 2);
    assert_string_equal(phase(st), "play");
    assert_int_equal(json_array_size(json_object_get(player(st, 2), "face_up")), 3);
    claim_valid(st, 2, 1000);
    assert_string_equal(phase(st), "take"); /* which is the 4th card? */
    json_int_t other = json_integer_value(json_object_get(
        json_array_get(json_object_get(V(st, HOST), "centre"), 0), "id"));
    OK(act(st, 2, "{\"type\":\"take\",\"card\":1}"));
    assert_int_equal(count_events("card_taken"), 2);
    json_t *bonus = NULL;
    size_t i;
    json_t *e;
    json_array_foreach(last_ev, i, e)
        if (json_is_true(json_object_get(e, "bonus")))
            bonus = e;
    assert_non_null(bonus);
    assert_int_equal(json_integer_value(json_object_get(json_object_get(bonus, "card"), "id")),
                     other);
    assert_string_equal(phase(st), "keep");
    assert_int_equal(json_array_size(json_object_get(V(st, HOST), "keep_choices")), 4);
    assert_int_equal(act(st, 2, "{\"type\":\"keep\",\"card\":%lld}", (long long)other),
                     WB_EILLEGAL);
    assert_non_null(strstr(last_why, "bonus"));
    json_int_t keep = json_integer_value(json_array_get(
        json_object_get(V(st, HOST), "keep_choices"), 3));
    OK(act(st, 2, "{\"type\":\"keep\",\"card\":%lld}", (long long)keep));
    assert_int_equal(pint(st, 2, "face_down"), 4);
    assert_int_equal(json_array_size(json_object_get(player(st, 2), "handicaps")), 1);
    assert_int_equal(score(st, 2), 5);
    done(st);

    /* simpler: the 3rd card ends it, the 4th is a bonus, no handicaps */
    st = mk(4, "{\"mode\":\"simpler\",\"tie_window_ms\":0}", 13);
    win_take(st, 3);
    win_take(st, 3);
    claim_valid(st, 3, 1000);
    assert_int_equal(count_events("card_taken"), 2);
    assert_non_null(event("round_won"));
    assert_non_null(event("round_started"));
    assert_null(event("handicap_kept"));
    assert_string_equal(phase(st), "play");
    assert_int_equal(vint(st, "round"), 2);
    assert_int_equal(pint(st, 3, "face_down"), 4);
    assert_int_equal(json_array_size(json_object_get(player(st, 3), "handicaps")), 0);
    assert_int_equal(json_array_size(json_object_get(player(st, 3), "face_up")), 0);
    assert_int_equal(score(st, 3), 4);
    done(st);
}

static void test_starting_handicaps(void **state)
{
    (void)state;
    /* seat 0 starts with Z (dealt from the top), seat 1 with named QU */
    gt *st = mk(4, "{\"deck\":[\"Z\",\"AB\",\"CD\",\"QU\"," EASY "],\"shuffle\":false,"
                     "\"tie_window_ms\":0,\"handicaps\":[1,[\"uq\"]]}", 3);
    json_t *h = json_object_get(player(st, 0), "handicaps");
    assert_int_equal(json_array_size(h), 1);
    assert_string_equal(json_string_value(json_object_get(json_array_get(h, 0), "letters")), "Z");
    assert_true(json_is_true(json_object_get(json_array_get(h, 0), "starting")));
    h = json_object_get(player(st, 1), "handicaps");
    assert_string_equal(json_string_value(json_object_get(json_array_get(h, 0), "letters")), "QU");
    assert_string_equal(centre(st, 0), "AB");
    assert_string_equal(centre(st, 1), "CD");
    assert_int_equal(score(st, 0), 0);
    /* the handicap constrains from the first turn */
    OK(act(st, 0, "{\"type\":\"claim\",\"word\":\"cab\"}"));
    assert_non_null(event("claim_refused"));
    OK(act(st, 2, "{\"type\":\"claim\",\"word\":\"cab\"}"));
    assert_null(event("claim_refused"));
    assert_int_equal(json_integer_value(json_object_get(event("card_won"), "seat")), 2);
    OK(act(st, 2, "{\"type\":\"take\",\"card\":0}"));
    OK(act(st, 0, "{\"type\":\"claim\",\"word\":\"dazed\"}"));
    assert_int_equal(json_integer_value(json_object_get(event("card_won"), "seat")), 0);
    OK(act(st, 0, "{\"type\":\"take\",\"card\":0}"));
    /* but does not score */
    assert_int_equal(score(st, 0), 1);
    assert_int_equal(score(st, 2), 1);
    done(st);
}

static void test_learning_aid(void **state)
{
    (void)state;
    gt *st = mk(3, "{\"learning_aid\":true,\"tie_window_ms\":0}", 21);
    win_take(st, 0);
    win_take(st, 0);
    claim_valid(st, 0, 1000);
    json_int_t keep = json_integer_value(json_array_get(
        json_object_get(V(st, HOST), "keep_choices"), 0));
    OK(act(st, 0, "{\"type\":\"keep\",\"card\":%lld}", (long long)keep));
    /* round 2: ann won round 1, so she may not win this one */
    assert_int_equal(vint(st, "round"), 2);
    assert_true(json_is_true(json_object_get(player(st, 0), "barred")));
    assert_false(acts(st, 0));
    json_t *a = gt_actions(st, 0);
    assert_int_equal(json_array_size(a), 0);
    json_decref(a);
    char *w = hint(st, 0, 0);
    assert_int_equal(act(st, 0, "{\"type\":\"claim\",\"word\":\"%s\"}", w), WB_EILLEGAL);
    assert_non_null(strstr(last_why, "learning aid"));
    free(w);
    /* only bob and cy compete: bob's mistake leaves cy alone */
    OK(act(st, 1, "{\"type\":\"claim\",\"word\":\"qqqq\"}"));
    assert_true(json_is_true(json_object_get(event("card_won"), "automatic")));
    assert_int_equal(json_integer_value(json_object_get(event("card_won"), "seat")), 2);
    OK(act(st, 2, "{\"type\":\"take\",\"card\":0}"));
    win_take(st, 2);
    claim_valid(st, 2, 1000);
    assert_string_equal(phase(st), "keep");
    keep = json_integer_value(json_array_get(json_object_get(V(st, HOST), "keep_choices"), 0));
    OK(act(st, 2, "{\"type\":\"keep\",\"card\":%lld}", (long long)keep));
    /* round 3: cy is barred, ann is back */
    assert_false(json_is_true(json_object_get(player(st, 0), "barred")));
    assert_true(json_is_true(json_object_get(player(st, 2), "barred")));
    assert_true(acts(st, 0));
    claim_valid(st, 0, 1000);
    assert_int_equal(json_integer_value(json_object_get(event("card_won"), "seat")), 0);
    done(st);

    /* two players and the learning aid: the lone competitor's mistake
     * leaves nobody, and the centre is redealt */
    st = mk(2, "{\"learning_aid\":true,\"tie_window_ms\":0,\"mode\":\"simpler\"}", 22);
    win_take(st, 1);
    win_take(st, 1);
    claim_valid(st, 1, 1000);
    assert_true(json_is_true(json_object_get(player(st, 1), "barred")));
    OK(act(st, 0, "{\"type\":\"claim\",\"word\":\"qqqq\"}"));
    assert_string_equal(json_string_value(json_object_get(event("redeal"), "reason")),
                        "nobody_eligible");
    assert_true(acts(st, 0));
    done(st);
}

/* --- the end of the game ---------------------------------------------------- */

static void test_final_cards(void **state)
{
    (void)state;
    /* 5 cards: turns 1-3 take one card each; turn 4 is the last turn of
     * the game (the deck is out) and its winner takes the final card */
    const char *opts = "{\"deck\":[\"AEIOST\",\"AEIOST\",\"AEIOST\",\"AEIOST\",\"AEIOST\"],"
                       "\"shuffle\":false,\"tie_window_ms\":0}";
    gt *st = mk(4, opts, 1);
    assert_int_equal(vint(st, "deck"), 3);
    win_take(st, 2);
    win_take(st, 2);
    win_take(st, 0);
    assert_int_equal(vint(st, "deck"), 0);
    assert_string_equal(phase(st), "play");
    claim_valid(st, 1, 1000);
    assert_int_equal(count_events("card_taken"), 2);
    json_t *over = event("game_over");
    assert_non_null(over);
    assert_string_equal(json_string_value(json_object_get(over, "reason")), "deck_out");
    assert_string_equal(phase(st), "over");
    json_t *v = V(st, HOST);
    assert_string_equal(json_string_value(json_object_get(v, "status")), "finished");
    assert_int_equal(json_array_size(json_object_get(v, "to_act")), 0);
    /* scores: 1, 2, 2, 0; the tie at the top shares the win */
    json_t *sc = json_object_get(v, "scores"), *wn = json_object_get(v, "winners");
    assert_int_equal(json_integer_value(json_array_get(sc, 0)), 1);
    assert_int_equal(json_integer_value(json_array_get(sc, 1)), 2);
    assert_int_equal(json_integer_value(json_array_get(sc, 2)), 2);
    assert_int_equal(json_integer_value(json_array_get(sc, 3)), 0);
    assert_int_equal(json_array_size(wn), 2);
    assert_int_equal(json_integer_value(json_array_get(wn, 0)), 1);
    assert_int_equal(json_integer_value(json_array_get(wn, 1)), 2);
    assert_true(json_equal(json_object_get(over, "winners"), wn));
    assert_int_equal(act(st, 0, "{\"type\":\"claim\",\"word\":\"toast\"}"), WB_ENOTTURN);
    json_t *a = gt_actions(st, 0);
    assert_int_equal(json_array_size(a), 0);
    json_decref(a);
    done(st);

    /* the round is reset with 1 card in the deck: the round winner takes it */
    opts = "{\"deck\":[\"AEIOST\",\"AEIOST\",\"AEIOST\",\"AEIOST\",\"AEIOST\",\"AEIOST\"],"
           "\"shuffle\":false,\"tie_window_ms\":0}";
    st = mk(4, opts, 1);
    win_take(st, 3);
    win_take(st, 3);
    assert_int_equal(vint(st, "deck"), 2);
    win_take(st, 1);
    assert_int_equal(vint(st, "deck"), 1);
    claim_valid(st, 3, 1000);
    assert_string_equal(phase(st), "keep");
    json_int_t keep = json_integer_value(json_array_get(
        json_object_get(V(st, HOST), "keep_choices"), 0));
    OK(act(st, 3, "{\"type\":\"keep\",\"card\":%lld}", (long long)keep));
    json_t *fin = NULL;
    size_t i;
    json_t *e;
    json_array_foreach(last_ev, i, e)
        if (json_is_true(json_object_get(e, "final")))
            fin = e;
    assert_non_null(fin);
    assert_int_equal(json_integer_value(json_object_get(fin, "seat")), 3);
    assert_null(event("round_started"));
    assert_non_null(event("game_over"));
    assert_int_equal(score(st, 3), 5);
    assert_int_equal(score(st, 1), 1);
    wn = json_object_get(V(st, HOST), "winners");
    assert_int_equal(json_array_size(wn), 1);
    assert_int_equal(json_integer_value(json_array_get(wn, 0)), 3);
    done(st);
}

/* The learning aid's bar lifts when the round ends, also when the deck
 * running out ends it (the finished view bars nobody). */
static void test_learning_aid_game_end(void **state)
{
    (void)state;
    gt *st = mk(4, "{\"deck\":[\"AEIOST\",\"AEIOST\",\"AEIOST\",\"AEIOST\",\"AEIOST\","
                     "\"AEIOST\",\"AEIOST\",\"AEIOST\",\"AEIOST\"],\"shuffle\":false,"
                     "\"tie_window_ms\":0,\"learning_aid\":true}", 1);
    win_take(st, 3);
    win_take(st, 3);
    claim_valid(st, 3, 1000);
    json_int_t keep = json_integer_value(json_array_get(
        json_object_get(V(st, HOST), "keep_choices"), 0));
    OK(act(st, 3, "{\"type\":\"keep\",\"card\":%lld}", (long long)keep));
    assert_true(json_is_true(json_object_get(player(st, 3), "barred")));
    win_take(st, 0);
    win_take(st, 1);
    win_take(st, 2);
    assert_int_equal(vint(st, "deck"), 0);
    claim_valid(st, 0, 1000); /* the last turn */
    assert_string_equal(phase(st), "over");
    for (int s = 0; s < 4; s++)
        assert_false(json_is_true(json_object_get(player(st, s), "barred")));
    done(st);
}

/* --- companion mode --------------------------------------------------------- */

static void test_companion(void **state)
{
    (void)state;
    gt *st = mk(3, "{\"companion\":true,\"handicaps\":[[],[\"EX\"]]}", 1);
    assert_string_equal(phase(st), "flip");
    assert_int_equal(vint(st, "deck"), 48 - 12 - 1);
    json_t *a = gt_actions(st, HOST);
    assert_string_equal(json_string_value(json_object_get(json_array_get(a, 0), "type")), "flip");
    assert_non_null(json_object_get(json_array_get(a, 0), "$params"));
    json_decref(a);
    /* seats only watch */
    assert_int_equal(act(st, 0, "{\"type\":\"claim\",\"word\":\"zip\"}"), WB_ENOTTURN);
    assert_int_equal(act(st, HOST, "{\"type\":\"flip\",\"card\":\"QZ\"}"), WB_EILLEGAL);
    assert_int_equal(act(st, HOST, "{\"type\":\"flip\",\"card\":\"EX\"}"), WB_EILLEGAL);
    assert_int_equal(act(st, HOST, "{\"type\":\"claim\",\"seat\":0,\"word\":\"zip\"}"),
                     WB_ENOTTURN);
    OK(act(st, HOST, "{\"type\":\"flip\",\"card\":\"nz\"}"));
    assert_string_equal(phase(st), "flip");
    OK(act(st, HOST, "{\"type\":\"flip\",\"card\":\"QI\"}"));
    assert_string_equal(phase(st), "play");
    assert_string_equal(centre(st, 0), "NZ");
    assert_string_equal(centre(st, 1), "IQ");
    assert_int_equal(vint(st, "deck"), 48 - 12 - 3);
    /* no seat acts; the host records the shouts of all three */
    assert_int_equal(json_array_size(json_object_get(V(st, 0), "to_act")), 0);
    assert_int_equal(json_array_size(json_object_get(V(st, 0), "awaiting")), 3);
    assert_true(json_is_true(json_object_get(V(st, 0), "companion")));
    /* bob must cover his handicap EX too */
    OK(act(st, HOST, "{\"type\":\"claim\",\"seat\":1,\"word\":\"zip\"}"));
    assert_non_null(event("claim_refused"));
    assert_int_equal(act(st, HOST, "{\"type\":\"claim\",\"seat\":1,\"word\":\"zinc\"}"),
                     WB_EILLEGAL);
    assert_int_equal(act(st, HOST, "{\"type\":\"claim\",\"word\":\"zip\"}"), WB_EINVAL);
    /* no tie window in companion mode: the first valid shout wins */
    OK(act(st, HOST, "{\"type\":\"claim\",\"seat\":2,\"word\":\"zip\"}"));
    assert_int_equal(json_integer_value(json_object_get(event("card_won"), "seat")), 2);
    assert_int_equal(game_wibbell.deadline(st->st), -1);
    assert_string_equal(phase(st), "take");
    a = gt_actions(st, HOST); /* take 0, take 1, undo */
    assert_int_equal(json_array_size(a), 3);
    assert_int_equal(json_integer_value(json_object_get(json_array_get(a, 0), "seat")), 2);
    json_decref(a);
    assert_int_equal(act(st, 2, "{\"type\":\"take\",\"card\":0}"), WB_ENOTTURN);
    assert_int_equal(act(st, HOST, "{\"type\":\"take\",\"seat\":1,\"card\":0}"), WB_EILLEGAL);
    OK(act(st, HOST, "{\"type\":\"take\",\"seat\":2,\"card\":1}"));
    assert_string_equal(phase(st), "flip");
    assert_string_equal(centre(st, 0), "NZ");
    OK(act(st, HOST, "{\"type\":\"flip\",\"card\":\"SG\"}"));
    /* the host may redeal: both cards go back to the deck */
    OK(act(st, HOST, "{\"type\":\"redeal\"}"));
    assert_non_null(event("redeal"));
    assert_string_equal(phase(st), "flip");
    assert_int_equal(vint(st, "deck"), 48 - 12 - 2); /* EX and IQ are out */
    OK(act(st, HOST, "{\"type\":\"flip\",\"card\":\"NZ\"}"));
    OK(act(st, HOST, "{\"type\":\"flip\",\"card\":\"SG\"}"));
    OK(act(st, HOST, "{\"type\":\"claim\",\"seat\":0,\"word\":\"sing\",\"take\":0}"));
    assert_string_equal(phase(st), "flip");
    /* the physical deck is out: the game ends, the last turn's winner takes
     * the card left in the centre */
    OK(act(st, HOST, "{\"type\":\"end\"}"));
    json_t *over = event("game_over");
    assert_non_null(over);
    assert_string_equal(json_string_value(json_object_get(over, "reason")), "host_ended");
    assert_int_equal(score(st, 0), 2);
    assert_int_equal(score(st, 1), 0); /* the starting handicap does not score */
    assert_int_equal(score(st, 2), 1);
    assert_int_equal(json_integer_value(json_array_get(json_object_get(V(st, 1), "winners"), 0)), 0);
    assert_int_equal(act(st, HOST, "{\"type\":\"end\"}"), WB_ENOTTURN);
    done(st);
}

/* The companion table: shouts the table could not order, a recounted
 * deck, take and keep by the letters on the cards. */
static void test_companion_table(void **state)
{
    (void)state;
    gt *st = mk(3, "{\"companion\":true}", 1);
    assert_int_equal(vint(st, "deck"), 36);
    /* the table removed 6 cards, not 12: it counts 42 left; 49 cannot be */
    assert_int_equal(act(st, 0, "{\"type\":\"deck\",\"count\":42}"), WB_ENOTTURN);
    assert_int_equal(act(st, HOST, "{\"type\":\"deck\",\"count\":49}"), WB_EILLEGAL);
    OK(act(st, HOST, "{\"type\":\"deck\",\"count\":42}"));
    assert_int_equal(json_integer_value(json_object_get(event("deck_corrected"), "was")), 36);
    assert_int_equal(vint(st, "deck"), 42);
    OK(act(st, HOST, "{\"type\":\"flip\",\"card\":\"NZ\"}"));
    OK(act(st, HOST, "{\"type\":\"flip\",\"card\":\"IQ\"}"));
    assert_int_equal(vint(st, "deck"), 40);
    /* the host is offered both as templates */
    json_t *a = gt_actions(st, HOST), *x;
    size_t i, templates = 0;
    json_array_foreach(a, i, x) {
        const char *t = json_string_value(json_object_get(x, "type"));
        if (strcmp(t, "simultaneous") == 0 || strcmp(t, "deck") == 0)
            templates += json_object_get(x, "$params") != NULL;
    }
    assert_int_equal(templates, 2);
    json_decref(a);
    /* one shout, or a seat twice, is no simultaneous event */
    assert_int_equal(act(st, HOST, "{\"type\":\"simultaneous\",\"shouts\":[{\"seat\":0,"
                                   "\"word\":\"zip\"}]}"), WB_EINVAL);
    assert_int_equal(act(st, HOST, "{\"type\":\"simultaneous\",\"shouts\":[{\"seat\":0,"
                                   "\"word\":\"zip\"},{\"seat\":0,\"word\":\"nip\"}]}"),
                     WB_EILLEGAL);
    /* the same length: the first alphabetically wins */
    OK(act(st, HOST, "{\"type\":\"simultaneous\",\"shouts\":[{\"seat\":0,\"word\":\"zip\"},"
                     "{\"seat\":1,\"word\":\"nip\"}]}"));
    assert_int_equal(json_array_size(json_object_get(event("claims_revealed"), "claims")), 2);
    assert_int_equal(json_integer_value(json_object_get(event("card_won"), "seat")), 1);
    assert_string_equal(phase(st), "take");
    assert_int_equal(act(st, HOST, "{\"type\":\"take\",\"letters\":\"ZZ\"}"), WB_EILLEGAL);
    assert_int_equal(act(st, HOST, "{\"type\":\"take\",\"card\":0,\"letters\":\"NZ\"}"),
                     WB_EINVAL);
    /* neither: refused (it crashed the daemon, reading letters it had not) */
    assert_int_equal(act(st, HOST, "{\"type\":\"take\"}"), WB_EINVAL);
    OK(act(st, HOST, "{\"type\":\"take\",\"letters\":\"zn\"}"));
    assert_string_equal(json_string_value(json_object_get(json_array_get(
                            json_object_get(player(st, 1), "face_up"), 0), "letters")), "NZ");
    /* identical words: both centre cards go back, the deck count with them */
    OK(act(st, HOST, "{\"type\":\"flip\",\"card\":\"SG\"}"));
    OK(act(st, HOST, "{\"type\":\"simultaneous\",\"shouts\":[{\"seat\":0,\"word\":\"sing\"},"
                     "{\"seat\":2,\"word\":\"sing\"}]}"));
    assert_string_equal(json_string_value(json_object_get(event("redeal"), "reason")),
                        "identical_words");
    assert_string_equal(phase(st), "flip");
    assert_int_equal(vint(st, "deck"), 41);
    OK(act(st, HOST, "{\"type\":\"flip\",\"card\":\"IQ\"}"));
    OK(act(st, HOST, "{\"type\":\"flip\",\"card\":\"SG\"}"));
    /* the shorter word beats the first alphabetically; a wrong shout is a
     * mistake */
    OK(act(st, HOST, "{\"type\":\"simultaneous\",\"shouts\":[{\"seat\":0,\"word\":\"qqq\"},"
                     "{\"seat\":2,\"word\":\"aging\"},{\"seat\":1,\"word\":\"sing\"}]}"));
    assert_int_equal(json_integer_value(json_object_get(event("claim_refused"), "seat")), 0);
    assert_int_equal(json_integer_value(json_object_get(event("card_won"), "seat")), 1);
    OK(act(st, HOST, "{\"type\":\"take\",\"seat\":1,\"letters\":\"GS\"}"));
    /* both shouts wrong: the one player left competing collects the card */
    OK(act(st, HOST, "{\"type\":\"flip\",\"card\":\"SH\"}"));
    OK(act(st, HOST, "{\"type\":\"simultaneous\",\"shouts\":[{\"seat\":0,\"word\":\"qqq\"},"
                     "{\"seat\":2,\"word\":\"zzzx\"}]}"));
    assert_int_equal(count_events("claim_refused"), 2);
    assert_true(json_is_true(json_object_get(event("card_won"), "automatic")));
    /* bob's 3rd card ends the round: he keeps SH by its letters */
    assert_string_equal(phase(st), "keep");
    assert_int_equal(act(st, HOST, "{\"type\":\"keep\",\"letters\":\"AB\"}"), WB_EILLEGAL);
    assert_int_equal(act(st, HOST, "{\"type\":\"keep\"}"), WB_EINVAL);
    OK(act(st, HOST, "{\"type\":\"keep\",\"letters\":\"hs\"}"));
    assert_string_equal(json_string_value(json_object_get(
                            json_object_get(event("handicap_kept"), "card"), "letters")), "SH");
    /* the table finds its deck empty: the game ends */
    assert_string_equal(phase(st), "flip");
    gt *copy = reload(st);
    done(st);
    st = copy;
    OK(act(st, HOST, "{\"type\":\"deck\",\"count\":0}"));
    assert_string_equal(json_string_value(json_object_get(event("game_over"), "reason")),
                        "deck_out");
    assert_int_equal(score(st, 1), 4);
    done(st);
}

/* forgive_typos: a non-word is no mistake; other refusals still are. */
static void test_forgive_typos(void **state)
{
    (void)state;
    const char *deck = "\"deck\":[\"NZ\",\"IQ\",\"SG\",\"SH\",\"AE\",\"OT\",\"RL\",\"DU\"]";
    char opts[256];
    snprintf(opts, sizeof opts, "{\"tie_window_ms\":0,\"shuffle\":false,%s,"
             "\"forgive_typos\":true}", deck);
    gt *st = mk(2, opts, 1);
    OK(act(st, 0, "{\"type\":\"claim\",\"word\":\"zqxv\"}"));
    assert_true(json_is_true(json_object_get(event("claim_refused"), "forgiven")));
    assert_false(json_is_true(json_object_get(player(st, 0), "out")));
    assert_true(acts(st, 0));
    assert_true(json_is_true(json_object_get(V(st, 0), "forgive_typos")));
    /* a real word that misses a card is still a mistake: bob collects */
    OK(act(st, 0, "{\"type\":\"claim\",\"word\":\"cat\"}"));
    assert_null(json_object_get(event("claim_refused"), "forgiven"));
    assert_true(json_is_true(json_object_get(event("card_won"), "automatic")));
    /* the digital winner takes by letters too */
    OK(act(st, 1, "{\"type\":\"take\",\"letters\":\"QI\"}"));
    assert_string_equal(centre(st, 0), "NZ");
    assert_int_equal(json_array_size(json_object_get(V(st, HOST), "vocabulary")), 2);
    /* a save of format 1 (before the option) loads with it off */
    json_t *s = game_wibbell.save(st->st);
    json_object_del(s, "forgive_typos");
    json_object_set_new(s, "format", json_integer(1));
    gt *old = loaded(s);
    assert_false(json_is_true(json_object_get(V(old, 0), "forgive_typos")));
    json_decref(s);
    done(old);
    /* one of format 2 (the option, before undo) keeps it on */
    s = game_wibbell.save(st->st);
    json_object_del(s, "undo");
    json_object_set_new(s, "format", json_integer(2));
    old = loaded(s);
    assert_true(json_is_true(json_object_get(V(old, 0), "forgive_typos")));
    json_decref(s);
    done(old);
    done(st);
    /* off by default: a typo is a mistake */
    snprintf(opts, sizeof opts, "{\"tie_window_ms\":0,\"shuffle\":false,%s}", deck);
    st = mk(2, opts, 1);
    OK(act(st, 0, "{\"type\":\"claim\",\"word\":\"zqxv\"}"));
    assert_non_null(event("card_won"));
    done(st);
}

/* The host's script at a companion table: `wrong` records a flip and a
 * shout wrongly first and undoes each; the result must be the match as
 * recorded right (so a replay of a log with undo is the replay of one
 * without).  Returns the saved text. */
static char *companion_script(int wrong)
{
    gt *st = mk(3, "{\"companion\":true}", 8);
    char *out;
    OK(act(st, HOST, "{\"type\":\"flip\",\"card\":\"NZ\"}"));
    if (wrong) {
        OK(act(st, HOST, "{\"type\":\"flip\",\"card\":\"SG\"}"));
        assert_string_equal(phase(st), "play");
        OK(act(st, HOST, "{\"type\":\"undo\"}"));
        assert_string_equal(json_string_value(json_object_get(
            json_object_get(event("undone"), "action"), "card")), "SG");
        assert_string_equal(phase(st), "flip");
        assert_int_equal(json_array_size(json_object_get(V(st, HOST), "centre")), 1);
        /* one level: the undo itself cannot be undone */
        assert_int_equal(act(st, HOST, "{\"type\":\"undo\"}"), WB_EILLEGAL);
    }
    OK(act(st, HOST, "{\"type\":\"flip\",\"card\":\"IQ\"}"));
    OK(act(st, HOST, "{\"type\":\"claim\",\"seat\":0,\"word\":\"qqq\"}"));
    if (wrong) {
        /* a shout recorded against the wrong player: it won, bob is on to take */
        OK(act(st, HOST, "{\"type\":\"claim\",\"seat\":1,\"word\":\"zip\"}"));
        assert_string_equal(phase(st), "take");
        gt *copy = reload(st); /* the undo survives a save and a load */
        OK(act(copy, HOST, "{\"type\":\"undo\"}"));
        assert_int_equal(act(st, 1, "{\"type\":\"undo\"}"), WB_ENOTTURN);
        OK(act(st, HOST, "{\"type\":\"undo\"}"));
        char *tc = saved_text(copy), *ts = saved_text(st);
        assert_string_equal(tc, ts); /* undone the same way */
        free(tc);
        free(ts);
        done(copy);
        assert_string_equal(phase(st), "play");
        assert_int_equal(json_array_size(json_object_get(V(st, HOST), "used")), 0);
        assert_int_equal(json_array_size(json_object_get(V(st, HOST), "vocabulary")), 1);
        assert_true(json_is_true(json_object_get(player(st, 0), "out"))); /* still out */
        assert_int_equal(pint(st, 1, "score"), 0);
    }
    OK(act(st, HOST, "{\"type\":\"claim\",\"seat\":2,\"word\":\"zip\"}"));
    assert_int_equal(vint(st, "turn_winner"), 2);
    out = saved_text(st);
    done(st);
    return out;
}

/* Companion mode: the referee undoes the last action it recorded. */
static void test_companion_undo(void **state)
{
    (void)state;
    gt *st = mk(3, "{\"companion\":true}", 8);
    assert_int_equal(act(st, HOST, "{\"type\":\"undo\"}"), WB_EILLEGAL); /* nothing yet */
    assert_non_null(strstr(last_why, "nothing to undo"));
    done(st);
    st = mk(3, "{\"tie_window_ms\":0}", 8); /* not in a digital match */
    assert_int_equal(act(st, HOST, "{\"type\":\"undo\"}"), WB_ENOTTURN);
    claim_valid(st, 0, 1000);
    assert_int_equal(act(st, HOST, "{\"type\":\"undo\"}"), WB_ENOTTURN);
    done(st);
    char *right = companion_script(0), *fixed = companion_script(1);
    assert_string_equal(fixed, right);
    free(right);
    free(fixed);
}

/* The host of a digital match (the teacher at the projector): a redeal
 * when nobody finds a word, never over a claim in the tie window, and the
 * end with the scores so far; the rest stays the seats'. */
static void test_teacher(void **state)
{
    (void)state;
    gt *st = mk(3, "{\"deck\":[\"AB\",\"CD\",\"AC\",\"BD\"," EASY "],\"shuffle\":false}", 5);
    json_int_t deck = vint(st, "deck");
    json_t *a = gt_actions(st, HOST);
    assert_string_equal(json_string_value(json_object_get(json_array_get(a, 0), "type")), "redeal");
    assert_string_equal(json_string_value(json_object_get(json_array_get(a, 1), "type")), "end");
    json_decref(a);
    OK(act(st, HOST, "{\"type\":\"redeal\"}"));
    assert_string_equal(json_string_value(json_object_get(event("redeal"), "reason")), "host");
    assert_string_equal(centre(st, 0), "AC"); /* AB and CD went under the deck */
    assert_int_equal(vint(st, "deck"), deck);
    assert_int_equal(act(st, HOST, "{\"type\":\"flip\",\"card\":\"AB\"}"), WB_ENOTTURN);
    assert_int_equal(act(st, HOST, "{\"type\":\"claim\",\"word\":\"cab\"}"), WB_ENOTTURN);
    OK(act_at(st, 0, 10000, "{\"type\":\"claim\",\"word\":\"cab\"}"));
    assert_int_equal(act_at(st, HOST, 10001, "{\"type\":\"redeal\"}"), WB_EILLEGAL);
    a = gt_actions(st, HOST); /* only the end is offered now */
    assert_int_equal(json_array_size(a), 1);
    json_decref(a);
    OK(act_at(st, SYS, 10400, "{\"type\":\"timer\"}"));
    assert_int_equal(act(st, HOST, "{\"type\":\"end\"}"), WB_ENOTTURN); /* seat 0 takes */
    OK(act(st, 0, "{\"type\":\"take\",\"card\":0}"));
    OK(act(st, HOST, "{\"type\":\"end\"}"));
    json_t *over = event("game_over");
    assert_string_equal(json_string_value(json_object_get(over, "reason")), "host_ended");
    assert_int_equal(json_array_size(json_object_get(over, "winners")), 1);
    assert_int_equal(score(st, 0), 1);
    done(st);
}

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
        cmocka_unit_test(test_default_deck),
        cmocka_unit_test(test_deck_sizes),
        cmocka_unit_test(test_bad_options),
        cmocka_unit_test(test_rules_example),
        cmocka_unit_test(test_mistake),
        cmocka_unit_test(test_used_words),
        cmocka_unit_test(test_tie_window),
        cmocka_unit_test(test_tie_window_secret),
        cmocka_unit_test(test_round_standard),
        cmocka_unit_test(test_round_simple_modes),
        cmocka_unit_test(test_starting_handicaps),
        cmocka_unit_test(test_learning_aid),
        cmocka_unit_test(test_final_cards),
        cmocka_unit_test(test_learning_aid_game_end),
        cmocka_unit_test(test_companion),
        cmocka_unit_test(test_companion_table),
        cmocka_unit_test(test_forgive_typos),
        cmocka_unit_test(test_teacher),
        cmocka_unit_test(test_companion_undo),
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
