/*
 * dict_word.c - questions about one word: its entry (stems, family,
 * definitions), the Wibbell check of a claim, and whether two words are
 * related.  Each answers from a few LMDB gets in one read transaction.
 */
#include "dict.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cards.h"
#include "dict_int.h"
#include "normalise.h"
#include "wb_err.h"
#include "wb_mem.h"

/* --- lookup ------------------------------------------------------------- */

typedef struct idvec {
    uint32_t *v;
    size_t n, cap;
} idvec;

static void idvec_push(void *ctx, uint32_t id)
{
    idvec *x = ctx;
    x->v = wb_grow(x->v, &x->cap, x->n + 1, sizeof *x->v);
    x->v[x->n++] = id;
}

/* The definitions of `w` (a word or a base form) into e->defs, up to
 * `max`; in class mode (`cls`) all but those unfit for a class, counted
 * in e->hidden. */
static void add_defs(const dict *d, store_txn *t, const char *w, const char *of,
                     dict_entry *e, size_t max, int cls)
{
    store_val v;
    if (store_get(t, d->db_defs, w, strlen(w), &v))
        return;
    const unsigned char *p = v.data, *end = p + v.len;
    while (p + FMT_DEF_HEAD <= end && e->ndefs < max) {
        size_t tl = (size_t)p[1] | ((size_t)p[2] << 8);
        unsigned pos = p[0] & ~FMT_DEF_UNFIT, cnt = (unsigned)p[3] | ((unsigned)p[4] << 8);
        if (pos > FMT_POS_OTHER || p + FMT_DEF_HEAD + tl > end)
            break;
        if (cls && (p[0] & FMT_DEF_UNFIT)) {
            e->hidden++;
        } else {
            dict_def *df = &e->defs[e->ndefs++];
            snprintf(df->pos, sizeof df->pos, "%s", fmt_pos_names[pos]);
            df->text = wb_strndup((const char *)p + FMT_DEF_HEAD, tl);
            df->count = cnt;
            df->of = of ? wb_strdup(of) : NULL;
        }
        p += FMT_DEF_HEAD + tl;
    }
}

/* Most common sense first (tag counts), a stable insertion sort of a
 * few entries; the caller sorts the word's own senses and its stems'
 * apart, so that the own come first. */
static void by_count(dict_def *v, size_t n)
{
    for (size_t i = 1; i < n; i++) {
        dict_def x = v[i];
        size_t j = i;
        for (; j > 0 && v[j - 1].count < x.count; j--)
            v[j] = v[j - 1];
        v[j] = x;
    }
}

static int has_defs(const dict *d, store_txn *t, const char *w)
{
    store_val v;
    return store_get(t, d->db_defs, w, strlen(w), &v) == 0 && v.len > 0;
}

/* Whether stem `s`'s senses explain the word: not when a longer stem
 * with senses of its own holds it (hop in hope for hoping, plan in plane
 * for planed, rap in rape for raping, dress in undress for undressing):
 * the longer one is the nearer lemma and the shorter a look-alike or the
 * base's own base, whose senses may be the word's opposite. */
static int stem_explains(const dict *d, store_txn *t, char *const *stems, size_t n,
                         size_t k)
{
    size_t l = strlen(stems[k]);
    for (size_t i = 0; i < n; i++)
        if (i != k && strlen(stems[i]) > l && strstr(stems[i], stems[k]) &&
            has_defs(d, t, stems[i]))
            return 0;
    return 1;
}

/* The stems' order for definitions: the longest (nearest lemma) first. */
static int by_len_desc(const void *a, const void *b)
{
    size_t la = strlen(*(char *const *)a), lb = strlen(*(char *const *)b);
    return la < lb ? 1 : la > lb ? -1 : 0;
}

int dict_lookup(const dict *d, const char *word, size_t len, size_t max_family,
                size_t max_defs, dict_entry **out)
{
    return dict_lookup_opt(d, word, len, max_family, max_defs, 0, out);
}

int dict_lookup_opt(const dict *d, const char *word, size_t len, size_t max_family,
                    size_t max_defs, unsigned opts, dict_entry **out)
{
    char w[FOLD_CAP];
    int cls = (opts & DICT_LOOKUP_CLASS) != 0;
    store_txn *t = NULL;
    wrec r = {0};
    idvec fam = {0};
    dict_entry *e = NULL;
    int rc = dict_fold_word(word, len, w);

    *out = NULL;
    if (rc)
        return rc;
    if ((rc = store_txn_begin(d->env, 0, &t)))
        return rc;
    if ((rc = dict_wrec_get(d, t, w, &r)))
        goto out;
    e = wb_calloc(1, sizeof *e);
    e->word = wb_strdup(w);
    e->valid = r.found && (r.flags & FMT_VALID);
    e->proper_noun = r.found && !(r.flags & FMT_VALID) && (r.flags & FMT_PROPER);
    e->unfit = r.found && (r.flags & FMT_UNFIT);
    if (cls) { /* and what the list hides at the grade, in the dictionary or not */
        int g = dict_opts_grade(opts);
        const uint64_t *l = d->listed[g];
        e->listed = (r.found && l && r.id < d->nrecs && (l[r.id / 64] >> (r.id % 64) & 1)) ||
                    (offensive_grades(d->off, w) & OFFENSIVE_AT(g)) != 0;
    }
    if (!e->valid)
        goto out;
    e->size = r.id < d->nrecs ? d->recs[r.id].size : 0;

    e->stems = wb_calloc(r.nlem + 1, sizeof *e->stems);
    for (size_t i = 0; i < r.nlem; i++) {
        char *s = dict_lemma_str(d, t, r.lem[i]);
        if (s && strcmp(s, w) != 0)
            e->stems[e->nstems++] = s;
        else
            free(s);
    }
    if (e->nstems == 0)
        e->stems[e->nstems++] = wb_strdup(w);

    for (size_t i = 0; i < r.nfam && !rc; i++)
        rc = dict_each_member(d, t, r.fam[i], idvec_push, &fam);
    if (rc)
        goto out;
    /* Members of the word's family keys, each once, less the word. */
    qsort(fam.v, fam.n, sizeof *fam.v, dict_u32_cmp);
    {
        const char **names = wb_calloc(fam.n + 1, sizeof *names);
        size_t k = 0;
        for (size_t i = 0; i < fam.n; i++)
            if (fam.v[i] != r.id && (i == 0 || fam.v[i] != fam.v[i - 1]) &&
                !dict_id_hidden(d, fam.v[i], opts)) /* a class: not what it hides */
                names[k++] = dict_word_str(d, fam.v[i]);
        qsort(names, k, sizeof *names, dict_str_cmp);
        if (k > max_family)
            k = max_family;
        e->family = wb_calloc(k + 1, sizeof *e->family);
        for (size_t i = 0; i < k; i++)
            e->family[i] = wb_strdup(names[i]);
        e->nfamily = k;
        free(names);
    }

    {
        /* The word's own senses first, then its stems' marked with the
         * stem (nearest lemma first, a look-alike's left out).  A class:
         * every sense gathered (at most FMT_DEFS_MAX a word), the unfit
         * left out, the most common first within the own and within the
         * stems', then cut to max_defs. */
        size_t room = cls ? (e->nstems + 1) * FMT_DEFS_MAX : max_defs;
        char **order = wb_calloc(e->nstems + 1, sizeof *order);
        memcpy(order, e->stems, e->nstems * sizeof *order);
        qsort(order, e->nstems, sizeof *order, by_len_desc);
        e->defs = wb_calloc(room + 1, sizeof *e->defs);
        add_defs(d, t, w, NULL, e, room, cls);
        size_t own = e->ndefs;
        for (size_t i = 0; i < e->nstems; i++)
            if (strcmp(order[i], w) != 0 && stem_explains(d, t, order, e->nstems, i))
                add_defs(d, t, order[i], order[i], e, room, cls);
        free(order);
        if (cls) {
            by_count(e->defs, own);
            by_count(e->defs + own, e->ndefs - own);
            for (; e->ndefs > max_defs; e->ndefs--) {
                free(e->defs[e->ndefs - 1].text);
                free(e->defs[e->ndefs - 1].of);
            }
        }
    }
out:
    store_txn_abort(t);
    dict_wrec_clear(&r);
    free(fam.v);
    if (rc) {
        dict_entry_free(e);
        return rc;
    }
    *out = e;
    return WB_OK;
}

/* The tag counts of the definitions stored under `w` (a word or a base
 * form) whose part of speech is in `pos` (1 << FMT_POS_...) added to
 * *sum; *senses counts the definitions. */
static void add_tags(const dict *d, store_txn *t, const char *w, unsigned pos, long *sum,
                     size_t *senses)
{
    store_val v;
    if (store_get(t, d->db_defs, w, strlen(w), &v))
        return;
    const unsigned char *p = v.data, *end = p + v.len;
    while (p + FMT_DEF_HEAD <= end) {
        size_t tl = (size_t)p[1] | ((size_t)p[2] << 8);
        unsigned ps = p[0] & ~FMT_DEF_UNFIT;
        if (ps > FMT_POS_OTHER || p + FMT_DEF_HEAD + tl > end)
            break;
        if (pos & (1u << ps)) {
            *sum += (long)p[3] | ((long)p[4] << 8);
            (*senses)++;
        }
        p += FMT_DEF_HEAD + tl;
    }
}

static int ends_with(const char *w, const char *end)
{
    size_t l = strlen(w), e = strlen(end);
    return l > e && strcmp(w + l - e, end) == 0;
}

/* The parts of speech of a base form that an English inflection w can
 * be of, by its ending: -ers a noun's; -ed, -ing a verb's; -er, -est an
 * adjective's; -s a noun's or a verb's; any other (slid, mice) any. */
static unsigned inflection_pos(const char *w)
{
    if (ends_with(w, "ers"))
        return 1u << 0; /* an agent noun's plural: identifiers is not identify's */
    if (ends_with(w, "ed") || ends_with(w, "ing"))
        return 1u << 1;
    if (ends_with(w, "er") || ends_with(w, "est"))
        return 1u << 2; /* colder; evenest is not the adverb even's */
    if (ends_with(w, "s"))
        return 1u << 0 | 1u << 1;
    return ~0u;
}

int dict_tags(const dict *d, const char *word, size_t len, long *tags, int *size)
{
    char w[FOLD_CAP];
    store_txn *t = NULL;
    wrec r = {0};
    long sum = 0;
    size_t senses = 0;
    int rc = dict_fold_word(word, len, w);

    *tags = -1;
    if (size)
        *size = 0;
    if (rc)
        return rc;
    if ((rc = store_txn_begin(d->env, 0, &t)))
        return rc;
    if ((rc = dict_wrec_get(d, t, w, &r)))
        goto out;
    if (!r.found || !(r.flags & FMT_VALID))
        goto out;
    if (size)
        *size = r.id < d->nrecs ? d->recs[r.id].size : 0;
    /* a word counts as itself where WordNet lists it and, an inflection,
     * as its nearest base form too (the longest prefix shared, then the
     * longest base: lovelies is lovely's, not love's, of which lovely is
     * a derivative; tried is the adjective tried and the verb try); a
     * derivative (lovely) not as its base */
    add_tags(d, t, w, ~0u, &sum, &senses);
    unsigned pos = inflection_pos(w);
    if (pos != ~0u || senses == 0) {
        char *near = NULL;
        size_t best = 0, bestlen = 0;
        for (size_t i = 0; i < r.nlem; i++) {
            char *s = dict_lemma_str(d, t, r.lem[i]);
            size_t k = 0;
            while (s && s[k] && s[k] == w[k])
                k++;
            if (s && strcmp(s, w) != 0 &&
                (k > best || (k == best && strlen(s) > bestlen))) {
                free(near);
                near = s;
                best = k;
                bestlen = strlen(s);
            } else {
                free(s);
            }
        }
        if (near)
            add_tags(d, t, near, pos, &sum, &senses);
        free(near);
    }
    *tags = senses ? sum : -1;
out:
    store_txn_abort(t);
    dict_wrec_clear(&r);
    return rc;
}

void dict_entry_free(dict_entry *e)
{
    if (!e)
        return;
    free(e->word);
    for (size_t i = 0; i < e->nstems; i++)
        free(e->stems[i]);
    free(e->stems);
    for (size_t i = 0; i < e->nfamily; i++)
        free(e->family[i]);
    free(e->family);
    for (size_t i = 0; i < e->ndefs; i++) {
        free(e->defs[i].text);
        free(e->defs[i].of);
    }
    free(e->defs);
    free(e);
}

/* --- check -------------------------------------------------------------- */

const char *dict_reason_name(dict_reason_code code)
{
    switch (code) {
    case DICT_NOT_A_WORD: return "not_a_word";
    case DICT_PROPER_NOUN: return "proper_noun";
    case DICT_CARDS_NOT_COVERED: return "cards_not_covered";
    case DICT_ALREADY_USED: return "already_used";
    case DICT_DERIVATIVE: return "derivative";
    }
    return "unknown";
}

/* Where a verdict goes: malloc'd pieces (dict_check), or the fixed room
 * of a dict_verdict_buf (dict_check_buf; `full` when it does not fit). */
typedef struct sink {
    dict_verdict *v;
    dict_verdict_buf *b;
    int full;
} sink;

/* A copy of s (l bytes) that lives as long as the verdict. */
static char *keep(sink *k, const char *s, size_t l)
{
    if (!k->b)
        return wb_strndup(s, l);
    if (k->b->ntext + l + 1 > sizeof k->b->text) {
        k->full = 1;
        return NULL;
    }
    char *p = k->b->text + k->b->ntext;
    memcpy(p, s, l);
    p[l] = '\0';
    k->b->ntext += l + 1;
    return p;
}

static void add_reason(sink *k, dict_reason_code code, const char *of, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));

static void add_reason(sink *k, dict_reason_code code, const char *of, const char *fmt, ...)
{
    char small[512], *big = NULL;
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(small, sizeof small, fmt, ap);
    va_end(ap);
    const char *text = small;
    if (n < 0)
        n = 0;
    if ((size_t)n >= sizeof small) {
        if (k->b) {
            k->full = 1;
            return;
        }
        big = wb_malloc((size_t)n + 1);
        va_start(ap, fmt);
        vsnprintf(big, (size_t)n + 1, fmt, ap);
        va_end(ap);
        text = big;
    }
    dict_verdict *v = k->v;
    if (k->b) {
        if (v->nreasons == DICT_VERDICT_REASONS) {
            k->full = 1;
            return;
        }
    } else {
        v->reasons = wb_realloc(v->reasons, (v->nreasons + 1) * sizeof *v->reasons);
    }
    dict_reason *re = &v->reasons[v->nreasons];
    re->code = code;
    re->cards = 0;
    re->detail = keep(k, text, (size_t)n);
    re->of = of ? keep(k, of, strlen(of)) : NULL;
    free(big);
    if (!k->full)
        v->nreasons++;
}

/* Explain why the cards are not covered, naming the cards that lack a
 * letter: those with no letter in the word at all, or else the group that
 * competes for too few letters. */
static void cover_reason(sink *k, const dict_cards *cards, const cards_set *cs, const char *base)
{
    uint32_t lack = cards_short(cs, base, strlen(base));
    size_t cap = 256, n = 0, nlack = 0;
    char *s = wb_malloc(cap);
    s[0] = '\0';
    if (!lack) /* not expected: the matcher said the cards are not covered */
        lack = cs->n < 32 ? (1u << cs->n) - 1 : UINT32_MAX;
    for (size_t i = 0; i < cs->n; i++)
        nlack += (lack >> i) & 1;
    for (size_t i = 0, j = 0; i < cs->n; i++) {
        if (!((lack >> i) & 1))
            continue;
        const char *c = cards->cards[i];
        s = wb_grow(s, &cap, n + strlen(c) + 8, 1);
        n += (size_t)snprintf(s + n, cap - n, "%s%s", j == 0 ? "" : j + 1 == nlack ? " and " : ", ", c);
        j++;
    }
    size_t first = (size_t)__builtin_ctz(lack), before = k->v->nreasons;
    if (!(cs->mask[first] & cards_word_mask(base, strlen(base))))
        add_reason(k, DICT_CARDS_NOT_COVERED, NULL, "the word has no letter of card%s %s",
                   nlack > 1 ? "s" : "", s);
    else
        add_reason(k, DICT_CARDS_NOT_COVERED, NULL,
                   "cards %s need a separate letter each, and the word has only %zu for them",
                   s, nlack - 1);
    if (k->v->nreasons > before)
        k->v->reasons[before].cards = lack;
    free(s);
}

/* The check, into the sink k (its verdict zeroed by the caller). */
static int check(const dict *d, const char *word, size_t len, const dict_cards *cards,
                 const char *const *used, size_t nused, unsigned opts, sink *k)
{
    char w[FOLD_CAP], u[FOLD_CAP], base[FOLD_CAP], uf[8][FOLD_CAP];
    size_t offs[DICT_WORD_MAX], lens[DICT_WORD_MAX], nlet = 0;
    size_t pos[DICT_CARDS_MAX];
    cards_set cs;
    store_txn *t = NULL;
    wrec r = {0}, ur = {0};
    dict_verdict *v = k->v;
    int rc;

    if ((rc = dict_fold_word(word, len, w)))
        return rc;
    if ((rc = cards_parse(cards->cards, cards->ncards, &cs)))
        return rc;
    /* The used words are folded once: the first eight kept for below. */
    for (size_t i = 0; i < nused; i++)
        if (!used[i] || (rc = dict_fold_word(used[i], strlen(used[i]), i < 8 ? uf[i] : u)))
            return used[i] ? rc : WB_EINVAL;
    if ((rc = store_txn_begin(d->env, 0, &t)))
        return rc;
    if ((rc = dict_wrec_get(d, t, w, &r)))
        goto out;

    v->word = keep(k, w, strlen(w));
    if (r.found && !(r.flags & FMT_VALID) && (r.flags & FMT_PROPER))
        add_reason(k, DICT_PROPER_NOUN, NULL,
                   "'%s' is a proper noun (a name of a person, place or thing), not a word", w);
    else if (r.found && (r.flags & FMT_ABBREV))
        add_reason(k, DICT_NOT_A_WORD, NULL, "'%s' is an abbreviation or a symbol, not a word",
                   w);
    else if (!r.found || !(r.flags & FMT_VALID))
        add_reason(k, DICT_NOT_A_WORD, NULL, "'%s' is not in the %s dictionary", w, d->id);

    int based = norm_base(w, base, sizeof base) == WB_OK &&
                norm_letter_spans(w, offs, lens, DICT_WORD_MAX, &nlet) == WB_OK;
    if (based && cards_cover(&cs, base, strlen(base), pos)) {
        if (!k->b)
            v->assign = wb_calloc(cs.n + 1, sizeof *v->assign);
        v->nassign = cs.n;
        for (size_t i = 0; i < cs.n; i++) {
            dict_assign *a = &v->assign[i];
            a->card = i;
            a->position = pos[i];
            size_t l = lens[pos[i]] < sizeof a->letter ? lens[pos[i]] : sizeof a->letter - 1;
            memcpy(a->letter, w + offs[pos[i]], l);
            a->letter[l] = '\0';
        }
    } else if (cs.n > 0) {
        cover_reason(k, cards, &cs, based ? base : "");
    }

    for (size_t i = 0; i < nused; i++) {
        if (i < 8)
            memcpy(u, uf[i], strlen(uf[i]) + 1);
        else
            dict_fold_word(used[i], strlen(used[i]), u);
        if (strcmp(u, w) == 0) {
            add_reason(k, DICT_ALREADY_USED, used[i], "'%s' was already used this game", w);
            continue;
        }
        if ((rc = dict_wrec_get(d, t, u, &ur)))
            goto out;
        if (dict_wrec_related(&r, &ur, opts))
            add_reason(k, DICT_DERIVATIVE, used[i],
                       "'%s' is a derivative of '%s', already used this game", w, u);
        dict_wrec_clear(&ur);
    }
    v->valid = v->nreasons == 0;
    if (k->full)
        rc = WB_ETOOBIG;
out:
    store_txn_abort(t);
    dict_wrec_clear(&r);
    dict_wrec_clear(&ur);
    return rc;
}

int dict_compounds_parse(const char *name, unsigned *opt)
{
    if (name && !strcmp(name, "separate"))
        *opt = 0;
    else if (name && !strcmp(name, "derivative"))
        *opt = DICT_COMPOUNDS;
    else
        return WB_EINVAL;
    return WB_OK;
}

static const char *const grade_names[] = {"school", "adult", "young"};

int dict_class_grade_parse(const char *name, unsigned *opt)
{
    for (unsigned g = 0; name && g < sizeof grade_names / sizeof *grade_names; g++)
        if (strcmp(name, grade_names[g]) == 0) {
            *opt = DICT_CLASS_GRADE(g);
            return WB_OK;
        }
    return WB_EINVAL;
}

const char *dict_class_grade_name(unsigned opts)
{
    unsigned g = (opts >> 16) & 3;
    return g < sizeof grade_names / sizeof *grade_names ? grade_names[g] : grade_names[0];
}

const char *dict_compounds_name(unsigned opts)
{
    return opts & DICT_COMPOUNDS ? "derivative" : "separate";
}

int dict_check(const dict *d, const char *word, size_t len,
               const dict_cards *cards, const char *const *used, size_t nused,
               dict_verdict **out)
{
    return dict_check_opt(d, word, len, cards, used, nused, 0, out);
}

int dict_check_opt(const dict *d, const char *word, size_t len, const dict_cards *cards,
                   const char *const *used, size_t nused, unsigned opts, dict_verdict **out)
{
    sink k = {wb_calloc(1, sizeof(dict_verdict)), NULL, 0};
    int rc = check(d, word, len, cards, used, nused, opts, &k);
    *out = NULL;
    if (rc) {
        dict_verdict_free(k.v);
        return rc;
    }
    *out = k.v;
    return WB_OK;
}

int dict_check_buf(const dict *d, const char *word, size_t len, const dict_cards *cards,
                   const char *const *used, size_t nused, unsigned opts, dict_verdict_buf *b)
{
    memset(&b->v, 0, sizeof b->v);
    b->v.reasons = b->reasons;
    b->v.assign = b->assign;
    b->ntext = 0;
    sink k = {&b->v, b, 0};
    return check(d, word, len, cards, used, nused, opts, &k);
}

void dict_verdict_free(dict_verdict *v)
{
    if (!v)
        return;
    free(v->word);
    for (size_t i = 0; i < v->nreasons; i++) {
        free(v->reasons[i].detail);
        free(v->reasons[i].of);
    }
    free(v->reasons);
    free(v->assign);
    free(v);
}

int dict_related(const dict *d, const char *a, size_t alen, const char *b,
                 size_t blen, int *related)
{
    return dict_related_opt(d, a, alen, b, blen, 0, related);
}

int dict_related_opt(const dict *d, const char *a, size_t alen, const char *b, size_t blen,
                     unsigned opts, int *related)
{
    char fa[FOLD_CAP], fb[FOLD_CAP];
    store_txn *t = NULL;
    wrec ra = {0}, rb = {0};
    int rc = dict_fold_word(a, alen, fa);
    if (!rc)
        rc = dict_fold_word(b, blen, fb);
    if (rc)
        return rc;
    if ((rc = store_txn_begin(d->env, 0, &t)))
        return rc;
    rc = dict_wrec_get(d, t, fa, &ra);
    if (!rc)
        rc = dict_wrec_get(d, t, fb, &rb);
    if (!rc)
        *related = strcmp(fa, fb) == 0 || dict_wrec_related(&ra, &rb, opts);
    store_txn_abort(t);
    dict_wrec_clear(&ra);
    dict_wrec_clear(&rb);
    return rc;
}
