/*
 * offensive.c - the list of offensive words by grade (offensive.h): the
 * vendored table (dict/lists/offensive.tsv, embedded at build time as
 * dict_offensive_tsv) parsed into a sorted array, and the rule that turns
 * a word's cuss rating and naughty-words' listing into grades.
 */
#include "offensive.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dict.h"
#include "normalise.h"
#include "wb_mem.h"

extern const unsigned char dict_offensive_tsv[];
extern const size_t dict_offensive_tsv_len;

typedef struct off_word {
    char *w;
    unsigned grades;
} off_word;

struct offensive {
    off_word *v;
    size_t n, cap;
    size_t count[OFFENSIVE_NGRADES];
    char source[160];
};

/* The grades of a word that cuss rates `rating` (-1: cuss does not list
 * it) and naughty-words lists or not, in English or another language.
 * Outside English cuss rates ordinary words 2 (French envoyer, sauter,
 * taper, queue; Spanish polvo, yegua), so there naughty-words decides
 * every grade but young's: cuss's 2 with it is adult's, naughty-words'
 * words are school's (German and Dutch have no cuss list), and cuss's
 * words without it young's. */
static unsigned grades_of(int english, int rating, int naughty)
{
    const unsigned young = OFFENSIVE_AT(OFFENSIVE_YOUNG);
    const unsigned school = young | OFFENSIVE_AT(OFFENSIVE_SCHOOL);
    const unsigned adult = school | OFFENSIVE_AT(OFFENSIVE_ADULT);
    if (!english)
        return naughty ? (rating == 2 ? adult : school) : rating >= 1 ? young : 0;
    if (rating == 2) /* likely a profanity */
        return adult;
    if (rating == 1) /* maybe: two lists agree, or a young class */
        return naughty ? school : young;
    return naughty ? young : 0; /* naughty-words alone */
}

const char *offensive_list_for(const char *id, const char *lang)
{
    static const char *const names[] = {"en", "fr", "es", "it", "de", "nl"};
    if (!lang || strcmp(lang, "en") == 0)
        return "en";
    if (strcmp(lang, "pt") == 0 || strcmp(lang, "pt_BR") == 0) /* id pt: Portugal's */
        return id && strcmp(id, "pt_BR") == 0 ? "pt" : "pt-pt";
    for (size_t i = 0; i < sizeof names / sizeof *names; i++)
        if (strcmp(lang, names[i]) == 0)
            return names[i];
    return NULL;
}

static int by_word(const void *a, const void *b)
{
    return strcmp(((const off_word *)a)->w, ((const off_word *)b)->w);
}

/* One line "lang\tword\trating\tnaughty" of list `name` into o. */
static void add_line(offensive *o, const char *name, const char *line, size_t len)
{
    char f[4][128];
    size_t nf = 0, k = 0;
    for (size_t i = 0; i <= len && nf < 4; i++) {
        if (i == len || line[i] == '\t') {
            f[nf++][k] = '\0';
            k = 0;
        } else if (k + 1 < sizeof f[0]) {
            f[nf][k++] = line[i];
        }
    }
    if (nf != 4 || strcmp(f[0], name) != 0)
        return;
    unsigned g = grades_of(strcmp(name, "en") == 0, f[2][0] == '-' ? -1 : atoi(f[2]),
                           f[3][0] == '1');
    char w[4 * DICT_WORD_MAX + 8];
    if (!g || norm_fold(f[1], strlen(f[1]), DICT_WORD_MAX, w, sizeof w))
        return;
    o->v = wb_grow(o->v, &o->cap, o->n + 1, sizeof *o->v);
    o->v[o->n++] = (off_word){wb_strdup(w), g};
}

offensive *offensive_load(const char *name)
{
    offensive *o = wb_calloc(1, sizeof *o);
    const char *p = (const char *)dict_offensive_tsv, *end = p + dict_offensive_tsv_len;
    const char *from = strstr(p, "from cuss ");
    if (name && from) { /* "from cuss 2.2.0 (MIT) and naughty-words 1.2.0 (CC BY 4.0)" */
        char c[32] = "", nw[32] = "";
        sscanf(from, "from cuss %31s (MIT) and naughty-words %31s", c, nw);
        snprintf(o->source, sizeof o->source, "cuss %s and naughty-words %s, %s", c, nw,
                 name);
    }
    while (name && p < end) {
        const char *nl = memchr(p, '\n', (size_t)(end - p));
        size_t len = nl ? (size_t)(nl - p) : (size_t)(end - p);
        if (len && *p != '#')
            add_line(o, name, p, len);
        p += len + 1;
    }
    if (o->n)
        qsort(o->v, o->n, sizeof *o->v, by_word);
    /* a word folded twice (two spellings) keeps the strictest grades */
    size_t k = 0;
    for (size_t i = 0; i < o->n; i++) {
        if (k && strcmp(o->v[k - 1].w, o->v[i].w) == 0) {
            o->v[k - 1].grades |= o->v[i].grades;
            free(o->v[i].w);
            continue;
        }
        o->v[k++] = o->v[i];
    }
    o->n = k;
    for (size_t i = 0; i < o->n; i++)
        for (int g = 0; g < OFFENSIVE_NGRADES; g++)
            o->count[g] += (o->v[i].grades & OFFENSIVE_AT(g)) != 0;
    return o;
}

void offensive_free(offensive *o)
{
    if (!o)
        return;
    for (size_t i = 0; i < o->n; i++)
        free(o->v[i].w);
    free(o->v);
    free(o);
}

static int by_key(const void *key, const void *e)
{
    return strcmp(key, ((const off_word *)e)->w);
}

unsigned offensive_grades(const offensive *o, const char *w)
{
    const off_word *hit = o && o->n ? bsearch(w, o->v, o->n, sizeof *o->v, by_key) : NULL;
    return hit ? hit->grades : 0;
}

size_t offensive_count(const offensive *o, int grade)
{
    return o && grade >= 0 && grade < OFFENSIVE_NGRADES ? o->count[grade] : 0;
}

const char *offensive_source(const offensive *o)
{
    return o ? o->source : "";
}
