/*
 * test_cards.c - card parsing and matching (dict/cards.c), including the
 * examples of the Wibbell rules and a randomised comparison of the two
 * matchers (by positions, by letter counts) with a brute-force search.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "cards.h"
#include "wb_err.h"

static int covers(const char *word, const char *const *cards, size_t n)
{
    cards_set cs;
    size_t pos[DICT_CARDS_MAX];
    assert_int_equal(cards_parse(cards, n, &cs), WB_OK);
    return cards_cover(&cs, word, strlen(word), pos);
}

static void test_rules_example(void **state)
{
    (void)state;
    const char *const c[] = {"NZ", "IQ", "SG", "SH"};
    assert_true(covers("hints", c, 4));
    assert_true(covers("mission", c, 4));
    assert_true(covers("kissing", c, 4));
    assert_false(covers("sin", c, 4)); /* three letters, four cards */
    assert_true(covers("sings", c, 3));
}

static void test_same_letter_twice(void **state)
{
    (void)state;
    const char *const two_s[] = {"S", "S"};
    assert_false(covers("sit", two_s, 2));
    assert_true(covers("sits", two_s, 2));
    const char *const three_a[] = {"AB", "AC", "AD"};
    assert_false(covers("banana", (const char *const[]){"A", "A", "A", "A"}, 4));
    assert_true(covers("banana", three_a, 3)); /* three a's serve three cards */
    assert_false(covers("ban", three_a, 3));   /* b, a: two letters for three */
    assert_true(covers("abaca", three_a, 3));
}

static void test_positions_are_distinct_and_right(void **state)
{
    (void)state;
    const char *const c[] = {"NZ", "IQ", "SG", "SH"};
    cards_set cs;
    size_t pos[DICT_CARDS_MAX];
    const char *w = "kissing";
    assert_int_equal(cards_parse(c, 4, &cs), WB_OK);
    assert_true(cards_cover(&cs, w, strlen(w), pos));
    for (size_t i = 0; i < 4; i++) {
        assert_true(cs.mask[i] & (1u << (w[pos[i]] - 'a')));
        for (size_t j = 0; j < i; j++)
            assert_int_not_equal(pos[i], pos[j]);
    }
}

static void test_parse_rejects(void **state)
{
    (void)state;
    cards_set cs;
    assert_int_equal(cards_parse((const char *const[]){""}, 1, &cs), WB_EINVAL);
    assert_int_equal(cards_parse((const char *const[]){"A1"}, 1, &cs), WB_EINVAL);
    assert_int_equal(cards_parse((const char *const[]){"A B"}, 1, &cs), WB_EINVAL);
    assert_int_equal(cards_parse((const char *const[]){"\xff"}, 1, &cs), WB_EINVAL);
    assert_int_equal(cards_parse((const char *const[]){"\xce\xb1"}, 1, &cs), WB_EINVAL);
    const char *many[DICT_CARDS_MAX + 1];
    for (size_t i = 0; i <= DICT_CARDS_MAX; i++)
        many[i] = "A";
    assert_int_equal(cards_parse(many, DICT_CARDS_MAX + 1, &cs), WB_EINVAL);
    assert_int_equal(cards_parse(many, DICT_CARDS_MAX, &cs), WB_OK); /* the most */
    assert_int_equal(cs.n, DICT_CARDS_MAX);
    /* Case and diacritics do not matter. */
    assert_int_equal(cards_parse((const char *const[]){"\xc3\x89q"}, 1, &cs), WB_OK);
    assert_int_equal(cs.mask[0], (1u << ('e' - 'a')) | (1u << ('q' - 'a')));
}

/* Brute force: try every assignment of distinct positions. */
static int brute(const cards_set *cs, const char *w, size_t len, size_t card,
                 uint64_t used)
{
    if (card == cs->n)
        return 1;
    for (size_t p = 0; p < len; p++)
        if (!(used & (1ull << p)) && (cs->mask[card] & (1u << (w[p] - 'a'))) &&
            brute(cs, w, len, card + 1, used | (1ull << p)))
            return 1;
    return 0;
}

static uint32_t short_of(const char *word, const char *const *cards, size_t n)
{
    cards_set cs;
    assert_int_equal(cards_parse(cards, n, &cs), WB_OK);
    return cards_short(&cs, word, strlen(word));
}

/* The cards a word leaves without a letter are named: those with none of
 * their letters in the word, else the group short of letters. */
static void test_short_names_the_cards(void **state)
{
    (void)state;
    const char *const c[] = {"NZ", "IQ", "SG", "SH"};
    assert_int_equal(short_of("kissing", c, 4), 0);
    assert_int_equal(short_of("sin", c, 4), 0xc);  /* SG and SH: one s */
    assert_int_equal(short_of("sigh", c, 4), 0x1); /* NZ: no n, no z */
    assert_int_equal(short_of("cat", c, 4), 0xf);  /* no letter of any */
    /* AB takes the b; AC and AD compete for the one a */
    assert_int_equal(short_of("ban", (const char *const[]){"AB", "AC", "AD"}, 3), 0x6);
    assert_int_equal(short_of("", c, 2), 0x3);
}

/* A named group really is short: its cards, together, find fewer letters
 * of theirs in the word than there are cards. */
static void assert_short_group(const cards_set *cs, const char *w, size_t len, uint32_t g)
{
    uint32_t any = 0;
    size_t cards = 0, letters = 0;
    for (size_t i = 0; i < cs->n; i++)
        if ((g >> i) & 1) {
            any |= cs->mask[i];
            cards++;
        }
    for (size_t p = 0; p < len; p++)
        letters += (any >> (w[p] - 'a')) & 1;
    assert_true(cards > 0);
    assert_true(letters < cards);
}

static void test_random_against_brute_force(void **state)
{
    (void)state;
    srand(12345);
    for (int iter = 0; iter < 20000; iter++) {
        char w[9], cbuf[6][4];
        const char *cards[6];
        size_t len = 1 + (size_t)rand() % 8, n = (size_t)rand() % 6;
        for (size_t i = 0; i < len; i++)
            w[i] = (char)('a' + rand() % 6);
        w[len] = '\0';
        for (size_t i = 0; i < n; i++) {
            size_t cl = 1 + (size_t)rand() % 2;
            for (size_t k = 0; k < cl; k++)
                cbuf[i][k] = (char)('a' + rand() % 8);
            cbuf[i][cl] = '\0';
            cards[i] = cbuf[i];
        }
        cards_set cs;
        size_t pos[DICT_CARDS_MAX];
        uint8_t counts[26] = {0};
        assert_int_equal(cards_parse(cards, n, &cs), WB_OK);
        for (size_t i = 0; i < len; i++)
            counts[w[i] - 'a']++;
        int expect = brute(&cs, w, len, 0, 0);
        assert_int_equal(cards_cover(&cs, w, len, pos), expect);
        assert_int_equal(cards_cover_counts(&cs, counts), expect);
        uint32_t g = cards_short(&cs, w, len);
        assert_int_equal(g == 0, expect);
        if (g)
            assert_short_group(&cs, w, len, g);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_rules_example),
        cmocka_unit_test(test_same_letter_twice),
        cmocka_unit_test(test_positions_are_distinct_and_right),
        cmocka_unit_test(test_parse_rejects),
        cmocka_unit_test(test_short_names_the_cards),
        cmocka_unit_test(test_random_against_brute_force),
    };
    return cmocka_run_group_tests_name("cards", tests, NULL, NULL);
}
