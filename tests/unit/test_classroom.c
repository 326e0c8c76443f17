/*
 * test_classroom.c - the class setting on the real en_US and
 * en dictionaries the build made from Debian's WordNet ($WIBBELLD_TEST_DATA):
 * kissing shows its common sense first and not WordNet's "foreplay without
 * contact with the genital organs"; a word every sense of which is hidden
 * shows no definition but is still a word; the policy's gloss rule on
 * glosses of WordNet 3.0; and every subtree root of the policy, kept or
 * hidden, on the dictionary's senses.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "dict_fixture.h"
#include "classroom.h"
#include "dict.h"
#include "wb_err.h"


static dict_entry *look(const char *id, const char *w, unsigned opts)
{
    dict_entry *e = NULL;
    const dict *d = dict_lib_find(fixture_lib, id);
    assert_non_null(d);
    assert_int_equal(dict_lookup_opt(d, w, strlen(w), 0, 10, opts, &e), WB_OK);
    return e;
}

static int any_def(const dict_entry *e, const char *needle)
{
    for (size_t i = 0; i < e->ndefs; i++)
        if (strstr(e->defs[i].text, needle))
            return 1;
    return 0;
}

/* The example that made the setting (kissing), in every English dictionary. */
static void test_kissing(void **state)
{
    (void)state;
    const char *ids[] = {"en_US", "en"};
    for (size_t i = 0; i < 2; i++) {
        dict_entry *plain = look(ids[i], "kissing", 0);
        dict_entry *cls = look(ids[i], "kissing", DICT_LOOKUP_CLASS);
        /* without the setting WordNet's own sense of kissing comes first */
        assert_true(plain->ndefs > 0);
        assert_non_null(strstr(plain->defs[0].text, "foreplay"));
        /* with it: gone, and the most common sense (kiss, the verb: 18
         * tags in WordNet's corpus) first */
        assert_true(cls->valid);
        assert_false(cls->unfit);
        assert_int_equal(cls->hidden, 1);
        assert_false(any_def(cls, "foreplay"));
        assert_true(cls->ndefs > 0);
        assert_string_equal(cls->defs[0].pos, "verb");
        assert_non_null(strstr(cls->defs[0].text, "touch with the lips"));
        for (size_t k = 1; k < cls->ndefs; k++)
            assert_true(cls->defs[k - 1].count >= cls->defs[k].count);
        dict_entry_free(plain);
        dict_entry_free(cls);
    }
}

/* A word with no sense a class may see: no definition, still a word. */
static void test_hidden_words(void **state)
{
    (void)state;
    const char *hidden[] = {"fuck", "fucked", "nigger", "copulate"};
    for (size_t i = 0; i < sizeof hidden / sizeof *hidden; i++) {
        dict_entry *e = look("en", hidden[i], DICT_LOOKUP_CLASS);
        if (!e->valid || !e->unfit || e->ndefs != 0 || e->hidden == 0)
            fail_msg("%s: valid %d, unfit %d, %zu definitions, %zu hidden", hidden[i],
                     e->valid, e->unfit, e->ndefs, e->hidden);
        dict_entry_free(e);
        e = look("en", hidden[i], 0);
        if (!e->valid || !e->unfit)
            fail_msg("%s: not marked without the setting", hidden[i]);
        dict_entry_free(e);
    }
    /* words with an unfit sense keep their others */
    dict_entry *e = look("en", "cock", DICT_LOOKUP_CLASS);
    assert_false(e->unfit);
    assert_true(e->hidden >= 1);
    assert_false(any_def(e, "penis"));
    assert_true(any_def(e, "chicken"));
    dict_entry_free(e);
    const char *fine[] = {"kiss", "hug", "sex", "boy", "shaft"};
    for (size_t i = 0; i < sizeof fine / sizeof *fine; i++) {
        e = look("en", fine[i], DICT_LOOKUP_CLASS);
        if (e->unfit || e->ndefs == 0)
            fail_msg("%s hidden from a class", fine[i]);
        dict_entry_free(e);
    }
}

static int has(const dict_list *l, const char *w)
{
    for (size_t i = 0; i < l->nwords; i++)
        if (strcmp(l->words[i], w) == 0)
            return 1;
    return 0;
}

/* Words that would have worked, in a class: none of the hidden ones. */
static void test_match(void **state)
{
    (void)state;
    const char *cards[] = {"F", "U", "C", "K"};
    dict_cards dc = {cards, 4};
    dict_list *plain = NULL, *cls = NULL;
    const dict *en = dict_lib_find(fixture_lib, "en");
    assert_int_equal(dict_match_opt(en, &dc, NULL, 0, 0, 1000, 0, &plain), WB_OK);
    assert_int_equal(dict_match_opt(en, &dc, NULL, 0, 0, 1000, DICT_LOOKUP_CLASS, &cls), WB_OK);
    assert_true(has(plain, "fuck") && has(plain, "fucked") && has(plain, "cufflink"));
    assert_false(has(cls, "fuck") || has(cls, "fucked") || has(cls, "motherfucker"));
    assert_true(has(cls, "cufflink"));
    assert_true(cls->total < plain->total);
    for (size_t i = 0; i < cls->nwords; i++)
        assert_true(has(plain, cls->words[i]));
    dict_list_free(plain);
    dict_list_free(cls);
}

/* The gloss rule: a gloss that labels the term, not one about rudeness. */
static void test_gloss_rule(void **state)
{
    (void)state;
    const char *unfit[] = {
        "obscene terms for feces", "(ethnic slur) offensive term for a Jew",
        "vulgar slang for anus", "an offensive term for Roman Catholics",
        "(offensive British slang) term used by the British to refer to people",
        "disparaging terms for small people", "a derogatory term for environmentalists",
    };
    const char *fine[] = {
        "a person who edits a text by removing obscene or offensive words or passages",
        "using foul or obscene language", "tropical American bean similar to Phaseolus vulgaris",
        "an offensive or disparaging expression that is substituted for an inoffensive one",
        "pretentious or showy or vulgar display", "the act of caressing with the lips",
    };
    for (size_t i = 0; i < sizeof unfit / sizeof *unfit; i++)
        if (!class_gloss_unfit(unfit[i]))
            fail_msg("not marked: %s", unfit[i]);
    for (size_t i = 0; i < sizeof fine / sizeof *fine; i++)
        if (class_gloss_unfit(fine[i]))
            fail_msg("marked: %s", fine[i]);
    assert_true(class_domain_unfit("ethnic_slur"));
    assert_false(class_domain_unfit("slang"));
    assert_int_equal(class_root(0, "sexual_activity"), 1);
    assert_int_equal(class_root(0, "reproduction"), -1);
    assert_int_equal(class_root(1, "sexual_activity"), 0);
}

static dict_entry *look_all(const char *id, const char *w, unsigned opts)
{
    dict_entry *e = NULL;
    const dict *d = dict_lib_find(fixture_lib, id);
    assert_non_null(d);
    assert_int_equal(dict_lookup_opt(d, w, strlen(w), 0, 100, opts, &e), WB_OK);
    return e;
}

/* The subtree roots of the class setting (classroom.c), each of them: the
 * table, and on the dictionary the senses under each.  Kept roots (inside
 * "sexual activity": reproduction and the orientations): a word whose
 * sense lies under one keeps every sense (lesbianism lies under
 * homosexuality alone; inversion under its own root and homosexuality).  Hidden roots: the noun "sexual activity"
 * and the verb "copulate": a word whose every sense lies under one is
 * hidden whole, others lose exactly those senses. */
static void test_roots(void **state)
{
    (void)state;
    static const struct {
        int pos;
        const char *head;
        int mark;
    } table[] = {
        {0, "sexual_activity", 1}, {1, "copulate", 1},
        {0, "reproduction", -1},   {0, "conception", -1},      {0, "coupling", -1},
        {0, "homosexuality", -1},  {0, "heterosexuality", -1}, {0, "bisexuality", -1},
        {0, "inversion", -1},
        /* the part of speech counts; other heads are no root */
        {1, "sexual_activity", 0}, {0, "copulate", 0}, {1, "reproduction", 0},
        {1, "coupling", 0},        {0, "sex", 0},              {0, "kiss", 0},
    };
    for (size_t i = 0; i < sizeof table / sizeof *table; i++)
        if (class_root(table[i].pos, table[i].head) != table[i].mark)
            fail_msg("class_root(%d, %s) = %d, not %d", table[i].pos, table[i].head,
                     class_root(table[i].pos, table[i].head), table[i].mark);

    /* kept: the word of each kept root (and lesbianism), every
     * sense shown */
    const char *kept[] = {"reproduction",    "conception",  "homosexuality",
                          "lesbianism",      "sapphism",    "heterosexuality",
                          "bisexuality",     "inversion",   "procreation"};
    for (size_t i = 0; i < sizeof kept / sizeof *kept; i++) {
        dict_entry *plain = look_all("en", kept[i], 0);
        dict_entry *cls = look_all("en", kept[i], DICT_LOOKUP_CLASS);
        if (!cls->valid || cls->unfit || cls->hidden != 0 || cls->ndefs != plain->ndefs ||
            plain->ndefs == 0)
            fail_msg("%s: %zu of %zu senses shown, %zu hidden (a kept root's)", kept[i],
                     cls->ndefs, plain->ndefs, cls->hidden);
        dict_entry_free(plain);
        dict_entry_free(cls);
    }
    /* coupling: its noun (mating) kept, its verb (copulate's) hidden */
    dict_entry *e = look_all("en", "coupling", DICT_LOOKUP_CLASS);
    assert_int_equal(e->hidden, 1);
    assert_true(any_def(e, "pairing a male and female"));
    assert_false(any_def(e, "engage in sexual intercourse"));
    dict_entry_free(e);

    /* hidden: every sense under a hidden root (sexual activity's nouns,
     * copulate's verbs) */
    const char *gone[] = {"foreplay", "fornication", "sodomy", "lovemaking", "coitus",
                          "copulate", "fornicate"};
    for (size_t i = 0; i < sizeof gone / sizeof *gone; i++) {
        dict_entry *plain = look_all("en", gone[i], 0);
        e = look_all("en", gone[i], DICT_LOOKUP_CLASS);
        if (!e->valid || !e->unfit || e->ndefs != 0 || e->hidden != plain->ndefs ||
            plain->ndefs == 0)
            fail_msg("%s: valid %d, unfit %d, %zu shown, %zu of %zu hidden", gone[i], e->valid,
                     e->unfit, e->ndefs, e->hidden, plain->ndefs);
        dict_entry_free(plain);
        dict_entry_free(e);
    }
    /* one sense under a hidden root, the others shown */
    const struct {
        const char *w, *gone;
    } some[] = {
        {"masturbation", "manual stimulation of the genital organs"},
        {"intercourse", "the act of sexual procreation"},
        {"mate", "engage in sexual intercourse"},
        /* mating keeps its own noun (coupling's, a kept root) and, as a
         * form of mate, loses mate's verb under copulate */
        {"mating", "engage in sexual intercourse"},
        {"petting", "foreplay"},
    };
    for (size_t i = 0; i < sizeof some / sizeof *some; i++) {
        dict_entry *plain = look_all("en", some[i].w, 0);
        e = look_all("en", some[i].w, DICT_LOOKUP_CLASS);
        if (e->unfit || e->hidden != 1 || e->ndefs + 1 != plain->ndefs ||
            any_def(e, some[i].gone) || !any_def(plain, some[i].gone))
            fail_msg("%s: %zu of %zu senses shown, %zu hidden", some[i].w, e->ndefs,
                     plain->ndefs, e->hidden);
        dict_entry_free(plain);
        dict_entry_free(e);
    }
}

/* The dictionary says what the setting hides. */
/* A class's senses are gathered, the unfit left out, then cut to the
 * number asked for: exactly that many where the word has more. */
static void test_class_cut(void **state)
{
    (void)state;
    const dict *d = dict_lib_find(fixture_lib, "en_US");
    assert_non_null(d);
    for (size_t max = 1; max <= 5; max++) {
        dict_entry *e = NULL;
        assert_int_equal(dict_lookup_opt(d, "run", 3, 0, max, DICT_LOOKUP_CLASS, &e), WB_OK);
        assert_int_equal(e->ndefs, max);
        dict_entry_free(e);
    }
}

static void test_info(void **state)
{
    (void)state;
    dict_info in;
    unsigned long words = 0, senses = 0, all = 0;
    dict_get_info(dict_lib_find(fixture_lib, "en"), &in);
    assert_non_null(in.classroom);
    assert_int_equal(sscanf(in.classroom, "%lu words, %lu of %lu senses", &words, &senses, &all), 3);
    /* exactly (Debian 12's WordNet 3.0): any root, kept or hidden, that
     * moved would change these */
    assert_int_equal(words, 153);
    assert_int_equal(senses, 212);
    assert_int_equal(all, 104257); /* 104,324 before the abbreviations went */
    const dict *fr = dict_lib_find(fixture_lib, "fr"); /* (not in a mutant's data) */
    if (fr) {
        dict_get_info(fr, &in); /* no WordNet, nothing said */
        assert_null(in.classroom);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_kissing),
        cmocka_unit_test(test_hidden_words),
        cmocka_unit_test(test_match),
        cmocka_unit_test(test_gloss_rule),
        cmocka_unit_test(test_roots),
        cmocka_unit_test(test_class_cut),
        cmocka_unit_test(test_info),
    };
    return cmocka_run_group_tests_name("classroom", tests, dict_fixture_setup,
                                       dict_fixture_teardown);
}
