/*
 * test_bots.c - the bots (games/bots/) as the store calls them: a seat's
 * view and legal actions in, an action out.  A bot sees no state, so its
 * choice is a function of the view, the actions, its kind, level and the
 * seed alone; the games it plays are named here only by their API names
 * (a kind with a name and nothing else).
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

#include "dict_fixture.h"
#include "bots.h"
#include "dict.h"
#include "game.h"
#include "wb_err.h"


static const game_kind whirlpool = {.name = "whirlpool-pond", .title = "Whirlpool"};
static const game_kind wibbell = {.name = "wibbell", .title = "Wibbell"};
static const game_kind other = {.name = "no-such-game", .title = "Other"};

/* A determinize hook, for bot_known (never called). */
static int no_sample(const void *state, int seat, uint64_t seed, void **out)
{
    (void)state, (void)seat, (void)seed;
    *out = NULL;
    return WB_ENOTFOUND;
}
static const game_kind whirlpool_sampled = {.name = "whirlpool-pond", .determinize = no_sample};
static const game_kind wibbell_sampled = {.name = "wibbell", .determinize = no_sample};

/* One decision; the chosen action's "type" (static), "" for none. */
static const char *decide(const game_kind *k, const char *bot, int level, const char *view,
                          const char *actions, uint64_t seed, json_t **out, int64_t *delay)
{
    static char type[64];
    json_t *v = json_loads(view, 0, NULL), *a = json_loads(actions, 0, NULL), *act = NULL;
    int64_t d = -1;
    assert_non_null(v);
    assert_non_null(a);
    game_turn t = {k, bot, level, 0, v, a, seed, fixture_lib, NULL, 2};
    int rc = bot_decide(&t, &act, &d);
    snprintf(type, sizeof type, "%s",
             rc == WB_OK ? json_string_value(json_object_get(act, "type")) : "");
    assert_true(rc == WB_OK ? act != NULL && d >= 0 : act == NULL);
    if (out)
        *out = act;
    else
        json_decref(act);
    if (delay)
        *delay = d;
    json_decref(v);
    json_decref(a);
    return type;
}

static void test_kinds_and_levels(void **state)
{
    (void)state;
    size_t n;
    const char *const *names = bot_names(&n);
    assert_int_equal(n, 3);
    assert_string_equal(names[0], "random");
    assert_string_equal(names[1], "greedy");
    assert_string_equal(names[2], "search");
    /* the search needs the game's determinize: the kinds here have none */
    assert_false(bot_known(&whirlpool, "search", 3));
    /* and is not Wibbell's bot, even with one: its word finder is */
    assert_true(bot_known(&whirlpool_sampled, "search", 3));
    assert_false(bot_known(&wibbell_sampled, "search", 3));
    assert_true(bot_known(&wibbell_sampled, "greedy", 3));
    /* a Wibbell level reads as a vocabulary; other games' levels are budgets */
    assert_non_null(strstr(bot_level_about(&wibbell, 1), "beginners"));
    assert_non_null(strstr(bot_level_about(&wibbell, 2), "secondary school"));
    assert_null(bot_level_about(&whirlpool, 1));
    assert_null(bot_level_about(&wibbell, 6));
    assert_true(bot_known(NULL, "search", 3) && bot_known(&whirlpool, "greedy", 3));
    for (int l = BOT_LEVEL_MIN; l <= BOT_LEVEL_MAX; l++)
        assert_true(bot_known(NULL, "random", l) && bot_known(NULL, "greedy", l));
    assert_false(bot_known(NULL, "random", 0));
    assert_false(bot_known(NULL, "greedy", 6));
    assert_false(bot_known(NULL, "genius", 3));
    assert_false(bot_known(NULL, NULL, 3));
}

/* Random: uniform over the listed actions, the same for the same seed. */
static void test_random(void **state)
{
    (void)state;
    const char *acts = "[{\"type\":\"roll\"},{\"type\":\"end_turn\"},"
                       "{\"type\":\"throw\",\"target\":1}]";
    int seen[3] = {0};
    for (uint64_t seed = 0; seed < 300; seed++) {
        const char *t = decide(&whirlpool, "random", 3, "{}", acts, seed, NULL, NULL);
        seen[strcmp(t, "roll") == 0 ? 0 : strcmp(t, "end_turn") == 0 ? 1 : 2]++;
        assert_string_equal(t, decide(&whirlpool, "random", 3, "{}", acts, seed, NULL, NULL));
    }
    for (int i = 0; i < 3; i++) /* each about 100 of 300 */
        assert_in_range(seen[i], 60, 140);
}

/* Greedy: the highest weight of its game's data (a throw before a roll
 * before ending the turn), whatever the seed; ties at random. */
static void test_greedy(void **state)
{
    (void)state;
    for (uint64_t seed = 0; seed < 50; seed++) {
        assert_string_equal(decide(&whirlpool, "greedy", 3, "{}",
                                   "[{\"type\":\"roll\"},{\"type\":\"end_turn\"},"
                                   "{\"type\":\"throw\",\"target\":1}]",
                                   seed, NULL, NULL),
                            "throw");
        assert_string_equal(decide(&whirlpool, "greedy", 3, "{}",
                                   "[{\"type\":\"end_turn\"},{\"type\":\"roll\"}]", seed, NULL,
                                   NULL),
                            "roll");
    }
    /* a game without weights: every action weighs 0, so any may come */
    int roll = 0;
    for (uint64_t seed = 0; seed < 100; seed++)
        roll += strcmp(decide(&other, "greedy", 3, "{}",
                              "[{\"type\":\"roll\"},{\"type\":\"end_turn\"}]", seed, NULL, NULL),
                       "roll") == 0;
    assert_in_range(roll, 20, 80);
}

/* A template the bot cannot fill is left out; with nothing else, no
 * decision. */
static void test_templates(void **state)
{
    (void)state;
    const char *tpl = "{\"type\":\"say\",\"$params\":{\"word\":\"a word\"}}";
    char acts[256];
    snprintf(acts, sizeof acts, "[%s,{\"type\":\"pass\"}]", tpl);
    for (uint64_t seed = 0; seed < 20; seed++)
        assert_string_equal(decide(&other, "random", 3, "{}", acts, seed, NULL, NULL), "pass");
    snprintf(acts, sizeof acts, "[%s]", tpl);
    assert_string_equal(decide(&other, "random", 3, "{}", acts, 1, NULL, NULL), "");
}

/* The vocabulary of levels 1 to 4 (bot_words.c): SCOWL's size classes. */
static const int max_size[] = {20, 35, 50, 70};

/* The SCOWL size class of a valid word (0 when it has none). */
static int size_of(const dict *d, const char *w)
{
    dict_entry *e = NULL;
    assert_int_equal(dict_lookup(d, w, strlen(w), 0, 0, &e), WB_OK);
    assert_true(e->valid);
    int size = e->size;
    dict_entry_free(e);
    return size;
}

/* Wibbell's word finder: a word that covers the centre cards and the
 * seat's own, never a used word or a derivative of one, after a person's
 * reaction time of its level. */
static void test_wibbell_words(void **state)
{
    (void)state;
    const char *tpl = "[{\"type\":\"claim\",\"$params\":{\"word\":\"a word\"}}]";
    char view[512];
    const char *cards[] = {"NZ", "IQ", "SG", "SH"};
    dict_cards dc = {cards, 4};
    const dict *d = dict_lib_find(fixture_lib, "en_US");
    char used[128] = "\"explore\"";
    for (int level = BOT_LEVEL_MIN; level <= BOT_LEVEL_MAX; level++) {
        snprintf(view, sizeof view,
                 "{\"dictionary\":\"en_US\",\"centre\":[{\"letters\":\"NZ\"},{\"letters\":\"IQ\"}],"
                 "\"players\":[{\"handicaps\":[{\"letters\":\"SG\"}],\"face_up\":"
                 "[{\"letters\":\"SH\"}]}],\"used\":[%s]}",
                 used);
        json_t *a = NULL;
        int64_t delay;
        assert_string_equal(decide(&wibbell, "random", level, view, tpl, 7, &a, &delay), "claim");
        const char *w = json_string_value(json_object_get(a, "word"));
        assert_non_null(w);
        assert_null(json_object_get(a, "$params"));
        /* valid for those cards and those used words */
        char *u = strdup(used), *words[8];
        size_t nu = 0;
        for (char *p = strtok(u, "\","); p; p = strtok(NULL, "\","))
            words[nu++] = p;
        dict_verdict *v = NULL;
        assert_int_equal(dict_check(d, w, strlen(w), &dc, (const char *const *)words, nu, &v),
                         WB_OK);
        assert_true(v->valid);
        dict_verdict_free(v);
        free(u);
        /* a person's time: 8 s at level 1 down to 0.9 s at 5, each +-25% */
        static const int64_t react[] = {8000, 5000, 3000, 1800, 900};
        assert_in_range(delay, react[level - 1] * 3 / 4, react[level - 1] * 5 / 4);
        /* within the level's vocabulary (test_wibbell_vocabulary) */
        assert_true(size_of(d, w) <= (level == BOT_LEVEL_MAX ? 95 : max_size[level - 1]));
        /* the word becomes used: the next one is another */
        size_t ul = strlen(used);
        snprintf(used + ul, sizeof used - ul, ",\"%s\"", w);
        json_decref(a);
    }
}

/* A Wibbell bot knows the words of its level's vocabulary, SCOWL's size
 * classes in English: level 1 (beginners) never shouts a word above
 * size 20, level 2 none above 35, 3 none above 50, 4 none above 70, over
 * many seeds and centres from the deck; the levels do differ (level 4
 * shouts words of level 1's vocabulary and beyond).  Without size classes
 * (French) word lengths stand in: level 1 knows words of 4 to 6 letters. */
static void test_wibbell_vocabulary(void **state)
{
    (void)state;
    static const char *const deck[] = {"NZ", "IQ", "OJ", "EX", "AZ", "TQ", "JR", "LX", "KE",
                                       "AV", "WI", "FO", "SK", "TV", "WR", "FU", "DW", "FL",
                                       "SG", "CA", "CO", "CH", "ME", "MI", "MD", "PE", "PA",
                                       "PR", "GE", "GN", "BE", "BO", "BL", "YT", "HY", "YU",
                                       "SH", "IN", "ID", "IT", "AR", "AN", "ES", "ED", "OT",
                                       "UN", "RS", "HL"};
    const size_t nd = sizeof deck / sizeof deck[0];
    const char *tpl = "[{\"type\":\"claim\",\"$params\":{\"word\":\"a word\"}}]";
    const dict *us = dict_lib_find(fixture_lib, "en_US");
    dict_info in;
    dict_get_info(us, &in);
    assert_true(in.size_classes);
    int shouted[BOT_LEVEL_MAX] = {0}, above[BOT_LEVEL_MAX] = {0}, biggest[BOT_LEVEL_MAX] = {0};
    char view[512];
    for (uint64_t seed = 1; seed <= 150; seed++) {
        const char *c1 = deck[seed % nd], *c2 = deck[(seed * 7 + 3) % nd];
        snprintf(view, sizeof view,
                 "{\"dictionary\":\"en_US\",\"centre\":[{\"letters\":\"%s\"},{\"letters\":"
                 "\"%s\"}],\"players\":[{\"handicaps\":[],\"face_up\":[]}],\"used\":[]}",
                 c1, c2);
        for (int level = BOT_LEVEL_MIN; level < BOT_LEVEL_MAX; level++) {
            json_t *a = NULL;
            if (!*decide(&wibbell, "random", level, view, tpl, seed, &a, NULL))
                continue; /* no word of its vocabulary fits these cards */
            int size = size_of(us, json_string_value(json_object_get(a, "word")));
            assert_true(size > 0 && size <= max_size[level - 1]);
            shouted[level - 1]++;
            above[level - 1] += size > max_size[0];
            biggest[level - 1] = size > biggest[level - 1] ? size : biggest[level - 1];
            json_decref(a);
        }
    }
    printf("# words shouted by levels 1-4 over 150 centres: %d %d %d %d; above size 20: "
           "%d %d %d %d; the largest size: %d %d %d %d\n", shouted[0], shouted[1], shouted[2],
           shouted[3], above[0], above[1], above[2], above[3], biggest[0], biggest[1],
           biggest[2], biggest[3]);
    assert_true(shouted[0] >= 100 && shouted[3] >= 140);
    assert_true(above[3] > 0 && biggest[3] > max_size[1]);

    /* French: no size classes, word lengths stand in */
    const char *fr = "{\"dictionary\":\"fr\",\"centre\":[{\"letters\":\"AR\"},{\"letters\":"
                     "\"ES\"}],\"players\":[{\"handicaps\":[],\"face_up\":[]}],\"used\":[]}";
    for (uint64_t seed = 1; seed <= 20; seed++) {
        json_t *a = NULL;
        assert_string_equal(decide(&wibbell, "random", 1, fr, tpl, seed, &a, NULL), "claim");
        size_t len = strlen(json_string_value(json_object_get(a, "word")));
        assert_true(len >= 4 && len <= 6);
        json_decref(a);
    }
}

/* A word's tag count (dict_tags, WordNet's SemCor counts): an
 * inflection counts as its lemma in the part of speech its ending makes
 * it; a word WordNet has no sense of is -1. */
static long tags_of(const dict *d, const char *w, int *size)
{
    long t = -2;
    assert_int_equal(dict_tags(d, w, strlen(w), &t, size), WB_OK);
    return t;
}

static void test_wibbell_tags(void **state)
{
    (void)state;
    const dict *d = dict_lib_find(fixture_lib, "en_US");
    int size = 0;
    /* debating is the verb debate's */
    assert_true(tags_of(d, "debate", NULL) > 0);
    long verb = tags_of(d, "debated", NULL);
    assert_true(verb > 0 && verb < tags_of(d, "debate", NULL)); /* not the noun's */
    assert_int_equal(tags_of(d, "debating", NULL), verb);
    /* the nearest base only: lovelies is lovely's (a noun sense no text
     * met), not love's, of which lovely is a derivative; tried counts as
     * the verb try beside its own adjective */
    assert_true(tags_of(d, "lovelies", NULL) < BOT_WORDS_TAGS_2);
    assert_true(tags_of(d, "love", NULL) >= BOT_WORDS_TAGS_1);
    assert_true(tags_of(d, "lovely", NULL) < tags_of(d, "love", NULL)); /* not love's */
    assert_true(tags_of(d, "tried", NULL) >= BOT_WORDS_TAGS_1);
    /* house and water: common; a function word has no sense; not a word: -1 */
    assert_true(tags_of(d, "house", NULL) >= BOT_WORDS_TAGS_1);
    assert_true(tags_of(d, "water", NULL) >= BOT_WORDS_TAGS_1);
    assert_int_equal(tags_of(d, "they", &size), -1);
    assert_true(size > 0 && size <= BOT_WORDS_BARE_1);
    assert_int_equal(tags_of(d, "qqqzzx", &size), -1);
    assert_int_equal(size, 0);
    /* a word of a young pupil's SCOWL size that the tagged texts met
     * seldom: level 1 does not know it (test_wibbell_everyday) */
    assert_true(tags_of(d, "adhered", &size) < BOT_WORDS_TAGS_1);
    assert_true(size > 0 && size <= 20);
}

/* Level 1 is a beginner's: over many centres of the deck it never
 * shouts a word the tagged corpus met fewer than BOT_WORDS_TAGS_1 times
 * (a word WordNet has no sense of only up to size BOT_WORDS_BARE_1) nor
 * one longer than BOT_WORDS_LEN_1, although its SCOWL size class (20)
 * alone would give it such words for most of them; level 2 none under
 * BOT_WORDS_TAGS_2; and the levels' median tag count falls from level 1
 * to level 3. */
static void test_wibbell_everyday(void **state)
{
    (void)state;
    static const char *const deck[] = {"NZ", "IQ", "OJ", "EX", "AZ", "TQ", "JR", "LX", "KE",
                                       "AV", "WI", "FO", "SK", "TV", "WR", "FU", "DW", "FL",
                                       "SG", "CA", "CO", "CH", "ME", "MI", "MD", "PE", "PA",
                                       "PR", "GE", "GN", "BE", "BO", "BL", "YT", "HY", "YU",
                                       "SH", "IN", "ID", "IT", "AR", "AN", "ES", "ED", "OT",
                                       "UN", "RS", "HL"};
    const size_t nd = sizeof deck / sizeof deck[0];
    const char *tpl = "[{\"type\":\"claim\",\"$params\":{\"word\":\"a word\"}}]";
    const dict *us = dict_lib_find(fixture_lib, "en_US");
    static const long floor[] = {BOT_WORDS_TAGS_1, BOT_WORDS_TAGS_2};
    static const int bare[] = {BOT_WORDS_BARE_1, BOT_WORDS_BARE_2};
    int shouted[3] = {0}, could_drop = 0, dropped_known = 0, long_known = 0;
    long tags[3][200];
    char view[512];
    for (uint64_t seed = 1; seed <= 200; seed++) {
        /* two centre cards, and a face-up card of the seat's every other time */
        const char *c1 = deck[seed % nd], *c2 = deck[(seed * 7 + 3) % nd];
        char up[64] = "";
        if (seed % 2)
            snprintf(up, sizeof up, "{\"letters\":\"%s\"}", deck[(seed * 13 + 5) % nd]);
        if (seed % 10 == 1) /* and a third and fourth card: long words */
            snprintf(up + strlen(up), sizeof up - strlen(up),
                     ",{\"letters\":\"%s\"},{\"letters\":\"%s\"}",
                     deck[(seed * 17 + 9) % nd], deck[(seed * 19 + 11) % nd]);
        snprintf(view, sizeof view,
                 "{\"dictionary\":\"en_US\",\"centre\":[{\"letters\":\"%s\"},{\"letters\":"
                 "\"%s\"}],\"players\":[{\"handicaps\":[],\"face_up\":[%s]}],\"used\":[]}",
                 c1, c2, up);
        /* what size 20 alone would allow: some of it is below the floor */
        const char *cards[5] = {c1, c2, deck[(seed * 13 + 5) % nd], deck[(seed * 17 + 9) % nd],
                                deck[(seed * 19 + 11) % nd]};
        dict_cards dc = {cards, seed % 10 == 1 ? 5 : seed % 2 ? 3 : 2};
        dict_list *l = NULL;
        assert_int_equal(dict_match_opt(us, &dc, NULL, 0, 0, 400, DICT_MATCH_WITHIN(20), &l),
                         WB_OK);
        int low = 0;
        for (size_t i = 0; i < l->nwords && !low; i++) {
            int size;
            long t = tags_of(us, l->words[i], &size);
            low = t < BOT_WORDS_TAGS_1 && !(t < 0 && size <= BOT_WORDS_BARE_1);
        }
        could_drop += low;
        dict_list_free(l);
        for (int level = 1; level <= 3; level++) {
            json_t *a = NULL;
            if (!*decide(&wibbell, "random", level, view, tpl, seed, &a, NULL))
                continue;
            int size;
            const char *w = json_string_value(json_object_get(a, "word"));
            long t = tags_of(us, w, &size);
            if (level == 1)
                assert_true(strlen(w) <= BOT_WORDS_LEN_1);
            if (level <= 2) {
                assert_true(t >= floor[level - 1] || (t < 0 && size <= bare[level - 1]));
            } else {
                /* level 3 has no floor: it shouts words level 1 does not know */
                dropped_known += t < BOT_WORDS_TAGS_1;
                long_known += strlen(w) > BOT_WORDS_LEN_1;
            }
            tags[level - 1][shouted[level - 1]++] = t;
            json_decref(a);
        }
    }
    long med[3];
    for (int k = 0; k < 3; k++) {
        /* the median tag count (a word without senses as 0) */
        for (int i = 0; i < shouted[k]; i++)
            for (int j = i + 1; j < shouted[k]; j++)
                if (tags[k][j] < tags[k][i]) {
                    long x = tags[k][i];
                    tags[k][i] = tags[k][j];
                    tags[k][j] = x;
                }
        med[k] = shouted[k] ? tags[k][shouted[k] / 2] : 0;
    }
    printf("# levels 1-3 over 200 centres: %d %d %d words, median tag count %ld %ld %ld; "
           "centres where size 20 alone gives a word below level 1's floor: %d; "
           "level 3's words below it: %d, longer than level 1's: %d\n", shouted[0], shouted[1],
           shouted[2], med[0], med[1], med[2], could_drop, dropped_known, long_known);
    /* level 1 still finds a word for most centres, the rule has words to
     * drop, and the vocabularies differ */
    assert_true(shouted[0] >= 150 && shouted[2] >= 190);
    assert_true(could_drop >= 100 && dropped_known > 0 && long_known > 0);
    assert_true(med[0] > med[1] && med[1] > med[2]);
    /* level 1 picks among the quarter of its words met most: its median
     * is far above its floor (230 against 40; 82 when it picked among
     * all it knows) */
    assert_true(med[0] >= 3 * BOT_WORDS_TAGS_1);
}

/* Level 5 shouts a shortest word, but not always the same one of those:
 * two level-5 bots that both took the first would shout the same word every
 * turn, and identical words redeal, round the deck again and again. */
static void test_wibbell_shortest(void **state)
{
    (void)state;
    const char *tpl = "[{\"type\":\"claim\",\"$params\":{\"word\":\"a word\"}}]";
    const char *view = "{\"dictionary\":\"en_US\",\"centre\":[{\"letters\":\"AT\"},"
                       "{\"letters\":\"ER\"}],\"players\":[{\"handicaps\":[],\"face_up\":[]}],"
                       "\"used\":[]}";
    const char *cards[] = {"AT", "ER"};
    dict_cards dc = {cards, 2};
    dict_list *l = NULL;
    assert_int_equal(dict_match(dict_lib_find(fixture_lib, "en_US"), &dc, NULL, 0, 0, 64, &l),
                     WB_OK);
    size_t shortest = strlen(l->words[0]), nshort = 0;
    while (nshort < l->nwords && strlen(l->words[nshort]) == shortest)
        nshort++;
    assert_true(nshort >= 2); /* the cards give a choice */
    char first[64] = "";
    int others = 0;
    for (uint64_t seed = 1; seed <= 20; seed++) {
        json_t *a = NULL;
        assert_string_equal(decide(&wibbell, "random", BOT_LEVEL_MAX, view, tpl, seed, &a, NULL),
                            "claim");
        const char *w = json_string_value(json_object_get(a, "word"));
        assert_int_equal(strlen(w), shortest);
        if (!*first)
            snprintf(first, sizeof first, "%s", w);
        else
            others += strcmp(w, first) != 0;
        json_decref(a);
    }
    assert_true(others > 0);
    dict_list_free(l);
}

/* In a class match (the view's "classroom") a bot shouts no word the class
 * setting hides at the match's grade: of W, H, O and R's shortest words
 * (throw, whore, whorl, worth, wroth) level 5 takes any without it, never
 * whore with it; bitch at the adult grade, not at the default. */
static void test_wibbell_class(void **state)
{
    (void)state;
    const char *tpl = "[{\"type\":\"claim\",\"$params\":{\"word\":\"a word\"}}]";
    const char *setting[] = {"", ",\"classroom\":true", ",\"classroom\":true,\"class_grade\":"
                                                         "\"adult\""};
    for (size_t k = 0; k < 3; k++) {
        char view[512];
        int whore = 0;
        snprintf(view, sizeof view,
                 "{\"dictionary\":\"en_US\",\"centre\":[{\"letters\":\"W\"},{\"letters\":\"H\"}],"
                 "\"players\":[{\"handicaps\":[{\"letters\":\"O\"},{\"letters\":\"R\"}],"
                 "\"face_up\":[]}],\"used\":[]%s}",
                 setting[k]);
        for (uint64_t seed = 1; seed <= 40; seed++) {
            json_t *a = NULL;
            assert_string_equal(decide(&wibbell, "random", BOT_LEVEL_MAX, view, tpl, seed, &a,
                                       NULL),
                                "claim");
            whore += strcmp(json_string_value(json_object_get(a, "word")), "whore") == 0;
            json_decref(a);
        }
        if ((whore > 0) != (k == 0))
            fail_msg("setting %zu: whore shouted %d times of 40", k, whore);
    }
    /* and at the match's grade: bitch, B, I, T, C and H's one shortest
     * word, is the school grade's and not the adult's */
    const int bitch[] = {1, 0, 1};
    for (size_t k = 0; k < 3; k++) {
        char view[512];
        json_t *a = NULL;
        snprintf(view, sizeof view,
                 "{\"dictionary\":\"en_US\",\"centre\":[{\"letters\":\"B\"},{\"letters\":\"I\"},"
                 "{\"letters\":\"T\"}],\"players\":[{\"handicaps\":[{\"letters\":\"C\"}],"
                 "\"face_up\":[{\"letters\":\"H\"}]}],\"used\":[]%s}",
                 setting[k]);
        assert_string_equal(decide(&wibbell, "random", BOT_LEVEL_MAX, view, tpl, 3, &a, NULL),
                            "claim");
        if ((strcmp(json_string_value(json_object_get(a, "word")), "bitch") == 0) != bitch[k])
            fail_msg("setting %zu: shouted %s", k, json_string_value(json_object_get(a, "word")));
        json_decref(a);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_kinds_and_levels),
        cmocka_unit_test(test_random),
        cmocka_unit_test(test_greedy),
        cmocka_unit_test(test_templates),
        cmocka_unit_test(test_wibbell_words),
        cmocka_unit_test(test_wibbell_shortest),
        cmocka_unit_test(test_wibbell_vocabulary),
        cmocka_unit_test(test_wibbell_tags),
        cmocka_unit_test(test_wibbell_everyday),
        cmocka_unit_test(test_wibbell_class),
    };
    return cmocka_run_group_tests(tests, dict_fixture_setup, dict_fixture_teardown);
}
