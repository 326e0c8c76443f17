/*
 * wordnet.c - a small reader of the WordNet 3.0 database files: loading
 * (wordnet_query.c answers the questions; wordnet_int.h holds the tables).
 *
 * Words are interned in one strtab; relations (exceptions, links, senses)
 * are collected as pairs and turned into sorted adjacency lists (CSR) once
 * loading is done.  Synsets are kept per part of speech, sorted by their
 * byte offset (which is how pointers name them), for binary search.
 */
#include "wordnet_int.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "classroom.h"
#include "strtab.h"
#include "wb_err.h"
#include "wb_mem.h"

static const char *const pos_file[NPOS] = {"noun", "verb", "adj", "adv"};


static void pairs_add(pairs *p, uint32_t a, uint32_t b)
{
    p->v = wb_grow(p->v, &p->cap, p->n + 1, sizeof *p->v);
    p->v[p->n].a = a;
    p->v[p->n].b = b;
    p->n++;
}

static int pair_cmp(const void *x, const void *y)
{
    const pair *a = x, *b = y;
    if (a->a != b->a)
        return a->a < b->a ? -1 : 1;
    return a->b < b->b ? -1 : a->b > b->b;
}

static void csr_build(csr *c, pairs *p, size_t nwords)
{
    qsort(p->v, p->n, sizeof *p->v, pair_cmp);
    c->off = wb_calloc(nwords + 1, sizeof *c->off);
    c->tgt = wb_malloc((p->n + 1) * sizeof *c->tgt);
    size_t k = 0;
    for (size_t i = 0; i < p->n; i++) {
        if (i > 0 && p->v[i].a == p->v[i - 1].a && p->v[i].b == p->v[i - 1].b)
            continue;
        c->tgt[k++] = p->v[i].b;
        c->off[p->v[i].a + 1]++;
    }
    for (size_t w = 0; w < nwords; w++)
        c->off[w + 1] += c->off[w];
    free(p->v);
    p->v = NULL;
    p->n = p->cap = 0;
}

static void csr_free(csr *c)
{
    free(c->off);
    free(c->tgt);
}

/* A WordNet word as stored in files: lower-case letters, '_' for spaces,
 * adjectives may carry a syntactic marker "(a)", "(p)", "(ip)".  Returns 0
 * for words we skip (collocations, digits, punctuation); with `phrase`
 * keeps a collocation ("get_off") and skips only the rest. */
static int clean_as(const char *in, char *out, size_t cap, int phrase)
{
    size_t n = 0;
    for (; *in && *in != '('; in++) {
        unsigned char c = (unsigned char)*in;
        if (c >= 'A' && c <= 'Z')
            c = (unsigned char)(c - 'A' + 'a');
        if ((c < 'a' || c > 'z') && !(phrase && c == '_'))
            return 0;
        if (n + 1 >= cap)
            return 0;
        out[n++] = (char)c;
    }
    out[n] = '\0';
    return n > 0;
}

static int clean_word(const char *in, char *out, size_t cap)
{
    return clean_as(in, out, cap, 0);
}

static uint32_t word_id(wordnet *wn, const char *w)
{
    uint32_t id = strtab_intern(wn->words, w);
    if (id >= wn->nposbits) {
        size_t old = wn->nposbits;
        wn->posbits = wb_grow(wn->posbits, &wn->nposbits, id + 1, 1);
        memset(wn->posbits + old, 0, wn->nposbits - old);
    }
    return id;
}

static FILE *open_file(const char *dir, const char *prefix, const char *name)
{
    char path[4096];
    snprintf(path, sizeof path, "%s/%s%s", dir, prefix, name);
    return fopen(path, "r");
}

static int load_index(wordnet *wn, const char *dir, int pos, pairs *senses)
{
    FILE *f = open_file(dir, "index.", pos_file[pos]);
    char *line = NULL, w[128];
    size_t cap = 0;
    if (!f)
        return WB_EDATA;
    while (getline(&line, &cap, f) > 0) {
        if (line[0] == ' ')
            continue;
        char *save = NULL, *tok = strtok_r(line, " \n", &save);
        if (!tok || !clean_word(tok, w, sizeof w))
            continue;
        uint32_t id = word_id(wn, w);
        wn->posbits[id] |= (uint8_t)(1u << pos);
        /* lemma pos synset_cnt p_cnt [ptr_symbol...] sense_cnt tagsense_cnt
         * synset_offset... */
        strtok_r(NULL, " ", &save);
        char *t = strtok_r(NULL, " ", &save);
        long nsyn = t ? strtol(t, NULL, 10) : 0;
        t = strtok_r(NULL, " ", &save);
        long nptr = t ? strtol(t, NULL, 10) : 0;
        for (long i = 0; i < nptr; i++)
            strtok_r(NULL, " ", &save);
        strtok_r(NULL, " ", &save);
        t = strtok_r(NULL, " ", &save);
        long tagged = t ? strtol(t, NULL, 10) : 0;
        for (long i = 0; i < nsyn; i++) {
            t = strtok_r(NULL, " \n", &save);
            if (!t)
                break;
            /* a = word, b = pos << 28 | rank << 20 ... the offset does not
             * fit; keep offsets in a side pair list keyed the same way. */
            /* A common sense: one the sense-tagged corpus has met (the
             * index lists those first), or the first. */
            uint32_t common = i < (tagged > 1 ? tagged : 1), untagged = tagged == 0;
            pairs_add(&senses[0], id, (uint32_t)((pos << 16) | (common << 15) |
                                                 (untagged << 14) | (uint32_t)i));
            pairs_add(&senses[1], id, (uint32_t)strtoul(t, NULL, 10));
        }
    }
    free(line);
    fclose(f);
    return WB_OK;
}

static int syn_cmp(const void *x, const void *y)
{
    const synset *a = x, *b = y;
    return a->offset < b->offset ? -1 : a->offset > b->offset;
}

static long syn_find(const wordnet *wn, int pos, long offset)
{
    size_t lo = 0, hi = wn->nsyns[pos];
    while (lo < hi) {
        size_t mid = (lo + hi) / 2;
        if (wn->syns[pos][mid].offset < offset)
            lo = mid + 1;
        else if (wn->syns[pos][mid].offset > offset)
            hi = mid;
        else
            return (long)mid;
    }
    return -1;
}

static int pos_of_char(char c)
{
    switch (c) {
    case 'n': return 0;
    case 'v': return 1;
    case 'a': case 's': return 2;
    case 'r': return 3;
    default: return -1;
    }
}

/* A pointer waiting for its target synset to be loaded. */
typedef struct pend {
    int spos, tpos;
    long soff, toff;
    int src, tgt; /* 1-based word numbers, 0 = whole synset */
    int antonym;
    int hypernym;
    int usage;
    int similar;
} pend;

static int load_data(wordnet *wn, const char *dir, int pos, pend **pv,
                     size_t *np, size_t *pcap)
{
    FILE *f = open_file(dir, "data.", pos_file[pos]);
    char *line = NULL, w[128];
    size_t cap = 0, scap = 0;
    if (!f)
        return WB_EDATA;
    while (getline(&line, &cap, f) > 0) {
        if (line[0] == ' ')
            continue;
        char *bar = strstr(line, " | ");
        char *gloss = bar ? bar + 3 : NULL;
        if (bar)
            *bar = '\0';
        char *save = NULL, *t = strtok_r(line, " ", &save);
        if (!t)
            continue;
        synset s = {.offset = strtol(t, NULL, 10)};
        strtok_r(NULL, " ", &save);          /* lex_filenum */
        strtok_r(NULL, " ", &save);          /* ss_type */
        t = strtok_r(NULL, " ", &save);
        long nw = t ? strtol(t, NULL, 16) : 0;
        s.words = wb_malloc((size_t)(nw > 0 ? nw : 1) * sizeof *s.words);
        for (long i = 0; i < nw; i++) {
            t = strtok_r(NULL, " ", &save);
            strtok_r(NULL, " ", &save);      /* lex_id */
            if (i == 0 && t) {
                s.head = wb_strdup(t);
                for (char *c = s.head; *c; c++)
                    if (*c >= 'A' && *c <= 'Z')
                        *c = (char)(*c - 'A' + 'a');
            }
            s.words[i] = t && clean_word(t, w, sizeof w) ? word_id(wn, w) : UINT32_MAX;
            if (s.words[i] == UINT32_MAX && t && clean_as(t, w, sizeof w, 1)) {
                if (!s.phr) {
                    s.phr = wb_malloc((size_t)nw * sizeof *s.phr);
                    for (long k = 0; k < nw; k++)
                        s.phr[k] = UINT32_MAX;
                }
                s.phr[i] = strtab_intern(wn->phrases, w);
            }
            if (t && t[0] >= 'A' && t[0] <= 'Z' && i < 64)
                s.proper |= 1ull << i;
        }
        s.nwords = (uint8_t)(nw > 255 ? 255 : nw);
        t = strtok_r(NULL, " ", &save);
        long nptr = t ? strtol(t, NULL, 10) : 0;
        for (long i = 0; i < nptr; i++) {
            char *sym = strtok_r(NULL, " ", &save);
            char *off = strtok_r(NULL, " ", &save);
            char *pc = strtok_r(NULL, " ", &save);
            char *st = strtok_r(NULL, " ", &save);
            if (!sym || !off || !pc || !st)
                break;
            /* '+' derivationally related form, '\' pertainym / derived
             * from adjective: both are lexical links between words. */
            /* '=' (attribute: beautiful = beauty) links whole synsets, so
             * it is kept only between words that look alike (link_alike). */
            int attr = strcmp(sym, "=") == 0, ant = strcmp(sym, "!") == 0;
            int hyp = strcmp(sym, "@") == 0;
            /* ';u': a usage domain (obscenity, ethnic slur, ...) */
            int use = strcmp(sym, ";u") == 0;
            /* '&': an adjective satellite's head (inapplicable: irrelevant) */
            int sim = strcmp(sym, "&") == 0;
            if (strcmp(sym, "+") != 0 && strcmp(sym, "\\") != 0 && !attr && !ant && !hyp &&
                !use && !sim)
                continue;
            unsigned long stv = strtoul(st, NULL, 16);
            int tp = pos_of_char(pc[0]);
            if (tp < 0 || (stv == 0 && !attr && !hyp && !use && !sim))
                continue;
            *pv = wb_grow(*pv, pcap, *np + 1, sizeof **pv);
            (*pv)[(*np)++] = (pend){pos, tp, s.offset, strtol(off, NULL, 10),
                                    (int)(stv >> 8), (int)(stv & 0xff), ant, hyp, use, sim};
        }
        if (!s.head)
            s.head = wb_strdup("");
        if (gloss) {
            /* The definition is the gloss up to the first quoted example. */
            char *q = strstr(gloss, "; \"");
            if (q)
                *q = '\0';
            size_t gl = strlen(gloss);
            while (gl && (gloss[gl - 1] == '\n' || gloss[gl - 1] == ' ' ||
                          gloss[gl - 1] == ';'))
                gloss[--gl] = '\0';
            s.gloss = wb_strdup(gloss);
        } else {
            s.gloss = wb_strdup("");
        }
        wn->syns[pos] = wb_grow(wn->syns[pos], &scap, wn->nsyns[pos] + 1,
                                sizeof *wn->syns[pos]);
        wn->syns[pos][wn->nsyns[pos]++] = s;
    }
    free(line);
    fclose(f);
    qsort(wn->syns[pos], wn->nsyns[pos], sizeof *wn->syns[pos], syn_cmp);
    return WB_OK;
}

static int load_exc(wordnet *wn, const char *dir, int pos, pairs *exc)
{
    FILE *f = open_file(dir, pos_file[pos], ".exc");
    char *line = NULL, a[128], b[128];
    size_t cap = 0;
    if (!f)
        return WB_EDATA;
    while (getline(&line, &cap, f) > 0) {
        char *save = NULL;
        char *form = strtok_r(line, " \n", &save);
        if (!form || !clean_word(form, a, sizeof a))
            continue;
        uint32_t fid = word_id(wn, a);
        for (char *base; (base = strtok_r(NULL, " \n", &save));) {
            if (clean_word(base, b, sizeof b) && strcmp(a, b) != 0)
                pairs_add(exc, fid, word_id(wn, b));
        }
    }
    free(line);
    fclose(f);
    return WB_OK;
}

static int sense_cmp(const void *x, const void *y)
{
    const sense *a = x, *b = y;
    if (a->word != b->word)
        return a->word < b->word ? -1 : 1;
    if (a->rank != b->rank)
        return a->rank < b->rank ? -1 : 1;
    return a->pos < b->pos ? -1 : a->pos > b->pos;
}

/* Link two words of a synset-level link when they share a stem: a prefix
 * of four letters or more that leaves at most two letters of the shorter
 * word (beautiful, beauty), not otherwise (large, size). */
static void link_alike(wordnet *wn, pairs *links, uint32_t a, uint32_t b)
{
    if (a == UINT32_MAX || b == UINT32_MAX || a == b)
        return;
    const char *x = strtab_str(wn->words, a), *y = strtab_str(wn->words, b);
    size_t n = 0, lx = strlen(x), ly = strlen(y);
    while (x[n] && x[n] == y[n])
        n++;
    size_t shorter = lx < ly ? lx : ly;
    if (n < 4 || n + 2 < shorter)
        return;
    pairs_add(links, a, b);
    pairs_add(links, b, a);
}

/* Sort the senses, index them by word, and mark in each synset the words
 * for which it is a common sense. */
static void build_senses(wordnet *wn, pairs idx[2], size_t nw)
{
    /* idx[0] holds (word, pos<<16 | common<<15 | rank), idx[1] (word,
     * offset) in the same order. */
    wn->senses = wb_malloc((idx[0].n + 1) * sizeof *wn->senses);
    size_t k = 0;
    for (size_t i = 0; i < idx[0].n; i++) {
        int pos = (int)(idx[0].v[i].b >> 16);
        long si = syn_find(wn, pos, (long)idx[1].v[i].b);
        if (si < 0)
            continue;
        sense *se = &wn->senses[k++];
        *se = (sense){idx[0].v[i].a, (uint16_t)(idx[0].v[i].b & 0x3fff), (uint8_t)pos,
                      (uint8_t)((idx[0].v[i].b >> 15) & 1),
                      (uint8_t)((idx[0].v[i].b >> 14) & 1), 0, (uint32_t)si};
        synset *syn = &wn->syns[pos][si];
        for (size_t x = 0; x < syn->nwords && x < 64; x++)
            if (syn->words[x] == se->word && se->common)
                syn->common |= 1ull << x;
    }
    wn->nsenses = k;
    qsort(wn->senses, k, sizeof *wn->senses, sense_cmp);
    wn->sense_off = wb_calloc(nw + 1, sizeof *wn->sense_off);
    for (size_t i = 0; i < k; i++)
        wn->sense_off[wn->senses[i].word + 1]++;
    for (size_t w = 0; w < nw; w++)
        wn->sense_off[w + 1] += wn->sense_off[w];
}

static int is_common(const synset *s, size_t i)
{
    return i < 64 && (s->common & (1ull << i));
}

/* Gloss stems: how many synset glosses hold each stem (wn_stem_df). */
static void build_df(wordnet *wn)
{
    char stems[WN_GLOSS_STEMS][WN_STEM];
    wn->stems = strtab_create();
    for (int p = 0; p < NPOS; p++) {
        for (size_t i = 0; i < wn->nsyns[p]; i++) {
            size_t n = wn_gloss_stems(wn->syns[p][i].gloss, stems, WN_GLOSS_STEMS);
            for (size_t j = 0; j < n; j++) {
                uint32_t id = strtab_intern(wn->stems, stems[j]);
                if (id >= wn->ndf) {
                    size_t old = wn->ndf;
                    wn->df = wb_grow(wn->df, &wn->ndf, id + 1, sizeof *wn->df);
                    memset(wn->df + old, 0, (wn->ndf - old) * sizeof *wn->df);
                }
                wn->df[id]++;
            }
        }
    }
}

/* How often the sense-tagged corpus met each sense: cntlist.rev, lines
 * "lemma%ss_type:... sense_number tag_count".  Optional: without the file
 * every count is 0 and the index's order stands. */
static void load_counts(wordnet *wn, const char *dir)
{
    static const int pos_of_ss[6] = {-1, 0, 1, 2, 3, 2};
    FILE *f = open_file(dir, "cntlist.rev", "");
    char *line = NULL, w[128];
    size_t cap = 0;
    if (!f)
        return;
    while (getline(&line, &cap, f) > 0) {
        char *pct = strchr(line, '%'), *sp = strchr(line, ' ');
        if (!pct || !sp || pct > sp || pct[1] < '1' || pct[1] > '5')
            continue;
        *pct = '\0';
        uint32_t id = clean_word(line, w, sizeof w) ? strtab_find(wn->words, w) : STRTAB_NONE;
        char *end = NULL;
        long num = strtol(sp + 1, &end, 10), cnt = end ? strtol(end, NULL, 10) : 0;
        int pos = pos_of_ss[pct[1] - '0'];
        if (id == STRTAB_NONE || num < 1 || cnt < 1)
            continue;
        for (uint32_t i = wn->sense_off[id]; i < wn->sense_off[id + 1]; i++)
            if (wn->senses[i].pos == pos && wn->senses[i].rank == num - 1)
                wn->senses[i].count = (uint16_t)(cnt > 65535 ? 65535 : cnt);
    }
    free(line);
    fclose(f);
}

/* Is synset (pos, i) under a subtree root of classroom.c: 1 unfit, -1 a
 * kept subtree inside one, 0 neither.  memo[pos][i]: 0 unknown, else
 * the answer + 2. */
static int subtree(const wordnet *wn, uint8_t *memo[NPOS], int pos, uint32_t i, int depth)
{
    const synset *s = &wn->syns[pos][i];
    if (memo[pos][i])
        return memo[pos][i] - 2;
    int r = class_root(pos, s->head);
    for (size_t k = 0; !r && k < s->nup && depth < 64; k++)
        if (subtree(wn, memo, (int)(s->up[k] >> 30), s->up[k] & 0x3fffffff, depth + 1) > 0)
            r = 1;
    memo[pos][i] = (uint8_t)(r + 2);
    return r;
}

/* Mark the senses unfit for a class (classroom.h): by usage domain (done
 * while resolving pointers), by gloss, by hypernym subtree. */
static void mark_unfit(wordnet *wn)
{
    uint8_t *memo[NPOS];
    for (int p = 0; p < NPOS; p++)
        memo[p] = wb_calloc(wn->nsyns[p] + 1, 1);
    for (int p = 0; p < NPOS; p++)
        for (uint32_t i = 0; i < wn->nsyns[p]; i++) {
            synset *s = &wn->syns[p][i];
            if (class_gloss_unfit(s->gloss) || subtree(wn, memo, p, i, 0) > 0)
                s->unfit = 1;
        }
    for (int p = 0; p < NPOS; p++)
        free(memo[p]);
}

int wn_load(const char *dir, wordnet **out)
{
    wordnet *wn = wb_calloc(1, sizeof *wn);
    pairs idx[2] = {{0}}, exc = {0}, links = {0}, ants = {0}, hypers = {0}, all = {0};
    pend *pv = NULL;
    size_t np = 0, pcap = 0;
    int rc = WB_OK;

    *out = NULL;
    wn->words = strtab_create();
    wn->phrases = strtab_create();
    for (int p = 0; p < NPOS && !rc; p++)
        rc = load_index(wn, dir, p, idx);
    for (int p = 0; p < NPOS && !rc; p++)
        rc = load_data(wn, dir, p, &pv, &np, &pcap);
    for (int p = 0; p < NPOS && !rc; p++)
        rc = load_exc(wn, dir, p, &exc);
    if (rc)
        goto out;
    size_t nw = strtab_count(wn->words);
    build_senses(wn, idx, nw);
    build_df(wn);
    load_counts(wn, dir);

    for (size_t i = 0; i < np; i++) {
        long si = syn_find(wn, pv[i].spos, pv[i].soff);
        long ti = syn_find(wn, pv[i].tpos, pv[i].toff);
        if (si < 0 || ti < 0)
            continue;
        synset *s = &wn->syns[pv[i].spos][si];
        const synset *t = &wn->syns[pv[i].tpos][ti];
        if (pv[i].antonym && s->nopp < 255) {
            s->opp = wb_realloc(s->opp, (size_t)(s->nopp + 1) * sizeof *s->opp);
            s->opp[s->nopp++] = (uint32_t)pv[i].tpos << 30 | (uint32_t)ti;
        }
        if (pv[i].similar) {
            if (s->nsim < 255) {
                s->sim = wb_realloc(s->sim, (size_t)(s->nsim + 1) * sizeof *s->sim);
                s->sim[s->nsim++] = (uint32_t)pv[i].tpos << 30 | (uint32_t)ti;
            }
            continue;
        }
        if (pv[i].usage) {
            /* A usage domain marks the synset, or one word of it. */
            if (class_domain_unfit(t->head)) {
                if (pv[i].src == 0)
                    s->unfit = 1;
                else if (pv[i].src <= 64)
                    s->unfit_words |= 1ull << (pv[i].src - 1);
            }
            continue;
        }
        if (pv[i].hypernym) {
            if (s->nup < 255) {
                s->up = wb_realloc(s->up, (size_t)(s->nup + 1) * sizeof *s->up);
                s->up[s->nup++] = (uint32_t)pv[i].tpos << 30 | (uint32_t)ti;
            }
            /* Every word of the synset is a kind of every word of its
             * hypernym (overcharge: charge). */
            for (size_t x = 0; x < s->nwords; x++)
                for (size_t y = 0; y < t->nwords; y++)
                    if (s->words[x] != UINT32_MAX && t->words[y] != UINT32_MAX &&
                        !is_proper(s, x) && !is_proper(t, y))
                        pairs_add(&hypers, s->words[x], t->words[y]);
            continue;
        }
        if (pv[i].src == 0 && pv[i].tgt == 0) {
            /* A synset-level attribute link: relate the words of the two
             * synsets that share a stem (beautiful, beauty), not the
             * others (large, size). */
            for (size_t x = 0; x < s->nwords; x++)
                for (size_t y = 0; y < t->nwords; y++)
                    if (!is_proper(s, x) && !is_proper(t, y) && is_common(s, x) &&
                        is_common(t, y))
                        link_alike(wn, &links, s->words[x], t->words[y]);
            continue;
        }
        if (pv[i].src < 1 || pv[i].src > s->nwords || pv[i].tgt < 1 ||
            pv[i].tgt > t->nwords)
            continue;
        size_t sx = (size_t)pv[i].src - 1, ty = (size_t)pv[i].tgt - 1;
        uint32_t a = s->words[sx], b = t->words[ty];
        if (pv[i].antonym) {
            if (a != UINT32_MAX && b != UINT32_MAX && a != b) {
                pairs_add(&ants, a, b);
                pairs_add(&ants, b, a);
            }
            continue;
        }
        if (a == UINT32_MAX || b == UINT32_MAX || a == b || is_proper(s, sx) ||
            is_proper(t, ty))
            continue;
        pairs_add(&all, a, b);
        pairs_add(&all, b, a);
        /* Only between senses a table knows: "spinster" links to "spin"
         * through "a woman who spins", a sense nobody means. */
        if (!is_common(s, sx) || !is_common(t, ty))
            continue;
        pairs_add(&links, a, b);
        pairs_add(&links, b, a);
    }

    mark_unfit(wn);
    csr_build(&wn->exc, &exc, nw);
    csr_build(&wn->links, &links, nw);
    csr_build(&wn->ants, &ants, nw);
    csr_build(&wn->hypers, &hypers, nw);
    csr_build(&wn->links_all, &all, nw);

out:
    free(idx[0].v);
    free(idx[1].v);
    free(exc.v);
    free(links.v);
    free(ants.v);
    free(hypers.v);
    free(all.v);
    free(pv);
    if (rc) {
        wn_free(wn);
        return rc;
    }
    *out = wn;
    return WB_OK;
}

void wn_free(wordnet *wn)
{
    if (!wn)
        return;
    for (int p = 0; p < NPOS; p++) {
        for (size_t i = 0; i < wn->nsyns[p]; i++) {
            free(wn->syns[p][i].words);
            free(wn->syns[p][i].gloss);
            free(wn->syns[p][i].head);
            free(wn->syns[p][i].up);
            free(wn->syns[p][i].opp);
            free(wn->syns[p][i].sim);
            free(wn->syns[p][i].phr);
        }
        free(wn->syns[p]);
    }
    csr_free(&wn->exc);
    csr_free(&wn->links);
    csr_free(&wn->ants);
    csr_free(&wn->hypers);
    csr_free(&wn->links_all);
    free(wn->senses);
    free(wn->sense_off);
    free(wn->posbits);
    strtab_destroy(wn->stems);
    free(wn->df);
    strtab_destroy(wn->words);
    strtab_destroy(wn->phrases);
    free(wn);
}

/* Words of a gloss too common to tell anything (the df threshold of the
 * callers does the rest). */
static const char *const stop[] = {
    "about", "being", "cause", "causing", "especially", "having", "other", "person",
    "quality", "something", "someone", "state", "their", "there", "which", "whose",
    "without", "become", "certain", "great", "small", "large", "usually", "often",
};

size_t wn_gloss_stems(const char *text, char out[][WN_STEM], size_t max)
{
    size_t n = 0;
    for (const char *p = text; *p && n < max;) {
        while (*p && !((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z')))
            p++;
        const char *b = p;
        while ((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z'))
            p++;
        size_t l = (size_t)(p - b);
        if (l < 5 || (b[0] >= 'A' && b[0] <= 'Z'))
            continue;
        char tok[64];
        if (l >= sizeof tok)
            continue;
        memcpy(tok, b, l);
        tok[l] = '\0';
        int skip = 0;
        for (size_t i = 0; i < sizeof stop / sizeof *stop; i++)
            skip |= strcmp(tok, stop[i]) == 0;
        if (skip)
            continue;
        size_t sl = l < WN_STEM - 1 ? l : WN_STEM - 1;
        memcpy(out[n], tok, sl);
        out[n][sl] = '\0';
        int dup = 0;
        for (size_t i = 0; i < n; i++)
            dup |= strcmp(out[i], out[n]) == 0;
        if (!dup)
            n++;
    }
    return n;
}
