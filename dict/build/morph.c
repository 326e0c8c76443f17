/*
 * morph.c - base forms and derivational families, from WordNet and
 * Hunspell, computed once at build time (see morph.h for the rule).
 */
#include "morph.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "affix.h"
#include "dict.h"
#include "normalise.h"
#include "strtab.h"
#include "wb_mem.h"

#define MAXB 64
#define FOLD_CAP (4 * DICT_WORD_MAX + 8)

struct morph_sets {
    strtab *lemmas;
    uint32_t *lem_off, *lem;  /* CSR by word id */
    uint32_t *fam_off, *fam;
    uint32_t *mem_off, *mem;  /* CSR by lemma id */
    size_t nwords;
};

typedef struct strset {
    const char *v[MAXB];
    char own[MAXB][FOLD_CAP];
    size_t n;
} strset;

static int set_has(const strset *s, const char *w)
{
    for (size_t i = 0; i < s->n; i++)
        if (strcmp(s->v[i], w) == 0)
            return 1;
    return 0;
}

static void set_add(strset *s, const char *w)
{
    if (s->n >= MAXB || set_has(s, w))
        return;
    size_t l = strlen(w);
    if (l >= FOLD_CAP)
        return;
    memcpy(s->own[s->n], w, l + 1);
    s->v[s->n] = s->own[s->n];
    s->n++;
}

static void rule_bases(const morph_input *in, const char *w, unsigned wpos, int root,
                       strset *out)
{
    char buf[FOLD_CAP];
    for (size_t i = 0; i < wn_ndetach; i++) {
        const wn_detach *r = &wn_detach_rules[i];
        /* Comparatives of a word that is a noun or verb in its own right
         * and listed by Hunspell as a word of its own are nearly always
         * false (number is not numb + er); when Hunspell makes it from
         * the adjective by its comparative flag, it is one (lighter). */
        if (r->pos == WN_ADJ && (wpos & (WN_NOUN | WN_VERB)) && root)
            continue;
        /* hoping is hope's, not hop's: hop doubles (hopping) */
        if (wn_detach_apply(r, w, 2, buf, sizeof buf) && (wn_lemma_pos(in->wn, buf) & r->pos) &&
            !wn_e_verb_form(in->wn, w, buf))
            set_add(out, buf);
    }
}

/* Does a word of the dictionary (or a WordNet lemma) have this form? */
static int known(const morph_input *in, const strtab *words, const char *s)
{
    return strtab_find(words, s) != STRTAB_NONE ||
           (in->wn && wn_lemma_pos(in->wn, s));
}

/* The spelling to ask Hunspell for w: the surface form the sources gave
 * (Häuser for häuser), or w. */
static const char *surface_of(const morph_input *in, const strtab *words, const char *w)
{
    if (!in->surface)
        return w;
    uint32_t id = strtab_find(words, w);
    return id < in->nwords && in->surface[id] ? in->surface[id] : w;
}

/* Not English: is stem s a compound's inner part, not w's lemma?  For
 * a word of its .dic made of parts, Hunspell can answer the middle one:
 * haus for bundeshaushalt, zimmer for wohnzimmercouch.  So: s stands
 * inside w after its first letter, and what follows it is a word of
 * three letters or more (halt, couch); an inflection or a suffix after
 * it is no word (glücklich in unglücklichen stays). */
static int inner_part(const morph_input *in, const strtab *words, const char *w,
                      const char *s)
{
    size_t sl = strlen(s);
    for (const char *p = strstr(w + 1, s); p; p = strstr(p + 1, s)) {
        const char *tail = p + sl;
        if (strlen(tail) >= 3 && known(in, words, tail))
            return 1;
    }
    return 0;
}

static void hun_stems(const morph_input *in, const strtab *words,
                      Hunhandle *h, const char *w, int prefix_check, strset *out)
{
    char **list = NULL, folded[FOLD_CAP];
    int n = Hunspell_stem(h, &list, surface_of(in, words, w));
    for (int i = 0; i < n; i++) {
        if (norm_fold(list[i], strlen(list[i]), DICT_WORD_MAX, folded, sizeof folded))
            continue;
        /* en_US's .dic gives hop and fir the flags G and D, which add
         * -ing and -ed without doubling: affix compression, which puts
         * hope's hoping and fire's fired on them.  Such a stem is read
         * as the -e verb (wn_e_verb_form). */
        size_t fl = strlen(folded);
        if (in->english && in->wn && fl + 1 < sizeof folded &&
            wn_e_verb_form(in->wn, w, folded)) {
            folded[fl] = 'e';
            folded[fl + 1] = '\0';
        }
        if (strcmp(folded, w) == 0 || !known(in, words, folded))
            continue;
        /* A stem that does not begin the word is left after a prefix
         * Hunspell took off: a derivation, so held to AFFIX_MIN_STEM
         * letters as the affix rule's bases are (re + ad + s is no way
         * from "ad" to "reads", nor de + an + s from "an" to "deans"). */
        if (strlen(folded) < AFFIX_MIN_STEM && strncmp(folded, w, strlen(folded)) != 0)
            continue;
        if (!in->english && inner_part(in, words, w, folded))
            continue;
        if (prefix_check) {
            /* en_GB's affix rules invent stems (nation -> n, action ->
             * ace): keep a stem only if, less a final e or y, it begins
             * the word and is three letters or more. */
            size_t sl = strlen(folded);
            if (sl > 1 && (folded[sl - 1] == 'e' || folded[sl - 1] == 'y'))
                sl--;
            if (sl < 3 || strncmp(folded, w, sl) != 0)
                continue;
        }
        set_add(out, folded);
    }
    if (list)
        Hunspell_free_list(h, &list, n);
}

/* What the affix evidence asks of the build: is it a word, and Hunspell's
 * stems, unfiltered, of the word last asked about (`of`; nstems -1: not
 * asked yet): the word being split, or a word its evidence looks at
 * (discreditable's gloss names discredit). */
typedef struct affix_ctx {
    const morph_input *in;
    const strtab *words;
    int root;            /* the word being split is a .dic root */
    char **stems;
    int nstems;
    char of[AFFIX_WORD];
} affix_ctx;

static int ax_is_word(void *ctx, const char *s)
{
    const affix_ctx *a = ctx;
    return strtab_find(a->words, s) != STRTAB_NONE;
}

/* Hunspell's stems are asked for only now: most words never need them,
 * and stemming costs more than all the rest. */
static int ax_flagged(void *ctx, const char *w, const char *base)
{
    affix_ctx *a = ctx;
    if (a->nstems < 0 || strcmp(a->of, w) != 0) {
        if (a->stems)
            Hunspell_free_list(a->in->hun, &a->stems, a->nstems);
        a->stems = NULL;
        snprintf(a->of, sizeof a->of, "%s", w);
        a->nstems = Hunspell_stem(a->in->hun, &a->stems, w);
    }
    for (int i = 0; i < a->nstems; i++)
        if (strcmp(a->stems[i], base) == 0)
            return 1;
    return 0;
}

static int ax_productive(void *ctx, const char *w, const char *base)
{
    const affix_ctx *a = ctx;
    return !a->root && ax_flagged(ctx, w, base);
}

static void affix_add(const morph_input *in, const strtab *words, const char *w, int root,
                      strset *L)
{
    char out[AFFIX_MAX][AFFIX_WORD];
    affix_ctx a = {in, words, root, NULL, -1, ""};
    affix_env env = {in->wn, ax_is_word, ax_productive, ax_flagged, &a};
    size_t n = affix_bases(&env, w, out, NULL, AFFIX_MAX);
    for (size_t i = 0; i < n; i++)
        set_add(L, out[i]);
    if (a.stems)
        Hunspell_free_list(in->hun, &a.stems, a.nstems);
}

/* Does Hunspell's stem h stand for the rule's base r?  The same word, or
 * its end after a prefix Hunspell took off (recorded: cord for record). */
static int agrees(const char *r, const char *h)
{
    size_t rl = strlen(r), hl = strlen(h);
    return strcmp(r, h) == 0 || (hl >= 3 && rl > hl && strcmp(r + rl - hl, h) == 0);
}

/* The inflectional bases of w (itself, the exception lists, morphy's
 * rules, Hunspell's stems) into L. */
static void infl_bases(const morph_input *in, const strtab *words, const char *w, int root,
                       strset *L)
{
    strset rb = {.n = 0}, hb = {.n = 0};
    const char *exc[MAXB];
    unsigned wpos = in->wn ? wn_lemma_pos(in->wn, w) : 0;

    set_add(L, w);
    if (in->wn) {
        size_t n = wn_exc(in->wn, w, exc, MAXB);
        for (size_t i = 0; i < n && i < MAXB; i++) {
            /* adj.exc lists offer -> off and hinder -> hind as
             * comparatives; a word Hunspell lists in its own right that
             * is just the base + er/est is not one (as rule_bases). */
            size_t el = strlen(exc[i]);
            if (root && (wpos & (WN_NOUN | WN_VERB)) && strncmp(w, exc[i], el) == 0 &&
                (strcmp(w + el, "er") == 0 || strcmp(w + el, "est") == 0))
                continue;
            set_add(L, exc[i]);
        }
        rule_bases(in, w, wpos, root, &rb);
    }
    if (in->roots) {
        /* the roots whose affix rules make w; Hunspell's analysis only for
         * a word no rule makes (a root: été is also être's participle; a
         * compound) */
        const char *r[MAXB];
        size_t n = in->roots(in->roots_ctx, w, r, MAXB);
        for (size_t i = 0; i < n; i++)
            if (known(in, words, r[i]))
                set_add(&hb, r[i]);
        if (n == 0)
            hun_stems(in, words, in->stem_hun, w, 0, &hb);
    } else {
        hun_stems(in, words, in->stem_hun, w, 0, &hb);
    }
    if (hb.n == 0 && in->hun != in->stem_hun && !Hunspell_spell(in->stem_hun, w))
        hun_stems(in, words, in->hun, w, 1, &hb);

    /* A word that WordNet lists in its own right (butter, decided) keeps
     * a rule-made base only when Hunspell derives it the same way: both
     * sources must agree before a listed word is taken for an inflection.
     * Forms WordNet does not list take the bases of morphy's rules, or
     * when these find none, Hunspell's.  Not both: beside a WordNet lemma
     * that the form inflects, Hunspell's stem is a root it took a prefix
     * or suffix off (records: record and cord, replies: reply and ply,
     * repairs: repair and pair, badgers: badger and badge), and would
     * make the form a derivative of a word its lemma is not. */
    if (!wpos) {
        for (size_t i = 0; i < rb.n; i++)
            set_add(L, rb.v[i]);
        for (size_t i = 0; i < hb.n && rb.n == 0; i++)
            set_add(L, hb.v[i]);
    } else {
        for (size_t i = 0; i < rb.n; i++)
            for (size_t j = 0; j < hb.n; j++)
                if (agrees(rb.v[i], hb.v[j]))
                    set_add(L, rb.v[i]);
    }
}

static int is_root(const morph_input *in, const strtab *words, const char *w)
{
    uint32_t id = strtab_find(words, w);
    return !in->dic_root || id == STRTAB_NONE || id >= in->nwords ? 1 : in->dic_root[id];
}

static void bases_of(const morph_input *in, const strtab *words, size_t k, strset *L)
{
    const char *w = in->words[k];
    infl_bases(in, words, w, in->dic_root ? in->dic_root[k] : 1, L);
    /* Derivational bases by affix, of the word and of its inflectional
     * bases (unkindest: unkind, kind), then the inflectional bases of
     * those (underdeveloped: developed, develop). */
    size_t n0 = L->n;
    if (!in->english)
        return;
    for (size_t i = 0; i < n0; i++)
        affix_add(in, words, L->v[i], is_root(in, words, L->v[i]), L);
    size_t n1 = L->n;
    for (size_t i = n0; i < n1; i++) {
        /* An affix base's own bases are held to AFFIX_MIN_STEM letters too:
         * re + ads is no way from "ad" to "reads" (nor un + its to units). */
        strset ib = {.n = 0};
        infl_bases(in, words, L->v[i], is_root(in, words, L->v[i]), &ib);
        for (size_t j = 0; j < ib.n; j++)
            if (strlen(ib.v[j]) >= AFFIX_MIN_STEM)
                set_add(L, ib.v[j]);
    }
}

static int u32_cmp(const void *a, const void *b)
{
    uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
    return x < y ? -1 : x > y;
}

/* Sort and deduplicate ids[0..n); returns the new count. */
static size_t uniq(uint32_t *ids, size_t n)
{
    size_t k = 0;
    qsort(ids, n, sizeof *ids, u32_cmp);
    for (size_t i = 0; i < n; i++)
        if (k == 0 || ids[k - 1] != ids[i])
            ids[k++] = ids[i];
    return k;
}

typedef struct vec {
    uint32_t *v;
    size_t n, cap;
} vec;

static void vec_push(vec *x, uint32_t v)
{
    x->v = wb_grow(x->v, &x->cap, x->n + 1, sizeof *x->v);
    x->v[x->n++] = v;
}

morph_sets *morph_build(const morph_input *in)
{
    morph_sets *ms = wb_calloc(1, sizeof *ms);
    strtab *words = strtab_create();
    vec lem = {0}, fam = {0}, pairs = {0};
    const char *links[MAXB];

    ms->lemmas = strtab_create();
    ms->nwords = in->nwords;
    ms->lem_off = wb_calloc(in->nwords + 1, sizeof *ms->lem_off);
    ms->fam_off = wb_calloc(in->nwords + 1, sizeof *ms->fam_off);
    for (size_t k = 0; k < in->nwords; k++)
        strtab_intern(words, in->words[k]);

    for (size_t k = 0; k < in->nwords; k++) {
        strset L = {.n = 0};
        bases_of(in, words, k, &L);
        size_t l0 = lem.n, f0 = fam.n;
        for (size_t i = 0; i < L.n; i++) {
            uint32_t id = strtab_intern(ms->lemmas, L.v[i]);
            vec_push(&lem, id);
            vec_push(&fam, id);
            size_t nl = in->wn ? wn_links(in->wn, L.v[i], links, MAXB) : 0;
            for (size_t j = 0; j < nl && j < MAXB; j++)
                vec_push(&fam, strtab_intern(ms->lemmas, links[j]));
        }
        lem.n = l0 + uniq(lem.v + l0, lem.n - l0);
        fam.n = f0 + uniq(fam.v + f0, fam.n - f0);
        ms->lem_off[k + 1] = (uint32_t)lem.n;
        ms->fam_off[k + 1] = (uint32_t)fam.n;
        for (size_t i = l0; i < lem.n; i++) {
            vec_push(&pairs, lem.v[i]);
            vec_push(&pairs, (uint32_t)k);
        }
        if (in->progress && k % 4096 == 0)
            in->progress(in->progress_ctx, "relating forms", k, in->nwords);
    }
    if (in->progress)
        in->progress(in->progress_ctx, "relating forms", in->nwords, in->nwords);
    ms->lem = lem.v;
    ms->fam = fam.v;

    /* Members: word ids by lemma.  Words are visited in id order, so each
     * lemma's list comes out sorted by a counting pass. */
    size_t nl = strtab_count(ms->lemmas), np = pairs.n / 2;
    ms->mem_off = wb_calloc(nl + 1, sizeof *ms->mem_off);
    ms->mem = wb_malloc((np + 1) * sizeof *ms->mem);
    for (size_t i = 0; i < np; i++)
        ms->mem_off[pairs.v[2 * i] + 1]++;
    for (size_t l = 0; l < nl; l++)
        ms->mem_off[l + 1] += ms->mem_off[l];
    uint32_t *fill = wb_calloc(nl + 1, sizeof *fill);
    for (size_t i = 0; i < np; i++) {
        uint32_t l = pairs.v[2 * i];
        ms->mem[ms->mem_off[l] + fill[l]++] = pairs.v[2 * i + 1];
    }
    free(fill);
    free(pairs.v);
    strtab_destroy(words);
    return ms;
}

void morph_free(morph_sets *ms)
{
    if (!ms)
        return;
    strtab_destroy(ms->lemmas);
    free(ms->lem_off);
    free(ms->lem);
    free(ms->fam_off);
    free(ms->fam);
    free(ms->mem_off);
    free(ms->mem);
    free(ms);
}

size_t morph_lemma_count(const morph_sets *ms)
{
    return strtab_count(ms->lemmas);
}

const char *morph_lemma_str(const morph_sets *ms, uint32_t lemma)
{
    return strtab_str(ms->lemmas, lemma);
}

void morph_sets_of(const morph_sets *ms, uint32_t w, const uint32_t **lem,
                   size_t *nlem, const uint32_t **fam, size_t *nfam)
{
    *lem = ms->lem + ms->lem_off[w];
    *nlem = ms->lem_off[w + 1] - ms->lem_off[w];
    *fam = ms->fam + ms->fam_off[w];
    *nfam = ms->fam_off[w + 1] - ms->fam_off[w];
}

void morph_members(const morph_sets *ms, uint32_t lemma, const uint32_t **w,
                   size_t *n)
{
    *w = ms->mem + ms->mem_off[lemma];
    *n = ms->mem_off[lemma + 1] - ms->mem_off[lemma];
}
