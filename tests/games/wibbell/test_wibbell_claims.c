/*
 * test_wibbell_claims.c - the Wibbell game module (games/wibbell/),
 * scenario by scenario from the rules (WIBBELL.md): the deck, claims, and claims
 * made at once (wibbell_test_util.h: the dictionary, the harness).
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

/* A claim waiting in the tie window is its seat's secret.  The
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

/* Does the last claim_refused event carry reason `code`? */
static int refused_for(const char *code)
{
    json_t *ev = event("claim_refused"), *r;
    size_t i;
    json_array_foreach(ev ? json_object_get(ev, "reasons") : NULL, i, r)
        if (!strcmp(json_string_value(json_object_get(r, "code")), code))
            return 1;
    return 0;
}

/* The option compounds (dict/COMPOUNDS.md): with
 * "derivative" a German compound of a used word is refused as a derivative
 * of it, by default it is a word of its own; the views carry the option; a
 * save of format 5, from before it, loads "separate"; another value is
 * refused. */
static void test_compounds(void **state)
{
    (void)state;
    static const char *const modes[] = {"separate", "derivative"};
    for (int m = 0; m < 2; m++) {
        char opts[512];
        snprintf(opts, sizeof opts,
                 "{\"dictionary\":\"de\",\"tie_window_ms\":0,\"shuffle\":false,"
                 "\"compounds\":\"%s\",\"deck\":[\"HA\",\"SU\",\"TR\",\"HT\"," EASY "]}",
                 modes[m]);
        gt *st = mk(2, opts, 1);
        assert_string_equal(json_string_value(json_object_get(V(st, HOST), "compounds")),
                            modes[m]);
        OK(act(st, 0, "{\"type\":\"claim\",\"word\":\"Haus\",\"take\":0}"));
        assert_non_null(event("card_won"));
        OK(act(st, 1, "{\"type\":\"claim\",\"word\":\"Haustür\"}"));
        assert_int_equal(refused_for("derivative"), m);
        assert_int_equal(event("claim_accepted") != NULL, !m);
        if (m) {
            json_t *s = game_wibbell.save(st->st);
            json_object_set_new(s, "format", json_integer(5));
            json_object_del(s, "compounds");
            gt *old = loaded(s);
            assert_string_equal(json_string_value(json_object_get(V(old, HOST), "compounds")),
                                "separate");
            json_decref(s);
            done(old);
        }
        done(st);
    }
    gt *bad = NULL;
    assert_int_equal(try_create(2, "{\"compounds\":\"maybe\"}", 1, &bad), WB_EINVAL);
}

/* The class setting's grade (class_grade): in the views, kept by a save,
 * "school" for a match of format 7 (before the option), another name
 * refused. */
static void test_class_grade(void **state)
{
    (void)state;
    static const char *const grades[] = {NULL, "school", "adult", "young"};
    for (int g = 0; g < 4; g++) {
        char opts[256];
        if (grades[g])
            snprintf(opts, sizeof opts, "{\"classroom\":true,\"class_grade\":\"%s\"}", grades[g]);
        else
            snprintf(opts, sizeof opts, "{\"classroom\":true}");
        gt *st = mk(2, opts, 1);
        const char *want = grades[g] ? grades[g] : "school";
        assert_string_equal(json_string_value(json_object_get(V(st, HOST), "class_grade")), want);
        json_t *s = game_wibbell.save(st->st);
        gt *again = loaded(s);
        assert_string_equal(json_string_value(json_object_get(V(again, HOST), "class_grade")),
                            want);
        done(again);
        json_object_set_new(s, "format", json_integer(7));
        json_object_del(s, "class_grade");
        gt *old = loaded(s);
        assert_string_equal(json_string_value(json_object_get(V(old, HOST), "class_grade")),
                            "school");
        done(old);
        json_decref(s);
        done(st);
    }
    gt *bad = NULL;
    assert_int_equal(try_create(2, "{\"class_grade\":\"teen\"}", 1, &bad), WB_EINVAL);
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
        cmocka_unit_test(test_compounds),
        cmocka_unit_test(test_class_grade),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
