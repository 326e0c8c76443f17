/*
 * test_classroom.c - the class setting on the real en_US and
 * en dictionaries the build made from Debian's WordNet ($WIBBELLD_TEST_DATA):
 * kissing shows its common sense first and not WordNet's "foreplay without
 * contact with the genital organs"; a word every sense of which is hidden
 * shows no definition but is still a word; the policy's gloss rule on
 * glosses of WordNet 3.0; and every subtree root of the policy, kept or
 * hidden, on the dictionary's senses.  The list of offensive words
 * (offensive.h): its grades, the words each grade hides and keeps, in
 * every list of the dictionary, the 50 words of
 * tests/data/offensive-sample.txt and 300 common words.
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
#include "offensive.h"
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

/* --- the list of offensive words (offensive.h) --------------------------- */

static const unsigned G_SCHOOL = OFFENSIVE_AT(OFFENSIVE_SCHOOL),
                      G_ADULT = OFFENSIVE_AT(OFFENSIVE_ADULT),
                      G_YOUNG = OFFENSIVE_AT(OFFENSIVE_YOUNG);

/* The rule that turns cuss's rating and naughty-words' listing into
 * grades, on entries of the vendored table, and the list of each
 * dictionary. */
static void test_list_table(void **state)
{
    (void)state;
    const struct {
        const char *list, *w;
        unsigned grades;
    } t[] = {
        {"en", "asshat", G_ADULT | G_SCHOOL | G_YOUNG}, /* cuss 2 */
        {"en", "whore", G_ADULT | G_SCHOOL | G_YOUNG},
        {"en", "bitch", G_SCHOOL | G_YOUNG}, /* cuss 1, naughty-words too */
        {"en", "dildo", G_SCHOOL | G_YOUNG},
        {"en", "god", G_YOUNG}, /* cuss 1 alone */
        {"en", "trap", G_YOUNG},
        {"en", "topless", G_YOUNG}, /* naughty-words alone */
        {"en", "butt", G_YOUNG},    /* cuss 0, naughty-words */
        {"en", "beaver", 0},        /* cuss 0 */
        {"en", "african", 0},
        {"en", "kiss", 0}, /* in neither */
        {"de", "arschloch", G_SCHOOL | G_YOUNG}, /* no cuss: naughty-words is school's */
        {"de", "haus", 0},
        /* outside English naughty-words decides all but young */
        {"fr", "connard", G_ADULT | G_SCHOOL | G_YOUNG}, /* cuss 2, naughty-words */
        {"fr", "merde", G_ADULT | G_SCHOOL | G_YOUNG},
        {"fr", "chatte", G_SCHOOL | G_YOUNG}, /* cuss 1, naughty-words */
        {"fr", "envoyer", G_YOUNG},            /* cuss 2 alone */
        {"fr", "sauter", G_YOUNG},
        {"fr", "maison", 0},
        {"es", "polvo", G_YOUNG},
        {"en", "connard", 0}, /* a list is its language's */
    };
    for (size_t i = 0; i < sizeof t / sizeof *t; i++) {
        offensive *o = offensive_load(t[i].list);
        if (offensive_grades(o, t[i].w) != t[i].grades)
            fail_msg("%s %s: grades %u, not %u", t[i].list, t[i].w,
                     offensive_grades(o, t[i].w), t[i].grades);
        offensive_free(o);
    }
    offensive *en = offensive_load("en");
    /* each grade hides all a laxer one does */
    assert_true(offensive_count(en, OFFENSIVE_ADULT) > 1000);
    assert_true(offensive_count(en, OFFENSIVE_SCHOOL) > offensive_count(en, OFFENSIVE_ADULT));
    assert_true(offensive_count(en, OFFENSIVE_YOUNG) > offensive_count(en, OFFENSIVE_SCHOOL));
    assert_non_null(strstr(offensive_source(en), "cuss 2.2.0 and naughty-words 1.2.0"));
    offensive_free(en);
    assert_int_equal(offensive_count(NULL, 0), 0);
    assert_string_equal(offensive_list_for("en_US", NULL), "en");
    assert_string_equal(offensive_list_for("en_GB", "en"), "en");
    assert_string_equal(offensive_list_for("pt", "pt"), "pt-pt");
    assert_string_equal(offensive_list_for("pt_BR", "pt"), "pt");
    assert_string_equal(offensive_list_for("nl", "nl"), "nl");
    assert_null(offensive_list_for("xx", "xx"));
    unsigned g = 99;
    assert_int_equal(dict_class_grade_parse("adult", &g), WB_OK);
    assert_int_equal(g, DICT_CLASS_GRADE(DICT_CLASS_ADULT));
    assert_string_equal(dict_class_grade_name(g), "adult");
    assert_int_equal(dict_class_grade_parse("young", &g), WB_OK);
    assert_string_equal(dict_class_grade_name(g), "young");
    assert_int_equal(dict_class_grade_parse("school", &g), WB_OK);
    assert_int_equal(g, 0);
    assert_int_equal(dict_class_grade_parse("teen", &g), WB_EINVAL);
    assert_int_equal(dict_class_grade_parse(NULL, &g), WB_EINVAL);
}

static const unsigned CLS = DICT_LOOKUP_CLASS;
#define GRADE(g) (DICT_LOOKUP_CLASS | DICT_CLASS_GRADE(g))

/* Is w a word the class setting of `opts` hides (dict_entry)? */
static int hidden(const char *id, const char *w, unsigned opts)
{
    dict_entry *e = look(id, w, opts);
    int h = e->unfit || e->listed;
    dict_entry_free(e);
    return h;
}

/* Words each grade hides and keeps, both ways, on en_US: listed words,
 * their forms and compounds; look-alikes and compounds that are not. */
static void test_list_words(void **state)
{
    (void)state;
    const struct {
        const char *w;
        int school, adult, young;
    } t[] = {
        /* the five, suggested before */
        {"dildo", 1, 0, 1}, {"bitch", 1, 0, 1}, {"cunt", 1, 1, 1},
        {"slut", 1, 1, 1}, {"whore", 1, 1, 1},
        /* forms of a listed word */
        {"sluts", 1, 1, 1}, {"whores", 1, 1, 1}, {"pissed", 1, 1, 1}, {"dildos", 1, 0, 1},
        /* compounds of a listed word WordNet marks in every sense */
        {"fuckhead", 1, 1, 1}, {"fuckup", 1, 1, 1}, {"bullshit", 1, 1, 1},
        {"horseshit", 1, 1, 1},
        /* cuss's "maybe" that naughty-words does not list: only young */
        {"god", 0, 0, 1}, {"trap", 0, 0, 1}, {"gross", 0, 0, 1}, {"drunk", 0, 0, 1},
        {"murder", 0, 0, 1}, {"swallow", 0, 0, 1},
        /* kept by every grade: look-alikes and compounds of words with
         * a fit sense, or of misspellings the list holds */
        {"cocktail", 0, 0, 0}, {"cockpit", 0, 0, 0}, {"homograph", 0, 0, 0},
        {"homogeneous", 0, 0, 0}, {"dumbbell", 0, 0, 0}, {"lakeshore", 0, 0, 0},
        {"compass", 0, 0, 0}, {"compasses", 0, 0, 0}, {"assess", 0, 0, 0},
        {"assessing", 0, 0, 0}, {"molasses", 0, 0, 0}, {"squared", 0, 0, 0},
        {"armoire", 0, 0, 0}, {"shiitake", 0, 0, 0}, {"scrap", 0, 0, 0},
        {"kissing", 0, 0, 0}, {"hug", 0, 0, 0}, {"boy", 0, 0, 0}, {"cat", 0, 0, 0},
    };
    for (size_t i = 0; i < sizeof t / sizeof *t; i++) {
        int s = hidden("en_US", t[i].w, CLS), a = hidden("en_US", t[i].w, GRADE(1)),
            y = hidden("en_US", t[i].w, GRADE(2));
        dict_entry *e = look("en_US", t[i].w, 0); /* the list is the setting's alone */
        int plain = e->listed || !e->valid;
        dict_entry_free(e);
        if (s != t[i].school || a != t[i].adult || y != t[i].young || plain)
            fail_msg("%s: hidden at school %d, adult %d, young %d, listed or no word without "
                     "the setting %d",
                     t[i].w, s, a, y, plain);
    }
    /* a word the dictionary lacks is still the list's (a nickname) */
    dict_entry *e = look("en_US", "arsehole", CLS);
    assert_false(e->valid);
    assert_true(e->listed);
    dict_entry_free(e);
    /* a listed word keeps every definition; only WordNet's marks hide senses */
    const char *keep[] = {"dildo", "bitch", "whore", "bastard"};
    for (size_t i = 0; i < sizeof keep / sizeof *keep; i++) {
        dict_entry *plain = look_all("en_US", keep[i], 0), *cls = look_all("en_US", keep[i], CLS);
        if (!cls->listed || !cls->valid || cls->ndefs + cls->hidden != plain->ndefs ||
            plain->ndefs == 0)
            fail_msg("%s: listed %d, %zu + %zu hidden of %zu definitions", keep[i],
                     cls->listed, cls->ndefs, cls->hidden, plain->ndefs);
        dict_entry_free(plain);
        dict_entry_free(cls);
    }
    /* still a word: the check does not change */
    const char *cards[] = {"D", "L"};
    dict_cards dc = {cards, 2};
    dict_verdict *v = NULL;
    assert_int_equal(dict_check_opt(dict_lib_find(fixture_lib, "en_US"), "dildo", 5, &dc,
                                    NULL, 0, CLS, &v),
                     WB_OK);
    assert_true(v->valid);
    dict_verdict_free(v);
}

static int has_prefix_word(const dict_list *l, const char *p)
{
    for (size_t i = 0; i < l->nwords; i++)
        if (strncmp(l->words[i], p, strlen(p)) == 0)
            return 1;
    return 0;
}

/* Every list: match, prefix, pattern and a word's family leave the hidden
 * words out in the class setting, and hold them without it. */
static void test_list_routes(void **state)
{
    (void)state;
    const dict *d = dict_lib_find(fixture_lib, "en_US");
    dict_list *plain = NULL, *cls = NULL;
    /* prefix: fuc, with no class setting before */
    assert_int_equal(dict_prefix_opt(d, "fuc", 3, 100, 0, &plain), WB_OK);
    assert_int_equal(dict_prefix_opt(d, "fuc", 3, 100, CLS, &cls), WB_OK);
    assert_true(has(plain, "fuckhead") && has(plain, "fuck") && has(plain, "fuchsia"));
    assert_false(has_prefix_word(cls, "fuck"));
    assert_true(has(cls, "fuchsia"));
    dict_list_free(plain);
    dict_list_free(cls);
    /* prefix at each grade: dil, dildo school's and young's, not adult's */
    const unsigned grades[] = {CLS, GRADE(1), GRADE(2)};
    const int dildo[] = {0, 1, 0};
    for (size_t g = 0; g < 3; g++) {
        assert_int_equal(dict_prefix_opt(d, "dild", 4, 100, grades[g], &cls), WB_OK);
        if (has(cls, "dildo") != dildo[g])
            fail_msg("prefix dild, grade %zu: dildo %d", g, has(cls, "dildo"));
        dict_list_free(cls);
    }
    /* pattern */
    assert_int_equal(dict_pattern_opt(d, "wh?re", 5, 100, 0, &plain), WB_OK);
    assert_int_equal(dict_pattern_opt(d, "wh?re", 5, 100, CLS, &cls), WB_OK);
    assert_true(has(plain, "whore") && has(plain, "where"));
    assert_false(has(cls, "whore"));
    assert_true(has(cls, "where"));
    dict_list_free(plain);
    dict_list_free(cls);
    /* match: the cards of the five words */
    const char *words[] = {"dildo", "bitch", "cunt", "slut", "whore"};
    for (size_t i = 0; i < 5; i++) {
        const char *cards[3];
        char one[3][2] = {{words[i][0], 0}, {words[i][1], 0}, {words[i][2], 0}};
        for (size_t k = 0; k < 3; k++)
            cards[k] = one[k];
        dict_cards dc = {cards, 3};
        assert_int_equal(dict_match_opt(d, &dc, NULL, 0, 0, 100000, 0, &plain), WB_OK);
        assert_int_equal(dict_match_opt(d, &dc, NULL, 0, 0, 100000, CLS | DICT_MATCH_COMMON,
                                        &cls),
                         WB_OK);
        if (!has(plain, words[i]) || has(cls, words[i]) || cls->total >= plain->total)
            fail_msg("match %s: plain %d, class %d", words[i], has(plain, words[i]),
                     has(cls, words[i]));
        dict_list_free(plain);
        dict_list_free(cls);
    }
    /* a word's family */
    dict_entry *e = NULL;
    assert_int_equal(dict_lookup_opt(d, "bitch", 5, 100, 1, 0, &e), WB_OK);
    int fam = 0;
    for (size_t i = 0; i < e->nfamily; i++)
        fam |= strcmp(e->family[i], "bitchy") == 0;
    assert_true(fam);
    dict_entry_free(e);
    assert_int_equal(dict_lookup_opt(d, "bitch", 5, 100, 1, CLS, &e), WB_OK);
    for (size_t i = 0; i < e->nfamily; i++)
        if (strncmp(e->family[i], "bitch", 5) == 0)
            fail_msg("family of bitch in a class: %s", e->family[i]);
    dict_entry_free(e);
}

/* Lines of a tests/data file, comments left out, into w (at most max). */
static size_t read_words(const char *name, char w[][64], size_t max)
{
    char path[1024], line[256];
    size_t n = 0;
    snprintf(path, sizeof path, "%s/data/%s", getenv("WIBBELLD_TEST_SRC"), name);
    FILE *f = fopen(path, "r");
    assert_non_null(f);
    while (n < max && fgets(line, sizeof line, f)) {
        line[strcspn(line, "\r\n")] = '\0';
        if (line[0] && line[0] != '#')
            snprintf(w[n++], 64, "%.63s", line);
    }
    fclose(f);
    return n;
}

/* The 50 well-known offensive words of tests/data/offensive-sample.txt:
 * how many the class setting leaves out of the words that fit their
 * cards (the first three letters, one card each), before (WordNet's
 * marks alone: the words every sense of which is marked) and at each
 * grade.  Figures in dict/LAYOUT.md. */
static void test_offensive_sample(void **state)
{
    (void)state;
    static char w[64][64];
    size_t n = read_words("offensive-sample.txt", w, 64), before = 0, out[3] = {0};
    const dict *d = dict_lib_find(fixture_lib, "en_US");
    const unsigned grades[] = {CLS, GRADE(1), GRADE(2)};
    assert_int_equal(n, 50);
    for (size_t i = 0; i < n; i++) {
        char one[3][2] = {{w[i][0], 0}, {w[i][1], 0}, {w[i][2], 0}};
        const char *cards[3] = {one[0], one[1], one[2]};
        dict_cards dc = {cards, 3};
        dict_list *plain = NULL, *cls = NULL;
        dict_entry *e = look("en_US", w[i], CLS);
        if (!e->valid)
            fail_msg("%s is not a word of en_US", w[i]);
        before += e->unfit != 0;
        dict_entry_free(e);
        assert_int_equal(dict_match_opt(d, &dc, NULL, 0, 0, 100000, 0, &plain), WB_OK);
        assert_true(has(plain, w[i]));
        for (size_t g = 0; g < 3; g++) {
            assert_int_equal(dict_match_opt(d, &dc, NULL, 0, 0, 100000, grades[g], &cls), WB_OK);
            out[g] += !has(cls, w[i]);
            if (g == 0 && has(cls, w[i]))
                fprintf(stderr, "# school grade suggests %s\n", w[i]);
            dict_list_free(cls);
        }
        dict_list_free(plain);
    }
    fprintf(stderr, "# of 50 offensive words left out: before %zu; school %zu, adult %zu, "
            "young %zu\n", before, out[0], out[1], out[2]);
    assert_int_equal(before, 12);
    assert_int_equal(out[0], 48); /* dyke and douche: neither list's at school */
    assert_true(out[1] < out[0] && out[2] >= out[0]);
}

/* 300 common words (the first of tests/data/own-sense-sample.txt: SCOWL
 * 10 and 20, WordNet's): the list touches at most 1% of them at the
 * default grade, and no definition of any (senses are WordNet's marks
 * alone, as before). */
static void test_common_words(void **state)
{
    (void)state;
    static char w[300][64];
    size_t n = read_words("own-sense-sample.txt", w, 300), listed[3] = {0}, defs = 0;
    const unsigned grades[] = {CLS, GRADE(1), GRADE(2)};
    assert_int_equal(n, 300);
    for (size_t i = 0; i < n; i++) {
        dict_entry *plain = look_all("en_US", w[i], 0);
        for (size_t g = 0; g < 3; g++) {
            dict_entry *e = look_all("en_US", w[i], grades[g]);
            listed[g] += e->listed != 0;
            if (g == 0 && e->listed)
                fprintf(stderr, "# the school grade hides %s\n", w[i]);
            if (g == 0 && e->ndefs + e->hidden != plain->ndefs)
                defs++;
            dict_entry_free(e);
        }
        dict_entry_free(plain);
    }
    fprintf(stderr, "# of 300 common words listed: school %zu, adult %zu, young %zu; "
            "definitions changed by the list %zu\n", listed[0], listed[1], listed[2], defs);
    assert_true(listed[0] <= 3);
    assert_true(listed[1] <= listed[0]);
    assert_int_equal(defs, 0);
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
        cmocka_unit_test(test_list_table),
        cmocka_unit_test(test_list_words),
        cmocka_unit_test(test_list_routes),
        cmocka_unit_test(test_offensive_sample),
        cmocka_unit_test(test_common_words),
    };
    return cmocka_run_group_tests_name("classroom", tests, dict_fixture_setup,
                                       dict_fixture_teardown);
}
