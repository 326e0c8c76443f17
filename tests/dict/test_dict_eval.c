/*
 * test_dict_eval.c - the evaluation table (tests/data/evaluation.tsv) on
 * the real dictionaries ($WIBBELLD_TEST_DATA), with its targets:
 * recall >= 0.9 in every suffix class and >= 0.8 in every prefix
 * class, false links <= 1% over all look-alike pairs.  The report (the
 * same as `wibbell-dict evaluate`) is printed as TAP comments.
 *
 * Then the French and German tables (tests/data/evaluation-fr.tsv, -de)
 * on their dictionaries, against the floors of
 * tests/data/evaluation-floors.tsv.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "dict.h"
#include "dict_eval.h"
#include "wb_err.h"

static dict_lib *lib;
static dict_eval ev;

/* Run tests/data/`file` on the dictionary `id` (NULL: the English table
 * on en_US and the others) with the verdicts of tests/data/`corr` (NULL:
 * none), printing the misses and the report as TAP comments. */
static int run_file_adj(const char *id, const char *file, const char *corr, dict_eval *out)
{
    char path[4096], cpath[4096];
    const char *src = getenv("WIBBELLD_TEST_SRC");
    if (!src)
        return -1;
    snprintf(path, sizeof path, "%s/data/%s", src, file);
    snprintf(cpath, sizeof cpath, "%s/data/%s", src, corr ? corr : "");
    char *buf = NULL;
    size_t len = 0;
    FILE *detail = open_memstream(&buf, &len);
    int rc = dict_eval_run_adj(lib, id, path, corr ? cpath : NULL, detail, out);
    dict_eval_print(out, detail);
    fclose(detail);
    for (char *save = NULL, *l = strtok_r(buf, "\n", &save); l; l = strtok_r(NULL, "\n", &save))
        printf("# %s\n", l);
    free(buf);
    return rc;
}

static int run_file(const char *id, const char *file, dict_eval *out)
{
    return run_file_adj(id, file, NULL, out);
}

/* The table of `id` (NULL: the English one): tests/data/evaluation-ID.tsv */
static int run_table(const char *id, dict_eval *out)
{
    char file[64];
    snprintf(file, sizeof file, "evaluation%s%s.tsv", id ? "-" : "", id ? id : "");
    return run_file(id, file, out);
}

static int setup(void **state)
{
    (void)state;
    const char *dir = getenv("WIBBELLD_TEST_DATA");
    if (!dir || dict_lib_open(dir, "en_US", &lib) != WB_OK)
        return -1;
    return run_table(NULL, &ev) == WB_OK ? 0 : -1;
}

static int teardown(void **state)
{
    (void)state;
    dict_lib_close(lib);
    return 0;
}

/* The table is what the targets need: 600+ pairs, every affix class
 * with 20+ derivatives and 20+ look-alikes, every word in en_US. */
static void test_table_shape(void **state)
{
    (void)state;
    size_t pairs = 0, suffixes = 0, prefixes = 0;
    for (size_t i = 0; i < ev.n; i++) {
        const dict_eval_class *c = &ev.c[i];
        pairs += c->rel + c->unrel;
        if (c->kind == EVAL_OTHER)
            continue;
        suffixes += c->kind == EVAL_SUFFIX;
        prefixes += c->kind == EVAL_PREFIX;
        if (c->rel < 20 || c->unrel < 20)
            fail_msg("class %s: %zu related, %zu look-alikes", c->name, c->rel, c->unrel);
    }
    assert_true(pairs >= 600);
    assert_int_equal(suffixes, 15);
    assert_int_equal(prefixes, 10);
    assert_int_equal(ev.missing, 0);
}

/* ... and un-, re-, dis- at 0.9. */
static void test_recall(void **state)
{
    (void)state;
    for (size_t i = 0; i < ev.n; i++) {
        const dict_eval_class *c = &ev.c[i];
        double want = c->kind == EVAL_SUFFIX ? 0.9 : c->kind == EVAL_PREFIX ? 0.8 : 0.0;
        if (!strcmp(c->name, "un") || !strcmp(c->name, "re") || !strcmp(c->name, "dis"))
            want = 0.9;
        if (dict_eval_recall(c) < want)
            fail_msg("class %s: recall %.2f < %.2f", c->name, dict_eval_recall(c), want);
    }
}

static void test_false_links(void **state)
{
    (void)state;
    /* the first target was 1%; the prefixes' evidence brought it to 2/641
     * (bashful, listless): at most 3 now */
    if (dict_eval_false_total(&ev) > 0.005)
        fail_msg("false links %.3f > 0.005", dict_eval_false_total(&ev));
    /* The short-word traps (in/inch, at/attic, spin/spinster) never link. */
    for (size_t i = 0; i < ev.n; i++)
        if (!strcmp(ev.c[i].name, "short"))
            assert_int_equal(ev.c[i].unrel_hit, 0);
}

/* Abbreviations, unit symbols and contractions are refused, interjections
 * and short words kept: at least 90% of each list (the misses are in the
 * report: oz, two letters with a vowel, and inc, which Hunspell
 * inflects; ps went with the vowelless rule; hm, which
 * only en_GB's .dic has; tsk came with SCOWL's size 70). */
static void test_not_words(void **state)
{
    (void)state;
    int seen = 0;
    for (size_t i = 0; i < ev.n; i++) {
        const dict_eval_class *c = &ev.c[i];
        if (strcmp(c->name, "abbrev") != 0 && strcmp(c->name, "keep") != 0)
            continue;
        seen++;
        assert_true(c->items >= 40);
        if (c->items_ok * 10 < c->items * 9)
            fail_msg("class %s: %zu of %zu right", c->name, c->items_ok, c->items);
    }
    assert_int_equal(seen, 2);
}

/* The wider vocabulary (SCOWL's sizes 55-80, Hunspell's inflections):
 * real words that were missing are accepted (41 of 43: entrees is not
 * British, andouille in no list WordNet backs), and the rare, junk and
 * abbreviated forms stay out (53 of 55: nubbliest and monaul, SCOWL words
 * that WordNet backs).  Before it: 0 of 43 and 55 of 55. */
static void test_wider(void **state)
{
    (void)state;
    int seen = 0;
    for (size_t i = 0; i < ev.n; i++) {
        const dict_eval_class *c = &ev.c[i];
        if (!strcmp(c->name, "wider")) {
            assert_true(c->items >= 40);
            if (c->items_ok * 10 < c->items * 9)
                fail_msg("wider: %zu of %zu accepted", c->items_ok, c->items);
            seen++;
        } else if (!strcmp(c->name, "junk")) {
            assert_true(c->items >= 50);
            if (c->items_ok * 100 < c->items * 95)
                fail_msg("junk: %zu of %zu refused", c->items_ok, c->items);
            seen++;
        }
    }
    assert_int_equal(seen, 2);
}

/* The floors of `key` in tests/data/evaluation-floors.tsv on the report
 * `e`; class `all` is every pair of the table.  Returns how many. */
static size_t check_floors(const char *key, const dict_eval *e)
{
    char path[4096], line[256], lang[16], cls[32], measure[16];
    double floor;
    size_t checked = 0;
    snprintf(path, sizeof path, "%s/data/evaluation-floors.tsv", getenv("WIBBELLD_TEST_SRC"));
    FILE *f = fopen(path, "r");
    assert_non_null(f);
    while (fgets(line, sizeof line, f)) {
        if (line[0] == '#' || sscanf(line, "%15s %31s %15s %lf", lang, cls, measure, &floor) != 4 ||
            strcmp(lang, key) != 0)
            continue;
        dict_eval_class all = {.kind = EVAL_OTHER};
        const dict_eval_class *c = NULL;
        if (!strcmp(cls, "all")) {
            for (size_t i = 0; i < e->n; i++) {
                all.rel += e->c[i].rel;
                all.rel_hit += e->c[i].rel_hit;
                all.unrel += e->c[i].unrel;
                all.unrel_hit += e->c[i].unrel_hit;
            }
            c = &all;
        }
        for (size_t i = 0; i < e->n && !c; i++)
            c = strcmp(e->c[i].name, cls) == 0 ? &e->c[i] : NULL;
        if (!c)
            fail_msg("%s: no class %s in the table", key, cls);
        double got = !strcmp(measure, "recall") ? dict_eval_recall(c)
                     : !strcmp(measure, "false") ? dict_eval_false_rate(c)
                     : c->items ? (double)c->items_ok / (double)c->items : 0.0;
        if (!strcmp(measure, "false") ? got > floor : got < floor)
            fail_msg("%s %s: %s %.3f, floor %.2f", key, cls, measure, got, floor);
        checked++;
    }
    fclose(f);
    return checked;
}

/* A language's table: 200 rows or more, and every class at or above its
 * floor (tests/data/evaluation-floors.tsv; each class has one). */
static void lang_table(const char *id)
{
    dict_eval e;
    assert_int_equal(run_table(id, &e), WB_OK);
    size_t rows = 0;
    for (size_t i = 0; i < e.n; i++)
        rows += e.c[i].rel + e.c[i].unrel + e.c[i].items;
    if (rows < 200)
        fail_msg("%s: %zu rows", id, rows);
    assert_int_equal(check_floors(id, &e), e.n);
}

/* The outside reference: tests/data/gcide-pairs.tsv,
 * related and look-alike pairs that tests/bench/gcide_pairs.py takes from
 * Debian's dict-gcide (Webster 1913) by rules of its own, on en_US.  The
 * floors (class `gcide` of evaluation-floors.tsv): look-alikes linked under
 * 5% over the table, recall of un-, re-, dis- and the other large
 * classes.  Every word of it is in en_US. */
static void test_gcide_reference(void **state)
{
    (void)state;
    dict_eval e;
    assert_int_equal(run_file(NULL, "gcide-pairs.tsv", &e), WB_OK);
    size_t rel = 0, unrel = 0;
    for (size_t i = 0; i < e.n; i++) {
        rel += e.c[i].rel;
        unrel += e.c[i].unrel;
    }
    assert_true(rel >= 600);
    assert_true(unrel >= 40);
    assert_int_equal(e.missing, 0);
    assert_true(check_floors("gcide", &e) >= 8);
}

/* The same table with the hand check's verdicts (tests/data/
 * gcide-corrections.tsv: every re- and dis- pair and every look-alike
 * judged by today's English; release, represent, disconcert are
 * Webster's etymology, not a derivative).  Every correction names a pair
 * of the table, and the adjudicated figures have floors of their own
 * (class `gcide-adj`): un-, re-, dis- at 0.9 is the target. */
static void test_gcide_adjudicated(void **state)
{
    (void)state;
    dict_eval e;
    assert_int_equal(run_file_adj(NULL, "gcide-pairs.tsv", "gcide-corrections.tsv", &e), WB_OK);
    assert_int_equal(e.stale, 0);
    assert_true(e.corrected >= 10);
    assert_true(check_floors("gcide-adj", &e) >= 5);
}

/* The same pairs with the longer word inflected (tests/data/
 * gcide-inflected.tsv: pair/repairs, ply/replies, ion/unions): a form is
 * judged as its lemma, so look-alikes stay under 5% here too (they were
 * 12/53 when a form took Hunspell's stems beside WordNet's lemma). */
static void test_gcide_inflected(void **state)
{
    (void)state;
    dict_eval e;
    assert_int_equal(run_file(NULL, "gcide-inflected.tsv", &e), WB_OK);
    size_t unrel = 0;
    for (size_t i = 0; i < e.n; i++)
        unrel += e.c[i].unrel;
    assert_true(unrel >= 40);
    assert_int_equal(e.missing, 0);
    assert_true(check_floors("gcide-infl", &e) >= 5);
}

/* The stems of -ing and -ed forms: tests/data/
 * gcide-doubling.tsv, from the conjugations Webster prints in dict-gcide
 * (tests/bench/gcide_doubling.py).  A form of an -e verb is its verb's
 * (hope/hoping, tape/taped: at least 0.98), not the shorter word's it
 * looks like (hop/hoping, tap/taped: at most 0.02; 0.387 when morphy's
 * rules and Hunspell's compressed flags took both), and a doubled form
 * stays its own verb's (hop/hopping).  Two words of the table are
 * abbreviations now (min, vi: the numeral). */
static void test_gcide_doubling(void **state)
{
    (void)state;
    dict_eval e;
    assert_int_equal(run_file(NULL, "gcide-doubling.tsv", &e), WB_OK);
    size_t rel = 0, unrel = 0;
    for (size_t i = 0; i < e.n; i++) {
        rel += e.c[i].rel;
        unrel += e.c[i].unrel;
    }
    assert_true(rel >= 200);
    assert_true(unrel >= 100);
    assert_true(e.missing <= 4);
    assert_int_equal(check_floors("doubling", &e), 5);
}

static void test_french_table(void **state)
{
    (void)state;
    lang_table("fr");
}

static void test_german_table(void **state)
{
    (void)state;
    lang_table("de");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_table_shape),
        cmocka_unit_test(test_recall),
        cmocka_unit_test(test_false_links),
        cmocka_unit_test(test_not_words),
        cmocka_unit_test(test_wider),
        cmocka_unit_test(test_french_table),
        cmocka_unit_test(test_german_table),
        cmocka_unit_test(test_gcide_reference),
        cmocka_unit_test(test_gcide_adjudicated),
        cmocka_unit_test(test_gcide_inflected),
        cmocka_unit_test(test_gcide_doubling),
    };
    return cmocka_run_group_tests_name("dict_eval", tests, setup, teardown);
}
