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
    "anza", "enza", "ante", "izia", NULL};
static const char *const it_ends[] = {"", "o", "a", "e", "are", "ere", "ire", NULL};
static const char *const it_pfx[] = {"dis", "in", "im", "i", "ri", "s", NULL};
static const char *const pt_sfx[] = {
    "mente", "dade", "idade", "ção", "ação", "são", "dor", "dora", "oso", "osa", "eza", "ista",
    "inho", "inha", "mento", "vel", "ura", "eiro", "eira", "ância", "ência", "ismo", "aria", "ante",
    NULL};
static const char *const pt_ends[] = {"", "o", "a", "e", "ar", "er", "ir", NULL};
static const char *const pt_pfx[] = {"des", "in", "im", "i", "re", NULL};

/* Suffixes whose base's word class the dictionary's own rules tell, taken
 * without the glosses' evidence when either word has no FreeDict gloss:
 * the derivative ends in `sfx`, the base is the rest + `end` and is
 *   DV_VERB  a verb: its gerund (cantando) is a form of it by the rules;
 *   DV_GEND  an adjective or noun of two genders: the rest + "a" is a form
 *            of it (gata: gato; libera: libero);
 *   DV_NOUN  any word the rules know, of 4 letters or more;
 *   DV_VERB_ANY  a verb, whatever the glosses say (Dutch -baar, which
 *            makes adjectives of verbs only: leesbaar "legible", lezen
 *            "read");
 *   DV_AGENT  a verb, or an infinitive the rules make no forms of
 *            (Spanish -ador, -edor, -idor: jugador: jugar, whose forms
 *            are bare words of the .dic);
 *   DV_DIM   a diminutive of two genders of a base of two genders
 *            (gattino, gattina: gatto, gatta; not mulino: mulo, which
 *            has no feminine).
 * Two glossed words are judged by their glosses alone (cereza "cherry",
 * cera "wax"). */
enum { DV_VERB = 1, DV_GEND, DV_NOUN, DV_VERB_ANY, DV_AGENT, DV_DIM };
typedef struct struct_sfx {
    const char *sfx, *end;
    int kind;
} struct_sfx;

static const struct_sfx es_struct[] = {
    {"ador", "ar", DV_AGENT}, {"adora", "ar", DV_AGENT}, {"ante", "ar", DV_VERB},
    {"anza", "ar", DV_VERB}, {"ación", "ar", DV_VERB}, {"amiento", "ar", DV_VERB},
    {"able", "ar", DV_VERB}, {"edor", "er", DV_AGENT}, {"edora", "er", DV_AGENT},
    {"imiento", "er", DV_VERB}, {"ible", "er", DV_VERB}, {"idor", "ir", DV_AGENT},
    {"idora", "ir", DV_AGENT}, {"imiento", "ir", DV_VERB}, {"ible", "ir", DV_VERB},
    {"eza", "o", DV_GEND}, {"idad", "o", DV_GEND}, {"ito", "o", DV_GEND}, {"ita", "a", DV_NOUN},
    {"ito", "o", DV_NOUN}, {"ero", "o", DV_NOUN}, {"era", "a", DV_NOUN}, {"ería", "o", DV_NOUN},
    {"ería", "a", DV_NOUN}, {"ero", "", DV_NOUN}, {"ería", "", DV_NOUN}, {"ista", "", DV_NOUN},
    {"ista", "o", DV_NOUN}, {"ista", "a", DV_NOUN}, {"able", "o", DV_GEND}, {"idad", "", DV_NOUN},
    {NULL, NULL, 0}};
static const struct_sfx it_struct[] = {
    {"atore", "are", DV_VERB}, {"atrice", "are", DV_VERB}, {"ante", "are", DV_VERB},
    {"azione", "are", DV_VERB}, {"amento", "are", DV_VERB}, {"abile", "are", DV_VERB},
    {"itore", "ire", DV_VERB}, {"itrice", "ire", DV_VERB}, {"ente", "ere", DV_VERB},
    {"ente", "ire", DV_VERB}, {"ibile", "ere", DV_VERB}, {"imento", "ire", DV_VERB},
    {"ezza", "o", DV_GEND}, {"tà", "o", DV_GEND}, {"ità", "o", DV_GEND}, {"etta", "a", DV_NOUN},
    {"etto", "o", DV_NOUN}, {"aio", "o", DV_NOUN}, {"aio", "e", DV_NOUN}, {"ista", "e", DV_NOUN},
    {"ista", "o", DV_NOUN}, {"ista", "a", DV_NOUN}, {"iere", "o", DV_NOUN}, {"eria", "o", DV_NOUN},
    {"ità", "e", DV_NOUN}, {"ino", "o", DV_DIM}, {NULL, NULL, 0}};
static const struct_sfx pt_struct[] = {
    {"ador", "ar", DV_VERB}, {"adora", "ar", DV_VERB}, {"ante", "ar", DV_VERB},
    {"ação", "ar", DV_VERB}, {"amento", "ar", DV_VERB}, {"ável", "ar", DV_VERB},
    {"edor", "er", DV_VERB}, {"imento", "er", DV_VERB}, {"ível", "er", DV_VERB},
    {"idor", "ir", DV_VERB}, {"imento", "ir", DV_VERB}, {"eza", "o", DV_GEND},
    {"idade", "o", DV_GEND}, {"inho", "o", DV_GEND}, {"inha", "a", DV_NOUN},
    {"inho", "o", DV_NOUN}, {"eiro", "o", DV_NOUN}, {"eira", "a", DV_NOUN},
    {"aria", "o", DV_NOUN}, {"aria", "a", DV_NOUN}, {"eiro", "", DV_NOUN}, {"ista", "", DV_NOUN},
    {"ista", "e", DV_NOUN}, {"ista", "o", DV_NOUN}, {"ista", "a", DV_NOUN}, {NULL, NULL, 0}};
/* -tor only: -or also makes calor, bolor, andor of no calar, bolar,
 * andar; -tor's are agents (cantor, pintor) */
static const struct_sfx pt_or[] = {{"tor", "tar", DV_VERB}, {NULL, NULL, 0}};
static const struct_sfx fr_struct[] = {
    {"eur", "er", DV_VERB}, {"euse", "er", DV_VERB}, {"ement", "er", DV_VERB},
    {"ation", "er", DV_VERB}, {"age", "er", DV_VERB}, {"able", "er", DV_VERB},
    {"eable", "er", DV_VERB}, {"uction", "uire", DV_VERB}, {"esse", "e", DV_NOUN},
    {"esse", "", DV_NOUN}, {"iste", "", DV_NOUN}, {"iste", "e", DV_NOUN}, {"ier", "", DV_NOUN},
    {"ier", "e", DV_NOUN}, {"ière", "", DV_NOUN}, {"ette", "", DV_NOUN}, {"ette", "e", DV_NOUN},
    {NULL, NULL, 0}};
static const struct_sfx nl_struct[] = {
    {"baar", "en", DV_VERB_ANY}, {"heid", "", DV_NOUN}, {"elijk", "", DV_NOUN},
    {"erlijk", "", DV_NOUN}, {"loos", "", DV_NOUN}, {"in", "", DV_NOUN}, {NULL, NULL, 0}};
/* prefixes on a verb, taken the same way (deshacer, rehacer, rifare) */
static const char *const es_vpfx[] = {"des", "re", NULL};
static const char *const it_vpfx[] = {"ri", "dis", NULL};
static const char *const pt_vpfx[] = {"des", "re", NULL};
static const char *const fr_vpfx[] = {"dé", "re", "r", NULL};
static const char *const nl_vpfx[] = {"ver", "be", NULL};
/* prefixes on an adjective of two genders (incómodo, disonesto, scomodo);
 * French and Dutch: on any root of 4 letters or more (malhonnête,
 * onmogelijk) */
static const char *const es_apfx[] = {"in", "im", "des", NULL};
static const char *const it_apfx[] = {"in", "im", "dis", "s", NULL};
static const char *const pt_apfx[] = {"in", "im", "des", NULL};
static const char *const fr_apfx[] = {"mal", "dés", "in", "im", NULL};
static const char *const nl_apfx[] = {"on", NULL};
/* the gerund of an infinitive ending: the verb test */
/* the verb test: an infinitive's ending, then two forms of it (the gerund,
 * the first person plural) */
static const char *const es_ger[] = {"ar", "ando", "amos", "er", "iendo", "emos",
                                     "ir", "iendo", "imos", NULL};
static const char *const it_ger[] = {"care", "cando", "chiamo", "gare", "gando", "ghiamo",
                                     "are", "ando", "iamo", "ere", "endo", "iamo",
                                     "ire", "endo", "iamo", NULL};
static const char *const pt_ger[] = {"ar", "ando", "amos", "er", "endo", "emos",
                                     "ir", "indo", "imos", NULL};
static const char *const fr_ger[] = {"ger", "geant", "geons", "cer", "çant", "çons",
                                     "er", "ant", "ons", "aire", "aisant", "aisons",
                                     "uire", "uisant", "uisons", "ire", "isant", "isons",
                                     "enir", "enant", "enons", "rir", "rant", "rons",
                                     "ir", "issant", "issons", "re", "ant", "ons", NULL};
/* Dutch: any word in -en of 5 letters or more (lezen, spelen, also the
 * plural of spel) */
static const char *const nl_ger[] = {NULL};

typedef struct lang_struct {
    const char *lang;
    const struct_sfx *sfx, *sfx2;
    const char *const *vpfx;
    const char *const *apfx;
    const char *const *ger;
} lang_struct;

static const lang_struct structs[] = {
    {"es", es_struct, NULL, es_vpfx, es_apfx, es_ger},
    {"it", it_struct, NULL, it_vpfx, it_apfx, it_ger},
    {"pt", pt_struct, pt_or, pt_vpfx, pt_apfx, pt_ger},
    {"pt_BR", pt_struct, pt_or, pt_vpfx, pt_apfx, pt_ger},
    {"fr", fr_struct, NULL, fr_vpfx, fr_apfx, fr_ger},
    {"nl", nl_struct, NULL, nl_vpfx, nl_apfx, nl_ger},
};

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
    const lang_struct *st; /* NULL: the glosses' evidence only */
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
    for (size_t i = 0; i < sizeof structs / sizeof *structs; i++)
        if (!strcmp(structs[i].lang, lang))
            d->st = &structs[i];
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

/* Is English word c a compound of word p and another word, p first or
 * last (shoemaker: shoe, bookshop: book, apple-tree written appletree)? */
static int en_compound(const derive *d, const char *c, const char *p)
{
    size_t cl = strlen(c), pl = strlen(p);
    if (pl < 4 || cl < pl + 3)
        return 0;
    if (!strncmp(c, p, pl) && wn_lemma_pos(d->wn, c + pl))
        return 1;
    if (!strcmp(c + cl - pl, p)) {
        char head[AFFIX_WORD];
        if (cl - pl >= sizeof head)
            return 0;
        memcpy(head, c, cl - pl);
        head[cl - pl] = '\0';
        return wn_lemma_pos(d->wn, head) != 0;
    }
    return 0;
}

static int related_glosses(derive *d, const vec *a, const vec *b)
{
    for (size_t i = 0; i < a->n; i++)
        for (size_t j = 0; j < b->n; j++) {
            const char *x = strtab_str(d->en, a->v[i]), *y = strtab_str(d->en, b->v[j]);
            if (en_compound(d, x, y) || en_compound(d, y, x))
                return 1;
        }
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

/* Prefixes that say "not" (unglücklich, disonesto, spiacevole). */
static int negating(const char *pfx)
{
    static const char *const neg[] = {"un",  "in", "im",  "il", "ir", "i",  "dis",  "des",
                                      "dés", "dé", "s",   "mal", "mé", "més", "miss", "on",
                                      NULL};
    for (size_t i = 0; neg[i]; i++)
        if (!strcmp(neg[i], pfx))
            return 1;
    return 0;
}

/* Do glosses a and b hold English antonyms (piacevole "nice",
 * spiacevole "nasty")? */
static int opposite_glosses(derive *d, const vec *a, const vec *b)
{
    for (size_t i = 0; i < a->n; i++) {
        const char *x = strtab_str(d->en, a->v[i]);
        const char *ant[32];
        size_t na = wn_antonyms(d->wn, x, ant, 32);
        for (size_t j = 0; j < b->n; j++) {
            const char *y = strtab_str(d->en, b->v[j]);
            for (size_t k = 0; k < na && k < 32; k++)
                if (!strcmp(ant[k], y))
                    return 1;
        }
    }
    return 0;
}

typedef struct def_ctx {
    derive *d;
    const vec *gb;
    int found;
} def_ctx;

/* Is English word w (a token of a definition) one of gb's words, as
 * written or by its lemma (friends: friend)? */
static int def_word_in(derive *d, const char *w, const vec *gb)
{
    uint32_t id = strtab_find(d->en, w);
    for (size_t j = 0; id != STRTAB_NONE && j < gb->n; j++)
        if (gb->v[j] == id)
            return 1;
    for (size_t i = 0; i < wn_ndetach; i++) {
        char base[AFFIX_WORD];
        if (!wn_detach_apply(&wn_detach_rules[i], w, 3, base, sizeof base) ||
            (id = strtab_find(d->en, base)) == STRTAB_NONE)
            continue;
        for (size_t j = 0; j < gb->n; j++)
            if (gb->v[j] == id)
                return 1;
    }
    return 0;
}

/* Words that end a definition's genus phrase ("a small house | with a
 * single story"). */
static int ends_genus(const char *w)
{
    static const char *const end[] = {
        "act",  "process", "state", "quality", "condition", "instance", "amount", "quantity",
        "of",   "with",    "that",  "which",   "who",       "whom",     "where",  "when",
        "for",  "in",      "on",    "by",      "from",      "to",       "or",     "and",
        "as",   "at",      "into",  "than",    "especially", "usually", "used",   "having",
        "being", NULL};
    for (size_t i = 0; end[i]; i++)
        if (!strcmp(end[i], w))
            return 1;
    return 0;
}

static void on_definition(void *ctx, const char *pos, const char *text)
{
    def_ctx *c = ctx;
    if (strcmp(pos, "noun"))
        return;
    /* the genus phrase only: the words before the first preposition,
     * conjunction or punctuation (kitten "young domestic cat"; not
     * handsome "pleasing in appearance ... of form") */
    for (const char *s = text; *s && !c->found;) {
        while (*s == ' ')
            s++;
        if (*s && !isalpha((unsigned char)*s))
            return;
        char w[64];
        size_t l = 0;
        while (isalpha((unsigned char)*s)) {
            if (l + 1 < sizeof w)
                w[l++] = (char)tolower((unsigned char)*s);
            s++;
        }
        w[l] = '\0';
        if (!l || ends_genus(w))
            return;
        if (l >= 3 && !is_stop(w) && def_word_in(c->d, w, c->gb))
            c->found = 1;
    }
}

/* Does WordNet define an English word of gx, in a common sense, by a word
 * of gb (cottage "a small house ...": casinha "cottage", casa "house";
 * kitten "young domestic cat")?  The derivative's meaning built from the
 * base's, which no affix of English shows. */
static int defined_by(derive *d, const vec *gx, const vec *gb)
{
    def_ctx c = {d, gb, 0};
    for (size_t i = 0; i < gx->n && !c.found; i++)
        wn_common_glosses(d->wn, strtab_str(d->en, gx->v[i]), 4, on_definition, &c);
    return c.found;
}

/* Do the glosses of derivative x (gx) and base b (gb) agree: related by
 * the English rule, x's defined by b's, or, after a prefix that says
 * "not" (neg), opposites? */
static int glosses_agree(derive *d, const vec *gx, const vec *gb, int neg)
{
    return related_glosses(d, gx, gb) || defined_by(d, gx, gb) ||
           (neg && opposite_glosses(d, gx, gb));
}

/* Base b of derivative x (glosses gx): b itself if glossed, else its
 * roots by the rules; those whose glosses agree, with their roots, into
 * out.  neg: b follows a prefix that says "not". */
static size_t try_base(derive *d, const lang_forms *f, const char *x, const vec *gx,
                       const char *b, int neg, const char **out, size_t n, size_t max)
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
        if (!gb || !strcmp(cand[i], x) || !glosses_agree(d, gx, gb, neg))
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

static size_t stem_variants(const char *lang, const char *s, int verb, char out[4][DV_CAP + 4]);

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
        char stems[7][DV_CAP + 4];
        size_t ns = 0, tl = xl - sl;
        memcpy(stems[ns], x, tl);
        stems[ns++][tl] = '\0';
        if (ax->undouble && tl >= 2 && x[tl - 1] == x[tl - 2] && !strchr("aeiou", x[tl - 1])) {
            memcpy(stems[ns], x, tl - 1);
            stems[ns++][tl - 1] = '\0';
        }
        if (ax->umlaut && de_umlaut(stems[0], stems[ns], DV_CAP))
            ns++;
        /* the Romance spellings of the stem the structure reads too
         * (bon-dade: bom "good"; felic-idad: feliz) */
        if (d->st && strcmp(d->st->lang, "fr") && strcmp(d->st->lang, "nl")) {
            char var[4][DV_CAP + 4];
            size_t nv = stem_variants(d->st->lang, stems[0], 0, var);
            for (size_t k = 1; k < nv && ns < 7; k++)
                memcpy(stems[ns++], var[k], sizeof var[k]);
        }
        for (size_t s = 0; s < ns; s++)
            for (size_t e = 0; ax->ends[e]; e++) {
                char b[DV_CAP + 16];
                size_t bl = strlen(stems[s]), el = strlen(ax->ends[e]);
                memcpy(b, stems[s], bl);
                memcpy(b + bl, ax->ends[e], el + 1);
                n = try_base(d, f, x, gx, b, 0, out, n, max);
            }
    }
    for (size_t i = 0; ax->pfx[i]; i++) {
        size_t pl = strlen(ax->pfx[i]);
        if (xl > pl && !strncmp(x, ax->pfx[i], pl))
            n = try_base(d, f, x, gx, x + pl, negating(ax->pfx[i]), out, n, max);
    }
    return n;
}

/* Is root r among the roots the rules give form w? */
static int root_of(const lang_forms *f, const char *w, const char *r)
{
    const char *roots[16];
    size_t n = forms_roots(f, w, roots, 16);
    for (size_t i = 0; i < n; i++)
        if (!strcmp(roots[i], r))
            return 1;
    return 0;
}

/* Is folded b a root of its own, a form of another or not (casa, also
 * casar's; Italian casa, caso's; not canta, cantar's, nor entrad)? */
static int own_root(const lang_forms *f, const char *b)
{
    if (forms_is_root(f, b))
        return 1;
    /* a form of none but nouns and adjectives (Italian casa: caso) */
    static const char *const inf[] = {"ar", "er", "ir", "re", NULL};
    const char *roots[16];
    size_t n = forms_roots(f, b, roots, 16);
    for (size_t i = 0; i < n; i++) {
        size_t rl = strlen(roots[i]);
        if (!strcmp(roots[i], b))
            continue;
        for (size_t k = 0; inf[k]; k++)
            if (rl > 3 && !strcmp(roots[i] + rl - 2, inf[k]))
                return 0;
    }
    return 1;
}

/* Is folded b a verb: a form of it by the rules (cantar: cantando,
 * cantamos), or its first person plural a word of its own (jugamos, an
 * irregular verb's)? */
static int is_verb(const derive *d, const lang_forms *f, const char *b)
{
    size_t bl = strlen(b);
    if (!strcmp(d->st->lang, "nl"))
        return bl > 4 && !strcmp(b + bl - 2, "en");
    for (size_t i = 0; d->st->ger[i]; i += 3) {
        size_t el = strlen(d->st->ger[i]);
        if (bl <= el + 1 || strcmp(b + bl - el, d->st->ger[i]))
            continue;
        for (size_t k = 1; k <= 2; k++) {
            size_t gl = strlen(d->st->ger[i + k]);
            char g[DV_CAP + 16];
            if (bl + gl >= sizeof g)
                continue;
            memcpy(g, b, bl - el);
            memcpy(g + bl - el, d->st->ger[i + k], gl + 1);
            if (root_of(f, g, b) || (k == 2 && forms_known(f, g)))
                return 1;
        }
    }
    return 0;
}

/* Is folded b, in -o, an Italian adjective by its superlative (libero:
 * liberissimo; scomodo: scomodissimo; bianco: bianchissimo), which
 * Italian's .dic often holds only as a verb's form (liberare, scomodare)?
 * Nouns have none (libro, tavolo, gatto). */
static int superlative_adj(const derive *d, const lang_forms *f, const char *b)
{
    size_t bl = strlen(b);
    char g[DV_CAP + 16];
    if (strcmp(d->st->lang, "it") || bl < 4 || bl >= DV_CAP || b[bl - 1] != 'o' ||
        !forms_known(f, b))
        return 0;
    size_t tl = bl - 1;
    if (b[tl - 1] == 'i') /* vecchio: vecchissimo */
        tl--;
    /* gravissimo, mitissimo are grave's, mite's: not gravo's, mito's */
    memcpy(g, b, tl);
    memcpy(g + tl, "e", 2);
    if (forms_is_root(f, g))
        return 0;
    /* soffrissimo, finissimo: the subjunctive of soffrire, finire */
    memcpy(g + tl, "ire", 4);
    if (forms_known(f, g))
        return 0;
    if (b[tl - 1] == 'c' || b[tl - 1] == 'g') /* bianco: bianchissimo */
        g[tl++] = 'h';
    memcpy(g + tl, "issimo", 7);
    return forms_known(f, g);
}

/* Is folded b, in -o, of two genders (gato: gata; libero: liberissimo)? */
static int is_gendered(const derive *d, const lang_forms *f, const char *b)
{
    size_t bl = strlen(b);
    char g[DV_CAP + 2];
    if (bl < 2 || bl >= sizeof g || b[bl - 1] != 'o')
        return 0;
    if (superlative_adj(d, f, b))
        return 1;
    memcpy(g, b, bl);
    g[bl - 1] = 'a';
    g[bl] = '\0';
    /* Italian's rules may make the masculine of the feminine, or hold both
     * as roots (onesto, onesta) */
    return root_of(f, g, b) || root_of(f, b, g) || (forms_is_root(f, b) && forms_is_root(f, g));
}

/* A base of derivative x by structure alone (see struct_sfx). */
static size_t struct_base(derive *d, const lang_forms *f, const char *x, const char *b, int kind,
                          int neg, const char **out, size_t n, size_t max)
{
    if (letters(b) < (kind == DV_NOUN ? 4 : 3) || !strcmp(b, x) ||
        (kind != DV_VERB && kind != DV_VERB_ANY && kind != DV_AGENT && !own_root(f, b) &&
         (kind == DV_NOUN || !superlative_adj(d, f, b))))
        return n;
    /* two glossed words: their glosses decide (cereza "cherry", cera
     * "wax"; jardineiro "gardener", jardim "garden") */
    const vec *gx = glosses_of(d, x), *gb = glosses_of(d, b);
    if (kind == DV_VERB_ANY)
        kind = DV_VERB;
    else if (gx && gb && !glosses_agree(d, gx, gb, neg))
        return n;
    if (kind == DV_DIM) {
        if (!is_gendered(d, f, x))
            return n;
        kind = DV_GEND;
    }
    /* an agent's base: a verb, or an infinitive that is no other word's
     * form (the build drops one that is no word) */
    if (kind == DV_AGENT && !is_verb(d, f, b) && !own_root(f, b))
        return n;
    if (kind == DV_VERB ? !is_verb(d, f, b) : kind == DV_GEND ? !is_gendered(d, f, b) : 0)
        return n;
    return forms_add_root(strtab_str(d->bases, strtab_intern(d->bases, b)), out, n, max);
}

/* The spellings of a stem before a suffix: as written; Spanish, Italian
 * and Portuguese with its last vowel accented (jardin-ero: jardín),
 * Spanish's final c as z (felic-idad: feliz), Portuguese's final n as m
 * (jardin-eiro: jardim); French and Dutch with a doubled consonant
 * undone (maisonn-ette: maison, gentill-esse: gentil), Dutch's before a
 * verb's ending with a long vowel's second letter dropped and s, f as z,
 * v (lees-baar: lezen, eet-baar: eten; not tankeen-heid: tanken).
 * Returns how many, at most 4. */
static size_t stem_variants(const char *lang, const char *s, int verb, char out[4][DV_CAP + 4])
{
    static const char *const acc[][2] = {
        {"a", "á"}, {"e", "é"}, {"i", "í"}, {"o", "ó"}, {"u", "ú"}};
    size_t l = strlen(s), n = 0;
    if (!l || l + 3 > DV_CAP)
        return 0;
    memcpy(out[n++], s, l + 1);
    int fr = !strcmp(lang, "fr"), nl = !strcmp(lang, "nl"), pt = !strncmp(lang, "pt", 2);
    if (fr || nl) {
        /* not Dutch's: its verbs keep it (bakk-er: bakken; spell-er:
         * spellen, not spelen) */
        if (fr && l >= 3 && s[l - 1] == s[l - 2] && !strchr("aeiou", s[l - 1])) {
            memcpy(out[n], s, l - 1);
            out[n++][l - 1] = '\0';
        }
        if (nl && verb && l >= 3 && s[l - 2] == s[l - 3] && strchr("aeiou", s[l - 2]) &&
            !strchr("aeiou", s[l - 1])) {
            memcpy(out[n], s, l - 2);
            out[n][l - 2] = s[l - 1] == 's' ? 'z' : s[l - 1] == 'f' ? 'v' : s[l - 1];
            out[n++][l - 1] = '\0';
        }
        return n;
    }
    if (l >= 2 && s[l - 1] == 'c' && !strcmp(lang, "es")) {
        memcpy(out[n], s, l + 1);
        out[n++][l - 1] = 'z';
    }
    if (pt && s[l - 1] == 'n') {
        memcpy(out[n], s, l + 1);
        out[n++][l - 1] = 'm';
    }
    for (size_t k = l; k-- > 0;)
        for (size_t v = 0; v < 5; v++)
            if (s[k] == acc[v][0][0]) {
                memcpy(out[n], s, k);
                memcpy(out[n] + k, acc[v][1], 2);
                memcpy(out[n] + k + 2, s + k + 1, l - k);
                return n + 1;
            }
    return n;
}

static size_t struct_one(derive *d, const lang_forms *f, const char *x, const char **out,
                         size_t n, size_t max)
{
    size_t xl = strlen(x);
    /* a root only: its forms take its bases (cantadores: cantador) */
    if (!d->st || xl >= DV_CAP || (!own_root(f, x) && !superlative_adj(d, f, x)))
        return n;
    for (size_t t = 0; t < 2; t++)
        for (const struct_sfx *s = t ? d->st->sfx2 : d->st->sfx; s && s->sfx; s++) {
            size_t sl = strlen(s->sfx), el = strlen(s->end);
            if (xl <= sl + 2 || strcmp(x + xl - sl, s->sfx))
                continue;
            char stem[DV_CAP], var[4][DV_CAP + 4], b[DV_CAP + 16];
            memcpy(stem, x, xl - sl);
            stem[xl - sl] = '\0';
            int verb = s->kind == DV_VERB || s->kind == DV_VERB_ANY || s->kind == DV_AGENT;
            size_t nv = stem_variants(d->st->lang, stem, verb, var);
            for (size_t k = 0; k < nv; k++) {
                size_t tl = strlen(var[k]);
                memcpy(b, var[k], tl);
                memcpy(b + tl, s->end, el + 1);
                n = struct_base(d, f, x, b, s->kind, 0, out, n, max);
            }
        }
    for (size_t i = 0; d->st->vpfx[i]; i++) {
        size_t pl = strlen(d->st->vpfx[i]);
        if (xl > pl && !strncmp(x, d->st->vpfx[i], pl) && is_verb(d, f, x))
            n = struct_base(d, f, x, x + pl, DV_VERB, negating(d->st->vpfx[i]), out, n, max);
    }
    for (size_t i = 0; d->st->apfx[i]; i++) {
        size_t pl = strlen(d->st->apfx[i]);
        int any = !strcmp(d->st->lang, "fr") || !strcmp(d->st->lang, "nl");
        if (xl > pl && !strncmp(x, d->st->apfx[i], pl) && (any || is_gendered(d, f, x)))
            n = struct_base(d, f, x, x + pl, any ? DV_NOUN : DV_GEND, 1, out, n, max);
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
    n = struct_one(d, f, w, out, n, max);
    for (size_t i = 0; i < n0; i++)
        n = struct_one(d, f, out[i], out, n, max);
    return n;
}
