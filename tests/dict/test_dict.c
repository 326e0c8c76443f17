/*
 * test_dict.c - the dictionary service (dict/dict.c) on the real en_US and
 * en_GB dictionaries that the build made from the Debian data
 * ($WIBBELLD_TEST_DATA), and the derivative table in tests/data.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "cards.h"
#include "dict.h"
#include "dict_alt.h"
#include "normalise.h"
#include "wb_err.h"

static dict_lib *lib;
static const dict *us;

static int setup(void **state)
{
    (void)state;
    const char *dir = getenv("WIBBELLD_TEST_DATA");
    if (!dir || dict_lib_open(dir, "en_US", &lib) != WB_OK)
        return -1;
    us = dict_lib_find(lib, "en_US");
    return us ? 0 : -1;
}

static int teardown(void **state)
{
    (void)state;
    dict_lib_close(lib);
    return 0;
}

static void test_lib(void **state)
{
    (void)state;
    dict_info in;
    assert_int_equal(dict_lib_count(lib), 5); /* en, en_GB, en_US, fr, de */
    assert_ptr_equal(dict_lib_default(lib), us);
    assert_non_null(dict_lib_find(lib, "en_GB"));
    assert_null(dict_lib_find(lib, "xx_XX"));
    dict_get_info(us, &in);
    assert_string_equal(in.id, "en_US");
    assert_true(in.is_default);
    assert_true(in.words > 80000);
    assert_true(in.proper_nouns > 5000);
}

/* en takes either spelling; en_GB the Oxford -ize as well as -ise. */
static void test_spellings(void **state)
{
    (void)state;
    const dict *en = dict_lib_find(lib, "en"), *gb = dict_lib_find(lib, "en_GB");
    const char *either[] = {"colour", "color", "centre", "center", "travelled", "traveled",
                            "organise", "organize", "analyse", "analyze"};
    const char *oxford[] = {"organize", "organized", "realization", "recognizing", "organise"};
    const char *never[] = {"advize", "surprize", "exercize", "ft"};
    dict_entry *e;
    assert_non_null(en);
    assert_non_null(gb);
    for (size_t i = 0; i < sizeof either / sizeof *either; i++) {
        assert_int_equal(dict_lookup(en, either[i], strlen(either[i]), 0, 0, &e), WB_OK);
        if (!e->valid)
            fail_msg("en refuses %s", either[i]);
        dict_entry_free(e);
    }
    for (size_t i = 0; i < sizeof oxford / sizeof *oxford; i++) {
        assert_int_equal(dict_lookup(gb, oxford[i], strlen(oxford[i]), 0, 0, &e), WB_OK);
        if (!e->valid)
            fail_msg("en_GB refuses %s", oxford[i]);
        dict_entry_free(e);
    }
    for (size_t i = 0; i < sizeof never / sizeof *never; i++) {
        assert_int_equal(dict_lookup(gb, never[i], strlen(never[i]), 0, 0, &e), WB_OK);
        assert_false(e->valid);
        dict_entry_free(e);
        assert_int_equal(dict_lookup(en, never[i], strlen(never[i]), 0, 0, &e), WB_OK);
        assert_false(e->valid);
        dict_entry_free(e);
    }
    /* en_GB still refuses the American -or and -er spellings. */
    assert_int_equal(dict_lookup(gb, "color", 5, 0, 0, &e), WB_OK);
    assert_false(e->valid);
    dict_entry_free(e);
}

static void test_lib_only(void **state)
{
    (void)state;
    const char *dir = getenv("WIBBELLD_TEST_DATA");
    dict_lib *only = NULL;
    /* One process must not have an LMDB environment open twice: closing
     * the second handle drops the process's locks on lock.mdb, a process
     * opening it next (the suite runs tests side by side) takes the file
     * as unused and resets it, and this process's later reads may then
     * pick the older of the two meta pages, the build's last-but-one
     * snapshot (test_size_classes saw sizes of 0 so).  The suite's own
     * dictionaries are closed while this test opens them again. */
    dict_lib_close(lib);
    lib = NULL;
    us = NULL;
    const char *gb[] = {"en_GB", "en_GB"};
    assert_int_equal(dict_lib_open_only(dir, gb, 2, &only), WB_OK);
    assert_int_equal(dict_lib_count(only), 1);
    assert_null(dict_lib_find(only, "en_US"));
    dict_info in;
    dict_get_info(dict_lib_default(only), &in);
    assert_string_equal(in.id, "en_GB");
    dict_lib_close(only);
    const char *both[] = {"en_GB", "en_US"};
    assert_int_equal(dict_lib_open_only(dir, both, 2, &only), WB_OK);
    dict_get_info(dict_lib_default(only), &in);
    assert_string_equal(in.id, "en_GB"); /* the first named is the default */
    dict_lib_close(only);
    const char *missing[] = {"en_US", "xx_XX"};
    assert_int_equal(dict_lib_open_only(dir, missing, 2, &only), WB_ENOTFOUND);
    const char *evil[] = {"../dict"};
    assert_int_equal(dict_lib_open_only(dir, evil, 1, &only), WB_EINVAL);
    assert_int_equal(dict_lib_open_only(dir, NULL, 0, &only), WB_EINVAL);
    assert_int_equal(dict_lib_open(dir, "en_US", &lib), WB_OK);
    assert_non_null(us = dict_lib_find(lib, "en_US"));
}

static void entry(const char *w, int *valid, int *proper)
{
    dict_entry *e;
    assert_int_equal(dict_lookup(us, w, strlen(w), 50, 10, &e), WB_OK);
    *valid = e->valid;
    *proper = e->proper_noun;
    dict_entry_free(e);
}

static void test_proper_nouns(void **state)
{
    (void)state;
    const char *proper[] = {"paris", "Monday", "london", "einstein", "ohio", "december"};
    const char *common[] = {"turkey", "march", "china", "polish", "may", "bill", "explore"};
    int v, p;
    for (size_t i = 0; i < sizeof proper / sizeof *proper; i++) {
        entry(proper[i], &v, &p);
        assert_false(v);
        assert_true(p);
    }
    for (size_t i = 0; i < sizeof common / sizeof *common; i++) {
        entry(common[i], &v, &p);
        assert_true(v);
        assert_false(p);
    }
    entry("xqzt", &v, &p);
    assert_false(v);
    assert_false(p);
}

static void test_derivative_table(void **state)
{
    (void)state;
    char path[4096], a[128], b[128], want[32];
    snprintf(path, sizeof path, "%s/data/derivatives.tsv", getenv("WIBBELLD_TEST_SRC"));
    FILE *f = fopen(path, "r");
    char line[512];
    size_t pairs = 0, related = 0;
    assert_non_null(f);
    while (fgets(line, sizeof line, f)) {
        if (line[0] == '#' || sscanf(line, "%127s %127s %31s", a, b, want) != 3)
            continue;
        int expect = strcmp(want, "related") == 0, r1 = -1, r2 = -1;
        assert_int_equal(dict_related(us, a, strlen(a), b, strlen(b), &r1), WB_OK);
        assert_int_equal(dict_related(us, b, strlen(b), a, strlen(a), &r2), WB_OK);
        if (r1 != expect || r2 != expect)
            fail_msg("%s / %s: expected %s, got %d/%d", a, b, want, r1, r2);
        pairs++;
        related += (size_t)expect;
    }
    fclose(f);
    assert_true(pairs >= 80);
    assert_true(related >= 30 && pairs - related >= 30);
}

static void test_lookup(void **state)
{
    (void)state;
    dict_entry *e;
    assert_int_equal(dict_lookup(us, "Explore", 7, 100, 10, &e), WB_OK);
    assert_string_equal(e->word, "explore");
    assert_true(e->valid);
    int has_ing = 0, has_tion = 0;
    for (size_t i = 0; i < e->nfamily; i++) {
        has_ing |= strcmp(e->family[i], "exploring") == 0;
        has_tion |= strcmp(e->family[i], "exploration") == 0;
        assert_string_not_equal(e->family[i], "explore");
        if (i)
            assert_true(strcmp(e->family[i - 1], e->family[i]) < 0);
    }
    assert_true(has_ing && has_tion);
    assert_true(e->ndefs > 0);
    assert_string_equal(e->defs[0].pos, "verb");
    dict_entry_free(e);

    assert_int_equal(dict_lookup(us, "geese", 5, 10, 10, &e), WB_OK);
    assert_int_equal(e->nstems, 1);
    assert_string_equal(e->stems[0], "goose");
    dict_entry_free(e);

    /* Senses in which the word is a name (Teach, the pirate) are left out. */
    assert_int_equal(dict_lookup(us, "teach", 5, 10, 10, &e), WB_OK);
    assert_true(e->ndefs > 0);
    for (size_t i = 0; i < e->ndefs; i++)
        assert_null(strstr(e->defs[i].text, "pirate"));
    dict_entry_free(e);

    assert_int_equal(dict_lookup(us, "not a word", 10, 10, 10, &e), WB_ENOTWORD);
    assert_int_equal(dict_lookup(us, "\xff", 1, 10, 10, &e), WB_EUTF8);
}

static dict_verdict *check(const char *w, const char *const *cards, size_t n,
                           const char *const *used, size_t nused)
{
    dict_cards dc = {cards, n};
    dict_verdict *v = NULL;
    assert_int_equal(dict_check(us, w, strlen(w), &dc, used, nused, &v), WB_OK);
    return v;
}

static int has_reason(const dict_verdict *v, dict_reason_code c, const char *of)
{
    for (size_t i = 0; i < v->nreasons; i++)
        if (v->reasons[i].code == c &&
            (!of || (v->reasons[i].of && strcmp(v->reasons[i].of, of) == 0)))
            return 1;
    return 0;
}

static void test_check(void **state)
{
    (void)state;
    const char *const c[] = {"NZ", "IQ", "SG", "SH"};
    const char *ok[] = {"hints", "mission", "kissing"};
    for (size_t i = 0; i < 3; i++) {
        dict_verdict *v = check(ok[i], c, 4, NULL, 0);
        assert_true(v->valid);
        assert_int_equal(v->nassign, 4);
        for (size_t k = 0; k < 4; k++)
            assert_non_null(strchr("nzIQiqsgSGshSH", v->assign[k].letter[0]));
        dict_verdict_free(v);
    }
    dict_verdict *v = check("sin", c, 4, NULL, 0);
    assert_false(v->valid);
    assert_true(has_reason(v, DICT_CARDS_NOT_COVERED, NULL));
    dict_verdict_free(v);

    const char *const used[] = {"explore", "Teach"};
    v = check("exploring", NULL, 0, used, 2);
    assert_false(v->valid);
    assert_true(has_reason(v, DICT_DERIVATIVE, "explore"));
    dict_verdict_free(v);
    v = check("TAUGHT", NULL, 0, used, 2);
    assert_true(has_reason(v, DICT_DERIVATIVE, "Teach"));
    dict_verdict_free(v);
    v = check("explore", NULL, 0, used, 2);
    assert_true(has_reason(v, DICT_ALREADY_USED, "explore"));
    dict_verdict_free(v);
    v = check("expire", NULL, 0, used, 2);
    assert_true(v->valid);
    dict_verdict_free(v);

    v = check("Paris", c, 0, NULL, 0);
    assert_true(has_reason(v, DICT_PROPER_NOUN, NULL));
    assert_false(has_reason(v, DICT_NOT_A_WORD, NULL));
    dict_verdict_free(v);
    v = check("xqzt", c, 0, NULL, 0);
    assert_true(has_reason(v, DICT_NOT_A_WORD, NULL));
    dict_verdict_free(v);

    /* Abbreviations and unit symbols are not words; clipped words,
     * interjections and the plurals of short words are. */
    const char *abbr[] = {"ft", "mph", "etc", "approx", "kg", "tbsp"};
    for (size_t i = 0; i < sizeof abbr / sizeof *abbr; i++) {
        v = check(abbr[i], NULL, 0, NULL, 0);
        assert_false(v->valid);
        assert_true(has_reason(v, DICT_NOT_A_WORD, NULL));
        assert_non_null(strstr(v->reasons[0].detail, "abbreviation"));
        dict_verdict_free(v);
    }
    const char *words[] = {"max", "intro", "bio", "hmm", "shh", "ox", "bros", "aw"};
    for (size_t i = 0; i < sizeof words / sizeof *words; i++) {
        v = check(words[i], NULL, 0, NULL, 0);
        if (!v->valid)
            fail_msg("%s refused", words[i]);
        dict_verdict_free(v);
    }

    /* Diacritics: café gives its é to an E card, reported as written. */
    v = check("CAFE\xcc\x81", (const char *const[]){"E"}, 1, NULL, 0);
    assert_int_equal(v->nassign, 1);
    assert_string_equal(v->assign[0].letter, "\xc3\xa9");
    assert_int_equal(v->assign[0].position, 3);
    dict_verdict_free(v);

    dict_cards dc = {(const char *const[]){"1"}, 1};
    assert_int_equal(dict_check(us, "cat", 3, &dc, NULL, 0, &v), WB_EINVAL);
}

/* Look-alike lemmas: an -ing/-ed form is its own verb's, not a shorter
 * word's that it looks like.  English doubles the consonant of a verb
 * of one syllable (hop, hopping) and drops a verb's e (hope, hoping), so
 * hoping is hope's; en_US's .dic put it on hop (its flags G and D add
 * -ing and -ed without doubling) and morphy's rules gave both. */
static void test_doubling(void **state)
{
    (void)state;
    const dict *en = dict_lib_find(lib, "en");
    const dict *ds[] = {us, en};
    /* accepted after the look-alike, refused after the verb */
    static const char *const pairs[][3] = {
        {"hoping", "hop", "hope"},      {"dining", "din", "dine"},
        {"planed", "plan", "plane"},    {"stared", "star", "stare"},
        {"wined", "win", "wine"},       {"caning", "can", "cane"},
        {"shining", "shin", "shine"},   {"taping", "tap", "tape"},
        {"waging", "wag", "wage"},      {"piping", "pip", "pipe"},
        {"sloping", "slop", "slope"},   {"scraping", "scrap", "scrape"},
        {"doting", "dot", "dote"},      {"fired", "fir", "fire"},
        {"hated", "hat", "hate"},       {"paring", "par", "pare"},
        {"riding", "rid", "ride"},
    };
    for (size_t d = 0; d < 2; d++) {
        if (!ds[d])
            continue;
        for (size_t i = 0; i < sizeof pairs / sizeof *pairs; i++) {
            int r = -1;
            assert_int_equal(dict_related(ds[d], pairs[i][0], strlen(pairs[i][0]), pairs[i][1],
                                          strlen(pairs[i][1]), &r), WB_OK);
            if (r)
                fail_msg("%s after %s refused", pairs[i][0], pairs[i][1]);
            assert_int_equal(dict_related(ds[d], pairs[i][0], strlen(pairs[i][0]), pairs[i][2],
                                          strlen(pairs[i][2]), &r), WB_OK);
            if (!r)
                fail_msg("%s after %s accepted", pairs[i][0], pairs[i][2]);
        }
    }
    /* the doubled forms stay their verb's; hid is hide's past, as
     * hiding is its -ing (both forms of hide, as went and going) */
    static const char *const same[][2] = {
        {"hopping", "hop"}, {"planned", "plan"}, {"starred", "star"},
        {"winning", "win"}, {"canning", "can"},  {"hiding", "hid"},
        {"bused", "bus"},   {"traveling", "travel"},
    };
    for (size_t i = 0; i < sizeof same / sizeof *same; i++) {
        int r = -1;
        assert_int_equal(dict_related(us, same[i][0], strlen(same[i][0]), same[i][1],
                                      strlen(same[i][1]), &r), WB_OK);
        if (!r)
            fail_msg("%s after %s accepted", same[i][0], same[i][1]);
    }
    /* the word look-up's stems say the same */
    static const char *const stems[][2] = {
        {"hoping", "hope"}, {"caning", "cane"}, {"doting", "dote"},
        {"hopping", "hop"}, {"shining", "shine"},
    };
    for (size_t i = 0; i < sizeof stems / sizeof *stems; i++) {
        dict_entry *e;
        assert_int_equal(dict_lookup(us, stems[i][0], strlen(stems[i][0]), 10, 10, &e), WB_OK);
        if (e->nstems != 1 || strcmp(e->stems[0], stems[i][1]) != 0)
            fail_msg("%s: %zu stems, first %s; want %s only", stems[i][0], e->nstems,
                     e->nstems ? e->stems[0] : "-", stems[i][1]);
        dict_entry_free(e);
    }
}

/* A definition shown first is the word's own sense whenever WordNet
 * defines the word itself, plainly and in the class setting (whose most
 * common first order sorts the word's own senses and its bases' apart:
 * homeless is not first home's "the place where you are stationed"); a
 * form's senses come from its own lemma, not a look-alike's (undressing
 * is undress's, never dress's "put on clothes"), and a base's sense is
 * marked with the base (`of`), the word's own with none. */
static const char *first_of(const dict *d, const char *w, unsigned opts, dict_entry **e)
{
    assert_int_equal(dict_lookup_opt(d, w, strlen(w), 10, 10, opts, e), WB_OK);
    if ((*e)->ndefs == 0)
        fail_msg("%s: no definition", w);
    return (*e)->defs[0].of;
}

static void test_own_sense_first(void **state)
{
    (void)state;
    const dict *en = dict_lib_find(lib, "en");
    const dict *ds[] = {us, en};
    static const char *const own[] = {"homeless", "hopeless", "useless", "painful",
                                      "moody", "topless", "horny", "kissing"};
    static const char *const base[][3] = {
        /* word, the base whose sense comes first, a look-alike never shown */
        {"undressing", "undress", "dress"},
        {"planed", "plane", "plan"},
        {"raping", "rape", "rap"},
        {"hoping", "hope", "hop"},
    };
    for (size_t k = 0; k < 2; k++) {
        if (!ds[k])
            continue;
        for (unsigned opts = 0; opts <= DICT_LOOKUP_CLASS; opts += DICT_LOOKUP_CLASS) {
            for (size_t i = 0; i < sizeof own / sizeof *own; i++) {
                dict_entry *e = NULL;
                if (!strcmp(own[i], "kissing") && opts) /* its own sense is hidden */
                    continue;
                const char *of = first_of(ds[k], own[i], opts, &e);
                if (of)
                    fail_msg("%s (class %u): first sense is %s's: %s", own[i], opts, of,
                             e->defs[0].text);
                dict_entry_free(e);
            }
            for (size_t i = 0; i < sizeof base / sizeof *base; i++) {
                dict_entry *e = NULL;
                const char *of = first_of(ds[k], base[i][0], opts, &e);
                if (!of || strcmp(of, base[i][1]) != 0)
                    fail_msg("%s (class %u): first sense is %s's, want %s's: %s", base[i][0],
                             opts, of ? of : "its own", base[i][1], e->defs[0].text);
                for (size_t j = 0; j < e->ndefs; j++)
                    if (!e->defs[j].of || !strcmp(e->defs[j].of, base[i][2]))
                        fail_msg("%s (class %u): sense %zu is %s's: %s", base[i][0], opts, j,
                                 e->defs[j].of ? e->defs[j].of : "its own", e->defs[j].text);
                dict_entry_free(e);
            }
        }
        /* a derived word's base senses follow its own, marked */
        dict_entry *e = NULL;
        assert_int_equal(dict_lookup_opt(ds[k], "homeless", 8, 10, 20, DICT_LOOKUP_CLASS, &e),
                         WB_OK);
        size_t i = 0;
        for (; i < e->ndefs && !e->defs[i].of; i++)
            ;
        assert_true(i > 0 && i < e->ndefs);
        for (; i < e->ndefs; i++)
            assert_string_equal(e->defs[i].of, "home");
        dict_entry_free(e);
    }
}

/* Symbols are no words: unit symbols, abbreviations and Roman numerals in
 * lower case are not words (a word without a vowel, unless an
 * interjection or WordNet gives it a sense of its own; SCOWL's Roman
 * numerals; an abbreviation whose WordNet senses only shorten a longer
 * word: atm); real short words and interjections are. */
static void test_symbols(void **state)
{
    (void)state;
    const dict *en = dict_lib_find(lib, "en");
    const dict *ds[] = {us, en};
    static const char *const no[] = {"kb", "mb", "lm", "ln", "lx", "ms", "ps", "xl", "iv", "ix",
                                     "xv", "xx", "ii", "vi", "atm", "dkl", "cs", "gs", "ks", "ls",
                                     "ns", "rs", "ts", "bc", "html", "lxx", "xxx", "mm", "st"};
    static const char *const yes[] = {"hm", "sh", "hmm", "shh", "brr", "psst", "tsk", "nth",
                                      "cwm", "cwms", "xi", "mi", "ax", "ox", "my", "by", "gym",
                                      "lynx", "ab", "aw", "mix", "civil"};
    dict_cards none = {NULL, 0};
    for (size_t d = 0; d < 2; d++) {
        if (!ds[d])
            continue;
        for (size_t i = 0; i < sizeof no / sizeof *no; i++) {
            dict_verdict *v = NULL;
            assert_int_equal(dict_check(ds[d], no[i], strlen(no[i]), &none, NULL, 0, &v), WB_OK);
            if (v->valid || !has_reason(v, DICT_NOT_A_WORD, NULL) ||
                !strstr(v->reasons[0].detail, "abbreviation"))
                fail_msg("%s: not refused as an abbreviation or symbol", no[i]);
            dict_verdict_free(v);
        }
        for (size_t i = 0; i < sizeof yes / sizeof *yes; i++) {
            if (ds[d] == us && !strcmp(yes[i], "hm"))
                continue; /* en_GB's .dic only */
            dict_verdict *v = NULL;
            assert_int_equal(dict_check(ds[d], yes[i], strlen(yes[i]), &none, NULL, 0, &v), WB_OK);
            if (!v->valid)
                fail_msg("%s refused", yes[i]);
            dict_verdict_free(v);
        }
    }
}

/* DICT_MATCH_COMMON: the same words as the default
 * order, the commonest (smallest SCOWL size class) first, shortest first
 * within a class; paging over that order. */
static void test_match_common(void **state)
{
    (void)state;
    const char *const c[] = {"CK", "AB"};
    dict_cards dc = {c, 2};
    dict_list *s = NULL, *m = NULL, *p = NULL;
    assert_int_equal(dict_match_opt(us, &dc, NULL, 0, 0, 100000, 0, &s), WB_OK);
    assert_int_equal(dict_match_opt(us, &dc, NULL, 0, 0, 100000, DICT_MATCH_COMMON, &m), WB_OK);
    assert_int_equal(dict_match_opt(us, &dc, NULL, 0, 7, 5, DICT_MATCH_COMMON, &p), WB_OK);
    assert_int_equal(m->total, s->total);
    assert_int_equal(m->nwords, s->nwords);
    assert_int_equal(p->total, s->total);
    for (size_t i = 0; i < p->nwords; i++)
        assert_string_equal(p->words[i], m->words[7 + i]);
    int prev = 0;
    size_t prevlen = 0;
    for (size_t i = 0; i < m->nwords; i++) {
        dict_entry *e;
        assert_int_equal(dict_lookup(us, m->words[i], strlen(m->words[i]), 0, 0, &e), WB_OK);
        int sz = e->size ? e->size : 100;
        size_t len = strlen(m->words[i]);
        if (sz < prev || (sz == prev && len < prevlen))
            fail_msg("%s (size %d) after size %d", m->words[i], e->size, prev);
        prev = sz;
        prevlen = len;
        dict_entry_free(e);
        if (i == 200)
            break;
    }
    dict_list_free(s);
    dict_list_free(m);
    dict_list_free(p);
}

static int same_list(const dict_list *a, const dict_list *b)
{
    if (a->nwords != b->nwords || a->total != b->total)
        return 0;
    for (size_t i = 0; i < a->nwords; i++)
        if (strcmp(a->words[i], b->words[i]) != 0)
            return 0;
    return 1;
}

static void test_match_agrees_with_scans(void **state)
{
    (void)state;
    const char *sets[][6] = {
        {"NZ", "IQ", "SG", "SH"}, {"E", "T"}, {"S", "S", "E"},
        {"QU", "X", "Z", "J", "K", "V"}, {"A", "E", "I", "O", "U"}, {"RT", "LN"},
        {"S", "S", "S", "ST"}, {"AE", "EI", "IO", "OU", "UA"}, {"E", "E", "ER", "R", "T"},
    };
    const size_t ns[] = {4, 2, 3, 6, 5, 2, 4, 5, 5};
    const char *const used[] = {"sing", "explore"};
    for (size_t s = 0; s < sizeof ns / sizeof *ns; s++) {
        dict_cards dc = {sets[s], ns[s]};
        for (size_t nu = 0; nu <= 2; nu += 2) {
            dict_list *m, *a, *b;
            assert_int_equal(dict_match(us, &dc, used, nu, 0, 100000, &m), WB_OK);
            assert_int_equal(dict_match_scan(us, &dc, used, nu, 0, 100000, 0, &a), WB_OK);
            assert_int_equal(dict_match_scan(us, &dc, used, nu, 0, 100000, 1, &b), WB_OK);
            assert_true(same_list(m, a));
            assert_true(same_list(m, b));
            assert_true(m->total == m->nwords);
            /* Shortest first, then alphabetical; none used or derived. */
            for (size_t i = 1; i < m->nwords; i++) {
                char x[256], y[256];
                norm_base(m->words[i - 1], x, sizeof x);
                norm_base(m->words[i], y, sizeof y);
                assert_true(strlen(x) < strlen(y) ||
                            (strlen(x) == strlen(y) && strcmp(m->words[i - 1], m->words[i]) < 0));
            }
            for (size_t i = 0; i < m->nwords && nu; i++) {
                int rel = 0;
                assert_int_equal(dict_related(us, m->words[i], strlen(m->words[i]), "sing", 4, &rel), WB_OK);
                assert_false(rel);
                assert_string_not_equal(m->words[i], "singing");
            }
            dict_list_free(m);
            dict_list_free(a);
            dict_list_free(b);
        }
    }
    /* offset and limit page through the same answer. */
    dict_cards dc = {(const char *const[]){"E", "T"}, 2};
    dict_list *all, *page;
    assert_int_equal(dict_match(us, &dc, NULL, 0, 0, 100000, &all), WB_OK);
    assert_int_equal(dict_match(us, &dc, NULL, 0, 100, 10, &page), WB_OK);
    assert_int_equal(page->total, all->total);
    assert_int_equal(page->nwords, 10);
    for (size_t i = 0; i < 10; i++)
        assert_string_equal(page->words[i], all->words[100 + i]);
    dict_list_free(all);
    dict_list_free(page);
}

/* An English word's SCOWL size class: the smallest list holding it or, for
 * an inflection, its lemma (dogs is in list 20, dog in 10); a spelling SCOWL
 * lists only with accents takes theirs (cafe: café); none in French. */
static int size_of(const dict *d, const char *w)
{
    dict_entry *e = NULL;
    assert_int_equal(dict_lookup(d, w, strlen(w), 0, 0, &e), WB_OK);
    int size = e->size;
    dict_entry_free(e);
    return size;
}

static void test_size_classes(void **state)
{
    (void)state;
    static const struct { const char *w; int size; } want[] = {
        {"dog", 10}, {"dogs", 10}, {"cats", 10}, {"geese", 35}, {"caf\xc3\xa9", 20},
        {"cafe", 20}, {"cafeteria", 35}, {"caffeinated", 50}, {"realignment", 55},
        {"zymurgy", 60}, {"terebinth", 80}, {"xyzzy", 0}, {"Paris", 0},
    };
    for (size_t i = 0; i < sizeof want / sizeof *want; i++)
        if (size_of(us, want[i].w) != want[i].size)
            fail_msg("%s: size %d, not %d", want[i].w, size_of(us, want[i].w), want[i].size);
    dict_info in;
    dict_get_info(us, &in);
    assert_true(in.size_classes);
    const dict *fr = dict_lib_find(lib, "fr");
    dict_get_info(fr, &in);
    assert_false(in.size_classes);
    assert_int_equal(size_of(fr, "maison"), 0);

    /* a vocabulary: the words of a size class or less, in match order */
    dict_cards dc = {(const char *const[]){"AR", "ES"}, 2};
    const char *used[] = {"ear"};
    dict_list *all, *some;
    assert_int_equal(dict_match(us, &dc, used, 1, 0, 100000, &all), WB_OK);
    size_t prev = 0;
    static const int classes[] = {10, 20, 35, 40, 50, 55, 60, 70, 80, 95};
    for (size_t c = 0; c < sizeof classes / sizeof *classes; c++) {
        assert_int_equal(
            dict_match_opt(us, &dc, used, 1, 0, 100000, DICT_MATCH_WITHIN(classes[c]), &some),
            WB_OK);
        assert_true(some->total == some->nwords && some->total > prev);
        prev = some->total;
        size_t j = 0;
        for (size_t i = 0; i < all->nwords; i++) { /* some is all less the larger */
            int size = size_of(us, all->words[i]);
            if (size <= classes[c]) {
                assert_true(j < some->nwords);
                assert_string_equal(all->words[i], some->words[j++]);
            }
        }
        assert_int_equal(j, some->nwords);
        dict_list_free(some);
    }
    assert_int_equal(prev, all->total); /* every word has a class up to 95 */
    assert_int_equal(dict_match_opt(us, &dc, used, 1, 0, 5, DICT_MATCH_WITHIN(0), &some), WB_OK);
    assert_int_equal(some->total, all->total); /* 0: every word */
    dict_list_free(some);
    assert_int_equal(dict_match_opt(us, &dc, used, 1, 3, 2, DICT_MATCH_WITHIN(20), &some), WB_OK);
    assert_int_equal(some->nwords, 2); /* offset and limit within it */
    dict_list_free(some);
    assert_int_equal(dict_match_opt(fr, &dc, NULL, 0, 0, 5, DICT_MATCH_WITHIN(95), &some), WB_OK);
    assert_int_equal(some->total, 0); /* no classes: none */
    dict_list_free(some);
    dict_list_free(all);
}

static void test_prefix_and_pattern(void **state)
{
    (void)state;
    const char *prefixes[] = {"expl", "a", "zz", "Qu", "caf\xc3\xa9", ""};
    for (size_t i = 0; i < sizeof prefixes / sizeof *prefixes; i++) {
        const char *p = prefixes[i];
        dict_list *a, *b, *c;
        assert_int_equal(dict_prefix(us, p, strlen(p), 25, &a), WB_OK);
        assert_int_equal(dict_prefix_trie(us, p, strlen(p), 25, &b), WB_OK);
        assert_int_equal(dict_prefix_scan(us, p, strlen(p), 25, &c), WB_OK);
        assert_true(same_list(a, b));
        assert_true(same_list(a, c));
        dict_list_free(a);
        dict_list_free(b);
        dict_list_free(c);
    }
    dict_list *a, *b;
    assert_int_equal(dict_prefix(us, "expl", 4, 5, &a), WB_OK);
    assert_int_equal(a->nwords, 5);
    assert_int_equal(a->total, 6); /* "there are more" */
    for (size_t i = 0; i < a->nwords; i++)
        assert_memory_equal(a->words[i], "expl", 4);
    dict_list_free(a);

    const char *pats[] = {"c?t", "??", "?xplore", "caf?", "q??"};
    for (size_t i = 0; i < sizeof pats / sizeof *pats; i++) {
        assert_int_equal(dict_pattern(us, pats[i], strlen(pats[i]), 1000, &a), WB_OK);
        assert_int_equal(dict_pattern_scan(us, pats[i], strlen(pats[i]), 1000, &b), WB_OK);
        assert_true(same_list(a, b));
        assert_true(a->nwords > 0);
        dict_list_free(a);
        dict_list_free(b);
    }
    assert_int_equal(dict_pattern(us, "c t", 3, 10, &a), WB_ENOTWORD);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_lib),
        cmocka_unit_test(test_lib_only),
        cmocka_unit_test(test_spellings),
        cmocka_unit_test(test_proper_nouns),
        cmocka_unit_test(test_derivative_table),
        cmocka_unit_test(test_lookup),
        cmocka_unit_test(test_check),
        cmocka_unit_test(test_doubling),
        cmocka_unit_test(test_symbols),
        cmocka_unit_test(test_own_sense_first),
        cmocka_unit_test(test_match_common),
        cmocka_unit_test(test_match_agrees_with_scans),
        cmocka_unit_test(test_prefix_and_pattern),
        cmocka_unit_test(test_size_classes),
    };
    return cmocka_run_group_tests_name("dict", tests, setup, teardown);
}
