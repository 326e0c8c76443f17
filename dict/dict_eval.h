/*
 * dict_eval.h - judge the dictionaries against an evaluation table
 * (tests/data/evaluation.tsv): the derivative rule per affix class, words
 * that must be refused or kept, and British/American spellings.  Used by
 * `wibbell-dict evaluate` (the report) and tests/dict/test_dict_eval.c
 * (the targets).  Private to dict/ and its tests.
 *
 * Table rows: base<TAB>word<TAB>expected<TAB>class, '#' comments.
 *   expected related|unrelated  the pair, judged both ways round on the
 *                               affix dictionary (en_US);
 *   expected notword|word       `word` refused / accepted by every
 *                               dictionary (base is "-");
 *   expected name               `word` refused as a proper noun (base "-");
 *   expected variant            base on en_GB, word on en_US, both on the
 *                               combined dictionary "en" when there is one;
 *   expected gb                 `word` accepted by en_GB (Oxford -ize);
 *   expected crelated|cunrelated the pair judged with DICT_COMPOUNDS
 *                               (German and Dutch compounds,
 *                               COMPOUNDS.md): a compound and its part, a word
 *                               that merely holds another.
 *
 * A table of another language (tests/data/evaluation-fr.tsv ...) is run on
 * that one dictionary (dict_eval_run_in): pairs and words on it alone,
 * no variant or gb rows.
 */
#ifndef DICT_EVAL_H
#define DICT_EVAL_H

#include <stdio.h>

#include "dict.h"

#define DICT_EVAL_CLASSES 40

typedef enum { EVAL_SUFFIX, EVAL_PREFIX, EVAL_OTHER } dict_eval_kind;

typedef struct dict_eval_class {
    char name[16];
    dict_eval_kind kind;
    size_t rel, rel_hit;     /* related pairs, and those judged related */
    size_t unrel, unrel_hit; /* look-alikes, and those judged related (false links) */
    size_t items, items_ok;  /* word / spelling rows, and those judged right */
} dict_eval_class;

typedef struct dict_eval {
    dict_eval_class c[DICT_EVAL_CLASSES];
    size_t n;
    size_t missing; /* table words the affix dictionary does not have */
    /* every look-alike of the table judged with DICT_COMPOUNDS too, and
     * those it links */
    size_t opt_unrel, opt_unrel_hit;
    /* crelated pairs, and those related without the option (the default) */
    size_t crel, crel_plain;
    /* dict_eval_run_adj: pairs counted with the other verdict, doubtful
     * pairs left out, and corrections that matched no pair */
    size_t corrected, dropped, stale;
    char id[16];    /* that dictionary */
} dict_eval;

/* Run the table at `path` against the dictionaries of `lib`.  Writes one
 * line per miss and false link to `detail` (may be NULL).  WB_EIO when
 * the table cannot be read, WB_ENOTFOUND without en_US. */
int dict_eval_run(const dict_lib *lib, const char *path, FILE *detail, dict_eval *out);
/* The same on dictionary `id` alone (NULL: the English run above);
 * WB_ENOTFOUND without it. */
int dict_eval_run_in(const dict_lib *lib, const char *id, const char *path, FILE *detail,
                     dict_eval *out);
/* The same with the hand check's verdicts of `corrections` (NULL: none),
 * a file of rows base<TAB>word<TAB>verdict<TAB>reason, verdict related,
 * unrelated or doubtful (left out): a pair of the table listed there is
 * counted as the verdict says (tests/data/gcide-corrections.tsv on the
 * generated gcide-pairs.tsv).  WB_EIO when it cannot be read, WB_EINVAL on
 * a bad verdict or more than 256 rows. */
int dict_eval_run_adj(const dict_lib *lib, const char *id, const char *path,
                      const char *corrections, FILE *detail, dict_eval *out);

/* The report: one line per class (recall, false-link rate), then totals. */
void dict_eval_print(const dict_eval *ev, FILE *f);

/* Recall of a class (1 when it has no related pair), false-link rate. */
double dict_eval_recall(const dict_eval_class *c);
double dict_eval_false_rate(const dict_eval_class *c);
/* False links over every look-alike pair of the table. */
double dict_eval_false_total(const dict_eval *ev);

#endif
