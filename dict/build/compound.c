/*
 * compound.c - German and Dutch compounds split into their parts at build
 * time (see compound.h and dict/LAYOUT.md, "Compounds").
 */
#include "compound.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dict.h"
#include "expand.h"
#include "format.h"
#include "normalise.h"
#include "strtab.h"
#include "wb_err.h"
#include "wb_mem.h"

#define PART_MIN 3 /* letters of a head or a modifier, at least */
#define COMPOUND_MIN 7 /* letters of a compound, at least: not Bar-ren, Bar-bar */
#define FOLD_CAP (4 * DICT_WORD_MAX + 8)

struct compound_sets {
    uint32_t *off; /* nwords + 1: word w's parts are ids[off[w] .. off[w+1]) */
    uint32_t *ids;
    size_t nwords, nids, ncap, nwith;
};

typedef struct splitter {
    const compound_input *in;
    int german;
    strtab *roots;  /* folded roots of the .dic that Hunspell lets into a compound */
    uint8_t *roles; /* EXPAND_BEGIN / EXPAND_END by root id */
    size_t rcap;
    compound_sets *cs;
    uint32_t *acc; /* C(w) being gathered */
    size_t nacc, acap;
} splitter;

static void add_root(void *ctx, const char *root, unsigned how)
{
    splitter *s = ctx;
    char f[FOLD_CAP];
    if (norm_fold(root, strlen(root), DICT_WORD_MAX, f, sizeof f) != WB_OK)
        return;
    uint32_t id = strtab_intern(s->roots, f);
    size_t old = s->rcap;
    s->roles = wb_grow(s->roles, &s->rcap, (size_t)id + 1, 1);
    if (s->rcap > old)
        memset(s->roles + old, 0, s->rcap - old);
    s->roles[id] |= (uint8_t)how;
}

/* The word id of a folded word, or UINT32_MAX. */
static uint32_t find(const compound_input *in, const char *w)
{
    uint32_t id = strtab_find(in->cands, w);
    return id == STRTAB_NONE ? UINT32_MAX : in->wid[id];
}

/* Hunspell lets word x (or a root of it) into a compound as `how`. */
static int has_role(const splitter *s, uint32_t x, unsigned how)
{
    uint32_t id = strtab_find(s->roots, s->in->words[x]);
    if (id != STRTAB_NONE && (s->roles[id] & how))
        return 1;
    const uint32_t *lem, *fam;
    size_t nlem, nfam;
    morph_sets_of(s->in->ms, x, &lem, &nlem, &fam, &nfam);
    for (size_t i = 0; i < nlem; i++) {
        id = strtab_find(s->roots, morph_lemma_str(s->in->ms, lem[i]));
        if (id != STRTAB_NONE && (s->roles[id] & how))
            return 1;
    }
    return 0;
}

/* German: the entry is written with a capital (a noun). */
static int capital(const splitter *s, uint32_t w)
{
    return s->in->cased && (s->in->cased[w] & COMPOUND_CAP);
}



static size_t letters(const char *w, size_t len)
{
    size_t n = 0;
    for (size_t i = 0; i < len; i++)
        n += ((unsigned char)w[i] & 0xC0) != 0x80;
    return n;
}

static void take(splitter *s, const uint32_t *ids, size_t n)
{
    if (n == 0) /* ids may be NULL */
        return;
    s->acc = wb_grow(s->acc, &s->acap, s->nacc + n, sizeof *s->acc);
    memcpy(s->acc + s->nacc, ids, n * sizeof *ids);
    s->nacc += n;
}

/* A part p of word w: L(p) and, when known already, C(p). */
static void take_part(splitter *s, uint32_t p, uint32_t w)
{
    const uint32_t *lem, *fam;
    size_t nlem, nfam;
    morph_sets_of(s->in->ms, p, &lem, &nlem, &fam, &nfam);
    take(s, lem, nlem);
    if (p < w && s->cs->off[p + 1] > s->cs->off[p])
        take(s, s->cs->ids + s->cs->off[p], s->cs->off[p + 1] - s->cs->off[p]);
}

/* The modifiers M may stand for: M itself, M less a linking element, and
 * in German M + e (Schul-buch) for an M of 4 bytes or more; in Dutch a doubled consonant before the
 * -e- or -en- undone (zonne-bril: zon).  Into out (FOLD_CAP each). */
static size_t modifiers(int german, const char *m, size_t len, char out[][FOLD_CAP])
{
    static const char *const de_links[] = {"s", "es", "n", "en", "e"};
    static const char *const nl_links[] = {"s", "en", "e"};
    const char *const *links = german ? de_links : nl_links;
    size_t nlinks = german ? 5 : 3, n = 0;
    memcpy(out[n], m, len);
    out[n++][len] = '\0';
    for (size_t i = 0; i < nlinks; i++) {
        size_t ll = strlen(links[i]);
        if (len <= ll || memcmp(m + len - ll, links[i], ll) != 0)
            continue;
        size_t r = len - ll;
        memcpy(out[n], m, r);
        out[n++][r] = '\0';
        if (!german && links[i][0] == 'e' && r >= 2 && m[r - 1] == m[r - 2] &&
            !strchr("aeiou", m[r - 1])) {
            memcpy(out[n], m, r - 1);
            out[n++][r - 1] = '\0';
        }
    }
    /* a dropped -e after 4 letters or more: Schul-buch, Kirch-turm; not
     * the prefix ent- as Ente (Ent-spannung) */
    if (german && len >= 4 && len + 2 < FOLD_CAP) {
        memcpy(out[n], m, len);
        memcpy(out[n++] + len, "e", 2);
    }
    return n;
}

static int u32_cmp(const void *a, const void *b)
{
    uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
    return x < y ? -1 : x > y;
}

/* Heads that end German words as suffixes more often than they head a
 * compound: -innen (the feminine plural: Salzburgerinnen), -ion (Portion,
 * Aktion), -ente (Talente, Patente), -tand (Verstand: Ver-stand). */
static int suffix_head(const char *h)
{
    static const char *const no[] = {"innen", "ion", "ionen", "ions", "ente", "enten", "tand"};
    for (size_t i = 0; i < sizeof no / sizeof *no; i++)
        if (!strcmp(h, no[i]))
            return 1;
    return 0;
}

/* The split of w at byte b (into s->acc when `take_it`): does it hold? */
static int split_at(splitter *s, uint32_t w, size_t b, int take_it)
{
    const char *word = s->in->words[w];
    size_t len = strlen(word);
    char head[FOLD_CAP], mods[12][FOLD_CAP];
    int held = 0;
    if (b == 0 || b >= len || ((unsigned char)word[b] & 0xC0) == 0x80 ||
        letters(word, b) < PART_MIN || letters(word + b, len - b) < PART_MIN)
        return 0;
    memcpy(head, word + b, len - b + 1);
    uint32_t y = find(s->in, head);
    if (y == UINT32_MAX || y == w)
        return 0;
    /* German: a noun, whose head is a noun (Haus-tür).  Adjectives and
     * verbs are left out: their splits are mostly false (ent-kommend,
     * rede-selig, füll-bar) */
    if (s->german && (!capital(s, w) || !capital(s, y) || suffix_head(head)))
        return 0;
    size_t nm = modifiers(s->german, word, b, mods);
    /* -ende after a verb's stem is its participle (Reis-ende: reisen,
     * Vorsitz-ende: vorsitzen), not Ende */
    char verb[FOLD_CAP + 4];
    snprintf(verb, sizeof verb, "%sen", mods[0]);
    if (!strncmp(head, "ende", 4) && find(s->in, verb) != UINT32_MAX)
        return 0;
    for (size_t i = 0; i < nm; i++) {
        if (letters(mods[i], strlen(mods[i])) < PART_MIN)
            continue;
        uint32_t x = find(s->in, mods[i]);
        if (i == 0 && x == y) /* Bar-bar is no compound, nor Bare-bar */
            return 0;
        if (x == UINT32_MAX || x == w || x == y)
            continue;
        int evidence = s->german ? capital(s, x) || has_role(s, x, EXPAND_BEGIN)
                                 : has_role(s, x, EXPAND_BEGIN) && has_role(s, y, EXPAND_END);
        if (!evidence)
            continue;
        held = 1;
        if (!take_it)
            break;
        take_part(s, x, w);
        take_part(s, y, w);
        if (i == 0) /* M is a modifier as it is: Buiten-scholen, not Buit-en- */
            break;
    }
    return held;
}

/* C(w) of word id w into s->acc. */
static void split(splitter *s, uint32_t w)
{
    const char *word = s->in->words[w];
    size_t len = strlen(word);
    s->nacc = 0;
    if (letters(word, len) < COMPOUND_MIN || len >= FOLD_CAP)
        return;
    for (size_t b = 1; b < len; b++) {
        /* a head that a split one or two letters earlier holds too belongs
         * to it: Not-stand, not Nots-tand; Kino-saal, not Kinos-aal */
        if (split_at(s, w, b, 0) && !split_at(s, w, b - 1, 0) && (b < 2 || !split_at(s, w, b - 2, 0)))
            split_at(s, w, b, 1);
    }
    if (s->nacc > 1) {
        qsort(s->acc, s->nacc, sizeof *s->acc, u32_cmp);
        size_t k = 1;
        for (size_t i = 1; i < s->nacc; i++)
            if (s->acc[i] != s->acc[k - 1])
                s->acc[k++] = s->acc[i];
        s->nacc = k;
    }
}

compound_sets *compound_build(const compound_input *in)
{
    if (!in->lang || (strcmp(in->lang, "de") != 0 && strcmp(in->lang, "nl") != 0))
        return NULL;
    splitter s = {.in = in, .german = !strcmp(in->lang, "de")};
    s.roots = strtab_create();
    if (in->aff && in->dic)
        expand_compound_roots(in->aff, in->dic, add_root, &s);
    compound_sets *cs = wb_calloc(1, sizeof *cs);
    cs->nwords = in->nwords;
    cs->off = wb_calloc(in->nwords + 1, sizeof *cs->off);
    s.cs = cs;
    for (uint32_t w = 0; w < in->nwords; w++) {
        split(&s, w);
        if (s.nacc) {
            cs->ids = wb_grow(cs->ids, &cs->ncap, cs->nids + s.nacc, sizeof *cs->ids);
            memcpy(cs->ids + cs->nids, s.acc, s.nacc * sizeof *s.acc);
            cs->nids += s.nacc;
            cs->nwith++;
        }
        cs->off[w + 1] = (uint32_t)cs->nids;
    }
    strtab_destroy(s.roots);
    free(s.roles);
    free(s.acc);
    return cs;
}

void compound_free(compound_sets *cs)
{
    if (!cs)
        return;
    free(cs->off);
    free(cs->ids);
    free(cs);
}

void compound_parts(const compound_sets *cs, uint32_t w, const uint32_t **ids, size_t *n)
{
    *ids = NULL;
    *n = 0;
    if (!cs || w >= cs->nwords)
        return;
    if (cs->off[w + 1] == cs->off[w] || cs->off[w + 1] - cs->off[w] > UINT16_MAX)
        return; /* none, or more than fmt_word.ncomp holds */
    *ids = cs->ids + cs->off[w];
    *n = cs->off[w + 1] - cs->off[w];
}

size_t compound_count(const compound_sets *cs)
{
    return cs ? cs->nwith : 0;
}

int compound_write(const compound_sets *cs, size_t nlemmas, store_txn *t)
{
    store_db db;
    int rc = store_db_open(t, DB_COMPOUNDS, 1, &db);
    if (rc || !cs)
        return rc;
    /* the index turned round: by lemma, the words it is a part of */
    uint32_t *start = wb_calloc(nlemmas + 1, sizeof *start);
    uint32_t *fill = wb_calloc(nlemmas + 1, sizeof *fill);
    uint32_t *words = wb_malloc((cs->nids ? cs->nids : 1) * sizeof *words);
    for (size_t i = 0; i < cs->nids; i++)
        if (cs->ids[i] < nlemmas)
            start[cs->ids[i] + 1]++;
    for (size_t l = 0; l < nlemmas; l++)
        start[l + 1] += start[l];
    for (uint32_t w = 0; w < cs->nwords; w++)
        for (uint32_t i = cs->off[w]; i < cs->off[w + 1]; i++)
            if (cs->ids[i] < nlemmas)
                words[start[cs->ids[i]] + fill[cs->ids[i]]++] = w;
    for (uint32_t l = 0; l < nlemmas && !rc; l++) {
        if (start[l + 1] == start[l])
            continue;
        unsigned char key[4] = {(unsigned char)(l >> 24), (unsigned char)(l >> 16),
                                (unsigned char)(l >> 8), (unsigned char)l};
        rc = store_put(t, db, key, 4, words + start[l], 4 * (size_t)(start[l + 1] - start[l]),
                       STORE_PUT_APPEND);
    }
    free(start);
    free(fill);
    free(words);
    return rc;
}
