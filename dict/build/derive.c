/*
 * derive.c - derivatives by affixes confirmed by English glosses (see
 * derive.h).
 */
#include "derive.h"

#include <ctype.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "affix.h"
#include "dict.h"
#include "freedict.h"
#include "normalise.h"
#include "strtab.h"
#include "wb_mem.h"
#include "wordnet.h"

#define DV_CAP 256
#define DV_GLOSS_MAX 48 /* English words kept of a head */
#define DV_TR_WORDS 3   /* a translation of more words is a description */
#define DV_FAM_MAX 40

/* The productive affixes of a language: suffixes with the endings a base
 * may have in their place (the infinitive's -en, -er, -ir...), prefixes. */
typedef struct lang_affixes {
    const char *lang;
    const char *const *sfx;
    const char *const *ends;
    const char *const *pfx;
    int umlaut;   /* German: the stem's umlaut undone (Bäcker: backen) */
    int undouble; /* a doubled final consonant undone (zonnig: zon) */
} lang_affixes;

static const char *const de_sfx[] = {
    "heit", "keit", "igkeit", "ung", "lich", "bar", "er", "in", "erin", "los", "slos", "schaft",
    "ig", "chen", "lein", "isch", "ling", "nis", "tum", "haft", "voll", "artig", "sam", "ei", "erei",
    NULL};
static const char *const de_ends[] = {"", "e", "en", "n", "s", NULL};
static const char *const de_pfx[] = {"un", "ab", "an", "auf", "aus", "be", "ver", "er", "zer",
                                     "ent", "ein", "miss", "mit", "vor", "zu", "nach", NULL};
static const char *const nl_sfx[] = {"heid", "te", "ing", "lijk", "elijk", "baar", "er", "aar",
                                     "in", "es", "je", "tje", "pje", "etje", "loos", "schap",
                                     "ig", "erig", "isch", "nis", NULL};
static const char *const nl_ends[] = {"", "e", "en", "n", NULL};
static const char *const nl_pfx[] = {"on", "ver", "be", "ge", "aan", "af", "op", "uit", "mee",
                                     "ont", "her", "wan", NULL};
static const char *const fr_sfx[] = {
    "ment", "eur", "euse", "ité", "té", "esse", "age", "tion", "ation", "ion", "ier", "ière",
    "iste", "ette", "erie", "able", "ible", "isme", "eux", "ure", "ance", "ence", "ise", NULL};
static const char *const fr_ends[] = {"", "e", "er", "ir", "re", NULL};
static const char *const fr_pfx[] = {"dé", "dés", "re", "ré", "r", "in", "im", "il", "ir",
                                     "mal", "mé", "més", "dis", NULL};
static const char *const es_sfx[] = {
    "mente", "dad", "idad", "edad", "ción", "ación", "sión", "dor", "dora", "oso", "osa", "ura",
    "eza", "ero", "era", "ista", "ito", "ita", "illo", "illa", "ble", "miento", "ancia",
    "encia", "ía", "ismo", "tad", "anza", "ante", "ería", NULL};
static const char *const es_ends[] = {"", "o", "a", "e", "ar", "er", "ir", NULL};
static const char *const es_pfx[] = {"des", "in", "im", "i", "dis", "re", NULL};
static const char *const it_sfx[] = {
    "mente", "tà", "ità", "zione", "azione", "sione", "tore", "trice", "oso", "osa", "ezza",
    "ista", "ino", "ina", "etto", "etta", "mento", "bile", "iere", "eria", "ismo", "ura",
    "anza", "enza", "ante", NULL};
static const char *const it_ends[] = {"", "o", "a", "e", "are", "ere", "ire", NULL};
static const char *const it_pfx[] = {"dis", "in", "im", "i", "ri", "s", NULL};
static const char *const pt_sfx[] = {
    "mente", "dade", "idade", "ção", "ação", "são", "dor", "dora", "oso", "osa", "eza", "ista",
    "inho", "inha", "mento", "vel", "ura", "eiro", "eira", "ância", "ência", "ismo", "aria", "ante",
    NULL};
static const char *const pt_ends[] = {"", "o", "a", "e", "ar", "er", "ir", NULL};
static const char *const pt_pfx[] = {"des", "in", "im", "i", "re", NULL};

static const lang_affixes affixes[] = {
    {"de", de_sfx, de_ends, de_pfx, 1, 0}, {"nl", nl_sfx, nl_ends, nl_pfx, 0, 1},
    {"fr", fr_sfx, fr_ends, fr_pfx, 0, 1}, {"es", es_sfx, es_ends, es_pfx, 0, 0},
    {"it", it_sfx, it_ends, it_pfx, 0, 1}, {"pt", pt_sfx, pt_ends, pt_pfx, 0, 0},
    {"pt_BR", pt_sfx, pt_ends, pt_pfx, 0, 0},
};

/* English words too common to say two glosses agree. */
static const char *const stop[] = {
    "a", "an", "the", "to", "of", "be", "is", "one", "ones", "someone", "somebody", "something",
    "sth", "sb", "and", "or", "not", "no", "in", "on", "at", "for", "with", "by", "from", "up",
    "out", "off", "into", "as", "it", "its", "that", "this", "which", "who", "what", "very",
    "more", "most", "much", "many", "some", "any", "make", "get", "become", "do", "have",
    "give", "take", "put", "set", "small", "little", "big", "great", "person", "thing", "go",
    "come", "all", "so", "than", "too", "over", "down", "away", "back", "s", "oneself", "self",
    "female", "male", "sort", "type", "etc", NULL};

typedef struct vec {
    uint32_t *v;
    size_t n, cap;
} vec;

struct derive {
    const lang_affixes *ax;
    wordnet *wn;
    strtab *heads; /* folded FreeDict heads */
    vec *gl;       /* by head id: English word ids */
    size_t ngl;
    strtab *en;    /* English words */
    vec *fam;      /* by English id: its family, computed on demand */
    unsigned char *famdone;
    size_t nfam;
    strtab *bases; /* spellings handed out */
};

static void vec_add(vec *v, uint32_t x)
{
    for (size_t i = 0; i < v->n; i++)
        if (v->v[i] == x)
            return;
    v->v = wb_grow(v->v, &v->cap, v->n + 1, sizeof *v->v);
    v->v[v->n++] = x;
}

static int is_stop(const char *w)
{
    for (size_t i = 0; stop[i]; i++)
        if (!strcmp(stop[i], w))
            return 1;
    return 0;
}

/* The English words of one translation ("to drive", "little house"):
 * its words less the common ones, if it has at most DV_TR_WORDS. */
static void add_translation(derive *d, vec *g, const char *tr)
{
    char words[DV_TR_WORDS][64];
    size_t nw = 0;
    for (const char *s = tr; *s;) {
        while (*s && !isalpha((unsigned char)*s)) {
            if ((unsigned char)*s >= 0x80)
                return; /* not plain English */
            s++;
        }
        if (!*s)
            break;
        size_t l = 0;
        char w[64];
        while (isalpha((unsigned char)*s)) {
            if (l + 1 < sizeof w)
                w[l++] = (char)tolower((unsigned char)*s);
            s++;
        }
        w[l] = '\0';
        if ((unsigned char)*s >= 0x80)
            return;
        if (is_stop(w))
            continue;
        if (nw == DV_TR_WORDS)
            return;
        memcpy(words[nw++], w, l + 1);
    }
    for (size_t i = 0; i < nw && g->n < DV_GLOSS_MAX; i++)
        vec_add(g, strtab_intern(d->en, words[i]));
}

static void on_entry(void *ctx, const freedict_entry *e)
{
    derive *d = ctx;
    char w[4 * DICT_WORD_MAX + 8];
    if (e->ntr == 0 || e->geo || norm_fold(e->head, strlen(e->head), DICT_WORD_MAX, w, sizeof w))
        return;
    uint32_t id = strtab_intern(d->heads, w);
    if (id >= d->ngl) {
        size_t old = d->ngl;
        d->gl = wb_grow(d->gl, &d->ngl, (size_t)id + 1, sizeof *d->gl);
        memset(d->gl + old, 0, (d->ngl - old) * sizeof *d->gl);
    }
    for (size_t i = 0; i < e->ntr; i++)
        add_translation(d, &d->gl[id], e->tr[i]);
}

derive *derive_create(const char *lang, const char *freedict_base, const char *wordnet_dir)
{
    const lang_affixes *ax = NULL;
    for (size_t i = 0; lang && i < sizeof affixes / sizeof *affixes; i++)
        if (!strcmp(affixes[i].lang, lang))
            ax = &affixes[i];
    if (!ax || !freedict_base || !wordnet_dir)
        return NULL;
    freedict *fd = freedict_open(freedict_base);
    if (!fd)
        return NULL;
    derive *d = wb_calloc(1, sizeof *d);
    d->ax = ax;
    if (wn_load(wordnet_dir, &d->wn)) {
        freedict_close(fd);
        free(d);
        return NULL;
    }
    d->heads = strtab_create();
    d->en = strtab_create();
    d->bases = strtab_create();
    freedict_each(fd, on_entry, d);
    freedict_close(fd);
    return d;
}

void derive_free(derive *d)
{
    if (!d)
        return;
    for (size_t i = 0; i < d->ngl; i++)
        free(d->gl[i].v);
    for (size_t i = 0; i < d->nfam; i++)
        free(d->fam[i].v);
    free(d->gl);
    free(d->fam);
    free(d->famdone);
    strtab_destroy(d->heads);
    strtab_destroy(d->en);
    strtab_destroy(d->bases);
    wn_free(d->wn);
    free(d);
}

static int en_is_word(void *ctx, const char *s)
{
    return wn_lemma_pos(ctx, s) != 0;
}

/* English word e and the words one step of the English rule away. */
static const vec *family(derive *d, uint32_t e)
{
    if (e >= d->nfam) {
        size_t old = d->nfam, cap = d->nfam;
        d->fam = wb_grow(d->fam, &cap, (size_t)e + 1, sizeof *d->fam);
        d->famdone = wb_realloc(d->famdone, cap);
        memset(d->fam + old, 0, (cap - old) * sizeof *d->fam);
        memset(d->famdone + old, 0, cap - old);
        d->nfam = cap;
    }
    vec *v = &d->fam[e];
    if (d->famdone[e])
        return v;
    d->famdone[e] = 1;
    vec_add(v, e);
    const char *w = strtab_str(d->en, e);
    const char *r[DV_FAM_MAX];
    size_t n = wn_links(d->wn, w, r, DV_FAM_MAX);
    for (size_t i = 0; i < n && i < DV_FAM_MAX; i++)
        vec_add(v, strtab_intern(d->en, r[i]));
    n = wn_exc(d->wn, w, r, DV_FAM_MAX);
    for (size_t i = 0; i < n && i < DV_FAM_MAX; i++)
        vec_add(v, strtab_intern(d->en, r[i]));
    /* an English form's lemma (building: build, friends: friend) */
    for (size_t i = 0; i < wn_ndetach; i++) {
        char base[AFFIX_WORD];
        if (wn_detach_apply(&wn_detach_rules[i], w, 3, base, sizeof base) &&
            (wn_lemma_pos(d->wn, base) & wn_detach_rules[i].pos))
            vec_add(v, strtab_intern(d->en, base));
    }
    if (strlen(w) + 8 < AFFIX_WORD) {
        char out[AFFIX_MAX][AFFIX_WORD];
        affix_env env = {d->wn, en_is_word, NULL, NULL, d->wn};
        n = affix_bases(&env, w, out, NULL, AFFIX_MAX);
        for (size_t i = 0; i < n; i++)
            vec_add(v, strtab_intern(d->en, out[i]));
    }
    return v;
}

static const vec *glosses_of(const derive *d, const char *w)
{
    uint32_t id = strtab_find(d->heads, w);
    return id == STRTAB_NONE || id >= d->ngl || !d->gl[id].n ? NULL : &d->gl[id];
}

static int related_glosses(derive *d, const vec *a, const vec *b)
{
    /* every family first: computing one may move the others */
    for (size_t i = 0; i < a->n; i++)
        family(d, a->v[i]);
    for (size_t j = 0; j < b->n; j++)
        family(d, b->v[j]);
    for (size_t i = 0; i < a->n; i++) {
        const vec *fa = &d->fam[a->v[i]];
        for (size_t j = 0; j < b->n; j++) {
            if (a->v[i] == b->v[j])
                return 1;
            const vec *fb = &d->fam[b->v[j]];
            for (size_t x = 0; x < fa->n; x++)
                for (size_t y = 0; y < fb->n; y++)
                    if (fa->v[x] == fb->v[y])
                        return 1;
        }
    }
    return 0;
}

int derive_glosses_related(derive *d, const char *a, const char *b)
{
    const vec *ga = d ? glosses_of(d, a) : NULL, *gb = d ? glosses_of(d, b) : NULL;
    return ga && gb && related_glosses(d, ga, gb);
}

static size_t letters(const char *s)
{
    size_t n = 0;
    for (; *s; s++)
        n += ((unsigned char)*s & 0xC0) != 0x80;
    return n;
}

/* Base b of derivative x (glosses gx): b itself if glossed, else its
 * roots by the rules; those whose glosses agree, with their roots, into
 * out. */
static size_t try_base(derive *d, const lang_forms *f, const char *x, const vec *gx,
                       const char *b, const char **out, size_t n, size_t max)
{
    if (letters(b) < 3 || !strcmp(b, x))
        return n;
    const char *cand[9];
    size_t nc = 0;
    cand[nc++] = b;
    /* a base FreeDict does not gloss by its lemmas (lees: lezen) */
    if (!glosses_of(d, b))
        nc += forms_roots(f, b, cand + nc, 8);
    for (size_t i = 0; i < nc; i++) {
        const vec *gb = glosses_of(d, cand[i]);
        if (!gb || !strcmp(cand[i], x) || !related_glosses(d, gx, gb))
            continue;
        /* the base alone, not its roots: spinnen (spin) is also the
         * plural of Spinne (spider), and Spinnerei is spinnen's */
        n = forms_add_root(strtab_str(d->bases, strtab_intern(d->bases, cand[i])), out, n, max);
    }
    return n;
}

/* The umlaut of the stem's last vowel undone: häus -> haus, bäck -> back. */
static int de_umlaut(const char *s, char *out, size_t cap)
{
    static const char *const um[][2] = {{"ä", "a"}, {"ö", "o"}, {"ü", "u"}};
    size_t l = strlen(s);
    for (size_t k = l; k-- > 0;)
        for (size_t u = 0; u < 3; u++)
            if (k + 2 <= l && !memcmp(s + k, um[u][0], 2) && l < cap) {
                memcpy(out, s, k);
                out[k] = um[u][1][0];
                memcpy(out + k + 1, s + k + 2, l - k - 2);
                out[l - 1] = '\0';
                return 1;
            }
    return 0;
}

static size_t derive_one(derive *d, const lang_forms *f, const char *x, const char **out,
                         size_t n, size_t max)
{
    const vec *gx = glosses_of(d, x);
    size_t xl = strlen(x);
    if (!gx || xl >= DV_CAP)
        return n;
    const lang_affixes *ax = d->ax;
    for (size_t i = 0; ax->sfx[i]; i++) {
        size_t sl = strlen(ax->sfx[i]);
        if (xl <= sl + 1 || strcmp(x + xl - sl, ax->sfx[i]))
            continue;
        char stems[3][DV_CAP];
        size_t ns = 0, tl = xl - sl;
        memcpy(stems[ns], x, tl);
        stems[ns++][tl] = '\0';
        if (ax->undouble && tl >= 2 && x[tl - 1] == x[tl - 2] && !strchr("aeiou", x[tl - 1])) {
            memcpy(stems[ns], x, tl - 1);
            stems[ns++][tl - 1] = '\0';
        }
        if (ax->umlaut && de_umlaut(stems[0], stems[ns], DV_CAP))
            ns++;
        for (size_t s = 0; s < ns; s++)
            for (size_t e = 0; ax->ends[e]; e++) {
                char b[DV_CAP + 8];
                size_t bl = strlen(stems[s]), el = strlen(ax->ends[e]);
                memcpy(b, stems[s], bl);
                memcpy(b + bl, ax->ends[e], el + 1);
                n = try_base(d, f, x, gx, b, out, n, max);
            }
    }
    for (size_t i = 0; ax->pfx[i]; i++) {
        size_t pl = strlen(ax->pfx[i]);
        if (xl > pl && !strncmp(x, ax->pfx[i], pl))
            n = try_base(d, f, x, gx, x + pl, out, n, max);
    }
    return n;
}

size_t derive_roots(derive *d, const lang_forms *f, const char *w, const char **out, size_t n,
                    size_t max)
{
    if (!d)
        return n;
    size_t n0 = n;
    n = derive_one(d, f, w, out, n, max);
    for (size_t i = 0; i < n0; i++)
        n = derive_one(d, f, out[i], out, n, max);
    return n;
}
