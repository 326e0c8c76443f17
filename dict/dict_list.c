/*
 * dict_list.c - lists over the whole dictionary: the words fitting a set
 * of cards (the in-memory letter bitsets and Hall's condition), words by
 * prefix (the LMDB B-tree), words by pattern (the trie in LMDB), and the
 * naive scans they were measured against (dict_alt.h).
 */
#include "dict.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cards.h"
#include "dict_alt.h"
#include "dict_int.h"
#include "normalise.h"
#include "wb_err.h"
#include "wb_mem.h"

/* --- lists -------------------------------------------------------------- */

static dict_list *list_new(size_t limit)
{
    dict_list *l = wb_calloc(1, sizeof *l);
    l->words = wb_calloc(limit + 1, sizeof *l->words);
    return l;
}

void dict_list_free(dict_list *l)
{
    if (!l)
        return;
    for (size_t i = 0; i < l->nwords; i++)
        free(l->words[i]);
    free(l->words);
    free(l);
}

static void set_bit(void *ctx, uint32_t id)
{
    uint64_t *bits = ctx;
    bits[id / 64] |= 1ull << (id % 64);
}

/* Fill `excl` (nbits words) with the used words and their derivatives
 * (with DICT_COMPOUNDS: the compounds of each and its parts too). */
static int exclusions(const dict *d, const char *const *used, size_t nused, unsigned opts,
                      uint64_t *excl)
{
    char u[FOLD_CAP];
    store_txn *t = NULL;
    wrec r = {0};
    int rc;
    for (size_t i = 0; i < nused; i++)
        if (!used[i] || (rc = dict_fold_word(used[i], strlen(used[i]), u)))
            return used[i] ? rc : WB_EINVAL;
    if (nused == 0)
        return WB_OK;
    if ((rc = store_txn_begin(d->env, 0, &t)))
        return rc;
    for (size_t i = 0; i < nused && !rc; i++) {
        dict_fold_word(used[i], strlen(used[i]), u);
        if ((rc = dict_wrec_get(d, t, u, &r)))
            break;
        if (r.id != DICT_NONE)
            set_bit(excl, r.id);
        /* Words whose L meets K(u) are exactly the members of K(u). */
        for (size_t k = 0; k < r.nfam && !rc; k++)
            rc = dict_each_member(d, t, r.fam[k], set_bit, excl);
        /* Words whose C meets K(u), and (K = L where there are compounds)
         * words whose L meets C(u). */
        for (size_t k = 0; (opts & DICT_COMPOUNDS) && k < r.nfam && !rc; k++)
            rc = dict_each_compound(d, t, r.fam[k], set_bit, excl);
        for (size_t k = 0; (opts & DICT_COMPOUNDS) && k < r.ncomp && !rc; k++)
            rc = dict_each_member(d, t, r.comp[k], set_bit, excl);
        dict_wrec_clear(&r);
    }
    store_txn_abort(t);
    return rc;
}

static void take(dict_list *l, const dict *d, uint32_t id, size_t offset,
                 size_t limit)
{
    if (l->total >= offset && l->nwords < limit)
        l->words[l->nwords++] = wb_strdup(dict_word_str(d, id));
    l->total++;
}

/* Hall's condition: a word covers the cards exactly when every set S of
 * cards finds at least |S| positions holding letters of S.  Sets of one
 * card are the candidate bitsets; groups of cards that share no letter
 * with each other are independent.  So only sets of two or more cards
 * inside one group of overlapping cards remain, and since a letter with
 * count c gives min(c, |S|) = sum over j <= |S| of [c >= j] positions, each
 * set is checked for 64 words at a time with bit-sliced counters over the
 * "letter occurs at least j times" bitsets. */
typedef struct hall {
    uint32_t mask[64];
    uint8_t size[64];
    size_t n;
    int exact; /* 0: a group of more than 4 cards; use the matcher */
} hall;

static void hall_plan(const cards_set *cs, hall *h)
{
    int group[DICT_CARDS_MAX];
    h->n = 0;
    h->exact = 1;
    for (size_t i = 0; i < cs->n; i++)
        group[i] = (int)i;
    for (size_t i = 0; i < cs->n; i++)
        for (size_t j = i + 1; j < cs->n; j++)
            if ((cs->mask[i] & cs->mask[j]) && group[j] != group[i]) {
                int from = group[j], to = group[i];
                for (size_t k = 0; k < cs->n; k++)
                    if (group[k] == from)
                        group[k] = to;
            }
    for (size_t g = 0; g < cs->n && h->exact; g++) {
        size_t idx[DICT_CARDS_MAX], m = 0;
        for (size_t i = 0; i < cs->n; i++)
            if (group[i] == (int)g)
                idx[m++] = i;
        if (m < 2)
            continue;
        if (m > 4) {
            h->exact = 0;
            break;
        }
        for (uint32_t sub = 1; sub < (1u << m); sub++) {
            int size = __builtin_popcount(sub);
            if (size < 2)
                continue;
            uint32_t u = 0;
            for (size_t k = 0; k < m; k++)
                if (sub & (1u << k))
                    u |= cs->mask[idx[k]];
            h->mask[h->n] = u;
            h->size[h->n++] = (uint8_t)size;
        }
    }
}

/* Keep in cand[i] only the words meeting every set of the plan. */
static void hall_filter(const dict *d, const hall *h, uint64_t *cand)
{
    size_t nb = d->nbits;
    for (size_t i = 0; i < nb; i++) {
        if (!cand[i])
            continue;
        for (size_t s = 0; s < h->n && cand[i]; s++) {
            /* c2 c1 c0: a saturating count (>= 4 keeps c2 set). */
            uint64_t c0 = 0, c1 = 0, c2 = 0;
            for (uint32_t m = h->mask[s]; m; m &= m - 1) {
                size_t l = (size_t)__builtin_ctz(m);
                for (int j = 0; j < h->size[s]; j++) {
                    uint64_t x = d->ge[j][l * nb + i];
                    uint64_t k0 = c0 & x;
                    c0 ^= x;
                    uint64_t k1 = c1 & k0;
                    c1 ^= k0;
                    c2 |= k1;
                }
            }
            uint64_t ok = h->size[s] == 2 ? (c1 | c2)
                        : h->size[s] == 3 ? ((c1 & c0) | c2)
                                          : c2;
            cand[i] &= ok;
        }
    }
}

int dict_match(const dict *d, const dict_cards *cards, const char *const *used,
               size_t nused, size_t offset, size_t limit, dict_list **out)
{
    return dict_match_opt(d, cards, used, nused, offset, limit, 0, out);
}

int dict_match_opt(const dict *d, const dict_cards *cards, const char *const *used,
                   size_t nused, size_t offset, size_t limit, unsigned opts, dict_list **out)
{
    cards_set cs;
    hall h;
    size_t nb = d->nbits;
    int rc = cards_parse(cards->cards, cards->ncards, &cs);
    *out = NULL;
    if (rc)
        return rc;
    uint64_t *cand = wb_malloc((nb + 1) * 8), *acc = wb_malloc((nb + 1) * 8);
    uint64_t *excl = wb_calloc(nb + 1, 8);
    if ((rc = exclusions(d, used, nused, opts, excl))) {
        free(cand);
        free(acc);
        free(excl);
        return rc;
    }
    /* Candidates: for every card, some letter of the card is in the word
     * (AND over cards of the OR of the card's letter bitsets). */
    /* the class setting: without what it hides at its grade */
    const uint64_t *hide = dict_opts_grade(opts) >= 0 ? d->hide[dict_opts_grade(opts)] : NULL;
    for (size_t i = 0; i < nb; i++)
        cand[i] = ~excl[i] & (hide ? ~hide[i] : ~0ull);
    if (d->nrecs % 64)
        cand[nb - 1] &= (1ull << (d->nrecs % 64)) - 1;
    for (size_t c = 0; c < cs.n; c++) {
        memset(acc, 0, nb * 8);
        for (uint32_t m = cs.mask[c]; m; m &= m - 1) {
            const uint64_t *b = d->bits + (size_t)__builtin_ctz(m) * nb;
            for (size_t i = 0; i < nb; i++)
                acc[i] |= b[i];
        }
        for (size_t i = 0; i < nb; i++)
            cand[i] &= acc[i];
    }
    hall_plan(&cs, &h);
    if (h.exact)
        hall_filter(d, &h, cand);
    dict_list *l = list_new(limit);
    int max_size = (int)((opts >> 8) & 0xff); /* DICT_MATCH_WITHIN */
    /* DICT_MATCH_COMMON: one pass per size class, commonest first, over
     * the candidates of that class (d->cls); within a class as the ids
     * run, shortest first, then alphabetical */
    int npass = (opts & DICT_MATCH_COMMON) && d->cls ? DICT_NCLASS : 1;
    for (int pass = 0; pass < npass; pass++) {
        const uint64_t *only = npass > 1 ? d->cls + (size_t)pass * nb : NULL;
        for (size_t i = 0; i < nb; i++) {
            uint64_t w = only ? cand[i] & only[i] : cand[i];
            /* a vocabulary: the words of its size classes (a word of none,
             * size 0, is in none) */
            for (uint64_t m = max_size > 0 ? w : 0; m; m &= m - 1) {
                uint32_t id = (uint32_t)(i * 64 + (size_t)__builtin_ctzll(m));
                if (d->recs[id].size == 0 || d->recs[id].size > max_size)
                    w &= ~(1ull << (id % 64));
            }
            if (h.exact &&
                (l->nwords == limit || l->total + (size_t)__builtin_popcountll(w) <= offset)) {
                /* Nothing to collect from this block: just count it. */
                l->total += (size_t)__builtin_popcountll(w);
                continue;
            }
            while (w) {
                uint32_t id = (uint32_t)(i * 64 + (size_t)__builtin_ctzll(w));
                w &= w - 1;
                if (!h.exact && !cards_cover_counts(&cs, d->recs[id].counts))
                    continue;
                take(l, d, id, offset, limit);
            }
        }
    }
    free(cand);
    free(acc);
    free(excl);
    *out = l;
    return WB_OK;
}

int dict_match_scan(const dict *d, const dict_cards *cards,
                    const char *const *used, size_t nused, size_t offset,
                    size_t limit, int use_mask, dict_list **out)
{
    cards_set cs;
    char base[FOLD_CAP];
    size_t pos[DICT_CARDS_MAX];
    int rc = cards_parse(cards->cards, cards->ncards, &cs);
    *out = NULL;
    if (rc)
        return rc;
    uint64_t *excl = wb_calloc(d->nbits + 1, 8);
    if ((rc = exclusions(d, used, nused, 0, excl))) {
        free(excl);
        return rc;
    }
    uint32_t need = 0;
    for (size_t c = 0; c < cs.n; c++)
        need |= cs.mask[c];
    dict_list *l = list_new(limit);
    for (uint32_t id = 0; id < d->nrecs; id++) {
        if (excl[id / 64] & (1ull << (id % 64)))
            continue;
        if (use_mask) {
            int ok = 1;
            for (size_t c = 0; c < cs.n && ok; c++)
                ok = (d->recs[id].mask & cs.mask[c]) != 0;
            if (!ok || !cards_cover_counts(&cs, d->recs[id].counts))
                continue;
        } else if (norm_base(dict_word_str(d, id), base, sizeof base) ||
                   !cards_cover(&cs, base, strlen(base), pos)) {
            continue;
        }
        take(l, d, id, offset, limit);
    }
    (void)need;
    free(excl);
    *out = l;
    return WB_OK;
}

static int prefix_fold(const char *prefix, size_t len, char *p)
{
    if (len == 0) {
        p[0] = '\0';
        return WB_OK;
    }
    return dict_fold_word(prefix, len, p);
}

int dict_prefix(const dict *d, const char *prefix, size_t len, size_t limit,
                dict_list **out)
{
    return dict_prefix_opt(d, prefix, len, limit, 0, out);
}

int dict_prefix_opt(const dict *d, const char *prefix, size_t len, size_t limit,
                    unsigned opts, dict_list **out)
{
    char p[FOLD_CAP];
    store_txn *t = NULL;
    store_cur *c = NULL;
    store_val k, v;
    int rc = prefix_fold(prefix, len, p);
    size_t pl = strlen(p);
    *out = NULL;
    if (rc)
        return rc;
    if ((rc = store_txn_begin(d->env, 0, &t)))
        return rc;
    dict_list *l = list_new(limit);
    rc = store_cur_open(t, d->db_words, &c);
    if (!rc)
        rc = store_cur_seek(c, pl ? p : NULL, pl, &k, &v);
    while (!rc && k.len >= pl && memcmp(k.data, p, pl) == 0) {
        fmt_word fw;
        if (v.len >= sizeof fw) {
            memcpy(&fw, v.data, sizeof fw);
            if ((fw.flags & FMT_VALID) && !dict_id_hidden(d, fw.id, opts)) {
                if (l->nwords == limit) {
                    l->total++;
                    break;
                }
                l->words[l->nwords++] = wb_strndup(k.data, k.len);
                l->total++;
            }
        }
        rc = store_cur_next(c, &k, &v);
    }
    if (rc == WB_ENOTFOUND)
        rc = WB_OK;
    store_cur_close(c);
    store_txn_abort(t);
    if (rc) {
        dict_list_free(l);
        return rc;
    }
    *out = l;
    return WB_OK;
}

/* The naive scans: every word tested, the hits sorted by bytes. */
static int scan_sorted(const dict *d, int (*hit)(const char *w, const char *arg),
                       const char *arg, size_t limit, dict_list **out)
{
    size_t n = 0, cap = 0;
    const char **hits = NULL;
    for (uint32_t id = 0; id < d->nrecs; id++)
        if (hit(dict_word_str(d, id), arg)) {
            hits = wb_grow(hits, &cap, n + 1, sizeof *hits);
            hits[n++] = dict_word_str(d, id);
        }
    if (n)
        qsort(hits, n, sizeof *hits, dict_str_cmp);
    dict_list *l = list_new(limit);
    for (size_t i = 0; i < n && i < limit; i++)
        l->words[l->nwords++] = wb_strdup(hits[i]);
    l->total = n > limit ? limit + 1 : n;
    free(hits);
    *out = l;
    return WB_OK;
}

static int prefix_hit(const char *w, const char *prefix)
{
    return strncmp(w, prefix, strlen(prefix)) == 0;
}

int dict_prefix_scan(const dict *d, const char *prefix, size_t len,
                     size_t limit, dict_list **out)
{
    char p[FOLD_CAP];
    int rc = prefix_fold(prefix, len, p);
    *out = NULL;
    return rc ? rc : scan_sorted(d, prefix_hit, p, limit, out);
}

/* --- trie walks --------------------------------------------------------- */

typedef struct walk {
    const dict *d;
    store_txn *t;
    const char *pat; /* folded pattern, '?' = any letter */
    size_t patlen;
    dict_list *l;
    size_t limit;
    int prefix_mode; /* words under the node, pattern is a prefix */
    int more;
    unsigned opts; /* DICT_LOOKUP_CLASS: without what the class setting hides */
} walk;

static int node_get(walk *w, uint32_t id, fmt_trie_node *n, const unsigned char **ch)
{
    unsigned char key[4] = {(unsigned char)(id >> 24), (unsigned char)(id >> 16),
                            (unsigned char)(id >> 8), (unsigned char)id};
    store_val v;
    int rc = store_get(w->t, w->d->db_trie, key, 4, &v);
    if (rc)
        return rc == WB_ENOTFOUND ? WB_ECORRUPT : rc;
    if (v.len < sizeof *n)
        return WB_ECORRUPT;
    memcpy(n, v.data, sizeof *n);
    if (v.len != sizeof *n + 5 * (size_t)n->nchild ||
        (n->word != DICT_NONE && n->word >= w->d->nrecs))
        return WB_ECORRUPT;
    *ch = (const unsigned char *)v.data + sizeof *n;
    return WB_OK;
}

static int emit(walk *w, uint32_t word)
{
    if (w->l->nwords == w->limit) {
        w->more = 1;
        return 1;
    }
    w->l->words[w->l->nwords++] = wb_strdup(dict_word_str(w->d, word));
    return 0;
}

/* Walk node `id` at pattern offset `pi`; `cont` continuation bytes of a
 * multi-byte letter matched by '?' are still to be consumed.  Returns <0
 * on error, 1 when the limit was reached, else 0. */
static int walk_node(walk *w, uint32_t id, size_t pi, int cont, int depth)
{
    fmt_trie_node n;
    const unsigned char *ch;
    int rc = node_get(w, id, &n, &ch);
    if (rc)
        return -rc;
    if (depth > 4 * DICT_WORD_MAX + 8)
        return -WB_ECORRUPT;
    int at_end = cont == 0 && pi == w->patlen;
    if (n.word != DICT_NONE && at_end && !dict_id_hidden(w->d, n.word, w->opts) &&
        emit(w, n.word))
        return 1;
    for (uint16_t i = 0; i < n.nchild; i++) {
        unsigned char by = ch[5 * i];
        uint32_t child;
        memcpy(&child, ch + 5 * i + 1, 4);
        size_t npi = pi;
        int ncont = cont;
        if (cont > 0) {
            if ((by & 0xC0) != 0x80)
                continue;
            ncont = cont - 1;
        } else if (pi == w->patlen) {
            if (!w->prefix_mode)
                continue;
        } else if (w->pat[pi] == '?') {
            if (by >= 0xF0) ncont = 3;
            else if (by >= 0xE0) ncont = 2;
            else if (by >= 0xC0) ncont = 1;
            else if (by >= 0x80) continue;
            npi = pi + 1;
        } else {
            if ((unsigned char)w->pat[pi] != by)
                continue;
            npi = pi + 1;
        }
        /* In prefix mode, past the pattern every byte is taken. */
        rc = walk_node(w, child, npi, ncont, depth + 1);
        if (rc)
            return rc;
    }
    return 0;
}

static int walk_run(const dict *d, const char *pat, size_t limit,
                    int prefix_mode, unsigned opts, dict_list **out)
{
    walk w = {.d = d, .pat = pat, .patlen = strlen(pat), .limit = limit,
              .prefix_mode = prefix_mode, .opts = opts};
    int rc = store_txn_begin(d->env, 0, &w.t);
    *out = NULL;
    if (rc)
        return rc;
    w.l = list_new(limit);
    rc = d->nrecs ? walk_node(&w, 0, 0, 0, 0) : 0;
    store_txn_abort(w.t);
    if (rc < 0) {
        dict_list_free(w.l);
        return -rc;
    }
    w.l->total = w.l->nwords + (w.more ? 1 : 0);
    *out = w.l;
    return WB_OK;
}

int dict_prefix_trie(const dict *d, const char *prefix, size_t len,
                     size_t limit, dict_list **out)
{
    char p[FOLD_CAP];
    int rc = prefix_fold(prefix, len, p);
    if (rc)
        return rc;
    return walk_run(d, p, limit, 1, 0, out);
}

/* Fold a pattern: runs of letters are folded, '?' kept. */
static int pattern_fold(const char *pat, size_t len, char *out)
{
    size_t n = 0, letters = 0, i = 0;
    char seg[FOLD_CAP];
    if (len == 0)
        return WB_ENOTWORD;
    while (i < len) {
        if (pat[i] == '?') {
            if (n + 2 > FOLD_CAP || ++letters > DICT_WORD_MAX)
                return WB_ENOTWORD;
            out[n++] = '?';
            i++;
            continue;
        }
        size_t j = i;
        while (j < len && pat[j] != '?')
            j++;
        int rc = dict_fold_word(pat + i, j - i, seg);
        if (rc)
            return rc;
        size_t sl = strlen(seg);
        if (n + sl + 1 > FOLD_CAP)
            return WB_ENOTWORD;
        memcpy(out + n, seg, sl);
        n += sl;
        letters += sl; /* bytes >= letters; a bound is all we need */
        i = j;
    }
    out[n] = '\0';
    return WB_OK;
}

int dict_pattern(const dict *d, const char *pattern, size_t len, size_t limit,
                 dict_list **out)
{
    return dict_pattern_opt(d, pattern, len, limit, 0, out);
}

int dict_pattern_opt(const dict *d, const char *pattern, size_t len, size_t limit,
                     unsigned opts, dict_list **out)
{
    char p[FOLD_CAP];
    int rc = pattern_fold(pattern, len, p);
    *out = NULL;
    if (rc)
        return rc;
    return walk_run(d, p, limit, 0, opts, out);
}

/* Does folded `w` match folded pattern `p` ('?' = one letter)? */
static int pattern_hit(const char *w, const char *p)
{
    while (*p && *w) {
        if (*p == '?') {
            unsigned char c = (unsigned char)*w++;
            if (c >= 0xC0)
                while ((*w & 0xC0) == 0x80)
                    w++;
        } else if (*p != *w) {
            return 0;
        } else {
            w++;
        }
        p++;
    }
    return !*p && !*w;
}

int dict_pattern_scan(const dict *d, const char *pattern, size_t len,
                      size_t limit, dict_list **out)
{
    char p[FOLD_CAP];
    int rc = pattern_fold(pattern, len, p);
    *out = NULL;
    return rc ? rc : scan_sorted(d, pattern_hit, p, limit, out);
}
