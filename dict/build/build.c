/*
 * build.c - build a dictionary from Hunspell, a word list and WordNet.
 *
 * The steps, each reported to the progress callback:
 *  1. sources:   gather candidate forms (word list, Hunspell .dic stems,
 *                WordNet lemmas and exception forms), folded with ICU;
 *  2. classify:  a form is a word when Hunspell accepts it in lower case
 *                (or the list has it in lower case); a proper noun when it
 *                is not a word but Hunspell accepts it title-cased or the
 *                list has it capitalised;
 *  3. relate:    base forms and derivational families (morph.c);
 *  4. write:     everything into LMDB (format.h, LAYOUT.md), in a
 *                temporary directory of the build's own, renamed into
 *                place in one rename at the end.
 *
 * One build at a time writes a dictionary: the build holds an exclusive
 * lock (DATA_DIR/dict/<id>.lock) from before it reads its sources to after
 * the rename, and removes what builds that died left behind.
 */
#include "dict_build.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <hunspell/hunspell.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "compound.h"
#include "defs.h"
#include "dict.h"
#include "format.h"
#include "forms.h"
#include "fr_forms.h"
#include "adverbs.h"
#include "derive.h"
#include "glosses.h"
#include "morph.h"
#include "names.h"
#include "offensive.h"
#include "normalise.h"
#include "scowl.h"
#include "store.h"
#include "strtab.h"
#include "trans.h"
#include "wb_err.h"
#include "wb_mem.h"
#include "wb_paths.h"
#include "wider.h"
#include "wordnet.h"

#define FOLD_CAP (4 * DICT_WORD_MAX + 8)

enum { C_LIST_LOWER = 1, C_LIST_CAP = 2, C_DIC = 4, C_WORDNET = 8, C_DIC_FLAGS = 16,
       C_ABBREV = 32, C_SCOWL_WORD = 64, C_OXFORD = 128, C_WIDER = 256, C_FORM = 512,
       C_DIC_CAP = 1024 /* a capitalised .dic entry */,
       C_NAMED = 2048 /* from name_candidates or name_translations */,
       C_CAP = 4096, C_LOW = 8192 /* seen with a capital, without: COMPOUND_CAP, _LOW * C_CAP */,
       C_ROMAN = 16384 /* in SCOWL's list of Roman numerals */ };

typedef struct builder {
    const dict_build_opts *o;
    Hunhandle *hun;      /* the dictionary's own Hunspell */
    Hunhandle *stem_hun; /* the Hunspell used for stems (may be hun) */
    Hunhandle *also_hun; /* the second spelling's (may be stem_hun), or NULL */
    wordnet *wn;
    strtab *cands;       /* folded candidate forms */
    uint16_t *cflags;    /* C_* by candidate id */
    size_t ncflags;
    uint8_t *kind;       /* FMT_VALID / FMT_PROPER / 0 by candidate id */
    uint32_t *wid;       /* word id by candidate id (valid words) */
    uint32_t *order;     /* candidate ids of valid words, by word id */
    size_t nwords, nproper, nabbrev;
    size_t nunfit;     /* FMT_UNFIT words */
    uint64_t *unfit;   /* bit by word id: FMT_UNFIT (match "bits:unfit") */
    offensive *off;      /* the list of offensive words (offensive.h), or NULL */
    uint64_t *listed[OFFENSIVE_NGRADES]; /* bit by word id: the list hides it at
                                            that grade (match "bits:class:...") */
    size_t nlisted[OFFENSIVE_NGRADES];
    size_t nwider[2];    /* words added by SCOWL's sizes, by inflection */
    morph_sets *ms;
    char **surface;      /* not English: the spelling first read, when it
                            is not the folded one (Häuser, größer), by
                            candidate id, to ask Hunspell */
    size_t nsurface;
    lang_forms *forms;   /* not English: forms and their roots (forms.h) */
    fr_forms *fr;        /* French: roots the rules do not give (fr_forms.h) */
    adverbs *adv;        /* es, it, pt: adverbs in -mente (adverbs.h) */
    derive *dv;          /* derivatives by affixes the glosses confirm (derive.h) */
    names *names;        /* where nouns are capitalised: names (names.h) */
    scowl_sizes *sizes;  /* English: SCOWL's size classes (scowl.h) */
    compound_sets *comp; /* German, Dutch: the parts of compounds (compound.h) */
} builder;

static int is_english(const dict_build_opts *o)
{
    return !o->lang || strcmp(o->lang, "en") == 0;
}

static void progress(builder *b, const char *phase, size_t done, size_t total)
{
    if (b->o->progress)
        b->o->progress(b->o->progress_ctx, phase, done, total);
}

static int file_exists(const char *p)
{
    struct stat st;
    return p && stat(p, &st) == 0 && S_ISREG(st.st_mode);
}

int dict_build_exists(const char *data_dir, const char *id)
{
    char path[4096];
    snprintf(path, sizeof path, "%s/dict/%s/data.mdb", data_dir, id);
    if (!file_exists(path))
        return 0;
    /* Built, and in the format (and by the rules) of this version: an
     * older dictionary is built again. */
    store_env *env = NULL;
    store_txn *t = NULL;
    store_db meta;
    store_val v;
    int same = 0;
    snprintf(path, sizeof path, "%s/dict/%s", data_dir, id);
    if (store_env_open(path, STORE_RDONLY, (size_t)2 << 30, 16, &env) == WB_OK &&
        store_txn_begin(env, 0, &t) == WB_OK && store_db_open(t, DB_META, 0, &meta) == WB_OK &&
        store_get(t, meta, "format", 6, &v) == WB_OK)
        same = v.len == sizeof DICT_FORMAT && memcmp(v.data, DICT_FORMAT, v.len) == 0;
    store_txn_abort(t);
    store_env_close(env);
    return same;
}

/* --- 1. candidates ------------------------------------------------------ */

static void add_cand(builder *b, const char *raw, size_t len, uint16_t flag)
{
    char folded[FOLD_CAP], base[FOLD_CAP];
    if (norm_fold(raw, len, DICT_WORD_MAX, folded, sizeof folded) ||
        norm_base(folded, base, sizeof base))
        return;
    size_t before = strtab_count(b->cands);
    uint32_t id = strtab_intern(b->cands, folded);
    if (id >= b->ncflags) {
        size_t old = b->ncflags;
        b->cflags = wb_grow(b->cflags, &b->ncflags, id + 1, sizeof *b->cflags);
        memset(b->cflags + old, 0, (b->ncflags - old) * sizeof *b->cflags);
    }
    b->cflags[id] |= flag | (norm_starts_upper(raw, len) ? C_CAP : C_LOW);
    /* the spelling of the first sighting (the word list's, read first) */
    if (!is_english(b->o) && id == before && (strlen(folded) != len || memcmp(raw, folded, len))) {
        if (id >= b->nsurface) {
            size_t old = b->nsurface;
            b->surface = wb_grow(b->surface, &b->nsurface, id + 1, sizeof *b->surface);
            memset(b->surface + old, 0, (b->nsurface - old) * sizeof *b->surface);
        }
        b->surface[id] = wb_strndup(raw, len);
    }
}

static void add_name(void *ctx, const char *name)
{
    add_cand(ctx, name, strlen(name), C_LIST_CAP | C_NAMED);
}

/* Read a word list (`is_dic` 0), a .dic (1), or the names of a list (2:
 * its capitalised lines only: name_candidates). */
static int read_lines(builder *b, const char *path, int is_dic)
{
    int names_only = is_dic == 2;
    if (names_only)
        is_dic = 0;
    FILE *f = fopen(path, "r");
    char *line = NULL;
    size_t cap = 0;
    ssize_t n;
    int first = 1;
    if (!f)
        return WB_EDATA;
    while ((n = getline(&line, &cap, f)) > 0) {
        char *s = line;
        if (first && n >= 3 && memcmp(s, "\xEF\xBB\xBF", 3) == 0)
            s += 3;
        size_t len = strcspn(s, is_dic ? "/\t\r\n" : "\r\n");
        if (is_dic && first) { /* the first line of a .dic is a count */
            first = 0;
            continue;
        }
        first = 0;
        /* Possessives ("dog's") and contractions are not Wibbell words. */
        if (len == 0 || memchr(s, '\'', len) || (names_only && !norm_starts_upper(s, len)))
            continue;
        uint16_t flag = C_DIC;
        /* inflected in lower case (the abbreviation rule): not ATM/M */
        if (is_dic && s[len] == '/' && !norm_starts_upper(s, len))
            flag |= C_DIC_FLAGS;
        if (is_dic && norm_starts_upper(s, len))
            flag |= C_DIC_CAP;
        if (!is_dic)
            flag = norm_starts_upper(s, len) ? C_LIST_CAP : C_LIST_LOWER;
        if (names_only)
            flag |= C_NAMED;
        add_cand(b, s, len, flag);
    }
    free(line);
    fclose(f);
    return WB_OK;
}

/* --- abbreviations (SCOWL, scowl.h) ---------------------------------------- */

/* Mark the candidates SCOWL lists (only those: most of it is no candidate). */
static void scowl_listed(void *ctx, const char *w, int word)
{
    builder *b = ctx;
    uint32_t id = strtab_find(b->cands, w);
    if (id != STRTAB_NONE && id < b->ncflags)
        b->cflags[id] |= word == 2 ? C_ROMAN : word ? C_SCOWL_WORD : C_ABBREV;
}

static int hun_either(builder *b, const char *w);

/* a, e, i, o, u, or y after the first letter (yd, yr have none) */
static int has_vowel(const char *w)
{
    return w[strcspn(w, "aeiou")] || (w[0] && w[1 + strcspn(w + 1, "y")]);
}

/* A Roman numeral in its usual form, of two letters or more (iv, xl,
 * lxxx, mcm): thousands, hundreds, tens, units. */
static int roman(const char *w)
{
    static const char *const digit[3][3] = {{"c", "d", "m"}, {"x", "l", "c"}, {"i", "v", "x"}};
    const char *p = w;
    while (*p == 'm')
        p++;
    for (int k = 0; k < 3; k++) {
        const char *one = digit[k][0], *five = digit[k][1], *ten = digit[k][2];
        if (p[0] == *one && (p[1] == *ten || p[1] == *five)) {
            p += 2;
            continue;
        }
        if (*p == *five)
            p++;
        for (int n = 0; n < 3 && *p == *one; n++)
            p++;
    }
    return *p == '\0' && strlen(w) >= 2;
}

/* The interjections without a vowel that word games take, which no
 * source tells from a symbol (SCOWL files hm as an abbreviation, WordNet
 * as hectometre's).  Not mm and st, the millimetre and the street or
 * saint before an interjection: the evaluation table's abbreviations. */
static int interjection(const char *w)
{
    static const char *const list[] = {"hm", "hmm", "hmmm", "mmm", "sh", "shh", "psst", "pst",
                                       "brr", "brrr", "grr", "grrr", "tsk", "tsktsk", "zzz",
                                       "pfft", "hmph", "mhm"};
    for (size_t i = 0; i < sizeof list / sizeof *list; i++)
        if (strcmp(w, list[i]) == 0)
            return 1;
    return 0;
}

/* A word without a vowel is a symbol or an abbreviation (kb, lm, ms, ps,
 * dkl, html), unless it is one of those interjections, or WordNet gives
 * it a sense of its own (cwm, nth, tsk; not kb, kilobyte's, nor lxx, a
 * numeral), or it is the plural of such a word (cwms). */
static int vowelless_word(builder *b, const char *w)
{
    size_t l = strlen(w);
    char one[FOLD_CAP];
    if (interjection(w))
        return 1;
    if (roman(w))
        return 0;
    if (b->wn && wn_own_sense(b->wn, w))
        return 1;
    if (l > 2 && l < sizeof one && w[l - 1] == 's') {
        memcpy(one, w, l - 1);
        one[l - 1] = '\0';
        return vowelless_word(b, one);
    }
    return 0;
}

/* An abbreviation, unit symbol or Roman numeral, not a word (English).
 * - A Roman numeral of SCOWL's list (ii, iv, ix, xv, xx, xl) that its
 *   word lists hold only at size 95 or not at all (x and xi, the Greek
 *   letter, are words of its sizes 40 and 60);
 * - a word without a vowel (vowelless_word: kb, mb, lm, lx, ms, ps, cs,
 *   gs, dkl, html, lxx);
 * - SCOWL lists it as an abbreviation and not as a word, and it is no
 *   plural of a word, and either it has no vowel (ft, mph, kg, tbsp,
 *   yd) or neither WordNet in a sense of its own (in lower case, not a
 *   shortening of a word of the sense: atm is atmosphere's) nor an
 *   inflection in the Hunspell dictionary makes a word of it (etc,
 *   approx, asap, govt).  Two-letter entries with a vowel are left
 *   alone: they are the short words of word games (ab, ed, el, mo). */
static int is_abbrev(builder *b, uint32_t i, const char *w)
{
    uint16_t fl = b->cflags[i];
    if (!is_english(b->o) || !b->o->scowl_dir)
        return 0;
    if ((fl & C_ROMAN) && b->sizes && scowl_size_class(b->sizes, NULL, w) > 80)
        return 1;
    char base[FOLD_CAP];
    int vowelless = w[0] && w[1] && !norm_base(w, base, sizeof base) && !has_vowel(base);
    if (vowelless && interjection(w))
        return 0;
    if (!(fl & C_ABBREV) || (fl & C_SCOWL_WORD))
        return vowelless && !vowelless_word(b, w);
    /* the plural of a word (bros, nos, eds) */
    size_t l = strlen(w);
    char one[FOLD_CAP];
    if (l > 2 && l < sizeof one && w[l - 1] == 's') {
        memcpy(one, w, l - 1);
        one[l - 1] = '\0';
        uint32_t j = strtab_find(b->cands, one);
        if (j != STRTAB_NONE && !is_abbrev(b, j, one) &&
            (hun_either(b, one) || (b->cflags[j] & C_LIST_LOWER)))
            return 0;
    }
    if (vowelless)
        return 1;
    if (strlen(w) <= 2)
        return 0;
    return !(fl & C_DIC_FLAGS) && !(b->wn && wn_own_sense(b->wn, w));
}

static int hun_ok(Hunhandle *h, const char *w);

/* --- Oxford -ize ---------------------------------------------------------- */

/* For every -ise word of the dictionary (organise, organisation,
 * realising), its -ize spelling, when the stem Hunspell (en_US) has it:
 * that keeps out the words that are -ise in every spelling (advise,
 * exercise, surprise), which en_US does not spell with a z. */
static void add_oxford(builder *b)
{
    static const char *const ends[] = {"ise", "ised", "ises", "ising", "isation", "isations",
                                       "iser", "isers", "isable"};
    size_t n = strtab_count(b->cands);
    char z[FOLD_CAP];
    for (uint32_t i = 0; i < n; i++) {
        const char *w = strtab_str(b->cands, i);
        size_t wl = strlen(w);
        if (!(b->cflags[i] & (C_LIST_LOWER | C_DIC)) || wl + 1 >= sizeof z)
            continue;
        for (size_t k = 0; k < sizeof ends / sizeof *ends; k++) {
            size_t el = strlen(ends[k]);
            if (wl <= el + 2 || strcmp(w + wl - el, ends[k]) != 0)
                continue;
            memcpy(z, w, wl + 1);
            z[wl - el + 1] = 'z';
            if (hun_ok(b->hun, w) && hun_ok(b->stem_hun, z))
                add_cand(b, z, strlen(z), C_OXFORD);
            break;
        }
    }
}

/* --- the wider vocabulary (wider.h) ----------------------------------------- */

/* Is w a name of the lists (Paris) or of Hunspell, and not a word there?
 * WordNet's index is in lower case, names too. */
static int is_name(builder *b, uint32_t id, const char *w)
{
    char title[FOLD_CAP];
    if (id != STRTAB_NONE && (b->cflags[id] & C_LIST_CAP))
        return 1;
    return !norm_titlecase(w, title, sizeof title) && hun_either(b, title) && !hun_either(b, w);
}

/* SCOWL's sizes 55 and 60 are words ("no misspellings or invalid words",
 * says SCOWL); size 70 ("a few errors") when WordNet lists it, or when
 * Hunspell knows it or WordNet the lemma it inflects, unless it is the
 * plural of an abstract or Latin noun (refractivities, dorsums); size 80
 * (the rare words of word games) when WordNet lists it as a lemma; plurals
 * of -ness nouns never, and by WordNet alone no names (paris). */
static void wider_word(void *ctx, const char *w, int size)
{
    builder *b = ctx;
    if (wider_nesses(w))
        return;
    uint32_t id = strtab_find(b->cands, w);
    if (id != STRTAB_NONE && (b->cflags[id] & (C_LIST_LOWER | C_WIDER)))
        return;
    int ok = 1;
    if (size > 60) {
        int lemma = b->wn && wn_lemma_pos(b->wn, w) != 0;
        if (size > 70 || wider_abstract_plural(w))
            ok = lemma && !is_name(b, id, w);
        else if (lemma || wider_wordnet_knows(b->wn, w))
            ok = !is_name(b, id, w);
        else
            ok = hun_either(b, w);
    }
    if (!ok)
        return;
    add_cand(b, w, strlen(w), C_WIDER);
    b->nwider[0] += id == STRTAB_NONE;
}

struct expand_ctx {
    builder *b;
    Hunhandle *hun; /* the Hunspell of the rules */
};

/* An inflection Hunspell makes of a stem of its .dic that no list holds:
 * a word when the stem's part of speech takes it and Hunspell accepts it
 * (and the stem Hunspell too, when it knows the stem). */
static void wider_form(void *ctx, const char *form, const char *stem, wider_kind kind)
{
    struct expand_ctx *e = ctx;
    builder *b = e->b;
    for (const char *c = form; *c; c++)
        if (*c < 'a' || *c > 'z')
            return;
    if (strtab_find(b->cands, form) != STRTAB_NONE || !b->wn ||
        !wider_inflection_ok(form, stem, kind, wn_lemma_pos(b->wn, stem)) ||
        !hun_ok(e->hun, form))
        return;
    /* en_GB's flags are generous (plurals of mass nouns: balderdashes,
     * omnisciences): where the stem Hunspell (en_US) knows the stem, it
     * must accept the form too */
    if (e->hun != b->stem_hun && hun_ok(b->stem_hun, stem) && !hun_ok(b->stem_hun, form))
        return;
    add_cand(b, form, strlen(form), C_WIDER);
    b->nwider[1]++;
}

static void add_wider(builder *b)
{
    struct expand_ctx e = {b, b->hun};
    if (b->o->scowl_dir)
        wider_scowl_each(b->o->scowl_dir, b->o->wider_spellings, 55, 80, wider_word, b);
    wider_expand(b->o->aff, b->o->dic, wider_form, &e);
    if (b->o->also_aff) {
        e.hun = b->also_hun;
        wider_expand(b->o->also_aff, b->o->also_dic, wider_form, &e);
    }
}

static void add_wn_cand(void *ctx, const char *w)
{
    add_cand(ctx, w, strlen(w), C_WORDNET);
}

/* --- 2. classify -------------------------------------------------------- */

static int hun_ok(Hunhandle *h, const char *w)
{
    return Hunspell_spell(h, w) != 0;
}

/* Does the dictionary's Hunspell, or the second spelling's, accept w? */
static int hun_either(builder *b, const char *w)
{
    return hun_ok(b->hun, w) || (b->also_hun && hun_ok(b->also_hun, w));
}

/* Where nouns are capitalised (German), is this capitalised entry a name?
 * FreeDict or the English lists say so; or it is a root of the .dic whose
 * affix rules give it no form but the genitive (Berlins: names have no
 * plural); or every root whose rules make it is a name (Reinhardts). */
static int capital_name(builder *b, const char *w, int depth)
{
    int say = names_say(b->names, w);
    if (say)
        return say == NAMES_NAME;
    if (!b->forms)
        return 0;
    const char *r[8];
    size_t n = forms_roots(b->forms, w, r, 8), nnames = 0;
    for (size_t k = 0; k < n && depth == 0; k++)
        nnames += capital_name(b, r[k], 1);
    if (n)
        return nnames == n && depth == 0;
    uint32_t id = strtab_find(b->cands, w);
    if (id == STRTAB_NONE || !(b->cflags[id] & C_DIC) || forms_declined(b->forms, w))
        return 0;
    /* a compound whose last part is a noun (Steckerführung: Führung) is
     * a noun; Berlin, Namibia, Ursula end in none */
    size_t len = strlen(w);
    for (size_t k = 1; k + 3 <= len; k++) {
        if ((w[k] & 0xC0) == 0x80)
            continue;
        uint32_t j = strtab_find(b->cands, w + k);
        if (j != STRTAB_NONE && (b->cflags[j] & C_LIST_CAP) &&
            (forms_declined(b->forms, w + k) || forms_roots(b->forms, w + k, r, 1)))
            return 0;
    }
    return 1;
}

/* A capitalised entry of the list or of Hunspell that is a noun there. */
static int capital_noun(builder *b, uint32_t i, const char *w)
{
    char title[FOLD_CAP];
    if (!(b->cflags[i] & C_LIST_CAP) &&
        (norm_titlecase(w, title, sizeof title) || !hun_either(b, title)))
        return 0;
    return !capital_name(b, w, 0);
}

static void add_form(void *ctx, const char *form)
{
    add_cand(ctx, form, strlen(form), C_FORM);
}

static size_t form_roots(void *ctx, const char *w, const char **out, size_t max)
{
    builder *b = ctx;
    uint32_t id = strtab_find(b->cands, w);
    size_t n;
    if (b->fr) /* French: more roots (fr_forms.h) */
        n = fr_roots(b->fr, b->forms, w, id != STRTAB_NONE && (b->cflags[id] & C_DIC), out, max);
    else
        n = forms_roots(b->forms, w, out, max);
    if (b->adv)
        n = adverb_roots(b->adv, b->forms, w, out, n, max);
    return derive_roots(b->dv, b->forms, w, out, n, max);
}

static int cmp_words(builder *b, uint32_t x, uint32_t y, const size_t *nlet)
{
    if (nlet[x] != nlet[y])
        return nlet[x] < nlet[y] ? -1 : 1;
    return strcmp(strtab_str(b->cands, x), strtab_str(b->cands, y));
}

/* qsort has no context argument; the build runs once per process at a
 * time, so a file-scope context for the comparison is acceptable here. */
static builder *sort_b;
static const size_t *sort_nlet;

static int order_cmp(const void *x, const void *y)
{
    return cmp_words(sort_b, *(const uint32_t *)x, *(const uint32_t *)y, sort_nlet);
}

/* A name that the sources also write in lower case (pt_BR: lisboa; es:
 * barcelona): see dict_build_opts.list_names_lowercase. */
static int lower_name(builder *b, uint16_t fl, const char *w)
{
    int mode = b->o->list_names_lowercase;
    if (!mode || (mode == LOWER_NAMES_NAMED && !(fl & C_NAMED)))
        return 0;
    return (mode == LOWER_NAMES && names_say(b->names, w) == NAMES_NAME) ||
           ((fl & (C_LIST_CAP | C_DIC_CAP)) && !hun_either(b, w));
}

static void classify(builder *b)
{
    size_t n = strtab_count(b->cands);
    char title[FOLD_CAP], base[FOLD_CAP];
    size_t *nlet = wb_calloc(n, sizeof *nlet);

    b->kind = wb_calloc(n, 1);
    b->wid = wb_malloc(n * sizeof *b->wid);
    b->order = wb_malloc(n * sizeof *b->order);
    for (uint32_t i = 0; i < n; i++) {
        const char *w = strtab_str(b->cands, i);
        uint16_t fl = b->cflags[i];
        b->wid[i] = DICT_NONE;
        if (is_abbrev(b, i, w)) {
            b->kind[i] = FMT_ABBREV;
            b->nabbrev++;
        } else if (!lower_name(b, fl, w) &&
                   ((fl & (C_LIST_LOWER | C_OXFORD | C_WIDER)) || hun_either(b, w) ||
                    (b->o->nouns_capitalised && capital_noun(b, i, w)))) {
            b->kind[i] = FMT_VALID;
            norm_base(w, base, sizeof base);
            nlet[i] = strlen(base);
            b->order[b->nwords++] = i;
        } else if ((fl & C_LIST_CAP) ||
                   (!norm_titlecase(w, title, sizeof title) && hun_either(b, title))) {
            b->kind[i] = FMT_PROPER;
            b->nproper++;
        }
        if (i % 4096 == 0)
            progress(b, "classifying forms", i, n);
    }
    progress(b, "classifying forms", n, n);
    sort_b = b;
    sort_nlet = nlet;
    qsort(b->order, b->nwords, sizeof *b->order, order_cmp);
    sort_b = NULL;
    sort_nlet = NULL;
    for (uint32_t k = 0; k < b->nwords; k++)
        b->wid[b->order[k]] = k;
    free(nlet);
}

/* --- 4. write ----------------------------------------------------------- */

static void be32(uint32_t v, unsigned char out[4])
{
    out[0] = (unsigned char)(v >> 24);
    out[1] = (unsigned char)(v >> 16);
    out[2] = (unsigned char)(v >> 8);
    out[3] = (unsigned char)v;
}

static int put_meta(store_txn *t, store_db db, const char *k, const char *v)
{
    return store_put(t, db, k, strlen(k), v, strlen(v) + 1, 0);
}

static int write_meta(builder *b, store_txn *t)
{
    store_db db;
    char num[32], when[32], *src;
    time_t now = time(NULL);
    struct tm tm;
    int rc = store_db_open(t, DB_META, 1, &db);
    if (rc)
        return rc;
    gmtime_r(&now, &tm);
    strftime(when, sizeof when, "%Y-%m-%dT%H:%M:%SZ", &tm);
    src = wb_asprintf("Hunspell %s%s%s; word list %s%s%s; WordNet %s; stems by %s; "
                      "abbreviations %s%s%s",
                      b->o->dic, b->o->also_dic ? " and " : "",
                      b->o->also_dic ? b->o->also_dic : "",
                      b->o->wordlist ? b->o->wordlist : "(none)",
                      b->o->also_wordlist ? " and " : "",
                      b->o->also_wordlist ? b->o->also_wordlist : "",
                      b->o->wordnet_dir ? b->o->wordnet_dir : "(none)",
                      b->o->stem_dic ? b->o->stem_dic : b->o->dic,
                      b->o->scowl_dir ? b->o->scowl_dir : "(none)",
                      b->o->glosses ? "; definitions " : "", b->o->glosses ? b->o->glosses : "");
    rc = put_meta(t, db, "format", DICT_FORMAT);
    if (!rc) rc = put_meta(t, db, "id", b->o->id);
    if (!rc) rc = put_meta(t, db, "language", b->o->language ? b->o->language : b->o->id);
    if (!rc) rc = put_meta(t, db, "sources", src);
    if (!rc) rc = put_meta(t, db, "built_at", when);
    snprintf(num, sizeof num, "%zu", b->nwords);
    if (!rc) rc = put_meta(t, db, "words", num);
    snprintf(num, sizeof num, "%zu", b->nproper);
    if (!rc) rc = put_meta(t, db, "proper_nouns", num);
    snprintf(num, sizeof num, "%zu", b->nabbrev);
    if (!rc) rc = put_meta(t, db, "abbreviations", num);
    snprintf(num, sizeof num, "%zu", morph_lemma_count(b->ms));
    if (!rc) rc = put_meta(t, db, "lemmas", num);
    /* candidates the wider vocabulary added (not all become words: the
     * abbreviation rule still applies) */
    char wide[64];
    snprintf(wide, sizeof wide, "scowl %zu, inflections %zu", b->nwider[0], b->nwider[1]);
    if (!rc) rc = put_meta(t, db, "wider", wide);
    if (!rc && b->sizes) rc = put_meta(t, db, "size_classes", SCOWL_SIZE_CLASSES);
    snprintf(num, sizeof num, "%zu", compound_count(b->comp));
    if (!rc && b->comp) rc = put_meta(t, db, "compounds", num);
    free(src);
    return rc;
}

/* Is `w` a valid word of the dictionary? */
static int is_valid(const builder *b, const char *w)
{
    uint32_t id = strtab_find(b->cands, w);
    return id != STRTAB_NONE && b->kind[id] == FMT_VALID;
}

/* Is list word `h` (folded) a WordNet lemma every sense of which WordNet
 * marks unfit (fuck, shit; not cock, homo, dumb, nor a word WordNet does
 * not know, such as the misspellings the list holds: hore, squa)? */
static int no_fit_sense(const builder *b, const char *h)
{
    return wn_sense_count(b->wn, h) > 0 && wn_word_unfit(b->wn, h);
}

/* The grades at which the class setting hides valid word `w` (offensive.h):
 * those of the list for the word itself, for each of its base forms `lem`
 * (sluts: slut, pissed: piss), and, in English, for a compound of a
 * listed word of four letters or more that has no sense a class may see
 * with a word of two or more (fuckup, fuckhead, bullshit; not homograph,
 * dumbbell, cocktail, lakeshore). */
static unsigned listed_grades(const builder *b, const char *w, const uint32_t *lem, size_t nlem)
{
    unsigned g = offensive_grades(b->off, w);
    for (size_t k = 0; k < nlem; k++)
        g |= offensive_grades(b->off, morph_lemma_str(b->ms, lem[k]));
    size_t len = strlen(w);
    char h[FOLD_CAP];
    for (size_t i = 4; b->wn && len >= 6 && i + 2 <= len; i++) {
        if ((w[i] & 0xC0) == 0x80)
            continue;
        memcpy(h, w, i); /* listed head, then a word */
        h[i] = '\0';
        unsigned hg = offensive_grades(b->off, h);
        if (hg && (g | hg) != g && is_valid(b, w + i) && no_fit_sense(b, h))
            g |= hg;
        unsigned tg = offensive_grades(b->off, w + len - i); /* a word, then listed */
        if (tg && (g | tg) != g && no_fit_sense(b, w + len - i)) {
            memcpy(h, w, len - i);
            h[len - i] = '\0';
            if (is_valid(b, h))
                g |= tg;
        }
    }
    return g;
}

static int write_words(builder *b, store_txn *t)
{
    store_db db;
    size_t n = strtab_count(b->cands), cap = 0;
    unsigned char *buf = NULL;
    int rc = store_db_open(t, DB_WORDS, 1, &db);
    b->unfit = wb_calloc(b->nwords / 64 + 1, 8);
    for (int g = 0; g < OFFENSIVE_NGRADES && b->off; g++)
        b->listed[g] = wb_calloc(b->nwords / 64 + 1, 8);
    for (uint32_t i = 0; i < n && !rc; i++) {
        if (!b->kind[i])
            continue;
        const uint32_t *lem = NULL, *fam = NULL, *comp = NULL;
        size_t nlem = 0, nfam = 0, ncomp = 0;
        if (b->kind[i] == FMT_VALID)
            morph_sets_of(b->ms, b->wid[i], &lem, &nlem, &fam, &nfam);
        compound_parts(b->comp, b->kind[i] == FMT_VALID ? b->wid[i] : DICT_NONE, &comp, &ncomp);
        size_t len = sizeof(fmt_word) + 4 * (nlem + nfam + ncomp);
        buf = wb_grow(buf, &cap, len, 1);
        const char *w = strtab_str(b->cands, i);
        uint8_t unfit = b->kind[i] == FMT_VALID &&
                        defs_word_unfit(b->wn, b->ms, w, lem, nlem) ? FMT_UNFIT : 0;
        b->nunfit += unfit != 0;
        if (unfit && b->wid[i] < b->nwords)
            b->unfit[b->wid[i] / 64] |= 1ull << (b->wid[i] % 64);
        if (b->off && b->kind[i] == FMT_VALID && b->wid[i] < b->nwords) {
            unsigned g = listed_grades(b, w, lem, nlem);
            for (int k = 0; k < OFFENSIVE_NGRADES; k++)
                if (g & OFFENSIVE_AT(k)) {
                    b->listed[k][b->wid[i] / 64] |= 1ull << (b->wid[i] % 64);
                    b->nlisted[k]++;
                }
        }
        fmt_word fw = {.flags = (uint8_t)(b->kind[i] | unfit), .nlem = (uint16_t)nlem,
                       .nfam = (uint16_t)nfam, .ncomp = (uint16_t)ncomp, .id = b->wid[i]};
        memcpy(buf, &fw, sizeof fw);
        if (nlem)
            memcpy(buf + sizeof fw, lem, 4 * nlem);
        if (nfam)
            memcpy(buf + sizeof fw + 4 * nlem, fam, 4 * nfam);
        if (ncomp)
            memcpy(buf + sizeof fw + 4 * (nlem + nfam), comp, 4 * ncomp);
        rc = store_put(t, db, w, strlen(w), buf, len, 0);
    }
    free(buf);
    return rc;
}

static int write_lemmas(builder *b, store_txn *t)
{
    store_db ldb, idb, mdb;
    unsigned char key[4];
    int rc = store_db_open(t, DB_LEMMAS, 1, &ldb);
    if (!rc) rc = store_db_open(t, DB_LEMMA_IDS, 1, &idb);
    if (!rc) rc = store_db_open(t, DB_MEMBERS, 1, &mdb);
    size_t n = morph_lemma_count(b->ms);
    for (uint32_t l = 0; l < n && !rc; l++) {
        const char *s = morph_lemma_str(b->ms, l);
        be32(l, key);
        rc = store_put(t, ldb, key, 4, s, strlen(s) + 1, STORE_PUT_APPEND);
        if (!rc)
            rc = store_put(t, idb, s, strlen(s), &l, 4, 0);
        const uint32_t *mem;
        size_t nmem;
        morph_members(b->ms, l, &mem, &nmem);
        if (!rc && nmem)
            rc = store_put(t, mdb, key, 4, mem, 4 * nmem, STORE_PUT_APPEND);
    }
    return rc;
}

static int write_defs(builder *b, store_txn *t)
{
    const char **ws = wb_calloc(b->nwords + 1, sizeof *ws);
    for (size_t k = 0; k < b->nwords; k++)
        ws[k] = strtab_str(b->cands, b->order[k]);
    size_t nsenses[2] = {0, 0};
    int rc = defs_write(b->wn, t, ws, b->nwords, nsenses);
    free(ws);
    store_db db;
    char v[128];
    /* what the class setting hides (classroom.h) */
    snprintf(v, sizeof v, "%zu words, %zu of %zu senses", b->nunfit, nsenses[1], nsenses[0]);
    if (!rc && b->wn) rc = store_db_open(t, DB_META, 1, &db);
    if (!rc && b->wn) rc = put_meta(t, db, "classroom", v);
    if (!rc && b->off) { /* and what the list hides (offensive.h) */
        char l[256];
        snprintf(l, sizeof l, "adult %zu, school %zu, young %zu words (%s)",
                 b->nlisted[OFFENSIVE_ADULT], b->nlisted[OFFENSIVE_SCHOOL],
                 b->nlisted[OFFENSIVE_YOUNG], offensive_source(b->off));
        rc = store_db_open(t, DB_META, 1, &db);
        if (!rc) rc = put_meta(t, db, "class_list", offensive_list_for(b->o->id, b->o->lang));
        if (!rc) rc = put_meta(t, db, "class_words", l);
    }
    return rc;
}

static int write_match(builder *b, store_txn *t)
{
    store_db db;
    size_t scap = 0, slen = 0, nbits = (b->nwords + 63) / 64;
    char *strs = NULL, base[FOLD_CAP];
    fmt_rec *recs = wb_calloc(b->nwords ? b->nwords : 1, sizeof *recs);
    uint64_t *bits = wb_calloc(26 * (nbits ? nbits : 1), sizeof *bits);
    int rc = store_db_open(t, DB_MATCH, 1, &db);

    for (uint32_t k = 0; k < b->nwords; k++) {
        const char *w = strtab_str(b->cands, b->order[k]);
        size_t wl = strlen(w);
        norm_base(w, base, sizeof base);
        fmt_rec *r = &recs[k];
        r->str = (uint32_t)slen;
        r->len = (uint8_t)strlen(base);
        r->size = scowl_size_class(b->sizes, b->wn, w);
        for (const char *c = base; *c; c++) {
            int l = *c - 'a';
            if (r->counts[l] < 255)
                r->counts[l]++;
            r->mask |= 1u << l;
            bits[(size_t)l * nbits + k / 64] |= 1ull << (k % 64);
        }
        strs = wb_grow(strs, &scap, slen + wl + 1, 1);
        memcpy(strs + slen, w, wl + 1);
        slen += wl + 1;
    }
    if (!rc) rc = store_put(t, db, "recs", 4, recs, b->nwords * sizeof *recs, 0);
    if (!rc) rc = store_put(t, db, "strs", 4, strs ? strs : "", slen, 0);
    for (int l = 0; l < 26 && !rc; l++) {
        char key[8] = "bits:a";
        key[5] = (char)('a' + l);
        rc = store_put(t, db, key, 6, bits + (size_t)l * nbits, nbits * 8, 0);
    }
    if (!rc && b->wn) /* the words a class does not see (dict_match_opt) */
        rc = store_put(t, db, "bits:unfit", 10, b->unfit, nbits * 8, 0);
    /* and the words the list hides, by grade (offensive.h) */
    for (int g = 0; g < OFFENSIVE_NGRADES && b->off && !rc; g++) {
        char key[32];
        snprintf(key, sizeof key, "bits:class:%d", g);
        rc = store_put(t, db, key, strlen(key), b->listed[g], nbits * 8, 0);
    }
    free(recs);
    free(bits);
    free(strs);
    return rc;
}

/* The trie: nodes numbered in preorder over the words sorted bytewise. */
struct trie_ctx {
    builder *b;
    store_txn *t;
    store_db db;
    uint32_t *sorted; /* word ids by folded bytes */
    uint32_t next;
    unsigned char *buf;
    size_t cap;
};

static int trie_node(struct trie_ctx *c, size_t lo, size_t hi, size_t depth,
                     uint32_t id)
{
    const char *w = strtab_str(c->b->cands, c->b->order[c->sorted[lo]]);
    fmt_trie_node node = {.word = DICT_NONE};
    size_t i = lo, nch = 0;
    uint32_t first_child = c->next;
    int rc = WB_OK;

    if (strlen(w) == depth) {
        node.word = c->sorted[lo];
        i++;
    }
    /* Count the children first so the node can be written before them. */
    for (size_t j = i; j < hi;) {
        unsigned char by = (unsigned char)strtab_str(c->b->cands, c->b->order[c->sorted[j]])[depth];
        while (j < hi && (unsigned char)strtab_str(c->b->cands, c->b->order[c->sorted[j]])[depth] == by)
            j++;
        nch++;
    }
    node.nchild = (uint16_t)nch;
    size_t len = sizeof node + 5 * nch;
    unsigned char *val = wb_malloc(len);
    memcpy(val, &node, sizeof node);
    /* Child ids are preorder: each child's id is the next free id when
     * its subtree starts, so they are assigned while recursing. */
    size_t k = 0;
    c->next = first_child;
    for (size_t j = i; j < hi && !rc; k++) {
        unsigned char by = (unsigned char)strtab_str(c->b->cands, c->b->order[c->sorted[j]])[depth];
        size_t e = j;
        while (e < hi && (unsigned char)strtab_str(c->b->cands, c->b->order[c->sorted[e]])[depth] == by)
            e++;
        uint32_t cid = c->next++;
        val[sizeof node + 5 * k] = by;
        memcpy(val + sizeof node + 5 * k + 1, &cid, 4);
        rc = trie_node(c, j, e, depth + 1, cid);
        j = e;
    }
    if (!rc) {
        unsigned char key[4];
        be32(id, key);
        rc = store_put(c->t, c->db, key, 4, val, len, 0);
    }
    free(val);
    return rc;
}

static int byte_cmp(const void *x, const void *y)
{
    uint32_t a = *(const uint32_t *)x, b = *(const uint32_t *)y;
    return strcmp(strtab_str(sort_b->cands, sort_b->order[a]),
                  strtab_str(sort_b->cands, sort_b->order[b]));
}

static int write_trie(builder *b, store_txn *t)
{
    struct trie_ctx c = {.b = b, .t = t, .next = 1};
    int rc = store_db_open(t, DB_TRIE, 1, &c.db);
    if (rc || b->nwords == 0)
        return rc;
    c.sorted = wb_malloc(b->nwords * sizeof *c.sorted);
    for (uint32_t k = 0; k < b->nwords; k++)
        c.sorted[k] = k;
    sort_b = b;
    qsort(c.sorted, b->nwords, sizeof *c.sorted, byte_cmp);
    sort_b = NULL;
    rc = trie_node(&c, 0, b->nwords, 0, 0);
    free(c.sorted);
    return rc;
}

static int trans_is_word(void *ctx, const char *w)
{
    builder *b = ctx;
    uint32_t id = strtab_find(b->cands, w);
    return id != STRTAB_NONE && b->kind[id] == FMT_VALID;
}


/* Translations (trans.h), and the languages and sources into meta;
 * FreeDict's glosses as definitions (glosses.h). */
static int write_trans(builder *b, store_txn *t)
{
    char langs[128], src[2048];
    store_db meta;
    int rc = trans_write(t, b->o->freedict_dir, b->o->translations, trans_is_word, b, langs,
                         sizeof langs, src, sizeof src);
    glosses_words gw = {b->cands, b->order, b->nwords, b->forms, trans_is_word, b};
    if (!rc && b->o->glosses)
        rc = glosses_write(t, b->o->glosses, &gw);
    if (!rc) rc = store_db_open(t, DB_META, 1, &meta);
    if (!rc) rc = put_meta(t, meta, "translations", langs);
    if (!rc) rc = put_meta(t, meta, "translation_sources", src);
    return rc;
}

static int write_all(builder *b, const char *dir)
{
    store_env *env = NULL;
    store_txn *t = NULL;
    int rc = store_env_open(dir, STORE_CREATE | STORE_NOSYNC, (size_t)2 << 30, 16, &env);
    if (rc)
        return rc;
    rc = store_txn_begin(env, 1, &t);
    if (!rc) { progress(b, "writing LMDB", 0, 6); rc = write_meta(b, t); }
    if (!rc) { progress(b, "writing LMDB", 1, 6); rc = write_words(b, t); }
    if (!rc) { progress(b, "writing LMDB", 2, 6); rc = write_lemmas(b, t); }
    if (!rc) { progress(b, "writing LMDB", 3, 6); rc = write_defs(b, t); }
    if (!rc) { progress(b, "writing LMDB", 4, 6); rc = write_match(b, t); }
    if (!rc) { progress(b, "writing LMDB", 5, 6); rc = write_trie(b, t); }
    if (!rc) rc = write_trans(b, t);
    if (!rc) rc = compound_write(b->comp, morph_lemma_count(b->ms), t);
    if (!rc) {
        rc = store_txn_commit(t);
        t = NULL;
    }
    store_txn_abort(t);
    if (!rc)
        rc = store_env_sync(env);
    store_env_close(env);
    if (!rc)
        progress(b, "writing LMDB", 6, 6);
    return rc;
}

/* --- driver ------------------------------------------------------------- */

static int rm_env_dir(const char *dir)
{
    char p[4096];
    snprintf(p, sizeof p, "%s/data.mdb", dir);
    unlink(p);
    snprintf(p, sizeof p, "%s/lock.mdb", dir);
    unlink(p);
    return rmdir(dir) == 0 || errno == ENOENT ? WB_OK : WB_EIO;
}

/* Take the build lock of dictionary `id` (DATA_DIR/dict/<id>.lock, an
 * exclusive flock, waiting for a build that holds it): one build at a
 * time writes a dictionary, whichever process runs it; the kernel lets
 * go of the lock when its holder dies, however it dies.  The descriptor,
 * or -1. */
static int take_lock(builder *b, const char *dict_dir, const char *id)
{
    char p[4096];
    if (snprintf(p, sizeof p, "%s/%s.lock", dict_dir, id) >= (int)sizeof p)
        return -1;
    int fd = open(p, O_RDWR | O_CREAT | O_CLOEXEC, 0644);
    if (fd < 0)
        return -1;
    int r = flock(fd, LOCK_EX | LOCK_NB);
    if (r != 0 && errno == EWOULDBLOCK) {
        progress(b, "waiting for another build of it", 0, 0);
        while ((r = flock(fd, LOCK_EX)) != 0 && errno == EINTR)
            ;
    }
    if (r == 0)
        return fd;
    close(fd);
    return -1;
}

/* Remove what builds of `id` that did not finish left in `dict_dir`: their
 * temporary directories (<id>.tmp.XXXXXX, and an older version's <id>.tmp)
 * and a dictionary moved aside (<id>.old).  Only with the lock held: then
 * no build is writing them. */
static void rm_leftovers(const char *dict_dir, const char *id)
{
    DIR *d = opendir(dict_dir);
    if (!d)
        return;
    size_t n = strlen(id);
    struct dirent *e;
    while ((e = readdir(d))) {
        const char *rest = e->d_name + n;
        if (strncmp(e->d_name, id, n) != 0 ||
            (strcmp(rest, ".tmp") && strncmp(rest, ".tmp.", 5) && strcmp(rest, ".old")))
            continue;
        char p[4096];
        if (snprintf(p, sizeof p, "%s/%s", dict_dir, e->d_name) < (int)sizeof p)
            rm_env_dir(p);
    }
    closedir(d);
}

/* The finished build `tmp` becomes dictionary `dir` in one rename: a
 * reader finds the old dictionary or the new one, whole, and a kill at
 * any moment leaves one of them (never half of one, never none where one
 * was).  An existing `dir` is exchanged with `tmp` (renameat2's
 * RENAME_EXCHANGE), then removed; where the file system cannot exchange,
 * it is moved aside first (a kill between the two renames leaves no
 * dictionary, which the next start builds). */
static int publish(const char *tmp, const char *dir, const char *old)
{
    if (rename(tmp, dir) == 0)
        return WB_OK;
    if (errno != ENOTEMPTY && errno != EEXIST)
        return WB_EIO;
    if (renameat2(AT_FDCWD, tmp, AT_FDCWD, dir, RENAME_EXCHANGE) == 0) {
        rm_env_dir(tmp); /* the old dictionary, under the temporary name */
        return WB_OK;
    }
    if (errno != EINVAL && errno != ENOSYS)
        return WB_EIO;
    rm_env_dir(old);
    if (rename(dir, old) != 0 || rename(tmp, dir) != 0)
        return WB_EIO;
    rm_env_dir(old);
    return WB_OK;
}

/* Make the rename that published a dictionary durable. */
static void sync_dir(const char *path)
{
    int fd = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (fd >= 0) {
        fsync(fd);
        close(fd);
    }
}

int dict_build(const char *data_dir, const dict_build_opts *o)
{
    builder b = {.o = o};
    char dict_dir[4096], dir[4096], tmp[4096], old[4096];
    int rc = WB_OK, lock = -1;

    if (!o->id || !*o->id || strchr(o->id, '/') || o->id[0] == '.')
        return WB_EINVAL;
    if (!file_exists(o->aff) || !file_exists(o->dic) ||
        (o->wordlist && !file_exists(o->wordlist)) ||
        (o->also_aff && (!file_exists(o->also_aff) || !file_exists(o->also_dic))) ||
        (o->also_wordlist && !file_exists(o->also_wordlist)) ||
        (o->stem_aff && (!file_exists(o->stem_aff) || !file_exists(o->stem_dic))))
        return WB_EDATA;
    snprintf(dict_dir, sizeof dict_dir, "%s/dict", data_dir);
    if ((rc = wb_mkdirs(dict_dir)))
        return rc;
    snprintf(dir, sizeof dir, "%s/dict/%s", data_dir, o->id);
    snprintf(old, sizeof old, "%s/dict/%s.old", data_dir, o->id);
    tmp[0] = '\0';

    if ((lock = take_lock(&b, dict_dir, o->id)) < 0)
        return WB_EIO;
    /* Another build finished it while this one waited for the lock. */
    if (o->if_missing && dict_build_exists(data_dir, o->id)) {
        close(lock);
        return WB_OK;
    }
    rm_leftovers(dict_dir, o->id);

    progress(&b, "reading sources", 0, 4);
    b.hun = Hunspell_create(o->aff, o->dic);
    /* one Hunspell when the stems come from the dictionary's own */
    b.stem_hun = o->stem_aff && (strcmp(o->stem_aff, o->aff) || strcmp(o->stem_dic, o->dic))
                     ? Hunspell_create(o->stem_aff, o->stem_dic)
                     : b.hun;
    if (o->also_aff)
        b.also_hun = o->stem_aff && !strcmp(o->also_aff, o->stem_aff) &&
                             !strcmp(o->also_dic, o->stem_dic)
                         ? b.stem_hun
                         : Hunspell_create(o->also_aff, o->also_dic);
    if (!b.hun || !b.stem_hun || (o->also_aff && !b.also_hun)) {
        rc = WB_EDATA;
        goto out;
    }
    if (offensive_list_for(o->id, o->lang))
        b.off = offensive_load(offensive_list_for(o->id, o->lang));
    if (o->wordnet_dir && (rc = wn_load(o->wordnet_dir, &b.wn)))
        goto out;
    progress(&b, "reading sources", 1, 4);
    b.cands = strtab_create();
    if (o->wordlist && (rc = read_lines(&b, o->wordlist, 0)))
        goto out;
    progress(&b, "reading sources", 2, 4);
    if ((rc = read_lines(&b, o->dic, 1)))
        goto out;
    if (o->also_wordlist && (rc = read_lines(&b, o->also_wordlist, 0)))
        goto out;
    if (o->also_dic && (rc = read_lines(&b, o->also_dic, 1)))
        goto out;
    for (const char *s = o->name_candidates; s && *s && !rc;) {
        char path[4096];
        size_t l = strcspn(s, ",");
        if (l > 0 && l < sizeof path) {
            memcpy(path, s, l);
            path[l] = '\0';
            rc = read_lines(&b, path, 2);
        }
        s += l + (s[l] == ',');
    }
    if (rc)
        goto out;
    if (o->name_translations)
        names_translated(o->name_translations, add_name, &b);
    progress(&b, "reading sources", 3, 4);
    if (b.wn)
        wn_each_word(b.wn, add_wn_cand, &b);
    if (o->oxford_ize)
        add_oxford(&b);
    if (o->wider_spellings)
        add_wider(&b);
    scowl_each_listed(o->scowl_dir, scowl_listed, &b);
    b.sizes = scowl_sizes_load(o);
    if (o->nouns_capitalised || o->list_names_lowercase)
        b.names = names_load(o->names_freedict, o->names_lists);
    if (!is_english(o) && (b.forms = forms_build(o)) && o->expand_forms)
        forms_each(b.forms, add_form, &b);
    if (b.forms && !strcmp(o->lang ? o->lang : "", "fr"))
        b.fr = fr_forms_load(o->dic, o->wordlist);
    if (b.forms)
        b.adv = adverbs_create(o->lang);
    if (b.forms)
        b.dv = derive_create(o->lang, o->glosses, o->derive_wordnet);
    progress(&b, "reading sources", 4, 4);

    classify(&b);

    morph_input mi = {
        .hun = b.hun, .stem_hun = b.stem_hun, .wn = b.wn, .nwords = b.nwords,
        .progress = o->progress, .progress_ctx = o->progress_ctx,
    };
    const char **words = wb_malloc((b.nwords + 1) * sizeof *words);
    uint8_t *root = wb_malloc(b.nwords + 1);
    for (size_t k = 0; k < b.nwords; k++) {
        words[k] = strtab_str(b.cands, b.order[k]);
        root[k] = (b.cflags[b.order[k]] & C_DIC) != 0;
    }
    mi.words = words;
    mi.dic_root = root;
    mi.english = is_english(o);
    if (b.forms) {
        mi.roots = form_roots;
        mi.roots_ctx = &b;
    }
    const char **surf = NULL;
    if (b.nsurface) {
        surf = wb_calloc(b.nwords + 1, sizeof *surf);
        for (size_t k = 0; k < b.nwords; k++)
            surf[k] = b.order[k] < b.nsurface ? b.surface[b.order[k]] : NULL;
        mi.surface = surf;
    }
    b.ms = morph_build(&mi);
    for (size_t k = 0; k < b.nwords; k++) /* reused: COMPOUND_CAP, COMPOUND_LOW */
        root[k] = (uint8_t)((b.cflags[b.order[k]] / C_CAP) & 3);
    compound_input ci = {.lang = o->lang, .aff = o->aff, .dic = o->dic, .words = words,
                         .cased = root, .nwords = b.nwords, .cands = b.cands, .wid = b.wid,
                         .ms = b.ms};
    b.comp = compound_build(&ci);
    free(surf);
    free(words);
    free(root);

    /* A temporary directory of this build's own, renamed into place when
     * whole (a kill before leaves it for the next build to remove). */
    snprintf(tmp, sizeof tmp, "%s/dict/%s.tmp.XXXXXX", data_dir, o->id);
    if (!mkdtemp(tmp)) {
        tmp[0] = '\0';
        rc = WB_EIO;
        goto out;
    }
    if ((rc = write_all(&b, tmp)))
        goto out;
    if ((rc = publish(tmp, dir, old)))
        goto out;
    sync_dir(dict_dir);

out:
    if (rc && tmp[0])
        rm_env_dir(tmp);
    if (lock >= 0)
        close(lock);
    morph_free(b.ms);
    compound_free(b.comp);
    forms_free(b.forms);
    fr_forms_free(b.fr);
    adverbs_free(b.adv);
    derive_free(b.dv);
    names_free(b.names);
    scowl_sizes_free(b.sizes);
    if (b.also_hun && b.also_hun != b.stem_hun && b.also_hun != b.hun)
        Hunspell_destroy(b.also_hun);
    if (b.stem_hun && b.stem_hun != b.hun)
        Hunspell_destroy(b.stem_hun);
    if (b.hun)
        Hunspell_destroy(b.hun);
    wn_free(b.wn);
    strtab_destroy(b.cands);
    for (size_t i = 0; i < b.nsurface; i++)
        free(b.surface[i]);
    free(b.surface);
    free(b.cflags);
    free(b.unfit);
    for (int g = 0; g < OFFENSIVE_NGRADES; g++)
        free(b.listed[g]);
    offensive_free(b.off);
    free(b.kind);
    free(b.wid);
    free(b.order);
    return rc;
}
