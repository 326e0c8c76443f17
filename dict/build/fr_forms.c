/*
 * fr_forms.c - French agreed participles, reformed spellings and adverbs
 * in -ment that the affix rules do not give (see fr_forms.h).
 */
#include "fr_forms.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dict.h"
#include "normalise.h"
#include "strtab.h"
#include "wb_mem.h"

#define FR_CAP (4 * DICT_WORD_MAX + 8)
#define FR_BASES 3

struct fr_forms {
    strtab *adverbs; /* the .dic's adverbs in -ment, folded */
    strtab *bases;   /* their adjectives as spelt by adverb_bases() */
    strtab *list;    /* the word list's words in lower case, folded */
};

/* The endings of the first group (-er) and of the second (-ir, -iss-),
 * every tense and person, and the forms whose presence in the word list
 * shows a stem is a verb's of that group (see list_verb). */
static const char *const group1[] = {
    "e", "es", "ent", "ons", "ez", "ais", "ait", "ions", "iez", "aient", "erai", "eras", "era",
    "erons", "erez", "eront", "ai", "as", "a", "âmes", "âtes", "èrent", "erais", "erait",
    "erions", "eriez", "eraient", "asse", "asses", "ât", "assions", "assiez", "assent", "ant",
    "é", "ée", "és", "ées"};
static const char *const group2[] = {
    "is", "it", "issons", "issez", "issent", "issais", "issait", "issions", "issiez",
    "issaient", "irai", "iras", "ira", "irons", "irez", "iront", "irais", "irait", "irions",
    "iriez", "iraient", "îmes", "îtes", "irent", "isse", "isses", "ît", "issant", "i", "ie",
    "ies"};
static const char *const proof1[] = {"ez", "é", "iez", "erait", "ions", "èrent"};
static const char *const proof2[] = {"issons", "issez", "issait", "irait", "i", "irent"};

static int ends_with(const char *w, size_t len, const char *end)
{
    size_t el = strlen(end);
    return len >= el && memcmp(w + len - el, end, el) == 0;
}

/* a + b into out; -1 when it does not fit */
static int join(char *out, size_t cap, const char *a, const char *b)
{
    size_t al = strlen(a), bl = strlen(b);
    if (al + bl >= cap)
        return -1;
    memcpy(out, a, al);
    memcpy(out + al, b, bl + 1);
    return 0;
}

static int infinitive(const char *r)
{
    size_t len = strlen(r);
    return len > 3 &&
           (ends_with(r, len, "er") || ends_with(r, len, "ir") || ends_with(r, len, "re"));
}

/* The spellings the adjective of the adverb w may have: w less -ment
 * (rapide, lente, vrai, absolu), less -ément + e (énorme, précise), and
 * -emment, -amment, -ûment as -ent, -ant, -u.  Returns how many. */
static size_t adverb_bases(const char *w, char out[FR_BASES][FR_CAP])
{
    static const char *const alt[][2] = {{"ément", "e"}, {"emment", "ent"}, {"amment", "ant"},
                                         {"ûment", "u"}};
    size_t len = strlen(w), n = 0;
    if (len >= FR_CAP || len < 7 || !ends_with(w, len, "ment"))
        return 0;
    snprintf(out[n++], FR_CAP, "%.*s", (int)(len - 4), w);
    for (size_t i = 0; i < sizeof alt / sizeof *alt && n < FR_BASES; i++) {
        size_t al = strlen(alt[i][0]);
        if (ends_with(w, len, alt[i][0]))
            snprintf(out[n++], FR_CAP, "%.*s%s", (int)(len - al), w, alt[i][1]);
    }
    return n;
}

/* The words of the list in lower case (folding leaves them as they are:
 * not Paris). */
static void read_list(fr_forms *fr, const char *list)
{
    FILE *f = list ? fopen(list, "r") : NULL;
    char line[1024], folded[FR_CAP];
    while (f && fgets(line, sizeof line, f)) {
        size_t wl = strcspn(line, "\r\n");
        if (wl && !norm_fold(line, wl, DICT_WORD_MAX, folded, sizeof folded) &&
            strlen(folded) == wl && memcmp(folded, line, wl) == 0)
            strtab_intern(fr->list, folded);
    }
    if (f)
        fclose(f);
}

fr_forms *fr_forms_load(const char *dic, const char *list)
{
    FILE *f = fopen(dic, "r");
    if (!f)
        return NULL;
    fr_forms *fr = wb_calloc(1, sizeof *fr);
    fr->adverbs = strtab_create();
    fr->bases = strtab_create();
    fr->list = strtab_create();
    read_list(fr, list);
    char line[1024], folded[FR_CAP], b[FR_BASES][FR_CAP];
    while (fgets(line, sizeof line, f)) {
        if (!strstr(line, "po:adv"))
            continue;
        size_t wl = strcspn(line, "/ \t\n");
        if (norm_fold(line, wl, DICT_WORD_MAX, folded, sizeof folded))
            continue;
        size_t n = adverb_bases(folded, b);
        if (n)
            strtab_intern(fr->adverbs, folded);
        for (size_t i = 0; i < n; i++)
            strtab_intern(fr->bases, b[i]);
    }
    fclose(f);
    return fr;
}

void fr_forms_free(fr_forms *fr)
{
    if (!fr)
        return;
    strtab_destroy(fr->adverbs);
    strtab_destroy(fr->bases);
    strtab_destroy(fr->list);
    free(fr);
}

/* Add the roots of `form` (all, or the infinitives only) to out. */
static size_t add_roots(const lang_forms *f, const char *form, int verbs, const char **out,
                        size_t n, size_t max)
{
    const char *r[8];
    size_t k = forms_roots(f, form, r, 8);
    for (size_t i = 0; i < k; i++)
        if (!verbs || infinitive(r[i]))
            n = forms_add_root(r[i], out, n, max);
    return n;
}

/* aberrées: aberré + es, a form of aberrer; cèderai: céderai, of céder */
static size_t verb_roots(const lang_forms *f, const char *w, const char **out, size_t max)
{
    static const char *const agree[] = {"es", "e", "s"};
    static const char *const participle[] = {"é", "i", "u", "s", "t"};
    char p[FR_CAP];
    size_t len = strlen(w), n = 0;
    if (len >= sizeof p)
        return 0;
    for (size_t i = 0; i < sizeof agree / sizeof *agree && !n; i++) {
        size_t al = strlen(agree[i]);
        if (len < al + 3 || !ends_with(w, len, agree[i]))
            continue;
        memcpy(p, w, len - al);
        p[len - al] = '\0';
        for (size_t k = 0; k < sizeof participle / sizeof *participle; k++)
            if (ends_with(p, len - al, participle[k]))
                n = add_roots(f, p, 1, out, n, max);
    }
    /* è and é are two bytes each */
    const char *e = NULL;
    for (const char *s = strstr(w, "è"); s; s = strstr(s + 2, "è"))
        e = s;
    if (e) {
        memcpy(p, w, len + 1);
        memcpy(p + (e - w), "é", 2);
        n = add_roots(f, p, 1, out, n, max);
    }
    return n;
}

/* Does the list hold at least 4 of stem + proof[] (a verb's forms)? */
static int list_verb(const fr_forms *fr, const char *stem, const char *const *proof, size_t n)
{
    char w[FR_CAP];
    int have = 0;
    for (size_t i = 0; i < n; i++)
        have += !join(w, sizeof w, stem, proof[i]) && strtab_find(fr->list, w) != STRTAB_NONE;
    return have >= 4;
}

/* The stems the first group's spelling rules may have changed (at most
 * four): plaç-ons (plac-), mange-ons (mang-), nettoi-e (nettoy-), jett-e
 * (jet-), appell-e (appel-), cèd-e (céd-), lèv-e (lev-). */
static size_t stem_spellings(const char *s, char out[4][FR_CAP])
{
    size_t len = strlen(s), n = 0;
    snprintf(out[n++], FR_CAP, "%s", s);
    if (ends_with(s, len, "ç"))
        snprintf(out[n++], FR_CAP, "%.*sc", (int)(len - 2), s);
    else if (ends_with(s, len, "ge") || ends_with(s, len, "ett") || ends_with(s, len, "ell"))
        snprintf(out[n++], FR_CAP, "%.*s", (int)(len - 1), s); /* not calla: caler */
    else if (ends_with(s, len, "i"))
        snprintf(out[n++], FR_CAP, "%.*sy", (int)(len - 1), s);
    const char *e = NULL;
    for (const char *p = strstr(s, "è"); p; p = strstr(p + 2, "è"))
        e = p;
    if (e) {
        snprintf(out[n++], FR_CAP, "%.*sé%s", (int)(e - s), s, e + 2);
        snprintf(out[n++], FR_CAP, "%.*se%s", (int)(e - s), s, e + 2);
    }
    return n;
}

/* A list word of a regular verb that neither the .dic nor its rules
 * know (amanchons: amancher): the infinitive is a list word and the list
 * holds the verb's forms. */
static size_t list_roots(const fr_forms *fr, const char *w, const char **out, size_t max)
{
    char s[FR_CAP], st[4][FR_CAP], inf[FR_CAP];
    size_t len = strlen(w), n = 0;
    for (int g = 0; g < 2; g++) {
        const char *const *ends = g ? group2 : group1;
        size_t nends = g ? sizeof group2 / sizeof *group2 : sizeof group1 / sizeof *group1;
        for (size_t i = 0; i < nends; i++) {
            size_t el = strlen(ends[i]);
            if (len < el + 3 || !ends_with(w, len, ends[i]))
                continue;
            snprintf(s, sizeof s, "%.*s", (int)(len - el), w);
            size_t ns = stem_spellings(s, st);
            for (size_t k = 0; k < ns; k++) {
                uint32_t id = join(inf, sizeof inf, st[k], g ? "ir" : "er")
                                  ? STRTAB_NONE
                                  : strtab_find(fr->list, inf);
                if (id != STRTAB_NONE && list_verb(fr, st[k], g ? proof2 : proof1, 6))
                    n = forms_add_root(strtab_str(fr->list, id), out, n, max);
            }
        }
    }
    return n;
}

size_t fr_roots(const fr_forms *fr, const lang_forms *f, const char *w, int dic_root,
                const char **out, size_t max)
{
    size_t n = forms_roots(f, w, out, max);
    if (!n && !dic_root)
        return (n = verb_roots(f, w, out, max)) ? n : list_roots(fr, w, out, max);
    char b[FR_BASES][FR_CAP];
    size_t nb = strtab_find(fr->adverbs, w) != STRTAB_NONE ? adverb_bases(w, b) : 0;
    for (size_t i = 0; i < nb; i++) {
        /* the adjective as spelt (the build keeps it if it is a word),
         * and its roots (lente: lent) */
        n = forms_add_root(strtab_str(fr->bases, strtab_find(fr->bases, b[i])), out, n, max);
        n = add_roots(f, b[i], 0, out, n, max);
    }
    return n;
}
