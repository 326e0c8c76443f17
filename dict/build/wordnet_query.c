/*
 * wordnet_query.c - what the dictionary build asks of the loaded WordNet
 * tables (wordnet.c loads them; wordnet_int.h): lemmas, links, antonyms
 * and opposites, hypernyms, senses and glosses.
 */
#include "wordnet_int.h"

#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "strtab.h"

static const char *const pos_name[NPOS] = {"noun", "verb", "adjective", "adverb"};

unsigned wn_lemma_pos(const wordnet *wn, const char *w)
{
    uint32_t id = strtab_find(wn->words, w);
    return id == STRTAB_NONE || id >= wn->nposbits ? 0 : wn->posbits[id];
}

static size_t csr_get(const wordnet *wn, const csr *c, const char *w,
                      const char **out, size_t max)
{
    uint32_t id = strtab_find(wn->words, w);
    if (id == STRTAB_NONE || !c->off)
        return 0;
    size_t n = c->off[id + 1] - c->off[id];
    for (size_t i = 0; i < n && i < max; i++)
        out[i] = strtab_str(wn->words, c->tgt[c->off[id] + i]);
    return n;
}

size_t wn_exc(const wordnet *wn, const char *w, const char **out, size_t max)
{
    return csr_get(wn, &wn->exc, w, out, max);
}

size_t wn_links(const wordnet *wn, const char *w, const char **out, size_t max)
{
    return csr_get(wn, &wn->links, w, out, max);
}

size_t wn_links_any(const wordnet *wn, const char *w, const char **out, size_t max)
{
    return csr_get(wn, &wn->links_all, w, out, max);
}

size_t wn_antonyms(const wordnet *wn, const char *w, const char **out, size_t max)
{
    return csr_get(wn, &wn->ants, w, out, max);
}

static int csr_has(const wordnet *wn, const csr *c, const char *w, const char *h)
{
    uint32_t id = strtab_find(wn->words, w), hid = strtab_find(wn->words, h);
    if (id == STRTAB_NONE || hid == STRTAB_NONE || !c->off)
        return 0;
    for (uint32_t i = c->off[id]; i < c->off[id + 1]; i++)
        if (c->tgt[i] == hid)
            return 1;
    return 0;
}

int wn_is_hypernym(const wordnet *wn, const char *w, const char *h)
{
    return csr_has(wn, &wn->hypers, w, h);
}

int wn_linked_any_sense(const wordnet *wn, const char *a, const char *b)
{
    return csr_has(wn, &wn->links_all, a, b);
}

/* A member of a synset as a key that compares words and collocations
 * alike: a word's id, or a collocation's with the top bit set. */
static uint32_t member(const synset *s, size_t x)
{
    if (s->words[x] != UINT32_MAX)
        return s->words[x];
    return s->phr && s->phr[x] != UINT32_MAX ? s->phr[x] | 1u << 31 : UINT32_MAX;
}

/* Do synsets a and b have a member in common, other than `except`? */
static int share_member(const synset *a, const synset *b, uint32_t except)
{
    for (size_t x = 0; x < a->nwords; x++) {
        uint32_t m = member(a, x);
        if (m == UINT32_MAX || m == except)
            continue;
        for (size_t y = 0; y < b->nwords; y++)
            if (member(b, y) == m)
                return 1;
    }
    return 0;
}

/* Is the word `id` a name in synset s (Teach, the pirate)? */
static int named(const synset *s, uint32_t id)
{
    for (size_t k = 0; k < s->nwords; k++)
        if (s->words[k] == id && is_proper(s, k))
            return 1;
    return 0;
}

/* The head synsets of a word's adjective senses: a head itself (it has
 * antonyms), a satellite's heads (inapplicable: irrelevant), as up. */
#define HEADS 64
static size_t adj_heads(const wordnet *wn, uint32_t id, uint32_t *out)
{
    size_t n = 0;
    for (uint32_t i = wn->sense_off[id]; i < wn->sense_off[id + 1]; i++) {
        const sense *se = &wn->senses[i];
        const synset *s = &wn->syns[se->pos][se->syn];
        if (se->pos != 2 || named(s, id))
            continue;
        if (s->nopp && n < HEADS)
            out[n++] = 2u << 30 | se->syn;
        else
            for (size_t k = 0; k < s->nsim && n < HEADS; k++)
                out[n++] = s->sim[k];
    }
    return n;
}

/* Are w and b indirect antonyms: is a head of w's adjective senses the
 * antonym of a head of b's (inapplicable: irrelevant; applicable:
 * relevant)? */
static int indirect_antonyms(const wordnet *wn, uint32_t wid, uint32_t bid)
{
    uint32_t hw[HEADS], hb[HEADS];
    size_t nw = adj_heads(wn, wid, hw), nb = adj_heads(wn, bid, hb);
    for (size_t j = 0; j < nb; j++) {
        const synset *h = &wn->syns[hb[j] >> 30][hb[j] & 0x3fffffff];
        for (size_t k = 0; k < h->nopp; k++)
            for (size_t i = 0; i < nw; i++)
                if (h->opp[k] == hw[i])
                    return 1;
    }
    return 0;
}

int wn_opposite(const wordnet *wn, const char *w, const char *b)
{
    uint32_t wid = strtab_find(wn->words, w), bid = strtab_find(wn->words, b);
    if (wid == STRTAB_NONE || bid == STRTAB_NONE)
        return 0;
    if (indirect_antonyms(wn, wid, bid))
        return 1;
    for (uint32_t i = wn->sense_off[bid]; i < wn->sense_off[bid + 1]; i++) {
        const synset *sb = &wn->syns[wn->senses[i].pos][wn->senses[i].syn];
        if (named(sb, bid))
            continue;
        for (size_t k = 0; k < sb->nopp; k++) {
            const synset *t = &wn->syns[sb->opp[k] >> 30][sb->opp[k] & 0x3fffffff];
            for (uint32_t j = wn->sense_off[wid]; j < wn->sense_off[wid + 1]; j++) {
                const sense *se = &wn->senses[j];
                const synset *sw = &wn->syns[se->pos][se->syn];
                if (se->rank == 0 && !named(sw, wid) && share_member(sw, t, wid))
                    return 1;
            }
        }
    }
    return 0;
}

size_t wn_first_synonyms(const wordnet *wn, const char *w, unsigned pos, const char **out,
                         size_t max)
{
    uint32_t wid = strtab_find(wn->words, w);
    size_t n = 0;
    if (wid == STRTAB_NONE)
        return 0;
    for (uint32_t j = wn->sense_off[wid]; j < wn->sense_off[wid + 1]; j++) {
        const sense *se = &wn->senses[j];
        const synset *sw = &wn->syns[se->pos][se->syn];
        if (se->rank != 0 || !(pos & (1u << se->pos)) || named(sw, wid))
            continue;
        for (size_t x = 0; x < sw->nwords; x++) {
            if (sw->words[x] == UINT32_MAX || sw->words[x] == wid || is_proper(sw, x))
                continue;
            if (n < max)
                out[n] = strtab_str(wn->words, sw->words[x]);
            n++;
        }
    }
    return n;
}

/* Is s, shorter, a shortening of x: the same first letter, and its
 * letters in x in order (kb: kilobyte, lm: lumen, atm: atmosphere)? */
static int shortening(const char *s, const char *x)
{
    if (!*s || *s != *x || strlen(s) >= strlen(x))
        return 0;
    for (; *x && *s; x++)
        if (*x == *s)
            s++;
    return *s == '\0';
}

int wn_own_sense(const wordnet *wn, const char *w)
{
    uint32_t wid = strtab_find(wn->words, w);
    if (wid == STRTAB_NONE)
        return 0;
    for (uint32_t j = wn->sense_off[wid]; j < wn->sense_off[wid + 1]; j++) {
        const sense *se = &wn->senses[j];
        const synset *sw = &wn->syns[se->pos][se->syn];
        if (named(sw, wid))
            continue;
        int short_of = 0;
        for (size_t x = 0; x < sw->nwords && !short_of; x++)
            if (sw->words[x] != UINT32_MAX && sw->words[x] != wid)
                short_of = shortening(w, strtab_str(wn->words, sw->words[x]));
        if (!short_of)
            return 1;
    }
    return 0;
}

size_t wn_sense_count(const wordnet *wn, const char *w)
{
    uint32_t id = strtab_find(wn->words, w);
    if (id == STRTAB_NONE)
        return 0;
    return wn->sense_off[id + 1] - wn->sense_off[id];
}

typedef void (*sense_cb)(void *ctx, const wn_sense_info *si);

static size_t glosses(const wordnet *wn, const char *w, size_t max, int mode, sense_cb cb,
                      void *ctx)
{
    uint32_t id = strtab_find(wn->words, w);
    size_t n = 0;
    if (id == STRTAB_NONE)
        return 0;
    for (uint32_t i = wn->sense_off[id]; i < wn->sense_off[id + 1] && n < max; i++) {
        const sense *s = &wn->senses[i];
        const synset *syn = &wn->syns[s->pos][s->syn];
        /* Skip the senses in which the word is a name ("Teach", the
         * pirate, for teach): Wibbell words are not proper nouns. */
        int name = 0, unfit = syn->unfit;
        for (size_t k = 0; k < syn->nwords; k++)
            if (syn->words[k] == id) {
                name |= is_proper(syn, k);
                unfit |= k < 64 && (syn->unfit_words >> k & 1);
            }
        /* mode 1: common senses; 2: also the first three of a word the
         * sense-tagged corpus never met */
        if (name || (mode == 1 && !s->common) ||
            (mode == 2 && !s->common && !(s->untagged && s->rank < 3)))
            continue;
        wn_sense_info si = {pos_name[s->pos], syn->gloss, s->count, unfit};
        cb(ctx, &si);
        n++;
    }
    return n;
}

/* The callers of the plain gloss functions take (pos, text). */
struct plain {
    void (*cb)(void *ctx, const char *pos, const char *text);
    void *ctx;
};

static void plain_cb(void *ctx, const wn_sense_info *si)
{
    struct plain *p = ctx;
    p->cb(p->ctx, si->pos, si->text);
}

size_t wn_glosses(const wordnet *wn, const char *w, size_t max,
                  void (*cb)(void *ctx, const char *pos, const char *text), void *ctx)
{
    struct plain p = {cb, ctx};
    return glosses(wn, w, max, 0, plain_cb, &p);
}

size_t wn_common_glosses(const wordnet *wn, const char *w, size_t max,
                         void (*cb)(void *ctx, const char *pos, const char *text),
                         void *ctx)
{
    struct plain p = {cb, ctx};
    return glosses(wn, w, max, 1, plain_cb, &p);
}

size_t wn_known_glosses(const wordnet *wn, const char *w, size_t max,
                        void (*cb)(void *ctx, const char *pos, const char *text), void *ctx)
{
    struct plain p = {cb, ctx};
    return glosses(wn, w, max, 2, plain_cb, &p);
}

size_t wn_senses(const wordnet *wn, const char *w, size_t max,
                 void (*cb)(void *ctx, const wn_sense_info *si), void *ctx)
{
    return glosses(wn, w, max, 0, cb, ctx);
}

static void count_unfit(void *ctx, const wn_sense_info *si)
{
    size_t *n = ctx;
    n[0]++;
    n[1] += si->unfit != 0;
}

int wn_word_unfit(const wordnet *wn, const char *w)
{
    size_t n[2] = {0, 0};
    glosses(wn, w, SIZE_MAX, 0, count_unfit, n);
    return n[0] > 0 && n[1] == n[0];
}

size_t wn_stem_df(const wordnet *wn, const char *stem)
{
    uint32_t id = wn->stems ? strtab_find(wn->stems, stem) : STRTAB_NONE;
    return id == STRTAB_NONE || id >= wn->ndf ? 0 : wn->df[id];
}

void wn_each_word(const wordnet *wn, void (*cb)(void *ctx, const char *w),
                  void *ctx)
{
    size_t n = strtab_count(wn->words);
    for (uint32_t i = 0; i < n; i++)
        cb(ctx, strtab_str(wn->words, i));
}

#define WN_WORD_CAP 256

static int vowel(char c)
{
    return c == 'a' || c == 'e' || c == 'i' || c == 'o' || c == 'u';
}

/* Do the exception lists give x's -ing or -ed with its last letter
 * doubled (hopping, hopped -> hop)? */
static int doubles(const wordnet *wn, const char *x)
{
    char f[WN_WORD_CAP];
    size_t xl = strlen(x);
    static const char *const end[] = {"ing", "ed"};
    if (xl < 2 || xl + 5 >= sizeof f)
        return 0;
    for (size_t k = 0; k < 2; k++) {
        const char *b[8];
        snprintf(f, sizeof f, "%s%c%s", x, x[xl - 1], end[k]);
        size_t n = wn_exc(wn, f, b, 8);
        for (size_t i = 0; i < n && i < 8; i++)
            if (strcmp(b[i], x) == 0)
                return 1;
    }
    return 0;
}

int wn_e_verb_form(const wordnet *wn, const char *w, const char *x)
{
    char e[WN_WORD_CAP];
    size_t wl = strlen(w), xl = strlen(x);
    if (xl < 2 || wl <= xl || strncmp(w, x, xl) != 0 ||
        (strcmp(w + xl, "ing") != 0 && strcmp(w + xl, "ed") != 0) || xl + 2 > sizeof e)
        return 0;
    memcpy(e, x, xl);
    memcpy(e + xl, "e", 2);
    unsigned epos = wn_lemma_pos(wn, e);
    if (!epos)
        return 0;
    /* one syllable ending in one vowel and one consonant (not w, x or
     * y): hop, plan, star, par, glob */
    char c = x[xl - 1], v = x[xl - 2];
    int cvc = !vowel(c) && c != 'w' && c != 'x' && c != 'y' && vowel(v) &&
              !(xl >= 3 && vowel(x[xl - 3]));
    size_t groups = 0;
    for (size_t i = 0; i < xl; i++)
        if ((vowel(x[i]) || (x[i] == 'y' && i > 0)) &&
            (i == 0 || !(vowel(x[i - 1]) || (x[i - 1] == 'y' && i > 1))))
            groups++;
    cvc = cvc && groups == 1;
    /* x no verb: x + e's form when that is a verb (fir: fired is
     * fire's), or x would double (glob, globe: globed); not gaffed,
     * psyched (gaffe and psyche are nouns only, as WordNet has them) */
    if (!(wn_lemma_pos(wn, x) & WN_VERB))
        return (epos & WN_VERB) || cvc;
    /* a verb that doubles: as English spells one of one syllable
     * (paring: pare; parring), or as the exception lists say of it
     * (verb.exc: tarring, tarred -> tar; of two syllables too) */
    return cvc || doubles(wn, x);
}

const wn_detach wn_detach_rules[] = {
    {WN_NOUN, "s", ""},    {WN_NOUN, "ses", "s"}, {WN_NOUN, "xes", "x"},
    {WN_NOUN, "zes", "z"}, {WN_NOUN, "ches", "ch"}, {WN_NOUN, "shes", "sh"},
    {WN_NOUN, "men", "man"}, {WN_NOUN, "ies", "y"},
    {WN_VERB, "s", ""},    {WN_VERB, "ies", "y"}, {WN_VERB, "es", "e"},
    {WN_VERB, "es", ""},   {WN_VERB, "ed", "e"},  {WN_VERB, "ed", ""},
    {WN_VERB, "ing", "e"}, {WN_VERB, "ing", ""},
    {WN_ADJ, "er", ""},    {WN_ADJ, "est", ""},   {WN_ADJ, "er", "e"},
    {WN_ADJ, "est", "e"},
};
const size_t wn_ndetach = sizeof wn_detach_rules / sizeof wn_detach_rules[0];

int wn_detach_apply(const wn_detach *r, const char *w, size_t stem, char *out, size_t cap)
{
    size_t wl = strlen(w), sl = strlen(r->suffix), el = strlen(r->ending);
    if (wl < sl + stem || strcmp(w + wl - sl, r->suffix) != 0 || wl - sl + el >= cap)
        return 0;
    memcpy(out, w, wl - sl);
    memcpy(out + wl - sl, r->ending, el + 1);
    return 1;
}
