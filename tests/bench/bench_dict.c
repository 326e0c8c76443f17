/*
 * bench_dict.c - server-side time of the dictionary operations, each next
 * to the alternative it was chosen over, measured in the same run.
 *
 *   bench_dict DATA_DIR [SECONDS_PER_CASE]
 *
 * Prints one line per case: mean time per operation and the ratio to the
 * baseline (a naive scan of the same words).  Not a test: it asserts
 * nothing; tests/bench/bench.sh runs it and puts the figures together.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "dict.h"
#include "dict_alt.h"
#include "wb_err.h"

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

typedef int (*op_fn)(const dict *d, const void *arg);

/* Mean seconds per call of fn over about `secs` seconds. */
static double timeit(op_fn fn, const dict *d, const void *arg, double secs)
{
    size_t n = 0, batch = 1;
    double t0 = now(), t;
    do {
        for (size_t i = 0; i < batch; i++)
            if (fn(d, arg) != WB_OK) {
                fprintf(stderr, "bench: operation failed\n");
                exit(1);
            }
        n += batch;
        if (batch < 1024)
            batch *= 2;
        t = now();
    } while (t - t0 < secs);
    return (t - t0) / (double)n;
}

typedef struct margs {
    dict_cards cards;
    const char *const *used;
    size_t nused;
    int how; /* 0 index, 1 scan, 2 scan with mask prefilter, 3 index, commonest first */
} margs;

static int op_match(const dict *d, const void *arg)
{
    const margs *m = arg;
    dict_list *l;
    int rc = m->how == 0 ? dict_match(d, &m->cards, m->used, m->nused, 0, 20, &l)
             : m->how == 3 ? dict_match_opt(d, &m->cards, m->used, m->nused, 0, 20,
                                            DICT_MATCH_COMMON, &l)
                           : dict_match_scan(d, &m->cards, m->used, m->nused, 0, 20,
                                           m->how == 2, &l);
    if (!rc)
        dict_list_free(l);
    return rc;
}

static int op_check(const dict *d, const void *arg)
{
    const margs *m = arg;
    dict_verdict *v;
    int rc = dict_check(d, "kissing", 7, &m->cards, m->used, m->nused, &v);
    if (!rc)
        dict_verdict_free(v);
    return rc;
}

static int op_check_buf(const dict *d, const void *arg)
{
    const margs *m = arg;
    dict_verdict_buf vb;
    return dict_check_buf(d, "kissing", 7, &m->cards, m->used, m->nused, 0, &vb);
}

/* The same check in each language: a word, 4 cards, 3 used words. */
typedef struct largs {
    const char *id, *word, *cards[4], *used[3];
} largs;

static const largs lang_cases[] = {
    {"en", "kissing", {"NZ", "IQ", "SG", "SH"}, {"explore", "sing", "teach"}},
    {"fr", "mangeons", {"M", "NG", "O", "S"}, {"manger", "cheval", "maison"}},
    {"de", "Häuser", {"H", "A", "S", "R"}, {"Haus", "gehen", "Tisch"}},
    {"es", "casas", {"C", "A", "S", "S"}, {"casa", "niño", "comer"}},
    {"it", "cani", {"C", "A", "N", "I"}, {"cane", "casa", "mangiare"}},
    {"nl", "huizen", {"H", "U", "Z", "N"}, {"huis", "lopen", "tafel"}},
    {"pt", "casas", {"C", "A", "S", "S"}, {"casa", "comer", "livro"}},
};

/* A language's check, with options (DICT_COMPOUNDS: dict/COMPOUNDS.md). */
typedef struct lopts {
    const largs *l;
    unsigned opts;
} lopts;

static int op_lang_check(const dict *d, const void *arg)
{
    const lopts *o = arg;
    dict_cards c = {o->l->cards, 4};
    dict_verdict_buf vb;
    return dict_check_buf(d, o->l->word, strlen(o->l->word), &c, o->l->used, 3, o->opts, &vb);
}

typedef struct pargs {
    const char *s;
    int how; /* 0 LMDB cursor, 1 trie, 2 scan */
} pargs;

static int op_prefix(const dict *d, const void *arg)
{
    const pargs *p = arg;
    dict_list *l;
    size_t n = strlen(p->s);
    int rc = p->how == 0 ? dict_prefix(d, p->s, n, 20, &l)
           : p->how == 1 ? dict_prefix_trie(d, p->s, n, 20, &l)
                         : dict_prefix_scan(d, p->s, n, 20, &l);
    if (!rc)
        dict_list_free(l);
    return rc;
}

static int op_pattern(const dict *d, const void *arg)
{
    const pargs *p = arg;
    dict_list *l;
    size_t n = strlen(p->s);
    int rc = p->how == 1 ? dict_pattern(d, p->s, n, 20, &l)
                         : dict_pattern_scan(d, p->s, n, 20, &l);
    if (!rc)
        dict_list_free(l);
    return rc;
}

/* The check, match, prefix and pattern with options (the class setting). */
typedef struct copts {
    dict_cards cards;
    const char *const *used;
    size_t nused;
    unsigned opts;
} copts;

static int op_check_opts(const dict *d, const void *arg)
{
    const copts *c = arg;
    dict_verdict_buf vb;
    return dict_check_buf(d, "kissing", 7, &c->cards, c->used, c->nused, c->opts, &vb);
}

static int op_match_opts(const dict *d, const void *arg)
{
    const copts *c = arg;
    dict_list *l;
    int rc = dict_match_opt(d, &c->cards, c->used, c->nused, 0, 20, c->opts, &l);
    if (rc == WB_OK)
        dict_list_free(l);
    return rc;
}

#ifdef DICT_CLASS_GRADE
typedef struct popts {
    const char *s;
    unsigned opts;
    int pattern;
} popts;

static int op_prefix_opts(const dict *d, const void *arg)
{
    const popts *p = arg;
    dict_list *l;
    int rc = p->pattern ? dict_pattern_opt(d, p->s, strlen(p->s), 20, p->opts, &l)
                        : dict_prefix_opt(d, p->s, strlen(p->s), 20, p->opts, &l);
    if (rc == WB_OK)
        dict_list_free(l);
    return rc;
}
#endif

static int op_lookup(const dict *d, const void *arg)
{
    dict_entry *e;
    int rc = dict_lookup(d, arg, strlen(arg), 50, 10, &e);
    if (!rc)
        dict_entry_free(e);
    return rc;
}

static long rss_kib(void)
{
    FILE *f = fopen("/proc/self/status", "r");
    char line[256];
    long kib = -1;
    while (f && fgets(line, sizeof line, f))
        if (sscanf(line, "VmRSS: %ld", &kib) == 1)
            break;
    if (f)
        fclose(f);
    return kib;
}

int main(int argc, char **argv)
{
    dict_lib *lib;
    double secs = argc > 2 ? atof(argv[2]) : 0.3;
    if (argc < 2) {
        fprintf(stderr, "usage: bench_dict DATA_DIR [SECONDS_PER_CASE]\n");
        return 2;
    }
    long rss0 = rss_kib();
    int rc = dict_lib_open(argv[1], "en_US", &lib);
    if (rc) {
        fprintf(stderr, "bench_dict: %s\n", wb_strerror(rc));
        return 1;
    }
    const dict *d = dict_lib_default(lib);
    dict_info in;
    dict_get_info(d, &in);
    printf("dictionary %s: %zu words; resident memory of the opened dictionaries: %ld KiB\n",
           in.id, in.words, rss_kib() - rss0);

    static const char *const cardsets[][6] = {
        {"NZ", "IQ"}, {"NZ", "IQ", "SG"}, {"NZ", "IQ", "SG", "SH"},
        {"E", "T", "A", "S"}, {"RT", "LN", "AE", "SO", "D"},
        {"AB", "CD", "EF", "GH", "IL", "MN"},
    };
    static const size_t ncs[] = {2, 3, 4, 4, 5, 6};
    const char *const used[] = {"explore", "sing", "teach"};

    printf("\n%-34s %12s %12s %12s %8s %8s\n", "match (limit 20, total counted)",
           "index", "scan", "scan+mask", "x scan", "x mask");
    for (size_t i = 0; i < 6; i++) {
        margs m = {{cardsets[i], ncs[i]}, used, 3, 0};
        char label[64] = "";
        for (size_t k = 0; k < ncs[i]; k++) {
            strcat(label, cardsets[i][k]);
            strcat(label, k + 1 < ncs[i] ? "," : "");
        }
        double t0 = timeit(op_match, d, &m, secs);
        m.how = 1;
        double t1 = timeit(op_match, d, &m, secs);
        m.how = 2;
        double t2 = timeit(op_match, d, &m, secs);
        m.how = 3;
        double t3 = timeit(op_match, d, &m, secs);
        printf("%-34s %9.1f us %9.1f us %9.1f us %7.1fx %7.1fx   (sort=common %.1f us)\n",
               label, t0 * 1e6, t1 * 1e6, t2 * 1e6, t1 / t0, t2 / t0, t3 * 1e6);
    }

    margs c = {{cardsets[2], 4}, used, 3, 0};
    double tc = timeit(op_check, d, &c, secs), tb = timeit(op_check_buf, d, &c, secs);
    printf("\ncheck 'kissing', 4 cards, 3 used words: %.2f us per check "
           "(dict_check_buf, no allocation: %.2f us, %.2fx)\n",
           tc * 1e6, tb * 1e6, tc / tb);
    printf("lookup 'explore' (stems, family, definitions): %.2f us\n",
           timeit(op_lookup, d, "explore", secs) * 1e6);

    /* the class setting: the check ignores it (a listed word is still a
     * word); the lists take the setting's bitset of hidden words, WordNet's
     * alone before the list of offensive words (DICT_CLASS_GRADE) */
    printf("\n%-34s %12s %12s %12s\n", "class setting (limit 20)", "plain", "class",
           "class young");
    {
        unsigned young = DICT_LOOKUP_CLASS;
#ifdef DICT_CLASS_GRADE
        young |= DICT_CLASS_GRADE(DICT_CLASS_YOUNG);
#endif
        const unsigned how[] = {0, DICT_LOOKUP_CLASS, young};
        double t[3];
        for (int k = 0; k < 3; k++) {
            copts o = {{cardsets[2], 4}, used, 3, how[k]};
            t[k] = timeit(op_check_opts, d, &o, secs);
        }
        printf("%-34s %9.2f us %9.2f us %9.2f us\n", "check kissing, 4 cards, 3 used", t[0] * 1e6,
               t[1] * 1e6, t[2] * 1e6);
        for (size_t i = 2; i < 5; i++) {
            char label[64] = "match ";
            for (size_t k = 0; k < ncs[i]; k++) {
                strcat(label, cardsets[i][k]);
                strcat(label, k + 1 < ncs[i] ? "," : "");
            }
            for (int k = 0; k < 3; k++) {
                copts o = {{cardsets[i], ncs[i]}, used, 3, how[k]};
                t[k] = timeit(op_match_opts, d, &o, secs);
            }
            printf("%-34s %9.2f us %9.2f us %9.2f us\n", label, t[0] * 1e6, t[1] * 1e6,
                   t[2] * 1e6);
        }
#ifdef DICT_CLASS_GRADE
        const char *pre[] = {"a", "fuc"};
        for (size_t i = 0; i < 2; i++) {
            for (int k = 0; k < 3; k++) {
                popts o = {pre[i], how[k], 0};
                t[k] = timeit(op_prefix_opts, d, &o, secs);
            }
            printf("prefix %-27s %9.2f us %9.2f us %9.2f us\n", pre[i], t[0] * 1e6, t[1] * 1e6,
                   t[2] * 1e6);
        }
        for (int k = 0; k < 3; k++) {
            popts o = {"s??ing", how[k], 1};
            t[k] = timeit(op_prefix_opts, d, &o, secs);
        }
        printf("%-34s %9.2f us %9.2f us %9.2f us\n", "pattern s??ing", t[0] * 1e6, t[1] * 1e6,
               t[2] * 1e6);
#endif
    }

    printf("\n%-20s %12s %12s %12s\n", "prefix (limit 20)", "LMDB cursor", "LMDB trie", "scan");
    const char *prefixes[] = {"expl", "a", "qu", "zyz"};
    for (size_t i = 0; i < 4; i++) {
        double t[3];
        for (int h = 0; h < 3; h++) {
            pargs p = {prefixes[i], h};
            t[h] = timeit(op_prefix, d, &p, secs);
        }
        printf("%-20s %9.2f us %9.2f us %9.1f us   (scan/cursor %.0fx, trie/cursor %.1fx)\n",
               prefixes[i], t[0] * 1e6, t[1] * 1e6, t[2] * 1e6, t[2] / t[0], t[1] / t[0]);
    }
    printf("\n%-20s %12s %12s\n", "pattern (limit 20)", "LMDB trie", "scan");
    const char *pats[] = {"c?t", "?xplore", "s??ing", "???"};
    for (size_t i = 0; i < 4; i++) {
        pargs a = {pats[i], 1}, b = {pats[i], 2};
        double t1 = timeit(op_pattern, d, &a, secs), t2 = timeit(op_pattern, d, &b, secs);
        printf("%-20s %9.2f us %9.1f us   (scan/trie %.0fx)\n", pats[i], t1 * 1e6,
               t2 * 1e6, t2 / t1);
    }

    /* every dictionary of the data directory, the same check in its
     * language (the target: as fast in every language) */
    printf("\n%-8s %-10s %9s %14s %16s\n", "check in", "word", "words", "dict_check_buf",
           "with compounds");
    for (size_t i = 0; i < dict_lib_count(lib); i++) {
        const dict *di = dict_lib_at(lib, i);
        dict_get_info(di, &in);
        for (size_t k = 0; k < sizeof lang_cases / sizeof *lang_cases; k++)
            if (strncmp(in.id, lang_cases[k].id, 2) == 0) {
                lopts plain = {&lang_cases[k], 0}, comp = {&lang_cases[k], DICT_COMPOUNDS};
                double t0 = timeit(op_lang_check, di, &plain, secs);
                double t1 = timeit(op_lang_check, di, &comp, secs);
                printf("%-8s %-10s %9zu %11.2f us %13.2f us\n", in.id, lang_cases[k].word,
                       in.words, t0 * 1e6, t1 * 1e6);
            }
    }
    dict_lib_close(lib);
    return 0;
}
