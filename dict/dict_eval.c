/*
 * dict_eval.c - the evaluation table run against the dictionaries (see
 * dict_eval.h for the table's format).
 */
#include "dict_eval.h"

#include <stdlib.h>
#include <string.h>

#include "wb_err.h"

static const char *const suffixes[] = {"ness", "ly", "ment", "tion", "er", "ity", "ous", "ive",
                                       "al", "y", "able", "ist", "ful", "less", "en"};
static const char *const prefixes[] = {"un", "in", "re", "dis", "mis", "over", "under", "out",
                                       "pre", "non"};

static dict_eval_kind kind_of(const char *name)
{
    for (size_t i = 0; i < sizeof suffixes / sizeof *suffixes; i++)
        if (strcmp(name, suffixes[i]) == 0)
            return EVAL_SUFFIX;
    for (size_t i = 0; i < sizeof prefixes / sizeof *prefixes; i++)
        if (strcmp(name, prefixes[i]) == 0)
            return EVAL_PREFIX;
    return EVAL_OTHER;
}

static dict_eval_class *class_of(dict_eval *ev, const char *name)
{
    for (size_t i = 0; i < ev->n; i++)
        if (strcmp(ev->c[i].name, name) == 0)
            return &ev->c[i];
    if (ev->n == DICT_EVAL_CLASSES)
        return NULL;
    dict_eval_class *c = &ev->c[ev->n++];
    memset(c, 0, sizeof *c);
    snprintf(c->name, sizeof c->name, "%.15s", name);
    c->kind = kind_of(name);
    return c;
}

static int valid_in(const dict *d, const char *w)
{
    dict_entry *e = NULL;
    int v = 0;
    if (d && dict_lookup(d, w, strlen(w), 0, 0, &e) == WB_OK)
        v = e->valid;
    dict_entry_free(e);
    return v;
}

/* 1 when `w` is refused as a proper noun (and only as one) */
static int name_in(const dict *d, const char *w)
{
    dict_entry *e = NULL;
    int v = 0;
    if (d && dict_lookup(d, w, strlen(w), 0, 0, &e) == WB_OK)
        v = !e->valid && e->proper_noun;
    dict_entry_free(e);
    return v;
}

static int related(const dict *d, const char *a, const char *b, unsigned opts)
{
    int r1 = 0, r2 = 0;
    if (dict_related_opt(d, a, strlen(a), b, strlen(b), opts, &r1) ||
        dict_related_opt(d, b, strlen(b), a, strlen(a), opts, &r2))
        return -1;
    return r1 && r2 ? 2 : r1 || r2 ? 1 : 0;
}

/* want: 0 refused, 1 accepted, 2 refused as a proper noun; on `only`
 * when given, else on every English dictionary */
static void row_words(const dict_lib *lib, const dict *only, dict_eval_class *c, const char *w,
                      int want, FILE *detail)
{
    static const char *const wrong[] = {"accepted", "refused", "not a proper noun"};
    int ok = 1;
    for (size_t i = 0; i < dict_lib_count(lib); i++) {
        const dict *d = dict_lib_at(lib, i);
        dict_info in;
        dict_get_info(d, &in);
        /* the English table: every English dictionary, no other */
        if (only ? d != only : strncmp(in.id, "en", 2) != 0)
            continue;
        if ((want == 2 ? name_in(d, w) : valid_in(d, w) == want) == 0) {
            if (detail)
                fprintf(detail, "%s: %s %s on %s\n", c->name, w, wrong[want], in.id);
            ok = 0;
        }
    }
    c->items++;
    c->items_ok += (size_t)ok;
}

static void row_variant(const dict_lib *lib, dict_eval_class *c, const char *gb,
                        const char *us, FILE *detail)
{
    const dict *dgb = dict_lib_find(lib, "en_GB"), *dus = dict_lib_find(lib, "en_US");
    const dict *den = dict_lib_find(lib, "en");
    int ok = 1;
    if (gb && dgb && !valid_in(dgb, gb)) {
        ok = 0;
        if (detail)
            fprintf(detail, "%s: %s refused on en_GB\n", c->name, gb);
    }
    if (us && dus && !valid_in(dus, us)) {
        ok = 0;
        if (detail)
            fprintf(detail, "%s: %s refused on en_US\n", c->name, us);
    }
    if (den && ((gb && !valid_in(den, gb)) || (us && !valid_in(den, us)))) {
        ok = 0;
        if (detail)
            fprintf(detail, "%s: %s/%s not both on en\n", c->name, gb ? gb : "-", us ? us : "-");
    }
    c->items++;
    c->items_ok += (size_t)ok;
}

int dict_eval_run(const dict_lib *lib, const char *path, FILE *detail, dict_eval *ev)
{
    return dict_eval_run_in(lib, NULL, path, detail, ev);
}

int dict_eval_run_in(const dict_lib *lib, const char *id, const char *path, FILE *detail,
                     dict_eval *ev)
{
    return dict_eval_run_adj(lib, id, path, NULL, detail, ev);
}

/* The hand check's verdicts on pairs of a table (see dict_eval.h). */
#define EVAL_CORRECTIONS 256
#define EVAL_WORD 64

typedef struct correction {
    char a[EVAL_WORD], b[EVAL_WORD];
    char verdict; /* 'r' related, 'u' unrelated, 'd' doubtful */
    int used;
} correction;

static int corrections_load(const char *path, correction *c, size_t *n)
{
    char line[512], a[128], b[128], v[32];
    FILE *f = fopen(path, "r");
    if (!f)
        return WB_EIO;
    int rc = WB_OK;
    *n = 0;
    while (rc == WB_OK && fgets(line, sizeof line, f)) {
        if (line[0] == '#' || sscanf(line, "%127s %127s %31s", a, b, v) != 3)
            continue;
        if (*n == EVAL_CORRECTIONS || strlen(a) >= sizeof c->a || strlen(b) >= sizeof c->b ||
            (strcmp(v, "related") && strcmp(v, "unrelated") && strcmp(v, "doubtful"))) {
            rc = WB_EINVAL;
            break;
        }
        correction *e = &c[(*n)++];
        /* (the lengths are checked above; the bound tells the compiler) */
        snprintf(e->a, sizeof e->a, "%.*s", EVAL_WORD - 1, a);
        snprintf(e->b, sizeof e->b, "%.*s", EVAL_WORD - 1, b);
        e->verdict = v[0];
        e->used = 0;
    }
    fclose(f);
    return rc;
}

static correction *correction_of(correction *c, size_t n, const char *a, const char *b)
{
    for (size_t i = 0; i < n; i++)
        if (!strcmp(c[i].a, a) && !strcmp(c[i].b, b))
            return &c[i];
    return NULL;
}

int dict_eval_run_adj(const dict_lib *lib, const char *id, const char *path,
                      const char *corrections, FILE *detail, dict_eval *ev)
{
    const dict *us = dict_lib_find(lib, id ? id : "en_US"), *only = id ? us : NULL;
    char line[512], a[128], b[128], want[32], cls[32];
    correction *corr = NULL;
    size_t ncorr = 0;
    FILE *f;

    memset(ev, 0, sizeof *ev);
    snprintf(ev->id, sizeof ev->id, "%s", id ? id : "en_US");
    if (!us)
        return WB_ENOTFOUND;
    if (corrections) {
        if (!(corr = calloc(EVAL_CORRECTIONS, sizeof *corr)))
            return WB_ENOMEM;
        int rc = corrections_load(corrections, corr, &ncorr);
        if (rc) {
            free(corr);
            return rc;
        }
    }
    if (!(f = fopen(path, "r"))) {
        free(corr);
        return WB_EIO;
    }
    while (fgets(line, sizeof line, f)) {
        if (line[0] == '#' || sscanf(line, "%127s %127s %31s %31s", a, b, want, cls) != 4)
            continue;
        correction *fix = ncorr ? correction_of(corr, ncorr, a, b) : NULL;
        if (fix && (!strcmp(want, "related") || !strcmp(want, "unrelated"))) {
            fix->used = 1;
            if (fix->verdict == 'd') {
                ev->dropped++;
                continue;
            }
            ev->corrected += (fix->verdict == 'r') != (want[0] == 'r');
            snprintf(want, sizeof want, "%s", fix->verdict == 'r' ? "related" : "unrelated");
        }
        dict_eval_class *c = class_of(ev, cls);
        if (!c)
            continue;
        int comp = want[0] == 'c'; /* crelated, cunrelated: DICT_COMPOUNDS */
        if (!strcmp(want + comp, "related") || !strcmp(want + comp, "unrelated")) {
            int expect = want[comp] == 'r';
            for (int k = 0; k < 2; k++) {
                const char *w = k ? b : a;
                if (!valid_in(us, w)) {
                    ev->missing++;
                    if (detail)
                        fprintf(detail, "%s: %s is not in %s\n", cls, w, ev->id);
                }
            }
            int r = related(us, a, b, comp ? DICT_COMPOUNDS : 0);
            if (expect) {
                c->rel++;
                c->rel_hit += r == 2;
                ev->crel += (size_t)comp;
                ev->crel_plain += comp && related(us, a, b, 0) != 0;
                if (r != 2 && detail)
                    fprintf(detail, "%s: missed %s / %s%s\n", cls, a, b,
                            r == 1 ? " (one way only)" : "");
            } else {
                c->unrel++;
                c->unrel_hit += r != 0;
                int ro = comp ? r : related(us, a, b, DICT_COMPOUNDS);
                ev->opt_unrel++;
                ev->opt_unrel_hit += ro != 0;
                if (ro != 0 && !comp && detail)
                    fprintf(detail, "%s: false link with compounds %s / %s\n", cls, a, b);
                if (r != 0 && detail)
                    fprintf(detail, "%s: false link %s / %s\n", cls, a, b);
            }
        } else if (!strcmp(want, "notword") || !strcmp(want, "word") ||
                   !strcmp(want, "name")) {
            int kind = !strcmp(want, "word") ? 1 : !strcmp(want, "name") ? 2 : 0;
            row_words(lib, only, c, b, kind, detail);
        } else if (!only && !strcmp(want, "variant")) {
            row_variant(lib, c, a, b, detail);
        } else if (!only && !strcmp(want, "gb")) {
            row_variant(lib, c, b, NULL, detail);
        }
    }
    fclose(f);
    for (size_t i = 0; i < ncorr; i++)
        if (!corr[i].used) { /* a correction of no pair: the table changed */
            if (detail)
                fprintf(detail, "correction of no pair: %s / %s\n", corr[i].a, corr[i].b);
            ev->stale++;
        }
    free(corr);
    return WB_OK;
}

double dict_eval_recall(const dict_eval_class *c)
{
    return c->rel ? (double)c->rel_hit / (double)c->rel : 1.0;
}

double dict_eval_false_rate(const dict_eval_class *c)
{
    return c->unrel ? (double)c->unrel_hit / (double)c->unrel : 0.0;
}

double dict_eval_false_total(const dict_eval *ev)
{
    size_t n = 0, hit = 0;
    for (size_t i = 0; i < ev->n; i++) {
        n += ev->c[i].unrel;
        hit += ev->c[i].unrel_hit;
    }
    return n ? (double)hit / (double)n : 0.0;
}

void dict_eval_print(const dict_eval *ev, FILE *f)
{
    static const char *const kinds[] = {"suffix", "prefix", "other"};
    size_t rel = 0, rel_hit = 0, unrel = 0, unrel_hit = 0;
    fprintf(f, "%-9s %-7s %9s %7s %11s %11s %9s\n", "class", "kind", "related", "recall",
            "look-alike", "false link", "rows ok");
    for (int k = 0; k < 3; k++) {
        for (size_t i = 0; i < ev->n; i++) {
            const dict_eval_class *c = &ev->c[i];
            if ((int)c->kind != k)
                continue;
            char r[24] = "", u[24] = "", it[24] = "", rc[16] = "", fr[16] = "";
            if (c->rel) {
                snprintf(r, sizeof r, "%zu/%zu", c->rel_hit, c->rel);
                snprintf(rc, sizeof rc, "%.2f", dict_eval_recall(c));
            }
            if (c->unrel) {
                snprintf(u, sizeof u, "%zu/%zu", c->unrel_hit, c->unrel);
                snprintf(fr, sizeof fr, "%.3f", dict_eval_false_rate(c));
            }
            if (c->items)
                snprintf(it, sizeof it, "%zu/%zu", c->items_ok, c->items);
            fprintf(f, "%-9s %-7s %9s %7s %11s %11s %9s\n", c->name, kinds[k], r, rc, u, fr, it);
            rel += c->rel;
            rel_hit += c->rel_hit;
            unrel += c->unrel;
            unrel_hit += c->unrel_hit;
        }
    }
    fprintf(f, "all pairs: recall %zu/%zu = %.3f, false links %zu/%zu = %.3f; "
               "%zu table words not in %s\n",
            rel_hit, rel, rel ? (double)rel_hit / (double)rel : 1.0, unrel_hit, unrel,
            dict_eval_false_total(ev), ev->missing, ev->id);
    if (ev->corrected || ev->dropped || ev->stale)
        fprintf(f, "adjudicated: %zu pairs judged otherwise, %zu doubtful left out, "
                   "%zu corrections of no pair\n",
                ev->corrected, ev->dropped, ev->stale);
    if (ev->crel)
        fprintf(f, "all pairs with compounds (DICT_COMPOUNDS): look-alikes linked %zu/%zu; "
                   "compound pairs linked without it %zu/%zu\n",
                ev->opt_unrel_hit, ev->opt_unrel, ev->crel_plain, ev->crel);
}
