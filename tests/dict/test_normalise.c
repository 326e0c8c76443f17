/*
 * test_normalise.c - ICU normalisation of words (dict/normalise.c).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include "dict.h"
#include "normalise.h"
#include "wb_err.h"

static const char *fold(const char *in, char *out)
{
    int rc = norm_fold(in, strlen(in), DICT_WORD_MAX, out, 256);
    assert_int_equal(rc, WB_OK);
    return out;
}

static void test_case_and_nfc(void **state)
{
    (void)state;
    char a[256], b[256];
    assert_string_equal(fold("EXPLORE", a), "explore");
    assert_string_equal(fold("Kissing", a), "kissing");
    /* "café" precomposed and decomposed fold to the same bytes. */
    assert_string_equal(fold("caf\xc3\xa9", a), fold("CAFE\xcc\x81", b));
    assert_string_equal(fold("Stra\xc3\x9f" "e", a), "strasse"); /* ß folds to ss */
}

static void test_rejects(void **state)
{
    (void)state;
    char out[256];
    assert_int_equal(norm_fold("", 0, DICT_WORD_MAX, out, sizeof out), WB_ENOTWORD);
    assert_int_equal(norm_fold("two words", 9, DICT_WORD_MAX, out, sizeof out), WB_ENOTWORD);
    assert_int_equal(norm_fold("dog's", 5, DICT_WORD_MAX, out, sizeof out), WB_ENOTWORD);
    assert_int_equal(norm_fold("abc1", 4, DICT_WORD_MAX, out, sizeof out), WB_ENOTWORD);
    assert_int_equal(norm_fold("\xc3\x28", 2, DICT_WORD_MAX, out, sizeof out), WB_EUTF8);
    assert_int_equal(norm_fold("\xed\xa0\x80", 3, DICT_WORD_MAX, out, sizeof out), WB_EUTF8);
    assert_int_equal(norm_fold("a\0b", 3, DICT_WORD_MAX, out, sizeof out), WB_ENOTWORD);
    /* A combining mark with no letter before it is not a word. */
    assert_int_equal(norm_fold("\xcc\x81" "a", 3, DICT_WORD_MAX, out, sizeof out), WB_ENOTWORD);
    char longw[200];
    memset(longw, 'a', sizeof longw);
    assert_int_equal(norm_fold(longw, DICT_WORD_MAX + 1, DICT_WORD_MAX, out, sizeof out),
                     WB_ENOTWORD);
    assert_int_equal(norm_fold(longw, DICT_WORD_MAX, DICT_WORD_MAX, out, sizeof out), WB_OK);
    assert_int_equal(norm_fold("abc", 3, DICT_WORD_MAX, out, 3), WB_ETOOBIG);
}

static void test_base_letters(void **state)
{
    (void)state;
    char f[256], b[256];
    assert_int_equal(norm_base(fold("Caf\xc3\xa9", f), b, sizeof b), WB_OK);
    assert_string_equal(b, "cafe");
    assert_int_equal(norm_base(fold("na\xc3\xafve", f), b, sizeof b), WB_OK);
    assert_string_equal(b, "naive");
    /* Ligatures that are letters of a language's alphabet give both their
     * letters: French cœur covers O and E, Dutch ĳs I and J. */
    assert_int_equal(norm_base(fold("C\xc5\x92UR", f), b, sizeof b), WB_OK);
    assert_string_equal(b, "coeur");
    assert_int_equal(norm_base(fold("\xc3\xa6on", f), b, sizeof b), WB_OK);
    assert_string_equal(b, "aeon");
    assert_int_equal(norm_base(fold("\xc4\xb3s", f), b, sizeof b), WB_OK);
    assert_string_equal(b, "ijs");
    /* ß is ss after case folding (two S cards), Umlauts their vowel. */
    assert_int_equal(norm_base(fold("Gr\xc3\xb6\xc3\x9f" "e", f), b, sizeof b), WB_OK);
    assert_string_equal(b, "grosse");
    /* ø has no a-z base (it is not o with a mark), nor Greek. */
    assert_int_equal(norm_base(fold("\xc3\xb8", f), b, sizeof b), WB_ENOTWORD);
    assert_int_equal(norm_base(fold("\xce\xb1\xce\xb2", f), b, sizeof b), WB_ENOTWORD);
}

static void test_spans(void **state)
{
    (void)state;
    char f[256];
    size_t offs[8], lens[8], n = 0;
    fold("CAFE\xcc\x81s", f); /* NFC: c a f é s */
    assert_int_equal(norm_letter_spans(f, offs, lens, 8, &n), WB_OK);
    assert_int_equal(n, 5);
    assert_int_equal(offs[3], 3);
    assert_int_equal(lens[3], 2);
    assert_int_equal(offs[4], 5);
    /* œ: two letters, both the same two bytes of "cœur" */
    fold("c\xc5\x93ur", f);
    assert_int_equal(norm_letter_spans(f, offs, lens, 8, &n), WB_OK);
    assert_int_equal(n, 5);
    assert_int_equal(offs[1], 1);
    assert_int_equal(offs[2], 1);
    assert_int_equal(lens[2], 2);
    assert_int_equal(offs[3], 3);
}

static void test_titlecase(void **state)
{
    (void)state;
    char t[256];
    assert_int_equal(norm_titlecase("paris", t, sizeof t), WB_OK);
    assert_string_equal(t, "Paris");
    assert_int_equal(norm_titlecase("\xc3\xa9mile", t, sizeof t), WB_OK);
    assert_string_equal(t, "\xc3\x89mile");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_case_and_nfc),
        cmocka_unit_test(test_rejects),
        cmocka_unit_test(test_base_letters),
        cmocka_unit_test(test_spans),
        cmocka_unit_test(test_titlecase),
    };
    return cmocka_run_group_tests_name("normalise", tests, NULL, NULL);
}
